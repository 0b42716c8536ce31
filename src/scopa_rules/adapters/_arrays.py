"""Observations and action masks as numpy arrays, for the adapters.

The entries are those of :func:`scopa_rules.observe`.  The core writes the
whole observation as float32 bytes (each byte of the card blocks' masks
indexes a table of eight float32 entries, the numbers that follow are packed
by :mod:`struct`) and numpy takes them in one call.  This costs less than
converting some 350 Python floats, or several numpy calls on small arrays,
each of which has a fixed cost larger than the work.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..encoding import NUM_ACTIONS, ActionState, _action_flags
from ..observation import _COMPILED, _float32_bytes, _state_float32, _state_parts

FloatArray = np.ndarray[Any, np.dtype[np.float32]]

# numpy looks a dtype given as a type up at every call, an instance not.
FLOAT32 = np.dtype(np.float32)
INT8 = np.dtype(np.int8)
BOOL = np.dtype(np.bool_)
_ndarray = np.ndarray


def _observation_array_by_fields(point: ActionState, seat: int) -> FloatArray:
    """``point.observe(seat)`` as a float32 array of its own."""
    data = _state_float32(point.state, seat, point.played, point.taken)
    # Made straight on the buffer, as the mask is (see below).
    array: FloatArray = _ndarray(len(data) >> 2, FLOAT32, data)
    return array


def _observation_array_by_parts(point: ActionState, seat: int) -> FloatArray:
    """The same the pure-Python build's way, its two steps called from here:
    in Python, a call less is a fiftieth of a PettingZoo step."""
    data = _float32_bytes(_state_parts(point.state, seat, point.played, point.taken))
    array: FloatArray = _ndarray(len(data) >> 2, FLOAT32, data)
    return array


observation_array = (
    _observation_array_by_fields if _COMPILED else _observation_array_by_parts
)


def action_mask_array(point: ActionState, dtype: np.dtype[Any]) -> np.ndarray[Any, Any]:
    """``point.action_mask()`` as an array of ``dtype`` (:data:`INT8` or
    :data:`BOOL`: one byte an entry, 1 for true), of its own."""
    # The array made straight on the flags' buffer: np.frombuffer() costs
    # a third more for these 96 bytes.
    mask: np.ndarray[Any, Any] = _ndarray(
        NUM_ACTIONS, dtype, _action_flags(point.legal_actions())
    )
    return mask
