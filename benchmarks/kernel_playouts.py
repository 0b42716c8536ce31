"""Random playouts in the kernel (``random_playouts``) against the bare
reference loop of ``benchmarks/playouts.py`` and the public API.

Each round times, one after the other in one process, the bare loop, the
library's public API (``legal_moves()``, a choice, ``apply()``),
``random_playouts(rules, seeds)`` on random hands of 2-player Scopa, and the
public API's loop on stand-in states that cost nothing (the ceiling of any
library driven through that loop: a uniform choice and four attribute reads
or calls a ply) and on stand-ins that make only a new state and a new tuple
of moves a ply (the floor of any immutable-state API, its rules free), and
prints hands/s and the ratio of each to the bare loop;
then the median and range over the rounds.  A second table gives every preset's kernel hands/s as a
share of 2-player Scopa's.  The kernel's figure includes what the bare loop
leaves out: the deal's checks, the declarations and the scoring of the hand.

Run:  python benchmarks/kernel_playouts.py [--seconds 1.0] [--rounds 5]
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import time
from collections.abc import Callable

from playouts import bare_hand, library_hand

import scopa_rules as sr


class _Standin:
    """A state that costs nothing: the public-API loop of ``library_hand``
    run on it measures the loop itself (a uniform choice, two attribute
    reads and two calls a ply), the most any state could reach."""

    __slots__ = ("hand_number", "is_over", "next")
    moves = (1, 2, 3)

    def __init__(self, following: _Standin | None) -> None:
        self.hand_number = 0 if following is not None else 1
        self.is_over = False
        self.next = following

    def legal_moves(self) -> tuple[int, ...]:
        return self.moves

    def apply(self, move: int) -> _Standin | None:
        return self.next


class _Fresh:
    """A stand-in that makes what any immutable state must make at each
    ply and nothing more: a new state object on ``apply()`` and a new tuple
    of moves on ``legal_moves()`` (the floor of an immutable-state API
    driven through that loop, whatever its rules cost)."""

    __slots__ = ("hand_number", "is_over", "left")

    def __init__(self, left: int) -> None:
        self.hand_number = 0 if left else 1
        self.is_over = False
        self.left = left

    def legal_moves(self) -> tuple[int, ...]:
        return (self.left, self.left + 1, self.left + 2)

    def apply(self, move: int) -> _Fresh:
        return _Fresh(self.left - 1)


def fresh_hand(rng: random.Random) -> int:
    """``library_hand``'s loop on 36 plies of fresh stand-in states."""
    state = _Fresh(36)
    plies = 0
    while state.hand_number == 0 and not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        plies += 1
    return plies


def standin_hand(first: _Standin, rng: random.Random) -> int:
    """``library_hand``'s loop on 36 stand-in plies."""
    state = first
    hand = state.hand_number
    plies = 0
    while state.hand_number == hand and not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))  # type: ignore[assignment]
        plies += 1
    return plies


def repeated(play: Callable[[], object]) -> Callable[[int], int]:
    """``play`` (one hand) as :func:`rate` takes it: ``n`` hands, ``n``
    returned."""

    def hands(n: int) -> int:
        for _ in range(n):
            play()
        return n

    return hands


def rate(play: Callable[[int], int], seconds: float) -> float:
    """Hands/s of ``play(n)`` (which plays ``n`` hands) over about
    ``seconds`` of CPU time."""
    hands = 0
    batch = 1
    start = time.process_time()
    while True:
        hands += play(batch)
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return hands / elapsed
        batch = min(batch * 2, 4096)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"Build: {sr.kernel_info()}")
    scopa = sr.Ruleset.scopa()
    sr.random_playouts(scopa, range(3000))  # the capture tables warm, as in a search
    counter = iter(range(10**9))

    def api_hand(rng: random.Random) -> int:
        return library_hand(scopa, next(counter), rng)

    def kernel_hands(rules: sr.Ruleset, n: int) -> int:
        return len(sr.random_playouts(rules, [next(counter) for _ in range(n)]))

    ratios: dict[str, list[float]] = {
        "public API": [],
        "kernel": [],
        "floor": [],
        "fresh floor": [],
    }
    chain = _Standin(None)
    for _ in range(36):  # a 2-player Scopa hand has 36 plies
        chain = _Standin(chain)
    for round_number in range(args.rounds):
        rng = random.Random(round_number)

        bare = rate(repeated(functools.partial(bare_hand, rng)), args.seconds)
        api = rate(repeated(functools.partial(api_hand, rng)), args.seconds)
        kernel = rate(functools.partial(kernel_hands, scopa), args.seconds)
        floor = rate(
            repeated(functools.partial(standin_hand, chain, rng)), args.seconds
        )
        fresh = rate(repeated(functools.partial(fresh_hand, rng)), args.seconds)
        ratios["public API"].append(api / bare)
        ratios["kernel"].append(kernel / bare)
        ratios["floor"].append(floor / bare)
        ratios["fresh floor"].append(fresh / bare)
        print(
            f"  round {round_number + 1}: bare {bare:8,.0f}  public API {api:8,.0f}"
            f"  kernel {kernel:8,.0f}  loop floor {floor:8,.0f}"
            f"  fresh floor {fresh:8,.0f} hands/s;  ratios {api / bare:.2f},"
            f" {kernel / bare:.2f}, {floor / bare:.2f}, {fresh / bare:.2f}"
        )
    for name, values in ratios.items():
        print(
            f"  {name} / bare loop: median {statistics.median(values):.2f} "
            f"(range {min(values):.2f}-{max(values):.2f})"
        )

    print("\nKernel hands/s by preset (share of 2-player Scopa's)")
    presets = [
        ("Scopa, 2 players", scopa),
        ("Scopa, 4 players", sr.Ruleset.scopa(players=4)),
        ("Scopone Scientifico", sr.Ruleset.scopone_scientifico()),
        ("Scopone", sr.Ruleset.scopone()),
        ("Chkobba", sr.Ruleset.chkobba()),
        ("Escoba", sr.Ruleset.escoba()),
        ("Scopa a 15", sr.Ruleset.scopa_a_quindici()),
        ("Cirulla", sr.Ruleset.cirulla()),
    ]
    base = 0.0
    for name, rules in presets:
        figure = rate(functools.partial(kernel_hands, rules), args.seconds)
        base = base or figure
        print(f"  {name:<20} {figure:9,.0f} hands/s  {figure / base:5.2f}")


if __name__ == "__main__":
    main()
