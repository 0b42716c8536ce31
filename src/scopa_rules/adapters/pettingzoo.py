"""Every ruleset of the library as a PettingZoo ``AECEnv`` (``pip install
scopa-rules[pettingzoo]``).

One agent per seat, ``"seat_0"``, ``"seat_1"``, ...; partners are separate
agents that share their side's reward.  Each observation is a dict: the
seat's ``observation`` vector (:func:`scopa_rules.observe`, float32, or with
``observation="normalized"`` scaled to [0, 1] without the ruleset's constant
entries, as in :class:`scopa_rules.adapters.gymnasium.ScopaEnv`) and its
``action_mask`` over the :data:`~scopa_rules.NUM_ACTIONS` action ids of
:mod:`scopa_rules.encoding` (int8, all 0 when the seat is not to act).  The
reward comes once, when the game ends (``reward="game"``, ``returns``: see
:mod:`scopa_rules.adapters`), or whenever a hand is scored
(``reward="hand"``: each side's points less the mean of the others', and
with ``returns="win_loss"`` the result at the end too).  An action may be an
int, a NumPy integer or a one-element array; an illegal one raises
:class:`~scopa_rules.IllegalMoveError`: use the mask.

As PettingZoo's own environments do, :func:`env` makes the environment in
PettingZoo's ``OrderEnforcingWrapper`` (which refuses a step before the
first reset) and :func:`raw_env` makes it bare; both take the rules as their
first argument.

>>> import scopa_rules as sr
>>> from scopa_rules.adapters.pettingzoo import env
>>> env = env(sr.Ruleset.scopone_scientifico())
>>> env.reset(seed=1)
>>> env.agent_selection, int(env.action_space("seat_0").n)
('seat_0', 96)
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((361,), 10)
"""

from __future__ import annotations

import random
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from gymnasium.logger import warn
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from ..encoding import NUM_ACTIONS, ActionState
from ..errors import InvalidStateError, shown
from ..rules import Ruleset
from ..state import new_game
from . import Returns, action_id, check_returns, seat_returns
from ._arrays import INT8, Observation, Observer, action_mask_array

__all__ = ["REWARDS", "Reward", "ScopaEnv", "env", "raw_env"]

Reward = Literal["game", "hand"]
"""When the agents are rewarded: when the game ends, or when each hand is
scored."""
REWARDS: tuple[Reward, ...] = ("game", "hand")


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
        reward: Reward = "game",
        observation: Observation = "raw",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = rules if rules is not None else Ruleset.scopa()
        """The ruleset played."""
        if not isinstance(self.rules, Ruleset):
            raise InvalidStateError(f"rules must be a Ruleset, not {shown(rules)}")
        self.returns = check_returns(returns)
        if reward not in REWARDS:
            raise InvalidStateError(
                f"reward must be one of {', '.join(REWARDS)}, not {shown(reward)}"
            )
        self.reward: Reward = reward
        self._observer = Observer(self.rules, observation)
        self.observation_layout = self._observer.layout
        """Each block's start and size in the observation vectors."""
        if render_mode not in (None, "human", "ansi"):
            raise InvalidStateError(
                f"render_mode must be None, 'human' or 'ansi', not {shown(render_mode)}"
            )
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{seat}" for seat in range(self.rules.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents = list(self.possible_agents)
        high = self._observer.high
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
        self._scores = (0,) * self.rules.sides
        self._rewarded = False

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
        self._scores = (0,) * self.rules.sides
        self._rewarded = False
        self._select()

    def _select(self) -> None:
        seat = self._mover = self._point.current_player
        self.agent_selection = self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """``agent``'s observation vector and action mask."""
        seat = self._seats[agent]
        point = self._point
        return {
            "observation": self._observer(point, seat),
            "action_mask": action_mask_array(point, INT8)
            if self._mover == seat
            else np.zeros(NUM_ACTIONS, INT8),
        }

    def step(self, action: int | None) -> None:
        """Play ``action`` for the selected agent (``None`` once it is done;
        an int, a NumPy integer or a one-element array before)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        # Anything but an action id is an IllegalMoveError.
        point = self._point = self._point.apply(action_id(action))
        seat = self._mover = point.current_player
        state = point.state
        rewards = None
        if self._rewarded:
            # The last step's rewards were not all zero.
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        if self.reward == "hand" and state.scores != self._scores:
            rewards = self._hand_points(state.scores)
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        else:
            # The game is over: the library deals every hand of a seeded
            # game itself, so no seat acts only at the end.
            self.agent_selection = self.possible_agents[0]
            if self.reward == "game" or self.returns == "win_loss":
                results = seat_returns(state, self.returns)
                rewards = {
                    agent: result + (rewards[agent] if rewards else 0.0)
                    for agent, result in zip(self.agents, results, strict=True)
                }
            self.terminations = dict.fromkeys(self.agents, True)
        # Rewards are zero but when a hand (reward="hand") or the game ends:
        # only then is there anything to add to the cumulative rewards.
        if rewards is not None:
            self.rewards = rewards
            self._rewarded = True
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

    def _hand_points(self, scores: tuple[int, ...]) -> dict[str, float]:
        """Each agent's reward for the points scored since the last step:
        its side's, less the mean of the other sides'."""
        rules = self.rules
        gains = [now - then for now, then in zip(scores, self._scores, strict=True)]
        self._scores = scores
        total = sum(gains)
        by_side = [gain - (total - gain) / (rules.sides - 1) for gain in gains]
        return {
            agent: float(by_side[rules.side_of(seat)])
            for agent, seat in self._seats.items()
        }


def raw_env(rules: Ruleset | None = None, **kwargs: Any) -> ScopaEnv:
    """A bare :class:`ScopaEnv` of ``rules`` (PettingZoo's ``raw_env``).

    >>> raw_env().possible_agents
    ['seat_0', 'seat_1']
    """
    return ScopaEnv(rules, **kwargs)


def env(rules: Ruleset | None = None, **kwargs: Any) -> AECEnv:
    """A :class:`ScopaEnv` of ``rules`` in PettingZoo's
    ``OrderEnforcingWrapper``, PettingZoo's usual constructor (the
    environment itself is its ``unwrapped``).

    >>> import scopa_rules as sr
    >>> game = env(sr.Ruleset.chkobba(players=4), returns="points")
    >>> game.possible_agents[-1], type(game.unwrapped).__name__
    ('seat_3', 'ScopaEnv')
    """
    return OrderEnforcingWrapper(raw_env(rules, **kwargs))
