"""Player views and determinization: :meth:`GameState.view`, :class:`PlayerView`
and :meth:`PlayerView.sample`.

A view must show a seat everything it knows (its hand, the table, the sizes
of the other hands and of the stock, the piles, sweeps and scores, the public
turns and the finished hands) and nothing else.  The no-leak property is
tested three ways: samples of a view (which redeal the hidden cards) all give
that view back; two positions built with :meth:`GameState.from_position`
that differ only in hidden cards give equal views; and a real game replayed
with the hidden cards of the current deck permuted gives the same view.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import scopa_rules as sr
from helpers import PRESETS
from profiles import examples

presets = st.sampled_from(PRESETS)
deal_seeds = st.integers(min_value=0, max_value=2**63 - 1)
move_seeds = st.integers(min_value=0, max_value=2**32 - 1)
fractions = st.floats(min_value=0.0, max_value=1.0)

MAX_PLIES = 5_000


def play_moves(
    rules: sr.Ruleset,
    seed: int,
    move_seed: int,
    *,
    decks: list[sr.Deck] | None = None,
) -> tuple[list[sr.GameState], list[sr.Move]]:
    """Every state of a whole game with random moves, and the moves."""
    rng = random.Random(move_seed)
    state = sr.new_game(rules, seed=seed, decks=decks)
    states: list[sr.GameState] = [state]
    moves: list[sr.Move] = []
    for _ in range(MAX_PLIES):
        if state.is_over:
            return states, moves
        move = rng.choice(state.legal_moves())
        state = state.apply(move)
        states.append(state)
        moves.append(move)
    raise AssertionError(f"the game did not end in {MAX_PLIES} moves")


def play_game(rules: sr.Ruleset, seed: int, move_seed: int) -> list[sr.GameState]:
    """Every state of a whole game with random moves."""
    return play_moves(rules, seed, move_seed)[0]


def pick(states: list[sr.GameState], fraction: float) -> sr.GameState:
    return states[min(len(states) - 1, int(fraction * len(states)))]


def chooser(state: sr.GameState) -> int:
    """The seat that decides on Chkobba's first card this hand."""
    return (state.dealer + 1) % state.rules.players


def hidden_from(state: sr.GameState, seat: int) -> sr.CardSet:
    """The cards ``seat`` cannot see, from the full state: the other hands
    (but for the cards of a declared hand, which every seat saw), the stock
    and a first card that another seat is deciding on."""
    hidden = sr.CardSet(state.stock)
    for other, hand in enumerate(state.hands):
        if other != seat:
            declared = sr.CardSet()
            for declaration in state.declarations:
                if declaration.seat == other:
                    declared |= declaration.cards
            hidden |= hand - declared
    if state.first_card is not None and chooser(state) != seat:
        hidden = hidden.add(state.first_card)
    return hidden


def public_turns(turns: tuple[sr.Turn, ...], seat: int) -> tuple[sr.Turn, ...]:
    return tuple(
        turn
        for turn in turns
        if turn.seat == seat or turn.move.kind is not sr.MoveKind.KEEP_FIRST_CARD
    )


def in_play(state: sr.GameState) -> bool:
    return state.phase in (sr.Phase.PLAY, sr.Phase.FIRST_CARD)


def assert_every_card_once(state: sr.GameState) -> None:
    seen = sr.CardSet()
    total = 0
    for _, cards in state.cards_in_play():
        assert seen.isdisjoint(cards)
        seen |= cards
        total += len(cards)
    assert seen == sr.ALL_CARDS
    assert total == 40


# -- what a view shows ----------------------------------------------------------------


