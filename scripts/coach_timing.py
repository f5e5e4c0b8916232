"""CPU time of the coach's hint and of the default bot's move at the start, middle and end of seeded 4-player games.

Run: python scripts/coach_timing.py --birmingham 3 --lancashire 1 [--every 2] [--seed 0]

Greedy bots play every seat, which keeps a run short; in the positions of a stage the script asks, every
``--every``-th decision, for ``game.hint()`` (:func:`brass_nb.bots.hint`, default budget) and for the choice of
the strong bot a table seats (the default :class:`SearchBot`, stopped at ``strengths.TABLE_SECONDS``), timing
each with :func:`time.process_time` (another job's work on a shared machine does not count), and then plays
greedy's choice. The stages, by the round and the cards left in the era:

- start: rounds 1 and 2 of the canal era;
- middle: the canal era's last round and the rail era's first;
- end: the rail era's last two rounds.

It prints, per game and stage, the number of samples, the median and the 90th percentile in milliseconds.
"""
from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import defaultdict
from collections.abc import Callable

from brass_nb.bots import GreedyBot, strengths
from brass_nb.bots.hints import hint
from brass_nb.rules.game import Game, new_game

STAGES = ("start", "middle", "end")
PLAYERS = 4


def stage_of(game: Game) -> str | None:
    """The stage the position belongs to, or None between stages."""
    state = game.state
    per_round = len(state.players) * state.facts.rules.actions_per_turn
    rounds_left = math.ceil((len(state.deck) + sum(len(p.hand) for p in state.players)) / per_round)
    if state.era == "canal":
        return "start" if state.round <= 2 else "middle" if rounds_left <= 1 else None
    return "middle" if state.round <= 1 else "end" if rounds_left <= 2 else None


def cpu_time(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def time_game(game_name: str, seed: int, every: int, samples: dict[tuple[str, str, str], list[float]]) -> None:
    """Play one greedy game, adding the hint's and the bot's CPU time at every ``every``-th staged decision."""
    game = new_game(game_name, players=PLAYERS, seed=seed)
    greedy = GreedyBot()
    table_bot = strengths.bot("strong", seed, strengths.TABLE_SECONDS)
    staged = 0
    while not game.is_over:
        stage = stage_of(game)
        if stage is not None:
            if staged % every == 0:
                samples[game_name, stage, "hint"].append(cpu_time(lambda: hint(game)))
                samples[game_name, stage, "bot move"].append(cpu_time(lambda: table_bot.choose(game)))
            staged += 1
        game.play(greedy.choose(game))


def percentile_90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--birmingham", type=int, default=3, help="Birmingham games")
    parser.add_argument("--lancashire", type=int, default=1, help="Lancashire games")
    parser.add_argument("--every", type=int, default=2, help="time every n-th decision of a stage")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    args = parser.parse_args()

    samples: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    start = time.perf_counter()
    for game_name, games in (("birmingham", args.birmingham), ("lancashire", args.lancashire)):
        for i in range(games):
            time_game(game_name, args.seed + i, args.every, samples)
    print(f"{PLAYERS}-player games: {args.birmingham} Birmingham, {args.lancashire} Lancashire, seeds from "
          f"{args.seed}, every {args.every} staged decision(s); {time.perf_counter() - start:.0f} s wall-clock")
    print(f"{'game':<11} {'stage':<7} {'what':<9} {'n':>4} {'median ms':>10} {'p90 ms':>8}")
    for game_name in ("birmingham", "lancashire"):
        for stage in STAGES:
            for what in ("hint", "bot move"):
                values = samples.get((game_name, stage, what))
                if values:
                    print(f"{game_name:<11} {stage:<7} {what:<9} {len(values):>4} "
                          f"{statistics.median(values) * 1e3:>10.0f} {percentile_90(values) * 1e3:>8.0f}")


if __name__ == "__main__":
    main()
