"""Epsilon-greedy playouts in the kernel against the same playouts through
the public API: GreedyBot's move values with every hand known, the same
coins and draws of the kernel's generator, the same scores.  Run under both
builds: the fixed results below are the same compiled and pure."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_playouts import PRESETS as RANDOM_PLAYOUT_PRESETS

import scopa_rules as sr
from profiles import examples
from scopa_rules import strategies as sst
from scopa_rules._kernel import (
    _PLAIN,
    Deal,
    Greedy,
    Random,
    legal_plays,
    play,
    shuffled,
)
from scopa_rules._play.bots import sweeps

# The random playouts' presets, and two house rules the greedy choice reads.
PRESETS = [
    *RANDOM_PLAYOUT_PRESETS,
    sr.Ruleset.scopa(ace_takes_all=True, ace_may_trail=True),
    sr.Ruleset.scopa(capture_compulsion=sr.CaptureCompulsion.WHOLE_HAND),
]
COIN = 1 << 32


def _values(rules: sr.Ruleset) -> list[int]:
    bot = sr.GreedyBot()
    return [round(10 * bot.card_value(rules, sr.Card.from_index(k))) for k in range(40)]


def _leaves_a_sweep(state: sr.GameState, move: sr.Move) -> bool:
    """Whether the next seat could then sweep, asked of the state after
    ``move`` (its next round dealt when ``move`` ends one)."""
    after = state.apply(move)
    seat = after.current_player
    if after.hand_number != state.hand_number or seat is None:
        return False
    view = after.view(seat)
    return any(
        next_move.is_capture
        and next_move.captured == after.table
        and sweeps(view, next_move)
        for next_move in after.legal_moves()
    )


def _greedy_move(state: sr.GameState, values: list[int]) -> sr.Move:
    """GreedyBot.move_value's best move, every hand known, in tenths; the
    first of the best."""
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)

    def value(move: sr.Move) -> int:
        if move.is_trail:
            worth = -values[move.card.index]
        else:
            worth = sum(values[card.index] for card in move.captured.add(move.card))
            worth += 20 if sweeps(view, move) else 0
        return worth - (1000 if _leaves_a_sweep(state, move) else 0)

    return max(state.legal_moves(), key=value)


def reference(state: sr.GameState, seed: int, epsilon: float) -> sr.Playout:
    """The epsilon-greedy playout of the hand in play through the public API,
    drawing the kernel's coins and choices in the kernel's order."""
    rng = Random(seed)
    threshold = round(epsilon * COIN)
    values = _values(state.rules)
    start = state.scores
    finished = len(state.hand_results)
    hand = state.hand_number
    while state.hand_number == hand and state.current_player is not None:
        moves = state.legal_moves()
        if (
            len(moves) > 1
            and threshold < COIN
            and (threshold == 0 or rng.below(COIN) >= threshold)
        ):
            move = _greedy_move(state, values)
        else:
            move = moves[rng.below(len(moves))]
        state = state.apply(move)
    return sr.Playout(
        tuple(end - begin for end, begin in zip(state.scores, start, strict=True)),
        state.scores,
        state.winner,
        len(state.hand_results) - finished,
    )


def _start(rules: sr.Ruleset, seed: int, plies: int) -> sr.GameState:
    """A hand in play from one explicit deck, ``plies`` random moves in."""
    rng = Random(seed + 1000)
    deck = sr.Deck([sr.Card.from_index(index) for index in shuffled(rng)])
    state = sr.new_game(rules, deck=deck)
    for _ in range(plies):
        if state.current_player is None:  # the hand is over
            break
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    return state


def _in_play(state: sr.GameState) -> bool:
    return state.phase is sr.Phase.PLAY


@pytest.mark.parametrize("rules", PRESETS, ids=str)
@pytest.mark.parametrize("epsilon", [0, 0.3])
def test_the_kernel_plays_the_public_api_s_greedy_playout(
    rules: sr.Ruleset, epsilon: float
) -> None:
    for seed in range(5):
        state = _start(rules, seed, plies=seed * 3)
        if _in_play(state):
            assert sr.greedy_playout(state, seed, epsilon=epsilon) == reference(
                state, seed, epsilon
            )


@settings(max_examples=examples(30), deadline=None)
@given(
    rules=sst.rulesets(),
    seed=st.integers(0, 2**64),
    plies=st.integers(0, 30),
    epsilon=st.sampled_from([0, 0.3, 0.8]),
)
def test_the_greedy_kernel_follows_every_ruleset(
    rules: sr.Ruleset, seed: int, plies: int, epsilon: float
) -> None:
    state = _start(rules, seed, plies)
    if _in_play(state):
        assert sr.greedy_playout(state, seed, epsilon=epsilon) == reference(
            state, seed, epsilon
        )


def _position(hands: list[str], table: str, side_with_the_rest: int) -> sr.GameState:
    """A last round of 2-player Scopa: seat 0 to move, every other card in
    the pile of ``side_with_the_rest`` (so the other side scores its
    sweeps only)."""
    held = sr.CardSet(" ".join([*hands, table]))
    piles = ["", ""]
    piles[side_with_the_rest] = str(sr.ALL_CARDS - held)
    return sr.GameState.from_position(
        sr.Ruleset.scopa(),
        hands=hands,
        table=table,
        piles=piles,
        last_capturer=side_with_the_rest,
    )


def test_a_greedy_playout_takes_the_sweep_it_is_offered() -> None:
    # 5C takes 2C 3S, the whole table; KS would trail.  Seat 0's side
    # scores nothing but its sweeps.
    state = _position(["5C KS", "4H 2D"], "2C 3S", side_with_the_rest=1)
    assert {
        sr.greedy_playout(state, seed, epsilon=0).points[0] for seed in range(20)
    } == {1}
    # At random, KS is trailed some of the time and the sweep is lost.
    assert {sr.random_playout(state, seed).points[0] for seed in range(20)} == {0, 1}


def test_a_greedy_playout_leaves_no_sweep_when_it_can_help_it() -> None:
    # 2S and KS are trails of the same worth, 2S first in the legal order;
    # but 2S and 4H make 6, which the next seat's 6C sweeps.  Seat 1's side
    # scores nothing but its sweeps.
    state = _position(["2S KS", "AS 6C"], "4H", side_with_the_rest=0)
    assert [str(move) for move in state.legal_moves()] == ["2S", "KS"]
    assert {
        sr.greedy_playout(state, seed, epsilon=0).points[1] for seed in range(20)
    } == {0}
    assert {sr.random_playout(state, seed).points[1] for seed in range(20)} == {0, 1}


def test_a_sweep_that_cannot_be_avoided_is_left_by_the_best_play() -> None:
    # Seat 0 can only trail: AH leaves 2S AH (3C sweeps), 7H leaves 2S 7H
    # (QC sweeps).  Both leave a sweep; GreedyBot's choice is the cheaper
    # card, and the sweep is taken.
    state = _position(["AH 7H", "3C QC"], "2S", side_with_the_rest=0)
    for seed in range(5):
        greedy = sr.greedy_playout(state, seed, epsilon=0)
        assert greedy == reference(state, seed, 0)
        assert greedy.points[1] == 1


@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_epsilon_one_is_the_random_playout(rules: sr.Ruleset) -> None:
    rng = random.Random(str(rules))
    for seed in range(8):
        state = sr.new_game(rules, seed=seed)
        for _ in range(rng.randrange(20)):
            if state.current_player is None:
                break
            state = state.apply(rng.choice(state.legal_moves()))
        for until in ("hand", "game"):
            assert sr.greedy_playout(state, seed, epsilon=1, until=until) == (
                sr.random_playout(state, seed, until=until)
            )


@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_a_searched_greedy_playout_is_the_tables_playout(rules: sr.Ruleset) -> None:
    zeros = (0,) * rules.sides
    greedy = Greedy(bytes(_values(rules)), 0.3)
    for seed in range(10):
        searched = play(rules, None, zeros, 0, Random(seed), True, True, greedy)
        assert searched == play(
            rules, None, zeros, 0, Random(seed), True, False, greedy
        )


def test_a_crowded_table_is_played_uniformly_in_both_ways() -> None:
    # More plays than the greedy choice's buffer holds: that ply is uniform,
    # searched or from the tables, as in the other build.
    rules = sr.Ruleset.scopa(capture_rule="free", capture_compulsion="none")
    hand = sr.CardSet("KD QD JD").mask
    table = sr.CardSet("AH 2H 3H 4H 5H AS 2S 3S 4S 5S AC 2C 3C 4C 5C 2D 3D 4D").mask
    assert len(legal_plays(rules, hand, table, _PLAIN, False)) > 192
    other = sr.CardSet("KS QS JS").mask
    rest = sr.ALL_CARDS.mask & ~hand & ~other & ~table
    greedy = Greedy(bytes(_values(rules)), 0)

    def hand_in_play() -> Deal:
        return ([hand, other], table, [0, rest], [0, 0], b"", 0, -1, [])

    found = set()
    for seed in range(8):
        searched = play(
            rules, hand_in_play(), (0, 0), 1, Random(seed), False, True, greedy
        )
        tabled = play(
            rules, hand_in_play(), (0, 0), 1, Random(seed), False, False, greedy
        )
        assert searched == tabled
        found.add(searched)
    assert len(found) > 1  # the first ply, at least, was drawn


# Greedy playouts of Scopone from a seeded game's 9th ply, seeds 0 to 7: the
# same in the compiled and the pure build (this file runs under both).
# (Later hands are dealt from the generator: even epsilon 0 differs by seed.)
FIXED = {
    0: [(7, 11), (6, 11), (10, 12), (12, 7), (11, 9), (3, 11), (12, 11), (15, 3)],
    0.3: [(11, 12), (10, 12), (11, 8), (13, 10), (13, 0), (12, 6), (13, 8), (11, 12)],
}


@pytest.mark.parametrize("epsilon", sorted(FIXED))
def test_greedy_playouts_are_the_same_in_both_builds(epsilon: float) -> None:
    state = sr.new_game(sr.Ruleset.scopone(), seed=5)
    rng = random.Random(5)
    for _ in range(9):
        state = state.apply(rng.choice(state.legal_moves()))
    found = [
        sr.greedy_playout(state, seed, epsilon=epsilon, until="game").scores
        for seed in range(8)
    ]
    assert found == FIXED[epsilon]


def test_greedy_playouts_differ_by_seed_unless_wholly_greedy() -> None:
    state = sr.new_game(sr.Ruleset.scopa(), seed=3)
    assert len({sr.greedy_playout(state, seed) for seed in range(30)}) > 3
    assert len({sr.greedy_playout(state, seed, epsilon=0) for seed in range(30)}) == 1


@pytest.mark.parametrize("epsilon", [-0.1, 1.5, "0.3", True, None, float("nan")])
def test_a_bad_epsilon_is_refused_clearly(epsilon: object) -> None:
    state = sr.new_game(seed=1)
    with pytest.raises(
        sr.InvalidStateError, match="epsilon must be a number from 0 to 1"
    ):
        sr.greedy_playout(state, 1, epsilon=epsilon)  # type: ignore[arg-type]
    if epsilon is not None:
        with pytest.raises(
            sr.InvalidStateError, match="playout_epsilon must be a number from 0 to 1"
        ):
            sr.IsmctsBot(playout_epsilon=epsilon)  # type: ignore[arg-type]


def test_greedy_playout_checks_its_other_arguments() -> None:
    with pytest.raises(sr.InvalidStateError, match="state must be a GameState"):
        sr.greedy_playout("a game", 1)  # type: ignore[arg-type]
    with pytest.raises(sr.InvalidStateError, match="until must be 'hand' or 'game'"):
        sr.greedy_playout(sr.new_game(seed=1), 1, until="match")


def test_an_ismcts_bot_searches_with_greedy_playouts() -> None:
    view = sr.new_game(sr.Ruleset.scopone(), seed=4).view(0)
    greedy = sr.IsmctsBot(iterations=60, playout_epsilon=0.3)
    stats = greedy.search(view, random.Random(2))
    assert sum(visits for visits, _ in stats.values()) == 60
    assert stats == greedy.search(view, random.Random(2))
    # Greedy playouts value the moves otherwise than random ones.
    plain = sr.IsmctsBot(iterations=60, playout_epsilon=None)
    assert stats != plain.search(view, random.Random(2))
    assert sr.IsmctsBot(iterations=60, playout_epsilon=1).search(
        view, random.Random(2)
    ) == plain.search(view, random.Random(2))
    # The default is epsilon-greedy with epsilon 0.1.
    assert sr.IsmctsBot(iterations=60).search(view, random.Random(2)) == (
        sr.IsmctsBot(iterations=60, playout_epsilon=0.1).search(view, random.Random(2))
    )
    assert sr.IsmctsBot(iterations=60).search(view, random.Random(2)) != stats
