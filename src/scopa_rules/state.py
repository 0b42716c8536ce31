"""The game state and the reducer: legal moves and applying them.

A :class:`GameState` is an immutable value holding everything about a game in
progress: the ruleset, the hands, the table, the stock, each side's pile,
sweeps and match score, and the history.  :meth:`GameState.apply` returns the
next state and leaves the old one untouched, so a search can keep any state
it likes without copying.

>>> import scopa_rules as sr
>>> state = sr.new_game(sr.Ruleset.scopa(), seed=7)
>>> state.current_player, len(state.hands[0]), len(state.table), len(state.stock)
(0, 3, 4, 30)
>>> move = state.legal_moves()[0]
>>> after = state.apply(move)
>>> after.current_player, move.card in after.hands[0], move.card in state.hands[0]
(1, False, True)

A hand ends when the last card has been played: the table leftover goes to the
side that captured last, the hand is scored (:attr:`GameState.last_hand`), the
scores add up, the deal passes to the next seat and the next hand is dealt in
the same step, until RULES.md section 6 ends the game.

Only this module knows how a state keeps its fields.  The package's other
modules read them by name: the properties, or a ``field_reader`` for the
raw values of several at once; ``make_state`` builds a state from its
fields by name.  Those and the other plain names outside ``__all__``
are the package's own, not part of the API.
"""

from __future__ import annotations

import enum
import operator
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs
from typing_extensions import Self

from . import _kernel, dealing
from ._compiled import is_compiled
from ._frozen import Frozen
from ._history import (
    NO_HANDS,
    FinishedHand,
    HandResult,
    History,
    Turn,
    history_of,
    result_of,
    turns_of,
    unpacked_hands,
)
from ._kernel import Named, hand_scored
from ._kernel import legal_plays as kernel_plays
from .captures import (
    can_capture,
    is_legal_capture,
)
from .cards import ALL_CARDS, Card, CardSet, set_of
from .dealing import deck_bytes, needs_redeal
from .deck import Deck, check_seed
from .declarations import Declaration, declaration_from, declare_round
from .errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    shown,
)
from .moves import Move, MoveKind, move_of
from .rules import (
    CaptureCompulsion,
    Ruleset,
)

if TYPE_CHECKING:
    from .events import Event
    from .records import GameRecord
    from .views import PlayerView

__all__ = [
    "GameState",
    "HandResult",
    "Phase",
    "Turn",
    "apply_move",
    "legal_moves",
    "new_game",
]


class Phase(enum.Enum):
    """Where a game stands.

    >>> import scopa_rules as sr
    >>> sr.new_game(seed=7).phase, sr.Phase.OVER.value
    (<Phase.PLAY: 'play'>, 'over')
    """

    FIRST_CARD = "first_card"
    """Chkobba: the seat after the dealer must keep or table the first card."""
    PLAY = "play"
    """A seat is to play a card."""
    AWAITING_DEAL = "awaiting_deal"
    """The game was given explicit decks and needs the next one:
    call :meth:`GameState.deal`."""
    OVER = "over"
    """The game has ended; :attr:`GameState.winner` is the winning side."""


# Enum members read through their class cost a lookup each time (about
# 50 ns); the hot paths read these module constants instead.
_PLAY = Phase.PLAY
_OVER = Phase.OVER
_FIRST_CARD_PHASE = Phase.FIRST_CARD
_AWAITING_DEAL = Phase.AWAITING_DEAL
_WHOLE_HAND = CaptureCompulsion.WHOLE_HAND
_NO_COMPULSION = CaptureCompulsion.NONE
_PLAYED_CARD = CaptureCompulsion.PLAYED_CARD


# Moves are immutable values, so legal-move generation hands out shared
# instances instead of building and validating new ones every time.
_MOVES: Named[Move] = Named(move_of)


@attrs.frozen(kw_only=True)
class Position(Frozen):
    """A mid-hand position as given to :meth:`GameState.from_position`,
    validated and normalised; kept by the state so that its record can
    replay the game.

    >>> import scopa_rules as sr
    >>> state = sr.GameState.from_position(sr.Ruleset.scopa(), hands=["5D", "AS"], table="2S",
    ...     piles=["", sr.ALL_CARDS - sr.CardSet("5D AS 2S")], last_capturer=1)
    >>> state.record().position.hands, state.record().position.current_player
    ((CardSet('5D'), CardSet('AS')), 0)
    """

    hands: tuple[CardSet, ...]
    table: CardSet
    stock: tuple[Card, ...]
    piles: tuple[CardSet, ...]
    sweeps: tuple[int, ...]
    scores: tuple[int, ...]
    current_player: int
    dealer: int
    last_capturer: int | None


@attrs.frozen(kw_only=True, repr=False)
class _DealSource:
    """How the game began and where its decks come from: explicit decks
    first, then the seed.  ``start_decks`` of the decks were given when the
    game began, the rest later through :meth:`GameState.deal`."""

    seed: int | None
    decks: tuple[Deck, ...]
    start_decks: int = 0
    dealer: int = 0
    position: Position | None = None
    sampled: bool = False
    """A determinized sample (:meth:`PlayerView.sample`): no real record."""

    def deck(self, number: int) -> Deck | None:
        if number < len(self.decks):
            return self.decks[number]
        if self.seed is None:
            return None
        return Deck.shuffled(self.seed, number)


# The package's name for it; the class keeps the name its pickles carry.
DealSource = _DealSource


_FIELDS = (
    "rules",
    "phase",
    "dealer",
    "hand_number",
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
    "to_move",
    "deals_used",
    "source",
    "hand_decks",
    "move_links",
    "declarations",
)
_INDEX = {name: index for index, name in enumerate(_FIELDS)}
(
    _RULES,
    _PHASE,
    _DEALER,
    _HAND_NUMBER,
    _HANDS,
    _TABLE,
    _STOCK,
    _PILES,
    _SWEEPS,
    _SCORES,
    _LAST_CAPTURER,
    _FIRST_CARD,
    _WINNER,
    _HAND_RESULTS,
    _TO_MOVE,
    _DEALS_USED,
    _SOURCE,
    _HAND_DECKS,
    _MOVE_LINKS,
    _DECLARATIONS,
) = range(len(_FIELDS))


class _Undealt(tuple[Move, ...]):
    """The marker in a state's legal-move slot while its hand is not yet
    dealt (see GameState._deal_pending): an empty tuple, so that apply()
    finds no move there and takes its careful path."""

    __slots__ = ()


_UNDEALT = _Undealt()


def _field(index: int, doc: str) -> Any:
    def get(self: GameState) -> Any:
        return self._s[index]

    return property(get, doc=doc)


