"""The end of a hand solved exactly: every legal move's outcome with best
play, when every card is known, and what that says about a seat's moves
when the other hands are hidden.

:func:`solve` searches the rest of the hand in play with alpha-beta and a
transposition table, on the masks of the engine (the plays of
:mod:`scopa_rules._kernel`, the deal of :mod:`scopa_rules.dealing`, the
score of :mod:`scopa_rules.scoring`): no rule is written here.
:func:`analyse` solves deals sampled from what one seat knows
(:meth:`PlayerView.sample <scopa_rules.PlayerView.sample>`) and ranks
that seat's moves by their average (perfect-information Monte Carlo);
:class:`PimcBot` plays the best of them.

The value of a move is the point difference at the end of the hand for the
side that makes it: its points for the hand (cards, coins, primiera,
settebello, sweeps, declarations: every category the ruleset scores) minus
those of the best other side.  The other sides are assumed to play
against it (with two sides this is exact minimax; with more it is the
"paranoid" reading, the usual one for a search).  The game's score is not
part of it: a hand that would end the game counts its points like any
other.

>>> import scopa_rules as sr
>>> rest = list(sr.ALL_CARDS - sr.CardSet("7D 2C 7S 5H 5C"))
>>> state = sr.GameState.from_position(
...     sr.Ruleset.scopa(), hands=["7D 2C", "7S 5H"], table="5C",
...     piles=[sr.CardSet(rest[0::2]), sr.CardSet(rest[1::2])], last_capturer=1)
>>> [(str(m.move), m.value) for m in solve(state)]
[('7D', -3), ('2C', -4)]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from statistics import fmean

import attrs

from .._frozen import Frozen
from .._kernel import Named, hand_scored, legal_plays, play_card, take_leftover
from ..dealing import next_round
from ..declarations import declare_round
from ..errors import InvalidStateError, shown
from ..moves import Move
from ..rules import Ruleset
from ..state import GameState, Phase, field_reader
from ..views import PlayerView
from .bots import Bot, GreedyBot

__all__ = ["MoveAnalysis", "MoveValue", "PimcBot", "analyse", "solve"]


@attrs.frozen
class MoveValue(Frozen):
    """A legal move and its exact value (see the module's introduction)."""

    move: Move
    value: int
    """The point difference at the end of the hand, with best play on every
    side, for the side that makes the move."""


def _itself(play: int) -> int:
    return play


# The engine's plays as its packed ints: ``captured mask << 6 | card``.
_PLAYS: Named[int] = Named(_itself)

_READ = field_reader(
    "phase",
    "rules",
    "dealer",
    "hands",
    "table",
    "stock",
    "piles",
    "sweeps",
    "last_capturer",
    "to_move",
    "declarations",
)


def solve(state: GameState) -> tuple[MoveValue, ...]:
    """Every legal move of the seat to move, in the order of
    :meth:`~scopa_rules.GameState.legal_moves`, with its exact value: the
    point difference at the end of the hand for the mover's side, every
    seat playing its best with every card known (the stock's order
    included).

    The search grows fast with the cards left to play: the last 12 cards
    of a 2-player hand or the last 16 of Scopone take a fraction of a
    second to a few seconds (the figures are on the solver's docs page);
    a whole hand is out of reach.

    >>> import scopa_rules as sr
    >>> state = sr.GameState.from_position(
    ...     sr.Ruleset.scopa(), hands=["3C", "4D"], table="3S",
    ...     piles=["", sr.ALL_CARDS - sr.CardSet("3C 4D 3S")], last_capturer=1)
    >>> solve(state)
    (MoveValue(move=Move.parse('3Cx3S'), value=-3),)
    """
    if not isinstance(state, GameState):
        raise InvalidStateError(f"solve() takes a GameState, not {shown(state)}")
    (phase, rules, dealer, hands, table, stock, piles, sweeps, last, seat, made) = (
        _READ(state)
    )
    if phase is not Phase.PLAY:
        raise InvalidStateError(
            f"solve() needs a hand in play, and the state is in phase "
            f"{phase.value}: apply the first-card decision, or deal the next deck, "
            "first"
        )
    search = _Search(rules, dealer, stock, made, rules.seat_sides[seat])
    moves = state.legal_moves()
    plays = legal_plays(rules, hands[seat], table, _PLAYS)
    last_seat = -1 if last is None else last
    values = [
        search.after(hands, table, stock, piles, sweeps, seat, last_seat, play)
        for play in plays
    ]
    return tuple(
        MoveValue(move, value) for move, value in zip(moves, values, strict=True)
    )


# The bounds of a window: beyond any point difference of a hand.
_WIDE = 1 << 20


class _Search:
    """One solve: the rules, the transposition table and the score of the
    declarations, which the stock decides whatever is played."""

    def __init__(
        self,
        rules: Ruleset,
        dealer: int,
        stock: bytes,
        made: Sequence[tuple[int, int, int]],
        side: int,
    ) -> None:
        self.rules = rules
        self.dealer = dealer
        self.side = side
        self.sides = rules.seat_sides
        self.players = rules.players
        # Every round still to come is dealt from the stock as it lies:
        # its declarations are the same on every line of play.
        declared = list(made)
        rest = stock
        while rules.declarations and rest:
            hands, rest = next_round(rules, dealer, rest)
            declared += declare_round(rules, list(hands))
        self.declared = tuple(declared)
        # A position's bounds on its value: (lower, upper).
        self.table: dict[tuple[object, ...], tuple[int, int]] = {}

    def after(
        self,
        hands: tuple[int, ...],
        table: int,
        stock: bytes,
        piles: tuple[int, ...],
        sweeps: tuple[int, ...],
        seat: int,
        last: int,
        play: int,
        alpha: int = -_WIDE,
        beta: int = _WIDE,
    ) -> int:
        """The value for the root's side once ``seat`` has made ``play``."""
        side = self.sides[seat]
        others = bool(stock) or hands.count(0) < self.players - 1
        hand, table, pile, swept = play_card(
            self.rules, hands[seat], play, table, piles[side], sweeps[side], others
        )
        hands = (*hands[:seat], hand, *hands[seat + 1 :])
        if play >> 6:
            last = seat
            piles = (*piles[:side], pile, *piles[side + 1 :])
            sweeps = (*sweeps[:side], swept, *sweeps[side + 1 :])
        if not hand and not any(hands):
            if not stock:
                return self.end(table, piles, sweeps, last)
            hands, stock = next_round(self.rules, self.dealer, stock)
        seat += 1
        if seat == self.players:
            seat = 0
        return self.value(hands, table, stock, piles, sweeps, seat, last, alpha, beta)

    def value(
        self,
        hands: tuple[int, ...],
        table: int,
        stock: bytes,
        piles: tuple[int, ...],
        sweeps: tuple[int, ...],
        seat: int,
        last: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value for the root's side of ``seat`` to move, with alpha-beta
        in the window (``alpha``, ``beta``)."""
        # The stock lies in one order: its length says which of it is left.
        # The last capturer matters only for the side that takes the
        # leftover.
        key = (
            hands,
            table,
            len(stock),
            piles,
            sweeps,
            seat,
            self.sides[last] if last >= 0 else -1,
        )
        lower, upper = self.table.get(key, (-_WIDE, _WIDE))
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        low, high = max(alpha, lower), min(beta, upper)
        plays = legal_plays(self.rules, hands[seat], table, _PLAYS)
        # Captures first, the biggest first: they decide most hands, and
        # a good move early narrows the window.
        plays.sort(key=_taken, reverse=True)
        mine = self.sides[seat] == self.side
        best = -_WIDE if mine else _WIDE
        for play in plays:
            found = self.after(
                hands, table, stock, piles, sweeps, seat, last, play, low, high
            )
            if mine:
                if found > best:
                    best = found
                    low = max(low, best)
            elif found < best:
                best = found
                high = min(high, best)
            if low >= high:
                break
        # What the window proved: a fail-high is a lower bound, a fail-low
        # an upper one, anything inside it the value.
        if best <= max(alpha, lower):
            upper = best
        elif best >= min(beta, upper):
            lower = best
        else:
            lower = upper = best
        self.table[key] = (lower, upper)
        return best

    def end(
        self, table: int, piles: tuple[int, ...], sweeps: tuple[int, ...], last: int
    ) -> int:
        """The value for the root's side of the hand's end."""
        taken = list(piles)
        take_leftover(self.rules, taken, last, table)
        zeros = (0,) * len(piles)
        points, _ = hand_scored(self.rules, taken, sweeps, self.declared, zeros)
        own = points[self.side]
        return own - max(p for s, p in enumerate(points) if s != self.side)


def _taken(play: int) -> int:
    return (play >> 6).bit_count()


# -- what a seat can know ----------------------------------------------------


@attrs.frozen
class MoveAnalysis(Frozen):
    """A move of :func:`analyse`, with what the sampled deals say of it."""

    move: Move
    expected: float
    """The move's value (see :class:`MoveValue`) averaged over the deals."""
    best_in: int
    """In how many of the deals it was a best move."""
    deals: int
    """How many deals were solved."""

    @property
    def reason(self) -> str:
        """The analysis in words, for a hint.

        >>> import scopa_rules as sr
        >>> MoveAnalysis(sr.Move.parse("7D"), 1.25, 3, 4).reason
        '7D: +1.25 points on average over 4 deals, a best move in 3 of them'
        """
        deals = "deal" if self.deals == 1 else "deals"
        return (
            f"{self.move}: {self.expected:+.2f} points on average over "
            f"{self.deals} {deals}, a best move in {self.best_in} of them"
        )


def analyse(
    view: PlayerView, *, deals: int = 20, seed: int = 0, max_cards: int = 16
) -> tuple[MoveAnalysis, ...]:
    """Rank the legal moves of the seat of ``view`` (which must be to move)
    by their value averaged over ``deals`` deals of the hidden cards drawn
    from what the seat knows (:meth:`PlayerView.sample
    <scopa_rules.PlayerView.sample>`, seeded with ``seed``), each solved
    exactly by :func:`solve`: best first, ties in the order of
    ``legal_moves()``.

    Each deal is solved to the end of the hand, so the hand must be near
    its end: at most ``max_cards`` cards left to play (in the hands and
    the stock).

    >>> import scopa_rules as sr
    >>> rest = list(sr.ALL_CARDS - sr.CardSet("7D 2C 7S 5H 5C"))
    >>> state = sr.GameState.from_position(
    ...     sr.Ruleset.scopa(), hands=["7D 2C", "7S 5H"], table="5C",
    ...     piles=[sr.CardSet(rest[0::2]), sr.CardSet(rest[1::2])], last_capturer=1)
    >>> [hint.reason for hint in analyse(state.view(0), deals=4)]
    ['7D: -3.00 points on average over 4 deals, a best move in 4 of them', \
'2C: -4.00 points on average over 4 deals, a best move in 0 of them']
    """
    if not isinstance(view, PlayerView):
        raise InvalidStateError(f"analyse() takes a PlayerView, not {shown(view)}")
    for name, number in (("deals", deals), ("max_cards", max_cards)):
        if type(number) is not int or number < 1:
            raise InvalidStateError(
                f"{name} must be a whole number of at least 1, not {shown(number)}"
            )
    if type(seed) is not int:
        raise InvalidStateError(f"seed must be a whole number, not {shown(seed)}")
    if view.phase is not Phase.PLAY or view.current_player != view.seat:
        raise InvalidStateError(
            f"analyse() needs seat {view.seat} to play a card, and "
            + (
                f"seat {view.current_player} is to move"
                if view.current_player is not None and view.phase is Phase.PLAY
                else f"the game is in phase {view.phase.value}"
            )
        )
    left = sum(view.hand_sizes) + view.stock_size
    if left > max_cards:
        raise InvalidStateError(
            f"analyse() solves the rest of the hand in every deal, and {left} cards "
            f"are left to play, more than max_cards={max_cards}: call it near the "
            "end of a hand (or raise max_cards, and wait)"
        )
    rng = random.Random(seed)
    moves = view.legal_moves()
    values: list[list[int]] = [[] for _ in moves]
    best = [0] * len(moves)
    for _ in range(deals):
        solved = solve(view.sample(rng))
        top = max(found.value for found in solved)
        for k, found in enumerate(solved):
            values[k].append(found.value)
            if found.value == top:
                best[k] += 1
    ranked = [
        MoveAnalysis(move, fmean(found), best[k], deals)
        for k, (move, found) in enumerate(zip(moves, values, strict=True))
    ]
    ranked.sort(key=lambda hint: -hint.expected)
    return tuple(ranked)


@attrs.frozen
class PimcBot(Frozen):
    """Perfect-information Monte Carlo: near the end of a hand it plays the
    move :func:`analyse` ranks first (ties broken with the game's ``rng``);
    before that, while more than ``endgame`` cards are left to play, it
    plays as ``fallback`` does.

    >>> import random
    >>> import scopa_rules as sr
    >>> rest = list(sr.ALL_CARDS - sr.CardSet("7D 2C 7S 5H 5C"))
    >>> state = sr.GameState.from_position(
    ...     sr.Ruleset.scopa(), hands=["7D 2C", "7S 5H"], table="5C",
    ...     piles=[sr.CardSet(rest[0::2]), sr.CardSet(rest[1::2])], last_capturer=1)
    >>> PimcBot(deals=4).choose(state.view(0), random.Random(1))
    Move.parse('7D')
    """

    deals: int = 20
    """How many deals of the hidden cards each move solves."""
    endgame: int = 12
    """The most cards left to play (hands and stock) at which it solves."""
    fallback: Bot = attrs.field(factory=GreedyBot)
    """The bot that plays the rest of the hand."""

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The best move of the sampled deals, or the fallback's move."""
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if sum(view.hand_sizes) + view.stock_size > self.endgame:
            return self.fallback.choose(view, rng)
        ranked = analyse(
            view, deals=self.deals, seed=rng.getrandbits(63), max_cards=self.endgame
        )
        top = ranked[0].expected
        return rng.choice([hint.move for hint in ranked if hint.expected == top])
