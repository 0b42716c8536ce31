"""Determinization: :meth:`PlayerView.sample` deals only what the seat's view
allows, each allowed deal as likely as any other, and always returns.

What a view allows is checked here from the rules themselves, not from the
inference :meth:`~PlayerView.sample` makes: under the whole-hand compulsion
every trail of the round must be a legal move of the hand the sample gives
the seat that made it, and under ``declarations`` a seat that did not
declare this round must not have been dealt a hand that declares.  The
real state always passes that check, and every sample must.  (Issue 27,
part 2: an optional take-all under ``ace_may_trail`` was taken for a
capture that compelled the seat, so a seat that trailed was never given its
ace, and where the ace could go nowhere else, sample() never returned.)

The last tests are of costs that must not grow with the game: a view, a
sample and the views of a sample read none of the finished hands (issue 27,
part 4).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scopa_rules as sr
import scopa_rules.views as views_module
from helpers import position
from profiles import examples
from scopa_rules import strategies as sst
from scopa_rules.state import legal_plays

# -- what a view allows, from the rules ---------------------------------------------


def round_plays(view: sr.PlayerView) -> list[sr.Turn]:
    """The plays of the deal round in progress: the hands hold what they were
    dealt for it but these cards."""
    rules = view.rules
    in_round = sum(rules.hand_size - size for size in view.hand_sizes)
    plays = [turn for turn in view.turns if turn.move.kind is sr.MoveKind.PLAY]
    return plays[len(plays) - in_round :] if in_round else []


def allowed_by_view(view: sr.PlayerView, hands: Sequence[sr.CardSet]) -> bool:
    """Whether ``hands`` are hands that ``view`` allows."""
    rules = view.rules
    plays = round_plays(view)
    if rules.capture_compulsion is sr.CaptureCompulsion.WHOLE_HAND:
        # Undo the round's plays one by one: each trail must have been a
        # legal move of the hand its seat held then.
        held = [hand.mask for hand in hands]
        table = view.table.mask
        for turn in reversed(plays):
            move = turn.move
            held[turn.seat] |= move.card.mask
            if move.captured:
                table |= move.captured.mask
                continue
            table &= ~move.card.mask
            if move not in legal_plays(rules, held[turn.seat], table):
                return False
    if rules.declarations:
        for seat, hand in enumerate(hands):
            dealt = hand.mask
            for turn in plays:
                if turn.seat == seat:
                    dealt |= turn.move.card.mask
            cards = sr.CardSet.from_mask(dealt)
            if len(cards) != 3 or sr.declaration_of(rules, cards) is None:
                continue
            if not any(d.seat == seat and d.cards == cards for d in view.declarations):
                return False  # it would have declared that hand
    return True


def in_play(state: sr.GameState) -> bool:
    return state.phase in (sr.Phase.PLAY, sr.Phase.FIRST_CARD)


def check_sample(view: sr.PlayerView, sample: sr.GameState) -> None:
    seat = view.seat
    # The seat's own hand and everything public are as the view says.
    assert sample.view(seat) == view
    assert sample.hands[seat] == view.hand
    assert sample.table == view.table
    assert sample.piles == view.piles
    assert sample.scores == view.scores
    assert tuple(len(hand) for hand in sample.hands) == view.hand_sizes
    assert len(sample.stock) == view.stock_size
    assert sample.hand_results == view.hand_results
    if in_play(sample):
        # All 40 cards, each once.
        placed = [cards for _, cards in sample.cards_in_play()]
        assert sum(len(cards) for cards in placed) == 40
        everything = sr.CardSet()
        for cards in placed:
            everything |= cards
        assert everything == sr.ALL_CARDS
    assert allowed_by_view(view, sample.hands)


# -- the position -----------------------------------------------------------

OPTIONAL_ACE = sr.Ruleset(
    ace_takes_all=True, ace_may_trail=True, capture_compulsion="whole_hand"
)


def optional_ace_view(stock: str = "") -> sr.PlayerView:
    """Seat 1 holds AH and 5C on KS 3C and trails 5C: the ace's take-all was
    optional, so the trail says nothing about the ace."""
    state = position(
        OPTIONAL_ACE,
        ["2D 4D", "AH 5C"],
        "KS 3C",
        stock=stock,
        rest_to=0,
        current_player=1,
        dealer=0,
    )
    assert sr.Move.trail("5C") in state.legal_moves()
    view = state.apply(sr.Move.trail("5C")).view(0)
    assert allowed_by_view(view, state.apply(sr.Move.trail("5C")).hands)
    return view


def test_a_trailer_may_hold_an_ace_whose_take_all_was_optional() -> None:
    # The ace can be nowhere but in seat 1's hand: sample() used to look
    # for ever for a deal without it there.
    view = optional_ace_view()
    assert view.unseen == sr.CardSet("AH")
    sample = view.sample(random.Random(1))
    assert sample.hands[1] == sr.CardSet("AH")
    check_sample(view, sample)


def test_a_trailer_holds_its_optional_ace_as_often_as_any_unseen_card() -> None:
    # Seven unseen cards, none of which would have made seat 1 capture on
    # KS 3C (no 3 and no K; the ace's take-all was optional): each is its
    # one card a seventh of the time.  The samples used to give it the ace
    # never (0 in 700, against 100 expected).
    view = optional_ace_view(stock="6D 6H 7S JC QD 2S")
    assert len(view.unseen) == 7
    rounds = 700
    rng = random.Random(27)
    held = Counter(card for _ in range(rounds) for card in view.sample(rng).hands[1])
    assert set(held) == set(view.unseen)
    share = 1 / 7
    tolerance = 5 * math.sqrt(share * (1 - share) / rounds)
    for card in view.unseen:
        assert held[card] / rounds == pytest.approx(share, abs=tolerance), card


# -- views that no deal fits --------------------------------------------------------


def whole_hand_view() -> sr.PlayerView:
    """Seat 1 trails 5C from KS 5C on 3C: it held no 3."""
    rules = sr.Ruleset(capture_compulsion="whole_hand")
    state = position(rules, ["2D 4D", "KS 5C"], "3C", rest_to=0, current_player=1)
    return state.apply(sr.Move.trail("5C")).view(0)


def test_a_view_that_no_deal_fits_is_refused_at_once() -> None:
    view = whole_hand_view()
    assert view.sample(random.Random(1)).hands[1] == sr.CardSet("KS")
    # Built by hand: KD on the table too, so KS would have captured it.
    kd = sr.CardSet("KD")
    odd = attrs.evolve(
        view, table=view.table | kd, piles=(view.piles[0] - kd, view.piles[1])
    )
    with pytest.raises(
        sr.InvalidStateError,
        match="seat 1 trailed under the whole-hand compulsion and holds 1 card, "
        "but of the 1 card seat 0 cannot see, none could have been",
    ):
        odd.sample(random.Random(1))
    crowded = attrs.evolve(view, hand_sizes=(2, 2))
    with pytest.raises(sr.InvalidStateError, match="hold 2 cards it cannot see, but"):
        crowded.sample(random.Random(1))


def test_trailers_that_cannot_all_be_filled_are_told_apart() -> None:
    # Each of seats 1 and 2 may hold only AD: either alone could be filled.
    pool = list(sr.CardSet("AD 2D"))
    forbidden = {1: sr.CardSet("2D").mask, 2: sr.CardSet("2D").mask}
    assert views_module._dealing(pool, [0, 1, 1], forbidden) is None
    message = views_module._no_deal(0, pool, [0, 1, 1], forbidden)
    assert "the hands of seats 1 and 2" in message
    assert views_module._dealing(pool, [0, 1, 0], forbidden) is not None


def test_sample_gives_up_after_its_bounded_number_of_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seat 1 did not declare, yet the only cards it can hold make a cirulla
    # (a position built by hand: the game would have declared it).
    rules = sr.Ruleset.cirulla()
    hands = ["KD QH JS", "AD 2D 3D"]
    rest = sr.ALL_CARDS - sr.CardSet(" ".join(hands))
    state = sr.GameState.from_position(
        rules, hands=hands, table="", piles=[rest, ""], last_capturer=0
    )
    view = state.view(0)
    assert not allowed_by_view(view, state.hands)
    monkeypatch.setattr(views_module, "SAMPLE_TRIES", 50)  # the documented bound
    with pytest.raises(sr.InvalidStateError) as refusal:
        view.sample(random.Random(1))
    assert str(refusal.value) == (
        "no deal fits what seat 0 saw: none of 50 deals of the 3 cards it cannot "
        "see gave each seat a hand it could have held in this round"
    )


# -- every sample fits its view ------------------------------------------------------

RULES = st.one_of(
    sst.presets(),
    sst.rulesets(max_table_size=12),
    sst.rulesets(capture_compulsion="whole_hand", max_table_size=12),
    sst.rulesets(
        capture_compulsion="whole_hand",
        ace_takes_all=True,
        ace_may_trail=True,
        max_table_size=12,
    ),
    sst.rulesets(declarations=True, hand_size=3, max_table_size=12),
)


@settings(max_examples=examples(120))
@given(sst.game_states(RULES, max_moves=120), st.integers(0, 39), st.integers())
def test_every_sample_is_a_deal_the_view_allows(
    state: sr.GameState, seat_pick: int, seed: int
) -> None:
    seat = seat_pick % state.rules.players
    view = state.view(seat)
    # The check is the rules' own: the real hands pass it.
    assert allowed_by_view(view, state.hands)
    rng = random.Random(seed)
    for _ in range(3):
        # Returns: at most SAMPLE_TRIES deals, and a deal the view allows.
        check_sample(view, view.sample(rng))


# -- each deal the view allows is as likely as any other ----------------------------


def enumerated_shares(
    view: sr.PlayerView,
) -> tuple[dict[tuple[int, sr.Card], float], set[tuple[sr.CardSet, ...]]]:
    """Every deal of the unseen cards to the other hands that ``view``
    allows (the stock takes the rest; each way to order it goes with every
    deal), and from them each card's exact share of each seat's hand."""
    seats = [seat for seat in range(view.rules.players) if seat != view.seat]
    unseen = list(view.unseen)
    deals: set[tuple[sr.CardSet, ...]] = set()

    def fill(index: int, left: list[sr.Card], hands: list[sr.CardSet]) -> None:
        if index == len(seats):
            if allowed_by_view(view, hands):
                deals.add(tuple(hands))
            return
        seat = seats[index]
        for chosen in itertools.combinations(left, view.hand_sizes[seat]):
            cards = sr.CardSet(chosen)
            rest = [card for card in left if card not in cards]
            fill(index + 1, rest, [*hands[:seat], cards, *hands[seat + 1 :]])

    fill(0, unseen, [view.hand] * view.rules.players)
    counts = Counter(
        (seat, card) for deal in deals for seat in seats for card in deal[seat]
    )
    return {key: count / len(deals) for key, count in counts.items()}, deals


def three_trailers() -> sr.PlayerView:
    """Three players, whole-hand compulsion: seat 0 trails JC on AD 2D 3D
    (so it holds no card of A to 6), seat 1 trails 7H on AD 2D 3D JC (so it
    holds no card but sevens); seat 2 looks on, 13 cards unseen."""
    rules = sr.Ruleset.scopa(players=3, capture_compulsion="whole_hand")
    hands = ["JC QC KC", "7H 7C 7S", "4D 5D 6D"]
    table = "AD 2D 3D"
    stock = "7D 5H 6S KS QS 4C 2C AH 6H"
    state = position(rules, hands, table, stock=stock, current_player=0)
    state = state.apply(sr.Move.trail("JC")).apply(sr.Move.trail("7H"))
    return state.view(2)


def undeclared_hand() -> sr.PlayerView:
    """Cirulla rules: seat 1 holds three hidden cards that did not declare,
    among nine unseen (a cirulla is three cards adding up to 9 or less, the
    matta 7H counting as anything)."""
    rules = sr.Ruleset.cirulla()
    hands = ["KD QD JD", "5C 6C KS"]
    stock = "AD 2S 3H 7H 6D JS"
    state = position(rules, hands, stock=stock, rest_to=0)
    return state.view(0)


@pytest.mark.parametrize(
    "make",
    [
        three_trailers,
        undeclared_hand,
        lambda: optional_ace_view(stock="3D KH AS 2S 6D 6H"),
    ],
    ids=["three trailers", "undeclared hand", "optional ace"],
)
def test_a_hidden_card_is_in_a_hand_as_often_as_in_the_deals_the_view_allows(
    make: Callable[[], sr.PlayerView],
) -> None:
    view = make()
    shares, deals = enumerated_shares(view)
    # The positions are chosen so that the view rules out some deals.
    seats = [seat for seat in range(view.rules.players) if seat != view.seat]
    left, every = len(view.unseen), 1
    for seat in seats:
        every *= math.comb(left, view.hand_sizes[seat])
        left -= view.hand_sizes[seat]
    assert 1 < len(deals) < every
    rounds = 4000
    rng = random.Random(2027)
    counts = Counter[tuple[int, sr.Card]]()
    for _ in range(rounds):
        sample = view.sample(rng)
        hands = tuple(sample.hands)
        assert hands in deals
        for seat in seats:
            for card in hands[seat]:
                counts[seat, card] += 1
    for seat in seats:
        for card in view.unseen:
            share = shares.get((seat, card), 0.0)
            frequency = counts[seat, card] / rounds
            # Five standard deviations of a binomial frequency: derandomised
            # and seeded, the test never flakes, yet a bias of a few
            # percent shows.
            tolerance = 5 * math.sqrt(share * (1 - share) / rounds) + 1e-9
            assert frequency == pytest.approx(share, abs=tolerance), (seat, card)


def test_the_deals_drawn_where_counting_costs_too_much_are_as_likely(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Many trailers of big hands (house games) draw their hands in turn and
    # keep a deal as often as it is fair: force that way on a small view.
    monkeypatch.setattr(views_module, "_MOST_STATES", 0)
    view = three_trailers()
    shares, deals = enumerated_shares(view)
    rounds = 4000
    rng = random.Random(2028)
    counts = Counter[tuple[int, sr.Card]]()
    for _ in range(rounds):
        hands = tuple(view.sample(rng).hands)
        assert hands in deals
        for seat in (0, 1):
            for card in hands[seat]:
                counts[seat, card] += 1
    for (seat, card), share in shares.items():
        tolerance = 5 * math.sqrt(share * (1 - share) / rounds) + 1e-9
        assert counts[seat, card] / rounds == pytest.approx(share, abs=tolerance)
    # Out of tries, the first deal that fits is kept, fair or not.
    monkeypatch.setattr(views_module, "SAMPLE_TRIES", 1)
    for seed in range(50):
        check_sample(view, view.sample(random.Random(seed)))


# -- costs that do not grow with the game --------------------------------------------


def played_hands(rules: sr.Ruleset, hands: int, seed: int) -> sr.GameState:
    """A state of a long game after ``hands`` hands, each seat viewing every
    state as a bot would."""
    rng = random.Random(seed)
    state = sr.new_game(rules.replace(target_score=1_000_000), seed=seed)
    while state.hand_number < hands or state.current_player is None:
        for seat in range(rules.players):
            state.view(seat)
        state = state.apply(rng.choice(state.legal_moves()))
    for _ in range(3):  # into the hand
        state = state.apply(rng.choice(state.legal_moves()))
    return state


class HandsRead:
    """Counts the finished hands views work out as a seat saw them."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        public = views_module._public_result

        def counted(result: sr.HandResult, seat: int) -> sr.HandResult:
            self.count += 1
            return public(result, seat)

        monkeypatch.setattr(views_module, "_public_result", counted)


