"""Move notation, position-aware move parsing, reprs and text pictures.

* ``str(move)`` and :meth:`Move.parse` round-trip for every legal move;
  parsing accepts any case, suit symbols, spaces and captured cards in any
  order, and malformed text raises :class:`NotationError` naming the part.
* Every parser answers arbitrary text with a value or the library's error.
* ``repr`` of cards, card sets, decks, moves and rulesets evaluates back to an
  equal value.
* :meth:`GameState.parse_move` resolves a card alone, refuses ambiguous text
  with :class:`AmbiguousMoveError` and illegal moves with
  :class:`IllegalMoveError`.
* :meth:`GameState.render` and :meth:`PlayerView.render`.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import scopa_rules as sr
from helpers import PRESETS
from profiles import examples

presets = st.sampled_from(PRESETS)
deal_seeds = st.integers(min_value=0, max_value=2**63 - 1)
move_seeds = st.integers(min_value=0, max_value=2**32 - 1)

SYMBOLS = {"D": "♦", "H": "♥", "S": "♠", "C": "♣"}
MAX_PLIES = 5_000


def evaluate(text: str) -> Any:
    """``text`` evaluated with the library's public names in scope."""
    return eval(text, dict(vars(sr)))


def symbol_text(card: sr.Card) -> str:
    return card.rank.letter + SYMBOLS[card.suit.letter]


def game_states(rules: sr.Ruleset, seed: int, move_seed: int) -> list[sr.GameState]:
    rng = random.Random(move_seed)
    state = sr.new_game(rules, seed=seed)
    states = [state]
    for _ in range(MAX_PLIES):
        if state.is_over:
            return states
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    raise AssertionError(f"the game did not end in {MAX_PLIES} moves")


def spellings(move: sr.Move, rng: random.Random) -> list[str]:
    """Other ways to write ``move`` that Move.parse must accept."""
    card = str(move.card)
    captured = [str(c) for c in move.captured]
    if move.kind is not sr.MoveKind.PLAY:
        word = move.kind.value
        return [
            f"{word.upper()} {card.lower()}",
            f"  {word.title()}   {symbol_text(move.card)} ",
            f"{word}\t{card}",
        ]
    if not captured:
        return [card.lower(), f" {symbol_text(move.card)} ", card.upper()]
    shuffled = list(captured)
    rng.shuffle(shuffled)
    return [
        f"{card}x{''.join(captured)}".lower(),
        f"{card}X{''.join(shuffled)}",
        f"{card} x {' '.join(shuffled)}",
        f"{symbol_text(move.card)}x"
        + "".join(symbol_text(sr.Card.parse(c)) for c in shuffled),
        f" {card.lower()}  x{''.join(reversed(captured)).lower()} ",
    ]


# -- round trips over real games ------------------------------------------------------


@settings(max_examples=examples(30))
@given(presets, deal_seeds, move_seeds, st.randoms(use_true_random=False))
def test_every_legal_move_round_trips_through_its_notation(
    rules: sr.Ruleset, seed: int, move_seed: int, rng: random.Random
) -> None:
    states = game_states(rules, seed, move_seed)
    for state in rng.sample(states, min(len(states), 25)):
        legal = state.legal_moves()
        for move in legal:
            text = str(move)
            assert sr.Move.parse(text) == move
            assert str(sr.Move.parse(text)) == text
            assert evaluate(repr(move)) == move
            for other in spellings(move, rng):
                assert sr.Move.parse(other) == move, other
            same_card = [m for m in legal if m.card is move.card]
            if move.is_trail and len(same_card) > 1:
                # Without a capture compulsion a card that may capture may
                # also trail: its bare notation is ambiguous in the position.
                with pytest.raises(sr.AmbiguousMoveError) as caught:
                    state.parse_move(text)
                assert move in caught.value.choices
                continue
            assert state.parse_move(text) == move
            for other in spellings(move, rng):
                assert state.parse_move(other) == move, other
        check_card_alone(state, legal)


