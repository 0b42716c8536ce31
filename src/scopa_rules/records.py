"""Game records and saved states: JSON, a readable text form, and replay.

A :class:`GameRecord` is everything needed to play a game again move for
move: the ruleset, where the decks came from (a seed, explicit decks, or a
starting position) and every turn.  Every state knows its record
(:meth:`GameState.record`), and :meth:`GameRecord.replay` yields the states
again, so any game can be saved and reproduced exactly.

>>> import random
>>> import scopa_rules as sr
>>> state = sr.new_game(sr.Ruleset.scopa(), seed=7)
>>> rng = random.Random(7)
>>> for _ in range(10):
...     state = state.apply(rng.choice(state.legal_moves()))
>>> record = state.record()
>>> record.final_state() == state
True
>>> sr.GameRecord.from_json(record.to_json()) == record
True
>>> print(record.to_text().splitlines()[0])
# scopa_rules game record

A saved state (:meth:`GameState.to_dict`) holds the record and a snapshot of
the position; loading replays the record and checks that the snapshot agrees,
so a hand-edited or corrupted file gives a clear error, never a broken state.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from ._frozen import Frozen
from .cards import ALL_CARDS, Card, CardSet
from .deck import Deck, check_seed
from .declarations import Declaration
from .errors import (
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    ScopaError,
    shown,
    shown_names,
)
from .moves import Move
from .rules import Ruleset
from .state import GameState, Phase, Position, Turn, field_reader, new_game

if TYPE_CHECKING:
    from .events import Event

__all__ = ["MAX_TARGET_SCORE", "MAX_TURNS", "GameRecord"]

MAX_TURNS = 20_000
"""The most turns (and, separately, decks) a record may hold for the
loaders (:meth:`GameRecord.from_dict`, :meth:`~GameRecord.from_json`,
:meth:`~GameRecord.from_text`, :meth:`GameState.from_dict`) to accept by
default: loading replays every turn (about 25 µs each), so this bounds the
time a file can take, about half a second.  A game to 500 points is far
shorter; pass ``max_turns=`` to load a longer one."""

MAX_TARGET_SCORE = 500
"""The highest ``target_score`` the loaders accept by default (common games
play to 11, 16, 21, 31 or 51); pass ``max_target_score=`` to raise it."""

RECORD_FORMAT = "scopa_rules.record"
STATE_FORMAT = "scopa_rules.state"
VERSION = 1


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(message)


def _require(
    data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str
) -> Any:
    if key not in data:
        raise _fail(f"{what} has no {shown(key)}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise _fail(f"{what}: {shown(key)} has the wrong type ({type(value).__name__})")
    return value


def _optional_int(data: Mapping[str, Any], key: str, what: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(
            f"{what}: {shown(key)} must be a whole number or null, not {shown(value)}"
        )
    return value


def _cards(text: object, what: str) -> CardSet:
    if not isinstance(text, str):
        raise _fail(f"{what} must be card text, not {shown(text)}")
    try:
        return CardSet(text)
    except NotationError as error:
        raise _fail(f"{what}: {error}") from None


def _ordered_cards(text: object, what: str) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise _fail(f"{what} must be card text, not {shown(text)}")
    try:
        cards = tuple(Card.parse(part) for part in text.split())
    except NotationError as error:
        raise _fail(f"{what}: {error}") from None
    if len(set(cards)) != len(cards):
        raise _fail(f"{what} names a card twice")
    return cards


def _deck(text: object, what: str) -> Deck:
    if not isinstance(text, str):
        raise _fail(f"{what} must be card text, not {shown(text)}")
    try:
        return Deck(text)
    except ScopaError as error:
        raise _fail(f"{what}: {error}") from None


def _int_list(value: object, length: int, what: str) -> tuple[int, ...]:
    if (
        not isinstance(value, list)
        or len(value) != length
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in value)
    ):
        raise _fail(
            f"{what} must be a list of {length} whole numbers, not {shown(value)}"
        )
    return tuple(value)


def _text_list(value: object, length: int, what: str) -> list[str]:
    if not isinstance(value, list) or len(value) != length:
        raise _fail(f"{what} must be a list of {length} card texts, not {shown(value)}")
    return value


def _position_to_dict(position: Position) -> dict[str, Any]:
    return {
        "hands": [str(hand) for hand in position.hands],
        "table": str(position.table),
        "stock": " ".join(str(card) for card in position.stock),
        "piles": [str(pile) for pile in position.piles],
        "sweeps": list(position.sweeps),
        "scores": list(position.scores),
        "current_player": position.current_player,
        "dealer": position.dealer,
        "last_capturer": position.last_capturer,
    }


def _position_from_dict(rules: Ruleset, data: object, seed: int | None) -> GameState:
    if not isinstance(data, Mapping):
        raise _fail(f"a position must be a mapping, not {shown(data)}")
    what = "the position"
    hands = _text_list(data.get("hands"), rules.players, f"{what}'s hands")
    piles = _text_list(data.get("piles"), rules.sides, f"{what}'s piles")
    return GameState.from_position(
        rules,
        hands=[_cards(h, f"{what}'s hand of seat {i}") for i, h in enumerate(hands)],
        table=_cards(data.get("table", ""), f"{what}'s table"),
        stock=_ordered_cards(data.get("stock", ""), f"{what}'s stock"),
        piles=[_cards(p, f"{what}'s pile of side {i}") for i, p in enumerate(piles)],
        sweeps=_int_list(data.get("sweeps"), rules.sides, f"{what}'s sweeps"),
        scores=_int_list(data.get("scores"), rules.sides, f"{what}'s scores"),
        current_player=_optional_int(data, "current_player", what),
        dealer=_optional_int(data, "dealer", what),
        last_capturer=_optional_int(data, "last_capturer", what),
        seed=seed,
    )


def _to_decks(value: Iterable[Deck | str | Iterable[Card | str]]) -> tuple[Deck, ...]:
    if isinstance(value, (str, Deck)) or not isinstance(value, Iterable):
        raise InvalidStateError(f"decks must be a list of decks, not {shown(value)}")
    return tuple(deck if isinstance(deck, Deck) else Deck(deck) for deck in value)


def _to_turn(item: object) -> Turn:
    if isinstance(item, Turn):
        seat, move = item
    elif isinstance(item, tuple | list) and len(item) == 2:
        seat, move = item
        if isinstance(move, str):
            move = Move.parse(move)
    else:
        raise InvalidStateError(f"a turn is (seat, move), not {shown(item)}")
    if (
        not isinstance(seat, int)
        or isinstance(seat, bool)
        or not isinstance(move, Move)
    ):
        raise InvalidStateError(
            f"a turn is a seat number and a Move, not {shown(seat)} and {shown(move)}"
        )
    return Turn(seat, move)


def _to_turns(value: Iterable[Turn | tuple[int, Move | str]]) -> tuple[Turn, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidStateError(f"turns must be a list of turns, not {shown(value)}")
    return tuple(_to_turn(item) for item in value)


@attrs.frozen(kw_only=True)
class GameRecord(Frozen):
    """A whole game as data: the rules, the deal source and every turn.

    ``decks`` are the decks given when the game began, ``dealt`` those
    supplied later with :meth:`GameState.deal`; ``position`` is the starting
    position of a game begun with :meth:`GameState.from_position`.  The
    constructor checks the types and keeps decks and turns as tuples (a turn
    may be given as a ``(seat, move)`` pair, the move as text); only
    :meth:`replay` (which :meth:`from_dict` runs) checks that the turns fit
    the game.

    >>> import scopa_rules as sr
    >>> state = sr.new_game(seed=7).apply(sr.Move.parse("3D"))
    >>> record = state.record()
    >>> record.seed, record.turns
    (7, (Turn(seat=0, move=Move.parse('3D')),))
    >>> sr.GameRecord(rules=sr.Ruleset(), seed=7, dealer=1, turns=[(0, "3D")]) == record
    True
    >>> sr.GameRecord(rules="scopa", seed=7, dealer=1)
    Traceback (most recent call last):
    ...
    scopa_rules.errors.InvalidStateError: a record's rules must be a Ruleset, not 'scopa'
    """

    rules: Ruleset
    seed: int | None
    dealer: int
    decks: tuple[Deck, ...] = attrs.field(default=(), converter=_to_decks)
    dealt: tuple[Deck, ...] = attrs.field(default=(), converter=_to_decks)
    position: Position | None = None
    turns: tuple[Turn, ...] = attrs.field(default=(), converter=_to_turns)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Ruleset):
            raise InvalidStateError(
                f"a record's rules must be a Ruleset, not {shown(self.rules)}"
            )
        check_seed(self.seed, optional=True)
        players = self.rules.players
        if (
            not isinstance(self.dealer, int)
            or isinstance(self.dealer, bool)
            or not 0 <= self.dealer < players
        ):
            raise InvalidStateError(
                f"a record's dealer must be a seat from 0 to {players - 1}, "
                f"not {shown(self.dealer)}"
            )
        if self.position is not None and not isinstance(self.position, Position):
            raise InvalidStateError(
                f"a record's position must be a Position or None, not {shown(self.position)}"
            )

    @classmethod
    def of(cls, state: GameState) -> GameRecord:
        """The record of the game that led to ``state`` (the same as
        ``state.record()``).

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7).apply(sr.Move.parse("3D"))
        >>> sr.GameRecord.of(state) == state.record()
        True
        """
        source = _source_of(state)
        if source.sampled:
            raise InvalidStateError(
                "a determinized sample (PlayerView.sample) has no record: its hidden "
                "cards were drawn at random, not dealt"
            )
        turns = tuple(turn for result in state.hand_results for turn in result.turns)
        if state.phase is not Phase.OVER:
            turns += state.turns_this_hand
        return cls(
            rules=state.rules,
            seed=source.seed,
            dealer=source.dealer,
            decks=source.decks[: source.start_decks],
            dealt=source.decks[source.start_decks :],
            position=source.position,
            turns=turns,
        )

    # -- replay ------------------------------------------------------------------

    def start(self) -> GameState:
        """The game's first state.

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7).apply(sr.Move.parse("3D"))
        >>> record = state.record()
        >>> record.start() == sr.new_game(seed=7)
        True
        """
        if self.position is not None:
            return GameState.from_position(
                self.rules,
                hands=self.position.hands,
                table=self.position.table,
                stock=self.position.stock,
                piles=self.position.piles,
                sweeps=self.position.sweeps,
                scores=self.position.scores,
                current_player=self.position.current_player,
                dealer=self.position.dealer,
                last_capturer=self.position.last_capturer,
                seed=self.seed,
            )
        if self.seed is None and not self.decks:
            raise InvalidStateError(
                "the record has no seed, no decks and no position: it cannot say "
                "how the game was dealt"
            )
        return new_game(
            self.rules, seed=self.seed, decks=self.decks, dealer=self.dealer
        )

    def replay(self) -> Iterator[GameState]:
        """Every state of the game in order: the first, then one after each
        turn and each deck supplied with :meth:`GameState.deal`.

        A record whose turns do not fit the game raises
        :class:`~scopa_rules.InvalidStateError` naming the turn.

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7).apply(sr.Move.parse("3D"))
        >>> record = state.record()
        >>> [str(each.table) for each in record.replay()]
        ['2D 7H 2C QC', '2D 3D 7H 2C QC']
        """
        state = self.start()
        yield state
        dealt = list(self.dealt)
        for number, turn in enumerate(self.turns, 1):
            while state.phase is Phase.AWAITING_DEAL and dealt:
                state = state.deal(dealt.pop(0))
                yield state
            if state.current_player != turn.seat:
                who = (
                    "nobody is to move"
                    if state.current_player is None
                    else f"seat {state.current_player} is to move"
                )
                raise InvalidStateError(
                    f"turn {number} ({shown(turn.seat)}: {turn.move}) does not fit the "
                    f"game: {who}"
                )
            try:
                state = state.apply(turn.move)
            except IllegalMoveError as error:
                raise InvalidStateError(
                    f"turn {number} does not fit the game: {error}"
                ) from None
            yield state
        while state.phase is Phase.AWAITING_DEAL and dealt:
            state = state.deal(dealt.pop(0))
            yield state
        if dealt:
            raise InvalidStateError(
                f"the record supplies {len(dealt)} more deck(s) than the game deals"
            )

    def final_state(self) -> GameState:
        """The state after the last turn.

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7).apply(sr.Move.parse("3D"))
        >>> record = state.record()
        >>> record.final_state() == state
        True
        """
        states = self.replay()
        state = next(states)
        for state in states:  # noqa: B007 - only the last state is wanted
            pass
        return state

    def events(self) -> tuple[Event, ...]:
        """Every event of the game, in order, as a full state sees it (see
        :func:`scopa_rules.events.game_events`).

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7).apply(sr.Move.parse("3D"))
        >>> state.record().events()[-2:]
        (CardPlayed(seat=0, card=Card.parse('3D')), Trailed(seat=0, card=Card.parse('3D')))
        """
        from .events import game_events

        return game_events(self)

    # -- JSON ----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-safe data (see :meth:`from_dict`).

        >>> import scopa_rules as sr
        >>> data = sr.new_game(seed=3).record().to_dict()
        >>> data["format"], data["version"], data["seed"], data["turns"]
        ('scopa_rules.record', 1, 3, [])
        """
        return {
            "format": RECORD_FORMAT,
            "version": VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "dealer": self.dealer,
            "decks": [str(deck) for deck in self.decks],
            "dealt": [str(deck) for deck in self.dealt],
            "position": None
            if self.position is None
            else _position_to_dict(self.position),
            "turns": [[turn.seat, str(turn.move)] for turn in self.turns],
        }

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        *,
        max_turns: int = MAX_TURNS,
        max_target_score: int = MAX_TARGET_SCORE,
    ) -> GameRecord:
        """The record in ``data``, checked by replaying it: a record that does
        not describe a legal game raises :class:`~scopa_rules.InvalidStateError`
        (or :class:`~scopa_rules.InvalidRulesetError` for bad rules).

        Loading costs time in proportion to the record's length, so a record
        of more than ``max_turns`` turns (or decks), or with a
        ``target_score`` over ``max_target_score``, is refused; raise the
        limits to load longer games (see :data:`~scopa_rules.MAX_TURNS`).

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7).apply(sr.Move.parse("3D"))
        >>> record = state.record()
        >>> sr.GameRecord.from_dict(record.to_dict()) == record
        True
        >>> sr.GameRecord.from_dict(record.to_dict(), max_turns=0)
        Traceback (most recent call last):
        ...
        scopa_rules.errors.InvalidStateError: the record has 1 turns, more than max_turns=0; pass a larger max_turns to load it
        """
        return cls._load(data, max_turns, max_target_score)[0]

    @classmethod
    def _load(
        cls, data: Mapping[str, Any], max_turns: int, max_target_score: int
    ) -> tuple[GameRecord, GameState]:
        """The record in ``data`` and the state it ends in (one replay)."""
        for name, limit in (
            ("max_turns", max_turns),
            ("max_target_score", max_target_score),
        ):
            if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
                raise _fail(
                    f"{name} must be a whole number of 0 or more, not {shown(limit)}"
                )
        if not isinstance(data, Mapping):
            raise _fail(f"a record must be a mapping, not {type(data).__name__}")
        what = "the record"
        if data.get("format") != RECORD_FORMAT:
            raise _fail(
                f"{what} is not a {RECORD_FORMAT} (format {shown(data.get('format'))})"
            )
        if data.get("version") != VERSION:
            raise _fail(
                f"{what} has version {shown(data.get('version'))}; this library reads {VERSION}"
            )
        known = {
            "format",
            "version",
            "rules",
            "seed",
            "dealer",
            "decks",
            "dealt",
            "position",
            "turns",
        }
        unknown = set(data) - known
        if unknown:
            raise _fail(f"{what} has unknown keys: {shown_names(unknown)}")
        rules = Ruleset.from_dict(_require(data, "rules", Mapping, what))
        if rules.target_score > max_target_score:
            raise _fail(
                f"{what} plays to {rules.target_score} points, more than "
                f"max_target_score={max_target_score}; pass a larger "
                "max_target_score to load it"
            )
        seed = _optional_int(data, "seed", what)
        dealer = _require(data, "dealer", int, what)
        deck_texts = _require(data, "decks", list, what)
        dealt_texts = _require(data, "dealt", list, what)
        turn_items = _require(data, "turns", list, what)
        for kind, items in (("turns", turn_items), ("decks", deck_texts + dealt_texts)):
            if len(items) > max_turns:
                raise _fail(
                    f"{what} has {len(items)} {kind}, more than max_turns={max_turns}; "
                    "pass a larger max_turns to load it"
                )
        decks = tuple(_deck(text, f"deck {i + 1}") for i, text in enumerate(deck_texts))
        dealt = tuple(
            _deck(text, f"dealt deck {i + 1}") for i, text in enumerate(dealt_texts)
        )
        turns = []
        for number, item in enumerate(turn_items, 1):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or not isinstance(item[0], int)
                or isinstance(item[0], bool)
                or not isinstance(item[1], str)
            ):
                raise _fail(
                    f"turn {number} must be [seat, move text], not {shown(item)}"
                )
            try:
                turns.append(Turn(item[0], Move.parse(item[1])))
            except NotationError as error:
                raise _fail(f"turn {number}: {error}") from None
        position = None
        if data.get("position") is not None:
            position = _source_of(
                _position_from_dict(rules, data["position"], seed)
            ).position
            if position is not None and position.dealer != dealer:
                raise _fail(
                    f"{what}: the dealer ({shown(dealer)}) is not the position's dealer "
                    f"({position.dealer})"
                )
        record = cls(
            rules=rules,
            seed=seed,
            dealer=dealer,
            decks=decks,
            dealt=dealt,
            position=position,
            turns=tuple(turns),
        )
        return record, record.final_state()

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as a JSON string.

        >>> import scopa_rules as sr
        >>> sr.new_game(seed=3).record().to_json()[:40]
        '{"format": "scopa_rules.record", "versio'
        """
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(
        cls,
        text: str,
        *,
        max_turns: int = MAX_TURNS,
        max_target_score: int = MAX_TARGET_SCORE,
    ) -> GameRecord:
        """The record in a JSON string (see :meth:`from_dict`, also for the
        limits).

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7).apply(sr.Move.parse("3D"))
        >>> record = state.record()
        >>> sr.GameRecord.from_json(record.to_json()) == record
        True
        """
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError) as error:
            raise _fail(f"a record must be JSON: {error}") from None
        return cls.from_dict(
            data, max_turns=max_turns, max_target_score=max_target_score
        )

    # -- text ----------------------------------------------------------------------

    def to_text(self) -> str:
        """A readable text form in the spirit of PGN: a header, then one line
        per turn, with hand boundaries, sweeps and scores as comments.

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7)
        >>> state = state.apply(state.legal_moves()[0])
        >>> print(state.record().to_text(), end="")  # doctest: +ELLIPSIS
        # scopa_rules game record
        version: 1
        rules: scopa (2 players)
        seed: 7
        dealer: 1
        <BLANKLINE>
        hand 1, dealer seat 1
        seat 0: 3D
        """
        lines = ["# scopa_rules game record", f"version: {VERSION}"]
        preset = self.rules.preset_name()
        if preset is not None:
            lines.append(f"rules: {preset} ({self.rules.players} players)")
        else:
            lines.append("rules: " + json.dumps(self.rules.to_dict()))
        if self.seed is not None:
            lines.append(f"seed: {self.seed}")
        lines.append(f"dealer: {self.dealer}")
        lines.extend(f"deck: {deck}" for deck in self.decks)
        lines.extend(f"dealt: {deck}" for deck in self.dealt)
        if self.position is not None:
            lines.append("position: " + json.dumps(_position_to_dict(self.position)))
        states = iter(self.replay())
        state = next(states)
        hand = -1
        for turn in self.turns:
            while state.phase is Phase.AWAITING_DEAL:
                state = next(states)
            if state.hand_number != hand:
                hand = state.hand_number
                lines.append("")
                lines.append(f"hand {hand + 1}, dealer seat {state.dealer}")
                lines.extend(_declared(state.declarations))
            after = next(states)
            note = _turn_note(state, turn, after)
            lines.append(
                f"seat {turn.seat}: {turn.move}" + (f"  # {note}" if note else "")
            )
            if after.hand_number == state.hand_number:
                lines.extend(_declared(after.declarations[len(state.declarations) :]))
            if after.hand_number != state.hand_number or after.is_over:
                lines.append(_hand_summary(after))
            state = after
        if state.is_over:
            scores = " : ".join(map(str, state.scores))
            lines.append(f"# game over: side {state.winner} wins {scores}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(
        cls,
        text: str,
        *,
        max_turns: int = MAX_TURNS,
        max_target_score: int = MAX_TARGET_SCORE,
    ) -> GameRecord:
        """The record in the text form of :meth:`to_text`.  Comments (from
        ``#`` to the end of a line), blank lines and ``hand`` lines are for
        people; the header and the turn lines are the record.  The limits
        are those of :meth:`from_dict`, and a line may hold at most 10,000
        characters besides its comment (a record's longest, a ruleset or a
        position in JSON, holds under a thousand).

        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7).apply(sr.Move.parse("3D"))
        >>> record = state.record()
        >>> sr.GameRecord.from_text(record.to_text()) == record
        True
        >>> sr.GameRecord.from_text("version: 1\\nrules: " + " " * 64_000 + "scopa")
        Traceback (most recent call last):
        ...
        scopa_rules.errors.NotationError: line 2 holds 64012 characters, more than the 10,000 a line of a text record may hold
        """
        if not isinstance(text, str):
            raise NotationError(f"a text record must be a string, not {shown(text)}")
        header: dict[str, Any] = {"decks": [], "dealt": [], "turns": []}
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if len(line) > _MAX_LINE:
                raise NotationError(
                    f"line {number} holds {len(line)} characters, more than the "
                    f"{_MAX_LINE:,} a line of a text record may hold"
                )
            if not line or _HAND_LINE.fullmatch(line):
                continue
            turn = _TURN_LINE.fullmatch(line)
            if turn:
                header["turns"].append([_whole(turn.group(1), number), turn.group(2)])
                continue
            key, sep, value = line.partition(":")
            key, value = key.strip().lower(), value.strip()
            if not sep:
                raise NotationError(
                    f"line {number} is neither a header nor a turn: {shown(raw)}"
                )
            if header["turns"]:
                raise NotationError(
                    f"line {number}: header line {shown(key)} after the turns"
                )
            if key in ("deck", "dealt"):
                header["decks" if key == "deck" else "dealt"].append(value)
            elif key == "rules" and not value.startswith("{"):
                named = _PRESET_LINE.fullmatch(value)
                if not named:
                    raise NotationError(
                        f"line {number}: rules must be a preset like 'scopa (2 players)' "
                        f"or a JSON object, not {shown(value)}"
                    )
                header["rules"] = Ruleset.from_name(
                    named.group(1).strip(), players=_whole(named.group(2), number)
                ).to_dict()
            elif key in ("rules", "position"):
                try:
                    header[key] = json.loads(value)
                except (ValueError, RecursionError) as error:
                    raise NotationError(
                        f"line {number}: {key} must be JSON: {error}"
                    ) from None
            elif key in ("version", "seed", "dealer"):
                if not _WHOLE.fullmatch(value):
                    raise NotationError(
                        f"line {number}: {key} must be a whole number, not {shown(value)}"
                    )
                header[key] = _whole(value, number)
            else:
                raise NotationError(f"line {number}: unknown header {shown(key)}")
        for key in ("version", "rules", "dealer"):
            if key not in header:
                raise NotationError(f"the text record has no {shown(key)} line")
        header.setdefault("seed", None)
        header.setdefault("position", None)
        return cls.from_dict(
            {"format": RECORD_FORMAT, **header},
            max_turns=max_turns,
            max_target_score=max_target_score,
        )


# The text reader is as lenient as the other readers: any case, any spacing.
# Each pattern takes time linear in the line, by construction: no two
# neighbouring repeats can match the same character (a name and the spaces
# after it are one repeat, stripped afterwards), so a failed match never
# tries another way of splitting the line between them.  (The old
# "([a-z_ -]+?)\s*\(" was quadratic: 64,000 spaces took seconds.)
# Where a state's decks come from (a ``DealSource``).
_source_of = field_reader("source")

_HAND_LINE = re.compile(r"hand\s+\d+\s*,\s*dealer\s+seat\s+\d+", re.IGNORECASE)
_TURN_LINE = re.compile(r"seat\s+(\d+)\s*:\s*(\S.*)", re.IGNORECASE)
_PRESET_LINE = re.compile(r"([a-z_\s-]+)\(\s*(\d+)\s+players?\s*\)", re.IGNORECASE)
_WHOLE = re.compile(r"-?\d+")
_MAX_LINE = 10_000
"""The most characters a line of a text record may hold besides its
comment: over ten times a record's longest (a ruleset in JSON)."""


