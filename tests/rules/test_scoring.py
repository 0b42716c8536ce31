"""Scoring a hand (RULES.md section 5) with the default Scopa rules."""

from __future__ import annotations

import pytest

import scopa_rules as sr
from scopa_rules import CardSet

SCOPA = sr.Ruleset.scopa()

# RULES.md section 5, worked example (seed 000): Anna's pile holds 23 cards,
# 4 coins, the settebello and the primiera 7D 7S 6H AC = 76; Ben's holds the
# other 17 cards, 6 coins and 7H 6S 5D 7C = 75.
ANNA = CardSet("7D 6D AD KD AH 2H 3H 4H 5H 6H JH QH KH AS 2S 3S 4S 5S 7S JS QS KS AC")
BEN = sr.ALL_CARDS - ANNA

PRIMIERA_VALUE = {
    sr.Rank.SEVEN: 21,
    sr.Rank.SIX: 18,
    sr.Rank.ACE: 16,
    sr.Rank.FIVE: 15,
    sr.Rank.FOUR: 14,
    sr.Rank.THREE: 13,
    sr.Rank.TWO: 12,
    sr.Rank.JACK: 10,
    sr.Rank.QUEEN: 10,
    sr.Rank.KING: 10,
}


def score(
    *piles: CardSet | str,
    sweeps: tuple[int, ...] | None = None,
    rules: sr.Ruleset = SCOPA,
) -> sr.HandScore:
    sets = [p if isinstance(p, CardSet) else CardSet(p) for p in piles]
    return sr.score_hand(rules, sets, sweeps or (0,) * len(sets))


def points(hand: sr.HandScore, category: str) -> tuple[int, ...]:
    return tuple(getattr(side, f"{category}_points") for side in hand.sides)


# -- the worked examples ----------------------------------------------------------------


def test_worked_example_primiera_76_beats_75() -> None:
    hand = score("7D 7S 6H AC", "7H 6S 5D 7C")
    assert hand.sides[0].primiera == 21 + 21 + 18 + 16 == 76
    assert hand.sides[1].primiera == 21 + 18 + 15 + 21 == 75
    assert points(hand, "primiera") == (1, 0)
    # The same piles the other way round: the point follows the 76.
    assert points(score("7H 6S 5D 7C", "7D 7S 6H AC"), "primiera") == (0, 1)


def test_worked_example_tally_is_5_to_1() -> None:
    assert len(ANNA) == 23
    assert len(BEN) == 17
    hand = score(ANNA, BEN, sweeps=(2, 0))
    anna, ben = hand.sides
    assert (anna.cards, ben.cards) == (23, 17)
    assert (anna.coins, ben.coins) == (4, 6)
    assert (anna.settebello, ben.settebello) == (True, False)
    assert (anna.primiera, ben.primiera) == (76, 75)
    assert (anna.sweeps, ben.sweeps) == (2, 0)
    assert points(hand, "cards") == (1, 0)
    assert points(hand, "coins") == (0, 1)
    assert points(hand, "settebello") == (1, 0)
    assert points(hand, "primiera") == (1, 0)
    assert points(hand, "sweep") == (2, 0)
    assert hand.totals == (5, 1)
    assert (anna.total, ben.total) == (5, 1)


def test_breakdown_rows_show_the_worked_example() -> None:
    rows = dict(score(ANNA, BEN, sweeps=(2, 0)).rows())
    assert rows["cards"] == ["23 (1)", "17"]
    assert rows["primiera"] == ["76 in 4 suits (1)", "75 in 4 suits"]
    assert rows["total"] == ["5", "1"]
    assert "re bello" not in rows  # an option that is off is not shown


# -- each category --------------------------------------------------------------------


def test_most_cards_scores_one_point() -> None:
    hand = score("AH 2H 3H", "4H 5H")
    assert points(hand, "cards") == (1, 0)
    assert points(score("4H 5H", "AH 2H 3H"), "cards") == (0, 1)


def test_most_coins_scores_one_point_whatever_the_card_count() -> None:
    hand = score("AD 2D AH", "3D 4D 5D")
    assert (hand.sides[0].coins, hand.sides[1].coins) == (2, 3)
    assert points(hand, "coins") == (0, 1)


