"""The action encoding and the observation vectors.

Round trip: in random states of every preset and of random rulesets, every
legal move is said by exactly one action sequence, and walking the legal
actions from a position reaches exactly the legal moves.  No leak: a state
whose hidden cards are dealt again (:meth:`PlayerView.sample`) gives every
seat the same observation.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scopa_rules as sr
from helpers import position
from scopa_rules import strategies as sst

any_rules = sst.presets() | sst.rulesets(max_table_size=8)
states = sst.game_states(any_rules, max_moves=60)


def walk(point: sr.ActionState) -> list[tuple[tuple[int, ...], sr.Move]]:
    """Every action sequence from ``point`` that completes a move."""
    found: list[tuple[tuple[int, ...], sr.Move]] = []
    for action in point.legal_actions():
        step = point.step(action)
        if isinstance(step, sr.Move):
            found.append(((action,), step))
        else:
            found.extend(((action, *rest), move) for rest, move in walk(step))
    return found


@given(states)
def test_every_legal_move_round_trips(state: sr.GameState) -> None:
    moves = state.legal_moves()
    sequences = [sr.encode_move(state, move) for move in moves]
    assert len(set(sequences)) == len(moves)
    for move, actions in zip(moves, sequences, strict=True):
        assert sr.decode_actions(state, actions) == move
        assert all(0 <= a < sr.NUM_ACTIONS and a < 83 for a in actions)


@given(states)
def test_the_legal_actions_reach_exactly_the_legal_moves(state: sr.GameState) -> None:
    found = walk(sr.ActionState(state))
    assert sorted(str(move) for _, move in found) == sorted(
        str(move) for move in state.legal_moves()
    )
    for actions, move in found:
        assert sr.encode_move(state, move) == actions


@given(states)
def test_applying_an_action_is_applying_what_it_says(state: sr.GameState) -> None:
    # apply() takes a card with a single move straight to the next state:
    # the same state as stepping and applying the move, whatever the path.
    point = sr.ActionState(state)
    for action in point.legal_actions():
        after = point.apply(action)
        step = sr.ActionState(state).step(action)
        if isinstance(step, sr.Move):
            assert after == sr.ActionState(state.apply(step))
            assert after.legal_actions() == sr.ActionState(after.state).legal_actions()
        else:
            assert after == step


@given(states)
def test_the_mask_marks_the_legal_actions(state: sr.GameState) -> None:
    point = sr.ActionState(state)
    assert point.candidates() == state.legal_moves()
    mask = point.action_mask()
    assert len(mask) == sr.NUM_ACTIONS
    assert tuple(i for i, legal in enumerate(mask) if legal) == point.legal_actions()
    assert any(mask) or state.current_player is None


@given(states, st.randoms(use_true_random=False))
def test_observations_depend_only_on_what_the_seat_knows(
    state: sr.GameState, rng: random.Random
) -> None:
    rules = state.rules
    bounds = sr.observation_bounds(rules)
    for seat in range(rules.players):
        view = state.view(seat)
        vector = sr.observe(view)
        assert len(vector) == sr.observation_size(rules) == len(bounds)
        assert all(0 <= x <= top for x, top in zip(vector, bounds, strict=True))
        if not state.is_over:
            other = view.sample(rng)
            assert sr.observe(other.view(seat)) == vector
            assert sr.ActionState(other).observe(seat) == vector


@given(states)
def test_the_layout_tiles_the_vector(state: sr.GameState) -> None:
    layout = sr.observation_layout(state.rules)
    ends = 0
    for start, size in layout.values():
        assert start == ends
        ends += size
    assert ends == sr.observation_size(state.rules)
    vector = sr.observe(state.view(0))
    start, size = layout["hand"]
    assert (
        sr.CardSet(sr.Card.from_index(i) for i in range(size) if vector[start + i])
        == state.hands[0]
    )


def test_an_open_capture_shows_in_every_seats_observation() -> None:
    rules = sr.Ruleset.scopa(capture_mode="match_or_fifteen")
    state = position(rules, ["5H", "AD"], "5S 5D")
    point = sr.ActionState(state).apply(14).apply(44)
    assert point.played == sr.Card.parse("5H")
    assert point.taken == sr.CardSet("5D")
    layout = sr.observation_layout(rules)
    for seat in (0, 1):
        vector = point.observe(seat)
        start, _ = layout["played"]
        assert vector[start + 14] == 1.0
        start, _ = layout["taken"]
        assert vector[start + 4] == 1.0
    assert point.apply(sr.STOP_ACTION).state.table == sr.CardSet("5S")


def test_seats_and_sides_are_counted_from_the_viewer() -> None:
    state = sr.new_game(sr.Ruleset.scopa(players=3), seed=2)
    layout = sr.observation_layout(state.rules)
    start, size = layout["to_move"]
    dealer_start, _ = layout["dealer"]
    for seat in range(3):
        vector = sr.observe(state.view(seat))
        assert vector[start + (0 - seat) % 3] == 1.0
        assert sum(vector[start : start + size]) == 1.0
        assert vector[dealer_start + (state.dealer - seat) % 3] == 1.0


def test_chkobba_first_card_decisions_are_their_own_actions() -> None:
    state = sr.new_game(sr.Ruleset.chkobba(), seed=1)
    point = sr.ActionState(state)
    assert point.legal_actions() == (
        sr.KEEP_FIRST_CARD_ACTION,
        sr.TABLE_FIRST_CARD_ACTION,
    )
    keep, table = state.legal_moves()
    assert sr.encode_move(state, keep) == (sr.KEEP_FIRST_CARD_ACTION,)
    assert sr.encode_move(state, table) == (sr.TABLE_FIRST_CARD_ACTION,)
    assert sr.decode_action(state, sr.TABLE_FIRST_CARD_ACTION) == table
    chooser = state.current_player
    assert chooser is not None
    layout = sr.observation_layout(state.rules)
    start, _ = layout["first_card"]
    assert state.first_card is not None
    assert point.observe(chooser)[start + state.first_card.index] == 1.0
    assert 1.0 not in point.observe(1 - chooser)[start : start + 40]
    kept = point.apply(sr.KEEP_FIRST_CARD_ACTION)
    start, _ = layout["first_card_was"]
    assert kept.observe(0)[start : start + 2] == (1.0, 0.0)


def test_a_trail_beside_captures_ends_with_stop() -> None:
    state = position(sr.Ruleset.escoba(), ["5H", "AD"], "KS")
    moves = state.legal_moves()
    assert [sr.encode_move(state, m) for m in moves] == [(14, 69), (14, 82)]


def test_a_finished_game_has_no_actions() -> None:
    state = sr.play_game(sr.Ruleset.scopa(), [sr.RandomBot(), sr.RandomBot()], seed=3)
    point = sr.ActionState(state)
    assert point.is_terminal
    assert point.current_player is None
    assert point.legal_actions() == ()
    with pytest.raises(sr.IllegalMoveError, match=r"legal actions: none \(no seat"):
        point.apply(0)


def test_errors_name_what_was_wrong_and_what_is_legal() -> None:
    state = sr.new_game(seed=7)
    with pytest.raises(
        sr.IllegalMoveError,
        match=r"action 0 is not legal here \(no card played yet\); legal actions: 2 \(play 3D\)",
    ):
        sr.ActionState(state).apply(0)
    rules = sr.Ruleset.scopa(capture_mode="match_or_fifteen")
    open_state = position(rules, ["5H", "AD"], "5S 5D")
    with pytest.raises(
        sr.IllegalMoveError,
        match=r"5H played, taken 5D\); legal actions: 64 \(take 5S\), 82 \(stop\)",
    ):
        sr.ActionState(open_state).apply(14).apply(44).apply(14)
    with pytest.raises(sr.AmbiguousMoveError, match="leave the move open"):
        sr.decode_actions(open_state, [])
    with pytest.raises(sr.IllegalMoveError, match="say more than one move"):
        sr.decode_actions(state, [19, 2])
    with pytest.raises(sr.IllegalMoveError, match="cannot encode 7D"):
        sr.encode_move(state, sr.Move.parse("7D"))
    for bad in (-1, 96, "3"):
        with pytest.raises(sr.IllegalMoveError, match="action ids are 0 to 95"):
            sr.describe_action(bad)  # type: ignore[arg-type]
    for not_an_id in (1.0, True, "19"):
        with pytest.raises(
            sr.IllegalMoveError, match="an action id is an integer, not"
        ):
            sr.ActionState(state).apply(not_an_id)  # type: ignore[arg-type]
    with pytest.raises(sr.InvalidStateError, match="observe needs a PlayerView"):
        sr.observe(state)  # type: ignore[arg-type]


def test_copies_are_the_same_value() -> None:
    import copy

    point = sr.ActionState(sr.new_game(seed=7))
    assert copy.copy(point) is point
    assert copy.deepcopy(point) is point


def test_scores_are_bounded_above_the_target() -> None:
    bounds = sr.observation_bounds(sr.Ruleset.scopa(target_score=21))
    start, size = sr.observation_layout(sr.Ruleset.scopa())["scores"]
    assert bounds[start : start + size] == (81.0, 81.0)


@given(states, st.data())
def test_an_action_states_observation_is_its_views(
    state: sr.GameState, data: st.DataObject
) -> None:
    point = sr.ActionState(state)
    while not point.is_terminal and data.draw(st.booleans()):
        step = point.step(data.draw(st.sampled_from(point.legal_actions())))
        if isinstance(step, sr.Move):
            break
        point = step
    for seat in range(state.rules.players):
        view = point.state.view(seat)
        expected = sr.observe(view, played=point.played, taken=point.taken)
        assert point.observe(seat) == expected


def test_a_score_above_255_is_observed_whole() -> None:
    # A target of 1001 and scores of 300 are observed as they are.
    rules = sr.Ruleset.scopa(target_score=1001)
    state = position(rules, ["5H", "AD"], "5S 5D", scores=(300, 255))
    vector = sr.observe(state.view(0))
    start, size = sr.observation_layout(state.rules)["scores"]
    assert vector[start : start + size] == (300.0, 255.0)
    assert vector[-1] == 1001.0
    assert sr.ActionState(state).observe(0) == vector


def test_a_sample_keeps_a_kept_card_after_a_tabled_one() -> None:
    # Kings redeals give a hand several first-card decisions: keep, table,
    # keep.  Another seat sees only the tabled one; a sample of its view must
    # still say the card was kept, so its observation stays the same.
    state = sr.new_game(sr.Ruleset.chkobba(redeal_kings=1), seed=20)
    for index in (0, 1, 0):
        state = state.apply(state.legal_moves()[index])
    assert [t.move.kind.value for t in state.turns_this_hand] == [
        "keep",
        "table",
        "keep",
    ]
    view = state.view(1)
    sample = view.sample(random.Random(0))
    assert sample.view(1) == view
    assert sr.observe(sample.view(1)) == sr.observe(view)


def test_a_sample_while_a_redealt_first_card_is_decided() -> None:
    state = sr.new_game(sr.Ruleset.chkobba(redeal_kings=1), seed=10)
    state = state.apply(state.legal_moves()[0])
    assert state.phase is sr.Phase.FIRST_CARD
    view = state.view(1)
    assert view.first_card_kept is True
    assert view.sample(random.Random(0)).view(1) == view


def test_an_action_state_checks_what_it_is_given() -> None:
    state = sr.new_game(seed=7)
    hand = state.hands[0]
    with pytest.raises(sr.InvalidStateError, match="needs a GameState, not 5"):
        sr.ActionState(5)  # type: ignore[arg-type]
    with pytest.raises(sr.InvalidStateError, match="taken must be a CardSet"):
        sr.ActionState(state, None, "2D")  # type: ignore[arg-type]
    with pytest.raises(sr.InvalidStateError, match="need a played card"):
        sr.ActionState(state, None, sr.CardSet("2D"))
    with pytest.raises(sr.InvalidStateError, match="played must be a Card or None"):
        sr.ActionState(state, "3D")  # type: ignore[arg-type]
    with pytest.raises(
        sr.InvalidStateError,
        match=r"no legal move plays 7D and takes nothing first \(legal moves: 3D, KH, 5C\)",
    ):
        sr.ActionState(state, sr.Card.parse("7D"))
    played = min(hand)
    assert sr.ActionState(state, played).candidates() == tuple(
        m for m in state.legal_moves() if m.card is played
    )
    over = sr.play_game(sr.Ruleset.scopa(), [sr.RandomBot(), sr.RandomBot()], seed=3)
    with pytest.raises(sr.InvalidStateError, match="legal moves: none"):
        sr.ActionState(over, sr.Card.parse("7D"))
