"""The default Scopa rules (RULES.md sections 1, 2 defaults, 3 and 4), one rule
at a time, each through the public game API."""

from __future__ import annotations

import pytest

import scopa_rules as sr
from helpers import position
from scopa_rules import Card, CardSet, Deck, Move

SCOPA = sr.Ruleset.scopa()


def cards(text: str) -> CardSet:
    return CardSet(text)


def moves_with(state: sr.GameState, card: str) -> set[Move]:
    """The legal moves of ``state`` that play ``card``."""
    played = Card.parse(card)
    return {m for m in state.legal_moves() if m.card is played}


def moves(*texts: str) -> set[Move]:
    return {Move.parse(text) for text in texts}


def play(state: sr.GameState, *moves: str) -> sr.GameState:
    for text in moves:
        state = state.apply(Move.parse(text))
    return state


# The RULES.md section 2 example (seed 000): table 2S 5H 3C JD.
SEED_000_TABLE = "2S 5H 3C JD"


def seed_000(hand: str) -> sr.GameState:
    return position(SCOPA, [hand, "AC"], SEED_000_TABLE)


# -- capture: a single card before sums (capture_rule=single_first) ------------------


def test_seed_000_a_five_must_take_the_five_not_two_plus_three() -> None:
    state = seed_000("5D")
    assert moves_with(state, "5D") == moves("5Dx5H")
    assert not state.is_legal(Move.parse("5Dx2S3C"))


def test_seed_000_a_jack_must_take_the_jack() -> None:
    state = seed_000("JS")
    assert moves_with(state, "JS") == moves("JSxJD")
    assert not state.is_legal(Move.parse("JSx5H3C"))


def test_seed_000_a_king_may_take_either_sum() -> None:
    state = seed_000("KC")
    assert moves_with(state, "KC") == moves("KCx5H2S3C", "KCxJD2S")
    options = sr.capture_options(SCOPA, cards(SEED_000_TABLE), Card.parse("KC"))
    assert set(options) == {cards("2S JD"), cards("2S 5H 3C")}


def test_single_card_before_sums_message_names_the_rule_and_the_legal_move() -> None:
    reason = seed_000("5D").explain_illegal(Move.parse("5Dx2S3C"))
    assert reason is not None
    assert "single_first" in reason
    assert "5Dx5H" in reason


def test_sums_are_allowed_when_no_single_card_matches() -> None:
    state = position(SCOPA, ["6D", "AC"], "AS 4H 2C 5S")
    assert moves_with(state, "6D") == moves("6DxAS5S", "6Dx4H2C")


# -- capture: choice -------------------------------------------------------------------------


def test_choice_among_equal_cards() -> None:
    state = position(SCOPA, ["5D", "AC"], "5H 5S 2C")
    assert moves_with(state, "5D") == moves("5Dx5H", "5Dx5S")
    took_hearts = play(state, "5Dx5H")
    took_spades = play(state, "5Dx5S")
    assert took_hearts.table == cards("5S 2C")
    assert took_spades.table == cards("5H 2C")


def test_choice_among_sums() -> None:
    state = position(SCOPA, ["5D", "6C"], "AS 4H 2C 3H")
    assert moves_with(state, "5D") == moves("5DxAS4H", "5Dx3H2C")
    assert play(state, "5DxAS4H").table == cards("3H 2C")
    assert play(state, "5Dx2C3H").table == cards("AS 4H")


def test_a_capture_moves_the_played_and_taken_cards_to_the_side_pile() -> None:
    state = position(SCOPA, ["5D 4C", "AC 2C"], "5H 2S", rest_to=1)
    after = play(state, "5Dx5H")
    assert after.piles[0] == cards("5D 5H")
    assert after.table == cards("2S")
    assert after.hands[0] == cards("4C")
    assert after.last_capturer == 0


def test_a_trail_puts_the_card_on_the_table() -> None:
    state = position(SCOPA, ["4C 5D", "AC 2C"], "5H 2S")
    after = play(state, "4C")
    assert after.table == cards("5H 2S 4C")
    assert after.piles == state.piles
    assert after.last_capturer == state.last_capturer


# -- capture compulsion (played_card) ------------------------------------------------------


def test_a_card_that_can_capture_may_not_be_trailed() -> None:
    state = position(SCOPA, ["5D 4C", "AC 2C"], "5H 2S")
    assert Move.parse("5D") not in moves_with(state, "5D")
    assert not state.is_legal(Move.parse("5D"))
    reason = state.explain_illegal(Move.parse("5D"))
    assert reason is not None
    assert "played_card" in reason


