"""What loading a record costs: microseconds per turn and per byte.

Loading a record (``GameRecord.from_json``) replays it, checking every turn.
This plays random games under classic Scopa and under big-table house rules,
saves their records, and times loading each in a fresh process (so no capture
cache is warm from playing the game), then once more warm.

Run:  python benchmarks/replay.py [--games 3]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import scopa_rules as sr

CASES = {
    "classic Scopa": {},
    "table of 16, free captures": {
        "table_size": 16,
        "capture_rule": "free",
        "capture_compulsion": "none",
    },
    "table of 28, match or fifteen": {
        "table_size": 28,
        "capture_mode": "match_or_fifteen",
        "capture_rule": "free",
        "redeal_kings": None,
    },
    "table of 34, match or fifteen": {
        "table_size": 34,
        "capture_mode": "match_or_fifteen",
        "capture_rule": "free",
        "redeal_kings": None,
    },
}


def record_text(options: dict[str, object], seed: int) -> str:
    """The JSON record of a random game of about 5 kB or more."""
    rules = sr.Ruleset(target_score=500, **options)  # type: ignore[arg-type]
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    text = state.record().to_json()
    while len(text) < 5000:
        for _ in range(100):
            if state.phase is sr.Phase.PLAY:
                state = state.apply(rng.choice(state.legal_moves()))
        text = state.record().to_json()
    return text


def load(path: str) -> None:
    """Time loading the record in ``path`` cold, then warm; print JSON."""
    text = Path(path).read_text()
    turns = len(json.loads(text)["turns"])
    figures = []
    for _ in range(2):
        start = time.perf_counter()
        sr.GameRecord.from_json(text)
        figures.append(time.perf_counter() - start)
    print(json.dumps({"turns": turns, "bytes": len(text), "seconds": figures}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--load", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.load:
        load(args.load)
        return
    print(
        f"{'rules':32} {'turns':>6} {'bytes':>7} {'cold µs/turn':>13} "
        f"{'warm µs/turn':>13} {'cold µs/byte':>13}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for name, options in CASES.items():
            rows = []
            for seed in range(args.games):
                path = Path(folder) / f"record-{seed}.json"
                path.write_text(record_text(options, seed))
                out = subprocess.run(
                    [sys.executable, __file__, "--load", str(path)],
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout
                rows.append(json.loads(out))
            turns = sum(row["turns"] for row in rows)
            size = sum(row["bytes"] for row in rows)
            cold = sum(row["seconds"][0] for row in rows)
            warm = sum(row["seconds"][1] for row in rows)
            print(
                f"{name:32} {turns:6} {size:7} {cold / turns * 1e6:13.1f} "
                f"{warm / turns * 1e6:13.1f} {cold / size * 1e6:13.2f}"
            )


if __name__ == "__main__":
    main()
