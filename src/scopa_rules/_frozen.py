"""The base of the library's frozen value classes.

attrs makes a frozen class refuse ``value.x = ...``, but its ``__init__``
writes the fields directly, so calling ``__init__`` again on a made value
would rewrite it under everyone who shares it (a cached move, a ruleset).
The base refuses that.

>>> import scopa_rules as sr
>>> move = sr.Move.parse("7D")
>>> move.__init__(sr.Card.parse("KC"))
Traceback (most recent call last):
...
AttributeError: Move is immutable: it cannot be made again
>>> move
Move.parse('7D')
"""

from __future__ import annotations

from typing import Any


class Frozen:
    """Refuses a second ``__init__`` on an attrs class (attrs calls
    ``__attrs_pre_init__`` first thing in ``__init__``)."""

    __slots__ = ()

    def __attrs_pre_init__(self) -> None:
        fields: tuple[Any, ...] = type(self).__attrs_attrs__  # type: ignore[attr-defined]
        if fields and hasattr(self, fields[0].name):
            raise AttributeError(
                f"{type(self).__name__} is immutable: it cannot be made again"
            )
