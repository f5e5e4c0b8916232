"""The debug mode that checks every kept answer against a view made from nothing (brass_nb/rules/viewcheck.py):
a sample of games of every configuration passes it with copies, undo, redo and hints interleaved, and a verb or a
dependency left out on purpose is caught. ``scripts/check_views.py`` plays the same games by the hundred."""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from brass_nb.rules import state as state_module
from brass_nb.rules import view as view_module
from brass_nb.rules.state import State
from brass_nb.rules.viewcheck import StaleAnswer

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
from check_views import CONFIGS, play_checked  # noqa: E402


@pytest.fixture
def checking(monkeypatch):
    monkeypatch.setattr(view_module, "CHECK_ANSWERS", True)


@pytest.mark.parametrize("name, edition, players", CONFIGS)
def test_every_kept_answer_holds_through_copies_undo_redo_and_hints(checking, name, edition, players):
    tally: Counter[str] = Counter()
    for seed in (1, 2):
        play_checked(name, edition, players, seed, tally)
    assert tally["games"] == 2 and tally["moves"] > 100
    assert tally["copies"] and tally["undos"] and tally["redos"]


def wrong_place_link_keeping_the_links_epoch(self: State, index: int, owner: int) -> None:
    self.links[index] = owner
    self.mark_changed()


def wrong_take_from_mat_keeping_the_mats_epoch(self: State, player, industry: str, level: int) -> None:
    player.mat[industry][self.facts.level_index(industry, level)] -= 1
    self.mark_changed()


def wrong_cubes_to_supply_keeping_the_resource_epoch(self: State, tile, count: int) -> None:
    tile.cubes -= count
    self.supply[self.facts.resource_of[tile.industry]] += count
    self.mark_changed()


@pytest.mark.parametrize("verb, wrong, stale", [
    ("place_link", wrong_place_link_keeping_the_links_epoch, "pieces|network|reachable"),
    ("take_from_mat", wrong_take_from_mat_keeping_the_mats_epoch, "next_tiles"),
    ("tile_cubes_to_supply", wrong_cubes_to_supply_keeping_the_resource_epoch, "holders"),
])
def test_a_verb_that_drops_its_invalidation_is_caught(checking, monkeypatch, verb, wrong, stale):
    monkeypatch.setattr(state_module.State, verb, wrong)
    with pytest.raises(StaleAnswer, match=stale):
        for seed in range(10):
            play_checked("birmingham", None, 2, seed, Counter())


@pytest.mark.parametrize("answer, kinds, stale", [
    ("networks", frozenset({"links"}), "network"),
    ("plans:coal", frozenset({"coal"}), "plan_coal"),
    ("coal_by_piece", frozenset({"links"}), "coal_"),
])
def test_a_dependency_left_out_of_the_table_is_caught(checking, monkeypatch, answer, kinds, stale):
    monkeypatch.setattr(view_module, "DROPS", view_module.drops_by_change({**view_module.DEPENDS_ON, answer: kinds}))
    with pytest.raises(StaleAnswer, match=stale):
        for seed in range(10):
            play_checked("birmingham", None, 3, seed, Counter())