def _dealt_field(index: int, doc: str, read: Callable[[Any], Any] | None = None) -> Any:
    """A field the deal decides: reading it deals a pending hand.  ``read``
    turns the stored value into the public one (none: it is the public one,
    returned without a call)."""
    if read is None:

        def get(self: GameState) -> Any:
            return self._dealt()[index]

        return property(get, doc=doc)
    convert = read

    def get_read(self: GameState) -> Any:
        return convert(self._dealt()[index])

    return property(get_read, doc=doc)


# Hands, the table and piles are kept as plain masks, which is what the hot
# path computes with; they become CardSets only when read.
def _card_sets(masks: tuple[int, ...]) -> tuple[CardSet, ...]:
    return tuple([set_of(mask) for mask in masks])


# The stock is kept as the bytes of its card indexes, as the deal reads it.
def _cards_of(stock: bytes) -> tuple[Card, ...]:
    return tuple([_CARDS[index] for index in stock])


class GameState:
    """An immutable snapshot of a game.  Build one with :func:`new_game`,
    :meth:`GameState.from_position` or :meth:`GameState.from_dict`; move on
    with :meth:`apply`.

    Seats are numbered in playing order; sides are numbered as in
    :meth:`Ruleset.side_of`.  All per-seat and per-side collections are tuples
    indexed by seat or side.  States are values: equal when every field is
    equal, hashable, picklable, and ``copy.deepcopy(state) is state``.

    >>> import scopa_rules as sr
    >>> state = sr.new_game(sr.Ruleset.scopa(), seed=7)
    >>> state.current_player, state.table, len(state.stock)
    (0, CardSet('2D 7H 2C QC'), 30)
    """

    # Every field lives in one tuple: making a state is then one tuple and one
    # object, about 0.1 µs, where a class with a slot per field costs ten
    # times that.  Search bots make a state for every move they look at.
    __slots__ = ("_m", "_s")
    _s: tuple[Any, ...]
    # The legal moves once asked for (None before): apply() then checks a
    # move from legal_moves() by identity instead of working it out again.
    # _UNDEALT while the hand is not dealt yet: a hand is dealt when the
    # state is first looked at, not when the previous hand ends, because a
    # search that plays to the end of a hand and scores it never looks at
    # the next deal, and shuffling and dealing it is a fifth of a hand's
    # cost.  Until then _s holds the fields of the state before the deal.
    _m: tuple[Move, ...] | None

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise TypeError(
            "a GameState is made by new_game(), GameState.from_position() or "
            "GameState.from_dict()"
        )

    rules: Ruleset = _field(_RULES, "The ruleset in force.")
    dealer: int = _field(
        _DEALER, "The seat that dealt this hand; the seat after it leads."
    )
    hands: tuple[CardSet, ...] = _dealt_field(
        _HANDS, "Each seat's hand, by seat.", _card_sets
    )
    table: CardSet = _dealt_field(_TABLE, "The cards face up on the table.", set_of)
    stock: tuple[Card, ...] = _dealt_field(
        _STOCK, "The undealt cards, top first.", _cards_of
    )
    piles: tuple[CardSet, ...] = _dealt_field(
        _PILES, "Each side's captured cards in this hand.", _card_sets
    )
    sweeps: tuple[int, ...] = _dealt_field(_SWEEPS, "Each side's sweeps in this hand.")
    scores: tuple[int, ...] = _field(
        _SCORES, "Each side's match score: the sum of the finished hands."
    )
    last_capturer: int | None = _dealt_field(
        _LAST_CAPTURER, "The seat that captured last in this hand, if any."
    )
    first_card: Card | None = _dealt_field(
        _FIRST_CARD,
        "Chkobba: the first card while the seat after the dealer decides on it "
        "(known only to that seat); otherwise ``None``.",
    )
    winner: int | None = _field(
        _WINNER, "The winning side once the game is over, else ``None``."
    )

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        """The declarations made in this hand so far (option
        ``declarations``), in the order made; each declared hand is known to
        every seat.

        >>> import scopa_rules as sr
        >>> state = sr.new_game(sr.Ruleset.cirulla(), seed=8)
        >>> [str(d) for d in state.declarations]
        ['seat 1 declares 2H 2S 4C: cirulla, 3 points']
        """
        return tuple([declaration_from(made) for made in self._dealt()[_DECLARATIONS]])

    @property
    def hand_results(self) -> tuple[HandResult, ...]:
        """Every finished hand, in order."""
        results: History = self._s[_HAND_RESULTS]
        return results.results()

    # The fields without a property of their own (the other modules read
    # them with a field_reader): to_move is the seat whose turn it is (or
    # was last); deals_used counts the decks dealt so far, redeals
    # included; source is a _DealSource; hand_decks are this hand's decks
    # (redeals first, the one in play last); move_links holds this hand's
    # turns as a linked list (previous, seat, move), so that applying a
    # move costs the same late in a hand as early.
    _to_move: int = _dealt_field(_TO_MOVE, "")
    _source: _DealSource = _field(_SOURCE, "")
    _move_links: tuple[Any, ...] = _field(_MOVE_LINKS, "")

    def _deal_pending(self) -> None:
        # The state's value never changes, only when it is worked out.  The
        # deal is computed from one read of _s and published by one store
        # of each slot, _s first: a thread that reads _s sees either the
        # fields before the deal (and deals them again, to the same value)
        # or the dealt fields, never a mix; a thread that still sees _m as
        # _UNDEALT after _s was published finds the phase dealt and stops.
        fields = self._s
        if fields[_PHASE] is not _AWAITING_DEAL:
            return
        dealt = _deal_next(list(fields))
        _set_fields(self, dealt._s)
        _set_moves(self, dealt._m)

    def _dealt(self) -> tuple[Any, ...]:
        """The fields, the hand dealt first if it is pending."""
        if self._m is _UNDEALT:
            self._deal_pending()
        return self._s

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("GameState is immutable: apply() returns a new state")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("GameState is immutable")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GameState):
            return self._dealt() == other._dealt()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._dealt())

    def __reduce__(self) -> tuple[Any, tuple[tuple[Any, ...], bytes]]:
        # A bot framework pickles states to send them to worker processes:
        # the stock goes as the bytes of card indexes it is kept as.
        fields = self._dealt()
        stock: bytes = fields[_STOCK]
        return (_unpickle_state, ((*fields[:_STOCK], *fields[_STOCK + 1 :]), stock))

    # -- reading the state ---------------------------------------------------

    @property
    def phase(self) -> Phase:
        """Where the game stands (see :class:`Phase`)."""
        # Written out, not made by _dealt_field: a framework reads it at
        # every step, and the compiled build reads a property of its own
        # directly.
        if self._m is _UNDEALT:
            self._deal_pending()
        phase: Phase = self._s[_PHASE]
        return phase

    @property
    def current_player(self) -> int | None:
        """The seat to move, or ``None`` when the game is over or waiting for
        a deck."""
        # From the fields in one read: every bot loop asks at every move.
        fields = self._dealt()
        phase = fields[_PHASE]
        if phase is _PLAY or phase is _FIRST_CARD_PHASE:
            to_move: int = fields[_TO_MOVE]
            return to_move
        return None

    @property
    def hand_number(self) -> int:
        """The number of the hand in progress (the last hand once the game is
        over), counted from 0; people count hands from 1, as render(), the
        text records and the command line show them."""
        # Written out, not made by _field: a search loop reads it at every
        # ply, and the compiled build reads a property of its own directly.
        number: int = self._s[_HAND_NUMBER]
        return number

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        # No need to deal a pending hand: its state is not over.
        return self._s[_PHASE] is _OVER

    @property
    def seed(self) -> int | None:
        """The seed that deals the game's decks (after any explicit decks),
        or ``None`` if the game was given decks only."""
        return self._source.seed

    @property
    def last_hand(self) -> HandResult | None:
        """The most recently finished hand, or ``None`` before the first ends.

        >>> import scopa_rules as sr
        >>> sr.new_game(seed=1).last_hand is None
        True
        """
        last: HandResult | None = result_of(self._s[_HAND_RESULTS].last)
        return last

    @property
    def moves_this_hand(self) -> tuple[Move, ...]:
        """The moves of the hand in progress, in order."""
        return tuple(turn.move for turn in turns_of(self._move_links))

    @property
    def turns_this_hand(self) -> tuple[Turn, ...]:
        """The turns (seat and move) of the hand in progress, in order."""
        return turns_of(self._move_links)

    @property
    def history(self) -> tuple[Move, ...]:
        """Every move of the game, in order, all hands together."""
        done = tuple(move for result in self.hand_results for move in result.moves)
        if self.phase is _OVER:
            return done
        return done + self.moves_this_hand

    def position_key(self) -> tuple[Any, ...]:
        """A hashable key of the position alone, for transposition tables.

        States are equal only when their histories are equal too; two states
        reached by different move orders have the same position key when the
        cards, sweeps, scores, seat to move and the rest that decides the
        game's future are the same (in the same game, so the same deal
        source).

        >>> import scopa_rules as sr
        >>> dealt = sr.CardSet("2D 3D QS 7H 7S 7C KC")
        >>> state = sr.GameState.from_position(
        ...     sr.Ruleset.scopa(), hands=["2D 3D QS", "7H 7S 7C"], table="KC",
        ...     piles=["", sr.ALL_CARDS - dealt], last_capturer=1)
        >>> def play(state, *moves):
        ...     for text in moves:
        ...         state = state.apply(sr.Move.parse(text))
        ...     return state
        >>> one = play(state, "2D", "7H", "3D")
        >>> other = play(state, "3D", "7H", "2D")
        >>> one == other, one.position_key() == other.position_key()
        (False, True)
        """
        fields = self._dealt()
        return (
            fields[_RULES],
            fields[_PHASE],
            fields[_DEALER],
            fields[_HAND_NUMBER],
            fields[_HANDS],
            fields[_TABLE],
            tuple(fields[_STOCK]),
            fields[_PILES],
            fields[_SWEEPS],
            fields[_SCORES],
            fields[_LAST_CAPTURER],
            fields[_FIRST_CARD],
            fields[_WINNER],
            fields[_TO_MOVE],
            fields[_DEALS_USED],
            fields[_DECLARATIONS],
        )

    def side_of(self, seat: int) -> int:
        """The side that ``seat`` plays for (see :meth:`Ruleset.side_of`).

        >>> import scopa_rules as sr
        >>> state = sr.new_game(sr.Ruleset.scopa(players=4), seed=1)
        >>> [state.side_of(seat) for seat in range(4)]
        [0, 1, 0, 1]
        """
        return self.rules.side_of(seat)

    def cards_in_play(self) -> Iterator[tuple[str, CardSet]]:
        """Every place a card can be, with its cards: each hand, the table,
        the stock, each pile and the pending first card, named as the error
        messages name them (``"seat 0's hand"``, ``"table"``, ``"stock"``,
        ``"side 0's pile"``, ``"first card"``).  Together they hold
        each of the 40 cards exactly once, except while the game waits for a
        deck (:attr:`Phase.AWAITING_DEAL`), when no card is out.

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=3)
        >>> sum(len(cards) for _, cards in state.cards_in_play())
        40
        """
        for seat, hand in enumerate(self.hands):
            yield f"seat {seat}'s hand", hand
        yield "table", self.table
        yield "stock", CardSet(self.stock)
        for side, pile in enumerate(self.piles):
            yield f"side {side}'s pile", pile
        if self.first_card is not None:
            yield "first card", CardSet([self.first_card])

    # -- legal moves -----------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of the seat to move, in a stable order.

        The order: by played card in card order (:class:`CardSet` order); for
        each card, its captures ordered by the captured cards' mask, then its
        trail if it may be trailed.  A Chkobba first-card decision offers
        keeping the card, then tabling it.  Empty when no one is to move.
        The state keeps the tuple: asking again returns the same one.

        >>> import scopa_rules as sr
        >>> dealt = sr.CardSet("5D KC 4H AS 6C 2S 5H 3C JD")
        >>> state = sr.GameState.from_position(
        ...     sr.Ruleset.scopa(), hands=["5D KC 4H", "AS 6C"], table="2S 5H 3C JD",
        ...     piles=["", sr.ALL_CARDS - dealt], last_capturer=1)
        >>> [str(m) for m in state.legal_moves()]
        ['5Dx5H', '4H', 'KCxJD2S', 'KCx5H2S3C']
        """
        moves = self._m
        if not moves:  # not worked out yet, or no move at all, or not dealt
            if moves is _UNDEALT:
                self._deal_pending()
            fields = self._s
            phase = fields[_PHASE]
            if phase is _PLAY:
                moves = tuple(
                    kernel_plays(
                        fields[_RULES],
                        fields[_HANDS][fields[_TO_MOVE]],
                        fields[_TABLE],
                        _MOVES,
                    )
                )
            elif phase is _FIRST_CARD_PHASE:
                card: Card = fields[_FIRST_CARD]  # the phase guarantees a card
                moves = (Move.keep_first_card(card), Move.table_first_card(card))
            else:
                moves = ()
            if _COMPILED:
                self._m = moves
            else:
                _set_moves(self, moves)
        return moves

    def explain_illegal(self, move: object, *, seat: int | None = None) -> str | None:
        """Why ``move`` is illegal here, or ``None`` if it is legal.

        ``seat``, if given, is the seat that claims the move: a UI passes the
        seat of the player who clicked, so a move out of turn is refused.

        >>> import scopa_rules as sr
        >>> dealt = sr.CardSet("5D KC 4H AS 6C 2S 5H 3C JD")
        >>> state = sr.GameState.from_position(
        ...     sr.Ruleset.scopa(), hands=["5D KC 4H", "AS 6C"], table="2S 5H 3C JD",
        ...     piles=["", sr.ALL_CARDS - dealt], last_capturer=1)
        >>> print(state.explain_illegal(sr.Move.parse("5Dx2S3C")))
        5D must take a single card of value 5 (5H) before any sum (capture_rule=single_first); legal with 5D: 5Dx5H
        >>> print(state.explain_illegal(sr.Move.parse("5D")))
        5D can capture, so it may not be trailed (capture_compulsion=played_card); legal with 5D: 5Dx5H
        """
        return self._illegal_reason(move, seat)

    def is_legal(self, move: object, *, seat: int | None = None) -> bool:
        """Whether ``move`` (claimed by ``seat``, if given) is legal here.

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7)
        >>> state.is_legal(sr.Move.parse("3D")), state.is_legal(sr.Move.parse("3D"), seat=1)
        (True, False)
        """
        return self._illegal_reason(move, seat) is None

    def _is_legal_play(self, move: Move) -> bool:
        """The common case of the legality check, without building every
        legal move: a card in hand, and a capture the rules allow or a trail
        the compulsion allows.  Each check is one pass over the table, so
        replaying a record costs the same on a crowded house-rules table."""
        fields = self._s
        card = move.card
        hand = fields[_HANDS][fields[_TO_MOVE]]
        if not hand & card.mask or move.kind is not MoveKind.PLAY:
            return False
        rules = fields[_RULES]
        table = fields[_TABLE]
        if rules.ace_may_trail and rules.ace_takes_all:
            return move in legal_plays(rules, hand, table)
        taken = move.captured.mask
        if taken:
            return is_legal_capture(rules, table, card, taken)
        compulsion = rules.capture_compulsion
        if compulsion is _PLAYED_CARD:
            return not can_capture(rules, table, card.index)
        if compulsion is _NO_COMPULSION:
            return True
        while hand:
            low = hand & -hand
            hand ^= low
            if can_capture(rules, table, low.bit_length() - 1):
                return False
        return True

    def _illegal_reason(self, move: object, seat: int | None) -> str | None:
        # A legal play, the common case, is answered here; the reasons for
        # anything else are worked out in _explain.
        if (
            type(move) is Move
            and (seat is None or (type(seat) is int and seat == self._to_move))
            and self.phase is _PLAY
            and self._is_legal_play(move)
        ):
            return None
        from ._explain import illegal_reason

        return illegal_reason(self, move, seat)

    # -- applying moves ------------------------------------------------------

    def apply(
        self, move: Move, *, seat: int | None = None, check: bool = True
    ) -> GameState:
        """The state after ``move``.  ``self`` is unchanged.

        An illegal move raises :class:`~scopa_rules.IllegalMoveError`, whose
        message says what was wrong and what is legal.  ``seat``, if given,
        must be the seat to move.

        A move from this state's :meth:`legal_moves` is recognised by
        identity, so the check costs next to nothing in a search; any other
        move, even an equal one built by the caller, is checked from the
        rules.  ``check=False`` skips the check altogether, for search code
        that only applies moves from :meth:`legal_moves`: an illegal card or
        capture then gives an undefined state (a move when no one is to
        move still raises).

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7)
        >>> state.apply(sr.Move.parse("7D"), seat=1)
        Traceback (most recent call last):
        ...
        scopa_rules.errors.IllegalMoveError: illegal move 7D: seat 1 is not to move: it is seat 0's turn
        """
        fields = self._s
        if check:
            # A move handed out by this state's legal_moves() is one of those
            # very objects (the common case, tested first); anything else is
            # checked from the rules.
            legal = self._m
            if seat is None and legal:
                for candidate in legal:
                    if candidate is move:
                        break
                else:
                    fields = self._checked(move, seat)
            else:
                fields = self._checked(move, seat)
        if fields[_PHASE] is not _PLAY:
            return self._apply_other(move)
        return _played(self, fields, move)

    def _checked(self, move: Move, seat: int | None) -> tuple[Any, ...]:
        """The fields, once ``move`` (claimed by ``seat``, if given) is found
        legal; an illegal move raises."""
        if seat is not None and type(seat) is not int:  # True == 1: no bools
            raise IllegalMoveError(
                f"illegal move {move_text(move)}: {self._illegal_reason(move, seat)}"
            )
        fields = self._dealt()
        legal = self._m
        if legal and seat == fields[_TO_MOVE]:
            for candidate in legal:
                if candidate is move:
                    return fields
        if not (
            fields[_PHASE] is _PLAY
            and (seat is None or seat == fields[_TO_MOVE])
            and type(move) is Move
            and self._is_legal_play(move)
        ):
            reason = self._illegal_reason(move, seat)
            if reason is not None:
                raise IllegalMoveError(f"illegal move {move_text(move)}: {reason}")
        return fields

    def _apply_other(self, move: Move) -> GameState:
        """``move`` outside the play of a hand in progress: a first-card
        decision, or a hand not dealt yet; refused otherwise, even unchecked,
        since there is nothing it could do."""
        phase = self._dealt()[_PHASE]
        if phase is _FIRST_CARD_PHASE:
            return self._decide_first_card(move)
        if phase is _PLAY:
            return self.apply(move, check=False)
        raise IllegalMoveError(
            f"illegal move {move_text(move)}: {self._illegal_reason(move, None)}"
        )

    def _decide_first_card(self, move: Move) -> GameState:
        # The decision stays in the hand's history even when kings on the
        # table then call for a redeal: a replay must make it too.
        fields = list(self._s)
        fields[_PHASE] = _AWAITING_DEAL
        fields[_STOCK] = b""
        fields[_FIRST_CARD] = None
        fields[_MOVE_LINKS] = (self._move_links, self._to_move, move)
        keep = 1 if move.kind is MoveKind.KEEP_FIRST_CARD else 0
        # The deck in play is the first card and the stock under it (also in
        # a determinized sample, which has no record of its decks).
        deck = bytes([self._s[_FIRST_CARD].index]) + self._s[_STOCK]
        if _deal_into_play(fields, deck, keep):
            return _state(tuple(fields))
        return _deal_next(fields)

    # -- dealing ----------------------------------------------------------------

    def deal(self, deck: Deck | str | Iterable[Card | str]) -> GameState:
        """Supply the next deck when the game is :attr:`Phase.AWAITING_DEAL`
        (a game started from explicit decks without a seed).

        >>> import scopa_rules as sr
        >>> state = sr.new_game(sr.Ruleset.scopa(), deck=sr.Deck.shuffled(1))
        >>> while state.phase is sr.Phase.PLAY:
        ...     state = state.apply(state.legal_moves()[0])
        >>> state.phase
        <Phase.AWAITING_DEAL: 'awaiting_deal'>
        >>> state.deal(sr.Deck.shuffled(2)).phase
        <Phase.PLAY: 'play'>
        """
        if self.phase is not _AWAITING_DEAL:
            raise IllegalMoveError(
                f"no deck is due: the game is in phase {self.phase.value}; decks are "
                "dealt only when the phase is awaiting_deal"
            )
        chosen = deck if isinstance(deck, Deck) else Deck(deck)
        source = attrs.evolve(self._source, decks=(*self._source.decks, chosen))
        fields = list(self._s)
        fields[_SOURCE] = source
        return _deal_next(fields)

    # -- building positions ------------------------------------------------------

    @classmethod
    def from_position(
        cls,
        rules: Ruleset,
        *,
        hands: Sequence[CardSet | str | Iterable[Card | str]],
        table: CardSet | str | Iterable[Card | str] = "",
        stock: str | Iterable[Card | str] = "",
        piles: Sequence[CardSet | str | Iterable[Card | str]] | None = None,
        sweeps: Sequence[int] | None = None,
        scores: Sequence[int] | None = None,
        current_player: int | None = None,
        dealer: int | None = None,
        last_capturer: int | None = None,
        seed: int | None = None,
    ) -> GameState:
        """A mid-hand position, validated, for tests, puzzles and bots.

        Every one of the 40 cards must be in exactly one hand, the table, the
        stock (ordered, top first) or a pile.  Hands, read in playing order
        from the seat to move, must have sizes a real game can reach (some
        seats holding ``k`` cards, then the rest ``k - 1``), and the stock
        must be a whole number of deals.  ``current_player`` defaults to the
        first seat among those holding the most cards after the dealer,
        ``dealer`` to the seat before the one who leads the round.  Later hands
        are dealt from ``seed``; without one the game waits in
        :attr:`Phase.AWAITING_DEAL` for :meth:`deal` when this hand ends.

        The position must be one the cards played can explain: the stock and
        the hand sizes tell how many cards each seat has played this hand,
        and piles, sweeps, the last capturer and the table must fit those
        plays (the documentation's "Concepts" page lists every check).  A
        position no game reaches raises :class:`InvalidStateError` naming
        the impossibility.

        >>> import scopa_rules as sr
        >>> state = sr.GameState.from_position(
        ...     sr.Ruleset.scopa(), hands=["7D", "KS"], table="3C 4C",
        ...     piles=["", sr.ALL_CARDS - sr.CardSet("7D KS 3C 4C")], last_capturer=1)
        >>> [str(m) for m in state.legal_moves()]
        ['7Dx3C4C']
        >>> sr.GameState.from_position(sr.Ruleset.scopa(), hands=["7D", "KS"])
        Traceback (most recent call last):
        ...
        scopa_rules.errors.InvalidStateError: the position is missing 38 cards: AD 2D 3D 4D 5D 6D JD QD KD AH 2H 3H 4H 5H 6H 7H JH QH KH AS 2S 3S 4S 5S 6S 7S JS QS AC 2C 3C 4C 5C 6C 7C JC QC KC
        """
        from ._positions import position_state

        return position_state(
            rules,
            hands=hands,
            table=table,
            stock=stock,
            piles=piles,
            sweeps=sweeps,
            scores=scores,
            current_player=current_player,
            dealer=dealer,
            last_capturer=last_capturer,
            seed=seed,
        )

    # -- move text -------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """The legal move that ``text`` names in this position.

        Besides full notation (:meth:`Move.parse`, captured cards in any
        order, ``trail 7D`` for a trail said outright), a card alone names
        that card's only legal move, even a capture; ``keep`` and ``table``
        alone name the first-card decisions.
        Text that fits several legal moves raises
        :class:`~scopa_rules.AmbiguousMoveError` listing them; text for an
        illegal move raises :class:`~scopa_rules.IllegalMoveError`.

        >>> import scopa_rules as sr
        >>> state = sr.GameState.from_position(
        ...     sr.Ruleset.scopa(), hands=["5D KC", "AS 6C"], table="2S 5H 3C JD",
        ...     piles=["", sr.ALL_CARDS - sr.CardSet("5D KC AS 6C 2S 5H 3C JD")], last_capturer=1)
        >>> state.parse_move("5d")
        Move.parse('5Dx5H')
        >>> state.parse_move("KC x 3C 5H 2S")
        Move.parse('KCx5H2S3C')
        >>> state.parse_move("KC")
        Traceback (most recent call last):
        ...
        scopa_rules.errors.AmbiguousMoveError: KC can be played in 2 ways: KCxJD2S, KCx5H2S3C
        """
        if not isinstance(text, str):
            raise NotationError(f"move text must be a string, not {shown(text)}")
        legal = self.legal_moves()
        word = text.strip().lower()
        if self.phase is _FIRST_CARD_PHASE and word in ("keep", "table"):
            return legal[0] if word == "keep" else legal[1]
        move = Move.parse(text)
        said_outright = "x" in word or word.startswith("trail")
        if move.is_trail and not said_outright:
            with_card = tuple(m for m in legal if m.card is move.card)
            if len(with_card) == 1:
                return with_card[0]
            if len(with_card) > 1:
                hint = (
                    f" (write 'trail {move.card}' for the trail)"
                    if move in with_card
                    else ""
                )
                raise AmbiguousMoveError(
                    f"{move.card} can be played in {len(with_card)} ways: "
                    f"{moves_text(with_card)}{hint}",
                    with_card,
                )
        reason = self._illegal_reason(move, None)
        if reason is not None:
            raise IllegalMoveError(f"illegal move {move}: {reason}")
        return move

    # -- records and saving ----------------------------------------------------

    def record(self) -> GameRecord:
        """The record of the game so far: rules, deal source and every turn
        (see :class:`~scopa_rules.GameRecord`).

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=5)
        >>> state = state.apply(state.legal_moves()[0])
        >>> state.record().final_state() == state
        True
        """
        from .records import GameRecord

        return GameRecord.of(self)

    def to_dict(self) -> dict[str, Any]:
        """The state as versioned, JSON-safe data: its record and a snapshot
        of the position (see :meth:`from_dict`).

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=5)
        >>> sr.GameState.from_dict(state.to_dict()) == state
        True
        """
        from .records import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        *,
        max_turns: int | None = None,
        max_target_score: int | None = None,
    ) -> GameState:
        """The state saved by :meth:`to_dict`.  The record is replayed and the
        snapshot checked against it; anything inconsistent (a card missing or
        twice, a seat out of range, a pile that does not match the history)
        raises :class:`~scopa_rules.InvalidStateError`.  The record's length
        and target are limited as in :meth:`GameRecord.from_dict`
        (``None`` keeps the default limit).

        >>> import scopa_rules as sr
        >>> data = sr.new_game(seed=5).to_dict()
        >>> data["state"]["table"] = "AD"
        >>> sr.GameState.from_dict(data)
        Traceback (most recent call last):
        ...
        scopa_rules.errors.InvalidStateError: card AD is saved both in seat 1's hand and in table
        """
        from .records import MAX_TARGET_SCORE, MAX_TURNS, state_from_dict

        return state_from_dict(
            data,
            max_turns=MAX_TURNS if max_turns is None else max_turns,
            max_target_score=(
                MAX_TARGET_SCORE if max_target_score is None else max_target_score
            ),
        )

    def play(
        self, move: Move, *, seat: int | None = None
    ) -> tuple[GameState, tuple[Event, ...]]:
        """:meth:`apply` with what the move did: the new state and the move's
        events (see :mod:`scopa_rules.events`).

        >>> import scopa_rules as sr
        >>> after, happened = sr.new_game(seed=7).play(sr.Move.parse("KH"))
        >>> happened[-1]
        Trailed(seat=0, card=Card.parse('KH'))
        """
        from .events import play

        return play(self, move, seat=seat)

    # -- views and pictures --------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` knows of this game (see :class:`PlayerView`).

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7)
        >>> view = state.view(1)
        >>> view.hand == state.hands[1], view.hand_sizes
        (True, (3, 3))
        """
        from .views import PlayerView

        return PlayerView.of(self, seat)

    def render(self, *, symbols: bool = False) -> str:
        """A compact text picture of the table, every hand, the piles and the
        scores (:meth:`PlayerView.render` shows only what one seat sees).
        ``symbols`` writes suits as ♦ ♥ ♠ ♣.

        >>> import scopa_rules as sr
        >>> print(sr.new_game(seed=7).render())
        Scopa, hand 1, dealer seat 1, seat 0 to move
        table   2D 7H 2C QC
        seat 0  3D KH 5C
        seat 1  4S 7S JC
        stock   30 cards
        side 0  score 0, pile 0, sweeps 0
        side 1  score 0, pile 0, sweeps 0
        target  11
        """
        from .render import render_state

        return render_state(self, symbols=symbols)

    def __str__(self) -> str:
        """The text picture, as :meth:`render` draws it: ``print()`` shows
        the table (``repr()`` stays the one-line summary).

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7)
        >>> str(state) == state.render()
        True
        """
        return self.render()

    def _repr_svg_(self) -> str:
        """The state as a picture, for Jupyter (see :mod:`scopa_rules.svg`)."""
        from . import svg

        return svg.state(self)

    # -- values ----------------------------------------------------------------------

    def __repr__(self) -> str:
        """Where the game stands, and enough to find the game again: the
        rules (a preset by name, other rules by their options), how it was
        dealt and how many turns it has had.  Hands count from 1 here, as
        people count them.

        >>> import scopa_rules as sr
        >>> sr.new_game(sr.Ruleset.scopa(target_score=21), seed=7)
        <GameState Ruleset(players=2, target_score=21), seed 7, turn 0: hand 1, dealer 1, seat 0 to move, table 2D 7H 2C QC, scores 0 : 0>
        """
        turn = (
            f"seat {self._to_move} to move"
            if self.current_player is not None
            else (f"won by side {self.winner}" if self.is_over else self.phase.value)
        )
        rules = self.rules
        preset = rules.preset_name()
        named = f"{preset}, {rules.players} players" if preset else repr(rules)
        source = self._source
        if source.sampled:
            dealt = "a determinized sample"
        elif source.position is not None:
            seed = source.seed
            dealt = "from a position" + ("" if seed is None else f", seed {seed}")
        elif source.seed is None:
            dealt = "given decks"
        else:
            dealt = f"seed {source.seed}"
        turns = len(self.history)
        return (
            f"<GameState {named}, {dealt}, turn {turns}: hand {self.hand_number + 1}, "
            f"dealer {self.dealer}, {turn}, table {self.table or '-'}, "
            f"scores {scores_text(self.scores)}>"
        )

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


