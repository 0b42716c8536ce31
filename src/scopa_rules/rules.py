"""Rulesets: every rule point that real tables dispute, as data.

A :class:`Ruleset` is a frozen value whose fields are the options of the rules
contract (``RULES.md``), with the same names.  Presets are classmethods; any
preset can be varied option by option with :meth:`Ruleset.replace`, which
validates the result.

>>> from scopa_rules import Ruleset
>>> rules = Ruleset.scopa(players=4)
>>> rules.partnerships, rules.deals_per_hand, rules.target_score
(True, 3, 11)
>>> rules.replace(target_score=21, re_bello=True).target_score
21
>>> Ruleset.scopa(players=4).replace(players=5, partnerships=False)
Traceback (most recent call last):
...
scopa_rules.errors.InvalidRulesetError: 5 players with 3 cards each and 4 on the table cannot be dealt: 36 cards are left for the hands, not a whole number of rounds of 15; for 5 players with 3 cards, table_size could be 10 or 25
"""

from __future__ import annotations

import enum
import functools
import math
import operator
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs
from typing_extensions import Self

from ._frozen import Frozen
from .cards import Card, Rank, rank_of
from .errors import InvalidRulesetError, shown

__all__ = [
    "MAX_PLAYERS",
    "CaptureCompulsion",
    "CaptureMode",
    "CaptureRule",
    "CaptureValues",
    "NapolaPoints",
    "PrimieraRule",
    "Ruleset",
    "TableAce",
]


MAX_PLAYERS = 40
"""The most seats a :class:`Ruleset` accepts: 40 cards give each seat one at
the least.  The compiled kernel's per-seat and per-side arrays hold this many
(``tests/engine/test_many_players.py`` checks every one of them against it)."""


class _Option(str, enum.Enum):
    """An enumerated option; its value is the name used in RULES.md."""

    def __str__(self) -> str:
        return str(self.value)


class CaptureValues(_Option):
    """How face cards count when capturing.

    >>> import scopa_rules as sr
    >>> sr.Ruleset.scopa().capture_values, str(sr.CaptureValues.CHKOBBA)
    (<CaptureValues.ITALIAN: 'italian'>, 'chkobba')
    """

    ITALIAN = "italian"
    """J=8, Q=9, K=10."""
    CHKOBBA = "chkobba"
    """Q=8, J=9, K=10."""


class CaptureRule(_Option):
    """Which value captures are allowed when several are possible.

    >>> import scopa_rules as sr
    >>> sr.Ruleset.scopa().capture_rule, sr.CaptureRule("free")
    (<CaptureRule.SINGLE_FIRST: 'single_first'>, <CaptureRule.FREE: 'free'>)
    """

    SINGLE_FIRST = "single_first"
    """A matching single card must be taken before any sum."""
    FEWEST_CARDS = "fewest_cards"
    """Only the captures with the fewest cards are allowed."""
    FREE = "free"
    """Any single card or any sum."""


class CaptureCompulsion(_Option):
    """When a player must capture.

    >>> import scopa_rules as sr
    >>> sr.Ruleset.scopa().capture_compulsion, str(sr.CaptureCompulsion.NONE)
    (<CaptureCompulsion.PLAYED_CARD: 'played_card'>, 'none')
    """

    PLAYED_CARD = "played_card"
    """A played card that can capture must capture."""
    WHOLE_HAND = "whole_hand"
    """If any card in the hand can capture, the player must capture."""
    NONE = "none"
    """Any card may be trailed, even one that could capture."""


class CaptureMode(_Option):
    """What a capture is.

    >>> import scopa_rules as sr
    >>> sr.Ruleset.scopa().capture_mode, sr.Ruleset.escoba().capture_mode
    (<CaptureMode.MATCH: 'match'>, <CaptureMode.FIFTEEN: 'fifteen'>)
    """

    MATCH = "match"
    """Take table cards equal in value (one card or a sum) to the played card."""
    FIFTEEN = "fifteen"
    """Take table cards that add up to 15 with the played card."""
    MATCH_OR_FIFTEEN = "match_or_fifteen"
    """Either kind."""


class PrimieraRule(_Option):
    """How the primiera point is decided.

    >>> import scopa_rules as sr
    >>> sr.Ruleset.scopa().primiera_rule, str(sr.PrimieraRule.MOST_SEVENS)
    (<PrimieraRule.ALL_SUITS: 'all_suits'>, 'most_sevens')
    """

    ALL_SUITS = "all_suits"
    """A side missing a suit has no primiera; the highest total wins."""
    MORE_SUITS = "more_suits"
    """More suits beat fewer; equal suit counts compare totals."""
    PARTIAL_SUM = "partial_sum"
    """The totals of whatever suits a side has are compared."""
    MOST_SEVENS = "most_sevens"
    """Most sevens; if tied, most sixes; if still tied, no one."""


class TableAce(_Option):
    """What an ace played under ``ace_takes_all`` does when an ace already
    lies on the table.

    >>> import scopa_rules as sr
    >>> sr.Ruleset.scopa().table_ace, str(sr.TableAce.EITHER)
    (<TableAce.BLOCKS: 'blocks'>, 'either')
    """

    BLOCKS = "blocks"
    """It does not take all: it captures by the normal rules."""
    IGNORED = "ignored"
    """It takes all the same."""
    EITHER = "either"
    """The player chooses: the take-all and the normal captures are all legal."""


class NapolaPoints(_Option):
    """What a napola (A, 2 and 3 of coins) scores.

    >>> import scopa_rules as sr
    >>> sr.Ruleset.scopa().napola_points, str(sr.NapolaPoints.RUN_TO_SIX)
    (<NapolaPoints.RUN: 'run'>, 'run_to_six')
    """

    RUN = "run"
    """As many points as the unbroken run of coins from the ace (3 to 10)."""
    FLAT = "flat"
    """3 points, whatever follows the three."""
    RUN_TO_SIX = "run_to_six"
    """Cirulla's piccola: the run counted up to the 6 at most (3 to 6)."""


_E = TypeVar("_E", bound=_Option)


def _convert(kind: type[_E], value: object) -> _E:
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        try:
            return kind(value.strip().lower())
        except ValueError:
            pass
    choices = ", ".join(member.value for member in kind)
    raise InvalidRulesetError(
        f"{shown(value)} is not a {kind.__name__}: choose one of {choices}"
    )


def _to_capture_values(value: CaptureValues | str) -> CaptureValues:
    return _convert(CaptureValues, value)


def _to_capture_rule(value: CaptureRule | str) -> CaptureRule:
    return _convert(CaptureRule, value)


def _to_capture_compulsion(value: CaptureCompulsion | str) -> CaptureCompulsion:
    return _convert(CaptureCompulsion, value)


