"""What a played card may capture: the capture rules of RULES.md section 2.

Everything here depends only on the ruleset, the cards on the table and the
played card, so the results are cached by table mask.  The capture
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

from typing import Any

from .cards import Card, CardSet, Rank, _from_mask
from .rules import CaptureMode, CaptureRule, Ruleset

__all__ = ["capture_options"]

_ACES = 1 | 1 << 10 | 1 << 20 | 1 << 30


_OPTIONS: dict[int, list[Any]] = {}
_OPTIONS_LIMIT = 1 << 17


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


def _compute_options(
    rules: Ruleset, table_mask: int, entry: list[Any], value: int
) -> tuple[int, ...]:
    if (
        value == 1  # only aces have the value 1
        and rules.ace_takes_all
        and not (rules.ace_blocked_by_table_ace and table_mask & _ACES)
    ):
        return (table_mask,)
    mode = rules.capture_mode
    rule = rules.capture_rule
    if mode is CaptureMode.MATCH and rule is CaptureRule.SINGLE_FIRST:
        # The common case needs no search when a single card matches.
        singles = table_mask & rules._value_masks[value]
        if singles:
            return _bits(singles)
    items = entry[0]
    if items is None:
        items = entry[0] = _table_items(table_mask, rules._values)
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


def table_options(rules: Ruleset, table_mask: int) -> list[Any]:
    """The capture options on ``table_mask``, filled in lazily: index 0 holds
    the table's cards by value once a search needs them, index ``v`` (1 to
    10) the captures of a card
    of value ``v`` once asked for (``None`` before).  Read it through
    :func:`options_for`.

    Captures depend only on the table and the card's value, so they are kept
    per table and capture configuration: a search meets the same tables again
    and again.
    """
    key = table_mask << 7 | rules._capture_key
    entry = _OPTIONS.get(key)
    if entry is None:
        if len(_OPTIONS) >= _OPTIONS_LIMIT:
            _OPTIONS.clear()
        entry = _OPTIONS[key] = [None] * 11
    return entry


def options_for(
    rules: Ruleset, table_mask: int, entry: list[Any], value: int
) -> tuple[int, ...]:
    """The legal captures of a card of ``value`` from a :func:`table_options`
    entry, as masks of table cards in ascending order."""
    found: tuple[int, ...] | None = entry[value]
    if found is None:
        found = entry[value] = (
            _compute_options(rules, table_mask, entry, value) if table_mask else ()
        )
    return found


def ace_takes_table(rules: Ruleset, table_mask: int, card: Card) -> bool:
    """Whether playing ``card`` takes the whole table under ace-takes-all."""
    return (
        rules.ace_takes_all
        and card.rank is Rank.ACE
        and table_mask != 0
        and not (rules.ace_blocked_by_table_ace and table_mask & _ACES)
    )


def capture_masks(rules: Ruleset, table_mask: int, card: Card) -> tuple[int, ...]:
    """The legal captures of ``card`` as masks of table cards (the hot path
    behind :func:`capture_options`)."""
    entry = table_options(rules, table_mask)
    return options_for(rules, table_mask, entry, rules._values[card.index])


def capture_options(rules: Ruleset, table: CardSet, card: Card) -> tuple[CardSet, ...]:
    """Every set of table cards that ``card`` may legally capture, ordered by
    mask, ignoring whether the card could also be trailed.

    The capture rule (``single_first``, ``fewest_cards``, ``free``) governs value
    captures; captures by fifteen have no precedence among themselves.

    >>> rules = Ruleset.scopa(capture_rule="fewest_cards")
    >>> [str(c) for c in capture_options(rules, CardSet("AD 3D 4D 5D JD"),
    ...                                  Card.parse("QS"))]
    ['4D 5D', 'AD JD']
    >>> [str(c) for c in capture_options(Ruleset.escoba(), CardSet("AD 7H"),
    ...                                  Card.parse("7S"))]
    ['AD 7H']
    """
    return tuple(_from_mask(m) for m in capture_masks(rules, table.mask, card))
