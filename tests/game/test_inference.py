"""Card inference from play (issue 29): :meth:`PlayerView.passed_up` reads
which cards a seat passed up a sweep with, ``sample(rng, avoid=...)`` deals
them elsewhere when a deal that fits allows it, and
``IsmctsBot(inference=True)`` searches on such deals.

Which cards sweep is checked here against the rules themselves: a card
passed up is one whose legal plays, in the position before the seat's
play, take the whole table and score a sweep, as the state scores it
when the card is played.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_sampling import RULES, check_sample

import scopa_rules as sr
from helpers import position
from profiles import examples
from scopa_rules import strategies as sst

# -- positions ------------------------------------------------------------------------


def scopone_after(
    hands: list[str], moves: list[str], table: str = "2C 3C"
) -> sr.PlayerView:
    """Scopone from ``hands`` on ``table``, seat 1 to move, ``moves``
    played: the view of seat 0."""
    rest = sr.ALL_CARDS - sr.CardSet(" ".join(hands) + " " + table)
    state = sr.GameState.from_position(
        sr.Ruleset.scopone(),
        hands=hands,
        table=table,
        piles=["", rest],
        current_player=1,
        last_capturer=1,
    )
    for move in moves:
        state = state.apply(sr.Move.parse(move))
    return state.view(0)


def passed_up_five() -> sr.PlayerView:
    """Seat 1 trails KD on 2C 3C, where a five would have swept; seat 0
    holds 5C and cannot see 5D 5H 5S, nor 6H 7S 4S."""
    return scopone_after(
        ["5C AD 7D", "KD 6H 7S", "5D 4S 6C", "5H 5S 6D"], ["KD", "6C", "6Dx6C"]
    )


def held_its_fives() -> sr.PlayerView:
    """Seat 1 trails KD on 2C 3C holding 5H; seats 2 and 3 then play
    their last cards: the five can be nowhere but in seat 1's hand."""
    return scopone_after(["7D", "KD 5H", "4S", "JD"], ["KD", "4S", "JD"])


def check_fits(view: sr.PlayerView, sample: sr.GameState) -> None:
    assert sample.view(view.seat) == view
    assert tuple(len(hand) for hand in sample.hands) == view.hand_sizes
    for seat, hand in enumerate(sample.hands):
        if seat != view.seat:
            assert hand - view.declared[seat] <= view.unseen
    assert sr.CardSet(sample.stock) <= view.unseen


# -- what passed_up reads ----------------------------------------------------------


def test_a_seat_that_trailed_where_a_five_swept_passed_up_the_unseen_fives() -> None:
    view = passed_up_five()
    assert view.passed_up() == {
        1: sr.CardSet("5D 5H 5S"),
        2: sr.CardSet(),
        3: sr.CardSet(),
    }


def test_what_is_passed_up_is_what_the_rules_say_would_have_swept() -> None:
    view = passed_up_five()
    before = sr.CardSet("2C 3C")
    for card in view.unseen:
        alone = sr.GameState.from_position(
            sr.Ruleset.scopone(),
            hands=[str(card), "6C", "6D", "AD"],
            table=str(before),
            piles=["", sr.ALL_CARDS - before - sr.CardSet(f"{card} 6C 6D AD")],
            last_capturer=1,
        )
        swept = any(
            alone.apply(move).sweeps[0] > alone.sweeps[0]
            for move in alone.legal_moves()
        )
        assert (card in view.passed_up()[1]) == swept, card


def test_a_capture_that_leaves_cards_on_the_table_passes_up_a_sweep() -> None:
    # On 2C 3C 4D a queen (9) takes all three; seat 1 took 2C 3C with 5H.
    view = scopone_after(
        ["QC AD 7D", "5H 6H 7S", "5D 4S 6C", "QH QS 6D"], ["5Hx2C3C"], "2C 3C 4D"
    )
    assert view.passed_up()[1] == sr.CardSet("QH QS")  # QD is in a pile


