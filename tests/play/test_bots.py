"""The bots: legal, deterministic given a seed, fair, and of the right strength."""

from __future__ import annotations

import random

import pytest

import scopa_rules as sr
from helpers import position
from scopa_rules._play.bots import _can_sweep, _rewards

SCOPA = sr.Ruleset.scopa()

PRESETS = [
    ("scopa", 2),
    ("scopa", 3),
    ("scopone-scientifico", 4),
    ("chkobba", 2),
    ("chkobba", 4),
    ("escoba", 2),
    ("scopa-a-quindici", 2),
]


def test_the_bots_are_bots() -> None:
    for bot in (sr.RandomBot(), sr.GreedyBot(), sr.IsmctsBot()):
        assert isinstance(bot, sr.Bot)
    assert not isinstance(object(), sr.Bot)


@pytest.mark.parametrize(("preset", "players"), PRESETS)
def test_every_bot_finishes_every_preset(preset: str, players: int) -> None:
    rules = sr.Ruleset.from_name(preset, players=players)
    lineup: list[sr.Bot] = [sr.IsmctsBot(iterations=3), sr.GreedyBot(), sr.RandomBot()]
    bots = [lineup[seat % 3] for seat in range(players)]
    final = sr.play_game(rules, bots, seed=11)
    assert final.is_over
    assert final.winner is not None
    assert final.record().final_state() == final  # every move was legal


def test_play_game_is_deterministic() -> None:
    rules = sr.Ruleset.chkobba()
    bots: list[sr.Bot] = [sr.IsmctsBot(iterations=5), sr.GreedyBot()]
    first = sr.play_game(rules, bots, seed=5)
    assert sr.play_game(rules, bots, seed=5).history == first.history
    assert sr.play_game(rules, bots, seed=6).history != first.history


def test_play_game_takes_one_bot_per_side_or_per_seat() -> None:
    # One per side, as match takes them: a side's bot plays its seats.
    rules = sr.Ruleset.scopone()
    per_side = sr.play_game(rules, [sr.GreedyBot(), sr.RandomBot()], seed=1)
    per_seat = sr.play_game(rules, [sr.GreedyBot(), sr.RandomBot()] * 2, seed=1)
    assert per_side.history == per_seat.history
    with pytest.raises(
        sr.ArgumentError,
        match=r"bots: play_game takes one bot per side \(2\) or one per seat \(4\), not 3 bots",
    ) as error:
        sr.play_game(rules, [sr.RandomBot()] * 3, seed=1)
    assert error.value.argument == "bots"
    assert isinstance(error.value, TypeError)
    assert isinstance(error.value, sr.InvalidStateError)


def test_play_game_names_a_wrong_argument() -> None:
    with pytest.raises(sr.ArgumentError, match=r"bots\[0\]: 3 is not a bot"):
        sr.play_game(sr.Ruleset.scopa(), [3, sr.RandomBot()], seed=1)  # type: ignore[list-item]
    with pytest.raises(sr.ArgumentError, match="rules: play_game takes a Ruleset"):
        sr.play_game(None, [sr.GreedyBot()] * 2, seed=1)  # type: ignore[arg-type]


def test_bots_refuse_a_state_with_nobody_to_move() -> None:
    final = sr.play_game(sr.Ruleset.scopa(), [sr.RandomBot()] * 2, seed=1)
    for bot in (sr.RandomBot(), sr.GreedyBot(), sr.IsmctsBot()):
        with pytest.raises(sr.InvalidStateError, match="nobody is to move"):
            bot.choose(final.view(0), random.Random(1))
    with pytest.raises(sr.InvalidStateError, match="nothing to search"):
        sr.IsmctsBot().search(final.view(0), random.Random(1))


def test_bots_refuse_a_view_whose_seat_is_not_to_move() -> None:
    view = sr.new_game(seed=7).view(1)
    with pytest.raises(
        sr.InvalidStateError, match="seat 1 has nothing to choose: seat 0"
    ):
        sr.RandomBot().choose(view, random.Random(1))


