"""Every option of the ruleset, on and off (RULES.md sections 2 to 7).

Each test builds one position, deck or set of piles and shows that the option
changes the legal moves, the score or the flow of the game, so that a library
that ignored the option would fail.  Positions are built with
``GameState.from_position``; decks follow the deal order documented in
``scopa_rules.dealing`` (packets of ``hand_size`` cards from the seat after the
dealer, then the table, then the stock).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import scopa_rules as sr
from helpers import position

# -- helpers -----------------------------------------------------------------


def deck(top: str) -> sr.Deck:
    """A deck whose first cards are ``top`` (in order); the rest follow in
    the library's card order."""
    first = [sr.Card.parse(text) for text in top.split()]
    chosen = set(first)
    return sr.Deck([*first, *(card for card in sr.ALL_CARDS if card not in chosen)])


def moves(*texts: str) -> set[sr.Move]:
    return {sr.Move.parse(text) for text in texts}


def legal(state: sr.GameState) -> set[sr.Move]:
    found = state.legal_moves()
    assert len(set(found)) == len(found), f"duplicate legal moves: {found}"
    return set(found)


def cards(text: str) -> sr.CardSet:
    return sr.CardSet(text)


def play_hand_out(state: sr.GameState) -> sr.GameState:
    """Play the hand in progress to its end with the first legal move."""
    finished = len(state.hand_results)
    while (
        state.phase in (sr.Phase.PLAY, sr.Phase.FIRST_CARD)
        and len(state.hand_results) == finished
    ):
        state = state.apply(state.legal_moves()[0])
    assert len(state.hand_results) == finished + 1
    return state


def play_to_end(rules: sr.Ruleset, seed: int) -> sr.GameState:
    """A whole game with random legal moves."""
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    for _ in range(20_000):
        if state.is_over:
            return state
        assert state.phase in (sr.Phase.PLAY, sr.Phase.FIRST_CARD)
        options = state.legal_moves()
        assert options, f"no legal move in {state!r}"
        state = state.apply(rng.choice(options))
    raise AssertionError(f"the game did not end: {state!r}")


def primiera_points(rules: sr.Ruleset, *piles: str) -> tuple[int, ...]:
    score = sr.score_hand(rules, [cards(p) for p in piles], [0] * len(piles))
    return tuple(side.primiera_points for side in score.sides)


def rules_id(rules: object) -> str | None:
    """A test id from the options that differ from the two-player defaults
    (not ``repr``, so that a failing ``repr`` cannot break collection)."""
    if not isinstance(rules, sr.Ruleset):
        return None
    base = sr.Ruleset().to_dict()
    changed = [
        f"{name}={value}"
        for name, value in rules.to_dict().items()
        if name == "players" or value != base[name]
    ]
    return ",".join(changed)


SCOPA = sr.Ruleset.scopa()


# -- capture_rule ------------------------------------------------------------

# RULES.md: table A 3 4 5 J, a Q (9) is played.  No single 9 lies there, so
# the sums A+J, 4+5 and A+3+5 are the candidates.
QUEEN_TABLE = "AH 3S 4C 5D JH"


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("single_first", {"QSxAHJH", "QSx4C5D", "QSxAH3S5D"}),
        ("fewest_cards", {"QSxAHJH", "QSx4C5D"}),
        ("free", {"QSxAHJH", "QSx4C5D", "QSxAH3S5D"}),
    ],
)
def test_capture_rule_queen_on_a_3_4_5_j(rule: str, expected: set[str]) -> None:
    rules = sr.Ruleset.scopa(capture_rule=rule)
    state = position(rules, ["QS", "KS"], QUEEN_TABLE)
    assert legal(state) == moves(*expected)
    options = sr.capture_options(rules, cards(QUEEN_TABLE), sr.Card.parse("QS"))
    assert {str(option) for option in options} == {
        str(move.captured) for move in moves(*expected)
    }


@pytest.mark.parametrize(
    ("rule", "five", "king"),
    [
        ("single_first", {"5Cx5H"}, {"KCxJD2S", "KCx5H2S3C"}),
        ("fewest_cards", {"5Cx5H"}, {"KCxJD2S"}),
        ("free", {"5Cx5H", "5Cx2S3C"}, {"KCxJD2S", "KCx5H2S3C"}),
    ],
)
def test_capture_rule_seed_000_table(rule: str, five: set[str], king: set[str]) -> None:
    # RULES.md (seed 000): table 2S 5H 3C JD; a 5 must take 5H under
    # single_first; a K may take 2S+5H+3C or 2S+JD.
    rules = sr.Ruleset.scopa(capture_rule=rule)
    state = position(rules, ["5C KC", "KS"], "2S 5H 3C JD")
    assert legal(state) == moves(*five, *king)


def test_capture_rule_single_first_forbids_the_sum_when_a_single_matches() -> None:
    state = position(SCOPA, ["5C KC", "KS"], "2S 5H 3C JD")
    with pytest.raises(sr.IllegalMoveError, match="single_first"):
        state.apply(sr.Move.parse("5Cx2S3C"))
    free = position(SCOPA.replace(capture_rule="free"), ["5C KC", "KS"], "2S 5H 3C JD")
    after = free.apply(sr.Move.parse("5Cx2S3C"))
    assert after.table == cards("5H JD")


# -- capture_compulsion ------------------------------------------------------

# 5D can capture 5H; 4H captures nothing (table values 5 and 2).
COMPULSION_HAND = ["5D 4H", "KS KC"]
COMPULSION_TABLE = "5H 2C"


@pytest.mark.parametrize(
    ("compulsion", "expected"),
    [
        ("played_card", {"5Dx5H", "4H"}),
        ("whole_hand", {"5Dx5H"}),
        ("none", {"5Dx5H", "5D", "4H"}),
    ],
)
def test_capture_compulsion(compulsion: str, expected: set[str]) -> None:
    rules = sr.Ruleset.scopa(capture_compulsion=compulsion)
    state = position(rules, COMPULSION_HAND, COMPULSION_TABLE)
    assert legal(state) == moves(*expected)


def test_whole_hand_forbids_trailing_the_card_that_cannot_capture() -> None:
    rules = sr.Ruleset.scopa(capture_compulsion="whole_hand")
    state = position(rules, COMPULSION_HAND, COMPULSION_TABLE)
    with pytest.raises(sr.IllegalMoveError, match="whole_hand"):
        state.apply(sr.Move.trail("4H"))
    played_card = position(SCOPA, COMPULSION_HAND, COMPULSION_TABLE)
    assert played_card.apply(sr.Move.trail("4H")).table == cards("5H 2C 4H")


def test_whole_hand_allows_any_trail_when_no_card_captures() -> None:
    rules = sr.Ruleset.scopa(capture_compulsion="whole_hand")
    state = position(rules, ["4D 6H", "KS KC"], "5H 3C")
    assert legal(state) == moves("4D", "6H")


