"""The class settings for The Littlest JupyterHub, added to its own configuration (docs/teaching/classroom.md):

    sudo cp classroom/tljh_config.py /opt/tljh/config/jupyterhub_config.d/brass_nb.py && sudo tljh-config reload

The learners get what ``classroom/jupyterhub_config.py`` gives them on one machine (``tests/test_classroom_deploy.py``
checks it): the class list, a log-out within a minute of removal, and the answers service. TLJH's own spawner makes
a Unix account per learner and enforces the limits with systemd.
"""
import sys

from brass_nb.classroom.lessons import LESSONS_FOLDER
from brass_nb.classroom.scores import ANSWERS_URL_VARIABLE
from brass_nb.classroom.service import ANSWERS_VARIABLE, TEACHER_VARIABLE

c = get_config()  # noqa: F821 (provided by JupyterHub when it reads this file)

SERVICE, ANSWERS_PORT, TEACHER = "brass-answers", 8100, "teacher"

c.JupyterHub.authenticator_class = "brass_nb.classroom.hub.ClassListAuthenticator"
c.ClassListAuthenticator.class_file = "/opt/tljh/state/learners.txt"
c.Authenticator.admin_users = {TEACHER}
c.Authenticator.auth_refresh_age = 60
c.Authenticator.refresh_pre_spawn = True
c.JupyterHub.services = [
    {"name": SERVICE, "url": f"http://127.0.0.1:{ANSWERS_PORT}", "oauth_no_confirm": True, "display": True,
     "command": [sys.executable, "-m", "brass_nb.classroom.service"],
     "environment": {ANSWERS_VARIABLE: "/opt/tljh/state/answers.sqlite", TEACHER_VARIABLE: TEACHER}},
]
c.JupyterHub.load_roles = [
    {"name": "user", "scopes": ["self", f"access:services!service={SERVICE}"]},
    {"name": "server",
     "scopes": ["users:activity!user", "access:servers!server", f"access:services!service={SERVICE}"]},
]
c.Spawner.default_url = f"/lab/tree/{LESSONS_FOLDER}"
c.Spawner.environment.update({ANSWERS_URL_VARIABLE: f"http://127.0.0.1:{ANSWERS_PORT}/services/{SERVICE}/answers"})
c.Spawner.mem_limit = "1G"
c.Spawner.cpu_limit = 1.0
