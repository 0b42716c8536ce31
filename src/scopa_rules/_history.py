"""The record of finished hands: :class:`HandResult` and its :class:`Turn`
entries, the finished hand a state keeps, and a game's finished hands.

When a hand ends the state works out its score totals at once (a playout
wants nothing else) and keeps the hand as a :class:`FinishedHand`: the
numbers it was played with.  Its :class:`HandResult`, turns and score
breakdown, costs a third to a half of a random hand and is built when first
read.

A game's finished hands are a :class:`History`, an immutable list shared by
every state of the game: ending a hand adds one node to it, so that it costs
the same after a thousand hands as after one.  What is read of it at every
move (the results, and each seat's view of them) is kept by the newest node
asked and extended from there, one step a hand.  Comparing, hashing and
pickling walk it in loops, never by recursion, so a game of any length
reaches no recursion limit.

>>> history = NO_HANDS.add("a").add("b")
>>> len(history), tuple(history), history.last, history == history_of(("a", "b"))
(2, ('a', 'b'), 'b', True)
>>> history == NO_HANDS.add("a"), history == NO_HANDS.add("a").add("c"), history == "ab"
(False, False, False)
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterator
from itertools import chain
from typing import Any, NamedTuple

import attrs

from ._frozen import Frozen
from ._kernel import Named
from .cards import ALL_CARDS, CardSet, set_of
from .deck import Deck, deck_from_bytes
from .declarations import Declaration, declaration_from, points_by_side
from .moves import Move, MoveKind, move_of, unchecked_move
from .rules import Ruleset
from .scoring import HandScore, score_hand

__all__ = ["HandResult", "Turn"]


class Turn(NamedTuple):
    """One entry of a game's history: the seat and the move it made.

    >>> import scopa_rules as sr
    >>> turn = sr.new_game(seed=7).apply(sr.Move.parse("3D")).turns_this_hand[0]
    >>> turn, turn.seat, turn.move
    (Turn(seat=0, move=Move.parse('3D')), 0, Move.parse('3D'))
    """

    seat: int
    move: Move


# NamedTuple fields take no docstrings in the class body; documented here so
# the API reference does not say "Alias for field number 0".
Turn.seat.__doc__ = "The seat that made the move."
Turn.move.__doc__ = "The move it made."


@attrs.frozen(kw_only=True)
class HandResult(Frozen):
    """The record of one finished hand, as a UI shows it at the hand's end.

    >>> import scopa_rules as sr
    >>> state = sr.new_game(seed=7)
    >>> while not state.hand_results:
    ...     state = state.apply(state.legal_moves()[0])
    >>> [(r.number, len(r.moves), r.score.totals) for r in state.hand_results]
    [(0, 36, (1, 4))]
    """

    number: int
    """The hand's number, from 0 (show ``number + 1`` to people, as
    :attr:`GameState.hand_number`)."""
    dealer: int
    deck: Deck | None
    """The deck the hand was played with (``None`` for a hand that began
    from :meth:`GameState.from_position`)."""
    redealt: tuple[Deck, ...]
    """Decks dealt before it and collected again (kings on the table)."""
    turns: tuple[Turn, ...]
    """Every turn of the hand, in order (a first-card decision included)."""
    piles: tuple[CardSet, ...]
    """Each side's pile at the end, the leftover included."""
    leftover: CardSet
    """The cards left on the table after the last card."""
    leftover_side: int | None
    """The side that took the leftover (the last to capture), or ``None``."""
    score: HandScore
    scores: tuple[int, ...]
    """The match scores after this hand."""
    declarations: tuple[Declaration, ...] = ()
    """The hand's declarations (option ``declarations``), in the order made."""

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves of the hand, in order, without their seats."""
        return tuple(turn.move for turn in self.turns)


_new_tuple = tuple.__new__


def turns_of(links: tuple[Any, ...]) -> tuple[Turn, ...]:
    """The turns of a hand kept as a state keeps them, a linked list of
    ``(previous, seat, move)`` links, newest first (so that a move costs the
    same late in a hand as early)."""
    global _LAST_TURNS
    start = link = links
    # A bot gets a view, and so this hand's turns, at every move: the chain
    # read last is most often the head of this one, whose turns are kept.
    known_link, known = _LAST_TURNS
    turns: list[Turn] = []
    while link is not known_link:
        if not link:
            known = ()
            break
        # tuple.__new__ skips NamedTuple's Python-level constructor: this runs
        # for every turn at the end of every hand.  A link's tail is the
        # turn's fields.
        turns.append(_new_tuple(Turn, link[1:]))
        link = link[0]
    turns.reverse()
    result = known + tuple(turns)
    # One assignment of a pair: a thread reading it sees the old or the new.
    _LAST_TURNS = (start, result)
    return result


_LAST_TURNS: tuple[tuple[Any, ...], tuple[Turn, ...]] = ((), ())


class FinishedHand:
    """A finished hand as a state keeps it, its :class:`HandResult` built
    when first read.  Its ``fields`` are the hand's number and dealer, its
    decks (redeals first), its turns as links (see :func:`turns_of`), each
    side's pile, the leftover and the side that took it, each side's sweeps,
    the match scores after it and its declarations as ``(seat, mask,
    points)``; cards are masks.  It equals and hashes as its result."""

    __slots__ = ("_result", "fields", "rules")

    def __init__(self, rules: Ruleset, *fields: Any) -> None:
        self.rules = rules
        self.fields = fields
        self._result: HandResult | None = None

    def result(self) -> HandResult:
        result = self._result
        if result is None:
            rules = self.rules
            (number, dealer, decks, links, piles, leftover, leftover_side, sweeps,
             scores, declarations) = self.fields  # fmt: skip
            sets = tuple([set_of(pile) for pile in piles])
            # Two threads may build it at once: each stores an equal value.
            result = self._result = HandResult(
                number=number,
                dealer=dealer,
                deck=decks[-1] if decks else None,
                redealt=decks[:-1],
                turns=turns_of(links),
                piles=sets,
                leftover=set_of(leftover),
                leftover_side=leftover_side,
                score=score_hand(
                    rules, sets, sweeps, points_by_side(rules, declarations)
                ),
                scores=scores,
                declarations=tuple([declaration_from(made) for made in declarations]),
            )
        return result

    def __eq__(self, other: object) -> bool:
        theirs: object = result_of(other)
        return self.result() == theirs

    def __hash__(self) -> int:
        return hash(self.result())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Each turn as two whole numbers, the seat and the move's play and
        # kind (see _move): a pickle then carries a few hundred bytes a
        # hand, not the result's hundreds of objects.
        number, dealer, decks, links, *rest = self.fields
        plays = []
        while links:
            links, seat, move = links
            plays += [move._play << 2 | _KINDS.index(move.kind), seat]
        plays.reverse()
        return (
            _unpickled_hand,
            (self.rules, number, dealer, decks, tuple(plays), *rest),
        )


_KINDS = (MoveKind.PLAY, MoveKind.KEEP_FIRST_CARD, MoveKind.TABLE_FIRST_CARD)
_CARDS = tuple(ALL_CARDS)
_EMPTY = CardSet()


def _move(code: int) -> Move:
    """The move of ``code``: its play packed as the kernel packs it
    (``captured mask << 6 | card index``) << 2 | its kind's place in
    ``_KINDS``."""
    kind = code & 3
    if not kind:
        return _PLAYS[code >> 2]
    return unchecked_move(_CARDS[code >> 2 & 0x3F], _EMPTY, _KINDS[kind])


# The cards played, each move made once: an unpickled game makes no move
# twice.
_PLAYS: Named[Move] = Named(move_of)


def _unpickled_hand(
    rules: Ruleset,
    number: int,
    dealer: int,
    decks: tuple[Deck, ...],
    plays: tuple[int, ...],
    *rest: Any,
) -> FinishedHand:
    """A finished hand from its pickle (see :meth:`FinishedHand.__reduce__`)."""
    links: tuple[Any, ...] = ()
    pairs = iter(plays)
    for seat, code in zip(pairs, pairs, strict=True):
        links = (links, seat, _move(code))
    return FinishedHand(rules, number, dealer, decks, links, *rest)


def result_of(item: object) -> Any:
    """A history's item as a :class:`HandResult`: a finished hand's result,
    or the item itself (a determinized sample keeps its view's results)."""
    if type(item) is FinishedHand:
        return item.result()
    return item


def _add_result(
    results: tuple[HandResult, ...], item: object
) -> tuple[HandResult, ...]:
    return (*results, result_of(item))


_MISSING = object()


class History:
    """A game's finished hands, oldest first: an immutable list in which
    :meth:`add` makes a longer list and leaves this one as it was.  Each
    node holds the hands it adds (one, or a sample's all) and the history
    before them."""

    __slots__ = ("_before", "_count", "_hands", "_kept")

    def __init__(
        self, before: History | None, hands: tuple[Any, ...], count: int
    ) -> None:
        self._before = before
        self._hands = hands
        self._count = count
        # Values folded over the whole history (see fold), by key, kept so
        # that asking again, as a search does every ply, costs nothing.
        self._kept: dict[Any, Any] | None = None

    def add(self, hand: Any) -> History:
        """This history with ``hand`` after its last hand."""
        return History(self, (hand,), self._count + 1)

    def fold(self, key: Any, empty: Any, step: Callable[[Any, Any], Any]) -> Any:
        """``step`` folded over the hands, oldest first, from ``empty``: the
        value is kept under ``key`` and the next node's fold starts from it,
        so reading it at every hand of a game costs one step a hand.  Only
        the newest node asked keeps it, so a long game does not keep one
        value per hand (``step`` must be a pure function)."""
        newer: list[History] = []
        node = self
        value = _MISSING
        while node._count:
            kept = node._kept
            if kept is not None:
                value = kept.get(key, _MISSING)
                if value is not _MISSING:
                    break
            newer.append(node)
            node = node._before  # type: ignore[assignment]
        if not newer:
            return empty if value is _MISSING else value
        if value is _MISSING:
            value = empty
        else:
            node._kept.pop(key, None)  # type: ignore[union-attr]  # its successor holds more
        for older in reversed(newer):
            for hand in older._hands:
                value = step(value, hand)
        if self._kept is None:
            self._kept = {}
        self._kept[key] = value
        return value

    def results(self) -> tuple[HandResult, ...]:
        """Every finished hand's result, in order."""
        return self.fold("results", (), _add_result)  # type: ignore[no-any-return]

    def __len__(self) -> int:
        return self._count

    @property
    def last(self) -> Any:
        """The newest hand (``None`` for no hand)."""
        return self._hands[-1] if self._count else None

    def __iter__(self) -> Iterator[Any]:
        parts = []
        node = self
        while node._count:
            parts.append(node._hands)
            node = node._before  # type: ignore[assignment]
        parts.reverse()
        return chain.from_iterable(parts)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        if self._count != other._count:
            return False
        mine, theirs = self, other
        # Histories of one game share their older nodes: stop at the first
        # one both hold.
        while mine is not theirs:
            if len(mine._hands) != len(theirs._hands):
                return tuple(mine) == tuple(theirs)
            if mine._hands != theirs._hands:
                return False
            mine, theirs = mine._before, theirs._before  # type: ignore[assignment]
        return True

    def __hash__(self) -> int:
        return hash((self._count, self.last))

    def __reduce__(self) -> tuple[Any, tuple[tuple[Any, ...]]]:
        # Pickled flat: a nested chain would pickle by recursion.
        return (history_of, (tuple(self),))


NO_HANDS = History(None, (), 0)
"""The history of a game with no finished hand."""


def history_of(hands: tuple[Any, ...], kept: dict[Any, Any] | None = None) -> History:
    """A history of ``hands``, oldest first, in one node; ``kept`` (which it
    keeps) gives values of :meth:`History.fold` by key, known already: a
    determinized sample's are its view's, handed over at every sample
    however long the game."""
    if not hands:
        return NO_HANDS
    history = History(NO_HANDS, hands, len(hands))
    history._kept = kept
    return history


def unpacked_hands(data: bytes, rules: Ruleset) -> tuple[Any, ...]:
    """The finished hands of a state pickled before this module held them,
    packed in ``data`` as LEB128 varints: for each item a tag, then a hand's
    fields (tag 0) or a pickled object (tag 1, a sample's results)."""
    numbers = []
    number = shift = 0
    for byte in data:
        number |= (byte & 0x7F) << shift
        if byte & 0x80:
            shift += 7
        else:
            numbers.append(number)
            number = shift = 0
    stream = iter(numbers)
    take = stream.__next__  # the loop and the fields read one stream
    items: list[Any] = []
    for tag in stream:
        if tag:
            size = take()
            items.append(pickle.loads(take().to_bytes(size, "little")))
            continue
        number, dealer = take(), take()
        decks = tuple(
            [deck_from_bytes(bytes([take() for _ in range(40)])) for _ in range(take())]
        )
        sides = take()
        piles = tuple([take() for _ in range(sides)])
        sweeps = tuple([take() for _ in range(sides)])
        scores = tuple([take() for _ in range(sides)])
        leftover, leftover_side = take(), take() - 1
        declarations = tuple([(take(), take(), take()) for _ in range(take())])
        links: tuple[Any, ...] = ()
        for _ in range(take()):
            seat, code = take(), take()  # captured mask << 8 | kind << 6 | card
            play = code >> 8 << 6 | code & 0x3F
            links = (links, seat, _move(play << 2 | code >> 6 & 3))
        items.append(
            FinishedHand(
                rules,
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
    return tuple(items)
