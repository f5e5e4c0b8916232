"""Every rule id speaks in the words and numbers of the game being played, in English and Japanese.

For each game and edition, random seeded games, refusals probed in their positions, teaching queries, notation,
save and position-file errors and a few hand-written positions reach every rule id of the catalog (but the ids
listed below as belonging to the other game). Each message is rendered in both languages; Lancashire's sentences
are checked against Lancashire's ruleset (empty-market prices, what a second rail needs, loan sizes, no merchants).
"""
from __future__ import annotations

import json
import random
import re
import tempfile
from collections import defaultdict
from importlib import resources
from pathlib import Path

import pytest
from test_glossary import GLOSSARY, forbidden

import brass_nb as bn
from brass_nb import quizbank
from brass_nb.bots import play_out, strengths
from brass_nb.bots.principles import plan, principles_of
from brass_nb.classroom.accounts import make_account
from brass_nb.classroom.answers import parse_answer
from brass_nb.classroom.passwords import enrol, read_class_list
from brass_nb.classroom.removal import stop_and_forget
from brass_nb.explain import CATALOGS, advice, reason
from brass_nb.explain import review as review_words
from brass_nb.quizbank import exercises
from brass_nb.rules import actions as A
from brass_nb.rules.catalog import RULES
from brass_nb.rules.errors import BrassError
from brass_nb.rules.facts import GameFacts, load_facts
from brass_nb.rules.game import RULES_VERSION, SAVE_FORMAT
from brass_nb.rules.notation import TWO_CARDS
from brass_nb.rules.randomplay import random_action
from brass_nb.rules.records import Step
from brass_nb.rules.ruleset import build_ruleset
from brass_nb.rules.turns import deck_for
from brass_nb.saves import MAX_SAVE_BYTES, game_from_json, load_game, parse_save
from brass_nb.scenario import library, read
from brass_nb.scenario.text import MAX_FILE_CHARS, decode
from brass_nb.widgets import Explorer

EDITIONS = (("birmingham", "roxley"), ("lancashire", "roxley"), ("lancashire", "2007"))

LANCASHIRE_ONLY = {
    "build.two_cards": "the double-card build", "build.two_cards_not_now": "the double-card build",
    "era.distant_reset": "the distant market", "sell.distant": "the distant market",
    "sell.distant_draw": "the distant market", "sell.no_demand": "the distant market",
    "sell.distant_closed": "the distant market", "sell.no_trade_connection": "the distant market",
    "sell.port": "cotton sold through ports", "sell.no_port": "ports", "sell.port_flipped": "ports",
    "loan.deck_empty": "no loans once the rail deck is empty", "loan.divider": "Roxley's rail divider",
    "era.divider_revealed": "Roxley's rail divider", "score.money": "money scores at the end",
    "scout.not_in_game": "Lancashire refuses scouting", "round.refill": "Warfrog 2007's hands refilled after the round",
    "query.no_beer": "Lancashire has no beer to look for",
}
BIRMINGHAM_ONLY = {
    "beer.sources": "beer", "beer.short": "beer", "beer.take": "beer", "query.beer_sources": "beer",
    "build.farm_brewery_card": "farm breweries",
    "build.two_cards_not_in_game": "Birmingham refuses the double-card build",
    "card.wild_returned": "wild cards", "scout.take": "scouting", "scout.card_count": "scouting",
    "scout.holding_wild": "scouting", "scout.no_wild_left": "scouting", "develop.lightbulb": "lightbulb potteries",
    "develop.bonus_is_free": "merchant beer bonuses", "sell.bonus_nothing_to_develop": "merchant beer bonuses",
    "sell.merchant": "merchants", "sell.merchant_beer": "merchants", "sell.merchant_wont_buy": "merchants",
    "sell.no_merchant": "merchants", "era.merchant_beer": "merchants", "sell.extra_beer": "beer",
    "scenario.merchant_space": "merchants", "income.skipped_last_round": "income is paid after the round",
    "shortfall.worthless": "only potteries II and IV cost £0 (Lancashire's £0 shipyard 0 is never built)",
    "scenario.no_distant_market": "Lancashire has a distant market",
    "quiz.wrong_owner": "whose beer a sale may use",
    "principle.beer_scarce": "beer", "principle.scout_wilds": "scouting",
}
LISTS_FILE_NAMES = {"quiz.unknown_lesson", "library.unknown"}
"""Refusals that list every lesson or ready scenario by file name, whichever game is played."""
NOT_REACHED = {
    "birmingham": LANCASHIRE_ONLY,
    "lancashire": BIRMINGHAM_ONLY,
}
EDITION_NOT_REACHED = {
    ("birmingham", "roxley"): {},
    ("lancashire", "roxley"): {"round.refill": "Roxley refills each hand at the end of its turn",
                               "loan.deck_empty": "Roxley's loans end with the round after the rail divider shows"},
    ("lancashire", "2007"): {"loan.divider": "Warfrog 2007 has no rail divider",
                             "era.divider_revealed": "Warfrog 2007 has no rail divider"},
}


