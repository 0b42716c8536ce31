"""Golden perft counts: any change to move generation changes a number here.

Each row is a seeded position (the first state of ``new_game(rules,
seed=seed)``) and the exact number of legal move sequences of each depth from
it, as ``scopa_rules.perft`` counts them.  If a change to the rules engine
alters one, either the change is a bug or the rule it implements changed on
purpose: then update the number and say why in the changelog.
"""

from __future__ import annotations

import pytest

import scopa_rules as sr

GOLDEN: list[tuple[str, sr.Ruleset, int, list[int]]] = [
    (
        "scopa, 2 players",
        sr.Ruleset.scopa(),
        7,
        [3, 9, 23, 46, 52, 52, 156, 468, 936, 1872],
    ),
    ("scopa, 3 players", sr.Ruleset.scopa(players=3), 7, [3, 9, 27, 54, 108, 216, 224]),
    (
        "scopa, 4 players",
        sr.Ruleset.scopa(players=4),
        7,
        [3, 9, 27, 81, 166, 332, 666, 1332, 1368],
    ),
    (
        "scopa, 6 players",
        sr.Ruleset.scopa(players=6),
        7,
        [4, 13, 39, 117, 351, 1092, 2202],
    ),
    ("scopone", sr.Ruleset.scopone(), 7, [9, 119, 1420, 14882]),
    (
        "scopone scientifico",
        sr.Ruleset.scopone_scientifico(),
        7,
        [10, 100, 1000, 10000],
    ),
    ("chkobba", sr.Ruleset.chkobba(), 7, [2, 7, 24, 51, 106, 108, 118, 354, 1062]),
    ("escoba", sr.Ruleset.escoba(), 7, [3, 24, 100, 444, 948, 2232, 18972]),
    ("scopa a 15", sr.Ruleset.scopa_a_quindici(), 7, [3, 18, 42, 108, 114, 148, 452]),
    (
        "fewest cards, ace takes all",
        sr.Ruleset.scopa(capture_rule="fewest_cards", ace_takes_all=True),
        3,
        [3, 9, 18, 36, 36, 36, 108],
    ),
    ("cirulla", sr.Ruleset.cirulla(), 7, [3, 21, 52, 121, 131, 143, 477]),
    (
        "cirulla, 4 players, a declaration in the deal",
        sr.Ruleset.cirulla(players=4),
        5,
        [4, 15, 45, 150, 307, 639, 1313],
    ),
    (
        "whole-hand compulsion",
        sr.Ruleset.scopa(capture_compulsion="whole_hand"),
        3,
        [3, 4, 7, 9, 10, 10, 20],
    ),
]


@pytest.mark.parametrize(
    ("rules", "seed", "counts"),
    [
        pytest.param(rules, seed, counts, id=name)
        for name, rules, seed, counts in GOLDEN
    ],
)
def test_perft_counts(rules: sr.Ruleset, seed: int, counts: list[int]) -> None:
    state = sr.new_game(rules, seed=seed)
    assert [sr.perft(state, depth) for depth in range(1, len(counts) + 1)] == counts


def test_perft_of_depth_zero_is_one_and_bad_depths_are_refused() -> None:
    state = sr.new_game(seed=1)
    assert sr.perft(state, 0) == 1
    for depth in (-1, 1.5, True):
        with pytest.raises(sr.InvalidStateError, match="depth must be a whole number"):
            sr.perft(state, depth)  # type: ignore[arg-type]


def test_perft_counts_nothing_past_the_end_of_the_game() -> None:
    state = sr.new_game(seed=2)
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert sr.perft(state, 1) == 0
    assert sr.perft(state, 0) == 1


def test_perft_crosses_the_end_of_a_hand() -> None:
    """From the last play of a hand, depth 2 counts the next hand's first
    moves, which come from the next deck of the seed."""
    state = sr.new_game(seed=4)
    while len(state.stock) or sum(len(hand) for hand in state.hands) > 1:
        state = state.apply(state.legal_moves()[0])
    (last,) = state.legal_moves()
    after = state.apply(last)
    assert after.hand_number == state.hand_number + 1
    assert sr.perft(state, 2) == len(after.legal_moves())
