"""Trained agents as bots: PolicyBot over any action policy, and a saved
MaskablePPO model loaded by scopa_rules.adapters.sb3 (with the training
recipe of examples/train_maskable_ppo.py run for a few hundred steps)."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

import importlib.util
import io
import pickle
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

import scopa_rules as sr
from helpers import ROOT
from scopa_rules.adapters.gymnasium import PolicyBot, ScopaEnv


def lowest(observation: Any, mask: Any) -> int:
    """The lowest legal action id: a policy that pickles."""
    return int(np.flatnonzero(mask)[0])


def test_a_policy_bot_plays_whole_games_of_every_kind_of_move() -> None:
    bot = PolicyBot(lowest)
    for rules in (sr.Ruleset.scopa(), sr.Ruleset.chkobba(), sr.Ruleset.scopone()):
        rng = random.Random(1)
        state = sr.new_game(rules, seed=2)
        others = sr.RandomBot()
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            move = (bot if seat == 0 else others).choose(view, rng)
            assert move in view.legal_moves()
            state = state.apply(move)


def test_a_policy_bot_sees_what_the_env_shows_the_same_seat() -> None:
    seen: list[Any] = []

    def watch(observation: Any, mask: Any) -> int:
        seen.append((observation.copy(), mask.copy()))
        return lowest(observation, mask)

    env = ScopaEnv(sr.Ruleset.scopa(), observation="normalized")
    observation, _ = env.reset(seed=4)
    PolicyBot(watch).choose(env.point.state.view(0), random.Random(1))
    assert np.array_equal(seen[0][0], observation)
    assert np.array_equal(seen[0][1], env.action_masks())


def test_a_policy_bot_takes_the_env_move_by_move() -> None:
    # The actions a policy says (a card, then the table cards, then stop)
    # make the move the env would make of them.
    state = sr.GameState.from_position(
        sr.Ruleset.scopa(),
        hands=["7D", "3C"],
        table="3S 4H 2C 5C",
        piles=[sr.ALL_CARDS - sr.CardSet("7D 3C 3S 4H 2C 5C"), ""],
        last_capturer=0,
    )
    moves = state.legal_moves()
    assert len(moves) == 2  # 7D takes 3S and 4H, or 2C and 5C

    def sums(observation: Any, mask: Any) -> int:
        legal = list(np.flatnonzero(mask))
        wanted = [sr.Card.parse("7D").index] + [
            sr.TAKE_ACTION_BASE + sr.Card.parse(text).index for text in ("3S", "4H")
        ]
        return int(next(a for a in wanted if a in legal))

    move = PolicyBot(sums).choose(state.view(0), random.Random(1))
    assert move == sr.Move.parse("7Dx3S4H")


def test_a_policy_bot_pickles_and_plays_in_matches() -> None:
    bot = PolicyBot(lowest, observation="raw")
    again = pickle.loads(pickle.dumps(bot))
    assert again == bot
    rules = sr.Ruleset.scopa()
    one = sr.match(rules, [bot, sr.RandomBot()], games=4, seed=1)
    two = sr.match(rules, [bot, sr.RandomBot()], games=4, seed=1, jobs=2)
    assert one == two


def test_a_policy_that_chooses_an_illegal_action_is_named() -> None:
    def wrong(observation: Any, mask: Any) -> int:
        return int(np.flatnonzero(~mask)[0])

    view = sr.new_game(seed=7).view(0)
    with pytest.raises(sr.IllegalMoveError, match="the policy of seat 0 chose 0"):
        PolicyBot(wrong).choose(view, random.Random(1))


def test_bad_policy_bots_are_refused() -> None:
    with pytest.raises(sr.InvalidStateError, match="policy must be a callable"):
        PolicyBot("greedy")  # type: ignore[arg-type]
    with pytest.raises(sr.InvalidStateError, match="observation must be one of"):
        PolicyBot(lowest, observation="pixels")  # type: ignore[arg-type]
    with pytest.raises(sr.InvalidStateError, match="is to move"):
        PolicyBot(lowest).choose(sr.new_game(seed=7).view(1), random.Random(1))


def load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_recipe_trains_saves_and_plays_a_policy(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    from scopa_rules.adapters.sb3 import SavedPolicy, load_bot

    recipe = load("train_maskable_ppo", ROOT / "examples" / "train_maskable_ppo.py")
    out = tmp_path / "policy.zip"
    report = recipe.train(
        minutes=5.0,
        steps=300,
        seed=1,
        out=out,
        envs=2,
        checkpoints=None,
        teacher="greedy",
        demo_games=2,
        imitation_epochs=1,
        learning_rate=1e-4,
    )
    assert report["steps"] >= 300
    assert report["imitation"]["steps"] > 50
    assert out.exists()
    bot = load_bot(out)
    assert pickle.loads(pickle.dumps(bot)) == bot
    # The bot's NumPy forward pass chooses what the model predicts.
    from sb3_contrib import MaskablePPO

    model = MaskablePPO.load(out, device="cpu")
    policy = SavedPolicy(out)
    env = recipe.make_env()
    observation, _ = env.reset(seed=5)
    for _ in range(60):
        mask = env.action_masks()
        predicted, _ = model.predict(observation, action_masks=mask, deterministic=True)
        action = policy(observation, mask)
        assert action == int(predicted)
        observation, _, done, _, _ = env.step(action)
        if done:
            observation, _ = env.reset()
    rules = sr.Ruleset.scopa()
    result = sr.match(rules, [bot, sr.RandomBot()], games=2, seed=1, jobs=2)
    assert result.games == 2
    figures = recipe.evaluate(str(out), 2, 1)
    assert set(figures) == {"random", "greedy"}
    # On the command line, as the training page shows.
    import scopa_rules.__main__ as cli

    shown = io.StringIO()
    argv = ["simulate", "--bots", "scopa_rules.adapters.sb3:load_bot,random"]
    argv += ["--bot-arg", f"path={out}", "--games", "2", "--jobs", "1"]
    assert cli.main(argv, out=shown, stdin=io.StringIO(), err=io.StringIO()) == 0
    assert "load_bot" in shown.getvalue()
    # The wrong observation kind, or no file, is said plainly.
    wrong = load_bot(out, observation="raw")
    with pytest.raises(sr.InvalidStateError, match="reads observations of"):
        wrong.choose(sr.new_game(rules, seed=3).view(0), random.Random(1))
    with pytest.raises(sr.InvalidStateError, match="no saved policy at"):
        load_bot(tmp_path / "none.zip")
    # A network the NumPy player does not know is refused when loaded.
    import torch

    other = MaskablePPO(
        "MlpPolicy",
        recipe.make_env(),
        policy_kwargs={"net_arch": [8], "activation_fn": torch.nn.ELU},
        device="cpu",
    )
    other.save(tmp_path / "elu.zip")
    with pytest.raises(sr.InvalidStateError, match=r"not an MLP of Linear and Tanh"):
        load_bot(tmp_path / "elu.zip")