def check_view(state: sr.GameState, seat: int) -> None:
    view = state.view(seat)
    assert view == sr.PlayerView.of(state, seat)
    assert view.seat == seat
    assert view.rules == state.rules
    assert view.phase is state.phase
    assert view.is_over == state.is_over
    assert view.dealer == state.dealer
    assert view.hand_number == state.hand_number
    assert view.current_player == state.current_player
    assert view.hand == state.hands[seat]
    assert view.table == state.table
    assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
    assert view.stock_size == len(state.stock)
    assert view.piles == state.piles
    assert view.sweeps == state.sweeps
    assert view.scores == state.scores
    assert view.last_capturer == state.last_capturer
    assert view.winner == state.winner
    assert view.turns == public_turns(state.turns_this_hand, seat)
    assert len(view.hand_results) == len(state.hand_results)
    for shown, real in zip(view.hand_results, state.hand_results, strict=True):
        assert shown.deck is None
        assert shown.redealt == ()
        assert shown.turns == public_turns(real.turns, seat)
        assert shown.number == real.number
        assert shown.dealer == real.dealer
        assert shown.piles == real.piles
        assert shown.leftover == real.leftover
        assert shown.leftover_side == real.leftover_side
        assert shown.score == real.score
        assert shown.scores == real.scores
    # The first card: only its chooser sees it, and only while deciding.
    if state.first_card is not None and seat == chooser(state):
        assert view.first_card == state.first_card
    else:
        assert view.first_card is None
    # The cards the seat cannot see.
    if in_play(state) or state.is_over:
        assert view.unseen == hidden_from(state, seat)
    else:  # waiting for a deck: the whole next deck is unseen
        assert view.unseen == sr.ALL_CARDS
    assert view.unseen.isdisjoint(view.hand | view.table)
    # Legal moves: the state's when the seat is to move, else none.
    if state.current_player == seat:
        assert view.legal_moves() == state.legal_moves()
    else:
        assert view.legal_moves() == ()


@attrs.frozen(kw_only=True)
class _CountedView(sr.PlayerView):
    """A subclass with a field of its own: PlayerView.of builds it through
    its constructor, where a PlayerView is built through its slots."""

    note: str = "subclass"


def check_construction(state: sr.GameState, seat: int) -> None:
    """A view has every field its constructor would have given it."""
    view = state.view(seat)
    built = _CountedView.of(state, seat)
    assert type(view) is sr.PlayerView
    assert type(built) is _CountedView
    assert built.note == "subclass"
    for field in attrs.fields(sr.PlayerView):
        mine = getattr(view, field.name)
        theirs = getattr(built, field.name)
        if field.name == "_events_of":
            assert mine() == theirs()
        else:
            assert mine == theirs, field.name
    assert view == attrs.evolve(view)
    assert hash(view) == hash(attrs.evolve(view))


@given(presets, deal_seeds, move_seeds, st.lists(fractions, min_size=1, max_size=4))
def test_a_view_shows_what_the_seat_knows(
    rules: sr.Ruleset, seed: int, move_seed: int, points: list[float]
) -> None:
    states = play_game(rules, seed, move_seed)
    for state in [states[0], states[-1], *(pick(states, p) for p in points)]:
        for seat in range(rules.players):
            check_view(state, seat)
            check_construction(state, seat)


def test_views_of_the_first_state_of_a_scopa_game() -> None:
    state = sr.new_game(sr.Ruleset.scopa(players=4), seed=12)
    view = state.view(2)
    assert view.hand == state.hands[2]
    assert view.hand_sizes == (3, 3, 3, 3)
    assert view.stock_size == 24
    assert view.unseen == state.hands[0] | state.hands[1] | state.hands[3] | sr.CardSet(
        state.stock
    )
    assert len(view.unseen) == 33
    assert view.turns == ()
    assert view.legal_moves() == ()
    assert state.view(0).legal_moves() == state.legal_moves()


def test_views_after_a_finished_hand_keep_no_deck() -> None:
    state = sr.new_game(sr.Ruleset.scopa(), seed=4)
    rng = random.Random(4)
    while not state.hand_results:
        state = state.apply(rng.choice(state.legal_moves()))
    assert state.hand_results[0].deck is not None
    for seat in (0, 1):
        (shown,) = state.view(seat).hand_results
        assert shown.deck is None
        assert shown.redealt == ()
        assert shown.turns == state.hand_results[0].turns
        assert shown.score == state.hand_results[0].score