def public_turns(turns: tuple[sr.Turn, ...], seat: int) -> tuple[sr.Turn, ...]:
    keep = sr.MoveKind.KEEP_FIRST_CARD
    return tuple(t for t in turns if t.seat == seat or t.move.kind is not keep)


@pytest.mark.parametrize(
    "rules", [sr.Ruleset.scopa(), sr.Ruleset.chkobba(players=4)], ids=str
)
def test_views_and_samples_late_in_a_long_game_read_no_finished_hand(
    rules: sr.Ruleset, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = played_hands(rules, 40, seed=3)
    assert len(state.hand_results) == 40
    reads = HandsRead(monkeypatch)
    # A view works out the hand finished since the seat's last view, and
    # then none: a view of the next state reads nothing.
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    assert reads.count == 1
    reads.count = 0
    state.apply(state.legal_moves()[0]).view(seat)
    assert reads.count == 0
    # A sample, its results, and its views from every seat: a search does
    # this at every iteration.
    seen = [state.view(other).hand_results for other in range(rules.players)]
    rng = random.Random(1)
    view.sample(rng)  # the first sample of a view may see the hands once
    reads.count = 0
    for _ in range(3):
        sample = view.sample(rng)
        assert len(sample.hand_results) == 40
        for other in range(rules.players):
            # As the view's seat saw them, but for kept first cards: those
            # of seat `other` it did not see.
            results = sample.view(other).hand_results
            if other == seat or not rules.first_card_choice:
                assert results == seen[other]
            else:
                assert results == tuple(
                    attrs.evolve(result, turns=public_turns(result.turns, other))
                    for result in view.hand_results
                )
    assert reads.count == 0
    # A sample played on past the end of its hand works out that hand alone.
    hand = sample.hand_number
    while sample.hand_number == hand:
        sample = sample.apply(sample.legal_moves()[0])
    assert len(sample.view(seat).hand_results) == 41
    assert reads.count == 1


def test_the_drawn_deal_fills_the_other_seats_and_redraws_a_dead_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Force the drawn way.  Seat 1 may hold AD or 2D, seat 2 anything but
    # AD, seat 0 trailed nothing: a draw that gives seat 1 the 2D leaves seat
    # 2 too few cards (a dead end, drawn again), and seat 0's hand comes
    # from what the trailers left.
    monkeypatch.setattr(views_module, "_MOST_STATES", 0)
    cards = sr.CardSet("AD 2D 3D 4D 5D")
    pool = list(cards)
    forbidden = {1: sr.CardSet("3D 4D 5D").mask, 2: sr.CardSet("AD 5D").mask}
    sizes = [1, 1, 3]
    deal = views_module._dealing(pool, sizes, forbidden)
    assert deal is not None
    dead_ends = kept = 0
    for seed in range(200):
        dealt = deal(random.Random(seed))
        if dealt is None:
            dead_ends += 1
            continue
        hidden, rest, _ = dealt
        kept += 1
        assert hidden[1] == sr.CardSet("AD").mask
        assert hidden[2] == sr.CardSet("2D 3D 4D").mask
        assert hidden[0] == sr.CardSet("5D").mask
        assert rest == []
    assert dead_ends
    assert kept
    # Seat 2 alone may not hold what seat 1 must: no deal at all.
    none = {1: sr.CardSet("2D 3D 4D 5D").mask, 2: sr.CardSet("2D 3D 4D 5D").mask}
    assert views_module._dealing(pool, [3, 1, 1], none) is None
    # A matching that moves a card from one place to another to fit.
    moved = {1: sr.CardSet("3D 4D 5D").mask, 2: sr.CardSet("3D 4D 5D").mask}
    assert views_module._dealing(pool, [3, 1, 1], moved) is not None
