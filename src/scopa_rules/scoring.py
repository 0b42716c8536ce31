"""Scoring a hand: RULES.md section 5.

:func:`score_hand` turns the sides' piles and sweeps into a :class:`HandScore`:
a breakdown per side of every category (what the side holds and the points it
earns), in the form a UI shows at the end of a hand.

The worked example of RULES.md (seed 000): Anna's pile and two sweeps against
Ben's pile.

>>> from scopa_rules import ALL_CARDS, CardSet, Ruleset, score_hand
>>> anna = CardSet("7D 6D AD KD AH 2H 3H 4H 5H 6H JH QH KH "
...                "AS 2S 3S 4S 5S 7S JS QS KS AC")
>>> ben = ALL_CARDS - anna
>>> score = score_hand(Ruleset.scopa(), [anna, ben], [2, 0])
>>> score.totals
(5, 1)
>>> score.sides[0].primiera, score.sides[1].primiera
(76, 75)
>>> print(score)
           side 0             side 1
cards      23 (1)             17
coins      4                  6 (1)
settebello yes (1)            no
primiera   76 in 4 suits (1)  75 in 4 suits
sweeps     2 (2)              0
total      5                  1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from ._frozen import Frozen
from .cards import Card, CardSet
from .errors import InvalidRulesetError, InvalidStateError, shown
from .rules import NapolaPoints, PrimieraRule, Ruleset

__all__ = ["HandScore", "SideScore", "score_hand"]

# Primiera values by rank index (A 2 3 4 5 6 7 J Q K).
_PRIMIERA_VALUES = (16, 12, 13, 14, 15, 18, 21, 10, 10, 10)


def _best_primiera(suit_bits: int) -> int:
    return max(
        (_PRIMIERA_VALUES[r] for r in range(10) if suit_bits >> r & 1), default=0
    )


# For the tally, by a suit's set of ten bits: its best primiera value, how
# many cards it holds, and (for coins) the run from the ace (C arrays when
# compiled, filled below).
_BEST = [0] * 1024
_COUNT = [0] * 1024
_RUN = [0] * 1024


def _fill_tables() -> None:
    for bits in range(1024):
        _BEST[bits] = _best_primiera(bits)
        _COUNT[bits] = bits.bit_count()
        _RUN[bits] = (~bits & (bits + 1)).bit_length() - 1


_fill_tables()


@attrs.frozen(kw_only=True)
class SideScore(Frozen):
    """One side's part of a hand's breakdown: what it holds in each category,
    and the points that earns (the ``*_points`` fields).

    >>> import scopa_rules as sr
    >>> score = sr.score_hand(sr.Ruleset.scopa(), [sr.CardSet("7D 7S 7C 7H AD 2D"), sr.CardSet("KS")], [1, 0])
    >>> side = score.sides[0]
    >>> side.cards, side.coins, side.sevens, side.sweep_points, side.total
    (6, 3, 4, 1, 5)
    """

    side: int
    cards: int
    """Cards in the side's pile."""
    coins: int
    """Coins (denari, diamonds, oros) in the pile."""
    settebello: bool
    """Whether the side holds the seven of coins."""
    primiera: int
    """Sum of the best primiera value in each suit the side holds (0 to 84)."""
    primiera_suits: int
    """How many suits that sum covers."""
    sevens: int
    sixes: int
    sweeps: int
    re_bello: bool
    """Whether the side holds the king of coins (scores only with ``re_bello``)."""
    napola_run: int
    """Length of the unbroken run of coins from the ace (0 without the ace)."""
    grande: bool
    """Whether the side holds the K, Q and J of coins (scores only with
    ``grande``)."""
    all_coins: bool
    """Whether the side holds all ten coins (cappotto)."""
    cards_points: int
    coins_points: int
    settebello_points: int
    primiera_points: int
    sweep_points: int
    re_bello_points: int
    napola_points: int
    grande_points: int = 0
    declaration_points: int = 0
    """Points of the side's declarations in the hand (``declarations``)."""

    @property
    def total(self) -> int:
        """The side's points for the hand."""
        return (
            self.cards_points
            + self.coins_points
            + self.settebello_points
            + self.primiera_points
            + self.sweep_points
            + self.re_bello_points
            + self.napola_points
            + self.grande_points
            + self.declaration_points
        )


