"""JupyterHub for one class on one machine: ``bash classroom/start.sh`` runs it (see docs/teaching/classroom.md).

Everything the class needs lives in one folder, ``$BRASS_CLASS_DIR`` (default ``~/brass-class``):

    learners.txt      the class list, written by ``python -m brass_nb.classroom enrol``
    homes/<name>/     each learner's home: ``lessons/`` (copied from ``notebooks/``) and ``.brass_nb/scores.json``
    env-<tag>/        the learners' Python, built by ``classroom/prepare.sh`` from ``binder/`` alone
                      (in ``$BRASS_CLASS_ENV_DIR`` instead, when that is set)
    jupyterhub.sqlite, jupyterhub_cookie_secret   the hub's own state

The learners' settings below (environment, limits, start page, score file, lessons) are the ones
``classroom/values.yaml`` gives Zero to JupyterHub; ``tests/test_classroom_deploy.py`` keeps the two in step.
"""
import os
from pathlib import Path

from brass_nb.classroom.image import image_tag
from brass_nb.classroom.lessons import LESSONS_FOLDER, copy_lessons
from brass_nb.classroom.scores import SCORES_FILE, SCORES_VARIABLE

c = get_config()  # noqa: F821 (provided by JupyterHub when it reads this file)

REPO = Path(__file__).resolve().parent.parent
CLASS_DIR = Path(os.environ.get("BRASS_CLASS_DIR", "~/brass-class")).expanduser().resolve()
PORT = int(os.environ.get("BRASS_CLASS_PORT", "8000"))
TEACHER = os.environ.get("BRASS_CLASS_TEACHER", "teacher")
ENV_DIR = Path(os.environ.get("BRASS_CLASS_ENV_DIR", CLASS_DIR)).expanduser().resolve()
LEARNER_ENV = ENV_DIR / f"env-{image_tag(REPO / 'binder')}"

# The hub: reachable on this machine only; a teacher puts a TLS reverse proxy in front to open it to a room.
c.JupyterHub.bind_url = f"http://127.0.0.1:{PORT}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.ConfigurableHTTPProxy.command = [str(REPO / "classroom" / "node_modules" / ".bin" / "configurable-http-proxy")]
c.JupyterHub.db_url = f"sqlite:///{CLASS_DIR / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(CLASS_DIR / "jupyterhub_cookie_secret")

# Who may log in: the learners on the class list, each with the password the teacher issued; the teacher is admin.
c.JupyterHub.authenticator_class = "brass_nb.classroom.hub.ClassListAuthenticator"
c.ClassListAuthenticator.class_file = str(CLASS_DIR / "learners.txt")
c.Authenticator.admin_users = {TEACHER}

# Each learner's server: a process of the hub's user with its own home folder (no Unix accounts on this machine).
c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
c.SimpleLocalProcessSpawner.home_dir_template = str(CLASS_DIR / "homes" / "{username}")
c.Spawner.cmd = [str(LEARNER_ENV / "bin" / "jupyterhub-singleuser")]
c.Spawner.default_url = f"/lab/tree/{LESSONS_FOLDER}"
c.Spawner.environment = {SCORES_VARIABLE: f"~/{SCORES_FILE}"}
c.Spawner.pre_spawn_hook = lambda spawner: copy_lessons(REPO / "notebooks", Path(spawner.home_dir))
# An idle kernel gives its memory back after half an hour; an idle server stops after two.
c.Spawner.args = ["--MappingKernelManager.cull_idle_timeout=1800", "--MappingKernelManager.cull_interval=300",
                  "--ServerApp.shutdown_no_activity_timeout=7200"]
if os.geteuid() == 0:
    # without Unix accounts every server runs as the hub's user; Jupyter Server refuses root unless told
    c.Spawner.args.append("--ServerApp.allow_root=True")

# Per-learner limits.  Memory and CPU are enforced where the spawner can (systemd on The Littlest JupyterHub,
# Kubernetes on Zero to JupyterHub); SimpleLocalProcessSpawner only passes them on as MEM_LIMIT and CPU_LIMIT.
c.Spawner.mem_limit = "1G"
c.Spawner.cpu_limit = 1.0
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 120
# A class of thirty at 9:00 plus room for the teacher and late arrivals; starts beyond these wait or are refused.
c.JupyterHub.concurrent_spawn_limit = 40
c.JupyterHub.active_server_limit = 40
