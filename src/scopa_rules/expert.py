"""The expert player: the strategy books' principles as named rules.

:class:`ExpertBot` plays as the treatises teach: Chitarrella's rules of
1750 with Saracino's commentary, as Di Palma and Lanzi encoded them for
their Chitarrella-Saracino player (2018), and the modern Italian strategy
pages.  Each principle is a :class:`Principle`: a name, what it advises in
the game's words, and a function that judges a legal move from the seat's
view, saying how much it likes the move and why (a :class:`Reason`), or
nothing when it does not apply.  The bot adds up the principles' scores and
plays the move with the highest total; :meth:`ExpertBot.decide` also says
which principle set the move apart from the next best, for a UI to show:

>>> import random
>>> import scopa_rules as sr
>>> state = sr.GameState.from_position(
...     sr.Ruleset.scopa(), hands=["2S KS", "AS 6C"], table="4H",
...     piles=["", sr.ALL_CARDS - sr.CardSet("2S KS AS 6C 4H")], last_capturer=1)
>>> decision = sr.ExpertBot().decide(state.view(0), random.Random(1))
>>> print(decision)
played KS: leaves no scopa open (2S would leave 1 of the 2 unseen cards able to sweep)

The principles (:data:`PRINCIPLES`, in this order):

* ``presa`` (the take): the value of what a capture takes; a card put down
  is given away.
* ``scopa``: sweep the table when you can.
* ``no_scopa`` : never leave the next player a sweep when you can avoid it.
* ``no_gift``: do not lay the next player a good take.
* ``spariglio`` (pairs by role): the dealer's side wants the ranks paired,
  the side that leads wants them broken.
* ``doubles``: lead from a double or a triple.
* ``counting`` : a card whose rank is all accounted for cannot be paired.
* ``sevens``: take the sevens, do not give them away (the primiera).
* ``settebello``: take the settebello, never give it away.
* ``first_card`` (Chkobba): keep a first card worth keeping.

Every principle reads only what the seat knows (its :class:`PlayerView`):
"counting what is gone" is the view's :attr:`~PlayerView.unseen` cards,
and the chance that the next player holds a card is worked out from how
many of the unseen cards it holds.  A principle that does not apply to the
rules in play (the pairs under capture by fifteen, the first card outside
Chkobba) does not fire.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Iterable

import attrs

from ._frozen import Frozen
from ._play.bots import (
    cards_left_after,
    leaves_a_sweep,
    moves_to_choose,
    next_hand_size,
    sweepers,
    sweeps,
    table_after,
)
from .captures import capture_masks
from .cards import ALL_CARDS, Card, CardSet, Rank
from .moves import Move, MoveKind
from .rules import CaptureMode, PrimieraRule, Ruleset
from .views import PlayerView

__all__ = [
    "PRINCIPLES",
    "Decision",
    "ExpertBot",
    "Principle",
    "Reason",
    "card_worth",
]

_SWEEP = 2.0  # what a sweep is worth, in card_worth's units
# The weights of the principles, in the same units.
_SCOPA_LEFT = 0.5  # no_scopa: for leaving a sweep at all
_SCOPA_CHANCE = 8.0  # no_scopa: times the chance that the next player sweeps
_GIFT = 1.5  # no_gift: times the expected worth of the next player's take
_PAIR = 0.3  # spariglio: for each rank paired or unpaired as the role wants
_KEEP_PAIRED = 0.1  # spariglio: the dealer's side takes a pair
_DOUBLE = 0.1  # doubles: for each other card of the rank in hand
_COUNTED = 0.15  # counting: a card nobody can pair
_SEVEN = 0.3  # sevens: for each seven taken or given away
_SETTEBELLO = 1.0  # settebello: taken or laid down


def card_worth(rules: Ruleset, card: Card) -> float:
    """What a card in a side's pile is worth to the expert, in the units of
    :meth:`GreedyBot.card_value`, by the scoring categories it counts in:
    0.1 for every card (most cards), 0.3 more for a coin (most coins), 0.4
    more for a seven and 0.2 for a six (the primiera's best cards), 0.1 for
    an ace (16 in the primiera; nothing under ``most_sevens``), 1.5 for the
    settebello; under the options that score them, 1.0 for the king of coins
    (``re_bello``), 0.3 for the ace, two and three of coins (``napola``) and
    for the knave, queen and king of coins (``grande``).  A sweep is worth 2.

    >>> import scopa_rules as sr
    >>> card_worth(sr.Ruleset.scopa(), sr.Card.parse("7D")), card_worth(sr.Ruleset.scopa(), sr.Card.parse("6S"))
    (2.3, 0.3)
    """
    return _worths(rules)[card.index]


@functools.cache
def _worths(rules: Ruleset) -> tuple[float, ...]:
    worths = []
    for card in ALL_CARDS:
        value = 0.1
        if card.is_coin:
            value += 0.3
        if card.rank is Rank.SEVEN:
            value += 0.4
        elif card.rank is Rank.SIX:
            value += 0.2
        elif (
            card.rank is Rank.ACE
            and rules.primiera_rule is not PrimieraRule.MOST_SEVENS
        ):
            value += 0.1
        if card.is_settebello:
            value += 1.5
        if card.is_coin:
            if rules.re_bello and card.rank is Rank.KING:
                value += 1.0
            if rules.napola and card.rank in (Rank.ACE, Rank.TWO, Rank.THREE):
                value += 0.3
            if rules.grande and card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
                value += 0.3
        worths.append(round(value, 6))
    by_index = [0.0] * 40
    for card, value in zip(ALL_CARDS, worths, strict=True):
        by_index[card.index] = value
    return tuple(by_index)


def _mask_worth(worths: tuple[float, ...], mask: int) -> float:
    total = 0.0
    while mask:
        low = mask & -mask
        mask ^= low
        total += worths[low.bit_length() - 1]
    return total


@attrs.frozen
class Reason(Frozen):
    """What one principle made of one move: its score (positive for, negative
    against) and why, in words a UI can show after "played 5C: ".

    >>> print(Reason("doubles", 0.2, "leads from a double of fives"))
    leads from a double of fives
    """

    principle: str
    """The name of the principle (:attr:`Principle.name`)."""
    score: float
    text: str

    def __str__(self) -> str:
        return self.text


class Look:
    """What a decision works out once from the seat's view and every
    principle reads: the unseen cards, the next player's hand size, the
    chance that it holds some cards, what its best take would be worth."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.rules = view.rules
        self.worths = _worths(view.rules)
        self.unseen = view.unseen
        self.unseen_count = len(self.unseen)
        self.next_cards = min(next_hand_size(view), self.unseen_count)
        self.cards_left = cards_left_after(view)
        # Cards not yet in any pile (the table, every hand, the stock), by
        # rank (each rank has its own capture value): the spariglio's pairs.
        captured = 0
        for pile in view.piles:
            captured |= pile.mask
        self.live_by_rank = [0] * 11
        for card in CardSet.from_mask(ALL_CARDS.mask & ~captured):
            self.live_by_rank[card.rank] += 1
        self.unseen_by_rank: dict[Rank, list[Card]] = {}
        for card in self.unseen:
            self.unseen_by_rank.setdefault(card.rank, []).append(card)
        self.dealing = self.rules.side_of(view.dealer) == self.rules.side_of(view.seat)
        self._takes: dict[int, float] = {}

    def holds(self, count: int) -> float:
        """The chance that the next player holds at least one of ``count``
        given unseen cards, its hand dealt at random from the unseen cards."""
        pool, drawn = self.unseen_count, self.next_cards
        if count <= 0 or drawn <= 0:
            return 0.0
        if count > pool - drawn:
            return 1.0
        return 1.0 - math.comb(pool - count, drawn) / math.comb(pool, drawn)

    def next_take(self, table: CardSet) -> float:
        """The expected worth of the best capture the next player could make
        on ``table`` with a card it may hold (a sweep's own bonus left to
        ``no_scopa``), each rank held with the chance :meth:`holds` gives."""
        mask = table.mask
        if mask in self._takes:
            return self._takes[mask]
        best: list[tuple[float, float]] = []
        if table and self.next_cards:
            for cards in self.unseen_by_rank.values():
                takes = capture_masks(self.rules, mask, cards[0])
                if not takes:
                    continue
                played = sum(self.worths[card.index] for card in cards) / len(cards)
                value = played + max(_mask_worth(self.worths, t) for t in takes)
                best.append((value, self.holds(len(cards))))
        best.sort(reverse=True)
        expected, none_before = 0.0, 1.0
        for value, chance in best:
            expected += value * chance * none_before
            none_before *= 1.0 - chance
        self._takes[mask] = expected
        return expected


Judge = Callable[[Look, Move], Reason | None]


@attrs.frozen
class Principle(Frozen):
    """One rule of good play: its name, its advice in the game's words, the
    book or page it comes from, and the function that judges a move
    (``judge(look, move)``, a :class:`Reason` or ``None`` when the
    principle has nothing to say about that move).

    >>> [principle.name for principle in PRINCIPLES][:3]
    ['presa', 'scopa', 'no_scopa']
    >>> print(PRINCIPLES[2].advice)
    Never leave the next player a sweep when another move does not.
    """

    name: str
    advice: str
    """What the principle advises, a sentence a UI can show."""
    source: str
    """Where the strategy books say it."""
    judge: Judge = attrs.field(repr=False)


def _presa(look: Look, move: Move) -> Reason | None:
    if move.kind is not MoveKind.PLAY:
        return None
    if move.is_trail:
        worth = look.worths[move.card.index]
        return Reason("presa", -worth, f"puts down a card worth only {worth:.1f}")
    worth = _mask_worth(look.worths, move.captured.mask | move.card.mask)
    return Reason("presa", worth, f"takes {move.captured}, worth {worth:.1f}")


def _scopa(look: Look, move: Move) -> Reason | None:
    if move.kind is not MoveKind.PLAY or not sweeps(look.view, move):
        return None
    return Reason("scopa", _SWEEP, "sweeps the table: a scopa")


def _no_scopa(look: Look, move: Move) -> Reason | None:
    if move.kind is not MoveKind.PLAY or not look.next_cards:
        return None
    after = table_after(look.view, move)
    found = len(sweepers(look.view, after, look.cards_left))
    if found:
        chance = look.holds(found)
        return Reason(
            "no_scopa",
            -(_SCOPA_LEFT + _SCOPA_CHANCE * chance),
            f"leaves a scopa open: {found} of the {look.unseen_count} unseen "
            f"cards sweep",
        )
    # Worth saying only when another move would leave one.
    risky = [
        other
        for other in look.view.legal_moves()
        if other != move and leaves_a_sweep(look.view, other)
    ]
    if not risky:
        return None
    other = risky[0]
    found = len(sweepers(look.view, table_after(look.view, other), look.cards_left))
    return Reason(
        "no_scopa",
        0.0,
        f"leaves no scopa open ({other} would leave {found} of the "
        f"{look.unseen_count} unseen {_cards(look.unseen_count)} able to sweep)",
    )


def _cards(count: int) -> str:
    return "card" if count == 1 else "cards"


def _no_gift(look: Look, move: Move) -> Reason | None:
    if move.kind is not MoveKind.PLAY:
        return None
    expected = look.next_take(table_after(look.view, move))
    if expected < 0.05:
        return None
    return Reason(
        "no_gift",
        -_GIFT * expected,
        f"lays the next player takes worth {expected:.1f} on average",
    )


_RANK_WORDS = {
    1: "aces",
    2: "twos",
    3: "threes",
    4: "fours",
    5: "fives",
    6: "sixes",
    7: "sevens",
    8: "jacks",
    9: "queens",
    10: "kings",
}


def _spariglio(look: Look, move: Move) -> Reason | None:
    rules = look.rules
    if (
        move.kind is not MoveKind.PLAY
        or not move.is_capture
        or rules.capture_mode is CaptureMode.FIFTEEN
        or rules.sides != 2
    ):
        return None
    taken = [0] * 11
    for card in move.captured.add(move.card):
        taken[card.rank] += 1
    paired: list[int] = []
    broken: list[int] = []
    for value, count in enumerate(taken):
        if count % 2:
            (paired if look.live_by_rank[value] % 2 else broken).append(value)
    if not broken and not paired:
        if not look.dealing:
            return None
        value = int(move.card.rank)
        return Reason(
            "spariglio",
            _KEEP_PAIRED,
            f"keeps the {_RANK_WORDS[value]} paired (the dealer's side wants pairs)",
        )
    parts = []
    if broken:
        parts.append(f"unpairs the {_listed(broken)}")
    if paired:
        parts.append(f"pairs the {_listed(paired)}")
    gain = len(paired) - len(broken)
    if look.dealing:
        why = "the dealer's side wants pairs"
    else:
        gain = -gain
        why = "the side that leads wants them odd"
        if gain > 0:
            parts[0] = f"a spariglio: {parts[0]}"
    return Reason("spariglio", _PAIR * gain, f"{' and '.join(parts)} ({why})")


def _listed(values: list[int]) -> str:
    words = [_RANK_WORDS[value] for value in values]
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} and {words[-1]}"


