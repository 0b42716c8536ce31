"""Decks: validation, text, value semantics and the portable seeded shuffle."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scopa_rules as sr
from profiles import examples
from scopa_rules import Card, CardSet, Deck
from scopa_rules import deck as deck_module

KING = sr.Rank.KING

# Golden values: the shuffle is documented as the same on every machine and
# every Python version.  If one of these changes, saved games and seeds in bug
# reports no longer replay.
GOLDEN_SEED_7 = (
    "KH 3D 5C 4S 7S JC 2C 2D 7H QC 3S 2S 4C 3C QD 5D JH KS QS AH "
    "2H 7D 4D 6S AS 7C QH JS 4H 5S KD JD AD AC 5H KC 6D 6C 3H 6H"
)
GOLDEN_SEED_7_NUMBER_1 = (
    "4H AS KS 7S 3D 6S QS 4D AD 7D 2H 6D KH AH 3H JC KC AC JS 4C "
    "7H 4S QH 5D 6H 2S KD 5C 7C 5S QC 3C 5H JH 2D 6C JD 2C 3S QD"
)
GOLDEN_SEED_0 = (
    "2C JS 2S 5D QC JD 4C 7H 7D 4S AH 2H AC 4D KH QS JC KS 6C AS "
    "6D AD 3H JH KC 3S QH 5H 5S 6H 3C 6S 2D 7C 3D 4H 5C 7S QD KD"
)


def standard_cards() -> list[Card]:
    return list(sr.ALL_CARDS)


# -- building and validating ------------------------------------------------------


def test_standard_deck_is_the_library_card_order() -> None:
    deck = Deck.standard()
    assert len(deck) == 40
    assert list(deck) == standard_cards()
    assert str(deck).startswith("AD 2D 3D 4D 5D 6D 7D JD QD KD AH")
    assert str(deck).endswith("QC KC")


def test_deck_keeps_the_given_order_top_first() -> None:
    cards = list(reversed(standard_cards()))
    deck = Deck(cards)
    assert deck[0] is Card.parse("KC")
    assert deck[-1] is Card.parse("AD")
    assert deck.cards == tuple(cards)
    assert deck[:2] == (Card.parse("KC"), Card.parse("QC"))


def test_deck_from_text_accepts_any_case_symbols_and_commas() -> None:
    text = ", ".join(c.symbol_text().lower() for c in standard_cards())
    assert Deck(text) == Deck.standard()


def test_deck_with_41_cards_is_invalid_and_names_the_repeated_card() -> None:
    with pytest.raises(sr.InvalidStateError, match="7D appears twice") as info:
        Deck([*standard_cards(), Card.parse("7D")])
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, sr.ScopaError)


def test_deck_with_a_duplicate_instead_of_a_card_is_invalid() -> None:
    cards = standard_cards()
    cards[cards.index(Card.parse("KC"))] = Card.parse("AD")
    with pytest.raises(sr.InvalidStateError, match="AD appears twice"):
        Deck(cards)


def test_deck_missing_a_card_is_invalid_and_names_the_missing_card() -> None:
    cards = [c for c in standard_cards() if c is not Card.parse("QS")]
    with pytest.raises(sr.InvalidStateError) as info:
        Deck(cards)
    message = str(info.value)
    assert "39" in message
    assert "missing: QS" in message


def test_short_deck_lists_every_missing_card() -> None:
    with pytest.raises(sr.InvalidStateError) as info:
        Deck("AD 2D")
    missing = sr.ALL_CARDS - CardSet("AD 2D")
    assert str(missing) in str(info.value)


def test_deck_with_bad_card_text_is_a_notation_error() -> None:
    with pytest.raises(sr.NotationError, match="'8'"):
        Deck("AD 2D 8D")


def test_deck_is_immutable() -> None:
    deck = Deck.standard()
    with pytest.raises(AttributeError):
        deck.cards = ()


# -- text and values ------------------------------------------------------------------


def test_deck_str_and_repr_round_trip() -> None:
    deck = Deck.shuffled(11)
    assert Deck(str(deck)) == deck
    names = {"Card": Card, "CardSet": CardSet, "Deck": Deck}
    assert eval(repr(deck), names) == deck
    assert repr(deck) == f"Deck('{deck}')"


def test_deck_equality_and_hash_are_by_order() -> None:
    assert Deck.standard() == Deck(standard_cards())
    assert hash(Deck.standard()) == hash(Deck(standard_cards()))
    assert Deck.standard() != Deck(list(reversed(standard_cards())))
    assert len({Deck.shuffled(3), Deck.shuffled(3), Deck.shuffled(4)}) == 2


def test_deck_pickles_and_copies_as_a_value() -> None:
    deck = Deck.shuffled(5)
    assert pickle.loads(pickle.dumps(deck)) == deck
    assert copy.copy(deck) is deck
    assert copy.deepcopy(deck) is deck


# -- the seeded shuffle -------------------------------------------------------------------


def test_shuffle_golden_values() -> None:
    assert str(Deck.shuffled(7)) == GOLDEN_SEED_7
    assert str(Deck.shuffled(7, 1)) == GOLDEN_SEED_7_NUMBER_1
    assert str(Deck.shuffled(0)) == GOLDEN_SEED_0


def test_shuffle_is_deterministic_and_a_full_deck() -> None:
    for seed in (0, 1, 7, -3, 2**70 + 1):
        deck = Deck.shuffled(seed)
        assert deck == Deck.shuffled(seed)
        assert CardSet(deck) == sr.ALL_CARDS
        assert Deck(deck.cards) == deck


def test_shuffle_number_defaults_to_zero() -> None:
    assert Deck.shuffled(9) == Deck.shuffled(9, 0)


def test_different_seeds_and_numbers_give_different_decks() -> None:
    decks = {Deck.shuffled(seed, number) for seed in range(5) for number in range(5)}
    decks |= {Deck.shuffled(-1), Deck.shuffled(2**64), Deck.shuffled(2**64 + 1)}
    assert len(decks) == 28
    assert Deck.standard() not in decks


@pytest.mark.parametrize(("seed", "number"), [(True, 0), ("7", 0), (7, -1), (1.5, 0)])
def test_shuffle_rejects_bad_seed_or_number(seed: object, number: object) -> None:
    with pytest.raises(sr.InvalidStateError):
        Deck.shuffled(seed, number)  # type: ignore[arg-type]


def test_seeded_game_deals_its_first_deck_from_the_shuffle() -> None:
    # A seed whose first table has fewer than three kings, so no redeal.
    seed = next(
        s for s in range(100) if len(CardSet(Deck.shuffled(s)[6:10]).of_rank(KING)) < 3
    )
    state = sr.new_game(sr.Ruleset.scopa(), seed=seed)
    deck = Deck.shuffled(seed, 0)
    # Dealer is seat 1, so seat 0 gets the first packet.
    assert state.hands[0] == CardSet(deck[0:3])
    assert state.hands[1] == CardSet(deck[3:6])
    assert state.table == CardSet(deck[6:10])
    assert state.stock == deck[10:]


def test_seeded_game_deals_later_hands_from_later_numbers() -> None:
    state = sr.new_game(sr.Ruleset.scopa(), seed=4)
    for _ in range(5_000):
        if state.is_over:
            break
        state = state.apply(state.legal_moves()[0])
    assert state.is_over
    used = 0
    for result in state.hand_results:
        for redealt in result.redealt:
            assert redealt == Deck.shuffled(4, used)
            used += 1
        assert result.deck == Deck.shuffled(4, used)
        used += 1
    assert len(state.hand_results) >= 2


# -- the lane-parallel shuffle is the plain loop --------------------------------

_M64 = (1 << 64) - 1


def _splitmix(state: int) -> tuple[int, int]:
    """The plain SplitMix64 step: the next state and its output."""
    state = (state + 0x9E3779B97F4A7C15) & _M64
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return state, z ^ (z >> 31)


def _mix(value: int) -> int:
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _M64
    return value ^ (value >> 31)


def plain_shuffle(seed: int, number: int) -> list[str]:
    """Deck.shuffled written the obvious way, one draw at a time."""
    state = _mix(0x5C0BA5EED ^ (1 if seed < 0 else 0))
    magnitude = abs(seed)
    while True:
        state = _mix(state ^ (magnitude & _M64))
        magnitude >>= 64
        if not magnitude:
            break
    state = _mix(state ^ _mix(number & _M64))
    cards = [str(card) for card in sr.ALL_CARDS]
    for i in range(39, 0, -1):
        state, draw = _splitmix(state)
        j = (draw * (i + 1)) >> 64
        cards[i], cards[j] = cards[j], cards[i]
    return cards


@pytest.mark.parametrize(
    "seed", [*range(40), 2**63, 2**64 - 1, 2**64, 2**200 + 12345, -1, -(2**70)]
)
def test_the_shuffle_is_the_plain_splitmix_loop(seed: int) -> None:
    for number in (0, 1, 7, 2**64 + 3):
        assert [str(c) for c in Deck.shuffled(seed, number)] == plain_shuffle(
            seed, number
        )


@settings(max_examples=examples(200), deadline=None)
@given(start=st.integers(0, 2**64 - 1))
def test_the_draws_one_by_one_are_the_lanes(start: int) -> None:
    # The compiled build draws one by one, the pure build in lanes; each
    # build can do both, and they must agree.
    assert deck_module._drawn_one_by_one(start) == deck_module._drawn_in_lanes(start)
