"""GameState.position_key: equal for transpositions, different for anything
that changes the game's future."""

from __future__ import annotations

import pickle
from typing import Any

import scopa_rules as sr
from helpers import position


def start(rules: sr.Ruleset | None = None, **options: Any) -> sr.GameState:
    rules = rules or sr.Ruleset.scopa()
    return position(rules, ["2D 3D QS", "7H 7S 7C"], "KC", **options)


def play(state: sr.GameState, *moves: str) -> sr.GameState:
    for text in moves:
        state = state.apply(sr.Move.parse(text))
    return state


def test_transpositions_share_a_key_but_not_equality() -> None:
    one = play(start(), "2D", "7H", "3D")
    other = play(start(), "3D", "7H", "2D")
    assert one != other
    assert one.position_key() == other.position_key()
    assert hash(one.position_key()) == hash(other.position_key())
    assert one.legal_moves() == other.legal_moves()


def test_different_positions_have_different_keys() -> None:
    base = play(start(), "2D", "7H")
    keys = {
        base.position_key(),
        play(start(), "2D", "7S").position_key(),  # another card on the table
        play(start(), "3D", "7H").position_key(),  # another card in hand
        start().position_key(),  # another seat to move
        start(sr.Ruleset.scopa(target_score=21)).position_key(),  # other rules
        start(scores=[3, 0]).position_key(),  # other match scores
        start(sweeps=[0, 1]).position_key(),  # other sweeps
    }
    assert len(keys) == 7


def test_the_key_is_plain_data_that_survives_pickling() -> None:
    state = sr.new_game(seed=11)
    key = state.position_key()
    assert pickle.loads(pickle.dumps(key)) == key
    assert pickle.loads(pickle.dumps(state)).position_key() == key
