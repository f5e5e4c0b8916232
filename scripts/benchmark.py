"""Speed of the rules core and the explanations: random 4-player games per second, the median time of
legal_actions(), and the median time to render one played action's explanation.

Run: python scripts/benchmark.py [--games N]
Games are played by brass_nb.rules.randomplay (seeded); legal_actions() is timed on a fresh position
object each time (no cache), at every decision of those games.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from brass_nb.explain import render_html, render_markdown, render_text
from brass_nb.rules.game import new_game
from brass_nb.rules.randomplay import random_action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()

    start = time.perf_counter()
    decisions = 0
    for seed in range(args.games):
        game = new_game("birmingham", players=args.players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(random_action(game, rng))
            decisions += 1
    elapsed = time.perf_counter() - start
    print(f"{args.games} random {args.players}-player games in {elapsed:.2f} s: "
          f"{args.games / elapsed:.1f} games/s, {decisions / args.games:.0f} decisions per game")

    timings = []
    for seed in range(min(args.games, 20)):
        game = new_game("birmingham", players=args.players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game._legal = None
            game._view = None
            t = time.perf_counter()
            game.legal_actions()
            timings.append(time.perf_counter() - t)
            game.play(random_action(game, rng))
    report("legal_actions()", timings, "positions")

    renders = {name: [] for name in ("text", "markdown", "html")}
    for seed in range(min(args.games, 10)):
        game = new_game("birmingham", players=args.players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            explanation = game.play(random_action(game, rng))
            for name, render in (("text", render_text), ("markdown", render_markdown), ("html", render_html)):
                for language in ("en", "ja"):
                    t = time.perf_counter()
                    render(explanation, language)
                    renders[name].append(time.perf_counter() - t)
    for name, times in renders.items():
        report(f"render {name} (en+ja)", times, "explanations")


def report(what: str, timings: list[float], unit: str) -> None:
    timings.sort()
    print(f"{what}: median {statistics.median(timings) * 1e3:.3f} ms, "
          f"90th percentile {timings[int(len(timings) * 0.9)] * 1e3:.3f} ms, max {timings[-1] * 1e3:.2f} ms "
          f"over {len(timings)} {unit}")


if __name__ == "__main__":
    main()
