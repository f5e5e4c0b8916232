# The class hub's image for Zero to JupyterHub: the chart's own hub image, plus brass_nb, so that the hub runs the
# class's answers service (brass_nb.classroom.service) beside itself. bash classroom/build_image.sh builds it under
# the name and tag classroom/values.yaml gives hub.image.
ARG HUB_IMAGE=quay.io/jupyterhub/k8s-hub:4.1.0
FROM ${HUB_IMAGE}
USER root
COPY pyproject.toml README.md /tmp/brass_nb/
COPY brass_nb /tmp/brass_nb/brass_nb
RUN python3 -m pip install --no-cache-dir /tmp/brass_nb && rm -rf /tmp/brass_nb
USER jovyan
