#!/usr/bin/env bash
# Install everything the tests need on a fresh machine, then run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install --quiet --disable-pip-version-check -e ".[test]"
python -m pytest -q "$@"
