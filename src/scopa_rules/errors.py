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

import enum
import heapq
import math
import numbers
import types
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .tournament import MatchFailure, MatchResult

__all__ = [
    "AmbiguousMoveError",
    "ArgumentError",
    "IllegalMoveError",
    "InvalidRulesetError",
    "InvalidStateError",
    "MatchError",
    "NotationError",
    "ScopaError",
]


SHOWN_LENGTH = 200
"""The most characters :func:`shown` gives for one value."""

_DEEPEST = 100
"""Data nested deeper than this is described, not shown (its text would be
all brackets)."""


def shown(value: object) -> str:
    """``repr(value)`` for an error message: at most :data:`SHOWN_LENGTH`
    characters (longer text is cut, with ``...``), in bounded time and memory
    whatever the input, and it never raises.

    Lists, tuples, dicts, sets, text and bytes are written as ``repr`` writes
    them, but only as far as the cut, so a huge or aliased structure costs no
    more than a small one.  An integer too long to print (Python refuses ints
    of over 4300 digits) is described by its size, data nested too deep by
    its type.  Other objects are shown by their own ``repr`` only where it is
    known to be short (numbers, enum members, classes, functions, the
    library's own values, objects that keep ``object.__repr__``), any other
    object, whose ``repr`` might be huge or slow, by its type.

    >>> shown(7), shown("7D"), shown(10**5000)
    ('7', "'7D'", 'an integer of 5001 digits')
    >>> shown({"seat": [0, 1.5, None], "cards": ("7D",), "raw": b"7D"})
    "{'seat': [0, 1.5, None], 'cards': ('7D',), 'raw': b'7D'}"
    >>> deep = []
    >>> for _ in range(100_000):
    ...     deep = [deep]
    >>> shown(deep)
    'a list nested too deep to show'
    >>> wide = ["7D"] * 10  # 10**10 cards when printed in full
    >>> for _ in range(9):
    ...     wide = [wide] * 10
    >>> len(shown(wide)), shown(wide)[:20], shown(wide)[-5:]
    (200, "[[[[[[[[[['7D', '7D'", "['...")
    >>> import collections
    >>> shown(collections.deque(["7D"]))
    '<collections.deque object>'
    """
    out = _Out(SHOWN_LENGTH + 1)
    try:
        _show(value, out, 0, set())
    except _Full:
        pass
    except (_TooDeep, RecursionError):
        return f"a {_type_name(value)} nested too deep to show"
    except Exception:  # a subclass whose __len__, __iter__ or __bytes__ fails
        return f"a {_type_name(value)} that cannot be shown"
    text = "".join(out.parts)
    if len(text) <= SHOWN_LENGTH:
        return text
    return text[: SHOWN_LENGTH - 3] + "..."


def shown_names(names: Iterable[object], most: int = 5) -> str:
    """Names for a message, such as unknown keys: sorted, text as it is
    (as :func:`shown` gives it if long or unprintable, and cut) and anything
    else as :func:`shown` gives it, at most ``most`` of them and then how
    many more.

    >>> shown_names(["b", "a", 7])
    '7, a, b'
    >>> shown_names("gfedcba")
    'a, b, c, d, e and 2 more'
    >>> shown_names(["k" * 1_000_000, "line\\nbreak"])
    "'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk..., 'line\\\\nbreak'"
    """
    texts = [
        name
        if type(name) is str and len(name) <= _NAME_LENGTH and name.isprintable()
        else _cut(shown(name), _NAME_LENGTH)
        for name in names
    ]
    first = heapq.nsmallest(most, texts)
    more = len(texts) - len(first)
    return ", ".join(first) + (f" and {more} more" if more else "")


_NAME_LENGTH = 40
"""The most characters :func:`shown_names` gives for one name."""


def _cut(text: str, length: int) -> str:
    return text if len(text) <= length else text[: length - 3] + "..."


class _Full(Exception):
    """A shown value has filled its room: the rest is cut."""


class _TooDeep(Exception):
    """A shown value is nested deeper than ``_DEEPEST``."""


class _Out:
    """The text of a shown value so far, which raises :class:`_Full` once it
    would hold more than ``room`` characters."""

    __slots__ = ("parts", "room")

    def __init__(self, room: int) -> None:
        self.parts: list[str] = []
        self.room = room

    def write(self, text: str) -> None:
        if len(text) >= self.room:
            self.parts.append(text[: self.room])
            raise _Full
        self.parts.append(text)
        self.room -= len(text)


_SHORT_REPRS: tuple[type, ...] = (
    numbers.Number,
    enum.Enum,
    type,
    type(None),
    type(...),
    type(NotImplemented),
    types.FunctionType,
    types.BuiltinFunctionType,
    types.ModuleType,
)
"""The types whose own ``repr`` is short whatever the value: digits, names
(not bound methods, whose ``repr`` holds their object's, nor exceptions,
whose ``repr`` holds their arguments')."""

_ITEM_REPRS = (
    list.__repr__,
    tuple.__repr__,
    dict.__repr__,
    set.__repr__,
    frozenset.__repr__,
)
"""The ``repr`` of the containers :func:`_show_items` writes itself."""


