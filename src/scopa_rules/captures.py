"""What a played card may capture: the capture rules of RULES.md section 2.

Everything here depends only on the ruleset, the cards on the table and the
played card's rank, so the results are cached (see :func:`table_entry`).  The capture
*compulsion* (when a card may be trailed instead) is a question about the
whole hand and lives with the legal-move generator in :mod:`scopa_rules.state`.

>>> from scopa_rules import Card, CardSet, Ruleset, capture_options
>>> table = CardSet("2S 5H 3C JD")
>>> [str(c) for c in capture_options(Ruleset.scopa(), table, Card.parse("KC"))]
['JD 2S', '5H 2S 3C']
>>> [str(c) for c in capture_options(Ruleset.scopa(), table, Card.parse("5C"))]
['5H']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .cards import Card, CardSet, Rank, _from_mask
from .errors import InvalidRulesetError, shown
from .rules import CAPTURE_KEY_BITS, CaptureMode, CaptureRule, Ruleset, TableAce

__all__ = ["capture_options"]

_ACES = 1 | 1 << 10 | 1 << 20 | 1 << 30


def _table_items(table_mask: int, values: tuple[int, ...]) -> list[tuple[int, int]]:
    """The table's cards as ``(value, bit)`` pairs, by value."""
    items = []
    rest = table_mask
    while rest:
        low = rest & -rest
        items.append((values[low.bit_length() - 1], low))
        rest ^= low
    items.sort()
    return items


def _subsets(items: list[tuple[int, int]], target: int) -> list[int]:
    """Every set of the items whose values add up to ``target``, as masks in
    ascending order."""
    found: list[int] = []

    def walk(start: int, remaining: int, taken: int) -> None:
        for j in range(start, len(items)):
            value, bit = items[j]
            if value > remaining:
                break  # the items are sorted by value: the rest go further
            if value == remaining:
                found.append(taken | bit)
            else:
                walk(j + 1, remaining - value, taken | bit)

    walk(0, target, 0)
    found.sort()
    return found


def _bits(mask: int) -> tuple[int, ...]:
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low)
        mask ^= low
    return tuple(bits)


def _compute_options(rules: Ruleset, table_mask: int, value: int) -> tuple[int, ...]:
    """The captures of a card of ``value`` on ``table_mask``, searched for
    (the cache below keeps the results)."""
    take_all = False
    if value == 1 and rules.ace_takes_all:  # only aces have the value 1
        if not table_mask & _ACES or rules.table_ace is TableAce.IGNORED:
            return (table_mask,)
        # An ace lies on the table: under "either" the take-all is one more
        # option besides the normal captures; under "blocks" it is none.
        take_all = rules.table_ace is TableAce.EITHER
    options = _normal_options(rules, table_mask, value)
    if take_all and table_mask not in options:
        options = tuple(sorted((*options, table_mask)))
    return options


def _normal_options(rules: Ruleset, table_mask: int, value: int) -> tuple[int, ...]:
    """The captures of a card of ``value`` by the capture mode and rule."""
    mode = rules.capture_mode
    rule = rules.capture_rule
    if mode is CaptureMode.MATCH and rule is CaptureRule.SINGLE_FIRST:
        # The common case needs no search when a single card matches.
        singles = table_mask & rules._value_masks[value]
        if singles:
            return _bits(singles)
    items = _table_items(table_mask, rules._values)
    options: list[int] = []
    if mode is not CaptureMode.FIFTEEN:
        singles = table_mask & rules._value_masks[value]
        if rule is CaptureRule.SINGLE_FIRST and singles:
            options = list(_bits(singles))
        else:
            options = _subsets(items, value)
            if rule is CaptureRule.FEWEST_CARDS and options:
                fewest = min(m.bit_count() for m in options)
                options = [m for m in options if m.bit_count() == fewest]
    if mode is not CaptureMode.MATCH:
        # A set can never both match a card's value and make fifteen with it
        # (that would need a value of 7.5): the union has no duplicates.
        options = sorted(options + _subsets(items, 15 - value))
    return tuple(options)


