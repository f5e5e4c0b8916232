#!/usr/bin/env bash
# Enrol learners on the one-machine class hub: a password each (printed once) and a Unix account each.
#
#   sudo bash classroom/enrol.sh names.txt              names.txt: one lower-case name a line
#   sudo bash classroom/enrol.sh --remove aiko ben      take learners off: their servers stop, their sessions end
#
# Uses the hub's Python (see start.sh) and the class folder $BRASS_CLASS_DIR (default /srv/brass-class).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" != 0 ]; then
    echo "enrol.sh: learners' accounts are made by root (sudo)" >&2
    exit 1
fi
hub_python=$(bash classroom/hub_env.sh)
class_dir=${BRASS_CLASS_DIR:-/srv/brass-class}
mkdir -p "$class_dir" && chmod 700 "$class_dir"
if [ "${1:-}" = "--remove" ]; then
    shift
    exec "$hub_python" -m brass_nb.classroom remove "$@" "$class_dir/learners.txt" \
        --hub "http://127.0.0.1:${BRASS_CLASS_PORT:-8000}"
fi
exec "$hub_python" -m brass_nb.classroom enrol --accounts "$1" "$class_dir/learners.txt"
