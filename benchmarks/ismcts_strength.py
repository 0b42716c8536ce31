"""ISMCTS strength against its search budget: win rate against GreedyBot.

For each budget, ``IsmctsBot(iterations=n)`` plays 2-player Scopa against
``GreedyBot`` on ``--games`` seeded deals, each deal twice with the seats
swapped (duplicate games, so a lucky deal helps both bots equally), once
for each of the ``--variants``: ``plain`` (random playouts) and ``paper``
(Di Palma and Lanzi's settings: epsilon-greedy playouts, card inference,
the hand's point difference as the reward).  The ``--references``
(``expert``, ``pimc``) play the same deals against ``GreedyBot`` and are
drawn as lines across.  The win rates are plotted with their 95% Wilson
intervals and saved as an image for the docs; the figures are printed as a
table too.

The plot on the performance page was made with:

    python benchmarks/ismcts_strength.py --games 50 --jobs 2 \\
        --budgets 20,80,320,1280 --out docs/_static/ismcts_strength.png

Needs matplotlib (the ``docs`` dependency group: ``pip install -e . --group docs``).
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import scopa_rules as sr

VARIANTS: dict[str, dict[str, Any]] = {
    "plain": {"playout_epsilon": None},
    "paper": {
        "playout_epsilon": 0.3,
        "inference": True,
        "reward": "difference",
        "exploration": 2.0,
    },
}
"""The ISMCTS settings of each variant."""


def player(name: str, iterations: int) -> sr.Bot:
    """An ISMCTS variant with ``iterations``, or a reference bot by name."""
    if name in VARIANTS:
        return sr.IsmctsBot(iterations=iterations, **VARIANTS[name])
    return sr.make_bot(name)


def wins_against_greedy(task: tuple[str, int, int, int]) -> int:
    """Play one game, the bot in ``seat`` against greedy; 1 if it won."""
    name, iterations, seed, seat = task
    bots: list[sr.Bot] = [sr.GreedyBot(), sr.GreedyBot()]
    bots[seat] = player(name, iterations)
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
    parser.add_argument("--budgets", default="20,80,320,1280")
    parser.add_argument("--variants", default="plain,paper")
    parser.add_argument("--references", default="expert,pimc")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default="docs/_static/ismcts_strength.png")
    args = parser.parse_args()
    budgets = [int(text) for text in args.budgets.split(",")]
    variants = [name for name in args.variants.split(",") if name]
    references = [name for name in args.references.split(",") if name]
    for name in variants:
        if name not in VARIANTS:
            parser.error(f"no variant {name!r}: {', '.join(VARIANTS)}")
    runs = [(name, budget) for name in variants for budget in budgets]
    runs += [(name, 0) for name in references]
    tasks = [
        (name, budget, seed, seat)
        for name, budget in runs
        for seed in range(args.games)
        for seat in (0, 1)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        outcomes = list(pool.map(wins_against_greedy, tasks, chunksize=4))
    games = 2 * args.games
    rates: dict[tuple[str, int], tuple[float, float, float]] = {}
    for index, (name, budget) in enumerate(runs):
        wins = sum(outcomes[index * games : (index + 1) * games])
        low, high = wilson(wins, games)
        rates[name, budget] = (wins / games, low, high)
        what = f"{name} {budget} iterations" if budget else name
        print(
            f"{what:<26} {wins:>3}/{games} wins  "
            f"{wins / games:.2f}  [{low:.2f}, {high:.2f}]"
        )

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6.4, 3.8), dpi=100)
    for name in variants:
        points = [rates[name, budget] for budget in budgets]
        axes.errorbar(
            budgets,
            [rate for rate, _, _ in points],
            yerr=[
                [rate - low for rate, low, _ in points],
                [high - rate for rate, _, high in points],
            ],
            marker="o",
            capsize=4,
            label=f"IsmctsBot, {name}",
        )
    for colour, name in zip(("tab:green", "tab:purple"), references, strict=False):
        rate, low, high = rates[name, 0]
        axes.axhline(rate, color=colour, linewidth=1.5, label=f"{name} ({rate:.2f})")
        axes.axhspan(low, high, color=colour, alpha=0.12)
    axes.axhline(0.5, color="grey", linestyle="--", linewidth=1)
    axes.set_xscale("log")
    axes.set_xticks(budgets, [str(budget) for budget in budgets])
    axes.set_ylim(0, 1)
    axes.set_xlabel("ISMCTS iterations per decision")
    axes.set_ylabel("win rate against GreedyBot")
    axes.set_title(f"2-player Scopa, {games} games each, 95% Wilson intervals")
    axes.legend(loc="lower right", fontsize="small")
    figure.tight_layout()
    figure.savefig(args.out, metadata={"Software": None})
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
