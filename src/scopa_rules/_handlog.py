"""The finished hands of a game, as a persistent list that grows in O(1).

A state keeps every finished hand of its game, and the state that ends a
hand must add one.  Copying a tuple of the hands so far would make each hand
end cost more than the last (117 µs after 1,000 hands); instead the hands are
a linked list of immutable nodes, newest first, shared by every state of the
game.  Equality, hashing and pickling walk the list in loops, not by
recursion, so a game of any length compares, hashes and pickles without
reaching Python's recursion limit.

A pickled state carries its finished hands as one bytes object (see
:meth:`HandLog.joined`), and the unpickled log is a single node known by
those bytes (:func:`packed`): it unpacks its items only when one is read,
so a pickle round trip costs about the same after many hands as after one.

>>> from scopa_rules._handlog import EMPTY
>>> log = EMPTY.add("a").add("b")
>>> len(log), tuple(log), log.last
(2, ('a', 'b'), 'b')
>>> log == EMPTY.add("a").add("b"), hash(log) == hash(EMPTY.add("a").add("b"))
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

__all__: list[str] = []

_MISSING = object()


class HandLog:
    """An immutable list of finished hands; :meth:`add` returns a longer one
    and leaves this one as it was."""

    __slots__ = ("_count", "_hash", "_item", "_previous", "_read", "_unpack")

    _previous: HandLog | None
    _item: Any
    _count: int
    _hash: int | None
    # Values folded over the whole log (see fold), by key, kept so that
    # asking again, as a search does every ply, costs nothing.  Each is
    # computed from immutable items and stored in one step: threads that
    # race store equal values.
    _read: dict[Any, Any] | None
    # A log made by packed(): until its items are first read, the node
    # stands for all of them and this gives them, oldest first; None once
    # they are unpacked, and for every other node.
    _unpack: Callable[[], list[Any]] | None

    def __init__(self, previous: HandLog | None, item: Any) -> None:
        # Only this module builds logs (EMPTY, add, log_of); the slots
        # are written once, here.
        object.__setattr__(self, "_previous", previous)
        object.__setattr__(self, "_item", item)
        object.__setattr__(self, "_count", 0 if previous is None else len(previous) + 1)
        object.__setattr__(self, "_hash", None)
        object.__setattr__(self, "_read", None)
        object.__setattr__(self, "_unpack", None)

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
        _set_read(log, None)
        _set_unpack(log, None)
        return log

    def _load(self) -> None:
        """Unpack a packed log's items (see :func:`packed`) into the nodes
        of an ordinary log; this node becomes its newest one."""
        unpack = self._unpack
        if unpack is not None:
            items = unpack()
            # Two threads may unpack at once: each stores equal values, and
            # the marker goes last, so a reader that sees it cleared sees
            # the rest.
            _set_previous(self, log_of(items[:-1]))
            _set_item(self, items[-1])
            _set_unpack(self, None)

    def _since_kept(self, key: Any) -> tuple[Any, list[HandLog], HandLog | None]:
        """The newest value kept under ``key`` (``_MISSING`` if none), the
        nodes newer than the one keeping it, newest first, and that node."""
        nodes: list[HandLog] = []
        node: HandLog | None = self
        while node is not None and node._count:
            cache = node._read
            if cache is not None:
                value = cache.get(key, _MISSING)
                if value is not _MISSING:
                    return value, nodes, node
            node._load()
            nodes.append(node)
            node = node._previous
        return _MISSING, nodes, None

    def _keep(self, key: Any, value: Any, source: HandLog | None) -> None:
        cache = self._read
        if cache is None:
            cache = {}
            _set_read(self, cache)
        cache[key] = value
        if source is not None and source._read is not None:
            source._read.pop(key, None)  # its successor holds more

    def fold(self, key: Any, empty: Any, step: Callable[[Any, Any], Any]) -> Any:
        """``step`` folded over the items, oldest first, from ``empty``: the
        value is kept under ``key`` and the next node's fold starts from it,
        so reading it at every hand of a game costs one step a hand.  Only
        the newest node that was asked keeps it, so a long game does not
        keep one value per hand (``step`` must be a pure function)."""
        value, nodes, source = self._since_kept(key)
        if not nodes:
            return empty if value is _MISSING else value
        if value is _MISSING:
            value = empty
        for newer in reversed(nodes):
            value = step(value, newer._item)
        self._keep(key, value, source)
        return value

    def joined(self, key: Any, encode: Callable[[Any], bytes]) -> bytes:
        """The items, each encoded by ``encode``, as one bytes object, oldest
        first; kept under ``key`` as :meth:`fold` keeps its values, so that
        asking again after one more hand encodes that hand alone (and joins
        once, however many hands are new)."""
        value, nodes, source = self._since_kept(key)
        if not nodes:
            return b"" if value is _MISSING else value
        nodes.reverse()
        parts = [encode(node._item) for node in nodes]
        if value is not _MISSING:
            parts.insert(0, value)
        joined = b"".join(parts)
        self._keep(key, joined, source)
        return joined

    def __len__(self) -> int:
        return self._count

    @property
    def last(self) -> Any:
        """The newest item (``None`` for the empty log)."""
        return self._value()

    def _value(self) -> Any:
        """This node's item, unpacked first if the log is packed."""
        self._load()
        return self._item

    def _nodes(self) -> list[HandLog]:
        """The non-empty nodes, newest first."""
        nodes = []
        node: HandLog | None = self
        while node is not None and node._count:
            node._load()
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
            if mine is None or theirs is None or mine._value() != theirs._value():
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
                node._load()
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
_set_read = HandLog.__dict__["_read"].__set__
_set_unpack = HandLog.__dict__["_unpack"].__set__


def log_of(items: Iterable[Any]) -> HandLog:
    """A log of ``items``, oldest first."""
    log = EMPTY
    for item in items:
        log = log.add(item)
    return log


EMPTY = HandLog(None, None)
"""The log of a game with no finished hand."""


def packed(
    count: int, key: Any, data: bytes, unpack: Callable[[], list[Any]]
) -> HandLog:
    """A log of ``count`` items known by ``data``, their :meth:`HandLog.joined`
    value under ``key``, until an item is read: then ``unpack()`` gives the
    items, oldest first.  Its length and its ``joined`` value cost nothing
    before that, and it adds hands as any log does.

    >>> log = packed(2, "text", b"ab", lambda: ["a", "b"])
    >>> len(log), log.joined("text", str.encode), log.last, log == EMPTY.add("a").add("b")
    (2, b'ab', 'b', True)
    """
    return known(count, {key: data}, unpack)


def known(
    count: int, folds: dict[Any, Any], unpack: Callable[[], list[Any]]
) -> HandLog:
    """A log of ``count`` items whose :meth:`HandLog.fold` values are known,
    by key (``folds``), until an item is read: then ``unpack()`` gives the
    items, oldest first.  A determinized sample's finished hands are such a
    log, made at every sample: reading its results, or viewing it from its
    seat, costs nothing however many hands the game has had.

    >>> log = known(2, {"joined": "ab"}, lambda: ["a", "b"])
    >>> len(log), log.fold("joined", "", str.__add__), log.last
    (2, 'ab', 'b')
    """
    if not count:
        return EMPTY
    log = _new(HandLog)
    _set_previous(log, None)
    _set_item(log, None)
    _set_count(log, count)
    _set_hash(log, None)
    _set_read(log, dict(folds))
    _set_unpack(log, unpack)
    return log