def test_a_card_that_cannot_capture_is_trailed() -> None:
    state = position(SCOPA, ["5D 4C", "AC 2C"], "5H JS")
    assert moves_with(state, "4C") == moves("4C")


def test_compulsion_is_about_the_played_card_not_the_whole_hand() -> None:
    # 5D could capture, yet 4C may still be trailed.
    state = position(SCOPA, ["5D 4C", "AC 2C"], "5H JS")
    assert set(state.legal_moves()) == moves("5Dx5H", "4C")


def test_everything_is_a_trail_on_an_empty_table() -> None:
    state = position(SCOPA, ["5D 4C 7S", "AC 2C 3C"], "")
    assert all(m.is_trail for m in state.legal_moves())
    assert len(state.legal_moves()) == 3


# -- sweeps (RULES.md sections 1 and 4) --------------------------------------------------------


def test_clearing_the_table_scores_a_sweep() -> None:
    state = position(SCOPA, ["7D 2C", "AC 3C"], "3H 4S")
    after = play(state, "7Dx3H4S")
    assert after.table == CardSet()
    assert after.sweeps == (1, 0)


def test_taking_a_lone_table_card_is_a_sweep() -> None:
    state = position(SCOPA, ["5S 2C", "AC 3C"], "5D")
    after = play(state, "5Sx5D")
    assert after.sweeps == (1, 0)


def test_after_a_sweep_the_next_player_plays_onto_the_empty_table() -> None:
    state = play(position(SCOPA, ["5S 2C", "AC 3C"], "5D"), "5Sx5D")
    assert state.current_player == 1
    assert set(state.legal_moves()) == moves("AC", "3C")


def test_a_capture_that_leaves_cards_is_no_sweep() -> None:
    state = play(position(SCOPA, ["5S 2C", "AC 3C"], "5D 6H"), "5Sx5D")
    assert state.sweeps == (0, 0)


def test_a_sweep_scores_one_point_in_the_hand_result() -> None:
    # Seat 0 sweeps, seat 1 trails the last card; the hand is scored.
    state = play(position(SCOPA, ["5S", "4H"], "5D"), "5Sx5D", "4H")
    result = state.last_hand
    assert result is not None
    assert result.score.sides[0].sweeps == 1
    assert result.score.sides[0].sweep_points == 1


def test_the_last_card_of_the_hand_never_sweeps() -> None:
    state = play(position(SCOPA, ["", "5S"], "5D"), "5Sx5D")
    result = state.last_hand
    assert result is not None
    assert result.score.sides[1].sweeps == 0
    assert result.score.sides[1].sweep_points == 0
    assert cards("5S 5D") <= result.piles[1]


def test_the_last_card_of_a_deal_sweeps_while_the_stock_lasts() -> None:
    stock = "AD 2D 3D 4D 6D 7D"
    state = play(position(SCOPA, ["", "5S"], "5D", stock=stock), "5Sx5D")
    assert state.hand_number == 0
    assert state.sweeps == (0, 1)


# -- the table leftover -------------------------------------------------------------------------


def test_leftover_goes_to_the_last_capturer_and_is_no_sweep() -> None:
    # Seat 0 captures, then seat 1 trails the last card: the table (6H and
    # the trailed 4C) goes to seat 0's side, with no sweep for it.
    state = position(SCOPA, ["5S", "4C"], "5D 6H", rest_to=1)
    end = play(state, "5Sx5D", "4C")
    result = end.last_hand
    assert result is not None
    assert result.leftover == cards("6H 4C")
    assert result.leftover_side == 0
    assert result.piles[0] == cards("5S 5D 6H 4C")
    assert result.score.sides[0].sweeps == 0
    assert result.score.sides[1].sweeps == 0


def test_leftover_goes_to_the_last_capturer_even_from_an_earlier_round() -> None:
    state = position(SCOPA, ["", "4C"], "6H", last_capturer=0, rest_to=0)
    result = play(state, "4C").last_hand
    assert result is not None
    assert result.leftover_side == 0
    assert result.piles[0] == state.piles[0] | cards("6H 4C")


def test_leftover_goes_to_no_one_when_nobody_captured() -> None:
    # Only a rule that lets any card be trailed keeps the whole deck on the
    # table to the last card.
    rules = sr.Ruleset.scopa(capture_compulsion="none")
    table = str(sr.ALL_CARDS - cards("4C"))
    state = position(rules, ["", "4C"], table, last_capturer=None, rest_to=1)
    before = state.piles
    result = play(state, "4C").last_hand
    assert result is not None
    assert result.leftover == sr.ALL_CARDS
    assert result.leftover_side is None
    assert result.piles == before
    assert sum(s.cards for s in result.score.sides) == 0


# -- redeal on three kings (redeal_kings=3) -------------------------------------------------------


