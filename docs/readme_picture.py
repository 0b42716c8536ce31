"""Draw the README's picture: a two-player Scopa position with the capture
that GreedyBot chooses marked (the played card ringed in orange, the cards
it takes in red).

Run from the repository root after a change to :mod:`scopa_rules.svg`
(a test fails while the committed picture differs):

    python docs/readme_picture.py
"""

from __future__ import annotations

import random
from pathlib import Path

import scopa_rules as sr
from scopa_rules import svg

OUT = Path(__file__).resolve().parent / "_static" / "position.svg"


def picture() -> str:
    """The first position of a seeded greedy game where the seat to move
    can take two cards or more, drawn with the move it chooses."""
    rules = sr.Ruleset.scopa(players=2)
    state = sr.new_game(rules, seed=2024)
    bot, rng = sr.GreedyBot(), random.Random(2024)
    while True:
        seat = state.current_player
        assert seat is not None  # a seeded game always has a seat to move
        move = bot.choose(state.view(seat), rng)
        if len(move.captured) >= 2:
            return svg.state(state, move=move, size=64)
        state = state.apply(move)


if __name__ == "__main__":
    OUT.write_text(picture(), encoding="utf-8")
    print(f"wrote {OUT}")
