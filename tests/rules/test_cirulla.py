"""Cirulla and the readings of RULES.md section 8: each option with a worked
example, and tests that fail if the option is ignored."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import scopa_rules as sr
from helpers import position


def deck(*top: str) -> sr.Deck:
    """A deck with ``top`` first (deal order of scopa_rules.dealing), the
    other cards after them in card order."""
    first = [sr.Card.parse(text) for part in top for text in part.split()]
    rest = [card for card in sr.ALL_CARDS if card not in first]
    return sr.Deck([*first, *rest])


def moves(state: sr.GameState) -> list[str]:
    return [str(move) for move in state.legal_moves()]


ACE_RULES = sr.Ruleset.scopa(ace_takes_all=True)


def _options(blocked: object, **more: Any) -> dict[str, Any]:
    """Options naming the boolean of earlier versions, which the type of
    Ruleset's constructor does not list."""
    return {"ace_blocked_by_table_ace": blocked, **more}


# -- the preset -----------------------------------------------------------------


@pytest.mark.parametrize("name", ["cirulla", "Cirolla", "ciapachinze", "CIRULLA"])
def test_cirulla_is_found_by_its_names(name: str) -> None:
    assert sr.Ruleset.from_name(name) == sr.Ruleset.cirulla()
    assert sr.Ruleset.from_name(name, players=4).partnerships


def test_cirulla_is_played_by_two_three_or_four() -> None:
    assert [sr.Ruleset.cirulla(players=p).sides for p in (2, 3, 4)] == [2, 3, 2]
    with pytest.raises(sr.InvalidRulesetError, match="cirulla is played by 2, 3 or 4"):
        sr.Ruleset.cirulla(players=6)
    assert sr.Ruleset.cirulla(players=3).preset_name() == "cirulla"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_cirulla_games_play_out(players: int) -> None:
    rng = random.Random(players)
    state = sr.new_game(sr.Ruleset.cirulla(players=players), seed=players)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    assert max(state.scores) >= 51
    assert sr.GameState.from_dict(state.to_dict()) == state
    assert sr.GameRecord.from_text(state.record().to_text()).final_state() == state


# -- table_ace ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table_ace", "expected"),
    [
        ("blocks", ["ADxAS"]),
        ("ignored", ["ADxAS5C"]),
        ("either", ["ADxAS", "ADxAS5C"]),
    ],
)
def test_an_ace_on_an_ace_in_match_mode(table_ace: str, expected: list[str]) -> None:
    rules = ACE_RULES.replace(table_ace=table_ace)
    state = position(rules, ["AD", "KH"], "AS 5C")
    assert moves(state) == expected


@pytest.mark.parametrize(
    ("table_ace", "expected"),
    [
        # A blocked ace captures by fifteen: table cards adding up to 14.
        ("blocks", ["ADxKH4C"]),
        ("ignored", ["ADxKHAS4C"]),
        ("either", ["ADxKH4C", "ADxKHAS4C"]),
    ],
)
def test_an_ace_on_an_ace_in_fifteen_mode(table_ace: str, expected: list[str]) -> None:
    rules = ACE_RULES.replace(capture_mode="fifteen", table_ace=table_ace)
    state = position(rules, ["AD", "QH"], "AS 4C KH")
    assert moves(state) == expected


def test_without_a_table_ace_every_reading_takes_all() -> None:
    for table_ace in sr.TableAce:
        rules = ACE_RULES.replace(table_ace=table_ace)
        assert moves(position(rules, ["AD", "KH"], "2S 5C")) == ["ADx2S5C"]


def test_either_counts_a_whole_table_capture_as_the_take_all() -> None:
    # Only aces on the table: the normal capture of the single ace and the
    # take-all coincide, and it is the take-all (its sweep follows
    # ace_sweep_is_scopa).
    rules = ACE_RULES.replace(table_ace="either", ace_sweep_is_scopa=False)
    state = position(rules, ["AD 3C", "KH 4H"], "AS")
    assert moves(state) == ["ADxAS", "3C"]
    after = state.apply(sr.Move.parse("ADxAS"))
    assert after.sweeps == (0, 0)
    assert position(
        ACE_RULES.replace(table_ace="either"), ["AD 3C", "KH 4H"], "AS"
    ).apply(sr.Move.parse("ADxAS")).sweeps == (1, 0)


