"""ISMCTS strength against its search budget: win rate against GreedyBot.

For each budget, ``IsmctsBot(iterations=n)`` plays 2-player Scopa against
``GreedyBot`` on ``--games`` seeded deals, each deal twice with the seats
swapped (duplicate games, so a lucky deal helps both bots equally).  The win
rate is plotted with its 95% Wilson interval and saved as an image for the
docs; the figures are printed as a table too.

The plot on the performance page was made with (17 minutes of CPU time):

    python benchmarks/ismcts_strength.py --games 50 --jobs 1 \\
        --budgets 5,20,80,320,1280 --out docs/_static/ismcts_strength.png

Needs matplotlib (the ``docs`` dependency group: ``pip install -e . --group docs``).
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor

import scopa_rules as sr


def ismcts_wins(task: tuple[int, int, int]) -> int:
    """Play one game, ISMCTS in ``seat`` against greedy; 1 if ISMCTS won."""
    iterations, seed, seat = task
    bots: list[sr.Bot] = [sr.GreedyBot(), sr.GreedyBot()]
    bots[seat] = sr.IsmctsBot(iterations=iterations)
    final = sr.play_game(sr.Ruleset.scopa(players=2), bots, seed)
    return int(final.winner == seat)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = (
        z
        * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
        / (1 + z * z / games)
    )
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="deals per budget")
    parser.add_argument("--budgets", default="5,20,80,320,1280")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default="docs/_static/ismcts_strength.png")
    args = parser.parse_args()
    budgets = [int(text) for text in args.budgets.split(",")]
    tasks = [
        (budget, seed, seat)
        for budget in budgets
        for seed in range(args.games)
        for seat in (0, 1)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        outcomes = list(pool.map(ismcts_wins, tasks, chunksize=4))
    games = 2 * args.games
    rows = []
    for index, budget in enumerate(budgets):
        wins = sum(outcomes[index * games : (index + 1) * games])
        low, high = wilson(wins, games)
        rows.append((budget, wins / games, low, high))
        print(
            f"{budget:>5} iterations  {wins:>3}/{games} wins  "
            f"{wins / games:.2f}  [{low:.2f}, {high:.2f}]"
        )

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    rates = [rate for _, rate, _, _ in rows]
    errors = [
        [rate - low for _, rate, low, _ in rows],
        [high - rate for _, rate, _, high in rows],
    ]
    axes.errorbar(budgets, rates, yerr=errors, marker="o", capsize=4)
    axes.axhline(0.5, color="grey", linestyle="--", linewidth=1)
    axes.set_xscale("log")
    axes.set_xticks(budgets, [str(budget) for budget in budgets])
    axes.set_ylim(0, 1)
    axes.set_xlabel("ISMCTS iterations per decision")
    axes.set_ylabel("win rate against GreedyBot")
    axes.set_title(f"2-player Scopa, {games} games per budget, 95% Wilson interval")
    figure.tight_layout()
    figure.savefig(args.out, metadata={"Software": None})
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
