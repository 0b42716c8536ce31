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

from .cards import Card, CardSet, Rank, set_of
from .errors import InvalidRulesetError, shown
from .rules import (
    CaptureCompulsion,
    CaptureMode,
    CaptureRule,
    Ruleset,
    TableAce,
)

__all__ = ["capture_options"]

_ACES = 1 | 1 << 10 | 1 << 20 | 1 << 30


# -- what the capture rules read of a ruleset ------------------------------------
#
# The options that decide captures and legal plays, as codes named here (the
# compiled loops compare C ints; no code depends on an enum's order).
MATCH = 0
FIFTEEN = 1
MATCH_OR_FIFTEEN = 2
SINGLE_FIRST = 0
FEWEST_CARDS = 1
FREE = 2
NO_TAKE_ALL = 0
TAKE_ALL_BLOCKED = 1  # table_ace "blocks": an ace on the table blocks it
TAKE_ALL_ALWAYS = 2  # "ignored": the take-all whatever the table holds
TAKE_ALL_OR_CAPTURE = 3  # "either": the take-all besides the normal captures
NO_COMPULSION = 0
PLAYED_CARD = 1
WHOLE_HAND = 2
_MODES = {
    CaptureMode.MATCH: MATCH,
    CaptureMode.FIFTEEN: FIFTEEN,
    CaptureMode.MATCH_OR_FIFTEEN: MATCH_OR_FIFTEEN,
}
_RULES = {
    CaptureRule.SINGLE_FIRST: SINGLE_FIRST,
    CaptureRule.FEWEST_CARDS: FEWEST_CARDS,
    CaptureRule.FREE: FREE,
}
_TAKE_ALLS = {
    TableAce.BLOCKS: TAKE_ALL_BLOCKED,
    TableAce.IGNORED: TAKE_ALL_ALWAYS,
    TableAce.EITHER: TAKE_ALL_OR_CAPTURE,
}
_COMPULSIONS = {
    CaptureCompulsion.NONE: NO_COMPULSION,
    CaptureCompulsion.PLAYED_CARD: PLAYED_CARD,
    CaptureCompulsion.WHOLE_HAND: WHOLE_HAND,
}


class PlaySettings:
    """What the capture rules and the legal-play loop read of a ruleset, by
    name, made once for each reading of the options that decide them
    (:func:`play_settings`): rulesets that agree on those share one object,
    and with it the caches of their captures.

    >>> import scopa_rules as sr
    >>> settings = play_settings(sr.Ruleset.escoba())
    >>> settings.mode == FIFTEEN, settings.fifteen_alone, settings.values[9]
    (True, True, 10)
    >>> play_settings(sr.Ruleset.escoba(target_score=31)) is settings
    True
    """

    __slots__ = (
        "by_total",
        "clamps",
        "compulsion",
        "fifteen_alone",
        "half_ways",
        "mode",
        "optional_ace",
        "patterns",
        "rule",
        "take_all",
        "value_masks",
        "values",
        "worth_at_most",
    )

    def __init__(self, rules: Ruleset) -> None:
        values = tuple([rules.capture_value(index % 10 + 1) for index in range(40)])
        self.values = bytes(values)
        """The capture value of each card, by card index."""
        self.value_masks = tuple(
            [sum(1 << i for i in range(40) if values[i] == v) for v in range(11)]
        )
        """The cards of each value, as masks."""
        self.mode = _MODES[rules.capture_mode]
        self.rule = _RULES[rules.capture_rule]
        self.take_all = (
            _TAKE_ALLS[rules.table_ace] if rules.ace_takes_all else NO_TAKE_ALL
        )
        self.compulsion = _COMPULSIONS[rules.capture_compulsion]
        self.optional_ace = rules.ace_may_trail and rules.ace_takes_all
        """Whether an ace's take-all may be declined (``ace_may_trail``)."""
        self.fifteen_alone = self.mode == FIFTEEN and self.take_all == NO_TAKE_ALL
        """Captures by fifteen only, and no ace's take-all: a card's captures
        are kept by the part of the table that can take part (by_total)."""
        # Capturing by fifteen alone, a card of value v takes cards adding
        # up to 15 - v: ranks worth more never take part, so tables that
        # differ only in how many cards of those ranks they hold give the
        # card the same captures.  worth_at_most[total]: the pattern fields
        # of the ranks worth at most ``total``.
        self.worth_at_most = tuple(
            [
                sum(7 << 3 * r for r in range(10) if values[r] <= total)
                for total in range(16)
            ]
        )
        # Nor does how many cards a rank has past one more than the card can
        # take of it: a card that makes 9 with fives takes one five whether
        # the table has two fives or four (taking all of them, the whole
        # rank, is a different capture from taking some, so one more is
        # kept).  clamps[total] = (to two, to three): the lowest bit of the
        # fields of the ranks whose counts are capped at two (the card can
        # take one: worth more than half the total) and at three (it can
        # take two); describe_into caps them on the packed pattern with a
        # few shifts (capped at two, a 3 loses 1 and a 4 loses 2; capped at
        # three, a 4 loses 1).
        self.clamps = tuple(
            [
                tuple(
                    [
                        sum(
                            1 << 3 * r for r in range(10) if total // values[r] == takes
                        )
                        for takes in (1, 2)
                    ]
                )
                for total in range(16)
            ]
        )
        self.patterns: dict[int, list[Any]] = {}
        """pattern -> per rank of the played card, what its captures look
        like on the pattern (None until asked for): see _describe.  One slot
        a rank, not a card: the four cards of a rank share their captures,
        and small entries keep the cache's memory, which every ply reads,
        small (Escoba meets tens of thousands of patterns)."""
        self.by_total: dict[int, Any] = {}
        """(capped pattern << 4 | total) -> as _describe, for fifteen_alone."""
        self.half_ways: dict[int, dict[int, tuple[_WAY, ...]]] = {}
        """(half's counts << 1 | high half) -> {total: its ways}."""


