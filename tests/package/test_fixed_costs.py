"""The fixed costs of a game and a hand made cheaper (issue #11): the same
rulesets, decks and states as before, and the same errors.

* A ruleset is checked every time it is made: a value equal to a valid one
  but of another type (``3.0``, ``1`` for ``True``) is refused, and an
  unhashable one is named by the checks.
* The compiled build's own way of storing a new state's slots is held to
  the pure build's by the differential test of the two builds
  (tests/package/test_builds.py).
"""

from __future__ import annotations

from typing import Any

import pytest

import scopa_rules as sr


def test_a_ruleset_made_again_is_equal_and_hashes_the_same() -> None:
    first = sr.Ruleset.escoba(players=3)
    again = sr.Ruleset.escoba(players=3)
    assert again == first
    assert hash(again) == hash(first)
    assert again.describe() == first.describe()


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


def test_an_impossible_ruleset_raises_every_time() -> None:
    for _ in range(2):
        with pytest.raises(sr.InvalidRulesetError, match="cannot be dealt"):
            sr.Ruleset(players=5)