def test_played_card_forbids_trailing_a_capturing_card() -> None:
    state = position(SCOPA, COMPULSION_HAND, COMPULSION_TABLE)
    with pytest.raises(sr.IllegalMoveError, match="played_card"):
        state.apply(sr.Move.trail("5D"))
    none = position(
        SCOPA.replace(capture_compulsion="none"), COMPULSION_HAND, COMPULSION_TABLE
    )
    assert none.apply(sr.Move.trail("5D")).table == cards("5H 2C 5D")


# -- capture_mode --------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        ("match", {"7Sx7H"}),
        ("fifteen", {"7SxAD7H"}),
        ("match_or_fifteen", {"7Sx7H", "7SxAD7H"}),
    ],
)
def test_capture_mode(mode: str, expected: set[str]) -> None:
    # 7S matches 7H by value; 7S + AD + 7H = 15.
    rules = sr.Ruleset.scopa(capture_mode=mode)
    state = position(rules, ["7S", "KS"], "AD 7H 5C")
    assert legal(state) == moves(*expected)


def test_fifteen_has_no_single_card_precedence() -> None:
    # 7S + JD = 15 and 7S + 5H + 3C = 15: both are legal under fifteen,
    # although the (default) single_first rule would prefer a single card.
    rules = sr.Ruleset.scopa_a_quindici()
    assert rules.capture_rule is sr.CaptureRule.SINGLE_FIRST
    state = position(rules, ["7S", "KS"], "JD 5H 3C")
    assert legal(state) == moves("7SxJD", "7Sx5H3C")
    # Under match the seven captures nothing here and is trailed.
    assert legal(position(SCOPA, ["7S", "KS"], "JD 5H 3C")) == moves("7S")


def test_fifteen_trails_when_nothing_makes_fifteen() -> None:
    rules = sr.Ruleset.scopa_a_quindici()
    state = position(rules, ["5S", "KS"], "5H 2C")
    # Under match 5S must take 5H; under fifteen 5 + 5 + 2 = 12 is no capture.
    assert legal(state) == moves("5S")
    assert legal(position(SCOPA, ["5S", "KS"], "5H 2C")) == moves("5Sx5H")


def test_match_or_fifteen_keeps_single_first_among_value_captures() -> None:
    # Value captures of 5S: 5H (single) or 2C+3D (a sum, which single_first
    # forbids); fifteen: 5S+QH+AC and 5S+5H+2C+3D, with no precedence.
    rules = sr.Ruleset.scopa(capture_mode="match_or_fifteen")
    state = position(rules, ["5S", "KS"], "5H 2C 3D QH AC")
    assert legal(state) == moves("5Sx5H", "5SxQHAC", "5Sx5H2C3D")
    free = rules.replace(capture_rule="free")
    state = position(free, ["5S", "KS"], "5H 2C 3D QH AC")
    assert legal(state) == moves("5Sx5H", "5Sx2C3D", "5SxQHAC", "5Sx5H2C3D")


# -- capture_values ------------------------------------------------------------


def test_capture_values_chkobba_swaps_queen_and_jack() -> None:
    italian = SCOPA
    chkobba = sr.Ruleset.scopa(capture_values="chkobba")
    assert italian.capture_value(sr.Rank.JACK) == 8
    assert italian.capture_value(sr.Rank.QUEEN) == 9
    assert chkobba.capture_value(sr.Rank.QUEEN) == 8
    assert chkobba.capture_value(sr.Rank.JACK) == 9
    assert chkobba.capture_value(sr.Rank.KING) == 10
    # 5H + 3C = 8: the jack takes them in Italian values, the queen in Chkobba.
    hands, table = ["QS JD", "KS KC"], "5H 3C"
    assert legal(position(italian, hands, table)) == moves("JDx5H3C", "QS")
    assert legal(position(chkobba, hands, table)) == moves("QSx5H3C", "JD")
    # 5H + 4C = 9: the queen in Italian values, the jack in Chkobba.
    table = "5H 4C"
    assert legal(position(italian, hands, table)) == moves("QSx5H4C", "JD")
    assert legal(position(chkobba, hands, table)) == moves("JDx5H4C", "QS")


def test_capture_values_chkobba_matches_face_cards_by_value() -> None:
    # A king (10) takes 2S + QH only where Q = 8.
    hands, table = ["KD", "KS"], "2S QH"
    assert legal(position(SCOPA, hands, table)) == moves("KD")
    chkobba = sr.Ruleset.scopa(capture_values="chkobba")
    assert legal(position(chkobba, hands, table)) == moves("KDx2SQH")


# -- ace_takes_all and its two sub-options --------------------------------------


def test_ace_takes_all_takes_the_whole_table() -> None:
    hands, table = ["AD 2S", "KS KC"], "3C 4C 5H"
    assert legal(position(SCOPA, hands, table)) == moves("AD", "2S")
    rules = sr.Ruleset.scopa(ace_takes_all=True)
    assert legal(position(rules, hands, table)) == moves("ADx3C4C5H", "2S")


@pytest.mark.parametrize(
    ("blocked", "expected"),
    [(True, {"ADxAH", "2S"}), (False, {"ADxAH3C4C", "2S"})],
)
def test_ace_blocked_by_table_ace(blocked: bool, expected: set[str]) -> None:
    rules = sr.Ruleset.scopa(ace_takes_all=True, ace_blocked_by_table_ace=blocked)
    state = position(rules, ["AD 2S", "KS KC"], "AH 3C 4C")
    assert legal(state) == moves(*expected)


def test_ace_blocked_by_table_ace_means_nothing_without_ace_takes_all() -> None:
    for blocked in (True, False):
        rules = sr.Ruleset.scopa(ace_blocked_by_table_ace=blocked)
        state = position(rules, ["AD 2S", "KS KC"], "AH 3C 4C")
        assert legal(state) == moves("ADxAH", "2S")


@pytest.mark.parametrize("is_scopa", [True, False])
def test_ace_sweep_is_scopa(is_scopa: bool) -> None:
    rules = sr.Ruleset.scopa(ace_takes_all=True, ace_sweep_is_scopa=is_scopa)
    state = position(rules, ["AD 2S", "KS KC"], "3C 4C 5H")
    after = state.apply(sr.Move.parse("ADx3C4C5H"))
    assert after.table == sr.CardSet()
    assert after.piles[0] == cards("AD 3C 4C 5H")
    assert after.sweeps == ((1, 0) if is_scopa else (0, 0))