# Each reading once, by the options it reads (a few hundred at most).
_SETTINGS: dict[tuple[Any, ...], PlaySettings] = {}
# The ruleset asked for last and its settings, one pair (so that threads
# never see one's ruleset with another's settings).
_last: tuple[Ruleset | None, PlaySettings | None] = (None, None)


def play_settings(rules: Ruleset) -> PlaySettings:
    """The :class:`PlaySettings` of ``rules``."""
    global _last
    last = _last
    if last[0] is rules:  # most callers play under one ruleset
        return last[1]  # type: ignore[return-value]
    key = (
        rules.capture_values,
        rules.capture_rule,
        rules.capture_mode,
        rules.ace_takes_all,
        rules.table_ace,
        rules.capture_compulsion,
        rules.ace_may_trail,
    )
    settings = _SETTINGS.get(key)
    if settings is None:
        settings = _SETTINGS[key] = PlaySettings(rules)
    _last = (rules, settings)
    return settings


_RANK_COLUMNS = tuple(sum(1 << (r + 10 * s) for s in range(4)) for r in range(10))


# Captures depend on the table only through how many cards of each rank it
# holds (values are the same in every suit), so what they look like is kept
# per such *pattern* and mapped onto each real table with the same pattern.
# Random playouts meet a few thousand patterns where they meet millions of
# tables.
#
# A pattern is the table's rank counts packed three bits a rank:
# _SPREAD[x] puts bit r of a 10-bit suit row x at bit 3r, so summing the
# four rows' spreads counts each rank (at most 4: no carry between fields).
_SPREAD = tuple(sum(1 << 3 * r for r in range(10) if x >> r & 1) for x in range(1024))


class Choices(tuple[tuple[int, int, dict[int, tuple[int, ...]]], ...]):
    """The pattern-cache value of a card with a capture that takes only some
    of the table's cards of a rank (which ones, the real table's suits say):
    its captures in groups ``(columns, column, ways)``, as a :class:`Pick`
    holds its one group: each group's captures take every table card of the
    ranks in ``columns`` with one of the sets ``ways[table & column]`` of
    the table's cards of the ranks taken in part (none: ``column`` 0, one
    way taking nothing; see :func:`realise`)."""

    __slots__ = ()


class Pick(tuple[int, int, dict[int, tuple[int, ...]]]):
    """The pattern-cache value of a card whose one capture takes some of the
    table's cards of one rank (any two of three fives, say), with every
    table card of the ranks in ``columns``: ``(columns, column, ways)``,
    where ``ways`` maps the table's cards of the rank (``table & column``)
    to the sets of them taken, ascending.  The commonest capture of part of
    a rank, mapped onto a table by one lookup (see :func:`realise`)."""

    __slots__ = ()


