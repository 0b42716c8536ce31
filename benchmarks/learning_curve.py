"""The learning curve of the training recipe: the win rate of each saved
checkpoint against RandomBot and GreedyBot, against the PPO steps.

Train with checkpoints, then measure them (the docs' plot was made so)::

    python examples/train_maskable_ppo.py --minutes 25 --checkpoints 200000 \\
        --out policy.zip > report.json
    python benchmarks/learning_curve.py --report report.json --games 500

Or both at once, training here with the recipe's defaults::

    python benchmarks/learning_curve.py --minutes 25 --checkpoints 200000

Checkpoint 0 is the policy after imitating the teacher, before any PPO
step.  Each checkpoint plays ``--games`` games against each bot (its seat
changing every game, the same seeds for every checkpoint); the table and
the plot show the win rate with its 95 % Wilson interval.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def recipe() -> ModuleType:
    """examples/train_maskable_ppo.py, as a module."""
    path = ROOT / "examples" / "train_maskable_ppo.py"
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def checkpoints(report: dict[str, Any], out: Path) -> list[tuple[int, str]]:
    """The report's checkpoints, the one after imitation first and the
    final policy last."""
    found: list[tuple[int, str]] = []
    first = out.with_name(f"{out.stem}-0.zip")
    if "imitation" in report and first.exists():
        found.append((0, str(first)))
    found += [(int(steps), str(path)) for steps, path in report["checkpoints"]]
    if not found or found[-1][0] != report["steps"]:
        found.append((int(report["steps"]), report["policy"]))
    return found


def plot(curve: list[dict[str, Any]], path: Path) -> None:
    """The win rates against the steps, with their intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4.2))
    steps = [point["steps"] / 1000 for point in curve]
    for name, colour in (("random", "tab:blue"), ("greedy", "tab:red")):
        rates = [point[name]["win_rate"] for point in curve]
        low = [r - p[name]["interval"][0] for r, p in zip(rates, curve, strict=True)]
        high = [p[name]["interval"][1] - r for r, p in zip(rates, curve, strict=True)]
        axes.errorbar(
            steps, rates, yerr=[low, high], marker="o", capsize=3, color=colour,
            label=f"against {name.capitalize()}Bot",
        )  # fmt: skip
    axes.axhline(0.70, color="tab:blue", linestyle=":", linewidth=1)
    axes.axhline(0.35, color="tab:red", linestyle=":", linewidth=1)
    axes.set_xlabel("PPO steps after imitation (thousands)")
    axes.set_ylabel("games won")
    axes.set_ylim(0, 1)
    axes.set_title("MaskablePPO on two-player Scopa, after imitating ExpertBot")
    axes.legend(loc="lower right")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", type=Path, help="a finished training's report")
    parser.add_argument("--minutes", type=float, default=25.0)
    parser.add_argument("--steps", type=int, default=10**9)
    parser.add_argument("--checkpoints", type=int, default=200_000)
    parser.add_argument("--demo-games", type=int, default=1500)
    parser.add_argument("--out", type=Path, default=Path("policy.zip"))
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument(
        "--plot", type=Path, default=ROOT / "docs" / "_static" / "learning-curve.png"
    )
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    train = recipe()
    if args.report is not None:
        report = json.loads(args.report.read_text(encoding="utf-8"))
        out = Path(report["policy"])
    else:
        out = args.out
        report = train.train(
            minutes=args.minutes,
            steps=args.steps,
            seed=1,
            out=out,
            envs=16,
            checkpoints=args.checkpoints,
            teacher="expert",
            demo_games=args.demo_games,
            imitation_epochs=10,
            learning_rate=3e-5,
        )
    curve = []
    print(
        f"{'steps':>9} {'v random':>9} {'95% interval':>13} {'v greedy':>9} {'95% interval':>13}"
    )
    for steps, path in checkpoints(report, out):
        figures = train.evaluate(path, args.games, args.seed)
        curve.append({"steps": steps, **figures})
        random, greedy = figures["random"], figures["greedy"]
        print(
            f"{steps:>9} {random['win_rate']:>9.3f} "
            f"{random['interval'][0]:>6.3f}-{random['interval'][1]:<6.3f} "
            f"{greedy['win_rate']:>9.3f} "
            f"{greedy['interval'][0]:>6.3f}-{greedy['interval'][1]:<6.3f}",
            flush=True,
        )
    if args.json is not None:
        args.json.write_text(json.dumps({"report": report, "curve": curve}, indent=2))
    plot(curve, args.plot)
    print(f"plot: {args.plot}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
