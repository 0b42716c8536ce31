"""What each move did: events for user interfaces.

A move can do a lot at once: play a card, take cards, sweep the table, end
the hand, score it, deal the next one.  Instead of comparing two states to
find out, a program asks for the *events* of the move: small immutable values
in the order a table would show them.  :func:`play` applies a move and returns
its events with the new state; :func:`deal` does the same for a deck supplied
to a waiting game, :func:`opening` gives the events of a game's first deal and
:func:`game_events` (or :meth:`GameRecord.events`) those of a whole game.

>>> import scopa_rules as sr
>>> state = sr.new_game(seed=7)
>>> [type(event).__name__ for event in sr.events.opening(state)]
['HandStarted', 'CardsDealt', 'CardsDealt', 'TableDealt']
>>> state, happened = sr.events.play(state, sr.Move.parse("KH"))
>>> happened
(CardPlayed(seat=0, card=Card.parse('KH')), Trailed(seat=0, card=Card.parse('KH')))

Events are computed from what the states keep, only when asked for, so code
that only calls :meth:`GameState.apply` (a search) pays nothing for them.

Hands are numbered from 0 in events, as :attr:`GameState.hand_number` is;
show ``hand_number + 1`` to people.

Not every seat may see every event in full: the cards dealt to another seat,
and another seat's kept first card in Chkobba, are secret.  :func:`seen_by`
gives the events as one seat saw them (the same as
:attr:`PlayerView.events` for the game so far):

>>> mine = sr.events.seen_by(sr.events.opening(sr.new_game(seed=7)), 0)
>>> mine[1], mine[2]
(CardsDealt(seat=0, count=3, cards=CardSet('3D KH 5C')), CardsDealt(seat=1, count=3, cards=None))

Every event says itself in words, with the seats named as the caller likes
(``"you"`` makes the verbs agree), and :func:`narrate` tells a stream of
them as a table would, a play and what it took in one line:

>>> print(happened[1])
Seat 0 trails KH, taking nothing
>>> happened[1].describe(names=["you", "Ada"])
'You trail KH, taking nothing'
>>> narrate(happened, {0: "you"})
['You trail KH, taking nothing']

Every event turns into JSON-safe data with :func:`event_to_dict` (the shape
is in the JSON Schema shipped with the package, see :func:`json_schema`), and
:func:`event_from_dict` reads that data back, checked, for a client or a log
reader that received it:

>>> import json
>>> data = json.loads(json.dumps(sr.events.event_to_dict(happened[0])))
>>> sr.events.event_from_dict(data) == happened[0]
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, Union, get_args

import attrs

from .cards import Card, CardSet, Rank
from .dealing import dealt_table
from .deck import Deck
from .errors import InvalidStateError, NotationError, shown, shown_names
from .moves import Move, MoveKind
from .rules import PrimieraRule, Ruleset
from .scoring import HandScore, SideScore
from .state import GameState, Phase, field_reader

if TYPE_CHECKING:
    from .records import GameRecord

__all__ = [
    "Captured",
    "CardPlayed",
    "CardsDealt",
    "Declared",
    "Event",
    "FirstCardDealt",
    "FirstCardDecided",
    "GameOver",
    "HandEnded",
    "HandScored",
    "HandStarted",
    "InitialSweeps",
    "Redealt",
    "Swept",
    "TableDealt",
    "Trailed",
    "deal",
    "event_from_dict",
    "event_to_dict",
    "game_events",
    "json_schema",
    "narrate",
    "opening",
    "play",
    "score_from_dict",
    "score_to_dict",
    "seen_by",
]


Names = Union[Sequence[str], Mapping[int, str], None]  # noqa: UP007 - runtime alias
"""Names for the seats (or the sides) in an event's text, by number: a
sequence (``["you", "Ada"]``) or a mapping (``{0: "you"}``); a seat with no
name is ``"seat N"``, a side ``"side N"``.  The name ``"you"`` takes the
verbs' plural form ("you take", "seat 1 takes")."""


class _Described:
    """What every event class shares: its text (``describe()``, ``str()``)."""

    __slots__ = ()

    def describe(self, names: Names = None, sides: Names = None) -> str:
        """The event in words, as one sentence; ``names`` name the seats and
        ``sides`` the sides (:data:`Names`)."""
        return _TEXTS[type(self)](self, _Namer(names, sides))

    def __str__(self) -> str:
        return self.describe()


@attrs.frozen
class HandStarted(_Described):
    """A new hand begins (at the start of the game too).

    >>> HandStarted(hand_number=0, dealer=1)
    HandStarted(hand_number=0, dealer=1)
    >>> print(HandStarted(hand_number=0, dealer=1))
    Hand 1 begins; seat 1 deals
    >>> HandStarted(hand_number=0, dealer=0).describe(names=["you"])
    'Hand 1 begins; you deal'
    """

    type: ClassVar[str] = "hand_started"
    hand_number: int
    """The hand's number, from 0 (show ``hand_number + 1`` to people)."""
    dealer: int
    """The seat that deals it."""


@attrs.frozen
class Redealt(_Described):
    """The cards were collected and dealt again, because of what the table
    showed: ``reason`` is ``"kings"`` (``redeal_kings`` kings among the
    table cards) or ``"aces"`` (``redeal_aces`` aces).  ``table`` is the
    table that was shown.

    >>> Redealt(hand_number=0, reason="kings", table=CardSet("KD 2H KS KC"))
    Redealt(hand_number=0, reason='kings', table=CardSet('KD 2H KS KC'))
    >>> print(Redealt(hand_number=0, reason="kings", table=CardSet("KD 2H KS KC")))
    The table showed 3 kings (KD 2H KS KC): the cards are dealt again
    """

    type: ClassVar[str] = "redealt"
    hand_number: int
    """The hand's number, from 0 (show ``hand_number + 1`` to people)."""
    reason: str
    table: CardSet