_COLUMN = _RANK_COLUMNS[0]
# The 16 sets of a rank's cards, as suit bits moved to rank 0.
_COLUMN_SETS = tuple(
    sum(1 << 10 * suit for suit in range(4) if x >> suit & 1) for x in range(16)
)
# _CHOOSE[count][cards]: the ways to take ``count`` of the cards of a rank
# (a set of _COLUMN_SETS), ascending.
_CHOOSE = tuple(
    {
        cards: tuple(
            sub
            for sub in _COLUMN_SETS
            if sub & cards == sub and sub.bit_count() == count
        )
        for cards in _COLUMN_SETS
    }
    for count in range(5)
)

# (rank, count) -> the ways to take ``count`` of the cards of a rank, by the
# table's cards of that rank, in place: a Pick's ``ways`` (see _ways_at).
_WAYS_AT: dict[tuple[int, int], dict[int, tuple[int, ...]]] = {}


def _ways_at(rank: int, count: int) -> dict[int, tuple[int, ...]]:
    """The ways to take ``count`` of the cards of ``rank``, by the table's
    cards of that rank, each way a mask of them, ascending."""
    ways = _WAYS_AT.get((rank, count))
    if ways is None:
        ways = _WAYS_AT[rank, count] = {
            cards << rank: tuple([way << rank for way in chosen])
            for cards, chosen in _CHOOSE[count].items()
        }
    return ways


# The settings' pattern caches (PlaySettings.patterns) are bounded together
# by the number of values they hold, not of patterns.
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


# -- the ways to take cards adding up to a total ------------------------------------
#
# A capture by sum is a choice of how many cards to take of each rank on the
# table, so it is searched for over the pattern, not over the cards: three
# fives on the table make three sets of two fives but one way to take two
# of them.  The pattern splits into its low ranks (A to 5, worth 1 to 5
# under every capture value table) and its high ranks (6 to K, worth 6 to
# 10); the ways to take cards from each half are kept by the half's counts
# and their total, and a way to make a total is a high way and a low way
# adding up to it.  A half has at most 5 ** 5 patterns, so this cache is
# small and needs no bound; its answers serve every total of every card.
_WAY = tuple[int, tuple[tuple[int, int], ...], int]
_HALF_FIELDS = 15  # five ranks, three bits a rank
_LOW_HALF = (1 << _HALF_FIELDS) - 1


def _half_ways(settings: PlaySettings, key: int) -> dict[int, tuple[_WAY, ...]]:
    """The ways to take cards of one half of a pattern, by their totals up
    to 15 (taking none too, with total 0), each as ``(columns, picks,
    cards)``: the ranks taken whole, the ``(rank, how many)`` taken in part
    (ascending), and how many cards in all.  Worked out and kept under
    ``key`` (see :attr:`PlaySettings.half_ways`)."""
    values = settings.values
    first = 5 if key & 1 else 0
    ways: list[tuple[int, int, tuple[tuple[int, int], ...], int]] = [(0, 0, (), 0)]
    counts = key >> 1
    for rank in range(first, first + 5):
        count = counts & 7
        counts >>= 3
        value = values[rank]
        column = _RANK_COLUMNS[rank]
        ways += [
            (
                total + taken * value,
                columns | column if taken == count else columns,
                picks if taken == count else (*picks, (rank, taken)),
                cards + taken,
            )
            for total, columns, picks, cards in ways
            for taken in range(1, count + 1)
            if total + taken * value <= 15
        ]
    by_total: dict[int, list[_WAY]] = {}
    for total, columns, picks, cards in ways:
        by_total.setdefault(total, []).append((columns, picks, cards))
    # Kept as tuples of tuples of ints, which the garbage collector stops
    # tracking: it need not walk them on every full collection.
    kept = settings.half_ways[key] = {
        total: tuple(found) for total, found in by_total.items()
    }
    return kept


def _ways_to_total(
    settings: PlaySettings, pattern: int, target: int
) -> list[_WAY] | tuple[_WAY, ...]:
    """Every way to take table cards adding up to ``target`` (1 to 15) from
    a table with ``pattern``, as ``(columns, picks, cards)`` (see
    :func:`_half_ways`); the caller must not change the sequence (it may be
    the cache's own)."""
    halves = settings.half_ways
    key = (pattern & _LOW_HALF) << 1
    low = halves.get(key) or _half_ways(settings, key)
    key = (pattern >> _HALF_FIELDS) << 1 | 1
    high = halves.get(key) or _half_ways(settings, key)
    if len(high) == 1:  # no high card, or none worth 15 or less
        return low.get(target, ())
    found = list(low.get(target, ()))  # the ways with no high card
    for total, highs in high.items():
        lows = low.get(target - total) if total else None
        if lows is not None:
            for high_columns, high_picks, high_cards in highs:
                found += [
                    (columns | high_columns, picks + high_picks, cards + high_cards)
                    for columns, picks, cards in lows
                ]
    return found


