#!/usr/bin/env bash
# Build the images for Zero to JupyterHub, named as classroom/values.yaml names them: the learners' image with
# repo2docker, from binder/ alone, and the hub's image (the chart's, plus brass_nb for the answers service) from
# classroom/hub.Dockerfile.  Needs Docker and `pip install jupyter-repo2docker`.
#
# The repository is copied to /srv/brass_nb in the image (not the home folder, which the cluster's volume hides);
# the postStart hook in values.yaml hands the lessons out from there.
set -euo pipefail
cd "$(dirname "$0")/.."
read -r name tag < <(python -c '
import yaml
image = yaml.safe_load(open("classroom/values.yaml"))["singleuser"]["image"]
print(image["name"], image["tag"])')
built=$(python -m brass_nb.classroom image-tag binder)
if [ "$tag" != "$built" ]; then
    echo "build_image.sh: binder/ has changed: set singleuser.image.tag to \"$built\" in classroom/values.yaml" >&2
    exit 1
fi
read -r hub_name hub_tag < <(python -c '
import yaml
image = yaml.safe_load(open("classroom/values.yaml"))["hub"]["image"]
print(image["name"], image["tag"])')
docker build --file classroom/hub.Dockerfile --tag "$hub_name:$hub_tag" .
exec jupyter-repo2docker --no-run --user-name jovyan --target-repo-dir /srv/brass_nb --image-name "$name:$tag" .
