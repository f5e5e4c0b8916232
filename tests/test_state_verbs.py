"""The state changes only through its verbs (brass_nb/rules/state.py), which move the epochs by which a game keeps
answers from one position to the next: a scan of the package and the tests for any other write, and the position a
hand-built test makes read alike through the game's kept answers and through a view made from nothing."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import brass_nb as bn
from brass_nb.rules.viewcheck import check_view
from tests import helpers

ROOT = Path(__file__).resolve().parents[1]

FIELDS = {"tiles", "links", "markets", "mat", "cubes", "flipped", "merchants", "beer", "supply", "epochs"}
"""The state's fields that only its verbs write (a tile's cubes and side, a merchant's beer, a player's mat)."""

MUTATORS = {"append", "extend", "insert", "remove", "pop", "popitem", "clear", "update", "setdefault", "sort",
            "reverse"}

NOT_A_STATE = {("brass_nb/scenario/model.py", "sc"): "a Scenario written from a game's position",
               ("brass_nb/scenario/model.py", "entry"): "a written position's player"}
"""Names that hold an object with a field of the same name that is not the state's, where they are used."""

VERBS_MODULE = "brass_nb/rules/state.py"


def _field_written(target: ast.expr) -> ast.Attribute | None:
    """The protected attribute a write lands in (``x.tiles[k] = ...``, ``x.mat[i][j] -= 1``, ``x.cubes = 0``)."""
    while isinstance(target, ast.Subscript):
        target = target.value
    return target if isinstance(target, ast.Attribute) and target.attr in FIELDS else None


def _owned_elsewhere(path: str, attribute: ast.Attribute) -> bool:
    """An object's own field (``self.tiles`` of a pile, a board, a scenario), the distant market pile's tiles, or a
    name listed in :data:`NOT_A_STATE`."""
    owner = attribute.value
    if isinstance(owner, ast.Name):
        return owner.id == "self" or (path, owner.id) in NOT_A_STATE
    return isinstance(owner, ast.Attribute) and owner.attr == "distant"


def writes_outside_the_verbs(path: Path) -> list[str]:
    """Every write to a field of :data:`FIELDS` in ``path``, but in the deliberately wrong verbs of the tests that
    prove the view check catches one (functions named ``wrong_*``)."""
    relative = path.relative_to(ROOT).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    wrong = {id(inner) for node in ast.walk(tree)
             if isinstance(node, ast.FunctionDef) and node.name.startswith("wrong_") for inner in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if id(node) in wrong:
            continue
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign | ast.Delete):
            targets = list(node.targets)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            targets = [node.func.value]
        for target in targets:
            for one in target.elts if isinstance(target, ast.Tuple) else [target]:
                attribute = _field_written(one)
                if attribute is not None and not _owned_elsewhere(relative, attribute):
                    found.append(f"{relative}:{node.lineno}: {ast.unparse(one)}")
    return found


def sources() -> list[Path]:
    return sorted(p for folder in ("brass_nb", "tests", "scripts") for p in (ROOT / folder).rglob("*.py")
                  if p.relative_to(ROOT).as_posix() != VERBS_MODULE)


def test_no_state_field_is_written_outside_the_verbs():
    found = [line for path in sources() for line in writes_outside_the_verbs(path)]
    assert not found, "write these through the state's verbs:\n" + "\n".join(found)


@pytest.mark.parametrize("source, caught", [
    ("state.tiles[label] = tile", True),
    ("game.state.players[0].mat['coal'][0] -= 1", True),
    ("del state.tiles['Dudley[1]']", True),
    ("state.links.clear()", True),
    ("tile.cubes, tile.flipped = 0, True", True),
    ("g.state.markets['iron'] = 0", True),
    ("self.tiles = []", False),
    ("g.state.distant.tiles.append(3)", False),
    ("copy = g.supply\ncopy['coal'] = 9", False),
])
def test_the_scan_catches_what_it_should(tmp_path, source, caught):
    path = ROOT / "tests" / "_scan_probe.py"
    path.write_text(source, encoding="utf-8")
    try:
        assert bool(writes_outside_the_verbs(path)) is caught
    finally:
        path.unlink()


def test_a_position_built_by_hand_reads_alike_through_kept_answers_and_from_nothing():
    """The issue's own example: the game's view, asked before and after the test helpers place tiles and links,
    reports the player's tiles, network and next coal tile as a view made from nothing does."""
    game = helpers.fresh(players=2)
    game.view().tiles_of(0), game.view().next_tiles(0)              # answers kept before the hand-built position
    helpers.place(game, "Dudley[1]", 0, "coal", 1)
    helpers.link(game, "Dudley - Kidderminster", 0)
    check_view(game.view())
    assert [label for label, _ in game.view().tiles_of(0)] == ["Dudley[1]"]
    assert game.view().network(0) == {"Dudley", "Kidderminster"}
    assert game.view().next_tiles(0)["coal"].level == 2


def test_what_a_view_hands_out_cannot_be_changed():
    game = bn.new_game("birmingham", players=2, seed=3)
    helpers.place(game, "Dudley[1]", 0, "coal", 1)
    view = game.view()
    assert isinstance(view.tiles_of(0), tuple) and isinstance(view.holders("coal"), tuple)
    mines, trade = view.coal_sources(("Dudley",))
    assert isinstance(trade, tuple | list) and all(isinstance(m, tuple) for m in mines)
    with pytest.raises(AttributeError):
        view.holders("coal").append(None)  # type: ignore[attr-defined]
