"""The Gymnasium adapter, checked with Gymnasium's own environment checker."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

from typing import Any

import gymnasium
import numpy as np
from gymnasium.envs.registration import EnvSpec
from gymnasium.utils.env_checker import check_env

import scopa_rules as sr
from scopa_rules.adapters import seat_returns
from scopa_rules.adapters.gymnasium import ENV_IDS, ScopaEnv, register_envs


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
    with pytest.raises(sr.InvalidStateError, match="render_mode must be None"):
        ScopaEnv(render_mode="svg")
    cases: list[tuple[dict[str, Any], str]] = [
        ({"reward": "move"}, "reward must be one of game, hand, not 'move'"),
        ({"final_mask": "full"}, "final_mask must be one of empty, stop"),
        ({"observation": "scaled"}, "observation must be one of raw, normalized"),
        (
            {"opponents": sr.RandomBot(), "opponent_pool": [sr.RandomBot()]},
            "not both",
        ),
        ({"opponent_pool": []}, "opponent_pool must not be empty"),
        ({"opponent_pool": "random"}, "opponent_pool must be a sequence"),
        ({"opponents": "clever"}, "unknown bot name 'clever' in opponents"),
        ({"opponent_pool": [7]}, "opponent_pool must be bots, bot names or"),
        ({"opponents": 7}, "opponents must be a bot, a bot name, an action"),
        ({"rules": sr.Ruleset.scopa(), "players": 4}, "players is for a preset"),
        ({"rules": 7}, "rules must be a Ruleset, a preset's name or"),
    ]
    for options, message in cases:
        with pytest.raises(sr.InvalidStateError, match=message):
            ScopaEnv(**options)


def test_rendering(capsys: pytest.CaptureFixture[str]) -> None:
    env = ScopaEnv(render_mode="human")
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert "(view of seat 0)" in capsys.readouterr().out
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert ScopaEnv().render() is None


def _play_out(env: Any, seed: int = 0) -> tuple[float, dict[str, Any]]:
    """Play ``env``'s episode to its end with random legal actions: the
    total reward and the last info."""
    rng = np.random.default_rng(seed)
    total, done, info = 0.0, False, {}
    while not done:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _, reward, done, _, info = env.step(action)
        total += float(reward)
    return total, info


def test_a_step_after_the_end_is_an_error() -> None:
    env = ScopaEnv()
    env.reset(seed=1)
    _play_out(env)
    with pytest.raises(sr.InvalidStateError, match="call reset\\(\\) before step"):
        env.step(0)
    env.reset(seed=2)
    env.step(95)  # illegal: the episode ends
    with pytest.raises(sr.InvalidStateError, match="the episode is over"):
        env.step(int(np.flatnonzero(env.action_masks())[0]))
    env.reset(seed=2)
    env.step(int(np.flatnonzero(env.action_masks())[0]))


def test_actions_may_be_numpy_integers_or_one_element_arrays() -> None:
    env, other = ScopaEnv(), ScopaEnv()
    env.reset(seed=5)
    other.reset(seed=5)
    for wrap in (np.int64, lambda a: np.array([a]), lambda a: np.array([[a]], np.int8)):
        action = int(np.flatnonzero(env.action_masks())[0])
        first = env.step(wrap(action))  # type: ignore[arg-type]
        second = other.step(action)
        assert (first[0] == second[0]).all()
    for bad in (1.0, np.array([1, 2]), True, np.float32(1)):
        with pytest.raises(sr.IllegalMoveError, match="an action id is an integer"):
            env.step(bad)  # type: ignore[arg-type]


def test_rgb_array_pictures_the_cards() -> None:
    from scopa_rules.adapters._arrays import CELL, COLOURS

    env = ScopaEnv(render_mode="rgb_array")
    env.reset(seed=3)
    image = env.render()
    assert image.dtype == np.uint8
    assert image.shape == (4 * (CELL + 1) + 1, 10 * (CELL + 1) + 1, 3)
    view = env.point.state.view(0)
    for card in sr.ALL_CARDS:
        row, column = divmod(card.index, 10)
        pixel = tuple(image[1 + row * (CELL + 1), 1 + column * (CELL + 1)])
        if card in view.hand:
            assert pixel == COLOURS["hand"]
        elif card in view.table:
            assert pixel == COLOURS["table"]
        elif card in view.piles[0]:
            assert pixel == COLOURS["own pile"]
        elif card in view.piles[1]:
            assert pixel == COLOURS["other piles"]
        else:
            assert pixel == COLOURS["unseen"]
    # Cirulla's declared cards, known to every seat, have a colour too.
    cirulla = ScopaEnv(sr.Ruleset.cirulla(), render_mode="rgb_array")
    cirulla.reset(seed=1)
    assert cirulla.render().shape == image.shape


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_rgb_array_passes_the_checker_as_stable_baselines_asks_for_it() -> None:
    # SB3's make_vec_env makes an id with render_mode="rgb_array" and falls
    # back to no render mode only on a TypeError: the mode works.
    env = gymnasium.make("scopa_rules/Scopa-v0", render_mode="rgb_array")
    env.reset(seed=1)
    assert env.render().shape[2] == 3  # type: ignore[union-attr]
    check_env(env.unwrapped)


def test_make_vec_env_by_id() -> None:
    env_util = pytest.importorskip("stable_baselines3.common.env_util")
    vec = env_util.make_vec_env("scopa_rules/Escoba-v0", n_envs=2, seed=1)
    observations = vec.reset()
    assert observations.shape == (2, sr.observation_size(sr.Ruleset.escoba()))
    masks = np.stack(vec.env_method("action_masks"))
    actions = [int(np.flatnonzero(mask)[0]) for mask in masks]
    vec.step(np.array(actions))
    assert vec.render_mode == "rgb_array"
    vec.close()


def test_an_id_for_every_preset() -> None:
    assert set(ENV_IDS) <= set(gymnasium.registry)
    specs = [gymnasium.spec(env_id) for env_id in ENV_IDS]
    register_envs()  # again: the ids registered stay as they are
    assert [gymnasium.spec(env_id) for env_id in ENV_IDS] == specs
    assert ENV_IDS["scopa_rules/ScoponeScientifico-v0"] == "scopone-scientifico"
    for env_id, preset in ENV_IDS.items():
        env = gymnasium.make(env_id)
        assert env.unwrapped.rules == sr.Ruleset.from_name(preset)  # type: ignore[attr-defined]
        env.reset(seed=1)
        # The wrappers gymnasium.make adds keep the masks in reach.
        assert env.action_masks().any()  # type: ignore[attr-defined]
        again = gymnasium.make(EnvSpec.from_json(env.spec.to_json()))  # type: ignore[union-attr]
        assert again.unwrapped.rules == env.unwrapped.rules  # type: ignore[attr-defined]


def test_the_spec_of_a_ruleset_and_bots_is_json() -> None:
    rules = sr.Ruleset.chkobba(players=4, target_score=31)
    env = gymnasium.make(
        "scopa_rules/Scopa-v0",
        rules=rules,
        opponents=[sr.RandomBot(), "greedy", sr.GreedyBot()],
        reward="hand",
    )
    spec = EnvSpec.from_json(env.spec.to_json())  # type: ignore[union-attr]
    assert spec.kwargs["opponents"] == ["random", "greedy", "greedy"]
    again = gymnasium.make(spec)
    assert again.unwrapped.rules == rules  # type: ignore[attr-defined]
    again.unwrapped.spec = None
    assert again.unwrapped.spec is None
    assert again.unwrapped.reward == "hand"  # type: ignore[attr-defined]
    assert isinstance(again.unwrapped.opponents[1], sr.RandomBot)  # type: ignore[attr-defined]
    policy = gymnasium.make("scopa_rules/Scopa-v0", opponents=lambda o, m: 0)
    assert callable(policy.spec.kwargs["opponents"])  # type: ignore[union-attr]

    class Unhashable:
        __hash__ = None  # type: ignore[assignment]

        def __call__(self, observation: Any, mask: Any) -> int:
            return 0

    unhashable = Unhashable()
    pool = gymnasium.make(
        "scopa_rules/Scopa-v0", opponent_pool=(unhashable, sr.RandomBot())
    )
    kept, named = pool.spec.kwargs["opponent_pool"]  # type: ignore[union-attr]
    assert isinstance(kept, Unhashable)
    assert named == "random"


def test_a_preset_name_with_players() -> None:
    env = ScopaEnv("scopone-scientifico", seat=3)
    assert env.rules == sr.Ruleset.scopone_scientifico()
    assert ScopaEnv("chkobba", players=4).rules == sr.Ruleset.chkobba(players=4)
    assert ScopaEnv(sr.Ruleset.escoba().to_dict()).rules == sr.Ruleset.escoba()


_FRESH = """
import sys
import gymnasium
assert not any(name.startswith("scopa_rules") for name in sys.modules)
{register}
env = gymnasium.make("{env_id}")
env.reset(seed=1)
print(type(env.unwrapped).__module__, env.unwrapped.rules.preset_name(),
      int(env.action_masks().sum()) > 0)
