"""Declarations: Cirulla's accusi (RULES.md section 8, option ``declarations``).

Every time a seat is dealt three cards (the first deal of a hand and every
refill) it declares, and its side scores, when the hand qualifies:

* **cirulla**: the three capture values add up to 9 or less: 3 points;
* **decino**: the three cards are of one rank: 10 points (wins over the 3).

The wild card (``wild_card``, by default the matta ``7H``) counts as whatever
value from 1 to 10 makes the best declaration: for a decino it takes the rank
of the other two, for a cirulla it counts 1.  It is wild for declarations
only and plays as a plain card.  A declared hand is shown to every seat; the
points are added to the match score with the hand's other points at its end.

>>> import scopa_rules as sr
>>> rules = sr.Ruleset.cirulla()
>>> sr.declaration_of(rules, sr.CardSet("AD 3S 5C"))
Declaration(seat=0, cards=CardSet('AD 3S 5C'), kind='cirulla', points=3)
>>> sr.declaration_of(rules, sr.CardSet("5D 5S 7H"), seat=1).kind
'decino'
>>> sr.declaration_of(rules, sr.CardSet("5D 6S 7C")) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ._frozen import Frozen
from .cards import CardSet, set_of
from .errors import InvalidStateError, shown
from .rules import Ruleset

__all__ = ["Declaration", "declaration_of"]

CIRULLA_POINTS = 3
DECINO_POINTS = 10


@attrs.frozen(kw_only=True)
class Declaration(Frozen):
    """One declaration: the seat, the three cards it was dealt, the kind
    (``"cirulla"`` or ``"decino"``) and the points its side scores.

    >>> import scopa_rules as sr
    >>> d = sr.declaration_of(sr.Ruleset.cirulla(), sr.CardSet("7H 3D 5S"), seat=2)
    >>> d.seat, str(d.cards), d.kind, d.points, str(d)
    (2, '3D 7H 5S', 'cirulla', 3, 'seat 2 declares 3D 7H 5S: cirulla, 3 points')
    """

    seat: int
    cards: CardSet
    """The three cards as dealt (some may have been played since)."""
    kind: str
    """``"cirulla"`` (3 cards adding up to 9 or less) or ``"decino"`` (three
    of one rank)."""
    points: int

    def __str__(self) -> str:
        return (
            f"seat {self.seat} declares {self.cards}: {self.kind}, {self.points} points"
        )


def declaration_kind(rules: Ruleset, mask: int) -> str | None:
    """The declaration a three-card hand (a mask) makes, if any."""
    indexes = []
    while mask:  # the three cards' indexes, lowest first
        low = mask & -mask
        mask ^= low
        indexes.append(low.bit_length() - 1)
    wild = rules.wild_card
    others = [i for i in indexes if wild is None or i != wild.index]
    values = rules._values
    if len(others) < len(indexes):
        # The wild card takes the rank of the other two (decino) or counts 1.
        if others[0] % 10 == others[1] % 10:
            return "decino"
        total = values[others[0]] + values[others[1]] + 1
    else:
        if indexes[0] % 10 == indexes[1] % 10 == indexes[2] % 10:
            return "decino"
        total = sum(values[i] for i in indexes)
    return "cirulla" if total <= 9 else None


def declaration_of(rules: Ruleset, cards: CardSet, seat: int = 0) -> Declaration | None:
    """The declaration that ``seat`` makes when dealt ``cards`` (three
    cards) under ``rules``, or ``None`` when the hand does not qualify.  It
    answers whatever the ``declarations`` option says, so that a UI can
    show what a hand would declare.

    >>> import scopa_rules as sr
    >>> sr.declaration_of(sr.Ruleset.cirulla(), sr.CardSet("AD 2S 3C")).points
    3
    >>> sr.declaration_of(sr.Ruleset.cirulla(), sr.CardSet("AD 2S"))
    Traceback (most recent call last):
    ...
    scopa_rules.errors.InvalidStateError: a declaration is made on 3 cards, not 2 (AD 2S)
    """
    if not isinstance(rules, Ruleset):
        raise InvalidStateError(f"rules must be a Ruleset, not {shown(rules)}")
    if not isinstance(cards, CardSet):
        raise InvalidStateError(f"cards must be a CardSet, not {shown(cards)}")
    if len(cards) != 3:
        raise InvalidStateError(
            f"a declaration is made on 3 cards, not {len(cards)} ({cards or 'none'})"
        )
    kind = declaration_kind(rules, cards.mask)
    if kind is None:
        return None
    points = DECINO_POINTS if kind == "decino" else CIRULLA_POINTS
    return Declaration(seat=seat, cards=cards, kind=kind, points=points)


def declare_round(rules: Ruleset, hands: list[int]) -> tuple[tuple[int, int, int], ...]:
    """The declarations of a deal round: ``(seat, cards mask, points)`` for
    each seat whose new hand (a mask, by seat) qualifies, in seat order."""
    made = []
    for seat, mask in enumerate(hands):
        kind = declaration_kind(rules, mask)
        if kind is not None:
            made.append(
                (seat, mask, DECINO_POINTS if kind == "decino" else CIRULLA_POINTS)
            )
    return tuple(made)


def points_by_side(rules: Ruleset, made: Iterable[tuple[int, int, int]]) -> list[int]:
    """Each side's declaration points from the ``(seat, mask, points)``
    triples of a hand's declarations: the points count for the declaring
    seat's side."""
    points = [0] * rules.sides
    for seat, _, gained in made:
        points[rules.side_of(seat)] += gained
    return points


def declaration_from(made: tuple[int, int, int]) -> Declaration:
    """The :class:`Declaration` of a kept ``(seat, mask, points)`` triple."""
    seat, mask, points = made
    kind = "decino" if points == DECINO_POINTS else "cirulla"
    return Declaration(seat=seat, cards=set_of(mask), kind=kind, points=points)
