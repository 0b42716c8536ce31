"""The rules in force as a person reads them: ``Ruleset.describe()`` of every
preset and of a ruleset for each value of the options that change the text,
against ``tests/golden/rules.txt``.

Run with ``SCOPA_UPDATE_GOLDEN=1`` to rewrite the golden file after a
deliberate change of wording, then read its diff.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

import scopa_rules as sr
from helpers import PRESETS, ROOT

GOLDEN = ROOT / "tests" / "golden" / "rules.txt"

# Each option value that changes what describe() says, on top of Scopa for
# two (one ruleset each, so a wrong sentence shows which option it is).
VARIANTS: list[dict[str, Any]] = [
    {"capture_rule": "free"},
    {"capture_rule": "fewest_cards"},
    {"capture_compulsion": "none"},
    {"capture_compulsion": "whole_hand"},
    {"capture_mode": "fifteen"},
    {"capture_mode": "match_or_fifteen"},
    {"capture_values": "chkobba"},
    {"ace_takes_all": True},
    {"ace_takes_all": True, "table_ace": "either", "ace_sweep_is_scopa": False},
    {"ace_takes_all": True, "table_ace": "ignored", "ace_may_trail": True},
    {"ace_takes_all": True, "blocked_ace_sweeps": False},
    {"last_card_sweep_counts": True},
    {"redeal_kings": None},
    {"redeal_kings": 4, "redeal_aces": 2},
    {"first_card_choice": True},
    {"capture_mode": "fifteen", "initial_fifteen_sweeps": True},
    {"primiera_rule": "more_suits"},
    {"primiera_rule": "partial_sum"},
    {"primiera_rule": "most_sevens"},
    {"re_bello": True, "cappotto": True, "grande": True},
    {"napola": True},
    {"napola": True, "napola_points": "flat"},
    {"napola": True, "napola_points": "run_to_six"},
    {"declarations": True},
    {"declarations": True, "wild_card": None},
    {"target_score": 21},
]


def rulesets() -> list[sr.Ruleset]:
    house = [sr.Ruleset(players=5, table_size=10), sr.Ruleset(hand_size=9)]
    return [*PRESETS, *house, *(sr.Ruleset.scopa(**options) for options in VARIANTS)]


def described() -> str:
    return "\n\n".join(f"{rules!r}\n{rules.describe()}" for rules in rulesets()) + "\n"


def test_every_ruleset_describes_its_rules_as_the_golden_file_says() -> None:
    text = described()
    if os.environ.get("SCOPA_UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


@pytest.mark.parametrize("rules", rulesets(), ids=repr)
def test_every_description_names_each_rule_once(rules: sr.Ruleset) -> None:
    topics = [topic for topic, _ in rules.rules_in_force()]
    assert len(topics) == len(set(topics))
    assert rules.describe().count("\n") == len(topics)
