"""States shared between threads, and costs that must not grow with the game.

A finished hand's successor deals its next hand when first read: two threads
reading it at once must see the same deal.  Ending a hand must cost the same
after a thousand hands as after one, and a long game must still compare,
hash and pickle.
"""

from __future__ import annotations

import copy
import pickle
import random
import sys
import threading
import tracemalloc
from collections.abc import Iterator

import pytest

import scopa_rules as sr
import scopa_rules.state as state_module
from helpers import position


def _hand_end(rules: sr.Ruleset, seed: int) -> tuple[sr.GameState, sr.Move]:
    """The last state of the first hand and the move that ends it."""
    state = sr.new_game(rules, seed=seed)
    while True:
        move = state.legal_moves()[0]
        after = state.apply(move)
        if after.hand_number != state.hand_number:
            return state, move
        state = after


def test_a_thread_paused_mid_deal_does_not_make_another_deal_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Thread A deals the pending hand and is held after it stores the dealt
    # fields but before it stores the legal-move slot; thread B reads the
    # state in that window and must see the very same deal.
    rules = sr.Ruleset.scopa(players=4)
    last, move = _hand_end(rules, seed=11)
    reference = last.apply(move)
    expected = (reference.hands, reference.table, reference.stock)
    shared = last.apply(move)  # its next hand is not dealt yet

    published = threading.Event()
    resume = threading.Event()
    real_set_moves = state_module._set_moves
    holder: dict[str, threading.Thread] = {}

    def slow_set_moves(state: sr.GameState, moves: tuple[sr.Move, ...] | None) -> None:
        if state is shared and threading.current_thread() is holder.get("thread"):
            published.set()
            assert resume.wait(10)
        real_set_moves(state, moves)

    monkeypatch.setattr(state_module, "_set_moves", slow_set_moves)
    seen: dict[str, object] = {}

    def first_reader() -> None:
        seen["a"] = (shared.hands, shared.table, shared.stock)

    def second_reader() -> None:
        shared.legal_moves()
        seen["b"] = (shared.hands, shared.table, shared.stock)

    a = threading.Thread(target=first_reader)
    holder["thread"] = a
    a.start()
    assert published.wait(10)
    b = threading.Thread(target=second_reader)
    b.start()
    b.join(10)
    resume.set()
    a.join(10)
    assert seen["b"] == expected
    assert seen["a"] == expected
    assert shared == reference
    assert sr.GameState.from_dict(shared.to_dict()) == shared