def deck_with_table(table: str, *, players: int = 2) -> Deck:
    """A deck whose first deal puts ``table`` on the table (dealing.py order:
    one packet of 3 per seat, then the table cards)."""
    on_table = [Card.parse(t) for t in table.split()]
    rest = [c for c in sr.ALL_CARDS if c not in on_table]
    packets = players * 3
    return Deck(rest[:packets] + on_table + rest[packets:])


@pytest.mark.parametrize("dealer", [0, 1])
def test_three_kings_on_the_table_the_same_dealer_redeals(dealer: int) -> None:
    kings = deck_with_table("KD KH KS 5C")
    normal = Deck.standard()  # table 7D JD QD KD: one king
    state = sr.new_game(SCOPA, decks=[kings, normal], dealer=dealer)
    leader = 1 - dealer
    assert state.dealer == dealer
    assert state.current_player == leader
    assert state.table == cards("7D JD QD KD")
    assert state.hands[leader] == cards("AD 2D 3D")
    assert state.hands[dealer] == cards("4D 5D 6D")
    while state.phase is sr.Phase.PLAY:
        state = state.apply(state.legal_moves()[0])
    result = state.last_hand
    assert result is not None
    assert result.redealt == (kings,)
    assert result.deck == normal
    assert result.dealer == dealer


def test_four_kings_on_the_table_redeal_too() -> None:
    kings = deck_with_table("KD KH KS KC")
    state = sr.new_game(SCOPA, decks=[kings, Deck.standard()])
    assert state.table == cards("7D JD QD KD")


def test_two_kings_on_the_table_do_not_redeal() -> None:
    deck = deck_with_table("KD KH 5C 6C")
    state = sr.new_game(SCOPA, decks=[deck, Deck.standard()])
    assert state.table == cards("KD KH 5C 6C")
    assert state.hands[0] == cards("AD 2D 3D")


def test_three_kings_in_a_hand_do_not_redeal() -> None:
    kings_first = [Card.parse(t) for t in ("KD", "KH", "KS")]
    deck = Deck(kings_first + [c for c in sr.ALL_CARDS if c not in kings_first])
    state = sr.new_game(SCOPA, decks=[deck, Deck.standard()])
    assert state.hands[0] == cards("KD KH KS")


def test_redeal_waits_for_a_deck_when_none_is_left() -> None:
    state = sr.new_game(SCOPA, decks=[deck_with_table("KD KH KS 5C")])
    assert state.phase is sr.Phase.AWAITING_DEAL
    dealt = state.deal(Deck.standard())
    assert dealt.phase is sr.Phase.PLAY
    assert dealt.table == cards("7D JD QD KD")


# -- partnerships ---------------------------------------------------------------------------------


def test_two_and_three_players_play_each_for_themselves() -> None:
    for players in (2, 3):
        rules = sr.Ruleset.scopa(players=players)
        assert not rules.partnerships
        assert rules.sides == players
        assert [rules.side_of(s) for s in range(players)] == list(range(players))
        assert len(sr.new_game(rules, seed=1).scores) == players


def test_three_players_capture_into_their_own_piles() -> None:
    rules = sr.Ruleset.scopa(players=3)
    state = position(rules, ["5S", "AC", "6D"], "5D 6H 3C", rest_to=1)
    mid = play(state, "5Sx5D")
    assert mid.piles[0] == cards("5S 5D")
    result = play(mid, "AC", "6Dx6H").last_hand
    assert result is not None
    assert result.piles[0] == cards("5S 5D")
    assert result.piles[2] == cards("6D 6H 3C AC")  # with the leftover


def test_four_players_seats_0_2_against_1_3() -> None:
    rules = sr.Ruleset.scopa(players=4)
    assert rules.partnerships
    assert rules.sides == 2
    assert rules.seats_of(0) == (0, 2)
    assert rules.seats_of(1) == (1, 3)
    assert [rules.side_of(s) for s in range(4)] == [0, 1, 0, 1]


def test_six_players_seats_0_2_4_against_1_3_5() -> None:
    rules = sr.Ruleset.scopa(players=6)
    assert rules.partnerships
    assert rules.sides == 2
    assert rules.seats_of(0) == (0, 2, 4)
    assert rules.seats_of(1) == (1, 3, 5)


def test_four_player_partners_share_pile_sweeps_and_score() -> None:
    rules = sr.Ruleset.scopa(players=4)
    state = position(rules, ["5S", "4H", "4C", "2H"], "5D", rest_to=1)
    # Seat 0 sweeps, seat 1 trails, seat 2 sweeps, seat 3 trails the last card.
    end = play(state, "5Sx5D", "4H", "4Cx4H", "2H")
    result = end.last_hand
    assert result is not None
    assert result.piles[0] == cards("5S 5D 4H 4C 2H")
    assert result.leftover_side == 0
    assert result.score.sides[0].sweeps == 2
    assert len(result.score.sides) == 2
    assert len(end.scores) == 2
    assert end.scores == result.score.totals


