"""The compiled build against the pure-Python build, in one run.

Runs ``benchmarks/playouts.py`` in child processes, alternating the compiled
build and the pure sources (``SCOPA_RULES_PURE=1``), and prints for each the
median ratio against the bare reference loop, then compiled / pure.  Both
ratios are measured against the same reference in the same process, so a
busy machine moves them together.

Run:  python benchmarks/builds.py [--rounds 5] [--seconds 1.0]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

PLAYOUTS = Path(__file__).with_name("playouts.py")


def ratio(pure: bool, seconds: float) -> tuple[str, float, dict[str, float]]:
    """One run of playouts.py: its build, its median ratio against the
    reference, and the hands/s of each preset."""
    env = dict(os.environ)
    env.pop("SCOPA_RULES_PURE", None)
    if pure:
        env["SCOPA_RULES_PURE"] = "1"
    out = subprocess.run(
        [sys.executable, str(PLAYOUTS), "--rounds", "3", "--seconds", str(seconds)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    build = out.splitlines()[0].removeprefix("Build: ")
    median = float(re.findall(r"median ratio .*: ([0-9.]+)", out)[0])
    table = out.split("Library against")[0]  # the presets, not the rounds
    presets = {
        name.strip(): float(rate.replace(",", ""))
        for name, rate in re.findall(r"^  (\S.*?)\s{2,}([0-9,]+) hands/s", table, re.M)
    }
    return build, median, presets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="runs of each build")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per figure")
    args = parser.parse_args()
    results: dict[bool, list[float]] = {False: [], True: []}
    hands: dict[bool, dict[str, list[float]]] = {False: {}, True: {}}
    builds = {}
    for round_number in range(args.rounds):
        for pure in (False, True):
            build, median, presets = ratio(pure, args.seconds)
            builds[pure] = build
            results[pure].append(median)
            for name, rate in presets.items():
                hands[pure].setdefault(name, []).append(rate)
            label = "pure    " if pure else "compiled"
            print(f"round {round_number + 1} {label} ({build}): ratio {median:.2f}")
    for pure in (False, True):
        values = results[pure]
        print(
            f"{builds[pure]}: median ratio to the bare loop "
            f"{statistics.median(values):.2f} (range {min(values):.2f}-{max(values):.2f})"
        )
    print(
        "compiled / pure: "
        f"{statistics.median(results[False]) / statistics.median(results[True]):.2f}"
    )
    print("\nHands/s by preset (median over the rounds), compiled / pure:")
    scopa = "Scopa, 2 players"
    for name in hands[False]:
        fast = statistics.median(hands[False][name])
        slow = statistics.median(hands[True][name])
        share = fast / statistics.median(hands[False][scopa])
        print(
            f"  {name:<22} {fast:8,.0f} / {slow:8,.0f}  x{fast / slow:.2f}"
            f"  ({share:.2f} of Scopa's compiled figure)"
        )


if __name__ == "__main__":
    main()