# Captures depend on the table only through how many cards of each rank it
# holds (values are the same in every suit), so they are worked out once per
# such *pattern* on a canonical table -- the pattern's cards in the lowest
# suits -- and mapped onto each real table with the same pattern.  Random
# playouts meet a few thousand patterns where they meet millions of tables.
#
# A pattern is the table's rank counts packed three bits a rank:
# _SPREAD[x] puts bit r of a 10-bit suit row x at bit 3r, so summing the
# four rows' spreads counts each rank (at most 4: no carry between fields).
_SPREAD = tuple(sum(1 << 3 * r for r in range(10) if x >> r & 1) for x in range(1024))
_RANK_COLUMNS = tuple(sum(1 << (r + 10 * s) for s in range(4)) for r in range(10))
_SET_BITS = tuple(tuple(s for s in range(4) if x >> s & 1) for x in range(16))

# (pattern << CAPTURE_KEY_BITS | capture key) -> per rank of the played card, its captures
# on the pattern (None until asked for).  See _describe for the encoding.
_PATTERNS: dict[int, list[Any]] = {}
# The cache is bounded by the number of captures it holds, not of patterns:
# a house rule with huge tables has patterns with thousands of captures.
_PATTERN_LIMIT = 1 << 20
_stored = 0


def pattern_of(table_mask: int) -> int:
    """The table's rank counts, three bits a rank (the capture cache key)."""
    return (
        _SPREAD[table_mask & 0x3FF]
        + _SPREAD[table_mask >> 10 & 0x3FF]
        + _SPREAD[table_mask >> 20 & 0x3FF]
        + _SPREAD[table_mask >> 30]
    )


def _describe(rules: Ruleset, pattern: int, rank: int) -> int | tuple[Any, ...]:
    """The captures of a card of ``rank`` (0 to 9) on a table with ``pattern``,
    in a form that maps onto any such table (see :func:`realise`):

    * an int when the card has a single capture taking all the table's cards
      of the ranks it touches (the common case): those ranks' columns, so
      that the capture on a real table is ``table & columns``;
    * a tuple of such ints when every capture is of that kind;
    * otherwise a tuple of ``(columns, picks)`` pairs, where ``picks`` names,
      for each rank taken only in part, the rank's column and which of the
      table's cards of that rank (by position, lowest suit first) it takes.
    """
    canonical = 0
    for r in range(10):
        for suit in range(pattern >> 3 * r & 7):
            canonical |= 1 << (r + 10 * suit)
    found = _compute_options(rules, canonical, rules._values[rank])
    described: list[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]]] = []
    for option in found:
        columns = 0
        picks = []
        rest = option
        while rest:  # rank by rank of the ranks the capture touches
            r = ((rest & -rest).bit_length() - 1) % 10
            column = _RANK_COLUMNS[r]
            rest &= ~column
            taken = option & column
            if taken == canonical & column:
                columns |= column
            else:
                # On the canonical table a rank's cards sit in the lowest
                # suits, so the suits taken are the positions taken.
                suits = (
                    (taken >> r & 1)
                    | (taken >> (r + 9) & 2)
                    | (taken >> (r + 18) & 4)
                    | (taken >> (r + 27) & 8)
                )
                picks.append((column, _SET_BITS[suits]))
        described.append((columns, tuple(picks)))
    if any(picks for _, picks in described):
        return tuple(described)
    if len(described) == 1:
        return described[0][0]
    return tuple(columns for columns, _ in described)