def test_greedy_takes_the_sweep_and_keeps_the_settebello() -> None:
    state = position(SCOPA, ["7D 5C QS", "AS 6C 2H"], "2C 3S")
    view = state.view(0)
    assert sr.GreedyBot().choose(view, random.Random(1)) == sr.Move.parse("5Cx2C3S")
    values = {str(m): sr.GreedyBot().move_value(view, m) for m in view.legal_moves()}
    assert values["7D"] < values["QS"] < 0 < values["5Cx3S2C"]


def test_greedy_avoids_leaving_a_sweep() -> None:
    # Trailing 2S leaves 4 + 2 = 6 on the table, which one card can take;
    # trailing KS leaves 14, which no single card takes.
    state = position(SCOPA, ["2S KS", "AS 6C"], "4H")
    assert sr.GreedyBot().choose(state.view(0), random.Random(1)) == sr.Move.parse("KS")


def test_greedy_values_re_bello_only_when_it_scores() -> None:
    king = sr.Card.parse("KD")
    bot = sr.GreedyBot()
    plain = bot.card_value(sr.Ruleset.scopa(), king)
    assert bot.card_value(sr.Ruleset.scopa(re_bello=True), king) == plain + 1.0


def test_can_sweep_by_capture_mode() -> None:
    match, fifteen = sr.Ruleset.scopa(), sr.Ruleset.escoba()
    both = sr.Ruleset.scopa(capture_mode="match_or_fifteen")
    assert _can_sweep(match, 10)
    assert not _can_sweep(match, 11)
    assert _can_sweep(fifteen, 5)
    assert not _can_sweep(fifteen, 4)
    assert not _can_sweep(fifteen, 15)
    assert _can_sweep(both, 3)
    assert _can_sweep(both, 12)
    assert not _can_sweep(both, 25)


def test_rewards() -> None:
    assert _rewards([3, 1]) == pytest.approx((0.7, 0.3))
    assert _rewards([0, 0, 0]) == (0.5, 0.5, 0.5)
    assert _rewards([4, 6, 1]) == pytest.approx((0.3, 0.7, 0.0))
    assert _rewards([0, 9]) == (0.0, 1.0)


def test_ismcts_search_statistics() -> None:
    state = sr.new_game(sr.Ruleset.scopa(), seed=7)
    stats = sr.IsmctsBot(iterations=40).search(state.view(0), random.Random(3))
    assert set(stats) == set(state.legal_moves())
    assert sum(visits for visits, _ in stats.values()) == 40
    assert all(0.0 <= reward <= 1.0 for _, reward in stats.values())
    again = sr.IsmctsBot(iterations=40).search(state.view(0), random.Random(3))
    assert again == stats


def test_ismcts_does_not_peek() -> None:
    # Two states that seat 0 cannot tell apart get the same move from the
    # same random generator: the bot reads only the view.
    state = sr.new_game(sr.Ruleset.scopa(), seed=7)
    other = state.view(0).sample(random.Random(99))
    assert other.view(0) == state.view(0)
    assert other.hands[1] != state.hands[1]
    bot = sr.IsmctsBot(iterations=30)
    assert bot.search(state.view(0), random.Random(4)) == bot.search(
        other.view(0), random.Random(4)
    )


def test_ismcts_takes_an_obvious_sweep() -> None:
    state = position(SCOPA, ["7D 5C QS", "AS 6C 2H"], "2C 3S")
    move = sr.IsmctsBot(iterations=60).choose(state.view(0), random.Random(2))
    assert move == sr.Move.parse("5Cx2C3S")


def test_ismcts_searches_to_the_end_of_a_short_hand() -> None:
    # One card each: after a few iterations the tree's own moves end the
    # hand, and those iterations need no playout.
    state = position(SCOPA, ["7D 2H", "AS"], "2C 3S")
    stats = sr.IsmctsBot(iterations=12).search(state.view(0), random.Random(1))
    assert sum(visits for visits, _ in stats.values()) == 12


def test_ismcts_plays_a_forced_move_without_searching() -> None:
    state = position(SCOPA, ["7D", "AS"], "2C 3S")
    assert (
        sr.IsmctsBot(iterations=1).choose(state.view(0), random.Random(1))
        == (state.legal_moves()[0])
    )


