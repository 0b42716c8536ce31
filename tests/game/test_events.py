"""Events: what each move did (:mod:`scopa_rules.events`).

Events are checked against what can be read off the states on either side of
each move, worked out here independently: the card that left the hand, the
cards that left the table, whether the table was emptied, the leftover, the
scores and the deals.  A seat's events never name a card it could not see,
and every document validates against the shipped JSON Schema.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scopa_rules as sr
from helpers import PRESETS, position
from profiles import examples
from scopa_rules import events as ev

presets = st.sampled_from(PRESETS)
seeds = st.integers(min_value=0, max_value=2**32 - 1)

SCHEMA = ev.json_schema()


VALIDATORS = {
    # One validator per document kind: jsonschema.validate() would check the
    # schema itself again for every document.
    name: jsonschema.Draft202012Validator(
        {"$ref": f"#/$defs/{name}", "$defs": SCHEMA["$defs"]}
    )
    for name in ("record", "view", "event")
}


def validate(document: object, definition: str) -> None:
    VALIDATORS[definition].validate(document)


def random_game(
    rules: sr.Ruleset, seed: int
) -> list[tuple[sr.GameState, sr.Move, sr.GameState, tuple[ev.Event, ...]]]:
    """Every step of a random game: the state, the move, the next state and
    the move's events."""
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    steps = []
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        after, happened = state.play(move)
        steps.append((state, move, after, happened))
        state = after
    return steps


def somewhere_in(rules: sr.Ruleset, seed: int, stop: float) -> sr.GameState:
    """The state ``stop`` of the way through a random game."""
    steps = random_game(rules, seed)
    return steps[int(stop * (len(steps) - 1))][2]


def kinds(events: tuple[ev.Event, ...]) -> list[str]:
    return [event.type for event in events]


def check_step(
    before: sr.GameState, move: sr.Move, after: sr.GameState, happened: Any
) -> None:
    """The events of one move against the two states."""
    rules = before.rules
    seat = before.current_player
    assert seat is not None
    side = rules.side_of(seat)
    events = list(happened)
    ended = after.is_over or after.hand_number != before.hand_number
    if move.kind is not sr.MoveKind.PLAY:
        assert events.pop(0) == ev.FirstCardDecided(
            seat, move.kind is sr.MoveKind.KEEP_FIRST_CARD, move.card
        )
    else:
        assert events.pop(0) == ev.CardPlayed(seat, move.card)
        assert move.card in before.hands[seat]
        if move.captured:
            assert events.pop(0) == ev.Captured(seat, side, move.card, move.captured)
            assert move.captured <= before.table
            if move.captured == before.table:
                sweep = events.pop(0)
                assert isinstance(sweep, ev.Swept)
                assert (sweep.seat, sweep.side) == (seat, side)
                if not ended:
                    assert sweep.counted == (
                        after.sweeps[side] == before.sweeps[side] + 1
                    )
            elif not ended:
                assert after.table == before.table - move.captured
                assert after.sweeps == before.sweeps
        else:
            assert events.pop(0) == ev.Trailed(seat, move.card)
            if not ended:
                assert after.table == before.table.add(move.card)
    if ended:
        result = after.hand_results[-1]
        table = before.table - move.captured if move.captured else before.table
        if move.kind is sr.MoveKind.PLAY and not move.captured:
            table = table.add(move.card)
        assert events.pop(0) == ev.HandEnded(
            before.hand_number, table, result.leftover_side
        )
        scored = events.pop(0)
        assert isinstance(scored, ev.HandScored)
        assert scored.scores == result.scores
        totals = scored.score.totals
        assert tuple(a + b for a, b in zip(before.scores, totals, strict=True)) == (
            after.scores
        )
        if after.is_over:
            assert events == [ev.GameOver(after.winner, after.scores)]  # type: ignore[arg-type]
            return
        assert events.pop(0) == ev.HandStarted(after.hand_number, after.dealer)
        check_deal(after, events)
    elif move.kind is not sr.MoveKind.PLAY or sum(map(len, before.hands)) == 1:
        check_deal(after, events)
    else:
        assert events == []


