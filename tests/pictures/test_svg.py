"""SVG pictures: golden files, well-formed XML, what each picture shows, and
the notebook hooks (``_repr_svg_``).

Run with ``SCOPA_UPDATE_GOLDEN=1`` to rewrite the golden files after a
deliberate change of the drawing; review the new pictures before committing.
"""

from __future__ import annotations

import os
import random
import runpy
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scopa_rules as sr
from helpers import ROOT
from scopa_rules import strategies as sst
from scopa_rules import svg

GOLDEN = ROOT / "tests" / "golden" / "svg"
SVG_NS = "{http://www.w3.org/2000/svg}"
BACK = f'fill="{svg.COLORS["back"]}"'
PLAYED = f'stroke="{svg.COLORS["played"]}"'
CAPTURED = f'stroke="{svg.COLORS["captured"]}"'


def parsed(picture: str) -> ET.Element:
    """The picture parsed as XML: it must be a well-formed SVG document."""
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG_NS}svg"
    assert float(root.attrib["width"]) > 0
    assert float(root.attrib["height"]) > 0
    return root


def texts(picture: str) -> list[str]:
    return [node.text or "" for node in parsed(picture).iter(f"{SVG_NS}text")]


def _four_players() -> sr.GameState:
    return sr.new_game(sr.Ruleset.scopa(players=4), seed=7)


GOLDEN_PICTURES: dict[str, Callable[[], str]] = {
    "card_7D_italian": lambda: svg.card("7D"),
    "card_QH_french": lambda: svg.card("QH", style="french", size=90),
    "cards_all_italian": lambda: svg.cards(sr.ALL_CARDS, size=40),
    "cards_all_french": lambda: svg.cards(sr.ALL_CARDS, size=40, style="french"),
    "move_seed000": lambda: svg.move("KCx2S5H3C", "2S 5H 3C JD"),
    "state_scopa4": lambda: svg.state(
        _four_players(), move=_four_players().legal_moves()[-1]
    ),
    "view_scopa4_seat1": lambda: svg.view(_four_players().view(1), style="french"),
    "seating_6": lambda: svg.seating(sr.Ruleset.scopa(players=6), dealer=5),
}