@attrs.frozen
class FirstCardDealt(_Described):
    """Chkobba: the first card of the deck goes to ``seat`` (the seat after
    the dealer), which decides whether to keep it.  ``card`` is ``None`` for
    the other seats, which do not see it.

    >>> FirstCardDealt(seat=0, card=Card.parse("7D"))
    FirstCardDealt(seat=0, card=Card.parse('7D'))
    >>> print(FirstCardDealt(seat=1, card=None))
    Seat 1 is dealt the first card, face down, to keep or to put on the table
    """

    type: ClassVar[str] = "first_card_dealt"
    seat: int
    card: Card | None


@attrs.frozen
class FirstCardDecided(_Described):
    """Chkobba: ``seat`` kept the first card or put it on the table.  A kept
    card is secret: ``card`` is ``None`` for the other seats.

    >>> FirstCardDecided(seat=0, kept=False, card=Card.parse("2S"))
    FirstCardDecided(seat=0, kept=False, card=Card.parse('2S'))
    >>> FirstCardDecided(seat=0, kept=False, card=Card.parse("2S")).describe(["you"])
    'You put the first card, 2S, on the table'
    >>> print(FirstCardDecided(seat=1, kept=True, card=None))
    Seat 1 keeps the first card
    """

    type: ClassVar[str] = "first_card_decided"
    seat: int
    kept: bool
    card: Card | None


@attrs.frozen
class CardsDealt(_Described):
    """``seat`` is dealt ``count`` cards: ``cards`` where the reader may know
    them (the seat itself, or a full state), ``None`` otherwise.

    >>> CardsDealt(seat=1, count=3, cards=None)
    CardsDealt(seat=1, count=3, cards=None)
    >>> print(CardsDealt(seat=1, count=1, cards=None))
    Seat 1 is dealt 1 card
    >>> CardsDealt(seat=0, count=3, cards=CardSet("3D KH 5C")).describe({0: "you"})
    'You are dealt 3 cards: 3D KH 5C'
    """

    type: ClassVar[str] = "cards_dealt"
    seat: int
    count: int
    cards: CardSet | None


@attrs.frozen
class Declared(_Described):
    """Cirulla (option ``declarations``): ``seat`` declares the three cards
    it was just dealt, shown to every seat, and ``side`` will score
    ``points`` for them at the end of the hand (``kind`` ``"cirulla"``: 3
    cards adding up to 9 or less; ``"decino"``: three of one rank).

    >>> Declared(seat=1, side=1, cards=CardSet("2H 2S 4C"), kind="cirulla", points=3)
    Declared(seat=1, side=1, cards=CardSet('2H 2S 4C'), kind='cirulla', points=3)
    >>> print(Declared(seat=1, side=1, cards=CardSet("2H 2S 4C"), kind="cirulla", points=3))
    Seat 1 declares 2H 2S 4C, a cirulla (3 cards adding up to 9 or less): 3 points for side 1
    """

    type: ClassVar[str] = "declared"
    seat: int
    side: int
    cards: CardSet
    kind: str
    points: int


@attrs.frozen
class TableDealt(_Described):
    """The cards dealt face up on the table at the start of a hand.

    >>> TableDealt(table=CardSet("2D 7H 2C QC"))
    TableDealt(table=CardSet('2D 7H 2C QC'))
    >>> print(TableDealt(table=CardSet("2D 7H 2C QC")))
    The table is dealt 4 cards: 2D 7H 2C QC
    """

    type: ClassVar[str] = "table_dealt"
    table: CardSet


@attrs.frozen
class InitialSweeps(_Described):
    """Escoba: the table dealt adds up to 15 (one sweep) or 30 (two), and the
    dealer's side takes it.

    >>> InitialSweeps(seat=1, side=1, count=1, cards=CardSet("7D 5S 3C"))
    InitialSweeps(seat=1, side=1, count=1, cards=CardSet('7D 5S 3C'))
    >>> print(InitialSweeps(seat=1, side=1, count=1, cards=CardSet("7D 5S 3C")))
    The table dealt adds up to 15: seat 1 takes it, 1 sweep for side 1
    """

    type: ClassVar[str] = "initial_sweeps"
    seat: int
    side: int
    count: int
    cards: CardSet


@attrs.frozen
class CardPlayed(_Described):
    """``seat`` plays ``card`` from its hand (a capture or a trail follows).

    >>> CardPlayed(seat=0, card=Card.parse("3D"))
    CardPlayed(seat=0, card=Card.parse('3D'))
    >>> print(CardPlayed(seat=0, card=Card.parse("3D")))
    Seat 0 plays 3D
    """

    type: ClassVar[str] = "card_played"
    seat: int
    card: Card


@attrs.frozen
class Captured(_Described):
    """``seat`` takes ``cards`` from the table with ``card``; both go to the
    pile of ``side``.

    >>> Captured(seat=0, side=0, card=Card.parse("5C"), cards=CardSet("2D 3S"))
    Captured(seat=0, side=0, card=Card.parse('5C'), cards=CardSet('2D 3S'))
    >>> print(Captured(seat=0, side=0, card=Card.parse("5C"), cards=CardSet("2D 3S")))
    Seat 0 takes 2D 3S with 5C
    """

    type: ClassVar[str] = "captured"
    seat: int
    side: int
    card: Card
    cards: CardSet


@attrs.frozen
class Trailed(_Described):
    """``seat`` puts ``card`` on the table without taking anything.

    >>> Trailed(seat=1, card=Card.parse("KH"))
    Trailed(seat=1, card=Card.parse('KH'))
    >>> Trailed(seat=1, card=Card.parse("KH")).describe(["you", "Ada"])
    'Ada trails KH, taking nothing'
    """

    type: ClassVar[str] = "trailed"
    seat: int
    card: Card


@attrs.frozen
class Swept(_Described):
    """A capture took the whole table.  ``counted`` says whether it scores a
    sweep (the last capture of a hand, or an ace taking all, may not,
    depending on the rules).

    >>> Swept(seat=0, side=0, counted=True)
    Swept(seat=0, side=0, counted=True)
    >>> Swept(seat=0, side=0, counted=True).describe(["you"], ["you"])
    'You sweep the table: a sweep'
    >>> Swept(seat=2, side=0, counted=True).describe(["you"], ["your side"])
    'Seat 2 sweeps the table: a sweep for your side'
    >>> print(Swept(seat=1, side=1, counted=False))
    Seat 1 takes the whole table, which does not count as a sweep
    """

    type: ClassVar[str] = "swept"
    seat: int
    side: int
    counted: bool


