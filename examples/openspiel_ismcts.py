"""OpenSpiel's ISMCTS bot plays Scopone Scientifico against the greedy bot.

The game comes from the OpenSpiel adapter (``pip install
scopa-rules[openspiel]``): ``load_game(rules)`` gives a pyspiel game whose
chance nodes deal the deck card by card and whose actions are the library's
action ids.  Seats 0 and 2 (side 0) are OpenSpiel's information-set MCTS
bot, which resamples the hidden cards with ``resample_from_infostate`` (the
library's ``view.sample``); seats 1 and 3 are the library's ``GreedyBot``,
whose move is turned into action ids with ``encode_move``.

Every draw comes from ``--seed``, so a run repeats exactly: the deals and
the greedy bot's ties from one ``random.Random``, the search from one
numpy generator, which also feeds the resampling (left to itself, ISMCTS
resamples with a pyspiel sampler that the system seeds afresh each time).

Run it:  python examples/openspiel_ismcts.py --games 2 --simulations 100
(``--target 1`` plays a single hand: the short mode CI runs.)
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import scopa_rules as sr
from scopa_rules.adapters.openspiel import load_game


def play(game: Any, searcher: Any, greedy: sr.GreedyBot, seed: int) -> Any:
    """One game; returns the final pyspiel state."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choice(outcomes)[0])
        elif state.current_player() % 2 == 0:
            state.apply_action(searcher.step(state))
        else:
            library_state = state.point.state
            seat = library_state.current_player
            assert seat is not None  # a decision node has a seat to move
            move = greedy.choose(library_state.view(seat), rng)
            for action in sr.encode_move(library_state, move):
                state.apply_action(action)
    return state


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--target", type=int, default=11, help="target score")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = sr.Ruleset.scopone_scientifico(target_score=args.target)
    game = load_game(rules)
    numpy_rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numpy_rng)
    searcher = ismcts.ISMCTSBot(
        game=game,
        evaluator=evaluator,
        uct_c=2.0,
        max_simulations=args.simulations,
        random_state=numpy_rng,
    )
    searcher.set_resampler(
        lambda state, seat: state.resample_from_infostate(seat, numpy_rng.uniform)
    )
    greedy = sr.GreedyBot()
    wins = 0
    for number in range(args.games):
        final = play(game, searcher, greedy, args.seed + number)
        scores = final.point.state.scores
        won = final.returns()[0] > 0
        wins += won
        print(
            f"game {number + 1}: scores {scores[0]} : {scores[1]}, ISMCTS {'won' if won else 'lost'}"
        )
    print(
        f"OpenSpiel ISMCTS ({args.simulations} simulations) won {wins} of {args.games} games against GreedyBot"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