def test_six_player_teams_share_piles_and_sweeps() -> None:
    rules = sr.Ruleset.scopa(players=6)
    hands = ["5S", "4S", "AH", "2H", "3C", "6C"]
    state = position(rules, hands, "5D 4D", rest_to=1)
    before = state.piles
    mid = play(state, "5Sx5D", "4Sx4D", "AH", "2H", "3CxAH2H")
    assert mid.sweeps == (1, 1)  # seat 1 for side 1, seat 4 for side 0
    assert mid.piles[0] - before[0] == cards("5S 5D 3C AH 2H")
    assert mid.piles[1] - before[1] == cards("4S 4D")
    result = play(mid, "6C").last_hand
    assert result is not None
    assert result.leftover_side == 0  # seat 4 captured last
    assert cards("6C") <= result.piles[0]


# -- deals, the lead and the deal passing ---------------------------------------------------------


@pytest.mark.parametrize(("players", "deals"), [(2, 6), (3, 4), (4, 3), (6, 2)])
def test_number_of_deals_per_hand(players: int, deals: int) -> None:
    rules = sr.Ruleset.scopa(players=players)
    assert rules.deals_per_hand == deals
    state = sr.new_game(rules, seed=12)
    counted = 1
    while state.hand_number == 0 and not state.is_over:
        stock_before = len(state.stock)
        state = state.apply(state.legal_moves()[0])
        if state.hand_number == 0 and len(state.stock) < stock_before:
            counted += 1
            assert stock_before - len(state.stock) == players * 3
            assert [len(h) for h in state.hands] == [3] * players
            assert len(state.table) + len(state.stock) + sum(map(len, state.piles)) == (
                40 - players * 3
            )
    assert counted == deals
    assert len(state.hand_results[0].moves) == 36


def test_the_seat_after_the_dealer_leads() -> None:
    for players in (2, 3, 4, 6):
        rules = sr.Ruleset.scopa(players=players)
        for dealer in range(players):
            state = sr.new_game(rules, seed=3, dealer=dealer)
            assert state.dealer == dealer
            assert state.current_player == (dealer + 1) % players


def test_default_dealer_is_the_last_seat_so_seat_0_leads() -> None:
    state = sr.new_game(sr.Ruleset.scopa(players=3), seed=3)
    assert (state.dealer, state.current_player) == (2, 0)


def test_first_packet_goes_to_the_seat_after_the_dealer() -> None:
    rules = sr.Ruleset.scopa(players=3)
    state = sr.new_game(rules, deck=Deck.standard(), dealer=1)
    assert state.hands[2] == cards("AD 2D 3D")
    assert state.hands[0] == cards("4D 5D 6D")
    assert state.hands[1] == cards("7D JD QD")
    assert state.table == cards("KD AH 2H 3H")


@pytest.mark.parametrize("dealer", [0, 1])
def test_later_deals_give_packets_from_the_stock_top_in_seat_order(
    dealer: int,
) -> None:
    deck = Deck.standard()
    state = sr.new_game(SCOPA, deck=deck, dealer=dealer)
    leader = 1 - dealer
    for _ in range(6):
        state = state.apply(state.legal_moves()[0])
    assert state.current_player == leader
    assert state.hands[leader] == CardSet(deck[10:13])
    assert state.hands[dealer] == CardSet(deck[13:16])
    assert state.stock == deck[16:]


def test_play_goes_round_in_seat_order_and_the_deal_passes_each_hand() -> None:
    players = 3
    state = sr.new_game(sr.Ruleset.scopa(players=players), seed=5, dealer=1)
    dealers = [state.dealer]
    for _ in range(5_000):  # a bound, so that a broken game fails, not hangs
        if state.is_over or len(state.hand_results) == 4:
            break
        hand, seat = state.hand_number, state.current_player
        assert seat is not None
        state = state.apply(state.legal_moves()[0])
        if state.is_over:
            break
        if state.hand_number == hand:
            assert state.current_player == (seat + 1) % players
        else:
            assert state.dealer == (dealers[-1] + 1) % players
            assert state.current_player == (state.dealer + 1) % players
            dealers.append(state.dealer)
    assert len(state.hand_results) >= 3
    assert [r.dealer for r in state.hand_results] == [
        (1 + i) % players for i in range(len(state.hand_results))
    ]
