"""Information-set Monte Carlo tree search, step by step, then a match.

``scopa_rules.IsmctsBot`` plays a game of hidden cards without peeking:

1. It looks at the game only through its seat's view, ``state.view(seat)``:
   its own hand, the table, every card played, and how many cards the
   others hold.
2. Each search iteration deals the cards it cannot see at random,
   consistently with everything it saw: ``view.sample(rng)``, a
   *determinization*, a full game state that might be the real one.
3. On that deal it walks down one search tree shared by all iterations,
   choosing by UCB among the moves legal in that deal, adds a move, plays
   the hand out at random and credits every move on the way with a reward
   for its side's lead in the hand's points.  After the last iteration it
   plays the move it tried most.

This script shows each step on the first position of a seeded game, then
plays the bot against the greedy bot.

Run it:  python examples/ismcts_bot.py --games 10 --iterations 200 [--preset scopone]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

import scopa_rules as sr


def show_search(state: sr.GameState, bot: sr.IsmctsBot, rng: random.Random) -> None:
    """Print the view, two determinizations and the search statistics."""
    seat = state.current_player
    assert seat is not None, "nobody is to move"
    view = state.view(seat)
    print("1. what seat", seat, "knows:")
    print(view.render())
    print(f"   it cannot see {len(view.unseen)} cards")
    print("2. two determinizations (guesses at the hidden hands):")
    for _ in range(2):
        sample = view.sample(rng)
        hidden = [
            f"seat {s} {sample.hands[s]}"
            for s in range(state.rules.players)
            if s != seat
        ]
        print("  ", ", ".join(hidden))
    print(f"3. {bot.iterations} iterations of search:")
    stats = bot.search(view, rng)
    for move, (visits, reward) in sorted(stats.items(), key=lambda kv: -kv[1][0]):
        print(f"   {move!s:<12} tried {visits:>4} times, mean reward {reward:.2f}")
    print()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--preset", default="scopa")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        rules = sr.Ruleset.from_name(args.preset, players=args.players)
        bot = sr.IsmctsBot(iterations=args.iterations)
    except (sr.InvalidRulesetError, ValueError) as error:
        parser.error(str(error))
    state = sr.new_game(rules, seed=args.seed)
    while len(state.legal_moves()) < 2 or state.first_card is not None:
        state = state.apply(state.legal_moves()[0])  # on to a real choice of plays
    show_search(state, bot, random.Random(args.seed))
    print(f"4. ISMCTS ({args.iterations} iterations) against the greedy bot:")
    labels = [f"ismcts({args.iterations})", "greedy"]
    result = sr.match(
        rules, [bot, sr.GreedyBot()], games=args.games, seed=args.seed, labels=labels
    )
    print(result.table())
    print(f"ISMCTS won {result.standings[0].wins} of {result.games} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
