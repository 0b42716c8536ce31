"""scopa_rules: a configurable, immutable-state rules engine for the Scopa
family of card games.

>>> import scopa_rules as sr
>>> state = sr.new_game(sr.Ruleset.scopa(players=2), seed=7)
>>> while not state.is_over:
...     state = state.apply(state.legal_moves()[0])
>>> state.winner in (0, 1), max(state.scores) >= 11
(True, True)
"""

from __future__ import annotations

from importlib import import_module as _import_module
from importlib.metadata import version as _installed_version
from types import ModuleType as _ModuleType
from typing import TYPE_CHECKING

# First: with SCOPA_RULES_PURE set, it makes the modules below load from
# their Python sources even where compiled ones are installed.
from ._compiled import KernelInfo, kernel_info

# isort: split
# _chance serves the OpenSpiel adapter; it is loaded here, as every compiled
# module is, so that kernel_info can say which build of it runs.
from . import _chance, events  # noqa: F401
from ._moved import MOVED as _MOVED
from ._moved import install as _install_moved
from ._play.bots import (
    Bot,
    FullStateAdapter,
    FullStateBot,
    GreedyBot,
    IsmctsBot,
    RandomBot,
    greedy_playout,
    moves_to_choose,
    play_game,
    playout,
)
from ._play.lineup import BOT_NAMES, make_bot
from ._play.perft import perft
from ._play.playouts import Playout, random_playout, random_playouts
from ._play.solver import MoveAnalysis, MoveValue, PimcBot, analyse, solve
from .captures import capture_options
from .cards import ALL_CARDS, Card, CardSet, Rank, Suit
from .deck import Deck
from .declarations import Declaration, declaration_of
from .encoding import (
    ACTION_ENCODING_VERSION,
    KEEP_FIRST_CARD_ACTION,
    NUM_ACTIONS,
    STOP_ACTION,
    TABLE_FIRST_CARD_ACTION,
    TAKE_ACTION_BASE,
    ActionState,
    decode_action,
    decode_actions,
    describe_action,
    encode_move,
)
from .errors import (
    AmbiguousMoveError,
    ArgumentError,
    IllegalMoveError,
    InvalidRulesetError,
    InvalidStateError,
    MatchError,
    NotationError,
    ScopaError,
)
from .events import (
    Captured,
    CardPlayed,
    CardsDealt,
    Declared,
    Event,
    FirstCardDealt,
    FirstCardDecided,
    GameOver,
    HandEnded,
    HandScored,
    HandStarted,
    InitialSweeps,
    Redealt,
    Swept,
    TableDealt,
    Trailed,
    event_from_dict,
    event_to_dict,
    json_schema,
)
from .expert import ExpertBot
from .moves import Move, MoveKind
from .observation import (
    OBSERVATION_VERSION,
    observation_bounds,
    observation_layout,
    observation_size,
    observe,
)
from .records import MAX_TARGET_SCORE, MAX_TURNS, GameRecord
from .rules import (
    MAX_PLAYERS,
    CaptureCompulsion,
    CaptureMode,
    CaptureRule,
    CaptureValues,
    NapolaPoints,
    Preset,
    PrimieraRule,
    Ruleset,
    TableAce,
)
from .scoring import HandScore, SideScore, score_hand
from .state import (
    GameState,
    HandResult,
    Phase,
    Position,
    Turn,
    apply_move,
    legal_moves,
    new_game,
)
from .tournament import (
    CATEGORIES,
    MatchFailure,
    MatchResult,
    Standing,
    match,
    wilson_interval,
)
from .views import PlayerView

# The moved modules' old names (scopa_rules.bots, ...), found when imported.
_install_moved()

if TYPE_CHECKING:
    # Loaded on first use by __getattr__ below; named here for type checkers.
    from . import adapters as adapters
    from . import strategies as strategies
    from . import svg as svg