def check_deal(state: sr.GameState, events: list[ev.Event]) -> None:
    """What is left of a move's events once play is over: a deal of
    ``state``'s hand (perhaps after redeals)."""
    while events and isinstance(events[0], ev.Redealt):
        redeal = events.pop(0)
        assert isinstance(redeal, ev.Redealt)
        assert redeal.reason in ("kings", "aces")
    declared = [event for event in events if isinstance(event, ev.Declared)]
    if declared:
        made = state.declarations[-len(declared) :]
        assert [(e.seat, e.cards, e.kind, e.points) for e in declared] == [
            (d.seat, d.cards, d.kind, d.points) for d in made
        ]
    if state.phase is sr.Phase.FIRST_CARD:
        assert events == [ev.FirstCardDealt(state.current_player, state.first_card)]  # type: ignore[arg-type]
        return
    dealt = [event for event in events if isinstance(event, ev.CardsDealt)]
    assert [(e.seat, e.cards) for e in dealt] == sorted(
        enumerate(state.hands),
        key=lambda pair: (pair[0] - state.dealer - 1) % len(state.hands),
    )
    tables = [event for event in events if isinstance(event, ev.TableDealt)]
    if (
        not state.turns_this_hand
        or state.turns_this_hand[-1].move.kind is not sr.MoveKind.PLAY
    ):
        (table,) = tables
        swept = [event for event in events if isinstance(event, ev.InitialSweeps)]
        if swept:
            assert swept[0].cards == table.table
            assert state.sweeps[swept[0].side] == swept[0].count
        else:
            assert table.table == state.table
    else:
        assert tables == []  # a refill deals hands only


@settings(max_examples=examples(30))
@given(rules=presets, seed=seeds)
def test_events_agree_with_the_states(rules: sr.Ruleset, seed: int) -> None:
    steps = random_game(rules, seed)
    for before, move, after, happened in steps:
        check_step(before, move, after, happened)
    final = steps[-1][2]
    whole = final.record().events()
    assert whole == ev.opening(steps[0][0]) + tuple(
        event for step in steps for event in step[3]
    )
    assert whole.count(ev.HandStarted(0, steps[0][0].dealer)) == 1


@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: rules.preset_name())
def test_every_preset_gives_every_kind_of_its_events(rules: sr.Ruleset) -> None:
    seen: set[str] = set()
    for seed in range(4):
        final = random_game(rules, seed)[-1][2]
        seen |= set(kinds(final.record().events()))
    expected = {
        "hand_started",
        "cards_dealt",
        "table_dealt",
        "card_played",
        "captured",
        "trailed",
        "swept",
        "hand_ended",
        "hand_scored",
        "game_over",
    }
    if rules.first_card_choice:
        expected |= {"first_card_dealt", "first_card_decided"}
    assert expected <= seen


def kings_deck(players: int, first: str = "") -> sr.Deck:
    """A deck whose table shows three kings, dealing ``players`` hands of
    three after the cards ``first``."""
    kings = sr.CardSet("KD KS KC")
    top = [sr.Card.parse(text) for text in first.split()]
    rest = [card for card in sr.ALL_CARDS if card not in kings and card not in top]
    cards = [*top, *rest[: 3 * players], *kings, *rest[3 * players :]]
    return sr.Deck(cards)


def test_a_redeal_says_why_and_what_the_table_showed() -> None:
    rules = sr.Ruleset.scopa()
    deck = kings_deck(2)
    happened = ev.opening(sr.new_game(rules, decks=[deck, sr.Deck.shuffled(1)]))
    assert happened[1] == ev.Redealt(0, "kings", sr.CardSet("7D KD KS KC"))
    assert kinds(happened) == [
        "hand_started",
        "redealt",
        "cards_dealt",
        "cards_dealt",
        "table_dealt",
    ]


