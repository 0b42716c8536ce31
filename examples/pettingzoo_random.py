"""Random agents that respect the action mask, through PettingZoo.

Every seat is a PettingZoo agent of ``scopa_rules.adapters.pettingzoo``
(``pip install scopa-rules[pettingzoo]``); each picks a legal action id at
random from its observation's ``action_mask``.  Partners are separate agents
that share their side's reward.

Run it:  python examples/pettingzoo_random.py --games 3 [--preset scopone]
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import numpy as np

import scopa_rules as sr
from scopa_rules.adapters.pettingzoo import env as scopa_env


def play(env: Any, seed: int) -> dict[str, float]:
    """One game of masked random agents; returns each agent's reward."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    return rewards


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--preset", default="scopa")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    # PettingZoo's usual constructor: the environment in its OrderEnforcingWrapper.
    env = scopa_env(sr.Ruleset.from_name(args.preset))
    for number in range(args.games):
        rewards = play(env, args.seed + number)
        scores = env.unwrapped.point.state.scores
        shown = ", ".join(f"{agent} {reward:+.0f}" for agent, reward in rewards.items())
        print(f"game {number + 1}: scores {scores}, rewards {shown}")
    env.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
