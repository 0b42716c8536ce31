"""Adapters to game and learning frameworks, one module each, each an extra.

* :mod:`scopa_rules.adapters.openspiel` (``pip install scopa-rules[openspiel]``):
  every ruleset as an OpenSpiel game.
* :mod:`scopa_rules.adapters.pettingzoo` (``scopa-rules[pettingzoo]``): a
  PettingZoo ``AECEnv``, one agent per seat.
* :mod:`scopa_rules.adapters.gymnasium` (``scopa-rules[gymnasium]``): a
  single-agent Gymnasium ``Env``; the other seats are played by bots.

They all speak the action ids of :mod:`scopa_rules.encoding` and the
observations of :mod:`scopa_rules.observation`.  This package imports no
framework: import the module of the one you use.

Every adapter scores a finished game for each seat the same way (partners
share their side's result), chosen by its ``returns`` setting:

* ``"win_loss"``: the winning side's seats get +1, every other seat
  ``-1 / (sides - 1)`` (-1 with two sides), so the returns add up to 0 over
  the sides;
* ``"points"``: a side's match score minus the mean score of the other
  sides.

>>> import scopa_rules as sr
>>> from scopa_rules.adapters import seat_returns
>>> final = sr.play_game(sr.Ruleset.scopa(), [sr.GreedyBot(), sr.RandomBot()], seed=7)
>>> final.scores, seat_returns(final), seat_returns(final, "points")
((8, 11), (-1.0, 1.0), (-3.0, 3.0))
"""

from __future__ import annotations

import operator
from typing import Literal

from ..errors import IllegalMoveError, InvalidStateError, shown
from ..state import GameState

__all__ = ["RETURNS", "Returns", "action_id", "seat_returns"]

Returns = Literal["win_loss", "points"]
"""How a finished game is scored for each seat."""
RETURNS: tuple[Returns, ...] = ("win_loss", "points")
"""The ways to score a finished game."""


def check_returns(returns: object) -> Returns:
    """``returns`` if it names a way to score a game; an error otherwise."""
    if returns not in RETURNS:
        raise InvalidStateError(
            f"returns must be one of {', '.join(RETURNS)}, not {shown(returns)}"
        )
    return returns


def action_id(action: object) -> int:
    """``action`` as a plain int: every adapter takes an int, a NumPy integer
    (``np.int64(14)``) or a one-element array of integers (``np.array([14])``,
    as a vectorised policy hands out), and refuses anything else (a bool, a
    float, a longer array) with an :class:`~scopa_rules.IllegalMoveError`.

    >>> action_id(14)
    14
    >>> action_id(14.0)
    Traceback (most recent call last):
    ...
    scopa_rules.errors.IllegalMoveError: an action id is an integer (or a NumPy integer, or a one-element array of one), not 14.0
    """
    if type(action) is int:
        return action
    # A one-element array: its only entry (numpy's 0-d array takes __index__
    # if its dtype is an integer one).  Read without importing numpy.
    if getattr(action, "ndim", 0) and getattr(action, "size", 0) == 1:
        action = action.reshape(())  # type: ignore[attr-defined]
    if not isinstance(action, bool):
        try:
            return operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise IllegalMoveError(
        "an action id is an integer (or a NumPy integer, or a one-element "
        f"array of one), not {shown(action)}"
    )


def seat_returns(state: GameState, returns: Returns = "win_loss") -> tuple[float, ...]:
    """Each seat's result of the game ``state`` (0 for all while it goes on)."""
    check_returns(returns)
    rules = state.rules
    sides = rules.sides
    if state.winner is None:
        return (0.0,) * rules.players
    if returns == "win_loss":
        loss = -1.0 / (sides - 1)
        by_side = [1.0 if side == state.winner else loss for side in range(sides)]
    else:
        total = sum(state.scores)
        by_side = [score - (total - score) / (sides - 1) for score in state.scores]
    return tuple(float(by_side[rules.side_of(seat)]) for seat in range(rules.players))
