"""Bots against each other over seeded games: the hero's win rate with a 95 % Wilson interval, and time per decision.

Run: python scripts/tournament.py --game birmingham --players 4 --hero greedy --field random --games 200 --jobs 2

The hero sits in one seat, the field bot in every other seat. Seeds are paired: each deal (game seed) is played once
with the hero in every seat in turn, so a lucky deal favours no seat and every bot meets the same deals; game ``i``
uses deal ``seed + i // players`` with the hero in seat ``i % players``, and bot seeds derived from both, so a run is
reproducible. ``--games`` is rounded up to whole deals. A shared first place counts as a share of a win (half a win
when two players share it). The winners' mean VP is printed too, with a 95 % interval taken over deals (the games of
one deal are not independent); with ``--hero`` equal to ``--field`` it is the mean winning score of that bot's
self-play.

``--results FILE`` keeps every game's result (rewritten whole after each tally), so that a long run can be split:
``--summary FILE [FILE ...]`` prints the summary of several such files together without playing.
``--compare A B`` pairs two such files game by game (the same deal and seat against the same field, say the
default coach and a bigger budget): the difference in the hero's margin over the best of the field, with a 95 %
interval over deals. Pairing removes the luck of the deal, so it separates two heroes with far fewer games than
comparing their win rates does.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from brass_nb.bots import Bot, GreedyBot, RandomBot, SearchBot, strengths
from brass_nb.bots.evaluation import named_weights
from brass_nb.bots.strengths import STRENGTHS
from brass_nb.rules.errors import GameSetupError
from brass_nb.rules.files import write_text
from brass_nb.rules.game import new_game

BOTS = ("random", "today", "today-search", "greedy", "search", *STRENGTHS)
"""``today``/``today-search``: GreedyBot/SearchBot with the weights before tuning (``baseline`` in
brass_nb/bots/weights.json); ``greedy``/``search``: with the tuned weights (``search`` with ``--budget``);
``beginner``, ``club``, ``strong``: the named strengths (brass_nb/bots/strengths.py)."""


def make_bot(name: str, seed: int, budget: int) -> Bot:
    if name == "random":
        return RandomBot(seed)
    if name == "today":
        return GreedyBot(named_weights("baseline"))
    if name == "today-search":
        return SearchBot(seed, budget=budget, weights=named_weights("baseline"))
    if name == "greedy":
        return GreedyBot()
    if name == "search":
        return SearchBot(seed, budget=budget)
    return strengths.bot(name, seed)


def play_one(job: tuple) -> dict:
    """One game: the hero's share of first place, its VP and the field's best VP, and every decision's time."""
    index, args = job
    seed = args.seed + index // args.players
    hero_seat = index % args.players
    bots = [make_bot(args.hero if seat == hero_seat else args.field, index * 10 + seat, args.budget)
            for seat in range(args.players)]
    game = new_game(args.game, players=args.players, seed=seed, edition=args.edition)
    times: dict[str, list[float]] = {args.hero: [], args.field: []}
    while not game.is_over:
        seat = game.current_player
        start = time.perf_counter()
        action = bots[seat].choose(game)
        times[args.hero if seat == hero_seat else args.field].append(time.perf_counter() - start)
        game.play(action)
    ranking = game.scores()
    first = [row["player"] for row in ranking if row["place"] == 1]
    vp = {row["player"]: row["vp"] for row in ranking}
    return {"deal": seed, "hero_seat": hero_seat, "share": (hero_seat in first) / len(first), "hero_vp": vp[hero_seat],
            "field_vp": max(v for p, v in vp.items() if p != hero_seat), "winner_vp": max(vp.values()),
            "times": times}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def mean_interval(results: list[dict], key: str, z: float = 1.96) -> tuple[float, float, float]:
    """The mean of ``key`` over games with a 95 % normal interval, treating each deal's games as one sample."""
    by_deal: dict[int, list[float]] = {}
    for r in results:
        by_deal.setdefault(r["deal"], []).append(r[key])
    means = [statistics.mean(v) for v in by_deal.values()]
    mean = statistics.mean(r[key] for r in results)
    half = z * statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else math.inf
    return mean, mean - half, mean + half


def summarize(results: list[dict], hero: str, field: str) -> None:
    """Print the hero's win rate, everyone's mean VP and the time per decision of ``results``."""
    wins = sum(r["share"] for r in results)
    low, high = wilson(wins, len(results))
    print(f"{hero} wins {wins:g} of {len(results)} = {wins / len(results):.1%} "
          f"(95 % Wilson interval {low:.1%} to {high:.1%}); a shared first place counts as a share of a win")
    winner, winner_low, winner_high = mean_interval(results, "winner_vp")
    print(f"mean VP: {hero} {statistics.mean(r['hero_vp'] for r in results):.1f}, "
          f"best {field} {statistics.mean(r['field_vp'] for r in results):.1f}, "
          f"winner {winner:.1f} (95 % interval over {len({r['deal'] for r in results})} deals: "
          f"{winner_low:.1f} to {winner_high:.1f})")
    for name in dict.fromkeys((hero, field)):
        times = sorted(t for r in results for t in r["times"][name])
        print(f"{name}: median {statistics.median(times) * 1e3:.1f} ms, 90th percentile "
              f"{times[int(len(times) * 0.9)] * 1e3:.1f} ms per decision over {len(times)} decisions")


