"""Record seeded random games as reference transcripts: every action, the legal-action list before it and the state
after it, each as a short hash. ``tests/test_recorded_games.py`` replays them and finds any difference, so that a
faster engine is shown to play exactly the same games (like a perft file pins move-generation counts).

Run: python scripts/record_games.py [--games 8]    (writes tests/recorded/<game>_<edition>_<n>p.txt)
Rewrite these files only when a rule change is meant to change games, say which rule in the commit, and raise
``RULES_VERSION`` (brass_nb/rules/game.py) with the new fingerprint (tests/test_recorded_games.py says which).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path

from brass_nb.rules.facts import editions, known_games, load_facts
from brass_nb.rules.game import Game, new_game
from brass_nb.rules.randomplay import random_action

OUT = Path(__file__).resolve().parent.parent / "tests" / "recorded"


def state_hash(game: Game) -> str:
    """The whole position (players, board, cards, markets, phase) as 16 hex digits."""
    text = json.dumps(game.state.to_dict(), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def legal_hash(game: Game) -> str:
    """The contents of the legal-action list, in any order, as 16 hex digits."""
    return hashlib.sha256("\n".join(sorted(game.legal_actions().texts())).encode()).hexdigest()[:16]


def configs() -> list[tuple[str, str, int]]:
    return [(name, edition, players) for name in known_games() for edition in editions(name)
            for players in load_facts(name, edition).rules.player_counts]


def record(name: str, edition: str, players: int, seed: int) -> list[str]:
    """``seed N`` then one line per decision: action, legal count, legal hash, state hash after the action."""
    game = new_game(name, players=players, seed=seed, edition=edition)
    rng = random.Random(seed)
    lines = [f"seed {seed} start {state_hash(game)}"]
    while not game.is_over:
        count, before = len(game.legal_actions()), legal_hash(game)
        action = random_action(game, rng)
        game.play(action)
        lines.append(f"{action}\t{count}\t{before}\t{state_hash(game)}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games per game, edition and player count")
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    for name, edition, players in configs():
        lines = []
        for seed in range(args.games):
            lines += record(name, edition, players, seed)
        path = OUT / f"{name}_{edition}_{players}p.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{path.name}: {args.games} games, {len(lines) - args.games} decisions")


if __name__ == "__main__":
    main()