def test_the_old_boolean_is_an_alias_of_table_ace() -> None:
    alias = "ace_blocked_by_table_ace"
    assert sr.Ruleset(**_options(False)).table_ace is sr.TableAce.IGNORED
    assert sr.Ruleset(**_options(True)).table_ace is sr.TableAce.BLOCKS
    assert ACE_RULES.replace(**_options(False)).table_ace is sr.TableAce.IGNORED
    assert sr.Ruleset.from_dict({alias: False}).table_ace is sr.TableAce.IGNORED
    assert sr.Ruleset(table_ace="either").ace_blocked_by_table_ace is False
    assert sr.Ruleset().ace_blocked_by_table_ace is True
    assert sr.Ruleset(**_options(False, table_ace="ignored")).table_ace is (
        sr.TableAce.IGNORED
    )
    with pytest.raises(sr.InvalidRulesetError, match="disagree; give only table_ace"):
        sr.Ruleset(**_options(False, table_ace="blocks"))
    with pytest.raises(sr.InvalidRulesetError, match="must be True or False"):
        sr.Ruleset(**_options("no"))
    with pytest.raises(sr.InvalidRulesetError, match="is not a TableAce"):
        sr.Ruleset(table_ace="sometimes")


def test_saved_games_of_version_0_1_still_load() -> None:
    # Saves made before table_ace name the old boolean.
    state = sr.new_game(ACE_RULES.replace(table_ace="ignored"), seed=4)
    state = state.apply(state.legal_moves()[0])
    data = json.loads(json.dumps(state.to_dict()))
    rules = data["record"]["rules"]
    del rules["table_ace"]
    for name in (
        "ace_may_trail",
        "blocked_ace_sweeps",
        "redeal_aces",
        "napola_points",
        "grande",
        "declarations",
        "wild_card",
    ):
        del rules[name]
    rules["ace_blocked_by_table_ace"] = False
    assert sr.GameState.from_dict(data) == state


# -- ace_may_trail ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("compulsion", "hand", "expected"),
    [
        # The take-all is never compulsory; 5C must still capture.
        ("played_card", "AD 5C", ["ADx2H3S", "AD", "5Cx2H3S"]),
        # Under whole_hand the take-all does not count: no capture is
        # compulsory when it is the only one.
        ("whole_hand", "AD 6C", ["ADx2H3S", "AD", "6C"]),
        # ... but another card's capture is, and the take-all may answer it.
        ("whole_hand", "AD 5C", ["ADx2H3S", "5Cx2H3S"]),
        ("none", "AD 5C", ["ADx2H3S", "AD", "5Cx2H3S", "5C"]),
    ],
)
def test_an_ace_may_trail(compulsion: str, hand: str, expected: list[str]) -> None:
    rules = ACE_RULES.replace(ace_may_trail=True, capture_compulsion=compulsion)
    state = position(rules, [hand, "KH QH"], "2H 3S")
    assert moves(state) == expected
    for text in expected:
        assert state.is_legal(sr.Move.parse(text))
    assert not state.is_legal(sr.Move.parse("ADx2H"))


def test_without_ace_may_trail_the_take_all_is_compulsory() -> None:
    state = position(ACE_RULES, ["AD 5C", "KH QH"], "2H 3S")
    assert moves(state) == ["ADx2H3S", "5Cx2H3S"]
    assert "may not be trailed" in str(state.explain_illegal(sr.Move.parse("AD")))


def test_a_blocked_ace_must_still_capture_under_ace_may_trail() -> None:
    rules = ACE_RULES.replace(ace_may_trail=True)
    state = position(rules, ["AD 6C", "KH QH"], "AS 2H")
    assert moves(state) == ["ADxAS", "6C"]
    assert not state.is_legal(sr.Move.parse("AD"))


# -- blocked_ace_sweeps -----------------------------------------------------------


@pytest.mark.parametrize(
    ("blocked_sweeps", "sweeps"), [(True, (1, 0)), (False, (0, 0))]
)
def test_a_blocked_ace_that_empties_the_table(
    blocked_sweeps: bool, sweeps: tuple[int, int]
) -> None:
    rules = ACE_RULES.replace(blocked_ace_sweeps=blocked_sweeps)
    state = position(rules, ["AD 3C", "KH 4H"], "AS")
    assert state.apply(sr.Move.parse("ADxAS")).sweeps == sweeps


def test_blocked_ace_sweeps_leaves_the_take_all_alone() -> None:
    rules = ACE_RULES.replace(blocked_ace_sweeps=False)
    state = position(rules, ["AD 3C", "KH 4H"], "5S")
    assert state.apply(sr.Move.parse("ADx5S")).sweeps == (1, 0)


