"""No drift between the places that describe the learners' environment.

``binder/`` (what repo2docker builds the image from), ``classroom/jupyterhub_config.py`` (the one-machine hub, read
here by JupyterHub's own config loader), ``classroom/values.yaml`` (Zero to JupyterHub) and the learner settings of
``classroom/tljh_config.py`` (The Littlest JupyterHub) must agree: the image built from today's ``binder/``, the same
limits, start page, score file and lesson hand-out.
"""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from traitlets.config.loader import PyFileConfigLoader

from brass_nb.classroom.__main__ import main
from brass_nb.classroom.image import image_tag
from brass_nb.classroom.lessons import LESSONS_FOLDER, hand_out_command
from brass_nb.classroom.scores import ANSWERS_URL_VARIABLE

REPO = Path(__file__).resolve().parent.parent
CLASSROOM = REPO / "classroom"


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    """The one-machine hub's configuration, as JupyterHub reads it."""
    class_dir = tmp_path_factory.mktemp("class")
    env_dir = tmp_path_factory.mktemp("env")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("BRASS_CLASS_DIR", str(class_dir))
        patch.setenv("BRASS_CLASS_ENV_DIR", str(env_dir))
        config = PyFileConfigLoader("jupyterhub_config.py", str(CLASSROOM)).load_config()
    return SimpleNamespace(config=config, class_dir=class_dir, env_dir=env_dir)


@pytest.fixture(scope="module")
def learners() -> dict:
    """The ``singleuser`` section of the Helm values."""
    return yaml.safe_load((CLASSROOM / "values.yaml").read_text())["singleuser"]


def test_the_cluster_image_and_the_one_machine_environment_are_both_built_from_todays_binder(hub, learners):
    tag = image_tag(REPO / "binder")
    assert learners["image"]["tag"] == tag, (
        f"binder/ has changed: set singleuser.image.tag to \"{tag}\" in classroom/values.yaml and rebuild the image "
        f"(bash classroom/build_image.sh)")
    env = hub.env_dir.resolve() / f"env-{tag}"
    assert hub.config.Spawner.cmd[:2] == ["sh", "-c"]
    assert hub.config.Spawner.cmd[2].endswith(f'exec "{env}/bin/jupyterhub-singleuser" "$@"')


def test_the_image_tag_changes_with_any_file_in_binder(tmp_path):
    binder = tmp_path / "binder"
    binder.mkdir()
    for path in (REPO / "binder").iterdir():
        (binder / path.name).write_bytes(path.read_bytes())
    assert image_tag(binder) == image_tag(REPO / "binder")
    with (binder / "requirements.txt").open("a") as requirements:
        requirements.write("numpy\n")
    assert image_tag(binder) != image_tag(REPO / "binder")


def test_learners_get_the_same_limits_start_page_and_score_file_on_every_hub(hub, learners):
    spawner = hub.config.Spawner
    littlest = PyFileConfigLoader("tljh_config.py", str(CLASSROOM)).load_config().Spawner
    assert learners["memory"]["limit"] == spawner.mem_limit == littlest.mem_limit == "1G"
    assert float(learners["cpu"]["limit"]) == spawner.cpu_limit == littlest.cpu_limit == 1.0
    assert learners["defaultUrl"] == spawner.default_url == littlest.default_url == f"/lab/tree/{LESSONS_FOLDER}"
    answers = {ANSWERS_URL_VARIABLE: "http://127.0.0.1:8100/services/brass-answers/answers"}
    assert spawner.environment == littlest.environment.get_value({}) == answers
    assert learners["extraEnv"] == {ANSWERS_URL_VARIABLE: "http://hub:8181/services/brass-answers/answers"}