@attrs.frozen
class HandEnded(_Described):
    """The last card of the hand has been played; the cards left on the table
    (``leftover``) go to ``leftover_side``, the side that captured last
    (``None`` when nobody captured: the cards stay out).

    >>> HandEnded(hand_number=0, leftover=CardSet("4C"), leftover_side=1)
    HandEnded(hand_number=0, leftover=CardSet('4C'), leftover_side=1)
    >>> print(HandEnded(hand_number=0, leftover=CardSet("4C"), leftover_side=1))
    Hand 1 ends: side 1 takes the 1 card left on the table, 4C
    """

    type: ClassVar[str] = "hand_ended"
    hand_number: int
    """The hand's number, from 0 (show ``hand_number + 1`` to people)."""
    leftover: CardSet
    leftover_side: int | None


@attrs.frozen
class HandScored(_Described):
    """The hand's breakdown (``score``) and the match scores after it.

    >>> import scopa_rules as sr
    >>> score = sr.score_hand(sr.Ruleset.scopa(), [sr.CardSet("7D"), sr.CardSet("KS")], [0, 0])
    >>> HandScored(hand_number=0, score=score, scores=(2, 0)).score.totals
    (2, 0)
    >>> print(HandScored(hand_number=0, score=score, scores=(2, 0)))
    Hand 1 scores 2 points to side 0 and 0 points to side 1; the score is 2 to 0
    """

    type: ClassVar[str] = "hand_scored"
    hand_number: int
    """The hand's number, from 0 (show ``hand_number + 1`` to people)."""
    score: HandScore
    scores: tuple[int, ...]


@attrs.frozen
class GameOver(_Described):
    """The game is over: ``winner`` is the winning side.

    >>> GameOver(winner=1, scores=(9, 11))
    GameOver(winner=1, scores=(9, 11))
    >>> print(GameOver(winner=1, scores=(9, 11)))
    Side 1 wins the game, 11 to 9
    >>> GameOver(winner=0, scores=(11, 9)).describe(sides=["you"])
    'You win the game, 11 to 9'
    """

    type: ClassVar[str] = "game_over"
    winner: int
    scores: tuple[int, ...]


Event = Union[  # noqa: UP007 - a runtime alias, also on Python 3.10
    HandStarted,
    Redealt,
    FirstCardDealt,
    FirstCardDecided,
    CardsDealt,
    Declared,
    TableDealt,
    InitialSweeps,
    CardPlayed,
    Captured,
    Trailed,
    Swept,
    HandEnded,
    HandScored,
    GameOver,
]
"""Any one of the event classes of this module."""


# -- events in words -----------------------------------------------------------------

_VERBS = {
    "is": "are",
    "has": "have",
    "plays": "play",
    "takes": "take",
    "trails": "trail",
    "keeps": "keep",
    "puts": "put",
    "declares": "declare",
    "sweeps": "sweep",
    "deals": "deal",
    "wins": "win",
}
"""Each verb the texts use, as it goes with a seat (``seat 1 takes``) and
with ``you`` (``you take``)."""


def _counted(count: int, thing: str) -> str:
    """``count`` things in words: ``1 card``, ``3 cards``, ``no cards``."""
    if count == 0:
        return f"no {thing}s"
    return f"{count} {thing}{'' if count == 1 else 's'}"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _listed(items: Sequence[str]) -> str:
    """Two or more things in words: ``a and b``, ``a, b and c``."""
    return ", ".join(items[:-1]) + " and " + items[-1]


class _Namer:
    """The names of seats and sides in a text, and their verbs."""

    def __init__(self, seats: Names, sides: Names) -> None:
        self.seats = self._checked(seats, "names")
        self.sides = self._checked(sides, "sides")

    @staticmethod
    def _checked(names: Names, what: str) -> Names:
        """``names`` if they are names by number, else
        :class:`~scopa_rules.InvalidStateError`."""
        if names is None:
            return None
        if isinstance(names, Mapping):
            given = list(names.values())
        elif isinstance(names, Sequence) and not isinstance(names, str):
            given = list(names)
        else:
            raise InvalidStateError(
                f"{what} must be a list of names or a dict from number to name, "
                f"not {shown(names)}"
            )
        wrong = [name for name in given if not isinstance(name, str)]
        if wrong:
            raise InvalidStateError(f"{what} must be strings, not {shown(wrong[0])}")
        return names

    @staticmethod
    def _name(names: Names, number: int, default: str) -> str:
        if isinstance(names, Mapping):
            return names.get(number, f"{default} {number}")
        if names is not None and 0 <= number < len(names):
            return names[number]
        return f"{default} {number}"

    def seat(self, seat: int) -> str:
        return self._name(self.seats, seat, "seat")

    def side(self, side: int) -> str:
        return self._name(self.sides, side, "side")

    @staticmethod
    def verb(who: str, verb: str) -> str:
        """``verb`` as it goes with ``who``: ``takes``, or ``take`` for you."""
        return _VERBS[verb] if who.lower() == "you" else verb

    def does(self, who: str, verb: str) -> str:
        """``who`` and ``verb`` agreeing: ``seat 1 takes``, ``you take``."""
        return f"{who} {self.verb(who, verb)}"

    def for_side(self, side: int, seat: int) -> str:
        """`` for`` the side, unless it is called as ``seat`` is."""
        name = self.side(side)
        return "" if name == self.seat(seat) else f" for {name}"

    def seat_does(self, seat: int, verb: str) -> str:
        return self.does(self.seat(seat), verb)

    def side_does(self, side: int, verb: str) -> str:
        return self.does(self.side(side), verb)


def _tell_hand_started(event: HandStarted, names: _Namer) -> str:
    return (
        f"Hand {event.hand_number + 1} begins; {names.seat_does(event.dealer, 'deals')}"
    )