# -- redeal_aces --------------------------------------------------------------------


def test_two_aces_on_the_initial_table_redeal() -> None:
    rules = sr.Ruleset.cirulla()
    first = deck("2D 3D 4D", "5D 6D JD", "AH AS 2S 3S")
    second = deck("2D 3D 4D", "5D 6D JD", "AH 2S 3S 4S")
    state = sr.new_game(rules, decks=[first, second])
    assert state.table == sr.CardSet("AH 2S 3S 4S")
    assert state.record().dealt == () or state.hand_number == 0
    one_ace = sr.new_game(rules.replace(redeal_aces=3), decks=[first])
    assert one_ace.table == sr.CardSet("AH AS 2S 3S")


def test_a_redeal_comes_before_the_initial_sweeps() -> None:
    # A A 3 K adds up to 15 but is redealt, not swept.
    rules = sr.Ruleset.cirulla()
    first = deck("2D 3D 4D", "5D 6D JD", "AH AS 3S KS")
    second = deck("2D 3D 4D", "5D 6D JD", "2H 4S 5S 7C")
    state = sr.new_game(rules, decks=[first, second])
    assert state.table == sr.CardSet("2H 4S 5S 7C")
    assert state.sweeps == (0, 0)


def test_kings_and_aces_both_redeal() -> None:
    rules = sr.Ruleset.scopa(redeal_kings=2, redeal_aces=2)
    kings = deck("2D 3D 4D", "5D 6D JD", "KH KS 2S 3S")
    aces = deck("2D 3D 4D", "5D 6D JD", "AH AS 2S 3S")
    good = deck("2D 3D 4D", "5D 6D JD", "AH KS 2S 3S")
    assert sr.new_game(rules, decks=[kings, aces, good]).table == sr.CardSet(
        "AH KS 2S 3S"
    )


@pytest.mark.parametrize(
    ("total", "table", "sweeps"), [(15, "2S 3S 4S 6S", 1), (30, "5S 6S 9C KC", 2)]
)
def test_a_cirulla_deal_with_15_or_30_on_the_table(
    total: int, table: str, sweeps: int
) -> None:
    table = table.replace("9C", "QC")  # Q counts 9
    rules = sr.Ruleset.cirulla()
    state = sr.new_game(rules, deck=deck("2D 3D 4D", "5D 6D JD", table), dealer=1)
    values = sum(rules.capture_value(card.rank) for card in sr.CardSet(table))
    assert values == total
    assert state.table == sr.CardSet()
    assert state.sweeps == (0, sweeps)
    assert state.piles[1] == sr.CardSet(table)


def test_redeal_aces_is_validated() -> None:
    with pytest.raises(sr.InvalidRulesetError, match="redeal_aces must be 1 to 4 aces"):
        sr.Ruleset(redeal_aces=5)
    with pytest.raises(sr.InvalidRulesetError, match="would redeal"):
        sr.Ruleset(table_size=28, hand_size=6, redeal_aces=1, redeal_kings=1)
    assert "2 or more aces" in sr.Ruleset.cirulla().describe()


# -- scoring: napola_points and grande ------------------------------------------


def _napola_points(rules: sr.Ruleset, pile: str) -> int:
    score = sr.score_hand(rules, [sr.CardSet(pile), sr.CardSet("KS")], [0, 0])
    return score.sides[0].napola_points


@pytest.mark.parametrize(
    ("style", "run_of_seven", "run_of_four", "run_of_three"),
    [("run", 7, 4, 3), ("flat", 3, 3, 3), ("run_to_six", 6, 4, 3)],
)
def test_napola_points(
    style: str, run_of_seven: int, run_of_four: int, run_of_three: int
) -> None:
    rules = sr.Ruleset.scopa(napola=True, napola_points=style)
    assert _napola_points(rules, "AD 2D 3D 4D 5D 6D 7D") == run_of_seven
    assert _napola_points(rules, "AD 2D 3D 4D 6D") == run_of_four
    assert _napola_points(rules, "AD 2D 3D") == run_of_three
    assert _napola_points(rules, "AD 2D 4D") == 0
    assert _napola_points(rules.replace(napola=False), "AD 2D 3D") == 0


