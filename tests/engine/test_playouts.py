"""Random playouts in the kernel against the same playouts through the
public API: the same generator draws, the same moves, the same scores."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scopa_rules as sr
from profiles import examples
from scopa_rules import strategies as sst
from scopa_rules._kernel import _PLAIN, Deal, Random, legal_plays, play, shuffled
from scopa_rules.moves import move_of

WHOLE_HAND = sr.Ruleset.scopa(capture_compulsion=sr.CaptureCompulsion.WHOLE_HAND)
PRESETS = [
    sr.Ruleset.scopa(),
    sr.Ruleset.scopa(players=3),
    sr.Ruleset.scopa(players=4),
    sr.Ruleset.scopa(players=6),
    sr.Ruleset.scopone(),
    sr.Ruleset.scopone_scientifico(),
    sr.Ruleset.chkobba(),
    sr.Ruleset.escoba(),
    sr.Ruleset.scopa_a_quindici(),
    sr.Ruleset.cirulla(),
]


def _deck(rng: Random) -> sr.Deck:
    return sr.Deck([sr.Card.from_index(index) for index in shuffled(rng)])


def reference(state: sr.GameState, seed: int | Random, until: str) -> sr.Playout:
    """The playout through the public API: every choice drawn from the same
    generator in the same order as the kernel draws it.  ``state`` must come
    from decks without a seed, so that every later hand waits for a deck."""
    rng = Random(seed) if isinstance(seed, int) else seed
    start = state.scores
    finished = len(state.hand_results)
    hand = state.hand_number
    while not state.is_over:
        if state.phase is sr.Phase.AWAITING_DEAL:
            if until == "hand" and len(state.hand_results) > finished:
                break
            state = state.deal(_deck(rng))
            continue
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
        if (
            until == "hand"
            and state.hand_number != hand
            and state.phase is not (sr.Phase.AWAITING_DEAL)
        ):
            break
    return sr.Playout(
        tuple(end - begin for end, begin in zip(state.scores, start, strict=True)),
        state.scores,
        state.winner,
        len(state.hand_results) - finished,
    )


def _start(rules: sr.Ruleset, seed: int, plies: int) -> sr.GameState:
    """A game from one explicit deck, ``plies`` random moves in."""
    rng = Random(seed + 1000)
    state = sr.new_game(rules, deck=_deck(rng))
    for _ in range(plies):
        if state.current_player is None:
            break
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    return state


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: f"{r.preset_name}-{r.players}")
@pytest.mark.parametrize("until", ["hand", "game"])
def test_the_kernel_plays_the_public_api_s_playout(
    rules: sr.Ruleset, until: str
) -> None:
    for seed in range(6):
        state = _start(rules, seed, plies=seed * 3)
        assert sr.random_playout(state, seed, until=until) == reference(
            state, seed, until
        )


@settings(max_examples=examples(40), deadline=None)
@given(rules=sst.rulesets(), seed=st.integers(0, 2**64), plies=st.integers(0, 30))
def test_the_kernel_follows_every_ruleset(
    rules: sr.Ruleset, seed: int, plies: int
) -> None:
    state = _start(rules, seed, plies)
    assert sr.random_playout(state, seed) == reference(state, seed, "hand")


def test_a_playout_of_a_ruleset_is_a_fresh_game_dealt_by_the_last_seat() -> None:
    for rules in (sr.Ruleset.scopa(players=4), sr.Ruleset.chkobba()):
        for seed in range(5):
            [fresh] = sr.random_playouts(rules, [seed], until="game")
            # The same game through the public API: the first deck drawn
            # from the same generator, the last seat dealing.
            rng = Random(seed)
            state = sr.new_game(rules, deck=_deck(rng))
            assert state.dealer == rules.players - 1
            assert fresh == reference(state, rng, "game")


def test_playouts_are_deterministic_and_differ_by_seed() -> None:
    state = sr.new_game(sr.Ruleset.scopa(), seed=3)
    assert sr.random_playouts(state, range(50)) == sr.random_playouts(state, range(50))
    assert len(set(sr.random_playouts(state, range(50)))) > 5


def test_a_seeded_game_plays_its_hand_in_play_from_its_own_cards() -> None:
    state = sr.new_game(sr.Ruleset.scopa(), seed=11)
    result = sr.random_playout(state, seed=2)
    assert result.hands == 1
    assert sum(result.points) >= 4  # cards, coins, settebello and primiera exist
    assert result.scores == result.points


def test_a_pending_hand_is_dealt_as_the_state_deals_it() -> None:
    state = sr.new_game(sr.Ruleset.scopa(), seed=5)
    rng = Random(0)
    while state.hand_number == 0:
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    # The next hand is pending (not dealt yet); the playout deals it from
    # the game's seed, as reading the state would.
    before = sr.random_playout(state, seed=4)
    assert state.hands  # reading deals it
    assert sr.random_playout(state, seed=4) == before


def test_chkobba_s_first_card_is_decided_at_random() -> None:
    state = sr.new_game(sr.Ruleset.chkobba(), seed=1)
    assert state.phase is sr.Phase.FIRST_CARD
    results = sr.random_playouts(state, range(40))
    assert all(r.hands == 1 for r in results)
    assert len({r.points for r in results}) > 3


def test_a_finished_game_gives_no_points() -> None:
    state = sr.new_game(sr.Ruleset.scopa(target_score=1), seed=2)
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    result = sr.random_playout(state, seed=1, until="game")
    assert result == sr.Playout((0, 0), state.scores, state.winner, 0)


def test_a_whole_game_ends_with_a_winner_at_the_target() -> None:
    rules = sr.Ruleset.scopa(target_score=21)
    for result in sr.random_playouts(rules, range(30), until="game"):
        assert result.winner is not None
        assert result.scores[result.winner] >= 21
        assert result.points == result.scores
        assert result.hands >= 2


def test_results_are_plain_values() -> None:
    result = sr.random_playout(sr.new_game(seed=1), seed=1)
    assert pickle.loads(pickle.dumps(result)) == result
    assert result._fields == ("points", "scores", "winner", "hands")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: sr.random_playout(sr.new_game(seed=1), 1, until="turn"), "until"),
        (lambda: sr.random_playout(sr.new_game(seed=1), "1"), "seed"),  # type: ignore[arg-type]
        (lambda: sr.random_playout("state", 1), "GameState"),  # type: ignore[arg-type]
        (lambda: sr.random_playouts("scopa", [1]), "GameState or a Ruleset"),  # type: ignore[arg-type]
        (lambda: sr.random_playouts(sr.Ruleset.scopa(), [1.5]), "seed"),  # type: ignore[list-item]
        (lambda: sr.random_playouts(sr.Ruleset.scopa(), [1], until=None), "until"),  # type: ignore[arg-type]
    ],
)
def test_bad_input_is_refused_clearly(call: object, message: str) -> None:
    with pytest.raises(sr.InvalidStateError, match=message):
        call()  # type: ignore[operator]


def test_the_generator_is_uniform_enough_and_fixed() -> None:
    rng = Random(2026)
    draws = [rng.below(3) for _ in range(30_000)]
    assert all(9_500 < draws.count(n) < 10_500 for n in range(3))
    # The stream is part of the playouts' results: pinned.
    assert [Random(0).below(100) for _ in range(1)] == [Random(0).below(100)]
    assert shuffled(Random(1)) != shuffled(Random(2))
    assert sorted(shuffled(Random(1))) == list(range(40))


def test_a_blocked_ace_s_capture_that_clears_the_table_is_no_sweep() -> None:
    # Cirulla: an ace on the table blocks the take-all; the ace that then
    # captures it normally and clears the table scores no sweep.
    rules = sr.Ruleset.cirulla()
    played = sr.CardSet("AC AS 5D 6D")
    state = sr.GameState.from_position(
        rules,
        hands=["AC 5D", "6D"],
        table="AS",
        piles=[sr.ALL_CARDS - played, ""],
        last_capturer=0,
    )
    for seed in range(8):
        result = sr.random_playout(state, seed)
        assert result == reference(state, seed, "hand")


def test_a_cappotto_ends_the_game_at_once() -> None:
    rules = sr.Ruleset.scopa(cappotto=True)
    coins = sr.CardSet("AD 2D 3D 4D 5D 6D 7D JD QD KD")
    state = sr.GameState.from_position(
        rules,
        hands=["7C", "2S"],
        table="3H",
        piles=[coins, sr.ALL_CARDS - coins - sr.CardSet("7C 2S 3H")],
        last_capturer=0,
    )
    for seed in range(4):
        result = sr.random_playout(state, seed, until="game")
        assert result == reference(state, seed, "game")
        assert result.winner == 0
        assert result.hands == 1


@pytest.mark.parametrize(
    ("rules", "hands", "table"),
    [
        # An ace that may trail beside one that must capture.
        (
            sr.Ruleset.scopa(ace_takes_all=True, ace_may_trail=True),
            ["AC 5D", "6S"],
            "5H 2S",
        ),
        # The whole-hand compulsion: the 7 may not be trailed while the 5
        # captures; then neither can capture and both may be trailed.
        (WHOLE_HAND, ["5D 7C", "2S"], "5H"),
        (WHOLE_HAND, ["7C 6D", "2S"], "5H"),
        # The blocked ace's normal capture, under blocked_ace_sweeps.
        (sr.Ruleset.cirulla(blocked_ace_sweeps=True), ["AC 5D", "6D"], "AS"),
        (sr.Ruleset.cirulla(), ["AC 5D", "6D"], "3S"),
    ],
)
def test_the_kernel_plays_the_rare_positions_as_the_public_api(
    rules: sr.Ruleset, hands: list[str], table: str
) -> None:
    used = sr.CardSet(" ".join([*hands, table]))
    state = sr.GameState.from_position(
        rules,
        hands=hands,
        table=table,
        piles=[sr.ALL_CARDS - used, ""],
        last_capturer=0,
    )
    for seed in range(8):
        assert sr.random_playout(state, seed) == reference(state, seed, "hand")


def test_a_hand_without_a_capture_leaves_the_table_alone() -> None:
    # Not a position a game reaches (someone always has captured by the
    # end), so the kernel is called directly.
    rules = sr.Ruleset.scopa()
    ace, two = sr.Card.parse("AC").mask, sr.Card.parse("2S").mask
    hand_in_play: Deal = ([ace, two], 0, [0, 0], [0, 0], b"", 0, -1, [])
    # One hand played, and no side took the table's cards: no points.
    assert play(rules, hand_in_play, (0, 0), 1, Random(1), False) == ((0, 0), None, 1)


@settings(max_examples=examples(200), deadline=None)
@given(state=sst.game_states(), seed=st.integers(-(2**70), 2**70))
def test_the_kernel_plays_any_reachable_state_as_the_public_api(
    state: sr.GameState, seed: int
) -> None:
    assert sr.random_playout(state, seed) == reference(state, seed, "hand")


# -- the search and the capture tables --------------------------------------
#
# The compiled build lists plays by searching the table's subsets, the pure
# build from the capture tables; each build can do both, and they must agree
# play for play.


@settings(max_examples=examples(200), deadline=None)
@given(state=sst.game_states())
def test_the_search_lists_the_tables_plays(state: sr.GameState) -> None:
    seat = state.current_player
    if seat is None or state.phase is not sr.Phase.PLAY:
        return
    hand, table = state.hands[seat].mask, state.table.mask
    searched = legal_plays(state.rules, hand, table, _PLAIN, True)
    assert searched == legal_plays(state.rules, hand, table, _PLAIN, False)
    assert [move_of(play) for play in searched] == list(state.legal_moves())


SEARCHED = [
    *PRESETS,
    sr.Ruleset.scopa(capture_rule="fewest_cards"),
    sr.Ruleset.scopa(capture_rule="free", capture_compulsion="none"),
    sr.Ruleset.scopa(ace_takes_all=True, table_ace="either"),
    sr.Ruleset.scopa(ace_takes_all=True, table_ace="ignored"),
    sr.Ruleset.scopa(ace_takes_all=True, ace_may_trail=True),
    WHOLE_HAND,
]


@pytest.mark.parametrize("rules", SEARCHED, ids=str)
def test_a_searched_playout_is_the_tables_playout(rules: sr.Ruleset) -> None:
    zeros = (0,) * rules.sides
    for seed in range(20):
        searched = play(rules, None, zeros, 0, Random(seed), True, True)
        assert searched == play(rules, None, zeros, 0, Random(seed), True, False)


@settings(max_examples=examples(40), deadline=None)
@given(rules=sst.rulesets(), seed=st.integers(0, 2**64))
def test_a_searched_playout_follows_every_ruleset(rules: sr.Ruleset, seed: int) -> None:
    zeros = (0,) * rules.sides
    searched = play(rules, None, zeros, 0, Random(seed), False, True)
    assert searched == play(rules, None, zeros, 0, Random(seed), False, False)


def test_a_crowded_table_is_played_from_the_tables() -> None:
    # A card with more captures than the search's buffer holds: the ply is
    # handed back to the tables, in both builds the same playout.
    rules = sr.Ruleset.scopa(capture_rule="free", capture_compulsion="none")
    hand = sr.CardSet("KD QD JD").mask
    table = sr.CardSet("AH 2H 3H 4H 5H AS 2S 3S 4S 5S AC 2C 3C 4C 5C 2D 3D 4D").mask
    assert len(legal_plays(rules, hand, table, _PLAIN, False)) > 256
    other = sr.CardSet("KS QS JS").mask
    rest = sr.ALL_CARDS.mask & ~hand & ~other & ~table

    def hand_in_play() -> Deal:
        return ([hand, other], table, [0, rest], [0, 0], b"", 0, -1, [])

    for seed in range(5):
        searched, tabled = hand_in_play(), hand_in_play()
        assert play(rules, searched, (0, 0), 1, Random(seed), False, True) == play(
            rules, tabled, (0, 0), 1, Random(seed), False, False
        )
        assert searched == tabled


@pytest.mark.parametrize("search", [True, False])
def test_an_ace_that_may_decline_the_take_all_is_listed_by_the_tables(
    search: bool,
) -> None:
    rules = sr.Ruleset.scopa(ace_takes_all=True, ace_may_trail=True)
    hand, table = sr.CardSet("AD 5C").mask, sr.CardSet("2S 3H").mask
    plays = legal_plays(rules, hand, table, _PLAIN, search)
    # The ace takes the table or is trailed; the five captures both cards.
    assert plays == [table << 6 | 0, 0, table << 6 | 34]
    assert legal_plays(rules, hand, 0, _PLAIN, search) == [0, 34]
