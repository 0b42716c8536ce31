"""The game as a whole: illegal moves, values, the end of a hand and the end
of the game (RULES.md sections 1, 5 and 6)."""

from __future__ import annotations

import copy
import itertools
import pickle
from collections.abc import Callable, Iterator, Sequence

import pytest

import scopa_rules as sr
from helpers import position
from scopa_rules import Card, CardSet, Move

SCOPA = sr.Ruleset.scopa()


def cards(text: str) -> CardSet:
    return CardSet(text)


def clone(value: object) -> object:
    """An equal but separate copy (deepcopy returns the object itself)."""
    return pickle.loads(pickle.dumps(value))


def play(state: sr.GameState, *moves: str) -> sr.GameState:
    for text in moves:
        state = state.apply(Move.parse(text))
    return state


MAX_MOVES = 5_000  # far more than any game needs; a broken game fails, not hangs


def play_out(state: sr.GameState) -> sr.GameState:
    """Play the first legal move until the game ends."""
    for _ in range(MAX_MOVES):
        if state.is_over:
            return state
        state = state.apply(state.legal_moves()[0])
    raise AssertionError(f"the game did not end in {MAX_MOVES} moves")


def seed_000_position() -> sr.GameState:
    """RULES.md section 2's table, seat 0 to move with 5D KC 4H."""
    return position(SCOPA, ["5D KC 4H", "AS 6C"], "2S 5H 3C JD")


# A last trick that scores 2 : 1.  Side 0 ends with 21 cards (7D, hearts,
# spades), side 1 with 19 (the other coins and the clubs, KC included as the
# leftover); nobody has the primiera (both miss a suit).
SIDE_0_PILE = (
    cards("7D")
    | sr.ALL_CARDS.of_suit(sr.Suit.COPPE)
    | (sr.ALL_CARDS.of_suit(sr.Suit.SPADE))
)
SIDE_1_PILE = sr.ALL_CARDS - SIDE_0_PILE - cards("KC")


def last_trick(scores: Sequence[int], *, seed: int | None = None) -> sr.GameState:
    """Seat 1 holds the last card of the hand, KC, and trails it; seat 1
    captured last, so KC is the leftover of side 1."""
    return sr.GameState.from_position(
        SCOPA,
        hands=["", "KC"],
        piles=[SIDE_0_PILE, SIDE_1_PILE],
        scores=scores,
        last_capturer=1,
        seed=seed,
    )


def finished_game() -> sr.GameState:
    return play(last_trick([10, 10]), "KC")


# -- illegal moves ----------------------------------------------------------------------


def assert_illegal(
    state: sr.GameState, move: Move, *parts: str, seat: int | None = None
) -> str:
    """``move`` is refused with a message holding every one of ``parts``,
    and ``state`` is unchanged."""
    before = clone(state)
    with pytest.raises(sr.IllegalMoveError) as info:
        state.apply(move, seat=seat)
    error = info.value
    assert isinstance(error, ValueError)
    assert isinstance(error, sr.ScopaError)
    message = str(error)
    assert str(move) in message
    for part in parts:
        assert part in message
    assert state == before
    assert not state.is_legal(move, seat=seat)
    reason = state.explain_illegal(move, seat=seat)
    assert reason is not None
    assert reason in message
    return message


def test_a_move_claimed_by_the_wrong_seat_is_illegal() -> None:
    state = seed_000_position()
    move = Move.parse("5Dx5H")
    assert state.is_legal(move)
    assert state.is_legal(move, seat=0)
    assert_illegal(state, move, "seat 1 is not to move", "seat 0's turn", seat=1)


def test_a_card_held_by_another_seat_is_illegal() -> None:
    """The message may be shown to the player: it must not say who holds
    the card."""
    state = seed_000_position()
    assert_illegal(
        state,
        Move.parse("AS"),
        "AS",
        "seat 0's hand",
        "not among the cards",
        "5D 4H KC",
    )
    message = state.explain_illegal(Move.parse("AS"))
    assert message is not None
    assert "seat 1" not in message