def _tell_redealt(event: Redealt, names: _Namer) -> str:
    rank = Rank.KING if event.reason == "kings" else Rank.ACE
    count = len(event.table.of_rank(rank))
    shown_rank = event.reason if count != 1 else event.reason[:-1]
    return (
        f"The table showed {count} {shown_rank} ({event.table}): "
        "the cards are dealt again"
    )


def _tell_first_card_dealt(event: FirstCardDealt, names: _Namer) -> str:
    card = f", {event.card}" if event.card is not None else ", face down"
    return _sentence(
        f"{names.seat_does(event.seat, 'is')} dealt the first card{card}, "
        "to keep or to put on the table"
    )


def _tell_first_card_decided(event: FirstCardDecided, names: _Namer) -> str:
    if event.kept:
        card = f", {event.card}" if event.card is not None else ""
        return _sentence(f"{names.seat_does(event.seat, 'keeps')} the first card{card}")
    return _sentence(
        f"{names.seat_does(event.seat, 'puts')} the first card, {event.card}, "
        "on the table"
    )


def _tell_cards_dealt(event: CardsDealt, names: _Namer) -> str:
    cards = f": {event.cards}" if event.cards else ""
    return _sentence(
        f"{names.seat_does(event.seat, 'is')} dealt {_counted(event.count, 'card')}{cards}"
    )


_DECLARATIONS = {
    "cirulla": "a cirulla (3 cards adding up to 9 or less)",
    "decino": "a decino (three cards of one rank)",
}


def _tell_declared(event: Declared, names: _Namer) -> str:
    return _sentence(
        f"{names.seat_does(event.seat, 'declares')} {event.cards}, "
        f"{_DECLARATIONS.get(event.kind, event.kind)}: "
        f"{_counted(event.points, 'point')}{names.for_side(event.side, event.seat)}"
    )


def _tell_table_dealt(event: TableDealt, names: _Namer) -> str:
    if not event.table:
        return "The table is dealt no cards"
    return f"The table is dealt {_counted(len(event.table), 'card')}: {event.table}"


def _tell_initial_sweeps(event: InitialSweeps, names: _Namer) -> str:
    return (
        f"The table dealt adds up to {15 * event.count}: "
        f"{names.seat_does(event.seat, 'takes')} it, "
        f"{_counted(event.count, 'sweep')}{names.for_side(event.side, event.seat)}"
    )


def _tell_card_played(event: CardPlayed, names: _Namer) -> str:
    return _sentence(f"{names.seat_does(event.seat, 'plays')} {event.card}")


def _tell_captured(event: Captured, names: _Namer) -> str:
    return _sentence(
        f"{names.seat_does(event.seat, 'takes')} {event.cards} with {event.card}"
    )


def _tell_trailed(event: Trailed, names: _Namer) -> str:
    return _sentence(
        f"{names.seat_does(event.seat, 'trails')} {event.card}, taking nothing"
    )


def _tell_swept(event: Swept, names: _Namer) -> str:
    if event.counted:
        return _sentence(
            f"{names.seat_does(event.seat, 'sweeps')} the table: "
            f"a sweep{names.for_side(event.side, event.seat)}"
        )
    return _sentence(
        f"{names.seat_does(event.seat, 'takes')} the whole table, "
        "which does not count as a sweep"
    )


def _tell_hand_ended(event: HandEnded, names: _Namer) -> str:
    ended = f"Hand {event.hand_number + 1} ends"
    if not event.leftover:
        return f"{ended} with nothing left on the table"
    left = (
        f"{_counted(len(event.leftover), 'card')} left on the table, {event.leftover}"
    )
    if event.leftover_side is None:
        return f"{ended}; nobody captured, so the {left}, stay out of the piles"
    return f"{ended}: {names.side_does(event.leftover_side, 'takes')} the {left}"


def _scores(scores: Sequence[int]) -> str:
    return " to ".join(map(str, scores))


def _tell_hand_scored(event: HandScored, names: _Namer) -> str:
    points = _listed(
        [
            f"{_counted(total, 'point')} to {names.side(side)}"
            for side, total in enumerate(event.score.totals)
        ]
    ).replace("no points", "0 points")
    return (
        f"Hand {event.hand_number + 1} scores {points}; "
        f"the score is {_scores(event.scores)}"
    )


def _tell_game_over(event: GameOver, names: _Namer) -> str:
    won = names.side_does(event.winner, "wins")
    if len(event.scores) == 2:
        mine, other = event.scores[event.winner], event.scores[1 - event.winner]
        return _sentence(f"{won} the game, {mine} to {other}")
    return _sentence(
        f"{won} the game with {_counted(event.scores[event.winner], 'point')}; "
        f"the score is {_scores(event.scores)}"
    )


_TEXTS: dict[type[Any], Callable[[Any, _Namer], str]] = {
    HandStarted: _tell_hand_started,
    Redealt: _tell_redealt,
    FirstCardDealt: _tell_first_card_dealt,
    FirstCardDecided: _tell_first_card_decided,
    CardsDealt: _tell_cards_dealt,
    Declared: _tell_declared,
    TableDealt: _tell_table_dealt,
    InitialSweeps: _tell_initial_sweeps,
    CardPlayed: _tell_card_played,
    Captured: _tell_captured,
    Trailed: _tell_trailed,
    Swept: _tell_swept,
    HandEnded: _tell_hand_ended,
    HandScored: _tell_hand_scored,
    GameOver: _tell_game_over,
}
"""How each event class is told in words."""


