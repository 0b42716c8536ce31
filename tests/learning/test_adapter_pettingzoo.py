"""The PettingZoo adapter, checked with PettingZoo's own API and seed tests."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

import scopa_rules as sr
from scopa_rules.adapters.pettingzoo import ScopaEnv, env

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
