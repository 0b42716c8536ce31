"""Train an agent for two-player Scopa with sb3-contrib's MaskablePPO, then
measure it against the bundled bots.

Install the training extra first (``pip install torch==2.13.0`` beforehand
keeps pip from choosing a CUDA build of PyTorch)::

    pip install -e ".[train]"
    python examples/train_maskable_ppo.py --minutes 25 --out policy.zip
    python examples/train_maskable_ppo.py --evaluate policy.zip --games 1000

The recipe (see the "Training an agent" page of the docs for why): the
Gymnasium env with ``reward="hand"`` (the point difference of every hand,
and the game's win or loss at its end), ``observation="normalized"`` and
``final_mask="stop"``; opponents drawn at every game from a pool of
``RandomBot`` and ``GreedyBot``; the policy (two hidden layers of 256)
first imitates ``ExpertBot`` (``--teacher``, ``--demo-games`` of its
play), then MaskablePPO trains it until ``--minutes`` run out.
``--checkpoints N`` saves the policy every N steps as well, for the
learning curve (``benchmarks/learning_curve.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from pathlib import Path
from typing import Any

import numpy as np

import scopa_rules as sr
from scopa_rules.adapters.gymnasium import ScopaEnv
from scopa_rules.adapters.sb3 import load_bot


def make_env() -> ScopaEnv:
    """The environment the agent learns in."""
    return ScopaEnv(
        sr.Ruleset.scopa(),
        opponent_pool=[sr.RandomBot(), sr.GreedyBot()],
        reward="hand",
        observation="normalized",
        final_mask="stop",
    )


def demonstrations(
    games: int, seed: int, teacher: sr.Bot, gamma: float
) -> dict[str, np.ndarray[Any, Any]]:
    """The teacher's play in ``games`` games of the training environment:
    each agent step's observation, action mask and action id, and the
    discounted return that followed it (for the value head)."""
    env = make_env()
    rng = random.Random(seed)
    observations: list[Any] = []
    masks: list[Any] = []
    actions: list[int] = []
    returns: list[float] = []
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        rewards: list[float] = []
        pending: list[int] = []
        done = False
        while not done:
            if not pending:  # a new move: the teacher says it in action ids
                state = env.point.state
                move = teacher.choose(state.view(env.seat), rng)
                pending = list(sr.encode_move(state, move))
            action = pending.pop(0)
            observations.append(observation)
            masks.append(env.action_masks())
            actions.append(action)
            observation, reward, done, _, _ = env.step(action)
            rewards.append(float(reward))
        later, following = 0.0, []
        for reward in reversed(rewards):
            later = reward + gamma * later
            following.append(later)
        returns.extend(reversed(following))
    return {
        "observations": np.array(observations, np.float32),
        "masks": np.array(masks, bool),
        "actions": np.array(actions, np.int64),
        "returns": np.array(returns, np.float32),
    }


def imitate(
    model: Any, data: dict[str, np.ndarray[Any, Any]], epochs: int, seed: int
) -> float:
    """Fit the policy to the teacher's actions (cross-entropy over the legal
    actions) and its value head to the returns; the last epoch's accuracy."""
    import torch

    policy = model.policy
    optimizer = torch.optim.Adam(policy.parameters(), lr=1e-3)
    generator = np.random.default_rng(seed)
    count = len(data["actions"])
    accuracy = 0.0
    for _ in range(epochs):
        order = generator.permutation(count)
        right = 0
        for start in range(0, count, 512):
            batch = order[start : start + 512]
            observations = torch.as_tensor(data["observations"][batch])
            actions = torch.as_tensor(data["actions"][batch])
            values, log_prob, _ = policy.evaluate_actions(
                observations, actions, action_masks=data["masks"][batch]
            )
            returns = torch.as_tensor(data["returns"][batch])
            loss = -log_prob.mean() + 0.5 * torch.nn.functional.mse_loss(
                values.flatten(), returns
            )
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            with torch.no_grad():
                chosen = policy.get_distribution(
                    observations, action_masks=data["masks"][batch]
                ).mode()
                right += int((chosen == actions).sum())
        accuracy = right / count
    return accuracy