def _doubles(look: Look, move: Move) -> Reason | None:
    if (
        move.kind is not MoveKind.PLAY
        or not move.is_trail
        or look.rules.capture_mode is CaptureMode.FIFTEEN
    ):
        return None
    held = len(look.view.hand.of_rank(move.card.rank))
    if held < 2:
        return None
    kind = {2: "double", 3: "triple"}.get(held, "quadruple")
    word = _RANK_WORDS[int(move.card.rank)]
    return Reason(
        "doubles",
        _DOUBLE * (held - 1),
        f"leads from a {kind} of {word}: another is in hand to take it back",
    )


def _counting(look: Look, move: Move) -> Reason | None:
    if (
        move.kind is not MoveKind.PLAY
        or not move.is_trail
        or look.rules.capture_mode is CaptureMode.FIFTEEN
    ):
        return None
    if look.unseen.of_rank(move.card.rank):
        return None
    word = _RANK_WORDS[int(move.card.rank)]
    return Reason(
        "counting",
        _COUNTED,
        f"no other of the {word} is out: nobody can pair {move.card}",
    )


def _sevens(look: Look, move: Move) -> Reason | None:
    if move.kind is not MoveKind.PLAY:
        return None
    sevens = [len(pile.of_rank(Rank.SEVEN)) for pile in look.view.piles]
    if max(sevens) >= 3:
        return None  # the sevens are decided
    if move.is_trail:
        if move.card.rank is not Rank.SEVEN or move.card.is_settebello:
            return None
        return Reason("sevens", -_SEVEN, f"gives up {move.card}, a seven")
    count = len(move.captured.add(move.card).of_rank(Rank.SEVEN))
    if not count:
        return None
    return Reason(
        "sevens",
        _SEVEN * count,
        f"takes {'a seven' if count == 1 else f'{count} sevens'} (the primiera)",
    )