def _annotate_getters(annotations: dict[str, Any]) -> None:
    """The field properties are made by _field and _dealt_field, whose
    getters return Any; each gets the type its class annotation gives, so
    that the API reference (built from the sources) and type checkers reading
    the getter show the real type.  The compiled build's extension type
    keeps no class annotations: there the getters say Any."""
    for name, annotation in annotations.items():
        attribute = GameState.__dict__.get(name)
        if isinstance(attribute, property) and attribute.fget is not None:
            attribute.fget.__annotations__["return"] = annotation


_annotate_getters(getattr(GameState, "__annotations__", {}))

_CARDS: tuple[Card, ...] = tuple(ALL_CARDS)
_ONE = 1  # a C int in the compiled build: shifted, a 64-bit mask
# The slots' own setters: GameState.__setattr__ refuses every change.  The
# compiled build stores into the extension type's C fields instead (a
# typed ``state._s = ...`` is a C store there, not a call of __setattr__);
# the module asks which build it is in at each store (a C constant when
# compiled).
_COMPILED = is_compiled(_annotate_getters)
_set_fields: Callable[[GameState, tuple[Any, ...]], None] = GameState.__dict__[
    "_s"
].__set__
_set_moves: Callable[[GameState, tuple[Move, ...] | None], None] = GameState.__dict__[
    "_m"
].__set__


