"""Ready positions, one per teaching point, used by the tutorials and the worked examples."""
from __future__ import annotations

from importlib import resources

from brass_nb.rules.errors import UnknownName
from brass_nb.rules.records import Step
from brass_nb.scenario.model import Scenario
from brass_nb.scenario.text import read


def _files() -> dict[str, str]:
    folder = resources.files("brass_nb.scenario").joinpath("library")
    return {p.name[3:-6]: p.name for p in folder.iterdir() if p.name.endswith(".brass")}


def names() -> list[str]:
    """The ready scenarios in teaching order (e.g. "equidistant_coal", "coal_market", ...)."""
    files = _files()
    return sorted(files, key=files.__getitem__)


def text(name: str) -> str:
    files = _files()
    if name not in files:
        raise UnknownName([Step("library.unknown", {"name": repr(name)[:60], "names": names()}, ok=False)])
    return resources.files("brass_nb.scenario").joinpath("library", files[name]).read_text(encoding="utf-8")


def load(name: str) -> Scenario:
    """A ready scenario by name; ``.game()`` starts it, ``.game(play=True)`` also plays its key actions."""
    return read(text(name))
