"""Every ruleset of the library as an OpenSpiel game (``pip install
scopa-rules[openspiel]``).

Importing this module registers the game ``"scopa_rules"`` with pyspiel.  Its
parameters are the ruleset's :meth:`~scopa_rules.Ruleset.to_dict` (an option
that may be ``None`` is given as 0 for ``None`` when it is a number, such as
``redeal_kings``, and as ``""`` when it is a card, ``wild_card``)
and ``returns``, ``"win_loss"`` (the default) or ``"points"`` (see
:mod:`scopa_rules.adapters`).  :func:`load_game` builds the parameters from a
ruleset:

>>> import pyspiel
>>> import scopa_rules as sr
>>> from scopa_rules.adapters.openspiel import load_game
>>> game = load_game(sr.Ruleset.scopone_scientifico())
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(4, 96, 40)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 40)

The game is one of imperfect information with explicit chance nodes: each
deck is dealt card by card, 40 chance actions (the card's index) each with a
uniform chance over the cards not yet dealt.  Dealing card by card rather
than drawing a whole shuffle at once keeps the chance outcomes at 40 (a
shuffle has 40! of them) and lets tree algorithms and samplers treat the deal
as OpenSpiel expects; no seat sees the chance actions, only the cards its
view shows.  A seat's actions are the ids of :mod:`scopa_rules.encoding`.

Information states: the string is the seat's view (:meth:`PlayerView.render`)
with its perfect-recall history (every hand's turns as the seat saw them);
the tensor is the observation of :func:`scopa_rules.observe`, which keeps
the captured cards of each side rather than their order.  The observation
string is the view alone.  :meth:`ScopaState.resample_from_infostate` deals
the hidden cards again with :meth:`PlayerView.sample`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Literal

import attrs
import numpy as np
import pyspiel

from .._chance import deal_card, deal_outcomes
from ..cards import ALL_CARDS, Card
from ..deck import deck_from_bytes
from ..encoding import NUM_ACTIONS, ActionState, describe_action
from ..errors import InvalidStateError, shown, shown_names
from ..observation import (
    most_hand_points,
    observation_layout,
    state_entries,
)
from ..rules import OPTIONS, PRESETS, Ruleset
from ..state import GameState, Phase, new_game
from . import Returns, action_id, check_returns, seat_returns
from ._arrays import observation_array

__all__ = [
    "CHANCE_MODES",
    "GAME_NAME",
    "Chance",
    "ScopaGame",
    "ScopaState",
    "game_parameters",
    "load_game",
]

GAME_NAME = "scopa_rules"
"""The name the game is registered under with pyspiel."""

_MAX_PLAYERS = 40  # one card each and no table
# Options that may be None travel as 0 (numbers) or "" (cards): OpenSpiel
# parameters cannot be None, and each keeps one type.
_NONE_AS: dict[str, Any] = {
    row.name: "" if row.type == Card | None else 0
    for row in OPTIONS
    if row.type in (int | None, Card | None)
}
# Per hand, at most: two decks dealt (a redeal), 40 plays, 40 takes, 40 stops
# and a first-card decision.
_STEPS_PER_HAND = 80 + 40 * 3 + 1


Chance = Literal["cards", "sampled"]
"""How the decks are dealt: card by card at chance nodes, or sampled inside
the game from its seeded generator."""
CHANCE_MODES: tuple[Chance, ...] = ("cards", "sampled")
"""The ways to deal the decks."""
# The parameters that are not the ruleset's.
_GAME_OPTIONS = ("returns", "chance", "seed", "preset")


def game_parameters(
    rules: Ruleset,
    *,
    returns: Returns = "win_loss",
    chance: Chance = "cards",
    seed: int = -1,
) -> dict[str, Any]:
    """The OpenSpiel parameters of the game played by ``rules``.

    >>> import scopa_rules as sr
    >>> params = game_parameters(sr.Ruleset.escoba(), returns="points")
    >>> params["capture_mode"], params["redeal_kings"], params["returns"]
    ('fifteen', 0, 'points')
    >>> params["chance"], params["seed"]
    ('cards', -1)
    """
    params = _rule_parameters(rules)
    params["returns"] = check_returns(returns)
    params["chance"] = _check_chance(chance)
    params["seed"] = _check_seed(seed)
    params["preset"] = ""
    return params


def load_game(
    rules: Ruleset,
    *,
    returns: Returns = "win_loss",
    chance: Chance = "cards",
    seed: int = -1,
) -> Any:
    """The pyspiel game played by ``rules``.

    >>> import scopa_rules as sr
    >>> load_game(sr.Ruleset.chkobba()).get_type().short_name
    'scopa_rules'
    >>> game = load_game(sr.Ruleset.scopa(), chance="sampled", seed=7)
    >>> game.get_type().chance_mode, game.new_initial_state().is_chance_node()
    (<ChanceMode.SAMPLED_STOCHASTIC: 2>, False)
    """
    params = game_parameters(rules, returns=returns, chance=chance, seed=seed)
    return pyspiel.load_game(GAME_NAME, params)


def _rule_parameters(rules: Ruleset) -> dict[str, Any]:
    """The parameters of the ruleset's options."""
    return {
        key: _NONE_AS[key] if value is None and key in _NONE_AS else value
        for key, value in rules.to_dict().items()
    }