def _played(before: GameState, fields: tuple[Any, ...], move: Move) -> GameState:
    """The state after ``move``, a card played in a hand in progress, from
    the ``fields`` of the state ``before`` it: the hot path of every search,
    written out in one function of plain tuples and masks (a module function,
    so that the compiled build types its locals, see ``state.pxd``).  The
    fields are unpacked in one step (in _FIELDS order), cheaper than reading
    them one by one."""
    (
        rules,
        _,
        dealer,
        hand_number,
        hands,
        table,
        stock,
        piles,
        sweeps,
        scores,
        last_capturer,
        _,
        _,
        hand_results,
        mover,
        deals_used,
        source,
        hand_decks,
        links,
        declarations,
    ) = fields
    play = move._play
    players = len(hands)
    side = rules.seat_sides[mover]
    # The mover's hand is not empty: another seat holds a card when fewer
    # than all the others are empty.
    hand, table, pile, swept = _kernel.play_card(
        rules,
        hands[mover],
        play,
        table,
        piles[side],
        sweeps[side],
        bool(stock) or hands.count(0) < players - 1,
    )
    held = list(hands)
    held[mover] = hand
    hands = tuple(held)
    if play >> 6:
        last_capturer = mover
        grown = list(piles)
        grown[side] = pile
        piles = tuple(grown)
        if swept != sweeps[side]:
            counts = list(sweeps)
            counts[side] = swept
            sweeps = tuple(counts)
    links = (links, mover, move)
    if not hand and not any(hands):
        if not stock:
            return _hand_over(fields, table, piles, sweeps, last_capturer, links)
        hands, stock = dealing.next_round(rules, dealer, stock)
        if rules.declarations:
            declarations += declare_round(rules, list(hands))
    mover += 1
    if mover == len(hands):  # a hand for each seat
        mover = 0
    after = (
        rules,
        _PLAY,
        dealer,
        hand_number,
        hands,
        table,
        stock,
        piles,
        sweeps,
        scores,
        last_capturer,
        None,
        None,
        hand_results,
        mover,
        deals_used,
        source,
        hand_decks,
        links,
        declarations,
    )
    state = GameState.__new__(GameState)
    if _COMPILED:
        state._s = after
        state._m = None
    else:
        _set_fields(state, after)
        _set_moves(state, None)
    return state