def _settebello(look: Look, move: Move) -> Reason | None:
    if move.kind is not MoveKind.PLAY:
        return None
    if move.is_trail:
        if not move.card.is_settebello:
            return None
        return Reason("settebello", -_SETTEBELLO, "lays down the settebello")
    if not any(card.is_settebello for card in move.captured.add(move.card)):
        return None
    return Reason("settebello", _SETTEBELLO, "takes the settebello")


def _first_card(look: Look, move: Move) -> Reason | None:
    if move.kind is MoveKind.PLAY:
        return None
    card = move.card
    keep = card.rank is Rank.SEVEN or card.is_coin
    if keep != (move.kind is MoveKind.KEEP_FIRST_CARD):
        return None
    if keep:
        why = "a seven" if card.rank is Rank.SEVEN else "a coin"
        return Reason("first_card", 1.0, f"keeps {card}: {why}")
    return Reason("first_card", 1.0, f"tables {card}: neither a seven nor a coin")


_CHITARRELLA = (
    "Chitarrella's rules (1750), https://www.pagat.com/fishing/scopone/chita.html"
)
_PAPER = (
    "Di Palma and Lanzi, Traditional Wisdom and Monte Carlo Tree Search "
    "Face-to-Face in the Card Game Scopone (2018), arXiv:1807.06813"
)
_MAZZO = "Le tattiche: di mazzo, http://xoomer.virgilio.it/jmpcav/carte/srmazzo.htm"

