"""One numbering convention for people: every text a person reads counts the
hands of a game from 1, while ``hand_number`` and ``HandResult.number``
count from 0 (and say so); a seat's cards are "seat N's hand", never
"hand N", which would read as a hand of the game."""

from __future__ import annotations

import ast
import io
import itertools
import re

import pytest

import scopa_rules as sr
import scopa_rules.__main__ as cli
from helpers import ROOT
from scopa_rules import svg

SRC = ROOT / "src" / "scopa_rules"


def second_hand() -> sr.GameState:
    """A two-player game at the first turn of its second hand."""
    state = sr.new_game(sr.Ruleset.scopa(), seed=11)
    while state.hand_number == 0:
        state = state.apply(state.legal_moves()[0])
    return state


def attribute_doc(cls: type, name: str) -> str:
    """The docstring written under an attribute in ``cls``'s source (the
    one the API reference shows)."""
    # From the .py file: a compiled module has no source to inspect.
    path = SRC.joinpath(*cls.__module__.split(".")[1:]).with_suffix(".py")
    body = ast.parse(path.read_text(encoding="utf-8")).body
    (node,) = (
        n for n in body if isinstance(n, ast.ClassDef) and n.name == cls.__name__
    )
    for field, doc in itertools.pairwise(node.body):
        if (
            isinstance(field, ast.AnnAssign)
            and isinstance(field.target, ast.Name)
            and field.target.id == name
            and isinstance(doc, ast.Expr)
            and isinstance(doc.value, ast.Constant)
        ):
            return str(doc.value.value)
    return ""


def hand_words(text: str) -> list[str]:
    """The hand numbers a text shows ("hand 2", "Hand 1"); not a hand's
    points in a record's comment ("hand 3 : 0; match 3 : 0")."""
    return re.findall(r"\b[Hh]and (\d+)\b(?! :)", text)


def test_the_api_counts_from_0_and_says_so() -> None:
    state = second_hand()
    assert state.hand_number == 1
    assert state.view(0).hand_number == 1
    assert [result.number for result in state.hand_results] == [0]
    assert "counted from 0" in (sr.GameState.hand_number.__doc__ or "")
    assert "from 0" in attribute_doc(sr.HandResult, "number")
    assert "from 0" in attribute_doc(sr.PlayerView, "hand_number")
    for event in (
        sr.events.HandStarted,
        sr.events.Redealt,
        sr.events.HandEnded,
        sr.events.HandScored,
    ):
        assert "from 0" in attribute_doc(event, "hand_number"), event


def test_texts_count_from_1() -> None:
    state = second_hand()
    assert hand_words(state.render()) == ["2"]
    assert hand_words(state.view(1).render()) == ["2"]
    assert hand_words(repr(state)) == ["2"]
    assert hand_words(svg.state(state)) == ["2"]
    assert hand_words(svg.view(state.view(0))) == ["2"]
    record = state.apply(state.legal_moves()[0]).record().to_text()
    assert "hand 1, dealer seat" in record
    assert "hand 2, dealer seat" in record
    assert "0" not in hand_words(record)


def test_the_command_line_counts_from_1() -> None:
    out = io.StringIO()
    cli.main(["demo", "--seed", "3"], out=out)
    numbers = [int(n) for n in hand_words(out.getvalue())]
    assert numbers[0] == 1
    assert 0 not in numbers


def test_a_seats_cards_are_named_by_the_seat() -> None:
    with pytest.raises(
        sr.InvalidStateError, match="both in seat 0's hand and in seat 1's hand"
    ):
        sr.GameState.from_position(
            sr.Ruleset.scopa(), hands=["7D", "7D 2C"], table="3S"
        )
    places = [place for place, _ in sr.new_game(seed=1).cards_in_play()]
    assert places[:2] == ["seat 0's hand", "seat 1's hand"]
    assert "side 1's pile" in places
    data = sr.new_game(seed=5).to_dict()
    data["state"]["hands"][1] = "7D x"
    with pytest.raises(sr.InvalidStateError, match="the saved hand of seat 1: "):
        sr.GameState.from_dict(data)


def test_openspiel_history_counts_from_1() -> None:
    pytest.importorskip("pyspiel")
    from scopa_rules.adapters.openspiel import load_game

    game = load_game(sr.Ruleset.scopa())
    state = game.new_initial_state()
    while state.point is None or state.point.state.hand_number == 0:
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    while seat < 0:  # the second hand's deal
        state.apply_action(state.legal_actions()[0])
        seat = state.current_player()
    info = state.information_state_string(seat)
    assert "hand 1: " in info
    assert "hand 0" not in info
