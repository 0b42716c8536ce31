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
from collections.abc import Mapping
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
(``tests/test_many_players.py`` checks every one of them against it)."""


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


def _default_partnerships(self: Ruleset) -> bool:
    # A bad player count is reported by the validation that follows.
    players = self.players
    return _is_int(players) and players >= 4 and players % 2 == 0


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

    players: int = 2
    """Number of seats, numbered 0 to ``players - 1`` in playing order: 2 to
    :data:`MAX_PLAYERS` (40, a card each at the least)."""
    partnerships: bool = attrs.field(
        default=attrs.Factory(_default_partnerships, takes_self=True)
    )
    """Two sides of alternating seats (0, 2, … against 1, 3, …) sharing one
    pile and one score.  Defaults to true for 4 and 6 players."""
    hand_size: int = 3
    """Cards dealt to each seat in every deal."""
    table_size: int = 4
    """Cards laid face up on the table at the start of a hand."""
    capture_values: CaptureValues = attrs.field(
        default=CaptureValues.ITALIAN, converter=_to_capture_values
    )
    capture_rule: CaptureRule = attrs.field(
        default=CaptureRule.SINGLE_FIRST, converter=_to_capture_rule
    )
    capture_compulsion: CaptureCompulsion = attrs.field(
        default=CaptureCompulsion.PLAYED_CARD,
        converter=_to_capture_compulsion,
    )
    capture_mode: CaptureMode = attrs.field(
        default=CaptureMode.MATCH, converter=_to_capture_mode
    )
    ace_takes_all: bool = False
    """Asso piglia tutto: a played ace takes the whole table."""
    table_ace: TableAce = attrs.field(default=TableAce.BLOCKS, converter=_to_table_ace)
    """With ``ace_takes_all``: what a played ace does when an ace lies on the
    table (see :class:`TableAce`).  The boolean ``ace_blocked_by_table_ace``
    of earlier versions is accepted as an alias by the constructor,
    :meth:`replace` and :meth:`from_dict`: true is ``blocks``, false
    ``ignored``."""
    ace_sweep_is_scopa: bool = True
    """With ``ace_takes_all``: whether taking the whole table scores a sweep."""
    ace_may_trail: bool = False
    """With ``ace_takes_all`` ("asso posabile"): an ace may also be played
    without capturing, even onto a full table; the take-all is then never
    compulsory (it does not count as a capture for ``capture_compulsion``)."""
    blocked_ace_sweeps: bool = True
    """With ``ace_takes_all``: whether an ace kept from taking all by a table
    ace (``table_ace`` ``blocks``) scores a sweep when its normal capture
    empties the table."""
    last_card_sweep_counts: bool = False
    """Whether the very last card of a hand may score a sweep."""
    redeal_kings: int | None = 3
    """Redeal when at least this many kings lie on the initial table; ``None``
    never redeals."""
    redeal_aces: int | None = None
    """Cirulla: redeal when at least this many aces lie on the initial table;
    ``None`` never redeals.  Either this or ``redeal_kings`` triggers a
    redeal, which is decided before ``initial_fifteen_sweeps``."""
    first_card_choice: bool = False
    """Chkobba: the seat after the dealer sees the first card and keeps it or
    puts it on the table."""
    initial_fifteen_sweeps: bool = False
    """Escoba: an initial table adding up to 15 (30) is the dealer's, with one
    (two) sweeps."""
    primiera_rule: PrimieraRule = attrs.field(
        default=PrimieraRule.ALL_SUITS, converter=_to_primiera_rule
    )
    re_bello: bool = False
    """One point for the king of coins."""
    napola: bool = False
    """Points for the run of coins from the ace, when it reaches the three."""
    napola_points: NapolaPoints = attrs.field(
        default=NapolaPoints.RUN, converter=_to_napola_points
    )
    """With ``napola``: how the run scores (see :class:`NapolaPoints`)."""
    grande: bool = False
    """Cirulla: 5 points for holding the K, Q and J of coins together."""
    declarations: bool = False
    """Cirulla's accusi: a seat dealt three cards that add up to 9 or less
    scores 3 (cirulla), three of one rank 10 (decino); the hand is shown to
    every seat.  Needs ``hand_size`` 3."""
    wild_card: Card | None = attrs.field(default=_MATTA, converter=_to_wild_card)
    """With ``declarations``: the matta, which counts as whatever value from 1
    to 10 makes the best declaration (it plays as a plain card); ``None`` for
    none."""
    cappotto: bool = False
    """A side that captures all ten coins wins the game at the end of that
    hand, whatever the scores."""
    target_score: int = 11
    """The game ends after a hand in which a side has at least this many
    points and the strictly highest score."""

    # Derived once, for the hot paths: the capture value of each card index,
    # a small int naming everything that decides what a card captures, and
    # the mask of the cards of each capture value.
    _values: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _capture_key: int = attrs.field(init=False, eq=False, hash=False, repr=False)
    _play_key: int = attrs.field(init=False, eq=False, hash=False, repr=False)
    _value_masks: tuple[int, ...] = attrs.field(
        init=False, eq=False, hash=False, repr=False
    )
    _option_values: tuple[Any, ...] = attrs.field(
        init=False, eq=False, hash=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        # The checks and the derived fields depend on the options alone, so
        # a ruleset whose options (values and their types, since 3.0 == 3
        # and True == 1) were validated before takes the derived fields of
        # that one: most programs make the same few rulesets again and
        # again (new_game() with no rules makes the default one each time).
        options = tuple(map(self.__getattribute__, OPTION_NAMES))
        key = (options, tuple(map(type, options)))
        try:
            derived = _DERIVED.get(key)
        except TypeError:  # an unhashable option: the checks name it
            derived = _derive(self)
        if derived is None:
            derived = _derive(self)
            if len(_DERIVED) >= _MAX_DERIVED:
                _DERIVED.clear()
            _DERIVED[key] = derived
        setter = object.__setattr__
        for name, value in zip(_DERIVED_NAMES, derived, strict=True):
            setter(self, name, value)

    # -- presets -----------------------------------------------------------

    @classmethod
    def scopa(cls, players: int = 2, **options: Any) -> Ruleset:
        """Classic Scopa: 3 cards each, 4 on the table, 11 points.

        2 and 3 players play each for themselves, 4 in two partnerships, 6 in
        two teams of three.

        >>> Ruleset.scopa(players=6).deals_per_hand
        2
        """
        _check_players("scopa", players, (2, 3, 4, 6))
        return cls._make(options, players=players)

    @classmethod
    def scopone(cls, **options: Any) -> Ruleset:
        """Scopone: 4 players in two partnerships, 9 cards each and 4 on the
        table, a single deal.

        >>> Ruleset.scopone().deals_per_hand
        1
        """
        _check_players("scopone", options.get("players", 4), (4,))
        return cls._make(options, players=4, hand_size=9, table_size=4)

    @classmethod
    def scopone_scientifico(cls, **options: Any) -> Ruleset:
        """Scopone Scientifico: 4 players in two partnerships, 10 cards each,
        an empty table.

        >>> Ruleset.scopone_scientifico().table_size
        0
        """
        _check_players("scopone_scientifico", options.get("players", 4), (4,))
        return cls._make(options, players=4, hand_size=10, table_size=0)

    @classmethod
    def chkobba(cls, players: int = 2, **options: Any) -> Ruleset:
        """Chkobba (Tunisia): Q=8 J=9, the first-card choice, most sevens
        instead of primiera, 21 points.

        >>> Ruleset.chkobba().capture_values
        <CaptureValues.CHKOBBA: 'chkobba'>
        """
        _check_players("chkobba", players, (2, 4))
        return cls._make(
            options,
            players=players,
            capture_values=CaptureValues.CHKOBBA,
            first_card_choice=True,
            primiera_rule=PrimieraRule.MOST_SEVENS,
            target_score=21,
        )

    @classmethod
    def escoba(cls, players: int = 2, **options: Any) -> Ruleset:
        """Escoba (Spain): capture by fifteen, no compulsion, initial-table
        sweeps, most sevens, 21 points, no kings redeal.

        >>> Ruleset.escoba().capture_mode
        <CaptureMode.FIFTEEN: 'fifteen'>
        """
        _check_players("escoba", players, (2, 3, 4))
        return cls._make(
            options,
            players=players,
            capture_mode=CaptureMode.FIFTEEN,
            capture_compulsion=CaptureCompulsion.NONE,
            initial_fifteen_sweeps=True,
            primiera_rule=PrimieraRule.MOST_SEVENS,
            target_score=21,
            redeal_kings=None,
        )

    @classmethod
    def scopa_a_quindici(cls, players: int = 2, **options: Any) -> Ruleset:
        """Scopa a 15: Scopa with capture by fifteen.

        >>> Ruleset.scopa_a_quindici().capture_mode
        <CaptureMode.FIFTEEN: 'fifteen'>
        """
        _check_players("scopa_a_quindici", players, (2, 3, 4, 6))
        return cls._make(options, players=players, capture_mode=CaptureMode.FIFTEEN)

    @classmethod
    def cirulla(cls, players: int = 2, **options: Any) -> Ruleset:
        """Cirulla (Genoa): captures by value or by fifteen, ace takes all,
        declarations with the matta (7H), the piccola and the grande, 51
        points (RULES.md section 9).

        >>> rules = Ruleset.cirulla()
        >>> rules.capture_mode, rules.redeal_aces, rules.target_score
        (<CaptureMode.MATCH_OR_FIFTEEN: 'match_or_fifteen'>, 2, 51)
        """
        _check_players("cirulla", players, (2, 3, 4))
        return cls._make(
            options,
            players=players,
            capture_mode=CaptureMode.MATCH_OR_FIFTEEN,
            capture_rule=CaptureRule.FEWEST_CARDS,
            capture_compulsion=CaptureCompulsion.PLAYED_CARD,
            ace_takes_all=True,
            table_ace=TableAce.BLOCKS,
            ace_sweep_is_scopa=True,
            blocked_ace_sweeps=False,
            initial_fifteen_sweeps=True,
            redeal_kings=None,
            redeal_aces=2,
            primiera_rule=PrimieraRule.ALL_SUITS,
            napola=True,
            napola_points=NapolaPoints.RUN_TO_SIX,
            grande=True,
            declarations=True,
            wild_card=_MATTA,
            target_score=51,
        )

    @classmethod
    def _make(cls, options: Mapping[str, Any], **preset: Any) -> Ruleset:
        _check_names(options)
        return cls(**{**preset, **options})

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
        return seat % 2 if self.partnerships else seat

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

    def describe(self) -> str:
        """A readable summary of every rule in force.

        >>> print(Ruleset.scopone_scientifico().describe())  # doctest: +ELLIPSIS
        Scopone Scientifico (preset scopone-scientifico)
        players: 4 players in two partnerships: seats 0 and 2 against seats 1 and 3.
        deal: 10 cards each and no table cards, all in a single deal; the seat after the dealer leads and the deal passes to the next seat after each hand.
        ...
        """
        title = _title(self)
        lines = [title]
        lines.extend(f"{topic}: {text}" for topic, text in self.rules_in_force())
        return "\n".join(lines)

    def __repr__(self) -> str:
        changed = [
            f"{name}={shown(_plain(value))}"
            for name, value in self.options().items()
            if name == "players" or value != _default_of(self, name)
        ]
        return f"Ruleset({', '.join(changed)})"

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self

    def __reduce__(self) -> tuple[Any, tuple[tuple[Any, ...]]]:
        # Pickled as its option values: loading the same ruleset again is a
        # dictionary lookup instead of a validated construction.
        return (_ruleset_from_values, (self._option_values,))


OPTION_NAMES: tuple[str, ...] = tuple(
    field.name for field in attrs.fields(Ruleset) if field.init
)


@attrs.frozen
class Preset(Frozen):
    """A named game: its preset function, the player counts it is played
    with, and the other names tables call it by.

    >>> import scopa_rules as sr
    >>> preset = sr.Ruleset.presets()[0]
    >>> preset.name, preset.players, preset.make().players
    ('scopa', (2, 3, 4, 6), 2)
    """

    name: str
    players: tuple[int, ...]
    aliases: tuple[str, ...]
    summary: str
    factory: str = attrs.field(repr=False)

    def make(self, players: int | None = None, **options: Any) -> Ruleset:
        """The preset's ruleset for ``players`` (the first count if not
        given).

        >>> Ruleset.presets()[0].make(4).players
        4
        """
        build = getattr(Ruleset, self.factory)
        if self.players == (4,):
            if players not in (None, 4):
                raise InvalidRulesetError(
                    f"{self.name} is played by 4 players, not {shown(players)}"
                )
            return build(**options)  # type: ignore[no-any-return]
        chosen = self.players[0] if players is None else players
        return build(chosen, **options)  # type: ignore[no-any-return]


PRESETS: tuple[Preset, ...] = (
    Preset(
        "scopa",
        (2, 3, 4, 6),
        ("scopa classica", "scopa italiana"),
        "Classic Scopa: 3 cards each, 4 on the table, 11 points.",
        "scopa",
    ),
    Preset(
        "scopone",
        (4,),
        ("scopone classico", "scopone 9"),
        "4 players in partnerships, 9 cards each and 4 on the table.",
        "scopone",
    ),
    Preset(
        "scopone-scientifico",
        (4,),
        ("scientifico", "scopone 10"),
        "4 players in partnerships, 10 cards each and an empty table.",
        "scopone_scientifico",
    ),
    Preset(
        "chkobba",
        (2, 4),
        ("chkoba", "shkobba", "chkouba", "scopa tunisina"),
        "Tunisian: Q=8 J=9, the first-card choice, most sevens, 21 points.",
        "chkobba",
    ),
    Preset(
        "escoba",
        (2, 3, 4),
        ("escoba del 15", "escoba de 15", "escova"),
        "Spanish: capture by fifteen, no compulsion, initial-table sweeps, "
        "most sevens, 21 points.",
        "escoba",
    ),
    Preset(
        "scopa-a-quindici",
        (2, 3, 4, 6),
        ("scopa a 15", "scopa15", "scopa di quindici", "scopa-15"),
        "Scopa with capture by fifteen.",
        "scopa_a_quindici",
    ),
    Preset(
        "cirulla",
        (2, 3, 4),
        ("cirolla", "ciapachinze"),
        "Genoese: captures by value or fifteen, ace takes all, declarations with "
        "the matta, 51 points.",
        "cirulla",
    ),
)


_PRESET_TITLES = {
    "scopa": "Scopa",
    "scopone": "Scopone",
    "scopone-scientifico": "Scopone Scientifico",
    "chkobba": "Chkobba",
    "escoba": "Escoba",
    "scopa-a-quindici": "Scopa a 15",
    "cirulla": "Cirulla",
}


def _seats_text(seats: tuple[int, ...]) -> str:
    names = [str(seat) for seat in seats]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _rules_in_force(rules: Ruleset) -> list[tuple[str, str]]:
    lines: list[tuple[str, str]] = []
    if rules.partnerships:
        lines.append(
            (
                "players",
                f"{rules.players} players in two partnerships: seats "
                f"{_seats_text(rules.seats_of(0))} against seats "
                f"{_seats_text(rules.seats_of(1))}.",
            )
        )
    else:
        lines.append(("players", f"{rules.players} players, each for themselves."))
    deals = rules.deals_per_hand
    table = f"{rules.table_size} on the table" if rules.table_size else "no table cards"
    lines.append(
        (
            "deal",
            f"{rules.hand_size} cards each and {table}, "
            + (
                "all in a single deal"
                if deals == 1
                else f"then {deals - 1} more deal{'s' if deals > 2 else ''} of "
                f"{rules.hand_size} cards each"
            )
            + "; the seat after the dealer leads and the deal passes to the next "
            "seat after each hand.",
        )
    )
    triggers = [
        f"{count} or more {rank}"
        for count, rank in ((rules.redeal_kings, "kings"), (rules.redeal_aces, "aces"))
        if count is not None
    ]
    if triggers and rules.table_size:
        lines.append(
            (
                "redeal",
                f"With {' or '.join(triggers)} on the initial table the same dealer "
                "deals again.",
            )
        )
    if rules.first_card_choice:
        lines.append(
            (
                "first card",
                "The seat after the dealer sees the first card and keeps it (then "
                f"gets {rules.hand_size - 1} more) or puts it on the table (then "
                f"{rules.table_size - 1} more go there).",
            )
        )
    values = _CAPTURE_VALUE_TABLES[rules.capture_values]
    lines.append(
        (
            "capture values",
            "A=1, 2 to 7 at face value, "
            + ", ".join(
                f"{letter}={values[rank - 1]}"
                for letter, rank in sorted(
                    (("J", 8), ("Q", 9), ("K", 10)),
                    key=lambda item: values[item[1] - 1],
                )
            )
            + ".",
        )
    )
    rule_text = {
        CaptureRule.SINGLE_FIRST: "a single card of equal value must be taken before any sum",
        CaptureRule.FEWEST_CARDS: "only the captures with the fewest cards are allowed",
        CaptureRule.FREE: "any single card or any set may be chosen",
    }[rules.capture_rule]
    mode_text = {
        CaptureMode.MATCH: "A card takes a table card of equal value or a set adding up "
        f"to its value; {rule_text}.",
        CaptureMode.FIFTEEN: "A card takes table cards that add up to 15 with it; any "
        "such set may be chosen.",
        CaptureMode.MATCH_OR_FIFTEEN: "A card takes a table card of equal value or a "
        f"set adding up to its value ({rule_text}), or table cards that add up to "
        "15 with it.",
    }[rules.capture_mode]
    lines.append(("capture", mode_text))
    lines.append(
        (
            "compulsion",
            {
                CaptureCompulsion.PLAYED_CARD: "A played card that can capture must "
                "capture; any card may be played.",
                CaptureCompulsion.WHOLE_HAND: "If any card in the hand can capture, a "
                "capture must be made.",
                CaptureCompulsion.NONE: "Any card may be played without capturing.",
            }[rules.capture_compulsion],
        )
    )
    if rules.ace_takes_all:
        table_ace = {
            TableAce.BLOCKS: ", unless an ace lies there (then it captures by the "
            "normal rules"
            + (
                ""
                if rules.blocked_ace_sweeps
                else ", and emptying the table that way is no sweep"
            )
            + ")",
            TableAce.IGNORED: ", even when an ace lies there",
            TableAce.EITHER: "; when an ace lies there, the player chooses between "
            "taking all and a normal capture",
        }[rules.table_ace]
        lines.append(
            (
                "ace takes all",
                "A played ace takes the whole table"
                + table_ace
                + "; taking all "
                + ("counts as a sweep" if rules.ace_sweep_is_scopa else "is no sweep")
                + ". An ace on an empty table is trailed."
                + (
                    " An ace may also be played without capturing; taking all is "
                    "never compulsory."
                    if rules.ace_may_trail
                    else ""
                ),
            )
        )
    lines.append(
        (
            "sweeps",
            "Clearing the table scores 1 point"
            + (
                ", the very last card of a hand included."
                if rules.last_card_sweep_counts
                else ", except with the very last card of a hand."
            )
            + " The cards left at the end go to the side that captured last, and are"
            " no sweep.",
        )
    )
    if rules.initial_fifteen_sweeps:
        lines.append(
            (
                "initial table",
                "An initial table adding up to 15 goes to the dealer's side with one "
                "sweep; 30, with two.",
            )
        )
    primiera = {
        PrimieraRule.ALL_SUITS: "best card of each suit (7=21, 6=18, A=16, 5=15, 4=14, "
        "3=13, 2=12, faces 10); a side missing a suit has none",
        PrimieraRule.MORE_SUITS: "best card of each suit (7=21, 6=18, A=16, 5=15, 4=14, "
        "3=13, 2=12, faces 10); more suits beat fewer, then the higher total",
        PrimieraRule.PARTIAL_SUM: "best card of each suit held (7=21, 6=18, A=16, 5=15, "
        "4=14, 3=13, 2=12, faces 10), totals compared",
        PrimieraRule.MOST_SEVENS: "most sevens; if tied, most sixes; if still tied, no one",
    }[rules.primiera_rule]
    extras = []
    if rules.re_bello:
        extras.append("re bello (KD) 1")
    if rules.napola:
        extras.append(
            {
                NapolaPoints.RUN: "napola (holding A, 2 and 3 of coins: 1 for each "
                "card of the unbroken run of coins from the ace)",
                NapolaPoints.FLAT: "napola (holding A, 2 and 3 of coins) 3",
                NapolaPoints.RUN_TO_SIX: "napola, the piccola (holding A, 2 and 3 of "
                "coins: 1 for each card of the unbroken run of coins from the ace, "
                "up to the 6)",
            }[rules.napola_points]
        )
    if rules.grande:
        extras.append("the grande (K, Q and J of coins) 5")
    if rules.declarations:
        matta = (
            f"; {rules.wild_card} is wild for declarations"
            if rules.wild_card is not None
            else ""
        )
        extras.append(
            "declarations when dealt three cards: 3 for a hand adding up to 9 or "
            f"less (cirulla), 10 for three of one rank (decino){matta}"
        )
    lines.append(
        (
            "scoring",
            "1 point each for most cards, most coins, the settebello (7D) and primiera; "
            "1 for each sweep"
            + ("; " + "; ".join(extras) if extras else "")
            + ". A tie for the lead gives the point to no one.",
        )
    )
    lines.append(
        (
            "game",
            f"The game ends after a hand in which a side has {rules.target_score} or "
            "more points and the strictly highest score; a tie for the lead plays "
            "another hand."
            + (
                " A side that captures all ten coins (cappotto) wins at once."
                if rules.cappotto
                else ""
            ),
        )
    )
    lines.insert(-1, ("primiera", primiera[0].upper() + primiera[1:] + "."))
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
        return "House rules"
    _, preset, changed = best
    title = f"{_PRESET_TITLES[preset.name]} (preset {preset.name})"
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


CAPTURE_KEY_BITS = 8
"""The width of :attr:`Ruleset._capture_key`: cache keys shift by it."""


def _capture_key(rules: Ruleset) -> int:
    # Eight bits, the same in every process (a cache key may not depend on
    # the order in which rulesets were made).
    return (
        list(CaptureValues).index(rules.capture_values)
        | list(CaptureRule).index(rules.capture_rule) << 1
        | list(CaptureMode).index(rules.capture_mode) << 3
        | rules.ace_takes_all << 5
        | list(TableAce).index(rules.table_ace) << 6
    )


def _play_key(rules: Ruleset) -> int:
    # The capture key and what else decides a hand's legal plays: the
    # compulsion, and whether an ace's take-all may be declined.
    return (
        rules._capture_key
        | list(CaptureCompulsion).index(rules.capture_compulsion) << CAPTURE_KEY_BITS
        | (rules.ace_may_trail and rules.ace_takes_all) << CAPTURE_KEY_BITS + 2
    )


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


def _default_of(rules: Ruleset, name: str) -> Any:
    default = getattr(attrs.fields(Ruleset), name).default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        return default.factory(rules)
    return default


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
        if name not in OPTION_NAMES and name != _ALIAS:
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


# The whole-number options and their ranges.  40 cards bound the deal; the
# target is bounded so that scores stay printable and saveable.
_INT_BOUNDS = (
    ("players", 2, MAX_PLAYERS),
    ("hand_size", 1, 40),
    ("table_size", 0, 39),
    ("target_score", 1, 1_000_000),
)


def _validate(rules: Ruleset) -> None:
    for name in ("players", "hand_size", "table_size", "target_score"):
        if not _is_int(getattr(rules, name)):
            raise InvalidRulesetError(
                f"{name} must be a whole number, not {shown(getattr(rules, name))}"
            )
    for field in attrs.fields(Ruleset):
        if field.type in ("bool", bool) and not isinstance(
            getattr(rules, field.name), bool
        ):
            raise InvalidRulesetError(
                f"{field.name} must be True or False, not {shown(getattr(rules, field.name))}"
            )
    players, hand, table = rules.players, rules.hand_size, rules.table_size
    for name, low, high in _INT_BOUNDS:
        value = getattr(rules, name)
        if not low <= value <= high:
            raise InvalidRulesetError(
                f"{name} must be {low} to {high:,}, not {shown(value)}"
            )
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
    if rules.partnerships and (players < 4 or players % 2):
        raise InvalidRulesetError(
            f"partnerships need an even number of players, at least 4 "
            f"(2 sides of alternating seats), not {players}; "
            f"use partnerships=False"
        )
    kings, aces = rules.redeal_kings, rules.redeal_aces
    for name, count in (("redeal_kings", kings), ("redeal_aces", aces)):
        if count is not None and (not _is_int(count) or not 1 <= count <= 4):
            what = name.removeprefix("redeal_")
            raise InvalidRulesetError(
                f"{name} must be 1 to 4 {what}, or None for no redeal, not {shown(count)}"
            )
    chance = redeal_chance(table, kings, aces)
    if chance >= _MAX_REDEAL_CHANCE:
        given = ", ".join(
            f"{name}={count}"
            for name, count in (("redeal_kings", kings), ("redeal_aces", aces))
            if count is not None
        )
        raise InvalidRulesetError(
            f"{given} with {table} cards on the table would redeal "
            f"{chance:.2%} of deals; raise the count, shrink the table, or turn "
            "the redeal off with None"
        )
    if rules.declarations and hand != 3:
        raise InvalidRulesetError(
            f"declarations need hands of 3 cards (hand_size=3), not {hand}: a "
            "declaration is made on three cards"
        )
    if rules.first_card_choice and table < 1:
        raise InvalidRulesetError(
            "first_card_choice needs an initial table (table_size of 1 or more): "
            "the first card is either kept or put on the table"
        )
    if rules.initial_fifteen_sweeps and rules.capture_mode is CaptureMode.MATCH:
        raise InvalidRulesetError(
            "initial_fifteen_sweeps needs capture by fifteen: set capture_mode "
            "to 'fifteen' or 'match_or_fifteen'"
        )
    if rules.initial_fifteen_sweeps and table < 1:
        raise InvalidRulesetError(
            "initial_fifteen_sweeps needs an initial table (table_size of 1 or more)"
        )


_DERIVED_NAMES = (
    "_values",
    "_capture_key",
    "_play_key",
    "_option_values",
    "_value_masks",
)

_DERIVED: dict[tuple[tuple[Any, ...], tuple[type, ...]], tuple[Any, ...]] = {}
"""The derived fields of each set of options validated so far, by the
options and their types."""

_MAX_DERIVED = 1024
"""The most sets of options kept: a program that makes rulesets without
end (a search over house rules) starts the cache again."""


def _derive(rules: Ruleset) -> tuple[Any, ...]:
    """The fields derived from ``rules``'s options (in _DERIVED_NAMES
    order), once the options are checked."""
    _validate(rules)
    table = _CAPTURE_VALUE_TABLES[rules.capture_values]
    values = tuple(table[i % 10] for i in range(40))
    object.__setattr__(rules, "_values", values)
    capture_key = _capture_key(rules)
    object.__setattr__(rules, "_capture_key", capture_key)
    return (
        values,
        capture_key,
        _play_key(rules),
        tuple(rules.to_dict().values()),
        tuple(
            sum(1 << i for i in range(40) if values[i] == value) for value in range(11)
        ),
    )


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
