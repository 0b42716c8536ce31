"""Edge cases of the core modules that the other test files leave out: input
checks and their messages, the operator protocol of the value types, the
optional rows of a hand's breakdown, saved data that does not fit together,
and the bounded memos behind the hot paths.

Every test goes through the public API (``import scopa_rules as sr``).
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from typing import Any

import pytest

import scopa_rules as sr
from helpers import position

# -- helpers -----------------------------------------------------------------


def finished_game() -> sr.GameState:
    """A game that the last card of a hand wins for side 0."""
    state = position(
        sr.Ruleset.scopa(), ["7D", ""], table="3C 4C", scores=[10, 0], rest_to=0
    )
    state = state.apply(sr.Move.parse("7Dx3C4C"))
    assert state.is_over
    return state


def awaiting_deal() -> sr.GameState:
    """A game begun from a position without a seed, after its hand ended:
    it waits for the next deck."""
    state = position(sr.Ruleset.scopa(), ["7D", ""], table="3C 4C", rest_to=0)
    state = state.apply(sr.Move.parse("7Dx3C4C"))
    assert state.phase is sr.Phase.AWAITING_DEAL
    return state


# -- cards -------------------------------------------------------------------


@pytest.mark.parametrize("index", [-1, 40, "6"])
def test_card_from_index_refuses_an_index_outside_0_to_39(index: Any) -> None:
    with pytest.raises(sr.NotationError, match="card index must be 0 to 39"):
        sr.Card.from_index(index)


def test_cards_do_not_order_against_other_types() -> None:
    other: Any = 7
    with pytest.raises(TypeError):
        _ = sr.Card.parse("7D") < other
    assert sr.Card.parse("AD") < sr.Card.parse("7D")


def test_card_attributes_cannot_be_deleted() -> None:
    card = sr.Card.parse("7D")
    with pytest.raises(AttributeError, match="Card is immutable"):
        del card.rank
    assert card.rank is sr.Rank.SEVEN


@pytest.mark.parametrize("mask", [-1, 1 << 40, "1"])
def test_card_set_from_mask_refuses_a_mask_outside_40_bits(mask: Any) -> None:
    with pytest.raises(sr.NotationError, match="a card mask must be an int"):
        sr.CardSet.from_mask(mask)


def test_card_set_operators_refuse_other_types() -> None:
    cards = sr.CardSet("AD 7D")
    other: Any = {sr.Card.parse("AD")}
    with pytest.raises(TypeError):
        _ = cards | other
    with pytest.raises(TypeError):
        _ = cards & other
    with pytest.raises(TypeError):
        _ = cards - other
    with pytest.raises(TypeError):
        _ = cards ^ other
    number: Any = 1
    with pytest.raises(TypeError):
        _ = cards <= number
    with pytest.raises(TypeError):
        _ = cards >= number


def test_card_set_mask_cannot_be_deleted() -> None:
    cards = sr.CardSet("AD 7D")
    with pytest.raises(AttributeError, match="CardSet is immutable"):
        del cards.mask
    assert cards == sr.CardSet("7D AD")


# -- deck --------------------------------------------------------------------


def test_a_deck_built_from_a_deck_has_the_same_order() -> None:
    deck = sr.Deck.shuffled(seed=3)
    again = sr.Deck(deck)
    assert again == deck
    assert again.cards == deck.cards


def test_a_deck_is_not_equal_to_its_text_or_its_cards() -> None:
    deck = sr.Deck.standard()
    text: Any = str(deck)
    cards: Any = deck.cards
    assert deck != text
    assert deck != cards


# -- moves -------------------------------------------------------------------


def test_trail_said_outright_parses_to_a_trail() -> None:
    move = sr.Move.parse("  TRAIL 7d ")
    assert move == sr.Move.trail("7D")
    assert move.is_trail
    assert str(move) == "7D"


def test_trail_said_outright_names_the_trail_in_a_position() -> None:
    # Escoba: no compulsion, so a card that can capture may still be trailed.
    state = position(sr.Ruleset.escoba(), ["5D KC", "AS 6C"], table="KD", rest_to=0)
    assert state.parse_move("trail 5D") == sr.Move.trail("5D")
    with pytest.raises(sr.AmbiguousMoveError, match="write 'trail 5D'"):
        state.parse_move("5D")


def test_trail_said_outright_names_a_card_in_a_move_error() -> None:
    with pytest.raises(sr.NotationError, match="in move 'trail 8D'"):
        sr.Move.parse("trail 8D")


# -- rules -------------------------------------------------------------------


def test_enumerated_options_print_as_their_rules_names() -> None:
    assert str(sr.CaptureRule.FEWEST_CARDS) == "fewest_cards"
    assert str(sr.PrimieraRule.MOST_SEVENS) == "most_sevens"
    assert f"{sr.CaptureMode.MATCH_OR_FIFTEEN}" == "match_or_fifteen"


@pytest.mark.parametrize("seat", [-1, 2, "0"])
def test_side_of_refuses_a_seat_out_of_range(seat: Any) -> None:
    with pytest.raises(sr.InvalidRulesetError, match="seat must be 0 to 1"):
        sr.Ruleset.scopa().side_of(seat)


@pytest.mark.parametrize("side", [-1, 2, "1"])
def test_seats_of_refuses_a_side_out_of_range(side: Any) -> None:
    with pytest.raises(sr.InvalidRulesetError, match="side must be 0 to 1"):
        sr.Ruleset.scopa(players=4).seats_of(side)


def test_ruleset_options_must_be_keywords() -> None:
    args: Any = (4,)
    with pytest.raises(sr.InvalidRulesetError, match="options are keywords"):
        sr.Ruleset(*args)


def test_a_round_bigger_than_the_deck_suggests_only_hand_sizes() -> None:
    # 2 x 21 cards is more than the deck holds: no table size can help.
    with pytest.raises(sr.InvalidRulesetError) as caught:
        sr.Ruleset.scopa(hand_size=21)
    message = str(caught.value)
    assert "not a whole number of rounds of 42" in message
    assert "table_size could be" not in message
    assert "with 4 on the table, hand_size could be 1, 2, 3, 6, 9 or 18" in message


def test_initial_fifteen_sweeps_need_an_initial_table() -> None:
    with pytest.raises(
        sr.InvalidRulesetError, match="initial_fifteen_sweeps needs an initial table"
    ):
        sr.Ruleset.scopone_scientifico(
            capture_mode="fifteen", initial_fifteen_sweeps=True
        )


def test_unpickling_shares_rulesets_and_many_others_load_as_themselves() -> None:
    base = sr.Ruleset.scopa(target_score=4321)
    first = pickle.loads(pickle.dumps(base))
    assert first == base
    assert pickle.loads(pickle.dumps(base)) is first
    # More than a thousand other rulesets, more than are kept to share:
    # every one of them still loads as itself, and so does the first.
    others = [base.replace(target_score=5000 + n) for n in range(1100)]
    assert all(pickle.loads(pickle.dumps(rules)) == rules for rules in others)
    assert pickle.loads(pickle.dumps(base)) == base


# -- captures ----------------------------------------------------------------


def test_captures_stay_right_across_many_distinct_tables() -> None:
    # More distinct tables than the capture memo keeps (2**17): the answers
    # must not change when the memo is flushed.  (The flush only bounds
    # memory; the public API can check that the answers stay right.)
    rules = sr.Ruleset.scopa(ace_takes_all=True, ace_blocked_by_table_ace=False)
    ace = sr.Card.parse("AS")  # bit 20: not in any table below
    probe = sr.CardSet("2S 5H 3C JD")
    before = sr.capture_options(rules, probe, ace)
    assert before == (probe,)
    for mask in range(1, (1 << 17) + 2):
        table = sr.CardSet.from_mask(mask)
        assert sr.capture_options(rules, table, ace) == (table,)
    assert sr.capture_options(rules, probe, ace) == before
    assert [str(c) for c in sr.capture_options(rules, probe, sr.Card.parse("5C"))] == [
        "5H"
    ]


# -- scoring -----------------------------------------------------------------


def test_breakdown_shows_re_bello_napola_and_cappotto_rows() -> None:
    rules = sr.Ruleset.scopa(re_bello=True, napola=True, cappotto=True)
    coins = sr.CardSet("AD 2D 3D 4D 5D 6D 7D JD QD KD")
    score = sr.score_hand(rules, [coins, sr.ALL_CARDS - coins], [0, 0])
    rows = dict(score.rows())
    assert list(rows) == [
        "cards",
        "coins",
        "settebello",
        "primiera",
        "sweeps",
        "re bello",
        "napola",
        "cappotto",
        "total",
    ]
    assert rows["re bello"] == ["yes (1)", "no"]
    assert rows["napola"] == ["run of 10 (10)", "run of 0"]
    assert rows["cappotto"] == ["yes", "no"]
    assert score.totals == (13, 1)
    assert score.cappotto_side == 0
    assert "napola     run of 10 (10)  run of 0" in str(score)


def test_breakdown_shows_sevens_and_sixes_under_most_sevens() -> None:
    pile = sr.CardSet("7D 7S 6H")
    score = sr.score_hand(sr.Ruleset.chkobba(), [pile, sr.ALL_CARDS - pile], [0, 0])
    rows = dict(score.rows())
    # Two sevens each: the sixes decide.
    assert rows["primiera"] == ["2 sevens, 1 six", "2 sevens, 3 sixes (1)"]
    assert "re bello" not in rows
    assert "napola" not in rows
    assert "cappotto" not in rows


# -- state: the value type ---------------------------------------------------


def test_game_states_cannot_be_built_directly() -> None:
    with pytest.raises(TypeError, match="a GameState is made by new_game"):
        sr.GameState()


def test_game_states_cannot_be_changed() -> None:
    state = sr.new_game(seed=1)
    with pytest.raises(AttributeError, match="apply\\(\\) returns a new state"):
        state.foo = 1
    with pytest.raises(AttributeError, match="GameState is immutable"):
        del state.table
    assert state == sr.new_game(seed=1)


def test_a_game_state_is_not_equal_to_other_types() -> None:
    state = sr.new_game(seed=1)
    other: Any = state.position_key()
    assert state != other


@pytest.mark.slow
def test_legal_moves_share_move_objects_and_stay_right_past_many_moves() -> None:
    # Under ace takes all an ace takes the whole table, so every table gives
    # each of seat 0's four aces a move never seen before.
    rules = sr.Ruleset(
        hand_size=20, table_size=0, ace_takes_all=True, table_ace="ignored"
    )
    aces, kings = sr.CardSet("AD AH AS AC"), sr.CardSet("KD KH KS KC")

    def with_table(table: sr.CardSet) -> sr.GameState:
        rest = sr.ALL_CARDS - aces - kings - table
        return sr.GameState.from_position(
            rules,
            hands=[aces, kings],
            table=table,
            piles=[rest, sr.CardSet()],
            last_capturer=0,
        )

    probe = with_table(sr.CardSet("2D 3D"))
    first = probe.legal_moves()
    assert [str(move) for move in first] == [
        "ADx2D3D",
        "AHx2D3D",
        "ASx2D3D",
        "ACx2D3D",
    ]
    assert probe.legal_moves() is first  # kept by the state
    twin = with_table(sr.CardSet("2D 3D")).legal_moves()
    assert all(a is b for a, b in zip(first, twin, strict=True))
    # 4 x 50,001 other moves, more than are kept to share: the probe's
    # moves are still the same moves.
    # Tables of five values (two equal values are never left on the table
    # where a card must capture its value, so from_position refuses them).
    others = sorted(sr.ALL_CARDS - aces - kings)
    tables = (
        cards
        for cards in itertools.combinations(others, 5)
        if len({card.rank for card in cards}) == 5
    )
    for cards in itertools.islice(tables, 50_001):
        assert len(with_table(sr.CardSet(cards)).legal_moves()) == 4
    assert with_table(sr.CardSet("2D 3D")).legal_moves() == first


def test_game_state_repr_says_who_is_to_move_or_how_the_game_stands() -> None:
    assert repr(sr.new_game(seed=7)) == (
        "<GameState scopa, 2 players, seed 7, turn 0: hand 1, dealer 1, "
        "seat 0 to move, table 2D 7H 2C QC, scores 0 : 0>"
    )
    assert repr(awaiting_deal()).endswith(
        "from a position, turn 1: hand 2, dealer 1, awaiting_deal, table -, scores 4 : 0>"
    )
    assert repr(finished_game()).endswith(
        "hand 1, dealer 0, won by side 0, table -, scores 14 : 0>"
    )
    assert "given decks, turn 0:" in repr(sr.new_game(deck=sr.Deck.shuffled(1)))


def test_game_state_repr_names_the_rules_and_the_deal() -> None:
    state = sr.new_game(sr.Ruleset.scopa(napola=True), seed=0)
    assert repr(state).startswith("<GameState Ruleset(players=2, napola=True), seed 0,")
    sample = state.view(0).sample(random.Random(1))
    assert "a determinized sample, turn 0" in repr(sample)
    for seed, said in (
        (None, "from a position, turn 0"),
        (4, "from a position, seed 4,"),
    ):
        state = position(sr.Ruleset.scopa(), ["5D", "AS"], "2S", seed=seed)
        assert said in repr(state)


# -- state: why a move is illegal --------------------------------------------


def test_an_ace_that_takes_less_than_the_whole_table_is_illegal() -> None:
    rules = sr.Ruleset.scopa(ace_takes_all=True)
    state = position(rules, ["AD", "KS"], table="2S 5H", rest_to=0)
    assert state.explain_illegal(sr.Move.parse("ADx5H")) == (
        "an ace takes the whole table (5H 2S) (ace_takes_all); legal with AD: ADx5H2S"
    )


def test_a_capture_with_more_than_the_fewest_cards_is_illegal() -> None:
    # RULES.md section 2: table A 3 4 5 J, a Q may take A+J or 4+5, not A+3+5.
    rules = sr.Ruleset.scopa(capture_rule="fewest_cards")
    state = position(rules, ["QS", "KS"], table="AD 3D 4D 5D JD", rest_to=0)
    move = sr.Move.parse("QSxAD3D5D")
    assert state.explain_illegal(move) == (
        "a capture of 2 cards is possible, and only the captures with the fewest "
        "cards are legal (capture_rule=fewest_cards); legal with QS: QSx4D5D, "
        "QSxADJD"
    )
    with pytest.raises(sr.IllegalMoveError, match="fewest_cards"):
        state.apply(move)


# -- state: moves while waiting for a deck -----------------------------------


def test_no_move_is_legal_while_the_game_waits_for_a_deck() -> None:
    state = awaiting_deal()
    move = sr.Move.parse("7D")
    assert state.explain_illegal(move) == (
        "the hand is over and the next deck is not dealt: call state.deal(deck)"
    )
    assert not state.is_legal(move)
    with pytest.raises(sr.IllegalMoveError, match=r"call state\.deal"):
        state.apply(move)


# -- state: from_position input checks ---------------------------------------


def test_from_position_wants_a_ruleset() -> None:
    rules: Any = "scopa"
    with pytest.raises(sr.InvalidStateError, match="rules must be a Ruleset"):
        sr.GameState.from_position(rules, hands=["7D", "KS"])


@pytest.mark.parametrize("hands", ["7D KS", 7])
def test_from_position_wants_one_hand_per_seat(hands: Any) -> None:
    with pytest.raises(sr.InvalidStateError, match="hands must be one hand per seat"):
        sr.GameState.from_position(sr.Ruleset.scopa(), hands=hands)


def test_from_position_wants_as_many_hands_as_seats() -> None:
    with pytest.raises(sr.InvalidStateError, match="give 2 hands, not 3"):
        sr.GameState.from_position(sr.Ruleset.scopa(), hands=["7D", "KS", "AD"])


def test_from_position_refuses_a_hand_that_is_not_cards() -> None:
    hands: Any = [7, "KS"]
    with pytest.raises(sr.InvalidStateError, match="a hand must be cards or card"):
        sr.GameState.from_position(sr.Ruleset.scopa(), hands=hands)


def test_from_position_names_the_hand_with_bad_card_text() -> None:
    with pytest.raises(sr.InvalidStateError, match="in a hand: unknown rank '8'"):
        sr.GameState.from_position(sr.Ruleset.scopa(), hands=["8D", "KS"])


@pytest.mark.parametrize("piles", ["AD 2D", 5])
def test_from_position_wants_one_pile_per_side(piles: Any) -> None:
    with pytest.raises(sr.InvalidStateError, match="piles must be one pile per side"):
        sr.GameState.from_position(sr.Ruleset.scopa(), hands=["7D", "KS"], piles=piles)


def test_from_position_wants_as_many_piles_as_sides() -> None:
    rest = sr.ALL_CARDS - sr.CardSet("7D KS")
    with pytest.raises(sr.InvalidStateError, match="give 2 piles, not 1"):
        sr.GameState.from_position(sr.Ruleset.scopa(), hands=["7D", "KS"], piles=[rest])


def test_from_position_refuses_a_stock_that_is_not_cards() -> None:
    stock: Any = 7
    with pytest.raises(sr.InvalidStateError, match="the stock must be cards"):
        sr.GameState.from_position(sr.Ruleset.scopa(), hands=["7D", "KS"], stock=stock)


def test_from_position_names_the_stock_with_bad_card_text() -> None:
    with pytest.raises(sr.InvalidStateError, match="in the stock: unknown suit 'X'"):
        sr.GameState.from_position(sr.Ruleset.scopa(), hands=["7D", "KS"], stock="7X")


@pytest.mark.parametrize("sweeps", ["00", 0])
def test_from_position_wants_sweeps_as_numbers_per_side(sweeps: Any) -> None:
    with pytest.raises(sr.InvalidStateError, match="sweeps must be 2 whole numbers"):
        position(sr.Ruleset.scopa(), ["7D", "KS"], sweeps=sweeps, rest_to=0)


@pytest.mark.parametrize("scores", [[1], [0, -1], [0, True], [0, 1.0]])
def test_from_position_wants_scores_of_0_or_more_per_side(scores: Any) -> None:
    with pytest.raises(
        sr.InvalidStateError, match="scores must be 2 whole numbers from 0 to 1,000,000"
    ):
        position(sr.Ruleset.scopa(), ["7D", "KS"], scores=scores, rest_to=0)


def test_from_position_refuses_a_card_in_two_places() -> None:
    rest = sr.ALL_CARDS - sr.CardSet("7D KS")
    with pytest.raises(
        sr.InvalidStateError, match="card 7D is both in seat 0's hand and in table"
    ):
        sr.GameState.from_position(
            sr.Ruleset.scopa(), hands=["7D", "KS"], table="7D", piles=[rest, ""]
        )


def test_from_position_refuses_a_card_twice_in_the_stock() -> None:
    # Like a card twice in any other place, this is an inconsistent position.
    rest = sr.ALL_CARDS - sr.CardSet("7D KS AD")
    with pytest.raises(sr.InvalidStateError, match="twice in the stock"):
        sr.GameState.from_position(
            sr.Ruleset.scopa(),
            hands=["7D", "KS"],
            stock="AD AD",
            piles=[rest, ""],
        )


def test_from_position_refuses_a_position_where_every_hand_is_empty() -> None:
    with pytest.raises(sr.InvalidStateError, match="every hand is empty"):
        position(sr.Ruleset.scopa(), ["", ""], table="7D", rest_to=0)


def test_from_position_refuses_a_hand_bigger_than_the_deal() -> None:
    with pytest.raises(
        sr.InvalidStateError, match="a hand holds 4 cards; these rules deal 3"
    ):
        position(sr.Ruleset.scopa(), ["7D KS AD 2D", "3D"], rest_to=0)


def test_from_position_wants_a_stock_of_whole_deals() -> None:
    with pytest.raises(
        sr.InvalidStateError,
        match="the stock holds 3 cards, not a whole number of deals of 6",
    ):
        position(sr.Ruleset.scopa(), ["7D", "KS"], stock="AD 2D 3D", rest_to=0)


@pytest.mark.parametrize("seat", [2, -1, True])
def test_from_position_refuses_a_current_player_out_of_range(seat: Any) -> None:
    with pytest.raises(sr.InvalidStateError, match="current_player must be a seat"):
        position(sr.Ruleset.scopa(), ["7D", "KS"], current_player=seat, rest_to=0)


def test_from_position_refuses_hand_sizes_no_game_reaches() -> None:
    # Seat 0 to move with 1 card while seat 1 still holds 3.
    with pytest.raises(sr.InvalidStateError, match=r"hand sizes \[1, 3\] cannot occur"):
        position(sr.Ruleset.scopa(), ["7D", "KS AD 2D"], current_player=0, rest_to=0)


def test_from_position_refuses_a_dealer_out_of_range() -> None:
    with pytest.raises(sr.InvalidStateError, match="dealer must be a seat from 0 to 1"):
        position(sr.Ruleset.scopa(), ["7D", "KS"], dealer=2, rest_to=0)


def test_from_position_refuses_a_last_capturer_out_of_range() -> None:
    with pytest.raises(sr.InvalidStateError, match="last_capturer must be a seat"):
        position(sr.Ruleset.scopa(), ["7D", "KS"], last_capturer=5, rest_to=0)


def test_from_position_wants_an_int_seed() -> None:
    with pytest.raises(
        sr.InvalidStateError,
        match="seed must be a whole number of at most 4096 bits or None",
    ):
        position(sr.Ruleset.scopa(), ["7D", "KS"], seed="7", rest_to=0)


# -- state: new_game and the module functions --------------------------------


def test_new_game_wants_a_ruleset() -> None:
    rules: Any = "scopa"
    with pytest.raises(sr.InvalidStateError, match="rules must be a Ruleset"):
        sr.new_game(rules)


@pytest.mark.parametrize("seed", ["7", True, 7.0])
def test_new_game_wants_an_int_seed(seed: Any) -> None:
    with pytest.raises(
        sr.InvalidStateError, match="seed must be a whole number of at most 4096 bits"
    ):
        sr.new_game(seed=seed)


def test_new_game_without_seed_or_deck_draws_a_seed_it_can_replay() -> None:
    state = sr.new_game()
    assert isinstance(state.seed, int)
    assert 0 <= state.seed < 2**63
    assert state == sr.new_game(seed=state.seed)
    state = state.apply(state.legal_moves()[0])
    assert state.record().final_state() == state


def test_module_functions_are_the_states_methods() -> None:
    state = sr.new_game(seed=7)
    assert sr.legal_moves(state) == state.legal_moves()
    assert sr.legal_moves(awaiting_deal()) == ()
    move = state.legal_moves()[0]
    assert sr.apply_move(state, move) == state.apply(move)
    assert sr.apply_move(state, move, check=False) == state.apply(move)
    with pytest.raises(sr.IllegalMoveError, match="illegal move KS"):
        sr.apply_move(state, sr.Move.parse("KS"))


# -- views -------------------------------------------------------------------


def test_a_view_knows_whether_the_game_is_over() -> None:
    assert not sr.new_game(seed=7).view(0).is_over
    over = finished_game()
    assert over.view(0).is_over
    assert over.view(1).is_over


def test_player_views_are_their_own_copies() -> None:
    view = sr.new_game(seed=7).view(0)
    assert copy.copy(view) is view
    assert copy.deepcopy(view) is view


def test_samples_respect_a_whole_hand_trail_made_before_a_capture() -> None:
    # Whole-hand compulsion.  Seat 0 takes 3C; seat 1 trails AC while 4S and
    # 6S lie on the table, so it held no 4, 6 or K (4 + 6); then seat 0 takes
    # 4S.  Seat 0's view must put 4S back on the table to know what seat 1
    # could not hold: 4C, 6C and KC are all in the stock.
    rules = sr.Ruleset.scopa(capture_compulsion="whole_hand")
    state = position(
        rules,
        ["3D 4H 7D", "AC 2C 5C"],
        table="3C 4S 6S",
        stock="4C KC 6C JS QS 7S",
        rest_to=0,
    )
    for text in ("3Dx3C", "AC", "4Hx4S"):
        state = state.apply(sr.Move.parse(text))
    view = state.view(0)
    assert view.unseen == sr.CardSet("2C 5C 4C KC 6C JS QS 7S")
    rng = random.Random(5)
    held = sr.CardSet()
    for _ in range(200):
        sample = view.sample(rng)
        assert sample.view(0) == view
        assert sample.hands[1].isdisjoint(sr.CardSet("4C KC 6C"))
        held |= sample.hands[1]
    assert held == sr.CardSet("2C 5C JS QS 7S")


# -- records and saved states ------------------------------------------------


def test_a_record_position_with_bad_sweeps_is_refused() -> None:
    data = position(sr.Ruleset.scopa(), ["7D", "KS"], rest_to=0).record().to_dict()
    data["position"]["sweeps"] = [0]
    with pytest.raises(
        sr.InvalidStateError,
        match=r"the position's sweeps must be a list of 2 whole numbers, not \[0\]",
    ):
        sr.GameRecord.from_dict(data)


def test_a_record_dealer_must_be_the_positions_dealer() -> None:
    state = position(sr.Ruleset.scopa(), ["7D", "KS"], dealer=1, rest_to=0)
    data = state.record().to_dict()
    data["dealer"] = 0
    with pytest.raises(
        sr.InvalidStateError,
        match=r"the dealer \(0\) is not the position's dealer \(1\)",
    ):
        sr.GameRecord.from_dict(data)


def test_a_record_with_more_dealt_decks_than_the_game_deals_is_refused() -> None:
    data = sr.new_game(deck=sr.Deck.shuffled(1)).record().to_dict()
    data["dealt"] = [str(sr.Deck.shuffled(2))]
    with pytest.raises(
        sr.InvalidStateError, match=r"supplies 1 more deck\(s\) than the game deals"
    ):
        sr.GameRecord.from_dict(data)


def test_a_saved_state_waiting_for_a_deck_holds_no_cards() -> None:
    state = awaiting_deal()
    data = state.to_dict()
    assert sr.GameState.from_dict(data) == state
    data["state"]["table"] = "AD"
    with pytest.raises(
        sr.InvalidStateError,
        match="a saved state waiting for a deck holds no cards, but has 1",
    ):
        sr.GameState.from_dict(data)