def test_the_piccola_counts_up_to_the_six_and_no_further() -> None:
    rules = sr.Ruleset.cirulla()
    assert _napola_points(rules, "AD 2D 3D 4D 5D 6D") == 6
    assert _napola_points(rules, "AD 2D 3D 4D 5D 6D 7D JD QD KD") == 6
    assert _napola_points(rules, "AD 2D 3D 4D 5D") == 5


def test_the_grande() -> None:
    rules = sr.Ruleset.scopa(grande=True)
    score = sr.score_hand(rules, [sr.CardSet("JD QD KD"), sr.CardSet("JS")], [0, 0])
    assert [side.grande_points for side in score.sides] == [5, 0]
    assert dict(score.rows())["grande"] == ["yes (5)", "no"]
    assert score.totals[0] == 5 + 1 + 1  # grande, coins, cards
    partial = sr.score_hand(rules, [sr.CardSet("JD QD"), sr.CardSet("KD")], [0, 0])
    assert partial.sides[0].grande_points == 0
    off = sr.score_hand(
        sr.Ruleset(), [sr.CardSet("JD QD KD"), sr.CardSet("JS")], [0, 0]
    )
    assert off.sides[0].grande_points == 0
    assert off.sides[0].grande


# -- declarations -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind", "points"),
    [
        ("AD 3S 5C", "cirulla", 3),  # 1 + 3 + 5 = 9
        ("AD 3S 6C", None, 0),  # 10
        ("7H 3D 5S", "cirulla", 3),  # the matta as an ace: 1 + 3 + 5 = 9
        ("7H 4D 5S", None, 0),  # 1 + 4 + 5 = 10 at best
        ("5D 5S 5C", "decino", 10),
        ("5D 5S 7H", "decino", 10),  # the matta takes the rank of the others
        ("7H AS AC", "decino", 10),  # decino wins over the cirulla
        ("2D 2S 2C", "decino", 10),
        ("7D 7S 7H", "decino", 10),
        ("7D 7S 7C", "decino", 10),
        ("KD KS 7H", "decino", 10),
        ("AD 2S 6C", "cirulla", 3),
        ("JD AS 7H", None, 0),  # 8 + 1 + 1 = 10
    ],
)
def test_declarations_of_three_cards(cards: str, kind: str | None, points: int) -> None:
    made = sr.declaration_of(sr.Ruleset.cirulla(), sr.CardSet(cards), seat=1)
    if kind is None:
        assert made is None
    else:
        assert made is not None
        assert (made.seat, made.kind, made.points) == (1, kind, points)


def test_the_wild_card_is_an_option() -> None:
    plain = sr.Ruleset.cirulla(wild_card=None)
    assert sr.declaration_of(plain, sr.CardSet("7H 3D 5S")) is None
    assert sr.declaration_of(plain, sr.CardSet("5D 5S 7H")) is None
    other = sr.Ruleset.cirulla(wild_card="KC")
    assert other.wild_card == sr.Card.parse("KC")
    assert sr.declaration_of(other, sr.CardSet("KC 3D 5S")) is not None
    assert other.to_dict()["wild_card"] == "KC"
    assert sr.Ruleset.from_dict(other.to_dict()) == other
    with pytest.raises(sr.InvalidRulesetError, match="wild_card"):
        sr.Ruleset(wild_card="XX")
    with pytest.raises(
        sr.InvalidRulesetError, match=r"wild_card must be a card .* or None, not 7$"
    ):
        sr.Ruleset(wild_card=7)  # type: ignore[arg-type]


def test_declarations_need_hands_of_three() -> None:
    with pytest.raises(sr.InvalidRulesetError, match="declarations need hands of 3"):
        sr.Ruleset.scopone(declarations=True)
    with pytest.raises(sr.InvalidStateError, match="made on 3 cards"):
        sr.declaration_of(sr.Ruleset.cirulla(), sr.CardSet("AD"))
    with pytest.raises(sr.InvalidStateError, match="rules must be a Ruleset"):
        sr.declaration_of("cirulla", sr.CardSet("AD 2D 3D"))  # type: ignore[arg-type]
    with pytest.raises(sr.InvalidStateError, match="cards must be a CardSet"):
        sr.declaration_of(sr.Ruleset.cirulla(), "AD 2D 3D")  # type: ignore[arg-type]