def test_ace_sweep_is_scopa_false_leaves_ordinary_sweeps_alone() -> None:
    rules = sr.Ruleset.scopa(ace_takes_all=True, ace_sweep_is_scopa=False)
    # An ordinary sweep by a seven.
    state = position(rules, ["7D 2S", "KS KC"], "3C 4C")
    assert state.apply(sr.Move.parse("7Dx3C4C")).sweeps == (1, 0)
    # A blocked ace taking the lone table ace by the normal rules.
    state = position(rules, ["AD 2S", "KS KC"], "AH")
    assert state.apply(sr.Move.parse("ADxAH")).sweeps == (1, 0)
    # Without ace_takes_all the option changes nothing.
    plain = sr.Ruleset.scopa(ace_sweep_is_scopa=False)
    state = position(plain, ["AD 2S", "KS KC"], "AH")
    assert state.apply(sr.Move.parse("ADxAH")).sweeps == (1, 0)


def test_ace_on_an_empty_table_is_trailed() -> None:
    rules = sr.Ruleset.scopa(ace_takes_all=True)
    state = position(rules, ["AD 2S", "KS KC"], "")
    assert legal(state) == moves("AD", "2S")
    after = state.apply(sr.Move.trail("AD"))
    assert after.table == cards("AD")
    assert after.sweeps == (0, 0)


# -- last_card_sweep_counts -------------------------------------------------------


@pytest.mark.parametrize("counts", [True, False])
def test_last_card_sweep_counts(counts: bool) -> None:
    rules = sr.Ruleset.scopa(last_card_sweep_counts=counts)
    # The hand's very last card: no stock and every other hand empty.
    state = position(rules, ["7D", ""], "3C 4C", current_player=0)
    after = state.apply(sr.Move.parse("7Dx3C4C"))
    result = after.last_hand
    assert result is not None
    assert result.score.sides[0].sweeps == (1 if counts else 0)
    assert result.score.sides[0].sweep_points == (1 if counts else 0)


@pytest.mark.parametrize("counts", [True, False])
def test_a_sweep_before_the_last_card_always_counts(counts: bool) -> None:
    rules = sr.Ruleset.scopa(last_card_sweep_counts=counts)
    # The other seat still holds a card.
    state = position(rules, ["7D", "KS"], "3C 4C", current_player=0)
    assert state.apply(sr.Move.parse("7Dx3C4C")).sweeps == (1, 0)
    # Last card of a deal, but the stock still holds a deal.
    state = position(
        rules, ["7D", ""], "3C 4C", stock="AS 2S 3S 4S 5S 6S", current_player=0
    )
    after = state.apply(sr.Move.parse("7Dx3C4C"))
    assert after.sweeps == (1, 0)
    assert after.phase is sr.Phase.PLAY


# -- redeal_kings ------------------------------------------------------------------

# Two players, dealer seat 1: seat 0 gets deck[0:3], seat 1 deck[3:6], the
# table deck[6:10].
THREE_KINGS = deck("AD 2D 3D 4D 5D 6D KD KH KS 2C")
TWO_KINGS = deck("AD 2D 3D 4D 5D 6D KD KH 2S 2C")
FOUR_KINGS = deck("AD 2D 3D 4D 5D 6D KD KH KS KC")
SECOND = deck("AH 2H 3H 4H 5H 6H 7H JH QH 2S")


@pytest.mark.parametrize(
    ("kings", "first", "redealt"),
    [
        (3, THREE_KINGS, True),
        (3, FOUR_KINGS, True),
        (3, TWO_KINGS, False),
        (None, THREE_KINGS, False),
        (None, FOUR_KINGS, False),
        (2, TWO_KINGS, True),
        (2, THREE_KINGS, True),
        (4, THREE_KINGS, False),
        (4, FOUR_KINGS, True),
    ],
)
def test_redeal_kings(kings: int | None, first: sr.Deck, redealt: bool) -> None:
    rules = sr.Ruleset.scopa(redeal_kings=kings)
    state = sr.new_game(rules, deck=first, decks=[SECOND])
    assert state.dealer == 1
    used = SECOND if redealt else first
    assert state.table == sr.CardSet(used[6:10])
    assert state.hands == (sr.CardSet(used[0:3]), sr.CardSet(used[3:6]))
    assert state.stock == used[10:]


def test_redeal_kings_default_is_three_and_the_redeal_is_recorded() -> None:
    assert SCOPA.redeal_kings == 3
    state = sr.new_game(SCOPA, deck=THREE_KINGS, decks=[SECOND])
    assert state.dealer == 1
    assert state.current_player == 0
    state = play_hand_out(state)
    result = state.last_hand
    assert result is not None
    assert result.dealer == 1
    assert result.redealt == (THREE_KINGS,)
    assert result.deck == SECOND


# -- first_card_choice (Chkobba) ----------------------------------------------------


def test_first_card_choice_off_deals_straight_into_play() -> None:
    rules = sr.Ruleset.chkobba(first_card_choice=False)
    state = sr.new_game(rules, deck=sr.Deck.standard())
    assert state.phase is sr.Phase.PLAY
    assert state.first_card is None
    assert all(move.kind is sr.MoveKind.PLAY for move in state.legal_moves())
    assert state.hands[0] == cards("AD 2D 3D")


@pytest.mark.parametrize("dealer", [0, 1])
def test_first_card_choice_gives_the_seat_after_the_dealer_a_decision(
    dealer: int,
) -> None:
    rules = sr.Ruleset.chkobba()
    state = sr.new_game(rules, deck=sr.Deck.standard(), dealer=dealer)
    first = sr.Card.parse("AD")
    assert state.phase is sr.Phase.FIRST_CARD
    assert state.current_player == (dealer + 1) % 2
    assert state.first_card is first
    assert state.legal_moves() == (
        sr.Move.keep_first_card(first),
        sr.Move.table_first_card(first),
    )
    with pytest.raises(sr.IllegalMoveError):
        state.apply(sr.Move.trail("AD"))


@pytest.mark.parametrize(("players", "hand_size"), [(2, 3), (4, 3), (2, 6)])
def test_first_card_kept_follows_the_documented_deal(
    players: int, hand_size: int
) -> None:
    rules = sr.Ruleset.chkobba(players=players, hand_size=hand_size)
    d = sr.Deck.shuffled(11)
    state = sr.new_game(rules, deck=d, decks=[sr.Deck.shuffled(12)] * 3)
    dealer = state.dealer
    assert state.current_player == (dealer + 1) % players
    state = state.apply(sr.Move.keep_first_card(d[0]))
    # The seat after the dealer: the kept card and hand_size - 1 more; the
    # others full packets in playing order; then the table; then the stock.
    expected: dict[int, sr.CardSet] = {}
    leader = (dealer + 1) % players
    expected[leader] = sr.CardSet(d[0:hand_size])
    used = hand_size
    for offset in range(1, players):
        seat = (leader + offset) % players
        expected[seat] = sr.CardSet(d[used : used + hand_size])
        used += hand_size
    table = sr.CardSet(d[used : used + 4])
    kings = len(table.of_rank(sr.Rank.KING))
    assert kings < 3, "pick a deck whose kept-card table needs no redeal"
    assert state.phase is sr.Phase.PLAY
    assert state.current_player == leader
    assert state.hands == tuple(expected[seat] for seat in range(players))
    assert state.table == table
    assert len(table) == 4
    assert state.stock == d[used + 4 :]
    assert state.moves_this_hand == (sr.Move.keep_first_card(d[0]),)