_SIDE_FIELDS = tuple(field.name for field in attrs.fields(SideScore))


@attrs.frozen(kw_only=True)
class HandScore(Frozen):
    """The breakdown of one hand: a :class:`SideScore` per side, and the
    options that shaped it.

    >>> import scopa_rules as sr
    >>> score = sr.score_hand(sr.Ruleset.scopa(), [sr.CardSet("7D 7S 7C 7H AD 2D"), sr.CardSet("KS")], [1, 0])
    >>> score.totals, score.primiera_rule
    ((5, 0), <PrimieraRule.ALL_SUITS: 'all_suits'>)
    """

    sides: tuple[SideScore, ...]
    primiera_rule: PrimieraRule
    re_bello: bool
    napola: bool
    cappotto: bool
    grande: bool = False
    declarations: bool = False

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's points for the hand."""
        return tuple(side.total for side in self.sides)

    @property
    def cappotto_side(self) -> int | None:
        """With the ``cappotto`` option, the side that took all ten coins (and
        so wins the game); otherwise ``None``."""
        if self.cappotto:
            for side in self.sides:
                if side.all_coins:
                    return side.side
        return None

    def rows(self) -> list[tuple[str, list[str]]]:
        """The breakdown as labelled rows of text, one cell per side; a point
        earned is shown in brackets.

        >>> from scopa_rules import Ruleset, new_game
        >>> score = score_hand(Ruleset.scopa(), [CardSet("7D 6D"), CardSet("KS")], [1, 0])
        >>> for label, cells in score.rows(): print(f"{label:10}", cells)
        cards      ['2 (1)', '1']
        coins      ['2 (1)', '0']
        settebello ['yes (1)', 'no']
        primiera   ['21 in 1 suit', '10 in 1 suit']
        sweeps     ['1 (1)', '0']
        total      ['4', '0']
        """

        def cell(text: str, points: int) -> str:
            return f"{text} ({points})" if points else text

        rows: list[tuple[str, list[str]]] = [
            ("cards", [cell(str(s.cards), s.cards_points) for s in self.sides]),
            ("coins", [cell(str(s.coins), s.coins_points) for s in self.sides]),
            (
                "settebello",
                [
                    cell("yes" if s.settebello else "no", s.settebello_points)
                    for s in self.sides
                ],
            ),
        ]
        if self.primiera_rule is PrimieraRule.MOST_SEVENS:
            primiera = [
                cell(
                    f"{s.sevens} seven{'s' if s.sevens != 1 else ''}, "
                    f"{s.sixes} six{'es' if s.sixes != 1 else ''}",
                    s.primiera_points,
                )
                for s in self.sides
            ]
        else:
            primiera = [
                cell(
                    f"{s.primiera} in {s.primiera_suits} suit"
                    + ("s" if s.primiera_suits != 1 else ""),
                    s.primiera_points,
                )
                for s in self.sides
            ]
        rows.append(("primiera", primiera))
        rows.append(
            ("sweeps", [cell(str(s.sweeps), s.sweep_points) for s in self.sides])
        )

        def yes(held: bool) -> str:
            return "yes" if held else "no"

        # The optional categories, each shown when its option is on.
        optional: list[tuple[bool, str, Callable[[SideScore], str], str | None]] = [
            (self.re_bello, "re bello", lambda s: yes(s.re_bello), "re_bello_points"),
            (
                self.napola,
                "napola",
                lambda s: f"run of {s.napola_run}",
                "napola_points",
            ),
            (self.grande, "grande", lambda s: yes(s.grande), "grande_points"),
            (self.declarations, "declared", lambda s: str(s.declaration_points), None),
            (self.cappotto, "cappotto", lambda s: yes(s.all_coins), None),
        ]
        for on, label, text, points in optional:
            if on:
                rows.append(
                    (
                        label,
                        [
                            cell(text(s), getattr(s, points)) if points else text(s)
                            for s in self.sides
                        ],
                    )
                )
        rows.append(("total", [str(s.total) for s in self.sides]))
        return rows

    def _repr_html_(self) -> str:
        """The breakdown as an HTML table, for Jupyter: the rows of
        :meth:`rows`, a column per side.

        >>> import scopa_rules as sr
        >>> score = sr.score_hand(sr.Ruleset.scopa(), [sr.CardSet("7D 7S 7C 7H AD 2D"), sr.CardSet("KS")], [1, 0])
        >>> table = score._repr_html_()
        >>> table.startswith("<table"), "<th>side 0</th>" in table, "<td>total</td>" in table
        (True, True, True)
        """
        from html import escape

        heads = "".join(f"<th>side {s.side}</th>" for s in self.sides)
        lines = ["<table>", f"<thead><tr><th></th>{heads}</tr></thead>", "<tbody>"]
        for label, cells in self.rows():
            row = "".join(f"<td>{escape(cell)}</td>" for cell in cells)
            lines.append(f"<tr><td>{escape(label)}</td>{row}</tr>")
        lines += ["</tbody>", "</table>"]
        return "\n".join(lines)

    def __str__(self) -> str:
        rows = self.rows()
        heads = [f"side {s.side}" for s in self.sides]
        widths = [
            max(len(heads[i]), *(len(cells[i]) for _, cells in rows))
            for i in range(len(self.sides))
        ]
        lines = [
            " " * 11 + "  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True))
        ]
        for label, cells in rows:
            lines.append(
                f"{label:<11}"
                + "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True))
            )
        return "\n".join(line.rstrip() for line in lines)


