"""A masked random policy against the greedy bot, through Gymnasium.

``scopa_rules.adapters.gymnasium.ScopaEnv`` (``pip install
scopa-rules[gymnasium]``) is one seat of a game; the other seats are played
by library bots.  The environment comes from its registered id
(``scopa_rules/Escoba-v0`` for ``--preset escoba``), with the learner's
options: ``--reward hand`` rewards each hand's points, ``--observation
normalized`` scales the observation to [0, 1].  The policy picks a random
legal action id from ``env.action_masks()``, the way a masked learning
policy does.

Run it:  python examples/gymnasium_rollout.py --episodes 5 [--preset escoba]
         [--reward hand] [--observation normalized]
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import gymnasium
import numpy as np

import scopa_rules as sr
from scopa_rules.adapters.gymnasium import ENV_IDS


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=5)
    parser.add_argument("--preset", default="scopa")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reward", choices=["game", "hand"], default="game")
    parser.add_argument("--observation", choices=["raw", "normalized"], default="raw")
    args = parser.parse_args(argv)
    preset = sr.Ruleset.from_name(args.preset).preset_name()
    env_id = next(env_id for env_id, name in ENV_IDS.items() if name == preset)
    env = gymnasium.make(
        env_id,
        opponents="greedy",
        reward=args.reward,
        observation=args.observation,
    )
    rng = np.random.default_rng(args.seed)
    total = 0.0
    for episode in range(args.episodes):
        env.reset(seed=args.seed + episode)
        done = False
        steps = 0
        reward = 0.0
        while not done:
            # gymnasium.make's wrappers keep the masks in reach.
            mask = env.get_wrapper_attr("action_masks")()
            action = int(rng.choice(np.flatnonzero(mask)))
            _, step_reward, done, _, _ = env.step(action)
            reward += float(step_reward)
            steps += 1
        total += reward
        print(f"episode {episode + 1}: {steps} steps, reward {reward:+.0f}")
    print(f"mean reward of the masked random policy: {total / args.episodes:+.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
