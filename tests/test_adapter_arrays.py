"""The adapters' numpy arrays hold exactly the core encoding's numbers."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import scopa_rules as sr
from scopa_rules import strategies as sst
from scopa_rules.adapters._arrays import action_mask_array, observation_array

states = sst.game_states(sst.presets() | sst.rulesets(max_table_size=8), max_moves=60)


@given(states, st.data())
def test_the_observation_array_is_the_observation(
    state: sr.GameState, data: st.DataObject
) -> None:
    point = sr.ActionState(state)
    # Into an open capture now and then: its blocks are part of the array.
    while not point.is_terminal and data.draw(st.booleans()):
        step = point.step(data.draw(st.sampled_from(point.legal_actions())))
        if isinstance(step, sr.Move):
            break
        point = step
    for seat in range(state.rules.players):
        array = observation_array(point, seat)
        assert array.dtype == np.float32
        assert array.flags.writeable
        assert array.tolist() == list(point.observe(seat))
        assert observation_array(point, seat) is not array


@given(states)
def test_the_mask_arrays_are_the_mask(state: sr.GameState) -> None:
    point = sr.ActionState(state)
    for dtype in (np.int8, np.bool_):
        mask = action_mask_array(point, dtype)
        assert mask.dtype == dtype
        assert mask.flags.writeable
        assert mask.astype(int).tolist() == list(point.action_mask())
