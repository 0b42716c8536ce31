"""A deck dealt card by card at a game framework's chance nodes (the
OpenSpiel adapter's explicit chance): the deck so far is the bytes of its
cards' indexes, and each card not dealt yet is as likely to come next.

>>> dealt = deal_card(deal_card(b"", 3), 17)
>>> list(dealt), len(deal_outcomes(dealt)), deal_outcomes(dealt)[:2]
([3, 17], 38, [(0, 0.02631578947368421), (1, 0.02631578947368421)])

A framework asks for the outcomes at every chance node, 40 a deck, and
Python callers keep the list they are given: the module is compiled, and
each list is made of pairs built once, at import.
"""

from __future__ import annotations

from .cards import ALL_CARDS
from .errors import IllegalMoveError, shown

__all__ = ["deal_card", "deal_outcomes"]

# For each number of cards left, every card's (index, chance) pair.
_PAIRS: tuple[tuple[tuple[int, float], ...], ...] = tuple(
    tuple((index, 1.0 / left) for index in range(40)) if left else ()
    for left in range(41)
)
_INDEXES = bytes(range(40))
_BYTES = tuple(bytes((index,)) for index in range(40))
_CARDS = tuple(ALL_CARDS)


def deal_outcomes(dealt: bytes) -> list[tuple[int, float]]:
    """The chance outcomes of the next card of a deck whose first cards are
    ``dealt``: each card left, lowest index first, with its chance.

    >>> deal_outcomes(bytes(range(38)))
    [(38, 0.5), (39, 0.5)]
    """
    left = _INDEXES.translate(None, dealt)
    pairs = _PAIRS[len(left)]
    return [pairs[index] for index in left]


def deal_card(dealt: bytes, action: int) -> bytes:
    """The deck ``dealt`` with the card of index ``action`` dealt next.

    >>> deal_card(bytes(range(39)), 0)
    Traceback (most recent call last):
    ...
    scopa_rules.errors.IllegalMoveError: chance action 0 does not deal a card left in the deck; the one card left is KC
    """
    if 0 <= action < 40 and action not in dealt:
        return dealt + _BYTES[action]
    raise _refused(dealt, action)


def _refused(dealt: bytes, action: int) -> IllegalMoveError:
    left = _INDEXES.translate(None, dealt)
    cards = ", ".join(str(_CARDS[i]) for i in left)
    remaining = (
        f"the one card left is {cards}"
        if len(left) == 1
        else (f"the {len(left)} cards left are {cards}")
    )
    return IllegalMoveError(
        f"chance action {shown(action)} does not deal a card left in the deck; "
        f"{remaining}"
    )
