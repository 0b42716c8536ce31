"""Observations and action masks as numpy arrays, for the adapters.

The entries are those of :func:`scopa_rules.observe`.  The whole array is
written as float32 bytes and handed to numpy in one call: the card blocks'
masks become one integer whose bytes index a table of eight float32 entries
each, and the numbers that follow them are packed by :mod:`struct`.  This
costs less than converting some 350 Python floats, or several numpy calls on
small arrays, each of which has a fixed cost larger than the work.
"""

from __future__ import annotations

import struct
from typing import Any

import numpy as np

from ..encoding import NUM_ACTIONS, ActionState
from ..observation import _state_parts

FloatArray = np.ndarray[Any, np.dtype[np.float32]]

# Byte b of a mask as the float32 entries of its eight bits, lowest first.
_BYTE_ENTRIES = tuple(
    struct.pack("<8f", *[float(byte >> bit & 1) for bit in range(8)])
    for byte in range(256)
)


def observation_array(point: ActionState, seat: int) -> FloatArray:
    """``point.observe(seat)`` as a float32 array of its own."""
    masks, numbers = _state_parts(point.state, seat, point.played, point.taken)
    cards = 0
    for mask in reversed(masks):
        cards = cards << 40 | mask
    entries = _BYTE_ENTRIES
    data = bytearray().join(
        [entries[byte] for byte in cards.to_bytes(5 * len(masks), "little")]
    )
    data += _packer(len(numbers)).pack(*numbers)
    return np.frombuffer(data, np.float32)


def _packer(count: int) -> struct.Struct:
    packer = _PACKERS.get(count)
    if packer is None:
        packer = _PACKERS[count] = struct.Struct(f"<{count}f")
    return packer


_PACKERS: dict[int, struct.Struct] = {}


def action_mask_array(
    point: ActionState, dtype: type[np.generic]
) -> np.ndarray[Any, Any]:
    """``point.action_mask()`` as an array of ``dtype`` (``np.int8`` or
    ``np.bool_``: one byte an entry, 1 for true)."""
    flags = bytearray(NUM_ACTIONS)
    for action in point.legal_actions():
        flags[action] = 1
    return np.frombuffer(flags, dtype)
