"""Lancashire's two editions (RULINGS Lancashire 12, seeds 002/004 against 003) and this round's rule fixes
(Birmingham 5, Lancashire 7): each difference asserted by its outcome in play."""
from __future__ import annotations

import random

import helpers
import pytest

import brass_nb as bn
from brass_nb.explain import reason as render_reason
from brass_nb.rules.facts import load_facts
from brass_nb.rules.randomplay import random_action
from brass_nb.rules.ruleset import RulesetError, build_ruleset
from brass_nb.rules.state import State
from brass_nb.rules.turns import deal_deck
from brass_nb.scenario.text import read, write


def rounds_played(game: bn.Game, seed: int) -> dict[str, int]:
    """Play a seeded random game to the end and return the last round number of each era."""
    rng = random.Random(seed)
    last = {}
    while not game.is_over:
        last[game.era] = game.round
        game.play(random_action(game, rng))
    return last


# ---------------------------------------------------------------- which edition, how many players


def test_the_default_lancashire_edition_is_roxley_and_2007_is_warfrog():
    assert bn.new_game("lancashire", 3, seed=1).facts.rules.edition_name == "Roxley 2018"
    assert bn.new_game("lancashire", 3, seed=1, edition="2007").facts.rules.edition_name == "Warfrog 2007"


def test_the_2007_edition_refuses_two_players_with_a_clear_error():
    with pytest.raises(ValueError, match=r"Warfrog 2007\) is for 3, 4 players, not 2"):
        bn.new_game("lancashire", 2, seed=1, edition="2007")
    bn.new_game("lancashire", 2, seed=1)                        # Roxley plays 2


@pytest.mark.parametrize("players", [2, 5, 0, 3.0, True, "three", None])
def test_a_player_count_the_edition_does_not_allow_is_a_brass_error_in_both_languages(players):
    with pytest.raises(bn.GameSetupError) as err:
        bn.new_game("lancashire", players, seed=1, edition="2007")
    assert isinstance(err.value, bn.BrassError) and err.value.rule == "game.players"
    assert str(err.value) == f"Brass: Lancashire (Warfrog 2007) is for 3, 4 players, not {players!r}."
    assert render_reason(err.value.steps[0], "ja") == (f"ブラス：ランカシャー（Warfrog 2007）は3、4人用です。"
                                                       f"{players!r}人では遊べません。")


def test_an_unknown_edition_names_the_ones_there_are():
    with pytest.raises(ValueError, match="no edition 'deluxe': expected one of roxley, 2007"):
        bn.new_game("lancashire", 3, edition="deluxe")


# ---------------------------------------------------------------- cards: deck, set-aside, refill


@pytest.mark.parametrize("players, deck, canal_aside", [(3, 66, 9), (4, 66, 6)])
def test_2007_uses_all_66_cards_and_sets_cards_aside_face_down_after_dealing(players, deck, canal_aside):
    g = bn.new_game("lancashire", players, seed=5, edition="2007")
    s = g.state
    assert len(deal_deck(State(g.facts, players, 0))) == deck
    assert all(len(p.hand) == 8 for p in s.players)
    assert len(s.set_aside) == canal_aside
    assert len(s.deck) == deck - 8 * players - canal_aside


@pytest.mark.parametrize("players, deck, canal_aside", [(2, 40, 2), (3, 54, 3), (4, 64, 4)])
def test_roxley_decks_by_player_count_with_one_card_per_player_under_the_divider(players, deck, canal_aside):
    g = bn.new_game("lancashire", players, seed=5)
    assert len(deal_deck(State(g.facts, players, 0))) == deck
    assert len(g.state.set_aside) == canal_aside == players
    assert len(g.state.deck) == deck - 8 * players - canal_aside


@pytest.mark.parametrize("edition, players, rail_aside", [("2007", 3, 6), ("2007", 4, 2),
                                                          ("roxley", 2, 4), ("roxley", 3, 6), ("roxley", 4, 8)])
def test_the_rail_era_sets_aside_its_own_count_and_never_draws_them(edition, players, rail_aside):
    g = bn.new_game("lancashire", players, seed=3, edition=edition)
    rng = random.Random(3)
    while g.era == "canal":
        ex = g.play(random_action(g, rng))
    start = ex.find("era.rail_begins")[0].facts
    assert start["set_aside"] == rail_aside and len(g.state.set_aside) == rail_aside
    assert start["set_aside_how"] == ("face_down" if edition == "2007" else "divider")
    aside = list(g.state.set_aside)
    while not g.is_over:
        assert g.state.set_aside == aside                        # untouched for the whole rail era
        g.play(random_action(g, rng))


@pytest.mark.parametrize("players, rounds", [(3, 10), (4, 8)])
def test_2007_eras_last_the_rounds_seed_004_counts(players, rounds):
    """004: 4 players 60 cards and 8 rounds in the canal era, 64 and 8 in the rail era; 3 players 57/10, 60/10."""
    facts = load_facts("lancashire", "2007")
    for era in ("canal", "rail"):
        assert facts.rules.rounds(era, players, 66) == rounds
    for seed in range(3):
        assert rounds_played(bn.new_game("lancashire", players, seed=seed, edition="2007"), seed) == {
            "canal": rounds, "rail": rounds}


