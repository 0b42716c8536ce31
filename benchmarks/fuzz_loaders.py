"""A long fuzz run of every loader and parser: over 10^5 inputs.

Runs the tests of ``tests/testing/test_fuzz.py`` (random and mutated card
text, moves, rulesets, positions, saved states and records) with many more
examples than the normal suite, then prints how each loader answered: a
value it accepted, or the library error it raised.  Any other exception
fails the run (the test that met it fails, and it is counted as
``escaped``).

Run:  python benchmarks/fuzz_loaders.py [--examples 15000] [--slow-examples 2000]
(``--slow-examples`` is for the loaders that replay whole games).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FUZZ = ROOT / "tests" / "testing" / "test_fuzz.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--examples", type=int, default=15_000)
    parser.add_argument("--slow-examples", type=int, default=2_000)
    args = parser.parse_args()
    os.environ["SCOPA_FUZZ_EXAMPLES"] = str(args.examples)
    os.environ["SCOPA_FUZZ_SLOW_EXAMPLES"] = str(args.slow_examples)
    os.environ.setdefault("HYPOTHESIS_PROFILE", "explore")  # fresh random inputs
    # tests/ is not a package: its modules (the fuzz tests and the profiles
    # they import) are found on the paths set here, as pytest finds them.
    sys.path[:0] = [str(FUZZ.parent), str(ROOT / "tests")]
    test_fuzz = importlib.import_module(FUZZ.stem)

    start = time.perf_counter()
    status = pytest.main(
        [
            str(FUZZ),
            "-q",
            "-p",
            "no:cacheprovider",
        ]
    )
    seconds = time.perf_counter() - start
    outcomes = test_fuzz.OUTCOMES
    total = sum(outcomes.values())
    print(f"\n{total:,} inputs in {seconds:,.0f} s")
    for (loader, outcome), count in sorted(outcomes.items()):
        print(f"  {loader:34} {outcome:28} {count:8,}")
    escaped = sum(
        n for (_, outcome), n in outcomes.items() if outcome.startswith("escaped")
    )
    print(f"escaped (not a library error): {escaped}")
    return int(status) or int(escaped > 0)


if __name__ == "__main__":
    sys.exit(main())
