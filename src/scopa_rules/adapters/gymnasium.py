"""One seat of a game as a single-agent Gymnasium ``Env`` (``pip install
scopa-rules[gymnasium]``); the other seats are played by library bots, or by
policies drawn from a pool.

The agent plays ``seat`` (0 by default); ``opponents`` is one :class:`Bot`
for every other seat, or one per other seat in seat order (a
:class:`GreedyBot` for each by default; a partner is one of them); a bot may
be named (:data:`scopa_rules.BOT_NAMES`: ``"greedy"``, ``"expert"``, ...).  The observation is
:func:`scopa_rules.observe` as float32 (``observation="raw"``, the default)
or scaled to [0, 1] without the ruleset's constant entries
(``"normalized"``), the actions are the ids of :mod:`scopa_rules.encoding`,
and :meth:`ScopaEnv.action_masks` (also in ``info["action_mask"]``) marks
the legal ones, for masked policies.  The reward comes when the game ends
(``reward="game"``, ``returns``: see :mod:`scopa_rules.adapters`), or when
each hand is scored (``reward="hand"``).  An illegal action ends the episode
with ``illegal_action_reward`` and ``info["illegal_action"]``, so that an
unmasked policy learns to avoid them; a step after the episode ended is an
:class:`~scopa_rules.InvalidStateError` (call ``reset()``).

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

Importing this module registers an id for every preset with Gymnasium
(:data:`ENV_IDS`):

>>> import gymnasium
>>> env = gymnasium.make("scopa_rules/Chkobba-v0", players=4, reward="hand")
>>> env.unwrapped.rules == sr.Ruleset.chkobba(players=4)
True
>>> observation, info = env.reset(seed=1)
>>> int(env.action_masks().sum()) == len(env.unwrapped.point.legal_actions())
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, SupportsFloat

import attrs
import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.envs.registration import EnvSpec
from gymnasium.utils import RecordConstructorArgs

from .._play.bots import Bot, GreedyBot, moves_to_choose
from .._play.lineup import BOT_NAMES
from ..encoding import NUM_ACTIONS, ActionState, unchecked_point
from ..errors import IllegalMoveError, InvalidStateError, shown
from ..moves import Move
from ..rules import Ruleset
from ..state import new_game
from ..views import PlayerView
from . import Returns, action_id, check_returns, seat_returns
from ._arrays import BOOL, Observer, action_mask_array, check_observation, picture
from ._arrays import FloatArray as Observation
from ._arrays import Observation as ObservationKind
from ._registration import ENV_IDS, register_envs

__all__ = [
    "BOT_NAMES",
    "ENV_IDS",
    "FINAL_MASKS",
    "REWARDS",
    "ActionMasks",
    "ActionPolicy",
    "FinalMask",
    "Opponent",
    "PolicyBot",
    "Reward",
    "ScopaEnv",
    "register_envs",
]

Reward = Literal["game", "hand"]
"""When the agent is rewarded: when the game ends, or when each hand is
scored."""
REWARDS: tuple[Reward, ...] = ("game", "hand")
FinalMask = Literal["empty", "stop"]
"""The action mask of a finished game: no action legal, or ``stop`` (82)."""
FINAL_MASKS: tuple[FinalMask, ...] = ("empty", "stop")
_STOP = 82

ActionPolicy = Callable[[Observation, np.ndarray[Any, np.dtype[np.bool_]]], Any]
"""A policy that plays a seat by action ids: given the seat's observation
(as the environment hands out its own) and its action mask, the action id
to play (an int, a NumPy integer or a one-element array)."""
Opponent = Bot | str | ActionPolicy
"""An opponent: a :class:`Bot`, a bot's name (:data:`BOT_NAMES`) or an
:data:`ActionPolicy`."""


def _opponent(entry: object, what: str) -> Bot | ActionPolicy:
    """``entry`` as a bot or an action policy; an error if it is neither."""
    if isinstance(entry, str):
        if entry not in BOT_NAMES:
            raise InvalidStateError(
                f"unknown bot name {shown(entry)} in {what}; the names are "
                + ", ".join(BOT_NAMES)
            )
        return BOT_NAMES[entry]()
    if isinstance(entry, Bot) or callable(entry):
        return entry
    raise InvalidStateError(
        f"{what} must be bots, bot names or action policies (callables), "
        f"not {shown(entry)}"
    )


def _ruleset(rules: object, players: int | None) -> Ruleset:
    """The ruleset given as one, as a preset's name or as its
    :meth:`~scopa_rules.Ruleset.to_dict`."""
    if isinstance(rules, str):
        return Ruleset.from_name(rules, players)
    if players is not None:
        raise InvalidStateError(
            f"players is for a preset's name, not for rules {shown(rules)}"
        )
    if rules is None:
        return Ruleset.scopa()
    if isinstance(rules, Ruleset):
        return rules
    if isinstance(rules, Mapping):
        return Ruleset.from_dict(rules)
    raise InvalidStateError(
        "rules must be a Ruleset, a preset's name or a ruleset's dict, not "
        f"{shown(rules)}"
    )


def _check_choice(name: str, value: object, choices: tuple[str, ...]) -> Any:
    if value not in choices:
        raise InvalidStateError(
            f"{name} must be one of {', '.join(choices)}, not {shown(value)}"
        )
    return value


class ScopaEnv(gymnasium.Env[Observation, int]):
    """A game of ``rules`` (two-player Scopa by default) seen from ``seat``.

    ``rules`` may also be a preset's name (with ``players``, the preset's
    first player count by default) or a ruleset's dict.  The options, their
    defaults first:

    * ``opponents``: who plays the other seats (see the module's text);
    * ``opponent_pool``: instead, a sequence of opponents (bots, bot names
      or :data:`ActionPolicy` callables, such as earlier snapshots of the
      agent's own policy): at every reset each other seat draws one,
      uniformly, from the environment's seeded generator (see
      :attr:`opponents`), for self-play and league training;
    * ``reward``: ``"game"`` (the ``returns`` of the finished game, at the
      end) or ``"hand"``: when each hand is scored, the points the agent's
      side scored less the mean of the other sides' (the total over a game
      is the game's ``"points"`` return), and with ``returns="win_loss"``
      the win or loss at the end too;
    * ``observation``: ``"raw"`` (the counts as they are: a score up to the
      target plus a hand's points, the stock up to 40) or ``"normalized"``
      (every entry divided by its largest value, so in [0, 1], and the
      constant ``rules`` block left out: see :attr:`observation_layout`);
    * ``final_mask``: ``"empty"`` (no action is legal once the game is
      over) or ``"stop"`` (the ``stop`` id, 82, marked legal then, so that
      a policy masking with -inf has a finite choice on the final
      observation, which a vector environment's autoreset hands it);
    * ``illegal_action_reward`` (-1) and ``render_mode`` (``None``,
      ``"human"``, ``"ansi"`` or ``"rgb_array"``: a picture of the cards,
      see :func:`render`).
    """

    metadata = {  # noqa: RUF012
        "render_modes": ["human", "ansi", "rgb_array"],
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: Ruleset | str | Mapping[str, Any] | None = None,
        *,
        players: int | None = None,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] | None = None,
        opponent_pool: Sequence[Opponent] | None = None,
        returns: Returns = "win_loss",
        reward: Reward = "game",
        observation: ObservationKind = "raw",
        final_mask: FinalMask = "empty",
        illegal_action_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self.rules = _ruleset(rules, players)
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
        self._pool: list[Bot | ActionPolicy] | None = None
        if opponent_pool is not None:
            if opponents is not None:
                raise InvalidStateError("give opponents or opponent_pool, not both")
            if isinstance(opponent_pool, str) or not isinstance(
                opponent_pool, Sequence
            ):
                raise InvalidStateError(
                    f"opponent_pool must be a sequence, not {shown(opponent_pool)}"
                )
            self._pool = [_opponent(e, "opponent_pool") for e in opponent_pool]
            if not self._pool:
                raise InvalidStateError("opponent_pool must not be empty")
            bots = [self._pool[0]] * len(others)
        elif (
            opponents is None
            or isinstance(opponents, (Bot, str))
            or (callable(opponents))
        ):
            bot = _opponent(
                GreedyBot() if opponents is None else opponents, "opponents"
            )
            bots = [bot] * len(others)
        elif not isinstance(opponents, Sequence):
            raise InvalidStateError(
                "opponents must be a bot, a bot name, an action policy or a "
                f"sequence of them, not {shown(opponents)}"
            )
        else:
            bots = [_opponent(e, "opponents") for e in opponents]
            if len(bots) != len(others):
                raise InvalidStateError(
                    f"opponents must be one bot or {len(others)} (one per other seat), "
                    f"not {len(bots)}"
                )
        self.opponents: dict[int, Bot | ActionPolicy] = dict(
            zip(others, bots, strict=True)
        )
        """The bot or policy of each other seat (drawn from the pool at each
        reset, with ``opponent_pool``)."""
        self.returns = check_returns(returns)
        self.reward: Reward = _check_choice("reward", reward, REWARDS)
        self.final_mask: FinalMask = _check_choice(
            "final_mask", final_mask, FINAL_MASKS
        )
        self.illegal_action_reward = float(illegal_action_reward)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise InvalidStateError(
                "render_mode must be None, 'human', 'ansi' or 'rgb_array', not "
                f"{shown(render_mode)}"
            )
        self.render_mode = render_mode
        self._observer = Observer(self.rules, observation)
        self.observation_kind: ObservationKind = observation
        """How observations are handed out: ``"raw"`` or ``"normalized"``."""
        self.observation_layout = self._observer.layout
        """Each block's start and size in the observations handed out."""
        self.observation_space = spaces.Box(0.0, self._observer.high, dtype=np.float32)
        # Discrete samples numpy ints; the env takes any int.
        self.action_space = spaces.Discrete(NUM_ACTIONS)  # type: ignore[assignment]
        self._bot_rng = random.Random()
        self._point = ActionState(new_game(self.rules, seed=0))
        self._over = False
        self._scores = (0,) * self.rules.sides
        # The last mask worked out and the point it is of (none yet).
        self._masked: ActionState | None = None
        self._mask: np.ndarray[Any, np.dtype[np.bool_]] = np.zeros(NUM_ACTIONS, BOOL)
        self._spec: EnvSpec | None = None

    @property
    def spec(self) -> EnvSpec | None:
        """The spec ``gymnasium.make`` made this environment from: its
        keywords hold a :class:`Ruleset` as its dict and the named bots by
        name, so that ``spec.to_json()`` works."""
        return self._spec

    @spec.setter
    def spec(self, spec: EnvSpec | None) -> None:
        if spec is not None:
            spec = dataclasses.replace(spec, kwargs=_jsonable(spec.kwargs))
        self._spec = spec

    @property
    def point(self) -> ActionState:
        """The library's state and open capture."""
        return self._point

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game (drawing the opponents from the pool, if any) and
        let the opponents play up to the agent's turn."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self._bot_rng = random.Random(int(self.np_random.integers(2**62)))
        pool = self._pool
        if pool is not None:
            for other in self.opponents:
                self.opponents[other] = pool[int(self.np_random.integers(len(pool)))]
        self._over = False
        self._scores = (0,) * self.rules.sides
        point = ActionState(new_game(self.rules, seed=game_seed))
        self._point = self._play_bots(point)
        return self._observer(self._point, self.seat), self._info()

    def _play_bots(self, point: ActionState) -> ActionState:
        """``point``, or the point the opponents reach by playing up to the
        agent's turn or the end."""
        seat = self.seat
        mover = point.current_player
        if mover == seat or mover is None:
            return point
        state = point.state
        opponents = self.opponents
        rng = self._bot_rng
        while True:
            opponent = opponents[mover]
            if isinstance(opponent, Bot):
                # Bots see what their seat may know: the view of the seat.
                state = state.apply(opponent.choose(state.view(mover), rng))
                mover = state.current_player
                if mover == seat or mover is None:
                    return unchecked_point(state)
                continue
            # A policy of action ids says its move an action at a time.
            point = unchecked_point(state)
            while point.current_player == mover:
                mask = action_mask_array(point, BOOL)
                chosen = opponent(self._observer(point, mover), mask)
                try:
                    point = point.apply(action_id(chosen))
                except IllegalMoveError as error:
                    raise IllegalMoveError(
                        f"the opponent policy of seat {mover} chose {shown(chosen)}: "
                        f"{error}"
                    ) from None
            state = point.state
            mover = point.current_player
            if mover == seat or mover is None:
                return point

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """Which action ids are legal now (none once the game is over, or
        ``stop`` alone with ``final_mask="stop"``), in an array of its own."""
        # A masked policy asks for the mask that step() has just put in
        # the info: the same point's mask is copied, not worked out again.
        point = self._point
        if self._masked is not point:
            self._mask = action_mask_array(point, BOOL)
            if self.final_mask == "stop" and point.current_player is None:
                self._mask[_STOP] = True
            self._masked = point
        mask: np.ndarray[Any, np.dtype[np.bool_]] = self._mask.copy()
        return mask

    def step(
        self, action: int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent (an int, a NumPy integer or a
        one-element array), then the opponents up to its next turn."""
        if self._over:
            raise InvalidStateError(
                "the episode is over (the game ended or an illegal action ended "
                "it): call reset() before step()"
            )
        action = action_id(action)
        try:
            point = self._point.apply(action)
        except IllegalMoveError:
            self._over = True
            return (
                self._observer(self._point, self.seat),
                self.illegal_action_reward,
                True,
                False,
                {**self._info(), "illegal_action": True},
            )
        point = self._point = self._play_bots(point)
        state = point.state
        over = self._over = state.is_over
        reward = 0.0
        if self.reward == "hand":
            reward = self._hand_points(state.scores)
            if over and self.returns == "win_loss":
                reward += seat_returns(state, "win_loss")[self.seat]
        elif over:
            reward = seat_returns(state, self.returns)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observer(point, self.seat), reward, over, False, self._info()

    def _hand_points(self, scores: tuple[int, ...]) -> float:
        """The points the agent's side scored since the last step, less the
        mean of the other sides'."""
        before = self._scores
        if scores == before:
            return 0.0
        self._scores = scores
        gains = [now - then for now, then in zip(scores, before, strict=True)]
        own = gains[self.rules.side_of(self.seat)]
        return float(own - (sum(gains) - own) / (self.rules.sides - 1))

    def render(self) -> Any:
        """The game as the agent's seat sees it: printed (``"human"``),
        returned as text (``"ansi"``) or as an RGB array (``"rgb_array"``,
        uint8: a cell for each card, suits down and ranks across, coloured
        by where the seat sees it, as listed in the docs)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        if self.render_mode == "rgb_array":
            return picture(self._point, self.seat, self.rules)
        text = self._point.state.view(self.seat).render()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


def _jsonable(kwargs: Mapping[str, Any]) -> dict[str, Any]:
    """``kwargs`` with a ruleset as its dict and the named bots (with their
    default settings) by name."""
    named = {factory(): name for name, factory in BOT_NAMES.items()}

    def bot(entry: Any) -> Any:
        try:
            return named.get(entry, entry)
        except TypeError:  # not hashable: left as it is
            return entry

    out = dict(kwargs)
    if isinstance(out.get("rules"), Ruleset):
        out["rules"] = out["rules"].to_dict()
    for key in ("opponents", "opponent_pool"):
        value = out.get(key)
        if isinstance(value, (list, tuple)):
            out[key] = [bot(entry) for entry in value]
        elif value is not None:
            out[key] = bot(value)
    return out


class ActionMasks(
    gymnasium.Wrapper[Observation, int, Observation, int], RecordConstructorArgs
):
    """A wrapper that hands out the environment's :meth:`ScopaEnv.action_masks`
    over any wrappers in between (Gymnasium's wrappers pass no attributes
    on): the registered ids wrap their environment in it, outermost."""

    def __init__(self, env: gymnasium.Env[Observation, int]) -> None:
        RecordConstructorArgs.__init__(self)
        gymnasium.Wrapper.__init__(self, env)

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal action ids of the environment inside."""
        masks: np.ndarray[Any, np.dtype[np.bool_]] = self.env.get_wrapper_attr(
            "action_masks"
        )()
        return masks


@attrs.frozen
class PolicyBot:
    """A :class:`~scopa_rules.Bot` that plays by an :data:`ActionPolicy`
    (a trained agent, say), for :func:`scopa_rules.match`, the CLI or a UI.

    It hands the policy the seat's observation of the kind the agent was
    trained on (``observation``: ``"raw"`` or ``"normalized"``, as
    :class:`ScopaEnv`) and its action mask, and asks for actions until they
    make a move (a card, then its capture's table cards and ``stop``).
    The bot pickles if the policy does (for ``match(..., jobs=2)``).

    >>> import random
    >>> import numpy as np
    >>> import scopa_rules as sr
    >>> def lowest(observation, mask):  # the lowest legal action id
    ...     return int(np.flatnonzero(mask)[0])
    >>> bot = PolicyBot(lowest)
    >>> view = sr.new_game(seed=7).view(0)
    >>> bot.choose(view, random.Random(1))
    Move.parse('3D')
    >>> sr.match(sr.Ruleset.scopa(), [bot, sr.RandomBot()], games=2, seed=1).games
    2
    """

    policy: ActionPolicy
    """The policy: observation and mask in, an action id out."""
    observation: ObservationKind = attrs.field(default="normalized")
    """The observations the policy reads: ``"raw"`` or ``"normalized"``."""
    _observers: dict[Ruleset, Observer] = attrs.field(
        factory=dict, init=False, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        if not callable(self.policy):
            raise InvalidStateError(
                f"policy must be a callable (observation, mask) -> action id, "
                f"not {shown(self.policy)}"
            )
        check_observation(self.observation)

    def __getstate__(self) -> dict[str, Any]:
        return {"policy": self.policy, "observation": self.observation}

    def __setstate__(self, state: dict[str, Any]) -> None:
        object.__setattr__(self, "policy", state["policy"])
        object.__setattr__(self, "observation", state["observation"])
        object.__setattr__(self, "_observers", {})

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move the policy's actions make (the only move, without
        asking, when there is one)."""
        moves = moves_to_choose(view)
        if len(moves) == 1:
            return moves[0]
        rules = view.rules
        observer = self._observers.get(rules)
        if observer is None:
            observer = self._observers[rules] = Observer(rules, self.observation)
        # Any deal of the view gives its seat the same observation: the
        # seat's own cards and what it has seen are the view's.
        point = unchecked_point(view.sample(rng))
        seat = view.seat
        while True:
            chosen = self.policy(observer(point, seat), action_mask_array(point, BOOL))
            try:
                step = point.step(action_id(chosen))
            except IllegalMoveError as error:
                raise IllegalMoveError(
                    f"the policy of seat {seat} chose {shown(chosen)}: {error}"
                ) from None
            if isinstance(step, Move):
                return step
            point = step


register_envs()
