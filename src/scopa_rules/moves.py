"""Moves: what a seat does on its turn, and their text notation.

A :class:`Move` is a value: the played card and the table cards it captures
(none for a trail).  Chkobba's first-card choice is a move too, of its own
:class:`MoveKind`.  Moves do not say who plays them: the state knows whose
turn it is.

Notation (:meth:`Move.parse` reads it without a position; ``str`` writes it):

============  ===========================================
``7D``        trail the seven of coins
``7Dx4S3C``   play 7D and capture 4S and 3C
``trail 7D``  trail the seven of coins, said outright (for a card that
              could also capture, where ``7D`` alone is ambiguous in a
              position: see :meth:`GameState.parse_move`)
``keep 5D``   Chkobba: keep the first card, 5D
``table 5D``  Chkobba: put the first card, 5D, on the table
============  ===========================================

>>> from scopa_rules import Move
>>> move = Move.parse("7dx4s3c")
>>> str(move), move.card, move.captured
('7Dx4S3C', Card.parse('7D'), CardSet('4S 3C'))
>>> Move.parse("7D").is_trail
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs
from typing_extensions import Self

from ._frozen import Frozen
from .cards import ALL_CARDS, Card, CardSet, set_of
from .errors import NotationError, shown

__all__ = ["Move", "MoveKind"]


class MoveKind(enum.Enum):
    """What kind of decision a move is.

    >>> import scopa_rules as sr
    >>> sr.Move.parse("7D").kind, sr.Move.keep_first_card("7D").kind
    (<MoveKind.PLAY: 'play'>, <MoveKind.KEEP_FIRST_CARD: 'keep'>)
    """

    PLAY = "play"
    """Play a card from the hand: a capture or a trail."""
    KEEP_FIRST_CARD = "keep"
    """Chkobba: keep the first card of the deck in the hand."""
    TABLE_FIRST_CARD = "table"
    """Chkobba: put the first card of the deck on the table."""


_EMPTY = set_of(0)
_PLAY = MoveKind.PLAY
_KEEP = MoveKind.KEEP_FIRST_CARD


def _to_card_set(value: CardSet | str | Iterable[Card | str]) -> CardSet:
    if isinstance(value, CardSet):
        return value
    return CardSet(value)


def _to_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def _to_kind(value: MoveKind | str) -> MoveKind:
    if isinstance(value, MoveKind):
        return value
    try:
        return MoveKind(value)
    except ValueError:
        raise NotationError(
            f"a move kind is a MoveKind or one of 'play', 'keep', 'table', "
            f"not {shown(value)}"
        ) from None


@attrs.frozen(repr=False, eq=False)
class Move(Frozen):
    """A move: ``card`` (a card or card text) and the ``captured`` table
    cards.

    >>> Move(Card.parse("KC"), CardSet("2S JD")), Move("kc", "2S JD")
    (Move.parse('KCxJD2S'), Move.parse('KCxJD2S'))
    >>> Move(7)
    Traceback (most recent call last):
    ...
    scopa_rules.errors.NotationError: card text must be a string, not 7
    """

    card: Card = attrs.field(converter=_to_card)
    """The card played (or, for a first-card choice, the card decided on)."""
    captured: CardSet = attrs.field(default=_EMPTY, converter=_to_card_set)
    """The table cards taken; empty for a trail."""
    kind: MoveKind = attrs.field(default=MoveKind.PLAY, converter=_to_kind)
    # The move packed as the kernel packs a play (captured mask << 6 | card
    # index): applying it then reads one attribute instead of four.
    _play: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.card in self.captured:
            raise NotationError(f"{self.card} cannot capture itself")
        if self.kind is not MoveKind.PLAY and self.captured:
            raise NotationError(f"a {self.kind.value} decision captures nothing")
        _set(self, "_play", self.captured.mask << 6 | self.card.index)

    # Equal moves are those of equal card, captured cards and kind, which
    # the packed play and the kind say in two reads: a search hashes and
    # compares moves at every step of its tree (the fields' tuple cost a
    # quarter of an ISMCTS iteration).
    def __eq__(self, other: object) -> bool:
        if other.__class__ is Move:
            assert isinstance(other, Move)
            return self._play == other._play and self.kind is other.kind
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        play = self._play
        return play if self.kind is _PLAY else ~(play << 1 | (self.kind is _KEEP))

    @classmethod
    def trail(cls, card: Card | str) -> Move:
        """Play ``card`` onto the table without capturing.

        >>> Move.trail("5H")
        Move.parse('5H')
        """
        return cls(_to_card(card))

    @classmethod
    def capture(cls, card: Card | str, captured: CardSet | str) -> Move:
        """Play ``card`` and take the ``captured`` table cards.

        >>> Move.capture("5H", "2S 3C")
        Move.parse('5Hx2S3C')
        """
        taken = _to_card_set(captured)
        if not taken:
            raise NotationError("a capture takes at least one card; use Move.trail")
        return cls(_to_card(card), taken)

    @classmethod
    def keep_first_card(cls, card: Card | str) -> Move:
        """Chkobba: keep the first card of the deck.

        >>> import scopa_rules as sr
        >>> sr.Move.keep_first_card("7D")
        Move.parse('keep 7D')
        """
        return cls(_to_card(card), _EMPTY, MoveKind.KEEP_FIRST_CARD)

    @classmethod
    def table_first_card(cls, card: Card | str) -> Move:
        """Chkobba: put the first card of the deck on the table.

        >>> import scopa_rules as sr
        >>> move = sr.Move.table_first_card("7D")
        >>> move, move.kind
        (Move.parse('table 7D'), <MoveKind.TABLE_FIRST_CARD: 'table'>)
        """
        return cls(_to_card(card), _EMPTY, MoveKind.TABLE_FIRST_CARD)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse move notation, without looking at any position.

        Card text is case-insensitive, suits may be symbols, and the captured
        cards may come in any order, with or without spaces.

        >>> Move.parse("K♣ x 2s jd") == Move.parse("KCxJD2S")
        True
        >>> Move.parse("keep 5d").kind
        <MoveKind.KEEP_FIRST_CARD: 'keep'>
        >>> Move.parse("7Dx")
        Traceback (most recent call last):
        ...
        scopa_rules.errors.NotationError: move '7Dx' has an 'x' but no captured cards after it
        """
        if not isinstance(text, str):
            raise NotationError(f"move text must be a string, not {shown(text)}")
        words = text.strip().split(None, 1)
        if len(words) == 2 and words[0].lower() == "trail":
            return cls(_parse_card(words[1], text))
        if len(words) == 2 and words[0].lower() in ("keep", "table"):
            kind = (
                MoveKind.KEEP_FIRST_CARD
                if words[0].lower() == "keep"
                else MoveKind.TABLE_FIRST_CARD
            )
            return cls(_parse_card(words[1], text), _EMPTY, kind)
        compact = "".join(text.split())
        if not compact:
            raise NotationError("empty move text")
        played, sep, rest = (
            compact.partition("x") if "x" in compact else compact.partition("X")
        )
        if not played:
            raise NotationError(
                f"move {shown(text)} names no played card before the 'x' "
                "(write it first, like 7Dx4S3C)"
            )
        card = _parse_card(played, text)
        if not sep:
            return cls(card)
        if not rest:
            raise NotationError(
                f"move {shown(text)} has an 'x' but no captured cards after it"
            )
        if len(rest) % 2:
            raise NotationError(
                f"captured cards {shown(rest)} in move {shown(text)} are not whole card texts "
                "(two characters each, like 3C4S)"
            )
        taken = 0
        for i in range(0, len(rest), 2):
            taken_card = _parse_card(rest[i : i + 2], text)
            if taken & taken_card.mask:
                raise NotationError(
                    f"card {taken_card} is captured twice in {shown(text)}"
                )
            taken |= taken_card.mask
        captured = set_of(taken)
        if card in captured:
            raise NotationError(f"{card} cannot capture itself in {shown(text)}")
        return cls(card, captured)

    @property
    def is_capture(self) -> bool:
        """Whether the move takes cards from the table."""
        return bool(self.captured.mask)

    @property
    def is_trail(self) -> bool:
        """Whether the move plays a card without capturing."""
        return self.kind is MoveKind.PLAY and not self.captured.mask

    def __str__(self) -> str:
        if self.kind is not MoveKind.PLAY:
            return f"{self.kind.value} {self.card}"
        if not self.captured.mask:
            return str(self.card)
        return f"{self.card}x" + "".join(str(c) for c in self.captured)

    def __repr__(self) -> str:
        return f"Move.parse('{self}')"

    def _repr_svg_(self) -> str:
        """The move as a picture, for Jupyter: the played card and the cards
        it takes, ringed (:func:`scopa_rules.svg.move` with the captured
        cards as the table; a trail shows the card alone).

        >>> import scopa_rules as sr
        >>> picture = sr.Move.parse("5Hx2S3C")._repr_svg_()
        >>> picture.startswith("<svg"), picture.count('stroke="#e0452c"')
        (True, 2)
        """
        from . import svg

        return svg.move(self, self.captured)

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


def _parse_card(text: str, whole: str) -> Card:
    try:
        return Card.parse(text)
    except NotationError as error:
        raise NotationError(f"in move {shown(whole)}: {error}") from None


_new_object = object.__new__
_set = object.__setattr__


def unchecked_move(
    card: Card, captured: CardSet, kind: MoveKind = MoveKind.PLAY
) -> Move:
    """A move the library built from the rules, without the constructor's
    checks (about ten times faster: crowded tables hand out dozens of new
    moves)."""
    move: Move = _new_object(Move)
    _set(move, "card", card)
    _set(move, "captured", captured)
    _set(move, "kind", kind)
    _set(move, "_play", captured.mask << 6 | card.index)
    return move


_CARDS: tuple[Card, ...] = tuple(ALL_CARDS)
_TRAILS: tuple[Move, ...] = tuple(Move(card) for card in _CARDS)


def move_of(play: int) -> Move:
    """The move of a card played, packed as the kernel packs it (captured
    mask << 6 | card index; a trail captures nothing)."""
    if play < 64:
        return _TRAILS[play]
    return unchecked_move(_CARDS[play & 63], set_of(play >> 6))