def _whole(text: str, line: int) -> int:
    try:
        return int(text)
    except ValueError:  # Python refuses numbers of thousands of digits
        raise NotationError(
            f"line {line}: the number {text[:20]}... is too long"
        ) from None


def _declared(declarations: Iterable[Declaration]) -> list[str]:
    """Declarations as comment lines: a replay makes them again."""
    return [f"# {declaration}" for declaration in declarations]


def _turn_note(before: GameState, turn: Turn, after: GameState) -> str:
    side = before.side_of(turn.seat)
    if not turn.move.is_capture:
        return ""
    if after.hand_number == before.hand_number and not after.is_over:
        swept = after.sweeps[side] > before.sweeps[side]
    else:
        last = after.last_hand
        swept = last is not None and last.score.sides[side].sweeps > before.sweeps[side]
    return "sweep" if swept else ""


def _hand_summary(state: GameState) -> str:
    result = state.hand_results[-1]  # called just after a hand ended
    totals = " : ".join(str(t) for t in result.score.totals)
    scores = " : ".join(str(s) for s in result.scores)
    leftover = ""
    if result.leftover:
        taker = (
            "nobody" if result.leftover_side is None else f"side {result.leftover_side}"
        )
        leftover = f"leftover {result.leftover} to {taker}; "
    return f"# {leftover}hand {totals}; match {scores}"


