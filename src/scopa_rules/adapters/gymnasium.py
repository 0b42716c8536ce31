"""One seat of a game as a single-agent Gymnasium ``Env`` (``pip install
scopa-rules[gymnasium]``); the other seats are played by library bots.

The agent plays ``seat`` (0 by default); ``opponents`` is one :class:`Bot`
for every other seat, or one per other seat in seat order (a
:class:`GreedyBot` for each by default; a partner is one of them).  The
observation is :func:`scopa_rules.observe` as float32, the actions are the
ids of :mod:`scopa_rules.encoding`, and :meth:`ScopaEnv.action_masks` (also
in ``info["action_mask"]``) marks the legal ones, for masked policies.  The
reward comes when the game ends (``returns``: see :mod:`scopa_rules.adapters`).
An illegal action ends the episode with ``illegal_action_reward`` and
``info["illegal_action"]``, so that an unmasked policy learns to avoid them.

>>> import numpy as np
>>> import scopa_rules as sr
>>> from scopa_rules.adapters.gymnasium import ScopaEnv
>>> env = ScopaEnv(sr.Ruleset.scopa())
>>> observation, info = env.reset(seed=3)
>>> rng = np.random.default_rng(3)
>>> done = False
>>> while not done:
...     action = int(rng.choice(np.flatnonzero(env.action_masks())))
...     observation, reward, done, truncated, info = env.step(action)
>>> reward in (-1.0, 1.0), env.point.state.is_over
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import Bot, GreedyBot
from ..encoding import NUM_ACTIONS, ActionState, unchecked_point
from ..errors import IllegalMoveError, InvalidStateError, shown
from ..observation import observation_bounds
from ..rules import Ruleset
from ..state import new_game
from . import Returns, check_returns, seat_returns
from ._arrays import BOOL, action_mask_array, observation_array
from ._arrays import FloatArray as Observation

__all__ = ["ScopaEnv"]


class ScopaEnv(gymnasium.Env[Observation, int]):
    """A game of ``rules`` (two-player Scopa by default) seen from ``seat``."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        rules: Ruleset | None = None,
        *,
        seat: int = 0,
        opponents: Bot | Sequence[Bot] | None = None,
        returns: Returns = "win_loss",
        illegal_action_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self.rules = rules if rules is not None else Ruleset.scopa()
        """The ruleset played."""
        players = self.rules.players
        if (
            not isinstance(seat, int)
            or isinstance(seat, bool)
            or not 0 <= seat < players
        ):
            raise InvalidStateError(
                f"seat must be 0 to {players - 1}, not {shown(seat)}"
            )
        self.seat = seat
        """The agent's seat."""
        others = [s for s in range(players) if s != seat]
        if opponents is None:
            opponents = GreedyBot()
        if isinstance(opponents, Bot):
            bots = [opponents] * len(others)
        else:
            bots = list(opponents)
            if len(bots) != len(others):
                raise InvalidStateError(
                    f"opponents must be one bot or {len(others)} (one per other seat), "
                    f"not {len(bots)}"
                )
        self.opponents = dict(zip(others, bots, strict=True))
        """The bot of each other seat."""
        self.returns = check_returns(returns)
        self.illegal_action_reward = float(illegal_action_reward)
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(
                f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}"
            )
        self.render_mode = render_mode
        high = np.array(observation_bounds(self.rules), np.float32)
        self.observation_space = spaces.Box(0.0, high, dtype=np.float32)
        # Discrete samples numpy ints; the env takes any int.
        self.action_space = spaces.Discrete(NUM_ACTIONS)  # type: ignore[assignment]
        self._bot_rng = random.Random()
        self._point = ActionState(new_game(self.rules, seed=0))
        # The last mask worked out and the point it is of (none yet).
        self._masked: ActionState | None = None
        self._mask: np.ndarray[Any, np.dtype[np.bool_]] = np.zeros(NUM_ACTIONS, BOOL)

    @property
    def point(self) -> ActionState:
        """The library's state and open capture."""
        return self._point

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game and let the bots play up to the agent's turn."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self._bot_rng = random.Random(int(self.np_random.integers(2**62)))
        point = ActionState(new_game(self.rules, seed=game_seed))
        self._point = self._play_bots(point)
        return observation_array(self._point, self.seat), self._info()

    def _play_bots(self, point: ActionState) -> ActionState:
        """``point``, or the point the bots reach by playing up to the
        agent's turn or the end."""
        seat = self.seat
        mover = point.current_player
        if mover == seat or mover is None:
            return point
        state = point.state
        opponents = self.opponents
        rng = self._bot_rng
        while True:
            # Bots see what their seat may know: the view of the seat.
            state = state.apply(opponents[mover].choose(state.view(mover), rng))
            mover = state.current_player
            if mover == seat or mover is None:
                return unchecked_point(state)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """Which action ids are legal now (all false once the game is over),
        in an array of its own."""
        # A masked policy asks for the mask that step() has just put in
        # the info: the same point's mask is copied, not worked out again.
        point = self._point
        if self._masked is not point:
            self._mask = action_mask_array(point, BOOL)
            self._masked = point
        mask: np.ndarray[Any, np.dtype[np.bool_]] = self._mask.copy()
        return mask

    def step(
        self, action: int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then the bots up to its next turn."""
        try:
            point = self._point.apply(int(action))
        except IllegalMoveError:
            return (
                observation_array(self._point, self.seat),
                self.illegal_action_reward,
                True,
                False,
                {**self._info(), "illegal_action": True},
            )
        point = self._point = self._play_bots(point)
        state = point.state
        over = state.is_over
        reward = seat_returns(state, self.returns)[self.seat] if over else 0.0
        if self.render_mode == "human":
            self.render()
        return observation_array(point, self.seat), reward, over, False, self._info()

    def render(self) -> str | None:
        """The game as the agent's seat sees it: printed (``"human"``) or
        returned (``"ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = self._point.state.view(self.seat).render()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None
