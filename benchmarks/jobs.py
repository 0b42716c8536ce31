"""How much a second worker process speeds up a match of random bots.

Times ``scopa_rules.match`` between two random bots with ``jobs=1`` and
``jobs=2`` in alternating rounds, and prints each round's games/s and the
median ratio jobs=2 / jobs=1, with the machine's load average (the ratio
means something only when two cores are free).

Run:  python benchmarks/jobs.py [--games 400] [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import scopa_rules as sr


def games_per_second(games: int, jobs: int) -> float:
    bots = [sr.RandomBot(), sr.RandomBot()]
    start = time.perf_counter()
    sr.match(sr.Ruleset.scopa(), bots, games=games, seed=1, jobs=jobs)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs")
    ratios = []
    for number in range(1, args.rounds + 1):
        one = games_per_second(args.games, 1)
        two = games_per_second(args.games, 2)
        ratios.append(two / one)
        print(
            f"  round {number}: jobs=1 {one:7.1f} games/s, jobs=2 {two:7.1f} games/s, "
            f"ratio {two / one:.2f}"
        )
    print(
        f"median ratio jobs=2 / jobs=1: {statistics.median(ratios):.2f} "
        f"(range {min(ratios):.2f}-{max(ratios):.2f}); "
        f"load average after: {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()
