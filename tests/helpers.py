"""What many tests share: every preset, a position in the middle of a hand
set up by hand, and where the repository is.  Tests in every folder of ``tests/``
import it as ``from helpers import position`` (pytest puts ``tests/``, the
folder of its ``conftest.py``, on ``sys.path``, as for :mod:`profiles`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import scopa_rules as sr

Cards = str | sr.CardSet

ROOT = Path(__file__).resolve().parent.parent
"""The repository, whose docs, examples, sources and golden files
(``tests/golden``) some tests read."""

PRESETS: tuple[sr.Ruleset, ...] = tuple(
    preset.make(players)
    for preset in sr.Ruleset.presets()
    for players in preset.players
)
"""Every preset at each player count it is played by."""


def position(
    rules: sr.Ruleset,
    hands: Sequence[str],
    table: str = "",
    *,
    stock: str = "",
    piles: Sequence[Cards] | None = None,
    rest_to: int | None = None,
    last_capturer: int | None = None,
    **options: Any,
) -> sr.GameState:
    """The position of :meth:`~scopa_rules.GameState.from_position` with
    ``hands``, ``table`` and ``stock`` as given and every other card in a
    pile: that of side ``rest_to`` (the last side unless given), the other
    piles empty, unless ``piles`` are given.  Whoever captured last is,
    unless ``last_capturer`` is given, the first seat of a side whose pile
    holds a card (no one while every pile is empty).  The other options
    (``sweeps``, ``scores``, ``current_player``, ``dealer``, ``seed``) go
    to ``from_position`` as they are.

    >>> state = position(sr.Ruleset.scopa(), ["7D", "KS"], "3C 4C")
    >>> [len(pile) for pile in state.piles], state.last_capturer
    ([0, 36], 1)
    >>> state = position(sr.Ruleset.scopa(), ["7D", "KS"], "3C 4C", rest_to=0)
    >>> [len(pile) for pile in state.piles], state.last_capturer
    ([36, 0], 0)
    """
    if piles is None:
        named = sr.CardSet(" ".join([*hands, table, stock]))
        side = rules.sides - 1 if rest_to is None else rest_to
        piles = [sr.CardSet()] * rules.sides
        piles[side] = sr.ALL_CARDS - named
    pile_sets = [sr.CardSet(pile) for pile in piles]
    if last_capturer is None:
        last_capturer = next(
            (seat for seat in range(rules.players) if pile_sets[rules.side_of(seat)]),
            None,
        )
    return sr.GameState.from_position(
        rules,
        hands=list(hands),
        table=table,
        stock=stock,
        piles=pile_sets,
        last_capturer=last_capturer,
        **options,
    )
