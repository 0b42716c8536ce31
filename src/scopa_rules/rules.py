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
from .cards import Rank, rank_of
from .errors import InvalidRulesetError, shown

__all__ = [
    "CaptureCompulsion",
    "CaptureMode",
    "CaptureRule",
    "CaptureValues",
    "PrimieraRule",
    "Ruleset",
]


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

    The fields are the options of ``RULES.md`` with their default values, which
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
    """Number of seats, numbered 0 to ``players - 1`` in playing order."""
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
    ace_blocked_by_table_ace: bool = True
    """With ``ace_takes_all``: an ace on the table makes a played ace capture
    by the normal rules (it can only take an ace)."""
    ace_sweep_is_scopa: bool = True
    """With ``ace_takes_all``: whether taking the whole table scores a sweep."""
    last_card_sweep_counts: bool = False
    """Whether the very last card of a hand may score a sweep."""
    redeal_kings: int | None = 3
    """Redeal when at least this many kings lie on the initial table; ``None``
    never redeals."""
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
    _value_masks: tuple[int, ...] = attrs.field(
        init=False, eq=False, hash=False, repr=False
    )
    _option_values: tuple[Any, ...] = attrs.field(
        init=False, eq=False, hash=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        _validate(self)
        table = _CAPTURE_VALUE_TABLES[self.capture_values]
        object.__setattr__(self, "_values", tuple(table[i % 10] for i in range(40)))
        object.__setattr__(self, "_capture_key", _capture_key(self))
        object.__setattr__(self, "_option_values", tuple(self.to_dict().values()))
        object.__setattr__(
            self,
            "_value_masks",
            tuple(
                sum(1 << i for i in range(40) if self._values[i] == value)
                for value in range(11)
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
        _check_players("scopa", players, (2, 3, 4, 6))
        return cls._make(options, players=players)

    @classmethod
    def scopone(cls, **options: Any) -> Ruleset:
        """Scopone: 4 players in two partnerships, 9 cards each and 4 on the
        table, a single deal.

        >>> Ruleset.scopone().deals_per_hand
        1
        """
        return cls._make(options, players=4, hand_size=9, table_size=4)

    @classmethod
    def scopone_scientifico(cls, **options: Any) -> Ruleset:
        """Scopone Scientifico: 4 players in two partnerships, 10 cards each,
        an empty table.

        >>> Ruleset.scopone_scientifico().table_size
        0
        """
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
    def _make(cls, options: Mapping[str, Any], **preset: Any) -> Ruleset:
        _check_names(options)
        return cls(**{**preset, **options})

    @classmethod
    def presets(cls) -> tuple[Preset, ...]:
        """The named presets, in the order of RULES.md section 7.

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
        scopa_rules.errors.InvalidRulesetError: unknown preset 'briscola'; presets are scopa, scopone, scopone-scientifico, chkobba, escoba, scopa-a-quindici
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
        ('fifteen', None, 20)
        >>> Ruleset.from_dict(data) == Ruleset.escoba()
        True
        """
        return {
            name: value.value if isinstance(value, _Option) else value
            for name, value in self.options().items()
        }

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
            f"{name}={shown(value.value if isinstance(value, _Option) else value)}"
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
)


_PRESET_TITLES = {
    "scopa": "Scopa",
    "scopone": "Scopone",
    "scopone-scientifico": "Scopone Scientifico",
    "chkobba": "Chkobba",
    "escoba": "Escoba",
    "scopa-a-quindici": "Scopa a 15",
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
    if rules.redeal_kings is not None and rules.table_size:
        lines.append(
            (
                "redeal",
                f"With {rules.redeal_kings} or more kings on the initial table the "
                "same dealer deals again.",
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
        lines.append(
            (
                "ace takes all",
                "A played ace takes the whole table"
                + (
                    ", unless an ace lies there (then it takes only an ace)"
                    if rules.ace_blocked_by_table_ace
                    else ""
                )
                + "; "
                + (
                    "this counts as a sweep"
                    if rules.ace_sweep_is_scopa
                    else "this is no sweep"
                )
                + ". An ace on an empty table is trailed.",
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
            "napola (holding A, 2 and 3 of coins: 1 for each card of the unbroken "
            "run of coins from the ace)"
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
        counts = ", ".join(str(n) for n in allowed[:-1]) + f" or {allowed[-1]}"
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


def _capture_key(rules: Ruleset) -> int:
    # Seven bits, the same in every process (a cache key may not depend on
    # the order in which rulesets were made).
    return (
        list(CaptureValues).index(rules.capture_values)
        | list(CaptureRule).index(rules.capture_rule) << 1
        | list(CaptureMode).index(rules.capture_mode) << 3
        | rules.ace_takes_all << 5
        | rules.ace_blocked_by_table_ace << 6
    )


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
    _attrs_init(self, **options)


Ruleset.__init__ = _checked_init  # type: ignore[method-assign]


def _check_names(options: Mapping[str, Any]) -> None:
    for name in options:
        if name not in OPTION_NAMES:
            import difflib

            close = difflib.get_close_matches(name, OPTION_NAMES, n=1)
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
    ("players", 2, 40),
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
    kings = rules.redeal_kings
    if kings is not None and (not _is_int(kings) or not 1 <= kings <= 4):
        raise InvalidRulesetError(
            f"redeal_kings must be 1 to 4 kings, or None for no redeal, not {shown(kings)}"
        )
    if kings is not None and table >= kings:
        chance = redeal_chance(table, kings)
        if chance >= _MAX_REDEAL_CHANCE:
            raise InvalidRulesetError(
                f"redeal_kings={kings} with {table} cards on the table would redeal "
                f"{chance:.2%} of deals; raise redeal_kings, shrink the table, or use "
                "redeal_kings=None"
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


_MAX_REDEAL_CHANCE = 0.9
"""Rulesets that would redeal at least this often are refused: a game of
them would spend its time redealing (and some could never be dealt)."""


def redeal_chance(table_size: int, kings: int) -> float:
    """The chance that an initial table of ``table_size`` cards holds at
    least ``kings`` of the four kings (a hypergeometric tail).

    >>> round(redeal_chance(4, 3), 5)
    0.00159
    """
    total = math.comb(40, table_size)
    hits = sum(
        math.comb(4, j) * math.comb(36, table_size - j)
        for j in range(kings, min(4, table_size) + 1)
    )
    return hits / total


def _or_list(numbers: list[int]) -> str:
    text = [str(n) for n in numbers]
    return text[0] if len(text) == 1 else ", ".join(text[:-1]) + " or " + text[-1]