def _hand_over(
    fields: tuple[Any, ...],
    table: int,
    piles: tuple[int, ...],
    sweeps: tuple[int, ...],
    last_capturer: int | None,
    links: tuple[Any, ...],
) -> GameState:
    """The state after the last card of a hand, from the ``fields`` of the
    state before it: the leftover taken, the hand scored and logged, then
    the game over or the next hand waiting for its deal."""
    rules: Ruleset = fields[_RULES]
    dealer: int = fields[_DEALER]
    hand_number: int = fields[_HAND_NUMBER]
    hand_decks: tuple[Deck, ...] = fields[_HAND_DECKS]
    leftover = table
    leftover_side = None
    if last_capturer is not None:
        leftover_side = rules.seat_sides[last_capturer]
        grown = list(piles)
        _kernel.take_leftover(rules, grown, last_capturer, table)
        piles = tuple(grown)
        table = 0
    declarations = fields[_DECLARATIONS]
    scores, winner = hand_scored(rules, piles, sweeps, declarations, fields[_SCORES])
    result = FinishedHand(
        rules,
        hand_number,
        dealer,
        hand_decks,
        links,
        piles,
        leftover,
        leftover_side,
        sweeps,
        scores,
        declarations,
    )
    results = fields[_HAND_RESULTS].add(result)
    if winner is not None:
        return make_state(
            rules=rules,
            phase=_OVER,
            dealer=dealer,
            hand_number=hand_number,
            hands=(0,) * rules.players,
            table=table,
            stock=b"",
            piles=piles,
            sweeps=sweeps,
            scores=scores,
            last_capturer=last_capturer,
            first_card=None,
            winner=winner,
            hand_results=results,
            to_move=fields[_TO_MOVE],
            deals_used=fields[_DEALS_USED],
            source=fields[_SOURCE],
            hand_decks=hand_decks,
            move_links=(),
            declarations=declarations,
        )
    return _start_hand(
        rules,
        fields[_SOURCE],
        fields[_DEALS_USED],
        (dealer + 1) % rules.players,
        hand_number + 1,
        scores,
        results,
    )