def check_card_alone(state: sr.GameState, legal: tuple[sr.Move, ...]) -> None:
    """A card alone names its only legal move, is ambiguous with several,
    and illegal with none."""
    for card in sr.ALL_CARDS:
        with_card = tuple(move for move in legal if move.card is card)
        if len(with_card) == 1:
            assert state.parse_move(str(card)) == with_card[0]
            assert state.parse_move(symbol_text(card).lower()) == with_card[0]
        elif with_card:
            with pytest.raises(sr.AmbiguousMoveError) as caught:
                state.parse_move(str(card))
            assert caught.value.choices == with_card
            assert isinstance(caught.value, sr.NotationError)
        elif state.phase is not sr.Phase.FIRST_CARD:
            with pytest.raises(sr.IllegalMoveError):
                state.parse_move(str(card))


# -- Move.parse ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "KCxJD2S",
        "kcxjd2s",
        "KcXjD2s",
        "KC x JD 2S",
        "KCx2SJD",
        "K♣xJ♦2♠",
        "k♣ x 2♠ j♦",
        "  KC   x   2S   JD  ",
        "KC\tx\tJD\n2S",
        "K♧xJ♢2♤",
    ],
)
def test_move_parse_accepts_case_symbols_spaces_and_any_order(text: str) -> None:
    move = sr.Move.parse(text)
    assert move == sr.Move.capture("KC", "JD 2S")
    assert str(move) == "KCxJD2S"
    assert move.is_capture
    assert not move.is_trail


@pytest.mark.parametrize("text", ["7D", "7d", " 7♦ ", "7♢"])
def test_move_parse_reads_a_trail(text: str) -> None:
    move = sr.Move.parse(text)
    assert move == sr.Move.trail("7D")
    assert move.is_trail
    assert str(move) == "7D"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("keep 5D", sr.MoveKind.KEEP_FIRST_CARD),
        ("KEEP 5d", sr.MoveKind.KEEP_FIRST_CARD),
        ("  Keep   5♦ ", sr.MoveKind.KEEP_FIRST_CARD),
        ("table 5D", sr.MoveKind.TABLE_FIRST_CARD),
        ("Table\t5d", sr.MoveKind.TABLE_FIRST_CARD),
    ],
)
def test_move_parse_reads_first_card_decisions(text: str, kind: sr.MoveKind) -> None:
    move = sr.Move.parse(text)
    assert move.kind is kind
    assert move.card == sr.Card.parse("5D")
    assert not move.captured
    assert str(move) == f"{kind.value} 5D"
    assert not move.is_trail
    assert not move.is_capture


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("8D", "8"),
        ("7Z", "Z"),
        ("7", "7"),
        ("10D", "10D"),
        ("7Dx", "x"),
        ("7Dx4S3", "4S3"),
        ("7Dx4S9C", "9"),
        ("7Dx4SZC", "Z"),
        ("7Dx4S4S", "4S"),
        ("7Dx7D", "7D"),
        ("7Dx4Sx3C", "4Sx3C"),
        ("x4S", "x4S"),
        ("keep", "keep"),
        ("keep 5D 6D", "5D 6D"),
        ("table 5Dx4S", "5Dx4S"),
        ("keep 8D", "8"),
        ("7D,4S", "7D,4S"),
        ("xx", "xx"),
    ],
)
def test_malformed_move_text_names_the_offending_part(text: str, part: str) -> None:
    with pytest.raises(sr.NotationError) as caught:
        sr.Move.parse(text)
    assert part in str(caught.value)
    assert not isinstance(caught.value, sr.AmbiguousMoveError)


@pytest.mark.parametrize("text", [None, 7, b"7D", ["7D"], sr.Card.parse("7D")])
def test_move_parse_refuses_what_is_not_text(text: object) -> None:
    with pytest.raises(sr.NotationError):
        sr.Move.parse(text)  # type: ignore[arg-type]


def test_move_constructors_check_their_cards() -> None:
    with pytest.raises(sr.NotationError):
        sr.Move.capture("7D", "")
    with pytest.raises(sr.NotationError):
        sr.Move.capture("7D", "7D 3C")
    with pytest.raises(sr.NotationError):
        sr.Move.trail("8D")
    with pytest.raises(sr.NotationError):
        sr.Move(sr.Card.parse("5D"), sr.CardSet("3C"), sr.MoveKind.KEEP_FIRST_CARD)
    assert sr.Move.capture("7D", sr.CardSet(["3C", "4S"])) == sr.Move.parse("7Dx4S3C")