def _outright(keys: Sequence[object | None]) -> int | None:
    """The index of the strictly greatest key; ``None`` for a tie for the
    lead or when no key is eligible (``None`` keys are not eligible)."""
    best: object | None = None
    winner: int | None = None
    tied = False
    for index, key in enumerate(keys):
        if key is None:
            continue
        if best is None or key > best:  # type: ignore[operator]
            best, winner, tied = key, index, False
        elif key == best:
            tied = True
    return None if tied else winner


# Enum members as module constants: read at the end of every hand.
_ALL_SUITS = PrimieraRule.ALL_SUITS
_MORE_SUITS = PrimieraRule.MORE_SUITS
_PARTIAL_SUM = PrimieraRule.PARTIAL_SUM


def _primiera_key(
    rule: PrimieraRule, total: int, suits: int, sevens: int, sixes: int
) -> object | None:
    if rule is _ALL_SUITS:
        return total if suits == 4 else None
    if rule is _MORE_SUITS:
        return (suits, total)
    if rule is _PARTIAL_SUM:
        return total
    return (sevens, sixes)


_MOST_COUNTED = 1_000_000
"""The most sweeps or declaration points score_hand takes for a side in a
hand (a hand has 40 cards): the compiled tally counts in C ints."""


def score_hand(
    rules: Ruleset,
    piles: Sequence[CardSet | str | Iterable[Card | str]],
    sweeps: Sequence[int],
    declared: Sequence[int] | None = None,
) -> HandScore:
    """Score one hand from each side's pile and sweep count.

    Each category gives one point to the side that wins it outright; a tie
    for the lead gives it to no one.  The piles need not cover the deck (cards
    left unclaimed on the table score for no one).  A pile may also be given
    as cards or card text.  ``declared`` gives each side's declaration points
    in the hand (option ``declarations``).

    >>> import scopa_rules as sr
    >>> score = sr.score_hand(sr.Ruleset.scopa(), [sr.CardSet("7D 7S 7C 7H AD 2D"), sr.CardSet("KS")], [1, 0])
    >>> score.totals, [side.primiera_points for side in score.sides]
    ((5, 0), [1, 0])
    >>> sr.score_hand(sr.Ruleset.scopa(), ["7D 7S", "KS"], [1, 0]).totals
    (4, 0)
    """
    if not isinstance(rules, Ruleset):
        raise InvalidRulesetError(f"rules must be a Ruleset, not {shown(rules)}")
    for what, values in (("piles", piles), ("sweeps", sweeps)):
        if isinstance(values, str) or not isinstance(values, Sequence):
            raise InvalidStateError(
                f"{what} must be a list with one entry per side, not {shown(values)}"
            )
    for what, counts in (("sweeps", sweeps), ("declared", declared or ())):
        if not all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= _MOST_COUNTED
            for n in counts
        ):
            raise InvalidStateError(
                f"{what} must be whole numbers of 0 or more (at most "
                f"{_MOST_COUNTED:,}), not {shown(counts)}"
            )
    pile_sets = [p if isinstance(p, CardSet) else CardSet(p) for p in piles]
    if len(pile_sets) != rules.sides or len(sweeps) != rules.sides:
        raise InvalidStateError(
            f"these rules have {rules.sides} sides: give {rules.sides} piles and "
            f"{rules.sides} sweep counts, not {len(pile_sets)} and {len(sweeps)}"
        )
    if declared is not None and len(declared) != rules.sides:
        raise InvalidStateError(
            f"these rules have {rules.sides} sides: give {rules.sides} declaration "
            f"points, not {len(declared)}"
        )
    rows: list[tuple[int | bool, ...]] = []
    _tally(rules, [pile.mask for pile in pile_sets], sweeps, declared, rows)
    sides = []
    for row in rows:
        fields: dict[str, Any] = dict(zip(_SIDE_FIELDS, row, strict=True))
        sides.append(SideScore(**fields))
    return HandScore(
        sides=tuple(sides),
        primiera_rule=rules.primiera_rule,
        re_bello=rules.re_bello,
        napola=rules.napola,
        cappotto=rules.cappotto,
        grande=rules.grande,
        declarations=rules.declarations,
    )