def _state(fields: tuple[Any, ...], moves: tuple[Move, ...] | None = None) -> GameState:
    state = GameState.__new__(GameState)
    if _COMPILED:
        state._s = fields
        state._m = moves
    else:
        _set_fields(state, fields)
        _set_moves(state, moves)
    return state


def _unpickle_state(fields: tuple[Any, ...], stock: bytes, *packed: Any) -> GameState:
    # The fields come without the stock.  A state pickled before the
    # finished hands pickled as themselves (see _history.unpacked_hands)
    # comes without them too, and their count and bytes follow.
    if packed:
        hands = history_of(unpacked_hands(packed[1], fields[_RULES]))
        fields = (*fields[: _HAND_RESULTS - 1], hands, *fields[_HAND_RESULTS - 1 :])
    return _state((*fields[:_STOCK], stock, *fields[_STOCK:]))


def make_state(**fields: Any) -> GameState:
    """A state from every field by name (for the paths that are not hot;
    ``declarations`` may be left out); hands, the table and piles may be
    given as card sets or masks, the finished hands as a
    :class:`~scopa_rules._history.History`, the source as a
    :data:`DealSource`."""
    fields["hands"] = tuple([_mask(hand) for hand in fields["hands"]])
    fields["table"] = _mask(fields["table"])
    fields["piles"] = tuple([_mask(pile) for pile in fields["piles"]])
    stock = fields["stock"]
    fields["stock"] = stock if type(stock) is bytes else deck_bytes(stock)
    fields.setdefault("declarations", ())
    return _state(tuple(fields[name] for name in _FIELDS))


