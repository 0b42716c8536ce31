"""What the loaders accept is bounded, and replay costs the same on any table
(issue #12, part 3).

Loading a record replays it, so its cost grows with its length: the loaders
refuse records of more than ``MAX_TURNS`` turns or decks and targets over
``MAX_TARGET_SCORE``, and both limits can be raised by the caller.  Replay
checks each move in one pass over the table instead of listing every
capture of the card (thousands on a big house-rules table): tested here
without timing, by the capture caches staying empty, and by the check
agreeing with the list of legal moves everywhere.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scopa_rules as sr
from profiles import examples
from scopa_rules import strategies as sst


def played(rules: sr.Ruleset, plies: int, seed: int = 1) -> sr.GameState:
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    for _ in range(plies):
        state = state.apply(rng.choice(state.legal_moves()))
    return state


LONG = played(sr.Ruleset.scopa(target_score=21), 120)


def test_the_default_limits_are_documented_figures() -> None:
    assert sr.MAX_TURNS == 20_000
    assert sr.MAX_TARGET_SCORE == 500


def test_a_record_longer_than_max_turns_is_refused_unless_the_limit_is_raised() -> None:
    record = LONG.record()
    data = record.to_dict()
    with pytest.raises(
        sr.InvalidStateError, match="has 120 turns, more than max_turns=100"
    ):
        sr.GameRecord.from_dict(data, max_turns=100)
    assert sr.GameRecord.from_dict(data, max_turns=120) == record
    with pytest.raises(sr.InvalidStateError, match="max_turns=100"):
        sr.GameRecord.from_json(record.to_json(), max_turns=100)
    with pytest.raises(sr.InvalidStateError, match="max_turns=100"):
        sr.GameRecord.from_text(record.to_text(), max_turns=100)
    with pytest.raises(sr.InvalidStateError, match="max_turns=100"):
        sr.GameState.from_dict(LONG.to_dict(), max_turns=100)
    assert sr.GameState.from_dict(LONG.to_dict(), max_turns=120) == LONG


def test_a_record_with_more_decks_than_max_turns_is_refused() -> None:
    decks = [sr.Deck.shuffled(9, n) for n in range(5)]
    state = sr.new_game(sr.Ruleset.scopa(), decks=decks)
    data = state.record().to_dict()
    with pytest.raises(
        sr.InvalidStateError, match="has 5 decks, more than max_turns=4"
    ):
        sr.GameRecord.from_dict(data, max_turns=4)
    assert sr.GameRecord.from_dict(data, max_turns=5) == state.record()


def test_a_target_over_max_target_score_is_refused_unless_the_limit_is_raised() -> None:
    state = sr.new_game(sr.Ruleset.scopa(target_score=1_000_000), seed=3)
    data = state.record().to_dict()
    with pytest.raises(
        sr.InvalidStateError,
        match="plays to 1000000 points, more than max_target_score=500",
    ):
        sr.GameRecord.from_dict(data)
    with pytest.raises(sr.InvalidStateError, match="max_target_score=500"):
        sr.GameState.from_dict(state.to_dict())
    loaded = sr.GameRecord.from_dict(data, max_target_score=1_000_000)
    assert loaded == state.record()
    assert sr.GameState.from_dict(state.to_dict(), max_target_score=10**6) == state


@pytest.mark.parametrize("limit", [-1, True, 2.5, "10", None])
def test_a_limit_must_be_a_whole_number(limit: Any) -> None:
    data = LONG.record().to_dict()
    with pytest.raises(
        sr.InvalidStateError, match="must be a whole number of 0 or more"
    ):
        sr.GameRecord.from_dict(data, max_turns=limit)
    with pytest.raises(sr.InvalidStateError, match="max_target_score must be"):
        sr.GameRecord.from_dict(data, max_target_score=limit)


BIG_TABLE = sr.Ruleset(
    table_size=34,
    capture_mode="match_or_fifteen",
    capture_rule="free",
    redeal_kings=None,
    target_score=50,
)


# In a fresh process, where no capture was listed before: the memory that
# loading the record and the saved state takes at its peak, then the memory
# that listing the last state's moves once takes.
_REPLAY = """
import json, sys, tracemalloc
import scopa_rules as sr
record, saved = json.loads(sys.stdin.read())
tracemalloc.start()
final = sr.GameRecord.from_json(record).final_state()
again = sr.GameState.from_dict(saved)
replayed = tracemalloc.get_traced_memory()[1]
tracemalloc.reset_peak()
moves = len(final.legal_moves())
listed = tracemalloc.get_traced_memory()[1]
print(json.dumps([final.to_dict(), again == final, moves, replayed, listed]))
"""


def test_replaying_a_big_table_record_lists_no_captures() -> None:
    # Listing a card's captures on 34 table cards makes thousands of them;
    # checking the one capture played needs none, so replaying 60 turns
    # takes a fraction of the memory of listing one state's moves.
    state = played(BIG_TABLE, 60, seed=4)
    sent = json.dumps([state.record().to_json(), state.to_dict()])
    done = subprocess.run(
        [sys.executable, "-c", _REPLAY],
        input=sent,
        capture_output=True,
        text=True,
        check=True,
    )
    final, equal, moves, replayed, listed = json.loads(done.stdout)
    assert final == state.to_dict()
    assert equal
    assert moves == len(state.legal_moves()) > 1_000
    assert replayed * 4 < listed, (replayed, listed)


def candidate_moves(state: sr.GameState, rng: random.Random) -> list[sr.Move]:
    """The legal moves and random others: every card of the hand with random
    subsets of the table (and a card or two from elsewhere)."""
    hand = list(state.hands[state.current_player or 0])
    table = list(state.table)
    others = list(sr.ALL_CARDS - state.table)
    moves = list(state.legal_moves())
    for card in hand:
        moves.append(sr.Move(card))
        for _ in range(6):
            taken = rng.sample(table, rng.randint(1, len(table))) if table else []
            if rng.random() < 0.2:
                taken.append(rng.choice(others))
            if card not in taken and taken:
                moves.append(sr.Move(card, sr.CardSet(taken)))
    return moves


@settings(max_examples=examples(80), deadline=None)
@given(
    sst.game_states(sst.presets() | sst.rulesets(max_table_size=20), max_moves=40),
    st.randoms(use_true_random=False),
)
def test_the_one_move_check_agrees_with_the_legal_moves(
    state: sr.GameState, rng: random.Random
) -> None:
    if state.phase is not sr.Phase.PLAY:
        return
    legal = set(state.legal_moves())
    for move in candidate_moves(state, rng):
        assert state.is_legal(move) == (move in legal), move
