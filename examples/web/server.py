"""Play Scopa against the bundled bots in a web browser.

A small server on the standard library's ``http.server``: it keeps the games,
answers the page's requests with JSON built from what your seat may see
(:meth:`GameState.view`: never another seat's hidden cards), draws the cards
with :mod:`scopa_rules.svg`, and refuses an illegal click with the library's
own explanation (:meth:`GameState.parse_move`).  You sit in seat 0, or the
seat ``--seat`` names, and the page's "New game" lets you choose the game,
the number of players and your seat; bots take the other seats and play as
soon as it is their turn.  The answer to a move carries a frame after each
move (``steps``), so that the page shows the bots' moves one by one, the
last move highlighted; the log tells the game in words
(:func:`scopa_rules.events.narrate`), and the cards you cannot play say why
(:meth:`GameState.explain_illegal`).

Anyone who can reach the port can send it requests, so the server guards
against them:

* Each game has a secret token (:func:`secrets.token_urlsafe`), answered
  once, when the game is made; every move must carry it in the
  ``X-Game-Token`` header (not in the URL, which logs and browser histories
  keep).  A game's number alone reads and plays nothing: 403.
* A request body is read only up to ``max_body`` bytes (1 MiB): a longer
  ``Content-Length`` is answered 413 before a byte of the body is read.  A
  missing, negative or non-numeric ``Content-Length``, a body that ends
  short of it or does not arrive within ``timeout`` seconds (10), JSON that
  is malformed or nested too deeply to parse, and a field of the wrong type
  are answered 400 with a message.
* Each connection is served on a thread of its own
  (:class:`~http.server.ThreadingHTTPServer`) and gives up on a silent
  client after ``timeout`` seconds, so a slow client holds up no one else;
  the table of games is shared under a lock.
* A game is removed ``idle_timeout`` seconds (30 minutes) after its last
  move, and a finished game after ``finished_grace`` seconds (5 minutes);
  at most ``max_games`` (1000) are kept at once: finished games make way for
  new ones, and when none has finished a new game is refused, 503.  A
  removed game is answered 404 "expired", a number never given out 404 "no
  such game".

It is still an example, not a hardened service: plain HTTP (a token can be
read on the wire), one thread per connection without a limit, and no limit
on how many games one client starts.

Run:  python examples/web/server.py [--port 8000] [--preset scopa] [--players 2] [--seat 0] [--bot greedy]

then open http://localhost:8000/ (add ``?seed=N`` for a given deal, and
``&pace=MS`` for the milliseconds between the bots' moves, 900 by default).
``--bot`` (random, greedy, expert, ismcts or pimc) is the opponents' default;
the page's form chooses the game, the players, your seat and the bot.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import re
import secrets
import sys
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, cast

import scopa_rules as sr
from scopa_rules import events, svg

PAGE = Path(__file__).resolve().parent / "index.html"
BOTS = sr.BOT_NAMES  # the bots you may play against, by name
BOT_TITLES = {
    "random": "Random",
    "greedy": "Greedy",
    "expert": "Expert (the strategy books)",
    "ismcts": "ISMCTS (tree search)",
    "pimc": "PIMC (solves the end of a hand)",
}
CARD_SIZE = 64
LOG_LINES = 40  # the lines of the log the page shows
TOKEN_HEADER = "X-Game-Token"
MAX_BODY = 1 << 20  # bytes: the page sends a few dozen
TIMEOUT = 10.0  # seconds a connection may stay silent, or take to send a body
IDLE_TIMEOUT = 30 * 60.0  # seconds after its last move that a game is removed
FINISHED_GRACE = 5 * 60.0  # the same for a finished game
MAX_GAMES = 1000
MAX_MOVE = 100  # characters of a move's text
MAX_SEED = 2**63


class Refused(Exception):
    """A request the game cannot follow: sent back as JSON with ``status``."""

    def __init__(self, status: HTTPStatus, body: dict[str, Any]) -> None:
        super().__init__(body["error"])
        self.status = status
        self.body = body


def seat_names(rules: sr.Ruleset, seat: int) -> list[str]:
    """What the log calls each seat: yours is "you"."""
    return [
        "you" if other == seat else f"seat {other}" for other in range(rules.players)
    ]


def side_names(rules: sr.Ruleset, seat: int) -> list[str]:
    """What the log calls each side: a side of one seat as its seat, with
    partners "your side" and "side N"."""
    names = seat_names(rules, seat)
    sides = []
    for side in range(rules.sides):
        seats = rules.seats_of(side)
        if len(seats) == 1:
            sides.append(names[seats[0]])
        else:
            sides.append("your side" if seat in seats else f"side {side}")
    return sides


def title(rules: sr.Ruleset) -> str:
    """The game's name for the page: ``Scopa, 2 players``."""
    name = rules.preset_name()
    titles = {preset.name: preset.title for preset in sr.Ruleset.presets()}
    return f"{titles.get(name or '', 'House rules')}, {rules.players} players"


