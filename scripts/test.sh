#!/usr/bin/env bash
# Install everything the tests need on a fresh machine, then run every test.
#
#   - Debian's Chromium (and a Japanese font for the screenshots), when missing and we are root: the browser
#     test drives it with Playwright (Playwright's own browser downloads are not used);
#   - the package with its test extra (Voilà among it), Playwright's Python package and JupyterLab;
#   - then ruff over the whole repository, and pytest: rule tests, fuzz tests, notebooks under nbval, the
#     real-browser tests (the lessons in JupyterLab, the play page in Voilà) and the Binder smoke test (BRASS_GAMES
#     and BRASS_FUZZ_EXAMPLES set how many random games and fuzz examples; scripts/soak.py plays thousands),
#     on two workers (pytest-xdist): while one waits on a browser or a hub, the other computes. `--dist loadscope`
#     keeps each test module and each notebook on one worker, so nbval runs a notebook's cells in order.
#
# Extra arguments go to pytest, e.g. `bash scripts/test.sh -k browser -x`.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_install() {
    # quietly; a failure only costs the browser test, which then skips and says why
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"; } \
            >/tmp/brass_nb-apt.log 2>&1; then
        echo "test.sh: could not apt-get install $* (see /tmp/brass_nb-apt.log); the browser test will be skipped" >&2
    fi
}

if [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "test.sh: installing Debian's chromium for the browser test"
        apt_install chromium fonts-ipafont-gothic
    else
        echo "test.sh: /usr/bin/chromium is missing and we are not root: the browser test will be skipped" \
             "(install it with: sudo apt-get install chromium)" >&2
    fi
elif [ "$(id -u)" = 0 ] && command -v fc-list >/dev/null && [ -z "$(fc-list :lang=ja 2>/dev/null)" ]; then
    # without a Japanese font the screenshots of the Japanese notebooks show empty boxes
    apt_install fonts-ipafont-gothic
fi

python -m pip install --quiet --disable-pip-version-check -e ".[test]" "playwright>=1.40" "jupyterlab>=4.1"
python -m ruff check .
python -m mypy                     # the rules core, strict (pyproject.toml)
python -m pytest -q -n 2 --dist loadscope "$@"