def _declaring_game() -> sr.GameState:
    # Seat 0 is dealt the decino 5D 5S 7H (with the matta), seat 1 a plain
    # hand; the refill gives seat 1 a cirulla of 1 + 2 + 6.
    rules = sr.Ruleset.cirulla()
    top = deck("5D 5S 7H", "KD QH JC", "4C 6H QS KS", "4D 6D QD", "AC 2C 6C")
    return sr.new_game(rules, deck=top, dealer=1)


def test_a_decino_with_the_matta_scores_ten_at_the_end_of_the_hand() -> None:
    state = _declaring_game()
    assert [str(d) for d in state.declarations] == [
        "seat 0 declares 5D 7H 5S: decino, 10 points"
    ]
    assert state.scores == (0, 0)  # added with the hand's other points
    for text in ("5Dx4C6H", "KD", "5S", "QH", "7H", "JC"):
        state = state.apply(state.parse_move(text))
    assert [str(d) for d in state.declarations][1:] == [
        "seat 1 declares AC 2C 6C: cirulla, 3 points"
    ]
    while state.hand_number == 0:
        state = state.apply(state.legal_moves()[0])
    result = state.last_hand
    assert result is not None
    assert [d.points for d in result.declarations][:2] == [10, 3]
    per_side = [
        sum(d.points for d in result.declarations if d.seat == side) for side in (0, 1)
    ]
    assert [side.declaration_points for side in result.score.sides] == per_side
    assert dict(result.score.rows())["declared"] == [str(n) for n in per_side]
    assert result.scores == result.score.totals


def test_partners_declarations_go_to_their_side() -> None:
    rules = sr.Ruleset.cirulla(players=4)
    top = deck("AD 2D 3D", "KD QH JC", "AH 2H 3H", "KS QS JS", "4C 6H QC KC")
    state = sr.new_game(rules, deck=top, dealer=3)
    assert [d.seat for d in state.declarations] == [0, 2]
    while state.hand_number == 0:
        state = state.apply(state.legal_moves()[0])
    result = state.last_hand
    assert result is not None
    by_side = [0, 0]
    for declaration in result.declarations:
        by_side[declaration.seat % 2] += declaration.points
    assert by_side[0] >= 6
    assert [s.declaration_points for s in result.score.sides] == by_side


def test_declarations_are_off_unless_asked_for() -> None:
    top = deck("5D 5S 7H", "KD QH JC", "4C 6H QS KS")
    assert sr.new_game(sr.Ruleset.scopa(), deck=top, dealer=1).declarations == ()
    assert sr.new_game(
        sr.Ruleset.scopa(declarations=True), deck=top, dealer=1
    ).declarations


def test_a_declared_hand_is_shown_to_every_seat() -> None:
    state = _declaring_game()
    view = state.view(1)
    assert view.declared == (sr.CardSet("5D 5S 7H"), sr.CardSet())
    assert not view.unseen & sr.CardSet("5D 5S 7H")
    assert "seat 0  5D 7H 5S" in view.render()
    assert "declare seat 0: 5D 7H 5S, decino (10)" in state.render()
    after = state.apply(state.parse_move("5Dx4C6H"))
    assert after.view(1).declared == (sr.CardSet("5S 7H"), sr.CardSet())
    assert "seat 0  7H 5S\n" in after.view(1).render()
    reason = after.explain_illegal(sr.Move.parse("7H"))
    assert reason is not None
    assert "seat 0 declared it and holds it" in reason


def test_samples_keep_declared_cards_with_their_seat() -> None:
    state = _declaring_game()
    view = state.view(1)
    rng = random.Random(3)
    for _ in range(20):
        sample = view.sample(rng)
        assert sr.CardSet("5D 5S 7H") <= sample.hands[0]
        assert sample.view(1) == view


def _dealt_this_round(view: sr.PlayerView, seat: int, hand: sr.CardSet) -> sr.CardSet:
    plays = [t for t in view.turns if t.move.kind is sr.MoveKind.PLAY]
    in_round = sum(view.rules.hand_size - size for size in view.hand_sizes)
    round_plays = plays[len(plays) - in_round :] if in_round else []
    return hand | sr.CardSet(t.move.card for t in round_plays if t.seat == seat)


@pytest.mark.parametrize("seed", range(12))
def test_samples_never_deal_a_hand_that_would_have_been_declared(seed: int) -> None:
    rules = sr.Ruleset.cirulla(players=3)
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    for _ in range(rng.randrange(8)):
        state = state.apply(rng.choice(state.legal_moves()))
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    declared = {(d.seat, d.cards) for d in view.declarations}
    for _ in range(30):
        sample = view.sample(rng)
        assert sample.view(seat) == view
        for other in range(rules.players):
            if other == seat:
                continue
            dealt = _dealt_this_round(view, other, sample.hands[other])
            made = sr.declaration_of(rules, dealt, other)
            assert made is None or (other, dealt) in declared


