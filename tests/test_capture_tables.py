"""The capture search of issue #11: sets adding up to a total from two cached
half tables, captures by fifteen kept by the part of the pattern that can
take part, and captures that take some of a rank's cards mapped onto each
table.  Every answer is checked against RULES.md section 2 read plainly,
also while the caches are flushed again and again."""

from __future__ import annotations

import itertools
import random

import pytest

import scopa_rules as sr
from scopa_rules import captures

ALL = list(sr.ALL_CARDS)


def plain_captures(
    rules: sr.Ruleset, table: list[sr.Card], card: sr.Card
) -> set[frozenset[sr.Card]]:
    """Every subset of the table, filtered by the capture mode and rule (no
    ace takes all: the rulesets below either lack it or play no ace)."""

    def total(cards: tuple[sr.Card, ...]) -> int:
        return sum(rules.capture_value(c.rank) for c in cards)

    value = rules.capture_value(card.rank)
    subsets = [
        combo
        for size in range(1, len(table) + 1)
        for combo in itertools.combinations(table, size)
    ]
    matches: list[tuple[sr.Card, ...]] = []
    if rules.capture_mode is not sr.CaptureMode.FIFTEEN:
        matches = [s for s in subsets if total(s) == value]
        singles = [s for s in matches if len(s) == 1]
        if rules.capture_rule is sr.CaptureRule.SINGLE_FIRST and singles:
            matches = singles
        elif rules.capture_rule is sr.CaptureRule.FEWEST_CARDS and matches:
            fewest = min(len(s) for s in matches)
            matches = [s for s in matches if len(s) == fewest]
    fifteens: list[tuple[sr.Card, ...]] = []
    if rules.capture_mode is not sr.CaptureMode.MATCH:
        fifteens = [s for s in subsets if total(s) + value == 15]
    return {frozenset(s) for s in matches + fifteens}


RULESETS = [
    sr.Ruleset.escoba(),
    sr.Ruleset.scopa_a_quindici(),
    sr.Ruleset.cirulla(),
    sr.Ruleset.scopa(capture_rule="free"),
    sr.Ruleset.scopa(capture_rule="fewest_cards"),
    sr.Ruleset.scopa(capture_mode="fifteen", capture_values="chkobba"),
    sr.Ruleset.scopa(capture_mode="match_or_fifteen", capture_values="chkobba"),
]


def check_tables(rules: sr.Ruleset, rng: random.Random, sizes: range) -> None:
    for size in sizes:
        for _ in range(12):
            cards = rng.sample(ALL, size + 1)
            card, table = cards[0], cards[1:]
            if rules.ace_takes_all and card.rank is sr.Rank.ACE:
                continue
            found = sr.capture_options(rules, sr.CardSet(table), card)
            assert list(found) == sorted(found, key=lambda s: s.mask)
            assert {frozenset(s) for s in found} == plain_captures(rules, table, card)


@pytest.mark.parametrize(
    "rules",
    RULESETS,
    ids=[
        "escoba",
        "scopa-a-quindici",
        "cirulla",
        "free",
        "fewest-cards",
        "fifteen-chkobba",
        "match-or-fifteen-chkobba",
    ],
)
def test_captures_are_every_set_the_rules_allow(rules: sr.Ruleset) -> None:
    # Up to 10 cards the halves answer; more are searched for the total.
    check_tables(rules, random.Random(3), range(1, 14))


def test_flushed_half_and_fifteen_caches_give_the_same_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(captures, "_HALVES", {})
    monkeypatch.setattr(captures, "_HALVES_LIMIT", 3)
    monkeypatch.setattr(captures, "_BY_TOTAL", {})
    monkeypatch.setattr(captures, "_BY_TOTAL_LIMIT", 3)
    rng = random.Random(4)
    for rules in RULESETS[:3]:
        check_tables(rules, rng, range(1, 9))
        assert len(captures._HALVES) <= 3
        assert len(captures._BY_TOTAL) <= 3


def test_a_card_taking_some_of_a_rank_is_mapped_onto_each_table() -> None:
    # Three fives and a four on the table; a 5 makes fifteen with any two
    # fives.  Tables with the same ranks in other suits share the cache's
    # value, and each gets its own cards.
    rules = sr.Ruleset.escoba()
    five = sr.Card.parse("5D")
    for text in ("5H 5S 5C 4D", "5D 5S 5C 4H", "5D 5H 5S 4C"):
        table = sr.CardSet(text)
        found = sr.capture_options(rules, table, five)
        fives = [c for c in table if c.rank is sr.Rank.FIVE]
        assert [set(s) for s in found] == [
            set(pair) for pair in itertools.combinations(fives, 2)
        ]
        entry = captures.table_entry(rules, table.mask)
        assert isinstance(entry[five.index], captures.Choices)


def test_a_state_lists_the_mapped_captures_as_moves() -> None:
    rules = sr.Ruleset.escoba()
    dealt = sr.CardSet("5D 2H 3S 6C 5H 5S 5C 4D")
    state = sr.GameState.from_position(
        rules,
        hands=["5D 2H", "3S 6C"],
        table="5H 5S 5C 4D",
        piles=["", sr.ALL_CARDS - dealt],
        last_capturer=1,
    )
    assert [str(m) for m in state.legal_moves()] == [
        "5Dx5H5S",
        "5Dx5H5C",
        "5Dx5S5C",
        "5D",
        "2H",
    ]
