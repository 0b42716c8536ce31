"""Perft: exact counts of move sequences, the move generator's fingerprint.

Borrowed from chess programming: ``perft(state, depth)`` counts the distinct
sequences of ``depth`` legal moves from ``state`` (with every hidden card
known, as the state knows them).  The counts for fixed seeded positions are
golden numbers in the tests, so any change to what is legal shows up as a
changed number; another implementation of the rules can compare its counts
with these.

>>> import scopa_rules as sr
>>> state = sr.new_game(sr.Ruleset.scopa(), seed=7)
>>> [sr.perft(state, depth) for depth in range(4)]
[1, 3, 9, 23]
"""

from __future__ import annotations

from ..errors import InvalidStateError, shown
from ..state import GameState

__all__ = ["perft"]


def perft(state: GameState, depth: int) -> int:
    """The number of legal move sequences of length ``depth`` from ``state``.

    A game that ends earlier contributes nothing past its end; crossing the
    end of a hand deals the next one as play would.

    >>> import scopa_rules as sr
    >>> sr.perft(sr.new_game(seed=7), 2)
    9
    """
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
        raise InvalidStateError(
            f"depth must be a whole number of 0 or more, not {shown(depth)}"
        )
    return _count(state, depth)


def _count(state: GameState, depth: int) -> int:
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(_count(state.apply(move, check=False), depth - 1) for move in moves)
