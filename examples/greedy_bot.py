"""A greedy bot against a random player, built on the public API only.

The greedy bot scores each legal move by what it takes right now: a sweep is
worth most, then the settebello, coins, sevens and plain cards; a trail is
worth a little less the more points it leaves on the table for the opponent.

Run it:  python examples/greedy_bot.py --games 20
"""

from __future__ import annotations

import argparse
import random

import scopa_rules as sr


def move_value(state: sr.GameState, move: sr.Move) -> float:
    """How much the greedy bot likes ``move`` in ``state``."""
    if move.kind is not sr.MoveKind.PLAY:
        return 0.0  # Chkobba's first card: either choice is fine for a greedy bot
    if move.is_trail:
        # Leaving a small table invites a sweep: prefer trailing onto a big one.
        left = sum(card.rank for card in state.table) + move.card.rank
        return -1.0 if left <= 10 else -0.5
    taken = move.captured.add(move.card)
    value = 0.1 * len(taken)
    value += 0.3 * len(taken.of_suit(sr.Suit.DENARI))
    value += 0.4 * len(taken.of_rank(sr.Rank.SEVEN))
    if sr.Card.parse("7D") in taken:
        value += 1.5
    if move.captured == state.table:
        value += 2.0  # a sweep (the library decides whether it scores)
    return value


def greedy(state: sr.GameState, rng: random.Random) -> sr.Move:
    """The legal move with the highest value; ties broken at random."""
    moves = state.legal_moves()
    best = max(move_value(state, move) for move in moves)
    return rng.choice([m for m in moves if move_value(state, m) == best])


def random_player(state: sr.GameState, rng: random.Random) -> sr.Move:
    """Any legal move, uniformly."""
    return rng.choice(state.legal_moves())


def play(rules: sr.Ruleset, seed: int) -> sr.GameState:
    """One game: the greedy bot on seats of side 0, random play elsewhere."""
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        bot = greedy if rules.side_of(seat) == 0 else random_player
        state = state.apply(bot(state, rng))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--preset", default="scopa")
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args()
    rules = sr.Ruleset.from_name(args.preset, players=args.players)
    wins = sum(play(rules, seed).winner == 0 for seed in range(args.games))
    print(f"{rules.preset_name()}: greedy side won {wins} of {args.games} games")


if __name__ == "__main__":
    main()
