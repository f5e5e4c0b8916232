"""Speed of the rules core, the explanations, the bots and the pictures.

Rules core (the figures of issue 15, each compared with ``scripts/benchmark_baseline.json``): random 4-player
games per second (CPU time), the full legal-action list (``len(game.legal_actions())``, the first ask in each
position reached by those games: every group sized, source plans computed unless an earlier position's still
hold), ``Game.copy()``, and the CPU time of a cold ``import brass_nb`` (a new interpreter each time). Then a
GreedyBot decision, a hint, rendering explanations, drawing a position and the Explorer's live picture.

Run: python scripts/benchmark.py [--games N] [--rules-only] [--write-baseline] [--against CHECKOUT]

The machine may be shared: every time is CPU time (another job's work does not count), and each rules figure is
also given as a multiple of a fixed pure-Python loop (the calibration, timed in the same run, several times
between the measurements), a ratio that changes much less with the machine's speed of the moment than
milliseconds do. The baseline file holds those ratios for an earlier commit; "x faster" compares ratios.
``--write-baseline`` replaces the file with this run's figures (do that only on the commit meant as the baseline).
The ratio to a calibration still moves with the load; ``--against`` a checkout of another commit (``git worktree
add ../base e8036bf``) measures both trees in alternating interpreters, the fairest comparison this machine allows.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from brass_nb.rules.game import Game, new_game
from brass_nb.rules.randomplay import random_action

BASELINE = Path(__file__).with_name("benchmark_baseline.json")
COLD_IMPORT = "import time; t = time.process_time(); import brass_nb; print(time.process_time() - t)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rules-only", action="store_true", help="only the rules core's figures")
    parser.add_argument("--write-baseline", action="store_true", help="write this run's rules figures as baseline")
    parser.add_argument("--against", metavar="CHECKOUT", help="measure this tree and another checkout's brass_nb "
                        "side by side, in alternating interpreters, and print the ratios")
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs of each tree, with --against")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)   # one measurement, for --against
    args = parser.parse_args()

    if args.json:
        print(json.dumps(measure(args.games, args.players)))
        return
    if args.against:
        side_by_side(args.against, args.games, args.players, args.rounds)
        return
    figures = measure(args.games, args.players)
    calibration = figures.pop("calibration")
    decisions = figures.pop("decisions")
    baseline = json.loads(BASELINE.read_text(encoding="utf-8")) if BASELINE.exists() else None
    print(f"calibration (a fixed pure-Python loop): median {calibration * 1e3:.3f} ms")
    print(f"{args.games} random {args.players}-player Birmingham games: {1 / figures['game']:.1f} games/s (CPU time), "
          f"{decisions:.0f} decisions per game{compared(figures, 'game', calibration, baseline)}")
    print(f"legal_actions(), whole list: median {figures['legal_actions_median'] * 1e6:.0f} µs"
          f"{compared(figures, 'legal_actions_median', calibration, baseline)}, 90th percentile "
          f"{figures['legal_actions_p90'] * 1e6:.0f} µs{compared(figures, 'legal_actions_p90', calibration, baseline)}")
    if "copy_median" in figures:
        print(f"Game.copy(): median {figures['copy_median'] * 1e6:.0f} µs"
              f"{compared(figures, 'copy_median', calibration, baseline)}")
    print(f"cold import brass_nb: median {figures['import_cpu'] * 1e3:.0f} ms of CPU time"
          f"{compared(figures, 'import_cpu', calibration, baseline)}")
    if args.write_baseline:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                cwd=Path(__file__).parent).stdout.strip()
        BASELINE.write_text(json.dumps({
            "commit": commit, "games": args.games, "players": args.players, "calibration_s": calibration,
            "seconds": figures, "x_calibration": {name: value / calibration for name, value in figures.items()},
        }, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {BASELINE.name} for commit {commit}")
    if args.rules_only:
        return
    others(args.players)


def measure(games: int, players: int) -> dict[str, float]:
    """The rules core's figures in seconds of CPU time (and the calibration's, and decisions per game)."""
    calibrations = [calibrate()]
    start = time.process_time()
    decisions = sum(1 for _ in random_positions(games, players))
    per_game = (time.process_time() - start) / games
    calibrations.append(calibrate())

    listing = []
    for game in random_positions(min(games, 20), players):
        t = time.process_time()
        len(game.legal_actions())
        listing.append(time.process_time() - t)
    calibrations.append(calibrate())

    copies = []
    for game in random_positions(min(games, 10) if hasattr(new_game("birmingham"), "copy") else 0, players):
        t = time.process_time()                      # (commits before Game.copy existed have no figure)
        game.copy()
        copies.append(time.process_time() - t)
    imports = cold_imports(7)
    calibrations.append(calibrate())
    return {
        "game": per_game,
        "legal_actions_median": statistics.median(listing),
        "legal_actions_p90": percentile(listing, 0.9),
        **({"copy_median": statistics.median(copies)} if copies else {}),
        "import_cpu": statistics.median(imports),
        "calibration": statistics.median(calibrations),
        "decisions": decisions / games,
    }


def random_positions(games: int, players: int) -> Iterator[Game]:
    """Every decision of seeded random games (seeds 0, 1, …), the game shown before its player moves."""
    for seed in range(games):
        game = new_game("birmingham", players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            yield game
            game.play(random_action(game, rng))


def side_by_side(other: str, games: int, players: int, rounds: int) -> None:
    """The same measurement of this tree's brass_nb and another checkout's, in alternating interpreters (so both
    meet the same load), each figure's median over the rounds and the ratio between them."""
    trees = {"this tree": str(Path(__file__).resolve().parent.parent), other: str(Path(other).resolve())}
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for _ in range(rounds):
        for name, tree in trees.items():
            env = dict(os.environ, PYTHONPATH=tree)
            done = subprocess.run([sys.executable, __file__, "--json", "--games", str(games), "--players",
                                   str(players)], capture_output=True, text=True, check=True, env=env)
            runs[name].append(json.loads(done.stdout))
    mine, theirs = runs["this tree"], runs[other]
    for figure in ("game", "legal_actions_median", "legal_actions_p90", "copy_median", "import_cpu"):
        if figure in mine[0] and figure in theirs[0]:
            now = statistics.median(run[figure] for run in mine)
            then = statistics.median(run[figure] for run in theirs)
            print(f"{figure}: this tree {now * 1e3:.3f} ms, {other} {then * 1e3:.3f} ms: {then / now:.2f}x faster"
                  f" (medians of {rounds} alternating runs)")


