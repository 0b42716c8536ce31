"""How long :func:`scopa_rules.solve` takes at the end of a hand.

For each ruleset and each number of cards left to play, deals seeded games,
plays random moves until that many cards are left (in the hands and the
stock) and solves the position, every legal move's exact value; prints the
median and the slowest time over the positions and the positions searched.

Run:  python benchmarks/solver.py [--positions 5] [--cards 8 12]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import scopa_rules as sr
from scopa_rules import solve

CASES = (
    ("Scopa, 2 players", sr.Ruleset.scopa(), (12, 18, 24)),
    ("Scopone", sr.Ruleset.scopone(), (12, 16, 20)),
    ("Escoba", sr.Ruleset.escoba(), (12, 18)),
)


def cards_left(state: sr.GameState) -> int:
    return sum(len(hand) for hand in state.hands) + len(state.stock)


def position(rules: sr.Ruleset, left: int, seed: int) -> sr.GameState | None:
    """A position of a seeded game with ``left`` cards to play, or None."""
    state = sr.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while state.phase is sr.Phase.FIRST_CARD:
        state = state.apply(rng.choice(state.legal_moves()))
    while cards_left(state) > left and state.hand_number == 0:
        state = state.apply(rng.choice(state.legal_moves()))
    if state.hand_number != 0 or cards_left(state) != left:
        return None
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--cards", type=int, nargs="*", default=None)
    args = parser.parse_args()
    print("Build:", sr.kernel_info())
    for name, rules, counts in CASES:
        for left in args.cards or counts:
            times: list[float] = []
            seed = 0
            while len(times) < args.positions:
                found = position(rules, left, seed)
                seed += 1
                if found is None:
                    continue
                started = time.perf_counter()
                solve(found)
                times.append(time.perf_counter() - started)
            print(
                f"  {name:18} last {left:2} cards: median "
                f"{statistics.median(times) * 1000:8.1f} ms, slowest "
                f"{max(times) * 1000:8.1f} ms over {len(times)} positions"
            )


if __name__ == "__main__":
    main()