@pytest.mark.parametrize("players, canal, rail", [(2, 10, 9), (3, 9, 8), (4, 8, 7)])
def test_roxley_rounds_follow_from_the_divider(players, canal, rail):
    """Canal: one card per player under the divider (8/9/10 rounds, as printed); rail: two per player, never drawn
    (RULINGS Lancashire 12), so the rail era is one round shorter."""
    assert rounds_played(bn.new_game("lancashire", players, seed=4), 4) == {"canal": canal, "rail": rail}


def test_2007_refills_hands_after_the_round_not_after_each_turn():
    g = bn.new_game("lancashire", 3, seed=2, edition="2007")
    first = g.current_player
    g.play(f"pass with card {g.state.players[first].hand[0]}")
    assert len(g.state.players[first].hand) == 7                 # no draw at the end of the turn
    while g.state.round == 1:
        ex = g.play(f"pass with card {g.state.players[g.current_player].hand[0]}")
    refill = ex.find("round.refill")[0].facts
    assert refill["order"] == g.state.order and all(n == 1 for n in refill["drawn"].values())
    assert all(len(p.hand) == 8 for p in g.state.players)
    assert refill["edition"] == "Warfrog 2007"


def test_roxley_refills_at_the_end_of_each_turn():
    g = bn.new_game("lancashire", 3, seed=2)
    first = g.current_player
    ex = g.play(f"pass with card {g.state.players[first].hand[0]}")
    assert len(g.state.players[first].hand) == 8 and ex.find("turn.end")[0].facts["drawn"] == 1
    assert not ex.find("round.refill")


# ---------------------------------------------------------------- first turn order


def test_2007_first_order_is_a_random_start_player_then_seat_order():
    starts = set()
    for seed in range(12):
        order = bn.new_game("lancashire", 4, seed=seed, edition="2007").state.order
        start = order[0]
        assert order == [(start + i) % 4 for i in range(4)]
        starts.add(start)
    assert len(starts) > 1


def test_roxley_first_order_is_shuffled():
    orders = {tuple(bn.new_game("lancashire", 4, seed=seed).state.order) for seed in range(12)}
    assert any(list(o) != [(o[0] + i) % 4 for i in range(4)] for o in orders)


# ---------------------------------------------------------------- the distant market pile


@pytest.mark.parametrize("players", [3, 4])
def test_2007_uses_all_12_distant_tiles_and_a_drawn_tile_goes_under_the_pile(players):
    g = bn.new_game("lancashire", players, seed=1, edition="2007")
    assert len(g.state.distant.tiles) == 12
    helpers.place(g, "Rochdale[1]", g.current_player, "cotton", 1)
    helpers.link(g, "Rochdale - Yorkshire", g.current_player)
    g.state.distant.tiles.append(-1)                               # the next tile drawn
    top = g.state.distant.tiles[:-1]
    card = g.state.players[g.current_player].hand[0]
    ex = g.play(f"sell cotton Rochdale[1] to distant market with card {card}")
    assert ex.find("sell.distant_draw")[0].facts["drawn_tiles"] == "bottom"
    assert g.state.distant.tiles == [-1] + top and g.state.distant.drawn == []


@pytest.mark.parametrize("players, tiles", [(2, 8), (3, 10), (4, 12)])
def test_roxley_distant_tiles_by_player_count_and_drawn_tiles_leave_the_pile(players, tiles):
    g = bn.new_game("lancashire", players, seed=1)
    assert len(g.state.distant.tiles) == tiles
    helpers.place(g, "Rochdale[1]", g.current_player, "cotton", 1)
    helpers.link(g, "Rochdale - Yorkshire", g.current_player)
    g.state.distant.tiles.append(-1)
    card = g.state.players[g.current_player].hand[0]
    g.play(f"sell cotton Rochdale[1] to distant market with card {card}")
    assert len(g.state.distant.tiles) == tiles and g.state.distant.drawn == [-1]


# ---------------------------------------------------------------- saved in files


def test_the_edition_is_a_position_file_line_and_round_trips():
    text = write(bn.Scenario("lancashire", players=3, edition="2007"))
    assert "edition 2007" in text.splitlines()
    assert read(text).facts.edition == "2007" and write(read(text)) == text
    assert "edition" not in write(bn.Scenario("lancashire", players=3))      # the default is not written


def test_an_unknown_edition_line_is_refused_with_its_line_number():
    with pytest.raises(bn.ScenarioError) as err:
        read("game lancashire\nedition 1999\nplayers 3\n")
    assert err.value.steps[0].facts["line"] == 2


def test_saves_record_the_edition_and_replay_it():
    g = bn.new_game("lancashire", 3, seed=9, edition="2007")
    rng = random.Random(9)
    for _ in range(30):
        g.play(random_action(g, rng))
    data = g.to_json()
    assert data["edition"] == "2007"
    assert bn.game_from_json(data).state.to_dict() == g.state.to_dict()