def train(
    *,
    minutes: float,
    steps: int,
    seed: int,
    out: Path,
    envs: int,
    checkpoints: int | None,
    teacher: str | None,
    demo_games: int,
    imitation_epochs: int,
    learning_rate: float,
) -> dict[str, Any]:
    """Train until ``minutes`` or ``steps`` run out; save the policy at
    ``out`` (and every ``checkpoints`` steps at ``out``'s stem plus the
    step count)."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    # Two cores: the learner's matrices on both, the environments between.
    started = time.monotonic()
    deadline = started + minutes * 60
    torch.set_num_threads(max(1, min(2, os.cpu_count() or 1)))
    vec = DummyVecEnv([make_env] * envs)
    vec.seed(seed)
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        learning_rate=learning_rate,
        n_steps=256,
        batch_size=256,
        n_epochs=10,
        gamma=0.99,
        gae_lambda=0.95,
        ent_coef=0.0,
        policy_kwargs={"net_arch": [256, 256]},
        seed=seed,
        device="cpu",
        verbose=0,
    )
    report: dict[str, Any] = {}
    if teacher is not None:
        data = demonstrations(demo_games, seed, sr.make_bot(teacher), model.gamma)
        report["imitation"] = {
            "teacher": teacher,
            "games": demo_games,
            "steps": len(data["actions"]),
            "accuracy": round(imitate(model, data, imitation_epochs, seed), 3),
            "seconds": round(time.monotonic() - started, 1),
        }
        if checkpoints:
            model.save(out.with_name(f"{out.stem}-0.zip"))
    saved: list[tuple[int, str]] = []

    class Budget(BaseCallback):
        """Stops at the deadline; saves the checkpoints."""

        def _on_step(self) -> bool:
            done = self.num_timesteps
            if checkpoints and done // checkpoints > len(saved):
                path = out.with_name(f"{out.stem}-{done}.zip")
                self.model.save(path)
                saved.append((done, str(path)))
            return time.monotonic() < deadline

    model.learn(total_timesteps=steps, callback=Budget())
    seconds = time.monotonic() - started
    model.save(out)
    return {
        **report,
        "steps": int(model.num_timesteps),
        "seconds": round(seconds, 1),
        "steps_per_second": round(model.num_timesteps / seconds),
        "policy": str(out),
        "checkpoints": saved,
    }


def evaluate(path: str, games: int, seed: int) -> dict[str, Any]:
    """The policy's win rate in ``games`` games against each bundled bot
    (its seat changing every game), with 95 % intervals."""
    agent = load_bot(path)
    figures: dict[str, Any] = {}
    for name, opponent in (("random", sr.RandomBot()), ("greedy", sr.GreedyBot())):
        result = sr.match(
            sr.Ruleset.scopa(), [agent, opponent], games=games, seed=seed, jobs=2
        )
        standing = result.standings[0]
        low, high = sr.wilson_interval(standing.wins, standing.games)
        figures[name] = {
            "games": standing.games,
            "wins": standing.wins,
            "win_rate": round(standing.wins / standing.games, 3),
            "interval": [round(low, 3), round(high, 3)],
        }
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=25.0)
    parser.add_argument("--steps", type=int, default=10**9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--envs", type=int, default=16)
    parser.add_argument("--out", type=Path, default=Path("policy.zip"))
    parser.add_argument("--checkpoints", type=int, default=None)
    parser.add_argument(
        "--teacher", default="expert", help="a bot to imitate first, or 'none'"
    )
    parser.add_argument("--demo-games", type=int, default=1500)
    parser.add_argument("--imitation-epochs", type=int, default=10)
    parser.add_argument("--learning-rate", type=float, default=3e-5)
    parser.add_argument("--evaluate", metavar="POLICY", default=None)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args(argv)
    if args.evaluate is None:
        report = train(
            minutes=args.minutes,
            steps=args.steps,
            seed=args.seed,
            out=args.out,
            envs=args.envs,
            checkpoints=args.checkpoints,
            teacher=None if args.teacher == "none" else args.teacher,
            demo_games=args.demo_games,
            imitation_epochs=args.imitation_epochs,
            learning_rate=args.learning_rate,
        )
    else:
        report = evaluate(args.evaluate, args.games, args.seed)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
