"""What every position of every game keeps, checked over seeded random games by the property tests and by
``scripts/soak.py``: money and cubes conserved, tiles, links, cards and wild cards all accounted for, every action
played was legal and its notation reads back, and the final position is reproduced by a replay and by a save."""
from __future__ import annotations

import os
import random

import brass_nb as bn
from brass_nb.explain import render_text
from brass_nb.rules.facts import editions, known_games, load_facts
from brass_nb.rules.randomplay import random_action
from brass_nb.rules.state import State
from brass_nb.rules.turns import deal_deck
from brass_nb.saves import game_from_json

RESOURCES = (("coal", "coal"), ("iron", "iron"), ("beer", "brewery"))
CONFIGS = [(game, edition, players) for game in known_games() for edition in editions(game)
           for players in load_facts(game, edition).rules.player_counts]
"""Every (game, edition, player count) there is."""


def games_per_config(default: int) -> int:
    """How many random games to play per configuration: ``BRASS_GAMES`` when set, else ``default``."""
    return int(os.environ.get("BRASS_GAMES", default))


def broken_invariants(game: bn.Game) -> list[str]:
    """Every ledger of the position that does not balance, in words (empty when all hold)."""
    s = game.state
    facts = s.facts
    broken = []
    if sum(p.money for p in s.players) + s.bank != 0:
        broken.append("money is not only moved between players and the bank")
    for resource, industry in RESOURCES:
        on_tiles = sum(t.cubes for t in s.tiles.values() if t.industry == industry)
        merchant = sum(m.beer for m in s.merchants.values()) if resource == "beer" else 0
        if on_tiles + s.markets.get(resource, 0) + merchant + s.supply[resource] != 0:
            broken.append(f"{resource} cubes are created or lost")
    tiles_owned = sum(t.count for ts in facts.tiles.values() for t in ts)
    for p in s.players:
        if p.money < 0 or p.vp < 0 or p.links_left < 0:
            broken.append(f"player {p.index + 1} has negative money, VP or links")
        on_board = sum(1 for t in s.tiles.values() if t.owner == p.index)
        if on_board + p.tiles_on_mat() + p.tiles_gone != tiles_owned:
            broken.append(f"player {p.index + 1}'s tiles are not all on the board, the mat or gone")
        if any(n < 0 for counts in p.mat.values() for n in counts):
            broken.append(f"player {p.index + 1}'s mat has a negative count")
        if p.links_left + sum(1 for o in s.links.values() if o == p.index) != 14:
            broken.append(f"player {p.index + 1}'s links are not all on the board or left")
    if any(t.cubes < 0 for t in s.tiles.values()):
        broken.append("a tile holds a negative number of cubes")
    if not all(0 <= s.markets[m] <= len(facts.markets[m].prices) for m in s.markets):
        broken.append("a market holds more cubes than it has spaces")
    cards = len(s.deck) + len(s.set_aside) + sum(len(p.hand) + len(p.discard) for p in s.players)
    wilds_out = sum(1 for p in s.players for c in p.hand if c in s.wilds)
    if cards - wilds_out != len(deal_deck(State(facts, len(s.players), 0))):
        broken.append("cards are created or lost")
    if sum(s.wilds.values()) + wilds_out != facts.wild_location + facts.wild_industry:
        broken.append("wild cards are created or lost")
    if s.distant is not None and len(s.distant.tiles) + len(s.distant.drawn) != len(
            facts.rules.distant_market.pile(len(s.players))):
        broken.append("distant market tiles are created or lost")
    return broken


def play_checked(name: str, edition: str | None, players: int, seed: int) -> tuple[bn.Game, list[str]]:
    """Play a seeded random game to the end, checking every position; the game and what broke (numbered by the
    action after which it broke). Stops at the first action after which something broke."""
    game = bn.new_game(name, players=players, seed=seed, edition=edition)
    rng = random.Random(seed)
    last = None
    while not game.is_over:
        action = random_action(game, rng)
        broken = [] if action in game.legal_actions() else ["the action is not in legal_actions()"]
        if game.parse(str(action)) != action:
            broken.append("the action's notation does not read back to it")
        last = game.play(action)
        broken += broken_invariants(game)
        if broken:
            return game, [f"after action {len(game.log)} ({action}): {b}" for b in broken]
    return game, _final_breaks(game, last)


def _final_breaks(game: bn.Game, last: bn.Explanation | None) -> list[str]:
    broken = []
    if game.state.era != "rail" or game.legal_actions() != []:
        broken.append("the game ended before the end of the rail era")
    winner_vp = str(game.scores()[0]["vp"])
    for language in ("en", "ja"):              # the final ranking, with every tie-break, reads in both languages
        if last is None or not last.find("game.end") or winner_vp not in render_text(last, language):
            broken.append(f"the final ranking does not read in {language}")
    final = game.state.to_dict()
    start = game.to_json()
    replay = bn.new_game(start["game"], players=start["players"], seed=start["seed"], edition=start["edition"])
    for action in game.log:
        replay.play(action)
    if replay.state.to_dict() != final:
        broken.append("replaying the log gives another position")
    if game_from_json(game.to_json()).state.to_dict() != final:
        broken.append("saving and loading gives another position")
    return broken
