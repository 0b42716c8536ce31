"""Bad input raises the library's own errors, and values stay frozen (issue
#12, parts 4 and 5).

Each test is one reproducer of the issue: before the fix it escaped as a
plain ``RecursionError``, ``ValueError``, ``TypeError`` or
``AttributeError``, ran until memory ran out, or changed a shared value.
"""

from __future__ import annotations

import copy
import itertools
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import scopa_rules as sr

# The json.loads("[" * 995 + "]" * 995), nested deeper than any
# recursion limit (json itself refuses to read that deep under pytest).
DEEP: Any = []
for _ in range(5000):
    DEEP = [DEEP]
HUGE = 10**5000
SEVEN = sr.Move.parse("3D")  # seat 0's first card in new_game(seed=7)


def raises(error: type[sr.ScopaError], call: Callable[[], object], match: str) -> None:
    with pytest.raises(error, match=match):
        call()


# -- deeply nested data -------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: sr.Ruleset.from_dict({"players": DEEP}), sr.InvalidRulesetError),
        (
            lambda: sr.GameState.from_dict(
                {
                    "format": "scopa_rules.state",
                    "version": 1,
                    "record": {**sr.new_game(seed=1).record().to_dict(), "seed": DEEP},
                    "state": {},
                }
            ),
            sr.InvalidStateError,
        ),
        (
            lambda: sr.GameRecord.from_dict(
                {**sr.new_game(seed=1).record().to_dict(), "rules": {"players": DEEP}}
            ),
            sr.InvalidRulesetError,
        ),
        (
            lambda: sr.GameState.from_position(sr.Ruleset(), hands=[DEEP, DEEP]),
            sr.InvalidStateError,
        ),
        (lambda: sr.CardSet(DEEP), sr.NotationError),
        (lambda: sr.new_game(seed=DEEP), sr.InvalidStateError),
    ],
)
def test_deeply_nested_data_is_refused_with_a_library_error(
    call: Callable[[], object], error: type[sr.ScopaError]
) -> None:
    raises(error, call, "nested too deep to show")


# -- integers too long to print ---------------------------------------------------


def test_a_text_record_with_a_player_count_of_5000_digits_is_refused() -> None:
    text = "version: 1\ndealer: 1\nrules: scopa (" + "9" * 5000 + " players)\n"
    raises(
        sr.NotationError,
        lambda: sr.GameRecord.from_text(text),
        r"line 3: the number 9+\.\.\. is too long",
    )


def test_a_huge_option_name_is_refused() -> None:
    raises(
        sr.InvalidRulesetError,
        lambda: sr.Ruleset.from_dict({HUGE: 1}),  # type: ignore[dict-item]
        "an integer of 5001 digits",
    )


@pytest.mark.parametrize("where", ["record", "state", "snapshot"])
def test_a_huge_key_in_saved_data_is_refused(where: str) -> None:
    data: dict[Any, Any] = sr.new_game(seed=1).to_dict()
    load: Callable[[], object]
    if where == "record":
        data["record"][HUGE] = 1
        load = lambda: sr.GameRecord.from_dict(data["record"])  # noqa: E731
    else:
        (data if where == "state" else data["state"])[HUGE] = 1
        load = lambda: sr.GameState.from_dict(data)  # noqa: E731
    raises(sr.InvalidStateError, load, "an integer of 5001 digits")


def test_a_huge_seat_is_not_a_seat() -> None:
    state = sr.new_game(seed=7)
    assert not state.is_legal(SEVEN, seat=HUGE)
    assert state.explain_illegal(SEVEN, seat=HUGE) == (
        "an integer of 5001 digits is not a seat: seats are 0 to 1"
    )
    raises(
        sr.IllegalMoveError,
        lambda: state.apply(SEVEN, seat=HUGE),
        "an integer of 5001 digits is not a seat",
    )


# -- wrong types --------------------------------------------------------------------


def test_decks_that_are_not_a_list_of_decks_are_refused() -> None:
    raises(sr.InvalidStateError, lambda: sr.new_game(decks=5), "decks must be a list")  # type: ignore[arg-type]
    raises(sr.InvalidStateError, lambda: sr.new_game(decks="AD"), "not 'AD'")


@pytest.mark.parametrize("dealer", [2, -1, True, "1"])
def test_new_game_refuses_a_dealer_that_is_not_a_seat(dealer: Any) -> None:
    raises(
        sr.InvalidStateError,
        lambda: sr.new_game(seed=1, dealer=dealer),
        "dealer must be a seat from 0 to 1",
    )


def test_suit_and_rank_text_must_be_strings() -> None:
    raises(sr.NotationError, lambda: sr.Suit.parse(None), "suit text must be a string")  # type: ignore[arg-type]
    raises(sr.NotationError, lambda: sr.Rank.parse(5), "rank text must be a string")  # type: ignore[arg-type]


def test_a_capture_value_of_no_rank_is_refused() -> None:
    rules = sr.Ruleset()
    raises(sr.NotationError, lambda: rules.capture_value(11), "not 11")
    raises(sr.NotationError, lambda: rules.capture_value(True), "not True")
    assert rules.capture_value("k") == rules.capture_value(sr.Rank.KING) == 10