def _check_chance(chance: object) -> Chance:
    if chance not in CHANCE_MODES:
        raise InvalidStateError(
            f"chance must be one of {', '.join(CHANCE_MODES)}, not {shown(chance)}"
        )
    return chance


def _check_seed(seed: object) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < -1:
        raise InvalidStateError(
            f"seed must be an integer, 0 or more (or -1 for none), not {shown(seed)}"
        )
    return seed


def _ruleset(params: Mapping[str, Any]) -> Ruleset:
    """The ruleset of the parameters ``params`` (those given, the others
    defaulting): the preset named by ``preset`` (if any) for ``players`` (the
    preset's first player count if not given), with the options given."""
    data = {
        key: None if key in _NONE_AS and value == _NONE_AS[key] else value
        for key, value in params.items()
        if key not in _GAME_OPTIONS
    }
    preset = params.get("preset", "")
    if not preset:
        return Ruleset.from_dict({**_DEFAULT_RULES, **data})
    # pyspiel hands every parameter over, the defaults filled in: an option
    # changes the preset only where it differs from the default ruleset's.
    changed = {
        key: value for key, value in data.items() if value != _DEFAULT_RULES.get(key)
    }
    players = changed.pop("players", None)
    base = Ruleset.from_name(preset, players)
    return Ruleset.from_dict({**base.to_dict(), **changed})


_DEFAULT_RULES = Ruleset().to_dict()
_DEFAULTS = game_parameters(Ruleset())
PRESET_NAMES: tuple[str, ...] = tuple(preset.name for preset in PRESETS)
"""What the ``preset`` parameter may name (any alias that
:meth:`Ruleset.from_name <scopa_rules.Ruleset.from_name>` takes works too)."""


def _game_type(chance_mode: Any) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Scopa family (scopa_rules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance_mode,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_MAX_PLAYERS,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS,
    )


_GAME_TYPE = _game_type(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC)
# A game whose decks are sampled has no chance nodes: pyspiel reads the chance
# mode from each game's own type.
_SAMPLED_TYPE = _game_type(pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC)


@attrs.frozen
class _Setting:
    """What every state of one game reads: its ruleset, seats and scoring."""

    rules: Ruleset
    players: int
    returns: Returns


