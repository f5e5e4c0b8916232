#!/usr/bin/env bash
# Print the Python that runs the class hub and the teacher's commands, installing it first when missing: this
# python3 when it already has brass_nb and JupyterHub, else a virtual environment in /opt/brass-class/hub
# ($BRASS_CLASS_HUB_ENV) with brass_nb and its classroom extra from this checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
hub_python=$(command -v python3)
if ! "$hub_python" -c "import brass_nb, jupyterhub, psutil" 2>/dev/null; then
    hub_env=${BRASS_CLASS_HUB_ENV:-/opt/brass-class/hub}
    if ! "$hub_env/bin/python" -c "import brass_nb, jupyterhub, psutil" 2>/dev/null; then
        echo "hub_env.sh: installing the hub's Python environment in $hub_env" >&2
        "$hub_python" -m venv "$hub_env"
        "$hub_env/bin/python" -m pip install --quiet --disable-pip-version-check -e ".[classroom]" >&2
    fi
    hub_python=$hub_env/bin/python
fi
echo "$hub_python"
