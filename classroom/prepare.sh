#!/usr/bin/env bash
# Install what the class hub needs; run again at any time, it only does what is missing.
#
#   - brass_nb with its classroom extra (JupyterHub) for this Python, which runs the hub, when missing;
#   - configurable-http-proxy from npm into classroom/node_modules, at the version package-lock.json pins;
#   - the learners' environment, built from binder/ alone as repo2docker builds the cluster's image:
#     binder/requirements.txt, then binder/postBuild, plus the jupyterhub-singleuser that repo2docker adds.
#     Its folder is named after a digest of binder/, so changing binder/ builds a fresh one.
#
# Where: the learners' environment and the lessons handed out under $BRASS_CLASS_ENV_DIR (default /opt/brass-class),
# readable by every account; the learners' Python from $BRASS_CLASS_PYTHON (default /usr/bin/python3).  Prints the
# learners' environment's path last.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
env_dir=${BRASS_CLASS_ENV_DIR:-/opt/brass-class}
# The learners' Python must be one every account may run (not one under root's home, as pyenv's is).
learner_python=${BRASS_CLASS_PYTHON:-}
for candidate in /usr/bin/python3 /usr/local/bin/python3; do
    [ -n "$learner_python" ] || { [ -x "$candidate" ] && learner_python=$candidate; }
done
learner_python=${learner_python:-python3}
pip_quiet=(--quiet --disable-pip-version-check --progress-bar off)

if ! python -c "import brass_nb, jupyterhub, psutil" 2>/dev/null; then
    python -m pip install "${pip_quiet[@]}" -e ".[classroom]" >&2
fi
if [ ! -x classroom/node_modules/.bin/configurable-http-proxy ]; then
    npm ci --prefix classroom --no-audit --no-fund --loglevel=error >&2
fi

wanted=$(sed -n 's/^python-//p' binder/runtime.txt 2>/dev/null || true)
have=$(python -c 'import sys; print("%d.%d" % sys.version_info[:2])')
if [ -n "$wanted" ] && [ "$have" != "$wanted" ]; then
    echo "prepare.sh: binder/runtime.txt asks for Python $wanted; the learners' environment gets this one, $have" >&2
fi
env="$env_dir/env-$(python -m brass_nb.classroom image-tag binder)"
if [ ! -e "$env/.complete" ]; then
    echo "prepare.sh: building the learners' environment $env from binder/" >&2
    rm -rf "$env"
    mkdir -p "$env_dir"
    "$learner_python" -m venv "$env"
    hub_version=$(python -c "import jupyterhub; print(jupyterhub.__version__)")
    "$env/bin/python" -m pip install "${pip_quiet[@]}" -r binder/requirements.txt "jupyterhub==$hub_version" >&2
    touch "$env/.complete"
fi
# binder/postBuild installs brass_nb from the repository; here a copy (made again each time: it is today's code), so
# that learners need no access to the repository
"$env/bin/python" -m pip install "${pip_quiet[@]}" --no-deps --force-reinstall "$repo" >&2
# The lessons handed out: root's, read-only to learners, who each copy them into their own home.
rm -rf "$env_dir/lessons"
python -m brass_nb.classroom hand-out notebooks "$env_dir" >/dev/null
chmod -R a+rX,go-w "$env_dir"
echo "$env"