def bots_json() -> list[dict[str, str]]:
    """The bots the page offers, weakest first."""
    return [{"name": name, "title": BOT_TITLES[name]} for name in BOT_TITLES]


def presets_json() -> list[dict[str, Any]]:
    """The games the page offers, with the numbers of players of each."""
    return [
        {"name": preset.name, "title": preset.title, "players": list(preset.players)}
        for preset in sr.Ruleset.presets()
    ]


class Game:
    """One game: the state, your seat, the bots in the other seats, what
    happened (the log, in words) and the frames the page has not shown yet
    (one after each move, so that it can show the bots' moves one by one)."""

    def __init__(self, rules: sr.Ruleset, seed: int, bot: str, seat: int = 0) -> None:
        self.state = sr.new_game(rules, seed=seed)
        self.seat = seat
        self.bot = bot
        self.names = seat_names(rules, seat)
        self.sides = side_names(rules, seat)
        self.bots = {
            other: BOTS[bot]() for other in range(rules.players) if other != seat
        }
        self.rng = random.Random(seed)
        opening = events.seen_by(events.opening(self.state), seat)
        self.log: list[str] = events.narrate(opening, self.names, self.sides)
        self.last: dict[str, Any] | None = None  # the last move, for the page
        self.frames: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        # Who has it may play the game: the page gets it when the game is made.
        self.token = secrets.token_urlsafe(24)
        self.used = 0.0  # when the game was last played (the tables' clock)
        self.bots_play()

    def apply(self, move: sr.Move) -> None:
        seat = self.state.current_player
        assert seat is not None  # a move is only applied when a seat is to move
        before = self.state
        after, happened = events.play(before, move)
        told = events.narrate(
            events.seen_by(happened, self.seat), self.names, self.sides
        )
        self.log += told
        self.state = after
        self.last = last_move_json(self, seat, move, before.table, told)
        self.frames.append(frame_json(self))

    def bots_play(self) -> None:
        while (seat := self.state.current_player) not in (None, self.seat):
            self.apply(self.bots[seat].choose(self.state.view(seat), self.rng))

    def play(self, text: str) -> None:
        """Play your move named by ``text`` (a card alone, ``7Dx4S3C`` or
        ``keep 5D``), then let the bots answer."""
        if self.state.current_player != self.seat:
            reason = "the game is over" if self.state.is_over else "it is not your turn"
            raise Refused(HTTPStatus.CONFLICT, {"error": reason})
        try:
            move = self.state.parse_move(text)
        except sr.AmbiguousMoveError as error:
            moves = [m for m in error.choices if isinstance(m, sr.Move)]
            choices = [[str(card) for card in m.captured] for m in moves]
            raise Refused(
                HTTPStatus.CONFLICT,
                {"error": _ways_in_words(moves), "ambiguous": True, "choices": choices},
            ) from None
        except sr.ScopaError as error:
            raise Refused(HTTPStatus.BAD_REQUEST, {"error": str(error)}) from None
        self.frames.clear()  # the page has shown those
        self.apply(move)
        self.bots_play()


