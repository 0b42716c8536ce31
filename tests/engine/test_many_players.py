"""Every player count the rules accept plays right, on both builds.

A ruleset may seat up to :data:`scopa_rules.MAX_PLAYERS` (40, a card each at
the least).  The compiled kernel keeps a side's figures in fixed C arrays: sized
for fewer, 9 sides scored wrong, 12 players crashed the interpreter and
playouts of 9 or 10 never returned.  These tests play and score at the edge;
CI runs them on the compiled and on the pure-Python build.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given

import scopa_rules as sr
from scopa_rules import strategies as sst


def crowded(
    players: int, hand_size: int = 1, table_size: int | None = None
) -> sr.Ruleset:
    """Every seat its own side: the most sides ``players`` can make."""
    table = 40 - players * hand_size if table_size is None else table_size
    return sr.Ruleset(
        players=players, partnerships=False, hand_size=hand_size, table_size=table
    )


def play_hand(state: sr.GameState, rng: random.Random) -> sr.GameState:
    """The state at the end of the hand in play, every move at random."""
    hands = len(state.hand_results)
    while len(state.hand_results) == hands and not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def test_the_most_players_is_forty() -> None:
    assert sr.MAX_PLAYERS == 40
    assert crowded(40).sides == 40
    with pytest.raises(sr.InvalidRulesetError, match="players must be 2 to 40"):
        sr.Ruleset(players=41, partnerships=False, hand_size=1, table_size=0)


def test_nine_sides_are_scored_right() -> None:
    """The issue's reproducer: side 0 holding every card scores 4, not 2."""
    rules = crowded(9, hand_size=4, table_size=4)
    score = sr.score_hand(rules, [sr.ALL_CARDS] + [""] * 8, [0] * 9)
    assert score.totals == (4,) + (0,) * 8


@pytest.mark.parametrize("sides", [8, 9, 10, 13, 20, 40])
def test_every_side_can_win_every_category(sides: int) -> None:
    """The side holding every card, wherever it sits, takes cards, coins,
    the settebello and the primiera, and its sweeps count for it alone."""
    rules = crowded(sides)
    for side in range(sides):
        piles: list[sr.CardSet | str] = [""] * sides
        piles[side] = sr.ALL_CARDS
        sweeps = [0] * sides
        sweeps[side] = 2
        score = sr.score_hand(rules, piles, sweeps)
        assert score.totals == tuple(6 if s == side else 0 for s in range(sides))


@pytest.mark.parametrize(
    ("players", "hand_size", "table_size"),
    [
        (9, 4, 4),
        (10, 3, 10),
        (12, 3, 4),
        (13, 3, 1),
        (20, 2, 0),
        (39, 1, 1),
        (40, 1, 0),
    ],
)
def test_a_crowded_hand_plays_to_its_end(
    players: int, hand_size: int, table_size: int
) -> None:
    """The issue's reproducer (12 players crashed the compiled build) and
    its neighbours: a hand played at random ends with every card in a pile
    or left to no one, and a score for every side."""
    rules = crowded(players, hand_size, table_size)
    for seed in range(3):
        state = play_hand(sr.new_game(rules, seed=seed), random.Random(seed))
        result = state.hand_results[-1]
        assert len(result.score.totals) == players
        unclaimed = len(result.leftover) if result.leftover_side is None else 0
        assert sum(len(pile) for pile in result.piles) + unclaimed == 40
        assert min(result.score.totals) >= 0


@pytest.mark.parametrize("players", [9, 10, 12, 40])
def test_playouts_of_crowded_games_return(players: int) -> None:
    """random_playouts of 9 and 10 players never returned, compiled."""
    rules = crowded(players)
    for playout in sr.random_playouts(rules, range(4), until="game"):
        assert playout.winner is not None
        assert len(playout.scores) == players
        assert max(playout.scores) >= rules.target_score


@pytest.mark.parametrize("players", [21, 22, 30, 40])
def test_observations_of_many_seats(players: int) -> None:
    """observe() at 22 players and more raised a bare ValueError."""
    rules = crowded(players)
    state = sr.new_game(rules, seed=1)
    size = sr.observation_size(rules)
    start, seats = sr.observation_layout(rules)["to_move"]
    assert seats == players
    mover = state.current_player
    assert mover is not None
    for seat in (0, players - 1):
        vector = sr.observe(state.view(seat))
        assert len(vector) == size
        to_move = vector[start : start + seats]
        # Counted from the viewer: the seat to move is this many seats on.
        expected = (mover - seat) % players
        assert to_move == tuple(float(i == expected) for i in range(seats))


@given(sst.rulesets(players=[9, 10, 12, 20, 39, 40], max_table_size=12))
def test_random_rulesets_at_the_extreme_player_counts(rules: sr.Ruleset) -> None:
    """Any options with many seats: a game played at random keeps all 40
    cards, scores each hand as score_hand does, and its playouts return."""
    rng = random.Random(rules.players)
    state = sr.new_game(rules, seed=rules.players)
    for _ in range(2):
        state = play_hand(state, rng)
        places = [cards for _, cards in state.cards_in_play()]
        assert sum(map(len, places)) == 40
        assert sr.CardSet(card for cards in places for card in cards) == sr.ALL_CARDS
        for result in state.hand_results:
            sides = result.score.sides
            again = sr.score_hand(
                rules,
                result.piles,
                [side.sweeps for side in sides],
                [side.declaration_points for side in sides],
            )
            assert again.totals == result.score.totals
        sr.observe(state.view(rules.players - 1))
        if state.is_over:
            break
    playouts = sr.random_playouts(rules, range(2))
    assert all(len(p.scores) == rules.sides for p in playouts)
