"""The record of a finished hand: :class:`HandResult` and its :class:`Turn`
entries, and the finished hand a state keeps, whose record is built when
first read.

When a hand ends the state works out its score totals at once (a playout
wants nothing else) and keeps the hand's fields (see
:class:`~scopa_rules._handpack.HandFields`); the turns and the score
breakdown, a tenth of a hand's cost, wait until someone reads
:attr:`~scopa_rules.GameState.hand_results`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import attrs

from ._frozen import Frozen
from ._handpack import HandFields, pack_hand, pack_object
from .cards import CardSet, _from_mask
from .deck import Deck
from .declarations import Declaration, declaration_from, points_by_side
from .moves import Move
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


def _turns(link: tuple[Any, ...]) -> tuple[Turn, ...]:
    global _LAST_TURNS
    start = link
    # A bot gets a view, and so this hand's turns, at every move: the chain
    # read last is most often the head of this one, whose turns are kept.
    known_link, known = _LAST_TURNS
    turns: list[Turn] = []
    while link is not known_link:
        if not link:
            known = ()
            break
        # tuple.__new__ skips NamedTuple's Python-level constructor: this runs
        # for every turn at the end of every hand.  A link is (previous, seat,
        # move), so its tail is the turn's fields.
        turns.append(_new_tuple(Turn, link[1:]))
        link = link[0]
    turns.reverse()
    result = known + tuple(turns)
    # One assignment of a pair: a thread reading it sees the old or the new.
    _LAST_TURNS = (start, result)
    return result


_LAST_TURNS: tuple[tuple[Any, ...], tuple[Turn, ...]] = ((), ())


class _FinishedHand:
    """A finished hand in a state's record, its :class:`HandResult` built
    when first read.  The turns and the score breakdown are a tenth of a
    hand's cost, and a playout that only wants the scores (worked out at
    once, see :func:`~scopa_rules.scoring.hand_totals`) never reads them.
    It equals and hashes as its result; a pickled state carries its fields
    (see :mod:`scopa_rules._handpack`)."""

    __slots__ = ("_fields", "_result", "_rules")

    def __init__(self, rules: Ruleset, *fields: Any) -> None:
        # The fields are kept after the result is built: a pickle is made
        # from them.
        self._rules = rules
        self._fields: HandFields = _new_tuple(HandFields, fields)
        self._result: HandResult | None = None

    def result(self) -> HandResult:
        result = self._result
        if result is not None:
            return result
        rules = self._rules
        fields = self._fields
        piles = fields.piles
        decks = fields.decks
        declarations = fields.declarations
        pile_sets = tuple([_from_mask(pile) for pile in piles])
        result = self._result = HandResult(
            number=fields.number,
            dealer=fields.dealer,
            deck=decks[-1] if decks else None,
            redealt=decks[:-1],
            turns=_turns(fields.links),
            piles=pile_sets,
            leftover=_from_mask(fields.leftover),
            leftover_side=fields.leftover_side,
            score=score_hand(
                rules, pile_sets, fields.sweeps, points_by_side(rules, declarations)
            ),
            scores=fields.scores,
            declarations=tuple([declaration_from(made) for made in declarations]),
        )
        return result

    def __eq__(self, other: object) -> bool:
        if type(other) is _FinishedHand:
            return self.result() == other.result()
        return self.result() == other

    def __hash__(self) -> int:
        return hash(self.result())


# The key of a hand log's packed bytes (see HandLog.joined).
_PACKED = "packed"


def _packed_hand(item: object) -> bytes:
    """A hand log's item as bytes for a pickle: a finished hand by its
    fields, anything else (a sampled state's results) whole."""
    if type(item) is _FinishedHand:
        return pack_hand(item._fields)
    return pack_object(item)


def _finished(item: object) -> HandResult:
    """A hand log's item as a :class:`HandResult` (built when first read)."""
    if isinstance(item, _FinishedHand):
        return item.result()
    return item  # type: ignore[return-value]


def _add_result(
    results: tuple[HandResult, ...], item: object
) -> tuple[HandResult, ...]:
    return (*results, _finished(item))
