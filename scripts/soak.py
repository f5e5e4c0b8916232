"""Soak test: N seeded random games per (game, edition, player count), each position checked against the property
tests' invariants (tests/invariants.py), with games per second and every invariant break or exception reported.

Run: python scripts/soak.py [--games N] [--workers W] [--only lancashire]
Seeds run from 0 to N-1 in every configuration; the exit status is 1 when anything broke.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from invariants import CONFIGS, play_checked  # noqa: E402  (tests/ is on the path only from here)

Config = tuple[str, str, int]
SHOWN = 5
"""Broken games listed per configuration; the counts cover all of them."""


def soak_game(task: tuple[Config, int]) -> tuple[int, list[str], str | None]:
    """One game: its seed, the invariants it broke, and the exception that stopped it (if any)."""
    (name, edition, players), seed = task
    try:
        _, broken = play_checked(name, edition, players, seed)
    except Exception as err:  # noqa: BLE001  (a soak reports every failure and goes on)
        return seed, [], f"{type(err).__name__}: {err}"
    return seed, broken, None


def soak(pool: Pool, config: Config, games: int) -> Iterator[str]:
    """Play ``games`` games of one configuration on the pool; yields the report lines."""
    start = time.perf_counter()
    results = sorted(pool.imap_unordered(soak_game, [(config, seed) for seed in range(games)], chunksize=8))
    elapsed = time.perf_counter() - start
    broken = [(seed, b) for seed, b, _ in results if b]
    errors = [(seed, e) for seed, _, e in results if e]
    name, edition, players = config
    yield (f"{name:<10} {edition:<7} {players}p  {games} games in {elapsed:7.1f} s  {games / elapsed:6.1f} games/s  "
           f"invariant breaks {len(broken)}  exceptions {len(errors)}")
    for seed, what in broken[:SHOWN]:
        yield f"    seed {seed}: {what[0]}"
    for seed, error in errors[:SHOWN]:
        yield f"    seed {seed}: {error}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per configuration (default 10,000)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", default="", help="only the configurations of this game")
    args = parser.parse_args()

    configs = [c for c in CONFIGS if args.only in ("", c[0])]
    start = time.perf_counter()
    failed = False
    with Pool(args.workers) as pool:
        for config in configs:
            for line in soak(pool, config, args.games):
                failed |= line.startswith("    ")
                print(line, flush=True)
    elapsed = time.perf_counter() - start
    total = args.games * len(configs)
    print(f"total: {total} games in {elapsed:.1f} s ({total / elapsed:.1f} games/s, {args.workers} workers); "
          + ("something broke" if failed else "no invariant break, no exception"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
