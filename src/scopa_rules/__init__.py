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

from importlib.metadata import version as _installed_version
from typing import TYPE_CHECKING

# First: with SCOPA_RULES_PURE set, it makes the modules below load from
# their Python sources even where compiled ones are installed.
from ._compiled import KernelInfo, kernel_info

# isort: split
# _chance serves the OpenSpiel adapter; it is loaded here, as every compiled
# module is, so that kernel_info can say which build of it runs.
from . import _chance, events  # noqa: F401
from .bots import (
    Bot,
    FullStateAdapter,
    FullStateBot,
    GreedyBot,
    IsmctsBot,
    RandomBot,
    play_game,
    playout,
)
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
from .perft import perft
from .playouts import Playout, random_playout, random_playouts
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
from .solver import MoveAnalysis, MoveValue, PimcBot, analyse, solve
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

# The version is written once, in pyproject.toml; this is the installed
# package's metadata.
__version__ = _installed_version("scopa-rules")

__all__ = [
    "ACTION_ENCODING_VERSION",
    "ALL_CARDS",
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
    "events",
    "json_schema",
    "kernel_info",
    "legal_moves",
    "match",
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


# The public submodules load when first named (``sr.svg``, ...), as
# ``events`` is loaded already: importing the package imports none of them
# (nor the extras they need: ``strategies`` needs Hypothesis and says so).
_SUBMODULES = frozenset({"adapters", "strategies", "svg"})

if TYPE_CHECKING:
    from types import ModuleType

    from . import adapters as adapters
    from . import strategies as strategies
    from . import svg as svg


def __getattr__(name: str) -> ModuleType:
    if name in _SUBMODULES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
