"""JupyterHub for one class on one machine: ``sudo bash classroom/start.sh`` runs it (see docs/teaching/classroom.md).

The hub runs as root so that each learner's server runs as that learner's own Unix account (JupyterHub's
LocalProcessSpawner), created by ``python -m brass_nb.classroom enrol --accounts``; no learner's server runs as root.

    $BRASS_CLASS_DIR (default /srv/brass-class, root only: 0700)
        learners.txt                      the class list (name:scrypt hash), 0600
        jupyterhub.sqlite, jupyterhub_cookie_secret, teacher_api_token, answers.sqlite
    $BRASS_CLASS_ENV_DIR (default /opt/brass-class, readable by the learners)
        env-<tag>/                        the learners' Python, built by classroom/prepare.sh from binder/ alone
        lessons/                          the lessons handed out (root's, read-only to learners)
    /home/<learner>                       each learner's own home (0700, theirs): lessons/ is their copy,
                                          .brass_nb/progress.json their own record of what they answered

Answers go to the class's answers service (brass_nb.classroom.service), which the hub starts and vouches for, and
to the learner's progress file (brass_nb.progress), which shows the learner what they have done.
The learners' settings below (environment, limits, start page, lessons) are the ones ``classroom/values.yaml`` gives
Zero to JupyterHub; ``tests/test_classroom_deploy.py`` keeps the two in step.
"""
import os
import secrets
from pathlib import Path

from brass_nb.classroom.image import image_tag
from brass_nb.classroom.lessons import LESSONS_FOLDER, hand_out_command
from brass_nb.classroom.scores import ANSWERS_URL_VARIABLE
from brass_nb.classroom.service import answers_url, hub_roles, hub_service

c = get_config()  # noqa: F821 (provided by JupyterHub when it reads this file)

REPO = Path(__file__).resolve().parent.parent
CLASS_DIR = Path(os.environ.get("BRASS_CLASS_DIR", "/srv/brass-class")).expanduser().resolve()
ENV_DIR = Path(os.environ.get("BRASS_CLASS_ENV_DIR", "/opt/brass-class")).expanduser().resolve()
PORT = int(os.environ.get("BRASS_CLASS_PORT", "8000"))
ANSWERS_PORT = int(os.environ.get("BRASS_CLASS_ANSWERS_PORT", str(PORT + 100)))
TEACHER = os.environ.get("BRASS_CLASS_TEACHER", "teacher")
LEARNER_ENV = ENV_DIR / f"env-{image_tag(REPO / 'binder')}"
LESSONS = ENV_DIR / "lessons"


def secret_file(name: str) -> Path:
    """A file of the class folder readable by the hub only, made with a new secret when missing."""
    path = CLASS_DIR / name
    if not path.exists():
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as stream:
            stream.write(secrets.token_hex(32))
    return path


# The hub's own state: in a folder only root may enter (start.sh also sets the umask to 077).
CLASS_DIR.mkdir(mode=0o700, parents=True, exist_ok=True)
CLASS_DIR.chmod(0o700)

# The hub: reachable on this machine only; a teacher puts a TLS reverse proxy in front to open it to a room.
c.JupyterHub.bind_url = f"http://127.0.0.1:{PORT}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.ConfigurableHTTPProxy.command = [str(REPO / "classroom" / "node_modules" / ".bin" / "configurable-http-proxy")]
c.JupyterHub.db_url = f"sqlite:///{CLASS_DIR / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(CLASS_DIR / "jupyterhub_cookie_secret")

# Who may log in: the learners on the class list, each with the password the teacher issued; the teacher is admin.
# A learner taken off the list is logged out within a minute (``remove`` also stops their server at once).
c.JupyterHub.authenticator_class = "brass_nb.classroom.hub.ClassListAuthenticator"
c.ClassListAuthenticator.class_file = str(CLASS_DIR / "learners.txt")
c.Authenticator.admin_users = {TEACHER}
c.Authenticator.auth_refresh_age = 60
c.Authenticator.refresh_pre_spawn = True

# The answers service, and the teacher's commands' token (``remove`` stops a learner's server through the hub).
c.JupyterHub.services = [
    hub_service(ANSWERS_PORT, str(CLASS_DIR / "answers.sqlite"), TEACHER),
    {"name": "brass-teacher", "api_token": secret_file("teacher_api_token").read_text().strip()},
]
c.JupyterHub.load_roles = [
    *hub_roles(),
    {"name": "brass-teacher", "scopes": ["admin:users", "admin:servers"], "services": ["brass-teacher"]},
]

# Each learner's server: a process of the learner's own Unix account in their own home; it first copies the lessons
# it lacks (as the learner: no link a learner planted can make root write), then serves.
c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"
c.Spawner.cmd = ["sh", "-c", hand_out_command(f'"{LEARNER_ENV}/bin/python"', str(LESSONS))
                 + f' && exec "{LEARNER_ENV}/bin/jupyterhub-singleuser" "$@"', "jupyterhub-singleuser"]
c.Spawner.default_url = f"/lab/tree/{LESSONS_FOLDER}"
c.Spawner.environment = {ANSWERS_URL_VARIABLE: answers_url(ANSWERS_PORT)}
# An idle kernel gives its memory back after half an hour; an idle server stops after two.
c.Spawner.args = ["--MappingKernelManager.cull_idle_timeout=1800", "--MappingKernelManager.cull_interval=300",
                  "--ServerApp.shutdown_no_activity_timeout=7200"]

# Per-learner limits.  Memory and CPU are enforced where the spawner can (systemd on The Littlest JupyterHub,
# Kubernetes on Zero to JupyterHub); LocalProcessSpawner only passes them on as MEM_LIMIT and CPU_LIMIT.
c.Spawner.mem_limit = "1G"
c.Spawner.cpu_limit = 1.0
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 120
# A class of thirty at 9:00 plus room for the teacher and late arrivals; starts beyond these wait or are refused.
c.JupyterHub.concurrent_spawn_limit = 40
c.JupyterHub.active_server_limit = 40
