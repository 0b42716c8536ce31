"""The fixed costs of a game and of a hand, besides their plies.

Times, in µs per call (best of several repeats, CPU time, every cache warm):
``Ruleset()`` (the default rules, which ``new_game()`` with no rules
builds), ``new_game(rules, seed=...)``, its first ``legal_moves()`` (the
deal happens on the first read), ``Deck.shuffled``, the last ply of a hand
(the end of the hand: its score and the next hand's state), an ordinary ply
for comparison, and a whole random hand of 2-player Scopa through the public
API (``library_hand`` of ``benchmarks/playouts.py``).

Run:  python benchmarks/hand_costs.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import random

from micro import per_call
from playouts import library_hand

import scopa_rules as sr


def before_last_ply(rules: sr.Ruleset, seed: int) -> sr.GameState:
    """The state of a random first hand one ply from its end."""
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    while True:
        after = state.apply(rng.choice(state.legal_moves()))
        if after.hand_number != 0 or after.is_over:
            return state
        state = after


def costs(repeats: int) -> dict[str, float]:
    rules = sr.Ruleset.scopa()
    seeds = iter(range(10**9))
    ending = [before_last_ply(rules, seed) for seed in range(20)]
    last = [(state, state.legal_moves()[0]) for state in ending]
    middle = sr.new_game(rules, seed=3)
    middle_move = middle.legal_moves()[0]
    rng = random.Random(1)
    hands = iter(range(10**9))

    def end_hands() -> None:
        for state, move in last:
            state.apply(move)

    return {
        "Ruleset()": per_call(sr.Ruleset, repeats),
        "new_game(rules, seed=3)": per_call(
            lambda: sr.new_game(rules, seed=3), repeats
        ),
        "... and its first legal_moves()": per_call(
            lambda: sr.new_game(rules, seed=next(seeds)).legal_moves(), repeats
        ),
        "Deck.shuffled(12345, 0)": per_call(
            lambda: sr.Deck.shuffled(12345, 0), repeats
        ),
        "the last ply of a hand": per_call(end_hands, repeats) / len(last),
        "a ply in the hand": per_call(lambda: middle.apply(middle_move), repeats),
        "a whole random hand": per_call(
            lambda: library_hand(rules, next(hands), rng), repeats
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"build: {sr.kernel_info()}")
    for name, micros in costs(args.repeats).items():
        print(f"{name:34} {micros:8.2f} µs")


if __name__ == "__main__":
    main()
