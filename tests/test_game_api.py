"""The public Game API: setup from a seed, undo/redo, refusals that change nothing, the rule catalog."""
from __future__ import annotations

import random

import pytest

import brass_nb as bn
from brass_nb.explain import CATALOGS, render_text
from brass_nb.rules.catalog import RULES
from brass_nb.rules.randomplay import random_action, random_game


@pytest.mark.parametrize("players, deck, merchants", [(2, 40 - 2 * 9, 5), (3, 54 - 3 * 9, 7), (4, 64 - 4 * 9, 9)])
def test_setup_per_player_count(players, deck, merchants):
    game = bn.new_game("birmingham", players=players, seed=42)
    state = game.state
    assert len(state.deck) == deck
    assert all(p.money == 17 and len(p.hand) == 8 and len(p.discard) == 1 for p in state.players)
    assert all(p.income_space == 10 and p.income_level == 0 and p.vp == 0 for p in state.players)
    assert len(state.merchants) == merchants
    if players < 4:
        assert not any(m.location == "Nottingham" for m in state.merchants.values())
    if players == 2:
        assert not any(m.location == "Warrington" for m in state.merchants.values())
    assert all(m.beer == (1 if m.buys else 0) for m in state.merchants.values())
    assert state.markets == {"coal": 13, "iron": 8}
    assert state.wilds == {"Wild Location": 4, "Wild Industry": 4}
    assert sorted(state.order) == list(range(players))
    assert (game.era, game.round) == ("canal", 1)


def test_same_seed_same_game_and_different_seed_differs():
    a, b, c = (bn.new_game("birmingham", players=4, seed=s) for s in (9, 9, 10))
    assert a.state.to_dict() == b.state.to_dict()
    assert a.state.to_dict() != c.state.to_dict()


def test_undo_and_redo_restore_exact_states():
    game = bn.new_game("birmingham", players=3, seed=4)
    rng = random.Random(4)
    states = [game.state.to_dict()]
    for _ in range(25):
        game.play(random_action(game, rng))
        states.append(game.state.to_dict())
    for expected in reversed(states[:-1]):
        game.undo()
        assert game.state.to_dict() == expected
    with pytest.raises(bn.IllegalAction) as err:
        game.undo()
    assert err.value.rule == "undo.nothing"
    for expected in states[1:]:
        game.redo()
        assert game.state.to_dict() == expected


def test_refused_actions_change_nothing():
    game = bn.new_game("birmingham", players=2, seed=8)
    before = game.state.to_dict()
    hand = game.players[game.current_player].hand
    missing = next(t for t in game.facts.board.towns if t not in hand)
    for text in (f"loan with card {missing}", "done", "remove coal Dudley[1]",
                 f"build coal Dudley[1] with card {hand[0]}; coal market"):
        with pytest.raises(bn.IllegalAction) as err:
            game.play(text)
        assert err.value.rule in RULES
        assert game.state.to_dict() == before


def test_every_emitted_rule_id_is_catalogued_and_worded():
    emitted = set()
    for seed in range(12):
        game = random_game(2 + seed % 3, seed)
        replay = bn.new_game("birmingham", players=2 + seed % 3, seed=seed)
        for action in game.log:
            explanation = replay.play(action)
            emitted |= set(explanation.rules())
            for language in CATALOGS:
                render_text(explanation, language)
    assert emitted <= set(RULES), emitted - set(RULES)
    assert {"coal.nearest", "coal.market", "iron.works", "iron.market", "market.sell", "tile.flip", "score.link",
            "score.industry", "era.remove_level1", "game.end", "loan.take", "turn.order"} <= emitted
    for language, catalog in CATALOGS.items():
        assert set(catalog) == set(RULES), (language, set(RULES) ^ set(catalog))


def test_board_connections_and_distances_follow_built_links_only():
    board = bn.new_game("birmingham", players=2, seed=1).facts.board
    index = {link.label: link.index for link in board.links}
    built = {index["Dudley - Birmingham"], index["Wolverhampton - Dudley"], index["Kidderminster - Worcester"]}
    assert board.distance("Birmingham", "Wolverhampton", built) == 2
    assert board.distance("Birmingham", "Birmingham", built) == 0
    assert board.distance("Birmingham", "Walsall", built) is None
    assert board.distance("Worcester", "Farm Brewery South", built) == 1     # one three-way link joins all three
    assert board.distance("Kidderminster", "Farm Brewery South", built) == 1
    graph = board.built_graph(built)
    assert graph.has_edge(("link", index["Kidderminster - Worcester"]), "Farm Brewery South")
    assert not graph.has_node(("link", index["Walsall - Birmingham"]))
