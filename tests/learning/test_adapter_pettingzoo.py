"""The PettingZoo adapter, checked with PettingZoo's own API and seed tests."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

import scopa_rules as sr
from scopa_rules.adapters import seat_returns
from scopa_rules.adapters.pettingzoo import ScopaEnv, env, raw_env

PRESETS = [
    sr.Ruleset.scopa(),
    sr.Ruleset.scopone_scientifico(),
    sr.Ruleset.chkobba(players=4),
]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(
    "rules", PRESETS, ids=["scopa", "scopone_scientifico", "chkobba4"]
)
def test_pettingzoo_api_and_seed_tests(rules: sr.Ruleset) -> None:
    api_test(ScopaEnv(rules), num_cycles=300)
    seed_test(lambda: ScopaEnv(rules), num_cycles=100)


def test_a_whole_game_with_masked_random_actions() -> None:
    game = env(rules=sr.Ruleset.scopa(players=4), returns="points")
    game.reset(seed=5)
    rng = np.random.default_rng(5)
    for agent in game.agent_iter():
        observation, _reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        others = [a for a in game.agents if a != agent]
        assert not any(game.observe(a)["action_mask"].any() for a in others)
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    state = game.point.state
    assert state.is_over
    assert game.agents == []


def test_partners_share_the_reward() -> None:
    game = ScopaEnv(sr.Ruleset.scopa(players=4))
    game.reset(seed=2)
    while not game.point.state.is_over:
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(int(np.flatnonzero(mask)[0]))
    assert game.rewards["seat_0"] == game.rewards["seat_2"] == -game.rewards["seat_1"]
    assert game.rewards["seat_1"] == game.rewards["seat_3"]


def test_illegal_actions_raise() -> None:
    game = ScopaEnv()
    game.reset(seed=1)
    with pytest.raises(sr.IllegalMoveError, match="is not legal here"):
        game.step(95)
    # None is for agents that are done; a live one gets the library's error.
    with pytest.raises(sr.IllegalMoveError, match="an action id is an integer"):
        game.step(None)
    game.step(np.int64(game.point.legal_actions()[0]))
    assert game.agent_selection == "seat_1"
    game.step(np.array([game.point.legal_actions()[0]]))  # type: ignore[arg-type]
    assert game.agent_selection == "seat_0"
    for bad in (1.0, np.array([1, 2]), True):
        with pytest.raises(sr.IllegalMoveError, match="an action id is an integer"):
            game.step(bad)  # type: ignore[arg-type]


def test_rendering(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="render_mode must be None"):
        ScopaEnv(render_mode="rgb_array")
    game = ScopaEnv(render_mode="ansi")
    game.reset(seed=1)
    assert (game.render() or "").startswith("Scopa, hand 1")
    human = ScopaEnv(render_mode="human")
    human.reset(seed=1)
    human.step(int(np.flatnonzero(human.observe("seat_0")["action_mask"])[0]))
    assert "Scopa, hand 1" in capsys.readouterr().out
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert ScopaEnv().render() is None
    human.close()


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_env_is_wrapped_and_raw_env_is_bare() -> None:
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    rules = sr.Ruleset.scopone()
    wrapped, bare = env(rules), raw_env(rules, returns="points")
    assert isinstance(wrapped, OrderEnforcingWrapper)
    assert isinstance(wrapped.unwrapped, ScopaEnv)
    assert wrapped.unwrapped.rules == rules
    assert isinstance(bare, ScopaEnv)
    assert bare.returns == "points"
    # The wrapper refuses a step before the first reset.
    with pytest.raises(AssertionError, match="reset"):
        wrapped.step(0)
    api_test(env(sr.Ruleset.scopa()), num_cycles=50)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("rules", [sr.Ruleset.scopa(), sr.Ruleset.scopone()])
@pytest.mark.parametrize("returns", ["points", "win_loss"])
def test_reward_per_hand(rules: sr.Ruleset, returns: Any) -> None:
    game = ScopaEnv(rules, reward="hand", returns=returns)
    game.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    hands = 0
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        hands += any(game.rewards.values())
    state = game.point.state
    assert hands >= 2
    for seat, agent in enumerate(game.possible_agents):
        points = seat_returns(state, "points")[seat]
        bonus = seat_returns(state, "win_loss")[seat] if returns == "win_loss" else 0
        assert totals[agent] == pytest.approx(points + bonus)
    api_test(ScopaEnv(rules, reward="hand", observation="normalized"), num_cycles=300)


def test_normalized_observations() -> None:
    rules = sr.Ruleset.cirulla()
    game = ScopaEnv(rules, observation="normalized")
    game.reset(seed=1)
    vector = game.observe("seat_1")["observation"]
    size = sr.observation_size(rules) - sr.observation_layout(rules)["rules"][1]
    assert vector.shape == (size,)
    assert vector in game.observation_space("seat_1")["observation"]  # type: ignore[index]
    assert "rules" not in game.observation_layout


def test_bad_settings_are_refused() -> None:
    with pytest.raises(sr.InvalidStateError, match="reward must be one of game"):
        ScopaEnv(reward="move")  # type: ignore[arg-type]
    with pytest.raises(sr.InvalidStateError, match="rules must be a Ruleset"):
        raw_env("scopa")  # type: ignore[arg-type]
    with pytest.raises(sr.InvalidStateError, match="observation must be one of"):
        ScopaEnv(observation="scaled")  # type: ignore[arg-type]