@pytest.mark.parametrize(("players", "hand_size"), [(2, 3), (4, 3), (2, 6)])
def test_first_card_tabled_follows_the_documented_deal(
    players: int, hand_size: int
) -> None:
    rules = sr.Ruleset.chkobba(players=players, hand_size=hand_size)
    d = sr.Deck.shuffled(11)
    state = sr.new_game(rules, deck=d, decks=[sr.Deck.shuffled(12)] * 3)
    dealer = state.dealer
    state = state.apply(sr.Move.table_first_card(d[0]))
    # Every seat gets a full packet from deck[1:], then the table is the
    # first card and three more.
    leader = (dealer + 1) % players
    expected: dict[int, sr.CardSet] = {}
    used = 1
    for offset in range(players):
        seat = (leader + offset) % players
        expected[seat] = sr.CardSet(d[used : used + hand_size])
        used += hand_size
    table = sr.CardSet([d[0], *d[used : used + 3]])
    assert len(table.of_rank(sr.Rank.KING)) < 3
    assert state.phase is sr.Phase.PLAY
    assert state.current_player == leader
    assert state.hands == tuple(expected[seat] for seat in range(players))
    assert state.table == table
    assert d[0] in state.table
    assert state.stock == d[used + 3 :]


def test_first_card_choice_standard_deck_two_players() -> None:
    # Dealer seat 1, so seat 0 decides on AD.
    rules = sr.Ruleset.chkobba()
    start = sr.new_game(rules, deck=sr.Deck.standard())
    kept = start.apply(sr.Move.keep_first_card("AD"))
    assert kept.hands == (cards("AD 2D 3D"), cards("4D 5D 6D"))
    assert kept.table == cards("7D JD QD KD")
    tabled = start.apply(sr.Move.table_first_card("AD"))
    assert tabled.hands == (cards("2D 3D 4D"), cards("5D 6D 7D"))
    assert tabled.table == cards("AD JD QD KD")
    assert kept.stock == tabled.stock == sr.Deck.standard()[10:]


def test_first_card_choice_then_kings_redeal() -> None:
    # Kept, AD leaves deck[6:10] = KD KH KS 2C for the table: a redeal, and
    # the same seat decides again on the next deck's first card.  Tabled, the
    # table is AD KH KS 2C: two kings, no redeal.
    rules = sr.Ruleset.chkobba()
    start = sr.new_game(rules, deck=THREE_KINGS, decks=[SECOND])
    kept = start.apply(sr.Move.keep_first_card("AD"))
    assert kept.phase is sr.Phase.FIRST_CARD
    assert kept.dealer == 1
    assert kept.current_player == 0
    assert kept.first_card is SECOND[0]
    tabled = start.apply(sr.Move.table_first_card("AD"))
    assert tabled.phase is sr.Phase.PLAY
    assert tabled.table == cards("AD KH KS 2C")
    never = sr.new_game(
        rules.replace(redeal_kings=None), deck=THREE_KINGS, decks=[SECOND]
    )
    assert never.apply(sr.Move.keep_first_card("AD")).table == cards("KD KH KS 2C")


def test_first_card_choice_comes_back_every_hand() -> None:
    state = sr.new_game(sr.Ruleset.chkobba(), seed=3)
    for _ in range(3):
        assert state.phase is sr.Phase.FIRST_CARD
        assert state.current_player == (state.dealer + 1) % 2
        state = play_hand_out(state)
        if state.is_over:
            break


# -- initial_fifteen_sweeps (Escoba) ------------------------------------------------


def escoba_deck(table: str, players: int = 2) -> sr.Deck:
    """A deck whose initial table (after ``players`` packets of 3) is
    ``table``; the hands are low hearts and spades not in the table."""
    filler = [
        c for c in cards("2H 3H 4H 6H 2S 3S 4S 6S JH QH JS QS") if c not in cards(table)
    ]
    hands = " ".join(str(c) for c in filler[: 3 * players])
    return deck(f"{hands} {table}")


@pytest.mark.parametrize(
    ("table", "swept"),
    [
        ("AD 2C 5S 7C", 1),  # 15
        ("KD KH 7S 3C", 2),  # 30
        ("AD 2C 6S 7C", 0),  # 16
    ],
)
def test_initial_fifteen_sweeps(table: str, swept: int) -> None:
    rules = sr.Ruleset.escoba()
    d = escoba_deck(table)
    state = sr.new_game(rules, deck=d)
    assert state.dealer == 1
    assert state.current_player == 0
    if swept:
        assert state.table == sr.CardSet()
        assert state.piles == (sr.CardSet(), cards(table))
        assert state.sweeps == (0, swept)
    else:
        assert state.table == cards(table)
        assert state.sweeps == (0, 0)
    off = sr.new_game(rules.replace(initial_fifteen_sweeps=False), deck=d)
    assert off.table == cards(table)
    assert off.sweeps == (0, 0)
    assert off.piles == (sr.CardSet(), sr.CardSet())


def test_initial_fifteen_sweeps_go_to_the_dealers_side_with_four_players() -> None:
    rules = sr.Ruleset.escoba(players=4)
    d = escoba_deck("AD 2C 5S 7C", players=4)
    state = sr.new_game(rules, deck=d)
    assert state.dealer == 3
    assert state.table == sr.CardSet()
    assert state.sweeps == (0, 1)
    assert state.piles[1] == cards("AD 2C 5S 7C")
    state = sr.new_game(rules, deck=d, dealer=0)
    # With dealer 0 the packets shift by one seat, but the table is the same.
    assert state.sweeps == (1, 0)
    assert state.piles[0] == cards("AD 2C 5S 7C")


def test_initial_fifteen_sweeps_are_scored_at_the_end_of_the_hand() -> None:
    d = escoba_deck("KD KH 7S 3C")
    on = play_hand_out(sr.new_game(sr.Ruleset.escoba(), deck=d))
    off = play_hand_out(
        sr.new_game(sr.Ruleset.escoba(initial_fifteen_sweeps=False), deck=d)
    )
    assert on.last_hand is not None
    assert off.last_hand is not None
    assert cards("KD KH 7S 3C") <= on.last_hand.piles[1]
    assert on.last_hand.score.sides[1].sweeps >= 2
    assert on.last_hand.score.sides[1].sweep_points >= 2
    # Played the same way (first legal move), the hands differ only by the
    # initial table, so the dealer's sweeps differ.
    assert on.last_hand.score.sides[1].sweeps != off.last_hand.score.sides[1].sweeps


