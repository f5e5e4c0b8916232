"""Nothing a caller holds can change a game behind the engine's back (issue 11): read-only verdicts and legal
lists, caches keyed by versions that never repeat, deep snapshots, accessors that return copies."""
from __future__ import annotations

import pytest

import brass_nb as bn


def game() -> bn.Game:
    return bn.new_game("birmingham", players=3, seed=7)


def test_check_is_a_verdict_without_the_power_to_apply():
    g = game()
    action = g.legal_actions()[0]
    verdict = g.check(action)
    assert verdict.ok and verdict.steps and not verdict.failures
    assert not hasattr(verdict, "apply")
    with pytest.raises(AttributeError):
        verdict.steps = ()                                       # frozen
    refused = g.check("loan with card Wolverhampton")
    assert refused.ok is (not refused.failures)
    assert g.log == [] and g.state.to_dict() == game().state.to_dict()


def test_legal_actions_are_an_immutable_sequence():
    g = game()
    legal = g.legal_actions()
    first = legal[0]
    assert first in legal and legal.count(first) == 1 and legal.index(first) == 0 and len(legal) == len(list(legal))
    with pytest.raises((AttributeError, TypeError)):
        legal.append(first)                                      # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        legal[0] = first                                         # type: ignore[index]
    assert g.legal_actions() is legal                            # cached while nothing changes
    g.play(first)
    assert g.legal_actions() is not legal


def test_a_position_version_never_repeats_even_after_undo():
    g = game()
    versions = [g.state.version]
    g.play(g.legal_actions()[0])
    versions.append(g.state.version)
    g.undo()
    versions.append(g.state.version)
    g.redo()
    versions.append(g.state.version)
    assert len(set(versions)) == 4


def test_snapshots_are_deep():
    g = bn.new_game("lancashire", players=3, seed=2)
    snap = g.state.to_dict()
    snap["distant"]["tiles"].clear()
    snap["players"][0]["hand"].clear()
    snap["markets"]["coal"] = 0
    assert g.state.to_dict() != snap and len(g.state.distant.tiles) == 10


def test_accessors_return_copies():
    g = game()
    supply, piles, beer = g.supply, g.wild_piles, g.merchant_beer
    supply["coal"] = 999
    piles["Wild Location"] = 0
    beer.clear()
    assert g.supply["coal"] != 999 and g.wild_piles["Wild Location"] == 4 and g.merchant_beer
    assert g.turn_order == tuple(g.state.order) and g.actions_left == 1
    assert g.spent_this_round == (0, 0, 0) and g.hand(0) == tuple(sorted(g.state.players[0].hand))
    action = next(a for a in g.legal_actions() if a.kind == "loan")
    g.play(action)
    assert g.spent_this_round == (0, 0, 0)                       # a loan is not spending
