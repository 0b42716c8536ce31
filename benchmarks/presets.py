"""Every preset from a cold start: issue #11's "every preset fast" figure.

Plays random hands of each preset through the public API (as
``benchmarks/playouts.py`` does) in a fresh process per run, so that every
capture cache starts empty, for ``--seconds`` of CPU time; the runs go round
the presets ``--rounds`` times.  Prints, for each preset, the median hands/s
with its range, the median plies/s, and the median hands/s as a share of
2-player Scopa's.  The build is the one the environment selects
(``SCOPA_RULES_PURE=1`` for the pure-Python build).

Run:  python benchmarks/presets.py [--seconds 5] [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

PRESETS = {
    "Scopa, 2 players": "scopa()",
    "Scopa, 4 players": "scopa(players=4)",
    "Scopone Scientifico": "scopone_scientifico()",
    "Chkobba, 2 players": "chkobba()",
    "Escoba, 2 players": "escoba()",
    "Scopone": "scopone()",
    "Scopa a 15, 2 players": "scopa_a_quindici()",
    "Cirulla, 2 players": "cirulla()",
}

# One run: a fresh interpreter playing one preset, printing hands/s and plies/s.
RUN = """
import random, sys
sys.path.insert(0, {here!r})
import scopa_rules as sr
from playouts import library_hand, measure
rules = sr.Ruleset.{preset}
rng = random.Random(1)
hands, plies = measure(lambda n: library_hand(rules, n, rng), {seconds})
print(hands, plies)
"""


def run(preset: str, seconds: float) -> tuple[float, float]:
    """Hands/s and plies/s of one cold run of ``preset`` (a Ruleset
    constructor call)."""
    code = RUN.format(here=str(Path(__file__).parent), preset=preset, seconds=seconds)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[0]), float(out[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU time a run")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each preset")
    args = parser.parse_args()
    hands: dict[str, list[float]] = {name: [] for name in PRESETS}
    plies: dict[str, list[float]] = {name: [] for name in PRESETS}
    for _ in range(args.rounds):
        for name, preset in PRESETS.items():
            rate, ply_rate = run(preset, args.seconds)
            hands[name].append(rate)
            plies[name].append(ply_rate)
    scopa = statistics.median(hands["Scopa, 2 players"])
    print(f"Each preset cold, {args.rounds} runs of {args.seconds:g} s of CPU time")
    for name in PRESETS:
        median = statistics.median(hands[name])
        print(
            f"  {name:<22} {median:7,.0f} hands/s"
            f" ({min(hands[name]):,.0f}-{max(hands[name]):,.0f})"
            f" {statistics.median(plies[name]):9,.0f} plies/s"
            f"  {median / scopa:5.2f} of Scopa's hands/s"
        )


if __name__ == "__main__":
    main()