@pytest.mark.parametrize("seat", [99, 2, -1, True, "0", None, 1.0])
def test_a_view_of_a_seat_that_is_not_there_is_refused(seat: object) -> None:
    state = sr.new_game(sr.Ruleset.scopa(), seed=1)
    with pytest.raises(sr.InvalidStateError):
        state.view(seat)  # type: ignore[arg-type]
    with pytest.raises(sr.InvalidStateError):
        sr.PlayerView.of(state, seat)  # type: ignore[arg-type]


# -- Chkobba's first card -----------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_only_the_chooser_sees_the_first_card_while_deciding(players: int) -> None:
    state = sr.new_game(sr.Ruleset.chkobba(players=players), seed=3)
    assert state.phase is sr.Phase.FIRST_CARD
    first = state.first_card
    assert first is not None
    seat = chooser(state)
    assert state.current_player == seat
    mine = state.view(seat)
    assert mine.first_card == first
    assert first not in mine.unseen
    assert len(mine.unseen) == 39
    assert mine.legal_moves() == state.legal_moves()
    assert mine.legal_moves() == (
        sr.Move.keep_first_card(first),
        sr.Move.table_first_card(first),
    )
    assert mine.first_card_kept is None
    for other in range(players):
        if other == seat:
            continue
        theirs = state.view(other)
        assert theirs.first_card is None
        assert first in theirs.unseen
        assert theirs.unseen == sr.ALL_CARDS
        assert theirs.legal_moves() == ()
        assert theirs.first_card_kept is None


@pytest.mark.parametrize("players", [2, 4])
def test_a_kept_first_card_stays_the_choosers_secret(players: int) -> None:
    state = sr.new_game(sr.Ruleset.chkobba(players=players), seed=3)
    first = state.first_card
    assert first is not None
    seat = chooser(state)
    kept = state.apply(sr.Move.keep_first_card(first))
    assert first in kept.hands[seat]
    keep_turn = sr.Turn(seat, sr.Move.keep_first_card(first))
    assert kept.turns_this_hand == (keep_turn,)
    mine = kept.view(seat)
    assert mine.first_card_kept is True
    assert mine.turns == (keep_turn,)
    assert first in mine.hand
    assert mine.first_card is None
    for other in range(players):
        if other == seat:
            continue
        theirs = kept.view(other)
        assert theirs.first_card_kept is True
        assert theirs.turns == ()
        assert theirs.first_card is None
        assert first in theirs.unseen
    # The keep stays hidden in the finished hand, too.
    rng = random.Random(5)
    state = kept
    while not state.hand_results:
        state = state.apply(rng.choice(state.legal_moves()))
    assert keep_turn in state.hand_results[0].turns
    assert keep_turn in state.view(seat).hand_results[0].turns
    for other in range(players):
        if other != seat:
            assert keep_turn not in state.view(other).hand_results[0].turns


def test_a_tabled_first_card_is_public() -> None:
    state = sr.new_game(sr.Ruleset.chkobba(), seed=3)
    first = state.first_card
    assert first is not None
    tabled = state.apply(sr.Move.table_first_card(first))
    turn = sr.Turn(chooser(state), sr.Move.table_first_card(first))
    for seat in (0, 1):
        view = tabled.view(seat)
        assert view.first_card_kept is False
        assert view.turns == (turn,)
        assert first in view.table


# -- no leak ------------------------------------------------------------------------


@settings(max_examples=examples(40))
@given(presets, deal_seeds, move_seeds, fractions, st.integers(0, 5), move_seeds)
def test_every_sample_of_a_view_gives_that_view_back(
    rules: sr.Ruleset,
    seed: int,
    move_seed: int,
    point: float,
    seat_pick: int,
    sample_seed: int,
) -> None:
    state = pick(play_game(rules, seed, move_seed), point)
    seat = seat_pick % rules.players
    view = state.view(seat)
    rng = random.Random(sample_seed)
    for _ in range(4):
        sample = view.sample(rng)
        assert sample.view(seat) == view
        if in_play(state):
            assert_every_card_once(sample)