def test_initial_fifteen_sweeps_with_scopa_a_quindici() -> None:
    rules = sr.Ruleset.scopa_a_quindici(initial_fifteen_sweeps=True)
    state = sr.new_game(rules, deck=escoba_deck("AD 2C 5S 7C"))
    assert state.sweeps == (0, 1)
    assert state.table == sr.CardSet()


# -- primiera_rule ---------------------------------------------------------------


def test_primiera_all_suits_seed_000_example() -> None:
    # 7D 7S 6H AC = 76 beats 7H 6S 5D 7C = 75.
    assert primiera_points(SCOPA, "7D 7S 6H AC", "7H 6S 5D 7C") == (1, 0)


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("all_suits", (0, 1)),
        ("more_suits", (0, 1)),
        ("partial_sum", (1, 0)),
        ("most_sevens", (1, 0)),
    ],
)
def test_primiera_three_high_suits_against_four_low(
    rule: str, expected: tuple[int, int]
) -> None:
    # 7D 7H 7S = 63 in three suits; 2D 2H 2S 2C = 48 in four.
    rules = sr.Ruleset.scopa(primiera_rule=rule)
    assert primiera_points(rules, "7D 7H 7S", "2D 2H 2S 2C") == expected


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("all_suits", (0, 0)),
        ("more_suits", (0, 1)),
        ("partial_sum", (1, 0)),
        ("most_sevens", (1, 0)),
    ],
)
def test_primiera_when_both_miss_a_suit(rule: str, expected: tuple[int, int]) -> None:
    # 7D 7H = 42 in two suits; 2D 2H 2S = 36 in three.
    rules = sr.Ruleset.scopa(primiera_rule=rule)
    assert primiera_points(rules, "7D 7H", "2D 2H 2S") == expected


def test_primiera_more_suits_compares_totals_at_equal_suit_counts() -> None:
    rules = sr.Ruleset.scopa(primiera_rule="more_suits")
    assert primiera_points(rules, "7D 7H 7S", "6D 6H 6S KC") == (0, 1)
    assert primiera_points(rules, "7D 7H 7S", "6D 6H 6S") == (1, 0)
    assert primiera_points(rules, "7D 6H", "6D 7H") == (0, 0)


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("all_suits", (0, 1)),
        ("more_suits", (0, 1)),
        ("partial_sum", (0, 1)),
        ("most_sevens", (1, 0)),
    ],
)
def test_primiera_most_sevens_counts_sevens_not_totals(
    rule: str, expected: tuple[int, int]
) -> None:
    # Side 0: two sevens, 21+21+10+10 = 62.  Side 1: one seven and three
    # sixes, 18+18+21+18 = 75.
    rules = sr.Ruleset.scopa(primiera_rule=rule)
    assert primiera_points(rules, "7D 7H KS KC", "6D 6H 7S 6C") == expected


def test_primiera_most_sevens_ties() -> None:
    rules = sr.Ruleset.scopa(primiera_rule="most_sevens")
    # Tied on sevens: most sixes wins.
    assert primiera_points(rules, "7D 7H 6S 6C", "7S 7C 6D") == (1, 0)
    assert primiera_points(rules, "7D 7H 6S", "7S 7C 6D 6C") == (0, 1)
    # Tied on sevens and sixes: no one.
    assert primiera_points(rules, "7D 7H 6S", "7S 7C 6D") == (0, 0)
    assert primiera_points(rules, "AD", "AH") == (0, 0)
    # The same piles under all_suits: only totals in four suits count.
    assert primiera_points(SCOPA, "7D 7H 6S 6C", "7S 7C 6D") == (1, 0)
    assert primiera_points(SCOPA, "7D 7H 6S", "7S 7C 6D 6H") == (0, 1)


def test_primiera_most_sevens_with_three_players() -> None:
    rules = sr.Ruleset.scopa(players=3, primiera_rule="most_sevens")
    assert primiera_points(rules, "7D 7H", "7S 6D", "7C 6H 6S 6C") == (1, 0, 0)
    # Two sides tied on sevens and sixes for the lead: no one, even though a
    # third side has more sixes.
    assert primiera_points(rules, "7D 7H", "7S 7C", "6D 6H 6S 6C") == (0, 0, 0)


# -- re_bello, napola, cappotto ----------------------------------------------------


@pytest.mark.parametrize("on", [True, False])
def test_re_bello(on: bool) -> None:
    rules = sr.Ruleset.scopa(re_bello=on)
    score = sr.score_hand(rules, [cards("KD"), cards("2S")], [0, 0])
    assert score.sides[0].re_bello is True
    assert score.sides[0].re_bello_points == (1 if on else 0)
    # The king of coins is also a coin: side 0 wins coins.
    assert score.totals == ((2, 0) if on else (1, 0))
    # Without the king, no point either way.
    score = sr.score_hand(rules, [cards("QD"), cards("KS")], [0, 0])
    assert score.sides[1].re_bello_points == 0


@pytest.mark.parametrize(
    ("coins", "points"),
    [
        ("AD 2D 3D", 3),
        ("AD 2D 3D 4D", 4),
        ("AD 2D 4D", 0),
        ("AD 2D 3D 4D 6D", 4),
        ("AD 2D", 0),
        ("2D 3D 4D 5D", 0),
        ("AD 2D 3D 4D 5D 6D 7D", 7),
        ("AD 2D 3D 4D 5D 6D 7D JD QD KD", 10),
    ],
)
def test_napola(coins: str, points: int) -> None:
    piles = [cards(coins), cards("KS")]
    on = sr.score_hand(sr.Ruleset.scopa(napola=True), piles, [0, 0])
    off = sr.score_hand(SCOPA, piles, [0, 0])
    assert on.sides[0].napola_points == points
    assert off.sides[0].napola_points == 0
    assert on.totals[0] - off.totals[0] == points


ALL_COINS = sr.ALL_CARDS.of_suit(sr.Suit.DENARI)


def test_cappotto_in_the_hand_score() -> None:
    piles = [ALL_COINS, sr.ALL_CARDS - ALL_COINS]
    on = sr.score_hand(sr.Ruleset.scopa(cappotto=True), piles, [0, 0])
    off = sr.score_hand(SCOPA, piles, [0, 0])
    assert on.sides[0].all_coins is True
    assert on.cappotto_side == 0
    assert off.cappotto_side is None
    # Nine coins are not a cappotto.
    nine = ALL_COINS - cards("KD")
    short = sr.score_hand(
        sr.Ruleset.scopa(cappotto=True), [nine, sr.ALL_CARDS - nine], [0, 0]
    )
    assert short.cappotto_side is None


