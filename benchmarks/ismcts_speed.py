"""IsmctsBot's iterations per second on twelve positions of 2-player Scopa.

Each round runs a 400-iteration search from each of the first twelve
positions of a seeded random game and prints the median, and the range, of
the rounds' iterations per second.  To compare two versions, run the script
alternately with each on ``PYTHONPATH``, as the performance page did.

``--workers 1 2`` compares root-parallel searches instead (``IsmctsBot(
workers=...)``), in turns within each round and by the wall clock (the
workers' time is not this process's), the start of the processes at each
decision included.

Run:  python benchmarks/ismcts_speed.py [--rounds 5] [--iterations 400]
      [--workers 1 2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import scopa_rules as sr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--workers", type=int, nargs="*", default=None)
    args = parser.parse_args()
    bot = sr.IsmctsBot(iterations=args.iterations)
    states = []
    state = sr.new_game(sr.Ruleset.scopa(), seed=1)
    rng = random.Random(0)
    for _ in range(12):
        states.append(state)
        state = state.apply(rng.choice(state.legal_moves()))
    if args.workers:
        compare_workers(states, args.iterations, args.rounds, args.workers)
        return
    rates = []
    for round_number in range(args.rounds):
        start = time.process_time()
        for position in states:
            seat = position.current_player
            assert seat is not None
            bot.search(position.view(seat), random.Random(round_number))
        rates.append(len(states) * args.iterations / (time.process_time() - start))
    print(
        f"{sr.kernel_info()}: ISMCTS iterations/s median "
        f"{statistics.median(rates):,.0f} (range {min(rates):,.0f}-{max(rates):,.0f})"
    )


def compare_workers(
    states: list[sr.GameState], iterations: int, rounds: int, counts: list[int]
) -> None:
    bots = {
        count: sr.IsmctsBot(iterations=iterations, workers=count) for count in counts
    }
    rates: dict[int, list[float]] = {count: [] for count in counts}
    for round_number in range(rounds):
        for count, bot in bots.items():
            start = time.perf_counter()
            for position in states:
                seat = position.current_player
                assert seat is not None
                bot.search(position.view(seat), random.Random(round_number))
            rates[count].append(
                len(states) * iterations / (time.perf_counter() - start)
            )
    for count in counts:
        found = rates[count]
        print(
            f"{sr.kernel_info()}: workers={count}: ISMCTS iterations/s median "
            f"{statistics.median(found):,.0f} (range {min(found):,.0f}-{max(found):,.0f})"
        )


if __name__ == "__main__":
    main()