def test_positions_differing_only_in_hidden_cards_give_equal_views() -> None:
    rules = sr.Ruleset.scopa(players=3)
    table = "6D 6H 2S"
    hands_a = ["7D KS 2C", "AH 3H 5S", "4D JC QH"]
    used = sr.CardSet(" ".join([*hands_a, table]))
    rest = [card for card in sr.ALL_CARDS if card not in used]
    stock_a, pile = rest[:18], sr.CardSet(rest[18:])
    # Hidden from seat 0: swap 5S (seat 1) with 4D (seat 2), QH (seat 2)
    # with the fourth card of the stock, and two cards inside the stock.
    hands_b = ["7D KS 2C", "AH 3H 4D", f"5S JC {stock_a[3]}"]
    stock_b = list(stock_a)
    stock_b[3] = sr.Card.parse("QH")
    stock_b[0], stock_b[5] = stock_b[5], stock_b[0]

    def position(hands: list[str], stock: list[sr.Card]) -> sr.GameState:
        return sr.GameState.from_position(
            rules,
            hands=hands,
            table=table,
            stock=stock,
            piles=[pile, "", ""],
            sweeps=[1, 0, 0],
            scores=[3, 5, 2],
            last_capturer=0,
        )

    state_a, state_b = position(hands_a, stock_a), position(hands_b, stock_b)
    assert state_a != state_b
    assert state_a.view(0) == state_b.view(0)
    assert state_a.view(1) != state_b.view(1)
    assert state_a.view(2) != state_b.view(2)
    # After the same move of seat 0 its views still agree.
    assert state_a.legal_moves() == state_b.legal_moves()
    for move in state_a.legal_moves():
        after_a, after_b = state_a.apply(move), state_b.apply(move)
        assert after_a != after_b
        assert after_a.view(0) == after_b.view(0)


def permute_move(move: sr.Move, mapping: dict[sr.Card, sr.Card]) -> sr.Move:
    card = mapping.get(move.card, move.card)
    if move.kind is sr.MoveKind.KEEP_FIRST_CARD:
        return sr.Move.keep_first_card(card)
    if move.kind is sr.MoveKind.TABLE_FIRST_CARD:
        return sr.Move.table_first_card(card)
    return sr.Move(card, sr.CardSet(mapping.get(c, c) for c in move.captured))


@settings(max_examples=examples(40))
@given(
    presets,
    move_seeds,
    move_seeds,
    fractions,
    st.integers(0, 5),
    st.randoms(use_true_random=False),
)
def test_a_game_replayed_with_hidden_cards_permuted_gives_the_same_view(
    rules: sr.Ruleset,
    deck_seed: int,
    move_seed: int,
    point: float,
    seat_pick: int,
    rnd: random.Random,
) -> None:
    """Replay a real game from explicit decks with the cards hidden from one
    seat permuted in the deck of the current hand: every earlier move stays
    legal (hidden cards were never played, and no preset has the whole-hand
    compulsion), the position differs, and the seat's view is the same."""
    deck_rng = random.Random(deck_seed)
    decks = []
    order = list(sr.ALL_CARDS)
    for _ in range(60):
        deck_rng.shuffle(order)
        decks.append(sr.Deck(order))
    states, moves = play_moves(rules, deck_seed, move_seed, decks=decks)
    at = min(len(states) - 1, int(point * len(states)))
    state = states[at]
    assume(not state.is_over)
    # Under declarations, who declared tells about the hands dealt: hidden
    # cards permuted may rightly change what a seat saw.
    assume(not rules.declarations)
    seat = seat_pick % rules.players
    hidden = list(state.view(seat).unseen)
    assume(len(hidden) >= 2)
    # The deck the state is on, found from the finished hand: the one in
    # play, or, while a first card is being decided, the deck that card
    # came from (a kings redeal may follow the decision).
    result = states[-1].hand_results[state.hand_number]
    deck = result.deck
    assert deck is not None
    if state.phase is sr.Phase.FIRST_CARD:
        deck = next(
            d
            for d in (*result.redealt, deck)
            if d.cards[0] == state.first_card and d.cards[1:] == state.stock
        )
    index = decks.index(deck)
    rnd.shuffle(hidden)
    mapping = dict(zip(hidden, hidden[1:] + hidden[:1], strict=True))
    permuted = list(decks)
    permuted[index] = sr.Deck([mapping.get(card, card) for card in deck])
    # The moves made on that deck: from the last first-card decision of the
    # hand (a kings redeal may come after one), else from the hand's start.
    in_hand = [i for i in range(at + 1) if states[i].hand_number == state.hand_number]
    deciding = [i for i in in_hand if states[i].phase is sr.Phase.FIRST_CARD]
    start = deciding[-1] if deciding else in_hand[0]
    other = sr.new_game(rules, seed=deck_seed, decks=permuted)
    for i, move in enumerate(moves[:at]):
        seat_to_move = states[i].current_player
        if i >= start:
            move = permute_move(move, mapping)
        other = other.apply(move, seat=seat_to_move)
    assert other != state
    assert other.hands[seat] == state.hands[seat]
    if state.stock:
        assert other.stock != state.stock
    assert other.view(seat) == state.view(seat)