def _probes(game: bn.Game, rng: random.Random) -> list[A.Action]:
    """Actions of every kind with names drawn from the board, most of them illegal here."""
    state, facts = game.state, game.facts
    player = game.current_player
    hand = list(game.players[player].hand)
    cards = hand + ["Wild Location", "Wild Industry", TWO_CARDS] + state.deck[:2]
    own = [label for label, t in state.tiles.items() if t.owner == player] or list(facts.board.slot_of)
    slots = list(facts.board.slot_of)
    towns = list(facts.board.locations)
    links = [link.label for link in facts.board.links] + ["Nowhere - Elsewhere"]
    buyers = list(state.merchants) + [A.DISTANT, "Nowhere[1]"] + slots
    industries = list(facts.industries)
    card = rng.choice(cards)
    return [
        A.Build(rng.choice(industries), rng.choice(towns), card, rng.choice([None, 1, 2]),
                coal=rng.choice([None, (rng.choice(slots),)])),
        A.Network(rng.choice(links), rng.choice([card, None]), beer=rng.choice([None, (rng.choice(slots),)])),
        A.Develop(rng.choice(industries + ["nothing"]), rng.choice([card, None]), free=rng.random() < 0.3),
        A.Sell(rng.choice(industries), rng.choice(own), rng.choice(buyers), rng.choice([card, None])),
        A.Sell(facts.sold_industries[0], rng.choice(own), rng.choice([A.DISTANT] + own), card),
        A.Loan(card, rng.choice([None, 10, 20, 25, 30])),
        A.Scout(tuple(rng.choice(cards) for _ in range(rng.choice([2, 3])))),
        A.Done(), A.Discard((rng.choice(cards), rng.choice(cards))), A.Remove(rng.choice(industries), rng.choice(own)),
        A.Pass(card),
    ]


def _refusals(game: bn.Game, actions) -> list[Step]:
    steps = []
    for action in actions:
        try:
            steps += game.why_not(action)
        except bn.IllegalAction as refusal:
            steps += refusal.steps
    return steps


def _random_games(name: str, edition: str, seeds: range) -> list[Step]:
    steps = []
    for seed in seeds:
        counts = load_facts(name, edition).rules.player_counts
        game = bn.new_game(name, players=counts[seed % len(counts)], seed=seed, edition=edition)
        rng = random.Random(seed)
        while not game.is_over:
            steps += game.play(random_action(game, rng)).steps
            if not game.is_over and (game.phase is not None or rng.random() < 0.3):
                steps += _refusals(game, _probes(game, rng))
        steps += _refusals(game, [A.Pass(game.facts.board.towns[0])])
        with pytest.raises(bn.IllegalAction) as over:
            game.hint()
        steps += over.value.steps
    return steps


def _coach_steps(name: str, edition: str, seeds: range = range(3)) -> list[Step]:
    """The coach's plan and principles for every move of a few seeded random games."""
    steps = []
    for seed in seeds:
        game = bn.new_game(name, players=3, seed=seed, edition=edition)
        rng = random.Random(seed)
        while not game.is_over:
            action = random_action(game, rng)
            explanation = game.copy().play(action)
            steps += [plan(action, explanation), *principles_of(game, action, explanation)]
            game.play(action)
    return steps


