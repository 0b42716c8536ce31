"""Steps per second through each adapter against the bare library.

Plays the same random games (the same seeds, a uniformly random legal choice
at every step) five ways and prints, for each, games/s, moves/s and the time
per move:

* ``library``: ``legal_moves()``, a choice, ``apply()``: what every adapter
  pays at the least;
* ``actions``: the core action encoding alone: ``legal_actions()``, a
  choice and ``apply()`` on an :class:`ActionState`;
* ``observed``: the same and the mover's observation vector
  (:meth:`ActionState.observe`), what every adapter computes;
* ``pettingzoo``: ``last()`` (observation and mask as numpy arrays), a masked
  choice, ``step()``, every seat an agent;
* ``gymnasium``: ``step()`` with a masked choice, seat 0 the agent, the other
  seats :class:`RandomBot` (their moves go through the library directly);
* ``openspiel``: ``legal_actions()``, a choice, ``apply_action()`` and
  ``observation_tensor()`` on a pyspiel state, the deal's 40 chance actions
  per hand included.

A move is one library move; an adapter may need more than one action for it
(a capture chosen card by card).  The closing note gives each adapter's
overhead per move, its time minus the library's, as a multiple of the
library's own ``legal_moves()`` + ``apply()`` time.  A framework that is not
installed is skipped.

Each figure is the best of ``--rounds`` runs.

Run:  python benchmarks/adapters.py [--games 20] [--preset scopa] [--rounds 3]
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import time
from collections.abc import Callable

import scopa_rules as sr


def library_game(rules: sr.Ruleset, seed: int) -> int:
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    moves = 0
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        moves += 1
    return moves


def actions_game(rules: sr.Ruleset, seed: int, *, observe: bool = False) -> int:
    rng = random.Random(seed)
    point = sr.ActionState(sr.new_game(rules, seed=seed))
    while not point.is_terminal:
        if observe:
            point.observe(point.current_player)  # type: ignore[arg-type]
        point = point.apply(rng.choice(point.legal_actions()))
    return len(point.state.history)


def observed_game(rules: sr.Ruleset, seed: int) -> int:
    return actions_game(rules, seed, observe=True)


def pettingzoo_game(rules: sr.Ruleset, seed: int) -> int:
    import numpy as np

    from scopa_rules.adapters.pettingzoo import ScopaEnv

    env = ScopaEnv(rules)
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return len(env.point.state.history)


def gymnasium_game(rules: sr.Ruleset, seed: int) -> int:
    import numpy as np

    from scopa_rules.adapters.gymnasium import ScopaEnv

    env = ScopaEnv(rules, opponents=sr.RandomBot())
    env.reset(seed=seed)
    rng = random.Random(seed)
    done = False
    while not done:
        action = rng.choice(np.flatnonzero(env.action_masks()).tolist())
        done = env.step(action)[2]
    return len(env.point.state.history)


def openspiel_game(rules: sr.Ruleset, seed: int) -> int:
    from scopa_rules.adapters.openspiel import load_game

    state = load_game(rules).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
    return len(state.point.state.history)


WAYS: dict[str, tuple[Callable[[sr.Ruleset, int], int], str | None]] = {
    "library": (library_game, None),
    "actions": (actions_game, None),
    "observed": (observed_game, None),
    "pettingzoo": (pettingzoo_game, "pettingzoo"),
    "gymnasium": (gymnasium_game, "gymnasium"),
    "openspiel": (openspiel_game, "pyspiel"),
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--preset", default="scopa")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    rules = sr.Ruleset.from_name(args.preset)
    print(f"{args.games} random games of {args.preset}, the same seeds each way")
    per_move: dict[str, float] = {}
    for name, (play, module) in WAYS.items():
        if module is not None and importlib.util.find_spec(module) is None:
            print(f"{name:>10}: skipped ({module} is not installed)")
            continue
        play(rules, 0)  # warm up imports and caches
        # The best of several rounds: the machine's other work only slows.
        seconds = math.inf
        for _ in range(args.rounds):
            start = time.perf_counter()
            moves = sum(play(rules, seed) for seed in range(args.games))
            seconds = min(seconds, time.perf_counter() - start)
        per_move[name] = seconds / moves * 1e6
        print(
            f"{name:>10}: {args.games / seconds:8.1f} games/s "
            f"{moves / seconds:10.0f} moves/s {per_move[name]:8.1f} µs/move"
        )
    base = per_move["library"]
    print(f"overhead per move, in units of the library's own {base:.1f} µs:")
    for name, micros in per_move.items():
        if name != "library":
            print(
                f"{name:>10}: {micros - base:8.1f} µs = {(micros - base) / base:5.2f}x"
            )


if __name__ == "__main__":
    main()
