"""Break one rule at a time and check that the tests fail: hand-written mutants.

Each mutation below is one rule of RULES.md broken on purpose in a copy of
the sources: a primiera value off by one, the settebello not scored, a sweep
on the last card of the hand counted, a single card's precedence over sums
dropped, the capture compulsion ignored, an ace's take-all wrong, a partner
scoring for the other side, and more.  For each, the script copies the
repository (sources and tests, without ``.git`` and without any compiled
module or Hypothesis database) to a temporary directory, applies the edit,
and runs the quick test suite there on the pure-Python build (the rules'
own tests first), stopping at the first failure.  A mutant is *killed* when a test fails, and *survives* when the
whole run passes: every mutant must be killed, in the quick run (the
default) and in the thorough one (``--profile thorough``).

Both profiles are derandomised, so a run kills the same mutants every time.
The run exits with 1 if any mutant survives and with 2 if an edit no longer
finds the text it replaces (the sources changed: update the mutation).
``--check`` only checks that every edit still finds its text, in a second
and without running a test: the first step of the mutation job
(``.ci/mutations``), which the test suite does not depend on.

Run:  python benchmarks/mutations.py [--profile quick|thorough] [--only NAME]
      [--list] [--check] [-- PYTEST ARGS]
      (run it under ``nice -n 10`` on a busy machine)
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "scopa_rules"
_COPY_IGNORES = shutil.ignore_patterns(
    ".git",
    ".hypothesis",
    ".benchmarks",
    "__pycache__",
    "_build",
    "build",
    "*.egg-info",
    "*.so",
    "*.pyd",
    "*.c",
)
# The rules' own tests run first, so that most mutants fail within seconds;
# the rest of the quick run follows (the same tests as ``python -m pytest``,
# in another order).
_FIRST = (
    "tests/rules/test_scoring.py",
    "tests/rules/test_default_rules.py",
    "tests/game/test_game_flow.py",
    "tests/engine/test_perft.py",
    "tests/rules/test_cirulla.py",
    "tests/rules/test_options.py",
    "tests/engine/test_fast_paths.py",
    "tests/testing/test_properties.py",
)


def _test_paths() -> list[str]:
    rest = sorted(
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "tests").rglob("*.py")
        if path.name != "conftest.py"
    )
    return [*_FIRST, *(path for path in rest if path not in _FIRST), "src/scopa_rules"]


@dataclass(frozen=True)
class Mutation:
    """A broken rule: each edit replaces ``old`` (found exactly once in the
    module) with ``new``."""

    name: str
    rule: str
    edits: tuple[tuple[str, str, str], ...]  # (module, old, new)


def _edit(module: str, old: str, new: str) -> tuple[str, str, str]:
    return (module, old, new)


MUTATIONS = (
    Mutation(
        "primiera-seven-20",
        "a seven is worth 20 in the primiera, not 21 (RULES.md 5)",
        (
            _edit(
                "scoring.py",
                "(16, 12, 13, 14, 15, 18, 21, 10, 10, 10)",
                "(16, 12, 13, 14, 15, 18, 20, 10, 10, 10)",
            ),
        ),
    ),
    Mutation(
        "primiera-ace-15",
        "an ace is worth 15 in the primiera, not 16",
        (
            _edit(
                "scoring.py",
                "(16, 12, 13, 14, 15, 18, 21, 10, 10, 10)",
                "(15, 12, 13, 14, 15, 18, 21, 10, 10, 10)",
            ),
        ),
    ),
    Mutation(
        "primiera-any-suits",
        "the primiera is won without a card of every suit (all_suits)",
        (
            _edit(
                "scoring.py",
                "return total if suits == 4 else None",
                "return total",
            ),
        ),
    ),
    Mutation(
        "settebello-ignored",
        "the settebello scores no point",
        (
            _edit(
                "scoring.py", "                + settebello\n", "                + 0\n"
            ),
        ),
    ),
    Mutation(
        "re-bello-wrong-card",
        "the re bello is the queen of coins, not the king",
        (
            _edit(
                "scoring.py",
                "re_bello = mask >> 9 & 1",
                "re_bello = mask >> 8 & 1",
            ),
        ),
    ),
    Mutation(
        "tie-scores-a-point",
        "a tie for the lead of a category gives the point to the first side",
        (_edit("scoring.py", "            tied = True\n", "            pass\n"),),
    ),
    Mutation(
        "cappotto-nine-coins",
        "nine coins make a cappotto",
        (_edit("scoring.py", "coins_held[side] == 10", "coins_held[side] >= 9"),),
    ),
    Mutation(
        "napola-from-two",
        "a napola scores from the two of coins, not the three",
        (
            _edit(
                "scoring.py",
                "NapolaPoints.RUN: tuple(run if run >= 3 else 0",
                "NapolaPoints.RUN: tuple(run if run >= 2 else 0",
            ),
        ),
    ),
    Mutation(
        "last-card-sweep-counts",
        "a sweep with the last card of the hand counts (last_card_sweep_counts off)",
        (
            _edit(
                "_kernel.py",
                "return rules.last_card_sweep_counts or cards_left",
                "return True",
            ),
        ),
    ),
    Mutation(
        "single-card-precedence-dropped",
        "the legal moves offer sums even when a single card matches (single_first)",
        (
            _edit(
                "captures.py",
                "    elif singles and rule != FREE:",
                "    elif False:",
            ),
        ),
    ),
    Mutation(
        "single-card-precedence-unchecked",
        "the one-move check accepts a sum when a single card matches",
        (
            _edit(
                "captures.py",
                "return count == 1 or not table_mask & settings.value_masks[value]",
                "return True",
            ),
        ),
    ),
    Mutation(
        "fewest-cards-dropped",
        "fewest_cards keeps captures of more than the fewest cards",
        (
            _edit(
                "captures.py",
                "ways = [way for way in ways if way[2] == fewest]",
                "ways = list(ways)",
            ),
        ),
    ),
    Mutation(
        "fifteen-off-by-one",
        "captures by fifteen add up to 14",
        (
            _edit(
                "captures.py",
                "_ways_to_total(settings, pattern, 15 - value)",
                "_ways_to_total(settings, pattern, 14 - value)",
            ),
            _edit(
                "captures.py",
                "        total = 15 - settings.values[rank]",
                "        total = 14 - settings.values[rank]",
            ),
        ),
    ),
    Mutation(
        "compulsion-ignored",
        "a card that can capture may be trailed (capture_compulsion played_card)",
        (
            _edit(
                "_kernel.py",
                "        if compulsion == _NO_COMPULSION:\n"
                "            out.append(named[index])\n",
                "        out.append(named[index])\n",
            ),
        ),
    ),
    Mutation(
        "search-fifteen-off-by-one",
        "the compiled build's search: captures by fifteen add up to 14",
        (
            _edit(
                "_kernel.py",
                "_sums(values, items, count, 0, 15 - value, 0, plays, found)",
                "_sums(values, items, count, 0, 14 - value, 0, plays, found)",
            ),
        ),
    ),
    Mutation(
        "search-compulsion-ignored",
        "the compiled build's search: a card that can capture may be trailed",
        (
            _edit(
                "_kernel.py",
                "            if compulsion != _NO_COMPULSION:\n                continue\n",
                "",
            ),
        ),
    ),
    Mutation(
        "ace-take-all-needs-a-table-ace",
        "an ace takes the whole table only when the table ace is ignored",
        (
            _edit(
                "captures.py",
                "if not table_mask & _ACES or settings.take_all == TAKE_ALL_ALWAYS:\n"
                "            return whole",
                "if settings.take_all == TAKE_ALL_ALWAYS:\n            return whole",
            ),
        ),
    ),
    Mutation(
        "table-ace-either-blocks",
        "under table_ace either, a table ace blocks the take-all",
        (
            _edit(
                "captures.py",
                "take_all = settings.take_all == TAKE_ALL_OR_CAPTURE",
                "take_all = settings.take_all == TAKE_ALL_BLOCKED",
            ),
        ),
    ),
    Mutation(
        "partner-side-swapped",
        "a capture goes to the pile of the seat before",
        (
            _edit(
                "state.py",
                "side = rules.seat_sides[mover]",
                "side = rules.seat_sides[mover - 1]",
            ),
        ),
    ),
    Mutation(
        "side-of-swapped",
        "Ruleset.side_of puts a seat in the other partnership",
        (
            _edit(
                "rules.py",
                "seat % 2 if self.partnerships else seat",
                "(seat + 1) % 2 if self.partnerships else seat",
            ),
        ),
    ),
    Mutation(
        "leftover-not-taken",
        "the cards left on the table at the end of a hand go to no one",
        (
            _edit(
                "_kernel.py",
                "piles[rules.seat_sides[last]] |= table",
                "piles[rules.seat_sides[last]] |= 0",
            ),
        ),
    ),
    Mutation(
        "target-reached-early",
        "a game ends one point short of the target",
        (
            _edit(
                "scoring.py",
                "if best < rules.target_score or",
                "if best < rules.target_score - 1 or",
            ),
        ),
    ),
    Mutation(
        "tie-at-target-ends",
        "a tie for the lead at the target ends the game",
        (
            _edit(
                "scoring.py", "or scores.count(best) > 1:", "or scores.count(best) > 2:"
            ),
        ),
    ),
    Mutation(
        "dealer-stays",
        "the deal does not pass to the next seat",
        (
            _edit(
                "state.py",
                "        (dealer + 1) % rules.players,\n        hand_number + 1,\n",
                "        dealer,\n        hand_number + 1,\n",
            ),
        ),
    ),
    Mutation(
        "turn-order-reversed",
        "play passes to the previous seat",
        (
            _edit(
                "state.py",
                "    mover += 1\n    if mover == len(hands):  # a hand for each seat\n        mover = 0\n",
                "    mover = (mover - 1) % len(hands)\n",
            ),
        ),
    ),
)


def edited(mutation: Mutation, package: Path) -> tuple[dict[str, str], str | None]:
    """The mutant's text of each module it edits in ``package``, or the
    reason an edit cannot be made."""
    texts: dict[str, str] = {}
    for module, old, new in mutation.edits:
        text = texts.get(module) or (package / module).read_text(encoding="utf-8")
        found = text.count(old)
        if found != 1:
            return {}, f"{module}: the text to replace occurs {found} times, not once"
        if old == new:
            return {}, f"{module}: the edit changes nothing"
        texts[module] = text.replace(old, new)
    return texts, None


def apply(mutation: Mutation, package: Path) -> str | None:
    """Edit the copy of the package; the reason if an edit cannot be made."""
    texts, stale = edited(mutation, package)
    for module, text in texts.items():
        (package / module).write_text(text, encoding="utf-8")
    return stale


def check(mutations: Sequence[Mutation]) -> int:
    """Whether every edit still finds its text in the sources: 0, or 2 after
    listing the stale ones."""
    stale = [(m.name, edited(m, PACKAGE)[1]) for m in mutations]
    for name, reason in stale:
        if reason is not None:
            print(f"{name:34} stale      {reason}")
    applied = sum(reason is None for _, reason in stale)
    print(f"{applied} of {len(stale)} mutants apply to the sources")
    return 0 if applied == len(stale) else 2


def run(
    mutation: Mutation | None, profile: str, pytest_args: list[str]
) -> tuple[str, str, float]:
    """(outcome, the first failing test or the reason, seconds) of the test
    run on a copy of the repository with ``mutation`` (none: the baseline)."""
    with tempfile.TemporaryDirectory(prefix="scopa-mutant-") as tmp:
        copy = Path(tmp) / "repo"
        shutil.copytree(ROOT, copy, ignore=_COPY_IGNORES)
        if mutation is not None:
            stale = apply(mutation, copy / "src" / "scopa_rules")
            if stale is not None:
                return "stale", stale, 0.0
        env = {
            **os.environ,
            "PYTHONPATH": str(copy / "src"),
            "SCOPA_RULES_PURE": "1",
            "HYPOTHESIS_PROFILE": profile,
            "PYTHONHASHSEED": "0",
        }
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
        start = time.perf_counter()
        done = subprocess.run(
            [*command, *(pytest_args or _test_paths())],
            cwd=copy,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        seconds = time.perf_counter() - start
    if done.returncode == 0:
        return "survived", "", seconds
    # pytest's summary names the failing test (FAILED) or the test module
    # that could not even be collected (ERROR).
    failed = [
        line
        for line in done.stdout.splitlines()
        if line.startswith(("FAILED ", "ERROR "))
    ]
    detail = failed[0] if failed else done.stdout.strip().splitlines()[-1]
    return "killed", detail[:120], seconds


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--profile", default="quick", choices=["quick", "thorough"])
    parser.add_argument("--only", action="append", help="run only this mutation")
    parser.add_argument("--list", action="store_true", help="list the mutations")
    parser.add_argument(
        "--check",
        action="store_true",
        help="only check that every edit finds its text (no test is run)",
    )
    parser.add_argument(
        "--no-baseline",
        action="store_true",
        help="skip the run of the unchanged sources (which must pass)",
    )
    parser.add_argument("pytest_args", nargs="*", help="after --: pytest's arguments")
    args = parser.parse_args()
    chosen = [m for m in MUTATIONS if not args.only or m.name in args.only]
    if args.list or not chosen:
        for mutation in MUTATIONS:
            print(f"{mutation.name:34} {mutation.rule}")
        return 0 if args.list else 2
    if args.check:
        return check(chosen)
    if not args.no_baseline:
        outcome, detail, seconds = run(None, args.profile, args.pytest_args)
        passed = outcome == "survived"  # nothing to kill: the tests pass
        print(
            f"{'(unchanged sources)':34} {'passed' if passed else 'FAILED':9} {seconds:6.1f} s"
        )
        if not passed:
            print("the unchanged sources fail their tests: fix that first")
            return 2
    outcomes = []
    for mutation in chosen:
        outcome, detail, seconds = run(mutation, args.profile, args.pytest_args)
        outcomes.append(outcome)
        print(f"{mutation.name:34} {outcome:9} {seconds:6.1f} s  {detail}", flush=True)
    killed = outcomes.count("killed")
    print(f"{killed} of {len(outcomes)} mutants killed ({args.profile} profile)")
    if "stale" in outcomes:
        return 2
    return int(killed < len(outcomes))


if __name__ == "__main__":
    sys.exit(main())
