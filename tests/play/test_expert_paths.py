"""The expert's less travelled paths: the house rules' card values, a hand
with nothing to weigh, Chkobba's first card kept, the only move."""

from __future__ import annotations

import random

import scopa_rules as sr
from scopa_rules.expert import Look, card_worth


def test_the_king_of_coins_is_worth_more_under_re_bello() -> None:
    king = sr.Card.parse("KD")
    plain = card_worth(sr.Ruleset.scopa(), king)
    assert card_worth(sr.Ruleset.scopa(re_bello=True), king) == plain + 1.0


def test_no_cards_are_held_by_no_one() -> None:
    look = Look(sr.new_game(seed=7).view(0))
    assert look.holds(0) == 0.0


def test_a_seven_or_a_coin_first_card_is_kept() -> None:
    rules = sr.Ruleset.chkobba()
    for seed in range(200):
        state = sr.new_game(rules, seed=seed)
        card = state.first_card
        if card is not None and (card.rank is sr.Rank.SEVEN or card.is_coin):
            break
    else:  # pragma: no cover
        raise AssertionError("no seed deals a seven or a coin first")
    seat = state.current_player
    assert seat is not None
    decision = sr.ExpertBot().decide(state.view(seat), random.Random(1))
    assert decision.move.kind is sr.MoveKind.KEEP_FIRST_CARD
    assert str(decision).startswith(f"played {decision.move}: keeps {card}")


def test_the_only_move_is_said_so() -> None:
    state = sr.GameState.from_position(
        sr.Ruleset.scopa(), hands=["3C", "4D"], table="3S",
        piles=["", sr.ALL_CARDS - sr.CardSet("3C 4D 3S")], last_capturer=1,
    )  # fmt: skip
    decision = sr.ExpertBot().decide(state.view(0), random.Random(1))
    assert str(decision) == "played 3Cx3S: the only move"
