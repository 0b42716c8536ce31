"""Steps per second through each adapter against the bare library.

Plays the same random games (the same seeds, a uniformly random legal choice
at every step) several ways and prints, for each, games/s, moves/s and the time
per move:

* ``library``: ``legal_moves()``, a choice, ``apply()``: what every adapter
  pays at the least;
* ``actions``: the core action encoding alone: ``legal_actions()``, a
  choice and ``apply()`` on an :class:`ActionState`;
* ``observed``: the same and the mover's observation vector
  (:meth:`ActionState.observe`), what every adapter computes;
* ``pettingzoo``: ``last()`` (observation and mask as numpy arrays), a masked
  choice, ``step()``, every seat an agent;
* ``pz floor``: the PettingZoo run's agent steps and masked choices through
  a trivial ``AECEnv`` that hands out the same arrays every step: PettingZoo's
  own agent cycle and the choice;
* ``gymnasium``: ``step()`` with a masked choice, seat 0 the agent, the other
  seats :class:`RandomBot` choosing from their seat's view;
* ``bots``: a game like Gymnasium's through the library alone: seat 0
  chooses as ``library`` does, after the masked choice's numpy call on a
  constant mask (the agent's policy, which the PettingZoo floor pays too),
  the other seats are random bots choosing from their views, as the
  environment's opponents do;
* ``openspiel``: ``legal_actions()``, a choice, ``apply_action()`` and
  ``observation_tensor()`` on a pyspiel state, the deal's 40 chance actions
  per hand included;
* ``pyspiel``: the same calls on a trivial registered Python game that
  replays the OpenSpiel run's sequence of chance and seat nodes, answers
  them in Python as the adapter does and does no work of its own: what
  pyspiel's Python-game protocol costs by itself, a floor no adapter of a
  Python game can go below;
* ``os sampled`` and ``pyspiel/s``: the same two with the game's
  ``chance="sampled"``: no chance node.

A move is one library move; an adapter may need more than one action for it
(a capture chosen card by card).  The closing note gives each adapter's
overhead per move, its time minus the library's, as a multiple of the
library's own ``legal_moves()`` + ``apply()`` time, then each adapter's
share once its floor (the framework's own calls; Gymnasium's bots) is set
aside.  A framework that is not installed is skipped.

Each figure is the median CPU time (``time.process_time``: the machine's
other work does not count) of ``--rounds`` rounds, the fastest and slowest
round in brackets; each round plays every way in turn, so that the load of
the moment weighs on all of them alike (an adapter's share is a difference
of three ways' figures).  Each environment or game is built once, as a
training loop keeps one, and the moves are counted outside the timed part.
Run it with ``SCOPA_RULES_PURE=1`` to measure the Python sources (the
compiled build makes the library's own moves cheaper, and so every ratio
larger).

Figures after the ninth pass, eight runs of ``--games 60 --rounds 15`` on
each build in turn, a two-core Intel Xeon virtual machine (load average
0.85 to 1.0): each adapter's own share (less its floor and the library),
median in µs a move and in units of that run's library move, the lowest
and highest ratio in brackets::

    adapter     pure                     compiled
    library     5.12 µs                  1.98 µs
    pettingzoo  11.13 2.23x (1.80-2.29)  3.83 1.96x (1.83-2.00)
    gymnasium   9.55 1.85x (1.59-2.01)   3.73 1.86x (1.64-2.79)
    openspiel   10.05 1.96x (1.76-2.06)  3.17 1.60x (1.55-1.69)
    os sampled  9.22 1.81x (1.44-1.91)   2.60 1.33x (1.25-1.40)

Compiled, every adapter is under 2x in the median; pure, all but
PettingZoo, whose observation in Python is most of its share (1.99x on
an AMD EPYC machine, where every compiled share was under 1.6x).  The
ways of each run, the earlier passes and what was tried are in
docs/adapters.rst, "What it costs".

Run:  python benchmarks/adapters.py [--games 20] [--preset scopa] [--rounds 7]
      [--ways actions,observed,...]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import scopa_rules as sr

# Each way returns the finished game, whose moves are counted outside the
# timed part: reading its history scores every hand, which no way needs.


def library_game(rules: sr.Ruleset, seed: int) -> sr.GameState:
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def actions_game(
    rules: sr.Ruleset, seed: int, *, observe: bool = False
) -> sr.GameState:
    rng = random.Random(seed)
    point = sr.ActionState(sr.new_game(rules, seed=seed))
    while not point.is_terminal:
        if observe:
            point.observe(point.current_player)  # type: ignore[arg-type]
        point = point.apply(rng.choice(point.legal_actions()))
    return point.state


def observed_game(rules: sr.Ruleset, seed: int) -> sr.GameState:
    return actions_game(rules, seed, observe=True)


# One environment or game per way and ruleset, as a training loop keeps
# one: building it is not a step.
_BUILT: dict[tuple[str, sr.Ruleset], Any] = {}


def _built(way: str, rules: sr.Ruleset, build: Callable[[], Any]) -> Any:
    if (way, rules) not in _BUILT:
        _BUILT[way, rules] = build()
    return _BUILT[way, rules]


def pettingzoo_game(rules: sr.Ruleset, seed: int) -> sr.GameState:
    import numpy as np

    from scopa_rules.adapters.pettingzoo import ScopaEnv

    env = _built("pettingzoo", rules, lambda: ScopaEnv(rules))
    env.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            steps += 1
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    final: sr.GameState = env.point.state
    _STEPS[seed] = (steps, final)
    return final


# The number of agent steps and the end of each PettingZoo game, by seed.
_STEPS: dict[int, tuple[int, sr.GameState]] = {}


def pettingzoo_floor_game(rules: sr.Ruleset, seed: int) -> sr.GameState:
    import numpy as np

    steps, final = _STEPS[seed]
    env = _built("pettingzoo_floor", rules, lambda: _trivial_env(rules))
    env.reset(seed=seed)
    env.length = steps
    rng = random.Random(seed)
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return final


def _trivial_env(rules: sr.Ruleset) -> Any:
    """An AECEnv as cheap as PettingZoo's protocol allows: the same
    observation arrays every step, the seats in turn, ``length`` steps."""
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv

    size = sr.observation_size(rules)
    mask = np.zeros(sr.NUM_ACTIONS, np.int8)
    mask[:3] = 1

    class Env(AECEnv):  # type: ignore[misc]
        metadata = {"name": "floor"}  # noqa: RUF012
        length = 0

        def __init__(self) -> None:
            super().__init__()
            self.possible_agents = [f"seat_{seat}" for seat in range(rules.players)]
            self.observation = {
                "observation": np.zeros(size, np.float32),
                "action_mask": mask,
            }
            self.action_spaces = {
                agent: spaces.Discrete(sr.NUM_ACTIONS) for agent in self.possible_agents
            }

        def reset(self, seed: int | None = None, options: Any = None) -> None:
            self.agents = list(self.possible_agents)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
            self.agent_selection = self.agents[0]
            self.done = 0

        def observe(self, agent: str) -> dict[str, Any]:
            return self.observation

        def step(self, action: int | None) -> None:
            agent = self.agent_selection
            if self.terminations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            self.done += 1
            if self.done == self.length:
                self.terminations = dict.fromkeys(self.agents, True)
            index = self.possible_agents.index(agent) + 1
            self.agent_selection = self.possible_agents[index % len(self.agents)]
            self._accumulate_rewards()

    return Env()


def bots_game(rules: sr.Ruleset, seed: int) -> sr.GameState:
    """A game like the Gymnasium run's through the library alone: seat 0
    chooses as the library way does, after the agent's masked choice's
    numpy call (on a constant mask, as the PettingZoo floor's), the other
    seats are random bots that choose from their seat's view, as the
    environment's opponents do."""
    import numpy as np

    mask = np.zeros(sr.NUM_ACTIONS, np.int8)
    mask[:3] = 1
    rng = random.Random(seed)
    bot = sr.RandomBot()
    state = sr.new_game(rules, seed=seed)
    while not state.is_over:
        seat = state.current_player
        if seat == 0:
            np.flatnonzero(mask).tolist()
            state = state.apply(rng.choice(state.legal_moves()))
        else:
            state = state.apply(bot.choose(state.view(seat), rng))  # type: ignore[arg-type]
    return state


def gymnasium_game(rules: sr.Ruleset, seed: int) -> sr.GameState:
    import numpy as np

    from scopa_rules.adapters.gymnasium import ScopaEnv

    env = _built("gymnasium", rules, lambda: ScopaEnv(rules, opponents=sr.RandomBot()))
    env.reset(seed=seed)
    rng = random.Random(seed)
    done = False
    while not done:
        action = rng.choice(np.flatnonzero(env.action_masks()).tolist())
        done = env.step(action)[2]
    final: sr.GameState = env.point.state
    return final


# The kinds of node each OpenSpiel game went through (True for a chance
# node), by way and seed, for the trivial game to replay.
_NODES: dict[tuple[str, int], tuple[list[bool], sr.GameState]] = {}


def openspiel_game(
    rules: sr.Ruleset, seed: int, *, chance: str = "cards"
) -> sr.GameState:
    from scopa_rules.adapters.openspiel import load_game

    way = "openspiel" if chance == "cards" else "os sampled"
    # The default game is loaded without the chance option, so that the
    # benchmark also runs against versions that do not have it.
    game = _built(
        way,
        rules,
        lambda: (
            load_game(rules)
            if chance == "cards"
            else load_game(rules, chance="sampled", seed=0)
        ),
    )
    state = game.new_initial_state()
    rng = random.Random(seed)
    nodes: list[bool] = []
    while not state.is_terminal():
        if state.is_chance_node():
            nodes.append(True)
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            nodes.append(False)
            state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
    final: sr.GameState = state.point.state
    _NODES[way, seed] = (nodes, final)
    return final


def sampled_game(rules: sr.Ruleset, seed: int) -> sr.GameState:
    return openspiel_game(rules, seed, chance="sampled")


def pyspiel_game(
    rules: sr.Ruleset, seed: int, *, way: str = "openspiel"
) -> sr.GameState:
    nodes, final = _NODES[way, seed]
    state = _trivial_game(rules).new_initial_state()
    state.script = nodes
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
    return final


def pyspiel_sampled_game(rules: sr.Ruleset, seed: int) -> sr.GameState:
    return pyspiel_game(rules, seed, way="os sampled")


_TRIVIAL: list[Any] = []


def _trivial_game(rules: sr.Ruleset) -> Any:
    """A registered Python game as cheap as pyspiel allows: every node's
    answers are constants, and it follows a script of chance and seat nodes."""
    import numpy as np
    import pyspiel

    if _TRIVIAL:
        return _TRIVIAL[0]
    size = sr.observation_size(rules)
    game_type = pyspiel.GameType(
        short_name="scopa_rules_benchmark_floor",
        long_name="scopa_rules benchmark floor",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=sr.NUM_ACTIONS,
        max_chance_outcomes=40,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=100_000,
    )
    chances = [(index, 1.0 / 40) for index in range(40)]
    legal = [0, 1, 2]
    zeros = (0.0,) * size

    class Observer:
        def __init__(self) -> None:
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state: object, player: int) -> None:
            pass

        def string_from(self, state: object, player: int) -> str:
            return ""

    class State(pyspiel.State):  # type: ignore[misc]
        script: list[bool] = []  # noqa: RUF012
        step = 0

        def current_player(self) -> int:
            if self.step >= len(self.script):
                return int(pyspiel.PlayerId.TERMINAL)
            if self.script[self.step]:
                return int(pyspiel.PlayerId.CHANCE)
            return 0

        def _legal_actions(self, player: int) -> list[int]:
            return legal

        # Answered in Python, as the adapter's state answers them.
        def is_chance_node(self) -> bool:
            return self.step < len(self.script) and self.script[self.step]

        def legal_actions(self, player: int | None = None) -> list[int]:
            return legal

        def observation_tensor(self, player: int | None = None) -> list[float]:
            return list(zeros)

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return chances

        def _apply_action(self, action: int) -> None:
            self.step += 1

        def is_terminal(self) -> bool:
            return self.step >= len(self.script)

        def returns(self) -> list[float]:
            return [0.0, 0.0]

    class Game(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: object = None) -> None:
            super().__init__(game_type, info, {})

        def new_initial_state(self) -> State:
            return State(self)

        def make_py_observer(
            self, iig_obs_type: object = None, params: object = None
        ) -> Observer:
            return Observer()

    pyspiel.register_game(game_type, Game)
    _TRIVIAL.append(pyspiel.load_game("scopa_rules_benchmark_floor"))
    return _TRIVIAL[0]