def field_reader(*names: str) -> Callable[[GameState], Any]:
    """A function that reads the fields ``names`` of a state at once, its
    hand dealt first if it is pending: their values as the state keeps
    them (masks for the cards of hands, the table and piles, the finished
    hands as a ``History``, the declarations as ``(seat, mask, points)``),
    a tuple in the order named, or the value itself for one name.  A
    module that reads several fields at each step (a view, an observation,
    a playout's start) makes its reader once, when it loads.

    >>> import scopa_rules as sr
    >>> read = field_reader("table", "to_move")
    >>> read(sr.new_game(seed=7)) == (sr.CardSet("2D 7H 2C QC").mask, 0)
    True
    """
    get = operator.itemgetter(*[_INDEX[name] for name in names])

    def read(state: GameState) -> Any:
        if state._m is _UNDEALT:
            state._deal_pending()
        return get(state._s)

    return read


def _mask(cards: CardSet | int) -> int:
    return cards if type(cards) is int else cards.mask  # type: ignore[union-attr]


def legal_plays(rules: Ruleset, hand: int, table: int) -> tuple[Move, ...]:
    """The legal plays from the cards of ``hand`` onto ``table`` (both masks),
    in the documented order: the kernel's plays, as moves."""
    return tuple(kernel_plays(rules, hand, table, _MOVES))


def scores_text(scores: tuple[int, ...]) -> str:
    return " : ".join(str(s) for s in scores)


def moves_text(moves: tuple[Move, ...]) -> str:
    return ", ".join(str(m) for m in moves) if moves else "none"


def move_text(move: object) -> str:
    """A move for a message: its notation, or anything else (an int too long
    to print, a huge or aliased structure) as :func:`~scopa_rules.errors.shown`
    gives it."""
    return str(move) if isinstance(move, Move) else shown(move)


def is_seat(value: object, players: int) -> bool:
    return (
        isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players
    )


