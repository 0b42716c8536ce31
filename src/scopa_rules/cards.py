"""Cards and sets of cards.

The 40-card Italian (or Spanish) deck: ranks A 2 3 4 5 6 7 J Q K in four suits.
Card text is the rank then the suit, ``7D`` for the settebello.  Suit letters
follow the French-suited deck that most players outside Italy use:

====  =========  ===========  ==========
text  suit       Italian      Spanish
====  =========  ===========  ==========
D ♦   diamonds   denari       oros
H ♥   hearts     coppe        copas
S ♠   spades     spade        espadas
C ♣   clubs      bastoni      bastos
====  =========  ===========  ==========

A set of cards is a :class:`CardSet`: an immutable value backed by a 40-bit
integer (bit ``suit * 10 + rank - 1``), the way python-chess keeps squares in a
``SquareSet``.  Sets iterate in that bit order: coins first, each suit from the
ace up to the king.

>>> from scopa_rules import Card, CardSet
>>> Card.parse("7D").is_settebello
True
>>> hand = CardSet("7D 3c KS")
>>> str(hand), len(hand), Card.parse("3C") in hand
('7D KS 3C', 3, True)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar, NoReturn

from typing_extensions import Self

from .errors import NotationError, shown

__all__ = ["ALL_CARDS", "Card", "CardSet", "Rank", "Suit"]


class Suit(enum.IntEnum):
    """The four suits, in the library's fixed order.

    >>> import scopa_rules as sr
    >>> sr.Suit.SPADE.letter, sr.Suit.SPADE.symbol, [suit.letter for suit in sr.Suit]
    ('S', '♠', ['D', 'H', 'S', 'C'])

    ``str()`` (and an f-string) writes the suit's letter, as card text does;
    ``int()`` is still the suit's index:

    >>> card = sr.Card.parse("QC")
    >>> str(card.suit), f"{card.suit}", int(card.suit)
    ('C', 'C', 3)
    """

    DENARI = 0
    COPPE = 1
    SPADE = 2
    BASTONI = 3

    @property
    def letter(self) -> str:
        """The suit's letter in card text: ``D``, ``H``, ``S`` or ``C``."""
        return _SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The suit's Unicode symbol: ``♦``, ``♥``, ``♠`` or ``♣``."""
        return _SUIT_SYMBOLS[self]

    def __str__(self) -> str:
        return self.letter

    def __format__(self, format_spec: str) -> str:
        return format(self.letter, format_spec)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """The suit named by a letter (any case) or a symbol.

        >>> Suit.parse("d"), Suit.parse("♣")
        (<Suit.DENARI: 0>, <Suit.BASTONI: 3>)
        """
        if not isinstance(text, str):
            raise NotationError(f"suit text must be a string, not {shown(text)}")
        try:
            return _SUITS_BY_TEXT[text.strip().upper()]
        except KeyError:
            raise NotationError(
                f"unknown suit {shown(text)}: suits are D H S C (or ♦ ♥ ♠ ♣)"
            ) from None


_SUIT_LETTERS = "DHSC"
_SUIT_SYMBOLS = "♦♥♠♣"
_SUITS_BY_TEXT = {
    **{letter: Suit(i) for i, letter in enumerate(_SUIT_LETTERS)},
    **{symbol: Suit(i) for i, symbol in enumerate(_SUIT_SYMBOLS)},
    **{symbol: Suit(i) for i, symbol in enumerate("♢♡♤♧")},
}