PRINCIPLES: tuple[Principle, ...] = (
    Principle(
        "presa",
        "Take the most valuable cards: coins, sevens, the settebello; when "
        "you cannot take, put down the card worth least.",
        _PAPER,
        _presa,
    ),
    Principle("scopa", "Sweep the table when you can.", _CHITARRELLA, _scopa),
    Principle(
        "no_scopa",
        "Never leave the next player a sweep when another move does not.",
        _CHITARRELLA,
        _no_scopa,
    ),
    Principle(
        "no_gift",
        "Do not lay the next player a good take: count which cards it may hold.",
        _CHITARRELLA,
        _no_gift,
    ),
    Principle(
        "spariglio",
        "The dealer's side plays last and wants the ranks paired; the side "
        "that leads breaks the pairs by taking with sums (the spariglio).",
        _MAZZO,
        _spariglio,
    ),
    Principle(
        "doubles",
        "Lead from a double or a triple: what is taken can be taken back.",
        "Le tattiche: la prima mano, http://xoomer.virgilio.it/jmpcav/carte/sr1mano.htm",
        _doubles,
    ),
    Principle(
        "counting",
        "Count the cards: a card whose rank is all played or in your hand "
        "cannot be paired.",
        _CHITARRELLA,
        _counting,
    ),
    Principle(
        "sevens",
        "Take the sevens and do not give them away: they make the primiera.",
        _CHITARRELLA,
        _sevens,
    ),
    Principle(
        "settebello",
        "Take the settebello, and never lay it down for the opponents.",
        _CHITARRELLA,
        _settebello,
    ),
    Principle(
        "first_card",
        "Chkobba: keep a first card that is a seven or a coin, table any other.",
        "https://www.pagat.com/fishing/chkobba.html",
        _first_card,
    ),
)
"""The expert's principles, in the order its reasons are listed."""