def _show(value: object, out: _Out, depth: int, open_ids: set[int]) -> None:
    """Write ``repr(value)`` to ``out``, as far as it has room.  Each call
    writes something before it looks inside ``value``, so one value takes
    at most ``SHOWN_LENGTH`` calls, however big it is."""
    kind = type(value)
    own_repr = kind.__repr__
    if own_repr is int.__repr__:  # an int, or a subclass printed as one
        number = int.__index__(value)  # type: ignore[arg-type]
        if number.bit_length() > 256:
            out.write(f"an integer of {_digits(number)} digits")
        else:
            out.write(int.__repr__(number))
    elif own_repr is str.__repr__:
        out.write(_quoted(str.__str__(value), out.room))
    elif own_repr is bytes.__repr__:
        out.write("b" + _quoted(bytes(value), out.room))  # type: ignore[call-overload]
    elif kind is bytearray:
        out.write("bytearray(b" + _quoted(bytes(value), out.room) + ")")  # type: ignore[call-overload]
    elif own_repr in _ITEM_REPRS:
        _show_items(value, out, depth + 1, open_ids)  # type: ignore[arg-type]
    elif (
        isinstance(value, _SHORT_REPRS) or own_repr is object.__repr__ or _is_ours(kind)
    ):
        try:
            text = repr(value)
        except Exception:  # a number too long to print, a repr that fails
            text = f"<{_type_name(value, qualified=True)} object>"
        out.write(text)
    else:
        out.write(f"<{_type_name(value, qualified=True)} object>")


def _show_items(
    value: list[object]
    | tuple[object, ...]
    | dict[object, object]
    | set[object]
    | frozenset[object],
    out: _Out,
    depth: int,
    open_ids: set[int],
) -> None:
    """Write a list, tuple, dict, set or frozenset (or a subclass that
    prints as one) as ``repr`` does: ``[...]`` for a list inside itself."""
    if depth > _DEEPEST:
        raise _TooDeep
    items: Iterable[object]
    pairs = False
    if isinstance(value, dict):
        opening, closing, items, pairs = "{", "}", dict.items(value), True
    elif isinstance(value, list):
        opening, closing, items = "[", "]", list.__iter__(value)
    elif isinstance(value, tuple):
        opening, closing = "(", ",)" if tuple.__len__(value) == 1 else ")"
        items = tuple.__iter__(value)
    else:  # a set or frozenset: set() when empty, named unless a set
        name = _type_name(value)
        if not len(value):
            out.write(name + "()")
            return
        opening, closing = ("{", "}") if type(value) is set else (name + "({", "})")
        items = iter(value)
    if id(value) in open_ids:  # only lists and dicts can hold themselves
        out.write(opening[-1] + "..." + closing[-1])
        return
    open_ids.add(id(value))
    out.write(opening)
    for index, item in enumerate(items):
        if index:
            out.write(", ")
        if pairs:
            pair: tuple[object, object] = item  # type: ignore[assignment]
            _show(pair[0], out, depth, open_ids)
            out.write(": ")
            item = pair[1]
        _show(item, out, depth, open_ids)
    out.write(closing)
    open_ids.discard(id(value))


def _quoted(text: str | bytes, room: int) -> str:
    """``repr(text)`` (without the ``b`` of bytes), or, if longer than
    ``room``, a start of it longer than ``room``: the repr of only as much
    text as can be shown, in the quotes of the whole."""
    if len(text) <= room:  # the repr is at most ten times as long
        return repr(text).lstrip("b")
    if isinstance(text, str):
        quote = '"' if "'" in text and '"' not in text else "'"
    else:
        quote = '"' if b"'" in text and b'"' not in text else "'"
    start = repr(text[:room]).lstrip("b")
    if start[0] != quote:  # the start alone would be quoted otherwise
        body = start[1:-1]
        start = quote + (body.replace("'", "\\'") if quote == "'" else body) + quote
    return start[:-1]  # open: the text goes on


def _type_name(value: object, *, qualified: bool = False) -> str:
    """The name of ``value``'s type (with its module if ``qualified``, and
    not a builtin), cut if long."""
    kind = type(value)
    name = kind.__qualname__ if qualified else kind.__name__
    module = getattr(kind, "__module__", None)
    if qualified and isinstance(module, str) and module != "builtins":
        name = f"{module}.{name}"
    return _cut(name, 60)


def _is_ours(kind: type) -> bool:
    """Whether ``kind`` is one of the library's types, whose values all
    have a short repr."""
    module = getattr(kind, "__module__", None)
    return isinstance(module, str) and module.partition(".")[0] == "scopa_rules"


def _digits(number: int) -> str:
    """How many digits ``number`` has, worked out without printing it
    (Python refuses ints of over 4300 digits): exactly up to 2**65536
    (20,000 digits; a millisecond), and about beyond, where the exact count
    costs as much as a power of ten as large."""
    magnitude = abs(number)
    if magnitude.bit_length() > 65_536:
        return f"about {int(math.log10(magnitude)) + 1}"
    # bits * log10(2), rounded down, never overshoots the digit count.
    digits = max(1, int(magnitude.bit_length() * 0.30102999566398120))
    while 10**digits <= magnitude:
        digits += 1
    return str(digits)


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


class ArgumentError(InvalidStateError, TypeError):
    """A function called with a wrong argument: the wrong type, or the wrong
    number of bots for the rules.  :attr:`argument` names it.  It is a
    :class:`TypeError` and a :class:`ValueError` (and, as these mistakes
    were reported before it existed, an :class:`InvalidStateError`).

    >>> import scopa_rules as sr
    >>> sr.play_game(sr.Ruleset.scopa(), [sr.GreedyBot()] * 3, seed=1)
    Traceback (most recent call last):
    ...
    scopa_rules.errors.ArgumentError: bots: play_game takes one bot per side (2) or one per seat (2), not 3 bots
    """

    def __init__(self, argument: str, message: str) -> None:
        super().__init__(message)
        self.argument = argument
        """The name of the argument that was wrong."""


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
