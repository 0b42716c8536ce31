"""The adapters' numpy arrays hold exactly the core encoding's numbers."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

import numpy as np
from hypothesis import given

import scopa_rules as sr
from helpers import position
from scopa_rules import strategies as sst
from scopa_rules.adapters._arrays import (
    BOOL,
    INT8,
    action_mask_array,
    observation_array,
)

states = sst.game_states(sst.presets() | sst.rulesets(max_table_size=8), max_moves=60)


def _points(state: sr.GameState) -> list[sr.ActionState]:
    """The state's action state and every capture its actions leave open,
    one and two actions deep: their played and taken blocks are in the
    array too."""
    start = sr.ActionState(state)
    points = [start]
    for action in start.legal_actions():
        opened = start.step(action)
        if isinstance(opened, sr.ActionState):
            points.append(opened)
            for more in opened.legal_actions():
                deeper = opened.step(more)
                if isinstance(deeper, sr.ActionState):
                    points.append(deeper)
    return points


@given(states)
def test_the_observation_array_is_the_observation(state: sr.GameState) -> None:
    for point in _points(state):
        for seat in range(state.rules.players):
            array = observation_array(point, seat)
            assert array.dtype == np.float32
            assert array.flags.writeable
            assert array.tolist() == list(point.observe(seat))
            assert observation_array(point, seat) is not array


def test_a_number_above_255_is_a_float32_of_its_own() -> None:
    # Whole numbers below 256 are written from a table of float32 bytes,
    # larger ones packed: a target of 1001 and a score of 300.
    rules = sr.Ruleset.scopa(target_score=1001)
    state = position(rules, ["5H", "AD"], "5S 5D", scores=(300, 255))
    point = sr.ActionState(state)
    assert observation_array(point, 0).tolist() == list(point.observe(0))


@given(states)
def test_the_mask_arrays_are_the_mask(state: sr.GameState) -> None:
    point = sr.ActionState(state)
    for dtype in (INT8, BOOL):
        mask = action_mask_array(point, dtype)
        assert mask.dtype == dtype
        assert mask.flags.writeable
        assert mask.astype(int).tolist() == list(point.action_mask())