class ScopaGame(pyspiel.Game):  # type: ignore[misc]
    """The pyspiel game of one ruleset (see the module's text)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        unknown = set(given) - set(_DEFAULTS)
        if unknown:
            raise InvalidStateError(
                f"unknown {GAME_NAME} parameters {shown_names(unknown)}; the "
                f"parameters are {', '.join(sorted(_DEFAULTS))}"
            )
        rules = _ruleset(given)
        # The parameters in full, the preset spelt out: the game's string
        # (and so a pickled or serialized game) loads the same ruleset.
        merged = {**_DEFAULTS, **given, **_rule_parameters(rules), "preset": ""}
        self._params = merged
        self.rules = rules
        """The ruleset played."""
        returns = self.returns = check_returns(merged["returns"])
        """How a finished game is scored (see :mod:`scopa_rules.adapters`)."""
        self._setting = _Setting(rules, rules.players, returns)
        self.chance: Chance = _check_chance(merged["chance"])
        """How the decks are dealt (see the module's text)."""
        seed = _check_seed(merged["seed"])
        self._rng = random.Random(None if seed == -1 else seed)
        sides = rules.sides
        if returns == "win_loss":
            low, high = -1.0, 1.0
        else:
            # A side can win by its whole score, which stays below the target
            # plus the points of one hand (see most_hand_points).
            high = float(rules.target_score + most_hand_points(rules))
            low = -high
        hands = sides * rules.target_score + 10
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=40 if self.chance == "cards" else 0,
            num_players=rules.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=hands * _STEPS_PER_HAND,
        )
        game_type = _GAME_TYPE if self.chance == "cards" else _SAMPLED_TYPE
        super().__init__(game_type, info, merged)

    def new_initial_state(self) -> ScopaState:
        """The game before its first card is dealt, or, with sampled decks,
        a game dealt from the game's generator."""
        return ScopaState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel pickles a game by its string and loads it again through
        # C++, which leaves the Python attributes unset (and a sampled game's
        # string asks C++ for a generator state Python games cannot give):
        # a game is pickled and deep-copied as its parameters and its
        # generator's state.
        return (_game_from, (dict(self._params), self._rng.getstate()))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _Observer:
        """The observer that OpenSpiel's observation and information-state
        strings and tensors come from: a seat's own view (the default, with
        perfect recall or not), the public information alone
        (``public_info=True, private_info=NONE``) or a seat's private
        information alone (``public_info=False, private_info=SINGLE_PLAYER``),
        as ``generate_playthrough`` asks for."""
        if params:
            raise InvalidStateError(
                f"the scopa_rules observer takes no parameters, not {shown(params)}"
            )
        if iig_obs_type is None:
            return _Observer(self.rules, "seat", perfect_recall=False)
        private = iig_obs_type.private_info
        public = iig_obs_type.public_info
        perfect_recall = iig_obs_type.perfect_recall
        if public and private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return _Observer(self.rules, "seat", perfect_recall=perfect_recall)
        if not perfect_recall and public and private == pyspiel.PrivateInfoType.NONE:
            return _Observer(self.rules, "public", perfect_recall=False)
        if (
            not perfect_recall
            and not public
            and private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            return _Observer(self.rules, "private", perfect_recall=False)
        raise InvalidStateError(
            "the scopa_rules observer shows a seat's own view (public_info=True, "
            "private_info=SINGLE_PLAYER, with perfect recall or not), the public "
            "information (public_info=True, private_info=NONE) or a seat's "
            "private information (public_info=False, private_info=SINGLE_PLAYER), "
            f"not {iig_obs_type}"
        )


def _game_from(params: dict[str, Any], rng_state: Any) -> ScopaGame:
    """The game a pickled :class:`ScopaGame` was (its generator too)."""
    game = ScopaGame(params)
    game._rng.setstate(rng_state)
    return game


class _Node:
    """The part of a state that changes, in one plain object: the library's
    point, the deck being dealt and the player to act (and, until a sampled
    game's new state is dealt, the game's generator: see _Undealt).  Each attribute of a
    pybind state costs several times a plain object's to read or set, and
    pyspiel's clone deep-copies each with a call of its own."""

    __slots__ = ("dealing", "player", "point", "rng", "setting")

    def __init__(self, setting: _Setting) -> None:
        self.setting = setting
        self.point: ActionState | None = None
        self.dealing = b""
        """The deck being dealt, as bytes of card indexes (see _chance)."""
        self.player = _CHANCE
        """Worked out whenever the point changes: pyspiel asks for it several
        times a step."""

    def move_to(self, point: ActionState) -> None:
        self.point = point
        player = point.current_player
        if player is not None:
            self.player = player
        elif point.state.phase is Phase.AWAITING_DEAL:
            self.player = _CHANCE
        else:
            self.player = _TERMINAL

    def __deepcopy__(self, memo: object) -> _Node:
        # The point and the deck are immutable: a clone shares them.
        node = _new_node(_Node)
        node.setting = self.setting
        node.point = self.point
        node.dealing = self.dealing
        node.player = self.player
        return node

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (pyspiel's serialize() pickles a state's attributes) as
        # what a clone copies; an undealt node is dealt first.
        return (_node_from, (self.setting, self.point, self.dealing, self.player))


_new_node = object.__new__


def _node_from(
    setting: _Setting, point: ActionState | None, dealing: bytes, player: int
) -> _Node:
    node = _new_node(_Node)
    node.setting = setting
    node.point = point
    node.dealing = dealing
    node.player = player
    return node


class _Undealt(_Node):
    """The node of a new state of a sampled game, whose game is dealt when
    the state is first read, from the next seed of the game's generator
    ``rng``.  pyspiel's clone makes a new initial state only to copy another
    state's node over it: that state is never read, takes no seed, and so
    the games a game deals do not depend on how many clones a search made
    between them."""

    __slots__ = ()

    def __init__(self, setting: _Setting, rng: random.Random) -> None:
        self.setting = setting
        self.dealing = b""
        self.rng = rng

    def __getattr__(self, name: str) -> Any:
        # Python asks only for what is not set: the point and the player.
        # (Pickle and copy ask for no special name: _Node.__reduce__.)
        # Dealt from a seed, the library deals every later deck itself.
        seed = self.rng.getrandbits(63)
        self.move_to(ActionState(new_game(self.setting.rules, seed=seed)))
        # A class with __getattr__ slows every read of its slots: the node
        # becomes a plain one (the same slots).
        object.__setattr__(self, "__class__", _Node)
        return object.__getattribute__(self, name)


class ScopaState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the cards dealt so far of a deck being dealt, or a
    library :class:`ActionState`."""

    def __init__(self, game: ScopaGame) -> None:
        super().__init__(game)
        if game.chance == "sampled":
            # The game's generator gives each new state its seed when it is
            # first read.
            self._node: _Node = _Undealt(game._setting, game._rng)
        else:
            self._node = _Node(game._setting)

    @property
    def point(self) -> ActionState | None:
        """The library's state and open capture (``None`` before the first
        deal is complete)."""
        return self._node.point

    def apply_action(self, action: int) -> None:
        """Play ``action`` (an int, a NumPy integer or a one-element array
        of one, as every adapter takes: see
        :func:`~scopa_rules.adapters.action_id`)."""
        _pyspiel_apply(self, action if type(action) is int else action_id(action))

    def __deepcopy__(self, memo: object) -> ScopaState:
        # pyspiel's own deep copy goes through serialize(), which a sampled
        # game cannot give: a deep copy is a clone.
        clone: ScopaState = self.clone()
        return clone

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its game (see ScopaGame.__reduce__) and pyspiel's
        # serialization of the state (its history and the library's state),
        # which a sampled game's state gives too, where pyspiel's pickle
        # asks C++ for the game generator's state.
        return (_state_from, (self.get_game(), self.serialize()))

    def current_player(self) -> int:
        """The seat to act, or pyspiel's chance or terminal player id."""
        return self._node.player

    def _legal_actions(self, player: int) -> list[int]:
        point = self._node.point
        assert point is not None
        return list(point.legal_actions())

    # pyspiel's own is_chance_node, legal_actions and tensors answer a Python
    # caller through C++, which calls back into this class (and sizes every
    # tensor on a fresh initial state first): these give a Python caller the
    # same answers straight from the point, and leave anything else (a seat
    # out of range, no point yet) to pyspiel.

    def is_chance_node(self) -> bool:
        """Whether a card is to be dealt."""
        return self._node.player == _CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (the one to act by default)."""
        node = self._node
        mover = node.player
        if mover >= 0 and (player is None or player == mover):
            point = node.point
            assert point is not None
            return list(point.legal_actions())
        given = () if player is None else (player,)
        return pyspiel.State.legal_actions(self, *given)  # type: ignore[no-any-return]

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The observation of ``player`` (the one to act by default)."""
        return _tensor(self, player, _PYSPIEL_OBSERVATION)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The information state of ``player`` as a tensor: its observation."""
        return _tensor(self, player, _PYSPIEL_INFORMATION_STATE)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet dealt from the deck, each as likely."""
        return deal_outcomes(self._node.dealing)

    def _apply_action(self, action: int) -> None:
        node = self._node
        point = node.point
        if node.player != _CHANCE:
            assert point is not None
            node.move_to(point.apply(action))
            return
        dealing = node.dealing = deal_card(node.dealing, action)
        if len(dealing) < 40:
            return
        # Every card once: the deck needs no checking.
        deck = deck_from_bytes(dealing)
        node.dealing = b""
        if point is None:
            node.move_to(ActionState(new_game(node.setting.rules, deck=deck)))
        else:
            node.move_to(ActionState(point.state.deal(deck)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card.from_index(action)}"
        return describe_action(action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._node.player == _TERMINAL

    def returns(self) -> list[float]:
        """Each seat's result (all 0 until the game is over)."""
        node = self._node
        if node.point is None:
            return [0.0] * node.setting.players
        return list(seat_returns(node.point.state, node.setting.returns))

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> ScopaState:
        """A state that ``player_id`` cannot tell from this one: the cards it
        does not see dealt again (:meth:`PlayerView.sample`)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        clone: ScopaState = self.clone()
        dealing = self._node.dealing
        if dealing:
            # No seat has seen any card of a deck being dealt.
            dealt = rng.sample(list(ALL_CARDS), len(dealing))
            clone._node.dealing = bytes(card.index for card in dealt)
        point = self._node.point
        if point is None or point.state.phase is Phase.AWAITING_DEAL:
            return clone
        view = point.state.view(player_id)
        while True:
            sample = view.sample(rng)
            mover = sample.current_player
            # An open capture's card lies face up: the mover holds it.
            if point.played is None or (
                mover is not None and point.played in sample.hands[mover]
            ):
                break
        clone._node.move_to(ActionState(sample, point.played, point.taken))
        return clone

    def __str__(self) -> str:
        node = self._node
        if node.point is None:
            return f"dealing: {len(node.dealing)} of 40 cards dealt"
        return node.point.state.render()


def _state_from(game: ScopaGame, serialized: str) -> ScopaState:
    """The state a pickled :class:`ScopaState` was."""
    state: ScopaState = game.deserialize_state(serialized)
    return state


def _tensor(state: ScopaState, player: int | None, pyspiels: Any) -> list[float]:
    node = state._node
    seat = node.player if player is None else player
    point = node.point
    if point is None or not 0 <= seat < node.setting.players:
        given = () if player is None else (player,)
        return pyspiels(state, *given)  # type: ignore[no-any-return]
    tensor: list[float] = state_entries(
        point.state, seat, point.played, point.taken, False
    )
    return tensor


def _history_text(state: GameState, seat: int) -> str:
    view = state.view(seat)
    lines = []
    for result in view.hand_results:
        lines.append(
            f"hand {result.number + 1}: "
            + " ".join(f"{t.seat}:{t.move}" for t in result.turns)
        )
    lines.append("this hand: " + " ".join(f"{t.seat}:{t.move}" for t in view.turns))
    return "\n".join(lines)


_PUBLIC_BLOCKS = (
    "table",
    "piles",
    "played",
    "taken",
    "to_move",
    "dealer",
    "last_capturer",
    "hand_sizes",
    "stock",
    "sweeps",
    "scores",
    "phase",
    "first_card_was",
    "rules",
)
"""The blocks of the observation that every seat sees alike, which the
public observation takes from seat 0's (seats and sides counted from seat 0)."""
_PRIVATE_BLOCKS = ("hand", "first_card")
"""The blocks that only the viewer sees."""


class _Observer:
    """OpenSpiel's observer protocol: a tensor, named views of it, and the
    strings: of one seat's view (``"seat"``), of the public information
    (``"public"``) or of a seat's private information (``"private"``)."""

    def __init__(self, rules: Ruleset, kind: str, *, perfect_recall: bool) -> None:
        self.kind = kind
        self.perfect_recall = perfect_recall
        layout = observation_layout(rules)
        if kind == "seat":
            blocks = list(layout)
        else:
            wanted = _PUBLIC_BLOCKS if kind == "public" else _PRIVATE_BLOCKS
            blocks = [name for name in layout if name in wanted]
        # The entries of the whole observation this observer shows.
        spans = [layout[name] for name in blocks]
        self._entries = np.concatenate(
            [np.arange(start, start + size) for start, size in spans]
        )
        self._whole = kind == "seat"
        self.tensor = np.zeros(len(self._entries), np.float32)
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        at = 0
        for name in blocks:
            size = layout[name][1]
            self.dict[name] = self.tensor[at : at + size]
            at += size

    def set_from(self, state: ScopaState, player: int) -> None:
        point = state.point
        if point is None:
            self.tensor.fill(0.0)
            return
        if self._whole:
            self.tensor[:] = observation_array(point, player)
            return
        seat = 0 if self.kind == "public" else player
        self.tensor[:] = observation_array(point, seat)[self._entries]

    def string_from(self, state: ScopaState, player: int) -> str:
        point = state.point
        dealing = state._node.dealing
        if self.kind == "public":
            return _public_text(point, len(dealing))
        if self.kind == "private":
            if point is None:
                return f"seat {player}: no cards yet"
            return f"seat {player} holds {point.state.view(player).hand or 'nothing'}"
        if point is None:
            return f"seat {player}: dealing"
        text = point.state.view(player).render()
        if point.played is not None:
            text += f"\nplaying {point.played}, taken {point.taken or 'nothing'}"
        if self.perfect_recall:
            text += "\n" + _history_text(point.state, player)
        if dealing:
            text += f"\ndealing: {len(dealing)} of 40 cards dealt"
        return text


def _public_text(point: ActionState | None, dealt: int) -> str:
    """What every seat sees: the table, the piles, the open capture, the
    hands' and stock's sizes, the sweeps and scores, whose turn it is."""
    if point is None:
        return f"dealing: {dealt} of 40 cards dealt"
    state = point.state
    view = state.view(0)
    piles = ", ".join(
        f"side {side} {len(pile)} ({pile or 'none'})"
        for side, pile in enumerate(view.piles)
    )
    lines = [
        f"hand {view.hand_number + 1}, dealer {view.dealer}, "
        + (
            "over"
            if view.current_player is None
            else f"seat {view.current_player} to act"
        ),
        f"table: {view.table or 'empty'}",
        f"piles: {piles}",
        "hand sizes: " + " ".join(map(str, view.hand_sizes)),
        f"stock: {view.stock_size}",
        "sweeps: " + " ".join(map(str, view.sweeps)),
        "scores: " + " ".join(map(str, view.scores)),
    ]
    if point.played is not None:
        lines.append(f"playing {point.played}, taken {point.taken or 'nothing'}")
    if dealt:
        lines.append(f"dealing: {dealt} of 40 cards dealt")
    return "\n".join(lines)


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_pyspiel_apply = pyspiel.State.apply_action
_PYSPIEL_OBSERVATION = pyspiel.State.observation_tensor
_PYSPIEL_INFORMATION_STATE = pyspiel.State.information_state_tensor
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

pyspiel.register_game(_GAME_TYPE, ScopaGame)
