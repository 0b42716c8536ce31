"""Play Scopa against the bundled bots in a web browser.

A small server on the standard library's ``http.server``: it keeps the games,
answers the page's requests with JSON built from what your seat may see
(:meth:`GameState.view`: never another seat's hidden cards), draws the cards
with :mod:`scopa_rules.svg`, and refuses an illegal click with the library's
own explanation (:meth:`GameState.parse_move`).  You sit in seat 0, or the
seat ``--seat`` names; bots take the other seats and play as soon as it is
their turn.

Run:  python examples/web/server.py [--port 8000] [--preset scopa] [--players 2] [--seat 0] [--bot greedy]
then open http://localhost:8000/ (add ``?seed=N`` for a given deal).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import random
import sys
import threading
from collections.abc import Callable, Sequence
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import scopa_rules as sr
from scopa_rules import events, svg

PAGE = Path(__file__).resolve().parent / "index.html"
BOTS: dict[str, Callable[[], sr.Bot]] = {
    "random": sr.RandomBot,
    "greedy": sr.GreedyBot,
    "ismcts": lambda: sr.IsmctsBot(iterations=200),
}
CARD_SIZE = 64


class Refused(Exception):
    """A request the game cannot follow: sent back as JSON with ``status``."""

    def __init__(self, status: HTTPStatus, body: dict[str, Any]) -> None:
        super().__init__(body["error"])
        self.status = status
        self.body = body


def what_happened(happened: Sequence[events.Event]) -> list[str]:
    """What a move did, in words, from its events (as your seat saw them)."""
    lines: list[str] = []
    for event in happened:
        if isinstance(event, events.Captured):
            lines.append(
                f"seat {event.seat} plays {event.card} and takes {event.cards}"
            )
        elif isinstance(event, events.Trailed):
            lines.append(f"seat {event.seat} plays {event.card} onto the table")
        elif isinstance(event, events.Swept) and event.counted:
            lines[-1] += ": a sweep!"
        elif isinstance(event, events.FirstCardDecided):
            verb = "keeps" if event.kept else "tables"
            lines.append(f"seat {event.seat} {verb} the first card")
        elif isinstance(event, events.Declared):
            lines.append(
                f"seat {event.seat} declares {event.cards}: {event.kind}, "
                f"{event.points} points"
            )
        elif isinstance(event, events.Redealt):
            lines.append(
                f"too many {event.reason} on the table: the cards are dealt again"
            )
        elif isinstance(event, events.InitialSweeps):
            lines.append(
                f"the table adds up to {15 * event.count}: side {event.side} takes it "
                f"with {event.count} sweep{'s' if event.count > 1 else ''}"
            )
        elif isinstance(event, events.HandEnded):
            if event.leftover and event.leftover_side is not None:
                lines.append(
                    f"the cards left, {event.leftover}, go to side {event.leftover_side}"
                )
        elif isinstance(event, events.HandScored):
            points = ", ".join(
                f"side {side} {total}" for side, total in enumerate(event.score.totals)
            )
            lines.append(f"hand {event.hand_number + 1} is over: {points}")
    return lines


class Game:
    """One game: the state, your seat, the bots in the other seats and what
    happened."""

    def __init__(self, rules: sr.Ruleset, seed: int, bot: str, seat: int = 0) -> None:
        self.state = sr.new_game(rules, seed=seed)
        self.seat = seat
        self.bots = {
            other: BOTS[bot]() for other in range(rules.players) if other != seat
        }
        self.rng = random.Random(seed)
        self.log: list[str] = []
        self.lock = threading.Lock()
        self.bots_play()

    def apply(self, move: sr.Move) -> None:
        seat = self.state.current_player
        assert seat is not None  # a move is only applied when a seat is to move
        after, happened = events.play(self.state, move)
        self.log += what_happened(events.seen_by(happened, self.seat))
        self.state = after

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
            choices = [
                [str(card) for card in m.captured]
                for m in error.choices
                if isinstance(m, sr.Move)
            ]
            raise Refused(
                HTTPStatus.CONFLICT,
                {"error": str(error), "ambiguous": True, "choices": choices},
            ) from None
        except sr.ScopaError as error:
            raise Refused(HTTPStatus.BAD_REQUEST, {"error": str(error)}) from None
        self.apply(move)
        self.bots_play()


def _cards(cards: sr.CardSet) -> list[dict[str, str]]:
    return [{"card": str(c), "svg": svg.card(c, size=CARD_SIZE)} for c in cards]


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


def game_json(game_id: str, game: Game) -> dict[str, Any]:
    """What the page shows, from your seat's view of the game."""
    state = game.state
    seat = game.seat
    view = state.view(seat)
    rules = view.rules
    return {
        "id": game_id,
        "title": f"{rules.preset_name() or 'house rules'}, {rules.players} players",
        "ply": len(state.history),
        "seat": seat,
        "your_turn": view.current_player == seat,
        "to_move": view.current_player,
        "over": view.is_over,
        "winner": view.winner,
        "your_side": rules.side_of(seat),
        "scores": list(view.scores),
        "target": rules.target_score,
        "hand_number": view.hand_number + 1,
        "hand": _cards(view.hand),
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
            str(m) for m in view.legal_moves() if m.kind is not sr.MoveKind.PLAY
        ],
        "log": game.log[-12:],
        "hand_scores": _hand_scores(view),
    }