def test_every_hub_runs_the_same_answers_service_and_roles(hub):
    littlest = PyFileConfigLoader("tljh_config.py", str(CLASSROOM)).load_config().JupyterHub
    cluster = yaml.safe_load((CLASSROOM / "values.yaml").read_text())["hub"]
    one = hub.config.JupyterHub
    service = next(s for s in one.services if s["name"] == "brass-answers")
    assert service["command"][1:] == ["-m", "brass_nb.classroom.service"] and service["url"].startswith("http://127.")
    assert [s["name"] for s in littlest.services] == ["brass-answers"]
    assert one.load_roles[:2] == littlest.load_roles
    in_cluster = cluster["services"]["brass-answers"]
    assert in_cluster["command"][1:] == service["command"][1:] and in_cluster["url"] == "http://hub:8181"
    assert set(in_cluster["environment"]) == {*service["environment"], "BRASS_CLASS_ANSWERS_BIND"}
    assert {name: {"scopes": role["scopes"]} for name, role in cluster["loadRoles"].items()} == {
        role["name"]: {"scopes": role["scopes"]} for role in one.load_roles[:2]}
    assert cluster["service"]["extraPorts"][0]["port"] == 8181 == cluster["networkPolicy"]["ingress"][0]["ports"][0][
        "port"]
    assert "FROM ${HUB_IMAGE}" in (CLASSROOM / "hub.Dockerfile").read_text() and cluster["image"]["name"]
    assert hub.config.JupyterHub.spawner_class == "jupyterhub.spawner.LocalProcessSpawner"
    assert "allow_root" not in " ".join(hub.config.Spawner.args)
    assert oct(hub.class_dir.stat().st_mode & 0o777) == "0o700"


def test_both_hubs_hand_out_the_repositorys_notebooks_folder_with_the_same_command(hub, learners, tmp_path):
    command = learners["lifecycleHooks"]["postStart"]["exec"]["command"]
    assert command[:2] == ["sh", "-c"]
    assert command[2] == hand_out_command() == 'python -m brass_nb.classroom hand-out "$REPO_DIR/notebooks" "$HOME"'
    env = hub.config.Spawner.cmd[2].partition(" -m ")[0].strip('"').removesuffix("/bin/python")
    assert hub.config.Spawner.cmd[2].startswith(hand_out_command(f'"{env}/bin/python"', str(hub.env_dir.resolve()
                                                                                         / LESSONS_FOLDER)))
    main(["hand-out", str(REPO / "notebooks"), str(tmp_path)])     # what the server runs, as the learner
    handed_out = sorted(p.name for p in (tmp_path / LESSONS_FOLDER).iterdir())
    lessons = sorted(p.name for p in (REPO / "notebooks").iterdir() if not p.name.startswith("."))
    assert handed_out == lessons and handed_out
    assert sorted(p.name for p in (tmp_path / LESSONS_FOLDER / "ja").iterdir()) == sorted(
        p.name for p in (REPO / "notebooks" / "ja").iterdir())


def test_the_build_script_names_the_image_as_the_values_do():
    script = (CLASSROOM / "build_image.sh").read_text()
    assert 'yaml.safe_load(open("classroom/values.yaml"))["singleuser"]["image"]' in script
    assert "--target-repo-dir /srv/brass_nb" in script  # where $REPO_DIR points in the image
    assert "image-tag binder" in script


def test_the_one_machine_hub_listens_on_this_machine_only(hub):
    assert hub.config.JupyterHub.bind_url.startswith("http://127.0.0.1:")
    assert hub.config.JupyterHub.hub_ip == "127.0.0.1"
    assert hub.config.JupyterHub.authenticator_class == "brass_nb.classroom.hub.ClassListAuthenticator"
    assert hub.config.ClassListAuthenticator.class_file == str(hub.class_dir.resolve() / "learners.txt")


def test_the_cluster_names_its_admin_encrypts_and_keeps_pods_apart():
    values = yaml.safe_load((CLASSROOM / "values.yaml").read_text())
    config = values["hub"]["config"]
    assert config["JupyterHub"]["authenticator_class"] not in ("firstuseauthenticator.FirstUseAuthenticator",
                                                               "firstuse", "dummy")
    assert config["Authenticator"]["admin_users"] == ["teacher"] and config["Authenticator"]["auth_refresh_age"] == 60
    assert values["proxy"]["https"]["enabled"] is True and values["proxy"]["https"]["hosts"]
    assert values["hub"]["networkPolicy"]["enabled"] and values["proxy"]["chp"]["networkPolicy"]["enabled"]
    rules = values["singleuser"]["networkPolicy"]
    assert rules["enabled"] and rules["egressAllowRules"]["privateIPs"] is False
    assert rules["egressAllowRules"]["cloudMetadataServer"] is False
    assert rules["egress"][0]["ports"] == [{"port": 8181}]                 # only the answers service in the hub's pod