def played_in(run: dict) -> tuple[str, str]:
    """A results file's field and game (with the number of players), without the budget: two runs compared may
    differ in it."""
    return run["field"], run["setup"].split(", budget")[0]


def compare(first: dict, second: dict) -> None:
    """Print how ``second``'s hero did against ``first``'s on the games both played (the same deal and seat)."""
    if played_in(first) != played_in(second):
        sys.exit("--compare: the two files were not played against the same field in the same game")
    firsts = {(r["deal"], r["hero_seat"]): r for r in first["games"]}
    pairs = [(firsts[(r["deal"], r["hero_seat"])], r) for r in second["games"] if (r["deal"], r["hero_seat"]) in firsts]
    if not pairs:
        sys.exit("--compare: the two files share no game (deal and seat)")
    gains = [{"deal": b["deal"], "gain": (b["hero_vp"] - b["field_vp"]) - (a["hero_vp"] - a["field_vp"])}
             for a, b in pairs]
    gain, low, high = mean_interval(gains, "gain")
    names = f"{second['hero']} ({second['setup']}) against {first['hero']} ({first['setup']})"
    print(f"{names}, each against {first['field']}, {len(pairs)} paired games "
          f"({len({g['deal'] for g in gains})} deals)")
    print(f"margin over the best of the field: {gain:+.1f} VP (95 % interval over deals {low:+.1f} to {high:+.1f})")
    print(f"wins: {sum(b['share'] for _, b in pairs):g} against {sum(a['share'] for a, _ in pairs):g}; the margin was "
          f"higher in {sum(g['gain'] > 0 for g in gains)} games, lower in {sum(g['gain'] < 0 for g in gains)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="birmingham")
    parser.add_argument("--edition", default=None, help="Lancashire: roxley (default) or 2007")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hero", default="greedy", choices=BOTS)
    parser.add_argument("--field", default="random", choices=BOTS)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=int, default=SearchBot().budget, help="SearchBot's simulated decisions")
    parser.add_argument("--jobs", type=int, default=1, choices=(1, 2))
    parser.add_argument("--results", help="keep every game's result in this JSON file")
    parser.add_argument("--summary", nargs="+", metavar="FILE", help="summarize these results files; play nothing")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"),
                        help="pair two results files game by game (B's hero against A's); play nothing")
    args = parser.parse_args()
    if args.compare:
        compare(*(json.loads(Path(path).read_text(encoding="utf-8")) for path in args.compare))
        return
    if args.summary:
        runs = [json.loads(Path(path).read_text(encoding="utf-8")) for path in args.summary]
        for run in runs[1:]:
            if (run["hero"], run["field"], run["setup"]) != (runs[0]["hero"], runs[0]["field"], runs[0]["setup"]):
                sys.exit(f"{args.summary}: the files hold different tournaments")
        print(f"{runs[0]['setup']}; {', '.join(args.summary)}")
        summarize([r for run in runs for r in run["games"]], runs[0]["hero"], runs[0]["field"])
        return

    start = time.perf_counter()
    args.games = -(-args.games // args.players) * args.players        # whole deals: every seat for each
    jobs = [(i, args) for i in range(args.games)]
    game = args.game + (f" {args.edition}" if args.edition else "")
    setup = f"{game}, {args.players} players" + (f", budget {args.budget}" if "search" in (args.hero, args.field)
                                                   else "")
    results: list[dict] = []
    with Pool(args.jobs) as pool:
        for result in pool.imap(play_one, jobs):
            results.append(result)
            if len(results) % 20 == 0 or len(results) == len(jobs):     # a running tally, for long runs
                if args.results:
                    write_text(args.results, json.dumps({"hero": args.hero, "field": args.field, "setup": setup,
                                                         "games": results}), GameSetupError)
                print(f"after {len(results)} games: {args.hero} won {sum(r['share'] for r in results):g}, "
                      f"winners' mean VP {statistics.mean(r['winner_vp'] for r in results):.1f}",
                      file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start

    deals = args.games // args.players
    print(f"{setup}, {args.games} games ({deals} deals, seeds "
          f"{args.seed}..{args.seed + deals - 1}, each with {args.hero} in every seat), {args.hero} in one seat "
          f"against {args.field} in the others, {elapsed:.0f} s with {args.jobs} job(s)")
    summarize(results, args.hero, args.field)


if __name__ == "__main__":
    main()
