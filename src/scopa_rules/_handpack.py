"""Finished hands as compact bytes, for pickles of long games.

A state's finished hands are what grows as a game goes on: each
:class:`~scopa_rules.HandResult` is a few hundred objects.  A pickle
carries instead what those results are made from, a handful of whole
numbers per hand (written as LEB128 varints): the hand's number and dealer,
its decks, its piles, leftover, sweeps and match scores, its declarations
and its turns, each turn one number for the seat and one for the move.
The results are built again from them, with the ruleset, when first read.

>>> from scopa_rules import Deck, Move
>>> turns = (((), 0, Move.parse("7D")), 1, Move.parse("KCx2S"))
>>> hand = HandFields(3, 1, (Deck.shuffled(7),), turns, (1 << 4, 1 << 20), 0, None, (1, 0), (5, 4), ())
>>> data = pack_hand(hand)
>>> unpack_hands(data + pack_object("kept whole"), HandFields) == [hand, "kept whole"]
True
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any, NamedTuple

from .cards import ALL_CARDS, _from_mask
from .deck import Deck, _deck_from_bytes
from .moves import Move, MoveKind, _move_of, _unchecked_move

__all__: list[str] = []

# The first number of each record says what follows.
_HAND = 0  # a finished hand's fields
_OBJECT = 1  # any other log item, pickled whole

_KINDS = (MoveKind.PLAY, MoveKind.KEEP_FIRST_CARD, MoveKind.TABLE_FIRST_CARD)
_KIND_CODES = {kind: code for code, kind in enumerate(_KINDS)}
_CARDS = tuple(ALL_CARDS)


def _varints(numbers: list[int]) -> bytes:
    out = bytearray()
    for number in numbers:
        while number > 0x7F:
            out.append(number & 0x7F | 0x80)
            number >>= 7
        out.append(number)
    return bytes(out)


class HandFields(NamedTuple):
    """What a finished hand's :class:`~scopa_rules.HandResult` is built
    from, as the state keeps it (masks for card sets)."""

    number: int
    dealer: int
    decks: tuple[Deck, ...]
    links: tuple[Any, ...]
    """The turns, newest first: ``(previous, seat, move)``."""
    piles: tuple[int, ...]
    leftover: int
    leftover_side: int | None
    sweeps: tuple[int, ...]
    scores: tuple[int, ...]
    declarations: tuple[tuple[int, int, int], ...]
    """Each as ``(seat, mask, points)``."""


def pack_hand(fields: HandFields) -> bytes:
    """One finished hand's fields as bytes."""
    numbers = [_HAND, fields.number, fields.dealer, len(fields.decks)]
    for deck in fields.decks:
        numbers += [card.index for card in deck.cards]
    numbers.append(len(fields.piles))
    numbers += fields.piles
    numbers += fields.sweeps
    numbers += fields.scores
    side = fields.leftover_side
    numbers += [fields.leftover, 0 if side is None else side + 1]
    numbers.append(len(fields.declarations))
    for made in fields.declarations:
        numbers += made
    turns = []
    links = fields.links
    while links:
        links, seat, move = links
        code = move.captured.mask << 2 | _KIND_CODES[move.kind]
        turns += [code << 6 | move.card.index, seat]
    turns.append(len(turns) // 2)
    turns.reverse()  # the count, then oldest first: seat, move
    return _varints(numbers + turns)


def pack_object(item: object) -> bytes:
    """A log item that is not a finished hand's fields (a sampled state's
    results, say), pickled whole."""
    data = pickle.dumps(item, pickle.HIGHEST_PROTOCOL)
    return _varints([_OBJECT, len(data), int.from_bytes(data, "little")])


def _numbers(data: bytes) -> list[int]:
    numbers = []
    number = shift = 0
    for byte in data:
        number |= (byte & 0x7F) << shift
        if byte & 0x80:
            shift += 7
        else:
            numbers.append(number)
            number = shift = 0
    return numbers


def unpack_hands(
    data: bytes,
    make_hand: Callable[..., Any],
    named: Callable[[int], Move] = _move_of,
) -> list[Any]:
    """The items packed in ``data``, oldest first: each hand as
    ``make_hand(*fields)`` (the :class:`HandFields` it was packed from),
    each other item unpickled.  ``named`` gives the move of a card played,
    packed as the kernel packs it (``captured mask << 6 | card index``): the
    state passes its shared moves, so that a game unpacked after unpickling
    makes no new move it has made before."""
    numbers = iter(_numbers(data))
    take = numbers.__next__  # the loop and the fields read one stream
    items = []
    for tag in numbers:
        if tag == _OBJECT:
            size = take()
            items.append(pickle.loads(take().to_bytes(size, "little")))
            continue
        number, dealer = take(), take()
        decks = tuple(
            [
                _deck_from_bytes(bytes([take() for _ in range(40)]))
                for _ in range(take())
            ]
        )
        sides = take()
        piles = tuple([take() for _ in range(sides)])
        sweeps = tuple([take() for _ in range(sides)])
        scores = tuple([take() for _ in range(sides)])
        leftover, leftover_side = take(), take() - 1
        declarations = tuple([(take(), take(), take()) for _ in range(take())])
        links: tuple[Any, ...] = ()
        for _ in range(take()):
            seat, code = take(), take()
            links = (links, seat, _move(code, named))
        items.append(
            make_hand(
                number,
                dealer,
                decks,
                links,
                piles,
                leftover,
                None if leftover_side < 0 else leftover_side,
                sweeps,
                scores,
                declarations,
            )
        )
    return items


def _move(code: int, named: Callable[[int], Move]) -> Move:
    kind = code >> 6 & 3
    if not kind:  # a card played: 0 is MoveKind.PLAY's code
        return named(code >> 8 << 6 | code & 0x3F)
    return _unchecked_move(_CARDS[code & 0x3F], _from_mask(code >> 8), _KINDS[kind])
