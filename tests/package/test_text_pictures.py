"""``str()`` of states, views, suits and ranks: readable text."""

from __future__ import annotations

import scopa_rules as sr


def test_str_of_a_state_is_its_picture() -> None:
    state = sr.new_game(seed=7)
    assert str(state) == state.render()
    assert str(state).startswith("Scopa, hand 1")
    assert repr(state).startswith("<GameState")


def test_str_of_a_view_is_its_picture() -> None:
    view = sr.new_game(seed=7).view(1)
    assert str(view) == view.render()
    assert "(view of seat 1)" in str(view)


def test_str_of_suits_and_ranks_is_card_text() -> None:
    assert [str(suit) for suit in sr.Suit] == ["D", "H", "S", "C"]
    assert "".join(str(rank) for rank in sr.Rank) == "A234567JQK"
    for card in sr.ALL_CARDS:
        assert f"{card.rank}{card.suit}" == str(card)
        assert sr.Suit.parse(str(card.suit)) is card.suit
        assert sr.Rank.parse(str(card.rank)) is card.rank
    # Numbers are still numbers.
    assert int(sr.Rank.QUEEN) == 9
    assert sr.Rank.QUEEN + 1 == 10
    assert f"{sr.Rank.QUEEN:>3}" == "  Q"
