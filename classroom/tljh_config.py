"""The class settings for The Littlest JupyterHub, added to its own configuration (docs/teaching/classroom.md):

    sudo cp classroom/tljh_config.py /opt/tljh/config/jupyterhub_config.d/brass_nb.py && sudo tljh-config reload

The learners get what ``classroom/jupyterhub_config.py`` gives them on one machine (``tests/test_classroom_deploy.py``
checks it); TLJH's own spawner creates a Unix account per learner and enforces the limits with systemd.
"""
from brass_nb.classroom.lessons import LESSONS_FOLDER
from brass_nb.classroom.scores import SCORES_FILE, SCORES_VARIABLE

c = get_config()  # noqa: F821 (provided by JupyterHub when it reads this file)

c.JupyterHub.authenticator_class = "brass_nb.classroom.hub.ClassListAuthenticator"
c.ClassListAuthenticator.class_file = "/opt/tljh/state/learners.txt"
c.Spawner.default_url = f"/lab/tree/{LESSONS_FOLDER}"
c.Spawner.environment.update({SCORES_VARIABLE: f"~/{SCORES_FILE}"})
c.Spawner.mem_limit = "1G"
c.Spawner.cpu_limit = 1.0
