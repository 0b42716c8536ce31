"""Events in words: ``describe()``, ``str()`` and :func:`events.narrate`.

Every event of whole games, in every preset, is told as one sentence that
names no hidden card, agrees in number ("1 card", "you take") and starts
with a capital; a play, its capture and its sweep are one line.
"""

from __future__ import annotations

import random
import re
from typing import get_args

import pytest

import scopa_rules as sr
from helpers import PRESETS
from scopa_rules import events as ev

NAMES = ["you", "Ada", "Bo", "Cy", "Di", "Ed"]
WRONG = re.compile(
    r"\b1 (cards|points|sweeps)\b|\byou (plays|takes|trails|keeps|puts|declares"
    r"|sweeps|deals|wins|is|has)\b|\bNone\b|\bno points\b"
)


def whole_game(rules: sr.Ruleset, seed: int) -> list[ev.Event]:
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    happened = list(ev.opening(state))
    while not state.is_over:
        state, more = state.play(rng.choice(state.legal_moves()))
        happened += more
    return happened


@pytest.mark.parametrize("preset", PRESETS)
def test_every_event_of_a_game_is_a_sentence(preset: sr.Ruleset) -> None:
    for seed in range(3):
        happened = whole_game(preset, seed)
        for event in [*happened, *ev.seen_by(happened, 0)]:
            text = event.describe(NAMES, NAMES)
            assert text[:1].isupper(), (event, text)
            assert not WRONG.search(text), (event, text)
            assert str(event) == event.describe()
            assert (
                "seat " in str(event).lower()
                or "side " in str(event).lower()
                or not any(
                    hasattr(event, name)
                    for name in ("seat", "side", "dealer", "winner")
                )
            )
        for line in ev.narrate(ev.seen_by(happened, 0), NAMES, NAMES):
            assert line[:1].isupper(), line
            assert not WRONG.search(line), line


def test_every_event_class_has_a_text() -> None:
    classes = set(get_args(ev.Event))
    examples: list[ev.Event] = [
        ev.HandStarted(hand_number=2, dealer=1),
        ev.Redealt(hand_number=0, reason="aces", table=sr.CardSet("AD AS AC 7H")),
        ev.FirstCardDealt(seat=0, card=sr.Card.parse("7D")),
        ev.FirstCardDecided(seat=0, kept=True, card=sr.Card.parse("7D")),
        ev.CardsDealt(seat=0, count=0, cards=sr.CardSet()),
        ev.Declared(
            seat=0, side=0, cards=sr.CardSet("5D 5H 5S"), kind="decino", points=10
        ),
        ev.TableDealt(table=sr.CardSet()),
        ev.InitialSweeps(seat=1, side=1, count=2, cards=sr.CardSet("KD KS QD 7H 6S")),
        ev.CardPlayed(seat=1, card=sr.Card.parse("2H")),
        ev.Captured(seat=0, side=0, card=sr.Card.parse("7D"), cards=sr.CardSet("7H")),
        ev.Trailed(seat=0, card=sr.Card.parse("2H")),
        ev.Swept(seat=0, side=0, counted=True),
        ev.HandEnded(hand_number=0, leftover=sr.CardSet("2H 3S"), leftover_side=None),
        ev.HandScored(
            hand_number=0,
            score=sr.score_hand(
                sr.Ruleset.scopa(), [sr.CardSet("7D"), sr.CardSet()], [1, 0]
            ),
            scores=(4, 0),
        ),
        ev.GameOver(winner=2, scores=(4, 9, 11)),
    ]
    assert {type(event) for event in examples} == classes
    texts = [event.describe(["you"], ["you"]) for event in examples]
    assert texts == [
        "Hand 3 begins; seat 1 deals",
        "The table showed 3 aces (AD 7H AS AC): the cards are dealt again",
        "You are dealt the first card, 7D, to keep or to put on the table",
        "You keep the first card, 7D",
        "You are dealt no cards",
        "You declare 5D 5H 5S, a decino (three cards of one rank): 10 points",
        "The table is dealt no cards",
        "The table dealt adds up to 30: seat 1 takes it, 2 sweeps for side 1",
        "Seat 1 plays 2H",
        "You take 7H with 7D",
        "You trail 2H, taking nothing",
        "You sweep the table: a sweep",
        "Hand 1 ends; nobody captured, so the 2 cards left on the table, 2H 3S, "
        "stay out of the piles",
        "Hand 1 scores 4 points to you and 0 points to side 1; the score is 4 to 0",
        "Side 2 wins the game with 11 points; the score is 4 to 9 to 11",
    ]