def test_a_card_held_by_another_seat_claimed_by_that_seat_is_out_of_turn() -> None:
    state = seed_000_position()
    assert_illegal(state, Move.parse("AS"), "seat 0's turn", seat=1)


@pytest.mark.parametrize(
    ("move", "where"),
    [
        ("7D", "it is in side 1's pile"),
        ("5H", "it is on the table"),
        ("QHxJD", "it is in side 1's pile"),
    ],
)
def test_a_card_not_in_hand_is_illegal(move: str, where: str) -> None:
    state = seed_000_position()
    assert_illegal(state, Move.parse(move), "not in seat 0's hand", where, "5D 4H KC")


def test_a_card_from_the_stock_is_illegal() -> None:
    state = sr.new_game(SCOPA, deck=sr.Deck.standard())
    assert_illegal(state, Move.parse("KC"), "KC", "not among the cards it can see")
    message = state.explain_illegal(Move.parse("KC"))
    assert message is not None
    assert "stock" not in message


def test_a_capture_the_single_first_rule_forbids_is_illegal() -> None:
    state = seed_000_position()
    assert_illegal(state, Move.parse("5Dx2S3C"), "single_first", "legal with 5D: 5Dx5H")


def test_a_capture_that_does_not_add_up_is_illegal() -> None:
    state = seed_000_position()
    assert_illegal(
        state,
        Move.parse("KCx2S5H"),
        "add up to 7",
        "add up to 10",
        "KCxJD2S",
        "KCx5H2S3C",
    )


def test_capturing_cards_not_on_the_table_is_illegal() -> None:
    state = seed_000_position()
    assert_illegal(state, Move.parse("5Dx5C"), "5C", "not on the table", "JD 5H 2S 3C")


def test_trailing_a_card_that_must_capture_is_illegal() -> None:
    state = seed_000_position()
    assert_illegal(state, Move.parse("5D"), "may not be trailed", "5Dx5H")


def test_a_first_card_decision_outside_chkobba_is_illegal() -> None:
    # The message must also say what is legal (GameState.apply's docstring).
    assert_illegal(
        seed_000_position(), Move.keep_first_card("5D"), "first-card", "5Dx5H"
    )


def test_any_move_after_the_game_ended_is_illegal() -> None:
    state = finished_game()
    assert state.is_over
    assert state.legal_moves() == ()
    assert state.current_player is None
    for move in (Move.parse("KC"), Move.parse("5D"), Move.parse("5Dx5H")):
        assert_illegal(state, move, "game is over", "no move is legal")


def test_a_non_move_is_refused_with_a_hint() -> None:
    state = seed_000_position()
    with pytest.raises(sr.IllegalMoveError, match=r"Move\.parse"):
        state.apply("5Dx5H")  # type: ignore[arg-type]
    assert state.explain_illegal("5Dx5H") is not None


def test_dealing_when_no_deck_is_due_is_illegal() -> None:
    state = seed_000_position()
    with pytest.raises(sr.IllegalMoveError, match="awaiting_deal"):
        state.deal(sr.Deck.standard())


def candidate_moves(state: sr.GameState) -> Iterator[Move]:
    """Every play of any card capturing any subset of the table."""
    table = list(state.table)
    for card in sr.ALL_CARDS:
        for size in range(len(table) + 1):
            for taken in itertools.combinations(table, size):
                if card not in taken:
                    yield Move(card, CardSet(taken))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_is_legal_explain_illegal_and_apply_agree(seed: int) -> None:
    state = sr.new_game(SCOPA, seed=seed)
    state = play(state, str(state.legal_moves()[-1]))  # a position with history
    for seat in (None, 0, 1):
        legal = set()
        for move in candidate_moves(state):
            reason = state.explain_illegal(move, seat=seat)
            assert state.is_legal(move, seat=seat) == (reason is None)
            if reason is None:
                state.apply(move, seat=seat)
                legal.add(move)
            else:
                with pytest.raises(sr.IllegalMoveError) as info:
                    state.apply(move, seat=seat)
                assert str(info.value) == f"illegal move {move}: {reason}"
        expected = (
            set()
            if seat not in (None, state.current_player)
            else set(state.legal_moves())
        )
        assert legal == expected


