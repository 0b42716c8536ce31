"""Perft through the public API: exact node counts and nodes/s.

The counts are the golden numbers of ``tests/engine/test_perft.py``
(deeper where that is cheap); this script prints them with the time they
took, so a change that speeds up or slows down move generation shows here
and a change that alters what is legal shows in the tests.

Run:  python benchmarks/perft.py
"""

from __future__ import annotations

import time

import scopa_rules as sr

POSITIONS = [
    ("Scopa, 2 players", sr.Ruleset.scopa(), 7, 10),
    ("Scopa, 4 players", sr.Ruleset.scopa(players=4), 7, 9),
    ("Scopone", sr.Ruleset.scopone(), 7, 5),
    ("Scopone Scientifico", sr.Ruleset.scopone_scientifico(), 7, 5),
    ("Chkobba, 2 players", sr.Ruleset.chkobba(), 7, 9),
    ("Escoba, 2 players", sr.Ruleset.escoba(), 7, 7),
]


def main() -> None:
    print(f"{'position':<22} depth {'nodes':>10} {'seconds':>8} {'nodes/s':>11}")
    for name, rules, seed, depth in POSITIONS:
        state = sr.new_game(rules, seed=seed)
        for d in range(1, depth + 1):
            start = time.process_time()
            nodes = sr.perft(state, d)
            elapsed = time.process_time() - start
            rate = f"{nodes / elapsed:11,.0f}" if elapsed > 0.001 else f"{'-':>11}"
            print(f"{name:<22} {d:5} {nodes:10,} {elapsed:8.3f} {rate}")


if __name__ == "__main__":
    main()