# -- saved states ---------------------------------------------------------------------


def _snapshot(state: GameState) -> dict[str, Any]:
    return {
        "phase": state.phase.value,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "current_player": state.current_player,
        "hands": [str(hand) for hand in state.hands],
        "table": str(state.table),
        "stock": " ".join(str(card) for card in state.stock),
        "piles": [str(pile) for pile in state.piles],
        "sweeps": list(state.sweeps),
        "scores": list(state.scores),
        "last_capturer": state.last_capturer,
        "first_card": None if state.first_card is None else str(state.first_card),
        "winner": state.winner,
    }


def state_to_dict(state: GameState) -> dict[str, Any]:
    return {
        "format": STATE_FORMAT,
        "version": VERSION,
        "record": GameRecord.of(state).to_dict(),
        "state": _snapshot(state),
    }


def _check_snapshot_cards(rules: Ruleset, snapshot: Mapping[str, Any]) -> None:
    places: list[tuple[str, CardSet]] = []
    hands = _text_list(snapshot.get("hands"), rules.players, "the saved hands")
    places += [
        (f"seat {i}'s hand", _cards(h, f"the saved hand of seat {i}"))
        for i, h in enumerate(hands)
    ]
    places.append(("table", _cards(snapshot.get("table", ""), "the saved table")))
    stock = _ordered_cards(snapshot.get("stock", ""), "the saved stock")
    places.append(("stock", CardSet(stock)))
    piles = _text_list(snapshot.get("piles"), rules.sides, "the saved piles")
    places += [
        (f"side {i}'s pile", _cards(p, f"the saved pile of side {i}"))
        for i, p in enumerate(piles)
    ]
    first = snapshot.get("first_card")
    if first is not None:
        places.append(("first card", _cards(first, "the saved first card")))
    seen: dict[Card, str] = {}
    for name, cards in places:
        for card in cards:
            if card in seen:
                raise _fail(f"card {card} is saved both in {seen[card]} and in {name}")
            seen[card] = name
    # A game waiting for its next deck has no cards out; any other has all 40.
    if snapshot.get("phase") == Phase.AWAITING_DEAL.value:
        if seen:
            raise _fail(
                f"a saved state waiting for a deck holds no cards, but has {len(seen)}"
            )
    elif len(seen) != 40:
        missing = ALL_CARDS - CardSet(seen)
        raise _fail(
            f"the saved state has {len(seen)} cards, not 40; missing: {missing}"
        )