# -- values -----------------------------------------------------------------------------------


def first_move_played(seed: int) -> sr.GameState:
    state = sr.new_game(SCOPA, seed=seed)
    return state.apply(state.legal_moves()[0])


# Values to check, built lazily (by name) so that a failure in one of them
# fails its own tests and not the collection of this module.
SAMPLE_VALUES: dict[str, Callable[[], object]] = {
    "new game": lambda: sr.new_game(SCOPA, seed=7),
    "after a move": lambda: first_move_played(7),
    "position": seed_000_position,
    "four players": lambda: sr.new_game(sr.Ruleset.scopa(players=4), seed=2),
    "game over from a position": finished_game,
    "game over": lambda: play_out(sr.new_game(SCOPA, seed=9)),
    "awaiting a deck": lambda: play(last_trick([0, 0]), "KC"),
    "trail": lambda: Move.parse("7D"),
    "capture": lambda: Move.parse("KCxJD2S"),
    "keep first card": lambda: Move.keep_first_card("5D"),
    "table first card": lambda: Move.table_first_card("5D"),
    "scopa": sr.Ruleset.scopa,
    "scopa for 6": lambda: sr.Ruleset.scopa(players=6),
    "scopone scientifico": sr.Ruleset.scopone_scientifico,
    "chkobba": sr.Ruleset.chkobba,
    "escoba for 3": lambda: sr.Ruleset.escoba(players=3),
    "varied": lambda: sr.Ruleset.scopa(target_score=21, napola=True, redeal_kings=None),
}


def test_states_are_equal_by_value() -> None:
    assert sr.new_game(SCOPA, seed=7) == sr.new_game(SCOPA, seed=7)
    assert sr.new_game(SCOPA, seed=7) != sr.new_game(SCOPA, seed=8)
    assert seed_000_position() == seed_000_position()
    once = play(seed_000_position(), "5Dx5H")
    assert once == play(seed_000_position(), "5Dx5H")
    assert once != play(seed_000_position(), "KCxJD2S")


def test_states_hash_by_value() -> None:
    assert hash(sr.new_game(SCOPA, seed=7)) == hash(sr.new_game(SCOPA, seed=7))
    assert len({seed_000_position(), seed_000_position(), finished_game()}) == 2


def test_moves_are_equal_and_hash_by_value() -> None:
    forms = [
        Move.parse("KCxJD2S"),
        Move.parse("kc x 2s jd"),
        Move.capture("KC", "2S JD"),
        Move(Card.parse("KC"), CardSet("JD 2S")),
    ]
    assert all(form == forms[0] for form in forms)
    assert len(set(forms)) == 1
    assert Move.parse("KC") != Move.parse("KCxJD2S")
    assert Move.keep_first_card("KC") != Move.table_first_card("KC")
    assert Move.keep_first_card("KC") != Move.trail("KC")


def test_rulesets_are_equal_and_hash_by_value() -> None:
    assert sr.Ruleset.scopa() == sr.Ruleset() == sr.Ruleset.scopa(players=2)
    assert hash(sr.Ruleset.scopa()) == hash(sr.Ruleset())
    assert sr.Ruleset.scopa().replace(target_score=21) == sr.Ruleset(target_score=21)
    assert sr.Ruleset(capture_rule="free") == sr.Ruleset(
        capture_rule=sr.CaptureRule.FREE
    )
    assert sr.Ruleset.scopa(players=4) != sr.Ruleset.scopa()
    assert len({sr.Ruleset(), sr.Ruleset.scopa(), sr.Ruleset(target_score=16)}) == 2


@pytest.mark.parametrize("name", SAMPLE_VALUES)
def test_values_pickle_round_trip_equal(name: str) -> None:
    value = SAMPLE_VALUES[name]()
    again = clone(value)
    assert again == value
    assert hash(again) == hash(value)


