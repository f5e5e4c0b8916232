"""Play seeded random games with every view checked against one made from nothing (the debug mode of
:mod:`brass_nb.rules.viewcheck`), with copies playing ahead, undo, redo and hints interleaved as a learner and the
bots would, for every (game, edition, player count).

    PYTHONPATH=. python scripts/check_views.py --games 200

Prints, per configuration, the games, moves, copies, undos, redos, hints and views checked, and stops at the first
stale answer with its question and both answers.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

sys.path.insert(0, str(Path(__file__).resolve().parent))

from record_games import configs  # noqa: E402

from brass_nb.rules import view as view_module  # noqa: E402
from brass_nb.rules import viewcheck  # noqa: E402
from brass_nb.rules.game import new_game  # noqa: E402
from brass_nb.rules.randomplay import random_action  # noqa: E402
from brass_nb.rules.view import View  # noqa: E402

CONFIGS = configs()
"""Every (game, edition, player count), as the recorded games have them."""


def play_checked(name: str, edition: str | None, players: int, seed: int, tally: Counter[str]) -> None:
    """One seeded game, its decisions mixed: mostly a random move, sometimes an undo (and a redo), a copy that
    plays a few moves ahead and is dropped, or a hint (one ply, or a short search over copies)."""
    game, rng = new_game(name, players=players, seed=seed, edition=edition), random.Random(seed)
    while not game.is_over:
        roll = rng.random()
        if roll < 0.04 and game.log:
            game.undo()
            tally["undos"] += 1
            if rng.random() < 0.5:
                game.redo()
                tally["redos"] += 1
        elif roll < 0.08:
            ahead = game.copy()
            for _ in range(rng.randrange(1, 6)):
                if ahead.is_over:
                    break
                ahead.play(random_action(ahead, rng))
            tally["copies"] += 1
        elif roll < 0.09:
            game.hint(budget=0 if rng.random() < 0.7 else 12)
            tally["hints"] += 1
        else:
            game.play(random_action(game, rng))
            tally["moves"] += 1
    tally["games"] += 1


def counting(check: Callable[[View], None], tally: Counter[str]) -> Callable[[View], None]:
    def counted(view: View) -> None:
        check(view)
        tally["views checked"] += 1
    return counted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per configuration")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    args = parser.parse_args()
    view_module.CHECK_ANSWERS = True
    check = viewcheck.check_view
    for name, edition, players in CONFIGS:
        tally: Counter[str] = Counter()
        viewcheck.check_view = counting(check, tally)
        start = time.perf_counter()
        for seed in range(args.seed, args.seed + args.games):
            play_checked(name, edition, players, seed, tally)
        figures = ", ".join(f"{tally[what]} {what}" for what in ("games", "moves", "copies", "undos", "redos", "hints",
                                                                 "views checked"))
        print(f"{name} {edition or ''} {players}p: {figures} ({time.perf_counter() - start:.0f} s): no stale answer",
              flush=True)


if __name__ == "__main__":
    main()
