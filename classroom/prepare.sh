#!/usr/bin/env bash
# Install what the class hub needs; run again at any time, it only does what is missing.
#
#   - brass_nb with its classroom extra (JupyterHub) for this Python, which runs the hub, when missing;
#   - configurable-http-proxy from npm into classroom/node_modules, at the version package-lock.json pins;
#   - the learners' environment, built from binder/ alone as repo2docker builds the cluster's image:
#     binder/requirements.txt, then binder/postBuild, plus the jupyterhub-singleuser that repo2docker adds.
#     Its folder is named after a digest of binder/, so changing binder/ builds a fresh one.
#
# Where: $BRASS_CLASS_DIR (default ~/brass-class); the learners' environment under $BRASS_CLASS_ENV_DIR (default the
# same folder).  Prints the learners' environment's path last.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
class_dir=${BRASS_CLASS_DIR:-$HOME/brass-class}
env_dir=${BRASS_CLASS_ENV_DIR:-$class_dir}
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
    python -m venv "$env"
    hub_version=$(python -c "import jupyterhub; print(jupyterhub.__version__)")
    "$env/bin/python" -m pip install "${pip_quiet[@]}" -r binder/requirements.txt "jupyterhub==$hub_version" >&2
    (cd "$repo" && PATH="$env/bin:$PATH" VIRTUAL_ENV="$env" bash binder/postBuild >&2)
    touch "$env/.complete"
fi
echo "$env"