"""


def _fresh_process(code: str) -> str:
    import os
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_an_id_in_a_fresh_process() -> None:
    # Gymnasium 1.x has no plugin loader: the module part of the id imports
    # the adapter, which registers the ids.
    code = _FRESH.format(
        register="", env_id="scopa_rules.adapters.gymnasium:scopa_rules/Scopone-v0"
    )
    assert _fresh_process(code) == "scopa_rules.adapters.gymnasium scopone True"


def _entry_point() -> Any:
    import importlib.metadata
    from pathlib import Path

    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    if not pyproject.exists():  # pragma: no cover - an installed copy's tests
        pytest.skip("no pyproject.toml beside the tests")
    table = tomllib.loads(pyproject.read_text())["project"]["entry-points"]
    ((name, value),) = table["gymnasium.envs"].items()
    return importlib.metadata.EntryPoint(name, value, "gymnasium.envs")


def test_the_entry_point_registers_the_ids_as_gymnasiums_plugin_loader_did() -> None:
    # Gymnasium before 1.0 loads each gymnasium.envs entry point when
    # imported and calls it within the entry point's namespace: done here
    # by hand, in a process that never imported the library.
    point = _entry_point()
    register = (
        "from importlib.metadata import EntryPoint\n"
        "from gymnasium.envs.registration import namespace\n"
        f"with namespace({point.name!r}):\n"
        f"    EntryPoint({point.name!r}, {point.value!r}, {point.group!r}).load()()\n"
        "assert 'scopa_rules.adapters.gymnasium' not in sys.modules"
    )
    code = _FRESH.format(register=register, env_id="scopa_rules/Cirulla-v0")
    assert _fresh_process(code) == "scopa_rules.adapters.gymnasium cirulla True"


def test_the_installed_package_declares_the_entry_point() -> None:
    import importlib.metadata
    import json
    from pathlib import Path

    here = Path(__file__).resolve().parents[2]
    try:
        dist = importlib.metadata.distribution("scopa-rules")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover
        pytest.skip("scopa-rules is not installed")
    url = json.loads(dist.read_text("direct_url.json") or "{}").get("url", "")
    if url.removeprefix("file://") != str(here):  # pragma: no cover
        pytest.skip(f"the installed scopa-rules is not this checkout ({url})")
    points = dist.entry_points.select(group="gymnasium.envs")
    assert [(p.name, p.value) for p in points] == [
        (_entry_point().name, _entry_point().value)
    ]


@pytest.mark.parametrize("returns", ["points", "win_loss"])
def test_reward_per_hand(returns: Any) -> None:
    env = ScopaEnv(reward="hand", returns=returns, opponents=sr.RandomBot())
    env.reset(seed=7)
    rng = np.random.default_rng(7)
    rewards, done = [], False
    while not done:
        before = env.point.state.hand_number
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _, reward, done, _, _ = env.step(action)
        rewards.append(float(reward))
        if env.point.state.hand_number == before and not done:
            assert reward == 0.0
    state = env.point.state
    points = seat_returns(state, "points")[0]
    bonus = seat_returns(state, "win_loss")[0] if returns == "win_loss" else 0.0
    assert sum(rewards) == pytest.approx(points + bonus)
    assert sum(1 for reward in rewards if reward) >= 2


def test_reward_per_hand_of_partners_and_three_sides() -> None:
    for rules in (sr.Ruleset.scopone(), sr.Ruleset.scopa(players=3)):
        env = ScopaEnv(rules, seat=1, reward="hand", returns="points")
        env.reset(seed=2)
        total, _ = _play_out(env, 2)
        assert total == pytest.approx(seat_returns(env.point.state, "points")[1])


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_normalized_observations() -> None:
    rules = sr.Ruleset.chkobba()
    env = ScopaEnv(rules, observation="normalized")
    raw = ScopaEnv(rules)
    layout = sr.observation_layout(rules)
    assert "rules" not in env.observation_layout
    size = sr.observation_size(rules) - layout["rules"][1]
    assert env.observation_space.shape == (size,)
    assert (env.observation_space.high == 1.0).all()  # type: ignore[attr-defined]
    observation, _ = env.reset(seed=4)
    whole, _ = raw.reset(seed=4)
    bounds = np.array(sr.observation_bounds(rules), np.float32)
    for name, (start, length) in env.observation_layout.items():
        at, count = layout[name]
        assert length == count
        expected = whole[at : at + count] / bounds[at : at + count]
        assert observation[start : start + length] == pytest.approx(expected)
    assert observation in env.observation_space
    check_env(ScopaEnv(rules, observation="normalized"))


def test_an_opponent_pool_draws_at_every_reset() -> None:
    seen: list[tuple[int, ...]] = []

    def first_legal(observation: Any, mask: Any) -> Any:
        seen.append(observation.shape)
        return np.array([np.flatnonzero(mask)[0]])

    pool: list[Any] = [sr.RandomBot(), "greedy", first_legal]
    env = ScopaEnv(
        sr.Ruleset.scopa(players=3), opponent_pool=pool, observation="normalized"
    )
    drawn = []
    for episode in range(8):
        env.reset(seed=episode)
        drawn.append(tuple(map(type, env.opponents.values())))
        _play_out(env, episode)
    assert len(set(drawn)) > 2
    assert seen
    assert set(seen) == {env.observation_space.shape}
    # The draws come from the environment's seed.
    twin = ScopaEnv(sr.Ruleset.scopa(players=3), opponent_pool=pool)
    twin.reset(seed=3)
    env.reset(seed=3)
    assert list(map(type, twin.opponents.values())) == list(
        map(type, env.opponents.values())
    )


def test_an_opponent_policys_illegal_action_is_an_error() -> None:
    env = ScopaEnv(seat=1, opponents=lambda observation, mask: 95)
    with pytest.raises(
        sr.IllegalMoveError, match="the opponent policy of seat 0 chose 95"
    ):
        env.reset(seed=1)


def test_the_final_mask_may_mark_stop() -> None:
    env = ScopaEnv(final_mask="stop")
    env.reset(seed=1)
    _, info = _play_out(env)
    assert np.flatnonzero(env.action_masks()).tolist() == [82]
    assert np.flatnonzero(info["action_mask"]).tolist() == [82]
    plain = ScopaEnv()
    plain.reset(seed=1)
    _play_out(plain)
    assert not plain.action_masks().any()


def test_masked_softmax_under_autoreset_stays_finite_with_the_stop_mask() -> None:
    # A vector environment's default autoreset hands out the final
    # observation and its mask; the next step resets.
    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: ScopaEnv(final_mask="stop", opponents="random")] * 2
    )
    envs.reset(seed=1)
    rng = np.random.default_rng(1)
    ends = 0
    for _ in range(400):
        masks = np.stack(envs.call("action_masks"))
        logits = np.where(masks, rng.normal(size=masks.shape), -np.inf)
        weights = np.exp(logits - logits.max(axis=1, keepdims=True))
        assert np.isfinite(weights / weights.sum(axis=1, keepdims=True)).all()
        _, _, terminated, _, _ = envs.step(weights.argmax(axis=1))
        ends += int(terminated.sum())
    assert ends >= 2
