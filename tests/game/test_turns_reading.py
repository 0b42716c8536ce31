"""A hand's turns read from its states in any order: states of one game and
of several games, read late then early, in threads, give the same turns as
the moves that made them (the turns read last are kept to speed up the
next read, see ``GameState.turns_this_hand``)."""

from __future__ import annotations

import random
import threading

from hypothesis import given, settings
from hypothesis import strategies as st

import scopa_rules as sr
from profiles import examples


def game_states(seed: int) -> list[tuple[sr.GameState, tuple[sr.Turn, ...]]]:
    """Every state of a random game and the turns of its hand so far, as the
    moves were played."""
    rules = sr.Ruleset.from_name(("scopa", "scopone", "chkobba", "cirulla")[seed % 4])
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    turns: tuple[sr.Turn, ...] = ()
    hand = state.hand_number
    out = [(state, turns)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        move = rng.choice(state.legal_moves())
        state = state.apply(move)
        if state.hand_number != hand or state.is_over:
            # A finished hand (the last one too) leaves no turns behind.
            hand, turns = state.hand_number, ()
        else:
            turns = (*turns, sr.Turn(seat, move))
        out.append((state, turns))
    return out


@settings(max_examples=examples(20), deadline=None)
@given(st.integers(0, 2**20), st.integers(0, 2**20), st.randoms(use_true_random=False))
def test_turns_read_in_any_order_are_the_moves_played(
    first: int, second: int, rng: random.Random
) -> None:
    states = game_states(first) + game_states(second)
    order = list(range(len(states)))
    rng.shuffle(order)
    # Forward runs (the kept turns help), backward runs and jumps between
    # the games (they do not).
    for index in [*range(len(states)), *order, *reversed(range(len(states)))]:
        state, turns = states[index]
        assert state.turns_this_hand == turns
        assert state.moves_this_hand == tuple(turn.move for turn in turns)


def test_views_in_threads_see_their_own_hands_turns() -> None:
    games = [game_states(seed) for seed in range(4)]
    failures: list[str] = []

    def read(states: list[tuple[sr.GameState, tuple[sr.Turn, ...]]]) -> None:
        for _ in range(20):
            for state, turns in states:
                seat = state.current_player
                if seat is None:
                    continue
                # Another seat's kept first card is its secret.
                seen = tuple(
                    turn
                    for turn in turns
                    if turn.seat == seat
                    or turn.move.kind is not sr.MoveKind.KEEP_FIRST_CARD
                )
                if state.view(seat).turns != seen:
                    failures.append(f"{state.view(seat).turns} != {seen}")

    threads = [threading.Thread(target=read, args=(states,)) for states in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