def realise(table_mask: int, described: int | tuple[Any, ...]) -> tuple[int, ...]:
    """Map a :func:`_describe` result onto a real table: its captures as
    masks of table cards, ascending."""
    if type(described) is int:
        return (table_mask & described,)
    if not described:
        return ()
    if type(described[0]) is int:  # type: ignore[index]
        return tuple(sorted([table_mask & columns for columns in described]))  # type: ignore[union-attr]
    found = []
    groups: dict[int, list[int]] = {}  # a rank's table cards, lowest suit first
    for columns, picks in described:  # type: ignore[union-attr]
        mask = table_mask & columns
        for column, positions in picks:
            bits = groups.get(column)
            if bits is None:
                bits = groups[column] = []
                group = table_mask & column
                while group:
                    low = group & -group
                    bits.append(low)
                    group ^= low
            for position in positions:
                mask |= bits[position]
        found.append(mask)
    found.sort()
    return tuple(found)


def table_entry(rules: Ruleset, table_mask: int) -> list[Any]:
    """The cache entry for the table's pattern under ``rules``: one slot per
    card index of the played card (the four cards of a rank share their
    captures), ``None`` until asked for (see :func:`describe_into`,
    :func:`realise`, or simply :func:`captures_in`).  Getting the entry once
    serves every card of a hand."""
    global _stored
    key = pattern_of(table_mask) << CAPTURE_KEY_BITS | rules._capture_key
    entry = _PATTERNS.get(key)
    if entry is None:
        if _stored >= _PATTERN_LIMIT:
            _PATTERNS.clear()
            _stored = 0
        entry = _PATTERNS[key] = [None] * 40
        _stored += 1
    return entry


def describe_into(
    rules: Ruleset, table_mask: int, entry: list[Any], index: int
) -> int | tuple[Any, ...]:
    """Fill the entry's slots for the rank of the card with ``index`` (0 to
    39) and return their value."""
    global _stored
    rank = index % 10
    described = _describe(rules, pattern_of(table_mask), rank) if table_mask else ()
    entry[rank] = entry[rank + 10] = entry[rank + 20] = entry[rank + 30] = described
    _stored += 1 if type(described) is int else len(described)  # type: ignore[arg-type]
    return described


def captures_in(
    rules: Ruleset, table_mask: int, entry: list[Any], index: int
) -> tuple[int, ...]:
    """The legal captures of the card with ``index`` (0 to 39) on
    ``table_mask``, as masks of table cards in ascending order; ``entry`` is
    the table's :func:`table_entry`."""
    described = entry[index]
    if described is None:
        described = describe_into(rules, table_mask, entry, index)
    return realise(table_mask, described)


def ace_takes_table(rules: Ruleset, table_mask: int, card: Card) -> bool:
    """Whether taking the whole table is the only capture of ``card`` under
    ace-takes-all (no ace on the table, or ``table_ace`` ``ignored``)."""
    return (
        rules.ace_takes_all
        and card.rank is Rank.ACE
        and table_mask != 0
        and (not table_mask & _ACES or rules.table_ace is TableAce.IGNORED)
    )


def is_take_all(rules: Ruleset, table_mask: int, card: Card, captured: int) -> bool:
    """Whether playing ``card`` and capturing ``captured`` from ``table_mask``
    is an ace's take-all (not a blocked ace's normal capture): the capture
    takes the whole table, and no table ace blocks it (under ``either`` a
    capture of the whole table is the take-all, also when the table holds
    only aces)."""
    return (
        rules.ace_takes_all
        and card.rank is Rank.ACE
        and captured == table_mask != 0
        and (not table_mask & _ACES or rules.table_ace is not TableAce.BLOCKS)
    )


# -- checking one move ---------------------------------------------------------------
#
# Replaying a record checks moves one at a time.  Listing every capture of a
# card costs as much as there are captures, thousands on a crowded house-rules
# table; checking one capture, or whether any exists, costs one pass over the
# table (subset sums of values up to 15 fit in a 16-bit mask).

_SUMS_TO_15 = (1 << 16) - 1


def _subset_sums(values: tuple[int, ...], table_mask: int) -> int:
    """Bit ``s`` is set when some cards of the table (none for 0) add up
    to ``s``, for ``s`` up to 15."""
    sums = 1
    rest = table_mask
    while rest:
        low = rest & -rest
        rest ^= low
        sums = (sums | sums << values[low.bit_length() - 1]) & _SUMS_TO_15
    return sums


