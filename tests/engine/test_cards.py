"""Cards and card sets: parsing, text, the set operations and value semantics."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scopa_rules as sr
from scopa_rules import Card, CardSet, Deck

REPR_NAMES = {"Card": Card, "CardSet": CardSet, "Deck": Deck}


def card(text: str) -> Card:
    return Card.parse(text)


def roundtrip_repr(value: object) -> object:
    """Evaluate ``repr(value)`` with only the public names in scope."""
    return eval(repr(value), dict(REPR_NAMES))


# -- parsing a card -------------------------------------------------------------


@pytest.mark.parametrize("text", ["7D", "7d", "7♦", "7♢", " 7D ", "\t7d\n"])
def test_card_text_forms_parse_to_the_settebello(text: str) -> None:
    parsed = card(text)
    assert parsed.rank is sr.Rank.SEVEN
    assert parsed.suit is sr.Suit.DENARI
    assert parsed.is_settebello


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AH", sr.Rank.ACE, sr.Suit.COPPE),
        ("qs", sr.Rank.QUEEN, sr.Suit.SPADE),
        ("J♣", sr.Rank.JACK, sr.Suit.BASTONI),
        ("k♥", sr.Rank.KING, sr.Suit.COPPE),
        ("2♠", sr.Rank.TWO, sr.Suit.SPADE),
    ],
)
def test_card_rank_and_suit(text: str, rank: sr.Rank, suit: sr.Suit) -> None:
    parsed = card(text)
    assert (parsed.rank, parsed.suit) == (rank, suit)


def test_each_card_is_one_object() -> None:
    assert card("7d") is card("7♦") is Card(sr.Rank.SEVEN, sr.Suit.DENARI)
    assert Card(7, 0) is card("7D")
    assert Card.from_index(card("KC").index) is card("KC")


def test_capture_values_follow_the_ranks() -> None:
    assert [int(c.rank) for c in CardSet("AD 2D 3D 4D 5D 6D 7D JD QD KD")] == list(
        range(1, 11)
    )


def test_coin_and_settebello_flags() -> None:
    assert card("3D").is_coin
    assert not card("3H").is_coin
    assert [c for c in sr.ALL_CARDS if c.is_settebello] == [card("7D")]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("8D", "'8'"),
        ("7X", "'X'"),
        ("D7", "'D'"),
        ("10D", "'10D'"),
        ("7DD", "'7DD'"),
        ("", "''"),
        ("7", "'7'"),
    ],
)
def test_bad_card_text_is_a_notation_error_naming_the_bad_part(
    text: str, named: str
) -> None:
    with pytest.raises(sr.NotationError) as info:
        card(text)
    assert named in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, sr.ScopaError)


def test_unknown_rank_message_lists_the_ranks() -> None:
    with pytest.raises(ValueError, match="A 2 3 4 5 6 7 J Q K"):
        card("8D")


def test_unknown_suit_message_lists_the_suits() -> None:
    with pytest.raises(ValueError, match="D H S C"):
        card("7X")


def test_card_text_must_be_a_string() -> None:
    with pytest.raises(sr.NotationError, match="string"):
        Card.parse(7)  # type: ignore[arg-type]


@pytest.mark.parametrize(("rank", "suit"), [(0, 0), (11, 0), (1, 4), (1, -1)])
def test_card_constructor_rejects_out_of_range(rank: int, suit: int) -> None:
    with pytest.raises(sr.NotationError):
        Card(rank, suit)


def test_suit_and_rank_parse_on_their_own() -> None:
    assert sr.Suit.parse("d") is sr.Suit.DENARI
    assert sr.Suit.parse("♣") is sr.Suit.BASTONI
    assert sr.Rank.parse("q") is sr.Rank.QUEEN
    assert [s.letter for s in sr.Suit] == ["D", "H", "S", "C"]
    assert [s.symbol for s in sr.Suit] == ["♦", "♥", "♠", "♣"]
    with pytest.raises(sr.NotationError, match="'X'"):
        sr.Suit.parse("X")
    with pytest.raises(sr.NotationError, match="'8'"):
        sr.Rank.parse("8")


# -- card text --------------------------------------------------------------------


def test_str_and_repr_of_a_card() -> None:
    assert str(card("jh")) == "JH"
    assert repr(card("jh")) == "Card.parse('JH')"
    assert card("KS").symbol_text() == "K♠"


def test_every_card_round_trips_through_str_and_repr() -> None:
    for each in sr.ALL_CARDS:
        assert Card.parse(str(each)) is each
        assert roundtrip_repr(each) is each


def test_cards_order_by_library_index() -> None:
    assert card("AD") < card("7D") < card("KD") < card("AH") < card("KC")
    assert sorted([card("KC"), card("AH"), card("7D")]) == [
        card("7D"),
        card("AH"),
        card("KC"),
    ]


# -- card sets ------------------------------------------------------------------------


def test_cardset_parses_mixed_text() -> None:
    cards = CardSet(" 7d, K♣\tas  3H ")
    assert cards == CardSet("7D KC AS 3H")
    assert len(cards) == 4


def test_cardset_from_cards_and_strings() -> None:
    assert CardSet([card("7D"), "3c"]) == CardSet("7D 3C")


def test_cardset_iterates_coins_first_then_ace_to_king() -> None:
    cards = CardSet("KC AH 7D QS AD 2C")
    assert [str(c) for c in cards] == ["AD", "7D", "AH", "QS", "2C", "KC"]
    assert str(cards) == "AD 7D AH QS 2C KC"


@given(st.integers(min_value=0, max_value=2**40 - 1))
def test_cardset_iterates_the_cards_of_its_mask_by_index(mask: int) -> None:
    # Each byte of the mask is read from a table: every bit of every byte
    # gives its card, in index order.
    cards = list(CardSet.from_mask(mask))
    assert [card.index for card in cards] == [i for i in range(40) if mask >> i & 1]
    assert all(card is Card.from_index(card.index) for card in cards)


def test_cardset_iterates_every_byte_of_the_deck() -> None:
    assert [card.index for card in sr.ALL_CARDS] == list(range(40))
    assert list(CardSet()) == []
    for index in range(40):
        assert list(CardSet.from_mask(1 << index)) == [Card.from_index(index)]


def test_cardset_repr_round_trips() -> None:
    for cards in [CardSet(), CardSet("7D"), CardSet("KC AH 7D QS"), sr.ALL_CARDS]:
        assert roundtrip_repr(cards) == cards
    assert repr(CardSet("3C 7D")) == "CardSet('7D 3C')"


def test_cardset_str_round_trips() -> None:
    cards = CardSet("KC AH 7D QS")
    assert CardSet(str(cards)) == cards


def test_cardset_len_and_in() -> None:
    cards = CardSet("7D 3C KS")
    assert len(cards) == 3
    assert card("3C") in cards
    assert card("3D") not in cards
    assert "3C" not in cards  # only Card objects are members
    assert len(CardSet()) == 0
    assert not CardSet()
    assert cards
    assert len(sr.ALL_CARDS) == 40


def test_cardset_set_operators() -> None:
    left = CardSet("AD 2D 3D")
    right = CardSet("3D 4D")
    assert left | right == CardSet("AD 2D 3D 4D")
    assert left & right == CardSet("3D")
    assert left - right == CardSet("AD 2D")
    assert left ^ right == CardSet("AD 2D 4D")
    assert CardSet("AD") <= left
    assert not left <= right
    assert left >= CardSet("2D 3D")
    assert not right >= left
    assert left.isdisjoint(CardSet("4D 5D"))
    assert not left.isdisjoint(right)
    assert sr.ALL_CARDS - left == CardSet(c for c in sr.ALL_CARDS if c not in left)


def test_cardset_add_and_remove_return_new_sets() -> None:
    cards = CardSet("AD")
    assert cards.add(card("2D")) == CardSet("AD 2D")
    assert cards.remove(card("AD")) == CardSet()
    assert cards.remove(card("KC")) == cards
    assert cards == CardSet("AD")


def test_cardset_suit_and_rank_filters() -> None:
    cards = CardSet("7D 7S AD KC")
    assert cards.of_suit(sr.Suit.DENARI) == CardSet("AD 7D")
    assert cards.of_rank(sr.Rank.SEVEN) == CardSet("7D 7S")
    assert len(sr.ALL_CARDS.of_suit(sr.Suit.BASTONI)) == 10
    assert len(sr.ALL_CARDS.of_rank(sr.Rank.KING)) == 4


def test_cardset_equality_ignores_order_and_is_by_value() -> None:
    assert CardSet("7D 3C") == CardSet("3c 7♦")
    assert CardSet("7D 3C") != CardSet("7D")
    assert CardSet("7D") != "7D"
    assert CardSet("7D") != card("7D")


def test_cardset_hash_follows_equality() -> None:
    assert hash(CardSet("7D 3C")) == hash(CardSet("3C 7D"))
    assert len({CardSet("7D 3C"), CardSet("3C 7D"), CardSet("7D")}) == 2
    lookup = {CardSet("AD 2D"): "pair"}
    assert lookup[CardSet("2D AD")] == "pair"


def test_cardset_rejects_duplicates_and_bad_text() -> None:
    with pytest.raises(sr.NotationError, match="7D appears twice"):
        CardSet("7D 7d")
    with pytest.raises(sr.NotationError, match="7D appears twice"):
        CardSet([card("7D"), "7♦"])
    with pytest.raises(sr.NotationError, match="'Z'") as info:
        CardSet("7D ZZ")
    assert isinstance(info.value, ValueError)


def test_cardset_is_immutable() -> None:
    cards = CardSet("7D")
    with pytest.raises(AttributeError):
        cards.mask = 0
    with pytest.raises(AttributeError):
        card("7D").index = 3


@pytest.mark.parametrize("value", [card("7D"), CardSet("7D 3C KS"), CardSet()])
def test_cards_and_sets_pickle_and_copy_as_values(value: object) -> None:
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.copy(value) is value
    assert copy.deepcopy(value) is value


def test_unpickled_card_is_the_same_object() -> None:
    assert pickle.loads(pickle.dumps(card("QH"))) is card("QH")
