"""Events and hand scores read back from JSON: ``event_from_dict`` and
``score_from_dict`` undo ``event_to_dict`` and ``score_to_dict`` exactly, and
refuse anything else with the library's errors."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scopa_rules as sr
from helpers import PRESETS
from profiles import examples
from scopa_rules import events as ev
from scopa_rules import strategies as sst


def through_json(data: dict[str, Any]) -> Any:
    """``data`` as a client receives it: sent as JSON text and parsed."""
    return json.loads(json.dumps(data))


def assert_round_trip(happened: tuple[ev.Event, ...]) -> None:
    for event in happened:
        assert ev.event_from_dict(through_json(ev.event_to_dict(event))) == event
        if isinstance(event, ev.HandScored):
            data = through_json(ev.score_to_dict(event.score))
            assert ev.score_from_dict(data) == event.score


# -- the round trip ---------------------------------------------------------------------


@settings(max_examples=examples(30))
@given(rules=st.sampled_from(PRESETS), seed=st.integers(0, 2**32 - 1))
def test_every_event_of_a_game_reads_back_as_every_seat_saw_it(
    rules: sr.Ruleset, seed: int
) -> None:
    final = sr.play_game(rules, [sr.RandomBot()] * rules.players, seed=seed)
    happened = ev.game_events(final.record())
    assert_round_trip(happened)
    for seat in range(rules.players):
        assert_round_trip(ev.seen_by(happened, seat))


@settings(max_examples=examples(30))
@given(state=sst.game_states(sst.rulesets(max_table_size=8), finish="hand"))
def test_events_of_random_rules_read_back(state: sr.GameState) -> None:
    happened = state.record().events()
    assert any(isinstance(event, ev.HandScored) for event in happened)
    assert_round_trip(happened)
    assert_round_trip(ev.seen_by(happened, state.rules.players - 1))


EXAMPLES: tuple[ev.Event, ...] = (
    ev.HandStarted(hand_number=0, dealer=1),
    ev.Redealt(hand_number=2, reason="kings", table=sr.CardSet("KD 2H KS KC")),
    ev.Redealt(hand_number=0, reason="aces", table=sr.CardSet("AD AH AS 5C")),
    ev.FirstCardDealt(seat=0, card=sr.Card.parse("7D")),
    ev.FirstCardDealt(seat=1, card=None),
    ev.FirstCardDecided(seat=0, kept=True, card=None),
    ev.FirstCardDecided(seat=0, kept=True, card=sr.Card.parse("7D")),
    ev.FirstCardDecided(seat=0, kept=False, card=sr.Card.parse("2S")),
    ev.CardsDealt(seat=1, count=3, cards=None),
    ev.CardsDealt(seat=0, count=3, cards=sr.CardSet("3D KH 5C")),
    ev.CardsDealt(seat=3, count=0, cards=sr.CardSet("")),
    ev.Declared(seat=1, side=1, cards=sr.CardSet("2H 2S 2C"), kind="decino", points=10),
    ev.TableDealt(table=sr.CardSet("")),
    ev.InitialSweeps(seat=1, side=1, count=2, cards=sr.CardSet("KD KS KC JD")),
    ev.CardPlayed(seat=5, card=sr.Card.parse("AC")),
    ev.Captured(seat=2, side=0, card=sr.Card.parse("5C"), cards=sr.CardSet("3S 2D")),
    ev.Trailed(seat=1, card=sr.Card.parse("KH")),
    ev.Swept(seat=0, side=0, counted=False),
    ev.HandEnded(hand_number=0, leftover=sr.CardSet(""), leftover_side=None),
    ev.HandEnded(hand_number=4, leftover=sr.CardSet("4C 5C"), leftover_side=2),
    ev.GameOver(winner=2, scores=(9, 10, 12)),
)


@pytest.mark.parametrize("event", EXAMPLES, ids=repr)
def test_each_kind_of_event_reads_back(event: ev.Event) -> None:
    data = through_json(ev.event_to_dict(event))
    assert ev.event_from_dict(data) == event
    assert type(ev.event_from_dict(data)) is type(event)


@settings(max_examples=examples(60))
@given(
    rules=sst.presets() | sst.rulesets(),
    piles=st.lists(sst.card_sets(max_size=12), min_size=8, max_size=8),
    sweeps=st.lists(st.integers(0, 12), min_size=8, max_size=8),
    declared=st.lists(st.integers(0, 20), min_size=8, max_size=8),
)
def test_a_score_reads_back(
    rules: sr.Ruleset, piles: list[sr.CardSet], sweeps: list[int], declared: list[int]
) -> None:
    # Piles need not be a deal's: any breakdown reads back as it was.
    sides = rules.sides
    score = sr.score_hand(rules, piles[:sides], sweeps[:sides], declared[:sides])
    assert ev.score_from_dict(through_json(ev.score_to_dict(score))) == score
    scored = ev.HandScored(hand_number=1, score=score, scores=(0,) * sides)
    assert ev.event_from_dict(through_json(ev.event_to_dict(scored))) == scored


def test_readers_are_exported_beside_the_writers() -> None:
    assert {"event_from_dict", "score_from_dict", "Declared"} <= set(ev.__all__)
    assert sr.events.event_from_dict is ev.event_from_dict


# -- bad data ---------------------------------------------------------------------------

SCORE = ev.score_to_dict(
    sr.score_hand(sr.Ruleset.scopa(), [sr.CardSet("7D 6D"), sr.CardSet("KS")], [1, 0])
)
SIDE = SCORE["sides"][0]


def scored(score: object) -> dict[str, Any]:
    return {"type": "hand_scored", "hand_number": 0, "score": score, "scores": [4, 0]}


def with_side(**changes: object) -> dict[str, Any]:
    return {**SCORE, "sides": [{**SIDE, **changes}, SCORE["sides"][1]]}


CAPTURED: dict[Any, Any] = {
    "type": "captured",
    "seat": 0,
    "side": 0,
    "card": "5C",
    "cards": "2D 3S",
}
STATE = sr.InvalidStateError
NOTATION = sr.NotationError

BAD_EVENTS: list[tuple[object, type[sr.ScopaError], str]] = [
    ([], STATE, "an event must be a mapping, not list"),
    (
        {"seat": 0},
        STATE,
        "the event has no 'type'; the types are captured, card_played",
    ),
    (
        {"type": "grabbed"},
        STATE,
        "unknown event type 'grabbed'; the types are captured",
    ),
    ({"type": 3}, STATE, "unknown event type 3"),
    ({"type": ["captured"]}, STATE, "unknown event type ['captured']"),
    (
        {"type": "trailed", "seat": 1},
        STATE,
        "the trailed event has no 'card'; its fields are seat, card",
    ),
    (
        CAPTURED | {"extra": 1, 7: 2},
        STATE,
        "the captured event has unknown fields: 7, extra; its fields are seat, side, card, cards",
    ),
    (
        {**CAPTURED, "seat": -1},
        STATE,
        "the captured event: 'seat' must be a whole number of 0 or more, not -1",
    ),
    (
        {**CAPTURED, "side": True},
        STATE,
        "'side' must be a whole number of 0 or more, not True",
    ),
    ({**CAPTURED, "seat": 1.0}, STATE, "not 1.0"),
    ({**CAPTURED, "seat": "0"}, STATE, "not '0'"),
    (
        {**CAPTURED, "card": 5},
        STATE,
        "the captured event: 'card' must be card text, not 5",
    ),
    ({**CAPTURED, "cards": None}, STATE, "'cards' must be card text, not None"),
    (
        {**CAPTURED, "card": "8C"},
        NOTATION,
        "the captured event: 'card': unknown rank '8'",
    ),
    ({**CAPTURED, "card": "5C 6C"}, NOTATION, "the captured event: 'card': "),
    ({**CAPTURED, "cards": "2D 2D"}, NOTATION, "'cards': card 2D appears twice"),
    ({**CAPTURED, "cards": ""}, STATE, "the captured event takes no cards"),
    (
        {**CAPTURED, "cards": "5C 2D"},
        STATE,
        "the captured event takes 5C, the card that captures",
    ),
    (
        {"type": "cards_dealt", "seat": 0, "count": 3, "cards": "AS 2S"},
        STATE,
        "the cards_dealt event deals 3 cards but names 2",
    ),
    (
        {"type": "cards_dealt", "seat": 0, "count": 3, "cards": 3},
        STATE,
        "'cards' must be card text, not 3",
    ),
    (
        {"type": "first_card_dealt", "seat": 0, "card": "ZZ"},
        NOTATION,
        "the first_card_dealt event: 'card': ",
    ),
    (
        {"type": "first_card_decided", "seat": 0, "kept": False, "card": None},
        STATE,
        "the first_card_decided event puts the first card on the table, face up, but does not name it",
    ),
    (
        {"type": "first_card_decided", "seat": 0, "kept": 0, "card": None},
        STATE,
        "the first_card_decided event: 'kept' must be true or false, not 0",
    ),
    (
        {"type": "redealt", "hand_number": 0, "reason": "queens", "table": ""},
        STATE,
        "the redealt event: 'reason' must be one of 'kings', 'aces', not 'queens'",
    ),
    (
        {"type": "redealt", "hand_number": 0, "reason": ["kings"], "table": ""},
        STATE,
        "not ['kings']",
    ),
    (
        {
            "type": "declared",
            "seat": 0,
            "side": 0,
            "cards": "AS 2S",
            "kind": "cirulla",
            "points": 3,
        },
        STATE,
        "the declared event declares 2 cards, not 3",
    ),
    (
        {
            "type": "declared",
            "seat": 0,
            "side": 0,
            "cards": "AS 2S 3S",
            "kind": "scopa",
            "points": 3,
        },
        STATE,
        "'kind' must be one of 'cirulla', 'decino', not 'scopa'",
    ),
    (
        {"type": "initial_sweeps", "seat": 0, "side": 0, "count": 0, "cards": "7D 8S"},
        NOTATION,
        "'cards': unknown rank '8'",
    ),
    (
        {
            "type": "initial_sweeps",
            "seat": 0,
            "side": 0,
            "count": 0,
            "cards": "7D 5S 3C",
        },
        STATE,
        "the initial_sweeps event counts no sweeps",
    ),
    (
        {"type": "hand_ended", "hand_number": 0, "leftover": "", "leftover_side": -2},
        STATE,
        "'leftover_side' must be a whole number of 0 or more, or null, not -2",
    ),
    (
        {
            "type": "hand_ended",
            "hand_number": 0,
            "leftover": "",
            "leftover_side": False,
        },
        STATE,
        "or null, not False",
    ),
    (
        {"type": "game_over", "winner": 2, "scores": [11, 3]},
        STATE,
        "the game_over event names side 2 the winner, of 2 sides",
    ),
    (
        {"type": "game_over", "winner": 0, "scores": "11 3"},
        STATE,
        "'scores' must be a list of whole numbers, not '11 3'",
    ),
    (
        {"type": "game_over", "winner": 0, "scores": [11, -3]},
        STATE,
        "'scores' item 1 must be a whole number of 0 or more, not -3",
    ),
    (
        {"type": "swept", "seat": 0, "side": 0, "counted": "yes"},
        STATE,
        "'counted' must be true or false, not 'yes'",
    ),
    (
        scored(SCORE) | {"scores": [4]},
        STATE,
        "the hand_scored event has 1 scores for 2 sides",
    ),
    (
        scored([]),
        STATE,
        "the hand_scored event: 'score' must be a mapping of its fields, not list",
    ),
    (
        scored({**SCORE, "totals": [5, 0]}),
        STATE,
        "the hand_scored event: 'score': 'totals' are [5, 0], but its sides add up to [4, 0]",
    ),
]

BAD_SCORES: list[tuple[object, str]] = [
    (None, "the score must be a mapping of its fields, not NoneType"),
    (
        {k: v for k, v in SCORE.items() if k != "sides"},
        "the score has no 'sides'; its fields are primiera_rule, re_bello, napola, "
        "cappotto, grande, declarations, totals, sides",
    ),
    ({**SCORE, "winner": 0}, "the score has unknown fields: winner; its fields are"),
    (
        {**SCORE, "primiera_rule": "best"},
        "'primiera_rule' must be one of all_suits, more_suits, partial_sum",
    ),
    ({**SCORE, "primiera_rule": 1}, "'primiera_rule' must be one of all_suits"),
    ({**SCORE, "napola": 1}, "the score: 'napola' must be true or false, not 1"),
    (
        {**SCORE, "sides": [SIDE]},
        "the score: 'sides' must be a list of 2 or more side scores",
    ),
    (
        {**SCORE, "sides": {"0": SIDE}},
        "'sides' must be a list of 2 or more side scores",
    ),
    (
        {**SCORE, "sides": [SIDE, 1]},
        "the score: side 1 must be a mapping of its fields, not int",
    ),
    (
        {**SCORE, "totals": [4]},
        "the score: 'totals' are [4], but its sides add up to [4, 0]",
    ),
    (
        {**SCORE, "totals": [4, True]},
        "the score: 'totals' item 1 must be a whole number",
    ),
    (with_side(side=1), "the score: side 0 says it is side 1"),
    (with_side(total=5), "the score: side 0: 'total' is 5, but its points add up to 4"),
    (
        with_side(total=-4),
        "the score: side 0: 'total' must be a whole number of 0 or more",
    ),
    (
        with_side(coins=-1),
        "the score: side 0: 'coins' must be a whole number of 0 or more, not -1",
    ),
    (
        with_side(settebello=1),
        "the score: side 0: 'settebello' must be true or false, not 1",
    ),
    (
        {**SCORE, "sides": [{k: v for k, v in SIDE.items() if k != "total"}, SIDE]},
        "the score: side 0 has no 'total'; its fields are side, cards, coins",
    ),
    (
        with_side(sweep=1),
        "the score: side 0 has unknown fields: sweep; its fields are side",
    ),
]


@pytest.mark.parametrize(("data", "error", "message"), BAD_EVENTS)
def test_bad_events_are_refused_with_what_was_expected(
    data: Any, error: type[sr.ScopaError], message: str
) -> None:
    with pytest.raises(error) as caught:
        ev.event_from_dict(data)
    assert type(caught.value) is error
    assert message in str(caught.value)


@pytest.mark.parametrize(("data", "message"), BAD_SCORES)
def test_bad_scores_are_refused_with_what_was_expected(data: Any, message: str) -> None:
    with pytest.raises(sr.InvalidStateError) as caught:
        ev.score_from_dict(data)
    assert message in str(caught.value)


def test_the_sides_of_an_event_score_are_named() -> None:
    with pytest.raises(
        sr.InvalidStateError, match="the hand_scored event: 'score': side 1: 'cards'"
    ):
        ev.event_from_dict(
            scored({**SCORE, "sides": [SIDE, {**SCORE["sides"][1], "cards": None}]})
        )


# -- fuzz -------------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(
        ["7D", "2D 3S", "AS AS", "", "hand_scored", "kings", "all_suits"]
    ),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=12,
)

VALID: list[dict[str, Any]] = [
    *(ev.event_to_dict(event) for event in EXAMPLES),
    scored(SCORE),
]


@settings(max_examples=examples(240))
@given(data=json_values)
def test_any_json_is_an_event_or_a_library_error(data: Any) -> None:
    for read in (ev.event_from_dict, ev.score_from_dict):
        with contextlib.suppress(sr.ScopaError):
            read(data)


@settings(max_examples=examples(240))
@given(
    start=st.sampled_from(VALID),
    key=st.sampled_from(
        [
            "type",
            "seat",
            "side",
            "card",
            "cards",
            "count",
            "score",
            "scores",
            "kept",
            "winner",
            "extra",
        ]
    ),
    value=json_values,
    nested=st.sampled_from(
        ["totals", "sides", "primiera_rule", "napola", "side", "total", "coins"]
    ),
)
def test_a_damaged_event_is_read_or_refused_by_the_library(
    start: dict[str, Any], key: str, value: Any, nested: str
) -> None:
    damaged: list[dict[str, Any]] = [
        {**start, key: value},
        {k: v for k, v in start.items() if k != key},
    ]
    if "score" in start:
        score = start["score"]
        damaged.append({**start, "score": {**score, nested: value}})
        sides = [{**score["sides"][0], nested: value}, score["sides"][1]]
        damaged.append({**start, "score": {**score, "sides": sides}})
    for data in damaged:
        try:
            event = ev.event_from_dict(data)
        except sr.ScopaError:
            continue
        # What is read is an event that writes back as it was read.
        assert ev.event_from_dict(ev.event_to_dict(event)) == event