@pytest.mark.parametrize("name", SAMPLE_VALUES)
def test_values_copy_and_deepcopy_to_themselves(name: str) -> None:
    value = SAMPLE_VALUES[name]()
    assert copy.copy(value) is value
    assert copy.deepcopy(value) is value


def test_an_unpickled_state_plays_on_identically() -> None:
    state = sr.new_game(SCOPA, seed=21)
    for _ in range(7):
        state = state.apply(state.legal_moves()[0])
    again = clone(state)
    assert isinstance(again, sr.GameState)
    assert play_out(again) == play_out(state)


def test_applying_a_move_leaves_the_state_unchanged() -> None:
    state = seed_000_position()
    before = clone(state)
    after = state.apply(Move.parse("5Dx5H"))
    assert state == before
    assert after != state
    assert Card.parse("5D") in state.hands[0]
    assert Card.parse("5H") in state.table


# -- the end of a hand -----------------------------------------------------------------------


def test_no_last_hand_before_the_first_hand_ends() -> None:
    state = sr.new_game(SCOPA, seed=3)
    assert state.last_hand is None
    assert state.hand_results == ()


def test_last_hand_holds_the_breakdown_piles_and_leftover() -> None:
    before = last_trick([3, 4], seed=1)
    state = play(before, "KC")
    result = state.last_hand
    assert isinstance(result, sr.HandResult)
    assert result.number == 0
    assert result.dealer == before.dealer
    assert result.deck is None  # the hand began from a position
    assert result.redealt == ()
    assert result.moves == (Move.parse("KC"),)
    assert result.leftover == cards("KC")
    assert result.leftover_side == 1
    assert result.piles == (SIDE_0_PILE, SIDE_1_PILE | cards("KC"))
    zero, one = result.score.sides
    assert (zero.side, one.side) == (0, 1)
    assert (zero.cards, one.cards) == (21, 19)
    assert (zero.coins, one.coins) == (1, 9)
    assert (zero.settebello, one.settebello) == (True, False)
    assert (zero.primiera_suits, one.primiera_suits) == (3, 2)
    assert (zero.cards_points, one.cards_points) == (1, 0)
    assert (zero.coins_points, one.coins_points) == (0, 1)
    assert (zero.settebello_points, one.settebello_points) == (1, 0)
    assert (zero.primiera_points, one.primiera_points) == (0, 0)
    assert result.score.totals == (2, 1)
    assert result.scores == (5, 5)
    assert state.scores == (5, 5)
    # The next hand is dealt at once, by the next dealer, with fresh piles.
    assert state.hand_number == 1
    assert state.dealer == (before.dealer + 1) % 2
    assert state.piles == (CardSet(), CardSet())
    assert state.sweeps == (0, 0)


def test_hand_without_seed_waits_for_the_next_deck() -> None:
    state = play(last_trick([0, 0]), "KC")
    assert state.phase is sr.Phase.AWAITING_DEAL
    assert state.current_player is None
    assert state.last_hand is not None
    assert state.legal_moves() == ()
    dealt = state.deal(sr.Deck.standard())
    assert dealt.phase is sr.Phase.PLAY
    assert dealt.scores == (2, 1)
    assert dealt.hand_number == 1


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_scores_are_the_sum_of_the_hand_results(players: int) -> None:
    rules = sr.Ruleset.scopa(players=players)
    state = play_out(sr.new_game(rules, seed=17))
    totals = [result.score.totals for result in state.hand_results]
    assert state.scores == tuple(sum(column) for column in zip(*totals, strict=True))
    running = [0] * rules.sides
    for number, result in enumerate(state.hand_results):
        running = [a + b for a, b in zip(running, result.score.totals, strict=True)]
        assert result.number == number
        assert result.scores == tuple(running)


