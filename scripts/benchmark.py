"""Speed of the rules core, the explanations, the bots and the pictures: random 4-player games per second, the
median time of legal_actions(), of Game.copy(), of a GreedyBot decision and of a hint, of rendering one played
action's explanation, of drawing a mid-game position, and of the live picture the Explorer shows (a new position,
a new highlight).

Run: python scripts/benchmark.py [--games N]
Games are played by brass_nb.rules.randomplay (seeded); legal_actions() is timed on a fresh position
object each time (no cache), at every decision of those games.

The machine may be shared: each picture line also gives its median as a multiple of a fixed pure-Python loop
(the calibration, timed in the same run), a ratio that changes much less with the load than milliseconds do.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from brass_nb.bots import GreedyBot, RandomBot
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
            game.state.mark_changed()               # time generation, not the cache
            t = time.perf_counter()
            game.legal_actions()
            timings.append(time.perf_counter() - t)
            game.play(random_action(game, rng))
    report("legal_actions()", timings, "positions")

    copies = []
    for seed in range(min(args.games, 10)):
        game = new_game("birmingham", players=args.players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            t = time.perf_counter()
            game.copy()
            copies.append(time.perf_counter() - t)
            game.play(random_action(game, rng))
    report("Game.copy()", copies, "positions")

    greedy, hints = [], []
    for seed in range(min(args.games, 5)):
        game = new_game("birmingham", players=args.players, seed=seed)
        seats = [GreedyBot()] + [RandomBot(seed * 10 + i) for i in range(1, args.players)]
        while not game.is_over:
            bot = seats[game.current_player]
            t = time.perf_counter()
            action = bot.choose(game)
            if bot.name == "greedy":
                greedy.append(time.perf_counter() - t)
                if len(greedy) % 10 == 1:        # a hint (default budget) every tenth GreedyBot decision
                    t = time.perf_counter()
                    game.hint()
                    hints.append(time.perf_counter() - t)
            game.play(action)
    report("GreedyBot decision (against RandomBot)", greedy, "decisions")
    report("game.hint() with the default budget", hints, "hints")

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

    from brass_nb.plot import draw, png

    calibration = calibrate()
    print(f"calibration (a fixed pure-Python loop): median {calibration * 1e3:.3f} ms")
    game = busiest_position(args.players)
    pictures = []
    for _ in range(15):
        t = time.perf_counter()
        png(draw(game))
        pictures.append(time.perf_counter() - t)
    report(f"draw a {args.players}-player mid-game position ({len(game.state.tiles)} tiles, "
           f"{len(game.state.links)} links) to PNG", pictures, "drawings", calibration)
    live_pictures(game.copy(), calibration)

    from brass_nb.widgets import Explorer

    explorer = Explorer(game)
    changes = []
    for _, kind in explorer.kind.options * 3:
        t = time.perf_counter()
        explorer.kind.value = kind        # the Explorer narrows the next dropdowns, previews, redraws
        changes.append(time.perf_counter() - t)
    report("Explorer: change a dropdown (explanation and picture updated)", changes, "changes", calibration)


def calibrate(rounds: int = 15) -> float:
    """Median seconds of a fixed pure-Python loop: the unit that makes timings of noisy runs comparable."""
    timings = []
    for _ in range(rounds):
        t = time.perf_counter()
        total = 0
        for i in range(200_000):
            total += i * i
        timings.append(time.perf_counter() - t)
    return statistics.median(timings)


def live_pictures(game, calibration: float) -> None:
    """The Explorer's picture (brass_nb.plot.live): a position change (the pieces a move adds drawn, all laid on
    the printed board, encoded) and a highlight change (the overlays of one played action drawn and encoded)."""
    from brass_nb.plot.live import LiveBoard
    from brass_nb.plot.pieces import sheet

    rng = random.Random(0)
    LiveBoard(game).png()                          # the printed board and the position's pieces, once
    moves, highlights = [], []
    for _ in range(15):
        if game.is_over:
            break
        explanation = game.play(random_action(game, rng))
        t = time.perf_counter()
        board = LiveBoard(game)
        board.png()
        moves.append(time.perf_counter() - t)
        t = time.perf_counter()
        board.png(explanation.steps)
        highlights.append(time.perf_counter() - t)
    report("live picture: the position after a move (its new pieces drawn, all laid, PNG)", moves, "moves", calibration)
    report("live picture: a highlight changed on the same position, to PNG", highlights, "highlights", calibration)
    laid = []
    for _ in range(15):
        t = time.perf_counter()
        sheet(game.facts, LiveBoard(game).language).position(game.state)
        laid.append(time.perf_counter() - t)
    report("live picture: a known position laid from kept pieces (no drawing, no PNG)", laid, "positions",
           calibration)


def busiest_position(players: int):
    """The seeded random position with the most tiles and links on the board (a crowded mid-game)."""
    best = (0, 0, 0)
    for seed in range(10):
        game = new_game("birmingham", players=players, seed=seed)
        rng = random.Random(seed)
        decisions = 0
        while not game.is_over:
            game.play(random_action(game, rng))
            decisions += 1
            best = max(best, (len(game.state.tiles) + len(game.state.links), seed, decisions))
    _, seed, decisions = best
    game = new_game("birmingham", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        game.play(random_action(game, rng))
    return game


def report(what: str, timings: list[float], unit: str, calibration: float | None = None) -> None:
    timings.sort()
    ratio = f" ({statistics.median(timings) / calibration:.2f} x calibration)" if calibration else ""
    print(f"{what}: median {statistics.median(timings) * 1e3:.3f} ms{ratio}, "
          f"90th percentile {timings[int(len(timings) * 0.9)] * 1e3:.3f} ms, max {timings[-1] * 1e3:.2f} ms "
          f"over {len(timings)} {unit}")


if __name__ == "__main__":
    main()