class Tables:
    """The games being played, by id, all with the same rules and your
    seat (checked here, so that a bad option fails at start)."""

    def __init__(self, preset: str, players: int, bot: str, seat: int = 0) -> None:
        self.rules = sr.Ruleset.from_name(preset, players=players)
        if not 0 <= seat < self.rules.players:
            raise ValueError(
                f"--seat must be a seat of the {self.rules.players}-player game, "
                f"0 to {self.rules.players - 1}, not {seat}"
            )
        self.bot, self.seat = bot, seat
        self.games: dict[str, Game] = {}
        self.ids = itertools.count(1)
        self.lock = threading.Lock()

    def new(self, seed: int | None) -> dict[str, Any]:
        seed = random.randrange(10**6) if seed is None else seed
        game = Game(self.rules, seed, self.bot, self.seat)
        with self.lock:
            game_id = str(next(self.ids))
            self.games[game_id] = game
        return game_json(game_id, game)

    def play(self, game_id: str, text: str) -> dict[str, Any]:
        game = self.games.get(game_id)
        if game is None:
            raise Refused(HTTPStatus.NOT_FOUND, {"error": f"no game {game_id!r}"})
        with game.lock:
            game.play(text)
            return game_json(game_id, game)


def make_handler(tables: Tables) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: the page, not the terminal, shows what happens."""

        def send(self, status: HTTPStatus, body: bytes, kind: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def send_json(self, status: HTTPStatus, data: dict[str, Any]) -> None:
            self.send(status, json.dumps(data).encode(), "application/json")

        def do_GET(self) -> None:
            if self.path.split("?")[0] in ("/", "/index.html"):
                self.send(HTTPStatus.OK, PAGE.read_bytes(), "text/html; charset=utf-8")
            else:
                self.send_json(HTTPStatus.NOT_FOUND, {"error": f"no page {self.path}"})

        def do_POST(self) -> None:
            try:
                length = int(self.headers.get("Content-Length", "0"))
                request = json.loads(self.rfile.read(length) or b"{}")
                if not isinstance(request, dict):
                    raise ValueError("a JSON object")
                if self.path == "/api/new":
                    seed = request.get("seed")
                    if seed is not None and not isinstance(seed, int):
                        raise ValueError("seed as a whole number")
                    answer = tables.new(seed)
                elif self.path == "/api/play":
                    answer = tables.play(
                        str(request.get("game")), str(request.get("move"))
                    )
                else:
                    raise Refused(
                        HTTPStatus.NOT_FOUND, {"error": f"no action {self.path}"}
                    )
            except Refused as refused:
                self.send_json(refused.status, refused.body)
            except ValueError as error:
                self.send_json(HTTPStatus.BAD_REQUEST, {"error": f"expected {error}"})
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
) -> ThreadingHTTPServer:
    """A server on localhost (``port`` 0: any free port) where you sit in
    ``seat``; call its ``serve_forever()``.  Rules that do not exist, or a
    seat not at their table, raise :class:`ValueError`."""
    handler = make_handler(Tables(preset, players, bot, seat))
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
    args = parser.parse_args(argv)
    try:
        server = serve(
            args.port,
            preset=args.preset,
            players=args.players,
            seat=args.seat,
            bot=args.bot,
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