def hand_totals(
    rules: Ruleset,
    piles: Sequence[int],
    sweeps: Sequence[int],
    declared: Sequence[int] | None = None,
) -> tuple[tuple[int, ...], int | None]:
    """Each side's points for the hand and the cappotto side (see
    :attr:`HandScore.cappotto_side`), from pile masks: what the game needs
    at the end of every hand, without building the breakdown."""
    totals: list[int] = []
    cappotto_side = _tally(rules, piles, sweeps, declared, totals, False)
    return tuple(totals), cappotto_side


def game_winner(
    rules: Ruleset, cappotto_side: int | None, scores: Sequence[int]
) -> int | None:
    """RULES.md section 6: the side that has won the game with ``scores``
    after a hand whose cappotto side (if any) was ``cappotto_side``:
    cappotto, else the strictly highest score at or over the target; a tie
    for the lead plays another hand (``None``: the game goes on)."""
    if cappotto_side is not None:
        return cappotto_side
    best = max(scores)
    if best < rules.target_score or scores.count(best) > 1:
        return None
    return scores.index(best)


_GRANDE = 0b111 << 7  # J, Q and K of coins
_NO_NAPOLA = (0,) * 11
# The napola's points by the length of the run of coins from the ace (0 to
# 10): it scores from the three.
_NAPOLA_POINTS = {
    NapolaPoints.RUN: tuple(run if run >= 3 else 0 for run in range(11)),
    NapolaPoints.FLAT: tuple(3 if run >= 3 else 0 for run in range(11)),
    # The piccola: the run counted up to the 6.
    NapolaPoints.RUN_TO_SIX: tuple(min(run, 6) if run >= 3 else 0 for run in range(11)),
}


