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
a seat that trailed held no card that could capture, so a sample never gives
it one.  Under ``declarations`` a declared hand is known to every seat, so a
sample leaves its cards with their seat, and a seat that did not declare
this round is never dealt a hand it would have declared.  Samples are for search: their history is the view's, but they carry
no deck or seed of the real game, so :meth:`GameState.record` refuses them.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import attrs

from ._frozen import Frozen
from ._hands import _finished, _turns
from .captures import capture_masks
from .cards import ALL_CARDS, Card, CardSet, _from_mask
from .declarations import Declaration, _kind_of
from .errors import InvalidStateError, shown
from .moves import Move, MoveKind
from .rules import CaptureCompulsion, Ruleset
from .state import (
    _DEALER,
    _FIRST_CARD,
    _FIRST_CARD_PHASE,
    _HAND_NUMBER,
    _HANDS,
    _LAST_CAPTURER,
    _MOVE_LINKS,
    _PHASE,
    _PILES,
    _PLAY,
    _RULES,
    _SCORES,
    _STOCK,
    _SWEEPS,
    _TABLE,
    _TO_MOVE,
    _WINNER,
    GameState,
    HandResult,
    Phase,
    Turn,
    _DealSource,
    _hand_log,
    _make_state,
    legal_plays,
)

if TYPE_CHECKING:
    from .events import Event

__all__ = ["PlayerView"]

VIEW_FORMAT = "scopa_rules.view"


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
    ``HandLog.fold``: a view costs one step per hand finished since the last
    view, not one per hand of the game)."""
    return (*results, _public_result(_finished(item), seat))


def _kept_first_card(turns: Iterable[Turn]) -> bool | None:
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
        fields = state._dealt()
        rules: Ruleset = fields[_RULES]
        phase = fields[_PHASE]
        hands = fields[_HANDS]
        turns = _turns(fields[_MOVE_LINKS])
        dealer = fields[_DEALER]
        to_move = (
            fields[_TO_MOVE] if phase is _PLAY or phase is _FIRST_CARD_PHASE else None
        )
        own_first = (
            fields[_FIRST_CARD] if seat == (dealer + 1) % rules.players else None
        )
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
            fields[_HAND_NUMBER],
            to_move,
            _from_mask(hands[seat]),
            _from_mask(fields[_TABLE]),
            tuple(map(int.bit_count, hands)),
            len(fields[_STOCK]),
            tuple(map(_from_mask, fields[_PILES])),
            fields[_SWEEPS],
            fields[_SCORES],
            fields[_LAST_CAPTURER],
            fields[_WINNER],
            own_first,
            _kept_first_card(turns) if deciding else None,
            _public_turns(turns, seat) if deciding else turns,
            _hand_log(state).fold(
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
        return tuple([_from_mask(mask) for mask in held])

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
        return _from_mask(ALL_CARDS.mask & ~seen)

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
        a seat that trailed held no card that could capture at that moment.
        Only the turns of the current deal round bear on the hidden cards."""
        rules = self.rules
        forbidden: dict[int, int] = {}
        if rules.capture_compulsion is not CaptureCompulsion.WHOLE_HAND:
            return forbidden
        plays = [t for t in self.turns if t.move.kind is MoveKind.PLAY]
        in_round = sum(rules.hand_size - size for size in self.hand_sizes)
        table = self.table.mask
        # Walk back through the round, undoing each play on the table.
        for turn in reversed(plays[len(plays) - in_round :] if in_round else []):
            move = turn.move
            if move.captured:
                table |= move.captured.mask
            else:
                table &= ~move.card.mask
                if turn.seat != self.seat:
                    mask = forbidden.get(turn.seat, 0)
                    for card in self.unseen:
                        if capture_masks(rules, table, card):
                            mask |= card.mask
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

    def sample(self, rng: random.Random) -> GameState:
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
        """
        if not isinstance(rng, random.Random):
            raise InvalidStateError(f"rng must be a random.Random, not {shown(rng)}")
        players = self.rules.players
        chooser = (self.dealer + 1) % players
        hidden_first = self.phase is Phase.FIRST_CARD and self.seat != chooser
        forbidden = self._forbidden()
        declared = self.declared
        undeclared = self._undeclared_rounds()
        pool = list(self.unseen)
        while True:
            rng.shuffle(pool)
            hands = list[CardSet]()
            used = 0
            consistent = True
            for seat in range(players):
                if seat == self.seat:
                    hands.append(self.hand)
                    continue
                known = declared[seat].mask
                size = self.hand_sizes[seat] - len(declared[seat])
                cards = _from_mask(known | _mask(pool[used : used + size]))
                used += size
                if cards.mask & forbidden.get(seat, 0):
                    consistent = False
                    break
                played = undeclared.get(seat)
                dealt = cards.mask | (played or 0)
                # Only a whole dealt hand declares: between hands and at the
                # end of the game nobody holds one.
                if (
                    played is not None
                    and dealt.bit_count() == 3
                    and _kind_of(self.rules, dealt)
                ):
                    consistent = False  # it would have declared that hand
                    break
                hands.append(cards)
            if consistent:
                break
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
        return _make_state(
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
            hand_results=self.hand_results,
            to_move=self.current_player if self.current_player is not None else chooser,
            deals_used=0,
            source=_DealSource(seed=rng.getrandbits(63), decks=(), sampled=True),
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


def _told(events: tuple[Event, ...]) -> tuple[Event, ...]:
    return events


def _refused(message: str) -> tuple[Event, ...]:
    raise InvalidStateError(message)


def _view_from(fields: dict[str, Any]) -> PlayerView:
    return PlayerView(**fields)


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
