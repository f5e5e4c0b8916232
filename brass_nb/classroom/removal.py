"""Removing a learner from a running class: off the class list, their server stopped and their session ended at once
(through the hub's REST API, with the teacher commands' own token, readable by root only)."""
from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from pathlib import Path

from brass_nb.rules.errors import ClassListError
from brass_nb.rules.records import Step

STOP_WAIT_S = 60


def _call(hub_url: str, token: str, method: str, path: str) -> tuple[int, dict]:
    request = urllib.request.Request(f"{hub_url.rstrip('/')}/hub/api{path}", method=method,
                                     headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
            return response.status, json.loads(body) if body else {}
    except urllib.error.HTTPError as error:
        return error.code, {}
    except OSError as error:
        raise ClassListError([Step("class.hub", {"url": hub_url, "error": str(error)}, ok=False)]) from None


def stop_and_forget(name: str, hub_url: str, token_file: Path) -> bool:
    """Stop ``name``'s server and delete them from the hub (their sessions and tokens go with them); whether the hub
    knew them."""
    token = token_file.read_text().strip()
    status, user = _call(hub_url, token, "GET", f"/users/{name}")
    if status == 404:
        return False
    if user.get("servers"):
        _call(hub_url, token, "DELETE", f"/users/{name}/server")
        deadline = time.monotonic() + STOP_WAIT_S
        while time.monotonic() < deadline:
            status, user = _call(hub_url, token, "GET", f"/users/{name}")
            if not user.get("servers"):
                break
            time.sleep(0.5)
    _call(hub_url, token, "DELETE", f"/users/{name}")
    return True