def cold_imports(runs: int) -> list[float]:
    """CPU seconds of ``import brass_nb`` in new interpreters, with the bytecode cache an installed package has
    (written by one untimed run first, even where PYTHONDONTWRITEBYTECODE is set)."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    timings = []
    for _ in range(runs + 1):
        done = subprocess.run([sys.executable, "-P", "-c", COLD_IMPORT], capture_output=True, text=True, check=True,
                              env=env)      # -P: the package on the path, not one in the current directory
        timings.append(float(done.stdout))
    return timings[1:]


def percentile(timings: list[float], share: float) -> float:
    ordered = sorted(timings)
    return ordered[int(len(ordered) * share)]


def compared(figures: dict[str, float], name: str, calibration: float, baseline: dict | None) -> str:
    """The figure as a multiple of the calibration, and how it compares with the baseline commit's multiple."""
    ratio = figures[name] / calibration
    text = f" ({ratio:.3f} x calibration"
    if baseline is not None and name in baseline["x_calibration"]:
        speedup = baseline["x_calibration"][name] / ratio
        text += f"; {speedup:.2f}x {'faster' if speedup >= 1 else 'slower'} than {baseline['commit']}"
    return text + ")"


def others(players: int) -> None:
    """The bots, the explanations and the pictures, on a few seeded games."""
    from brass_nb.bots import GreedyBot, RandomBot
    from brass_nb.explain import render_html, render_markdown, render_text

    greedy, hints = [], []
    for seed in range(5):
        game = new_game("birmingham", players=players, seed=seed)
        seats = [GreedyBot()] + [RandomBot(seed * 10 + i) for i in range(1, players)]
        while not game.is_over:
            bot = seats[game.current_player]
            t = time.process_time()
            action = bot.choose(game)
            if bot.name == "greedy":
                greedy.append(time.process_time() - t)
                if len(greedy) % 10 == 1:        # a hint (default budget) every tenth GreedyBot decision
                    t = time.process_time()
                    game.hint()
                    hints.append(time.process_time() - t)
            game.play(action)
    report("GreedyBot decision (against RandomBot)", greedy, "decisions")
    report("game.hint() with the default budget", hints, "hints")

    renders = {name: [] for name in ("text", "markdown", "html")}
    for seed in range(10):
        game = new_game("birmingham", players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            explanation = game.play(random_action(game, rng))
            for name, render in (("text", render_text), ("markdown", render_markdown), ("html", render_html)):
                for language in ("en", "ja"):
                    t = time.process_time()
                    render(explanation, language)
                    renders[name].append(time.process_time() - t)
    for name, times in renders.items():
        report(f"render {name} (en+ja)", times, "explanations")

    from brass_nb.plot import draw, png

    calibration = calibrate()
    game = busiest_position(players)
    pictures = []
    for _ in range(15):
        t = time.process_time()
        png(draw(game))
        pictures.append(time.process_time() - t)
    report(f"draw a {players}-player mid-game position ({len(game.state.tiles)} tiles, "
           f"{len(game.state.links)} links) to PNG", pictures, "drawings", calibration)
    live_pictures(game.copy(), calibration)

    from brass_nb.widgets import Explorer

    explorer = Explorer(game)
    changes = []
    for _, kind in explorer.kind.options * 3:
        t = time.process_time()
        explorer.kind.value = kind        # the Explorer narrows the next dropdowns, previews, redraws
        changes.append(time.process_time() - t)
    report("Explorer: change a dropdown (explanation and picture updated)", changes, "changes", calibration)


def calibrate(rounds: int = 15) -> float:
    """Median seconds of a fixed pure-Python loop: the unit that makes timings of noisy runs comparable."""
    timings = []
    for _ in range(rounds):
        t = time.process_time()
        total = 0
        for i in range(200_000):
            total += i * i
        timings.append(time.process_time() - t)
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
        t = time.process_time()
        board = LiveBoard(game)
        board.png()
        moves.append(time.process_time() - t)
        t = time.process_time()
        board.png(explanation.steps)
        highlights.append(time.process_time() - t)
    report("live picture: the position after a move (its new pieces drawn, all laid, PNG)", moves, "moves", calibration)
    report("live picture: a highlight changed on the same position, to PNG", highlights, "highlights", calibration)
    laid = []
    for _ in range(15):
        t = time.process_time()
        sheet(game.facts, LiveBoard(game).language).position(game.state)
        laid.append(time.process_time() - t)
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