def _ways_in_words(moves: Sequence[sr.Move]) -> str:
    """What a card that can be played several ways may do, in words:
    ``5C can take 2D 3D or 3D 2C``."""
    card = moves[0].card
    ways = [str(m.captured) for m in moves if m.is_capture]
    said = f"{card} can take {' or '.join(ways)}"
    if any(not m.is_capture for m in moves):
        said += ", or be trailed"
    return said


def _cards(cards: sr.CardSet) -> list[dict[str, str]]:
    return [{"card": str(c), "svg": svg.card(c, size=CARD_SIZE)} for c in cards]


def _hand(game: Game) -> list[dict[str, Any]]:
    """Your hand, each card saying whether it can be played now and, if
    not, why (the library's own explanation)."""
    state = game.state
    playable = {
        move.card for move in state.legal_moves() if move.kind is sr.MoveKind.PLAY
    }
    to_move = state.current_player
    cards = []
    for card in state.hands[game.seat]:
        reason = None
        if state.is_over:
            reason = "The game is over"
        elif to_move != game.seat:
            reason = (
                f"Wait: it is {game.names[to_move]}'s turn"
                if to_move is not None
                else None
            )
        elif card not in playable:
            why = state.explain_illegal(sr.Move(card), seat=game.seat)
            reason = f"{card} cannot be played now: {why}"
        cards.append(
            {
                "card": str(card),
                "svg": svg.card(card, size=CARD_SIZE),
                "playable": reason is None,
                "reason": reason,
            }
        )
    return cards


def _decision(move: sr.Move) -> dict[str, str]:
    """A first-card decision (Chkobba) as a button: the move and its words."""
    if move.kind is sr.MoveKind.KEEP_FIRST_CARD:
        return {"move": str(move), "label": f"Keep {move.card}"}
    return {"move": str(move), "label": f"Put {move.card} on the table"}


def last_move_json(
    game: Game, seat: int, move: sr.Move, table: sr.CardSet, told: Sequence[str]
) -> dict[str, Any]:
    """The last move, for the page to show and highlight: who made it, in
    words, and a picture of the card played onto the table it met."""
    played = move.kind is sr.MoveKind.PLAY
    return {
        "seat": seat,
        "who": game.names[seat],
        "text": told[0] if told else "",
        "card": str(move.card),
        "captured": [str(card) for card in move.captured],
        "trail": played and not move.is_capture,
        "svg": svg.move(move, table, size=CARD_SIZE * 0.6)
        if played
        else svg.card(move.card, size=CARD_SIZE * 0.6),
    }


def _hand_scores(view: sr.PlayerView) -> list[dict[str, Any]]:
    rows = []
    for result in view.hand_results:
        sides = [
            {
                "side": score.side,
                "cards": score.cards,
                "coins": score.coins,
                "settebello": score.settebello,
                "primiera": score.primiera,
                "sweeps": score.sweeps,
                "points": total,
            }
            for score, total in zip(
                result.score.sides, result.score.totals, strict=True
            )
        ]
        rows.append(
            {"hand": result.number + 1, "sides": sides, "scores": list(result.scores)}
        )
    return rows


def frame_json(game: Game) -> dict[str, Any]:
    """What the page shows at one moment, from your seat's view of the game."""
    state = game.state
    seat = game.seat
    view = state.view(seat)
    rules = view.rules
    return {
        "title": title(rules),
        "ply": len(state.history),
        "seat": seat,
        "players": rules.players,
        "preset": rules.preset_name(),
        "bot": game.bot,
        "your_turn": view.current_player == seat,
        "to_move": view.current_player,
        "to_move_name": None
        if view.current_player is None
        else game.names[view.current_player],
        "over": view.is_over,
        "winner": view.winner,
        "your_side": rules.side_of(seat),
        "side_names": game.sides,
        "scores": list(view.scores),
        "target": rules.target_score,
        "hand_number": view.hand_number + 1,
        "hand": _hand(game),
        "table": _cards(view.table),
        "others": [
            {
                "seat": other,
                "side": rules.side_of(other),
                "count": count,
                # Face down, but for declared cards (Cirulla), known to all.
                "svg": svg.hand(view, other, size=CARD_SIZE * 0.6),
            }
            for other, count in enumerate(view.hand_sizes)
            if other != seat
        ],
        "stock": view.stock_size,
        "piles": [len(pile) for pile in view.piles],
        "sweeps": list(view.sweeps),
        "decisions": [
            _decision(m) for m in view.legal_moves() if m.kind is not sr.MoveKind.PLAY
        ],
        "last": game.last,
        "log": game.log[-LOG_LINES:],
        "hand_scores": _hand_scores(view),
    }