# -- arbitrary text ---------------------------------------------------------------------

card_alphabet = st.text(
    alphabet=st.sampled_from(list("A234567JQK8910DHSCdhscxX♦♥♠♣♢ ,\t\nkeptabl")),
    max_size=20,
)
any_text = st.text(max_size=30) | card_alphabet


@given(any_text)
def test_move_parse_answers_any_text_with_a_move_or_a_notation_error(
    text: str,
) -> None:
    try:
        move = sr.Move.parse(text)
    except sr.NotationError:
        return
    assert sr.Move.parse(str(move)) == move
    assert evaluate(repr(move)) == move


@given(any_text)
def test_card_parse_answers_any_text_with_a_card_or_a_notation_error(
    text: str,
) -> None:
    try:
        card = sr.Card.parse(text)
    except sr.NotationError:
        return
    assert sr.Card.parse(str(card)) is card
    assert len(text.strip()) == 2


@given(any_text)
def test_card_sets_and_decks_answer_any_text_with_a_value_or_an_error(
    text: str,
) -> None:
    try:
        cards = sr.CardSet(text)
    except sr.NotationError:
        pass
    else:
        assert sr.CardSet(str(cards)) == cards
    try:
        deck = sr.Deck(text)
    except (sr.NotationError, sr.InvalidStateError):
        pass
    else:
        assert sr.Deck(str(deck)) == deck


@given(st.permutations(list(sr.ALL_CARDS)), st.sampled_from([" ", ", ", "  ", ","]))
def test_decks_read_their_cards_in_any_case_and_separator(
    cards: list[sr.Card], separator: str
) -> None:
    text = separator.join(str(card).lower() for card in cards)
    deck = sr.Deck(text)
    assert list(deck) == cards
    assert evaluate(repr(deck)) == deck


@given(any_text)
def test_parse_move_answers_any_text_with_a_legal_move_or_a_library_error(
    text: str,
) -> None:
    for state in (KC_STATE, CHKOBBA_START):
        try:
            move = state.parse_move(text)
        except sr.ScopaError:
            continue
        assert move in state.legal_moves()


# -- reprs ------------------------------------------------------------------------------


def test_the_repr_of_every_card_evaluates_to_the_card() -> None:
    for card in sr.ALL_CARDS:
        assert evaluate(repr(card)) is card
    assert repr(sr.Card.parse("7d")) == "Card.parse('7D')"


@given(st.integers(min_value=0, max_value=2**40 - 1))
def test_the_repr_of_a_card_set_evaluates_to_the_set(mask: int) -> None:
    cards = sr.CardSet.from_mask(mask)
    assert evaluate(repr(cards)) == cards


def test_reprs_of_empty_and_full_sets() -> None:
    assert evaluate(repr(sr.CardSet())) == sr.CardSet()
    assert evaluate(repr(sr.ALL_CARDS)) == sr.ALL_CARDS


@given(st.integers(), st.integers(min_value=0, max_value=1000))
def test_the_repr_of_a_deck_evaluates_to_the_deck(seed: int, number: int) -> None:
    deck = sr.Deck.shuffled(seed, number)
    assert evaluate(repr(deck)) == deck


@pytest.mark.parametrize(
    "move",
    [
        sr.Move.trail("7D"),
        sr.Move.capture("KC", "JD 2S"),
        sr.Move.capture("AD", sr.ALL_CARDS - sr.CardSet("AD")),
        sr.Move.keep_first_card("5H"),
        sr.Move.table_first_card("QS"),
    ],
    ids=str,
)
def test_the_repr_of_a_move_evaluates_to_the_move(move: sr.Move) -> None:
    assert evaluate(repr(move)) == move