def test_of_rank_and_of_suit_refuse_what_names_no_rank_or_suit() -> None:
    cards = sr.CardSet("AD 7S")
    raises(sr.NotationError, lambda: cards.of_rank(0), "a rank is a Rank")
    raises(sr.NotationError, lambda: cards.of_suit(7), "a suit is a Suit")
    raises(sr.NotationError, lambda: cards.of_suit(None), "a suit is a Suit")  # type: ignore[arg-type]
    assert (
        cards.of_rank(7) == cards.of_suit(2) == cards.of_suit("s") == sr.CardSet("7S")
    )


def test_card_set_methods_take_cards_or_card_text_only() -> None:
    cards = sr.CardSet("AD")
    assert cards.add("AH") == sr.CardSet("AD AH")
    assert cards.remove("AD") == sr.CardSet()
    assert not cards.isdisjoint(["AD"])
    raises(sr.NotationError, lambda: cards.isdisjoint("x"), "card text 'x'")
    raises(sr.NotationError, lambda: cards.add(5), "card text must be a string")  # type: ignore[arg-type]


def test_move_takes_card_text_and_kind_names() -> None:
    card = sr.Card.parse("7D")
    assert sr.Move("7D") == sr.Move(card)
    assert sr.Move(card, kind="play") == sr.Move(card)
    assert sr.Move(card, kind="keep").kind is sr.MoveKind.KEEP_FIRST_CARD
    raises(sr.NotationError, lambda: sr.Move(card, kind="fold"), "a move kind is")
    raises(sr.NotationError, lambda: sr.Move(7), "card text must be a string")  # type: ignore[arg-type]


def test_score_hand_takes_card_text_and_refuses_other_things() -> None:
    rules = sr.Ruleset()
    score = sr.score_hand(rules, ["7D 7S", "KS"], [1, 0])
    assert score == sr.score_hand(
        rules, [sr.CardSet("7D 7S"), sr.CardSet("KS")], [1, 0]
    )
    raises(sr.InvalidStateError, lambda: sr.score_hand(rules, "AD", [0, 0]), "piles")
    raises(sr.InvalidStateError, lambda: sr.score_hand(rules, ["AD", ""], 0), "sweeps")  # type: ignore[arg-type]
    raises(
        sr.InvalidStateError,
        lambda: sr.score_hand(rules, ["AD", ""], [0, -1]),
        "whole numbers of 0 or more",
    )
    raises(sr.NotationError, lambda: sr.score_hand(rules, [5, ""], [0, 0]), "not 5")  # type: ignore[list-item]
    raises(
        sr.InvalidRulesetError,
        lambda: sr.score_hand("scopa", ["", ""], [0, 0]),  # type: ignore[arg-type]
        "rules must be a Ruleset",
    )


def test_capture_options_take_card_text_and_refuse_other_rules() -> None:
    rules = sr.Ruleset()
    assert sr.capture_options(rules, "2S 5H 3C", "5C") == (sr.CardSet("5H"),)
    raises(sr.NotationError, lambda: sr.capture_options(rules, "2S", 5), "not 5")  # type: ignore[arg-type]
    raises(
        sr.InvalidRulesetError,
        lambda: sr.capture_options("scopa", "2S", "2C"),  # type: ignore[arg-type]
        "rules must be a Ruleset",
    )


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"iterations": -1}, "iterations must be a whole number from 1"),
        ({"iterations": True}, "iterations must be a whole number from 1"),
        ({"exploration": float("nan")}, "exploration must be a finite number"),
        ({"exploration": "high"}, "exploration must be a finite number"),
    ],
)
def test_a_search_bot_refuses_settings_it_cannot_search_with(
    options: dict[str, Any], match: str
) -> None:
    raises(sr.InvalidStateError, lambda: sr.IsmctsBot(**options), match)


def test_an_endless_deck_is_refused_at_once() -> None:
    raises(sr.InvalidStateError, lambda: sr.Deck(itertools.repeat("AD")), "twice")


# -- seats --------------------------------------------------------------------------


def test_bools_are_not_seats() -> None:
    state = sr.new_game(seed=7)
    raises(
        sr.IllegalMoveError,
        lambda: state.apply(SEVEN, seat=False),
        "False is not a seat",
    )
    assert not state.is_legal(SEVEN, seat=False)
    raises(sr.InvalidRulesetError, lambda: sr.Ruleset().side_of(True), "not True")
    raises(sr.InvalidRulesetError, lambda: sr.Ruleset().seats_of(False), "not False")


def test_a_seat_given_as_text_is_not_a_seat() -> None:
    state = sr.new_game(seed=7)
    assert state.explain_illegal(sr.Move.parse("7D"), seat="0") == (  # type: ignore[arg-type]
        "'0' is not a seat: seats are 0 to 1"
    )


# -- the text record reader is as lenient as the others -----------------------------