def narrate(
    events: Iterable[Event], names: Names = None, sides: Names = None
) -> list[str]:
    """``events`` in words, one sentence a line, as a table would tell them:
    each event's :meth:`~HandStarted.describe`, with a play and what it did
    (its capture or trail, and a sweep) in one line, and the hidden hands of
    one deal in one line.  ``names`` name the seats and ``sides`` the sides
    (:data:`Names`).

    >>> import scopa_rules as sr
    >>> state = sr.GameState.from_position(
    ...     sr.Ruleset.scopa(), hands=["5C 2H", "AS 6C"], table="2C 3S",
    ...     piles=["", sr.ALL_CARDS - sr.CardSet("5C 2H AS 6C 2C 3S")], last_capturer=1)
    >>> after, happened = play(state, sr.Move.parse("5Cx3S2C"))
    >>> narrate(happened, ["you", "Ada"], ["you", "Ada"])
    ['You play 5C and take 3S 2C: a sweep!']
    >>> after, happened = play(after, sr.Move.parse("AS"))
    >>> narrate(happened, ["you", "Ada"])
    ['Ada trails AS, taking nothing']
    >>> for line in narrate(seen_by(opening(sr.new_game(sr.Ruleset.scopa(players=3), seed=7)), 0)):
    ...     print(line)
    Hand 1 begins; seat 2 deals
    Seat 0 is dealt 3 cards: 3D KH 5C
    Seat 1 and seat 2 are dealt 3 cards each
    The table is dealt 4 cards: 2S 3S 4C QC
    """
    namer = _Namer(names, sides)
    lines: list[str] = []
    pending = list(events)
    index = 0
    while index < len(pending):
        event = pending[index]
        index += 1
        if isinstance(event, CardPlayed) and index < len(pending):
            after = pending[index]
            if isinstance(after, Captured):
                index += 1
                who = namer.seat(event.seat)
                line = _sentence(
                    f"{namer.does(who, 'plays')} {event.card} and "
                    f"{namer.verb(who, 'takes')} {after.cards}"
                )
                if index < len(pending) and isinstance(pending[index], Swept):
                    swept = pending[index]
                    assert isinstance(swept, Swept)
                    index += 1
                    line += (
                        ": a sweep!"
                        if swept.counted
                        else ", the whole table, which does not count as a sweep"
                    )
                lines.append(line)
                continue
            if isinstance(after, Trailed):
                continue  # the trail says the card
        if isinstance(event, CardsDealt):
            run = [event]
            while index < len(pending) and isinstance(pending[index], CardsDealt):
                dealt = pending[index]
                assert isinstance(dealt, CardsDealt)
                run.append(dealt)
                index += 1
            lines += _deal_lines(run, namer)
            continue
        lines.append(_TEXTS[type(event)](event, namer))
    return lines


def _deal_lines(run: list[CardsDealt], names: _Namer) -> list[str]:
    """One deal's hands: each hand a seat may see on a line of its own, the
    hidden hands of one size together."""
    lines: list[str] = []
    hidden: dict[int, list[int]] = {}
    for dealt in run:
        if dealt.count == 0:
            continue
        if dealt.cards is None:
            hidden.setdefault(dealt.count, []).append(dealt.seat)
        else:
            lines.append(_tell_cards_dealt(dealt, names))
    for count, seats in hidden.items():
        if len(seats) == 1:
            lines.append(_tell_cards_dealt(CardsDealt(seats[0], count, None), names))
            continue
        who = _listed([names.seat(seat) for seat in seats])
        lines.append(_sentence(f"{who} are dealt {_counted(count, 'card')} each"))
    return lines


# -- what a transition did ---------------------------------------------------------


