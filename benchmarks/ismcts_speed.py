"""IsmctsBot's iterations per second on twelve positions of 2-player Scopa.

Each round runs a 400-iteration search from each of the first twelve
positions of a seeded random game and prints the median, and the range, of
the rounds' iterations per second.  To compare two versions, run the script
alternately with each on ``PYTHONPATH``, as the performance page did.

``--workers 1 2`` compares root-parallel searches instead (``IsmctsBot(
workers=...)``), in turns within each round and by the wall clock (the
workers' time is not this process's), the start of the processes at each
decision included.

``--playout-epsilon 0.3`` compares random playouts with epsilon-greedy
ones (``sr.greedy_playout``, ``IsmctsBot(playout_epsilon=...)``), in turns
within each round: the kernel's playouts/s from mid-hand states of Scopone
and 2-player Scopa, and the search's iterations/s on the first move of a
Scopone hand; then the medians, and of each round's ratio.

Run:  python benchmarks/ismcts_speed.py [--rounds 5] [--iterations 400]
      [--workers 1 2] [--playout-epsilon 0.3]
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
    parser.add_argument("--playout-epsilon", type=float, default=None)
    args = parser.parse_args()
    if args.playout_epsilon is not None:
        compare_playouts(args.playout_epsilon, args.iterations, args.rounds)
        return
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


def _mid_hand(rules: sr.Ruleset, seed: int) -> sr.GameState:
    """A seeded game a few random plies into its first hand."""
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    for _ in range(rng.randrange(2, 10)):
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def _median_ratio(slow: list[float], fast: list[float]) -> float:
    return statistics.median(a / b for a, b in zip(slow, fast, strict=True))


def compare_playouts(epsilon: float, iterations: int, rounds: int) -> None:
    playouts = 2000
    for name, rules in (
        ("Scopone", sr.Ruleset.scopone()),
        ("Scopa 2p", sr.Ruleset.scopa()),
    ):
        states = [_mid_hand(rules, seed) for seed in range(20)]
        seeds = range(playouts // len(states))
        rates: dict[str, list[float]] = {"random": [], "greedy": []}
        for _ in range(rounds):
            start = time.process_time()
            for state in states:
                for seed in seeds:
                    sr.random_playout(state, seed)
            rates["random"].append(playouts / (time.process_time() - start))
            start = time.process_time()
            for state in states:
                for seed in seeds:
                    sr.greedy_playout(state, seed, epsilon=epsilon)
            rates["greedy"].append(playouts / (time.process_time() - start))
        print(
            f"{sr.kernel_info()}: {name} playouts/s median: random "
            f"{statistics.median(rates['random']):,.0f}, epsilon {epsilon} "
            f"{statistics.median(rates['greedy']):,.0f} (random/greedy "
            f"{_median_ratio(rates['random'], rates['greedy']):.2f}x)"
        )
    view = sr.new_game(sr.Ruleset.scopone(), seed=1).view(0)
    bots = {
        "random": sr.IsmctsBot(iterations=iterations, playout_epsilon=None),
        "greedy": sr.IsmctsBot(iterations=iterations, playout_epsilon=epsilon),
    }
    searches: dict[str, list[float]] = {name: [] for name in bots}
    for round_number in range(rounds):
        for name, bot in bots.items():
            start = time.process_time()
            bot.search(view, random.Random(round_number))
            searches[name].append(iterations / (time.process_time() - start))
    print(
        f"{sr.kernel_info()}: Scopone first move, ISMCTS iterations/s median: "
        f"playout_epsilon None {statistics.median(searches['random']):,.0f}, "
        f"{epsilon} {statistics.median(searches['greedy']):,.0f} (None/greedy "
        f"{_median_ratio(searches['random'], searches['greedy']):.2f}x)"
    )


if __name__ == "__main__":
    main()