@pytest.mark.parametrize("name", sorted(GOLDEN_PICTURES))
def test_golden_pictures(name: str) -> None:
    picture = GOLDEN_PICTURES[name]()
    parsed(picture)
    path = GOLDEN / f"{name}.svg"
    if os.environ.get("SCOPA_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(picture, encoding="utf-8")
    assert picture == path.read_text(encoding="utf-8")


@given(
    card=sst.cards(),
    style=st.sampled_from(svg.STYLES),
    size=st.integers(8, 300) | st.floats(8, 300),
    face_down=st.booleans(),
)
def test_any_card_is_well_formed_and_deterministic(
    card: sr.Card, style: str, size: float, face_down: bool
) -> None:
    picture = svg.card(card, style=style, size=size, face_down=face_down)
    parsed(picture)
    assert picture == svg.card(str(card), style=style, size=size, face_down=face_down)
    assert (BACK in picture) is face_down


@given(state=sst.game_states(), style=st.sampled_from(svg.STYLES))
def test_any_state_and_its_views(state: sr.GameState, style: str) -> None:
    moves = state.legal_moves()
    move = moves[-1] if moves else None
    picture = svg.state(state, move=move, style=style)
    parsed(picture)
    assert BACK not in picture
    assert picture.count(PLAYED) == (move is not None)
    assert picture.count(CAPTURED) == (len(move.captured) if move else 0)
    for seat in range(state.rules.players):
        view = state.view(seat)
        shown = svg.view(view, style=style)
        parsed(shown)
        # Cirulla's declared cards are shown face up to every seat.
        declared = sum(len(cards) for seat, cards in enumerate(view.declared))
        hidden = sum(view.hand_sizes) - len(view.hand) - declared
        hidden += len(view.declared[view.seat])
        assert shown.count(BACK) == hidden
        assert f"(view of seat {seat})" in " ".join(texts(shown))


def test_a_view_hides_the_other_hands() -> None:
    state = _four_players()
    picture = svg.view(state.view(2))
    # Each face shows its rank letter twice; only seat 2's hand and the
    # table are face up.
    letters = [word for word in texts(picture) if len(word) == 1]
    faces = [*state.hands[2], *state.table]
    assert len(letters) == 2 * len(faces)
    assert picture.count(BACK) == 9
    assert svg.hand(state.view(2), 0) == svg.cards(hidden=3)
    assert svg.hand(state.view(2), 2) == svg.cards(state.hands[2])


def test_a_view_shows_declared_cards_face_up() -> None:
    state = sr.new_game(sr.Ruleset.cirulla(), seed=8)
    view = state.view(0)
    declared = view.declared[1]
    assert declared
    picture = svg.view(view)
    hidden = view.hand_sizes[1] - len(declared)
    assert picture.count(BACK) == hidden
    letters = [word for word in texts(picture) if len(word) == 1]
    assert len(letters) == 2 * (len(view.hand) + len(view.table) + len(declared))
    assert svg.hand(view, 1) == svg.cards(declared, hidden=hidden)


def test_state_shows_seats_scores_and_the_first_card() -> None:
    rules = sr.Ruleset.chkobba(players=4)
    state = sr.new_game(rules, seed=3)
    assert state.first_card is not None
    words = " ".join(texts(svg.state(state)))
    assert "Chkobba, hand 1" in words
    assert "first card" in words
    assert "seat 0 · side 0 · to move" in words
    assert "side 1 (seats 1, 3): score 0, pile 0, sweeps 0" in words
    assert "first card" in " ".join(texts(svg.view(state.view(0))))
    assert "first card" not in " ".join(texts(svg.view(state.view(1))))


def test_game_over_and_waiting_for_a_deck() -> None:
    final = sr.play_game(sr.Ruleset.scopa(), [sr.GreedyBot(), sr.GreedyBot()], 5)
    assert f"side {final.winner} wins" in " ".join(texts(svg.state(final)))
    waiting = sr.new_game(sr.Ruleset.scopa(), deck=sr.Deck.shuffled(1))
    while waiting.current_player is not None:
        waiting = waiting.apply(waiting.legal_moves()[0])
    words = " ".join(texts(svg.view(waiting.view(0))))
    assert "waiting for the next deck" in words


def test_house_rules_title() -> None:
    rules = sr.Ruleset.scopa().replace(target_score=3, re_bello=True, napola=True)
    state = sr.new_game(rules, seed=1)
    name = rules.preset_name()
    words = " ".join(texts(svg.state(state)))
    assert ("House rules" in words) is (name is None)


def test_table_move_and_cards() -> None:
    state = sr.new_game(seed=7)
    assert svg.table(state) == svg.table(state.view(1)) == svg.table(state.table)
    assert svg.table([]).count("<rect") == 1
    picture = svg.move(sr.Move.parse("KCx2S5H3C"), sr.CardSet("2S 5H 3C JD"))
    assert picture.count(PLAYED) == 1
    assert picture.count(CAPTURED) == 3
    row = svg.cards(["KS", sr.Card.parse("AD")], hidden=2)
    assert row.count(BACK) == 2
    assert parsed(row).attrib["width"] == svg.cards("KS AD 2C 3C").split('"')[3]
    assert svg.cards() == svg.cards(hidden=0)


def test_colors_and_sizes() -> None:
    picture = svg.card("3H", colors={"italian H": "purple", "face": "#ffffff"})
    assert 'fill="purple"' in picture
    assert svg.COLORS["italian H"] not in picture
    small = parsed(svg.card("3H", size=30)).attrib
    large = parsed(svg.card("3H", size=90)).attrib
    assert float(large["width"]) == 3 * float(small["width"])
    assert float(large["height"]) == 3 * float(small["height"])


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_seating(players: int) -> None:
    rules = sr.Ruleset.scopa(players=players)
    words = texts(svg.seating(rules))
    assert [word for word in words if word.isdigit()] == [
        str(seat) for seat in range(players)
    ]
    assert "dealer" not in words
    picture = svg.seating(rules, dealer=players - 1)
    assert texts(picture).count("dealer") == 1
    assert texts(picture).count("leads") == 1
    partner_lines = picture.count("stroke-dasharray") - 1
    assert partner_lines == {2: 0, 3: 0, 4: 2, 6: 6}[players]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: svg.card("7D", size=0), "size must be a number of pixels"),
        (lambda: svg.card("7D", size=True), "size must be a number of pixels"),
        (lambda: svg.card("7D", size="60"), "size must be a number of pixels"),  # type: ignore[arg-type]
        (lambda: svg.card("7D", style="german"), "style must be 'italian' or 'french'"),
        (lambda: svg.card("7D", colors={"felt ": "red"}), "unknown colour 'felt '"),
        (lambda: svg.card("7D", colors={"felt": '"/>'}), "must be a CSS colour"),
        (lambda: svg.card("7D", colors={"felt": 3}), "must be a CSS colour"),  # type: ignore[dict-item]
        (lambda: svg.card("7Z"), "card text '7Z'"),
        (lambda: svg.cards("7D", hidden=-1), "hidden must be a number of cards"),
        (lambda: svg.cards("7D", hidden=True), "hidden must be a number of cards"),
        (lambda: svg.move("7Dx", "7S"), "7Dx"),
        (lambda: svg.hand(sr.new_game(seed=1), 2), "seat must be 0 to 1, not 2"),
        (lambda: svg.hand(sr.new_game(seed=1), True), "seat must be 0 to 1"),
        (
            lambda: svg.seating(sr.Ruleset.scopa(), dealer=2),
            "dealer must be a seat from 0 to 1, not 2",
        ),
        (lambda: svg.seating(sr.Ruleset.scopa(), dealer=False), "dealer must be"),
    ],
)
def test_bad_arguments_are_refused(call: Callable[[], str], message: str) -> None:
    with pytest.raises(sr.ScopaError, match=message):
        call()