# -- determinization ------------------------------------------------------------------


@settings(max_examples=examples(40))
@given(presets, deal_seeds, move_seeds, fractions, st.integers(0, 5))
def test_samples_are_consistent_with_the_view(
    rules: sr.Ruleset, seed: int, move_seed: int, point: float, seat_pick: int
) -> None:
    state = pick(play_game(rules, seed, move_seed), point)
    seat = seat_pick % rules.players
    view = state.view(seat)
    for sample_seed in range(3):
        sample = view.sample(random.Random(sample_seed))
        assert sample.view(seat) == view
        assert sample.hands[seat] == view.hand
        assert tuple(len(hand) for hand in sample.hands) == view.hand_sizes
        assert len(sample.stock) == view.stock_size
        assert sample.table == view.table
        assert sample.piles == view.piles
        assert sample.phase is view.phase
        assert sample.current_player == view.current_player
        assert sample.rules == view.rules
        # The hidden cards are exactly the unseen cards, redistributed.
        if in_play(state):
            assert_every_card_once(sample)
            assert hidden_from(sample, seat) == view.unseen
        if state.current_player == seat:
            assert sample.legal_moves() == view.legal_moves()
        assert sample.view(seat).legal_moves() == view.legal_moves()


def mid_game(rules: sr.Ruleset, seed: int, plies: int) -> sr.GameState:
    state = sr.new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        state = state.apply(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize(
    "rules",
    [sr.Ruleset.scopa(), sr.Ruleset.scopa(players=4), sr.Ruleset.escoba(players=3)],
)
def test_samples_are_random_and_reproducible(rules: sr.Ruleset) -> None:
    state = mid_game(rules, 21, 5)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    first = view.sample(random.Random(1))
    again = view.sample(random.Random(1))
    assert first == again
    assert first.hands == again.hands
    assert first.stock == again.stock
    hidden_places = {
        (sample.hands, sample.stock)
        for sample in (view.sample(random.Random(n)) for n in range(20))
    }
    assert len(hidden_places) == 20
    # The real position is one of the possible samples, but the samples do
    # not copy it.
    assert (state.hands, state.stock) not in hidden_places
    # One generator gives a fresh deal on every call.
    rng = random.Random(3)
    assert view.sample(rng).stock != view.sample(rng).stock


def test_samples_spread_the_unseen_cards_uniformly() -> None:
    state = mid_game(sr.Ruleset.scopa(players=4), 8, 6)
    seat = 1
    view = state.view(seat)
    unseen = list(view.unseen)
    places = Counter[tuple[str, sr.Card]]()
    rounds = 2000
    rng = random.Random(2024)
    for _ in range(rounds):
        sample = view.sample(rng)
        for other, hand in enumerate(sample.hands):
            if other != seat:
                for card in hand:
                    places[f"hand {other}", card] += 1
        for card in sample.stock:
            places["stock", card] += 1
    expected = {
        f"hand {other}": view.hand_sizes[other] / len(unseen)
        for other in range(4)
        if other != seat
    }
    expected["stock"] = view.stock_size / len(unseen)
    assert sum(expected.values()) == pytest.approx(1.0)
    for place, share in expected.items():
        # Five standard deviations of a binomial frequency, and a little more.
        tolerance = 5 * math.sqrt(share * (1 - share) / rounds) + 0.005
        for card in unseen:
            frequency = places[place, card] / rounds
            assert frequency == pytest.approx(share, abs=tolerance), (place, card)
    # The top of the sampled stock is uniform too.
    tops = Counter(view.sample(rng).stock[0] for _ in range(rounds))
    assert set(tops) == set(unseen)
    assert max(tops.values()) / rounds < 3 / len(unseen)


def whole_hand_position(compulsion: str) -> sr.GameState:
    """Seat 0 to move holding only cards that cannot capture on AD 2D 3D."""
    rules = sr.Ruleset.scopa(capture_compulsion=compulsion)
    hands = ["7S JC QC", "KS 4C 5C"]
    table = "AD 2D 3D"
    used = sr.CardSet(" ".join([*hands, table]))
    rest = [card for card in sr.ALL_CARDS if card not in used]
    # The stock holds plenty of cards that could capture on that table.
    stock = rest[:24]
    pile = sr.CardSet(rest[24:])
    return sr.GameState.from_position(
        rules,
        hands=hands,
        table=table,
        stock=stock,
        piles=[str(pile), ""],
        last_capturer=0,
    )


def test_whole_hand_compulsion_samples_never_give_a_trailer_a_capturing_card() -> None:
    state = whole_hand_position("whole_hand")
    table_then = state.table
    assert all(move.is_trail for move in state.legal_moves())
    after = state.apply(sr.Move.parse("7S"))
    view = after.view(1)
    rules = after.rules
    capturing = [c for c in view.unseen if sr.capture_options(rules, table_then, c)]
    assert len(capturing) > 10
    rng = random.Random(9)
    for _ in range(300):
        sample = view.sample(rng)
        assert sample.view(1) == view
        for card in sample.hands[0]:
            assert not sr.capture_options(rules, table_then, card), card
        assert_every_card_once(sample)
    # Seat 1 holds 4C and 5C, which capture, so it may not trail at all.
    assert all(move.is_capture for move in after.legal_moves())


def test_without_the_whole_hand_compulsion_a_trailer_may_hold_a_capturing_card() -> (
    None
):
    state = whole_hand_position("played_card")
    table_then = state.table
    after = state.apply(sr.Move.parse("7S"))
    view = after.view(1)
    rng = random.Random(9)
    held = [
        card
        for _ in range(100)
        for card in view.sample(rng).hands[0]
        if sr.capture_options(after.rules, table_then, card)
    ]
    assert held


def test_whole_hand_constraint_covers_every_trail_of_the_round() -> None:
    """Seat 0 trails, seat 1 trails: each is known to have held no capturing
    card at its own moment, judged on the table it saw."""
    rules = sr.Ruleset.scopa(capture_compulsion="whole_hand")
    hands = ["7S JC QC", "7H JS JH"]
    table = "AD 2D 3D"
    used = sr.CardSet(" ".join([*hands, table]))
    rest = [card for card in sr.ALL_CARDS if card not in used]
    state = sr.GameState.from_position(
        rules,
        hands=hands,
        table=table,
        stock=rest[:24],
        piles=[str(sr.CardSet(rest[24:])), ""],
        last_capturer=0,
    )
    first_table = state.table
    state = state.apply(sr.Move.parse("QC"))
    second_table = state.table
    # Neither J nor 7 captures on AD 2D 3D QC, so seat 1 may trail.
    state = state.apply(sr.Move.parse("JS"))
    view = state.view(0)
    rng = random.Random(1)
    for _ in range(200):
        sample = view.sample(rng)
        assert sample.view(0) == view
        for card in sample.hands[1]:
            assert not sr.capture_options(rules, second_table, card)
    view = state.view(1)
    for _ in range(200):
        sample = view.sample(rng)
        for card in sample.hands[0]:
            assert not sr.capture_options(rules, first_table, card)


def test_a_sample_has_no_record() -> None:
    state = mid_game(sr.Ruleset.scopa(), 3, 4)
    sample = state.view(0).sample(random.Random(0))
    with pytest.raises(sr.InvalidStateError):
        sample.record()
    with pytest.raises(sr.InvalidStateError):
        sr.GameRecord.of(sample)
    with pytest.raises(sr.InvalidStateError):
        sample.to_dict()
    # A sample can still be played on, for search.
    after = sample.apply(sample.legal_moves()[0])
    assert after.view(1).hand == sample.hands[1]


@pytest.mark.parametrize("rng", [0, None, "seed", random, 1.5])
def test_sample_needs_a_random_generator(rng: object) -> None:
    view = sr.new_game(seed=1).view(0)
    with pytest.raises(sr.InvalidStateError):
        view.sample(rng)  # type: ignore[arg-type]


def test_a_subclass_of_random_is_accepted() -> None:
    view = sr.new_game(seed=1).view(0)
    sample = view.sample(random.SystemRandom())
    assert sample.view(0) == view


def test_chkobba_first_card_samples() -> None:
    state = sr.new_game(sr.Ruleset.chkobba(), seed=3)
    seat = chooser(state)
    other = 1 - seat
    # The chooser's samples keep the first card it sees.
    mine = state.view(seat)
    for n in range(10):
        sample = mine.sample(random.Random(n))
        assert sample.first_card == state.first_card
        assert sample.legal_moves() == state.legal_moves()
        assert sample.view(seat) == mine
    # The other seat's samples draw the first card from the unseen cards.
    theirs = state.view(other)
    firsts = {theirs.sample(random.Random(n)).first_card for n in range(30)}
    assert None not in firsts
    assert len(firsts) > 5
    for n in range(10):
        sample = theirs.sample(random.Random(n))
        assert sample.view(other) == theirs
        assert_every_card_once(sample)


def kept_then_played(players: int, seed: int, plies: int) -> sr.GameState:
    """A Chkobba game whose chooser kept the first card, ``plies`` plays later."""
    state = sr.new_game(sr.Ruleset.chkobba(players=players), seed=seed)
    first = state.first_card
    assert first is not None
    state = state.apply(sr.Move.keep_first_card(first))
    rng = random.Random(seed)
    for _ in range(plies):
        state = state.apply(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize(("players", "plies"), [(2, 0), (2, 8), (4, 5), (4, 14)])
def test_chkobba_samples_after_a_hidden_keep_are_consistent(
    players: int, plies: int
) -> None:
    """After another seat kept the first card, a sample invents the keep: it
    must be a card the chooser held when it kept it -- one of its cards of
    the hand's first deal round (in its hand during that round, else played
    in it), never one dealt to it in a later round."""
    rules = sr.Ruleset.chkobba(players=players)
    state = kept_then_played(players, 11, plies)
    assert state.hand_number == 0
    turns = state.turns_this_hand
    assert turns[0].move.kind is sr.MoveKind.KEEP_FIRST_CARD
    keeper = turns[0].seat
    plays = [turn for turn in turns[1:] if turn.move.kind is sr.MoveKind.PLAY]
    first_round = plays[: players * rules.hand_size]
    in_first_round = len(plays) < players * rules.hand_size
    held_then = {turn.move.card for turn in first_round if turn.seat == keeper}
    if in_first_round:
        held_then |= set(state.hands[keeper])
    assert turns[0].move.card in held_then
    for seat in range(players):
        if seat == keeper:
            continue
        view = state.view(seat)
        for n in range(20):
            sample = view.sample(random.Random(n))
            assert sample.view(seat) == view
            sampled_keep = sample.turns_this_hand[0]
            assert sampled_keep.seat == keeper
            assert sampled_keep.move.kind is sr.MoveKind.KEEP_FIRST_CARD
            sample_held = {
                turn.move.card for turn in first_round if turn.seat == keeper
            }
            if in_first_round:
                sample_held |= set(sample.hands[keeper])
            assert sampled_keep.move.card in sample_held


def redeal_after_keep() -> sr.GameState:
    """Chkobba: seat 0 keeps AD, which leaves KD KH KS on the table, so the
    hand is dealt again from the seed and seat 0 decides on a new first card."""
    others = [card for card in sr.ALL_CARDS if card.rank is not sr.Rank.KING]
    kings = [sr.Card.parse(text) for text in ("KD", "KH", "KS", "KC")]
    deck = sr.Deck(others[:6] + kings[:3] + others[6:] + kings[3:])
    state = sr.new_game(sr.Ruleset.chkobba(), deck=deck, seed=1)
    state = state.apply(sr.Move.parse("keep AD"))
    assert state.phase is sr.Phase.FIRST_CARD
    return state


def test_first_card_kept_follows_the_decision_on_the_deck_in_play() -> None:
    """After a kings redeal the decision that counts is the one on the new
    deck: a tabled first card is public, a kept one is the chooser's secret."""
    state = redeal_after_keep()
    first = state.first_card
    assert first is not None
    tabled = state.apply(sr.Move.table_first_card(first))
    assert first in tabled.table
    for seat in (0, 1):
        view = tabled.view(seat)
        assert view.first_card_kept is False
        assert sr.Turn(0, sr.Move.table_first_card(first)) in view.turns
        for n in range(5):
            sample = view.sample(random.Random(n))
            assert sample.view(seat) == view
            # Seat 0's own keep of AD before the redeal is real history (the
            # new deck happens to give it AD again); a sample must not invent
            # any other keep.
            invented = [
                turn
                for turn in sample.turns_this_hand
                if turn.move.kind is sr.MoveKind.KEEP_FIRST_CARD
                and turn not in tabled.turns_this_hand
            ]
            assert invented == []
    kept_state = state.apply(sr.Move.keep_first_card(first))
    assert first in kept_state.hands[0]
    assert kept_state.view(1).first_card_kept is True
    assert kept_state.view(0).first_card_kept is True
    assert first in kept_state.view(1).unseen


def test_a_view_works_out_its_legal_moves_without_the_state() -> None:
    # A view made by GameState.view carries the state's legal moves; one made
    # otherwise (here: the same fields, without them) works them out.
    import attrs

    chkobba = sr.new_game(sr.Ruleset.chkobba(), seed=7)
    played = sr.new_game(sr.Ruleset.scopa(), seed=7)
    for state in (chkobba, played):
        for seat in range(state.rules.players):
            view = state.view(seat)
            bare = attrs.evolve(view, moves=None)
            assert bare.legal_moves() == view.legal_moves()
            assert bare.legal_moves() == (
                state.legal_moves() if seat == state.current_player else ()
            )


def test_a_view_between_cirulla_hands_samples() -> None:
    # Nobody holds a dealt hand at the end of a game, so no hidden hand can
    # be one that "would have declared".
    final = sr.play_game(sr.Ruleset.cirulla(), [sr.RandomBot(), sr.RandomBot()], seed=0)
    view = final.view(0)
    assert view.sample(random.Random(0)).view(0) == view


def test_a_pickled_view_carries_its_events_not_its_state() -> None:
    import pickle

    state = sr.new_game(sr.Ruleset.scopa(), seed=7)
    state = state.apply(state.legal_moves()[0])
    view = state.view(1)
    data = pickle.dumps(view)
    # The state knows seat 0's hand; the view's pickle must not carry it.
    assert b"_unpickle_state" not in data
    again = pickle.loads(data)
    assert again == view
    assert again.events == view.events
    assert again.legal_moves() == view.legal_moves()
    sample = view.sample(random.Random(1)).view(1)
    sample_again = pickle.loads(pickle.dumps(sample))
    assert sample_again == sample
    with pytest.raises(sr.InvalidStateError, match="no record"):
        _ = sample_again.events
    bare = attrs.evolve(view, events_of=None)
    assert pickle.loads(pickle.dumps(bare)) == view
