"""The fixed costs of a game and a hand made cheaper (issue #11): the same
rulesets, decks and states as before, and the same errors.

A ruleset whose options were validated before takes its derived fields
from a cache keyed by the options and their types: a value equal to a valid
one but of another type (``3.0``, ``1`` for ``True``) is still refused, and
the cache is bounded.  (The compiled build's own way of storing a new
state's slots is held to the pure build's by the differential test of the
two builds, tests/test_builds.py.)
"""

from __future__ import annotations

from typing import Any

import pytest

import scopa_rules as sr
from scopa_rules import rules as rules_module


def test_a_ruleset_made_again_is_equal_and_has_the_same_derived_fields() -> None:
    first = sr.Ruleset.escoba(players=3)
    again = sr.Ruleset.escoba(players=3)
    assert again == first
    assert again._values == first._values
    assert again._value_masks == first._value_masks
    assert (again._capture_key, again._play_key) == (
        first._capture_key,
        first._play_key,
    )
    assert again._option_values == first._option_values


@pytest.mark.parametrize(
    ("valid", "invalid", "message"),
    [
        ({"hand_size": 3}, {"hand_size": 3.0}, "hand_size must be a whole number"),
        ({"cappotto": True}, {"cappotto": 1}, "cappotto must be True or False"),
        ({"re_bello": False}, {"re_bello": 0}, "re_bello must be True or False"),
        ({"redeal_kings": 3}, {"redeal_kings": 3.0}, "redeal_kings must be 1 to 4"),
    ],
)
def test_a_value_equal_to_a_valid_one_but_of_another_type_is_still_refused(
    valid: dict[str, Any], invalid: dict[str, Any], message: str
) -> None:
    sr.Ruleset(**valid)
    with pytest.raises(sr.InvalidRulesetError, match=message):
        sr.Ruleset(**invalid)


def test_an_unhashable_option_is_named_by_the_checks() -> None:
    unhashable: Any = [2]
    with pytest.raises(sr.InvalidRulesetError, match="players must be a whole number"):
        sr.Ruleset(players=unhashable)
    with pytest.raises(sr.InvalidRulesetError, match="napola must be True or False"):
        sr.Ruleset(napola=unhashable)


def test_the_cache_of_validated_options_is_bounded() -> None:
    limit = rules_module._MAX_DERIVED
    made = [sr.Ruleset(target_score=score) for score in range(1, limit + 20)]
    assert len(rules_module._DERIVED) <= limit
    assert [rules.target_score for rules in made] == list(range(1, limit + 20))
    default = sr.Ruleset()
    assert all(rules._value_masks == default._value_masks for rules in made)
    assert sr.Ruleset(target_score=1) == made[0]


def test_an_impossible_ruleset_raises_every_time() -> None:
    for _ in range(2):
        with pytest.raises(sr.InvalidRulesetError, match="cannot be dealt"):
            sr.Ruleset(players=5)