def test_a_redeal_that_waits_for_a_deck() -> None:
    rules = sr.Ruleset.scopa()
    state = sr.new_game(rules, deck=sr.Deck.shuffled(1))
    while state.phase is sr.Phase.PLAY:
        state = state.apply(state.legal_moves()[0])
    waiting, redeal = ev.deal(state, kings_deck(2))
    assert waiting.phase is sr.Phase.AWAITING_DEAL
    assert kinds(redeal) == ["redealt"]
    dealt, happened = ev.deal(waiting, sr.Deck.shuffled(3))
    assert kinds(happened) == ["cards_dealt", "cards_dealt", "table_dealt"]
    assert dealt.record().events()[-4:] == redeal + happened


def test_a_hand_that_ends_waiting_for_a_deck_starts_without_a_deal() -> None:
    state = sr.new_game(sr.Ruleset.scopa(), deck=sr.Deck.shuffled(1))
    while state.phase is sr.Phase.PLAY:
        state, happened = state.play(state.legal_moves()[0])
    assert kinds(happened)[-3:] == ["hand_ended", "hand_scored", "hand_started"]


@pytest.mark.parametrize("keep", [True, False])
def test_chkobba_first_card_then_kings(keep: bool) -> None:
    rules = sr.Ruleset.chkobba()
    # The first card is 2D; the table after the decision shows the three
    # kings either way (kept: six cards dealt after 2D, then one card and the
    # kings; tabled: 2D, then six cards dealt, then the kings).
    deck = kings_deck(2, "2D")
    state = sr.new_game(rules, decks=[deck, sr.Deck.shuffled(4)])
    assert ev.opening(state)[-1] == ev.FirstCardDealt(0, sr.Card.parse("2D"))
    move = sr.Move.keep_first_card if keep else sr.Move.table_first_card
    after, happened = state.play(move(sr.Card.parse("2D")))
    assert happened[0] == ev.FirstCardDecided(0, keep, sr.Card.parse("2D"))
    redeal = happened[1]
    assert isinstance(redeal, ev.Redealt)
    assert sr.CardSet("KD KS KC") <= redeal.table
    assert ("2D" in str(redeal.table)) is not keep
    assert happened[2] == ev.FirstCardDealt(0, after.first_card)
    seen = ev.seen_by(happened, 1)
    assert seen[0].card is (None if keep else sr.Card.parse("2D"))  # type: ignore[union-attr]
    assert seen[2] == ev.FirstCardDealt(0, None)


def test_cirulla_declarations_are_told_as_they_are_made() -> None:
    rules = sr.Ruleset.cirulla()
    happened = ev.opening(sr.new_game(rules, seed=8))
    assert ev.Declared(1, 1, sr.CardSet("2H 2S 4C"), "cirulla", 3) in happened
    for seed in range(6):
        final = random_game(rules, seed)[-1][2]
        events = final.record().events()
        told = [e for e in events if isinstance(e, ev.Declared)]
        made = [d for result in final.hand_results for d in result.declarations]
        assert [(e.seat, e.cards, e.points) for e in told] == [
            (d.seat, d.cards, d.points) for d in made
        ]
        # A declared hand is shown to every seat.
        assert [e for e in ev.seen_by(events, 0) if isinstance(e, ev.Declared)] == told


def test_a_redeal_for_aces() -> None:
    rules = sr.Ruleset.cirulla()
    aces = sr.CardSet("AD AS")
    rest = [card for card in sr.ALL_CARDS if card not in aces]
    deck = sr.Deck([*rest[:6], *aces, *rest[6:]])
    happened = ev.opening(sr.new_game(rules, decks=[deck], seed=1))
    redeal = happened[1]
    assert isinstance(redeal, ev.Redealt)
    assert redeal.reason == "aces"
    assert aces <= redeal.table


def test_escoba_initial_sweeps() -> None:
    rules = sr.Ruleset.escoba()
    for seed in range(200):
        state = sr.new_game(rules, seed=seed)
        if any(state.sweeps):
            break
    happened = ev.opening(state)
    swept = happened[-1]
    assert isinstance(swept, ev.InitialSweeps)
    assert swept.seat == state.dealer
    assert happened[-2] == ev.TableDealt(swept.cards)
    assert state.table == sr.CardSet("")


