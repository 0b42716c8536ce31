"""What reads cost late in a long game: microseconds per call by turns played.

Plays one game of two-player Scopa with a target no game reaches (random
moves, each seat viewing every state as a bot does) and, at a few turn
counts, times the reads a bot or a program makes: a view of the next state,
a sample of a view, the view of a sample from its seat and from the other,
a sample's finished hands, and the reads that list the whole game
(``history``, ``record()``, a view's events).  The first group must stay
flat; the second grows with the game by nature (see "Reads that grow with
the game" in docs/performance.rst).

Run:  python benchmarks/long_games.py [--turns 15000] [--calls 300]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import TypeVar

import scopa_rules as sr

T = TypeVar("T")


def per_call(read: Callable[[T], object], make: Callable[[], T], calls: int) -> float:
    """The best of three runs of ``calls`` calls of ``read``, each on a new
    ``make()`` (made before the clock starts), in µs a call."""
    best = float("inf")
    for _ in range(3):
        made = [make() for _ in range(calls)]
        start = time.perf_counter()
        for value in made:
            read(value)
        best = min(best, time.perf_counter() - start)
    return best / calls * 1e6


def reads(state: sr.GameState, calls: int) -> dict[str, float]:
    rng = random.Random(1)
    view = state.view(0)
    view.sample(rng)
    moves = state.legal_moves()

    def sample() -> sr.GameState:
        return view.sample(rng)

    def following() -> sr.GameState:
        # A state no one has viewed, as a bot's next decision is.
        return state.apply(rng.choice(moves))

    def same() -> sr.GameState:
        return state

    few = max(1, calls // 30)
    return {
        "view() of the next state": per_call(lambda s: s.view(0), following, calls),
        "sample()": per_call(lambda _: view.sample(rng), same, calls),
        "view() of a sample, its seat": per_call(lambda s: s.view(0), sample, calls),
        "view() of a sample, the other": per_call(lambda s: s.view(1), sample, calls),
        "a sample's hand_results": per_call(lambda s: s.hand_results, sample, calls),
        "history": per_call(lambda s: s.history, same, few),
        "record()": per_call(lambda s: s.record(), same, few),
        "a view's events": per_call(lambda s: s.view(1).events, same, few),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=15_000)
    parser.add_argument("--calls", type=int, default=300)
    args = parser.parse_args()
    marks = sorted({0, 1_000, 5_000, args.turns})
    rules = sr.Ruleset.scopa(target_score=1_000_000)
    state = sr.new_game(rules, seed=1)
    rng = random.Random(0)
    table: dict[int, dict[str, float]] = {}
    hands: dict[int, int] = {}
    for turn in range(args.turns + 1):
        for seat in range(rules.players):
            state.view(seat)
        if turn in marks:
            table[turn] = reads(state, args.calls)
            hands[turn] = len(state.hand_results)
        state = state.apply(rng.choice(state.legal_moves()))
    names = list(table[marks[0]])
    print(f"{'µs a call, by turns played':34}" + "".join(f"{m:>10,}" for m in marks))
    print(f"{'(hands finished)':34}" + "".join(f"{hands[m]:>10,}" for m in marks))
    for name in names:
        print(f"{name:34}" + "".join(f"{table[m][name]:>10.1f}" for m in marks))


if __name__ == "__main__":
    main()
