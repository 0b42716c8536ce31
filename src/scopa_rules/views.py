"""What one seat knows, and determinization for search bots.

:meth:`GameState.view` gives a :class:`PlayerView`: everything the seat knows
with perfect recall (its own hand, the table, every card played and captured,
the sizes of the other hands and of the stock, piles, sweeps and scores, the
finished hands) and nothing else.  :meth:`PlayerView.sample` deals the cards
the seat cannot see at random, consistently with everything it saw, and
returns a full :class:`GameState` for information-set search.

>>> import random
>>> import scopa_rules as sr
>>> state = sr.new_game(sr.Ruleset.scopa(), seed=7)
>>> view = state.view(0)
>>> view.hand == state.hands[0], view.hand_sizes, view.stock_size, len(view.unseen)
(True, (3, 3), 30, 33)
>>> view.legal_moves() == state.legal_moves()
True
>>> sample = view.sample(random.Random(1))
>>> sample.view(0) == view, sample.hands[0] == state.hands[0]
(True, True)

Consistency goes beyond hand sizes: under ``capture_compulsion="whole_hand"``
a seat that trailed held no card that would have obliged it to capture (an
ace whose take-all was optional, under ``ace_may_trail``, did not), so a
sample never gives it one.  Under ``declarations`` a declared hand is known
to every seat, so a sample leaves its cards with their seat, and a seat that
did not declare this round is never dealt a hand it would have declared.
Every deal that fits is as likely as any other, and a sample tries a bounded
number of deals (see :meth:`PlayerView.sample`).  Samples are for search:
their history is the view's (handed over as it is, so a sample costs the
same however long the game), but they carry no deck or seed of the real
game, so :meth:`GameState.record` refuses them.

Beyond the hard rules, a seat's play says what it most likely does not hold:
:meth:`PlayerView.passed_up` gives, for each other seat, the unseen cards
that would have swept the table at one of its plays when it did not sweep
(the card-guessing of Di Palma and Lanzi's Scopone bot), and
``sample(rng, avoid=view.passed_up())`` keeps them out of its hand when a
deal that fits allows it.
"""

from __future__ import annotations

import contextlib
import functools
import math
import operator
import random
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from ._frozen import Frozen
from ._history import NO_HANDS, History, history_of, result_of, turns_of
from ._kernel import sweep_counts
from .cards import ALL_CARDS, Card, CardSet, set_of
from .declarations import Declaration, declaration_kind
from .errors import ArgumentError, InvalidStateError, shown
from .moves import Move, MoveKind
from .rules import CaptureCompulsion, Ruleset
from .state import (
    DealSource,
    GameState,
    HandResult,
    Phase,
    Turn,
    field_reader,
    legal_plays,
    make_state,
)

if TYPE_CHECKING:
    from .events import Event

__all__ = ["PlayerView"]

VIEW_FORMAT = "scopa_rules.view"

SAMPLE_TRIES = 10_000
"""The most deals of the hidden cards :meth:`PlayerView.sample` tries before
it gives up: it raises :class:`~scopa_rules.InvalidStateError` if none fitted
the view.  The whole-hand compulsion is dealt exactly, so only a deal that
gives a seat a hand it would have declared is dealt again (and, past
``_MOST_STATES``, one that was not fair): a view of a real game needs a
handful."""


# What a view reads of a state's fields (see PlayerView.of).
_VIEWED = field_reader(
    "rules",
    "phase",
    "hand_number",
    "dealer",
    "hands",
    "table",
    "stock",
    "piles",
    "sweeps",
    "scores",
    "last_capturer",
    "first_card",
    "winner",
    "hand_results",
    "move_links",
)


def _seen_events(state: GameState, seat: int) -> tuple[Event, ...]:
    from .events import game_events, seen_by

    return seen_by(game_events(state.record()), seat)


def _turns_data(turns: Iterable[Turn]) -> list[list[Any]]:
    return [[turn.seat, str(turn.move)] for turn in turns]


def _declarations_data(declarations: Iterable[Declaration]) -> list[dict[str, Any]]:
    return [
        {"seat": d.seat, "cards": str(d.cards), "kind": d.kind, "points": d.points}
        for d in declarations
    ]


def _public_turns(turns: Iterable[Turn], seat: int) -> tuple[Turn, ...]:
    # A kept first card is its holder's secret: other seats see that a card
    # was kept (first_card_kept) but not which, so the turn is left out.
    return tuple(
        turn
        for turn in turns
        if turn.seat == seat or turn.move.kind is not MoveKind.KEEP_FIRST_CARD
    )


def _public_result(result: HandResult, seat: int) -> HandResult:
    return attrs.evolve(
        result, deck=None, redealt=(), turns=_public_turns(result.turns, seat)
    )


def _add_public(
    results: tuple[HandResult, ...], item: object, *, seat: int
) -> tuple[HandResult, ...]:
    """The finished hands as ``seat`` saw them, one more (see
    ``History.fold``: a view costs one step per hand finished since the last
    view, not one per hand of the game)."""
    return (*results, _public_result(result_of(item), seat))


def kept_first_card(turns: Iterable[Turn]) -> bool | None:
    # After a kings redeal the hand holds more than one decision: the last
    # one is about the deck in play.
    kept = None
    for turn in turns:
        if turn.move.kind is MoveKind.KEEP_FIRST_CARD:
            kept = True
        elif turn.move.kind is MoveKind.TABLE_FIRST_CARD:
            kept = False
    return kept