def _to_capture_mode(value: CaptureMode | str) -> CaptureMode:
    return _convert(CaptureMode, value)


def _to_primiera_rule(value: PrimieraRule | str) -> PrimieraRule:
    return _convert(PrimieraRule, value)


def _to_table_ace(value: TableAce | str) -> TableAce:
    return _convert(TableAce, value)


def _to_napola_points(value: NapolaPoints | str) -> NapolaPoints:
    return _convert(NapolaPoints, value)


_MATTA = Card.parse("7H")


def _to_wild_card(value: Card | str | None) -> Card | None:
    if value is None or isinstance(value, Card):
        return value
    if isinstance(value, str):
        try:
            return Card.parse(value)
        except ValueError as error:
            raise InvalidRulesetError(f"wild_card: {error}") from None
    raise InvalidRulesetError(
        f"wild_card must be a card (like '7H') or None, not {shown(value)}"
    )


_CAPTURE_VALUE_TABLES = {
    CaptureValues.ITALIAN: tuple(range(1, 11)),
    CaptureValues.CHKOBBA: (1, 2, 3, 4, 5, 6, 7, 9, 8, 10),
}

# The capture value of each card index, by kind of capture values.
_VALUES = {
    kind: tuple(table[i % 10] for i in range(40))
    for kind, table in _CAPTURE_VALUE_TABLES.items()
}


def _default_partnerships(rules: Any) -> bool:
    # A bad player count is reported by the validation that follows.
    players = rules.players
    return _is_int(players) and players >= 4 and players % 2 == 0


def _row(**about: Any) -> dict[str, dict[str, Any]]:
    """A field's metadata: what its row of the options table says besides
    the field's name, type and default (see :class:`OptionRow`)."""
    return {"row": about}


