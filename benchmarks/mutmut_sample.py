"""The sample of mutmut's mutants whose score the testing page reports.

Reads the mutant names mutmut wrote next to the mutated modules
(``mutants/src/scopa_rules/*.py.meta``, there once ``mutmut run`` has
generated the mutants) and prints every tenth mutant of the rules modules,
one name a line: ``captures``, ``scoring`` and ``rules`` whole and the apply
path of ``state``.  Feed them to mutmut:

    python benchmarks/mutmut_sample.py | xargs -d '\\n' mutmut run --max-children 2

Run:  python benchmarks/mutmut_sample.py [--every 10] [--mutants mutants]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

MODULES = ("captures", "scoring", "rules", "state")
# The functions of state.py that apply a move, check it or end the hand.
APPLY_PATH = (
    "xǁGameStateǁapply__",
    "xǁGameStateǁ_checked__",
    "x__played__",
    "xǁGameStateǁ_apply_other__",
    "xǁGameStateǁ_is_legal_play__",
    "x__hand_over__",
    "x__game_winner__",
    "x_legal_plays__",
    "x__bump__",
)


def _order(name: str) -> tuple[str, int]:
    function, number = name.rsplit("_", 1)
    return function, int(number)


def in_scope(module: str, names: list[str]) -> list[str]:
    """The mutants of ``module`` the score covers, in mutmut's order."""
    if module == "state":
        names = [n for n in names if n.split(".", 2)[2].startswith(APPLY_PATH)]
    return sorted(names, key=_order)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--mutants", type=Path, default=Path("mutants"))
    args = parser.parse_args()
    for module in MODULES:
        meta = args.mutants / "src" / "scopa_rules" / f"{module}.py.meta"
        names = list(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
        scope = in_scope(module, names)
        print(f"{module}: {len(scope[:: args.every])} of {len(scope)}", file=sys.stderr)
        print("\n".join(scope[:: args.every]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
