"""Every ruleset of the library as a PettingZoo ``AECEnv`` (``pip install
scopa-rules[pettingzoo]``).

One agent per seat, ``"seat_0"``, ``"seat_1"``, ...; partners are separate
agents that share their side's reward.  Each observation is a dict: the
seat's ``observation`` vector (:func:`scopa_rules.observe`, float32) and its
``action_mask`` over the :data:`~scopa_rules.NUM_ACTIONS` action ids of
:mod:`scopa_rules.encoding` (int8, all 0 when the seat is not to act).  The
reward comes once, when the game ends (``returns``: see
:mod:`scopa_rules.adapters`).  An illegal action raises
:class:`~scopa_rules.IllegalMoveError`: use the mask.

>>> import scopa_rules as sr
>>> from scopa_rules.adapters.pettingzoo import ScopaEnv
>>> env = ScopaEnv(sr.Ruleset.scopone_scientifico())
>>> env.reset(seed=1)
>>> env.agent_selection, int(env.action_space("seat_0").n)
('seat_0', 96)
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((361,), 10)
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.logger import warn
from pettingzoo import AECEnv

from ..encoding import NUM_ACTIONS, ActionState
from ..observation import observation_bounds
from ..rules import Ruleset
from ..state import new_game
from . import Returns, check_returns, seat_returns
from ._arrays import INT8, action_mask_array, observation_array

__all__ = ["ScopaEnv", "env"]


class ScopaEnv(AECEnv):  # type: ignore[misc]
    """A game of ``rules`` (two-player Scopa by default) for PettingZoo."""

    metadata = {  # noqa: RUF012  (PettingZoo reads it from the class)
        "render_modes": ["human", "ansi"],
        "render_fps": 1,
        "name": "scopa_rules_v1",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Ruleset | None = None,
        *,
        returns: Returns = "win_loss",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = rules if rules is not None else Ruleset.scopa()
        """The ruleset played."""
        self.returns = check_returns(returns)
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(
                f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}"
            )
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{seat}" for seat in range(self.rules.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents = list(self.possible_agents)
        high = np.array(observation_bounds(self.rules), np.float32)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self._point = ActionState(new_game(self.rules, seed=0))
        # The point's current player, read once a step rather than by every
        # observe() of every agent.
        self._mover = self._point.current_player

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every seat)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: the action ids."""
        return self.action_spaces[agent]

    @property
    def point(self) -> ActionState:
        """The library's state and open capture."""
        return self._point

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """Deal a new game; ``seed`` makes it, and every game after it, repeatable."""
        if seed is not None:
            self._rng = random.Random(seed)
        self._point = ActionState(new_game(self.rules, seed=self._rng.getrandbits(63)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self._mover = self._point.current_player
        self.agent_selection = self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """``agent``'s observation vector and action mask."""
        seat = self._seats[agent]
        point = self._point
        return {
            "observation": observation_array(point, seat),
            "action_mask": action_mask_array(point, INT8)
            if self._mover == seat
            else np.zeros(NUM_ACTIONS, INT8),
        }

    def step(self, action: int | None) -> None:
        """Play ``action`` for the selected agent (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        # apply() takes numpy's integers too, and refuses anything else
        # with an IllegalMoveError.
        point = self._point = self._point.apply(action)  # type: ignore[arg-type]
        seat = self._mover = point.current_player
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        else:
            # The game is over: the library deals every hand of a seeded
            # game itself, so no seat acts only at the end.
            self.agent_selection = self.possible_agents[0]
            results = seat_returns(point.state, self.returns)
            self.rewards = dict(zip(self.agents, results, strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            # Rewards are zero until the game ends: only then is there
            # anything to add to the agents' cumulative rewards.
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The game as text: printed (``"human"``) or returned (``"ansi"``)."""
        if self.render_mode is None:
            warn("render() was called without a render_mode: nothing to show")
            return None
        text = self._point.state.render()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""


def env(**kwargs: Any) -> ScopaEnv:
    """A :class:`ScopaEnv`, PettingZoo's usual constructor name.

    >>> env().possible_agents
    ['seat_0', 'seat_1']
    """
    return ScopaEnv(**kwargs)