@pytest.mark.parametrize("cappotto", [True, False])
def test_cappotto_wins_the_game_whatever_the_scores(cappotto: bool) -> None:
    rules = sr.Ruleset.scopa(cappotto=cappotto)
    # Side 0 holds all ten coins; seat 0 trails the hand's last card.  Side
    # 1 wins the cards and reaches 11; side 0 scores coins and settebello.
    pile1 = sr.ALL_CARDS - ALL_COINS - cards("KS")
    state = position(
        rules,
        ["KS", ""],
        piles=[str(ALL_COINS), str(pile1)],
        scores=[0, 10],
        current_player=0,
    )
    after = state.apply(sr.Move.trail("KS"))
    assert after.last_hand is not None
    assert after.last_hand.score.totals == (2, 1)
    assert after.scores == (2, 11)
    assert after.is_over
    assert after.winner == (0 if cappotto else 1)


def test_cappotto_ends_the_game_below_the_target() -> None:
    pile1 = sr.ALL_CARDS - ALL_COINS - cards("KS")
    for cappotto in (True, False):
        state = position(
            sr.Ruleset.scopa(cappotto=cappotto),
            ["KS", ""],
            piles=[str(ALL_COINS), str(pile1)],
            current_player=0,
        )
        after = state.apply(sr.Move.trail("KS"))
        assert after.scores == (2, 1)
        if cappotto:
            assert after.is_over
            assert after.winner == 0
        else:
            assert not after.is_over
            assert after.phase is sr.Phase.AWAITING_DEAL


# -- target_score -------------------------------------------------------------------


def last_card_position(rules: sr.Ruleset, scores: Sequence[int]) -> sr.GameState:
    """Seat 0 plays the last card 7D onto 3C 4C: side 0 scores the
    settebello (1), side 1 cards, coins and primiera (3)."""
    return position(rules, ["7D", ""], "3C 4C", scores=scores, current_player=0)


@pytest.mark.parametrize(("target", "over"), [(11, True), (12, False), (21, False)])
def test_target_score(target: int, over: bool) -> None:
    rules = sr.Ruleset.scopa(target_score=target)
    after = last_card_position(rules, [10, 0]).apply(sr.Move.parse("7Dx3C4C"))
    assert after.scores == (11, 3)
    assert after.is_over is over
    assert after.winner == (0 if over else None)
    if not over:
        assert after.phase is sr.Phase.AWAITING_DEAL


def test_target_score_tie_for_the_lead_plays_another_hand() -> None:
    after = last_card_position(SCOPA, [10, 8]).apply(sr.Move.parse("7Dx3C4C"))
    assert after.scores == (11, 11)
    assert not after.is_over
    lower = sr.Ruleset.scopa(target_score=5)
    after = last_card_position(lower, [4, 4]).apply(sr.Move.parse("7Dx3C4C"))
    assert after.scores == (5, 7)
    assert after.winner == 1


def test_target_score_decides_game_length() -> None:
    short = play_to_end(sr.Ruleset.scopa(target_score=1), seed=5)
    long = play_to_end(sr.Ruleset.scopa(target_score=31), seed=5)
    assert max(short.scores) >= 1
    assert max(long.scores) >= 31
    assert len(short.hand_results) < len(long.hand_results)


# -- players and partnerships --------------------------------------------------------


def test_partnerships_default_and_off_with_four_players() -> None:
    teams = sr.Ruleset.scopa(players=4)
    solo = sr.Ruleset.scopa(players=4, partnerships=False)
    assert teams.partnerships is True
    assert teams.sides == 2
    assert teams.seats_of(0) == (0, 2)
    assert teams.seats_of(1) == (1, 3)
    assert solo.sides == 4
    assert [solo.side_of(seat) for seat in range(4)] == [0, 1, 2, 3]
    assert [teams.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]


def test_partnerships_decide_whose_pile_a_capture_joins() -> None:
    hands = ["KH", "KC", "7D", "KS"]
    for partnerships, side in ((True, 0), (False, 2)):
        rules = sr.Ruleset.scopa(players=4, partnerships=partnerships)
        state = position(rules, hands, "3C 4C", current_player=2)
        after = state.apply(sr.Move.parse("7Dx3C4C"))
        assert len(after.piles) == rules.sides
        assert after.piles[side] == cards("7D 3C 4C")
        expected = [0] * rules.sides
        expected[side] = 1
        assert after.sweeps == tuple(expected)
        assert after.current_player == 3


def test_four_individuals_play_to_the_end() -> None:
    rules = sr.Ruleset.scopa(players=4, partnerships=False)
    state = play_to_end(rules, seed=9)
    assert len(state.scores) == 4
    assert state.winner in range(4)
    assert state.last_hand is not None
    assert len(state.last_hand.score.sides) == 4


def test_six_players_play_in_two_teams_of_three_or_alone() -> None:
    teams = sr.Ruleset.scopa(players=6)
    assert teams.sides == 2
    assert teams.seats_of(0) == (0, 2, 4)
    solo = sr.Ruleset.scopa(players=6, partnerships=False)
    assert solo.sides == 6
    assert len(play_to_end(solo, seed=2).scores) == 6


def test_partnerships_are_refused_for_two_or_three_players() -> None:
    for players in (2, 3):
        with pytest.raises(sr.InvalidRulesetError, match="partnerships"):
            sr.Ruleset.scopa(players=players, partnerships=True)


def test_replacing_players_applies_the_partnership_default() -> None:
    # RULES.md section 1: four players play 0,2 against 1,3 unless the table
    # turns partnerships off; Chkobba for 4 is "2 teams" (section 3).  A
    # preset varied to four players without mentioning partnerships should
    # therefore play in partnerships, as the preset made for four does.
    assert sr.Ruleset.chkobba(players=4).partnerships is True
    assert sr.Ruleset.chkobba().replace(players=4).partnerships is True
    assert sr.Ruleset.scopa().replace(players=4) == sr.Ruleset.scopa(players=4)


# -- players, hand_size, table_size: the deal -----------------------------------------


def count_deals(state: sr.GameState) -> int:
    """Play one hand with the first legal move and count the deals."""
    rules = state.rules
    if state.phase is sr.Phase.FIRST_CARD:
        state = state.apply(state.legal_moves()[0])
    deals = 0
    finished = len(state.hand_results)
    full = rules.players * rules.hand_size
    while state.phase is sr.Phase.PLAY and len(state.hand_results) == finished:
        if sum(len(hand) for hand in state.hands) == full:
            deals += 1
        state = state.apply(state.legal_moves()[0])
    return deals


