"""Whole games of random rulesets, played by a hypothesis state machine.

:class:`ScopaGames` deals a game of a drawn ruleset (a preset, or a random
valid combination of every option) from a drawn deck, then plays it with
legal moves drawn by :mod:`scopa_rules.strategies`, one or many at a time,
tries illegal moves of every kind on the way, saves and reloads the game,
and starts another when it ends.  After every move it checks:

* the cards are conserved: each of the 40 is in exactly one place;
* piles only grow during a hand, by exactly what a capture takes;
* a sweep is scored only by a capture that empties the table (not by the
  hand's last card unless ``last_card_sweep_counts``, not by an ace taking
  the table unless ``ace_sweep_is_scopa``), or by an Escoba initial table;
* the match scores are the sum of the hands' breakdowns, and each
  breakdown is the score of the hand's piles and sweeps;
* the game ends exactly when RULES.md section 6 says: after a hand with
  cappotto, or in which a side has reached the target with the strictly
  highest score; otherwise another hand is dealt, by the next dealer.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import scopa_rules as sr
from profiles import examples
from scopa_rules import strategies as sst

RULESETS = sst.presets() | sst.rulesets(max_table_size=12)
SEEDS = st.integers(0, 2**64)


# -- the checks -------------------------------------------------------------------------


def check_cards_conserved(state: sr.GameState) -> None:
    seen: dict[sr.Card, str] = {}
    for place, cards in state.cards_in_play():
        for card in cards:
            assert card not in seen, f"{card} is in {seen[card]} and in {place}"
            seen[card] = place
    assert len(seen) == 40, f"missing {sr.ALL_CARDS - sr.CardSet(seen)}"
    assert len(set(state.stock)) == len(state.stock)


def leaders(values: list[int]) -> int | None:
    """The side with the strictly highest value, if any."""
    best = max(values)
    return values.index(best) if values.count(best) == 1 else None


def check_breakdown(rules: sr.Ruleset, result: sr.HandResult) -> None:
    """A hand's breakdown is the score of its piles and sweeps, and the
    categories that need no table of values go to the right side."""
    score = result.score
    sweeps = [side.sweeps for side in score.sides]
    declared = [0] * rules.sides
    for declaration in result.declarations:
        declared[rules.side_of(declaration.seat)] += declaration.points
    assert score == sr.score_hand(rules, result.piles, sweeps, declared)
    assert len(score.sides) == rules.sides
    for name, values in (
        ("cards", [len(pile) for pile in result.piles]),
        ("coins", [sum(card.is_coin for card in pile) for pile in result.piles]),
    ):
        winner = leaders(values)
        points = [getattr(side, f"{name}_points") for side in score.sides]
        assert points == [int(side == winner) for side in range(rules.sides)], name
    for side, pile in zip(score.sides, result.piles, strict=True):
        assert side.settebello_points == int(sr.Card.parse("7D") in pile)
        assert side.sweep_points == side.sweeps
        assert side.total == (
            side.cards_points
            + side.coins_points
            + side.settebello_points
            + side.primiera_points
            + side.sweep_points
            + side.re_bello_points
            + side.napola_points
            + side.grande_points
            + side.declaration_points
        )
        assert side.grande_points == (
            5 if rules.grande and sr.CardSet("JD QD KD") <= pile else 0
        )


def check_scores(state: sr.GameState) -> None:
    """The match scores are the sum of the hands' breakdowns."""
    rules = state.rules
    totals = [0] * rules.sides
    for number, result in enumerate(state.hand_results):
        assert result.number == number
        check_breakdown(rules, result)
        totals = [a + b for a, b in zip(totals, result.score.totals, strict=True)]
        assert list(result.scores) == totals
    assert list(state.scores) == totals


def game_winner(rules: sr.Ruleset, result: sr.HandResult) -> int | None:
    """RULES.md section 6: the side that wins after this hand, if any."""
    if rules.cappotto:
        coins = [
            side
            for side, pile in enumerate(result.piles)
            if len(pile.of_suit(sr.Suit.DENARI)) == 10
        ]
        if coins:
            return coins[0]
    best = max(result.scores)
    if best >= rules.target_score and result.scores.count(best) == 1:
        return result.scores.index(best)
    return None


def check_game_end(state: sr.GameState) -> None:
    """The game is over exactly when section 6 says, won by the right side;
    every earlier hand was followed by another, dealt by the next seat."""
    rules = state.rules
    for number, result in enumerate(state.hand_results):
        last = number == len(state.hand_results) - 1
        winner = game_winner(rules, result)
        if not last:
            assert winner is None, f"hand {number} should have ended the game"
            following = state.hand_results[number + 1]
            assert following.dealer == (result.dealer + 1) % rules.players
        elif state.is_over:
            assert winner is not None
            assert state.winner == winner
        else:
            assert winner is None, f"the game should be over after hand {number}"
    if state.is_over:
        assert state.hand_results
        assert state.current_player is None
        assert state.legal_moves() == ()
    else:
        assert state.winner is None
        assert state.hand_number == len(state.hand_results)
        assert state.legal_moves()


def check_hand_start(state: sr.GameState) -> None:
    """A hand just dealt: nothing captured, except an Escoba initial table
    (15 or 30) that goes to the dealer with one or two sweeps."""
    rules = state.rules
    if state.is_over:
        return
    dealer_side = rules.side_of(state.dealer)
    for side in range(rules.sides):
        if side == dealer_side and state.sweeps[side]:
            assert rules.initial_fifteen_sweeps
            total = sum(rules.capture_value(card.rank) for card in state.piles[side])
            assert (state.sweeps[side], total) in ((1, 15), (2, 30))
            assert not state.table
        else:
            assert not state.piles[side]
            assert state.sweeps[side] == 0