def test_settebello_scores_one_point_for_its_holder() -> None:
    assert points(score("2S", "7D"), "settebello") == (0, 1)
    assert points(score("7H 7S 7C", "6D"), "settebello") == (0, 0)


def test_each_sweep_scores_one_point() -> None:
    hand = score("AH", "2H", sweeps=(3, 1))
    assert points(hand, "sweep") == (3, 1)
    assert hand.totals == (3, 1)


@pytest.mark.parametrize("rank", list(sr.Rank))
def test_primiera_value_of_each_rank(rank: sr.Rank) -> None:
    pile = sr.ALL_CARDS.of_rank(rank)
    assert score(pile, "").sides[0].primiera == 4 * PRIMIERA_VALUE[rank]


def test_primiera_takes_the_best_card_of_each_suit() -> None:
    # Diamonds: 7 beats 6 beats A beats 5; hearts: 6; spades: A beats K;
    # clubs: 2 beats a face card.
    hand = score("5D AD 6D 7D 6H 3H KS AS 2C QC", "")
    assert hand.sides[0].primiera == 21 + 18 + 16 + 12
    assert hand.sides[0].primiera_suits == 4


def test_primiera_maximum_and_minimum() -> None:
    top = score(sr.ALL_CARDS, "").sides[0]
    assert top.primiera == 84
    faces = sr.ALL_CARDS.of_rank(sr.Rank.JACK) | sr.ALL_CARDS.of_rank(sr.Rank.KING)
    assert score(faces, "").sides[0].primiera == 40


def test_primiera_side_missing_a_suit_has_none_even_with_a_higher_sum() -> None:
    # 7D 7H 7S 6D 6H 6S = 63 in three suits against 40 in four suits.
    hand = score("7D 7H 7S 6D 6H 6S", "KD KH KS KC")
    assert hand.sides[0].primiera > hand.sides[1].primiera
    assert points(hand, "primiera") == (0, 1)


def test_primiera_nobody_when_both_miss_a_suit() -> None:
    assert points(score("7D 7H 7S", "7C"), "primiera") == (0, 0)


def test_re_bello_and_napola_do_not_score_by_default() -> None:
    hand = score("KD AD 2D 3D 4D", "AH")
    assert hand.sides[0].re_bello
    assert hand.sides[0].napola_run == 4
    assert points(hand, "re_bello") == (0, 0)
    assert points(hand, "napola") == (0, 0)
    assert hand.cappotto_side is None


def test_cards_left_unclaimed_score_for_no_one() -> None:
    hand = score("AH 2H", "")
    assert hand.sides[0].cards == 2
    assert hand.totals == (1, 0)


# -- ties -------------------------------------------------------------------------------


def test_cards_tie_20_to_20_gives_nobody_the_point() -> None:
    left = CardSet("AD 2D 3D 4D 5D AH 2H 3H 4H 5H 6H 7H JH QH KH AS 2S 3S 4S 5S")
    right = sr.ALL_CARDS - left
    hand = score(left, right)
    assert (hand.sides[0].cards, hand.sides[1].cards) == (20, 20)
    assert points(hand, "cards") == (0, 0)


def test_coins_tie_5_to_5_gives_nobody_the_point() -> None:
    hand = score("AD 2D 3D 4D 5D AH", "6D 7D JD QD KD")
    assert (hand.sides[0].coins, hand.sides[1].coins) == (5, 5)
    assert points(hand, "coins") == (0, 0)
    assert points(hand, "cards") == (1, 0)  # the cards are not tied


def test_primiera_tie_gives_nobody_the_point() -> None:
    hand = score("7D 7H 6S 6C", "6D 6H 7S 7C")
    assert hand.sides[0].primiera == hand.sides[1].primiera == 78
    assert points(hand, "primiera") == (0, 0)
    assert hand.totals == (1, 0)  # only the settebello


