"""The web example (examples/web/): its JSON API, and a whole game played by
clicks in headless Chromium through Playwright.

The browser test drives the system Chromium (``apt-get install chromium``);
it skips only when no Chromium is installed.
"""

from __future__ import annotations

import contextlib
import http.client
import importlib.util
import json
import random
import select
import socket
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

import scopa_rules as sr
from helpers import ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Page, Request


def load(name: str, path: Path) -> ModuleType:
    """Import the script at ``path`` as the module ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


web = load("web_server", ROOT / "examples" / "web" / "server.py")
# The docs screenshot script knows where the system Chromium is.
chromium = load("docs_screenshots", ROOT / "docs" / "screenshots.py").chromium


@contextlib.contextmanager
def running(**options: Any) -> Iterator[str]:
    """A server with ``options`` (those of ``serve``) on a free localhost
    port, while the block runs."""
    server = web.serve(0, **options)
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture
def base_url() -> Iterator[str]:
    """A server on a free localhost port, for the length of one test."""
    with running() as url:
        yield url


def post(
    url: str, data: object, token: str | None = None
) -> tuple[int, dict[str, Any]]:
    """POST ``data`` as JSON (with the game's ``token``): the status and the
    answer's JSON."""
    return post_bytes(url, json.dumps(data).encode(), token)


def post_bytes(
    url: str, body: bytes, token: str | None = None
) -> tuple[int, dict[str, Any]]:
    """POST ``body`` as it is: the status and the answer's JSON."""
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers[web.TOKEN_HEADER] = token
    request = urllib.request.Request(url, data=body, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def expected_game(seed: int, seat: int = 0, players: int = 2) -> sr.GameState:
    """The game the tests play: ``seat`` always makes its last legal move,
    greedy bots the others, with the server's random generator."""
    state = sr.new_game(sr.Ruleset.scopa(players), seed=seed)
    rng = random.Random(seed)
    bot = sr.GreedyBot()
    while (to_move := state.current_player) is not None:
        move = (
            state.legal_moves()[-1]
            if to_move == seat
            else bot.choose(state.view(to_move), rng)
        )
        state = state.apply(move)
    return state


def bots_until(
    state: sr.GameState, seat: int, rng: random.Random, bot: sr.Bot
) -> sr.GameState:
    """``state`` after the bots' moves up to ``seat``'s turn (or the end)."""
    while (to_move := state.current_player) not in (seat, None):
        state = state.apply(bot.choose(state.view(to_move), rng))
    return state


def hidden_cards(state: sr.GameState, seat: int) -> list[str]:
    """The cards in the other seats' hands, as text."""
    return [
        str(card)
        for other, hand in enumerate(state.hands)
        if other != seat
        for card in hand
    ]


def test_a_new_game_is_seat_zeros_view(base_url: str) -> None:
    status, game = post(f"{base_url}/api/new", {"seed": 7})
    assert status == 200
    state = sr.new_game(seed=7)
    assert [c["card"] for c in game["hand"]] == [str(c) for c in state.hands[0]]
    assert [c["card"] for c in game["table"]] == [str(c) for c in state.table]
    assert game["others"][0]["count"] == 3
    assert game["others"][0]["svg"].count("<svg") == 1
    assert str(state.hands[1]) not in json.dumps(game)
    assert game["your_turn"]
    assert not game["over"]
    assert game["ply"] == 0
    assert game["title"] == "Scopa, 2 players"
    assert game["steps"] == []  # seat 0 leads: no bot has moved
    assert game["last"] is None
    assert all(card["playable"] for card in game["hand"])
    assert {"name": "scopone", "title": "Scopone", "players": [4]} in game["presets"]
    assert game["log"] == [
        "Hand 1 begins; seat 1 deals",
        f"You are dealt 3 cards: {state.hands[0]}",
        "Seat 1 is dealt 3 cards",
        f"The table is dealt 4 cards: {state.table}",
    ]


def test_moves_refusals_and_choices(base_url: str) -> None:
    rules = sr.Ruleset.scopa()
    seed = next(
        s for s in range(100) if _has_ambiguous_card(sr.new_game(rules, seed=s))
    )
    state = sr.new_game(rules, seed=seed)
    _, game = post(f"{base_url}/api/new", {"seed": seed})
    play = f"{base_url}/api/play"
    token = game["token"]
    card = next(m.card for m in state.legal_moves() if _ways(state, m.card) > 1)
    status, answer = post(play, {"game": game["id"], "move": str(card)}, token)
    assert status == 409
    assert answer["ambiguous"]
    ways = [str(m.captured) for m in state.legal_moves() if m.card is card]
    assert answer["error"] == f"{card} can take {' or '.join(ways)}"
    assert sorted(answer["choices"]) == sorted(
        [str(c) for c in m.captured] for m in state.legal_moves() if m.card is card
    )
    bad = sr.Move(next(iter(state.hands[1])))
    status, answer = post(play, {"game": game["id"], "move": str(bad)}, token)
    assert status == 400
    assert answer["error"] == f"illegal move {bad}: {state.explain_illegal(bad)}"
    assert post(play, {"game": game["id"], "move": "9Z"}, token)[0] == 400
    assert post(play, {"game": "nope", "move": "7D"}, token)[0] == 404
    assert post(f"{base_url}/api/other", {})[0] == 404
    assert post(f"{base_url}/api/new", {"seed": "x"})[0] == 400
    assert post(f"{base_url}/api/new", [1])[0] == 400
    move = state.legal_moves()[0]
    status, answer = post(play, {"game": game["id"], "move": str(move)}, token)
    assert status == 200
    mine = sr.events.narrate(state.play(move)[1], ["you"])[0]
    assert mine in answer["log"]
    assert mine.startswith(f"You play {move.card} and take ")
    assert answer["ply"] == 2
    assert answer["your_turn"]
    # The frame after your move, for the page to show before the bot's.
    assert [step["ply"] for step in answer["steps"]] == [1]
    assert answer["steps"][0]["last"]["who"] == "you"
    assert answer["steps"][0]["last"]["text"] == mine
    assert answer["last"]["seat"] == 1
    assert answer["last"]["text"] == answer["log"][-1] or answer["log"][-1].startswith(
        "You are dealt"
    )


def test_a_finished_game_refuses_moves() -> None:
    tables = web.Tables("scopa", 2, "greedy")
    game = tables.new(4)
    token = game["token"]
    while not game["over"]:
        state = tables.games[game["id"]].state
        game = tables.play(game["id"], token, str(state.legal_moves()[-1]))
    assert game["scores"] == list(expected_game(4).scores)
    with pytest.raises(web.Refused, match="the game is over"):
        tables.play(game["id"], token, "7D")
    assert len(game["hand_scores"]) == len(expected_game(4).hand_results)


def test_the_log_tells_the_game_in_words_with_you_in_it() -> None:
    tables = web.Tables("scopa", 2, "greedy")
    game = tables.new(4)
    token = game["token"]
    while not game["over"]:
        state = tables.games[game["id"]].state
        game = tables.play(game["id"], token, str(state.legal_moves()[-1]))
    log = tables.games[game["id"]].log
    final = expected_game(4)
    record = sr.events.seen_by(sr.events.game_events(final.record()), 0)
    assert log == sr.events.narrate(record, ["you", "seat 1"], ["you", "seat 1"])
    assert all(line[0].isupper() for line in log)
    assert not [
        line for line in log if "you plays" in line.lower() or " 1 cards" in line
    ]
    assert any(line.startswith("You play ") for line in log)
    assert any(line.startswith("Hand 1 scores ") for line in log)
    winner = "You win" if final.winner == 0 else "Seat 1 wins"
    assert log[-1].startswith(f"{winner} the game, ")


def test_partners_are_your_side_in_the_log() -> None:
    rules = sr.Ruleset.scopone()
    assert web.seat_names(rules, 2) == ["seat 0", "seat 1", "you", "seat 3"]
    assert web.side_names(rules, 2) == ["your side", "side 1"]
    assert web.side_names(sr.Ruleset.scopa(3), 1) == ["seat 0", "you", "seat 2"]
    assert web.title(rules) == "Scopone, 4 players"
    assert web.title(sr.Ruleset.scopa(target_score=5)) == "House rules, 2 players"


def test_a_new_game_may_choose_the_preset_the_players_and_your_seat() -> None:
    tables = web.Tables("scopa", 2, "greedy")
    game = tables.new(5, "scopone", 4, 3)
    token = game["token"]
    state = tables.games[game["id"]].state
    assert state.rules == sr.Ruleset.scopone()
    assert (game["seat"], game["players"], game["preset"]) == (3, 4, "scopone")
    assert game["title"] == "Scopone, 4 players"
    # Seats 0, 1 and 2 move before you: one frame each but the last, which
    # is the answer itself.
    assert [step["last"]["seat"] for step in game["steps"]] == [0, 1]
    assert game["last"]["seat"] == 2
    assert len(game["hand"]) == 9
    game = tables.play(game["id"], token, str(state.legal_moves()[0]))
    assert [step["last"]["who"] for step in game["steps"]] == [
        "you",
        "seat 0",
        "seat 1",
    ]
    assert game["last"]["who"] == "seat 2"
    chkobba = tables.new(7, "chkobba", None, None)
    assert chkobba["decisions"] == [
        {"move": "keep KH", "label": "Keep KH"},
        {"move": "table KH", "label": "Put KH on the table"},
    ]
    for choice, message in [
        (("nope", None, None), "unknown preset"),
        (("scopone", 2, None), "scopone is played by 4 players, not 2"),
        (("scopa", 3, 3), "'seat' must be a seat of the 3-player game, 0 to 2, not 3"),
    ]:
        with pytest.raises(web.Refused, match=message):
            tables.new(1, *choice)


def test_a_new_game_may_choose_any_bundled_bot() -> None:
    tables = web.Tables("scopa", 2, "greedy")
    offered = tables.new(1)["bots"]
    assert [bot["name"] for bot in offered] == [
        "random",
        "greedy",
        "expert",
        "ismcts",
        "pimc",
    ]
    assert sorted(bot["name"] for bot in offered) == sorted(sr.BOT_NAMES)
    for name, kind in [
        ("expert", sr.ExpertBot),
        ("pimc", sr.PimcBot),
        ("ismcts", sr.IsmctsBot),
    ]:
        game = tables.new(3, "scopa", 2, 1, name)
        assert game["bot"] == name
        assert type(tables.games[game["id"]].bots[0]) is kind
        # The bot has moved (seat 0 leads): you are to move.
        assert game["your_turn"]
    assert tables.new(3)["bot"] == "greedy"  # the server's default
    with pytest.raises(web.Refused, match="'bot' must be one of expert, greedy"):
        tables.new(1, None, None, None, "minimax")


def test_the_choices_of_a_new_game_are_checked_over_http(base_url: str) -> None:
    new = f"{base_url}/api/new"
    status, game = post(new, {"seed": 2, "preset": "escoba", "players": 3, "seat": 2})
    assert status == 200
    assert game["title"] == "Escoba, 3 players"
    assert game["seat"] == 2
    assert post(new, {"preset": 7})[0] == 400
    assert post(new, {"players": "four"})[0] == 400
    assert post(new, {"seat": -1})[0] == 400
    assert post(new, {"seat": True})[0] == 400
    assert post(new, {"bot": "minimax"})[0] == 400
    assert post(new, {"bot": 3})[0] == 400
    status, game = post(new, {"seed": 2, "bot": "expert"})
    assert (status, game["bot"]) == (200, "expert")
    status, answer = post(new, {"preset": "scopa", "players": 5})
    assert status == 400
    assert "5" in answer["error"]


def test_cards_you_cannot_play_say_why() -> None:
    rules = sr.Ruleset.scopa(capture_compulsion="whole_hand")
    game = next(
        g
        for seed in range(200)
        if (g := web.Game(rules, seed, "greedy")).state.current_player == 0
        and len({m.card for m in g.state.legal_moves()}) < len(g.state.hands[0])
    )
    frame = web.frame_json(game)
    legal = {str(m.card) for m in game.state.legal_moves()}
    for card in frame["hand"]:
        assert card["playable"] == (card["card"] in legal)
        if not card["playable"]:
            why = game.state.explain_illegal(sr.Move(sr.Card.parse(card["card"])))
            assert card["reason"] == f"{card['card']} cannot be played now: {why}"
    waiting = web.Game(sr.Ruleset.scopa(3), 5, "greedy", seat=2)
    reasons = {card["reason"] for card in web.frame_json(waiting)["hand"]}
    assert reasons == {"Wait: it is seat 1's turn"} or reasons == {None}


def test_you_may_sit_in_any_seat_and_see_only_its_cards() -> None:
    tables = web.Tables("scopa", 3, "greedy", seat=1)
    game = tables.new(5)
    token = game["token"]
    # Seat 0 leads: its bot has played before the page first shows.
    state = bots_until(
        sr.new_game(sr.Ruleset.scopa(3), seed=5), 1, random.Random(5), sr.GreedyBot()
    )
    assert tables.games[game["id"]].state == state
    assert game["seat"] == 1
    assert game["your_side"] == 1
    assert game["your_turn"]
    assert game["ply"] == 1
    assert game["log"][-1] == f"Seat 0 trails {state.history[0].card}, taking nothing"
    assert game["last"]["text"] == game["log"][-1]
    assert game["steps"] == []  # one bot move: the answer is its frame
    assert [c["card"] for c in game["hand"]] == [str(c) for c in state.hands[1]]
    assert [other["seat"] for other in game["others"]] == [0, 2]
    # The token is random text: leave it out, or a card's two letters may
    # turn up in it by chance.
    text = json.dumps({key: value for key, value in game.items() if key != "token"})
    assert not [card for card in hidden_cards(state, 1) if card in text]
    while not game["over"]:
        state = tables.games[game["id"]].state
        game = tables.play(game["id"], token, str(state.legal_moves()[-1]))
    final = expected_game(5, seat=1, players=3)
    assert tables.games[game["id"]].state == final
    assert game["scores"] == list(final.scores)


class Clock:
    """A clock the tests move by hand: ``now`` seconds."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def finish(tables: Any, game: dict[str, Any]) -> dict[str, Any]:
    """Play ``game`` (as :meth:`Tables.new` answered it) to its end."""
    token = game["token"]
    while not game["over"]:
        state = tables.games[game["id"]].state
        game = tables.play(game["id"], token, str(state.legal_moves()[-1]))
    return {**game, "token": token}


def refusal(call: Any, *args: Any) -> tuple[int, str]:
    """The status and message of the :class:`Refused` that ``call`` raises."""
    with pytest.raises(web.Refused) as refused:
        call(*args)
    return refused.value.status, refused.value.body["error"]


def test_only_the_games_token_reads_or_plays_it(base_url: str) -> None:
    _, mine = post(f"{base_url}/api/new", {"seed": 7})
    _, theirs = post(f"{base_url}/api/new", {"seed": 8})
    token = mine["token"]
    assert len(token) >= 32
    assert token != theirs["token"]
    assert token not in json.dumps({k: v for k, v in mine.items() if k != "token"})
    move = str(sr.new_game(seed=7).legal_moves()[0])
    play = f"{base_url}/api/play"
    hand = [c["card"] for c in mine["hand"]]
    # Another client, with no token, someone else's or a made-up one.
    for other in (None, theirs["token"], "x" * 32, "", "é"):
        status, answer = post(play, {"game": mine["id"], "move": move}, other)
        assert status == 403
        assert list(answer) == ["error"]
        assert web.TOKEN_HEADER in answer["error"]
        assert not [card for card in hand if card in json.dumps(answer)]
    # Nothing was played: the game's own token plays the first move.
    status, answer = post(play, {"game": mine["id"], "move": move}, token)
    assert status == 200
    assert answer["ply"] == 2


def test_guessed_ids_play_nothing(base_url: str) -> None:
    made = [post(f"{base_url}/api/new", {"seed": seed})[1] for seed in range(3)]
    assert [game["id"] for game in made] == ["1", "2", "3"]
    ids = {str(n) for n in range(-1, 6)} | {"01", "1 ", "3.0"}
    for guess in sorted(ids):
        for token in (None, "1", guess, made[0]["token"][:-1]):
            for move in ("7D", "keep 7D", "AD"):
                status, answer = post(
                    f"{base_url}/api/play", {"game": guess, "move": move}, token
                )
                assert status in (403, 404)
                assert list(answer) == ["error"]


def port_of(url: str) -> int:
    """The port of a server's ``url``."""
    port = urllib.parse.urlsplit(url).port
    assert port is not None
    return port


def raw_request(
    url: str,
    head: str,
    body: bytes = b"",
    *,
    close: bool = False,
    trickle: bool = False,
    wait: float = 5.0,
) -> tuple[int, dict[str, Any], float]:
    """Send ``head`` (request and header lines, without the blank line) and
    ``body`` on a socket of its own, half-closed after if ``close``, or with
    a space more every 50 ms until the server answers (for ``wait`` seconds
    at most) if ``trickle``: the status, the answer's JSON and the seconds it
    took."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port_of(url)), wait) as sock:
        sock.sendall(head.replace("\n", "\r\n").encode() + b"\r\n\r\n" + body)
        if close:
            sock.shutdown(socket.SHUT_WR)
        while trickle and time.monotonic() - started < wait:
            if select.select([sock], [], [], 0.05)[0]:
                break
            sock.sendall(b" ")
        response = http.client.HTTPResponse(sock)
        response.begin()
        answer = json.loads(response.read())
        response.close()
    return response.status, answer, time.monotonic() - started


NEW = "POST /api/new HTTP/1.1\nHost: localhost\nContent-Type: application/json"


def test_a_huge_content_length_is_refused_before_the_body_is_read() -> None:
    with running(timeout=5) as url:
        head = f"{NEW}\nContent-Length: {10 * 2**20}"
        status, answer, took = raw_request(url, head, b'{"seed": 1')
        assert status == 413
        assert answer["error"] == (
            f"the body may be at most {web.MAX_BODY} bytes, "
            f"not the {10 * 2**20} its Content-Length says"
        )
        assert took < 1  # it did not wait for the body (5 seconds)
        status, _, _ = raw_request(url, f"{NEW}\nContent-Length: {'9' * 5000}")
        assert status == 413
        # The limit is the server's to choose; what is under it is read.
        assert raw_request(url, f"{NEW}\nContent-Length: 2", b"{}")[0] == 200
    with running(max_body=10) as url:
        status, answer, _ = raw_request(url, f"{NEW}\nContent-Length: 11", b"{" * 11)
        assert (status, answer["error"][:25]) == (413, "the body may be at most 1")


@pytest.mark.parametrize(
    ("lengths", "message"),
    [
        ([], "a POST needs one Content-Length header, not none"),
        (["-1"], "Content-Length must be a number of bytes, not '-1'"),
        (["ten"], "Content-Length must be a number of bytes, not 'ten'"),
        (["1e3"], "Content-Length must be a number of bytes, not '1e3'"),
        (["+2"], "Content-Length must be a number of bytes, not '+2'"),
        (["2", "20"], "a POST needs one Content-Length header, not 2"),
    ],
)
def test_a_content_length_that_is_not_one_number_is_refused(
    base_url: str, lengths: list[str], message: str
) -> None:
    head = "\n".join([NEW, *(f"Content-Length: {n}" for n in lengths)])
    status, answer, _ = raw_request(base_url, head, b"{}", close=True)
    assert (status, answer) == (400, {"error": message})


def test_chunked_bodies_are_refused(base_url: str) -> None:
    head = f"{NEW}\nTransfer-Encoding: chunked"
    status, answer, _ = raw_request(base_url, head, b"2\r\n{}\r\n0\r\n\r\n")
    assert (status, answer["error"]) == (
        400,
        "send the body with a Content-Length, not chunked",
    )


def test_a_short_body_is_refused_in_time_and_others_are_served() -> None:
    timeout = 1.0
    with running(timeout=timeout) as url:
        # A body that ends before its Content-Length: answered at once.
        head = f"{NEW}\nContent-Length: 100"
        status, answer, took = raw_request(url, head, b'{"seed": 1', close=True)
        assert (status, answer["error"]) == (
            400,
            "the body ended after 10 of the 100 bytes its Content-Length says",
        )
        assert took < timeout
        # One that stops coming: answered after the timeout, while another
        # client's requests are answered meanwhile.
        done: list[tuple[int, dict[str, Any], float]] = []
        stalled = threading.Thread(
            target=lambda: done.append(raw_request(url, head, b'{"seed": 1'))
        )
        stalled.start()
        time.sleep(timeout / 5)
        started = time.monotonic()
        _, game = post(f"{url}/api/new", {"seed": 7})
        move = str(sr.new_game(seed=7).legal_moves()[0])
        status, _ = post(
            f"{url}/api/play", {"game": game["id"], "move": move}, game["token"]
        )
        assert status == 200
        assert time.monotonic() - started < timeout / 2
        assert not done  # still waiting for its body
        stalled.join()
        status, answer, took = done[0]
        assert status == 400
        assert answer["error"] == (
            "the body did not arrive within 1 second: "
            "10 of the 100 bytes its Content-Length says"
        )
        assert timeout <= took < timeout + 1
        # A body sent a byte at a time, never silent for the timeout: the
        # deadline is for the whole body.
        head = f"{NEW}\nContent-Length: 1000000"
        status, answer, took = raw_request(url, head, trickle=True)
        assert status == 400
        assert answer["error"].startswith("the body did not arrive within 1 second")
        assert took < timeout + 1
        # A client silent before its headers end is let go as well.
        with socket.create_connection(("127.0.0.1", port_of(url)), 5) as sock:
            sock.sendall(b"POST /api/new HTTP/1.1\r\n")
            started = time.monotonic()
            assert sock.recv(100) == b""  # closed, without an answer
            assert time.monotonic() - started < timeout + 1


DEEP = 100_000


@pytest.mark.parametrize(
    ("body", "message"),
    [
        pytest.param(
            b"[" * DEEP + b"]" * DEEP, "the JSON is nested too deeply", id="arrays"
        ),
        pytest.param(
            b'{"seed": ' + b"[" * DEEP + b"]" * DEEP + b"}",
            "the JSON is nested too deeply",
            id="in-a-field",
        ),
        pytest.param(
            b'{"a": ' * DEEP + b"1" + b"}" * DEEP,
            "the JSON is nested too deeply",
            id="objects",
        ),
        pytest.param(b"[" * DEEP, "the JSON is nested too deeply", id="unclosed"),
        pytest.param(b"{" * DEEP, "malformed JSON: Expecting property", id="braces"),
        pytest.param(
            b'{"seed": 1', "malformed JSON: Expecting ',' delimiter", id="cut"
        ),
        pytest.param(b"\xff\xfe{", "malformed JSON", id="not-utf8"),
        pytest.param(
            b'{"seed": ' + b"9" * 5000 + b"}",
            "malformed JSON: Exceeds the limit",
            id="5000-digits",
        ),
        pytest.param(b"[1]", "the body must be a JSON object", id="array"),
        pytest.param(b"null", "the body must be a JSON object", id="null"),
    ],
)
def test_malformed_or_deep_json_is_refused(
    base_url: str, body: bytes, message: str
) -> None:
    status, answer = post_bytes(f"{base_url}/api/new", body)
    assert status == 400
    assert message in answer["error"]
    assert post(f"{base_url}/api/new", {})[0] == 200  # and it serves on


@pytest.mark.parametrize(
    ("action", "request_", "message"),
    [
        (
            "new",
            {"seed": "x"},
            "'seed' must be a whole number from 0 to 2**63 - 1, or null, not a string",
        ),
        ("new", {"seed": 1.5}, "not a number"),
        ("new", {"seed": True}, "not true or false"),
        ("new", {"seed": -1}, "or null, not -1"),
        ("new", {"seed": 2**63}, f"or null, not {2**63}"),
        ("new", {"seed": [1]}, "not an array"),
        (
            "play",
            {"game": 1, "move": "7D"},
            "'game' must be the game's id, a string, not 1",
        ),
        ("play", {"move": "7D"}, "'game' must be the game's id, a string, not null"),
        (
            "play",
            {"game": "1", "move": {"card": "7D"}},
            "'move' must be a move's text, not an object",
        ),
        (
            "play",
            {"game": "1", "move": ""},
            "'move' must be 1 to 100 characters long, not 0",
        ),
        (
            "play",
            {"game": "1", "move": "7D" * 51},
            "'move' must be 1 to 100 characters long, not 102",
        ),
    ],
)
def test_a_field_of_the_wrong_type_is_refused(
    base_url: str, action: str, request_: dict[str, Any], message: str
) -> None:
    _, game = post(f"{base_url}/api/new", {"seed": 1})
    status, answer = post(f"{base_url}/api/{action}", request_, game["token"])
    assert status == 400
    assert message in answer["error"]


def test_idle_and_finished_games_expire() -> None:
    clock = Clock()
    tables = web.Tables(
        "scopa", 2, "greedy", idle_timeout=60, finished_grace=10, clock=clock
    )
    idle = tables.new(1)
    move = str(sr.new_game(seed=1).legal_moves()[0])
    clock.now += 60  # not more than the idle time: still there
    tables.play(idle["id"], idle["token"], move)
    done = finish(tables, tables.new(4))
    clock.now += 10
    assert set(tables.games) == {idle["id"], done["id"]}
    assert refusal(tables.play, done["id"], done["token"], "7D") == (
        409,
        "the game is over",
    )
    clock.now += 10.5  # the finished game's grace is over, not the idle time
    tables.new(2)
    assert set(tables.games) == {idle["id"], "3"}
    expired = (
        f"game {done['id']} expired: games are removed 1 minute after their last "
        "move, finished games 10 seconds after they end or when the server is "
        "full; start a new game"
    )
    assert refusal(tables.play, done["id"], done["token"], "7D") == (404, expired)
    clock.now += 40  # the first game's last move was 60.5 seconds ago
    status, message = refusal(tables.play, idle["id"], idle["token"], "7D")
    assert (status, message[:17]) == (404, "game 1 expired: g")
    assert refusal(tables.play, "4", "", "7D") == (404, "no such game: '4'")
    assert refusal(tables.play, "x", "", "7D") == (404, "no such game: 'x'")
    assert set(tables.games) == {"3"}


def test_the_number_of_games_is_capped() -> None:
    tables = web.Tables("scopa", 2, "greedy", max_games=2, clock=Clock())
    first, second = tables.new(4), tables.new(5)
    status, message = refusal(tables.new, 6)
    assert (status, message) == (
        503,
        "the server is full: 2 games are being played; "
        "try again when one ends or expires",
    )
    finish(tables, first)  # a finished game makes way for a new one
    third = tables.new(6)
    assert set(tables.games) == {second["id"], third["id"]}
    status, message = refusal(tables.play, first["id"], first["token"], "7D")
    assert (status, message[:15]) == (404, "game 1 expired:")
    assert refusal(tables.new, 7)[0] == 503


def test_games_made_at_once_keep_to_the_cap() -> None:
    tables = web.Tables("scopa", 2, "random", max_games=20)
    made: list[str] = []
    full: list[int] = []

    def make() -> None:
        for seed in range(10):
            try:
                made.append(tables.new(seed)["id"])
            except web.Refused as refused:
                full.append(refused.status)

    threads = [threading.Thread(target=make) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(made) == len(set(made)) == 20
    assert full == [503] * 60
    assert sorted(tables.games) == sorted(made)
    assert tables.dealing == 0


def test_expired_and_full_over_http() -> None:
    clock = Clock()
    with running(clock=clock, idle_timeout=60, max_games=1) as url:
        _, game = post(f"{url}/api/new", {"seed": 1})
        status, answer = post(f"{url}/api/new", {"seed": 2})
        assert (status, answer["error"][:20]) == (503, "the server is full: ")
        clock.now += 61
        play = f"{url}/api/play"
        status, answer = post(play, {"game": "1", "move": "7D"}, game["token"])
        assert (status, answer["error"][:16]) == (404, "game 1 expired: ")
        status, answer = post(play, {"game": "2", "move": "7D"}, game["token"])
        assert (status, answer) == (404, {"error": "no such game: '2'"})
        assert post(f"{url}/api/new", {"seed": 2})[0] == 200


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seat", "2"], "--seat must be a seat of the 2-player game, 0 to 1, not 2"),
        (["--seat", "-1", "--players", "4"], "of the 4-player game, 0 to 3, not -1"),
        (["--preset", "scopone", "--players", "2"], "scopone is played by 4 players"),
    ],
)
def test_a_seat_not_at_the_table_is_refused_at_start(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        web.main(["--port", "0", *argv])
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--max-games", "0"], "--max-games must be 1 or more, not 0"),
        (["--idle-minutes", "0"], "the times after which games are removed must"),
        (["--finished-minutes", "-1"], "the times after which games are removed"),
    ],
)
def test_limits_that_keep_no_game_are_refused_at_start(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        web.main(["--port", "0", *argv])
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


def test_a_failure_of_the_server_is_a_500_and_it_serves_on(
    base_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def fail(self: object, *args: object) -> None:
        raise RuntimeError("a bug")

    with monkeypatch.context() as patched:
        patched.setattr(web.Tables, "new", fail)
        status, answer = post(f"{base_url}/api/new", {})
    assert (status, answer) == (500, {"error": "the server failed on this request"})
    assert "RuntimeError: a bug" in capsys.readouterr().err
    assert post(f"{base_url}/api/new", {})[0] == 200


def _ways(state: sr.GameState, card: sr.Card) -> int:
    return sum(1 for m in state.legal_moves() if m.card is card)


def _choices_made(seed: int) -> int:
    """How many times seat 0, playing its last legal move each turn against
    the greedy bot (as play_by_clicks plays it), must choose what to take."""
    rng = random.Random(seed)
    bot = sr.GreedyBot()
    state = bots_until(sr.new_game(sr.Ruleset.scopa(), seed=seed), 0, rng, bot)
    choices = 0
    while not state.is_over:
        move = state.legal_moves()[-1]
        choices += _ways(state, move.card) > 1
        state = bots_until(state.apply(move), 0, rng, bot)
    return choices


def _has_ambiguous_card(state: sr.GameState) -> bool:
    return any(_ways(state, m.card) > 1 for m in state.legal_moves())


@contextlib.contextmanager
def chromium_page() -> Iterator[Page]:
    """A page of headless Chromium, while the block runs."""
    # The extra "web" (in "dev", which CI installs) brings Playwright; the
    # README's test command installs only "test".
    pytest.importorskip("playwright", reason="pip install -e . --group web")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium(), args=["--no-sandbox"]
        )
        try:
            yield browser.new_page()
        finally:
            browser.close()


def play_by_clicks(
    page: Page, state: sr.GameState, seat: int, rng: random.Random, bot: sr.Bot
) -> tuple[sr.GameState, int]:
    """Play the game on ``page`` to its end: ``seat``'s last legal move each
    turn by clicks, the bots' moves as the server makes them.  The final
    state, and how many captures the page asked ``seat`` to choose."""
    ambiguous_clicks = 0
    state = bots_until(state, seat, rng, bot)
    while not state.is_over:
        move = state.legal_moves()[-1]
        page.click(f"#hand [data-card='{move.card}']")
        if _ways(state, move.card) > 1:
            # The page asks which cards to take: click them.
            page.wait_for_function(
                "document.getElementById('message').textContent"
                ".includes('choose the table cards to take')"
            )
            ambiguous_clicks += 1
            for captured in move.captured:
                page.click(f"#table [data-card='{captured}']")
        state = bots_until(state.apply(move), seat, rng, bot)
        page.wait_for_function(
            f"document.body.dataset.ply === '{len(state.history)}'"
            " && document.body.dataset.busy === 'false'"
        )
    return state, ambiguous_clicks


@pytest.mark.slow
@pytest.mark.skipif(chromium() is None, reason="no Chromium: apt-get install chromium")
def test_a_whole_game_by_clicks_in_chromium(base_url: str) -> None:
    seed = 26  # seat 0 wins, after captures it must choose between
    final = expected_game(seed)
    with chromium_page() as page:
        requests: list[Request] = []
        page.on("request", lambda request: requests.append(request))
        page.goto(f"{base_url}/?seed={seed}&pace=10")
        page.wait_for_function("document.body.dataset.ply === '0'")
        state = sr.new_game(sr.Ruleset.scopa(), seed=seed)
        assert page.inner_text("#hand-label") == "Your hand (seat 0)"

        # An illegal click: a table card the hand card cannot take.
        card, taken = next(
            (c, t)
            for c in state.hands[0]
            for t in state.table
            if state.explain_illegal(sr.Move(c, sr.CardSet([t]))) is not None
        )
        page.click(f"#table [data-card='{taken}']")
        page.click(f"#hand [data-card='{card}']")
        reason = state.explain_illegal(sr.Move(card, sr.CardSet([taken])))
        assert reason is not None
        page.wait_for_selector("#message.error")
        assert reason in page.inner_text("#message")

        state, ambiguous_clicks = play_by_clicks(
            page, state, 0, random.Random(seed), sr.GreedyBot()
        )
        assert state == final
        assert page.inner_text("#result") == "Game over: side 0 (you) wins!"
        us, them = final.scores
        assert page.inner_text("#scores") == (
            f"Scores: side 0 (you) {us}, side 1 {them} — playing to 11"
        )
        rows = page.locator("#hand-scores tr.hand-score").count()
        assert rows == 2 * len(final.hand_results)
        assert ambiguous_clicks == _choices_made(seed) >= 1
        # Every move carried the game's token, in a header and no URL.
        plays = [r for r in requests if r.url.endswith("/api/play")]
        tokens = {r.headers.get(web.TOKEN_HEADER.lower()) for r in plays}
        assert len(plays) > 10
        assert len(tokens) == 1
        token = tokens.pop()
        assert token is not None
        assert len(token) >= 32
        assert not [r.url for r in requests if token in r.url]
        assert token not in page.url


@pytest.mark.slow
@pytest.mark.skipif(chromium() is None, reason="no Chromium: apt-get install chromium")
def test_the_page_says_when_its_game_has_expired() -> None:
    clock = Clock()
    state = sr.new_game(sr.Ruleset.scopa(), seed=3)
    with running(clock=clock, idle_timeout=60) as url, chromium_page() as page:
        page.goto(f"{url}/?seed=3")
        page.wait_for_function("document.body.dataset.ply === '0'")
        clock.now += 61
        page.click(f"#hand [data-card='{state.legal_moves()[0].card}']")
        page.wait_for_selector("#message.error")
        assert page.inner_text("#message").startswith("Game 1 expired: ")
        assert page.inner_text("body").count("start a new game") == 1


@pytest.mark.slow
@pytest.mark.skipif(chromium() is None, reason="no Chromium: apt-get install chromium")
def test_a_whole_game_by_clicks_from_another_seat() -> None:
    seed, seat = 5, 1
    final = expected_game(seed, seat=seat, players=3)
    rng, bot = random.Random(seed), sr.GreedyBot()
    state = bots_until(sr.new_game(sr.Ruleset.scopa(3), seed=seed), seat, rng, bot)
    with running(players=3, seat=seat) as url, chromium_page() as page:
        page.goto(f"{url}/?seed={seed}&pace=10")
        page.wait_for_function(f"document.body.dataset.ply === '{len(state.history)}'")
        assert page.inner_text("#hand-label") == "Your hand (seat 1)"
        shown = page.locator("#hand [data-card]").evaluate_all(
            "buttons => buttons.map(button => button.dataset.card)"
        )
        assert shown == [str(card) for card in state.hands[seat]]
        html = page.content()
        assert not [c for c in hidden_cards(state, seat) if f'data-card="{c}"' in html]
        assert "Seat 0 (side 0), 2 cards" in page.inner_text("#others")

        state, _ = play_by_clicks(page, state, seat, rng, bot)
        assert state == final
        winner = final.winner
        assert winner is not None
        you = " (you) wins!" if winner == seat else " wins."
        assert page.inner_text("#result") == f"Game over: side {winner}{you}"
        assert "side 1 (you)" in page.inner_text("#scores")


PHONE_WIDTH, PHONE_HEIGHT = 390, 844


def layout(page: Page) -> dict[str, Any]:
    """How the page lays out: its width against the window's, and the
    narrowest card of the hand and the table."""
    result: dict[str, Any] = page.evaluate(
        """() => ({
            scroll: document.documentElement.scrollWidth,
            width: window.innerWidth,
            narrowest: Math.min(...Array.from(
                document.querySelectorAll('#hand .card svg, #table .card svg'),
                svg => svg.getBoundingClientRect().width)),
            viewport: document.querySelector('meta[name=viewport]')?.content,
        })"""
    )
    return result


@pytest.mark.slow
@pytest.mark.skipif(chromium() is None, reason="no Chromium: apt-get install chromium")
def test_the_page_fits_a_phone_and_starts_any_game_from_its_form() -> None:
    with running() as url, chromium_page() as page:
        page.set_viewport_size({"width": PHONE_WIDTH, "height": PHONE_HEIGHT})
        page.goto(f"{url}/?seed=3&pace=10")
        page.wait_for_function("document.body.dataset.ply === '0'")
        shown = layout(page)
        assert shown["viewport"] == "width=device-width, initial-scale=1"
        assert shown["scroll"] <= shown["width"] == PHONE_WIDTH  # no sideways scroll
        assert shown["narrowest"] >= 56
        # The most cards at once: Scopone's ten, four seats; you in seat 2.
        page.select_option("#preset", "scopone-scientifico")
        assert page.locator("#players option").all_inner_texts() == ["4"]
        page.select_option("#seat", "2")
        assert page.locator("#bot option").all_inner_texts()[:3] == [
            "Random",
            "Greedy",
            "Expert (the strategy books)",
        ]
        page.select_option("#bot", "expert")
        page.click("#new-game-button")
        page.wait_for_function(
            "document.body.dataset.busy === 'false'"
            " && document.getElementById('title').textContent"
            ".startsWith('Scopone Scientifico, 4 players')"
        )
        assert page.inner_text("#hand-label") == "Your hand (seat 2)"
        assert page.input_value("#bot") == "expert"
        assert page.locator("#hand .card").count() >= 9
        shown = layout(page)
        assert shown["scroll"] <= shown["width"]
        assert shown["narrowest"] >= 56
        # A whole game played on the phone: the hand scores and the log fit.
        state = sr.new_game(sr.Ruleset.scopone_scientifico(), seed=3)
        final, _ = play_by_clicks(page, state, 2, random.Random(3), sr.ExpertBot())
        assert page.inner_text("#result").startswith(f"Game over: side {final.winner}")
        shown = layout(page)
        assert shown["scroll"] <= shown["width"]
        log = page.locator("#log li").all_inner_texts()
        assert any(line.startswith("You play ") for line in log)
        assert not [line for line in log if " 1 cards" in line or "you plays" in line]
        page.select_option("#preset", "escoba")
        assert page.locator("#players option").all_inner_texts() == ["2", "3", "4"]
        page.select_option("#players", "3")
        page.click("#new-game-button")
        page.wait_for_function(
            "document.getElementById('title').textContent.startsWith('Escoba, 3 players')"
        )


@pytest.mark.slow
@pytest.mark.skipif(chromium() is None, reason="no Chromium: apt-get install chromium")
def test_bots_are_paced_the_last_move_shows_and_waiting_cards_say_why() -> None:
    seed = 5
    state = sr.new_game(sr.Ruleset.scopa(3), seed=seed)
    with running(players=3) as url, chromium_page() as page:
        page.goto(f"{url}/?seed={seed}&pace=1500")
        page.wait_for_function("document.body.dataset.ply === '0'")
        assert page.inner_text("#last") == ""  # no move yet
        move = state.legal_moves()[0]
        page.click(f"#hand [data-card='{move.card}']")
        # Your move shows first, then the bots' one after the other.
        page.wait_for_function("document.body.dataset.ply === '1'")
        assert page.get_attribute("body", "data-busy") == "true"
        told = sr.events.narrate(state.play(move)[1], ["you"])[0]
        assert page.inner_text("#last .text") == f"Last move: {told}"
        waiting = page.locator("#hand .card.unplayable")
        assert waiting.count() == len(state.hands[0]) - 1
        assert waiting.first.get_attribute("title") == "Wait: it is seat 1's turn"
        waiting.first.click(force=True)  # a tap says why, as the hover does
        assert page.inner_text("#message") == "Wait: it is seat 1's turn"
        page.wait_for_function("document.body.dataset.ply === '2'")
        assert page.inner_text("#last .text").startswith("Last move: Seat 1 ")
        page.wait_for_function(
            "document.body.dataset.ply === '3' && document.body.dataset.busy === 'false'"
        )
        assert page.inner_text("#last .text").startswith("Last move: Seat 2 ")
        # Your turn again: every card can be played (Scopa lets any card trail).
        assert page.locator("#hand .card.unplayable").count() == 0
        # A trail is ringed where it lies on the table; a capture is shown
        # in the last move's picture, its cards ringed.
        last = page.evaluate("game.last")
        ringed = page.locator("#table .card.last").evaluate_all(
            "cards => cards.map(card => card.dataset.card)"
        )
        assert ringed == ([last["card"]] if last["trail"] else [])
        assert page.locator("#last svg").count() >= 1