_LAZY_SUBMODULES = ("adapters", "strategies", "svg")
"""The public submodules loaded on first attribute access (PEP 562), so
that ``import scopa_rules`` stays quick and imports no optional extra:
``sr.svg`` works without ``import scopa_rules.svg``, and ``sr.strategies``
without Hypothesis raises the same error as ``import scopa_rules.strategies``
(saying which extra to install)."""


# Hidden from type checkers, which see the imports above instead: a typo
# such as ``sr.Cardd`` stays a type error in users' code.
if not TYPE_CHECKING:  # pragma: no branch (always true when run)

    def __getattr__(name: str) -> _ModuleType:
        """``sr.svg``, ``sr.strategies`` and ``sr.adapters``, imported when first
        used, and the moved modules by their old names (``sr.bots``).

        >>> import scopa_rules as sr
        >>> sr.svg.card(sr.Card.parse("7D")).startswith("<svg")
        True
        """
        if name in _LAZY_SUBMODULES or f"{__name__}.{name}" in _MOVED:
            module = _import_module(f"{__name__}.{name}")
            globals()[name] = module
            return module
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted({*globals(), *_LAZY_SUBMODULES})


# The version is written once, in pyproject.toml; this is the installed
# package's metadata.
__version__ = _installed_version("scopa-rules")

__all__ = [
    "ACTION_ENCODING_VERSION",
    "ALL_CARDS",
    "BOT_NAMES",
    "CATEGORIES",
    "KEEP_FIRST_CARD_ACTION",
    "MAX_PLAYERS",
    "MAX_TARGET_SCORE",
    "MAX_TURNS",
    "NUM_ACTIONS",
    "OBSERVATION_VERSION",
    "STOP_ACTION",
    "TABLE_FIRST_CARD_ACTION",
    "TAKE_ACTION_BASE",
    "ActionState",
    "AmbiguousMoveError",
    "ArgumentError",
    "Bot",
    "CaptureCompulsion",
    "CaptureMode",
    "CaptureRule",
    "CaptureValues",
    "Captured",
    "Card",
    "CardPlayed",
    "CardSet",
    "CardsDealt",
    "Deck",
    "Declaration",
    "Declared",
    "Event",
    "ExpertBot",
    "FirstCardDealt",
    "FirstCardDecided",
    "FullStateAdapter",
    "FullStateBot",
    "GameOver",
    "GameRecord",
    "GameState",
    "GreedyBot",
    "HandEnded",
    "HandResult",
    "HandScore",
    "HandScored",
    "HandStarted",
    "IllegalMoveError",
    "InitialSweeps",
    "InvalidRulesetError",
    "InvalidStateError",
    "IsmctsBot",
    "KernelInfo",
    "MatchError",
    "MatchFailure",
    "MatchResult",
    "Move",
    "MoveAnalysis",
    "MoveKind",
    "MoveValue",
    "NapolaPoints",
    "NotationError",
    "Phase",
    "PimcBot",
    "PlayerView",
    "Playout",
    "Position",
    "Preset",
    "PrimieraRule",
    "RandomBot",
    "Rank",
    "Redealt",
    "Ruleset",
    "ScopaError",
    "SideScore",
    "Standing",
    "Suit",
    "Swept",
    "TableAce",
    "TableDealt",
    "Trailed",
    "Turn",
    "analyse",
    "apply_move",
    "capture_options",
    "declaration_of",
    "decode_action",
    "decode_actions",
    "describe_action",
    "encode_move",
    "event_from_dict",
    "event_to_dict",
    "events",
    "greedy_playout",
    "json_schema",
    "kernel_info",
    "legal_moves",
    "make_bot",
    "match",
    "moves_to_choose",
    "new_game",
    "observation_bounds",
    "observation_layout",
    "observation_size",
    "observe",
    "perft",
    "play_game",
    "playout",
    "random_playout",
    "random_playouts",
    "score_hand",
    "solve",
    "wilson_interval",
]
