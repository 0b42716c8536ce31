"""The error hierarchy of scopa_rules.

Every error the library raises on bad input derives from :class:`ScopaError`,
and each is also a :class:`ValueError`, so code that already catches
``ValueError`` keeps working.

>>> import scopa_rules as sr
>>> try:
...     sr.Card.parse("8D")
... except sr.ScopaError as error:
...     print(type(error).__name__, "-", error)
NotationError - unknown rank '8' in card text '8D': ranks are A 2 3 4 5 6 7 J Q K
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .tournament import MatchFailure, MatchResult

__all__ = [
    "AmbiguousMoveError",
    "IllegalMoveError",
    "InvalidRulesetError",
    "InvalidStateError",
    "MatchError",
    "NotationError",
    "ScopaError",
]


def shown(value: object) -> str:
    """``repr(value)`` for an error message, safe for any input: an integer
    too long to print (Python refuses ints of over 4300 digits) is described
    by its size, data nested too deep to print by its type, and very long
    text is cut.

    >>> shown(7), shown("7D"), shown(10**5000)
    ('7', "'7D'", 'an integer of 5001 digits')
    >>> deep = []
    >>> for _ in range(100_000):
    ...     deep = [deep]
    >>> shown(deep)
    'a list nested too deep to show'
    """
    if isinstance(value, int) and value.bit_length() > 256:
        return f"an integer of {_digits(value)} digits"
    try:
        text = repr(value)
    except ValueError:  # a huge int inside a container
        return f"a {type(value).__name__} too large to show"
    except RecursionError:
        return f"a {type(value).__name__} nested too deep to show"
    return text if len(text) <= 200 else text[:197] + "..."


def _digits(value: int) -> int:
    # str(value) is refused for huge ints: count the digits arithmetically.
    # bits * log10(2), rounded down, never overshoots the digit count.
    magnitude = abs(value)
    digits = max(1, int(magnitude.bit_length() * 0.30102999566398120))
    while 10**digits <= magnitude:
        digits += 1
    return digits


class ScopaError(Exception):
    """Base class of every error raised by scopa_rules.

    >>> import scopa_rules as sr
    >>> issubclass(sr.NotationError, sr.ScopaError), issubclass(sr.ScopaError, ValueError)
    (True, False)
    """


class NotationError(ScopaError, ValueError):
    """Text that does not parse: a card, a set of cards or a move.

    >>> import scopa_rules as sr
    >>> sr.Card.parse("8D")
    Traceback (most recent call last):
    ...
    scopa_rules.errors.NotationError: unknown rank '8' in card text '8D': ranks are A 2 3 4 5 6 7 J Q K
    """


class InvalidRulesetError(ScopaError, ValueError):
    """A ruleset that cannot be played: unknown option, bad value, or a
    combination of options that cannot be dealt.

    >>> import scopa_rules as sr
    >>> sr.Ruleset.scopa(players=5)
    Traceback (most recent call last):
    ...
    scopa_rules.errors.InvalidRulesetError: scopa is played by 2, 3, 4 or 6 players, not 5; for other counts vary a preset with .replace(players=...)
    """


class InvalidStateError(ScopaError, ValueError):
    """A position or deck that is inconsistent: a card missing or twice, a
    seat out of range, hands of impossible sizes.

    >>> import scopa_rules as sr
    >>> sr.new_game(seed=7).view(2)
    Traceback (most recent call last):
    ...
    scopa_rules.errors.InvalidStateError: seat must be 0 to 1, not 2
    """


class IllegalMoveError(ScopaError, ValueError):
    """A move the rules forbid in the given state.  The state is unchanged.

    >>> import scopa_rules as sr
    >>> sr.new_game(seed=7).apply(sr.Move.parse("7S"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scopa_rules.errors.IllegalMoveError: illegal move 7S: 7S is not in seat 0's hand ...
    """


class AmbiguousMoveError(NotationError):
    """Move text that fits more than one legal move, such as a card alone
    when it may capture in several ways.  :attr:`choices` lists them.

    >>> import scopa_rules as sr
    >>> error = sr.AmbiguousMoveError("KC fits 2 moves", (sr.Move.parse("KCxJD2S"), sr.Move.parse("KCx5H2S3C")))
    >>> isinstance(error, sr.NotationError), [str(move) for move in error.choices]
    (True, ['KCxJD2S', 'KCx5H2S3C'])
    """

    def __init__(self, message: str, choices: tuple[object, ...] = ()) -> None:
        super().__init__(message)
        self.choices = choices
        """The legal moves the text could mean."""


class MatchError(ScopaError):
    """A match stopped by a game that failed: a bot raised, made no move
    within the match's ``move_timeout``, or its worker process died.
    :attr:`failures` say which bot, seat, game and move, and :attr:`partial`
    holds the standings of the games that finished.  The bot's exception,
    when there is one, is the error's ``__cause__``.

    >>> import scopa_rules as sr
    >>> class Tired:
    ...     def choose(self, view, rng):
    ...         if view.hand_number == 4:
    ...             raise RuntimeError("five hands are enough")
    ...         return view.legal_moves()[0]
    >>> try:
    ...     sr.match(sr.Ruleset.scopa(), [sr.GreedyBot(), Tired()], games=10, seed=1)
    ... except sr.MatchError as error:
    ...     print(error.failures[0])
    ...     print(error.partial.games, type(error.__cause__).__name__)
    Tired (seat 1) in game 2 (seed 3) at move 146: RuntimeError: five hands are enough
    2 RuntimeError
    """

    def __init__(
        self,
        message: str,
        partial: MatchResult,
        failures: tuple[MatchFailure, ...],
    ) -> None:
        super().__init__(message)
        self.partial = partial
        """The match's result counting the games that finished before it
        stopped, with the failures."""
        self.failures = failures
        """The games that failed (as a rule one: the match stops at the
        first)."""

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (str(self), self.partial, self.failures))