@pytest.mark.parametrize(
    ("rules", "deals"),
    [
        (sr.Ruleset.scopa(players=2), 6),
        (sr.Ruleset.scopa(players=3), 4),
        (sr.Ruleset.scopa(players=4), 3),
        (sr.Ruleset.scopa(players=6), 2),
        (sr.Ruleset.scopone(), 1),
        (sr.Ruleset.scopone_scientifico(), 1),
        (sr.Ruleset.chkobba(players=2), 6),
        (sr.Ruleset.chkobba(players=4), 3),
        (sr.Ruleset.escoba(players=2), 6),
        (sr.Ruleset.escoba(players=3), 4),
        (sr.Ruleset.escoba(players=4), 3),
        (sr.Ruleset.scopa(players=2, hand_size=6), 3),
        (sr.Ruleset.scopa(players=2, table_size=10), 5),
        (sr.Ruleset.scopa(players=4, hand_size=9), 1),
        (sr.Ruleset.scopa(players=3, hand_size=4), 3),
        (sr.Ruleset(players=5, table_size=10), 2),
        (sr.Ruleset(players=5, hand_size=6, table_size=10), 1),
    ],
    ids=rules_id,
)
def test_players_hand_size_table_size_shape_the_deal(
    rules: sr.Ruleset, deals: int
) -> None:
    assert rules.deals_per_hand == deals
    state = sr.new_game(rules, seed=4)
    if state.phase is sr.Phase.FIRST_CARD:
        assert all(len(hand) == 0 for hand in state.hands)
        state = state.apply(sr.Move.table_first_card(state.legal_moves()[0].card))
    assert len(state.hands) == rules.players
    assert all(len(hand) == rules.hand_size for hand in state.hands)
    swept = sum(state.sweeps) > 0 and not state.table
    if not swept:
        assert len(state.table) == rules.table_size
    assert len(state.stock) == (deals - 1) * rules.players * rules.hand_size
    assert len(state.scores) == rules.sides
    assert count_deals(sr.new_game(rules, seed=4)) == deals


def test_unusual_player_counts_have_a_repr() -> None:
    # Five players can be dealt 3 + 10 (the error message for 3 + 4 says so);
    # such a ruleset is valid and must be printable.
    rules = sr.Ruleset(players=5, table_size=10)
    assert rules.deals_per_hand == 2
    text = repr(rules)
    assert "players=5" in text
    assert "table_size=10" in text


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 5}, ["5 players", "3 cards", "4 on the table", "cannot be dealt"]),
        ({"players": 2, "hand_size": 7}, ["7 cards", "cannot be dealt"]),
        ({"players": 4, "hand_size": 10, "table_size": 4}, ["cannot be dealt"]),
        ({"players": 3, "table_size": 0}, ["cannot be dealt"]),
        ({"players": 1}, ["players"]),
        ({"hand_size": 0}, ["hand_size"]),
        ({"table_size": 40}, ["table_size"]),
        ({"table_size": -1}, ["table_size"]),
    ],
)
def test_combinations_that_cannot_be_dealt_are_refused(
    options: dict[str, Any], words: list[str]
) -> None:
    with pytest.raises(sr.InvalidRulesetError) as caught:
        sr.Ruleset(**options)
    for word in words:
        assert word in str(caught.value)


# -- presets -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        (sr.Ruleset.scopa(), {"players": 2}),
        (sr.Ruleset.scopa(players=3), {"players": 3}),
        (sr.Ruleset.scopa(players=4), {"players": 4, "partnerships": True}),
        (sr.Ruleset.scopa(players=6), {"players": 6, "partnerships": True}),
        (
            sr.Ruleset.scopone(),
            {"players": 4, "partnerships": True, "hand_size": 9, "table_size": 4},
        ),
        (
            sr.Ruleset.scopone_scientifico(),
            {"players": 4, "partnerships": True, "hand_size": 10, "table_size": 0},
        ),
        *(
            (
                sr.Ruleset.chkobba(players=p),
                {
                    "players": p,
                    "partnerships": p == 4,
                    "capture_values": sr.CaptureValues.CHKOBBA,
                    "first_card_choice": True,
                    "primiera_rule": sr.PrimieraRule.MOST_SEVENS,
                    "target_score": 21,
                },
            )
            for p in (2, 4)
        ),
        *(
            (
                sr.Ruleset.escoba(players=p),
                {
                    "players": p,
                    "partnerships": p == 4,
                    "capture_mode": sr.CaptureMode.FIFTEEN,
                    "capture_compulsion": sr.CaptureCompulsion.NONE,
                    "initial_fifteen_sweeps": True,
                    "primiera_rule": sr.PrimieraRule.MOST_SEVENS,
                    "target_score": 21,
                    "redeal_kings": None,
                },
            )
            for p in (2, 3, 4)
        ),
        *(
            (
                sr.Ruleset.scopa_a_quindici(players=p),
                {
                    "players": p,
                    "partnerships": p >= 4,
                    "capture_mode": sr.CaptureMode.FIFTEEN,
                },
            )
            for p in (2, 3, 4, 6)
        ),
        *(
            (
                sr.Ruleset.cirulla(players=p),
                {
                    "players": p,
                    "partnerships": p == 4,
                    "capture_mode": sr.CaptureMode.MATCH_OR_FIFTEEN,
                    "capture_rule": sr.CaptureRule.FEWEST_CARDS,
                    "ace_takes_all": True,
                    "blocked_ace_sweeps": False,
                    "initial_fifteen_sweeps": True,
                    "redeal_kings": None,
                    "redeal_aces": 2,
                    "napola": True,
                    "napola_points": sr.NapolaPoints.RUN_TO_SIX,
                    "grande": True,
                    "declarations": True,
                    "target_score": 51,
                },
            )
            for p in (2, 3, 4)
        ),
    ],
    ids=rules_id,
)
def test_preset_option_values(preset: sr.Ruleset, expected: dict[str, object]) -> None:
    # Every option not listed is the classic Scopa default (RULES.md §7).
    defaults = sr.Ruleset().options()
    assert preset.options() == {**defaults, **expected}


def test_presets_can_be_varied_option_by_option() -> None:
    rules = sr.Ruleset.chkobba(players=4, target_score=31, re_bello=True)
    assert rules.target_score == 31
    assert rules.re_bello is True
    assert rules.capture_values is sr.CaptureValues.CHKOBBA
    rules = sr.Ruleset.escoba().replace(capture_compulsion="played_card")
    assert rules.capture_compulsion is sr.CaptureCompulsion.PLAYED_CARD
    assert rules.capture_mode is sr.CaptureMode.FIFTEEN
    rules = sr.Ruleset.scopone(napola=True, cappotto=True, ace_takes_all=True)
    assert (rules.napola, rules.cappotto, rules.ace_takes_all) == (True, True, True)
    assert rules.hand_size == 9