def _tally(
    rules: Ruleset,
    piles: Sequence[int],
    sweeps: Sequence[int],
    declared: Sequence[int] | None,
    out: list[Any],
    rows: bool = True,
) -> int | None:
    """The one place the scoring rules are applied, from pile masks: append
    to ``out`` each side's :class:`SideScore` fields, in order, or with
    ``rows`` false only each side's points (:func:`hand_totals`: the end of
    every hand of a search).  Return the cappotto side, if the rules score
    one."""
    sides = len(piles)
    cards = [0] * 40  # C arrays when compiled: a side's facts, by side
    coins_held = [0] * 40
    total = [0] * 40
    suits = [0] * 40
    sevens = [0] * 40
    sixes = [0] * 40
    run = [0] * 40
    for side in range(sides):
        # A suit's row of ten bits at a time: table lookups.
        mask = piles[side]
        coins = mask & 0x3FF
        hearts = mask >> 10 & 0x3FF
        spades = mask >> 20 & 0x3FF
        clubs = mask >> 30 & 0x3FF
        cards[side] = _COUNT[coins] + _COUNT[hearts] + _COUNT[spades] + _COUNT[clubs]
        coins_held[side] = _COUNT[coins]
        total[side] = _BEST[coins] + _BEST[hearts] + _BEST[spades] + _BEST[clubs]
        suits[side] = (coins != 0) + (hearts != 0) + (spades != 0) + (clubs != 0)
        sevens[side] = (
            (coins >> 6 & 1) + (hearts >> 6 & 1) + (spades >> 6 & 1) + (clubs >> 6 & 1)
        )
        sixes[side] = (
            (coins >> 5 & 1) + (hearts >> 5 & 1) + (spades >> 5 & 1) + (clubs >> 5 & 1)
        )
        run[side] = _RUN[coins]
    rule = rules.primiera_rule
    cards_winner = _outright([cards[side] for side in range(sides)])
    coins_winner = _outright([coins_held[side] for side in range(sides)])
    primiera_winner = _outright(
        [
            _primiera_key(rule, total[side], suits[side], sevens[side], sixes[side])
            for side in range(sides)
        ]
    )
    re_bello_scores = rules.re_bello
    grande_scores = rules.grande
    napola_points = _NAPOLA_POINTS[rules.napola_points] if rules.napola else _NO_NAPOLA
    cappotto_side = None
    for side in range(sides):
        mask = piles[side]
        swept = sweeps[side]
        settebello = mask >> 6 & 1
        re_bello = mask >> 9 & 1
        grande = mask & _GRANDE == _GRANDE
        all_coins = coins_held[side] == 10
        if all_coins and rules.cappotto:
            cappotto_side = side
        # The points (SideScore's *_points fields, in order).
        cards_points = int(cards_winner == side)
        coins_points = int(coins_winner == side)
        primiera_points = int(primiera_winner == side)
        re_bello_points = re_bello if re_bello_scores else 0
        napola = napola_points[run[side]]
        grande_points = 5 if grande_scores and grande else 0
        declared_points = declared[side] if declared is not None else 0
        if not rows:
            out.append(
                cards_points
                + coins_points
                + settebello
                + primiera_points
                + swept
                + re_bello_points
                + napola
                + grande_points
                + declared_points
            )
            continue
        out.append(
            (
                side,
                cards[side],
                coins_held[side],
                bool(settebello),
                total[side],
                suits[side],
                sevens[side],
                sixes[side],
                swept,
                bool(re_bello),
                run[side],
                grande,
                all_coins,
                cards_points,
                coins_points,
                settebello,
                primiera_points,
                swept,
                re_bello_points,
                napola,
                grande_points,
                declared_points,
            )
        )
    return cappotto_side