def test_names_come_from_a_sequence_or_a_mapping_and_default_to_numbers() -> None:
    played = ev.CardPlayed(seat=3, card=sr.Card.parse("KH"))
    assert played.describe() == "Seat 3 plays KH"
    assert played.describe(["you"]) == "Seat 3 plays KH"
    assert played.describe({3: "you"}) == "You play KH"
    assert played.describe({3: "Ada"}) == "Ada plays KH"
    assert ev.GameOver(winner=1, scores=(7, 11)).describe(sides={1: "your side"}) == (
        "Your side wins the game, 11 to 7"
    )
    one = ev.HandEnded(hand_number=4, leftover=sr.CardSet("QC"), leftover_side=0)
    assert one.describe(sides=["you"]) == (
        "Hand 5 ends: you take the 1 card left on the table, QC"
    )
    assert str(
        ev.HandEnded(hand_number=0, leftover=sr.CardSet(), leftover_side=None)
    ) == ("Hand 1 ends with nothing left on the table")


def test_narrate_joins_a_play_with_what_it_did() -> None:
    five = sr.Card.parse("5C")
    happened: list[ev.Event] = [
        ev.CardPlayed(seat=0, card=five),
        ev.Captured(seat=0, side=0, card=five, cards=sr.CardSet("3S 2C")),
        ev.Swept(seat=0, side=0, counted=False),
        ev.CardPlayed(seat=1, card=sr.Card.parse("AS")),
        ev.Trailed(seat=1, card=sr.Card.parse("AS")),
        ev.CardPlayed(seat=0, card=sr.Card.parse("3D")),
        ev.HandEnded(hand_number=0, leftover=sr.CardSet(), leftover_side=None),
        ev.CardPlayed(seat=1, card=sr.Card.parse("KH")),
    ]
    assert ev.narrate(happened, ["you"]) == [
        "You play 5C and take 3S 2C, the whole table, which does not count as a sweep",
        "Seat 1 trails AS, taking nothing",
        # Plays whose capture or trail is not among the events.
        "You play 3D",
        "Hand 1 ends with nothing left on the table",
        "Seat 1 plays KH",
    ]
    one_king = ev.Redealt(
        hand_number=0, reason="kings", table=sr.CardSet("KD 2H 3S 4C")
    )
    assert str(one_king) == (
        "The table showed 1 king (KD 2H 3S 4C): the cards are dealt again"
    )


def test_narrate_tells_hidden_hands_together_and_known_ones_apart() -> None:
    state = sr.new_game(sr.Ruleset.scopone(), seed=5)
    lines = ev.narrate(ev.seen_by(ev.opening(state), 2), {2: "you"})
    assert lines[0] == f"Hand 1 begins; seat {state.dealer} deals"
    assert lines[1] == f"You are dealt 9 cards: {state.hands[2]}"
    assert lines[2] == "Seat 0, seat 1 and seat 3 are dealt 9 cards each"
    assert not any(str(card) in " ".join(lines[2:]) for card in state.hands[0])
    told = ev.narrate(ev.opening(state))  # a full state's events: every hand
    assert sum(line.endswith(str(hand)) for line in told for hand in state.hands) == 4
    empty = ev.CardsDealt(seat=1, count=0, cards=None)
    assert ev.narrate([empty]) == []  # a seat dealt nothing is not told


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (
            "you",
            "names must be a list of names or a dict from number to name, not 'you'",
        ),
        ([0, 1], "names must be strings, not 0"),
        ({0: None}, "names must be strings, not None"),
    ],
)
def test_names_that_are_not_names_are_refused(names: object, message: str) -> None:
    played = ev.CardPlayed(seat=0, card=sr.Card.parse("KH"))
    with pytest.raises(sr.InvalidStateError, match=message):
        played.describe(names)  # type: ignore[arg-type]
    with pytest.raises(
        sr.InvalidStateError, match=message.replace("names", "sides", 1)
    ):
        ev.narrate([played], sides=names)  # type: ignore[arg-type]