ALL_PRESETS = [
    sr.Ruleset.scopa(players=2),
    sr.Ruleset.scopa(players=3),
    sr.Ruleset.scopa(players=4),
    sr.Ruleset.scopa(players=6),
    sr.Ruleset.scopone(),
    sr.Ruleset.scopone_scientifico(),
    sr.Ruleset.chkobba(players=2),
    sr.Ruleset.chkobba(players=4),
    sr.Ruleset.escoba(players=2),
    sr.Ruleset.escoba(players=3),
    sr.Ruleset.escoba(players=4),
    sr.Ruleset.scopa_a_quindici(players=2),
    sr.Ruleset.scopa_a_quindici(players=3),
    sr.Ruleset.scopa_a_quindici(players=4),
    sr.Ruleset.scopa_a_quindici(players=6),
    sr.Ruleset.scopa(ace_takes_all=True, napola=True, re_bello=True, cappotto=True),
    sr.Ruleset.scopa(capture_rule="fewest_cards", capture_compulsion="whole_hand"),
    sr.Ruleset.scopa(capture_mode="match_or_fifteen", last_card_sweep_counts=True),
]


@pytest.mark.parametrize("rules", ALL_PRESETS, ids=rules_id)
@pytest.mark.parametrize("seed", [1, 2])
def test_presets_play_to_the_end_with_random_moves(
    rules: sr.Ruleset, seed: int
) -> None:
    state = play_to_end(rules, seed)
    assert state.winner in range(rules.sides)
    assert len(state.scores) == rules.sides
    best = max(state.scores)
    cappotto = any(
        result.score.cappotto_side is not None for result in state.hand_results[-1:]
    )
    if not cappotto:
        assert best >= rules.target_score
        assert state.scores.count(best) == 1
        assert state.scores[state.winner or 0] == best
    for result in state.hand_results:
        # Every hand accounts for the 40 cards: piles plus any unclaimed
        # leftover.
        held = sr.CardSet()
        for pile in result.piles:
            assert held.isdisjoint(pile)
            held = held | pile
        if result.leftover_side is None:
            held = held | result.leftover
        assert held == sr.ALL_CARDS
        assert len(result.piles) == rules.sides


# -- validation ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (
            lambda: sr.Ruleset.scopone_scientifico(first_card_choice=True),
            ["first_card_choice", "table"],
        ),
        (
            lambda: sr.Ruleset.chkobba(players=4, hand_size=10, table_size=0),
            ["first_card_choice", "table"],
        ),
        (
            lambda: sr.Ruleset.scopa(initial_fifteen_sweeps=True),
            ["initial_fifteen_sweeps", "capture_mode"],
        ),
        (
            lambda: sr.Ruleset.escoba(capture_mode="match"),
            ["initial_fifteen_sweeps", "capture_mode"],
        ),
        (lambda: sr.Ruleset.scopa().replace(target=21), ["unknown option", "target"]),
        (
            lambda: sr.Ruleset.scopa().replace(target=21),
            ["did you mean target_score"],
        ),
        (lambda: sr.Ruleset.scopa().replace(colour="red"), ["unknown option"]),
        (lambda: sr.Ruleset.chkobba(redeal_queens=2), ["unknown option"]),
        (lambda: sr.Ruleset.scopa(capture_rule="greedy"), ["greedy", "CaptureRule"]),
        (lambda: sr.Ruleset.scopa(capture_mode="sum"), ["sum", "CaptureMode"]),
        (
            lambda: sr.Ruleset.scopa(capture_compulsion="always"),
            ["always", "CaptureCompulsion"],
        ),
        (
            lambda: sr.Ruleset.scopa(capture_values="spanish"),
            ["spanish", "CaptureValues"],
        ),
        (
            lambda: sr.Ruleset.scopa(primiera_rule="bermila"),
            ["bermila", "PrimieraRule"],
        ),
        (lambda: sr.Ruleset.scopa(capture_rule=1), ["CaptureRule"]),
        (lambda: sr.Ruleset.scopa(re_bello=1), ["re_bello", "True or False"]),
        (lambda: sr.Ruleset.scopa(napola=0), ["napola", "True or False"]),
        (lambda: sr.Ruleset.scopa(cappotto="yes"), ["cappotto", "True or False"]),
        (lambda: sr.Ruleset.scopa(ace_takes_all=1), ["ace_takes_all"]),
        (
            lambda: sr.Ruleset.scopa(ace_blocked_by_table_ace=0),
            ["ace_blocked_by_table_ace"],
        ),
        (lambda: sr.Ruleset.scopa(ace_sweep_is_scopa=0), ["ace_sweep_is_scopa"]),
        (
            lambda: sr.Ruleset.scopa(last_card_sweep_counts=1),
            ["last_card_sweep_counts"],
        ),
        (lambda: sr.Ruleset.scopa(first_card_choice=1), ["first_card_choice"]),
        (
            lambda: sr.Ruleset.escoba(initial_fifteen_sweeps=1),
            ["initial_fifteen_sweeps"],
        ),
        (lambda: sr.Ruleset.scopa(players=4, partnerships=1), ["partnerships"]),
        (lambda: sr.Ruleset.scopa(players=True), ["players"]),
        (lambda: sr.Ruleset.scopa(target_score=True), ["target_score"]),
        (lambda: sr.Ruleset.scopa(target_score=0), ["target_score"]),
        (lambda: sr.Ruleset.scopa(target_score=11.0), ["target_score"]),
        (lambda: sr.Ruleset.scopa(redeal_kings=True), ["redeal_kings"]),
        (lambda: sr.Ruleset.scopa(redeal_kings=0), ["redeal_kings"]),
        (lambda: sr.Ruleset.scopa(redeal_kings=5), ["redeal_kings"]),
    ],
)
def test_invalid_rulesets_are_refused_with_a_reason(
    make: object, words: list[str]
) -> None:
    assert callable(make)
    with pytest.raises(sr.InvalidRulesetError) as caught:
        make()
    for word in words:
        assert word in str(caught.value)


def test_enum_options_accept_their_names_and_members() -> None:
    assert (
        sr.Ruleset.scopa(capture_rule="FEWEST_CARDS").capture_rule
        is sr.CaptureRule.FEWEST_CARDS
    )
    assert (
        sr.Ruleset.scopa(primiera_rule=sr.PrimieraRule.MORE_SUITS).primiera_rule
        is sr.PrimieraRule.MORE_SUITS
    )
    assert sr.Ruleset.scopa(capture_mode="fifteen") == sr.Ruleset.scopa_a_quindici()


def test_replace_validates_the_result() -> None:
    rules = sr.Ruleset.escoba()
    with pytest.raises(sr.InvalidRulesetError, match="initial_fifteen_sweeps"):
        rules.replace(capture_mode="match")
    assert rules.replace(
        capture_mode="match", initial_fifteen_sweeps=False
    ).capture_mode is (sr.CaptureMode.MATCH)
    with pytest.raises(sr.InvalidRulesetError, match="cannot be dealt"):
        sr.Ruleset.scopa().replace(players=5)
