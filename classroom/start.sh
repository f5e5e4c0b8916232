#!/usr/bin/env bash
# Start the class hub on http://127.0.0.1:${BRASS_CLASS_PORT:-8000}; Ctrl-C stops it with every learner's server.
# It runs as root, so that each learner's server runs as that learner's own Unix account:
#
#   sudo bash classroom/start.sh                       the class folder is /srv/brass-class
#   sudo BRASS_CLASS_DIR=/srv/class bash classroom/start.sh
#
# The first start installs what is missing (a few minutes): the hub's Python environment in /opt/brass-class/hub
# (unless this python3 already has brass_nb and JupyterHub), configurable-http-proxy, the learners' environment.
# Enrol learners first: see docs/teaching/classroom.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" != 0 ]; then
    echo "start.sh: the class hub runs as root (sudo), so that each learner's server runs as that learner" >&2
    exit 1
fi
hub_python=$(bash classroom/hub_env.sh)
export PATH="$(dirname "$hub_python"):$PATH"
export BRASS_CLASS_DIR=${BRASS_CLASS_DIR:-/srv/brass-class}
bash classroom/prepare.sh >/dev/null
umask 077
mkdir -p "$BRASS_CLASS_DIR"
chmod 700 "$BRASS_CLASS_DIR"
[ -e "$BRASS_CLASS_DIR/learners.txt" ] || echo "start.sh: no class list yet at $BRASS_CLASS_DIR/learners.txt" \
    "(sudo bash classroom/enrol.sh names.txt)" >&2
cd "$BRASS_CLASS_DIR"
exec "$hub_python" -m jupyterhub -f "$OLDPWD/classroom/jupyterhub_config.py"