def play(
    state: GameState, move: Move, *, seat: int | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Apply ``move`` (as :meth:`GameState.apply` does, with the same checks)
    and return the new state with what the move did.

    >>> import scopa_rules as sr
    >>> state = sr.GameState.from_position(
    ...     sr.Ruleset.scopa(), hands=["5C 2H", "AS 6C"], table="2C 3S",
    ...     piles=["", sr.ALL_CARDS - sr.CardSet("5C 2H AS 6C 2C 3S")], last_capturer=1)
    >>> after, happened = play(state, sr.Move.parse("5Cx3S2C"))
    >>> for event in happened:
    ...     print(repr(event))
    CardPlayed(seat=0, card=Card.parse('5C'))
    Captured(seat=0, side=0, card=Card.parse('5C'), cards=CardSet('3S 2C'))
    Swept(seat=0, side=0, counted=True)
    """
    after = state.apply(move, seat=seat)
    return after, _transition(state, move, after)


def deal(
    state: GameState, deck: Deck | str | Iterable[Card | str]
) -> tuple[GameState, tuple[Event, ...]]:
    """Supply the next deck to a waiting game (as :meth:`GameState.deal`)
    and return the new state with the events of the deal.

    >>> import scopa_rules as sr
    >>> state = sr.new_game(deck=sr.Deck.shuffled(1))
    >>> while state.phase is sr.Phase.PLAY:
    ...     state = state.apply(state.legal_moves()[0])
    >>> state, happened = deal(state, sr.Deck.shuffled(2))
    >>> [type(event).__name__ for event in happened]
    ['CardsDealt', 'CardsDealt', 'TableDealt']
    """
    after = state.deal(deck)
    return after, _transition(state, None, after)


def opening(state: GameState) -> tuple[Event, ...]:
    """The events of the first deal of a game whose first state is ``state``
    (a game begun from a position opens with that position as dealt).

    >>> import scopa_rules as sr
    >>> opening(sr.new_game(seed=7))[-1]
    TableDealt(table=CardSet('2D 7H 2C QC'))
    """
    return (HandStarted(state.hand_number, state.dealer), *_deals(state, (), None))


def game_events(record: GameRecord) -> tuple[Event, ...]:
    """Every event of the game in ``record``, in order, as a full state sees
    it (pass them through :func:`seen_by` for one seat's knowledge).

    >>> import scopa_rules as sr
    >>> final = sr.play_game(sr.Ruleset.scopa(), [sr.RandomBot()] * 2, seed=3)
    >>> happened = game_events(final.record())
    >>> happened[-1] == GameOver(final.winner, final.scores)
    True
    >>> sum(isinstance(event, HandScored) for event in happened) == len(final.hand_results)
    True
    """
    states = record.replay()
    state = next(states)
    happened = list(opening(state))
    turns = iter(record.turns)
    for after in states:
        move = None if state.phase is Phase.AWAITING_DEAL else next(turns).move
        happened.extend(_transition(state, move, after))
        state = after
    return tuple(happened)


def seen_by(events: Iterable[Event], seat: int) -> tuple[Event, ...]:
    """``events`` as ``seat`` saw them: another seat's dealt cards, first
    card and kept first card are hidden (``None``); everything else is public.

    >>> seen_by([CardsDealt(seat=1, count=3, cards=CardSet("AS 2S 3S"))], 0)
    (CardsDealt(seat=1, count=3, cards=None),)
    """
    seen: list[Event] = []
    for event in events:
        if (
            isinstance(event, (CardsDealt, FirstCardDealt, FirstCardDecided))
            and event.seat != seat
        ):
            event = _hidden(event)
        seen.append(event)
    return tuple(seen)


def _hidden(event: CardsDealt | FirstCardDealt | FirstCardDecided) -> Event:
    if isinstance(event, CardsDealt):
        return attrs.evolve(event, cards=None)
    if isinstance(event, FirstCardDealt) or event.kept:
        return attrs.evolve(event, card=None)
    return event  # a tabled first card is face up for all


def _transition(
    before: GameState, move: Move | None, after: GameState
) -> tuple[Event, ...]:
    """What happened between ``before`` and ``after``: ``move`` was applied,
    or (``None``) a deck was supplied to a waiting game."""
    rules = before.rules
    happened: list[Event] = []
    finished = after.is_over or after.hand_number != before.hand_number
    if move is not None:
        seat = before.current_player
        assert seat is not None  # apply() refused a move with nobody to move
        if move.kind is MoveKind.PLAY:
            side = rules.side_of(seat)
            happened.append(CardPlayed(seat, move.card))
            if move.is_capture:
                happened.append(Captured(seat, side, move.card, move.captured))
                if move.captured == before.table:
                    sweeps = _sweeps_now(after, side, finished)
                    happened.append(Swept(seat, side, sweeps > before.sweeps[side]))
            else:
                happened.append(Trailed(seat, move.card))
        else:
            kept = move.kind is MoveKind.KEEP_FIRST_CARD
            happened.append(FirstCardDecided(seat, kept, move.card))
    if finished:
        result = after.last_hand
        assert result is not None  # a hand has just ended
        happened.append(HandEnded(result.number, result.leftover, result.leftover_side))
        happened.append(HandScored(result.number, result.score, result.scores))
        if after.winner is not None:
            happened.append(GameOver(after.winner, after.scores))
        else:
            happened.append(HandStarted(after.hand_number, after.dealer))
            happened.extend(_deals(after, (), None))
    elif move is not None and move.kind is MoveKind.PLAY:
        if sum(len(hand) for hand in before.hands) == 1:
            # Every hand was empty: a refill, and declarations on it.
            happened.extend(_cards_dealt(after))
            happened.extend(_declared(after, len(before.declarations)))
    else:
        # A first-card decision, or a deck supplied: what the deck in
        # question (and any after it) did.
        happened.extend(_deals(after, _hand_decks(before), move))
    return tuple(happened)


def _sweeps_now(after: GameState, side: int, finished: bool) -> int:
    """``side``'s sweeps in the hand after a capture (from the hand's record
    when the capture ended it)."""
    if finished:
        last = after.last_hand
        assert last is not None  # the hand just ended
        return last.score.sides[side].sweeps
    return after.sweeps[side]


def _deals(
    after: GameState, shown_decks: tuple[Deck, ...], decision: Move | None
) -> list[Event]:
    """The redeals and the deal of ``after``'s hand not yet told:
    ``shown_decks`` were dealt before (the last one decided on by
    ``decision``, a Chkobba first-card move, if given)."""
    rules = after.rules
    decks: tuple[Deck, ...] = _hand_decks(after)
    fresh = decks[len(shown_decks) - 1 if decision is not None else len(shown_decks) :]
    dealt = after.phase is not Phase.AWAITING_DEAL
    if dealt and not decks:
        return _cards_dealt(after) + _table_dealt(after)  # a game from a position
    happened: list[Event] = []
    for index, deck in enumerate(fresh[:-1] if dealt else fresh):
        keep = -1
        if index == 0 and decision is not None:
            keep = 1 if decision.kind is MoveKind.KEEP_FIRST_CARD else 0
        table = dealt_table(rules, after.dealer, deck, keep)
        happened.append(Redealt(after.hand_number, _redeal_reason(rules, table), table))
    if not dealt:
        return happened
    if after.phase is Phase.FIRST_CARD:
        chooser = (after.dealer + 1) % rules.players
        happened.append(FirstCardDealt(chooser, after.first_card))
        return happened
    return happened + _cards_dealt(after) + _declared(after, 0) + _table_dealt(after)


def _declared(state: GameState, told: int) -> list[Event]:
    """The declarations of ``state``'s hand after the first ``told``."""
    rules = state.rules
    return [
        Declared(
            made.seat, rules.side_of(made.seat), made.cards, made.kind, made.points
        )
        for made in state.declarations[told:]
    ]


def _redeal_reason(rules: Ruleset, table: CardSet) -> str:
    kings = rules.redeal_kings
    if kings is not None and len(CardSet.of_rank(table, Rank.KING)) >= kings:
        return "kings"
    return "aces"  # needs_redeal() asked for one, and it was not the kings


def _cards_dealt(state: GameState) -> list[Event]:
    players = state.rules.players
    order = [(state.dealer + 1 + offset) % players for offset in range(players)]
    return [
        CardsDealt(seat, len(state.hands[seat]), state.hands[seat]) for seat in order
    ]


def _table_dealt(state: GameState) -> list[Event]:
    """The table as dealt, and Escoba's initial sweeps if it was taken at
    once (the dealer's pile then holds exactly the table)."""
    rules = state.rules
    side = rules.side_of(state.dealer)
    count = state.sweeps[side] if not state.turns_this_hand else 0
    if not count:
        return [TableDealt(state.table)]
    table = state.piles[side]
    return [TableDealt(table), InitialSweeps(state.dealer, side, count, table)]


# -- JSON ----------------------------------------------------------------------------


def event_to_dict(event: Event) -> dict[str, Any]:
    """The event as JSON-safe data, in the conventions of game records: cards
    as text (``"7D"``), card sets as space-separated text (``"2D 3S"``,
    ``""`` for none), a ``"type"`` naming the event.

    >>> event_to_dict(Captured(seat=0, side=0, card=Card.parse("5C"), cards=CardSet("2D 3S")))
    {'type': 'captured', 'seat': 0, 'side': 0, 'card': '5C', 'cards': '2D 3S'}
    """
    data: dict[str, Any] = {"type": event.type}
    for field in attrs.fields(type(event)):
        data[field.name] = _json_value(getattr(event, field.name))
    return data


def _json_value(value: object) -> Any:
    if isinstance(value, (Card, CardSet)):
        return str(value)
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, HandScore):
        return score_to_dict(value)
    return value