def _queries_and_errors(name: str, edition: str) -> list[Step]:
    """Queries, notation, undo and save errors: none of them needs a particular position."""
    game = bn.new_game(name, players=3, seed=5, edition=edition)
    town = next(iter(game.facts.board.towns))
    steps = [game.coal_sources(town), game.coal_sources("Nowhere"), game.iron_sources(), game.income_space(3),
             game.income_space(999), game.next_tile("castle"), game.rounds_per_era()]
    steps += [game.next_tile(industry) for industry in game.facts.industries]
    if game.facts.rules.sale.value == "merchants":
        steps.append(game.beer_sources(town))
    else:
        with pytest.raises(BrassError) as no_beer:
            game.beer_sources(town)
        steps += no_beer.value.steps
    for text in ("xyz", f"build coal Nowhere with card {town}", f"pass with card {town}; castle 3",
                 f"scout with cards {town}, {town}", f"discard {town}", f"sell cotton {town} to distant market"):
        try:
            game.parse(text)
        except bn.NotationError as refusal:
            steps += refusal.steps
    for attempt in (game.undo, game.redo, lambda: load_game("/nonexistent/save.json"),
                    lambda: game_from_json({"format": "chess"}),
                    lambda: game_from_json({"format": SAVE_FORMAT, "game": "tennis", "players": 2, "seed": 1}),
                    lambda: game_from_json({**game.to_json(), "actions": ["pass with card Nowhere"]})):
        with pytest.raises(BrassError) as refusal:
            attempt()
        steps += refusal.value.steps
    return steps


def _load_bytes(data: bytes) -> bn.Game:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "save.json"
        path.write_bytes(data)
        return load_game(path)


def _quiz_and_class_errors(game: bn.Game) -> list:
    """Quiz questions that do not fit their position, unknown lessons and scenarios, and a teacher's bad class list."""
    position, facts = game.position(), game.facts
    passing = next(str(action) for action in game.legal_actions() if str(action).startswith("pass"))
    no_coal = next(f"{loc.name}[{i + 1}]" for loc in facts.board.locations.values()
                   for i, icons in enumerate(loc.slots) if "coal" not in icons)

    def ask(kind: str, **fields):
        return lambda: quizbank.solve(quizbank.Question("mine", 1, kind, position, **fields), "en")

    def class_list(text: str):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "learners.txt"
            path.write_text(text, encoding="utf-8")
            return read_class_list(path)

    def unreachable_hub():
        with tempfile.TemporaryDirectory() as folder:
            token = Path(folder) / "teacher_api_token"
            token.write_text("x", encoding="utf-8")
            return stop_and_forget("aiko", "http://127.0.0.1:9", token)

    return [ask("coal_source", action=passing), ask("turn_order", action=passing), ask("era_removed", action=passing),
            ask("refusal", action=passing), ask("link_score", link="Nowhere - Elsewhere"),
            ask("build_card", industry="coal", slot=no_coal), ask("chess"), lambda: quizbank.questions("nope"),
            lambda: library.text("nope"), lambda: class_list("Aiko:x\n"), lambda: enrol(["Aiko"], Path("unused")),
            lambda: make_account("root"), unreachable_hub]


