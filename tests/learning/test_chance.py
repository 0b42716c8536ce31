"""A deck dealt card by card at chance nodes (the OpenSpiel adapter's
explicit chance): the outcomes are the cards left, each as likely, and a
card is dealt once."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scopa_rules as sr
from scopa_rules._chance import deal_card, deal_outcomes


@given(st.permutations(range(40)), st.integers(0, 40))
def test_the_outcomes_are_the_cards_left_each_as_likely(
    order: list[int], count: int
) -> None:
    dealt = b""
    for index in order[:count]:
        dealt = deal_card(dealt, index)
    assert list(dealt) == order[:count]
    outcomes = deal_outcomes(dealt)
    left = sorted(order[count:])
    assert [index for index, _ in outcomes] == left
    assert all(chance == 1 / len(left) for _, chance in outcomes)
    assert sum(chance for _, chance in outcomes) == pytest.approx(1.0 if left else 0.0)
    # Each call gives a list of its own: a caller may change it.
    outcomes.clear()
    assert len(deal_outcomes(dealt)) == len(left)


@pytest.mark.parametrize("action", [3, 17, 40, 255, 256, -1])
def test_a_card_is_dealt_once(action: int) -> None:
    dealt = deal_card(deal_card(b"", 3), 17)
    with pytest.raises(
        sr.IllegalMoveError,
        match=rf"^chance action {action} does not deal a card left in the deck; "
        r"the 38 cards left are AD, 2D, 3D, 5D, ",
    ):
        deal_card(dealt, action)
