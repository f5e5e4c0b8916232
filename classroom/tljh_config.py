"""The class settings for The Littlest JupyterHub, added to its own configuration (docs/teaching/classroom.md):

    sudo cp classroom/tljh_config.py /opt/tljh/config/jupyterhub_config.d/brass_nb.py && sudo tljh-config reload

The learners get what ``classroom/jupyterhub_config.py`` gives them on one machine (``tests/test_classroom_deploy.py``
checks it): the class list, a log-out within a minute of removal, and the answers service. TLJH's own spawner makes
a Unix account per learner and enforces the limits with systemd.
"""
from brass_nb.classroom.lessons import LESSONS_FOLDER
from brass_nb.classroom.scores import ANSWERS_URL_VARIABLE
from brass_nb.classroom.service import answers_url, hub_roles, hub_service

c = get_config()  # noqa: F821 (provided by JupyterHub when it reads this file)

ANSWERS_PORT, TEACHER = 8100, "teacher"

c.JupyterHub.authenticator_class = "brass_nb.classroom.hub.ClassListAuthenticator"
c.ClassListAuthenticator.class_file = "/opt/tljh/state/learners.txt"
c.Authenticator.admin_users = {TEACHER}
c.Authenticator.auth_refresh_age = 60
c.Authenticator.refresh_pre_spawn = True
c.JupyterHub.services = [hub_service(ANSWERS_PORT, "/opt/tljh/state/answers.sqlite", TEACHER)]
c.JupyterHub.load_roles = hub_roles()
c.Spawner.default_url = f"/lab/tree/{LESSONS_FOLDER}"
c.Spawner.environment.update({ANSWERS_URL_VARIABLE: answers_url(ANSWERS_PORT)})
c.Spawner.mem_limit = "1G"
c.Spawner.cpu_limit = 1.0
