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
``RandomBot`` and ``GreedyBot``; MaskablePPO with two hidden layers of 256.
``--checkpoints N`` saves the policy every N steps as well, for the
learning curve (``benchmarks/learning_curve.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

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


def train(
    *,
    minutes: float,
    steps: int,
    seed: int,
    out: Path,
    envs: int,
    checkpoints: int | None,
) -> dict[str, Any]:
    """Train until ``minutes`` or ``steps`` run out; save the policy at
    ``out`` (and every ``checkpoints`` steps at ``out``'s stem plus the
    step count)."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    # Two cores: the learner's matrices on both, the environments between.
    torch.set_num_threads(max(1, min(2, os.cpu_count() or 1)))
    vec = DummyVecEnv([make_env] * envs)
    vec.seed(seed)
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        learning_rate=3e-4,
        n_steps=256,
        batch_size=256,
        n_epochs=10,
        gamma=0.99,
        gae_lambda=0.95,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=seed,
        device="cpu",
        verbose=0,
    )
    deadline = time.monotonic() + minutes * 60
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

    started = time.monotonic()
    model.learn(total_timesteps=steps, callback=Budget())
    seconds = time.monotonic() - started
    model.save(out)
    return {
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
        )
    else:
        report = evaluate(args.evaluate, args.games, args.seed)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
