"""The hypothesis strategies of :mod:`scopa_rules.strategies`.

Each strategy must draw what it promises (valid cards, sets, decks and
rulesets; states a real game reaches; consistent positions; legal moves that
are legal and illegal moves that are illegal, of the kind they say), refuse
bad arguments with hypothesis's ``InvalidArgument``, and shrink to small,
readable examples, checked here with :func:`hypothesis.find`.
"""

from __future__ import annotations

import enum
import importlib
import re
from collections.abc import Callable
from typing import Any, TypeVar, cast

import pytest
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

import scopa_rules as sr
from helpers import PRESETS, ROOT, position
from profiles import examples
from scopa_rules import strategies as sst

T = TypeVar("T")

# Derandomized, so that a shrink that ends in a local minimum ends in the
# same one every run.
FIND = settings(database=None, max_examples=2_000, derandomize=True)
# Hypothesis tries the simplest example first: the one every example
# shrinks toward.  Finding it needs no shrinking (which is slow for a whole
# game of choices).
FIRST = settings(database=None, max_examples=1, phases=[Phase.generate])


def minimal(strategy: st.SearchStrategy[T], condition: Callable[[T], bool]) -> T:
    """The smallest example of ``strategy`` that meets ``condition``."""
    return find(strategy, condition, settings=FIND)


def simplest(strategy: st.SearchStrategy[T]) -> T:
    """The example of ``strategy`` that every example shrinks toward."""
    return find(strategy, lambda example: True, settings=FIRST)


def some(strategy: st.SearchStrategy[T], condition: Callable[[T], bool]) -> T:
    """An example of ``strategy`` that meets ``condition``, not shrunk."""
    return find(strategy, condition, settings=settings(FIND, phases=[Phase.generate]))


def first_moves(state: sr.GameState, count: int) -> sr.GameState:
    """``state`` after ``count`` turns of its first legal move."""
    for _ in range(count):
        state = state.apply(state.legal_moves()[0])
    return state


def check_cards(state: sr.GameState) -> None:
    seen = sr.CardSet()
    for place, cards in state.cards_in_play():
        assert seen.isdisjoint(cards), f"a card of {place} is also elsewhere"
        seen |= cards
    assert seen == sr.ALL_CARDS


# A position with choices for every kind of illegal move (the one in the
# docstrings of GameState.legal_moves and explain_illegal).
KC_STATE = position(sr.Ruleset.scopa(), ["5D KC 4H", "AS 6C"], "2S 5H 3C JD")
OVER_STATE = first_moves(
    sr.new_game(sr.Ruleset.scopa(target_score=1), deck=sr.Deck.standard(), seed=0),
    72,
)
assert OVER_STATE.is_over
CHKOBBA_START = sr.new_game(sr.Ruleset.chkobba(), deck=sr.Deck.standard(), seed=0)


def test_the_strategies_are_a_submodule_of_their_own() -> None:
    """The strategies are an optional extra: the package does not export
    them (tests/package/test_layers.py checks that importing it loads
    neither them nor hypothesis)."""
    assert "scopa_rules.strategies" not in vars(sr).get("__all__", ())
    assert importlib.import_module("scopa_rules.strategies") is sst


def test_every_strategy_is_in_the_api_reference() -> None:
    reference = (ROOT / "docs" / "api" / "testing.rst").read_text()
    section = reference.split(".. automodule:: scopa_rules.strategies", 1)[1]
    for name in sst.__all__:
        assert re.search(rf"^\.\. auto\w+:: {name}$", section, re.MULTILINE), name


# -- cards, card sets and decks --------------------------------------------------------


@given(st.data())
def test_cards_come_from_the_pool(data: st.DataObject) -> None:
    pool = data.draw(sst.card_sets(min_size=1))
    card = data.draw(sst.cards(within=pool))
    assert isinstance(card, sr.Card)
    assert card in pool
    assert data.draw(sst.cards(within=str(pool))) in pool


def test_cards_shrink_to_the_first_card_in_card_order() -> None:
    assert minimal(sst.cards(), lambda card: True) is sr.Card.parse("AD")
    assert minimal(sst.cards(), lambda c: c.suit is sr.Suit.SPADE) is sr.Card.parse(
        "AS"
    )
    assert minimal(sst.cards(within="KC QS"), lambda card: True) is sr.Card.parse("QS")


