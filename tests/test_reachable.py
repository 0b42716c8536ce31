"""Positions and saves that describe impossible games are refused (issue #12,
part 2), and every position a real game reaches still loads.

``GameState.from_position`` checks what no game under its rules reaches:
scores past the target in a game still in play, more sweeps than the piles
allow, a pile of one card, piles without a last capturer (or a last capturer
who captured nothing), a dealer that does not fit the hand sizes and the
seat to move, and more table cards than the rules let lie there.  Records and
saved states start from a position through the same door.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scopa_rules as sr
from profiles import examples
from scopa_rules import strategies as sst

SCOPA = sr.Ruleset.scopa()


def rest(*named: str) -> sr.CardSet:
    return sr.ALL_CARDS - sr.CardSet(" ".join(named))


def build(rules: sr.Ruleset = SCOPA, **options: Any) -> sr.GameState:
    """Two hands of two, two table cards, everything else in side 1's pile,
    seat 1 the last to capture; ``options`` override any of it."""
    arguments: dict[str, Any] = {
        "hands": ["5D KC", "AS 6C"],
        "table": "2S 5H",
        "piles": ["", rest("5D KC AS 6C 2S 5H")],
        "last_capturer": 1,
    }
    arguments.update(options)
    return sr.GameState.from_position(rules, **arguments)


def refused(match: str, rules: sr.Ruleset = SCOPA, **options: Any) -> None:
    with pytest.raises(sr.InvalidStateError, match=match):
        build(rules, **options)


# -- the reproducers of the issue ----------------------------------------------------


def test_a_game_in_play_at_50_to_0_with_target_11_is_refused() -> None:
    refused(r"side 0 has 50 points, at or past the target of 11", scores=[50, 0])


def test_the_issue_save_is_refused_when_loaded() -> None:
    # Made unchecked the way an old save would hold it: the position's JSON
    # edited to the issue's scores.
    data = build(seed=3).to_dict()
    data["record"]["position"]["scores"] = [50, 0]
    data["state"]["scores"] = [50, 0]
    with pytest.raises(sr.InvalidStateError, match="at or past the target"):
        sr.GameState.from_dict(data)
    with pytest.raises(sr.InvalidStateError, match="at or past the target"):
        sr.GameRecord.from_dict(data["record"])


def test_scores_tied_for_the_lead_at_the_target_are_a_game_in_play() -> None:
    assert build(scores=[11, 11]).scores == (11, 11)
    assert build(scores=[25, 25]).scores == (25, 25)
    three = sr.Ruleset.scopa(players=3)
    state = sr.GameState.from_position(
        three,
        hands=["5D", "KC", "AS"],
        piles=["", "", rest("5D KC AS")],
        scores=[12, 4, 12],
        last_capturer=2,
    )
    assert state.scores == (12, 4, 12)
    with pytest.raises(sr.InvalidStateError, match="side 2 has 13 points"):
        sr.GameState.from_position(
            three,
            hands=["5D", "KC", "AS"],
            piles=["", "", rest("5D KC AS")],
            scores=[12, 4, 13],
            last_capturer=2,
        )


def test_more_sweeps_than_the_pile_allows_are_refused() -> None:
    refused(
        r"side 0 has 1000000 sweeps but 0 cards in its pile: that many sweeps "
        r"put at least 2000000 cards there",
        sweeps=[1_000_000, 0],
    )
    refused(
        r"side 0 has 2 sweeps but 2 cards in its pile",
        piles=["AD 2D", rest("5D KC AS 6C 2S 5H AD 2D")],
        sweeps=[2, 0],
    )
    assert build(sweeps=[0, 17]).sweeps == (0, 17)


def test_initial_fifteen_sweeps_allow_two_sweeps_from_three_cards() -> None:
    # 37 seats of one card and a table of three: three kings add up to 30,
    # two sweeps for the dealer's side, before anyone has played.
    rules = sr.Ruleset(
        players=37,
        hand_size=1,
        table_size=3,
        capture_mode="fifteen",
        initial_fifteen_sweeps=True,
    )
    kings = sr.CardSet("KD KH KS")
    hands = list(sr.ALL_CARDS - kings)
    empty = [sr.CardSet()] * 37

    def position(side: int) -> sr.GameState:
        piles, sweeps = list(empty), [0] * 37
        piles[side], sweeps[side] = kings, 2
        return sr.GameState.from_position(
            rules,
            hands=[[card] for card in hands],
            piles=piles,
            sweeps=sweeps,
            dealer=36,
            last_capturer=side,
        )

    assert position(36).sweeps[36] == 2
    # Any other side had no initial table to sweep.
    with pytest.raises(sr.InvalidStateError, match="side 0 has 2 sweeps"):
        position(0)


def test_a_pile_of_one_card_is_refused() -> None:
    refused(
        r"side 0's pile holds a single card: every capture takes the played card "
        r"and at least one table card",
        piles=["AD", rest("5D KC AS 6C 2S 5H AD")],
    )


def test_piles_without_a_last_capturer_are_refused() -> None:
    refused(
        r"side 1 has captured \(its pile holds 34 cards\), so the position needs a "
        r"last_capturer, not None",
        last_capturer=None,
    )


def test_a_last_capturer_whose_side_has_an_empty_pile_is_refused() -> None:
    refused(
        r"last_capturer is seat 0, but its side 0 has captured nothing",
        last_capturer=0,
    )


def test_a_dealer_that_does_not_fit_the_hands_and_the_seat_to_move_is_refused() -> None:
    refused(
        r"with hand sizes \[2, 2\] and seat 0 to move, the dealer must be seat 1 "
        r"\(a round begins with the seat after the dealer\), not seat 0",
        dealer=0,
        current_player=0,
    )
    four = sr.Ruleset.scopa(players=4)
    hands = ["5D", "KC AS", "6C 2S", "5H"]
    arguments: dict[str, Any] = {
        "hands": hands,
        "piles": ["", rest(*hands)],
        "last_capturer": 1,
    }
    # Seats 1 and 2 still hold two cards: seat 1 is to move, seat 2 dealt.
    state = sr.GameState.from_position(four, **arguments, current_player=1)
    assert state.dealer == 2
    with pytest.raises(sr.InvalidStateError, match="the dealer must be seat 2"):
        sr.GameState.from_position(four, **arguments, current_player=1, dealer=0)


def test_thirty_table_cards_under_classic_rules_are_refused() -> None:
    table = rest("5D KC AS 6C 2S 5H QS QC QD QH")
    refused(
        r"the table holds 30 cards, more than these rules allow mid-hand \(14",
        table=table,
        piles=["", "2S 5H QS QC QD QH"],
    )


def test_any_table_is_possible_when_any_card_may_be_trailed() -> None:
    free = sr.Ruleset.scopa(capture_compulsion="none")
    state = build(free, table=rest("5D KC AS 6C"), piles=["", ""], last_capturer=None)
    assert len(state.table) == 36


# -- every position a real game reaches loads -------------------------------------


def position_of(state: sr.GameState) -> sr.GameState:
    return sr.GameState.from_position(
        state.rules,
        hands=state.hands,
        table=state.table,
        stock=state.stock,
        piles=state.piles,
        sweeps=state.sweeps,
        scores=state.scores,
        current_player=state.current_player,
        dealer=state.dealer,
        last_capturer=state.last_capturer,
        seed=1,
    )


def check_game(rules: sr.Ruleset, seed: int) -> None:
    """Play a whole random game; every position in play loads again as a
    position that saves and loads back equal."""
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    plies = 0
    while not state.is_over and plies < 400:
        if state.phase is sr.Phase.PLAY:
            again = position_of(state)
            assert again.hands == state.hands
            assert again.piles == state.piles
            assert again.legal_moves() == state.legal_moves()
            if plies % 37 == 0:
                assert sr.GameState.from_dict(again.to_dict()) == again
        state = state.apply(rng.choice(state.legal_moves()))
        plies += 1
    assert sr.GameState.from_dict(state.to_dict()) == state


@settings(max_examples=examples(100), deadline=None)
@given(sst.presets(), st.integers(0, 2**32 - 1))
def test_every_position_of_a_preset_game_loads(rules: sr.Ruleset, seed: int) -> None:
    check_game(rules, seed)


@settings(max_examples=examples(100), deadline=None)
@given(sst.rulesets(max_table_size=12), st.integers(0, 2**32 - 1))
def test_every_position_of_a_game_under_random_rules_loads(
    rules: sr.Ruleset, seed: int
) -> None:
    check_game(rules, seed)


@settings(max_examples=examples(50), deadline=None)
@given(
    sst.rulesets(max_table_size=12, initial_fifteen_sweeps=True),
    st.integers(0, 2**32 - 1),
)
def test_every_position_with_initial_sweeps_loads(rules: sr.Ruleset, seed: int) -> None:
    check_game(rules, seed)


def test_a_game_waiting_for_its_next_deck_saves_and_loads() -> None:
    state = build()  # no seed: the next hand waits for a deck
    rng = random.Random(4)
    while state.phase is sr.Phase.PLAY:
        state = state.apply(rng.choice(state.legal_moves()))
    assert state.phase is sr.Phase.AWAITING_DEAL
    assert sr.GameState.from_dict(state.to_dict()) == state