RULESET_OPTIONS: dict[str, list[Any]] = {
    "capture_values": list(sr.CaptureValues),
    "capture_rule": list(sr.CaptureRule),
    "capture_compulsion": list(sr.CaptureCompulsion),
    "capture_mode": list(sr.CaptureMode),
    "ace_takes_all": [True, False],
    "ace_blocked_by_table_ace": [True, False],
    "ace_sweep_is_scopa": [True, False],
    "last_card_sweep_counts": [True, False],
    "redeal_kings": [None, 1, 2, 3, 4],
    "first_card_choice": [True, False],
    "initial_fifteen_sweeps": [True, False],
    "primiera_rule": list(sr.PrimieraRule),
    "re_bello": [True, False],
    "napola": [True, False],
    "cappotto": [True, False],
    "target_score": [1, 11, 16, 21, 31],
    "partnerships": [True, False],
    "players": [2, 3, 4, 6],
}


@st.composite
def rulesets(draw: st.DrawFn) -> sr.Ruleset:
    base = draw(presets)
    names = draw(st.sets(st.sampled_from(sorted(RULESET_OPTIONS)), max_size=6))
    changes = {name: draw(st.sampled_from(RULESET_OPTIONS[name])) for name in names}
    try:
        return base.replace(**changes)
    except sr.InvalidRulesetError:
        assume(False)
        raise  # pragma: no cover - assume(False) does not return


@given(rulesets())
def test_the_repr_of_a_ruleset_evaluates_to_the_ruleset(rules: sr.Ruleset) -> None:
    assert evaluate(repr(rules)) == rules
    assert sr.Ruleset.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize("rules", PRESETS, ids=repr)
def test_the_repr_of_every_preset_evaluates_to_it(rules: sr.Ruleset) -> None:
    assert evaluate(repr(rules)) == rules
    assert repr(rules).startswith("Ruleset(players=")


# -- parse_move in a position ---------------------------------------------------------------

KC_DEALT = sr.CardSet("5D KC 4H AS 6C 2S 5H 3C JD")
KC_STATE = sr.GameState.from_position(
    sr.Ruleset.scopa(),
    hands=["5D KC 4H", "AS 6C"],
    table="2S 5H 3C JD",
    piles=["", sr.ALL_CARDS - KC_DEALT],
    last_capturer=1,
)
CHKOBBA_START = sr.new_game(sr.Ruleset.chkobba(), seed=3)


def test_a_card_alone_names_its_forced_capture() -> None:
    assert KC_STATE.parse_move("5D") == sr.Move.parse("5Dx5H")
    assert KC_STATE.parse_move("5d") == sr.Move.parse("5Dx5H")
    assert KC_STATE.parse_move(" 5♦ ") == sr.Move.parse("5Dx5H")
    assert KC_STATE.parse_move("4H") == sr.Move.trail("4H")


def test_a_card_alone_with_several_captures_is_ambiguous() -> None:
    with pytest.raises(sr.AmbiguousMoveError) as caught:
        KC_STATE.parse_move("KC")
    error = caught.value
    assert isinstance(error, sr.NotationError)
    assert isinstance(error, sr.ScopaError)
    expected = tuple(m for m in KC_STATE.legal_moves() if m.card.rank is sr.Rank.KING)
    assert error.choices == expected
    assert set(error.choices) == {
        sr.Move.parse("KCxJD2S"),
        sr.Move.parse("KCx5H2S3C"),
    }
    for choice in error.choices:
        assert str(choice) in str(error)
    with pytest.raises(sr.NotationError):
        KC_STATE.parse_move("k♣")


def test_a_card_alone_with_captures_and_a_trail_is_ambiguous_without_compulsion() -> (
    None
):
    rules = sr.Ruleset.scopa(capture_compulsion="none")
    state = sr.GameState.from_position(
        rules,
        hands=["5D KC 4H", "AS 6C"],
        table="2S 5H 3C JD",
        piles=["", sr.ALL_CARDS - KC_DEALT],
        last_capturer=1,
    )
    with pytest.raises(sr.AmbiguousMoveError) as caught:
        state.parse_move("5D")
    assert caught.value.choices == (sr.Move.parse("5Dx5H"), sr.Move.trail("5D"))
    assert caught.value.choices == tuple(
        m for m in state.legal_moves() if m.card == sr.Card.parse("5D")
    )
    # Naming the captured cards, or the trail explicitly, is not ambiguous.
    assert state.parse_move("5D x 5H") == sr.Move.parse("5Dx5H")


