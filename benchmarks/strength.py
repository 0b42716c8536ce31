"""Bot against bot on single Scopone hands, as Di Palma and Lanzi measured.

Each pairing plays ``--decks`` fixed decks (deck ``d`` is
``Deck.shuffled(seed + d)``, the deal of ``new_game(seed=seed + d)``), every
deck twice: once with the first bot on the side that leads (seats 0 and 2,
the hand team) and the second bot on the dealer's side (seats 1 and 3, the
deck team), once the other way round.  A hand is won by the side with more
points in it (sweeps included); equal points are a tie.  The table gives the
first bot's wins, ties and losses with the 95 % Wilson interval of its win
rate, its win rate on each side, and each bot's thinking time per move.

With ``--whole-games`` each deck deals a whole game of two-player Scopa
instead, played to its end twice (the first bot leading the first hand,
then dealing it); a game is won by its winner, and ``dealing`` is then the
first bot's win rate when it dealt the first hand.

The table on the docs' "Bot strength" page was made with:

    python benchmarks/strength.py --decks 400 --jobs 2

``--pairs`` chooses the pairings (``first:second``, comma separated) among
the bots ``random``, ``greedy-0.1`` (the ``GreedyBot`` of scopa_rules
0.1.0, kept here to measure the new one against), ``greedy``, ``expert``,
``pimc`` (``PimcBot(deals=10)``: ``GreedyBot`` until the last 12 cards of
a hand, then solved deals) and ``ismcts-N`` (``IsmctsBot(iterations=N)``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

import scopa_rules as sr
from scopa_rules.tournament import wilson_interval

DEFAULT_PAIRS = "greedy:greedy-0.1,expert:greedy,expert:greedy-0.1,greedy:random"


@attrs.frozen
class LegacyGreedyBot:
    """The ``GreedyBot`` of scopa_rules 0.1.0: the move worth most now (the
    cards it takes, 2 more for a sweep; a trail costs the card, and 1 more
    when the table then adds up to a value one card could sweep, whatever
    cards are gone)."""

    def choose(self, view: sr.PlayerView, rng: random.Random) -> sr.Move:
        moves = view.legal_moves()
        values = [self.move_value(view, move) for move in moves]
        best = max(values)
        return rng.choice([m for m, v in zip(moves, values, strict=True) if v == best])

    def move_value(self, view: sr.PlayerView, move: sr.Move) -> float:
        if move.kind is not sr.MoveKind.PLAY:
            return 0.0
        rules = view.rules
        if move.is_trail:
            table = view.table.add(move.card)
            total = sum(rules.capture_value(card.rank) for card in table)
            match, fifteen = 1 <= total <= 10, 1 <= 15 - total <= 10
            if rules.capture_mode is sr.CaptureMode.MATCH:
                risky = match
            elif rules.capture_mode is sr.CaptureMode.FIFTEEN:
                risky = fifteen
            else:
                risky = match or fifteen
            return -sr.GreedyBot().card_value(rules, move.card) - float(risky)
        taken = move.captured.add(move.card)
        value = sum(sr.GreedyBot().card_value(rules, card) for card in taken)
        return value + (2.0 if move.captured == view.table else 0.0)


def make_bot(name: str) -> sr.Bot:
    """The bot called ``name`` (see the module's help)."""
    if name == "random":
        return sr.RandomBot()
    if name == "greedy":
        return sr.GreedyBot()
    if name == "greedy-0.1":
        return LegacyGreedyBot()
    if name == "expert":
        return sr.ExpertBot()
    if name == "pimc":
        return sr.PimcBot(deals=10)
    if name.startswith("ismcts-"):
        iterations, _, settings = name.removeprefix("ismcts-").partition("-")
        if settings not in ISMCTS_SETTINGS:
            raise SystemExit(
                f"no ISMCTS settings {settings!r}: {', '.join(ISMCTS_SETTINGS)}"
            )
        return sr.IsmctsBot(iterations=int(iterations), **ISMCTS_SETTINGS[settings])
    raise SystemExit(
        f"no bot called {name!r}: random, greedy, greedy-0.1, expert, pimc, "
        "ismcts-N, ismcts-N-SETTINGS"
    )


ISMCTS_SETTINGS: dict[str, dict[str, Any]] = {
    "": {},
    # The random playouts that were IsmctsBot's default before 0.2.
    "random": {"playout_epsilon": None},
    # Epsilon-greedy playouts, then card inference too, then the paper's
    # reward (the hand's point difference, with its wider exploration).
    "greedy": {"playout_epsilon": 0.3},
    "infer": {"playout_epsilon": 0.3, "inference": True},
    "paper": {
        "playout_epsilon": 0.3,
        "inference": True,
        "reward": "difference",
        "exploration": 2.0,
    },
    # Greedier playouts: the opponents in a playout play more like the
    # greedy players they stand for (docs/strength.rst, "epsilon").
    "eps0.1": {"playout_epsilon": 0.1},
}
"""The ``ismcts-N-SETTINGS`` bots' options."""


@attrs.frozen
class HandOutcome:
    """One hand of a pairing, from the first bot's side."""

    points: tuple[int, int]
    """The first bot's points, then the second's."""
    seconds: tuple[float, float]
    """Thinking time of the first bot, then of the second."""
    moves: tuple[int, int]
    """Moves made by the first bot, then by the second."""
    dealing: bool
    """Whether the first bot played the dealer's side."""


def play_deal(
    rules: sr.Ruleset,
    first: sr.Bot,
    second: sr.Bot,
    seed: int,
    swapped: bool,
    whole_game: bool = False,
) -> HandOutcome:
    """Play the first hand dealt from ``seed`` (or, ``whole_game``, the whole
    game): ``first`` on side 0 (the side that leads the first hand) or,
    ``swapped``, on side 1 (the dealer's).  The points are the hand's, or
    for a whole game the final scores with the winner's made the larger (a
    cappotto may end a game on fewer)."""
    state = sr.new_game(rules, seed=seed)
    dealer_side = rules.side_of(state.dealer)
    rng = random.Random(seed * 2 + swapped)
    first_side = 1 if swapped else 0
    seconds = [0.0, 0.0]
    moves = [0, 0]
    while (whole_game or state.hand_number == 0) and (
        seat := state.current_player
    ) is not None:
        own = 0 if rules.side_of(seat) == first_side else 1
        bot = first if own == 0 else second
        started = time.perf_counter()
        move = bot.choose(state.view(seat), rng)
        seconds[own] += time.perf_counter() - started
        moves[own] += 1
        state = state.apply(move)
    if whole_game:
        points = [2 * score for score in state.scores]
        if state.winner is not None:
            points[state.winner] = max(points) + 1
    else:
        result = state.last_hand
        assert result is not None
        points = list(result.score.totals)
    return HandOutcome(
        points=(points[first_side], points[1 - first_side]),
        seconds=(seconds[0], seconds[1]),
        moves=(moves[0], moves[1]),
        dealing=first_side == dealer_side,
    )


def _task(task: tuple[str, str, int, bool, bool]) -> HandOutcome:
    first, second, seed, swapped, whole_games = task
    rules = sr.Ruleset.scopa() if whole_games else sr.Ruleset.scopone()
    return play_deal(
        rules, make_bot(first), make_bot(second), seed, swapped, whole_games
    )


@attrs.frozen
class PairingResult:
    """A pairing's hands, summed up."""

    first: str
    second: str
    outcomes: tuple[HandOutcome, ...]

    def count(self, sign: int, *, dealing: bool | None = None) -> int:
        """Hands the first bot won (``sign`` 1), tied (0) or lost (-1),
        on one side or both."""
        return sum(
            1
            for o in self.outcomes
            if (dealing is None or o.dealing == dealing)
            and (o.points[0] > o.points[1]) - (o.points[0] < o.points[1]) == sign
        )

    def ms_per_move(self, bot: int) -> float:
        moves = sum(o.moves[bot] for o in self.outcomes)
        return 1000 * sum(o.seconds[bot] for o in self.outcomes) / max(1, moves)

    def row(self) -> str:
        hands = len(self.outcomes)
        wins, ties, losses = self.count(1), self.count(0), self.count(-1)
        low, high = wilson_interval(wins, hands)
        sides = []
        for dealing in (True, False):
            played = sum(1 for o in self.outcomes if o.dealing == dealing)
            sides.append(100 * self.count(1, dealing=dealing) / max(1, played))
        return (
            f"{self.first + ' v ' + self.second:<22} {hands:>5} "
            f"{wins:>5} {ties:>5} {losses:>5} {100 * wins / hands:>6.1f}% "
            f"{100 * low:>5.1f}-{100 * high:<5.1f} {sides[0]:>6.1f}% {sides[1]:>6.1f}% "
            f"{self.ms_per_move(0):>8.2f} {self.ms_per_move(1):>8.2f}"
        )


HEADER = (
    f"{'first v second':<22} {'hands':>5} {'wins':>5} {'ties':>5} {'losses':>5} "
    f"{'win':>7} {'95% interval':<11} {'dealing':>7} {'leading':>7} "
    f"{'ms/move':>8} {'ms/move':>8}"
)


def run(
    pairs: Sequence[tuple[str, str]],
    decks: int,
    seed: int,
    jobs: int,
    whole_games: bool = False,
) -> list[PairingResult]:
    """Play every pairing on ``decks`` decks from ``seed``, both ways round:
    single Scopone hands, or ``whole_games`` of two-player Scopa."""
    tasks = [
        (first, second, seed + deck, swapped, whole_games)
        for first, second in pairs
        for deck in range(decks)
        for swapped in (False, True)
    ]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            outcomes = list(pool.map(_task, tasks, chunksize=8))
    else:
        outcomes = [_task(task) for task in tasks]
    per_pair = 2 * decks
    return [
        PairingResult(first, second, tuple(outcomes[i * per_pair : (i + 1) * per_pair]))
        for i, (first, second) in enumerate(pairs)
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=100, help="decks per pairing")
    parser.add_argument("--pairs", default=DEFAULT_PAIRS)
    parser.add_argument("--seed", type=int, default=1, help="the first deck's seed")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--whole-games",
        action="store_true",
        help="whole games of two-player Scopa instead of single Scopone hands",
    )
    args = parser.parse_args(argv)
    if args.decks < 1:
        parser.error("--decks must be 1 or more")
    pairs = []
    for text in args.pairs.split(","):
        first, _, second = text.partition(":")
        make_bot(first), make_bot(second)  # names checked before playing
        pairs.append((first, second))
    started = time.perf_counter()
    results = run(pairs, args.decks, args.seed, args.jobs, args.whole_games)
    what = (
        "whole two-player Scopa games" if args.whole_games else "single Scopone hands"
    )
    print(f"{what}, {args.decks} decks each played both ways round")
    print(HEADER.replace("hands", "games") if args.whole_games else HEADER)
    for result in results:
        print(result.row())
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