def game_json(game_id: str, game: Game) -> dict[str, Any]:
    """The answer to the page: what it shows now, and ``steps``, the frames
    of the moves since its last request before this one (the bots' moves,
    which the page shows one by one)."""
    return {"id": game_id, **frame_json(game), "steps": game.frames[:-1]}


def _duration(seconds: float) -> str:
    """``seconds`` in words: ``30 minutes``, ``1 minute``, ``90 seconds``."""
    count, unit = (seconds / 60, "minute") if seconds % 60 == 0 else (seconds, "second")
    return f"{count:g} {unit}{'' if count == 1 else 's'}"


class Tables:
    """The games being played, by id, all with the same rules and your
    seat (checked here, so that a bad option fails at start).

    A game is played only with the token :meth:`new` answered.  Games
    idle for more than ``idle_timeout`` seconds, and finished games after
    ``finished_grace`` seconds, are removed; at most ``max_games`` are kept.
    ``clock`` tells the time in seconds (tests pass their own)."""

    def __init__(
        self,
        preset: str,
        players: int,
        bot: str,
        seat: int = 0,
        *,
        max_games: int = MAX_GAMES,
        idle_timeout: float = IDLE_TIMEOUT,
        finished_grace: float = FINISHED_GRACE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rules = sr.Ruleset.from_name(preset, players=players)
        if not 0 <= seat < self.rules.players:
            raise ValueError(
                f"--seat must be a seat of the {self.rules.players}-player game, "
                f"0 to {self.rules.players - 1}, not {seat}"
            )
        if max_games < 1:
            raise ValueError(f"--max-games must be 1 or more, not {max_games}")
        if not idle_timeout > 0 or not finished_grace > 0:
            raise ValueError("the times after which games are removed must be > 0")
        self.bot, self.seat = bot, seat
        self.max_games = max_games
        self.idle_timeout, self.finished_grace = idle_timeout, finished_grace
        self.clock = clock
        self.games: dict[str, Game] = {}
        self.issued = 0  # the ids 1 to issued have been given out
        self.dealing = 0  # games being made, counted against max_games
        self.lock = threading.Lock()  # over games, issued and dealing

    def _expired(self, game: Game, now: float) -> bool:
        limit = self.finished_grace if game.state.is_over else self.idle_timeout
        return now - game.used > limit

    def _sweep(self) -> None:
        """Remove the games whose time is up (the lock held)."""
        now = self.clock()
        for game_id in [i for i, g in self.games.items() if self._expired(g, now)]:
            del self.games[game_id]

    def _make_room(self) -> None:
        """Room for one more game (the lock held): the finished games go,
        those that ended first first; if none has ended, :class:`Refused`."""
        finished = sorted(
            (game.used, game_id)
            for game_id, game in self.games.items()
            if game.state.is_over
        )
        while len(self.games) + self.dealing >= self.max_games:
            if not finished:
                raise Refused(
                    HTTPStatus.SERVICE_UNAVAILABLE,
                    {
                        "error": f"the server is full: {self.max_games} games are "
                        "being played; try again when one ends or expires"
                    },
                )
            del self.games[finished.pop(0)[1]]

    def _missing(self, game_id: str) -> Refused:
        issued = re.fullmatch(r"[1-9][0-9]{0,18}", game_id) is not None
        if issued and int(game_id) <= self.issued:
            reason = (
                f"game {game_id} expired: games are removed "
                f"{_duration(self.idle_timeout)} after their last move, finished "
                f"games {_duration(self.finished_grace)} after they end or when "
                "the server is full; start a new game"
            )
        else:
            reason = f"no such game: {game_id[:40]!r}"
        return Refused(HTTPStatus.NOT_FOUND, {"error": reason})

    def rules_for(
        self, preset: str | None, players: int | None, seat: int | None
    ) -> tuple[sr.Ruleset, int]:
        """The rules and your seat of a new game: the server's own unless the
        page chose others (:class:`Refused` if they do not exist)."""
        if preset is None and players is None:
            rules = self.rules
        else:
            name = preset if preset is not None else self.rules.preset_name()
            try:
                rules = sr.Ruleset.from_name(name or "scopa", players=players)
            except sr.ScopaError as error:
                raise _refuse(str(error)) from None
        seat = self.seat if seat is None else seat
        if not 0 <= seat < rules.players:
            raise _refuse(
                f"'seat' must be a seat of the {rules.players}-player game, "
                f"0 to {rules.players - 1}, not {seat}"
            )
        return rules, seat

    def new(
        self,
        seed: int | None,
        preset: str | None = None,
        players: int | None = None,
        seat: int | None = None,
        bot: str | None = None,
    ) -> dict[str, Any]:
        """A new game (of ``preset`` for ``players``, you in ``seat``
        against ``bot``, or the server's defaults): what the page shows, with
        the game's ``token`` and the games and bots the page may offer."""
        rules, seat = self.rules_for(preset, players, seat)
        if bot is None:
            bot = self.bot
        elif bot not in BOTS:
            raise _refuse(f"'bot' must be one of {', '.join(BOTS)}, not {bot[:40]!r}")
        with self.lock:
            self._sweep()
            self._make_room()
            self.dealing += 1
            self.issued += 1
            game_id = str(self.issued)
        try:
            seed = random.randrange(10**6) if seed is None else seed
            game = Game(rules, seed, bot, seat)
            answer = {
                "token": game.token,
                "presets": presets_json(),
                "bots": bots_json(),
                **game_json(game_id, game),
            }
        except BaseException:
            with self.lock:
                self.dealing -= 1
            raise
        with self.lock:
            self.dealing -= 1
            game.used = self.clock()
            self.games[game_id] = game
        return answer

    def find(self, game_id: str, token: str | None) -> Game:
        """The game ``game_id`` if ``token`` is its token, else :class:`Refused`
        (404 if there is no such game, 403 if the token is missing or wrong)."""
        with self.lock:
            self._sweep()
            game = self.games.get(game_id)
            if game is None:
                raise self._missing(game_id)
            given = (token or "").encode("utf-8", "surrogateescape")
            if not secrets.compare_digest(given, game.token.encode()):
                what = "the wrong token" if token else "no token"
                raise Refused(
                    HTTPStatus.FORBIDDEN,
                    {
                        "error": f"{what} for game {game_id}: send the token the "
                        f"game was made with, in the {TOKEN_HEADER} header"
                    },
                )
            game.used = self.clock()
            return game

    def play(self, game_id: str, token: str | None, text: str) -> dict[str, Any]:
        """Play ``text`` in the game ``game_id``, whose token is ``token``."""
        game = self.find(game_id, token)
        with game.lock:
            try:
                game.play(text)
                return game_json(game_id, game)
            finally:
                game.used = self.clock()


_JSON_KINDS = {
    str: "a string",
    int: "a number",
    float: "a number",
    bool: "true or false",
    list: "an array",
    dict: "an object",
    type(None): "null",
}


def _wrong(name: str, wanted: str, value: object) -> Refused:
    given = _JSON_KINDS.get(type(value), type(value).__name__)
    if isinstance(value, int) and not isinstance(value, bool):
        given = str(value) if abs(value) < 10**30 else "a number that long"
    error = f"{name!r} must be {wanted}, not {given}"
    return Refused(HTTPStatus.BAD_REQUEST, {"error": error})


def _seed(request: dict[str, Any]) -> int | None:
    seed = request.get("seed")
    if seed is None:
        return None
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < MAX_SEED:
        return seed
    raise _wrong("seed", "a whole number from 0 to 2**63 - 1, or null", seed)


def _text(request: dict[str, Any], name: str, wanted: str) -> str:
    value = request.get(name)
    if not isinstance(value, str):
        raise _wrong(name, wanted, value)
    if not 0 < len(value) <= MAX_MOVE:
        raise _refuse(
            f"{name!r} must be 1 to {MAX_MOVE} characters long, not {len(value)}"
        )
    return value


def _maybe_text(request: dict[str, Any], name: str, wanted: str) -> str | None:
    if request.get(name) is None:
        return None
    return _text(request, name, wanted)


def _maybe_count(request: dict[str, Any], name: str, wanted: str) -> int | None:
    value = request.get(name)
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 100:
        return value
    raise _wrong(name, wanted, value)


def _refuse(error: str, status: HTTPStatus = HTTPStatus.BAD_REQUEST) -> Refused:
    return Refused(status, {"error": error})


def make_handler(
    tables: Tables, *, max_body: int = MAX_BODY, timeout: float = TIMEOUT
) -> type[BaseHTTPRequestHandler]:
    """The request handler of a server over ``tables``: bodies of at most
    ``max_body`` bytes, connections silent at most ``timeout`` seconds."""
    read_timeout = timeout

    class Handler(BaseHTTPRequestHandler):
        # StreamRequestHandler.setup sets it on the socket: a read or write
        # waiting longer raises TimeoutError; BaseHTTPRequestHandler closes
        # the connection when that happens while reading the headers.
        timeout = read_timeout

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: the page, not the terminal, shows what happens."""

        def send(self, status: HTTPStatus, body: bytes, kind: str) -> None:
            try:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except (ConnectionError, TimeoutError):
                self.close_connection = True  # the client has gone

        def send_json(self, status: HTTPStatus, data: dict[str, Any]) -> None:
            self.send(status, json.dumps(data).encode(), "application/json")

        def do_GET(self) -> None:
            if self.path.split("?")[0] in ("/", "/index.html"):
                self.send(HTTPStatus.OK, PAGE.read_bytes(), "text/html; charset=utf-8")
            else:
                self.send_json(
                    HTTPStatus.NOT_FOUND, {"error": f"no page {self.path[:100]}"}
                )

        def read_body(self) -> bytes:
            """The body, as long as its Content-Length says (at most
            ``max_body`` bytes), within ``timeout`` seconds, else :class:`Refused`."""
            try:
                return self._read_body()
            except Refused:
                # What is left unread of the body must not be read as the
                # next request on this connection.
                self.close_connection = True
                raise

        def _read_body(self) -> bytes:
            if "Transfer-Encoding" in self.headers:
                raise _refuse("send the body with a Content-Length, not chunked")
            lengths = self.headers.get_all("Content-Length") or []
            if len(lengths) != 1:
                raise _refuse(
                    "a POST needs one Content-Length header, "
                    f"not {len(lengths) or 'none'}"
                )
            text = lengths[0].strip()
            if not re.fullmatch(r"[0-9]+", text):
                raise _refuse(
                    f"Content-Length must be a number of bytes, not {text[:40]!r}"
                )
            if len(text) > 18 or int(text) > max_body:
                raise _refuse(
                    f"the body may be at most {max_body} bytes, "
                    f"not the {text[:40]} its Content-Length says",
                    HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                )
            length = int(text)
            # Read what has arrived as it arrives, to a deadline: a client
            # sending a byte now and then does not hold the thread longer.
            rfile = cast(io.BufferedReader, self.rfile)
            deadline = time.monotonic() + read_timeout
            chunks: list[bytes] = []
            got = 0
            try:
                while got < length:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise TimeoutError
                    self.connection.settimeout(left)
                    chunk = rfile.read1(length - got)
                    if not chunk:
                        raise _refuse(
                            f"the body ended after {got} of the {length} bytes "
                            "its Content-Length says"
                        )
                    chunks.append(chunk)
                    got += len(chunk)
            except TimeoutError:
                raise _refuse(
                    f"the body did not arrive within {_duration(read_timeout)}: "
                    f"{got} of the {length} bytes its Content-Length says"
                ) from None
            finally:
                self.connection.settimeout(read_timeout)
            return b"".join(chunks)

        def read_json(self) -> dict[str, Any]:
            """The body as a JSON object (none: an empty one), else
            :class:`Refused`."""
            body = self.read_body()
            if not body.strip():
                return {}
            try:
                request = json.loads(body)
            except RecursionError:  # the parser recurses once a level
                raise _refuse("the JSON is nested too deeply") from None
            except ValueError as error:  # also bytes that are not UTF-8
                raise _refuse(f"malformed JSON: {str(error)[:200]}") from None
            if not isinstance(request, dict):
                raise _refuse("the body must be a JSON object")
            return request

        def answer(self) -> dict[str, Any]:
            request = self.read_json()
            if self.path == "/api/new":
                return tables.new(
                    _seed(request),
                    _maybe_text(request, "preset", "a preset's name, or null"),
                    _maybe_count(request, "players", "a number of players, or null"),
                    _maybe_count(request, "seat", "a seat's number, or null"),
                    _maybe_text(request, "bot", "a bot's name, or null"),
                )
            if self.path == "/api/play":
                game_id = _text(request, "game", "the game's id, a string")
                move = _text(request, "move", "a move's text")
                return tables.play(game_id, self.headers.get(TOKEN_HEADER), move)
            raise _refuse(f"no action {self.path[:100]}", HTTPStatus.NOT_FOUND)

        def do_POST(self) -> None:
            try:
                answer = self.answer()
            except Refused as refused:
                self.send_json(refused.status, refused.body)
            except Exception:  # a bug: say so, and keep serving
                traceback.print_exc()
                self.close_connection = True
                self.send_json(
                    HTTPStatus.INTERNAL_SERVER_ERROR,
                    {"error": "the server failed on this request"},
                )
            else:
                self.send_json(HTTPStatus.OK, answer)

    return Handler


def serve(
    port: int,
    *,
    preset: str = "scopa",
    players: int = 2,
    seat: int = 0,
    bot: str = "greedy",
    max_games: int = MAX_GAMES,
    idle_timeout: float = IDLE_TIMEOUT,
    finished_grace: float = FINISHED_GRACE,
    max_body: int = MAX_BODY,
    timeout: float = TIMEOUT,
    clock: Callable[[], float] = time.monotonic,
) -> ThreadingHTTPServer:
    """A server on localhost (``port`` 0: any free port) where you sit in
    ``seat``; call its ``serve_forever()``.  The other options are those of
    :class:`Tables` and :func:`make_handler`.  Rules that do not exist, or a
    seat not at their table, raise :class:`ValueError`."""
    tables = Tables(
        preset,
        players,
        bot,
        seat,
        max_games=max_games,
        idle_timeout=idle_timeout,
        finished_grace=finished_grace,
        clock=clock,
    )
    handler = make_handler(tables, max_body=max_body, timeout=timeout)
    return ThreadingHTTPServer(("127.0.0.1", port), handler)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--preset", default="scopa")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--seat", type=int, default=0, help="your seat, from 0 (bots take the others)"
    )
    parser.add_argument("--bot", choices=sorted(BOTS), default="greedy")
    parser.add_argument(
        "--max-games", type=int, default=MAX_GAMES, help="games kept at once"
    )
    parser.add_argument(
        "--idle-minutes",
        type=float,
        default=IDLE_TIMEOUT / 60,
        help="a game is removed this long after its last move",
    )
    parser.add_argument(
        "--finished-minutes",
        type=float,
        default=FINISHED_GRACE / 60,
        help="a finished game is removed this long after it ends",
    )
    args = parser.parse_args(argv)
    try:
        server = serve(
            args.port,
            preset=args.preset,
            players=args.players,
            seat=args.seat,
            bot=args.bot,
            max_games=args.max_games,
            idle_timeout=args.idle_minutes * 60,
            finished_grace=args.finished_minutes * 60,
        )
    except ValueError as error:  # the library's errors are ValueErrors too
        parser.error(str(error))
    print(f"open http://localhost:{server.server_address[1]}/", file=sys.stderr)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
