"""The solver against an exhaustive search through the public API, and the
hints and the bot built on it."""

from __future__ import annotations

import random

import pytest

import scopa_rules as sr
from helpers import PRESETS
from scopa_rules._play.solver import MoveAnalysis, PimcBot, analyse, solve


def cards_left(state: sr.GameState) -> int:
    return sum(len(hand) for hand in state.hands) + len(state.stock)


def near_the_end(rules: sr.Ruleset, left: int, seed: int) -> sr.GameState | None:
    """A seeded game played at random until at most ``left`` cards are
    left to play in its first hand, or None if the hand ended first."""
    state = sr.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while state.phase is sr.Phase.FIRST_CARD:
        state = state.apply(rng.choice(state.legal_moves()))
    while cards_left(state) > left and state.hand_number == 0 and not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    if state.hand_number != 0 or state.phase is not sr.Phase.PLAY:
        return None
    return state


def hand_value(after: sr.GameState, side: int) -> int:
    """The hand just finished: ``side``'s points minus the best other's."""
    hand = after.last_hand
    assert hand is not None
    totals: tuple[int, ...] = hand.score.totals
    return totals[side] - max(t for s, t in enumerate(totals) if s != side)


def exhaustive(state: sr.GameState, side: int) -> int:
    """Minimax over every line of play to the end of the hand, through
    apply(): the hand's points of ``side`` minus the best other side's,
    ``side`` maximising and every other side minimising."""
    seat = state.current_player
    assert seat is not None
    values = []
    for move in state.legal_moves():
        after = state.apply(move)
        if after.hand_number != state.hand_number or after.is_over:
            values.append(hand_value(after, side))
        else:
            values.append(exhaustive(after, side))
    mine = state.rules.side_of(seat) == side
    return max(values) if mine else min(values)


CASES = [
    *PRESETS,
    sr.Ruleset.scopa(players=3),
    sr.Ruleset.scopa(capture_rule="free", capture_compulsion="none"),
    sr.Ruleset.scopa(ace_takes_all=True, ace_may_trail=True),
]


@pytest.mark.parametrize("rules", CASES, ids=str)
def test_every_move_has_the_value_of_an_exhaustive_search(rules: sr.Ruleset) -> None:
    checked = 0
    for seed in range(40):
        state = near_the_end(rules, 6, seed)
        if state is None:
            continue
        seat = state.current_player
        assert seat is not None
        side = rules.side_of(seat)
        solved = solve(state)
        assert [found.move for found in solved] == list(state.legal_moves())
        for found in solved:
            after = state.apply(found.move)
            if after.hand_number != state.hand_number or after.is_over:
                expected = hand_value(after, side)
            else:
                expected = exhaustive(after, side)
            assert found.value == expected, (state, found)
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_the_stock_and_its_declarations_are_searched() -> None:
    # Cirulla declares when a round is dealt: a round still in the stock
    # counts its declarations on every line of play.
    rules = sr.Ruleset.cirulla()
    for seed in range(60):
        state = near_the_end(rules, 9, seed)
        if state is None or not state.stock:
            continue
        seat = state.current_player
        assert seat is not None
        side = rules.side_of(seat)
        for found in solve(state):
            assert found.value == exhaustive_after(state, found.move, side)
        return
    pytest.fail("no position with a stock")


def exhaustive_after(state: sr.GameState, move: sr.Move, side: int) -> int:
    after = state.apply(move)
    if after.hand_number != state.hand_number or after.is_over:
        return hand_value(after, side)
    return exhaustive(after, side)


def test_solve_leaves_the_state_alone() -> None:
    state = near_the_end(sr.Ruleset.scopone(), 8, 3)
    assert state is not None
    before = state.position_key()
    solve(state)
    assert state.position_key() == before
    assert solve(state) == solve(state)


def test_solve_refuses_what_is_not_a_hand_in_play() -> None:
    with pytest.raises(sr.InvalidStateError, match="takes a GameState, not 'x'"):
        solve("x")  # type: ignore[arg-type]
    state = sr.new_game(sr.Ruleset.chkobba(), seed=1)
    assert state.phase is sr.Phase.FIRST_CARD
    with pytest.raises(sr.InvalidStateError, match="phase first_card"):
        solve(state)


# -- the hints and the bot ----------------------------------------------------


def test_analyse_ranks_a_seats_moves_by_their_average_value() -> None:
    state = near_the_end(sr.Ruleset.scopa(), 12, 5)
    assert state is not None
    seat = state.current_player
    assert seat is not None
    hints = analyse(state.view(seat), deals=6, seed=2)
    assert len(hints) == len(state.legal_moves()) > 1
    assert {h.move for h in hints} == set(state.legal_moves())
    assert [h.expected for h in hints] == sorted(
        (h.expected for h in hints), reverse=True
    )
    assert all(h.deals == 6 and 0 <= h.best_in <= 6 for h in hints)
    assert sum(h.best_in for h in hints) >= 6  # each deal has a best move
    assert hints == analyse(state.view(seat), deals=6, seed=2)
    assert hints[0].reason.startswith(f"{hints[0].move}: ")


def test_analyse_with_nothing_hidden_is_the_solver() -> None:
    # The last round of a 2-player hand: the other hand is the unseen cards.
    state = near_the_end(sr.Ruleset.scopa(), 4, 1)
    assert state is not None
    assert not state.stock
    seat = state.current_player
    assert seat is not None
    exact = {found.move: found.value for found in solve(state)}
    for hint in analyse(state.view(seat), deals=3):
        assert hint.expected == exact[hint.move]


def test_analyse_refuses_what_it_cannot_solve() -> None:
    state = sr.new_game(sr.Ruleset.scopa(), seed=1)
    with pytest.raises(sr.InvalidStateError, match="more than max_cards=16"):
        analyse(state.view(0))
    with pytest.raises(sr.InvalidStateError, match="seat 1 to play a card, and seat 0"):
        analyse(state.view(1))
    with pytest.raises(sr.InvalidStateError, match="deals must be a whole number"):
        analyse(state.view(0), deals=0)
    with pytest.raises(sr.InvalidStateError, match="seed must be a whole number"):
        analyse(state.view(0), seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(sr.InvalidStateError, match="takes a PlayerView"):
        analyse(state)  # type: ignore[arg-type]


def test_the_pimc_bot_plays_whole_games_the_same_with_the_same_seed() -> None:
    rules = sr.Ruleset.scopa()

    def game(seed: int) -> sr.GameState:
        state = sr.new_game(rules, seed=seed)
        rng = random.Random(seed)
        bot = PimcBot(deals=2, endgame=6)
        while not state.is_over and state.hand_number < 2:
            seat = state.current_player
            assert seat is not None
            move = bot.choose(state.view(seat), rng)
            assert move in state.legal_moves()
            state = state.apply(move)
        return state

    assert game(4) == game(4)


def test_a_move_analysis_reads_in_words() -> None:
    hint = MoveAnalysis(sr.Move.parse("7D"), -0.5, 1, 1)
    assert (
        hint.reason
        == "7D: -0.50 points on average over 1 deal, a best move in 1 of them"
    )
