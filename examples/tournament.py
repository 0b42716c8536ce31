"""A round-robin tournament between bots, over many seeded games in parallel.

Every pair of bots in the line-up plays the same deals twice, once from each
side ("duplicate" games, so that a lucky deal helps both bots equally).  The
games run in worker processes (``concurrent.futures``) while a progress bar
runs on stderr; then a table gives each bot's win rate with a 95% Wilson
interval, its average points per game in each scoring category, and its win
rate against each opponent.

Run it:  python examples/tournament.py --games 50 --iterations 100 [--preset scopone] [--jobs 4]
``scopa-rules simulate`` runs a single match the same way.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import scopa_rules as sr

LINEUP = ("random", "greedy", "ismcts")

# A game as plain data, cheap to send to a worker process: the rules as a
# dict, the bots of side 0 and side 1, the ISMCTS budget and the seed.
Task = tuple[dict[str, Any], str, str, int, int]
# What comes back: the two bots, the winner, and each bot's points by category.
Outcome = tuple[str, str, str, dict[str, list[int]]]


def make_bot(name: str, iterations: int) -> sr.Bot:
    if name == "ismcts":
        return sr.IsmctsBot(iterations=iterations)
    return sr.GreedyBot() if name == "greedy" else sr.RandomBot()


def categories(rules: sr.Ruleset) -> list[str]:
    """The scoring categories in force: ``SideScore`` fields ``<name>_points``."""
    names = ["cards", "coins", "settebello", "primiera", "sweep"]
    return names + ["re_bello"] * rules.re_bello + ["napola"] * rules.napola


def play_one(task: Task) -> Outcome:
    """Play one game (in a worker process) and sum each bot's points."""
    rules_data, first, second, iterations, seed = task
    rules = sr.Ruleset.from_dict(rules_data)
    side_bot = (first, second)
    bots = [
        make_bot(side_bot[rules.side_of(s)], iterations) for s in range(rules.players)
    ]
    final = sr.play_game(rules, bots, seed)
    points = {first: [0] * len(categories(rules)), second: [0] * len(categories(rules))}
    for hand in final.hand_results:
        for score in hand.score.sides:
            for i, name in enumerate(categories(rules)):
                points[side_bot[score.side]][i] += getattr(score, f"{name}_points")
    assert final.winner is not None
    return first, second, side_bot[final.winner], points


def progress(done: int, total: int, start: float) -> None:
    """Redraw a one-line progress bar on stderr."""
    filled = 30 * done // total
    bar = "#" * filled + "." * (30 - filled)
    elapsed = time.monotonic() - start
    end = "\n" if done == total else ""
    print(f"\r[{bar}] {done}/{total} games, {elapsed:.0f} s", end=end, file=sys.stderr)


def run(tasks: list[Task], jobs: int) -> list[Outcome]:
    """Play every task, in ``jobs`` processes; the outcomes in task order."""
    start = time.monotonic()
    if jobs == 1:
        outcomes = []
        for task in tasks:
            outcomes.append(play_one(task))
            progress(len(outcomes), len(tasks), start)
        return outcomes
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_one, task) for task in tasks]
        for done, _ in enumerate(as_completed(futures), 1):
            progress(done, len(tasks), start)
        return [future.result() for future in futures]


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for ``z=1.96``)."""
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games**2))
    return centre - half / (1 + z * z / games), centre + half / (1 + z * z / games)


def report(rules: sr.Ruleset, lineup: Sequence[str], outcomes: list[Outcome]) -> None:
    """Print the results table and the head-to-head win rates."""
    names = categories(rules)
    columns = [name.replace("_", " ").replace("sweep", "sweeps") for name in names]
    print(
        f"{'bot':<8} {'games':>5} {'wins':>5} {'win rate':>8} {'95% interval':>13}",
        end="",
    )
    print("".join(f" {column:>10}" for column in columns))
    for bot in lineup:
        mine = [o for o in outcomes if bot in (o[0], o[1])]
        wins = sum(o[2] == bot for o in mine)
        low, high = wilson(wins, len(mine))
        interval = f"{low:.1%}-{high:.1%}"
        averages = [
            sum(o[3][bot][i] for o in mine) / len(mine) for i in range(len(names))
        ]
        print(
            f"{bot:<8} {len(mine):>5} {wins:>5} {wins / len(mine):>8.1%} {interval:>13}"
            + "".join(f" {average:>10.2f}" for average in averages)
        )
    print("\nwin rate of the row against the column")
    print(" " * 8 + "".join(f" {bot:>8}" for bot in lineup))
    for bot in lineup:
        cells = []
        for other in lineup:
            games = [o for o in outcomes if {o[0], o[1]} == {bot, other} != {bot}]
            wins = sum(o[2] == bot for o in games)
            cells.append(f"{wins / len(games):>8.0%}" if games else f"{'-':>8}")
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
    lineup = args.bots.split(",")
    if len(set(lineup)) < 2 or not set(lineup) <= set(LINEUP):
        parser.error(f"--bots needs two or more of {', '.join(LINEUP)}")
    if args.games < 1 or args.jobs < 1 or args.iterations < 1:
        parser.error("--games, --jobs and --iterations must be at least 1")
    try:
        rules = sr.Ruleset.from_name(args.preset, players=args.players)
    except sr.InvalidRulesetError as error:
        parser.error(str(error))
    if rules.sides != 2:
        parser.error("a round robin of pairs needs rules with two sides")
    tasks: list[Task] = [
        (rules.to_dict(), first, second, args.iterations, args.seed + deal)
        for a, b in itertools.combinations(dict.fromkeys(lineup), 2)
        for deal in range(args.games)
        for first, second in ((a, b), (b, a))
    ]
    print(f"{rules.describe().splitlines()[0]}, {rules.players} players: ", end="")
    print(f"{len(tasks)} games, {args.jobs} worker process(es)")
    report(rules, list(dict.fromkeys(lineup)), run(tasks, args.jobs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
