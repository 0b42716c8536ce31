"""The finished hands of a game, as a persistent list that grows in O(1).

A state keeps every finished hand of its game, and the state that ends a
hand must add one.  Copying a tuple of the hands so far would make each hand
end cost more than the last (117 µs after 1,000 hands); instead the hands are
a linked list of immutable nodes, newest first, shared by every state of the
game.  Equality, hashing and pickling walk the list in loops, not by
recursion, so a game of any length compares, hashes and pickles without
reaching Python's recursion limit.

>>> from scopa_rules._handlog import EMPTY
>>> log = EMPTY.add("a").add("b")
>>> len(log), tuple(log), log.last
(2, ('a', 'b'), 'b')
>>> log == EMPTY.add("a").add("b"), hash(log) == hash(EMPTY.add("a").add("b"))
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

__all__: list[str] = []


class HandLog:
    """An immutable list of finished hands; :meth:`add` returns a longer one
    and leaves this one as it was."""

    __slots__ = ("_count", "_hash", "_item", "_previous")

    _previous: HandLog | None
    _item: Any
    _count: int
    _hash: int | None

    def __init__(self, previous: HandLog | None, item: Any) -> None:
        # Only this module builds logs (EMPTY, add, log_of); the slots
        # are written once, here.
        object.__setattr__(self, "_previous", previous)
        object.__setattr__(self, "_item", item)
        object.__setattr__(self, "_count", 0 if previous is None else len(previous) + 1)
        object.__setattr__(self, "_hash", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a hand log is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a hand log is immutable")

    def add(self, item: Any) -> HandLog:
        """This log with ``item`` after its last hand."""
        # The slots written directly: this runs at the end of every hand.
        log = _new(HandLog)
        _set_previous(log, self)
        _set_item(log, item)
        _set_count(log, self._count + 1)
        _set_hash(log, None)
        return log

    def __len__(self) -> int:
        return self._count

    @property
    def last(self) -> Any:
        """The newest item (``None`` for the empty log)."""
        return self._item

    def _nodes(self) -> list[HandLog]:
        """The non-empty nodes, newest first."""
        nodes = []
        node: HandLog | None = self
        while node is not None and node._count:
            nodes.append(node)
            node = node._previous
        return nodes

    def __iter__(self) -> Iterator[Any]:
        nodes = self._nodes()
        nodes.reverse()
        return iter([node._item for node in nodes])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandLog):
            return NotImplemented
        mine: HandLog | None = self
        theirs: HandLog | None = other
        if self._count != other._count:
            return False
        # Logs of one game share their older nodes: stop at the first one
        # both hold.
        while mine is not theirs:
            if mine is None or theirs is None or mine._item != theirs._item:
                return False
            mine, theirs = mine._previous, theirs._previous
        return True

    def __hash__(self) -> int:
        value = self._hash
        if value is None:
            # Oldest first, each node's hash from the one before, so that a
            # later node reuses what an earlier hash call cached.
            pending = []
            node: HandLog | None = self
            while node is not None and node._hash is None:
                pending.append(node)
                node = node._previous
            value = 0 if node is None else node._hash
            for node in reversed(pending):
                value = hash((value, node._item)) if node._count else hash(())
                object.__setattr__(node, "_hash", value)
        return value  # type: ignore[return-value]

    def __reduce__(self) -> tuple[Any, tuple[tuple[Any, ...]]]:
        # Pickled flat: a nested chain would pickle by recursion.
        return (log_of, (tuple(self),))

    def __repr__(self) -> str:
        return f"HandLog({list(self)!r})"


_new = object.__new__
_set_previous = HandLog.__dict__["_previous"].__set__
_set_item = HandLog.__dict__["_item"].__set__
_set_count = HandLog.__dict__["_count"].__set__
_set_hash = HandLog.__dict__["_hash"].__set__


def log_of(items: Iterable[Any]) -> HandLog:
    """A log of ``items``, oldest first."""
    log = EMPTY
    for item in items:
        log = log.add(item)
    return log


EMPTY = HandLog(None, None)
"""The log of a game with no finished hand."""
