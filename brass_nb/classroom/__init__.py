"""brass_nb for a class on JupyterHub: the answers service, the teacher's table of the progress kept in each
learner's home, the class list with issued passwords, and the lessons copied into each home.

    python -m brass_nb.classroom enrol names.txt class/learners.txt   # issue passwords to new learners
    python -m brass_nb.classroom collect class/homes --csv scores.csv # every learner's progress
"""
