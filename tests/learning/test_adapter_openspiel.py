"""The OpenSpiel adapter, checked with OpenSpiel's own random simulation
test and played by its MCTS and ISMCTS bots."""

from __future__ import annotations

import math
import random
import re
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import scopa_rules as sr  # noqa: E402
from scopa_rules.adapters.openspiel import (  # noqa: E402
    GAME_NAME,
    ScopaGame,
    ScopaState,
    game_parameters,
    load_game,
)


def search_bots(game: Any, rng: np.random.RandomState) -> list[Any]:
    """OpenSpiel's ISMCTS bot for seat 0 and its MCTS bot for seat 1, on a
    few simulations each."""
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return [
        ismcts.ISMCTSBot(
            game=game,
            evaluator=evaluator,
            uct_c=2.0,
            max_simulations=5,
            random_state=rng,
        ),
        mcts.MCTSBot(game, 2.0, 5, evaluator, random_state=rng),
    ]


def play_to(state: Any, steps: int, seed: int = 0) -> Any:
    """``state`` after ``steps`` random actions (chance ones included)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("rules", "returns"),
    [
        (sr.Ruleset.scopa(), "win_loss"),
        (sr.Ruleset.scopone_scientifico(), "points"),
        (sr.Ruleset.chkobba(), "win_loss"),
        (sr.Ruleset.escoba(), "points"),
        (sr.Ruleset.cirulla(), "points"),
        (sr.Ruleset.cirulla(players=4, wild_card=None), "win_loss"),
    ],
    ids=["scopa", "scopone_scientifico", "chkobba", "escoba", "cirulla", "cirulla4"],
)
@pytest.mark.parametrize("chance", ["cards", "sampled"])
def test_pyspiel_random_simulation(
    rules: sr.Ruleset, returns: Any, chance: Any
) -> None:
    game = load_game(rules, returns=returns, chance=chance, seed=5)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_parameters_are_the_rulesets_dict() -> None:
    rules = sr.Ruleset.escoba(players=3)
    game = load_game(rules, returns="points")
    assert game.rules == rules
    assert game.returns == "points"
    assert game.num_players() == 3
    assert game.utility_sum() == 0.0
    assert game.max_utility() == 21 + 60
    params = game.get_parameters()
    assert params["redeal_kings"] == 0
    assert params["capture_mode"] == "fifteen"
    default = pyspiel.load_game(GAME_NAME)
    assert default.rules == sr.Ruleset()
    assert ScopaGame().rules == sr.Ruleset()
    with pytest.raises(
        sr.InvalidStateError, match="returns must be one of win_loss, points"
    ):
        game_parameters(rules, returns="draws")  # type: ignore[arg-type]


def test_a_game_plays_out_with_chance_deals_and_returns() -> None:
    game = load_game(sr.Ruleset.scopa())
    state = game.new_initial_state()
    assert isinstance(state, ScopaState)
    assert state.point is None
    assert str(state) == "dealing: 0 of 40 cards dealt"
    assert state.returns() == [0.0, 0.0]
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 40
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 6) == "deal 7D"
    state = play_to(state, 40)
    assert state.point is not None
    assert state.current_player() == 0
    assert "Scopa, hand 1" in str(state)
    assert state.action_to_string(0, state.legal_actions()[0]).startswith("play ")
    while not state.is_terminal():
        state = play_to(state, 1, seed=len(state.history()))
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert sorted(state.returns()) == [-1.0, 1.0]


@pytest.mark.parametrize("action", [6, 40, 300, -5])
def test_a_chance_action_deals_a_card_left(action: int) -> None:
    state = load_game(sr.Ruleset.scopa()).new_initial_state()
    state.apply_action(6)
    clone = state.clone()
    with pytest.raises(
        sr.IllegalMoveError,
        match=rf"chance action {action} does not deal a card left in the deck; "
        r"the 39 cards left are AD, 2D, 3D, 4D, 5D, 6D, JD, ",
    ):
        state.apply_action(action)
    assert str(state) == "dealing: 1 of 40 cards dealt"
    assert state.chance_outcomes() == clone.chance_outcomes()


def test_strings_and_tensors_come_from_the_view() -> None:
    game = load_game(sr.Ruleset.scopa())
    state = play_to(game.new_initial_state(), 20)
    assert state.information_state_string(0) == "seat 0: dealing"
    assert not any(state.observation_tensor(1))
    assert "dealing: 20 of 40" not in state.observation_string(0)
    state = play_to(state, 23)
    info = state.information_state_string(1)
    assert "(view of seat 1)" in info
    assert "this hand: " in info
    assert "this hand" not in state.observation_string(1)
    point = state.point
    assert point is not None
    assert state.observation_tensor(1) == pytest.approx(point.observe(1))
    assert state.information_state_tensor(0) == pytest.approx(point.observe(0))


def test_a_tensor_is_its_callers_own() -> None:
    # Each tensor is a list made for the call: a caller that writes into one
    # changes neither the next nor the ruleset's zeros it started from, and
    # every zero is +0.0.
    game = load_game(sr.Ruleset.scopa())
    state = play_to(game.new_initial_state(), 45)
    first = state.observation_tensor(0)
    expected = list(first)
    first[:] = [-1.0] * len(first)
    again = state.observation_tensor(0)
    assert again == expected
    assert again is not first
    assert all(math.copysign(1.0, entry) == 1.0 for entry in again)
    assert tuple(state.observation_tensor(1)) == state.point.observe(1)


def test_an_open_capture_shows_in_the_strings() -> None:
    rules = sr.Ruleset.scopa(capture_mode="match_or_fifteen")
    game = load_game(rules)
    state = game.new_initial_state()
    # Deal a deck where seat 0 holds 5H and the table 5S 5D: the capture stays open.
    deck = sr.Deck.shuffled(1)
    cards = [c for c in deck.cards if c.index not in (14, 24, 4)]
    # Seat 0's hand is dealt first, then seat 1's, then the table.
    order = [sr.Card.parse("5H"), *cards[:5], sr.Card.parse("5S"), sr.Card.parse("5D")]
    order += cards[5:]
    for card in order:
        state.apply_action(card.index)
    assert state.point.state.table >= sr.CardSet("5S 5D")
    state.apply_action(14)
    assert state.point.played == sr.Card.parse("5H")
    assert "playing 5H, taken nothing" in state.observation_string(1)
    state.apply_action(44)
    assert "playing 5H, taken 5D" in state.information_state_string(0)
    # Seat 1 does not see seat 0's hand, but 5H lies face up: every sample
    # gives it to seat 0 (most first tries do not, and are dealt again).
    for value in (0.1, 0.25, 0.5, 0.75, 0.9):
        sampled = state.resample_from_infostate(1, lambda v=value: v)
        assert sr.Card.parse("5H") in sampled.point.state.hands[0]
        info = sampled.information_state_string(1)
        assert info == state.information_state_string(1)


def test_resampling_keeps_the_information_state() -> None:
    game = load_game(sr.Ruleset.chkobba(players=4))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    dealing = play_to(game.new_initial_state(), 10)
    other = dealing.resample_from_infostate(0, sampler)
    assert other.information_state_string(0) == dealing.information_state_string(0)
    assert other.history() == dealing.history()
    assert len(dealing.chance_outcomes()) == 30
    # The clone deals on from its own undealt cards, each as likely, each
    # once, until its deck is whole.
    clone, dealt = other.clone(), set[int]()
    for left in range(30, 0, -1):
        outcomes = dict(clone.chance_outcomes())
        assert list(outcomes.values()) == [1 / left] * left
        assert dealt.isdisjoint(outcomes)
        dealt.add(min(outcomes))
        clone.apply_action(min(outcomes))
    assert not clone.is_chance_node()
    state = play_to(game.new_initial_state(), 55, seed=4)
    for seat in range(4):
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == state.information_state_string(
            seat
        )
    while not (
        state.point is not None and state.point.state.phase is sr.Phase.AWAITING_DEAL
    ):
        state = play_to(state, 1, seed=len(state.history()))
    between = state.resample_from_infostate(2, sampler)
    assert between.information_state_string(2) == state.information_state_string(2)
    state = play_to(state, 1)
    assert "dealing: 1 of 40 cards dealt" in state.observation_string(3)


def _observation_type(public: bool, private: Any, recall: bool = False) -> Any:
    return pyspiel.IIGObservationType(
        public_info=public, perfect_recall=recall, private_info=private
    )


def test_the_observer_shows_a_seat_the_public_or_the_private_information() -> None:
    rules = sr.Ruleset.scopa()
    game = load_game(rules)
    single, none = pyspiel.PrivateInfoType.SINGLE_PLAYER, pyspiel.PrivateInfoType.NONE
    observer = game.make_py_observer()
    assert observer.tensor.shape == (sr.observation_size(rules),)
    assert set(observer.dict) == set(sr.observation_layout(rules))
    public = game.make_py_observer(_observation_type(True, none))
    private = game.make_py_observer(_observation_type(False, single))
    layout = sr.observation_layout(rules)
    assert "hand" not in public.dict
    assert "unseen" not in public.dict
    assert set(private.dict) == {"hand", "first_card"}
    state = game.new_initial_state()
    assert public.string_from(state, 0) == "dealing: 0 of 40 cards dealt"
    assert private.string_from(state, 1) == "seat 1: no cards yet"
    public.set_from(state, 0)
    assert not public.tensor.any()
    state = play_to(state, 41)
    point = state.point
    assert point is not None
    # The public information is the same for every seat; the private one
    # is the seat's hand.
    for seat in (0, 1):
        public.set_from(state, seat)
        whole = np.array(sr.observe(point.state.view(0)), np.float32)
        start, size = layout["table"]
        assert (public.dict["table"] == whole[start : start + size]).all()
        assert public.string_from(state, seat) == public.string_from(state, 0)
        private.set_from(state, seat)
        hand = point.state.view(seat).hand
        assert int(private.dict["hand"].sum()) == len(hand)
        assert private.string_from(state, seat) == f"seat {seat} holds {hand}"
    text = public.string_from(state, 0)
    assert f"table: {point.state.table}" in text
    assert "scores: 0 0" in text
    assert "stock: 30" in text
    assert not any(str(card) in text for card in point.state.view(0).hand)
    # An open capture's card is public.
    capture = next(
        (a for a in state.legal_actions() if len(point.apply(a).legal_actions()) > 0),
        None,
    )
    if capture is not None and point.apply(capture).played is not None:
        state.apply_action(capture)
        assert "playing" in public.string_from(state, 0)


def test_unsupported_observation_types_are_refused() -> None:
    game = load_game(sr.Ruleset.scopa())
    single, none = pyspiel.PrivateInfoType.SINGLE_PLAYER, pyspiel.PrivateInfoType.NONE
    everyone = pyspiel.PrivateInfoType.ALL_PLAYERS
    for kind in (
        _observation_type(True, everyone),
        _observation_type(True, none, recall=True),
        _observation_type(False, single, recall=True),
        _observation_type(False, none),
    ):
        with pytest.raises(sr.InvalidStateError, match="the scopa_rules observer"):
            game.make_py_observer(kind)
    with pytest.raises(sr.InvalidStateError, match="takes no parameters"):
        game.make_py_observer(None, {"x": 1})


@pytest.mark.parametrize(
    "game_string",
    [
        "scopa_rules(preset=chkobba)",
        "scopa_rules(preset=cirulla,chance=sampled,seed=2)",
    ],
    ids=["chkobba", "cirulla-sampled"],
)
def test_generate_playthrough(game_string: str) -> None:
    from open_spiel.python.algorithms import generate_playthrough

    text = generate_playthrough.playthrough(game_string, None, seed=3)
    assert 'PublicObservationString() = "' in text
    assert 'PrivateObservationString(1) = "seat 1 holds' in text
    assert "Returns() = [" in text


def test_mcts_and_ismcts_bots_play_it() -> None:
    game = load_game(sr.Ruleset.scopa())
    rng = np.random.RandomState(1)
    bots = search_bots(game, rng)
    state = play_to(game.new_initial_state(), 40)
    for _ in range(12):
        if state.is_chance_node():
            state = play_to(state, 1)
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) == 52


@pytest.mark.parametrize(
    "rules",
    [sr.Ruleset.scopa(capture_mode="match_or_fifteen"), sr.Ruleset.chkobba(players=4)],
    ids=["match_or_fifteen", "chkobba4"],
)
def test_python_callers_get_pyspiels_own_answers(rules: sr.Ruleset) -> None:
    # The state answers a Python caller without going through C++; calling
    # pyspiel's own methods on it goes through C++ and the observer.
    game = load_game(rules)
    state = game.new_initial_state()
    players = [None, *range(-4, rules.players + 1)]
    nodes = 0
    while not state.is_terminal():
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        for player in players:
            given = () if player is None else (player,)
            for ours, theirs in (
                (state.legal_actions, pyspiel.State.legal_actions),
                (state.observation_tensor, pyspiel.State.observation_tensor),
                (
                    state.information_state_tensor,
                    pyspiel.State.information_state_tensor,
                ),
            ):
                try:
                    expected = theirs(state, *given)
                except pyspiel.SpielError as error:
                    with pytest.raises(
                        pyspiel.SpielError, match=re.escape(str(error)[-20:])
                    ):
                        ours(*given)
                else:
                    assert ours(*given) == expected
        nodes += 1
        state = play_to(state, 1, seed=nodes)
    assert state.legal_actions() == [] == state.legal_actions(0)
    assert nodes > 100


def test_sampled_decks_come_from_the_games_seed() -> None:
    rules = sr.Ruleset.scopone_scientifico()
    game = load_game(rules, chance="sampled", seed=11)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.max_chance_outcomes() == 0
    assert game.chance == "sampled"
    assert game.get_parameters()["seed"] == 11
    first, second = game.new_initial_state(), game.new_initial_state()
    again = load_game(rules, chance="sampled", seed=11).new_initial_state()
    assert first.point is not None
    assert second.point is not None
    assert again.point is not None
    # Each new game is dealt anew, and the same seed deals the same games.
    assert first.point.state.hands != second.point.state.hands
    assert again.point.state == first.point.state
    # A clone plays the same game, whether or not its state was read first
    # (a new state is dealt when first read, from the game's next seed).
    fresh = game.new_initial_state()
    twin = fresh.clone()
    assert twin.point is fresh.point
    assert twin.current_player() == fresh.current_player() == 0
    # Clones take no seed: the games a game deals are the same however
    # many clones a search made between them.
    searched = load_game(rules, chance="sampled", seed=11)
    for _ in range(3):
        dealt = searched.new_initial_state()
        for _ in range(5):
            dealt.clone()
    assert dealt.point is not None
    assert fresh.point is not None
    assert dealt.point.state == fresh.point.state
    assert not first.is_chance_node()
    assert first.current_player() == first.point.current_player
    # No node of a whole game is a chance node, hands after the first too.
    state = first
    while not state.is_terminal():
        assert not state.is_chance_node()
        state.apply_action(
            random.Random(len(state.history())).choice(state.legal_actions())
        )
    assert state.point is not None
    assert state.point.state.hand_number > 0
    assert load_game(rules).get_type().chance_mode == (
        pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    )


def test_sampled_games_resample_and_play_mcts_and_ismcts() -> None:
    game = load_game(sr.Ruleset.scopa(), chance="sampled", seed=2)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = play_to(game.new_initial_state(), 7)
    for seat in range(2):
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == (
            state.information_state_string(seat)
        )
        assert sample.point is not None
        assert state.point is not None
        assert sample.point.state.view(seat) == state.point.state.view(seat)
    rng = np.random.RandomState(3)
    bots = search_bots(game, rng)
    for _ in range(12):
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) == 19


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"chance": "shuffle"}, "chance must be one of cards, sampled, not 'shuffle'"),
        ({"seed": -2}, "seed must be an integer, 0 or more .or -1 for none., not -2"),
        (
            {"seed": True},
            "seed must be an integer, 0 or more .or -1 for none., not True",
        ),
    ],
)
def test_chance_and_seed_are_checked(options: dict[str, Any], message: str) -> None:
    with pytest.raises(sr.InvalidStateError, match=message):
        load_game(sr.Ruleset.scopa(), **options)
    with pytest.raises(sr.InvalidStateError, match=message):
        ScopaGame({**game_parameters(sr.Ruleset.scopa()), **options})


def random_returns(game: Any, seed: int) -> tuple[str, list[float]]:
    """Play ``game`` to its end at random: the game's string and returns
    (run in a worker process, which gets ``game`` pickled)."""
    state = play_to(game.new_initial_state(), 0)
    rng = random.Random(seed)
    while not state.is_terminal():
        play_to(state, 1, rng.getrandbits(32))
    return str(game), state.returns()


@pytest.mark.parametrize("chance", ["cards", "sampled"])
def test_games_pickle_deep_copy_and_run_in_a_spawned_process_pool(chance: Any) -> None:
    import concurrent.futures
    import copy
    import multiprocessing
    import pickle

    game = load_game(sr.Ruleset.escoba(), returns="points", chance=chance, seed=4)

    def pickled(game: Any) -> Any:
        return pickle.loads(pickle.dumps(game))

    for copier in (pickled, copy.deepcopy):
        again = copier(game)
        assert again.rules == game.rules
        assert again.chance == chance
        assert again.returns == "points"
        assert str(again) == str(game)
        # A sampled game's generator comes along: the same games follow.
        assert str(again.new_initial_state()) == str(game.new_initial_state())
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=context) as pool:
        results = list(pool.map(random_returns, [game] * 2, [1, 2]))
    for name, returns in results:
        assert name == str(game)
        assert sum(returns) == 0
        assert any(returns)


@pytest.mark.parametrize("chance", ["cards", "sampled"])
def test_states_deep_copy_pickle_and_serialize(chance: Any) -> None:
    import copy
    import pickle

    game = load_game(sr.Ruleset.chkobba(), chance=chance, seed=6)
    state = game.new_initial_state()
    rng = random.Random(3)
    steps = 0
    while not state.is_terminal():
        if steps % 37 == 0 or state.is_terminal():
            for again in (
                copy.deepcopy(state),
                pickle.loads(pickle.dumps(state)),
                game.deserialize_state(state.serialize()),
            ):
                assert isinstance(again, ScopaState)
                assert str(again) == str(state)
                assert again.history() == state.history()
                assert again.legal_actions() == state.legal_actions()
                assert again.information_state_string(1) == (
                    state.information_state_string(1)
                )
        play_to(state, 1, rng.getrandbits(32))
        steps += 1
    again = pickle.loads(pickle.dumps(state))
    assert again.is_terminal()
    assert again.returns() == state.returns()


def test_a_new_sampled_state_pickles_before_it_is_read() -> None:
    import pickle

    game = load_game(sr.Ruleset.scopa(), chance="sampled", seed=8)
    state = game.new_initial_state()
    text = state.serialize()
    assert str(game.deserialize_state(text)) == str(state)
    assert str(pickle.loads(pickle.dumps(game.new_initial_state()))) != str(state)


def test_random_simulation_serializes_with_chance_nodes() -> None:
    for rules in (sr.Ruleset.scopa(), sr.Ruleset.cirulla()):
        game = load_game(rules, chance="cards", seed=1)
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_pyspiels_own_serializer_needs_a_generator_state_a_sampled_game_lacks() -> None:
    # OpenSpiel's C++ serializer of a SAMPLED_STOCHASTIC game asks the game
    # for its generator's state, which a Python game cannot give (pyspiel
    # 2.0); the Python interface serializes (test above), and this test says
    # when pyspiel changes.
    game = load_game(sr.Ruleset.scopa(), chance="sampled", seed=1)
    with pytest.raises(pyspiel.SpielError, match="GetRNGState"):
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    with pytest.raises(pyspiel.SpielError, match="GetRNGState"):
        pyspiel.serialize_game_and_state(game, game.new_initial_state())


@pytest.mark.parametrize(
    ("game_string", "rules"),
    [
        ("scopa_rules(preset=cirulla)", sr.Ruleset.cirulla()),
        ("scopa_rules(preset=scopone)", sr.Ruleset.scopone()),
        (
            "scopa_rules(preset=chkobba,players=4,target_score=31)",
            sr.Ruleset.chkobba(players=4, target_score=31),
        ),
        ("scopa_rules(preset=Scopone Scientifico)", sr.Ruleset.scopone_scientifico()),
        ("scopa_rules", sr.Ruleset()),
    ],
    ids=["cirulla", "scopone", "chkobba4-31", "alias", "default"],
)
def test_the_preset_parameter(game_string: str, rules: sr.Ruleset) -> None:
    game = pyspiel.load_game(game_string)
    assert game.rules == rules
    assert game.num_players() == rules.players
    # The game's string spells the preset out: it loads the same game.
    assert game.get_parameters()["preset"] == ""
    assert pyspiel.load_game(str(game)).rules == rules


def test_a_bad_preset_or_parameter_is_refused() -> None:
    with pytest.raises(sr.InvalidRulesetError, match="unknown preset 'briscola'"):
        pyspiel.load_game("scopa_rules(preset=briscola)")
    with pytest.raises(sr.InvalidStateError, match="unknown scopa_rules parameters"):
        ScopaGame({"bogus": 1})


def test_actions_may_be_numpy_integers_or_one_element_arrays() -> None:
    game = load_game(sr.Ruleset.scopa())
    state = play_to(game.new_initial_state(), 0)
    state.apply_action(np.int64(state.chance_outcomes()[0][0]))
    state.apply_action(np.array([state.chance_outcomes()[0][0]]))
    state = play_to(state, 38)
    action = state.legal_actions()[0]
    clone = state.clone()
    state.apply_action(np.array([action], np.int32))
    clone.apply_action(action)
    assert str(state) == str(clone)
    with pytest.raises(sr.IllegalMoveError, match="an action id is an integer"):
        state.apply_action(1.0)


def test_pythons_ismcts_plays_evaluate_bots_with_a_restart_at() -> None:
    from open_spiel.python.algorithms import evaluate_bots

    game = load_game(sr.Ruleset.scopa())
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)

    def bot(kind: Any) -> Any:
        return kind(
            game=game,
            evaluator=evaluator,
            uct_c=2.0,
            max_simulations=3,
            random_state=rng,
        )

    # OpenSpiel's Python ISMCTS has no restart_at, which evaluate_bots calls.
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        evaluate_bots.evaluate_bots(
            game.new_initial_state(), [bot(ismcts.ISMCTSBot)] * 2, rng
        )

    class RestartableISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
        def restart_at(self, state: Any) -> None:
            """Nothing to forget: the bot searches afresh at every step."""

    returns = evaluate_bots.evaluate_bots(
        game.new_initial_state(), [bot(RestartableISMCTSBot)] * 2, rng
    )
    assert sorted(returns) == [-1.0, 1.0]


def test_shimmys_wrapper_loads_the_game_by_name_and_config() -> None:
    compatibility = pytest.importorskip("shimmy.openspiel_compatibility")
    rules = sr.Ruleset.scopone()
    for config in (game_parameters(rules), {"preset": "scopone"}):
        env = compatibility.OpenSpielCompatibilityV0(game_name=GAME_NAME, config=config)
        env.reset(seed=1)
        assert env.possible_agents == [f"player_{seat}" for seat in range(4)]
        observation, *_ = env.last()
        assert observation.shape == (sr.observation_size(rules),)