@attrs.frozen(kw_only=True)
class PlayerView(Frozen):
    """Everything one seat knows about a game, and nothing more.

    Build one with :meth:`GameState.view`.  Views are immutable values: two
    states that differ only in cards the seat cannot see give equal views.

    >>> import scopa_rules as sr
    >>> view = sr.new_game(seed=7).view(1)
    >>> view.hand, view.hand_sizes, view.stock_size
    (CardSet('4S 7S JC'), (3, 3), 30)
    """

    seat: int
    """The seat whose knowledge this is."""
    rules: Ruleset
    phase: Phase
    dealer: int
    hand_number: int
    """The number of the hand in progress, from 0, as
    :attr:`GameState.hand_number` (show ``hand_number + 1`` to people)."""
    current_player: int | None
    hand: CardSet
    """The seat's own cards."""
    table: CardSet
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    stock_size: int
    piles: tuple[CardSet, ...]
    """Each side's captured cards in this hand (captures are public)."""
    sweeps: tuple[int, ...]
    scores: tuple[int, ...]
    last_capturer: int | None
    winner: int | None
    first_card: Card | None
    """Chkobba: the first card, while this seat is deciding on it."""
    first_card_kept: bool | None
    """Chkobba: whether the first card of this hand was kept (``None``
    before the decision or without the option)."""
    turns: tuple[Turn, ...]
    """This hand's turns as the seat saw them (another seat's kept first card
    is not among them)."""
    hand_results: tuple[HandResult, ...]
    """The finished hands, without their decks."""
    declarations: tuple[Declaration, ...] = ()
    """This hand's declarations (option ``declarations``): every seat knows
    them."""
    _events_of: Callable[[], tuple[Event, ...]] | None = attrs.field(
        default=None, eq=False, repr=False, alias="events_of"
    )
    # How to work out the events when asked: replaying the game is a search
    # bot's whole budget, and a view is made for every move it considers.
    _moves: tuple[Move, ...] | None = attrs.field(
        default=None, eq=False, repr=False, alias="moves"
    )
    # The seat's legal moves, when the view was made of a state where it is
    # to move: the state's own tuple, so that apply() knows a move chosen
    # from it by identity and a bot's game does not work them out twice.

    @classmethod
    def of(cls, state: GameState, seat: int) -> PlayerView:
        """The view of ``state`` from ``seat`` (the same as ``state.view(seat)``).

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7)
        >>> sr.PlayerView.of(state, 0) == state.view(0)
        True
        """
        if (
            not isinstance(seat, int)
            or isinstance(seat, bool)
            or not (0 <= seat < state.rules.players)
        ):
            raise InvalidStateError(
                f"seat must be 0 to {state.rules.players - 1}, not {shown(seat)}"
            )
        # Read from the state's stored fields in one go rather than through
        # its properties, which build card sets and tuples a second time: a
        # bot gets a view at every move it makes.
        (
            rules,
            phase,
            number,
            dealer,
            hands,
            table,
            stock,
            piles,
            sweeps,
            scores,
            last_capturer,
            first,
            winner,
            finished,
            links,
        ) = _VIEWED(state)
        turns = turns_of(links)
        to_move = state.current_player
        own_first = first if seat == (dealer + 1) % rules.players else None
        # Only a first-card decision is ever hidden from the other seats: a
        # bot gets a view at every move, so the turns are filtered only
        # under rules that have one.
        deciding = rules.first_card_choice
        # The fields' values in the class's order (_SETTERS).
        values = (
            seat,
            rules,
            phase,
            dealer,
            number,
            to_move,
            set_of(hands[seat]),
            set_of(table),
            tuple(map(int.bit_count, hands)),
            len(stock),
            tuple(map(set_of, piles)),
            sweeps,
            scores,
            last_capturer,
            winner,
            own_first,
            kept_first_card(turns) if deciding else None,
            _public_turns(turns, seat) if deciding else turns,
            finished.fold(
                ("public", seat), (), functools.partial(_add_public, seat=seat)
            ),
            state.declarations,
            functools.partial(_seen_events, state, seat),
            state.legal_moves() if to_move == seat else (),
        )
        if cls is not PlayerView:
            # A subclass may have fields and checks of its own.
            return cls(**dict(zip(_ARGUMENTS, values, strict=True)))
        # Set through the slots' own setters: the constructor sets a frozen
        # class's fields by name through object.__setattr__, which costs
        # twice as much, and a bot makes a view at every move it makes.
        view: PlayerView = _new_view(PlayerView)
        for setter, value in zip(_SETTERS, values, strict=True):
            setter(view, value)
        return view

    @property
    def declared(self) -> tuple[CardSet, ...]:
        """By seat, the cards of its declared hands it still holds (option
        ``declarations``): every seat knows where they are.

        >>> import scopa_rules as sr
        >>> state = sr.new_game(sr.Ruleset.cirulla(), seed=8)
        >>> state.view(0).declared
        (CardSet(''), CardSet('2H 2S 4C'))
        """
        played = self.table.mask
        for pile in self.piles:
            played |= pile.mask
        held = [0] * self.rules.players
        for declaration in self.declarations:
            held[declaration.seat] |= declaration.cards.mask & ~played
        return tuple([set_of(mask) for mask in held])

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the game so far as this seat saw it (see
        :func:`scopa_rules.events.seen_by`), worked out when first read.  A
        determinized sample has no real history, so its views have no events.

        >>> import scopa_rules as sr
        >>> view = sr.new_game(seed=7).view(1)
        >>> view.events[1:3]
        (CardsDealt(seat=0, count=3, cards=None), CardsDealt(seat=1, count=3, cards=CardSet('4S 7S JC')))
        """
        if self._events_of is None:
            raise InvalidStateError(
                "this view was not made by GameState.view(): it has no game to tell"
            )
        return self._events_of()

    def to_dict(self, *, events: bool = False) -> dict[str, Any]:
        """The view as JSON-safe data, in the conventions of game records
        (cards as text, moves in move notation), with the seat's legal moves;
        ``events=True`` adds :attr:`events` (:func:`~scopa_rules.events.event_to_dict`).
        The shape is ``view`` in :func:`~scopa_rules.events.json_schema`.

        >>> import scopa_rules as sr
        >>> data = sr.new_game(seed=7).view(0).to_dict()
        >>> data["hand"], data["table"], data["hand_sizes"], data["legal_moves"]
        ('3D KH 5C', '2D 7H 2C QC', [3, 3], ['3D', 'KH', '5C'])
        """
        from .events import event_to_dict, score_to_dict

        data: dict[str, Any] = {
            "format": VIEW_FORMAT,
            "version": 1,
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "phase": self.phase.value,
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "current_player": self.current_player,
            "hand": str(self.hand),
            "table": str(self.table),
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "piles": [str(pile) for pile in self.piles],
            "sweeps": list(self.sweeps),
            "scores": list(self.scores),
            "last_capturer": self.last_capturer,
            "winner": self.winner,
            "first_card": None if self.first_card is None else str(self.first_card),
            "first_card_kept": self.first_card_kept,
            "turns": _turns_data(self.turns),
            "hand_results": [
                {
                    "number": result.number,
                    "dealer": result.dealer,
                    "turns": _turns_data(result.turns),
                    "piles": [str(pile) for pile in result.piles],
                    "leftover": str(result.leftover),
                    "leftover_side": result.leftover_side,
                    "score": score_to_dict(result.score),
                    "scores": list(result.scores),
                    "declarations": _declarations_data(result.declarations),
                }
                for result in self.hand_results
            ],
            "declarations": _declarations_data(self.declarations),
            "legal_moves": [str(move) for move in self.legal_moves()],
        }
        if events:
            data["events"] = [event_to_dict(event) for event in self.events]
        return data

    @property
    def unseen(self) -> CardSet:
        """The cards this seat cannot see: the other hands (but their
        declared cards), the stock and a first card that another seat is
        deciding on."""
        seen = self.hand.mask | self.table.mask
        for pile in self.piles:
            seen |= pile.mask
        if self.first_card is not None:
            seen |= self.first_card.mask
        for cards in self.declared:
            seen |= cards.mask
        return set_of(ALL_CARDS.mask & ~seen)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    def legal_moves(self) -> tuple[Move, ...]:
        """The seat's legal moves: the state's legal moves when it is this
        seat's turn, otherwise none.

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7)
        >>> state.view(0).legal_moves(), state.view(1).legal_moves()
        ((Move.parse('3D'), Move.parse('KH'), Move.parse('5C')), ())
        """
        if self._moves is not None:
            return self._moves
        if self.current_player != self.seat:
            return ()
        if self.phase is Phase.FIRST_CARD and self.first_card is not None:
            return (
                Move.keep_first_card(self.first_card),
                Move.table_first_card(self.first_card),
            )
        return legal_plays(self.rules, self.hand.mask, self.table.mask)

    # -- determinization -----------------------------------------------------

    def _forbidden(self) -> dict[int, int]:
        """Cards each other seat cannot hold: under the whole-hand compulsion
        a seat that trailed held no card that would have made it capture at
        that moment.  Only the turns of the current deal round bear on the
        hidden cards."""
        rules = self.rules
        forbidden: dict[int, int] = {}
        if rules.capture_compulsion is not CaptureCompulsion.WHOLE_HAND:
            return forbidden
        plays = [t for t in self.turns if t.move.kind is MoveKind.PLAY]
        in_round = sum(rules.hand_size - size for size in self.hand_sizes)
        table = self.table.mask
        # One unseen card of each rank: what a card may capture, and so
        # whether it compels, depends on its rank alone.
        ranks: dict[int, int] = {}
        for card in self.unseen:
            ranks[card.rank] = ranks.get(card.rank, 0) | card.mask
        # Walk back through the round, undoing each play on the table.
        for turn in reversed(plays[len(plays) - in_round :] if in_round else []):
            move = turn.move
            if move.captured:
                table |= move.captured.mask
                continue
            table &= ~move.card.mask
            if turn.seat == self.seat:
                continue
            mask = forbidden.get(turn.seat, 0)
            for cards in ranks.values():
                if _compels(rules, cards & -cards, table):
                    mask |= cards
            forbidden[turn.seat] = mask
        return forbidden

    def _undeclared_rounds(self) -> dict[int, int]:
        """Under ``declarations``: for each other seat that did not declare
        the hand it was dealt this round, the cards it has played since that
        deal (its hidden cards and these made a hand that did not qualify)."""
        rules = self.rules
        if not rules.declarations or not any(self.hand_sizes):
            return {}  # no hidden card in any hand: nothing to check
        plays = [t for t in self.turns if t.move.kind is MoveKind.PLAY]
        in_round = sum(rules.hand_size - size for size in self.hand_sizes)
        played: dict[int, int] = {
            seat: 0 for seat in range(rules.players) if seat != self.seat
        }
        for turn in plays[len(plays) - in_round :] if in_round else []:
            if turn.seat in played:
                played[turn.seat] |= turn.move.card.mask
        public = self.table.mask
        for pile in self.piles:
            public |= pile.mask
        for declaration in self.declarations:
            # A declaration of this round: its cards played so far are the
            # seat's plays of this round and the rest is what it holds.  Its
            # dealt hand is known, so there is nothing to check.
            seat, mask = declaration.seat, declaration.cards.mask
            if (
                seat in played
                and mask & public == played[seat]
                and (mask & ~public).bit_count() == self.hand_sizes[seat]
            ):
                del played[seat]
        return played

    def passed_up(self) -> dict[int, CardSet]:
        """For each other seat, the cards this seat cannot see
        (:attr:`unseen`) that the other seat most likely does not hold: it
        passed up a sweep with them.  A seat holds now only cards it held at
        each of its plays since its hand was last filled, so a card that
        would have swept the table at one of those plays, when the seat did
        not sweep, was most likely not in its hand.  It is likely, not sure:
        a seat may pass up a sweep on purpose (to take the settebello
        instead, say), so :meth:`sample` takes these as a wish
        (``avoid=``), not a rule.

        The plays that count are the seat's plays (not a first-card
        decision) among the view's :attr:`turns` of the deal round in
        progress, the plays since the hands were last dealt: the whole hand
        in Scopone, where every card is dealt at once, the round of three
        cards in Scopa.  The table before each is rebuilt from
        :attr:`table` by undoing the round's plays, last first.  At a play
        that did not itself sweep, a card would have swept when a play of
        that card alone (:meth:`GameState.legal_moves` of a hand of that
        card) captures the whole table and the rules score the capture a
        sweep then (not on the last card of the hand unless
        ``last_card_sweep_counts``; not by an ace's take-all unless
        ``ace_sweep_is_scopa``).  Every other seat has an entry, empty when
        nothing was passed up.

        Seat 1 trailed KD on 2C 3C, where a five would have swept: the fives
        seat 0 cannot see most likely lie elsewhere.

        >>> import scopa_rules as sr
        >>> hands = ["5C AD 7D", "KD 6H 7S", "5D 4S 6C", "5H 5S 6D"]
        >>> rest = sr.ALL_CARDS - sr.CardSet(" ".join(hands) + " 2C 3C")
        >>> state = sr.GameState.from_position(sr.Ruleset.scopone(), hands=hands,
        ...     table="2C 3C", piles=["", rest], current_player=1, last_capturer=1)
        >>> for move in ["KD", "6C", "6Dx6C"]:
        ...     state = state.apply(sr.Move.parse(move))
        >>> state.view(0).passed_up()
        {1: CardSet('5D 5H 5S'), 2: CardSet(''), 3: CardSet('')}
        """
        rules = self.rules
        found = {seat: 0 for seat in range(rules.players) if seat != self.seat}
        plays = [t for t in self.turns if t.move.kind is MoveKind.PLAY]
        in_round = sum(rules.hand_size - size for size in self.hand_sizes)
        # One unseen card of each rank: which captures a card has, and so
        # whether it sweeps, depends on its rank alone.
        ranks: dict[int, int] = {}
        for card in self.unseen:
            ranks[card.rank] = ranks.get(card.rank, 0) | card.mask
        table = self.table.mask
        # The cards still to be played after the play being undone.
        left = sum(self.hand_sizes) + self.stock_size
        for turn in reversed(plays[len(plays) - in_round :] if in_round else []):
            move = turn.move
            if move.captured:
                table |= move.captured.mask
            else:
                table &= ~move.card.mask
            seat = turn.seat
            if seat in found and table and not _sweeps(rules, move, table, left):
                for cards in ranks.values():
                    if not cards & found[seat] and _sweeps_with(
                        rules, cards & -cards, table, left
                    ):
                        found[seat] |= cards
            left += 1
        return {seat: set_of(mask) for seat, mask in found.items()}

    def _shunned(
        self,
        avoid: Mapping[int, CardSet],
        unseen: int,
        sizes: list[int],
        forbidden: dict[int, int],
    ) -> dict[int, int]:
        """``forbidden`` with the hidden cards ``avoid`` keeps out of the
        seats that hold some added, checked."""
        if not isinstance(avoid, Mapping):
            raise ArgumentError(
                "avoid",
                "avoid: sample takes None or a mapping of seats to card sets, "
                f"not {shown(avoid)}",
            )
        players = self.rules.players
        shunned = dict(forbidden)
        for seat, cards in avoid.items():
            if (
                not isinstance(seat, int)
                or isinstance(seat, bool)
                or not 0 <= seat < players
            ):
                raise ArgumentError(
                    "avoid",
                    f"avoid: the seats are 0 to {players - 1}, not {shown(seat)}",
                )
            if not isinstance(cards, CardSet):
                raise ArgumentError(
                    f"avoid[{seat}]",
                    f"avoid[{seat}]: the cards to avoid are a CardSet, "
                    f"not {shown(cards)}",
                )
            mask = cards.mask & unseen
            if mask and sizes[seat]:
                shunned[seat] = shunned.get(seat, 0) | mask
        return shunned

    def sample(
        self, rng: random.Random, *, avoid: Mapping[int, CardSet] | None = None
    ) -> GameState:
        """A full game state consistent with this view, the hidden cards dealt
        uniformly at random among all consistent deals.

        ``rng`` is a :class:`random.Random`; the same generator state gives
        the same sample.

        >>> import random
        >>> import scopa_rules as sr
        >>> view = sr.new_game(seed=7).view(0)
        >>> sample = view.sample(random.Random(1))
        >>> sample.view(0) == view, sample.hands
        (True, (CardSet('3D KH 5C'), CardSet('5D 3H 2S')))

        ``avoid`` maps seats to cards to keep out of their hands if it can,
        such as what :meth:`passed_up` infers: a wish, not a rule.  When
        some deal that fits the view keeps them all out, the sample is one
        of those, each as likely as any other (they are dealt like the
        cards the rules forbid, below); when none does, the sample is dealt
        as without ``avoid``.  Cards the seat can see, and its own seat,
        are ignored.  Without ``avoid`` the sample is the same as before it
        was an option, for the same ``rng``.

        >>> hands = ["5C AD 7D", "KD 6H 7S", "5D 4S 6C", "5H 5S 6D"]
        >>> rest = sr.ALL_CARDS - sr.CardSet(" ".join(hands) + " 2C 3C")
        >>> state = sr.GameState.from_position(sr.Ruleset.scopone(), hands=hands,
        ...     table="2C 3C", piles=["", rest], current_player=1, last_capturer=1)
        >>> for move in ["KD", "6C", "6Dx6C"]:  # seat 1 did not sweep with a five
        ...     state = state.apply(sr.Move.parse(move))
        >>> view = state.view(0)
        >>> rng = random.Random(1)
        >>> avoid = view.passed_up()
        >>> sorted({str(view.sample(rng, avoid=avoid).hands[1]) for _ in range(50)})
        ['4S 7S', '6H 4S', '6H 7S']

        A deal is consistent when every seat holds as many cards as the view
        says, a seat that trailed under the whole-hand compulsion holds no
        card that would have obliged it to capture then, and a seat that did
        not declare (option ``declarations``) was not dealt a hand that
        declares.  The first two are dealt exactly: the deals that fill the
        trailers' hands with cards they may hold are counted and one is
        chosen, each as likely as any other.  A deal that gives a seat a
        hand it would have declared is dealt again, at most 10,000 deals in
        all (``scopa_rules.views.SAMPLE_TRIES``); a real game's view needs a
        handful.  (Where too many seats trailed holding too many cards for
        the count, in house games of six seats or more, each trailer draws
        its hand in turn and a deal is kept as often as it is fair; if none
        of the 10,000 was, the first that fits is returned.)  A view that no
        deal fits (one built by hand, say) raises
        :class:`~scopa_rules.InvalidStateError` instead of searching for
        ever:

        >>> import attrs
        >>> rules = sr.Ruleset(capture_compulsion="whole_hand")
        >>> rest = sr.ALL_CARDS - sr.CardSet("2D 4D KS 5C 3C")
        >>> state = sr.GameState.from_position(rules, hands=["2D 4D", "KS 5C"],
        ...     table="3C", piles=[rest, ""], current_player=1, last_capturer=0)
        >>> view = state.apply(sr.Move.trail("5C")).view(0)
        >>> view.sample(random.Random(1)).hands[1]  # it could not have held a 3
        CardSet('KS')
        >>> kd = sr.CardSet("KD")  # as if KD had lain on the table, for KS to take
        >>> odd = attrs.evolve(view, table=view.table | kd,
        ...                    piles=(view.piles[0] - kd, view.piles[1]))
        >>> odd.sample(random.Random(1))
        Traceback (most recent call last):
        ...
        scopa_rules.errors.InvalidStateError: no deal fits what seat 0 saw: seat 1 trailed under the whole-hand compulsion and holds 1 card, but of the 1 card seat 0 cannot see, none could have been in its hand then
        """
        if not isinstance(rng, random.Random):
            raise InvalidStateError(f"rng must be a random.Random, not {shown(rng)}")
        players = self.rules.players
        chooser = (self.dealer + 1) % players
        hidden_first = self.phase is Phase.FIRST_CARD and self.seat != chooser
        # Each seat's cards of a declared hand, which every seat knows, and
        # how many hidden cards it holds (none for this one).
        known = (
            [cards.mask for cards in self.declared]
            if self.declarations
            else [0] * players
        )
        sizes = [
            size - k.bit_count() for size, k in zip(self.hand_sizes, known, strict=True)
        ]
        sizes[self.seat] = 0
        undeclared = self._undeclared_rounds()
        unseen = self.unseen
        pool = list(unseen)
        # (Waiting for a deck, every card is unseen and none is dealt.)
        places = sum(sizes) + hidden_first + self.stock_size
        if places > len(pool) or min(sizes) < 0:
            raise InvalidStateError(
                f"no deal fits what seat {self.seat} saw: the other hands, "
                f"the stock and the first card hold {places} cards it cannot "
                f"see, but it cannot see {len(pool)}"
            )
        forbidden = {
            seat: mask & unseen.mask
            for seat, mask in self._forbidden().items()
            if mask & unseen.mask and sizes[seat]
        }
        dealt = None
        if avoid is not None:
            shunned = self._shunned(avoid, unseen.mask, sizes, forbidden)
            if shunned != forbidden:
                # If no deal keeps them all out, avoid is only a wish.
                with contextlib.suppress(InvalidStateError):
                    dealt = _fitting_deal(
                        self,
                        rng,
                        pool,
                        sizes,
                        shunned,
                        known,
                        undeclared,
                        _kept_dealing,
                    )
        if dealt is not None:
            hidden, rest = dealt
        elif forbidden or undeclared:
            hidden, rest = _fitting_deal(
                self, rng, pool, sizes, forbidden, known, undeclared
            )
        else:  # every deal fits
            hidden, rest, _ = _shuffled(pool, sizes, rng)
        hands = [
            self.hand if seat == self.seat else set_of(known[seat] | hidden[seat])
            for seat in range(players)
        ]
        pool = rest
        used = 0
        first_card = self.first_card
        if hidden_first:
            first_card = pool[used]
            used += 1
        stock = tuple(pool[used : used + self.stock_size])
        turns = self.turns
        if (
            self.first_card_kept
            and self.seat != chooser
            and not any(t.move.kind is MoveKind.KEEP_FIRST_CARD for t in turns)
        ):
            # After a kings redeal the kept card is the last decision: it
            # follows any tabled first card the seat saw.
            at = max(
                (
                    i + 1
                    for i, t in enumerate(turns)
                    if t.move.kind is MoveKind.TABLE_FIRST_CARD
                ),
                default=0,
            )
            keep = _hidden_keep(self, hands, chooser, rng)
            turns = (*turns[:at], keep, *turns[at:])
        links: tuple[object, ...] = ()
        for turn in turns:
            links = (links, turn.seat, turn.move)
        return make_state(
            rules=self.rules,
            phase=self.phase,
            dealer=self.dealer,
            hand_number=self.hand_number,
            hands=tuple(hands),
            table=self.table,
            stock=stock,
            piles=self.piles,
            sweeps=self.sweeps,
            scores=self.scores,
            last_capturer=self.last_capturer,
            first_card=first_card,
            winner=self.winner,
            hand_results=_sampled_log(self),
            to_move=self.current_player if self.current_player is not None else chooser,
            deals_used=0,
            source=DealSource(seed=rng.getrandbits(63), decks=(), sampled=True),
            hand_decks=(),
            move_links=links,
            declarations=tuple(
                [(d.seat, d.cards.mask, d.points) for d in self.declarations]
            ),
        )

    def render(self, *, symbols: bool = False) -> str:
        """A compact text picture of what this seat sees (see
        :meth:`GameState.render`).

        >>> import scopa_rules as sr
        >>> print(sr.new_game(seed=7).view(0).render())
        Scopa, hand 1, dealer seat 1, seat 0 to move (view of seat 0)
        table   2D 7H 2C QC
        seat 0  3D KH 5C
        seat 1  ## ## ##
        stock   30 cards
        side 0  score 0, pile 0, sweeps 0
        side 1  score 0, pile 0, sweeps 0
        target  11
        """
        from .render import render_view

        return render_view(self, symbols=symbols)

    def __str__(self) -> str:
        """The text picture, as :meth:`render` draws it: ``print()`` shows
        the table (``repr()`` stays the one-line summary).

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7)
        >>> str(state.view(0)) == state.view(0).render()
        True
        """
        return self.render()

    def _repr_svg_(self) -> str:
        """The view as a picture, for Jupyter (see :mod:`scopa_rules.svg`)."""
        from . import svg

        return svg.view(self)

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        # A view made by GameState.view() reaches its events through the
        # state, which knows every hidden card: a pickle (sent to a bot in
        # another process, say) carries the events as the seat saw them
        # instead, never the state.
        fields = {
            str(field.alias): getattr(self, field.name)
            for field in attrs.fields(PlayerView)
        }
        if self._events_of is not None:
            try:
                fields["events_of"] = functools.partial(_told, self.events)
            except InvalidStateError as error:  # a sample's view has none
                fields["events_of"] = functools.partial(_refused, str(error))
        return (_view_from, (fields,))

    def __copy__(self) -> PlayerView:
        return self

    def __deepcopy__(self, memo: object) -> PlayerView:
        return self


_new_view = object.__new__
_SETTERS: tuple[Callable[[PlayerView, Any], None], ...] = tuple(
    PlayerView.__dict__[field.name].__set__ for field in attrs.fields(PlayerView)
)
_ARGUMENTS: tuple[str, ...] = tuple(
    field.alias or field.name for field in attrs.fields(PlayerView)
)


def _sampled_log(view: PlayerView) -> History:
    """The finished hands of a sample of ``view``, handed over with what is
    read of them known: the results, and as each seat sees them, so that
    reading them from a sample costs the same however long the game (a
    search reads them at every iteration, and bots view their samples)."""
    results = view.hand_results
    if not results:
        return NO_HANDS
    rules = view.rules
    folds: dict[Any, Any] = {"results": results}
    for seat in range(rules.players):
        # The view's results are public but for its seat's own kept first
        # cards, which another seat does not see.
        folds["public", seat] = (
            results
            if seat == view.seat or not rules.first_card_choice
            else _seen_by_another(results, seat)
        )
    return history_of(results, folds)


def _seen_by_another(
    results: tuple[HandResult, ...], seat: int
) -> tuple[HandResult, ...]:
    """``results`` as ``seat`` sees them, kept for the last results asked (a
    search samples one view many times)."""
    global _LAST_SEEN
    last, seen = _LAST_SEEN
    if last is not results:
        seen = {}
        _LAST_SEEN = (results, seen)
    found = seen.get(seat)
    if found is None:
        found = seen[seat] = tuple([_public_result(r, seat) for r in results])
    return found


_LAST_SEEN: tuple[tuple[HandResult, ...], dict[int, tuple[HandResult, ...]]] = (
    (),
    {},
)


def _told(events: tuple[Event, ...]) -> tuple[Event, ...]:
    return events


def _refused(message: str) -> tuple[Event, ...]:
    raise InvalidStateError(message)


def _view_from(fields: dict[str, Any]) -> PlayerView:
    return PlayerView(**fields)


# A deal of the hidden cards: each seat's hidden cards (a mask), the cards
# left for the first card and the stock, and whether it was dealt fairly
# (see _dealing); None when a seat could not be filled.
_Dealt = tuple[list[int], list[Card], bool]
_Deal = Callable[[random.Random], _Dealt | None]


def _kept_dealing(
    pool: list[Card], sizes: list[int], forbidden: dict[int, int]
) -> _Deal | None:
    """:func:`_dealing`, kept for the last hidden cards, hand sizes and
    forbidden cards asked: a search with ``avoid`` samples one view with
    the same cards to avoid at every iteration, and working out how to deal
    them costs more than a deal."""
    global _LAST_DEALING
    key = (_mask(pool), tuple(sizes), tuple(sorted(forbidden.items())))
    if _LAST_DEALING[0] != key:
        _LAST_DEALING = (key, _dealing(pool, sizes, forbidden))
    return _LAST_DEALING[1]


_LAST_DEALING: tuple[object, _Deal | None] = (None, None)


def _fitting_deal(
    view: PlayerView,
    rng: random.Random,
    pool: list[Card],
    sizes: list[int],
    forbidden: dict[int, int],
    known: list[int],
    undeclared: dict[int, int],
    dealing: Callable[[list[Card], list[int], dict[int, int]], _Deal | None]
    | None = None,
) -> tuple[list[int], list[Card]]:
    """A deal of the cards ``view`` cannot see that fits it: no seat holds a
    card ``forbidden`` to it, and none that did not declare this round holds
    a hand that declares (see :meth:`PlayerView.sample`)."""
    deal = (dealing or _dealing)(pool, sizes, forbidden)
    if deal is None:
        raise InvalidStateError(_no_deal(view.seat, pool, sizes, forbidden))
    unfair: _Dealt | None = None
    for _ in range(SAMPLE_TRIES):
        dealt = deal(rng)
        if dealt is None or (
            undeclared and _declares(view.rules, dealt[0], known, undeclared)
        ):
            continue
        if dealt[2]:
            return dealt[0], dealt[1]
        unfair = unfair or dealt
    if unfair is None:
        raise InvalidStateError(
            f"no deal fits what seat {view.seat} saw: none of {SAMPLE_TRIES} "
            f"deals of the {_count(len(pool))} it cannot see gave each seat a "
            "hand it could have held in this round"
        )
    return unfair[0], unfair[1]  # it fits, if not quite as often as the rest


def _shuffled(pool: list[Card], sizes: list[int], rng: random.Random) -> _Dealt:
    """``pool`` shuffled and dealt out to hands of ``sizes``, the rest left
    over."""
    rng.shuffle(pool)
    hidden = []
    used = 0
    for size in sizes:
        hidden.append(_mask(pool[used : used + size]))
        used += size
    return hidden, pool[used:], True


def _declares(
    rules: Ruleset, hidden: list[int], known: list[int], undeclared: dict[int, int]
) -> bool:
    """Whether a seat that did not declare this round would have been dealt a
    hand that declares, holding ``known | hidden`` (only a whole dealt hand
    declares: between hands and at the end of the game nobody holds one)."""
    for seat, played in undeclared.items():
        dealt = known[seat] | hidden[seat] | played
        if dealt.bit_count() == 3 and declaration_kind(rules, dealt):
            return True
    return False


def _dealing(
    pool: list[Card], sizes: list[int], forbidden: dict[int, int]
) -> _Deal | None:
    """How to deal ``pool`` to hands of ``sizes`` (by seat, the rest left
    for the first card and the stock) so that no seat holds a card
    ``forbidden`` to it, each such deal as likely as any other; ``None`` if
    there is no such deal.

    Without forbidden cards the pool is shuffled and dealt out.  With them,
    the deals are counted (see :func:`_deal_counts`) and one is chosen card
    by card, each way as often as the deals that follow from it.  Where
    that would cost too much (many seats, each holding several cards, that
    trailed under the whole-hand compulsion: house games of six seats or
    more), see :func:`_drawn_deal`."""
    if not forbidden:
        return functools.partial(_shuffled, pool, sizes)
    seats = sorted(forbidden)
    caps = tuple(sizes[seat] for seat in seats)
    if math.prod(cap + 1 for cap in caps) > _MOST_STATES:
        return (
            _drawn_deal(pool, sizes, forbidden)
            if _fillable(pool, sizes, forbidden)
            else None
        )
    # The cards in order of the seats they may go to, so that equal
    # shapes share their counts.
    places = sorted(
        (
            tuple(k for k, seat in enumerate(seats) if not forbidden[seat] & card.mask),
            card,
        )
        for card in pool
    )
    shape = (caps, tuple(allowed for allowed, _ in places))
    counts = _deal_counts(shape)
    if not counts[-1][-1]:
        return None
    strides = _strides(caps)

    def counted(rng: random.Random) -> _Dealt:
        hidden = [0] * len(sizes)
        free: list[Card] = []
        at = len(counts[0]) - 1  # every hand to fill
        # From the last card back: card t goes where the deals of the
        # cards before it, with what is left to fill, are.
        for t in range(len(places) - 1, -1, -1):
            allowed, card = places[t]
            before = counts[t]
            pick = rng.randrange(counts[t + 1][at]) - before[at]
            if pick < 0:
                free.append(card)
                continue
            # The pick falls among the deals with the card in one of the
            # seats it may go to: the last of them if none before.
            for k in allowed[:-1]:
                if at // strides[k] % (caps[k] + 1):
                    pick -= before[at - strides[k]]
                    if pick < 0:
                        break
            else:
                k = allowed[-1]
            hidden[seats[k]] |= card.mask
            at -= strides[k]
        return hidden, _deal_others(rng, free, hidden, sizes, forbidden), True

    return counted


# The most hand fillings (products of each trailing hand's size plus one)
# the exact deal counts over: 1,331 for three hands of ten.
_MOST_STATES = 2_048

_Shape = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]
# The deal counts of the last few views sampled: a search samples one view
# many times.
_COUNTS: dict[_Shape, list[list[int]]] = {}
_MOST_COUNTS = 4


def _strides(caps: tuple[int, ...]) -> list[int]:
    strides = []
    stride = 1
    for cap in caps:
        strides.append(stride)
        stride *= cap + 1
    return strides


def _deal_counts(shape: _Shape) -> list[list[int]]:
    """For the trailing hands' sizes and, card by card, the hands each card
    may go to (``shape``): after ``t`` cards, how many ways they go to the
    hands or elsewhere so that each hand holds ``f`` of them, by the
    filling ``f`` (an index in mixed radix, a digit a hand).  The last
    count of the last list is the number of deals."""
    found = _COUNTS.get(shape)
    if found is not None:
        return found
    caps, cards = shape
    strides = _strides(caps)
    size = math.prod(cap + 1 for cap in caps)
    count = [1] + [0] * (size - 1)
    counts = [count]
    for allowed in cards:
        after = list(count)
        for k in allowed:
            stride = strides[k]
            block = stride * (caps[k] + 1)
            for base in range(0, size, block):
                start, end = base + stride, base + block
                after[start:end] = map(
                    operator.add, after[start:end], count[base : end - stride]
                )
        counts.append(after)
        count = after
    if len(_COUNTS) >= _MOST_COUNTS:
        _COUNTS.clear()
    _COUNTS[shape] = counts
    return counts


def _drawn_deal(pool: list[Card], sizes: list[int], forbidden: dict[int, int]) -> _Deal:
    """The deal where counting would cost too much: each seat with forbidden
    cards (the one with fewest cards it may hold first) draws its hand from
    the cards left that it may hold, and the rest are shuffled and dealt.
    That favours some deals: one where a seat had ``a`` cards to choose
    from came out with chance ``1 / comb(a, size)`` for it, so the deal is
    fair only with chance ``comb(a, size) / comb(n, size)``, ``n`` being all
    the cards the seat may hold; the fair deals are all equally likely."""
    unseen = _mask(pool)
    allowed = {seat: unseen & ~mask for seat, mask in forbidden.items()}
    order = sorted(forbidden, key=lambda seat: (allowed[seat].bit_count(), seat))
    most = math.prod(math.comb(allowed[s].bit_count(), sizes[s]) for s in order)

    def drawn(rng: random.Random) -> _Dealt | None:
        hidden = [0] * len(sizes)
        left = unseen
        chances = 1
        for seat in order:
            choice = [card for card in pool if card.mask & left & allowed[seat]]
            if len(choice) < sizes[seat]:
                return None
            chances *= math.comb(len(choice), sizes[seat])
            hand = _mask(rng.sample(choice, sizes[seat]))
            hidden[seat] = hand
            left &= ~hand
        fair = rng.randrange(most) < chances
        rest = [card for card in pool if card.mask & left]
        return hidden, _deal_others(rng, rest, hidden, sizes, forbidden), fair

    return drawn


def _deal_others(
    rng: random.Random,
    rest: list[Card],
    hidden: list[int],
    sizes: list[int],
    forbidden: dict[int, int],
) -> list[Card]:
    """Shuffle ``rest`` and deal it to the seats without forbidden cards,
    into ``hidden``; the cards left over."""
    rng.shuffle(rest)
    used = 0
    for seat, size in enumerate(sizes):
        if size and seat not in forbidden:
            hidden[seat] = _mask(rest[used : used + size])
            used += size
    return rest[used:]


def _fillable(pool: list[Card], sizes: list[int], forbidden: dict[int, int]) -> bool:
    """Whether the hands of the seats with ``forbidden`` cards can all be
    filled with cards of ``pool`` they may hold (a matching of their
    places to the cards, found by augmenting paths)."""
    places = [seat for seat in sorted(forbidden) for _ in range(sizes[seat])]
    holder: dict[Card, int] = {}  # card -> the place it fills

    def place(index: int, tried: set[Card]) -> bool:
        for card in pool:
            if card in tried or card.mask & forbidden[places[index]]:
                continue
            tried.add(card)
            if card not in holder or place(holder[card], tried):
                holder[card] = index
                return True
        return False

    return all(place(index, set()) for index in range(len(places)))


def _no_deal(
    seat: int, pool: list[Card], sizes: list[int], forbidden: dict[int, int]
) -> str:
    """Why no deal of ``pool`` keeps the ``forbidden`` cards out of their
    seats' hands."""
    unseen = _mask(pool)
    for other, mask in sorted(forbidden.items()):
        allowed = (unseen & ~mask).bit_count()
        if allowed < sizes[other]:
            return (
                f"no deal fits what seat {seat} saw: seat {other} trailed under "
                f"the whole-hand compulsion and holds {_count(sizes[other])}, "
                f"but of the {_count(len(pool))} seat {seat} cannot see, "
                f"{f'only {allowed}' if allowed else 'none'} could have been "
                "in its hand then"
            )
    trailers = " and ".join(str(other) for other in sorted(forbidden))
    return (
        f"no deal fits what seat {seat} saw: the hands of seats {trailers}, "
        "which trailed under the whole-hand compulsion, cannot all be filled "
        f"with the {_count(len(pool))} seat {seat} cannot see that they could "
        "have held then"
    )