def _fresh_seed() -> int:
    return secrets.randbits(63)


def _start_hand(
    rules: Ruleset,
    source: _DealSource,
    deals_used: int,
    dealer: int,
    hand_number: int,
    scores: tuple[int, ...],
    hand_results: History,
) -> GameState:
    """A hand about to be dealt, then dealt from the source."""
    sides = rules.sides
    waiting = [
        rules,
        _AWAITING_DEAL,
        dealer,
        hand_number,
        (0,) * rules.players,
        0,
        b"",
        (0,) * sides,
        (0,) * sides,
        scores,
        None,
        None,
        None,
        hand_results,
        (dealer + 1) % rules.players,
        deals_used,
        source,
        (),
        (),
        (),
    ]
    if source.seed is None and deals_used >= len(source.decks):
        return _deal_next(waiting)  # no deck to deal: it waits for one
    return _state(tuple(waiting), _UNDEALT)


def _deal_next(fields: list[Any]) -> GameState:
    """Deal decks from the source into the fields of a waiting state until
    one needs no redeal (a loop, not recursion: some house rules redeal
    often)."""
    rules: Ruleset = fields[_RULES]
    source: _DealSource = fields[_SOURCE]
    while True:
        deck = source.deck(fields[_DEALS_USED])
        if deck is None:
            return _state(tuple(fields))
        fields[_DEALS_USED] += 1
        fields[_HAND_DECKS] = (*fields[_HAND_DECKS], deck)
        cards = deck.cards
        if rules.first_card_choice:
            fields[_PHASE] = _FIRST_CARD_PHASE
            fields[_STOCK] = deck_bytes(cards[1:])
            fields[_FIRST_CARD] = cards[0]
            return _state(tuple(fields))
        if _deal_into_play(fields, deck_bytes(cards), -1):
            return _state(tuple(fields))


def _deal_into_play(fields: list[Any], deck: bytes, keep_first: int) -> bool:
    """Deal ``deck`` (a whole deck's card indexes, top first; ``keep_first``
    as :func:`~scopa_rules.dealing.deal_hand` takes it) into the fields of
    a waiting state, ready to play; ``False`` (and the fields untouched)
    when the table calls for a redeal."""
    rules: Ruleset = fields[_RULES]
    dealer: int = fields[_DEALER]
    players = rules.players
    held = [0] * 40
    table, at = dealing.deal_hand(rules, dealer, deck, keep_first, held)
    if needs_redeal(rules, table):
        return False
    sides = rules.sides
    piles = [0] * 40
    sweeps = [0] * 40
    for k in range(sides):
        piles[k] = fields[_PILES][k]
        sweeps[k] = fields[_SWEEPS][k]
    if dealing.sweep_the_deal(rules, dealer, table, piles, sweeps):
        fields[_PILES] = tuple([piles[k] for k in range(sides)])
        fields[_SWEEPS] = tuple([sweeps[k] for k in range(sides)])
        fields[_LAST_CAPTURER] = dealer
        table = 0
    hands = [held[k] for k in range(players)]
    fields[_PHASE] = _PLAY
    fields[_HANDS] = tuple(hands)
    fields[_TABLE] = table
    fields[_STOCK] = deck[at:]
    fields[_FIRST_CARD] = None
    if rules.declarations:
        fields[_DECLARATIONS] = declare_round(rules, hands)
    fields[_TO_MOVE] = (dealer + 1) % players
    return True


_DEFAULT_RULES = Ruleset.scopa()
"""The rules of a game begun without any: one value, made once."""


def new_game(
    rules: Ruleset | None = None,
    *,
    seed: int | None = None,
    deck: Deck | str | Iterable[Card | str] | None = None,
    decks: Iterable[Deck | str | Iterable[Card | str]] | None = None,
    dealer: int | None = None,
) -> GameState:
    """Start a game: the first hand is dealt.

    * ``seed`` deals every deck: the n-th deck of the game (redeals counted)
      is ``Deck.shuffled(seed, n)``, the same on every machine.
    * ``deck`` is the first deck (top first; see :mod:`scopa_rules.dealing`
      for the deal order), ``decks`` the decks for successive deals.  When
      they run out the seed takes over; without a seed the game waits in
      :attr:`Phase.AWAITING_DEAL` for :meth:`GameState.deal`.
    * With neither seed nor decks, a random seed is drawn and kept in
      :attr:`GameState.seed`, so every game can be replayed.
    * ``dealer`` defaults to the last seat, so that seat 0 leads the first hand.

    >>> import scopa_rules as sr
    >>> state = sr.new_game(sr.Ruleset.scopa(players=4), seed=7)
    >>> state.dealer, state.current_player, [len(h) for h in state.hands]
    (3, 0, [3, 3, 3, 3])
    >>> sr.new_game(seed=7) == sr.new_game(seed=7)
    True
    """
    if rules is None:
        rules = _DEFAULT_RULES
    if not isinstance(rules, Ruleset):
        raise InvalidStateError(f"rules must be a Ruleset, not {shown(rules)}")
    check_seed(seed, optional=True)
    given: list[Deck] = []
    if deck is not None:
        given.append(deck if isinstance(deck, Deck) else Deck(deck))
    if decks is not None:
        if isinstance(decks, (str, Deck)) or not isinstance(decks, Iterable):
            raise InvalidStateError(
                f"decks must be a list of decks (each a Deck, cards or card text), "
                f"not {shown(decks)}"
            )
        given.extend(d if isinstance(d, Deck) else Deck(d) for d in decks)
    if seed is None and not given:
        seed = _fresh_seed()
    if dealer is None:
        dealer = rules.players - 1
    if not is_seat(dealer, rules.players):
        raise InvalidStateError(
            f"dealer must be a seat from 0 to {rules.players - 1}, not {shown(dealer)}"
        )
    return _start_hand(
        rules,
        _DealSource(
            seed=seed, decks=tuple(given), start_decks=len(given), dealer=dealer
        ),
        0,
        dealer,
        0,
        (0,) * rules.sides,
        NO_HANDS,
    )


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """The legal moves of ``state``; the same as :meth:`GameState.legal_moves`.

    >>> import scopa_rules as sr
    >>> sr.legal_moves(sr.new_game(seed=7))
    (Move.parse('3D'), Move.parse('KH'), Move.parse('5C'))
    """
    return state.legal_moves()


def apply_move(state: GameState, move: Move, *, check: bool = True) -> GameState:
    """The state after ``move``; the same as :meth:`GameState.apply`.

    >>> import scopa_rules as sr
    >>> sr.apply_move(sr.new_game(seed=7), sr.Move.parse("3D")).table
    CardSet('2D 3D 7H 2C QC')
    """
    return state.apply(move, check=check)