def test_a_sweep_passes_nothing_up() -> None:
    view = scopone_after(["7D AD", "5H 6H", "KD 4S", "QH 6D"], ["5Hx2C3C"])
    assert not any(view.passed_up().values())


def test_the_own_seat_and_seen_cards_are_never_passed_up() -> None:
    view = passed_up_five()
    assert view.seat not in view.passed_up()
    for cards in view.passed_up().values():
        assert cards <= view.unseen


def test_only_the_plays_since_the_hands_were_last_dealt_count() -> None:
    # Scopa: seat 1 trails KD on 2C 3C where a five sweeps; once seat 0
    # plays its last card the hands are dealt again, and seat 1's new hand
    # says nothing about its old one.
    state = position(
        sr.Ruleset.scopa(),
        ["7D", "KD"],
        "2C 3C",
        stock="AS 2S 4S 5S 6S 7S",
        rest_to=0,
        current_player=1,
    )
    state = state.apply(sr.Move.parse("KD"))
    assert state.view(0).passed_up() == {1: sr.CardSet("5S")}
    state = state.apply(sr.Move.parse("7D"))
    assert state.view(0).hand_sizes == (3, 3)
    assert state.view(0).passed_up() == {1: sr.CardSet()}


@pytest.mark.parametrize("scopa", [False, True])
def test_an_ace_passes_up_a_sweep_where_its_take_all_scores_one(scopa: bool) -> None:
    # An ace takes the whole table under ace_takes_all: a sweep only under
    # ace_sweep_is_scopa.
    rules = sr.Ruleset(ace_takes_all=True, ace_sweep_is_scopa=scopa)
    state = position(
        rules,
        ["7D 6D", "KD 6H"],
        "2C 3C",
        stock="AD AH AS 5D 5H 5S",
        rest_to=0,
        current_player=1,
    )
    view = state.apply(sr.Move.parse("KD")).view(0)
    fives, aces = sr.CardSet("5D 5H 5S"), sr.CardSet("AD AH AS")
    assert view.passed_up()[1] == (fives | aces if scopa else fives)


# -- sampling with avoid -----------------------------------------------------------


def test_samples_keep_the_passed_up_fives_away_while_a_deal_allows_it() -> None:
    view = passed_up_five()
    avoid = view.passed_up()
    rng = random.Random(29)
    rounds = 600
    held: Counter[sr.CardSet] = Counter()
    for _ in range(rounds):
        sample = view.sample(rng, avoid=avoid)
        check_fits(view, sample)
        assert not sample.hands[1] & avoid[1]
        held[sample.hands[1]] += 1
    # Every deal that keeps the fives out is as likely as any other: the
    # three hands of two of 6H 7S 4S.
    assert set(held) == {
        sr.CardSet(pair) for pair in itertools.combinations(sr.CardSet("6H 7S 4S"), 2)
    }
    tolerance = 5 * math.sqrt((1 / 3) * (2 / 3) / rounds)
    for count in held.values():
        assert count / rounds == pytest.approx(1 / 3, abs=tolerance)


def test_without_avoid_the_fives_go_anywhere() -> None:
    view = passed_up_five()
    rng = random.Random(29)
    assert any(view.sample(rng).hands[1] & sr.CardSet("5D 5H 5S") for _ in range(50))


def test_avoided_cards_with_no_other_place_are_dealt_to_their_seat() -> None:
    view = held_its_fives()
    avoid = view.passed_up()
    assert avoid[1] == sr.CardSet("5H") == view.unseen
    for seed in range(20):
        sample = view.sample(random.Random(seed), avoid=avoid)
        check_fits(view, sample)
        assert sample.hands[1] == sr.CardSet("5H")
        # No deal keeps them out: the sample is the plain one.
        assert sample.hands == view.sample(random.Random(seed)).hands


