"""What a state of C fields would give the public API: a measurement.

Builds ``c_fields_state.pyx`` (a prototype outside the package, see its
docstring) with Cython in a temporary directory, checks that it plays the
library's hands exactly (the same plies from the same seeds), then times, in
each round and one process, the bare loop of ``benchmarks/playouts.py``, the
library's public API, the prototype driven by the same loop, the prototype
listing its moves straight from the kernel's search, and ``new_game()`` with
the deal (which each of the others pays a hand).  Prints µs a hand of
2-player Scopa and the ratio to the bare loop, median and range.  The
prototype stops at the end of the hand: its score is not in its figure.
Needs Cython and a C compiler (the ``dev`` dependency group) and the
compiled build of the package.

Run:  python benchmarks/c_fields.py [--rounds 7]
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playouts import bare_hand, library_hand

import scopa_rules as sr


def build(where: Path) -> Any:
    """The prototype's module, compiled into ``where``."""
    source = Path(__file__).with_name("c_fields_state.pyx")
    copy = where / source.name
    copy.write_text(source.read_text())
    # Cython finds the package's .pxd files (the kernel's C functions the
    # prototype calls) on the path.
    package = str(Path(sr.__file__).parent.parent)
    subprocess.run(
        [sys.executable, "-m", "Cython.Build.Cythonize", "-i", "-q", str(copy)],
        cwd=where,
        env={**os.environ, "PYTHONPATH": package},
        check=True,
        capture_output=True,
    )
    sys.path.insert(0, str(where))
    return importlib.import_module("c_fields_state")


def played(
    state: Any, rng: random.Random, moves: Callable[[Any], tuple[Any, ...]]
) -> int:
    """Plies of the hand ``state`` is in, random moves of ``moves(state)``."""
    hand = state.hand_number
    plies = 0
    while state.hand_number == hand and not state.is_over:
        state = state.apply(rng.choice(moves(state)))
        plies += 1
    return plies


def per_hand(play: Callable[[int, random.Random], object], hands: int) -> float:
    """µs of CPU time a hand of ``play(seed, rng)``."""
    rng = random.Random(7)
    start = time.process_time()
    for seed in range(hands):
        play(seed, rng)
    return (time.process_time() - start) / hands * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    if not sr.kernel_info().compiled:
        sys.exit("c_fields.py compares compiled code: build the package first")
    rules = sr.Ruleset.scopa()
    with tempfile.TemporaryDirectory() as where:
        module = build(Path(where))

        def prototype(seed: int, rng: random.Random) -> int:
            state = module.from_state(sr.new_game(rules, seed=seed))
            return played(state, rng, lambda state: state.legal_moves())

        def listed(seed: int, rng: random.Random) -> int:
            state = module.from_state(sr.new_game(rules, seed=seed))
            return played(state, rng, lambda state: state.listed_moves())

        for seed in range(200):
            expected = library_hand(rules, seed, random.Random(seed))
            assert prototype(seed, random.Random(seed)) == expected
            assert listed(seed, random.Random(seed)) == expected

        ways: dict[str, tuple[Callable[[int, random.Random], object], int]] = {
            "bare loop": (lambda seed, rng: bare_hand(rng), 3000),
            "the library": (lambda seed, rng: library_hand(rules, seed, rng), 6000),
            "the prototype": (prototype, 6000),
            "the prototype, moves listed": (listed, 6000),
            "new_game() and the deal": (
                lambda seed, rng: sr.new_game(rules, seed=seed).legal_moves(),
                6000,
            ),
        }
        times: dict[str, list[float]] = {name: [] for name in ways}
        for _ in range(args.rounds):
            for name, (play, hands) in ways.items():
                times[name].append(per_hand(play, hands))
    print(f"build: {sr.kernel_info()}; µs a hand, and the bare loop's µs over it")
    bare = times["bare loop"]
    for name, spent in times.items():
        ratios = sorted(b / s for b, s in zip(bare, spent, strict=True))
        print(
            f"{name:28} {statistics.median(spent):7.2f} ({min(spent):.2f}-"
            f"{max(spent):.2f})   {statistics.median(ratios):6.2f} "
            f"({ratios[0]:.2f}-{ratios[-1]:.2f})"
        )


if __name__ == "__main__":
    main()