def score_to_dict(score: HandScore) -> dict[str, Any]:
    """A hand's breakdown as JSON-safe data: the options that shaped it, each
    side's total and every field of its :class:`SideScore`.

    >>> import scopa_rules as sr
    >>> score = sr.score_hand(sr.Ruleset.scopa(), [sr.CardSet("7D"), sr.CardSet("KS")], [0, 0])
    >>> data = score_to_dict(score)
    >>> data["totals"], data["sides"][0]["settebello_points"]
    ([2, 0], 1)
    """
    options = {
        field.name: getattr(score, field.name)
        for field in attrs.fields(HandScore)
        if field.name not in ("sides", "primiera_rule")
    }
    return {
        "primiera_rule": score.primiera_rule.value,
        **options,
        "totals": list(score.totals),
        "sides": [{**attrs.asdict(side), "total": side.total} for side in score.sides],
    }


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the package's documents, shipped
    with it: game records (:meth:`GameRecord.to_dict`), player views
    (:meth:`PlayerView.to_dict`) and events (:func:`event_to_dict`), under
    ``$defs`` ``record``, ``view`` and ``event``.

    >>> schema = json_schema()
    >>> [name in schema["$defs"] for name in ("record", "view", "event")]
    [True, True, True]
    >>> schema["$schema"]
    'https://json-schema.org/draft/2020-12/schema'
    """
    text = resources.files("scopa_rules").joinpath("schema.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


# -- reading JSON back -------------------------------------------------------------

_Cards = TypeVar("_Cards", Card, CardSet)
# A hand's decks so far, redeals first (the one in play last).
_hand_decks = field_reader("hand_decks")

_EVENT_CLASSES: dict[str, type[Event]] = {
    cls.type: cls for cls in sorted(get_args(Event), key=lambda cls: cls.type)
}
_CHOICES = {"reason": ("kings", "aces"), "kind": ("cirulla", "decino")}
"""The words a text field of an event may hold, by field name."""
_SIDE_FLAGS = frozenset({"settebello", "re_bello", "grande", "all_coins"})
"""The fields of a :class:`SideScore` that are true or false (the others
count)."""
_SCORE_FLAGS = ("re_bello", "napola", "cappotto", "grande", "declarations")


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """The event in ``data`` (as made by :func:`event_to_dict`), checked.

    Data that is not an event raises :class:`~scopa_rules.InvalidStateError`
    (an unknown ``"type"``, a field missing, unknown or of the wrong type, a
    value no game can give, such as a negative seat); card text that does not
    parse raises :class:`~scopa_rules.NotationError`.

    >>> event_from_dict({"type": "trailed", "seat": 1, "card": "KH"})
    Trailed(seat=1, card=Card.parse('KH'))
    >>> event_from_dict({"type": "trailed", "seat": 1})
    Traceback (most recent call last):
    ...
    scopa_rules.errors.InvalidStateError: the trailed event has no 'card'; its fields are seat, card
    >>> event_from_dict({"type": "captured", "seat": 0, "side": 0, "card": "5C", "cards": "2D 9S"})
    Traceback (most recent call last):
    ...
    scopa_rules.errors.NotationError: the captured event: 'cards': unknown rank '9' in card text '9S': ranks are A 2 3 4 5 6 7 J Q K
    """
    if not isinstance(data, Mapping):
        raise InvalidStateError(
            f"an event must be a mapping, not {type(data).__name__}"
        )
    types = ", ".join(_EVENT_CLASSES)
    if "type" not in data:
        raise InvalidStateError(f"the event has no 'type'; the types are {types}")
    kind = data["type"]
    cls = _EVENT_CLASSES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidStateError(
            f"unknown event type {shown(kind)}; the types are {types}"
        )
    what = f"the {kind} event"
    names = [field.name for field in attrs.fields(cls)]
    _check_keys(data, names, {"type"}, what)
    values = {
        field.name: _field(field, data[field.name], f"{what}: {field.name!r}")
        for field in attrs.fields(cls)
    }
    event = cls(**values)
    problem = _PROBLEMS.get(cls, _no_problem)(event)
    if problem is not None:
        raise InvalidStateError(f"{what} {problem}")
    return event


def score_from_dict(data: Mapping[str, Any]) -> HandScore:
    """The hand's breakdown in ``data`` (as made by :func:`score_to_dict`),
    checked as :func:`event_from_dict` checks an event: each side's total, and
    the totals, must be what its categories add up to.

    >>> import scopa_rules as sr
    >>> score = sr.score_hand(sr.Ruleset.scopa(), [sr.CardSet("7D"), sr.CardSet("KS")], [0, 0])
    >>> score_from_dict(score_to_dict(score)) == score
    True
    >>> data = score_to_dict(score)
    >>> score_from_dict({**data, "totals": [3, 0]})
    Traceback (most recent call last):
    ...
    scopa_rules.errors.InvalidStateError: the score: 'totals' are [3, 0], but its sides add up to [2, 0]
    """
    return _score(data, "the score")


def _check_keys(
    data: Mapping[Any, Any], names: list[str], also: set[str], what: str
) -> None:
    """That ``data`` has exactly the keys ``names`` (and ``also``)."""
    fields = ", ".join(names)
    unknown = [key for key in data if key not in also and key not in names]
    if unknown:
        raise InvalidStateError(
            f"{what} has unknown fields: {shown_names(unknown)}; its fields are {fields}"
        )
    for name in names:
        if name not in data:
            raise InvalidStateError(f"{what} has no {name!r}; its fields are {fields}")


def _count(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidStateError(
            f"{what} must be a whole number of 0 or more, not {shown(value)}"
        )
    return value


def _maybe_count(value: object, what: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidStateError(
            f"{what} must be a whole number of 0 or more, or null, not {shown(value)}"
        )
    return value


def _counts(value: object, what: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise InvalidStateError(
            f"{what} must be a list of whole numbers, not {shown(value)}"
        )
    return tuple(
        _count(item, f"{what} item {index}") for index, item in enumerate(value)
    )


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidStateError(f"{what} must be true or false, not {shown(value)}")
    return value


def _field(field: attrs.Attribute[Any], value: object, what: str) -> Any:
    annotation = str(field.type)  # a string: the module defers annotations
    if annotation == "str":
        return _choice(value, _CHOICES[field.name], what)
    return _FIELD_READERS[annotation](value, what)


def _no_problem(event: Event) -> None:
    return None


def _choice(value: object, choices: tuple[str, ...], what: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise InvalidStateError(
            f"{what} must be one of {', '.join(map(repr, choices))}, not {shown(value)}"
        )
    return value


def _parsed(parse: Callable[[str], _Cards], value: object, what: str) -> _Cards:
    """``value``, card text, read by ``parse`` (a card or a set of them)."""
    if not isinstance(value, str):
        raise InvalidStateError(f"{what} must be card text, not {shown(value)}")
    try:
        return parse(value)
    except NotationError as error:
        raise NotationError(f"{what}: {error}") from None


def _card(value: object, what: str) -> Card:
    return _parsed(Card.parse, value, what)


def _card_set(value: object, what: str) -> CardSet:
    return _parsed(CardSet, value, what)


def _maybe_card(value: object, what: str) -> Card | None:
    return None if value is None else _card(value, what)


def _maybe_card_set(value: object, what: str) -> CardSet | None:
    return None if value is None else _card_set(value, what)


def _score(data: object, what: str) -> HandScore:
    if not isinstance(data, Mapping):
        raise InvalidStateError(
            f"{what} must be a mapping of its fields, not {type(data).__name__}"
        )
    _check_keys(data, ["primiera_rule", *_SCORE_FLAGS, "totals", "sides"], set(), what)
    rule = data["primiera_rule"]
    rules = [known.value for known in PrimieraRule]
    if not isinstance(rule, str) or rule not in rules:
        raise InvalidStateError(
            f"{what}: 'primiera_rule' must be one of {', '.join(rules)}, "
            f"not {shown(rule)}"
        )
    sides = data["sides"]
    if not isinstance(sides, list) or len(sides) < 2:
        raise InvalidStateError(
            f"{what}: 'sides' must be a list of 2 or more side scores, not {shown(sides)}"
        )
    score = HandScore(
        sides=tuple(
            _side_score(side, index, f"{what}: side {index}")
            for index, side in enumerate(sides)
        ),
        primiera_rule=PrimieraRule(rule),
        **{name: _flag(data[name], f"{what}: {name!r}") for name in _SCORE_FLAGS},
    )
    totals = _counts(data["totals"], f"{what}: 'totals'")
    if totals != score.totals:
        raise InvalidStateError(
            f"{what}: 'totals' are {shown(list(totals))}, but its sides add up to "
            f"{shown(list(score.totals))}"
        )
    return score


def _side_score(data: object, index: int, what: str) -> SideScore:
    if not isinstance(data, Mapping):
        raise InvalidStateError(
            f"{what} must be a mapping of its fields, not {type(data).__name__}"
        )
    names = [field.name for field in attrs.fields(SideScore)]
    _check_keys(data, [*names, "total"], set(), what)
    values: dict[str, Any] = {
        name: _flag(data[name], f"{what}: {name!r}")
        if name in _SIDE_FLAGS
        else _count(data[name], f"{what}: {name!r}")
        for name in names
    }
    side = SideScore(**values)
    if side.side != index:
        raise InvalidStateError(f"{what} says it is side {shown(side.side)}")
    total = _count(data["total"], f"{what}: 'total'")
    if total != side.total:
        raise InvalidStateError(
            f"{what}: 'total' is {shown(total)}, but its points add up to "
            f"{shown(side.total)}"
        )
    return side


_FIELD_READERS: dict[str, Callable[[Any, str], Any]] = {
    "int": _count,
    "int | None": _maybe_count,
    "tuple[int, ...]": _counts,
    "bool": _flag,
    "Card": _card,
    "Card | None": _maybe_card,
    "CardSet": _card_set,
    "CardSet | None": _maybe_card_set,
    "HandScore": _score,
}
"""How each field of an event is read, by its annotation."""


_PROBLEMS: dict[type[Any], Callable[[Any], str | None]] = {
    CardsDealt: lambda event: (
        f"deals {shown(event.count)} cards but names {len(event.cards)}"
        if event.cards is not None and len(event.cards) != event.count
        else None
    ),
    FirstCardDecided: lambda event: (
        "puts the first card on the table, face up, but does not name it"
        if not event.kept and event.card is None
        else None
    ),
    Captured: lambda event: (
        "takes no cards"
        if not event.cards
        else f"takes {event.card}, the card that captures"
        if event.card in event.cards
        else None
    ),
    Declared: lambda event: (
        f"declares {len(event.cards)} cards, not 3" if len(event.cards) != 3 else None
    ),
    InitialSweeps: lambda event: "counts no sweeps" if not event.count else None,
    HandScored: lambda event: (
        f"has {len(event.scores)} scores for {len(event.score.sides)} sides"
        if len(event.scores) != len(event.score.sides)
        else None
    ),
    GameOver: lambda event: (
        f"names side {shown(event.winner)} the winner, of {len(event.scores)} sides"
        if event.winner >= len(event.scores)
        else None
    ),
}
"""What no game can give in an event of each class, though each field
alone is well formed."""