class Rank(enum.IntEnum):
    """The ten ranks.  The value is the rank's Italian capture value.

    >>> import scopa_rules as sr
    >>> sr.Rank.JACK.letter, int(sr.Rank.JACK), len(sr.Rank)
    ('J', 8, 10)

    ``str()`` (and an f-string) writes the rank's character, as card text
    does; ``int()`` is still the capture value:

    >>> card = sr.Card.parse("QC")
    >>> str(card.rank), f"{card.rank}{card.suit}", int(card.rank)
    ('Q', 'QC', 9)
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    JACK = 8
    QUEEN = 9
    KING = 10

    @property
    def letter(self) -> str:
        """The rank's character in card text: ``A``, ``2`` … ``7``, ``J``,
        ``Q`` or ``K``."""
        return _RANK_LETTERS[self - 1]

    def __str__(self) -> str:
        return self.letter

    def __format__(self, format_spec: str) -> str:
        return format(self.letter, format_spec)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """The rank named by its character (any case).

        >>> Rank.parse("q")
        <Rank.QUEEN: 9>
        """
        if not isinstance(text, str):
            raise NotationError(f"rank text must be a string, not {shown(text)}")
        try:
            return _RANKS_BY_TEXT[text.strip().upper()]
        except KeyError:
            raise NotationError(
                f"unknown rank {shown(text)}: ranks are A 2 3 4 5 6 7 J Q K"
            ) from None


_RANK_LETTERS = "A234567JQK"
_RANKS_BY_TEXT = {letter: Rank(i + 1) for i, letter in enumerate(_RANK_LETTERS)}


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def rank_of(value: Rank | int | str) -> Rank:
    """A rank given as a :class:`Rank`, its number (1 to 10) or its text.

    >>> rank_of(9), rank_of("q")
    (<Rank.QUEEN: 9>, <Rank.QUEEN: 9>)
    """
    if isinstance(value, str):
        return Rank.parse(value)
    if not _is_whole(value) or not 1 <= value <= 10:
        raise NotationError(
            f"a rank is a Rank, a number from 1 to 10 or rank text, not {shown(value)}"
        )
    return Rank(value)


def suit_of(value: Suit | int | str) -> Suit:
    """A suit given as a :class:`Suit`, its number (0 to 3) or its text.

    >>> suit_of(2), suit_of("s")
    (<Suit.SPADE: 2>, <Suit.SPADE: 2>)
    """
    if isinstance(value, str):
        return Suit.parse(value)
    if not _is_whole(value) or not 0 <= value <= 3:
        raise NotationError(
            f"a suit is a Suit, a number from 0 to 3 or suit text, not {shown(value)}"
        )
    return Suit(value)


class Card:
    """One of the 40 cards.  There is exactly one object per card, so cards
    compare by identity as well as by value.

    >>> Card(Rank.SEVEN, Suit.DENARI) is Card.parse("7D")
    True
    >>> Card.parse("7♦"), Card.parse("jh").rank
    (Card.parse('7D'), <Rank.JACK: 8>)
    """

    __slots__ = ("index", "mask", "rank", "suit")

    index: int
    """Position in the library's card order, 0 to 39 (``suit * 10 + rank - 1``)."""
    mask: int
    """``1 << index``: the card's bit in a :class:`CardSet` mask."""
    rank: Rank
    suit: Suit

    _interned: ClassVar[list[Card]] = []

    def __new__(cls, rank: Rank | int, suit: Suit | int) -> Card:
        if not _is_whole(rank) or not 1 <= rank <= 10:
            raise NotationError(f"rank must be 1 to 10 or a Rank, not {shown(rank)}")
        if not _is_whole(suit) or not 0 <= suit <= 3:
            raise NotationError(f"suit must be 0 to 3 or a Suit, not {shown(suit)}")
        return cls._interned[suit * 10 + rank - 1]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "mask", 1 << index)
        object.__setattr__(card, "rank", Rank(index % 10 + 1))
        object.__setattr__(card, "suit", Suit(index // 10))
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at ``index`` (0 to 39) in the library's card order.

        >>> Card.from_index(6)
        Card.parse('7D')
        """
        if not _is_whole(index) or not 0 <= index < 40:
            raise NotationError(f"card index must be 0 to 39, not {shown(index)}")
        return cls._interned[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse card text: rank then suit, case-insensitive, suit as a letter
        or a symbol (``7D``, ``7d``, ``7♦``).

        >>> Card.parse(" qs ")
        Card.parse('QS')
        >>> Card.parse("10D")
        Traceback (most recent call last):
        ...
        scopa_rules.errors.NotationError: card text '10D' must be a rank and a suit, like 7D
        """
        if not isinstance(text, str):
            raise NotationError(f"card text must be a string, not {shown(text)}")
        stripped = text.strip()
        if len(stripped) != 2:
            raise NotationError(
                f"card text {shown(text)} must be a rank and a suit, like 7D"
            )
        rank = _RANKS_BY_TEXT.get(stripped[0].upper())
        if rank is None:
            raise NotationError(
                f"unknown rank {shown(stripped[0])} in card text {shown(text)}: "
                "ranks are A 2 3 4 5 6 7 J Q K"
            )
        suit = _SUITS_BY_TEXT.get(stripped[1].upper())
        if suit is None:
            raise NotationError(
                f"unknown suit {shown(stripped[1])} in card text {shown(text)}: "
                "suits are D H S C (or ♦ ♥ ♠ ♣)"
            )
        return cls._interned[suit * 10 + rank - 1]

    @property
    def is_settebello(self) -> bool:
        """Whether this is the seven of coins (``7D``)."""
        return self.index == 6

    @property
    def is_coin(self) -> bool:
        """Whether this card is of the coins suit (denari, diamonds, oros)."""
        return self.suit is Suit.DENARI

    def symbol_text(self) -> str:
        """The card with its suit symbol, for display: ``7♦``.

        >>> Card.parse("KS").symbol_text()
        'K♠'
        """
        return self.rank.letter + self.suit.symbol

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    def _repr_svg_(self) -> str:
        """The card as a picture, for Jupyter (see :mod:`scopa_rules.svg`)."""
        from . import svg

        return svg.card(self)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> str:
        # Pickled by name (``_CARD_6`` for the settebello): loading is a
        # lookup that keeps the one object per card, and costs next to nothing.
        return f"_CARD_{self.index}"

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


Card._interned.extend(Card._make(i) for i in range(40))

_CARDS: tuple[Card, ...] = tuple(Card._interned)
globals().update({f"_CARD_{card.index}": card for card in _CARDS})


def _byte_cards() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """For each of a mask's five bytes, the cards of every value of that
    byte, lowest first; built from four-bit halves, so that importing the
    library stays fast."""
    halves = [
        [
            tuple(_CARDS[4 * half + i] for i in range(4) if bits >> i & 1)
            for bits in range(16)
        ]
        for half in range(10)
    ]
    return tuple(
        tuple(low + high for high in halves[2 * byte + 1] for low in halves[2 * byte])
        for byte in range(5)
    )


_CARDS_0, _CARDS_1, _CARDS_2, _CARDS_3, _CARDS_4 = _byte_cards()


def _parse_cards(text: str) -> int:
    mask = 0
    for part in text.replace(",", " ").split():
        card = Card.parse(part)
        if mask & card.mask:
            raise NotationError(f"card {card} appears twice in {shown(text)}")
        mask |= card.mask
    return mask


class CardSet:
    """An immutable set of cards, backed by a 40-bit integer mask.

    Build one from card text, from cards, or from a mask:

    >>> CardSet("2S 5H 3C JD")
    CardSet('JD 5H 2S 3C')
    >>> CardSet([Card.parse("AD")]) | CardSet("AH")
    CardSet('AD AH')
    >>> CardSet.from_mask(0b101)
    CardSet('AD 3D')

    Card sets support ``in``, ``len``, iteration (in card order), equality,
    hashing and the set operators ``| & - ^``.
    """

    __slots__ = ("mask",)

    mask: int
    """The 40-bit integer: bit ``card.index`` is set for each card in the set."""

    def __init__(self, cards: str | Iterable[Card | str] = ()) -> None:
        if hasattr(self, "mask"):
            # Run again on a shared value (ALL_CARDS, a state's hand) it would
            # change every holder of it.
            raise AttributeError("CardSet is immutable: it cannot be made again")
        if isinstance(cards, str):
            mask = _parse_cards(cards)
        else:
            if not isinstance(cards, Iterable):
                raise NotationError(
                    f"a card set is made from card text or cards, not {shown(cards)}"
                )
            mask = 0
            for item in cards:
                card = item if isinstance(item, Card) else Card.parse(item)
                if mask & card.mask:
                    # Also ends an endless iterable at once: the 41st card
                    # repeats one.
                    raise NotationError(f"card {card} appears twice")
                mask |= card.mask
        object.__setattr__(self, "mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """The set whose bits are ``mask`` (an int from 0 to ``2**40 - 1``).

        >>> import scopa_rules as sr
        >>> sr.CardSet.from_mask(0b101), sr.CardSet.from_mask(sr.CardSet("7D KS").mask)
        (CardSet('AD 3D'), CardSet('7D KS'))
        """
        if not _is_whole(mask) or not 0 <= mask <= FULL_MASK:
            raise NotationError(
                f"a card mask must be an int from 0 to 2**40 - 1, not {shown(mask)}"
            )
        return _from_mask(mask)

    def __iter__(self) -> Iterator[Card]:
        # The cards of each byte of the mask from a table: a bit at a time
        # costs a step of Python a card (about 2.3 µs for the some sixteen
        # cards a player cannot see, against 0.6 µs).
        first, second, third, fourth, fifth = self.mask.to_bytes(5, "little")
        return iter(
            _CARDS_0[first]
            + _CARDS_1[second]
            + _CARDS_2[third]
            + _CARDS_3[fourth]
            + _CARDS_4[fifth]
        )

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.mask)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __or__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return _from_mask(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return _from_mask(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return _from_mask(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return _from_mask(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask & ~other.mask == 0

    def __ge__(self, other: CardSet) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return other.mask & ~self.mask == 0

    def isdisjoint(self, other: CardSet | str | Iterable[Card | str]) -> bool:
        """Whether the two sets share no card (``other`` may also be cards or
        card text).

        >>> import scopa_rules as sr
        >>> sr.CardSet("7D KS").isdisjoint(sr.CardSet("7S")), sr.CardSet("7D").isdisjoint("7D AH")
        (True, False)
        """
        other_set = other if isinstance(other, CardSet) else CardSet(other)
        return self.mask & other_set.mask == 0

    def add(self, card: Card | str) -> CardSet:
        """A new set with ``card`` (a card or card text) added.

        >>> import scopa_rules as sr
        >>> sr.CardSet("7D").add(sr.Card.parse("KS")), sr.CardSet("7D").add("ah")
        (CardSet('7D KS'), CardSet('7D AH'))
        """
        return _from_mask(self.mask | _card_of(card).mask)

    def remove(self, card: Card | str) -> CardSet:
        """A new set without ``card`` (no error if the card is not there).

        >>> import scopa_rules as sr
        >>> sr.CardSet("7D KS").remove(sr.Card.parse("7D")), sr.CardSet("KS").remove("7D")
        (CardSet('KS'), CardSet('KS'))
        """
        return _from_mask(self.mask & ~_card_of(card).mask)

    def of_suit(self, suit: Suit | int | str) -> CardSet:
        """The cards of one suit (a :class:`Suit`, 0 to 3, or suit text).

        >>> CardSet("7D 7S AD").of_suit(Suit.DENARI), CardSet("7D 7S AD").of_suit("S")
        (CardSet('AD 7D'), CardSet('7S'))
        >>> CardSet("AD").of_suit(7)
        Traceback (most recent call last):
        ...
        scopa_rules.errors.NotationError: a suit is a Suit, a number from 0 to 3 or suit text, not 7
        """
        return _from_mask(self.mask & (0x3FF << (10 * suit_of(suit))))

    def of_rank(self, rank: Rank | int | str) -> CardSet:
        """The cards of one rank (a :class:`Rank`, 1 to 10, or rank text).

        >>> CardSet("7D 7S AD").of_rank(Rank.SEVEN), CardSet("7D 7S AD").of_rank("a")
        (CardSet('7D 7S'), CardSet('AD'))
        """
        return _from_mask(self.mask & (_RANK_COLUMN << (rank_of(rank) - 1)))

    def symbol_text(self) -> str:
        """The cards with suit symbols, for display: ``'7♦ K♠'``.

        >>> import scopa_rules as sr
        >>> sr.CardSet("KS 7D").symbol_text()
        '7♦ K♠'
        """
        return " ".join(card.symbol_text() for card in self)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"CardSet('{self}')"

    def _repr_svg_(self) -> str:
        """The cards as a picture, for Jupyter (see :mod:`scopa_rules.svg`)."""
        from . import svg

        return svg.cards(self)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("CardSet is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (_from_mask, (self.mask,))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


FULL_MASK = (1 << 40) - 1
_RANK_COLUMN = 1 | 1 << 10 | 1 << 20 | 1 << 30
_new_set = object.__new__
# The slot's own setter: a card set refuses __setattr__, and
# object.__setattr__ with the name costs a fifth more.
_set_mask: Callable[[CardSet, int], None] = CardSet.__dict__["mask"].__set__


def _card_of(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def _from_mask(mask: int) -> CardSet:
    # The hot path: no validation, no parsing.
    card_set = _new_set(CardSet)
    _set_mask(card_set, mask)
    return card_set


# The package's name for it (CardSet.from_mask without the check); the
# function keeps the name that pickled card sets call.
set_of = _from_mask


EMPTY = _from_mask(0)
ALL_CARDS = _from_mask(FULL_MASK)
"""The whole deck as a :class:`CardSet`."""
