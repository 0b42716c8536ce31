"""A round-robin tournament between bots, over many seeded games in parallel.

Every pair of bots in the line-up plays a match (``sr.match``): ``2 * games``
seeded games, the bots changing sides every game, in worker processes.  Then
a table gives each bot's win rate over all its games with a 95% Wilson
interval (``sr.tournament.wilson_interval``), its average points per game in
each scoring category, and its win rate against each opponent.

Run it:  python examples/tournament.py --games 50 --iterations 100 [--preset scopone] [--jobs 4]
``scopa-rules simulate`` runs a single match the same way; ``sr.match(...,
backend="ray")`` runs one on a Ray cluster.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from collections.abc import Sequence

import scopa_rules as sr
from scopa_rules.tournament import CATEGORIES, wilson_interval

LINEUP = ("random", "greedy", "ismcts")


def make_bot(name: str, iterations: int) -> sr.Bot:
    if name == "ismcts":
        return sr.IsmctsBot(iterations=iterations)
    return sr.GreedyBot() if name == "greedy" else sr.RandomBot()


def categories(rules: sr.Ruleset) -> list[int]:
    """The indexes of the categories in force (those of optional rules only
    when they score)."""
    optional = {"re_bello", "napola", "grande", "declaration"}
    return [
        i
        for i, name in enumerate(CATEGORIES)
        if name not in optional
        or getattr(rules, name.replace("declaration", "declarations"))
    ]


def report(
    rules: sr.Ruleset,
    lineup: Sequence[str],
    results: dict[tuple[str, str], sr.MatchResult],
) -> None:
    """Print the results table and the head-to-head win rates."""
    shown = categories(rules)
    columns = [CATEGORIES[i].replace("_", " ") for i in shown]
    print(
        f"{'bot':<8} {'games':>5} {'wins':>5} {'win rate':>8} {'95% interval':>13}",
        end="",
    )
    print("".join(f" {column:>10}" for column in columns))
    for bot in lineup:
        mine = [
            standing
            for pair, result in results.items()
            for name, standing in zip(pair, result.standings, strict=True)
            if name == bot
        ]
        games = sum(s.games for s in mine)
        wins = sum(s.wins for s in mine)
        low, high = wilson_interval(wins, games)
        averages = [sum(s.points[i] * s.games for s in mine) / games for i in shown]
        print(
            f"{bot:<8} {games:>5} {wins:>5} {wins / games:>8.1%} "
            f"{f'{low:.1%}-{high:.1%}':>13}" + "".join(f" {a:>10.2f}" for a in averages)
        )
    print("\nwin rate of the row against the column")
    print(" " * 8 + "".join(f" {bot:>8}" for bot in lineup))
    for bot in lineup:
        cells = []
        for other in lineup:
            pair = (bot, other) if (bot, other) in results else (other, bot)
            if bot == other:
                cells.append(f"{'-':>8}")
                continue
            standing = results[pair].standings[pair.index(bot)]
            cells.append(f"{standing.win_rate:>8.0%}")
        print(f"{bot:<8}" + "".join(f" {cell}" for cell in cells))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="deals per pair of bots")
    parser.add_argument("--iterations", type=int, default=100, help="ISMCTS budget")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--bots", default=",".join(LINEUP), help="the line-up")
    parser.add_argument("--preset", default="scopa")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    lineup = list(dict.fromkeys(args.bots.split(",")))
    if len(lineup) < 2 or not set(lineup) <= set(LINEUP):
        parser.error(f"--bots needs two or more of {', '.join(LINEUP)}")
    if args.games < 1 or args.jobs < 1 or args.iterations < 1:
        parser.error("--games, --jobs and --iterations must be at least 1")
    try:
        rules = sr.Ruleset.from_name(args.preset, players=args.players)
    except sr.InvalidRulesetError as error:
        parser.error(str(error))
    if rules.sides != 2:
        parser.error("a round robin of pairs needs rules with two sides")
    pairs = list(itertools.combinations(lineup, 2))
    print(f"{rules.describe().splitlines()[0]}, {rules.players} players: ", end="")
    print(f"{2 * args.games * len(pairs)} games, {args.jobs} worker process(es)")
    results = {}
    total = 2 * args.games * len(pairs)
    start = time.monotonic()
    for number, pair in enumerate(pairs):
        before = 2 * args.games * number  # games of the pairs already done

        def progress(done: int, before: int = before) -> None:
            filled = 30 * (before + done) // total
            bar = "#" * filled + "." * (30 - filled)
            end = "\n" if before + done == total else ""
            elapsed = time.monotonic() - start
            print(
                f"\r[{bar}] {before + done}/{total} games, {elapsed:.0f} s",
                end=end,
                file=sys.stderr,
            )

        results[pair] = sr.match(
            rules,
            [make_bot(name, args.iterations) for name in pair],
            games=2 * args.games,
            seed=args.seed,
            jobs=args.jobs,
            labels=list(pair),
            progress=progress,
        )
    report(rules, lineup, results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