def _fewest_cards(values: tuple[int, ...], table_mask: int, target: int) -> int:
    """The fewest table cards that add up to ``target`` (41 if none do)."""
    fewest = [0] + [41] * target
    rest = table_mask
    while rest:
        low = rest & -rest
        rest ^= low
        value = values[low.bit_length() - 1]
        for total in range(target, value - 1, -1):
            fewest[total] = min(fewest[total], fewest[total - value] + 1)
    return fewest[target]


def can_capture(rules: Ruleset, table_mask: int, index: int) -> bool:
    """Whether the card with ``index`` has any capture on the table (the
    same as ``bool(captures_in(...))``, without listing the captures)."""
    if not table_mask:
        return False
    if (
        index % 10 == 0
        and rules.ace_takes_all
        and not (rules.ace_blocked_by_table_ace and table_mask & _ACES)
    ):
        return True
    value = rules._values[index]
    sums = _subset_sums(rules._values, table_mask)
    mode = rules.capture_mode
    if mode is not CaptureMode.FIFTEEN and sums >> value & 1:
        return True
    return mode is not CaptureMode.MATCH and bool(sums >> (15 - value) & 1)


def is_legal_capture(rules: Ruleset, table_mask: int, card: Card, taken: int) -> bool:
    """Whether playing ``card`` may take the table cards ``taken`` (a
    non-empty mask): the same as ``taken in captures_in(...)``, in one pass
    over the table."""
    if taken & ~table_mask:
        return False
    if ace_takes_table(rules, table_mask, card):
        return taken == table_mask
    if is_take_all(rules, table_mask, card, taken):
        return True  # table_ace "either": the take-all beside the normal captures
    values = rules._values
    value = values[card.index]
    total = 0
    rest = taken
    while rest:
        low = rest & -rest
        rest ^= low
        total += values[low.bit_length() - 1]
    mode = rules.capture_mode
    if mode is not CaptureMode.MATCH and total + value == 15:
        return True  # captures by fifteen have no precedence among themselves
    if mode is CaptureMode.FIFTEEN or total != value:
        return False
    rule = rules.capture_rule
    count = taken.bit_count()
    if rule is CaptureRule.SINGLE_FIRST:
        return count == 1 or not table_mask & rules._value_masks[value]
    if rule is CaptureRule.FEWEST_CARDS:
        return count == _fewest_cards(values, table_mask, value)
    return True


def capture_masks(rules: Ruleset, table_mask: int, card: Card) -> tuple[int, ...]:
    """The legal captures of ``card`` as masks of table cards (the hot path
    behind :func:`capture_options`)."""
    entry = table_entry(rules, table_mask)
    return captures_in(rules, table_mask, entry, card.index)


def capture_options(
    rules: Ruleset,
    table: CardSet | str | Iterable[Card | str],
    card: Card | str,
) -> tuple[CardSet, ...]:
    """Every set of table cards that ``card`` may legally capture, ordered by
    mask, ignoring whether the card could also be trailed.  The table and
    the card may also be given as card text.

    The capture rule (``single_first``, ``fewest_cards``, ``free``) governs value
    captures; captures by fifteen have no precedence among themselves.

    >>> rules = Ruleset.scopa(capture_rule="fewest_cards")
    >>> [str(c) for c in capture_options(rules, CardSet("AD 3D 4D 5D JD"),
    ...                                  Card.parse("QS"))]
    ['4D 5D', 'AD JD']
    >>> [str(c) for c in capture_options(Ruleset.escoba(), "AD 7H", "7S")]
    ['AD 7H']
    """
    if not isinstance(rules, Ruleset):
        raise InvalidRulesetError(f"rules must be a Ruleset, not {shown(rules)}")
    table_set = table if isinstance(table, CardSet) else CardSet(table)
    played = card if isinstance(card, Card) else Card.parse(card)
    return tuple(_from_mask(m) for m in capture_masks(rules, table_set.mask, played))
