"""The capture caches are bounded by what they hold, not by how many tables
(issue #12, part 3): on a big house-rules table one card has thousands of
captures, so a cache of 65,536 tables could grow to gigabytes.

Each test lowers a cache's limit, plays crowded tables through the public
API and checks after every step that the cache holds no more than its limit
(plus, for the pattern cache, the one table being worked on), and that it was
used at all.  A cache that grew for ever would fail at once.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import scopa_rules as sr
from scopa_rules import _kernel as kernel
from scopa_rules import captures
from scopa_rules._kernel import Named
from scopa_rules.moves import move_of

ALL = list(sr.ALL_CARDS)
# Any card may be trailed, so any table is a position a game can reach.
CROWDED = (
    sr.Ruleset.scopa(capture_rule="free", capture_compulsion="none"),
    sr.Ruleset.scopa_a_quindici(capture_compulsion="none"),
)


def crowded_positions(count: int, seed: int) -> list[sr.GameState]:
    rng = random.Random(seed)
    positions = []
    for number in range(count):
        rules = CROWDED[number % len(CROWDED)]
        cards = rng.sample(ALL, 24)
        hands = [sr.CardSet(cards[:3]), sr.CardSet(cards[3:6])]
        table = sr.CardSet(cards[6:])
        positions.append(
            sr.GameState.from_position(
                rules,
                hands=hands,
                table=table,
                piles=[sr.ALL_CARDS - sr.CardSet(cards), ""],
                last_capturer=0,
            )
        )
    return positions


def table_plays(position: sr.GameState, names: Named[sr.Move]) -> list[sr.Move]:
    """The position's legal moves from the capture tables (the pure
    build's way; the compiled build searches the table instead)."""
    seat = position.current_player or 0
    hand, table = position.hands[seat].mask, position.table.mask
    return kernel.legal_plays(position.rules, hand, table, names, False)


def test_crowded_tables_are_searched_as_the_tables_list_them() -> None:
    # More plays than the search's buffer holds: it hands the ply back to
    # the tables.
    for position in crowded_positions(20, seed=3):
        seat = position.current_player or 0
        hand, table = position.hands[seat].mask, position.table.mask
        names = Named(move_of)
        searched = kernel.legal_plays(position.rules, hand, table, names, True)
        assert searched == table_plays(position, names)
        assert searched == list(position.legal_moves())


def test_the_move_names_hold_at_most_their_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    names = Named(move_of, limit=300)
    most = 0
    for position in crowded_positions(60, seed=1):
        assert table_plays(position, names)
        assert len(names) <= 300
        most = max(most, len(names))
    assert most > 150  # the names were kept, and flushed when full


def captures_held(entry: list[Any]) -> int:
    """What an entry of the pattern cache holds, counted as the cache counts
    it: one for the entry, one for each group of captures of each rank asked."""
    held = 1
    for described in entry:
        if described is not None:
            held += captures.held(described)
    return held


def empty_pattern_cache(monkeypatch: pytest.MonkeyPatch) -> list[list[Any]]:
    """Fresh play settings, whose pattern caches the captures module and the
    kernel read; return a list that :func:`pattern_entries` fills."""
    monkeypatch.setattr(captures, "_SETTINGS", {})
    monkeypatch.setattr(captures, "_last", (None, None))
    monkeypatch.setattr(captures, "_stored", 0)
    return []


def pattern_entries() -> list[list[Any]]:
    """Every entry of the settings' pattern caches."""
    return [
        entry
        for settings in captures._SETTINGS.values()
        for entry in settings.patterns.values()
    ]


def test_the_pattern_cache_holds_at_most_its_limit_in_captures(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(captures, "_PATTERN_LIMIT", 400)
    empty_pattern_cache(monkeypatch)
    most = 0
    for position in crowded_positions(60, seed=2):
        assert table_plays(position, Named(move_of))
        sizes = [captures_held(entry) for entry in pattern_entries()]
        # The limit is checked when a table is first met, so the table in
        # hand may take the cache past it, by that table's captures only.
        assert sum(sizes) <= 400 + max(sizes)
        assert sum(sizes) == captures._stored
        most = max(most, sum(sizes))
    assert most > 200


def play_crowded_tables(
    monkeypatch: pytest.MonkeyPatch, seed: int, watched: str, limit: int
) -> tuple[list[list[Any]], int]:
    """Play crowded positions from empty capture caches, the table
    ``captures.<watched>`` bounded at ``limit``; return the pattern cache's
    entries and the most the watched table held."""
    empty_pattern_cache(monkeypatch)
    for name in ("_SHARED_CHOICES", "_GROUPS"):
        monkeypatch.setattr(captures, name, {})
    monkeypatch.setattr(captures, f"{watched}_LIMIT", limit)
    table = getattr(captures, watched)
    most = 0
    for position in crowded_positions(60, seed=seed):
        assert table_plays(position, Named(move_of))
        assert len(table) <= limit
        most = max(most, len(table))
    return pattern_entries(), most


def test_shared_choices_are_bounded_and_shared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every pattern, and the fifteen cache, gets its captures that take part
    # of a rank from one shared table of them, which a long game must not
    # grow for ever.
    cache, most = play_crowded_tables(monkeypatch, 3, "_SHARED_CHOICES", 20)
    assert most > 10
    shared = captures._SHARED_CHOICES
    for entry in cache:
        for described in entry:
            if type(described) is captures.Choices:
                equal = [value for value in shared.values() if value == described]
                assert all(value is described for value in equal)


def test_the_groups_of_choices_are_bounded_and_shared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The groups inside the captures that take part of a rank are kept once
    # each (the garbage collector walks every one), in a table a long game
    # must not grow for ever.
    _, most = play_crowded_tables(monkeypatch, 4, "_GROUPS", 30)
    assert most > 15
    # Under the limit, equal groups are one object wherever they are held.
    cache, _ = play_crowded_tables(monkeypatch, 4, "_GROUPS", 1 << 14)
    held: dict[tuple[int, int, object], object] = {}
    for entry in cache:
        for described in entry:
            if type(described) is captures.Choices:
                for group in described:
                    # The ways of one rank taken in part are one dict a
                    # count; those of several ranks say which in picks.
                    columns, column, ways = group
                    picks = getattr(ways, "picks", id(ways))
                    assert held.setdefault((columns, column, picks), group) is group
    assert len(held) > 15
