"""Tune the evaluation's weights by self-play: a coordinate search scored by paired-deal games against a fixed field.

Run: python scripts/tune.py --deals 25 --rounds 2 --jobs 2 [--start tuned] > tune.log

Each candidate weight set plays a GreedyBot in one seat against three GreedyBots with the weights of the field
(``baseline`` in ``brass_nb/bots/weights.json``: the weights before any tuning), on the same ``--deals`` deals, each
with the candidate in every seat. GreedyBot is deterministic, so every candidate meets exactly the same deals and
seats (common random numbers): a difference between candidates comes from the weights, not from the luck of the
draw. The score is the candidate's mean margin over the best rival (VP), which varies less than the win rate; the
win share is printed beside it.

The search (coordinate descent): from the start weights, each round takes the weights one at a time, tries it one
step up and one step down (a factor for positive weights, plus or minus a step for shares, kept in their range)
and keeps the better step when it beats the current score by ``--min-gain`` VP; it stops after ``--rounds`` rounds
or a round with no change. Tuning deals
use seeds from ``--seed`` (default 1000), so the tournament that then checks the result on seeds 0.. is not the
data the weights were fitted to.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import asdict, fields, replace
from multiprocessing import Pool

from brass_nb.bots import GreedyBot
from brass_nb.bots.evaluation import Weights, named_weights
from brass_nb.rules.game import new_game

SHARES = {"flip_chance", "unconnected", "cube_keep_chance", "rivals", "income_discount"}
"""Weights that are shares (kept between 0 and 1, stepped by adding); the rest are stepped by a factor."""
SHARE_STEP, FACTOR = 0.15, 1.6


def play(job: tuple[Weights, Weights, str, int, int, int]) -> tuple[float, float]:
    """One game: the candidate's margin over the best rival, and its share of first place."""
    candidate, field, game_name, players, seed, seat = job
    game = new_game(game_name, players=players, seed=seed)
    bots = [GreedyBot(candidate if s == seat else field) for s in range(players)]
    while not game.is_over:
        game.play(bots[game.current_player].choose(game))
    vp = [p.vp for p in game.state.players]
    first = [row["player"] for row in game.scores() if row["place"] == 1]
    return vp[seat] - max(v for i, v in enumerate(vp) if i != seat), (seat in first) / len(first)


def score(pool: Pool, candidate: Weights, field: Weights, args: argparse.Namespace) -> tuple[float, float]:
    jobs = [(candidate, field, args.game, args.players, args.seed + deal, seat)
            for deal in range(args.deals) for seat in range(args.players)]
    results = pool.map(play, jobs)
    return statistics.mean(m for m, _ in results), statistics.mean(w for _, w in results)


def steps(weights: Weights) -> list[tuple[str, Weights]]:
    """Every one-step change of one weight, named."""
    out = []
    for f in fields(Weights):
        value = getattr(weights, f.name)
        if f.name in SHARES:
            options = [min(1.0, round(value + SHARE_STEP, 3)), max(0.0, round(value - SHARE_STEP, 3))]
        elif isinstance(value, int):
            options = [round(value * FACTOR), round(value / FACTOR)]
        else:
            options = [round(value * FACTOR, 3), round(value / FACTOR, 3)] if value else [0.2]
        for option in dict.fromkeys(options):
            if option != value:
                out.append((f"{f.name} {value} -> {option}", replace(weights, **{f.name: option})))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="birmingham")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--min-gain", type=float, default=0.5)
    parser.add_argument("--start", default="baseline", help="weights to start from: baseline or tuned")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    field = named_weights("baseline")
    current = named_weights(args.start)
    with Pool(args.jobs) as pool:
        start = time.perf_counter()
        best, share = score(pool, current, field, args)
        print(f"start {args.start}: margin {best:+.2f} VP, win share {share:.1%}", flush=True)
        for round_number in range(1, args.rounds + 1):
            changed = False
            for f in fields(Weights):
                tried = [(score(pool, weights, field, args), name, weights)
                         for name, weights in steps(current) if name.startswith(f.name + " ")]
                for (margin, won), name, _ in tried:
                    print(f"  round {round_number}: {name}: margin {margin:+.2f} VP, win share {won:.1%} "
                          f"({time.perf_counter() - start:.0f} s)", flush=True)
                if not tried:
                    continue
                (margin, won), name, weights = max(tried, key=lambda t: t[0][0])
                if margin >= best + args.min_gain:
                    best, share, current, changed = margin, won, weights, True
                    print(f"round {round_number}: kept {name}: margin {best:+.2f} VP, win share {share:.1%}",
                          flush=True)
            if not changed:
                print(f"round {round_number}: no change beats {best:+.2f} VP by {args.min_gain}", flush=True)
                break
    print("tuned weights:", asdict(current), file=sys.stdout, flush=True)


if __name__ == "__main__":
    main()