@attrs.frozen
class Decision(Frozen):
    """The expert's move, every reason the principles gave for it (strongest
    first), and the reason that set it apart from the next best move
    (``None`` when it was the only move)."""

    move: Move
    reasons: tuple[Reason, ...]
    why: Reason | None

    def __str__(self) -> str:
        what = f"played {self.move}"
        if self.why is None:
            return f"{what}: the only move"
        return f"{what}: {self.why}"


def _total(reasons: Iterable[Reason]) -> float:
    return round(sum(reason.score for reason in reasons), 9)


@attrs.frozen
class ExpertBot(Frozen):
    """Plays by the strategy books' principles (:data:`PRINCIPLES`): the
    legal move whose principles' scores add up highest, ties broken with
    ``rng``.  Works under every preset: a principle that does not apply to
    the rules in play does not fire.

    >>> import random
    >>> import scopa_rules as sr
    >>> view = sr.new_game(sr.Ruleset.scopone(), seed=3).view(0)
    >>> ExpertBot().choose(view, random.Random(1)) in view.legal_moves()
    True
    """

    principles: tuple[Principle, ...] = PRINCIPLES
    """The principles it plays by (a subset, or principles of your own, make
    a different player)."""

    def judge(self, view: PlayerView, move: Move) -> tuple[Reason, ...]:
        """What every principle says of ``move`` from ``view``, strongest
        first (by the size of its score).

        >>> import scopa_rules as sr
        >>> state = sr.GameState.from_position(
        ...     sr.Ruleset.scopa(), hands=["7D 5C QS", "AS 6C 2H"], table="2C 3S",
        ...     piles=["", sr.ALL_CARDS - sr.CardSet("7D 5C QS AS 6C 2H 2C 3S")],
        ...     last_capturer=1)
        >>> for reason in ExpertBot().judge(state.view(0), sr.Move.parse("5Cx2C3S")):
        ...     print(f"{reason.principle}: {reason.score:+.2f} {reason}")
        scopa: +2.00 sweeps the table: a scopa
        presa: +0.30 takes 3S 2C, worth 0.3
        spariglio: -0.30 unpairs the twos and pairs the threes and fives (the side that leads wants them odd)
        """
        return self._judge(Look(view), move)

    def _judge(self, look: Look, move: Move) -> tuple[Reason, ...]:
        reasons = [
            reason
            for principle in self.principles
            if (reason := principle.judge(look, move)) is not None
        ]
        reasons.sort(key=lambda reason: -abs(reason.score))
        return tuple(reasons)

    def decide(self, view: PlayerView, rng: random.Random) -> Decision:
        """The move to play, with its reasons.

        >>> import random
        >>> import scopa_rules as sr
        >>> state = sr.GameState.from_position(
        ...     sr.Ruleset.scopa(), hands=["7D 5C QS", "AS 6C 2H"], table="2C 3S",
        ...     piles=["", sr.ALL_CARDS - sr.CardSet("7D 5C QS AS 6C 2H 2C 3S")],
        ...     last_capturer=1)
        >>> print(ExpertBot().decide(state.view(0), random.Random(1)))
        played 5Cx3S2C: sweeps the table: a scopa
        """
        moves = moves_to_choose(view)
        look = Look(view)
        judged = [(move, self._judge(look, move)) for move in moves]
        totals = [_total(reasons) for _, reasons in judged]
        best = max(totals)
        tied = [index for index, total in enumerate(totals) if total == best]
        chosen = rng.choice(tied)
        move, reasons = judged[chosen]
        if len(moves) == 1:
            return Decision(move, reasons, None)
        runner_up = max(
            (index for index in range(len(moves)) if index != chosen),
            key=lambda index: totals[index],
        )
        return Decision(move, reasons, _why(reasons, judged[runner_up][1]))

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move :meth:`decide` chooses.

        >>> import random
        >>> import scopa_rules as sr
        >>> ExpertBot().choose(sr.new_game(seed=7).view(0), random.Random(1))
        Move.parse('KH')
        """
        return self.decide(view, rng).move


def _why(chosen: tuple[Reason, ...], other: tuple[Reason, ...]) -> Reason | None:
    """The principle that favours the chosen move most over the other: the
    chosen move's reason (or, when the principle spoke only of the other
    move, that reason) whose score differs most in the chosen move's
    favour."""
    against = {reason.principle: reason.score for reason in other}
    # The first of the largest gaps, as the reasons come (strongest first).
    return max(
        chosen,
        key=lambda reason: reason.score - against.get(reason.principle, 0.0),
        default=None,
    )