def test_three_players_two_tied_for_the_lead_give_nobody_the_point() -> None:
    rules = sr.Ruleset.scopa(players=3)
    first = CardSet("7D 7H 6S 6C AD 2D 3D AH 2H 3H 4H 5H JH QH KH")
    second = CardSet("6D 6H 7S 7C 4D 5D JD AS 2S 3S 4S 5S JS QS KS")
    third = sr.ALL_CARDS - first - second
    hand = score(first, second, third, rules=rules)
    assert [s.cards for s in hand.sides] == [15, 15, 10]
    assert [s.coins for s in hand.sides] == [4, 4, 2]
    assert [s.primiera for s in hand.sides[:2]] == [78, 78]
    assert points(hand, "cards") == (0, 0, 0)
    assert points(hand, "coins") == (0, 0, 0)
    assert points(hand, "primiera") == (0, 0, 0)
    assert hand.totals == (1, 0, 0)


def test_three_players_a_tie_below_the_lead_does_not_stop_the_leader() -> None:
    rules = sr.Ruleset.scopa(players=3)
    hand = score("AH 2H 3H 4H", "5H 6H", "7H JH", rules=rules)
    assert points(hand, "cards") == (1, 0, 0)


def test_three_players_each_category_to_its_outright_winner() -> None:
    rules = sr.Ruleset.scopa(players=3)
    hand = score("AH 2H 3H 4H", "AD 2D 5H", "7D", rules=rules)
    assert points(hand, "cards") == (1, 0, 0)
    assert points(hand, "coins") == (0, 1, 0)
    assert points(hand, "settebello") == (0, 0, 1)


# -- shape of the input ---------------------------------------------------------------------


def test_score_hand_wants_one_pile_and_sweep_count_per_side() -> None:
    with pytest.raises(sr.InvalidStateError, match="2 sides"):
        sr.score_hand(SCOPA, [CardSet("AD")], [0])
    with pytest.raises(sr.InvalidStateError, match="2 sides"):
        sr.score_hand(SCOPA, [CardSet("AD"), CardSet("2D")], [0, 0, 0])
    with pytest.raises(sr.InvalidStateError, match=r"^piles must be a list .*'AD'"):
        sr.score_hand(SCOPA, "AD", [0, 0])
    with pytest.raises(sr.InvalidStateError, match=r"^sweeps must be a list .*, not 3"):
        sr.score_hand(SCOPA, ["AD", "2D"], 3)  # type: ignore[arg-type]


def test_partnership_game_scores_two_sides() -> None:
    rules = sr.Ruleset.scopa(players=4)
    hand = sr.score_hand(rules, [ANNA, BEN], [2, 0])
    assert hand.totals == (5, 1)
    with pytest.raises(sr.InvalidStateError):
        sr.score_hand(rules, [ANNA, BEN, CardSet(), CardSet()], [0, 0, 0, 0])


def test_the_breakdown_prints_one_column_a_side_with_points_in_brackets() -> None:
    score = sr.score_hand(
        sr.Ruleset.scopa(players=3), ["7D 6D 5S", "KS 7C", "4H"], [1, 0, 0]
    )
    assert str(score) == (
        "           side 0         side 1         side 2\n"
        "cards      3 (1)          2              1\n"
        "coins      2 (1)          0              0\n"
        "settebello yes (1)        no             no\n"
        "primiera   36 in 2 suits  31 in 2 suits  14 in 1 suit\n"
        "sweeps     1 (1)          0              0\n"
        "total      4              0              0"
    )


def test_the_breakdown_under_most_sevens_counts_sevens_and_sixes() -> None:
    rules = sr.Ruleset.scopa(players=3, primiera_rule="most_sevens")
    score = sr.score_hand(rules, ["7D 6D 6S", "KS 7C 7H", "6H"], [0, 2, 0])
    assert str(score) == (
        "           side 0            side 1                 side 2\n"
        "cards      3                 3                      1\n"
        "coins      2 (1)             0                      0\n"
        "settebello yes (1)           no                     no\n"
        "primiera   1 seven, 2 sixes  2 sevens, 0 sixes (1)  0 sevens, 1 six\n"
        "sweeps     0                 2 (2)                  0\n"
        "total      2                 3                      0"
    )