def state_from_dict(
    data: Mapping[str, Any],
    *,
    max_turns: int = MAX_TURNS,
    max_target_score: int = MAX_TARGET_SCORE,
) -> GameState:
    if not isinstance(data, Mapping):
        raise _fail(f"a saved state must be a mapping, not {type(data).__name__}")
    if data.get("format") != STATE_FORMAT:
        raise _fail(f"not a {STATE_FORMAT} (format {shown(data.get('format'))})")
    if data.get("version") != VERSION:
        raise _fail(
            f"the saved state has version {shown(data.get('version'))}; this library reads {VERSION}"
        )
    unknown = set(data) - {"format", "version", "record", "state"}
    if unknown:
        raise _fail(f"the saved state has unknown keys: {shown_names(unknown)}")
    record, state = GameRecord._load(
        _require(data, "record", Mapping, "the saved state"),
        max_turns,
        max_target_score,
    )
    snapshot = _require(data, "state", Mapping, "the saved state")
    _check_snapshot_cards(record.rules, snapshot)
    expected = _snapshot(state)
    for key in expected:
        if key not in snapshot:
            raise _fail(f"the saved state has no {shown(key)}")
        saved = snapshot[key]
        if key in ("hands", "piles") and isinstance(saved, list):
            saved = [str(_cards(text, f"the saved {key}")) for text in saved]
        elif key == "table" and isinstance(saved, str):
            saved = str(_cards(saved, "the saved table"))
        if saved != expected[key]:
            raise _fail(
                f"the saved {key} ({shown(saved)}) does not match the game's history, "
                f"which gives {shown(expected[key])}"
            )
    unknown_keys = set(snapshot) - set(expected)
    if unknown_keys:
        raise _fail(f"the saved state has unknown fields: {shown_names(unknown_keys)}")
    return state