def test_a_game_from_a_position_opens_with_the_position() -> None:
    state = position(sr.Ruleset.scopa(), ["5C 2H", "AS 6C"], "2C 3S")
    happened = state.record().events()
    assert happened == (
        ev.HandStarted(0, 1),
        ev.CardsDealt(0, 2, sr.CardSet("5C 2H")),
        ev.CardsDealt(1, 2, sr.CardSet("AS 6C")),
        ev.TableDealt(sr.CardSet("2C 3S")),
    )


def test_play_checks_moves_as_apply_does() -> None:
    state = sr.new_game(seed=7)
    with pytest.raises(sr.IllegalMoveError, match="seat 1 is not to move"):
        state.play(sr.Move.parse("3D"), seat=1)


# -- what one seat sees ------------------------------------------------------------


def named_cards(event: ev.Event) -> sr.CardSet:
    cards = sr.CardSet("")
    for value in attrs_values(event):
        if isinstance(value, sr.Card):
            cards = cards.add(value)
        elif isinstance(value, sr.CardSet):
            cards = cards | value
    return cards


def attrs_values(event: ev.Event) -> list[object]:
    return [getattr(event, field.name) for field in attrs.fields(type(event))]


@settings(max_examples=examples(30))
@given(rules=presets, seed=seeds, stop=st.floats(min_value=0.0, max_value=1.0))
def test_a_view_never_names_a_card_its_seat_cannot_see(
    rules: sr.Ruleset, seed: int, stop: float
) -> None:
    state = somewhere_in(rules, seed, stop)
    for seat in range(rules.players):
        view = state.view(seat)
        this_hand: list[ev.Event] = []
        for event in view.events:
            if isinstance(event, ev.HandStarted):
                this_hand = []
            this_hand.append(event)
        # Redealt tables were shown to all, then the cards went back into the
        # deck; everything else this hand must have been seen.
        for event in this_hand:
            if not isinstance(event, ev.Redealt):
                assert not (named_cards(event) & view.unseen), (seat, event)
        assert view.events == ev.seen_by(state.record().events(), seat)


def test_a_view_of_a_sample_has_no_events() -> None:
    view = sr.new_game(seed=7).view(0).sample(random.Random(1)).view(0)
    with pytest.raises(sr.InvalidStateError, match="no record"):
        _ = view.events


def test_a_view_made_by_hand_has_no_events() -> None:
    view = sr.new_game(seed=7).view(0)
    fields = attrs.fields(sr.PlayerView)
    bare = sr.PlayerView(
        **{f.name: getattr(view, f.name) for f in fields if not f.name.startswith("_")}
    )
    assert bare == view
    with pytest.raises(sr.InvalidStateError, match=r"not made by GameState\.view"):
        _ = bare.events


# -- JSON ------------------------------------------------------------------------------


@settings(max_examples=examples(8))
@given(rules=presets, seed=seeds, stop=st.floats(min_value=0.0, max_value=1.0))
def test_documents_validate_against_the_shipped_schema(
    rules: sr.Ruleset, seed: int, stop: float
) -> None:
    state = somewhere_in(rules, seed, stop)
    record = state.record()
    validate(json.loads(record.to_json()), "record")
    for event in record.events():
        validate(json.loads(json.dumps(ev.event_to_dict(event))), "event")
    for seat in range(rules.players):
        data = json.loads(json.dumps(state.view(seat).to_dict(events=True)))
        validate(data, "view")


def test_the_schema_refuses_what_it_should() -> None:
    data = sr.new_game(seed=7).view(0).to_dict()
    validate(data, "view")
    with pytest.raises(jsonschema.ValidationError):
        validate({**data, "hand": "ZZ"}, "view")
    with pytest.raises(jsonschema.ValidationError):
        validate({"type": "captured", "seat": 0}, "event")
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_event_json_is_plain_data() -> None:
    final = random_game(sr.Ruleset.scopa(), 3)[-1][2]
    scored = next(e for e in final.record().events() if isinstance(e, ev.HandScored))
    data = ev.event_to_dict(scored)
    assert data["type"] == "hand_scored"
    assert data["score"]["totals"] == list(scored.score.totals)
    assert data["scores"] == list(scored.scores)
    assert json.loads(json.dumps(data)) == data