# Each Choices or Pick value once, by its groups: patterns and totals share
# them.
_SHARED_CHOICES: dict[tuple[Any, ...], Choices | Pick] = {}
_SHARED_CHOICES_LIMIT = 1 << 16


def _described(
    groups: list[tuple[int, tuple[tuple[int, int], ...]]],
) -> int | tuple[Any, ...]:
    """The captures ``groups`` (``(columns, picks)`` each) in the form
    :func:`_describe` gives them."""
    for _, picks in groups:
        if picks:
            # Patterns share their choices: one object each, fewer for the
            # garbage collector to walk.
            key = tuple(groups)
            shared = _SHARED_CHOICES.get(key)
            if shared is None:
                if len(_SHARED_CHOICES) >= _SHARED_CHOICES_LIMIT:
                    _SHARED_CHOICES.clear()
                shared = _SHARED_CHOICES[key] = _choices(groups)
            return shared
    if len(groups) == 1:
        return groups[0][0]
    return tuple([columns for columns, _ in groups])


def _choices(groups: list[tuple[int, tuple[tuple[int, int], ...]]]) -> Choices | Pick:
    """``groups`` with some cards of a rank taken, as a Pick when that is
    their one group's one partial rank."""
    if len(groups) == 1 and len(groups[0][1]) == 1:
        return Pick(_group(groups[0]))
    return Choices([_group(group) for group in groups])


# The ways of a group that takes no card of a rank in part: one, taking
# nothing more.
_NONE_IN_PART: dict[int, tuple[int, ...]] = {0: (0,)}


# Each group once, by (columns, picks): the Choices of many patterns share
# them.  A group holds a dict, so the garbage collector tracks it and walks
# it on every full collection: one object a group instead of one a Choices
# (about 800 instead of 46,000 after 20,000 hands of Escoba).
_GROUPS: dict[
    tuple[int, tuple[tuple[int, int], ...]],
    tuple[int, int, dict[int, tuple[int, ...]]],
] = {}
_GROUPS_LIMIT = 1 << 14


def _group(
    key: tuple[int, tuple[tuple[int, int], ...]],
) -> tuple[int, int, dict[int, tuple[int, ...]]]:
    """A group ``(columns, picks)`` of captures as a :class:`Choices` holds
    it: ``(columns, column, ways)``."""
    group = _GROUPS.get(key)
    if group is not None:
        return group
    columns, picks = key
    if not picks:
        group = (columns, 0, _NONE_IN_PART)
    elif len(picks) == 1:
        ((rank, count),) = picks
        group = (columns, _RANK_COLUMNS[rank], _ways_at(rank, count))
    else:
        column = 0
        for rank, _ in picks:
            column |= _RANK_COLUMNS[rank]
        group = (columns, column, _InParts(picks))
    if len(_GROUPS) >= _GROUPS_LIMIT:
        _GROUPS.clear()
    _GROUPS[key] = group
    return group


class _InParts(dict[int, tuple[int, ...]]):
    """The ways of a group that takes some cards of several ranks (rare):
    for each ``(rank, count)`` of ``picks``, any ``count`` of the table's
    cards of that rank, by the table's cards of those ranks; worked out at
    each lookup and not kept, so that it holds nothing.

    >>> ways = _InParts(((1, 1), (2, 1)))
    >>> ways[1 << 1 | 1 << 2 | 1 << 12] == (1 << 1 | 1 << 2, 1 << 1 | 1 << 12)
    True
    >>> len(ways)
    0
    """

    __slots__ = ("picks",)

    def __init__(self, picks: tuple[tuple[int, int], ...]) -> None:
        super().__init__()
        self.picks = picks

    def __missing__(self, cards: int) -> tuple[int, ...]:
        options = [0]
        for rank, count in self.picks:
            ways = _CHOOSE[count][cards >> rank & _COLUMN]
            options = [taken | way << rank for taken in options for way in ways]
        return tuple(options)