def _goal_steps(name: str, edition: str) -> list[Step]:
    """Every check an exercise's goal is made of, met and missed, judged on a spread of this game's opening moves."""
    facts = load_facts(name, edition)
    game = bn.new_game(name, players=facts.rules.player_counts[0], seed=3, edition=edition)
    town = next(iter(facts.board.towns))
    goal = [{"check": "builds", "industry": "coal"}, {"check": "builds", "industry": "coal", "location": town},
            {"check": "sells"}, {"check": "network_has", "location": town}, {"check": "kind", "kind": "loan"},
            {"check": "no_market", "resource": "coal"}, {"check": "source", "resource": "coal", "location": town},
            {"check": "first_next_round"},
            {"check": "best", "measure": "money"}]
    words = {"en": "x", "ja": "x"}
    exercise = exercises._exercise("mine", {"id": "every-check", "position": game.position(), "goal": goal,
                                            "story": words, "nudge": words, "principle": words})
    legal = game.legal_actions()
    return [step for action in legal[::max(1, len(legal) // 12)] for step in exercises.judge(exercise, action).steps]


def _quiz_feedback(name: str, edition: str) -> list[Step]:
    """Why each wrong option of a quiz is wrong: questions of every kind asked before each action of a random canal
    era (a kind that does not fit the action is refused and skipped), then on its last position's links."""
    counts = load_facts(name, edition).rules.player_counts
    game = bn.new_game(name, players=counts[-1], seed=3, edition=edition)
    rng, steps = random.Random(3), []

    def ask(kind: str, position: str, **fields) -> None:
        try:
            solution = quizbank.solve(quizbank.Question("", 0, kind, position, **fields), "en", minimum=2)
        except (BrassError, ValueError):
            return
        steps.extend(step for wrong in solution.wrong for step in wrong.steps)

    town = next(iter(game.facts.board.towns))
    while game.state.era == "canal":
        action, position = str(random_action(game, rng)), game.position()
        for kind in ("coal_source", "iron_source", "income_after", "turn_order", "era_removed"):
            ask(kind, position, action=action)
        if game.phase is None:
            ask("refusal", position, action=f"build {game.facts.industries[0]} {town} with card {TWO_CARDS}")
            if game.facts.rules.sale.value == "merchants":
                ask("beer_owner", position, location=town)
        last = position
        game.play(action)
    for link in read(last).game().state.links:
        ask("link_score", last, link=read(last).game().facts.board.links[link].label)
    return steps


def _rules_block(name: str) -> dict:
    """The game's rules block as its data file writes it (before any edition's block is laid over it)."""
    return json.loads(resources.files("brass_nb.data").joinpath(f"{name}.json").read_text(encoding="utf-8"))["rules"]


def _hostile_inputs(name: str, edition: str) -> list[Step]:
    """Unknown names, malformed notation and malformed position files, written with this game's names."""
    facts = load_facts(name, edition)
    game = bn.new_game(name, players=facts.rules.player_counts[0], seed=5, edition=edition)
    town = next(iter(facts.board.towns))
    attempts = [lambda: load_facts("tennis"), lambda: load_facts(name, "deluxe"), lambda: bn.set_language("fr"),
                lambda: game.parse(5), lambda: game.parse("x" * 600),
                lambda: game.parse(f"build coal {town} with card {town}; coal {town}[1],"),
                lambda: game.parse(f"loan £{'9' * 20} with card {town}"),
                lambda: read("game tennis\nplayers 2\n"),
                lambda: read(f"game {name}\nedition 1999\nplayers {facts.rules.player_counts[0]}\n"),
                lambda: read(_header(facts) + "action xyz\n").game(),
                lambda: read(_header(facts) + f"hand 2 {', '.join([town] * 40)}\n").game(),
                lambda: read(_header(facts) + "mat 1 coal 1\n").game(),
                lambda: read(_header(facts) + "title " + "x" * 2000 + "\n"),
                lambda: read("x" * (MAX_FILE_CHARS + 1)),
                lambda: decode(b"\xff\xfeg\x00a\x00", "position.brass"),
                lambda: bn.new_game(name, players=9, seed=1, edition=edition),
                lambda: bn.new_game(name, players=facts.rules.player_counts[0], seed=10**12, edition=edition),
                lambda: parse_save("[" * 20 + "]" * 20), lambda: parse_save("{oops"),
                lambda: parse_save('{"seed": ' + "9" * 40 + "}"),
                lambda: game_from_json({**game.to_json(), "version": 99}),
                lambda: game_from_json({**game.to_json(), "colour": "red"}),
                lambda: game_from_json({**game.to_json(), "seed": "7"}),
                lambda: game_from_json({**game.to_json(), "players": 9}),
                lambda: game_from_json({"format": SAVE_FORMAT, "version": 1, "game": "tennis",
                                        "scenario": game.position(), "actions": []}),
                lambda: _load_bytes(b"\xff\xfe{\x00}\x00"), lambda: _load_bytes(b" " * (MAX_SAVE_BYTES + 1)),
                lambda: load_game(5), lambda: load_game(Path(__file__).parent),
                lambda: parse_answer(b" " * 5000), lambda: parse_answer(b"nope"), lambda: parse_answer(b"{}"),
                lambda: parse_answer(b'{"notebook": 1, "question": "q", "answer": "a", "correct": true}'),
                lambda: game.save(Path(__file__).parent / "no such folder" / "game.json"),
                lambda: game_from_json({**game.to_json(), "rules": RULES_VERSION + 1}),
                lambda: game_from_json({key: value for key, value in game.to_json().items() if key != "rules"}
                                       | {"version": 1, "actions": ["pass with card Nowhere"]}),
                lambda: Explorer(game, seats=["human"] * (len(game.players) + 1)),
                lambda: Explorer(game, seats=["robot"] * len(game.players)),
                lambda: build_ruleset(name, edition, _rules_block(name), {"edition_name": "x", "income_paid": "never"}),
                lambda: play_out(game, [None]), lambda: play_out(game, ["robot"] * len(game.players)),
                lambda: advice.render({}, None, "en", "pdf"), lambda: bn.review(game, len(game.players)),
                lambda: bn.review(game, 0, depth="chess"), lambda: strengths.bot("grandmaster"),
                lambda: review_words.render({}, "en", "pdf")] + _quiz_and_class_errors(game)
    if facts.rules.distant_market is None:
        attempts.append(lambda: read(_header(facts) + "distant marker 1\n").game())
    steps = []
    for attempt in attempts:
        with pytest.raises(BrassError) as refusal:
            attempt()
        steps += refusal.value.steps
    return steps


def _first_card(facts: GameFacts) -> str:
    """The first town whose card is in the smallest game's deck."""
    deck = deck_for(facts, facts.rules.player_counts[0])
    return next(town for town in facts.board.towns if town in deck)


def _header(facts: GameFacts, era: str = "canal", hand: bool = True) -> str:
    edition = f"edition {facts.edition}\n" if facts.game == "lancashire" else ""
    first = _first_card(facts)
    return (f"game {facts.game}\n{edition}players {facts.rules.player_counts[0]}\nera {era}\nround 2\nturn 1\n"
            + (f"hand 1 {first}\n" if hand else ""))


def _position_errors(name: str, edition: str) -> list[Step]:
    """Every position-file error, written with this game's own names."""
    facts = load_facts(name, edition)
    board = facts.board
    town = next(loc for loc in board.locations.values() if loc.kind == "town" and len(loc.slots) >= 2)
    coal = next(f"{loc.name}[{i + 1}]" for loc in board.locations.values() for i, icons in enumerate(loc.slots)
                if icons == ["coal"] or icons == ("coal",))
    mill = next(f"{loc.name}[{i + 1}]" for loc in board.locations.values() for i, icons in enumerate(loc.slots)
                if facts.sold_industries[0] in icons)
    rail_only = next(link.label for link in board.links if not link.allows("canal"))
    both = [link.label for link in board.links if link.allows("rail")][:facts.rules.link_tiles + 1]
    first, second = town.slots[0][0], town.slots[1][0]

    def cubes(industry: str) -> str:
        return f" cubes {facts.tile(industry, 1).cubes_when_built('canal')}" if industry in facts.resource_of else ""
    printed = " ".join(str(spec.count) for spec in facts.tiles["coal"])
    lines = [f"tile {coal} player 1 {facts.sold_industries[0]} I",
             f"tile {town.name}[1] player 1 {first} I{cubes(first)}\ntile {town.name}[2] player 1 {second} I"
             f"{cubes(second)}", f"link {rail_only} player 1",
             f"mat 1 coal {printed}\ntile {coal} player 1 coal I cubes 1",
             "tile Nowhere[1] player 1 coal I cubes 1", f"tile {mill} player 1 {facts.sold_industries[0]} I cubes 2",
             f"tile {coal} player 1 coal I", f"tile {town.name}[9] player 1 coal I cubes 1",
             f"tile {coal} player 9 coal I cubes 1", "player 1 money -4", "castle 3",
             f"tile {coal} player 1 coal I cubes 1\ntile {coal} player 2 coal I cubes 1",
             f"link {both[0]} player 1\nlink {both[0]} player 2", "order 1 1",
             "player 1 money 50 income 5\nshortfall player 1 owes 5 position 1", "divider shown in round 1"]
    if facts.game == "birmingham":
        lines.append("merchant Warrington[1] buys cotton beer 1")
    steps = []
    for text in [_header(facts) + line + "\n" for line in lines] + [
            _header(facts, "rail") + f"tile {coal} player 1 coal I cubes 1\n",
            _header(facts, "rail") + "".join(f"link {label} player 1\n" for label in both),
            _header(facts, hand=False), _header(facts).replace("players ", "players 1")]:
        with pytest.raises(bn.ScenarioError) as refusal:
            read(text).game()
        steps += refusal.value.steps
    return steps


BIRMINGHAM_POSITIONS = (
    # The Gloucester merchant's free develop, with nothing left to develop, then asked for with iron.
    ("game birmingham\nplayers 2\nera canal\nround 2\nturn 1\nmerchant Gloucester[1] buys cotton beer 1\n"
     "hand 1 Wolverhampton, Burton-on-Trent\nhand 2 Kidderminster, Coventry\ntile Worcester[1] player 1 cotton I\n"
     "link Worcester - Gloucester player 1\n",
     ["sell cotton Worcester[1] to Gloucester[1] with card Wolverhampton; beer Gloucester[1]"], ["develop coal"]),
    ("game birmingham\nplayers 2\nera canal\nround 2\nturn 1\nmerchant Gloucester[1] buys cotton beer 0\n"
     "hand 1 Wolverhampton, Burton-on-Trent\nhand 2 Kidderminster, Coventry\ntile Worcester[1] player 1 cotton I\n"
     "merchant Gloucester[2] buys manufacturer beer 1\nlink Worcester - Gloucester player 1\n", [],
     ["sell cotton Worcester[1] to Gloucester[1] with card Wolverhampton",
      "sell cotton Worcester[1] to Gloucester[2] with card Wolverhampton"]),
    # A second sale in the same action takes no card.
    ("game birmingham\nplayers 2\nera canal\nround 2\nturn 1\nmerchant Oxford[1] buys cotton beer 1\n"
     "merchant Oxford[2] buys cotton beer 1\nhand 1 Wolverhampton, Burton-on-Trent\nhand 2 Kidderminster, Coventry\n"
     "tile Worcester[1] player 1 cotton I\ntile Birmingham[1] player 1 cotton I\nlink Worcester - Birmingham player 1\n"
     "link Birmingham - Oxford player 1\n",
     ["sell cotton Worcester[1] to Oxford[1] with card Wolverhampton; beer Oxford[1]"],
     ["sell cotton Birmingham[1] to Oxford[2] with card Burton-on-Trent; beer Oxford[2]",
      "sell cotton Birmingham[1] to Oxford[2]; beer Oxford[2], Worcester[1]"]),
    # A pottery II costs £0: it is never given up for negative income.
    ("game birmingham\nplayers 2\nera canal\nround 2\norder 2 1\nturn 1\n"
     "deck Coventry, Nuneaton, Redditch, Worcester, Kidderminster, Dudley, Cannock, Tamworth, Walsall, Stafford\n"
     "player 1 money 0 income 2\nhand 1 Wolverhampton, Burton-on-Trent\nhand 2 Kidderminster, Coalbrookdale\n"
     "tile Coventry[1] player 1 pottery II\n"
     "tile Dudley[1] player 1 coal I cubes 1\n",
     ["pass with card Wolverhampton", "pass with card Burton-on-Trent"],
     ["remove pottery Coventry[1]", "remove coal Cannock[1]"]),
)
LANCASHIRE_POSITION = ("game lancashire\nedition {edition}\nplayers 3\nera canal\nround 2\nturn 1\n"
                       "hand 1 Lancaster, Preston\nhand 2 Wigan\nhand 3 Bolton\ntile Preston[2] player 1 cotton I\n"
                       "tile Lancaster[1] player 2 port I flipped\nlink Lancaster - Preston player 1\n")
LANCASHIRE_ASKED = ("sell cotton Preston[2] to Lancaster[1] with card Lancaster",
                    "sell cotton Preston[2] to distant market with card Lancaster")


def _generic_positions(name: str, edition: str) -> list[Step]:
    """Positions written from this game's names: no tile left to build, no link tile left to place, and a player
    giving up industries for negative income."""
    facts = load_facts(name, edition)
    rail = [link.label for link in facts.board.links if link.allows("rail")][:facts.rules.link_tiles + 1]
    linked = read(_header(facts, "rail") + "".join(f"link {label} player 1\n" for label in rail[:-1])).game()
    first = _first_card(facts)
    coal = [f"{loc.name}[{i + 1}]" for loc in facts.board.locations.values() for i, icons in enumerate(loc.slots)
            if "coal" in icons]
    no_coal = read(_header(facts) + "mat 1 coal " + " ".join("0" for _ in facts.tiles["coal"]) + "\n").game()
    players = facts.rules.player_counts[0]
    order = " ".join(map(str, range(2, players + 1))) + " 1"
    towns = [card for card in dict.fromkeys(deck_for(facts, players)) if card in facts.board.towns]  # in this deck
    debt = read(f"game {name}\n" + (f"edition {edition}\n" if name == "lancashire" else "")
                + f"players {players}\nera canal\nround 2\norder {order}\nturn 1\nplayer 1 money 0 income 0\n"
                + f"hand 1 {towns[0]}, {towns[1]}\n" + "".join(f"hand {i} {towns[i]}\n" for i in range(2, players + 1))
                + f"deck {', '.join(towns[5:15])}\ntile {coal[0]} player 1 coal I cubes 1\n").game()
    steps = debt.play(f"pass with card {towns[0]}").steps + debt.play(f"pass with card {towns[1]}").steps
    return (_refusals(linked, [A.Network(rail[-1], first)])
            + _refusals(no_coal, [f"build coal {coal[0]} with card {first}"])
            + steps + _refusals(debt, [f"remove coal {coal[1]}"]))


def _positions(name: str, edition: str) -> list[Step]:
    """Hand-written positions for the few ids random play rarely reaches."""
    steps = []
    if name == "lancashire":
        game = read(LANCASHIRE_POSITION.format(edition=edition)).game()
        closed = read(LANCASHIRE_POSITION.format(edition=edition) + "distant closed\n").game()
        steps += _refusals(game, LANCASHIRE_ASKED[:1]) + _refusals(closed, LANCASHIRE_ASKED[1:])
    for text, played, asked in BIRMINGHAM_POSITIONS if name == "birmingham" else ():
        game = read(text).game()
        for action in played:
            steps += game.play(action).steps
        steps += _refusals(game, asked)
    if name == "birmingham":
        bonus = read(BIRMINGHAM_POSITIONS[0][0] + "".join(
            f"mat 1 {industry} " + " ".join(["0"] * len(load_facts(name).tiles[industry])) + "\n"
            for industry in load_facts(name).industries)).game()
        steps += bonus.play(BIRMINGHAM_POSITIONS[0][1][0]).steps
    return steps


@pytest.fixture(scope="module", params=EDITIONS, ids=lambda e: "-".join(e))
def reached(request) -> tuple[str, str, dict[str, list[Step]]]:
    name, edition = request.param
    by_rule: dict[str, list[Step]] = defaultdict(list)
    for step in (_random_games(name, edition, range(16)) + _queries_and_errors(name, edition)
                 + _position_errors(name, edition) + _positions(name, edition) + _generic_positions(name, edition)
                 + _hostile_inputs(name, edition) + _goal_steps(name, edition) + _quiz_feedback(name, edition)
                 + _coach_steps(name, edition)):
        if len(by_rule[step.rule]) < 300:
            by_rule[step.rule].append(step)
    return name, edition, by_rule


def test_every_rule_id_is_reached_and_rendered_in_both_languages(reached):
    name, edition, by_rule = reached
    others = dict(NOT_REACHED[name], **EDITION_NOT_REACHED[name, edition])
    assert not set(others) - set(RULES)
    assert sorted(set(RULES) - set(by_rule) - set(others)) == []
    assert sorted(set(by_rule) & set(others)) == []
    for rule, steps in by_rule.items():
        for step in steps:
            for language in CATALOGS:
                text = reason(step, language)
                assert text and "{" not in text and "None" not in text, (rule, language, text)


def _texts(by_rule: dict[str, list[Step]], rule: str, language: str = "en") -> list[str]:
    return [reason(step, language) for step in by_rule.get(rule, [])]


def test_lancashire_sentences_use_lancashire_numbers_and_words(reached):
    name, edition, by_rule = reached
    if name != "lancashire":
        pytest.skip("Lancashire's ruleset")
    rules = load_facts(name, edition).rules
    markets = load_facts(name, edition).markets
    for resource in ("coal", "iron"):
        empty = markets[resource].price_when_empty
        for text in _texts(by_rule, f"{resource}.market"):
            assert f"£{empty} each once" in text or f"costs £{empty} (the price of an empty market)" in text
            assert "£8" not in text and "£6" not in text
        for text in _texts(by_rule, f"{resource}.market", "ja"):
            assert f"空なら1個{empty}ポンド" in text or f"空なので、1個{empty}ポンド" in text
    seconds = [s for s in by_rule["network.place"] if s.facts["second"]]
    assert seconds
    for step in seconds:
        assert "beer" not in reason(step, "en") and "ビール" not in reason(step, "ja")
        assert f"costs £{rules.second_rail.money} and 1 coal cube)" in reason(step, "en")
    loans = {(loan.money, loan.levels) for loan in rules.loans}
    for step in by_rule["loan.take"]:
        assert (step.facts["money"], step.facts["levels"]) in loans
        levels = f"{step.facts['levels']} LEVEL" + ("S" if step.facts["levels"] > 1 else "")
        assert f"a £{step.facts['money']} loan" in reason(step, "en") and f"drops {levels}, not" in reason(step, "en")
    (space,) = by_rule["query.income_space"]
    assert f"A £{rules.largest_loan.money} loan from here drops {rules.largest_loan.levels} levels" in reason(space)
    for text in _texts(by_rule, "score.link"):
        assert "flipped industry tile" in text and "icons, not tiles" not in text
    for text in _texts(by_rule, "coal.market") + _texts(by_rule, "coal.no_source"):
        assert "a port or an external location" in text
    ranking = _texts(by_rule, "game.end")
    assert ranking and all("then earlier in the turn order after the last round" in t for t in ranking)
    for text in _texts(by_rule, "era.rail_begins"):
        assert rules.edition_name in text
    for text in _texts(by_rule, "sell.distant"):
        assert rules.edition_name in text
    for rule, steps in by_rule.items():
        if rule in LISTS_FILE_NAMES:
            continue
        for step in steps:
            assert not re.search(r"merchant|Gloucester|Oxford", reason(step, "en"), re.I), (rule, reason(step, "en"))
            ja = reason(step, "ja")
            assert "商人" not in ja and "グロスター" not in ja, (rule, ja)


def test_birmingham_sentences_keep_birmingham_numbers(reached):
    name, _, by_rule = reached
    if name != "birmingham":
        pytest.skip("Birmingham's ruleset")
    assert all("£8 each once the market is empty" in t for t in _texts(by_rule, "coal.market"))
    assert all("£6 each once it is empty" in t or "costs £6 (the price of an empty market)" in t
               for t in _texts(by_rule, "iron.market"))
    assert all("which a merchant shows" in t for t in _texts(by_rule, "coal.market"))
    seconds = [reason(s) for s in by_rule["network.place"] if s.facts["second"]]
    assert seconds and all("costs £10, 1 coal cube and 1 beer barrel" in t for t in seconds)
    assert all("a £30 loan" in t and "drops 3 LEVELS, not spaces" in t for t in _texts(by_rule, "loan.take"))
    assert "A £30 loan from here drops 3 levels" in reason(by_rule["query.income_space"][0])
    assert all("(icons, not tiles or their VP)" in t or "icons, not tiles" in t for t in _texts(by_rule, "score.link"))
    ranking = _texts(by_rule, "game.end")
    assert ranking and all(t.startswith("Final ranking (most VP, then highest income level, then most money):")
                           for t in ranking)
    (worthless,) = by_rule["shortfall.worthless"][:1]
    assert worthless.facts["slot"] == "Coventry[1]" and "£0" in reason(worthless)


@pytest.mark.parametrize("edition", ["roxley", "2007"])
def test_lancashire_final_ranking_names_turn_order_when_it_decides(edition):
    """Ties on VP, income level and money are broken by the final turn order, and the sentence says so."""
    decided = []
    for seed in range(60):
        counts = load_facts("lancashire", edition).rules.player_counts
        game = bn.rules.randomplay.random_game(counts[seed % len(counts)], seed, "lancashire", edition)
        game.undo()
        (end,) = game.redo().find("game.end")
        texts = {language: reason(end, language) for language in CATALOGS}
        if any(row["behind_by"] == "turn_order" for row in end.facts["ranking"]):
            decided.append(seed)
            assert "later in the final turn order" in texts["en"] and "最終の手番順が後" in texts["ja"]
    assert decided


def test_japanese_messages_use_only_the_glossary_terms(reached):
    """One term per concept: no alternative the glossary lists as "also seen" in any message reached."""
    if not GLOSSARY.exists():
        pytest.skip("the shared glossary is not beside this checkout")
    name, edition, by_rule = reached
    words = forbidden()
    places = sorted(load_facts(name, edition).translations["ja"].values(), key=len, reverse=True)
    for rule, steps in by_rule.items():
        for step in steps[:20]:
            text = reason(step, "ja")
            for place in places:                  # a town's name is no term (ストックポート holds ストック)
                text = text.replace(place, "")
            used = [w for w in words if w in text]
            assert not used, f"{name} {edition} {rule}: {used} in {text}"