@pytest.mark.parametrize(
    "text", ["KC x 3C 5H 2S", "kcx2s3c5h", "K♣ X 5♥ 3♣ 2♠", "KCx5H2S3C"]
)
def test_capture_cards_may_come_in_any_order(text: str) -> None:
    assert KC_STATE.parse_move(text) == sr.Move.parse("KCx5H2S3C")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("AS", "AS"),  # seat 1's card
        ("5Dx2S3C", "single"),  # a matching single card must be taken
        ("KCx2S", "2S"),  # does not add up
        ("KCxAD", "KC"),  # not on the table
        ("4Hx4D", "4H"),
        ("keep 5D", "5D"),
        ("table KC", "KC"),
    ],
)
def test_an_illegal_move_text_raises_illegal_move_error(text: str, why: str) -> None:
    with pytest.raises(sr.IllegalMoveError) as caught:
        KC_STATE.parse_move(text)
    assert why in str(caught.value)


@pytest.mark.parametrize("text", ["", "keep", "table", "8D", "KCx", None, 5])
def test_bad_move_text_in_a_position_raises_a_notation_error(text: object) -> None:
    with pytest.raises(sr.NotationError):
        KC_STATE.parse_move(text)  # type: ignore[arg-type]


def test_keep_and_table_name_the_first_card_decisions() -> None:
    state = CHKOBBA_START
    first = state.first_card
    assert first is not None
    keep = sr.Move.keep_first_card(first)
    table = sr.Move.table_first_card(first)
    for text in ("keep", "KEEP", " Keep ", f"keep {first}", f"keep {first}".lower()):
        assert state.parse_move(text) == keep
    for text in ("table", "Table", f"TABLE {symbol_text(first)}"):
        assert state.parse_move(text) == table
    other = next(card for card in sr.ALL_CARDS if card != first)
    with pytest.raises(sr.IllegalMoveError):
        state.parse_move(f"keep {other}")
    with pytest.raises(sr.IllegalMoveError):
        state.parse_move(str(other))
    # The first card alone could be kept or tabled.
    with pytest.raises(sr.AmbiguousMoveError) as caught:
        state.parse_move(str(first))
    assert caught.value.choices == (keep, table)
    # After the decision, "keep" is no move at all.
    after = state.apply(keep)
    with pytest.raises(sr.NotationError):
        after.parse_move("keep")
    with pytest.raises(sr.IllegalMoveError):
        after.parse_move(f"keep {first}")


