"""The web example (examples/web/): its JSON API, and a whole game played by
clicks in headless Chromium through Playwright.

The browser test drives the system Chromium (``apt-get install chromium``);
it skips only when no Chromium is installed.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import random
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

import scopa_rules as sr

if TYPE_CHECKING:
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent


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
    thread = threading.Thread(target=server.serve_forever, daemon=True)
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


def post(url: str, data: object) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        url,
        data=json.dumps(data).encode(),
        headers={"Content-Type": "application/json"},
    )
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
    assert game["title"] == "scopa, 2 players"


def test_moves_refusals_and_choices(base_url: str) -> None:
    rules = sr.Ruleset.scopa()
    seed = next(
        s for s in range(100) if _has_ambiguous_card(sr.new_game(rules, seed=s))
    )
    state = sr.new_game(rules, seed=seed)
    _, game = post(f"{base_url}/api/new", {"seed": seed})
    play = f"{base_url}/api/play"
    card = next(m.card for m in state.legal_moves() if _ways(state, m.card) > 1)
    status, answer = post(play, {"game": game["id"], "move": str(card)})
    assert status == 409
    assert answer["ambiguous"]
    assert sorted(answer["choices"]) == sorted(
        [str(c) for c in m.captured] for m in state.legal_moves() if m.card is card
    )
    bad = sr.Move(next(iter(state.hands[1])))
    status, answer = post(play, {"game": game["id"], "move": str(bad)})
    assert status == 400
    assert answer["error"] == f"illegal move {bad}: {state.explain_illegal(bad)}"
    assert post(play, {"game": game["id"], "move": "9Z"})[0] == 400
    assert post(play, {"game": "nope", "move": "7D"})[0] == 404
    assert post(f"{base_url}/api/other", {})[0] == 404
    assert post(f"{base_url}/api/new", {"seed": "x"})[0] == 400
    assert post(f"{base_url}/api/new", [1])[0] == 400
    move = state.legal_moves()[0]
    status, answer = post(play, {"game": game["id"], "move": str(move)})
    assert status == 200
    assert answer["log"][0].startswith(f"seat 0 plays {move.card}")
    assert answer["ply"] == 2
    assert answer["your_turn"]


def test_a_finished_game_refuses_moves() -> None:
    tables = web.Tables("scopa", 2, "greedy")
    game = tables.new(4)
    while not game["over"]:
        state = tables.games[game["id"]].state
        game = tables.play(game["id"], str(state.legal_moves()[-1]))
    assert game["scores"] == list(expected_game(4).scores)
    with pytest.raises(web.Refused, match="the game is over"):
        tables.play(game["id"], "7D")
    assert len(game["hand_scores"]) == len(expected_game(4).hand_results)


def test_what_happened_names_sweeps_and_the_end_of_a_hand() -> None:
    rules = sr.Ruleset.scopa()
    state = sr.GameState.from_position(
        rules,
        hands=["7D", "KS"],
        table="3C 4C",
        piles=["", sr.ALL_CARDS - sr.CardSet("7D KS 3C 4C")],
        last_capturer=1,
    )
    move = sr.Move.parse("7Dx3C4C")
    after, happened = sr.events.play(state, move)
    assert web.what_happened(happened) == ["seat 0 plays 7D and takes 3C 4C: a sweep!"]
    _, happened = sr.events.play(after, sr.Move.parse("KS"))
    lines = web.what_happened(happened)
    assert lines[0] == "seat 1 plays KS onto the table"
    assert lines[1] == "the cards left, KS, go to side 0"
    assert lines[2].startswith("hand 1 is over: side 0 ")


def test_what_happened_tells_deals_decisions_and_declarations() -> None:
    chkobba = sr.new_game(sr.Ruleset.chkobba(), seed=3)
    _, happened = sr.events.play(chkobba, chkobba.legal_moves()[0])
    assert web.what_happened(happened)[0] == "seat 0 keeps the first card"
    cirulla = sr.new_game(sr.Ruleset.cirulla(), seed=8)
    told = web.what_happened(sr.events.opening(cirulla))
    assert told == ["seat 1 declares 2H 2S 4C: cirulla, 3 points"]
    redealt = web.what_happened(
        [
            sr.events.Redealt(
                hand_number=0, reason="kings", table=sr.CardSet("KD KS KC 2D")
            )
        ]
    )
    assert redealt == ["too many kings on the table: the cards are dealt again"]
    swept = sr.events.InitialSweeps(seat=1, side=1, count=2, cards=sr.CardSet("KD"))
    assert web.what_happened([swept]) == [
        "the table adds up to 30: side 1 takes it with 2 sweeps"
    ]


def test_you_may_sit_in_any_seat_and_see_only_its_cards() -> None:
    tables = web.Tables("scopa", 3, "greedy", seat=1)
    game = tables.new(5)
    # Seat 0 leads: its bot has played before the page first shows.
    state = bots_until(
        sr.new_game(sr.Ruleset.scopa(3), seed=5), 1, random.Random(5), sr.GreedyBot()
    )
    assert tables.games[game["id"]].state == state
    assert game["seat"] == 1
    assert game["your_side"] == 1
    assert game["your_turn"]
    assert game["ply"] == 1
    assert game["log"] == [f"seat 0 plays {state.history[0].card} onto the table"]
    assert [c["card"] for c in game["hand"]] == [str(c) for c in state.hands[1]]
    assert [other["seat"] for other in game["others"]] == [0, 2]
    text = json.dumps(game)
    assert not [card for card in hidden_cards(state, 1) if card in text]
    while not game["over"]:
        state = tables.games[game["id"]].state
        game = tables.play(game["id"], str(state.legal_moves()[-1]))
    final = expected_game(5, seat=1, players=3)
    assert tables.games[game["id"]].state == final
    assert game["scores"] == list(final.scores)


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


def _ways(state: sr.GameState, card: sr.Card) -> int:
    return sum(1 for m in state.legal_moves() if m.card is card)


def _has_ambiguous_card(state: sr.GameState) -> bool:
    return any(_ways(state, m.card) > 1 for m in state.legal_moves())


@contextlib.contextmanager
def chromium_page() -> Iterator[Page]:
    """A page of headless Chromium, while the block runs."""
    # The extra "web" (in "dev", which CI installs) brings Playwright; the
    # README's test command installs only "test".
    pytest.importorskip("playwright", reason="pip install -e '.[web]'")
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
                ".includes('click the table cards')"
            )
            ambiguous_clicks += 1
            for captured in move.captured:
                page.click(f"#table [data-card='{captured}']")
        state = bots_until(state.apply(move), seat, rng, bot)
        page.wait_for_function(f"document.body.dataset.ply === '{len(state.history)}'")
    return state, ambiguous_clicks


@pytest.mark.slow
@pytest.mark.skipif(chromium() is None, reason="no Chromium: apt-get install chromium")
def test_a_whole_game_by_clicks_in_chromium(base_url: str) -> None:
    seed = 26  # seat 0 wins, after three captures it must choose between
    final = expected_game(seed)
    with chromium_page() as page:
        page.goto(f"{base_url}/?seed={seed}")
        page.wait_for_function("document.body.dataset.ply === '0'")
        state = sr.new_game(sr.Ruleset.scopa(), seed=seed)
        assert page.inner_text("#hand-label") == "your hand (seat 0)"

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
            f"scores: side 0 (you) {us}, side 1 {them} — playing to 11"
        )
        rows = page.locator("#hand-scores tr.hand-score").count()
        assert rows == 2 * len(final.hand_results)
        assert ambiguous_clicks == 3


@pytest.mark.slow
@pytest.mark.skipif(chromium() is None, reason="no Chromium: apt-get install chromium")
def test_a_whole_game_by_clicks_from_another_seat() -> None:
    seed, seat = 5, 1
    final = expected_game(seed, seat=seat, players=3)
    rng, bot = random.Random(seed), sr.GreedyBot()
    state = bots_until(sr.new_game(sr.Ruleset.scopa(3), seed=seed), seat, rng, bot)
    with running(players=3, seat=seat) as url, chromium_page() as page:
        page.goto(f"{url}/?seed={seed}")
        page.wait_for_function(f"document.body.dataset.ply === '{len(state.history)}'")
        assert page.inner_text("#hand-label") == "your hand (seat 1)"
        shown = page.locator("#hand [data-card]").evaluate_all(
            "buttons => buttons.map(button => button.dataset.card)"
        )
        assert shown == [str(card) for card in state.hands[seat]]
        html = page.content()
        assert not [c for c in hidden_cards(state, seat) if f'data-card="{c}"' in html]
        assert "seat 0 (side 0), 2 cards" in page.inner_text("#others")

        state, _ = play_by_clicks(page, state, seat, rng, bot)
        assert state == final
        winner = final.winner
        assert winner is not None
        you = " (you) wins!" if winner == seat else " wins."
        assert page.inner_text("#result") == f"Game over: side {winner}{you}"
        assert "side 1 (you)" in page.inner_text("#scores")