def held(described: int | tuple[Any, ...]) -> int:
    """How many groups of captures a pattern-cache value holds (what the
    cache's bound counts)."""
    if type(described) is int or type(described) is Pick:
        return 1
    return len(described)  # type: ignore[arg-type]


def _describe(
    settings: PlaySettings, table_mask: int, rank: int, pattern: int
) -> int | tuple[Any, ...]:
    """The captures of a card of ``rank`` (0 to 9) on ``table_mask``, whose
    pattern is ``pattern``, in a form that holds for every table with the
    same pattern (see :func:`realise`):

    * an int when the card has a single capture taking all the table's cards
      of the ranks it touches (the common case): those ranks' columns, so
      that the capture on a real table is ``table & columns``;
    * a tuple of such ints when every capture is of that kind (the empty
      tuple when there is no capture);
    * otherwise :class:`Pick` (one capture taking some cards of one rank)
      or :class:`Choices`.

    Each of these is the same on every table with the pattern: a table's
    captures are another's with the suits of each rank exchanged.
    """
    value = settings.values[rank]
    take_all = False
    if value == 1 and settings.take_all != NO_TAKE_ALL:  # only aces are worth 1
        # The columns of every rank on the table: its suit rows folded into
        # one, copied back into each suit.
        whole = (
            (table_mask | table_mask >> 10 | table_mask >> 20 | table_mask >> 30)
            & 0x3FF
        ) * _ACES
        if not table_mask & _ACES or settings.take_all == TAKE_ALL_ALWAYS:
            return whole
        # An ace lies on the table: under "either" the take-all is one more
        # option besides the normal captures; under "blocks" it is none.
        take_all = settings.take_all == TAKE_ALL_OR_CAPTURE
    mode = settings.mode
    groups: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    # Values differ by rank: the table cards matching the card's value are
    # those of its rank.
    singles = pattern >> 3 * rank & 7
    rule = settings.rule
    if mode == FIFTEEN:
        pass  # no capture by value
    elif singles and rule != FREE:
        # A matching single is taken first, and is the fewest cards there
        # can be: the common case, with no search.
        groups = [(_RANK_COLUMNS[rank], ())] if singles == 1 else [(0, ((rank, 1),))]
    else:
        ways = _ways_to_total(settings, pattern, value)
        if ways and rule == FEWEST_CARDS:
            fewest = min([cards for _, _, cards in ways])
            ways = [way for way in ways if way[2] == fewest]
        groups = [(columns, picks) for columns, picks, _ in ways]
    if mode != MATCH:
        # A set can never both match a card's value and make fifteen with it
        # (that would need a value of 7.5): no way is found twice.
        groups += [
            (columns, picks)
            for columns, picks, _ in _ways_to_total(settings, pattern, 15 - value)
        ]
    if take_all and (whole, ()) not in groups:
        groups.append((whole, ()))
    return _described(groups)


def realise(table_mask: int, described: int | tuple[Any, ...]) -> tuple[int, ...]:
    """Map a :func:`_describe` result onto a real table: its captures as
    masks of table cards, ascending."""
    if type(described) is int:
        return (table_mask & described,)
    if type(described) is Pick:
        columns, column, ways = described
        taken = table_mask & columns
        return tuple([taken | way for way in ways[table_mask & column]])
    if type(described) is tuple:
        return tuple(sorted([table_mask & columns for columns in described]))
    found = []
    for columns, column, ways in described:  # type: ignore[union-attr]
        taken = table_mask & columns
        for way in ways[table_mask & column]:
            found.append(taken | way)
    found.sort()
    return tuple(found)


def table_entry(
    settings: PlaySettings, table_mask: int, pattern: int = -1
) -> list[Any]:
    """The cache entry for the table's pattern under ``settings``: one slot per
    rank of the played card (``entry[index % 10]`` for the card with
    ``index``), ``None`` until asked for (see :func:`describe_into`,
    :func:`realise`, or simply :func:`captures_in`).  Getting the entry once
    serves every card of a hand.  ``pattern`` is the table's
    :func:`pattern_of`, if the caller has it."""
    global _stored
    if pattern < 0:
        pattern = pattern_of(table_mask)
    entry = settings.patterns.get(pattern)
    if entry is None:
        if _stored >= _PATTERN_LIMIT:
            for reading in _SETTINGS.values():
                reading.patterns.clear()
            _stored = 0
        entry = settings.patterns[pattern] = [None] * 10
        _stored += 1
    return entry


