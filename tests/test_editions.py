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
    assert render_reason(err.value.steps[0], "ja") == (f"ブラス：ランカシャー（ウォーフロッグ2007年版）は3、4人用です。"
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


@pytest.mark.parametrize("players, rail_aside", [(3, 6), (4, 2)])
def test_2007_sets_aside_its_rail_count_face_down_and_never_draws_them(players, rail_aside):
    g = bn.new_game("lancashire", players, seed=3, edition="2007")
    rng = random.Random(3)
    while g.era == "canal":
        ex = g.play(random_action(g, rng))
    start = ex.find("era.rail_begins")[0].facts
    assert start["set_aside"] == rail_aside and len(g.state.set_aside) == rail_aside
    assert start["set_aside_how"] == "face_down" and start["divider"] == 0
    aside = list(g.state.set_aside)
    while not g.is_over:
        assert g.state.set_aside == aside                        # untouched for the whole rail era
        g.play(random_action(g, rng))


def rail_era(players: int, seed: int) -> tuple[bn.Game, random.Random, bn.Explanation]:
    """A seeded random Roxley game played to the first position of its rail era, and the explanation that got there."""
    g = bn.new_game("lancashire", players, seed=seed)
    rng = random.Random(seed)
    while g.era == "canal":
        ex = g.play(random_action(g, rng))
    return g, rng, ex


@pytest.mark.parametrize("players, deck, divider, shows_in", [(2, 40, 4, 5), (3, 54, 6, 4), (4, 64, 8, 3)])
def test_roxley_rail_era_draws_every_card_the_divider_only_marks_the_last_loans(players, deck, divider, shows_in):
    """RULINGS Lancashire 12 (revised): the 2 x players cards under the rail divider are drawn; the divider showing
    (once the last card above it is drawn) means the next round is the last in which loans may be taken."""
    g, rng, ex = rail_era(players, seed=6)
    start = ex.find("era.rail_begins")[0].facts
    assert start["set_aside"] == 0 and g.state.set_aside == [] and start["divider"] == divider
    assert len(g.state.deck) + sum(len(p.hand) for p in g.players) == deck      # the whole deck is in play
    played = shown = 0
    loan_rounds = set()
    while not g.is_over:
        if any(a.kind == "loan" for a in g.legal_actions()):
            loan_rounds.add(g.round)
        ex = g.play(random_action(g, rng))
        played += 1 if g.era == "rail" or g.is_over else 0
        for step in ex.find("era.divider_revealed"):
            shown += 1
            assert (step.facts["round"], step.facts["last"], step.facts["deck"]) == (shows_in, shows_in + 1, divider)
    assert shown == 1 and g.state.divider_round == shows_in
    assert max(loan_rounds) == shows_in + 1                                     # loans through the next round only


@pytest.mark.parametrize("players, rounds", [(2, 10), (3, 9), (4, 8)])
def test_roxley_eras_last_the_printed_rounds(players, rounds):
    """003 and the reference's deck arithmetic: 8 / 9 / 10 rounds in each era with 4 / 3 / 2 players (the canal
    era's divider keeps one card per player out of play; the rail era's cards are all drawn)."""
    facts = load_facts("lancashire")
    deck = len(deal_deck(State(facts, players, 0)))
    assert facts.rules.rounds("canal", players, deck) == facts.rules.rounds("rail", players, deck) == rounds
    for seed in range(2):
        assert rounds_played(bn.new_game("lancashire", players, seed=seed), seed) == {"canal": rounds,
                                                                                       "rail": rounds}


ROXLEY_RAIL = """game lancashire
players 3
era rail
round {round}
turn 1
hand 1 Preston, Wigan
hand 2 Bolton, Bury
hand 3 Oldham, Rochdale
divider shown in round 4
"""


def test_roxley_loans_allowed_in_the_round_after_the_divider_shows_and_refused_after_it():
    g = read(ROXLEY_RAIL.format(round=5)).game()
    assert {a.amount for a in g.legal_actions() if a.kind == "loan"} == {10, 20, 30}
    ex = g.play("loan £10 with card Preston")
    assert ex.find("loan.take")[0].facts["money"] == 10 and g.players[0].money == 40
    g = read(ROXLEY_RAIL.format(round=6)).game()
    assert not any(a.kind == "loan" for a in g.legal_actions())
    reasons = g.why_not("loan £10 with card Preston")
    assert [r.rule for r in reasons] == ["loan.divider"]
    assert reasons[0].facts == {"revealed": 4, "last": 5, "round": 6, "edition": "Roxley 2018"}
    assert reasons.text("en") == ("- Roxley 2018: the divider showed in round 4 of the rail era, so round 5 was the "
                                  "last in which loans could be taken (this is round 6).")
    with pytest.raises(bn.IllegalAction):
        g.play("loan £10 with card Preston")
    assert g.players[0].money == 30


def test_roxley_loans_go_on_with_an_empty_deck_until_the_round_after_the_divider():
    """The 2007 rule (no loans once the rail deck is empty) is not Roxley's: in the last loan round the deck may
    already be empty."""
    g = read(ROXLEY_RAIL.format(round=5)).game()
    assert g.state.deck == [] and any(a.kind == "loan" for a in g.legal_actions())
    g = read(ROXLEY_RAIL.format(round=5).replace("game lancashire", "game lancashire\nedition 2007")
             .replace("divider shown in round 4\n", "")).game()
    assert [r.rule for r in g.why_not("loan £10 with card Preston")] == ["loan.deck_empty"]


def test_the_divider_round_round_trips_through_a_position_file_and_is_checked():
    text = write(read(ROXLEY_RAIL.format(round=6)))
    assert "divider shown in round 4" in text
    assert read(text).game().state.divider_round == 4
    for wrong, expected in [(ROXLEY_RAIL.format(round=3), "a round from 0 \\(at the deal\\) to 3"),
                            (ROXLEY_RAIL.format(round=6).replace("era rail", "era canal"), "a rail-era position"),
                            (ROXLEY_RAIL.format(round=6).replace("game lancashire", "game lancashire\nedition 2007"),
                             "Warfrog 2007 has no rail-era divider")]:
        with pytest.raises(bn.ScenarioError, match=expected):
            read(wrong).game()


@pytest.mark.parametrize("players, rounds", [(3, 10), (4, 8)])
def test_2007_eras_last_the_rounds_seed_004_counts(players, rounds):
    """004: 4 players 60 cards and 8 rounds in the canal era, 64 and 8 in the rail era; 3 players 57/10, 60/10."""
    facts = load_facts("lancashire", "2007")
    for era in ("canal", "rail"):
        assert facts.rules.rounds(era, players, 66) == rounds
    for seed in range(3):
        assert rounds_played(bn.new_game("lancashire", players, seed=seed, edition="2007"), seed) == {
            "canal": rounds, "rail": rounds}


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


# ---------------------------------------------------------------- Lancashire 7: the one-way virtual link (2007 only)


def lancashire(players: int = 3) -> bn.Game:
    g = bn.new_game("lancashire", players=players, seed=1, edition="2007")
    g.state.round = 2
    g.state.turn_index = g.state.order.index(0)
    g.state.mark_changed()
    return g


LIVERPOOL_PORT = """game lancashire
{edition}players 3
era canal
round 2
turn 1
hand 1 Shipyard, Preston
hand 2 Bolton, Bury
hand 3 Oldham, Rochdale
mat 1 shipyard 0 2 2
tile Liverpool[1] player 1 port I
"""


def test_in_2007_liverpool_in_your_network_lets_an_industry_card_build_in_birkenhead():
    g = read(LIVERPOOL_PORT.format(edition="edition 2007\n")).game()
    verdict = g.check("build shipyard Birkenhead with card Shipyard")
    card = [s for s in verdict.steps if s.rule == "build.card"]
    assert card[0].facts["why"] == "virtual_link" and card[0].facts["near"] == "Liverpool"
    assert [s.rule for s in verdict.failures] == ["coal.no_source"]         # it carries no coal
    assert g.facts.virtual_links == (("Liverpool", "Birkenhead"),)


def test_roxley_has_no_virtual_link_so_birkenhead_is_out_of_an_industry_cards_reach():
    """RULINGS Lancashire 7 (revised): Roxley's 2018 edition dropped the classic Liverpool-Birkenhead link."""
    g = read(LIVERPOOL_PORT.format(edition="")).game()
    assert g.facts.virtual_links == () and g.facts.rules.edition_name == "Roxley 2018"
    reasons = g.why_not("build shipyard Birkenhead with card Shipyard")
    assert [r.rule for r in reasons] == ["build.not_in_network", "coal.no_source"]
    assert reasons[0].facts["network"] == ["Liverpool"]
    assert not any("Birkenhead" in str(a) for a in g.legal_actions() if a.kind == "build")


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
    with pytest.raises(RulesetError, match="missing rules") as refused:
        build_ruleset("x", "y", base, {})
    assert isinstance(refused.value, bn.BrassError) and refused.value.rule == "ruleset.data"
    assert str(refused.value).startswith("The rules in brass_nb's data file are malformed: x y: unknown rules []")
    assert refused.value.steps[0].text("ja").startswith("brass_nbのデータファイルのルール定義に誤りがあります")
    import json
    from importlib import resources
    raw = json.loads(resources.files("brass_nb.data").joinpath("birmingham.json").read_text(encoding="utf-8"))
    with pytest.raises(RulesetError, match="income_paid: expected one of"):
        build_ruleset("birmingham", "roxley", raw["rules"], {"edition_name": "x", "income_paid": "whenever"})
    with pytest.raises(RulesetError, match="starting_money: expected int"):
        build_ruleset("birmingham", "roxley", raw["rules"], {"edition_name": "x", "starting_money": "17"})
    with pytest.raises(RulesetError, match="unknown rules"):
        build_ruleset("birmingham", "roxley", raw["rules"], {"edition_name": "x", "startng_money": 17})


def test_a_divider_shown_by_the_deal_makes_round_1_the_last_loan_round():
    """A rail deck already short at the deal (a hand-written position) shows the divider before round 1."""
    canal_end = ("game lancashire\nplayers 3\nera canal\nround 9\nturn 3\nhand 3 Wigan\n"
                 "discard 1 Bolton, Bury, Oldham, Preston, Rochdale, Blackburn, Manchester, Stockport, Macclesfield\n"
                 "discard 2 Lancaster, Fleetwood, Liverpool, Ellesmere Port, Birkenhead, Coal Mine, Cotton Mill\n"
                 "discard 3 Port, Iron Works, Shipyard, Manchester, Preston, Cotton Mill, Port, Liverpool, Wigan\n")
    g = read(canal_end).game()
    (shown,) = g.play("pass with card Wigan").find("era.divider_revealed")
    assert (shown.facts["round"], shown.facts["last"]) == (0, 1) and g.era == "rail" and g.round == 1
    assert any(a.kind == "loan" for a in g.legal_actions())
    assert "divider shown in round 0" in g.position()
    later = read(g.position().replace("round 1\n", "round 2\n")).game()
    (reason,) = later.why_not(f"loan £10 with card {later.hand(later.current_player)[0]}")
    assert reason.rule == "loan.divider" and "as the rail era's hands were dealt" in reason.text("en")
