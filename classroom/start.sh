#!/usr/bin/env bash
# Start the class hub on http://127.0.0.1:${BRASS_CLASS_PORT:-8000}; Ctrl-C stops it with every learner's server.
#
#   bash classroom/start.sh                       the class folder is ~/brass-class
#   BRASS_CLASS_DIR=/srv/class bash classroom/start.sh
#
# Enrol learners first (python -m brass_nb.classroom enrol names.txt ~/brass-class/learners.txt); the hub reads
# the class list at every login.  See docs/teaching/classroom.md.
set -euo pipefail
cd "$(dirname "$0")/.."
export BRASS_CLASS_DIR=${BRASS_CLASS_DIR:-$HOME/brass-class}
bash classroom/prepare.sh >/dev/null
mkdir -p "$BRASS_CLASS_DIR"
[ -e "$BRASS_CLASS_DIR/learners.txt" ] || echo "start.sh: no class list yet at $BRASS_CLASS_DIR/learners.txt" \
    "(python -m brass_nb.classroom enrol names.txt $BRASS_CLASS_DIR/learners.txt)" >&2
cd "$BRASS_CLASS_DIR"
exec python -m jupyterhub -f "$OLDPWD/classroom/jupyterhub_config.py"
