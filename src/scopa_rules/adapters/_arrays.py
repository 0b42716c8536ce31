"""Observations and action masks as numpy arrays, for the adapters.

The entries are those of :func:`scopa_rules.observe`.  The core writes the
whole observation as float32 bytes and numpy takes them in one call: this
costs less than converting some 350 Python floats, or several numpy calls on
small arrays, each of which has a fixed cost larger than the work.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..encoding import NUM_ACTIONS, ActionState, action_flags
from ..observation import state_entries

FloatArray = np.ndarray[Any, np.dtype[np.float32]]

# numpy looks a dtype given as a type up at every call, an instance not.
FLOAT32 = np.dtype(np.float32)
INT8 = np.dtype(np.int8)
BOOL = np.dtype(np.bool_)
_ndarray = np.ndarray


def observation_array(point: ActionState, seat: int) -> FloatArray:
    """``point.observe(seat)`` as a float32 array of its own."""
    data: bytearray = state_entries(point.state, seat, point.played, point.taken, True)
    # Made straight on the buffer, as the mask is (see below).
    array: FloatArray = _ndarray(len(data) >> 2, FLOAT32, data)
    return array


def action_mask_array(point: ActionState, dtype: np.dtype[Any]) -> np.ndarray[Any, Any]:
    """``point.action_mask()`` as an array of ``dtype`` (:data:`INT8` or
    :data:`BOOL`: one byte an entry, 1 for true), of its own."""
    # The array made straight on the flags' buffer: np.frombuffer() costs
    # a third more for these 96 bytes.
    mask: np.ndarray[Any, Any] = _ndarray(
        NUM_ACTIONS, dtype, action_flags(point.legal_actions())
    )
    return mask