@pytest.mark.parametrize(
    "text",
    [
        "version: 1\nrules: scopa (2 players)\nseed: 7\ndealer: 1\nSeat 0: 3D\n",
        "version: 1\nrules: scopa (2 players)\nseed: 7\ndealer: 1\nseat  0:  3D\n",
        "version: 1\nrules: Scopa (2 players)\nseed: 7\ndealer: 1\nseat 0: 3D\n",
        "Version: 1\nRules: SCOPA  ( 2 Players )\nSeed: 7\nDealer: 1\n"
        "Hand 1,  Dealer Seat 1\nSEAT 0 : 3d\n",
    ],
)
def test_the_text_reader_takes_any_case_and_spacing(text: str) -> None:
    expected = sr.new_game(seed=7).apply(SEVEN).record()
    assert sr.GameRecord.from_text(text) == expected


# -- frozen values ----------------------------------------------------------------


def test_a_deck_attribute_cannot_be_deleted() -> None:
    deck = sr.Deck.shuffled(1)
    with pytest.raises(AttributeError, match="Deck is immutable"):
        del deck.cards
    assert len(deck.cards) == 40


@pytest.mark.parametrize(
    ("value", "again"),
    [
        (sr.ALL_CARDS, lambda v: v.__init__("AD")),
        (sr.Deck.standard(), lambda v: v.__init__(sr.Deck.shuffled(1))),
        (sr.Move.parse("7D"), lambda v: v.__init__(sr.Card.parse("KC"))),
        (sr.Ruleset.scopa(), lambda v: v.__init__(players=3)),
        (
            sr.new_game(seed=7).record(),
            lambda v: v.__init__(rules=sr.Ruleset(), seed=1, dealer=0),
        ),
        (
            sr.score_hand(sr.Ruleset(), [sr.CardSet("7D"), sr.CardSet()], [0, 0]),
            lambda v: v.__init__(**attrs.asdict(v, recurse=False)),
        ),
        (sr.IsmctsBot(iterations=5), lambda v: v.__init__(iterations=9)),
    ],
)
def test_init_cannot_remake_a_shared_value(
    value: Any, again: Callable[[Any], None]
) -> None:
    before = copy.copy(value), repr(value)
    with pytest.raises(AttributeError, match="immutable"):
        again(value)
    assert repr(value) == before[1]


def test_all_cards_survive_a_second_init() -> None:
    with pytest.raises(AttributeError):
        sr.ALL_CARDS.__init__("AD")  # type: ignore[misc]
    assert len(sr.ALL_CARDS) == 40


def test_a_record_built_directly_is_checked_and_keeps_tuples() -> None:
    rules = sr.Ruleset()
    record = sr.GameRecord(
        rules=rules, seed=7, dealer=1, turns=[(0, "3D")], decks=[], dealt=[]
    )
    assert type(record.turns) is tuple
    assert record.turns == (sr.Turn(0, SEVEN),)
    assert record.final_state() == sr.new_game(seed=7).apply(SEVEN)
    with pytest.raises(
        sr.InvalidStateError, match="rules must be a Ruleset, not 'scopa'"
    ):
        sr.GameRecord(rules="scopa", seed=7, dealer=1)  # type: ignore[arg-type]
    cases: list[tuple[dict[str, Any], str]] = [
        ({"dealer": 2}, "dealer must be a seat from 0 to 1, not 2"),
        ({"dealer": True}, "dealer must be a seat"),
        ({"seed": "7"}, "seed"),
        ({"position": "x"}, "position must be a Position or None"),
        ({"decks": "AD"}, "decks must be a list of decks"),
        ({"turns": "3D"}, "turns must be a list of turns"),
        ({"turns": [3]}, r"a turn is \(seat, move\)"),
        ({"turns": [(True, SEVEN)]}, "a turn is a seat number and a Move"),
        ({"turns": [(0, 7)]}, "a turn is a seat number and a Move"),
    ]
    for bad, match in cases:
        arguments: dict[str, Any] = {"rules": rules, "seed": 7, "dealer": 1, **bad}
        with pytest.raises(sr.InvalidStateError, match=match):
            sr.GameRecord(**arguments)


# -- what is stable across processes ------------------------------------------------


def test_the_position_key_reads_the_same_in_every_process() -> None:
    code = (
        "import random, scopa_rules as sr\n"
        "state = sr.new_game(sr.Ruleset.chkobba(), seed=11)\n"
        "rng = random.Random(2)\n"
        "for _ in range(7):\n"
        "    state = state.apply(rng.choice(state.legal_moves()))\n"
        "print(repr(state.position_key()))\n"
        "print(hash(state.position_key()))\n"
    )
    outputs = []
    for seed in ("1", "2"):
        environment = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run(
            [sys.executable, "-c", code],
            env=environment,
            capture_output=True,
            text=True,
            check=True,
        )
        outputs.append(result.stdout.splitlines())
    assert outputs[0][0] == outputs[1][0]  # the documented stable key
    assert outputs[0][1] != outputs[1][1]  # hash() is per process