def test_records_show_declarations_as_comments() -> None:
    state = _declaring_game()
    for text in ("5Dx4C6H", "KD", "5S", "QH", "7H", "JC"):
        state = state.apply(state.parse_move(text))
    text = state.record().to_text()
    assert "# seat 0 declares 5D 7H 5S: decino, 10 points" in text
    assert "# seat 1 declares AC 2C 6C: cirulla, 3 points" in text
    assert sr.GameRecord.from_text(text).final_state() == state


# -- partnerships ------------------------------------------------------------------


def test_partnerships_with_any_even_number_from_four() -> None:
    rules = sr.Ruleset(players=8, hand_size=5, table_size=0)
    assert rules.partnerships
    assert rules.seats_of(0) == (0, 2, 4, 6)
    state = sr.new_game(rules, seed=1)
    while not state.is_over:
        state = state.apply(state.legal_moves()[-1])
    assert len(state.scores) == 2
    with pytest.raises(sr.InvalidRulesetError, match="even number of players"):
        sr.Ruleset(players=5, hand_size=4, table_size=0, partnerships=True)
    with pytest.raises(sr.InvalidRulesetError, match="at least 4"):
        sr.Ruleset(players=2, partnerships=True)


def test_describe_names_every_new_option() -> None:
    text = sr.Ruleset.scopa(
        ace_takes_all=True,
        table_ace="either",
        ace_may_trail=True,
        napola=True,
        napola_points="flat",
    ).describe()
    assert "the player chooses between taking all and a normal capture" in text
    assert "taking all is never compulsory" in text
    assert "napola (holding A, 2 and 3 of coins) 3" in text
    ignored = sr.Ruleset.scopa(ace_takes_all=True, table_ace="ignored").describe()
    assert "even when an ace lies there" in ignored
    plain = sr.Ruleset.cirulla(wild_card=None).describe()
    assert "is wild" not in plain
    assert "10 for three of one rank (decino)" in plain


def test_observations_show_declared_cards_as_known() -> None:
    state = _declaring_game()
    rules = state.rules
    layout = sr.observation_layout(rules)
    assert "known" not in sr.observation_layout(sr.Ruleset.scopa())
    start, size = layout["known"]
    assert size == 40
    vector = sr.observe(state.view(1))
    known = [sr.Card.from_index(i) for i in range(size) if vector[start + i]]
    assert sr.CardSet(known) == sr.CardSet("5D 5S 7H")
    unseen_start, _ = layout["unseen"]
    assert not any(vector[unseen_start + card.index] for card in known)
    own = sr.observe(state.view(0))
    assert not any(own[start : start + size])  # seat 1 declared nothing
    bounds = sr.observation_bounds(rules)
    scores_start, _ = layout["scores"]
    assert bounds[scores_start] == 51 + 60 + 10 * 2 * 6


def test_score_hand_checks_the_declaration_points() -> None:
    piles = [sr.CardSet("AD"), sr.CardSet("2D")]
    with pytest.raises(sr.InvalidStateError, match="give 2 declaration points, not 3"):
        sr.score_hand(sr.Ruleset.cirulla(), piles, [0, 0], [1, 2, 3])
    score = sr.score_hand(sr.Ruleset.cirulla(), piles, [0, 0], [3, 10])
    assert [side.declaration_points for side in score.sides] == [3, 10]


def test_a_finished_cirulla_game_samples() -> None:
    rng = random.Random(5)
    state = sr.new_game(sr.Ruleset.cirulla(), seed=5)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    view = state.view(0)
    assert view.sample(rng).view(0) == view


def test_declarations_and_build_reports_cannot_be_made_again() -> None:
    made = sr.declaration_of(sr.Ruleset.cirulla(), sr.CardSet("AD 2D 3D"))
    assert made is not None
    with pytest.raises(AttributeError, match="immutable"):
        made.__init__(seat=1, cards=sr.CardSet("KD"), kind="decino", points=10)  # type: ignore[misc]
    info = sr.kernel_info()
    with pytest.raises(AttributeError, match="immutable"):
        info.__init__(kind="pure", compiled=(), pure=(), pure_requested=True)  # type: ignore[misc]
