"""Observations and action masks as numpy arrays, for the adapters.

The entries are those of :func:`scopa_rules.observe`; numpy unpacks the card
blocks from their masks in one call, which costs less than converting some
350 Python floats.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..encoding import NUM_ACTIONS, ActionState
from ..observation import _state_parts

FloatArray = np.ndarray[Any, np.dtype[np.float32]]


def observation_array(point: ActionState, seat: int) -> FloatArray:
    """``point.observe(seat)`` as a float32 array."""
    masks, numbers = _state_parts(point.state, seat, point.played, point.taken)
    raw = b"".join([mask.to_bytes(5, "little") for mask in masks])
    bits = np.unpackbits(np.frombuffer(raw, np.uint8), bitorder="little")
    out = np.empty(bits.size + len(numbers), np.float32)
    out[: bits.size] = bits
    out[bits.size :] = numbers
    return out


def action_mask_array(
    point: ActionState, dtype: type[np.generic]
) -> np.ndarray[Any, Any]:
    """``point.action_mask()`` as an array of ``dtype``."""
    mask = np.zeros(NUM_ACTIONS, dtype)
    mask[list(point.legal_actions())] = 1
    return mask
