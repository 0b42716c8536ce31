"""Positions and saves that describe impossible games are refused (issue #12,
part 2), and every position a real game reaches still loads.

``GameState.from_position`` checks what no game under its rules reaches:
scores past the target in a game still in play, more sweeps than the piles
allow, a pile of one card, piles without a last capturer (or a last capturer
who captured nothing), a dealer that does not fit the hand sizes and the
seat to move, and more table cards than the rules let lie there.  Records and
saved states start from a position through the same door.

Issue #27, part 3: a position is one hand's, so the stock and the hand sizes
tell how many cards each seat has played, and what those plays cannot explain
is refused too: piles before any play, more sweeps than cards played, more
captures than the plays leave room for, a pile bigger than its captures can
take, a last capturer who has not played, more equal values on the table than
the deal laid there (where a card must capture its value), and, before any
play, a dealt table the rules redeal or sweep at once.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scopa_rules as sr
from helpers import PRESETS
from profiles import examples
from scopa_rules import strategies as sst
from scopa_rules._reachable import _initial_sweeps as initial_sweeps
from scopa_rules._reachable import most_taken, table_limit

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
    assert build(sweeps=[0, 8]).sweeps == (0, 8)


def test_initial_fifteen_sweeps_allow_two_sweeps_from_three_cards() -> None:
    # 37 seats of one card and a table of three: three kings add up to 30,
    # two sweeps for the dealer's side, before anyone has played (with no
    # kings redeal, which would deal that table again).
    rules = sr.Ruleset(
        players=37,
        hand_size=1,
        table_size=3,
        capture_mode="fifteen",
        initial_fifteen_sweeps=True,
        redeal_kings=None,
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


# -- issue #27, part 3: positions the cards played cannot explain -----------------------
#
# A position is one hand's: the stock and the hand sizes say how many cards each
# seat has played, every capture is one of those plays, and under a capture
# compulsion a card is never trailed onto its value.

ESCOBA = sr.Ruleset.escoba()
DECK = list(sr.Deck.shuffled(1))


def position(rules: sr.Ruleset = SCOPA, **options: Any) -> sr.GameState:
    return sr.GameState.from_position(rules, **options)


def refuses(message: str, rules: sr.Ruleset = SCOPA, **options: Any) -> None:
    """``from_position`` refuses the position with exactly ``message``."""
    with pytest.raises(sr.InvalidStateError) as refusal:
        position(rules, **options)
    assert str(refusal.value) == message


def test_a_pile_before_any_card_was_played_is_refused() -> None:
    c = DECK
    refuses(
        "side 0's pile holds 2 cards, but no card of this hand has been played yet "
        "(every hand is full and the stock holds all but the first deal): a pile "
        "holds only the cards of its side's captures, each made by playing a card, "
        "so every pile must be empty",
        hands=[c[0:3], c[3:6]],
        table=c[6:8],
        stock=c[10:],
        piles=[c[8:10], ""],
        last_capturer=0,
    )
    # The deal as it lies: the four cards on the table, no pile.
    state = position(hands=[c[0:3], c[3:6]], table=c[6:10], stock=c[10:])
    assert len(state.table) == 4


def test_more_sweeps_than_cards_played_this_hand_are_refused() -> None:
    c = DECK
    arguments: dict[str, Any] = {
        "hands": [c[0:2], c[2:4]],
        "table": c[4:6],
        "stock": c[16:],
        "piles": [c[6:16], ""],
        "last_capturer": 0,
    }
    refuses(
        "side 0 has 5 sweeps, but its seat 0 played 4 cards this hand: each sweep "
        "is a capture made by playing a card, so side 0 has at most 4 sweeps",
        **arguments,
        sweeps=[5, 0],
    )
    # A sweep with each of seat 0's four cards, seat 1 trailing between them.
    assert position(**arguments, sweeps=[4, 0]).sweeps == (4, 0)


def test_three_pairs_of_equal_values_on_the_table_are_refused() -> None:
    table = sr.CardSet("5D 5H 6D 6H 7D 7H")
    arguments: dict[str, Any] = {
        "hands": ["KD", "KH"],
        "table": table,
        "piles": [sr.ALL_CARDS - table - sr.CardSet("KD KH"), ""],
        "last_capturer": 0,
    }
    refuses(
        "the table holds 5D 6D 7D 5H 6H 7H, 6 cards that share their value with "
        "another table card, but only the deal lays such cards together: under "
        "capture_mode match and capture_compulsion played_card a card whose value "
        "lies on the table must capture, so it is never trailed there; the deal "
        "lays 4 cards on the table, so at most 4 table cards can share a value",
        **arguments,
    )
    for rules in (
        ESCOBA,  # by fifteen a card never matches a value
        sr.Ruleset.scopa(capture_compulsion="none"),
        sr.Ruleset.scopa(capture_mode="fifteen"),
    ):
        assert position(rules, **arguments).table == table
    # Two pairs dealt and a seven trailed since: possible.
    four = sr.CardSet("5D 5H 6D 6H 7D")
    state = position(
        hands=["KD", "KH"],
        table=four,
        piles=[sr.ALL_CARDS - four - sr.CardSet("KD KH"), ""],
        last_capturer=0,
    )
    assert state.table == four


def test_equal_values_need_two_dealt_table_cards() -> None:
    # One table card dealt: it has no partner of its value, and a trailed
    # card never joins its value.
    rules = sr.Ruleset(players=3, hand_size=1, table_size=1)
    arguments: dict[str, Any] = {
        "hands": ["AD", "2D", "3D"],
        "piles": [rest("AD 2D 3D 5D 5H"), "", ""],
        "last_capturer": 0,
    }
    refuses(
        "the table holds 5D 5H, 2 cards that share their value with another "
        "table card, but only the deal lays such cards together: under "
        "capture_mode match and capture_compulsion played_card a card whose "
        "value lies on the table must capture, so it is never trailed there; "
        "the deal lays 1 card on the table, so no two table cards can share a "
        "value",
        rules,
        **arguments,
        table="5D 5H",
    )
    assert table_limit(rules) == 10


def test_aces_that_may_trail_can_lie_together() -> None:
    table = sr.CardSet("AD AH AS AC 5D 5H 6D 6H")
    arguments: dict[str, Any] = {
        "hands": ["KD", "KH"],
        "table": table,
        "piles": [sr.ALL_CARDS - table - sr.CardSet("KD KH"), ""],
        "last_capturer": 0,
    }
    trailing = sr.Ruleset.scopa(ace_takes_all=True, ace_may_trail=True)
    assert position(trailing, **arguments).table == table
    assert table_limit(trailing) == 17
    with pytest.raises(sr.InvalidStateError, match="8 cards that share their value"):
        position(sr.Ruleset.scopa(ace_takes_all=True), **arguments)


def test_a_stock_larger_than_a_first_deal_leaves_is_refused() -> None:
    refuses(
        "the stock holds 36 cards, more than a hand in play leaves: its first "
        "deal gives the seats 6 cards and the table 4, so at most 30 cards are "
        "left in the stock",
        hands=["AD", "2D"],
        table="3D 4D",
        stock=rest("AD 2D 3D 4D"),
    )


def test_a_side_whose_seats_have_not_played_has_no_pile() -> None:
    # Four in partnerships, the first round: seat 0 has played, seat 1 is to
    # move; side 1 (seats 1 and 3) has played nothing.
    four = sr.Ruleset.scopa(players=4)
    c = DECK
    hands = [c[0:2], c[2:5], c[5:8], c[8:11]]
    refuses(
        "side 1's pile holds 2 cards, but its seats 1, 3 have played no card this "
        "hand: a pile holds only the cards of its side's captures, each made by "
        "playing a card, so side 1's pile must be empty",
        four,
        hands=hands,
        table=c[11:14],
        stock=c[16:],
        piles=["", c[14:16]],
        last_capturer=1,
    )
    # Seat 0 took a table card with its first one.
    state = position(
        four,
        hands=hands,
        table=c[11:14],
        stock=c[16:],
        piles=[c[14:16], ""],
        last_capturer=0,
    )
    assert state.current_player == 1
    three = sr.Ruleset.scopa(players=3)
    refuses(
        "side 2's pile holds 2 cards, but its seat 2 has played no card this hand: "
        "a pile holds only the cards of its side's captures, each made by playing "
        "a card, so side 2's pile must be empty",
        three,
        hands=[c[0:2], c[2:4], c[4:7]],
        table=c[7:9],
        stock=c[13:],
        piles=[c[9:11], "", c[11:13]],
        last_capturer=0,
    )


def test_a_pile_larger_than_its_captures_can_take_is_refused() -> None:
    # A table of ten: seat 0 has played one card, and one capture takes at
    # most eight cards by value, nine by fifteen.
    rules = sr.Ruleset(players=2, hand_size=3, table_size=10)
    c = DECK
    arguments: dict[str, Any] = {
        "hands": [c[0:2], c[2:5]],
        "table": c[5:6],
        "stock": c[16:],
        "piles": [c[6:16], ""],
        "last_capturer": 0,
    }
    refuses(
        "side 0's pile holds 10 cards, but its seat 0 played 1 card this hand: "
        "under capture_mode match one capture puts at most 8 cards in a pile, the "
        "played card included, so at most 8 cards",
        rules,
        **arguments,
    )
    fifteen = rules.replace(capture_mode="fifteen", capture_compulsion="none")
    refuses(
        "side 0's pile holds 10 cards, but its seat 0 played 1 card this hand: "
        "under capture_mode fifteen one capture puts at most 9 cards in a pile, "
        "the played card included, so at most 9 cards",
        fifteen,
        **arguments,
    )
    # A played ace takes the whole table, however many cards lie there.
    assert position(rules.replace(ace_takes_all=True), **arguments).piles[0]
    assert most_taken(fifteen) == 9


def test_more_captures_and_sweeps_than_the_plays_allow_are_refused() -> None:
    # Sixteen cards played by each side: a sweep leaves the table empty, so
    # another capture needs a trail first.
    c = DECK
    arguments: dict[str, Any] = {
        "hands": [c[0:2], c[2:4]],
        "table": c[4:6],
        "piles": [c[6:24], c[24:]],
        "last_capturer": 1,
    }
    refuses(
        "the piles and sweeps need 17 captures (17 of them sweeps) and 16 trailed "
        "cards besides, 33 plays, but 32 cards have been played this hand: every "
        "capture needs a card on the table, which is empty after each sweep until "
        "a card is trailed",
        **arguments,
        sweeps=[9, 8],
    )
    assert position(**arguments, sweeps=[8, 8]).sweeps == (8, 8)


def test_a_last_capturer_who_has_not_played_is_refused() -> None:
    # Four in partnerships: seat 0 took a card with its first one, and seat
    # 2, its partner, has not played yet.
    four = sr.Ruleset.scopa(players=4)
    c = DECK
    arguments: dict[str, Any] = {
        "hands": [c[0:2], c[2:5], c[5:8], c[8:11]],
        "table": c[11:14],
        "stock": c[16:],
        "piles": [c[14:16], ""],
    }
    refuses(
        "last_capturer is seat 2, but seat 2 has played no card this hand: a "
        "capture is made by playing a card",
        four,
        **arguments,
        last_capturer=2,
    )
    refuses(
        "last_capturer is seat 2, but seat 2 has played no card this hand: a "
        "capture is made by playing a card (only the dealer can be the last "
        "capturer before playing, after an initial fifteen sweep)",
        sr.Ruleset.escoba(players=4),
        **arguments,
        last_capturer=2,
    )


# -- Escoba's initial sweeps: the dealer's side takes the table before any play --------

DEALT_15 = sr.CardSet("AD 2D 5D 7D")  # 1 + 2 + 5 + 7
DEALT_30 = sr.CardSet("KD KH 5D 5H")


def dealt(
    rules: sr.Ruleset = ESCOBA,
    *,
    table: str | sr.CardSet = "",
    piles: tuple[str | sr.CardSet, str | sr.CardSet] = ("", ""),
    **options: Any,
) -> sr.GameState:
    """A first round before any play (seat 1 deals): the hands and the stock
    from the cards left, the four dealt on the table or in a pile."""
    left = list(
        sr.ALL_CARDS - sr.CardSet(table) - sr.CardSet(piles[0]) - sr.CardSet(piles[1])
    )
    return position(
        rules,
        hands=[left[0:3], left[3:6]],
        table=table,
        stock=left[6:],
        piles=list(piles),
        **options,
    )


def test_the_table_taken_at_the_deal_scores_its_initial_sweeps() -> None:
    state = dealt(piles=("", DEALT_15), sweeps=[0, 1], last_capturer=1)
    assert state.sweeps == (0, 1)
    state = dealt(piles=("", DEALT_30), sweeps=[0, 2], last_capturer=1)
    assert state.sweeps == (0, 2)
    with pytest.raises(
        sr.InvalidStateError,
        match=re.escape(
            "no card of this hand has been played yet, so side 1's pile holds the "
            "table as dealt, taken by the dealer: AD 2D 5D 7D adds up to 15, which "
            "scores one sweep, but side 1 has 2"
        ),
    ):
        dealt(piles=("", DEALT_15), sweeps=[0, 2], last_capturer=1)
    with pytest.raises(
        sr.InvalidStateError,
        match=re.escape(
            "5D KD 5H KH adds up to 30, which scores two sweeps, but side 1 has 1"
        ),
    ):
        dealt(piles=("", DEALT_30), sweeps=[0, 1], last_capturer=1)
    with pytest.raises(
        sr.InvalidStateError,
        match=re.escape(
            "AD 2D 5D 6D adds up to 14, which is not an initial fifteen sweep (the "
            "table must add up to 15 or 30), but side 1 has 1"
        ),
    ):
        dealt(piles=("", "AD 2D 5D 6D"), sweeps=[0, 1], last_capturer=1)


def test_a_dealt_table_that_adds_up_to_fifteen_is_taken_at_once() -> None:
    with pytest.raises(
        sr.InvalidStateError,
        match=re.escape(
            "no card of this hand has been played yet, so the table is as dealt, "
            "AD 2D 5D 7D: it adds up to 15, and under initial_fifteen_sweeps the "
            "dealer takes such a table at once (one sweep), so the table would be "
            "empty and side 1's pile would hold it"
        ),
    ):
        dealt(table=DEALT_15)
    with pytest.raises(sr.InvalidStateError, match=r"\(two sweeps\)"):
        dealt(table=DEALT_30)
    assert dealt(table="AD 2D 5D 6D").table == sr.CardSet("AD 2D 5D 6D")
    # Without the rule, the same table stays.
    assert dealt(SCOPA, table=DEALT_15).table == DEALT_15


def test_a_dealt_table_that_the_rules_redeal_is_refused() -> None:
    with pytest.raises(
        sr.InvalidStateError,
        match=re.escape(
            "no card of this hand has been played yet, so KD KH KS 2C, on the "
            "table, is the table as dealt; these rules deal such a table again "
            "(redeal_kings=3), so no hand is played from it"
        ),
    ):
        dealt(SCOPA, table="KD KH KS 2C")
    cirulla = sr.Ruleset.cirulla()
    with pytest.raises(
        sr.InvalidStateError,
        match=re.escape(
            "so AD 6D 7D AH, in side 1's pile, is the table as dealt; these rules "
            "deal such a table again (redeal_aces=2)"
        ),
    ):
        dealt(cirulla, piles=("", "AD AH 6D 7D"), sweeps=[0, 1], last_capturer=1)
    # Once a card has been played the table is no longer the dealt one.
    kings = sr.CardSet("KD KH KS 2C")
    c = list(sr.ALL_CARDS - kings)
    state = position(
        hands=[c[0:2], c[2:5]], table=kings | sr.CardSet([c[5]]), stock=c[6:]
    )
    assert state.current_player == 1


def test_after_an_initial_sweep_the_dealer_is_the_last_capturer() -> None:
    # Seat 0 has trailed onto the table the dealer swept; the dealer has not
    # played yet but captured last.
    others = [card for card in sr.ALL_CARDS if card not in DEALT_15]
    state = position(
        ESCOBA,
        hands=[others[0:2], others[2:5]],
        table=others[5:6],
        stock=others[6:36],
        piles=["", DEALT_15],
        sweeps=[0, 1],
        last_capturer=1,
    )
    assert state.last_capturer == 1
    with pytest.raises(sr.InvalidStateError, match="seat 1 has played no card"):
        position(
            ESCOBA,
            hands=[others[0:2], others[2:5]],
            table=others[5:6],
            stock=others[6:36],
            piles=["", DEALT_15],
            last_capturer=1,
        )


def test_the_dealers_side_may_hold_an_initial_sweep_besides_its_captures() -> None:
    c = DECK
    # Seat 0 has played two cards and seat 1, the dealer, one: one sweep
    # with it and two at the deal at most.
    refuses(
        "side 1 has 4 sweeps, but its seat 1 played 1 card this hand: each sweep "
        "is a capture made by playing a card, so side 1 has at most 1 sweep and 1 "
        "or 2 from an initial fifteen sweep",
        ESCOBA,
        hands=[c[0:1], c[1:3]],
        stock=c[3:33],
        piles=["", c[33:]],
        sweeps=[0, 4],
        last_capturer=1,
    )
    # The dealt table added up to 30; seat 0 trailed, seat 1 swept it up, and
    # seat 0 trailed again.
    state = position(
        ESCOBA,
        hands=[c[0:1], c[1:3]],
        table=c[33:34],
        stock=c[3:33],
        piles=["", c[34:]],
        sweeps=[0, 3],
        last_capturer=1,
    )
    assert state.sweeps == (0, 3)
    refuses(
        "side 1's pile holds 2 cards, but no card of this hand has been played yet "
        "(every hand is full and the stock holds all but the first deal): a pile "
        "holds only the cards of its side's captures, each made by playing a card, "
        "so every pile must be empty (or hold just the 4 cards dealt to the table, "
        "if an initial fifteen sweep gave them to the dealer)",
        ESCOBA,
        hands=[c[0:3], c[3:6]],
        table=c[36:38],
        stock=c[6:36],
        piles=["", c[38:]],
        sweeps=[0, 1],
        last_capturer=1,
    )


def test_an_initial_sweep_gives_the_dealer_only_the_dealt_table() -> None:
    c = DECK
    # Two sweeps in three cards: only an initial sweep of three cards could,
    # and four are dealt.
    refuses(
        "side 1 has 2 sweeps but 3 cards in its pile: each sweep made by playing a "
        "card puts at least 2 cards there, besides the 4 cards an initial fifteen "
        "sweep gives the dealer",
        ESCOBA,
        hands=[c[0:3], c[3:6]],
        table=c[6:13],
        stock=c[16:],
        piles=["", c[13:16]],
        sweeps=[0, 2],
        last_capturer=1,
    )
    big = sr.Ruleset(
        players=2,
        hand_size=3,
        table_size=10,
        capture_mode="fifteen",
        capture_compulsion="none",
        initial_fifteen_sweeps=True,
    )
    refuses(
        "side 1's pile holds 13 cards, but its seat 1 played 1 card this hand: "
        "under capture_mode fifteen one capture puts at most 9 cards in a pile, "
        "the played card included, so at most 9 cards, besides the 10 cards an "
        "initial fifteen sweep gives the dealer",
        big,
        hands=[c[0:1], c[1:3]],
        stock=c[3:27],
        piles=["", c[27:]],
        last_capturer=1,
    )


@pytest.mark.parametrize(
    ("table_size", "sweeps"), [(1, ()), (2, (1,)), (3, (1, 2)), (12, (2,))]
)
def test_initial_sweeps_are_the_ones_the_dealt_cards_can_add_up_to(
    table_size: int, sweeps: tuple[int, ...]
) -> None:
    # One card adds up to 10 at most, two to 20; twelve to 24 at the least
    # (the aces, twos and threes).
    rules = ESCOBA.replace(players=40 - table_size, hand_size=1, table_size=table_size)
    assert initial_sweeps(rules) == sweeps


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


@pytest.mark.parametrize(
    "rules", PRESETS, ids=lambda rules: f"{rules.preset_name()}-{rules.players}"
)
@settings(max_examples=examples(8), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_position_of_each_preset_loads(rules: sr.Ruleset, seed: int) -> None:
    check_game(rules, seed)


@settings(max_examples=examples(60), deadline=None)
@given(
    st.one_of(
        # Tables of 0, 1 or 2 cards: no dealt cards, or too few, to share values.
        sst.rulesets(max_table_size=2),
        # Aces that take all, and may trail onto table aces.
        sst.rulesets(max_table_size=6, ace_takes_all=True, ace_may_trail=True),
        sst.rulesets(max_table_size=6, capture_compulsion="whole_hand"),
        sst.rulesets(max_table_size=6, first_card_choice=True),
        sst.rulesets(max_table_size=6, declarations=True, hand_size=3),
    ),
    st.integers(0, 2**32 - 1),
)
def test_every_position_under_rules_that_bound_the_table_loads(
    rules: sr.Ruleset, seed: int
) -> None:
    check_game(rules, seed)


def test_a_game_waiting_for_its_next_deck_saves_and_loads() -> None:
    state = build()  # no seed: the next hand waits for a deck
    rng = random.Random(4)
    while state.phase is sr.Phase.PLAY:
        state = state.apply(rng.choice(state.legal_moves()))
    assert state.phase is sr.Phase.AWAITING_DEAL
    assert sr.GameState.from_dict(state.to_dict()) == state