def check_move(before: sr.GameState, move: sr.Move, after: sr.GameState) -> None:
    """Piles only grow, by what the move captures; sweeps come only from
    captures that empty the table."""
    rules = before.rules
    if before.phase is sr.Phase.FIRST_CARD:
        assert not move.is_capture
        assert after.hand_number == before.hand_number
        check_hand_start(after)
        return
    seat = before.current_player
    assert seat is not None
    side = rules.side_of(seat)
    ended = len(after.hand_results) > len(before.hand_results)
    if ended:
        result = after.hand_results[-1]
        piles = result.piles
        sweeps = [score.sweeps for score in result.score.sides]
        table = result.leftover
    else:
        assert after.hand_number == before.hand_number
        piles, sweeps, table = after.piles, list(after.sweeps), after.table
    expected = list(before.piles)
    if move.is_capture:
        assert move.captured <= before.table
        expected[side] |= move.captured | sr.CardSet([move.card])
        assert table == before.table - move.captured
    else:
        assert table == before.table | sr.CardSet([move.card])
    if ended:
        last = seat if move.is_capture else before.last_capturer
        assert result.leftover_side == (None if last is None else rules.side_of(last))
        if result.leftover_side is not None:
            expected[result.leftover_side] |= result.leftover
    assert list(piles) == expected
    for old, new in zip(before.piles, piles, strict=True):
        assert old <= new, "a pile lost cards"
    for other in range(rules.sides):
        if other != side:
            assert sweeps[other] == before.sweeps[other]
    gained = sweeps[side] - before.sweeps[side]
    ace_played = rules.ace_takes_all and move.card.rank is sr.Rank.ACE
    blocked = (
        ace_played
        and any(card.rank is sr.Rank.ACE for card in before.table)
        and rules.table_ace is sr.TableAce.BLOCKS
    )
    ace_takes_table = ace_played and move.captured == before.table and not blocked
    sweep = (
        move.is_capture
        and move.captured == before.table
        and (rules.last_card_sweep_counts or not ended)
        and (rules.ace_sweep_is_scopa or not ace_takes_table)
        and (rules.blocked_ace_sweeps or not blocked)
    )
    assert gained == int(sweep), (
        f"{move} on {before.table}: {gained} sweeps (hand ended: {ended})"
    )
    if ended:
        check_hand_start(after)


# -- the machine ---------------------------------------------------------------------


class ScopaGames(RuleBasedStateMachine):
    """Deal, play, try illegal moves, save and reload, deal again."""

    def __init__(self) -> None:
        super().__init__()
        self.state = sr.new_game(seed=0)

    def begin(self, rules: sr.Ruleset, deck: sr.Deck, seed: int) -> None:
        state = sr.new_game(rules, deck=deck, seed=seed)
        assert state.hand_number == 0
        assert state.scores == (0,) * rules.sides
        check_hand_start(state)
        self.state = state

    def step(self, move: sr.Move) -> None:
        before = self.state
        after = before.apply(move)
        check_move(before, move, after)
        check_cards_conserved(after)
        if len(after.hand_results) > len(before.hand_results):
            check_scores(after)
            check_game_end(after)
        else:
            assert after.scores == before.scores
        self.state = after
        if after.is_over:
            event("game over")

    @initialize(rules=RULESETS, deck=sst.decks(), seed=SEEDS)
    def deal(self, rules: sr.Ruleset, deck: sr.Deck, seed: int) -> None:
        self.begin(rules, deck, seed)

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def play_a_move(self, data: st.DataObject) -> None:
        self.step(data.draw(sst.legal_moves(self.state)))

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data(), count=st.integers(1, 40))
    def play_several_moves(self, data: st.DataObject, count: int) -> None:
        for _ in range(count):
            if self.state.is_over:
                break
            self.step(data.draw(sst.legal_moves(self.state)))

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def play_to_the_end_of_the_hand(self, data: st.DataObject) -> None:
        hands = len(self.state.hand_results)
        while len(self.state.hand_results) == hands:
            self.step(data.draw(sst.legal_moves(self.state)))

    @rule(data=st.data())
    def refuse_an_illegal_move(self, data: st.DataObject) -> None:
        state = self.state
        moves = state.legal_moves()
        illegal = data.draw(sst.illegal_moves(state))
        event(f"illegal move: {illegal.kind}")
        assert not state.is_legal(illegal.move, seat=illegal.seat)
        assert state.explain_illegal(illegal.move, seat=illegal.seat)
        with pytest.raises(sr.IllegalMoveError):
            state.apply(illegal.move, seat=illegal.seat)
        assert self.state is state
        assert state.legal_moves() == moves

    @rule()
    def save_and_load(self) -> None:
        saved: dict[str, Any] = json.loads(json.dumps(self.state.to_dict()))
        assert sr.GameState.from_dict(saved) == self.state
        event("saved and loaded")

    @precondition(lambda self: self.state.is_over)
    @rule(rules=RULESETS, deck=sst.decks(), seed=SEEDS)
    def deal_another_game(self, rules: sr.Ruleset, deck: sr.Deck, seed: int) -> None:
        self.begin(rules, deck, seed)

    @invariant()
    def cards_are_conserved(self) -> None:
        check_cards_conserved(self.state)

    @invariant()
    def scores_are_the_sum_of_the_hands(self) -> None:
        check_scores(self.state)

    @invariant()
    def the_game_ends_when_section_6_says(self) -> None:
        check_game_end(self.state)


ScopaGames.TestCase.settings = settings(
    ScopaGames.TestCase.settings,
    max_examples=examples(100),
    stateful_step_count=30,
)
TestScopaGames = ScopaGames.TestCase