def test_ismcts_first_card_rule_of_thumb() -> None:
    rules = sr.Ruleset.chkobba()
    for seed in range(30):
        state = sr.new_game(rules, seed=seed)
        card = state.first_card
        assert card is not None
        move = sr.IsmctsBot().choose(state.view(0), random.Random(1))
        keep = card.rank is sr.Rank.SEVEN or card.is_coin
        assert (move.kind is sr.MoveKind.KEEP_FIRST_CARD) == keep


def test_ismcts_rejects_a_zero_budget() -> None:
    with pytest.raises(ValueError, match="iterations"):
        sr.IsmctsBot(iterations=0)


def test_greedy_beats_random() -> None:
    rules = sr.Ruleset.scopa()
    wins = 0
    for seed in range(40):
        greedy_side = seed % 2
        bots: list[sr.Bot] = [sr.GreedyBot(), sr.RandomBot()]
        if greedy_side == 1:
            bots.reverse()
        wins += sr.play_game(rules, bots, seed).winner == greedy_side
    assert wins >= 30


# -- full-state bots and playouts ---------------------------------------------------


seen: list[sr.GameState] = []


class Peeker:
    """A full-state bot for the tests: plays the first legal move and keeps
    every state it was given."""

    def choose_with_full_state(
        self, state: sr.GameState, rng: random.Random
    ) -> sr.Move:
        seen.append(state)
        return state.legal_moves()[0]


def test_a_full_state_bot_gets_the_state_and_others_a_view() -> None:
    views: list[sr.PlayerView] = []

    class Watcher:
        def choose(self, view: sr.PlayerView, rng: random.Random) -> sr.Move:
            views.append(view)
            return view.legal_moves()[0]

    seen.clear()
    final = sr.play_game(sr.Ruleset.scopa(), [Peeker(), Watcher()], seed=2)
    assert final.is_over
    assert all(isinstance(state, sr.GameState) for state in seen)
    assert all(isinstance(view, sr.PlayerView) and view.seat == 1 for view in views)
    assert isinstance(Peeker(), sr.FullStateBot)
    assert not isinstance(Peeker(), sr.Bot)


def test_the_adapter_calls_its_function() -> None:
    bot = sr.FullStateAdapter(lambda state, rng: state.legal_moves()[-1])
    final = sr.play_game(sr.Ruleset.scopa(), [bot, sr.RandomBot()], seed=4)
    assert final.is_over


@pytest.mark.parametrize("rules", [sr.Ruleset.scopa(), sr.Ruleset.chkobba()])
def test_playout_to_the_end_of_the_hand(rules: sr.Ruleset) -> None:
    state = sr.new_game(rules, seed=9)
    after = sr.playout(state, random.Random(1))
    assert after.hand_number == state.hand_number + 1
    assert after.last_hand is not None
    assert after.last_hand.number == state.hand_number
    # A playout draws exactly what a hand-written random loop draws.
    rng = random.Random(1)
    loop = state
    while loop.hand_number == state.hand_number:
        loop = loop.apply(rng.choice(loop.legal_moves()))
    assert loop == after


def test_playout_with_a_policy_to_the_end_of_the_game() -> None:
    def first(state: sr.GameState, rng: random.Random) -> sr.Move:
        return state.legal_moves()[0]

    final = sr.playout(
        sr.new_game(seed=3), random.Random(1), policy=first, until="game"
    )
    assert final.is_over
    assert sr.playout(final, random.Random(1)) is final


def test_playout_stops_at_a_game_waiting_for_a_deck() -> None:
    state = sr.new_game(sr.Ruleset.scopa(), deck=sr.Deck.shuffled(1))
    waiting = sr.playout(state, random.Random(1), until="game")
    assert waiting.phase is sr.Phase.AWAITING_DEAL


def test_playout_refuses_an_unknown_end() -> None:
    with pytest.raises(sr.InvalidStateError, match="until must be 'hand' or 'game'"):
        sr.playout(sr.new_game(seed=1), random.Random(1), until="trick")