def test_many_threads_reading_one_state_see_one_deal() -> None:
    # The reproducer, smaller: eight threads released together on a
    # state whose next hand is pending.
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        bad = 0
        for seed in range(40):
            last, move = _hand_end(sr.Ruleset.scopa(players=4), seed)
            reference = last.apply(move).hands
            shared = last.apply(move)
            barrier = threading.Barrier(8)

            def read(
                shared: sr.GameState = shared, barrier: threading.Barrier = barrier
            ) -> None:
                barrier.wait()
                shared.legal_moves()

            threads = [threading.Thread(target=read) for _ in range(8)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            bad += shared.hands != reference
    finally:
        sys.setswitchinterval(old)
    assert bad == 0


def _long_game(hands: int, seed: int = 5) -> Iterator[sr.GameState]:
    """States of one long game, each the first state of a new hand."""
    rules = sr.Ruleset.scopa(target_score=1_000_000)
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    yield state
    while state.hand_number < hands:
        number = state.hand_number
        while state.hand_number == number:
            state = state.apply(rng.choice(state.legal_moves()))
        yield state


def _last_state_of_hand(state: sr.GameState) -> tuple[sr.GameState, sr.Move]:
    number = state.hand_number
    while True:
        move = state.legal_moves()[0]
        after = state.apply(move)
        if after.hand_number != number:
            return state, move
        state = after


def test_ending_a_hand_allocates_the_same_after_many_hands() -> None:
    # Ending a hand used to copy the tuple of every finished hand: after
    # 1,500 hands that alone is 12 kB.  Now it adds one node.
    states = list(_long_game(1500))
    early, early_move = _last_state_of_hand(states[1])
    late, late_move = _last_state_of_hand(states[-1])

    def allocated(state: sr.GameState, move: sr.Move) -> int:
        tracemalloc.start()
        try:
            state.apply(move)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    early_cost = allocated(early, early_move)
    late_cost = allocated(late, late_move)
    assert late_cost < early_cost + 4000


@pytest.mark.slow
def test_a_long_game_compares_hashes_and_pickles() -> None:
    # 2,500 finished hands: a chain walked by recursion would exceed the
    # recursion limit.
    *_, state = _long_game(2500)
    assert len(state.hand_results) == 2500
    again = pickle.loads(pickle.dumps(state))
    assert again == state
    assert hash(again) == hash(state)
    assert again.hand_results[1234] == state.hand_results[1234]
    assert state.last_hand == state.hand_results[-1]
    *_, other = _long_game(2500, seed=6)
    assert other != state


def test_playing_on_leaves_the_finished_hands_of_earlier_states_as_they_were() -> None:
    # Two lines of play from one state each finish a hand: they share the
    # hands before it, differ in the new one, and leave the state they
    # left from as it was.
    *_, start = _long_game(6)
    before = start.hand_results
    ends = []
    for pick in (0, -1):
        state = start
        while state.hand_number == start.hand_number:
            state = state.apply(state.legal_moves()[pick])
        ends.append(state)
    one, other = ends
    assert start.hand_results == before
    assert len(one.hand_results) == len(other.hand_results) == len(before) + 1
    assert all(
        mine is shared is theirs
        for mine, shared, theirs in zip(
            one.hand_results, before, other.hand_results, strict=False
        )
    )
    assert one.hand_results[-1] != other.hand_results[-1]
    assert one != other
    assert one.apply(one.legal_moves()[0]) != other.apply(other.legal_moves()[0])
    # An unpickled state holds the same hands, made again.
    again = pickle.loads(pickle.dumps(one))
    assert again.hand_results == one.hand_results
    assert again.hand_results[0] is not one.hand_results[0]
    assert again == one
    assert one == again
    assert hash(again) == hash(one)
    assert pickle.loads(pickle.dumps(other)) != one


def test_hand_results_are_read_once_per_state_of_a_hand() -> None:
    # A search asks len(state.hand_results) every ply: after the first read
    # the states of the hand share the same tuple.
    states = list(_long_game(30))
    late = states[-1]
    first = late.hand_results
    assert late.hand_results is first
    after = late.apply(late.legal_moves()[0])
    assert after.hand_results is first
    assert len(first) == 30


def test_views_cost_the_same_late_in_a_game() -> None:
    # A view folds the finished hands as its seat saw them, one step per
    # hand since the last view: after 30 hands it reuses what the previous
    # hand's view worked out, and equals a view built from scratch.
    states = list(_long_game(30))
    for state in states:
        state.view(1)
    late = states[-1]
    assert late.view(1).hand_results == tuple(
        sr.PlayerView.of(pickle.loads(pickle.dumps(late)), 1).hand_results
    )
    assert late.view(1).hand_results is late.view(1).hand_results


def test_the_finished_hands_of_each_hand_extend_those_of_the_last() -> None:
    # Reading the finished hands at every hand of a game works out the new
    # hand's result alone: the older ones are the very objects read before.
    states = list(_long_game(12))
    read: tuple[sr.HandResult, ...] = ()
    for state in states:
        results = state.hand_results
        assert results[: len(read)] == read
        assert all(old is new for old, new in zip(read, results, strict=False))
        read = results
    # An earlier state asked again, after a later one, still has its own.
    assert states[3].hand_results == read[:3]


def _game_of(rules: sr.Ruleset, hands: int, seed: int) -> sr.GameState:
    """A random game of ``rules`` after ``hands`` finished hands (or over)."""
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    while len(state.hand_results) < hands and not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def test_a_pickle_carries_the_finished_hands_compactly() -> None:
    # The results themselves are hundreds of objects a hand: a pickle that
    # carried them grew by 1.3 kB a hand and cost 100 times more after 20
    # hands than at the first.  It carries what they are made from.
    first = _game_of(sr.Ruleset.scopa(target_score=1_000_000), 0, seed=3)
    late = _game_of(sr.Ruleset.scopa(target_score=1_000_000), 20, seed=3)
    data = pickle.dumps(late)
    assert b"HandResult" not in data
    assert b"HandScore" not in data
    assert len(data) - len(pickle.dumps(first)) < 20 * 400
    assert pickle.loads(pickle.dumps(first)) == first
    again = pickle.loads(data)
    assert again == late
    assert hash(again) == hash(late)
    assert again.hand_results == late.hand_results
    assert copy.deepcopy(again) is again


def test_threads_reading_an_unpickled_state_at_once_see_its_hands() -> None:
    # Each may unpack the hands itself: they store equal values.
    state = _game_of(sr.Ruleset.scopa(target_score=1_000_000), 8, seed=9)
    data = pickle.dumps(state)
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for _ in range(10):
            shared = pickle.loads(data)
            barrier = threading.Barrier(6)
            seen: list[object] = []

            def read(
                shared: sr.GameState = shared,
                barrier: threading.Barrier = barrier,
                seen: list[object] = seen,
            ) -> None:
                barrier.wait()
                seen.append((shared.hand_results, hash(shared), shared.last_hand))

            threads = [threading.Thread(target=read) for _ in range(6)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            expected = (state.hand_results, hash(state), state.last_hand)
            assert seen == [expected] * 6
    finally:
        sys.setswitchinterval(old)


def test_an_unpickled_state_pickles_as_it_did_and_plays_on() -> None:
    state = _game_of(sr.Ruleset.scopa(target_score=1_000_000), 6, seed=4)
    data = pickle.dumps(state)
    again = pickle.loads(data)
    assert pickle.dumps(again) == data
    later = again
    while later.hand_number == again.hand_number:
        later = later.apply(later.legal_moves()[0])
    assert pickle.loads(pickle.dumps(later)).hand_results[:6] == state.hand_results
    assert later.hand_results[:6] == state.hand_results
    assert len(later.hand_results) == 7
    assert later.last_hand == later.hand_results[-1]


@pytest.mark.parametrize(
    "rules",
    [
        sr.Ruleset.scopa(players=4, target_score=40),
        sr.Ruleset.chkobba(target_score=40),
        sr.Ruleset.cirulla(target_score=80),
        sr.Ruleset.escoba(players=3),
        sr.Ruleset.scopa(redeal_kings=1),
    ],
    ids=["scopa-4", "chkobba", "cirulla", "escoba-3", "redeals"],
)
def test_every_kind_of_hand_survives_a_pickle(rules: sr.Ruleset) -> None:
    # First-card decisions, declarations, redealt decks, three sides: each
    # is packed and unpacked exactly.
    for seed in range(3):
        state = _game_of(rules, 4, seed)
        again = pickle.loads(pickle.dumps(state))
        assert again.hand_results == state.hand_results
        assert again == state
        assert hash(pickle.loads(pickle.dumps(state))) == hash(state)


def test_a_hand_begun_from_a_position_survives_a_pickle() -> None:
    # It has no deck.
    rules = sr.Ruleset.scopa()
    state = position(rules, ["5D", "6S"], rest_to=0)
    state = state.apply(sr.Move.parse("5D")).apply(sr.Move.parse("6S"))
    (result,) = state.hand_results
    assert result.deck is None
    again = pickle.loads(pickle.dumps(state))
    assert again.hand_results == (result,)
    assert again == state


def test_a_sampled_state_pickles_its_results_whole() -> None:
    # A determinized sample holds the results as its seat saw them, not a
    # finished hand's inputs: they go into the bytes pickled whole.
    state = _game_of(sr.Ruleset.scopa(), 2, seed=8)
    sample = state.view(1).sample(random.Random(2))
    again = pickle.loads(pickle.dumps(sample))
    assert again == sample
    assert again.hand_results == sample.hand_results == state.view(1).hand_results
