"""Decks: the order of the 40 cards before a deal, and seeded shuffles.

A :class:`Deck` lists the 40 cards from the top.  :meth:`Deck.shuffled` is a
documented, portable shuffle: the same ``seed`` and ``number`` give the same
deck on every machine and every Python version, because the library carries
its own generator (SplitMix64) instead of relying on :mod:`random`, whose
algorithms may change between Python versions.

>>> from scopa_rules import Deck
>>> deck = Deck.shuffled(seed=7)
>>> len(deck), deck == Deck.shuffled(seed=7), deck == Deck.shuffled(seed=8)
(40, True, False)
>>> str(Deck.standard())[:23]
'AD 2D 3D 4D 5D 6D 7D JD'
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, NoReturn, overload

from typing_extensions import Self

from ._compiled import is_compiled
from .cards import ALL_CARDS, Card, CardSet
from .errors import InvalidStateError, NotationError, shown

__all__ = ["Deck"]

_MASK64 = (1 << 64) - 1
# SplitMix64's multipliers (named: compiled, they are 64-bit C constants).
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_LOW32 = 0xFFFFFFFF


def _mix64(value: int) -> int:
    # The SplitMix64 finaliser: a bijection on 64-bit ints with good avalanche.
    value = ((value ^ (value >> 30)) * _MIX1) & _MASK64
    value = ((value ^ (value >> 27)) * _MIX2) & _MASK64
    return value ^ (value >> 31)


# _mix64 of the two possible sign words, and of the first deck numbers.
_SIGN_MIX = (_mix64(0x5C0BA5EED), _mix64(0x5C0BA5EED ^ 1))
_NUMBER_MIX = tuple(_mix64(number) for number in range(64))


def _stream_start(seed: int, number: int) -> int:
    # Fold every 64-bit chunk of the seed (and its sign) so that distinct
    # seeds of any size give distinct streams in practice.
    state = _SIGN_MIX[seed < 0]
    magnitude = abs(seed)
    while True:
        state = _mix64(state ^ (magnitude & _MASK64))
        magnitude >>= 64
        if not magnitude:
            break
    mixed = _NUMBER_MIX[number] if 0 <= number < 64 else _mix64(number & _MASK64)
    return _mix64(state ^ mixed)


_STANDARD: tuple[Card, ...] = tuple(ALL_CARDS)


def check_seed(seed: object, *, optional: bool = False) -> None:
    """Raise :class:`~scopa_rules.InvalidStateError` unless ``seed`` is a
    whole number of at most 4096 bits (about 1233 digits, so that it always
    prints and saves), or ``None`` when ``optional``."""
    if seed is None and optional:
        return
    if not isinstance(seed, int) or isinstance(seed, bool) or seed.bit_length() > 4096:
        raise InvalidStateError(
            "a seed must be a whole number of at most 4096 bits"
            f"{' or None' if optional else ''}, not {shown(seed)}"
        )


# The 39 draws of a shuffle are SplitMix64 outputs for the states start + k *
# golden (k = 1 .. 39).  Rather than 39 rounds of Python arithmetic, they are
# computed side by side in one big integer: draw k lives in bits 128k to
# 128k + 63 (a *lane*), and each step of SplitMix64 is one operation on the
# whole integer.  Lanes are 128 bits apart so that a 64 x 64-bit product
# never reaches the next lane; after every shift, the bits that slid in from
# the lane above are masked off.  The swap indexes (draw * bound) >> 64 are
# worked out in the lanes too: a bound is below 64, so each lane's product
# is the sum of its draw shifted by the bound's set bits (six masked shifts
# of the whole integer, every lane at once), and since the product is below
# 2**70, the index is the lane's ninth byte.  The result is bit for bit the
# plain loop (tests/engine/test_deck.py checks it against one), at a
# fraction of its cost.
_LANES = 39
_GOLDEN = 0x9E3779B97F4A7C15
_LANE_ONES = sum(1 << (128 * k) for k in range(_LANES))
_LANE_STEPS = sum((k + 1) * _GOLDEN << (128 * k) for k in range(_LANES))
_LANE_MASKS = _MASK64 * _LANE_ONES
_SWAP_BOUNDS = tuple(range(40, 1, -1))  # i + 1 for i = 39 .. 1
# The lanes whose bound has bit b set, for b = 0 .. 5.
_BOUND_BITS = tuple(
    sum(
        _MASK64 << (128 * k) for k, bound in enumerate(_SWAP_BOUNDS) if bound >> bit & 1
    )
    for bit in range(6)
)
_UNPACK_INDEXES = struct.Struct("<" + "8xB7x" * _LANES).unpack


def shuffled_order(seed: int, number: int) -> tuple[Card, ...]:
    """The 40 cards shuffled by a Fisher-Yates pass driven by SplitMix64.

    For i from 39 down to 1, card i swaps with card ``(r * (i + 1)) >> 64``,
    where ``r`` is the next 64-bit SplitMix64 output: the bias from not
    rejecting is below 2**-58, far under anything measurable.
    """
    start = _stream_start(seed, number)
    if _COMPILED:
        return _drawn_one_by_one(start)
    return _drawn_in_lanes(start)


def _drawn_one_by_one(start: int) -> tuple[Card, ...]:
    """The shuffle from the stream's start, a draw at a time: the compiled
    build's way (a few instructions a draw in C)."""
    order = list(range(40))
    state = start
    for i in range(39, 0, -1):
        state = (state + _GOLDEN) & _MASK64
        z = ((state ^ (state >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        z ^= z >> 31
        # (z * (i + 1)) >> 64 in 64-bit halves, exactly: C has no wider int.
        j = ((z >> 32) * (i + 1) + ((z & _LOW32) * (i + 1) >> 32)) >> 32
        k = order[i]
        order[i] = order[j]
        order[j] = k
    return tuple([_STANDARD[order[k]] for k in range(40)])


def _drawn_in_lanes(start: int) -> tuple[Card, ...]:
    """The shuffle from the stream's start, every draw at once in the lanes
    of one big integer: Python's way."""
    masks = _LANE_MASKS
    z = (start * _LANE_ONES + _LANE_STEPS) & masks
    z = ((z ^ ((z >> 30) & masks)) * 0xBF58476D1CE4E5B9) & masks
    z = ((z ^ ((z >> 27) & masks)) * 0x94D049BB133111EB) & masks
    # The last step leaves the bits that slide in from the lane above
    # unmasked: they land above bit 96 of a lane, which the products mask.
    z ^= z >> 31
    bit0, bit1, bit2, bit3, bit4, bit5 = _BOUND_BITS
    products = (
        (z & bit0)
        + ((z & bit1) << 1)
        + ((z & bit2) << 2)
        + ((z & bit3) << 3)
        + ((z & bit4) << 4)
        + ((z & bit5) << 5)
    )
    cards = list(_STANDARD)
    i = 39
    for j in _UNPACK_INDEXES(products.to_bytes(16 * _LANES, "little")):
        cards[i], cards[j] = cards[j], cards[i]
        i -= 1
    return tuple(cards)


_COMPILED = is_compiled(_drawn_one_by_one)


class Deck(Sequence[Card]):
    """An immutable order of all 40 cards, top card first.

    Build one from cards or card text; anything but each of the 40 cards
    exactly once is an :class:`~scopa_rules.InvalidStateError`:

    >>> Deck("AD 2D")
    Traceback (most recent call last):
    ...
    scopa_rules.errors.InvalidStateError: a deck has 40 cards, not 2; missing: 3D 4D 5D 6D 7D JD QD KD AH 2H 3H 4H 5H 6H 7H JH QH KH AS 2S 3S 4S 5S 6S 7S JS QS KS AC 2C 3C 4C 5C 6C 7C JC QC KC
    """

    __slots__ = ("cards",)

    cards: tuple[Card, ...]
    """The cards from the top of the deck down."""

    def __init__(self, cards: str | Iterable[Card | str]) -> None:
        if hasattr(self, "cards"):
            # Run again on a deck that states share, it would change them all.
            raise AttributeError("Deck is immutable: it cannot be made again")
        if isinstance(cards, Deck):
            ordered = cards.cards
        else:
            if not isinstance(cards, str | Iterable):
                raise InvalidStateError(
                    f"a deck is made from card text or cards, not {shown(cards)}"
                )
            items = cards.replace(",", " ").split() if isinstance(cards, str) else cards
            try:
                # 41 cards always repeat one, which _check_full_deck names:
                # an endless iterable stops there.
                ordered = tuple(
                    item if isinstance(item, Card) else Card.parse(item)
                    for item in islice(items, 41)
                )
            except NotationError as error:
                raise NotationError(f"in a deck: {error}") from None
        _check_full_deck(ordered)
        object.__setattr__(self, "cards", ordered)

    @classmethod
    def standard(cls) -> Deck:
        """The deck in the library's card order (coins ace first, clubs king
        last).

        >>> import scopa_rules as sr
        >>> deck = sr.Deck.standard()
        >>> deck.cards[0], deck.cards[-1], len(deck.cards)
        (Card.parse('AD'), Card.parse('KC'), 40)
        """
        return _unchecked(tuple(ALL_CARDS))

    @classmethod
    def shuffled(cls, seed: int, number: int = 0) -> Deck:
        """The ``number``-th deck of the seeded sequence ``seed``.

        A game seeded with ``seed`` deals its n-th deck (redeals included,
        counting from 0) as ``Deck.shuffled(seed, n)``.

        >>> Deck.shuffled(1, 0) == Deck.shuffled(1, 1)
        False
        """
        check_seed(seed)
        if not isinstance(number, int) or number < 0:
            raise InvalidStateError(
                f"a deck number must be an int of 0 or more, not {shown(number)}"
            )
        return _unchecked(shuffled_order(seed, number))

    @overload
    def __getitem__(self, index: int) -> Card: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Card, ...]: ...
    def __getitem__(self, index: int | slice) -> Card | tuple[Card, ...]:
        return self.cards[index]

    def __len__(self) -> int:
        return 40

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Deck):
            return self.cards == other.cards
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("Deck", self.cards))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)

    def __repr__(self) -> str:
        return f"Deck('{self}')"

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("Deck is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("Deck is immutable")

    def __reduce__(self) -> tuple[Any, tuple[bytes]]:
        return (_deck_from_bytes, (bytes([card.index for card in self.cards]),))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


def _check_full_deck(cards: Sequence[Card]) -> None:
    seen = 0
    for card in cards:
        if seen & card.mask:
            raise InvalidStateError(f"card {card} appears twice in the deck")
        seen |= card.mask
    if len(cards) != 40:
        missing = ALL_CARDS - CardSet.from_mask(seen)
        raise InvalidStateError(
            f"a deck has 40 cards, not {len(cards)}; missing: {missing}"
        )


def _deck_from_bytes(indexes: bytes) -> Deck:
    return _unchecked(tuple([_STANDARD[i] for i in indexes]))


# The package's name for it (a deck from its cards' indexes, unchecked); the
# function keeps the name that pickled decks call.
deck_from_bytes = _deck_from_bytes


def _unchecked(cards: tuple[Card, ...]) -> Deck:
    deck = object.__new__(Deck)
    object.__setattr__(deck, "cards", cards)
    return deck