def test_every_hand_result_accounts_for_all_40_cards() -> None:
    state = play_out(sr.new_game(SCOPA, seed=8))
    for result in state.hand_results:
        claimed = CardSet()
        for pile in result.piles:
            assert claimed.isdisjoint(pile)
            claimed |= pile
        if result.leftover_side is None:
            claimed |= result.leftover
        else:
            assert result.leftover <= result.piles[result.leftover_side]
        assert claimed == sr.ALL_CARDS
        assert len(result.moves) == 36
        sweeps = [side.sweeps for side in result.score.sides]
        assert result.score == sr.score_hand(SCOPA, result.piles, sweeps)


def test_history_is_every_hand_in_order() -> None:
    state = play_out(sr.new_game(SCOPA, seed=8))
    assert state.history == tuple(
        move for result in state.hand_results for move in result.moves
    )


# -- the end of the game (RULES.md section 6) -----------------------------------------------


def test_a_game_ends_when_a_side_reaches_the_target_with_the_highest_score() -> None:
    state = play(last_trick([9, 0], seed=1), "KC")
    assert state.is_over
    assert state.phase is sr.Phase.OVER
    assert state.scores == (11, 1)
    assert state.winner == 0


def test_below_the_target_the_game_goes_on() -> None:
    state = play(last_trick([8, 3], seed=1), "KC")
    assert not state.is_over
    assert state.winner is None
    assert state.scores == (10, 4)
    assert state.phase is sr.Phase.PLAY


def test_a_tie_at_the_target_plays_another_hand() -> None:
    state = play(last_trick([9, 10], seed=1), "KC")
    assert state.scores == (11, 11)
    assert not state.is_over
    assert state.winner is None
    assert state.hand_number == 1
    assert state.phase is sr.Phase.PLAY


def test_a_tie_over_the_target_plays_another_hand() -> None:
    state = play(last_trick([9, 10], seed=1), "KC")
    assert state.scores == (11, 11)
    assert not state.is_over


def test_the_strictly_highest_score_over_the_target_wins() -> None:
    state = play(last_trick([10, 10], seed=1), "KC")
    assert state.scores == (12, 11)
    assert state.is_over
    assert state.winner == 0


def test_the_side_that_passes_the_target_alone_wins_even_from_behind() -> None:
    state = play(last_trick([6, 10], seed=1), "KC")
    assert state.scores == (8, 11)
    assert state.winner == 1


def three_player_last_trick(scores: Sequence[int]) -> sr.GameState:
    """Seat 2 trails KC as the hand's last card and takes it as the leftover;
    the hand scores 1 : 0 : 2."""
    first = cards("7D AH 2H 3H 4H 5H 6H 7H JH QH KH")
    second = cards("AS 2S 3S 4S 5S 6S 7S JS QS KS 2D 3D 4D")
    third = sr.ALL_CARDS - first - second - cards("KC")
    return sr.GameState.from_position(
        sr.Ruleset.scopa(players=3),
        hands=["", "", "KC"],
        piles=[first, second, third],
        scores=scores,
        last_capturer=2,
        seed=1,
    )


def test_three_players_tied_for_the_lead_at_the_target_play_on() -> None:
    state = play(three_player_last_trick([10, 5, 9]), "KC")
    assert state.last_hand is not None
    assert state.last_hand.score.totals == (1, 0, 2)
    assert state.scores == (11, 5, 11)
    assert not state.is_over
    assert state.winner is None


def test_three_players_the_strict_leader_at_the_target_wins() -> None:
    state = play(three_player_last_trick([10, 5, 8]), "KC")
    assert state.scores == (11, 5, 10)
    assert state.winner == 0


def test_a_whole_seeded_game_ends_with_a_strict_leader_at_the_target() -> None:
    for players in (2, 3, 4):
        rules = sr.Ruleset.scopa(players=players)
        state = play_out(sr.new_game(rules, seed=31))
        assert state.winner is not None
        best = state.scores[state.winner]
        assert best >= rules.target_score
        assert state.scores.count(best) == 1
        assert best == max(state.scores)
        # Every earlier hand ended without a winner.
        for result in state.hand_results[:-1]:
            top = max(result.scores)
            assert top < rules.target_score or result.scores.count(top) > 1
