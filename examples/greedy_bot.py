"""The greedy bot: how it values moves, a variant of it, and a match.

``scopa_rules.GreedyBot`` looks one move ahead.  It values each legal move by
what it takes right now: a little for every card, more for coins, sevens and
the settebello, and 2 more for a sweep; a trail costs the value of the card
given away, and 1 more if one card could then take the whole table.  This
script prints those values for the first position of a seeded game, then
plays the bot against a random player and against a variant of itself.

Run it:  python examples/greedy_bot.py --games 20 [--preset chkobba] [--players 4]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

import scopa_rules as sr


class CoinHungryBot(sr.GreedyBot):
    """A variant: the greedy bot with coins worth twice as much.

    Subclassing is all it takes to try a different idea of what a card is
    worth; ``choose`` and ``move_value`` are inherited."""

    def card_value(self, rules: sr.Ruleset, card: sr.Card) -> float:
        bonus = 0.3 if card.is_coin else 0.0
        return super().card_value(rules, card) + bonus


def explain(state: sr.GameState, bot: sr.GreedyBot) -> None:
    """Print what the seat to move sees and the value of each legal move."""
    seat = state.current_player
    assert seat is not None, "nobody is to move"
    view = state.view(seat)  # all a bot may know
    print(view.render())
    print("the greedy bot's values:")
    for move in view.legal_moves():
        print(f"  {move!s:<12} {bot.move_value(view, move):+.2f}")
    print(f"it plays {bot.choose(view, random.Random(0))}\n")


def wins(rules: sr.Ruleset, first: sr.Bot, second: sr.Bot, games: int) -> int:
    """Games won by ``first`` against ``second`` in ``sr.match``: the two
    take the sides in turn, from seed 1 on."""
    result = sr.match(rules, [first, second], games=games, seed=1)
    return result.standings[0].wins


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per match")
    parser.add_argument("--preset", default="scopa")
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args(argv)
    try:
        rules = sr.Ruleset.from_name(args.preset, players=args.players)
    except sr.InvalidRulesetError as error:
        parser.error(str(error))
    greedy = sr.GreedyBot()
    state = sr.new_game(rules, seed=7)
    while len(state.legal_moves()) < 2:  # find a real choice to explain
        seat = state.current_player
        assert seat is not None
        state = state.apply(greedy.choose(state.view(seat), random.Random(0)))
    explain(state, greedy)
    won = wins(rules, greedy, sr.RandomBot(), args.games)
    print(f"greedy against random:       {won} of {args.games} games won")
    won = wins(rules, CoinHungryBot(), greedy, args.games)
    print(f"coin-hungry against greedy:  {won} of {args.games} games won")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