def test_repr_svg_in_a_notebook() -> None:
    """What Jupyter does: look for _repr_svg_, call it, show the SVG."""
    state = sr.new_game(sr.Ruleset.scopone(), seed=11)
    shown = [
        sr.Card.parse("7D"),
        sr.CardSet("7D 3C KS"),
        state,
        state.view(random.Random(1).randrange(4)),
    ]
    for value in shown:
        method = getattr(value, "_repr_svg_", None)
        assert callable(method)
        parsed(method())
    assert sr.Card.parse("7D")._repr_svg_() == svg.card("7D")
    assert sr.CardSet("7D 3C")._repr_svg_() == svg.cards("7D 3C")
    assert state._repr_svg_() == svg.state(state)
    assert state.view(3)._repr_svg_() == svg.view(state.view(3))


def test_the_readme_picture_is_up_to_date() -> None:
    script = ROOT / "docs" / "readme_picture.py"
    made = runpy.run_path(str(script))
    picture = made["picture"]()
    parsed(picture)
    assert made["OUT"].read_text(encoding="utf-8") == picture, (
        "run python docs/readme_picture.py"
    )


def test_the_package_imports_no_picture_or_browser_extra() -> None:
    """``import scopa_rules`` loads neither the pictures nor the optional
    packages of the docs and web groups; a card's picture loads only svg."""
    code = (
        "import sys, scopa_rules as sr; "
        "assert 'scopa_rules.svg' not in sys.modules; "
        "sr.Card.parse('7D')._repr_svg_(); "
        "assert 'scopa_rules.svg' in sys.modules; "
        "assert not {'matplotlib', 'playwright'} & set(sys.modules), 'extra imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