def _count(cards: int) -> str:
    return f"{cards} card" if cards == 1 else f"{cards} cards"


def _compels(rules: Ruleset, card: int, table: int) -> bool:
    """Whether holding the card ``card`` (a mask of one card) obliges a seat
    to capture on ``table`` under the whole-hand compulsion: the state's own
    legal plays say so, by leaving out the trail of a hand of that card alone
    (an ace whose only capture is an optional take-all, under
    ``ace_may_trail``, does not compel)."""
    return not any(move.is_trail for move in legal_plays(rules, card, table))


def _sweeps(rules: Ruleset, move: Move, table: int, left: int) -> bool:
    """Whether ``move`` took the whole of ``table`` for a sweep, ``left``
    cards to be played after it."""
    captured = move.captured
    return (
        captured is not None
        and captured.mask == table
        and sweep_counts(rules, move.card.index, table, left > 0)
    )


def _sweeps_with(rules: Ruleset, card: int, table: int, left: int) -> bool:
    """Whether the card ``card`` (a mask of one card) could have swept
    ``table``, ``left`` cards to be played after it: the state's own legal
    plays of a hand of that card alone say which captures it has."""
    index = card.bit_length() - 1
    return any(
        move.captured is not None
        and move.captured.mask == table
        and sweep_counts(rules, index, table, left > 0)
        for move in legal_plays(rules, card, table)
    )


def _mask(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def _hidden_keep(
    view: PlayerView, hands: list[CardSet], chooser: int, rng: random.Random
) -> Turn:
    """A stand-in for another seat's kept first card: one of the cards that
    seat held in the hand's first round (a card it played then, or one it
    still holds if that round is not over)."""
    size = view.rules.hand_size
    played = [
        t.move.card
        for t in view.turns
        if t.seat == chooser and t.move.kind is MoveKind.PLAY
    ][:size]
    held = played if len(played) == size else played + list(hands[chooser])
    # While a redealt deck's first card is being decided, the kept card was
    # of the deck collected again: any card.
    return Turn(chooser, Move.keep_first_card(rng.choice(sorted(held or ALL_CARDS))))
