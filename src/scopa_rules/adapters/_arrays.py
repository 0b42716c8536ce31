"""Observations and action masks as numpy arrays, for the adapters.

The entries are those of :func:`scopa_rules.observe`.  The core writes the
whole observation as float32 bytes and numpy takes them in one call: this
costs less than converting some 350 Python floats, or several numpy calls on
small arrays, each of which has a fixed cost larger than the work.
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np

from ..encoding import NUM_ACTIONS, ActionState, action_flags
from ..errors import InvalidStateError, shown
from ..observation import observation_bounds, observation_layout, state_entries
from ..rules import Ruleset

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


Observation = Literal["raw", "normalized"]
"""How an environment hands out its observations."""
OBSERVATIONS: tuple[Observation, ...] = ("raw", "normalized")

# The blocks the normalised observation leaves out: the same for every
# observation of a ruleset.
_CONSTANT_BLOCKS = ("rules",)


def check_observation(observation: object) -> Observation:
    """``observation`` if it names a way to hand out observations."""
    if observation not in OBSERVATIONS:
        raise InvalidStateError(
            f"observation must be one of {', '.join(OBSERVATIONS)}, not "
            f"{shown(observation)}"
        )
    return observation


class Observer:
    """A seat's observation as an environment hands it out: the raw
    entries of :func:`scopa_rules.observe` (``"raw"``), or each entry scaled
    to [0, 1] by its largest value (:func:`scopa_rules.observation_bounds`)
    and the ruleset's constant ``rules`` block left out (``"normalized"``)."""

    def __init__(self, rules: Ruleset, kind: Observation) -> None:
        self.kind = check_observation(kind)
        bounds = np.array(observation_bounds(rules), np.float32)
        full = observation_layout(rules)
        if kind == "raw":
            self.layout = full
            self.high: FloatArray = bounds
            return
        dropped = {full[name] for name in _CONSTANT_BLOCKS}
        kept = [(name, span) for name, span in full.items() if span not in dropped]
        self._entries = np.concatenate(
            [np.arange(start, start + size) for _, (start, size) in kept]
        )
        self._scale: FloatArray = (1.0 / bounds[self._entries]).astype(np.float32)
        self.layout = {}
        """Each block's start and size in the observation handed out."""
        at = 0
        for name, (_, size) in kept:
            self.layout[name] = (at, size)
            at += size
        self.high = np.ones(at, np.float32)
        """Each entry's largest value (the smallest is 0)."""

    def __call__(self, point: ActionState, seat: int) -> FloatArray:
        array = observation_array(point, seat)
        if self.kind == "raw":
            return array
        scaled: FloatArray = array[self._entries] * self._scale
        return scaled


# The picture of render_mode="rgb_array": one cell a card, suits down
# (D H S C) and ranks across (A to K), coloured by where the card is as the
# seat sees it.
CELL = 12
"""The side of a card's cell in pixels (a pixel's gap around each)."""
COLOURS: dict[str, tuple[int, int, int]] = {
    "unseen": (70, 70, 70),
    "own pile": (60, 110, 220),
    "other piles": (200, 60, 60),
    "known": (150, 80, 190),
    "table": (40, 160, 60),
    "hand": (230, 190, 40),
    "played": (255, 140, 0),
    "taken": (255, 255, 255),
}
"""Each place's colour in the picture, painted in this order (a card is in
one place, but for the open capture's)."""


def picture(point: ActionState, seat: int, rules: Ruleset) -> np.ndarray[Any, Any]:
    """The cards as ``seat`` sees them, as an RGB array (uint8, 4 cells
    high and 10 wide, :data:`CELL` pixels each): see :data:`COLOURS`."""
    entries = observation_array(point, seat)
    layout = observation_layout(rules)
    colour = np.zeros((40, 3), np.uint8)

    def paint(block: str, place: str, part: int = 0) -> None:
        start = layout[block][0] + part * 40
        colour[entries[start : start + 40] > 0] = COLOURS[place]

    paint("unseen", "unseen")
    for side in range(rules.sides):
        paint("piles", "own pile" if side == 0 else "other piles", side)
    if "known" in layout:
        for other in range(rules.players - 1):
            paint("known", "known", other)
    for block in ("table", "hand", "played", "taken"):
        paint(block, block)
    step = CELL + 1
    image = np.zeros((4 * step + 1, 10 * step + 1, 3), np.uint8)
    for index in range(40):
        top, left = 1 + (index // 10) * step, 1 + (index % 10) * step
        image[top : top + CELL, left : left + CELL] = colour[index]
    return image
