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

from functools import lru_cache

from .cards import Card, CardSet, Rank, _from_mask
from .rules import CaptureMode, CaptureRule, Ruleset

__all__ = ["capture_options"]

_ACES = 1 | 1 << 10 | 1 << 20 | 1 << 30


@lru_cache(maxsize=1 << 16)
def _subsets(table_mask: int, values: tuple[int, ...], target: int) -> tuple[int, ...]:
    """Every non-empty set of table cards whose values add up to ``target``,
    as masks in ascending order."""
    items = []
    mask = table_mask
    while mask:
        low = mask & -mask
        items.append((low, values[low.bit_length() - 1]))
        mask ^= low
    found: list[int] = []

    def walk(start: int, remaining: int, taken: int) -> None:
        for j in range(start, len(items)):
            bit, value = items[j]
            if value == remaining:
                found.append(taken | bit)
            elif value < remaining:
                walk(j + 1, remaining - value, taken | bit)

    if target > 0:
        walk(0, target, 0)
    found.sort()
    return tuple(found)


@lru_cache(maxsize=1 << 16)
def _value_captures(
    table_mask: int, values: tuple[int, ...], value: int, rule: CaptureRule
) -> tuple[int, ...]:
    options = _subsets(table_mask, values, value)
    if rule is CaptureRule.FREE or not options:
        return options
    if rule is CaptureRule.SINGLE_FIRST:
        singles = tuple(m for m in options if m & (m - 1) == 0)
        return singles or options
    fewest = min(m.bit_count() for m in options)
    return tuple(m for m in options if m.bit_count() == fewest)


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
    if not table_mask:
        return ()
    if ace_takes_table(rules, table_mask, card):
        return (table_mask,)
    values = rules._values
    value = values[card.index]
    mode = rules.capture_mode
    if mode is CaptureMode.MATCH:
        return _value_captures(table_mask, values, value, rules.capture_rule)
    fifteens = _subsets(table_mask, values, 15 - value)
    if mode is CaptureMode.FIFTEEN:
        return fifteens
    # A set can never both match the card's value and make fifteen with it
    # (that would need a value of 7.5), so the union has no duplicates.
    matches = _value_captures(table_mask, values, value, rules.capture_rule)
    return tuple(sorted(matches + fifteens))


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