def test_avoid_that_cannot_be_kept_for_every_seat_is_dropped_whole() -> None:
    view = passed_up_five()
    # Seat 1 cannot avoid every card it might hold.
    avoid = {1: view.unseen, 2: sr.CardSet("4S")}
    rng = random.Random(3)
    samples = [view.sample(rng, avoid=avoid) for _ in range(100)]
    assert any(sample.hands[2] & sr.CardSet("4S") for sample in samples)


@pytest.mark.parametrize(
    "avoid",
    [None, {}, {0: sr.CardSet("5C AD")}, {1: sr.CardSet("2C QD")}, {2: sr.CardSet()}],
)
def test_an_avoid_that_changes_nothing_gives_the_plain_sample(
    avoid: dict[int, sr.CardSet] | None,
) -> None:
    # The own seat's cards and cards seen on the table or in a pile are
    # not dealt: the same generator gives the same sample.
    view = passed_up_five()
    for seed in range(10):
        plain = view.sample(random.Random(seed))
        assert view.sample(random.Random(seed), avoid=avoid) == plain


@pytest.mark.parametrize(
    ("avoid", "message"),
    [
        (
            [sr.CardSet("5D")],
            "avoid: sample takes None or a mapping of seats to card sets",
        ),
        ({4: sr.CardSet("5D")}, "avoid: the seats are 0 to 3, not 4"),
        ({True: sr.CardSet("5D")}, "avoid: the seats are 0 to 3, not True"),
        ({1: "5D"}, "avoid\\[1\\]: the cards to avoid are a CardSet, not '5D'"),
    ],
)
def test_a_wrong_avoid_is_refused(avoid: object, message: str) -> None:
    with pytest.raises(sr.ArgumentError, match=message):
        passed_up_five().sample(random.Random(1), avoid=avoid)  # type: ignore[arg-type]


# -- every sample with avoid still fits its view -------------------------------------


# The rulesets of the sampling tests, whose check every sample must pass.
def allowed_deals(view: sr.PlayerView) -> list[tuple[sr.CardSet, ...]]:
    """Every deal of the unseen cards to the other hands whose samples fit
    the view, found by asking sample() for many (small views only)."""
    rng = random.Random(0)
    return list({view.sample(rng).hands for _ in range(300)})


@settings(max_examples=examples(60))
@given(sst.game_states(RULES, max_moves=120), st.integers(0, 39), st.integers())
def test_every_sample_with_avoid_fits_the_view(
    state: sr.GameState, seat_pick: int, seed: int
) -> None:
    seat = seat_pick % state.rules.players
    view = state.view(seat)
    avoid = view.passed_up()
    for other, cards in avoid.items():
        assert other != seat
        assert cards <= view.unseen
    rng = random.Random(seed)
    for _ in range(3):
        sample = view.sample(rng, avoid=avoid)
        check_sample(view, sample)  # the rules' own check of what the view allows
        if not any(sample.hands[s] & cards for s, cards in avoid.items()):
            continue
        # It dealt an avoided card: then no deal that fits keeps them all
        # out (among the plain samples, none did).
        assert all(
            any(deal[s] & cards for s, cards in avoid.items())
            for deal in allowed_deals(view)
        )


# -- the bot ------------------------------------------------------------------------


def test_the_bot_searches_on_the_inferred_deals() -> None:
    view = passed_up_five()
    bot = sr.IsmctsBot(iterations=60, inference=True)
    stats = bot.search(view, random.Random(1))
    assert sum(visits for visits, _ in stats.values()) == 60
    assert bot.search(view, random.Random(1)) == stats
    assert bot.choose(view, random.Random(1)) in view.legal_moves()
    assert sr.IsmctsBot(iterations=60).search(view, random.Random(1)) != stats


def test_inference_is_true_or_false() -> None:
    with pytest.raises(
        sr.InvalidStateError, match="inference must be True or False, not 1"
    ):
        sr.IsmctsBot(inference=1)  # type: ignore[arg-type]