# ---------------------------------------------------------------- Lancashire 7: the one-way virtual link


def lancashire(players: int = 3) -> bn.Game:
    g = helpers.fresh(players=players, seed=1, game="lancashire")
    g.state.round = 2
    g.state.turn_index = g.state.order.index(0)
    helpers.touch(g)
    return g


def test_liverpool_in_your_network_lets_an_industry_card_build_in_birkenhead():
    g = lancashire()
    helpers.place(g, "Liverpool[1]", 0, "port", 1)
    helpers.set_player(g, 0, hand=["Shipyard", "Preston"])
    g.state.players[0].mat["shipyard"][0] = 0                           # level 0 developed away
    plan = g.check("build shipyard Birkenhead with card Shipyard")
    card = [s for s in plan.steps if s.rule == "build.card"]
    assert card[0].facts["why"] == "virtual_link" and card[0].facts["near"] == "Liverpool"
    assert "build.not_in_network" not in [s.rule for s in plan.failures]
    assert "coal.no_source" in [s.rule for s in plan.failures]          # it carries no coal


def test_birkenhead_in_your_network_does_not_reach_liverpool():
    g = lancashire()
    helpers.place(g, "Birkenhead[1]", 0, "shipyard", 1)
    helpers.set_player(g, 0, hand=["Port", "Preston"])
    assert "build.not_in_network" in [s.rule for s in g.why_not("build port Liverpool with card Port")]
    assert g.network(0) == ["Birkenhead"]


def test_the_virtual_link_never_lets_you_build_a_link_from_the_far_side():
    g = lancashire()
    helpers.place(g, "Liverpool[1]", 0, "port", 1)
    links_from_birkenhead = [link.label for link in g.facts.board.links if "Birkenhead" in link.ends
                             and "Liverpool" not in link.ends and link.canal]
    helpers.set_player(g, 0, hand=["Preston", "Wigan"])
    for label in links_from_birkenhead:
        assert "network.not_in_network" in [s.rule for s in g.why_not(f"network {label} with card Preston")]
    assert "Birkenhead" not in g.connected("Liverpool")


# ---------------------------------------------------------------- Birmingham 5: a £0 tile is never forced off


def birmingham_shortfall() -> bn.Game:
    g = helpers.fresh(players=2, seed=1)
    g.state.round = 2
    g.state.turn_index = g.state.order.index(0)
    helpers.set_player(g, 0, money=0, income_space=5, vp=4)              # level -5: owes £5
    helpers.place(g, "Stafford[2]", owner=0, industry="pottery", level=2)    # pottery II costs £0
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1)   # £12: raises £6
    while g.phase is None:
        g.play(f"pass with card {g.state.players[g.current_player].hand[0]}")
    return g


def test_negative_income_never_offers_or_accepts_a_tile_that_raises_nothing():
    g = birmingham_shortfall()
    assert g.phase == "shortfall"
    assert [str(a) for a in g.legal_actions()] == ["remove cotton Birmingham[1]"]
    before = g.state.to_dict()
    assert [s.rule for s in g.why_not("remove pottery Stafford[2]")] == ["shortfall.worthless"]
    with pytest.raises(bn.IllegalAction):
        g.play("remove pottery Stafford[2]")
    assert g.state.to_dict() == before


def test_once_only_worthless_tiles_are_left_the_rest_is_lost_as_vp_and_they_stay():
    g = birmingham_shortfall()
    helpers.set_player(g, 0, money=0, income_space=0)                    # level -10 from now: owes £10
    g.state.shortfall = (0, 10, g.state.shortfall[2])
    ex = g.play("remove cotton Birmingham[1]")                           # £6 raised, £4 still missing
    loss = ex.find("income.vp_loss")[0].facts
    assert (loss["paid"], loss["missing"], loss["vp_lost"], loss["kept"]) == (6, 4, 4, ["Stafford[2]"])
    p = g.state.players[0]
    assert p.money == 0 and p.vp == 0 and g.state.tiles["Stafford[2]"].owner == 0 and g.phase is None


# ---------------------------------------------------------------- the ruleset file is checked when read


def test_a_malformed_rules_block_is_refused_when_read():
    base = {"player_counts": [2]}
    with pytest.raises(RulesetError, match="missing rules"):
        build_ruleset("x", "y", base, {})
    import json
    from importlib import resources
    raw = json.loads(resources.files("brass_nb.data").joinpath("birmingham.json").read_text(encoding="utf-8"))
    with pytest.raises(RulesetError, match="income_paid: expected one of"):
        build_ruleset("birmingham", "roxley", raw["rules"], {"edition_name": "x", "income_paid": "whenever"})
    with pytest.raises(RulesetError, match="starting_money: expected int"):
        build_ruleset("birmingham", "roxley", raw["rules"], {"edition_name": "x", "starting_money": "17"})
    with pytest.raises(RulesetError, match="unknown rules"):
        build_ruleset("birmingham", "roxley", raw["rules"], {"edition_name": "x", "startng_money": 17})