WAYS: dict[str, tuple[Callable[[sr.Ruleset, int], sr.GameState], str | None]] = {
    "library": (library_game, None),
    "actions": (actions_game, None),
    "observed": (observed_game, None),
    "pettingzoo": (pettingzoo_game, "pettingzoo"),
    "pz floor": (pettingzoo_floor_game, "pettingzoo"),
    "gymnasium": (gymnasium_game, "gymnasium"),
    "bots": (bots_game, "numpy"),
    "openspiel": (openspiel_game, "pyspiel"),
    "pyspiel": (pyspiel_game, "pyspiel"),
    "os sampled": (sampled_game, "pyspiel"),
    "pyspiel/s": (pyspiel_sampled_game, "pyspiel"),
}


# Each adapter's floor: what the framework (or, for Gymnasium, the bots)
# costs by itself, and whether that figure leaves out the library's moves
# (the trivial framework games make none) or counts them (the bots' game is
# played through the library).
FLOORS: dict[str, tuple[str, bool]] = {
    "pettingzoo": ("pz floor", False),
    "gymnasium": ("bots", True),
    "openspiel": ("pyspiel", False),
    "os sampled": ("pyspiel/s", False),
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--preset", default="scopa")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--ways", default=",".join(WAYS))
    args = parser.parse_args(argv)
    rules = sr.Ruleset.from_name(args.preset)
    chosen = ["library", *(w for w in args.ways.split(",") if w != "library")]
    # The framework floors replay their adapter's run.
    for run, (floor, _) in FLOORS.items():
        if floor in chosen and run not in chosen and floor != "bots":
            chosen.insert(chosen.index(floor), run)
    print(f"{args.games} random games of {args.preset}, the same seeds each way")
    ways = []
    for name in chosen:
        play, module = WAYS[name]
        if module is not None and importlib.util.find_spec(module) is None:
            print(f"{name:>10}: skipped ({module} is not installed)")
            continue
        play(rules, 0)  # warm up imports and caches
        ways.append(name)
    # Each round plays every way in turn, so that the machine's other work
    # weighs on all of them alike: an adapter's share is a difference of
    # three ways' figures.
    rounds: dict[str, list[float]] = {name: [] for name in ways}
    moves: dict[str, int] = {}
    for _ in range(args.rounds):
        for name in ways:
            play = WAYS[name][0]
            start = time.process_time()
            finals = [play(rules, seed) for seed in range(args.games)]
            rounds[name].append(time.process_time() - start)
            moves[name] = sum(len(final.history) for final in finals)
    per_move: dict[str, float] = {}
    for name in ways:
        seconds = statistics.median(rounds[name])
        count = moves[name]
        per_move[name] = seconds / count * 1e6
        low = min(rounds[name]) / count * 1e6
        high = max(rounds[name]) / count * 1e6
        print(
            f"{name:>10}: {args.games / seconds:8.1f} games/s "
            f"{count / seconds:10.0f} moves/s {per_move[name]:8.2f} µs/move "
            f"({low:.2f}-{high:.2f})"
        )
    base = per_move["library"]
    floors = {floor for floor, _ in FLOORS.values()}
    print(f"overhead per move, in units of the library's own {base:.2f} µs:")
    for name, micros in per_move.items():
        if name != "library" and name not in floors:
            print(
                f"{name:>10}: {micros - base:8.2f} µs = {(micros - base) / base:5.2f}x"
            )
    print("and without what the framework (Gymnasium: the bots) costs by itself:")
    for name, (floor, counts_library) in FLOORS.items():
        if name in per_move and floor in per_move:
            own = per_move[name] - per_move[floor] - (0.0 if counts_library else base)
            print(
                f"{name:>10}: {floor} {per_move[floor]:.2f} µs a move; "
                f"the rest, less the library, {own:.2f} µs = {own / base:.2f}x"
            )


if __name__ == "__main__":
    main()
