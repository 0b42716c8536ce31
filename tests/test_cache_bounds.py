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
from scopa_rules import captures
from scopa_rules import state as state_module

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


def moves_held(cache: dict[int, tuple[sr.Move, ...]]) -> int:
    return sum(len(moves) for moves in cache.values())


def test_the_exact_table_cache_holds_at_most_its_limit_in_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(state_module, "_MANY_CAPTURES", {})
    monkeypatch.setattr(state_module, "_many_held", 0)
    monkeypatch.setattr(state_module, "_MANY_CAPTURES_LIMIT", 300)
    cache = state_module._MANY_CAPTURES
    most = 0
    for position in crowded_positions(60, seed=1):
        moves = position.legal_moves()
        assert moves
        held = moves_held(cache)
        assert held <= 300
        assert held == state_module._many_held
        most = max(most, held)
    assert most > 150  # the cache was used, and flushed when full


def captures_held(entry: list[Any]) -> int:
    """What an entry of the pattern cache holds, counted as the cache counts
    it: one for the entry, one for each capture of each rank asked."""
    held = 1
    for described in entry[:10]:
        if described is not None:
            held += 1 if type(described) is int else len(described)
    return held


def test_the_pattern_cache_holds_at_most_its_limit_in_captures(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(captures, "_PATTERNS", {})
    monkeypatch.setattr(captures, "_stored", 0)
    monkeypatch.setattr(captures, "_PATTERN_LIMIT", 400)
    monkeypatch.setattr(state_module, "_PATTERNS", captures._PATTERNS)
    cache = captures._PATTERNS
    most = 0
    for position in crowded_positions(60, seed=2):
        assert position.legal_moves()
        sizes = [captures_held(entry) for entry in cache.values()]
        # The limit is checked when a table is first met, so the table in
        # hand may take the cache past it, by that table's captures only.
        assert sum(sizes) <= 400 + max(sizes)
        assert sum(sizes) == captures._stored
        most = max(most, sum(sizes))
    assert most > 200
