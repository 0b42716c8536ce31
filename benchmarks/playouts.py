"""Random playouts through the public API, against a bare reference loop.

Plays whole hands with uniformly random legal moves (``legal_moves()``, a
uniform choice, ``apply()``), one hand at a time, and prints hands/s and
plies/s for several presets, each with its hands/s as a share of 2-player
Scopa's (the first).  In the same run it times a compact reference
written without the library (int bitmasks, recursive subset sums, single card
before sums, sweeps, refills) on random 2-player Scopa hands, and prints the
ratio library / reference as the median of alternating runs.

Run:  python benchmarks/playouts.py [--seconds 1.0] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import scopa_rules as sr

# -- the bare reference: 2-player Scopa with default rules, no library -------

VALUES = [i % 10 + 1 for i in range(40)]


def _sums(
    cards: list[int], start: int, target: int, taken: int, out: list[int]
) -> None:
    for j in range(start, len(cards)):
        bit = cards[j]
        value = VALUES[bit.bit_length() - 1]
        if value == target:
            out.append(taken | bit)
        elif value < target:
            _sums(cards, j + 1, target - value, taken | bit, out)


def bare_hand(rng: random.Random) -> int:
    """One random hand of 2-player Scopa; returns the number of plies."""
    deck = list(range(40))
    rng.shuffle(deck)
    bits = [1 << i for i in deck]
    hands = [bits[0] | bits[1] | bits[2], bits[3] | bits[4] | bits[5]]
    table = bits[6] | bits[7] | bits[8] | bits[9]
    dealt = 10
    piles = [0, 0]
    sweeps = [0, 0]
    last = -1
    player = 0
    plies = 0
    while True:
        if not hands[0] and not hands[1]:
            if dealt == 40:
                break
            hands[0] = bits[dealt] | bits[dealt + 1] | bits[dealt + 2]
            hands[1] = bits[dealt + 3] | bits[dealt + 4] | bits[dealt + 5]
            dealt += 6
        moves: list[tuple[int, int]] = []
        table_cards = []
        rest = table
        while rest:
            low = rest & -rest
            table_cards.append(low)
            rest ^= low
        hand = hands[player]
        while hand:
            card = hand & -hand
            hand ^= card
            value = VALUES[card.bit_length() - 1]
            captures = [c for c in table_cards if VALUES[c.bit_length() - 1] == value]
            if not captures:
                _sums(table_cards, 0, value, 0, captures)
            if captures:
                moves.extend((card, c) for c in captures)
            else:
                moves.append((card, 0))
        card, taken = rng.choice(moves)
        hands[player] ^= card
        if taken:
            table ^= taken
            piles[player] |= taken | card
            last = player
            if not table and (hands[0] or hands[1] or dealt < 40):
                sweeps[player] += 1
        else:
            table |= card
        player ^= 1
        plies += 1
    if last >= 0:
        piles[last] |= table
    return plies


# -- the library ----------------------------------------------------------------


def library_hand(rules: sr.Ruleset, seed: int, rng: random.Random) -> int:
    """One random hand through the public API; returns the number of plies."""
    state = sr.new_game(rules, seed=seed)
    hand = state.hand_number
    plies = 0
    while state.hand_number == hand and not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        plies += 1
    return plies


def measure(play: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """Hands/s and plies/s of ``play`` over about ``seconds`` of this
    process's CPU time (CPU time, not wall time, so that other work on the
    machine does not count against either side)."""
    hands = plies = 0
    start = time.process_time()
    while True:
        plies += play(hands)
        hands += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return hands / elapsed, plies / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="time per measurement"
    )
    parser.add_argument(
        "--rounds", type=int, default=5, help="alternating runs for the ratio"
    )
    args = parser.parse_args()

    print(f"Build: {sr.kernel_info()}")
    print("Random playouts through the public API (one hand at a time)")
    presets = [
        ("Scopa, 2 players", sr.Ruleset.scopa(players=2)),
        ("Scopa, 4 players", sr.Ruleset.scopa(players=4)),
        ("Scopone Scientifico", sr.Ruleset.scopone_scientifico()),
        ("Chkobba, 2 players", sr.Ruleset.chkobba()),
        ("Escoba, 2 players", sr.Ruleset.escoba()),
        ("Scopone", sr.Ruleset.scopone()),
        ("Scopa a 15, 2 players", sr.Ruleset.scopa_a_quindici()),
        ("Cirulla, 2 players", sr.Ruleset.cirulla()),
    ]
    scopa_hands = 0.0
    for name, rules in presets:
        rng = random.Random(1)

        def play(n: int, rules: sr.Ruleset = rules, rng: random.Random = rng) -> int:
            return library_hand(rules, n, rng)

        hands, plies = measure(play, args.seconds)
        scopa_hands = scopa_hands or hands  # the first preset, 2-player Scopa
        print(
            f"  {name:<22} {hands:9,.0f} hands/s {plies:11,.0f} plies/s"
            f"  {hands / scopa_hands:5.2f} of Scopa's hands/s"
        )

    print("\nLibrary against the bare reference loop, 2-player Scopa")
    scopa = sr.Ruleset.scopa()
    ratios = []
    for round_number in range(args.rounds):
        ref_rng = random.Random(round_number)
        lib_rng = random.Random(round_number)
        offset = 1000 * round_number

        def reference(n: int, rng: random.Random = ref_rng) -> int:
            return bare_hand(rng)

        def library(n: int, rng: random.Random = lib_rng, offset: int = offset) -> int:
            return library_hand(scopa, n + offset, rng)

        ref_hands, ref_plies = measure(reference, args.seconds)
        lib_hands, lib_plies = measure(library, args.seconds)
        ratios.append(lib_plies / ref_plies)
        print(
            f"  round {round_number + 1}: reference {ref_hands:7,.0f} hands/s "
            f"{ref_plies:9,.0f} plies/s; library {lib_hands:7,.0f} hands/s "
            f"{lib_plies:9,.0f} plies/s; ratio {lib_plies / ref_plies:.2f}"
        )
    print(
        f"  median ratio library / reference (plies/s): {statistics.median(ratios):.2f}"
    )


if __name__ == "__main__":
    main()