# The fifteen-alone captures are bounded apart (PlaySettings.by_total).
_BY_TOTAL_LIMIT = 1 << 18


def _fifteen_described(
    settings: PlaySettings, pattern: int, total: int, key: int
) -> int | tuple[Any, ...]:
    """:func:`_describe` for a ruleset that captures by fifteen alone, of a
    card that takes cards adding up to ``total`` from a table whose pattern,
    cleared of the ranks worth more and capped (see
    :attr:`PlaySettings.clamps`), is ``pattern``; kept under ``key`` (see
    :func:`describe_into`)."""
    kept = settings.by_total
    if len(kept) >= _BY_TOTAL_LIMIT:
        kept.clear()
    described = kept[key] = _described(
        [
            (columns, picks)
            for columns, picks, _ in _ways_to_total(settings, pattern, total)
        ]
    )
    return described


def describe_into(
    settings: PlaySettings,
    table_mask: int,
    entry: list[Any],
    index: int,
    pattern: int = -1,
) -> int | tuple[Any, ...]:
    """Fill the entry's slot for the rank of the card with ``index`` (0 to
    39) and return its value; ``pattern`` is the table's
    :func:`pattern_of`, if the caller has it."""
    global _stored
    rank = index % 10
    if pattern < 0:
        pattern = pattern_of(table_mask)
    if not table_mask:
        described: int | tuple[Any, ...] = ()
    elif settings.fifteen_alone:
        # Kept by the part of the pattern that can take part (see
        # PlaySettings.worth_at_most): the legal-move loop's commonest
        # miss, in line.
        total = 15 - settings.values[rank]
        pattern &= settings.worth_at_most[total]
        two, three = settings.clamps[total]
        pattern -= (
            (pattern & pattern >> 1 & two)
            + (pattern >> 1 & two << 1)
            + (pattern >> 2 & three)
        )
        key = pattern << 4 | total
        found = settings.by_total.get(key)
        if found is None:
            found = _fifteen_described(settings, pattern, total, key)
        described = found
    else:
        described = _describe(settings, table_mask, rank, pattern)
    entry[rank] = described
    _stored += held(described)
    return described


def captures_in(
    settings: PlaySettings, table_mask: int, entry: list[Any], index: int
) -> tuple[int, ...]:
    """The legal captures of the card with ``index`` (0 to 39) on
    ``table_mask``, as masks of table cards in ascending order; ``entry`` is
    the table's :func:`table_entry`."""
    described = entry[index % 10]
    if described is None:
        described = describe_into(settings, table_mask, entry, index)
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


def _subset_sums(values: bytes, table_mask: int) -> int:
    """Bit ``s`` is set when some cards of the table (none for 0) add up
    to ``s``, for ``s`` up to 15."""
    sums = 1
    rest = table_mask
    while rest:
        low = rest & -rest
        rest ^= low
        sums = (sums | sums << values[low.bit_length() - 1]) & _SUMS_TO_15
    return sums


def _fewest_cards(values: bytes, table_mask: int, target: int) -> int:
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
    settings = play_settings(rules)
    values = settings.values
    value = values[index]
    sums = _subset_sums(values, table_mask)
    mode = settings.mode
    if mode != FIFTEEN and sums >> value & 1:
        return True
    return mode != MATCH and bool(sums >> (15 - value) & 1)


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
    settings = play_settings(rules)
    values = settings.values
    value = values[card.index]
    total = 0
    rest = taken
    while rest:
        low = rest & -rest
        rest ^= low
        total += values[low.bit_length() - 1]
    mode = settings.mode
    if mode != MATCH and total + value == 15:
        return True  # captures by fifteen have no precedence among themselves
    if mode == FIFTEEN or total != value:
        return False
    rule = settings.rule
    count = taken.bit_count()
    if rule == SINGLE_FIRST:
        return count == 1 or not table_mask & settings.value_masks[value]
    if rule == FEWEST_CARDS:
        return count == _fewest_cards(values, table_mask, value)
    return True


def capture_masks(rules: Ruleset, table_mask: int, card: Card) -> tuple[int, ...]:
    """The legal captures of ``card`` as masks of table cards (the hot path
    behind :func:`capture_options`)."""
    settings = play_settings(rules)
    entry = table_entry(settings, table_mask)
    return captures_in(settings, table_mask, entry, card.index)


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
    return tuple(set_of(m) for m in capture_masks(rules, table_set.mask, played))