@attrs.frozen(kw_only=True, repr=False, cache_hash=True)
class Ruleset(Frozen):
    """Every rule a table can choose, as one immutable value.

    The fields are the options of the rules contract (the documentation's
    "Rules and options" page) with their default values, which
    are the rules of classic Scopa for two players.  Enumerated options accept
    their enum members or their string names:

    >>> Ruleset(capture_rule="fewest_cards").capture_rule
    <CaptureRule.FEWEST_CARDS: 'fewest_cards'>
    >>> Ruleset(capture_rule="greedy")
    Traceback (most recent call last):
    ...
    scopa_rules.errors.InvalidRulesetError: 'greedy' is not a CaptureRule: choose one of single_first, fewest_cards, free
    """

    # The options table: a field a row, in the order of to_dict().  A row's
    # metadata says the rest of what the library knows of its option: its
    # words in rules_in_force(), the values the strategies draw, its bounds,
    # what it needs of the other options, the scoring category it adds (see
    # OptionRow, and "Adding an option" in docs/architecture.rst).
    players: int = attrs.field(default=2, metadata=_row(low=2, high=MAX_PLAYERS))
    """Number of seats, numbered 0 to ``players - 1`` in playing order: 2 to
    :data:`MAX_PLAYERS` (40, a card each at the least)."""
    partnerships: bool = attrs.field(
        default=attrs.Factory(_default_partnerships, takes_self=True),
        metadata=_row(
            needs=(
                (
                    lambda rules: rules.players >= 4 and rules.players % 2 == 0,
                    "partnerships need an even number of players, at least 4 (2 "
                    "sides of alternating seats), not {rules.players}; use "
                    "partnerships=False",
                ),
            )
        ),
    )
    """Two sides of alternating seats (0, 2, … against 1, 3, …) sharing one
    pile and one score.  Defaults to true for 4 and 6 players."""
    hand_size: int = attrs.field(default=3, metadata=_row(low=1, high=40))
    """Cards dealt to each seat in every deal."""
    table_size: int = attrs.field(default=4, metadata=_row(low=0, high=39))
    """Cards laid face up on the table at the start of a hand."""
    capture_values: CaptureValues = attrs.field(
        default=CaptureValues.ITALIAN,
        converter=_to_capture_values,
        metadata=_row(
            says={
                "italian": "A=1, 2 to 7 at face value, J=8, Q=9, K=10.",
                "chkobba": "A=1, 2 to 7 at face value, Q=8, J=9, K=10.",
            }
        ),
    )
    capture_rule: CaptureRule = attrs.field(
        default=CaptureRule.SINGLE_FIRST,
        converter=_to_capture_rule,
        metadata=_row(
            says={
                "single_first": "a single card of equal value must be "
                "taken before any sum",
                "fewest_cards": "only the captures with the fewest cards are allowed",
                "free": "any single card or any set may be chosen",
            }
        ),
    )
    capture_compulsion: CaptureCompulsion = attrs.field(
        default=CaptureCompulsion.PLAYED_CARD,
        converter=_to_capture_compulsion,
        metadata=_row(
            says={
                "played_card": "A played card that can capture "
                "must capture; any card may be played.",
                "whole_hand": "If any card in the hand can capture, "
                "a capture must be made.",
                "none": "Any card may be played without capturing.",
            }
        ),
    )
    capture_mode: CaptureMode = attrs.field(
        default=CaptureMode.MATCH,
        converter=_to_capture_mode,
        metadata=_row(
            says={
                "match": "A card takes a table card of equal value or a "
                "set adding up to its value; {capture_rule}.",
                "fifteen": "A card takes table cards that add up to 15 "
                "with it; any such set may be chosen.",
                "match_or_fifteen": "A card takes a table card of equal "
                "value or a set adding up to its value ({capture_rule}), or table "
                "cards that add up to 15 with it.",
            }
        ),
    )
    ace_takes_all: bool = attrs.field(
        default=False,
        metadata=_row(
            says="A played ace takes the whole table{table_ace}; taking all "
            "{ace_sweep_is_scopa}. An ace on an empty table is "
            "trailed.{ace_may_trail}"
        ),
    )
    """Asso piglia tutto: a played ace takes the whole table."""
    table_ace: TableAce = attrs.field(
        default=TableAce.BLOCKS,
        converter=_to_table_ace,
        metadata=_row(
            says={
                "blocks": ", unless an ace lies there (then it captures by "
                "the normal rules{blocked_ace_sweeps})",
                "ignored": ", even when an ace lies there",
                "either": "; when an ace lies there, the player chooses "
                "between taking all and a normal capture",
            }
        ),
    )
    """With ``ace_takes_all``: what a played ace does when an ace lies on the
    table (see :class:`TableAce`).  The boolean ``ace_blocked_by_table_ace``
    of earlier versions is accepted as an alias by the constructor,
    :meth:`replace` and :meth:`from_dict`: true is ``blocks``, false
    ``ignored``."""
    ace_sweep_is_scopa: bool = attrs.field(
        default=True,
        metadata=_row(says={True: "counts as a sweep", False: "is no sweep"}),
    )
    """With ``ace_takes_all``: whether taking the whole table scores a sweep."""
    ace_may_trail: bool = attrs.field(
        default=False,
        metadata=_row(
            says=" An ace may also be played without capturing; taking all "
            "is never compulsory."
        ),
    )
    """With ``ace_takes_all`` ("asso posabile"): an ace may also be played
    without capturing, even onto a full table; the take-all is then never
    compulsory (it does not count as a capture for ``capture_compulsion``)."""
    blocked_ace_sweeps: bool = attrs.field(
        default=True,
        metadata=_row(says={False: ", and emptying the table that way is no sweep"}),
    )
    """With ``ace_takes_all``: whether an ace kept from taking all by a table
    ace (``table_ace`` ``blocks``) scores a sweep when its normal capture
    empties the table."""
    last_card_sweep_counts: bool = attrs.field(
        default=False,
        metadata=_row(
            says={
                True: ", the very last card of a hand included",
                False: ", except with the very last card of a hand",
            }
        ),
    )
    """Whether the very last card of a hand may score a sweep."""
    redeal_kings: int | None = attrs.field(
        default=3,
        metadata=_row(
            low=1, high=4, values=(3, None, 1, 2, 4), says="{} or more kings"
        ),
    )
    """Redeal when at least this many kings lie on the initial table; ``None``
    never redeals."""
    redeal_aces: int | None = attrs.field(
        default=None,
        metadata=_row(low=1, high=4, values=(None, 2, 1, 3, 4), says="{} or more aces"),
    )
    """Cirulla: redeal when at least this many aces lie on the initial table;
    ``None`` never redeals.  Either this or ``redeal_kings`` triggers a
    redeal, which is decided before ``initial_fifteen_sweeps``."""
    first_card_choice: bool = attrs.field(
        default=False,
        metadata=_row(
            needs=(
                (
                    lambda rules: rules.table_size >= 1,
                    "first_card_choice needs an initial table (table_size of 1 or "
                    "more): the first card is either kept or put on the table",
                ),
            )
        ),
    )
    """Chkobba: the seat after the dealer sees the first card and keeps it or
    puts it on the table."""
    initial_fifteen_sweeps: bool = attrs.field(
        default=False,
        metadata=_row(
            says="An initial table adding up to 15 goes to the dealer's side "
            "with one sweep; 30, with two.",
            needs=(
                (
                    lambda rules: rules.capture_mode is not CaptureMode.MATCH,
                    "initial_fifteen_sweeps needs capture by fifteen: set "
                    "capture_mode to 'fifteen' or 'match_or_fifteen'",
                ),
                (
                    lambda rules: rules.table_size >= 1,
                    "initial_fifteen_sweeps needs an initial table (table_size of 1 "
                    "or more)",
                ),
            ),
        ),
    )
    """Escoba: an initial table adding up to 15 (30) is the dealer's, with one
    (two) sweeps."""
    primiera_rule: PrimieraRule = attrs.field(
        default=PrimieraRule.ALL_SUITS,
        converter=_to_primiera_rule,
        metadata=_row(
            says={
                "all_suits": "Best card of each suit (7=21, 6=18, A=16, "
                "5=15, 4=14, 3=13, 2=12, faces 10); a side missing a suit has none.",
                "more_suits": "Best card of each suit (7=21, 6=18, A=16, "
                "5=15, 4=14, 3=13, 2=12, faces 10); more suits beat fewer, then the "
                "higher total.",
                "partial_sum": "Best card of each suit held (7=21, 6=18, "
                "A=16, 5=15, 4=14, 3=13, 2=12, faces 10), totals compared.",
                "most_sevens": "Most sevens; if tied, most sixes; if "
                "still tied, no one.",
            }
        ),
    )
    re_bello: bool = attrs.field(
        default=False,
        metadata=_row(category="re_bello", says="re bello (KD) 1"),
    )
    """One point for the king of coins."""
    napola: bool = attrs.field(
        default=False, metadata=_row(category="napola", says="{napola_points}")
    )
    """Points for the run of coins from the ace, when it reaches the three."""
    napola_points: NapolaPoints = attrs.field(
        default=NapolaPoints.RUN,
        converter=_to_napola_points,
        metadata=_row(
            says={
                "run": "napola (holding A, 2 and 3 of coins: 1 for each "
                "card of the unbroken run of coins from the ace)",
                "flat": "napola (holding A, 2 and 3 of coins) 3",
                "run_to_six": "napola, the piccola (holding A, 2 and 3 of "
                "coins: 1 for each card of the unbroken run of coins from the ace, "
                "up to the 6)",
            }
        ),
    )
    """With ``napola``: how the run scores (see :class:`NapolaPoints`)."""
    grande: bool = attrs.field(
        default=False,
        metadata=_row(category="grande", says="the grande (K, Q and J of coins) 5"),
    )
    """Cirulla: 5 points for holding the K, Q and J of coins together."""
    declarations: bool = attrs.field(
        default=False,
        metadata=_row(
            category="declaration",
            says="declarations when dealt three cards: 3 for a hand adding up "
            "to 9 or less (cirulla), 10 for three of one rank (decino){wild_card}",
            needs=(
                (
                    lambda rules: rules.hand_size == 3,
                    "declarations need hands of 3 cards (hand_size=3), not "
                    "{rules.hand_size}: a declaration is made on three cards",
                ),
            ),
        ),
    )
    """Cirulla's accusi: a seat dealt three cards that add up to 9 or less
    scores 3 (cirulla), three of one rank 10 (decino); the hand is shown to
    every seat.  Needs ``hand_size`` 3."""
    wild_card: Card | None = attrs.field(
        default=_MATTA,
        converter=_to_wild_card,
        metadata=_row(
            values=(_MATTA, None, Card.parse("AD"), Card.parse("KC")),
            says="; {} is wild for declarations",
        ),
    )
    """With ``declarations``: the matta, which counts as whatever value from 1
    to 10 makes the best declaration (it plays as a plain card); ``None`` for
    none."""
    cappotto: bool = attrs.field(
        default=False,
        metadata=_row(
            says=" A side that captures all ten coins (cappotto) wins at once."
        ),
    )
    """A side that captures all ten coins wins the game at the end of that
    hand, whatever the scores."""
    target_score: int = attrs.field(default=11, metadata=_row(low=1, high=1_000_000))
    """The game ends after a hand in which a side has at least this many
    points and the strictly highest score."""

    # Set once the options are checked, for the hot paths: the capture value
    # of each card index.
    _values: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    seat_sides: tuple[int, ...] = attrs.field(
        init=False, eq=False, hash=False, repr=False
    )
    """The side each seat plays for, by seat (what :meth:`side_of` answers,
    read without a check).

    >>> Ruleset.scopa(players=4).seat_sides, Ruleset.scopa(players=3).seat_sides
    ((0, 1, 0, 1), (0, 1, 2))
    """

    def __attrs_post_init__(self) -> None:
        _validate(self)
        setter = object.__setattr__
        setter(self, "_values", _VALUES[self.capture_values])
        # RULES.md section 1: partners sit at alternate seats (seat % 2).
        setter(
            self,
            "seat_sides",
            tuple(
                [
                    seat % 2 if self.partnerships else seat
                    for seat in range(self.players)
                ]
            ),
        )

    # -- presets -----------------------------------------------------------

    @classmethod
    def scopa(cls, players: int = 2, **options: Any) -> Ruleset:
        """Classic Scopa: 3 cards each, 4 on the table, 11 points.

        2 and 3 players play each for themselves, 4 in two partnerships, 6 in
        two teams of three.

        >>> Ruleset.scopa(players=6).deals_per_hand
        2
        """
        return _PRESET_OF["scopa"]._made(players, options)

    @classmethod
    def scopone(cls, **options: Any) -> Ruleset:
        """Scopone: 4 players in two partnerships, 9 cards each and 4 on the
        table, a single deal.

        >>> Ruleset.scopone().deals_per_hand
        1
        """
        return _PRESET_OF["scopone"]._made(options.pop("players", 4), options)

    @classmethod
    def scopone_scientifico(cls, **options: Any) -> Ruleset:
        """Scopone Scientifico: 4 players in two partnerships, 10 cards each,
        an empty table.

        >>> Ruleset.scopone_scientifico().table_size
        0
        """
        preset = _PRESET_OF["scopone_scientifico"]
        return preset._made(options.pop("players", 4), options)

    @classmethod
    def chkobba(cls, players: int = 2, **options: Any) -> Ruleset:
        """Chkobba (Tunisia): Q=8 J=9, the first-card choice, most sevens
        instead of primiera, 21 points.

        >>> Ruleset.chkobba().capture_values
        <CaptureValues.CHKOBBA: 'chkobba'>
        """
        return _PRESET_OF["chkobba"]._made(players, options)

    @classmethod
    def escoba(cls, players: int = 2, **options: Any) -> Ruleset:
        """Escoba (Spain): capture by fifteen, no compulsion, initial-table
        sweeps, most sevens, 21 points, no kings redeal.

        >>> Ruleset.escoba().capture_mode
        <CaptureMode.FIFTEEN: 'fifteen'>
        """
        return _PRESET_OF["escoba"]._made(players, options)

    @classmethod
    def scopa_a_quindici(cls, players: int = 2, **options: Any) -> Ruleset:
        """Scopa a 15: Scopa with capture by fifteen.

        >>> Ruleset.scopa_a_quindici().capture_mode
        <CaptureMode.FIFTEEN: 'fifteen'>
        """
        return _PRESET_OF["scopa_a_quindici"]._made(players, options)

    @classmethod
    def cirulla(cls, players: int = 2, **options: Any) -> Ruleset:
        """Cirulla (Genoa): captures by value or by fifteen, ace takes all,
        declarations with the matta (7H), the piccola and the grande, 51
        points (RULES.md section 9).

        >>> rules = Ruleset.cirulla()
        >>> rules.capture_mode, rules.redeal_aces, rules.target_score
        (<CaptureMode.MATCH_OR_FIFTEEN: 'match_or_fifteen'>, 2, 51)
        """
        return _PRESET_OF["cirulla"]._made(players, options)

    @classmethod
    def presets(cls) -> tuple[Preset, ...]:
        """The named presets, in the order of the rules contract's section 7.

        >>> [(p.name, p.players) for p in Ruleset.presets()][:2]
        [('scopa', (2, 3, 4, 6)), ('scopone', (4,))]
        """
        return PRESETS

    @classmethod
    def from_name(
        cls, name: str, players: int | None = None, **options: Any
    ) -> Ruleset:
        """The preset called ``name`` (a preset name or a common alias, any
        case, spaces, hyphens or underscores alike), for ``players`` (the
        preset's first player count if not given), with ``options`` changed.

        >>> Ruleset.from_name("Scopone Scientifico") == Ruleset.scopone_scientifico()
        True
        >>> Ruleset.from_name("scopa15", players=4) == Ruleset.scopa_a_quindici(players=4)
        True
        >>> Ruleset.from_name("briscola")
        Traceback (most recent call last):
        ...
        scopa_rules.errors.InvalidRulesetError: unknown preset 'briscola'; presets are scopa, scopone, scopone-scientifico, chkobba, escoba, scopa-a-quindici, cirulla
        """
        if not isinstance(name, str):
            raise InvalidRulesetError(
                f"a preset name must be a string, not {shown(name)}"
            )
        key = _preset_key(name)
        for preset in PRESETS:
            if key == _preset_key(preset.name) or key in map(
                _preset_key, preset.aliases
            ):
                return preset.make(players, **options)
        raise InvalidRulesetError(
            f"unknown preset {shown(name)}; presets are "
            + ", ".join(preset.name for preset in PRESETS)
        )

    def preset_name(self) -> str | None:
        """The name of the preset these rules are exactly, if any.

        >>> Ruleset.chkobba(players=4).preset_name()
        'chkobba'
        >>> Ruleset.chkobba().replace(target_score=31).preset_name() is None
        True
        """
        for preset in PRESETS:
            if self.players in preset.players and preset.make(self.players) == self:
                return preset.name
        return None

    # -- derived facts -----------------------------------------------------

    @property
    def ace_blocked_by_table_ace(self) -> bool:
        """Whether an ace on the table keeps a played ace from taking all
        (``table_ace`` is ``blocks``); the option's name in earlier versions.

        >>> Ruleset(table_ace="ignored").ace_blocked_by_table_ace
        False
        """
        return self.table_ace is TableAce.BLOCKS

    @property
    def sides(self) -> int:
        """Number of sides that keep a pile and a score: 2 with partnerships,
        otherwise one per seat."""
        return 2 if self.partnerships else self.players

    @property
    def deals_per_hand(self) -> int:
        """How many times cards are dealt to the seats in one hand."""
        return (40 - self.table_size) // (self.players * self.hand_size)

    def side_of(self, seat: int) -> int:
        """The side that ``seat`` plays for.

        >>> Ruleset.scopa(players=6).side_of(4), Ruleset.scopa(players=3).side_of(2)
        (0, 2)
        """
        if not _is_int(seat) or not 0 <= seat < self.players:
            raise InvalidRulesetError(
                f"seat must be 0 to {self.players - 1}, not {shown(seat)}"
            )
        return self.seat_sides[seat]

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that play for ``side``, in playing order.

        >>> Ruleset.scopa(players=6).seats_of(1)
        (1, 3, 5)
        """
        if not _is_int(side) or not 0 <= side < self.sides:
            raise InvalidRulesetError(
                f"side must be 0 to {self.sides - 1}, not {shown(side)}"
            )
        return tuple(seat for seat in range(self.players) if self.side_of(seat) == side)

    def capture_value(self, rank: Rank | int | str) -> int:
        """The value a rank captures with under these rules.

        >>> Ruleset.chkobba().capture_value(Rank.QUEEN)
        8
        """
        return _CAPTURE_VALUE_TABLES[self.capture_values][rank_of(rank) - 1]

    # -- variation ---------------------------------------------------------

    def replace(self, **changes: Any) -> Ruleset:
        """A validated copy with some options changed.

        >>> Ruleset.scopa().replace(target_score=21).target_score
        21
        >>> Ruleset.scopa().replace(target=21)
        Traceback (most recent call last):
        ...
        scopa_rules.errors.InvalidRulesetError: unknown option 'target'; did you mean target_score?

        Changing ``players`` without ``partnerships`` gives the new count its
        default seating (partnerships for 4 and 6 players):

        >>> Ruleset.chkobba().replace(players=4).partnerships
        True
        """
        _check_names(changes)
        if _ALIAS in changes:
            changes["table_ace"] = _table_ace_of(changes.pop(_ALIAS))
        if "players" in changes and "partnerships" not in changes:
            players = changes["players"]
            changes["partnerships"] = (
                _is_int(players) and players >= 4 and players % 2 == 0
            )
        return attrs.evolve(self, **changes)

    def options(self) -> dict[str, Any]:
        """Every option and its value, in declaration order.

        >>> Ruleset.scopa().options()["target_score"]
        11
        """
        return {name: getattr(self, name) for name in OPTION_NAMES}

    # -- data ----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-safe data: option names as keys, enumerated
        options as their string names.

        >>> data = Ruleset.escoba().to_dict()
        >>> data["capture_mode"], data["redeal_kings"], len(data)
        ('fifteen', None, 27)
        >>> Ruleset.from_dict(data) == Ruleset.escoba()
        True
        """
        return {name: _plain(value) for name, value in self.options().items()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        """The ruleset described by ``data`` (as made by :meth:`to_dict`).

        Missing options take their defaults; an unknown key or a bad value is
        an :class:`~scopa_rules.InvalidRulesetError`.

        >>> Ruleset.from_dict({"players": 4, "napola": True}).napola
        True
        >>> Ruleset.from_dict({"players": 4, "napolla": True})
        Traceback (most recent call last):
        ...
        scopa_rules.errors.InvalidRulesetError: unknown option 'napolla'; did you mean napola?
        """
        if not isinstance(data, Mapping):
            raise InvalidRulesetError(
                f"a ruleset is read from a mapping of option names, not {type(data).__name__}"
            )
        for key in data:
            if not isinstance(key, str):
                raise InvalidRulesetError(f"option names are strings, not {shown(key)}")
        _check_names(data)
        return cls(**data)

    def rules_in_force(self) -> tuple[tuple[str, str], ...]:
        """Every rule in force as ``(topic, sentence)`` pairs, for a UI's
        house-rules screen (:meth:`describe` joins them).

        >>> dict(Ruleset.scopa(players=4).rules_in_force())["players"]
        '4 players in two partnerships: seats 0 and 2 against seats 1 and 3.'
        """
        return tuple(_rules_in_force(self))

    def _repr_html_(self) -> str:
        """The rules in force as HTML, for Jupyter: the title, then a table
        of :meth:`rules_in_force`.

        >>> import scopa_rules as sr
        >>> page = sr.Ruleset.scopone()._repr_html_()
        >>> page.startswith("<div><strong>Scopone"), ">players</th>" in page
        (True, True)
        """
        from html import escape

        rows = "".join(
            f'<tr><th style="text-align:left">{escape(topic)}</th>'
            f'<td style="text-align:left">{escape(text)}</td></tr>'
            for topic, text in self.rules_in_force()
        )
        return (
            f"<div><strong>{escape(_title(self))}</strong><table>{rows}</table></div>"
        )

    def describe(self) -> str:
        """A readable summary of every rule in force.

        >>> print(Ruleset.scopone_scientifico().describe())  # doctest: +ELLIPSIS
        Scopone Scientifico (preset scopone-scientifico)
        players: 4 players in two partnerships: seats 0 and 2 against seats 1 and 3.
        deal: 10 cards each and no table cards, all in a single deal; the seat after the dealer leads and the deal passes to the next seat after each hand.
        ...
        """
        lines = [_title(self)]
        lines.extend(f"{topic}: {text}" for topic, text in self.rules_in_force())
        return "\n".join(lines)

    def __repr__(self) -> str:
        changed = [
            f"{name}={shown(_plain(value))}"
            for name, value in self.options().items()
            if name == "players" or value != _ROW_OF[name].default_for(self)
        ]
        return f"Ruleset({', '.join(changed)})"

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self

    def __reduce__(self) -> tuple[Any, tuple[tuple[Any, ...]]]:
        # Pickled as its option values: loading the same ruleset again is a
        # dictionary lookup instead of a validated construction.
        values = list(_GET_OPTIONS(self))
        for index in _NOT_PLAIN:
            values[index] = _plain(values[index])
        return (_ruleset_from_values, (tuple(values),))


@attrs.frozen
class OptionRow:
    """One row of the options table: a field of :class:`Ruleset` (its name,
    type and default) and what its metadata says of it."""

    name: str
    type: Any
    """``bool``, ``int``, ``int | None``, an option enum or ``Card | None``."""
    default: Any
    """The default value, or the ``attrs.Factory`` that makes it from the
    other options (see :meth:`default_for`)."""
    says: Mapping[Any, str] | str = attrs.field(factory=dict)
    """The option's words in :meth:`Ruleset.rules_in_force`: a text for
    each value as :meth:`Ruleset.to_dict` writes it (none for the others),
    or one text for a flag that is on or a value that is not ``None``, with
    the value for ``{}``; ``{name}`` in a text is another option's words."""
    values: tuple[Any, ...] = ()
    """The values :func:`~scopa_rules.strategies.rulesets` draws, the default
    first, where its type does not say them (a flag draws both, an enum its
    members)."""
    low: int = 0
    high: int = 0
    """The bounds of a whole number."""
    needs: tuple[tuple[Callable[[Any], bool], str], ...] = ()
    """What a flag that is on needs of the other options: a test of the
    ruleset, and the error if it fails (``{rules}`` is the ruleset)."""
    category: str | None = None
    """The scoring category (:data:`~scopa_rules.tournament.CATEGORIES`)
    that a flag adds to a hand's score."""

    def default_for(self, rules: Any) -> Any:
        """The default value with the other options of ``rules``."""
        if isinstance(self.default, attrs.Factory):  # type: ignore[arg-type]
            return self.default.factory(rules)
        return self.default

    def words(self, value: Any) -> str:
        """The text this option says for ``value`` (empty if none)."""
        if not isinstance(self.says, str):
            return self.says.get(_plain(value), "")
        return (
            ""
            if value is None or value is False
            else self.says.replace("{}", str(value))
        )

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the option's value in :meth:`Ruleset.to_dict`."""
        if self.type is bool:
            return {"type": "boolean"}
        if self.type is int:
            return {"type": "integer", "minimum": self.low, "maximum": self.high}
        if self.type == int | None:
            return {
                "type": ["integer", "null"],
                "minimum": self.low,
                "maximum": self.high,
            }
        if self.type == Card | None:
            return {"anyOf": [{"$ref": "#/$defs/card"}, {"type": "null"}]}
        return {"type": "string", "enum": [choice.value for choice in self.type]}


attrs.resolve_types(Ruleset)
OPTIONS: tuple[OptionRow, ...] = tuple(
    OptionRow(field.name, field.type, field.default, **field.metadata.get("row", {}))
    for field in attrs.fields(Ruleset)
    if field.init
)
"""The options table, in the order of the fields (and of :meth:`Ruleset.to_dict`)."""

OPTION_NAMES: tuple[str, ...] = tuple(row.name for row in OPTIONS)
_ROW_OF = {row.name: row for row in OPTIONS}
_GET_OPTIONS = operator.attrgetter(*OPTION_NAMES)
# The options whose values are not JSON-safe as they are (enums, the card).
_NOT_PLAIN = tuple(
    index
    for index, row in enumerate(OPTIONS)
    if row.type not in (bool, int, int | None)
)


def ruleset_schema() -> dict[str, Any]:
    """The JSON Schema of :meth:`Ruleset.to_dict`, from the options table:
    ``schema.json``'s ``rules`` (a test holds the shipped file to it).
    Documents of earlier versions lack the newer options, which take their
    defaults, so only the seats and the target are required."""
    return {
        "type": "object",
        "description": "Ruleset.to_dict(): every option by name",
        "required": ["players", "target_score"],
        "properties": {row.name: row.schema() for row in OPTIONS},
    }


def _frozen_changes(
    changes: Mapping[str, Any] | tuple[tuple[str, Any], ...],
) -> tuple[tuple[str, Any], ...]:
    return tuple(dict(changes).items())


@attrs.frozen
class Preset(Frozen):
    """A named game: its preset function, the player counts it is played
    with, the other names tables call it by, its title and the options it
    changes from :class:`Ruleset`'s defaults.

    >>> import scopa_rules as sr
    >>> preset = sr.Ruleset.presets()[0]
    >>> preset.name, preset.players, preset.make().players
    ('scopa', (2, 3, 4, 6), 2)
    """

    name: str
    players: tuple[int, ...]
    aliases: tuple[str, ...]
    summary: str
    factory: str = attrs.field(
        repr=False,
        default=attrs.Factory(lambda p: p.name.replace("-", "_"), takes_self=True),
    )
    """The name of the :class:`Ruleset` classmethod that makes it."""
    title: str = attrs.field(
        kw_only=True,
        repr=False,
        default=attrs.Factory(lambda p: p.name, takes_self=True),
    )
    """The game's name as a title: ``Scopone Scientifico``."""
    changes: tuple[tuple[str, Any], ...] = attrs.field(
        kw_only=True, repr=False, factory=dict, converter=_frozen_changes
    )
    """The options it sets, as ``(name, value)`` pairs, on top of the
    defaults (and of its player count).

    >>> dict(Ruleset.presets()[2].changes)
    {'hand_size': 10, 'table_size': 0}
    """

    def make(self, players: int | None = None, **options: Any) -> Ruleset:
        """The preset's ruleset for ``players`` (the first count if not
        given).

        >>> Ruleset.presets()[0].make(4).players
        4
        """
        if len(self.players) == 1:
            if players not in (None, *self.players):
                raise InvalidRulesetError(
                    f"{self.name} is played by {self.players[0]} players, not "
                    f"{shown(players)}"
                )
            players = None
        return self._made(self.players[0] if players is None else players, options)

    def _made(self, players: object, options: dict[str, Any]) -> Ruleset:
        _check_players(self.factory, players, self.players)
        _check_names(options)
        return Ruleset(**{"players": players, **dict(self.changes), **options})


PRESETS: tuple[Preset, ...] = (
    Preset(
        "scopa",
        (2, 3, 4, 6),
        ("scopa classica", "scopa italiana"),
        "Classic Scopa: 3 cards each, 4 on the table, 11 points.",
        title="Scopa",
    ),
    Preset(
        "scopone",
        (4,),
        ("scopone classico", "scopone 9"),
        "4 players in partnerships, 9 cards each and 4 on the table.",
        title="Scopone",
        changes={"hand_size": 9},
    ),
    Preset(
        "scopone-scientifico",
        (4,),
        ("scientifico", "scopone 10"),
        "4 players in partnerships, 10 cards each and an empty table.",
        title="Scopone Scientifico",
        changes={"hand_size": 10, "table_size": 0},
    ),
    Preset(
        "chkobba",
        (2, 4),
        ("chkoba", "shkobba", "chkouba", "scopa tunisina"),
        "Tunisian: Q=8 J=9, the first-card choice, most sevens, 21 points.",
        title="Chkobba",
        changes={
            "capture_values": CaptureValues.CHKOBBA,
            "first_card_choice": True,
            "primiera_rule": PrimieraRule.MOST_SEVENS,
            "target_score": 21,
        },
    ),
    Preset(
        "escoba",
        (2, 3, 4),
        ("escoba del 15", "escoba de 15", "escova"),
        "Spanish: capture by fifteen, no compulsion, initial-table sweeps, "
        "most sevens, 21 points.",
        title="Escoba",
        changes={
            "capture_mode": CaptureMode.FIFTEEN,
            "capture_compulsion": CaptureCompulsion.NONE,
            "initial_fifteen_sweeps": True,
            "primiera_rule": PrimieraRule.MOST_SEVENS,
            "target_score": 21,
            "redeal_kings": None,
        },
    ),
    Preset(
        "scopa-a-quindici",
        (2, 3, 4, 6),
        ("scopa a 15", "scopa15", "scopa di quindici", "scopa-15"),
        "Scopa with capture by fifteen.",
        title="Scopa a 15",
        changes={"capture_mode": CaptureMode.FIFTEEN},
    ),
    Preset(
        "cirulla",
        (2, 3, 4),
        ("cirolla", "ciapachinze"),
        "Genoese: captures by value or fifteen, ace takes all, declarations with "
        "the matta, 51 points.",
        title="Cirulla",
        changes={
            "capture_mode": CaptureMode.MATCH_OR_FIFTEEN,
            "capture_rule": CaptureRule.FEWEST_CARDS,
            "ace_takes_all": True,
            "blocked_ace_sweeps": False,
            "initial_fifteen_sweeps": True,
            "redeal_kings": None,
            "redeal_aces": 2,
            "napola": True,
            "napola_points": NapolaPoints.RUN_TO_SIX,
            "grande": True,
            "declarations": True,
            "target_score": 51,
        },
    ),
)
_PRESET_OF = {preset.factory: preset for preset in PRESETS}

_HOUSE_RULES = "House rules"
"""The title of rules that are no preset."""


def preset_title(rules: Ruleset) -> str:
    """The title of the preset ``rules`` are exactly, or "House rules"."""
    name = rules.preset_name()
    return next(p.title for p in PRESETS if p.name == name) if name else _HOUSE_RULES


# -- the rules in force, in words ----------------------------------------------------

_PLACE = re.compile(r"\{(\w+)\}")


def _words(rules: Ruleset, name: str) -> str:
    """What option ``name`` of ``rules`` says (its value, if it has no words)."""
    row = _ROW_OF[name]
    value = getattr(rules, name)
    return _said(rules, row.words(value)) if row.says else str(value)


def _said(rules: Ruleset, text: str) -> str:
    """``text`` with each ``{name}`` in it replaced by that option's words."""
    return _PLACE.sub(lambda place: _words(rules, place[1]), text)


def _seats_text(seats: tuple[int, ...]) -> str:
    names = [str(seat) for seat in seats]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _players_text(rules: Ruleset) -> str:
    if not rules.partnerships:
        return f"{rules.players} players, each for themselves."
    return (
        f"{rules.players} players in two partnerships: seats "
        f"{_seats_text(rules.seats_of(0))} against seats "
        f"{_seats_text(rules.seats_of(1))}."
    )


def _deal_text(rules: Ruleset) -> str:
    deals, hand = rules.deals_per_hand, rules.hand_size
    table = f"{rules.table_size} on the table" if rules.table_size else "no table cards"
    more = (
        "all in a single deal"
        if deals == 1
        else f"then {deals - 1} more deal{'s' if deals > 2 else ''} of {hand} cards each"
    )
    return (
        f"{hand} cards each and {table}, {more}; the seat after the dealer leads "
        "and the deal passes to the next seat after each hand."
    )


def _redeal_text(rules: Ruleset) -> str:
    triggers = [_words(rules, row.name) for row in _REDEALS]
    if not (any(triggers) and rules.table_size):
        return ""
    return (
        f"With {' or '.join(filter(None, triggers))} on the initial table the same "
        "dealer deals again."
    )


def _first_card_text(rules: Ruleset) -> str:
    if not rules.first_card_choice:
        return ""
    return (
        "The seat after the dealer sees the first card and keeps it (then gets "
        f"{rules.hand_size - 1} more) or puts it on the table (then "
        f"{rules.table_size - 1} more go there)."
    )


def _scoring_text(rules: Ruleset) -> str:
    # Each option that adds a scoring category adds its words.
    extras = [_words(rules, row.name) for row in OPTIONS if row.category is not None]
    return (
        "1 point each for most cards, most coins, the settebello (7D) and "
        "primiera; 1 for each sweep"
        + "".join(f"; {extra}" for extra in extras if extra)
        + ". A tie for the lead gives the point to no one."
    )


# The topics of rules_in_force(), in order: each a text of the options'
# words, or a function of the rules; a topic with nothing to say is left out.
_TOPICS: tuple[tuple[str, str | Callable[[Ruleset], str]], ...] = (
    ("players", _players_text),
    ("deal", _deal_text),
    ("redeal", _redeal_text),
    ("first card", _first_card_text),
    ("capture values", "{capture_values}"),
    ("capture", "{capture_mode}"),
    ("compulsion", "{capture_compulsion}"),
    ("ace takes all", "{ace_takes_all}"),
    (
        "sweeps",
        "Clearing the table scores 1 point{last_card_sweep_counts}. The cards left "
        "at the end go to the side that captured last, and are no sweep.",
    ),
    ("initial table", "{initial_fifteen_sweeps}"),
    ("scoring", _scoring_text),
    ("primiera", "{primiera_rule}"),
    (
        "game",
        "The game ends after a hand in which a side has {target_score} or more "
        "points and the strictly highest score; a tie for the lead plays another "
        "hand.{cappotto}",
    ),
)


def _rules_in_force(rules: Ruleset) -> list[tuple[str, str]]:
    lines = []
    for topic, sentence in _TOPICS:
        text = _said(rules, sentence) if isinstance(sentence, str) else sentence(rules)
        if text:
            lines.append((topic, text))
    return lines


def _title(rules: Ruleset) -> str:
    """The preset these rules are, or the nearest preset and what differs."""
    best: tuple[int, Preset, list[str]] | None = None
    for preset in PRESETS:
        if rules.players not in preset.players:
            continue
        base = preset.make(rules.players)
        changed = [
            f"{name}={shown(rules.to_dict()[name])}"
            for name in OPTION_NAMES
            if getattr(rules, name) != getattr(base, name)
        ]
        if best is None or len(changed) < best[0]:
            best = (len(changed), preset, changed)
    if best is None:
        return _HOUSE_RULES
    _, preset, changed = best
    title = f"{preset.title} (preset {preset.name})"
    return title + (", varied: " + ", ".join(changed) if changed else "")


def _preset_key(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def _check_players(preset: str, players: object, allowed: tuple[int, ...]) -> None:
    if players not in allowed or isinstance(players, bool):
        counts = ", ".join(str(n) for n in allowed[:-1])
        counts = f"{counts} or {allowed[-1]}" if counts else str(allowed[-1])
        raise InvalidRulesetError(
            f"{preset} is played by {counts} players, not {shown(players)}; for other "
            f"counts vary a preset with .replace(players=...)"
        )


_UNPICKLED: dict[tuple[Any, ...], Ruleset] = {}


def _ruleset_from_values(values: tuple[Any, ...]) -> Ruleset:
    rules = _UNPICKLED.get(values)
    if rules is None:
        if len(_UNPICKLED) > 1024:
            _UNPICKLED.clear()
        rules = _UNPICKLED[values] = Ruleset(
            **dict(zip(OPTION_NAMES, values, strict=True))
        )
    return rules


def _plain(value: Any) -> Any:
    """An option's value as JSON-safe data."""
    if isinstance(value, _Option):
        return value.value
    if isinstance(value, Card):
        return str(value)
    return value


_ALIAS = "ace_blocked_by_table_ace"
"""The boolean option of earlier versions that ``table_ace`` replaces."""


def _table_ace_of(blocked: object) -> TableAce:
    if not isinstance(blocked, bool):
        raise InvalidRulesetError(
            f"{_ALIAS} must be True or False (or use table_ace='blocks', 'ignored' "
            f"or 'either'), not {shown(blocked)}"
        )
    return TableAce.BLOCKS if blocked else TableAce.IGNORED


_attrs_init = Ruleset.__init__


@functools.wraps(_attrs_init)
def _checked_init(self: Ruleset, *args: Any, **options: Any) -> None:
    # attrs would answer an unknown keyword with a bare TypeError; a ruleset
    # is user data, so the answer is the library's error with a suggestion.
    if args:
        raise InvalidRulesetError(
            f"Ruleset options are keywords, like Ruleset(players=4); got {shown(args)}"
        )
    _check_names(options)
    if _ALIAS in options:
        chosen = _table_ace_of(options.pop(_ALIAS))
        if "table_ace" in options and _to_table_ace(options["table_ace"]) is not chosen:
            raise InvalidRulesetError(
                f"{_ALIAS}={shown(chosen is TableAce.BLOCKS)} and "
                f"table_ace={shown(_plain(options['table_ace']))} disagree; give only "
                "table_ace"
            )
        options["table_ace"] = chosen
    _attrs_init(self, **options)


Ruleset.__init__ = _checked_init  # type: ignore[method-assign]


def _check_names(options: Mapping[str, Any]) -> None:
    for name in options:
        if name not in _ROW_OF and name != _ALIAS:
            import difflib

            # A name of over 64 characters misspells no option (the longest
            # has 22), and matching it would cost time in its length.
            close = (
                difflib.get_close_matches(name, OPTION_NAMES, n=1)
                if len(name) <= 64
                else []
            )
            hint = (
                f"did you mean {close[0]}?"
                if close
                else ("options are " + ", ".join(OPTION_NAMES))
            )
            raise InvalidRulesetError(f"unknown option {shown(name)}; {hint}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_WHOLE = tuple(row for row in OPTIONS if row.type is int)
_FLAGS = tuple(row.name for row in OPTIONS if row.type is bool)
_REDEALS = tuple(row for row in OPTIONS if row.type == int | None)
_GET_WHOLE = operator.attrgetter(*(row.name for row in _WHOLE))
_GET_FLAGS = operator.attrgetter(*_FLAGS)


def _require(rules: Ruleset, name: str) -> None:
    """Refuse ``rules`` if the flag ``name`` is on without what it needs."""
    if getattr(rules, name):
        for holds, message in _ROW_OF[name].needs:
            if not holds(rules):
                raise InvalidRulesetError(message.format(rules=rules))


def _validate(rules: Ruleset) -> None:
    # The checks run in this order, each of the options alone before the
    # ones that combine them: a ruleset wrong in two ways is told the first.
    whole = _GET_WHOLE(rules)
    for row, value in zip(_WHOLE, whole, strict=True):
        if not _is_int(value):
            raise InvalidRulesetError(
                f"{row.name} must be a whole number, not {shown(value)}"
            )
    for name, value in zip(_FLAGS, _GET_FLAGS(rules), strict=True):
        if not isinstance(value, bool):
            raise InvalidRulesetError(
                f"{name} must be True or False, not {shown(value)}"
            )
    for row, value in zip(_WHOLE, whole, strict=True):
        if not row.low <= value <= row.high:
            raise InvalidRulesetError(
                f"{row.name} must be {row.low} to {row.high:,}, not {shown(value)}"
            )
    players, hand, table = rules.players, rules.hand_size, rules.table_size
    left = 40 - table
    round_size = players * hand
    if left < round_size or left % round_size:
        tables = [t for t in range(40) if (40 - t) % round_size == 0 and t < 40]
        hands = [h for h in range(1, 41) if (40 - table) % (players * h) == 0]
        suggestions = []
        if tables:
            suggestions.append(
                f"for {players} players with {hand} cards, table_size could be "
                + _or_list(tables)
            )
        if hands:
            suggestions.append(
                f"with {table} on the table, hand_size could be " + _or_list(hands)
            )
        raise InvalidRulesetError(
            f"{players} players with {hand} cards each and {table} on the table "
            f"cannot be dealt: {left} cards are left for the hands, not a whole "
            f"number of rounds of {round_size}"
            + ("; " + "; ".join(suggestions) if suggestions else "")
        )
    _require(rules, "partnerships")
    for row in _REDEALS:
        count = getattr(rules, row.name)
        if count is not None and (
            not _is_int(count) or not row.low <= count <= row.high
        ):
            raise InvalidRulesetError(
                f"{row.name} must be {row.low} to {row.high} "
                f"{row.name.removeprefix('redeal_')}, or None for no redeal, not "
                f"{shown(count)}"
            )
    kings, aces = rules.redeal_kings, rules.redeal_aces
    chance = redeal_chance(table, kings, aces)
    if chance >= _MAX_REDEAL_CHANCE:
        given = ", ".join(
            f"{row.name}={getattr(rules, row.name)}"
            for row in _REDEALS
            if getattr(rules, row.name) is not None
        )
        raise InvalidRulesetError(
            f"{given} with {table} cards on the table would redeal "
            f"{chance:.2%} of deals; raise the count, shrink the table, or turn "
            "the redeal off with None"
        )
    for name in ("declarations", "first_card_choice", "initial_fifteen_sweeps"):
        _require(rules, name)


_MAX_REDEAL_CHANCE = 0.9
"""Rulesets that would redeal at least this often are refused: a game of
them would spend its time redealing (and some could never be dealt)."""


def redeal_chance(table_size: int, kings: int | None, aces: int | None = None) -> float:
    """The chance that an initial table of ``table_size`` cards holds at
    least ``kings`` of the four kings or at least ``aces`` of the four aces
    (``None``: that rank never redeals).

    >>> round(redeal_chance(4, 3), 5), round(redeal_chance(4, None, 2), 4)
    (0.00159, 0.0429)
    """
    total = math.comb(40, table_size)
    hits = 0
    for k in range(min(4, table_size) + 1):
        for a in range(min(4, table_size - k) + 1):
            if (kings is not None and k >= kings) or (aces is not None and a >= aces):
                hits += (
                    math.comb(4, k)
                    * math.comb(4, a)
                    * math.comb(32, table_size - k - a)
                )
    return hits / total


def _or_list(numbers: list[int]) -> str:
    text = [str(n) for n in numbers]
    return text[0] if len(text) == 1 else ", ".join(text[:-1]) + " or " + text[-1]