@given(st.data(), st.integers(0, 40), st.integers(0, 40))
def test_card_sets_have_the_sizes_asked_for(
    data: st.DataObject, low: int, high: int
) -> None:
    low, high = min(low, high), max(low, high)
    cards = data.draw(sst.card_sets(min_size=low, max_size=high))
    assert isinstance(cards, sr.CardSet)
    assert low <= len(cards) <= high
    pool = data.draw(sst.card_sets())
    subset = data.draw(sst.card_sets(within=pool))
    assert subset <= pool


def test_card_sets_shrink_to_the_first_cards() -> None:
    assert minimal(sst.card_sets(), lambda cards: True) == sr.CardSet()
    assert minimal(sst.card_sets(), lambda cards: len(cards) >= 3) == sr.CardSet(
        "AD 2D 3D"
    )
    assert minimal(
        sst.card_sets(), lambda cards: any(c.rank is sr.Rank.KING for c in cards)
    ) == sr.CardSet("KD")


@given(sst.decks(), sst.decks(top="KD KH 7D"))
def test_decks_are_whole_decks_with_the_top_asked_for(
    deck: sr.Deck, topped: sr.Deck
) -> None:
    for each in (deck, topped):
        assert isinstance(each, sr.Deck)
        assert sr.Deck(str(each)) == each
        assert sr.CardSet(each) == sr.ALL_CARDS
    assert [str(card) for card in topped[:3]] == ["KD", "KH", "7D"]


def test_decks_shrink_to_the_standard_deck() -> None:
    assert simplest(sst.decks()) == sr.Deck.standard()
    topped = simplest(sst.decks(top=["QC", sr.Card.parse("2H")]))
    rest = [card for card in sr.Deck.standard() if str(card) not in ("QC", "2H")]
    assert list(topped) == [sr.Card.parse("QC"), sr.Card.parse("2H"), *rest]


@pytest.mark.parametrize(
    "make",
    [
        lambda: sst.cards(within=""),
        lambda: sst.cards(within="AD ZZ"),
        lambda: sst.card_sets(min_size=3, max_size=2),
        lambda: sst.card_sets(max_size=41),
        lambda: sst.card_sets(min_size=-1),
        lambda: sst.card_sets(min_size=3, within="AD 2D"),
        lambda: sst.decks(top="AD AD"),
        lambda: sst.decks(top="AD 10D"),
    ],
)
def test_bad_card_arguments_are_refused(make: Callable[[], object]) -> None:
    with pytest.raises(InvalidArgument):
        make()


# -- rulesets ---------------------------------------------------------------------------


@given(sst.presets())
def test_presets_are_presets(rules: sr.Ruleset) -> None:
    assert rules in PRESETS
    assert rules.preset_name() is not None


@given(sst.presets(players=[4, 6]))
def test_presets_for_some_player_counts(rules: sr.Ruleset) -> None:
    assert rules.players in (4, 6)


@pytest.mark.parametrize("rules", PRESETS, ids=repr)
def test_every_preset_is_drawn(rules: sr.Ruleset) -> None:
    assert minimal(sst.presets(), lambda drawn: drawn == rules) == rules


def test_presets_shrink_to_two_player_scopa() -> None:
    assert minimal(sst.presets(), lambda rules: True) == sr.Ruleset.scopa()
    assert minimal(sst.presets(players=4), lambda rules: True) == sr.Ruleset.scopa(
        players=4
    )


@given(sst.rulesets())
def test_rulesets_are_valid(rules: sr.Ruleset) -> None:
    assert isinstance(rules, sr.Ruleset)
    assert sr.Ruleset.from_dict(rules.to_dict()) == rules
    assert 2 <= rules.players <= sr.MAX_PLAYERS
    assert (40 - rules.table_size) % (rules.players * rules.hand_size) == 0


