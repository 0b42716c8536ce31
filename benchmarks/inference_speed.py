"""What card inference from play costs: samples and searches of Scopone.

The positions are the first five Scopone games (seeds 0 up) after 16 plays
by the greedy bot where the seat to move sees some card passed up
(:meth:`PlayerView.passed_up`).  Each round times, on each position,
``view.sample(rng)`` against ``view.sample(rng, avoid=view.passed_up())``
and ``passed_up()`` itself, then searches of ``--iterations`` with
``IsmctsBot(inference=False)`` and ``True`` in turns; the script prints the
medians and their ratios (the machine is shared: compare within one run).

Run:  python benchmarks/inference_speed.py [--rounds 5] [--iterations 1000]
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import time
from collections.abc import Callable

import scopa_rules as sr


def positions(count: int, plays: int = 16) -> list[sr.PlayerView]:
    """Mid-hand Scopone views with cards passed up."""
    found = []
    bot = sr.GreedyBot()
    for seed in range(1000):
        rng = random.Random(seed)
        state = sr.new_game(sr.Ruleset.scopone(), seed=seed)
        for _ in range(plays):
            seat = state.current_player
            assert seat is not None
            state = state.apply(bot.choose(state.view(seat), rng))
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if any(view.passed_up().values()):
            found.append(view)
            if len(found) == count:
                break
    return found


def per_call(call: Callable[[], object], count: int) -> float:
    start = time.perf_counter()
    for _ in range(count):
        call()
    return (time.perf_counter() - start) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=1000)
    args = parser.parse_args()
    views = positions(5)
    plain: list[float] = []
    avoiding: list[float] = []
    inferring: list[float] = []
    rates: dict[bool, list[float]] = {False: [], True: []}
    for round_number in range(args.rounds):
        for view in views:
            rng = random.Random(round_number)
            avoid = view.passed_up()
            plain.append(per_call(functools.partial(view.sample, rng), 2000))
            avoiding.append(
                per_call(functools.partial(view.sample, rng, avoid=avoid), 2000)
            )
            inferring.append(per_call(view.passed_up, 200))
            for inference in (False, True):
                bot = sr.IsmctsBot(iterations=args.iterations, inference=inference)
                start = time.perf_counter()
                bot.search(view, random.Random(round_number))
                rates[inference].append(args.iterations / (time.perf_counter() - start))
    sample, avoided = statistics.median(plain), statistics.median(avoiding)
    off, on = statistics.median(rates[False]), statistics.median(rates[True])
    print(
        f"{sr.kernel_info()}: sample {sample * 1e6:.1f} us, with avoid "
        f"{avoided * 1e6:.1f} us ({avoided / sample:.2f} times); passed_up() "
        f"{statistics.median(inferring) * 1e6:.0f} us"
    )
    print(
        f"IsmctsBot(iterations={args.iterations}): {off:,.0f} iterations/s, "
        f"{on:,.0f} with inference ({on / off:.2f} times)"
    )


if __name__ == "__main__":
    main()