def test_parse_move_when_no_one_is_to_move() -> None:
    state = sr.new_game(sr.Ruleset.scopa(target_score=1), seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    with pytest.raises(sr.IllegalMoveError):
        state.parse_move("7D")
    with pytest.raises(sr.IllegalMoveError):
        state.parse_move("7Dx3C4S")


# -- render --------------------------------------------------------------------------------


def test_render_shows_the_table_every_hand_and_the_phase() -> None:
    state = sr.new_game(sr.Ruleset.scopa(players=4), seed=7)
    picture = state.render()
    lines = picture.splitlines()
    assert lines[0] == "Scopa, hand 1, dealer seat 3, seat 0 to move"
    assert f"table   {state.table}" in lines
    for seat, hand in enumerate(state.hands):
        assert f"seat {seat}  {hand}" in lines
    assert "stock   24 cards" in lines
    assert "side 0  score 0, pile 0, sweeps 0 (seats 0, 2)" in lines
    assert "side 1  score 0, pile 0, sweeps 0 (seats 1, 3)" in lines
    assert lines[-1] == "target  11"
    symbols = state.render(symbols=True)
    assert f"table   {state.table.symbol_text()}" in symbols.splitlines()
    assert not re.search(r"\b[A2-7JQK][DHSC]\b", symbols)


def test_a_view_render_hides_the_other_hands() -> None:
    state = sr.new_game(sr.Ruleset.scopa(players=3), seed=7)
    state = state.apply(state.legal_moves()[0])
    view = state.view(2)
    picture = view.render(symbols=True)
    lines = picture.splitlines()
    assert lines[0].endswith("seat 1 to move (view of seat 2)")
    assert f"table   {state.table.symbol_text()}" in lines
    assert "seat 0  ## ##" in lines
    assert "seat 1  ## ## ##" in lines
    assert f"seat 2  {state.hands[2].symbol_text()}" in lines
    for seat in (0, 1):
        for card in state.hands[seat]:
            assert card.symbol_text() not in picture
            assert str(card) not in picture
    for card in state.stock:
        assert card.symbol_text() not in picture
    plain = view.render()
    assert f"seat 2  {state.hands[2]}" in plain.splitlines()
    assert "##" in plain


def test_render_shows_the_first_card_only_to_its_chooser() -> None:
    state = CHKOBBA_START
    first = state.first_card
    assert first is not None
    assert "decides on the first card" in state.render().splitlines()[0]
    assert f"first   {first}" in state.render().splitlines()
    mine = state.view(0).render(symbols=True)
    assert f"first   {first.symbol_text()}" in mine.splitlines()
    theirs = state.view(1).render()
    assert not any(line.startswith("first") for line in theirs.splitlines())
    assert str(first) not in theirs
    assert "decides on the first card" in theirs.splitlines()[0]


def test_render_shows_the_end_of_a_game_and_a_wait_for_a_deck() -> None:
    state = sr.new_game(sr.Ruleset.escoba(), seed=5)
    rng = random.Random(5)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    head = f"game over, side {state.winner} wins"
    assert head in state.render().splitlines()[0]
    assert head in state.view(1).render().splitlines()[0]
    assert state.render().startswith("Escoba, ")
    waiting = sr.new_game(sr.Ruleset.scopa(), deck=sr.Deck.shuffled(1))
    while waiting.phase is sr.Phase.PLAY:
        waiting = waiting.apply(waiting.legal_moves()[0])
    assert "waiting for the next deck" in waiting.render().splitlines()[0]
    assert "waiting for the next deck" in waiting.view(0).render()
    assert "seat 0  -" in waiting.view(0).render().splitlines()


def test_render_names_house_rules() -> None:
    rules = sr.Ruleset.scopa(target_score=5)
    state = sr.new_game(rules, seed=1)
    assert state.render().startswith("House rules, hand 1")
    assert state.render().splitlines()[-1] == "target  5"


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (
            lambda: sr.CardSet(None),  # type: ignore[arg-type]
            sr.NotationError,
            "card text or cards, not None",
        ),
        (
            lambda: sr.CardSet(5),  # type: ignore[arg-type]
            sr.NotationError,
            "card text or cards, not 5",
        ),
        (
            lambda: sr.Deck(5),  # type: ignore[arg-type]
            sr.InvalidStateError,
            "card text or cards, not 5",
        ),
        (lambda: sr.Move.parse("xx"), sr.NotationError, "no played card before"),
        (lambda: sr.Move.parse("x4S"), sr.NotationError, "no played card before"),
    ],
)
def test_shapeless_input_gets_a_clear_error(
    make: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        make()


def test_moves_are_equal_by_card_captured_cards_and_kind() -> None:
    capture = sr.Move.parse("7Dx3S4H")
    assert capture == sr.Move.parse("7Dx4H3S") == sr.Move("7D", "3S 4H")
    assert hash(capture) == hash(sr.Move.parse("7Dx4H3S"))
    assert capture != sr.Move.parse("7Dx2C5C")
    assert capture != sr.Move.parse("7D")
    keep, table = sr.Move.keep_first_card("7D"), sr.Move.table_first_card("7D")
    assert len({keep, table, sr.Move.parse("7D")}) == 3
    assert keep == sr.Move.keep_first_card("7D")
    assert keep != table
    # Not equal to anything that is not a move, its text included.
    assert capture != "7Dx3S4H"
    assert (capture == 7) is False
    assert capture.__eq__("7Dx3S4H") is NotImplemented