@given(
    sst.rulesets(
        players=[3, 6],
        max_table_size=10,
        capture_rule="free",
        napola=True,
        target_score=5,
    )
)
def test_rulesets_keep_the_options_pinned(rules: sr.Ruleset) -> None:
    assert rules.players in (3, 6)
    assert rules.table_size <= 10
    assert rules.capture_rule is sr.CaptureRule.FREE
    assert rules.napola
    assert rules.target_score == 5


@given(sst.rulesets(initial_fifteen_sweeps=True), sst.rulesets(first_card_choice=True))
def test_pinned_options_bring_what_they_need(
    fifteen: sr.Ruleset, first: sr.Ruleset
) -> None:
    assert fifteen.capture_mode is not sr.CaptureMode.MATCH
    assert fifteen.table_size >= 1
    assert first.table_size >= 1


def option_values() -> list[tuple[str, object, dict[str, Any]]]:
    """Each value of each option, with the smallest ruleset that has it."""
    cases: list[tuple[str, object, dict[str, Any]]] = []
    for name, value in sr.Ruleset().options().items():
        if isinstance(value, bool):
            values: list[object] = [True, False]
        elif isinstance(value, str):
            values = list(cast("type[enum.Enum]", type(value)))
        else:
            continue
        for each in values:
            cases.append((name, each, {name: each}))
    cases += [
        (name, n, {name: n})
        for name, n in [("players", 3), ("players", 8), ("players", 40)]
    ]
    cases += [
        ("redeal_kings", kings, {"redeal_kings": kings}) for kings in (None, 1, 4)
    ]
    cases += [("target_score", 1, {"target_score": 1})]
    cases += [("hand_size", 1, {"hand_size": 1})]
    cases += [("table_size", 0, {"hand_size": 1, "table_size": 0})]
    needs: dict[tuple[str, object], dict[str, Any]] = {
        ("partnerships", True): {"players": 4},
        ("partnerships", False): {},
        ("initial_fifteen_sweeps", True): {
            "capture_mode": "fifteen",
            "initial_fifteen_sweeps": True,
        },
        ("players", 8): {"players": 8, "table_size": 16},
        ("players", 40): {"players": 40, "hand_size": 1, "table_size": 0},
    }
    return [
        (name, value, needs.get((name, value), smallest))
        for name, value, smallest in cases
    ]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "value", "smallest"), option_values(), ids=lambda x: str(x)
)
def test_each_option_value_is_drawn_and_shrinks_alone(
    name: str, value: object, smallest: dict[str, Any]
) -> None:
    """Every value of every option is drawn, and the smallest ruleset with
    it differs from Ruleset() only where it must."""
    found = minimal(sst.rulesets(), lambda rules: getattr(rules, name) == value)
    assert found == sr.Ruleset(**smallest)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: sst.rulesets(napolla=True), "no option 'napolla'"),
        (lambda: sst.rulesets(players=1), "players"),
        (lambda: sst.rulesets(players=[]), "players"),
        (lambda: sst.rulesets(players=[2, True]), "players"),
        (lambda: sst.rulesets(max_table_size=40), "max_table_size"),
        (lambda: sst.rulesets(table_size=5, players=2, hand_size=3), "no deal"),
        (lambda: sst.rulesets(partnerships=True, players=3), "no deal"),
        (lambda: sst.rulesets(hand_size=0), "hand_size"),
        (lambda: sst.rulesets(redeal_kings=7), "no deal"),
        (
            lambda: sst.rulesets(players=2, hand_size=2, table_size=36, redeal_kings=1),
            "no deal",
        ),
        (lambda: sst.rulesets(capture_mode="greedy"), "CaptureMode"),
        (
            lambda: sst.rulesets(initial_fifteen_sweeps=True, capture_mode="match"),
            "initial_fifteen_sweeps",
        ),
        (lambda: sst.presets(players=5), "no preset"),
        (lambda: sst.presets(players="4"), "players"),  # type: ignore[arg-type]
    ],
)
def test_bad_ruleset_arguments_are_refused(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(InvalidArgument, match=re.escape(message)):
        make()


def test_an_option_that_cannot_be_drawn_is_refused_when_drawn() -> None:
    with pytest.raises(InvalidArgument, match="target_score"):
        find(sst.rulesets(target_score=0), lambda rules: True, settings=FIND)


# -- game states --------------------------------------------------------------------------


def check_reachable(state: sr.GameState) -> None:
    """``state`` is a state of a real game: its record replays to it."""
    assert isinstance(state, sr.GameState)
    check_cards(state)
    assert state.phase is not sr.Phase.AWAITING_DEAL
    assert state.record().final_state() == state
    if not state.is_over:
        assert state.legal_moves()


@settings(max_examples=examples(30))
@given(sst.game_states(max_moves=60))
def test_game_states_are_reached_by_legal_moves(state: sr.GameState) -> None:
    check_reachable(state)
    assert len(state.history) <= 60


@settings(max_examples=examples(15))
@given(sst.game_states(finish="hand"), sst.game_states(finish="game", max_moves=0))
def test_game_states_played_to_the_end_of_a_hand_or_game(
    hand: sr.GameState, game: sr.GameState
) -> None:
    check_reachable(hand)
    assert hand.hand_results
    if not hand.is_over:
        assert not hand.moves_this_hand
    check_reachable(game)
    assert game.is_over
    assert game.winner is not None


@settings(max_examples=examples(20))
@given(sst.game_states(sst.rulesets(players=3, capture_mode="fifteen"), max_moves=20))
def test_game_states_follow_the_rules_given(state: sr.GameState) -> None:
    assert state.rules.players == 3
    assert state.rules.capture_mode is sr.CaptureMode.FIFTEEN
    check_reachable(state)


def test_game_states_shrink_to_first_moves_from_the_standard_deck() -> None:
    start = sr.new_game(sr.Ruleset.scopa(), deck=sr.Deck.standard(), seed=0)
    assert simplest(sst.game_states()) == start
    over = simplest(sst.game_states(finish="game"))
    assert over.is_over
    assert over == first_moves(start, len(over.history))
    assert simplest(sst.game_states(finish="hand")) == first_moves(start, 36)
    chkobba = simplest(sst.game_states(sr.Ruleset.chkobba()))
    assert chkobba == CHKOBBA_START


@pytest.mark.slow
def test_game_states_shrink_to_few_moves_in_a_small_game() -> None:
    captured = minimal(
        sst.game_states(max_moves=5), lambda state: state.last_capturer is not None
    )
    assert captured.rules.preset_name() is not None
    assert captured.rules.players <= 3
    assert len(captured.history) <= 5


@pytest.mark.parametrize(
    "make",
    [
        lambda: sst.game_states("scopa"),  # type: ignore[arg-type]
        lambda: sst.game_states(max_moves=-1),
        lambda: sst.game_states(finish="turn"),  # type: ignore[arg-type]
        lambda: sst.positions(3),  # type: ignore[arg-type]
        lambda: sst.positions(max_table_size=-1),
    ],
)
def test_bad_state_arguments_are_refused(make: Callable[[], object]) -> None:
    with pytest.raises(InvalidArgument):
        make()


# -- positions -----------------------------------------------------------------------------


@settings(max_examples=examples(40))
@given(sst.positions())
def test_positions_are_consistent(state: sr.GameState) -> None:
    rules = state.rules
    check_cards(state)
    seat = state.current_player
    assert seat is not None
    order = [len(state.hands[(seat + k) % rules.players]) for k in range(rules.players)]
    held = order[0]
    assert 1 <= held <= rules.hand_size
    assert all(n in (held, held - 1) for n in order)
    assert order == sorted(order, reverse=True)
    assert len(state.stock) % (rules.players * rules.hand_size) == 0
    assert len(state.table) <= 12
    for side in range(rules.sides):
        assert state.sweeps[side] <= len(state.piles[side]) // 2
        assert state.scores[side] < max(rules.target_score, 1)
    if state.last_capturer is None:
        assert not any(state.piles)
    else:
        assert state.piles[rules.side_of(state.last_capturer)]
    assert state.legal_moves()
    assert state.record().final_state() == state
    # The position plays on into the next hand, dealt from the seed.
    hands = len(state.hand_results)
    while len(state.hand_results) == hands:
        state = state.apply(max(state.legal_moves(), key=lambda m: len(m.captured)))
    check_cards(state)


@settings(max_examples=examples(20))
@given(sst.positions(sst.presets(players=4), max_table_size=3))
def test_positions_follow_the_rules_and_table_size_given(state: sr.GameState) -> None:
    assert state.rules.players == 4
    assert len(state.table) <= 3


@pytest.mark.slow
def test_positions_shrink_to_the_last_card_of_a_hand() -> None:
    state = simplest(sst.positions())
    assert state.rules == sr.Ruleset.scopa()
    assert state.current_player == 0
    assert state.hands == (sr.CardSet("AD"), sr.CardSet())
    assert not state.table
    assert not state.stock
    bigger = minimal(
        sst.positions(sr.Ruleset.scopa()), lambda state: len(state.table) >= 2
    )
    assert bigger.rules == sr.Ruleset.scopa()
    assert sum(len(hand) for hand in bigger.hands) == 1
    assert len(bigger.table) == 2


# -- legal and illegal moves -------------------------------------------------------------------


@settings(max_examples=examples(30))
@given(sst.game_states(max_moves=60) | sst.positions(), st.data())
def test_legal_moves_are_legal(state: sr.GameState, data: st.DataObject) -> None:
    if state.is_over:
        with pytest.raises(InvalidArgument):
            sst.legal_moves(state)
        return
    move = data.draw(sst.legal_moves(state))
    assert move in state.legal_moves()
    assert state.is_legal(move, seat=state.current_player)


def test_legal_moves_shrink_to_the_first_legal_move() -> None:
    for state in (KC_STATE, CHKOBBA_START):
        assert (
            minimal(sst.legal_moves(state), lambda move: True)
            == (state.legal_moves()[0])
        )
    assert str(minimal(sst.legal_moves(KC_STATE), lambda m: m.card.rank == 10)) == (
        "KCxJD2S"
    )


# What each kind's explanation says (GameState.explain_illegal).
REASONS = {
    sst.IllegalKind.WRONG_SEAT: "is not to move",
    sst.IllegalKind.NOT_IN_HAND: ("is not in seat", "must first decide"),
    sst.IllegalKind.FORBIDDEN_CAPTURE: (
        "not on the table",
        "capture",
        "add up",
        "an ace takes the whole table",
    ),
    sst.IllegalKind.MUST_CAPTURE: "capture",
    sst.IllegalKind.GAME_OVER: "the game is over",
}


def check_illegal(state: sr.GameState, illegal: sst.IllegalMove) -> None:
    move, seat, kind = illegal
    assert isinstance(move, sr.Move)
    assert not state.is_legal(move, seat=seat)
    reason = state.explain_illegal(move, seat=seat)
    assert reason is not None
    expected = REASONS[kind]
    assert any(
        part in reason
        for part in ((expected,) if isinstance(expected, str) else expected)
    ), f"{kind}: {move} ({seat}): {reason}"
    if kind is sst.IllegalKind.WRONG_SEAT:
        assert seat is not None
        assert seat != state.current_player
        assert state.is_legal(move)
    elif kind is sst.IllegalKind.MUST_CAPTURE:
        assert move.is_trail
        assert move.card in state.hands[state.current_player or 0]
    elif kind is sst.IllegalKind.FORBIDDEN_CAPTURE:
        assert move.is_capture
        assert move.card in state.hands[state.current_player or 0]
    elif kind is sst.IllegalKind.NOT_IN_HAND:
        assert move.card not in state.hands[state.current_player or 0]
    with pytest.raises(sr.IllegalMoveError):
        state.apply(move, seat=seat)


@settings(max_examples=examples(40))
@given(sst.game_states(max_moves=60) | sst.positions(), st.data())
def test_illegal_moves_are_illegal_for_the_reason_given(
    state: sr.GameState, data: st.DataObject
) -> None:
    before = state.to_dict()
    for _ in range(3):
        check_illegal(state, data.draw(sst.illegal_moves(state)))
    assert state.to_dict() == before


@settings(max_examples=examples(20))
@given(sst.game_states(finish="game", max_moves=0), st.data())
def test_every_move_is_illegal_after_the_end(
    state: sr.GameState, data: st.DataObject
) -> None:
    illegal = data.draw(sst.illegal_moves(state))
    assert illegal.kind is sst.IllegalKind.GAME_OVER
    check_illegal(state, illegal)


@pytest.mark.parametrize("kind", list(sst.IllegalKind))
def test_each_kind_of_illegal_move_is_drawn(kind: sst.IllegalKind) -> None:
    """Some reachable state admits each kind, and illegal_moves draws it
    when asked for it alone."""

    def admits(state: sr.GameState) -> bool:
        try:
            sst.illegal_moves(state, kinds=[kind])
        except InvalidArgument:
            return False
        return True

    over = kind is sst.IllegalKind.GAME_OVER
    state = some(sst.game_states(max_moves=40, finish="game" if over else None), admits)
    illegal = minimal(sst.illegal_moves(state, kinds=[kind.value]), lambda m: True)
    assert illegal.kind is kind
    check_illegal(state, illegal)


@pytest.mark.parametrize(
    ("kind", "text", "seat"),
    [
        ("wrong_seat", "5Dx5H", 1),
        ("not_in_hand", "AS", None),
        ("forbidden_capture", "5DxAD", None),
        ("must_capture", "5D", None),
    ],
)
def test_illegal_moves_shrink_to_the_simplest_of_their_kind(
    kind: str, text: str, seat: int | None
) -> None:
    illegal = minimal(sst.illegal_moves(KC_STATE, kinds=[kind]), lambda m: True)
    assert illegal == sst.IllegalMove(sr.Move.parse(text), seat, sst.IllegalKind(kind))
    check_illegal(KC_STATE, illegal)


def test_illegal_moves_shrink_within_a_kind() -> None:
    # A capture of table cards that the rules forbid: 5D must take 5H.
    table_only = minimal(
        sst.illegal_moves(KC_STATE, kinds=["forbidden_capture"]),
        lambda m: m.move.captured <= KC_STATE.table,
    )
    assert str(table_only.move) == "5DxJD"
    # A card held by the other seat comes before a card elsewhere.
    first = simplest(sst.illegal_moves(KC_STATE, kinds=["not_in_hand"]))
    assert first.move.card in KC_STATE.hands[1]
    on_table = minimal(
        sst.illegal_moves(KC_STATE, kinds=["not_in_hand"]),
        lambda m: m.move.card in KC_STATE.table,
    )
    assert on_table.move.is_trail
    over = minimal(sst.illegal_moves(OVER_STATE), lambda m: True)
    assert over == sst.IllegalMove(sr.Move.parse("AD"), None, sst.IllegalKind.GAME_OVER)
    first = minimal(
        sst.illegal_moves(CHKOBBA_START, kinds=["not_in_hand"]), lambda m: True
    )
    assert first.move == sr.Move.parse("AD")
    check_illegal(CHKOBBA_START, first)


def test_illegal_moves_of_kinds_a_state_cannot_have_are_refused() -> None:
    free = position(sr.Ruleset.escoba(), ["5D KC 4H", "AS 6C"], "2S 5H 3C JD")
    with pytest.raises(InvalidArgument, match="admits"):
        sst.illegal_moves(free, kinds=["must_capture"])
    with pytest.raises(InvalidArgument, match="admits"):
        sst.illegal_moves(OVER_STATE, kinds=[sst.IllegalKind.WRONG_SEAT])
    with pytest.raises(InvalidArgument, match="IllegalKind"):
        sst.illegal_moves(KC_STATE, kinds=["rude"])
    with pytest.raises(InvalidArgument):
        sst.legal_moves(OVER_STATE)
    waiting = first_moves(sr.new_game(deck=sr.Deck.standard()), 36)
    assert waiting.phase is sr.Phase.AWAITING_DEAL
    with pytest.raises(InvalidArgument, match="admits no"):
        sst.illegal_moves(waiting)
    with pytest.raises(InvalidArgument):
        sst.legal_moves(waiting)


def test_illegal_kinds_print_as_their_names() -> None:
    assert str(sst.IllegalKind.MUST_CAPTURE) == "must_capture"
    assert sst.IllegalKind("game_over") is sst.IllegalKind.GAME_OVER
