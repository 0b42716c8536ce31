"""The Gymnasium adapter, checked with Gymnasium's own environment checker."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

import numpy as np
from gymnasium.utils.env_checker import check_env

import scopa_rules as sr
from scopa_rules.adapters import seat_returns
from scopa_rules.adapters.gymnasium import ScopaEnv


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(
    ("rules", "seat"),
    [
        (sr.Ruleset.scopa(), 0),
        (sr.Ruleset.scopone_scientifico(), 2),
        (sr.Ruleset.chkobba(), 1),
    ],
    ids=["scopa", "scopone_scientifico", "chkobba"],
)
def test_gymnasium_env_checker(rules: sr.Ruleset, seat: int) -> None:
    check_env(ScopaEnv(rules, seat=seat, render_mode="ansi"))


def test_masked_rollout_against_chosen_bots() -> None:
    env = ScopaEnv(
        sr.Ruleset.scopa(players=3),
        seat=1,
        opponents=[sr.RandomBot(), sr.GreedyBot()],
        returns="points",
    )
    observation, info = env.reset(seed=4)
    assert env.point.current_player == 1
    assert observation.shape == env.observation_space.shape
    rng = np.random.default_rng(4)
    done = False
    total = 0.0
    while not done:
        assert (info["action_mask"] == env.action_masks()).all()
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        observation, reward, done, truncated, info = env.step(action)
        total += float(reward)
        assert not truncated
    assert env.point.state.is_over
    assert total == seat_returns(env.point.state, "points")[1]
    assert not env.action_masks().any()


def test_each_mask_is_an_array_of_its_own() -> None:
    env = ScopaEnv()
    _, info = env.reset(seed=2)
    first, second = env.action_masks(), env.action_masks()
    assert first is not second
    assert first is not info["action_mask"]
    assert (first == second).all()
    assert (first == info["action_mask"]).all()
    first[:] = True
    assert (env.action_masks() == second).all()
    _, _, _, _, info = env.step(int(np.flatnonzero(second)[0]))
    assert (env.action_masks() == info["action_mask"]).all()
    assert env.action_masks().tolist() == [
        bool(flag) for flag in env.point.action_mask()
    ]


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = ScopaEnv(illegal_action_reward=-5.0)
    env.reset(seed=1)
    assert env.point.apply(np.int64(env.point.legal_actions()[0])).state
    _, reward, terminated, _, info = env.step(95)
    assert (reward, terminated, info["illegal_action"]) == (-5.0, True, True)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(sr.InvalidStateError, match="seat must be 0 to 1, not 2"):
        ScopaEnv(seat=2)
    with pytest.raises(
        sr.InvalidStateError, match="one bot or 3 \\(one per other seat\\), not 1"
    ):
        ScopaEnv(sr.Ruleset.scopa(players=4), opponents=[sr.RandomBot()])
    with pytest.raises(sr.InvalidStateError, match="returns must be one of"):
        ScopaEnv(returns="score")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="render_mode must be None"):
        ScopaEnv(render_mode="rgb_array")


def test_rendering(capsys: pytest.CaptureFixture[str]) -> None:
    env = ScopaEnv(render_mode="human")
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert "(view of seat 0)" in capsys.readouterr().out
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert ScopaEnv().render() is None
