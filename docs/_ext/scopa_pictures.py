"""A Sphinx extension that draws the documentation's pictures with
:mod:`scopa_rules.svg` on every build, so that they cannot drift from the
library: the worked capture examples, the seating plans, the phases of a
hand, and the pictures of "Scopa in two minutes" (the deck, a first turn,
the piles of a hand and what they score).  The files go to ``docs/_generated/pictures/`` (not committed); the
pages show them with ``.. figure:: /_generated/pictures/NAME.svg``.

Each worked example is checked against the library before it is drawn: a
move that its ruleset does not allow fails the build.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import scopa_rules as sr
from scopa_rules import svg

# name: (ruleset, table, move)
WORKED_EXAMPLES: dict[str, tuple[sr.Ruleset, str, str]] = {
    # RULES.md section 2, seed 000: a 5 must take the single 5, not 2+3 ...
    "seed000-five": (sr.Ruleset.scopa(), "2S 5H 3C JD", "5Cx5H"),
    # ... a jack takes the jack ...
    "seed000-jack": (sr.Ruleset.scopa(), "2S 5H 3C JD", "JCxJD"),
    # ... and a king, with no single 10 on the table, takes a sum.
    "seed000-king": (sr.Ruleset.scopa(), "2S 5H 3C JD", "KCx2S5H3C"),
    "sum-capture": (sr.Ruleset.scopa(), "2S 4H QC", "6Dx2S4H"),
    "sweep": (sr.Ruleset.scopa(), "3S 4C", "7Hx3S4C"),
    "ace-takes-all": (
        sr.Ruleset.scopa(ace_takes_all=True),
        "2S 5H 3C JD",
        "ACx2S5H3CJD",
    ),
    "fifteen": (sr.Ruleset.escoba(), "5S 3C 4D JH", "7Hx5S3C"),
}


def _checked(rules: sr.Ruleset, table: str, move_text: str) -> sr.Move:
    move = sr.Move.parse(move_text)
    allowed = sr.capture_options(rules, sr.CardSet(table), move.card)
    if move.captured not in allowed:
        raise ValueError(
            f"worked example {move_text} on {table} is not legal: "
            f"{move.card} may take {[str(cards) for cards in allowed]}"
        )
    return move


def _side_by_side(pictures: list[tuple[str, str]], gap: float = 20) -> str:
    """Several SVG documents in a row, each with a caption under it."""
    parts: list[str] = []
    x = 0.0
    height = 0.0
    for picture, caption in pictures:
        width = float(picture.split('width="', 1)[1].split('"', 1)[0])
        tall = float(picture.split('height="', 1)[1].split('"', 1)[0])
        inner = picture.replace("<svg ", f'<svg x="{x:g}" y="0" ', 1)
        parts.append(inner)
        parts.append(
            f'<text x="{x + width / 2:g}" y="{tall + 18:g}" font-family="sans-serif" '
            f'font-size="15" text-anchor="middle" fill="#222222">{escape(caption)}</text>'
        )
        x += width + gap
        height = max(height, tall + 28)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{x - gap:g}" '
        f'height="{height:g}" viewBox="0 0 {x - gap:g} {height:g}">'
        + "".join(parts)
        + "</svg>"
    )


# -- the phases of a hand ------------------------------------------------------

_BOXES = {
    # name: (x, y, text lines)
    "deal": (10, 60, ["deal", "hands and table"]),
    "first": (170, 60, ["first card", "keep or table", "(Chkobba)"]),
    "play": (330, 60, ["play", "seat after seat,", "one card each"]),
    "end": (490, 60, ["end of hand", "leftover to the", "last capturer"]),
    "score": (650, 60, ["scoring", "cards, coins, 7D,", "primiera, sweeps"]),
    "over": (810, 60, ["game over", "a side leads at", "the target"]),
    "refill": (330, 200, ["refill", "3 more cards", "each, no table"]),
}


def _phases() -> str:
    width, height = 130, 74
    parts = [
        '<defs><marker id="arrowhead" markerWidth="10" markerHeight="8" refX="9" '
        'refY="4" orient="auto"><path d="M0 0L10 4L0 8Z" fill="#444444"/></marker></defs>'
    ]

    def box(name: str, fill: str) -> None:
        x, y, lines = _BOXES[name]
        parts.append(
            f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="10" '
            f'fill="{fill}" stroke="#444444" stroke-width="1.5"/>'
        )
        for index, line in enumerate(lines):
            weight = "bold" if index == 0 else "normal"
            parts.append(
                f'<text x="{x + width / 2}" y="{y + 22 + index * 17}" font-family="sans-serif" '
                f'font-size="{15 if index == 0 else 12}" font-weight="{weight}" '
                f'text-anchor="middle" fill="#222222">{escape(line)}</text>'
            )

    def arrow(path: str, label: str = "", lx: float = 0, ly: float = 0) -> None:
        parts.append(
            f'<path d="{path}" fill="none" stroke="#444444" stroke-width="1.8" '
            'marker-end="url(#arrowhead)"/>'
        )
        if label:
            parts.append(
                f'<text x="{lx}" y="{ly}" font-family="sans-serif" font-size="12" '
                f'text-anchor="middle" fill="#444444">{escape(label)}</text>'
            )

    for name, fill in [
        ("deal", "#dbe8f7"),
        ("first", "#f4ecd8"),
        ("play", "#d9efdf"),
        ("end", "#f4ecd8"),
        ("score", "#f7dede"),
        ("over", "#e6e0f0"),
        ("refill", "#d9efdf"),
    ]:
        box(name, fill)
    mid = 60 + height / 2
    arrow(f"M140 {mid}H168")
    arrow(f"M300 {mid}H328")
    arrow(f"M460 {mid}H488")
    arrow(f"M620 {mid}H648")
    arrow(f"M780 {mid}H808")
    # Chkobba's decision is skipped by the other games.
    arrow("M75 60V40H395V58", "other games: straight to play", 235, 34)
    arrow(f"M375 {60 + height}V198", "hands empty,", 300, 165)
    parts.append(
        '<text x="300" y="180" font-family="sans-serif" font-size="12" '
        'text-anchor="middle" fill="#444444">stock left</text>'
    )
    arrow("M415 200V136")
    arrow(
        f"M715 {60 + height}V300H75V136",
        "no side has won: the deal passes to the next seat",
        395,
        294,
    )
    parts.append(
        '<text x="845" y="160" font-family="sans-serif" font-size="12" '
        'text-anchor="middle" fill="#444444">(or cappotto)</text>'
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="950" height="310" '
        'viewBox="0 0 950 310">' + "".join(parts) + "</svg>"
    )


def _stacked(pictures: list[tuple[str, str]], gap: float = 8) -> str:
    """Several SVG documents one under another, each with a caption on its
    left."""
    label_width = 110.0
    parts: list[str] = []
    y = 0.0
    width = 0.0
    for picture, caption in pictures:
        wide = float(picture.split('width="', 1)[1].split('"', 1)[0])
        tall = float(picture.split('height="', 1)[1].split('"', 1)[0])
        parts.append(
            f'<text x="{label_width - 10:g}" y="{y + tall / 2 + 5:g}" '
            'font-family="sans-serif" font-size="15" text-anchor="end" '
            f'fill="#222222">{escape(caption)}</text>'
        )
        parts.append(
            picture.replace("<svg ", f'<svg x="{label_width:g}" y="{y:g}" ', 1)
        )
        y += tall + gap
        width = max(width, label_width + wide)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" '
        f'height="{y - gap:g}" viewBox="0 0 {width:g} {y - gap:g}">'
        + "".join(parts)
        + "</svg>"
    )


_SUIT_NAMES = {
    sr.Suit.DENARI: "coins (D)",
    sr.Suit.COPPE: "cups (H)",
    sr.Suit.SPADE: "swords (S)",
    sr.Suit.BASTONI: "clubs (C)",
}

# The game of "Scopa in two minutes": its first turn, and its first hand.
INTRO_SEED = 2024


def _first_hand() -> tuple[sr.GameState, sr.HandResult]:
    """The first hand of the seeded game, played with the first legal move
    each turn (as the page's doctest plays it)."""
    state = sr.new_game(sr.Ruleset.scopa(), seed=INTRO_SEED)
    while not state.hand_results:
        state = state.apply(state.legal_moves()[0])
    return state, state.hand_results[0]


def intro_pictures() -> dict[str, str]:
    """The pictures of "Scopa in two minutes"."""
    drawn: dict[str, str] = {}
    drawn["intro-deck"] = _stacked(
        [
            (svg.cards(sr.ALL_CARDS.of_suit(suit), size=44), name)
            for suit, name in _SUIT_NAMES.items()
        ]
    )
    start = sr.new_game(sr.Ruleset.scopa(), seed=INTRO_SEED)
    drawn["intro-turn"] = svg.state(start, move="JHx5HAC2C", size=48)
    _, result = _first_hand()
    drawn["intro-piles"] = _stacked(
        [(svg.cards(result.piles[side], size=30), f"side {side}") for side in range(2)]
    )
    return drawn


def pictures() -> dict[str, str]:
    """Every picture of the docs, by file name (without ``.svg``)."""
    drawn: dict[str, str] = {}
    for name, (rules, table, move_text) in WORKED_EXAMPLES.items():
        move = _checked(rules, table, move_text)
        drawn[name] = svg.move(move, table, size=56)
    drawn["seed000"] = _side_by_side(
        [
            (drawn.pop("seed000-five"), "5C must take 5H, not 2S+3C"),
            (drawn.pop("seed000-jack"), "JC takes JD"),
        ]
    )
    drawn["seating"] = _side_by_side(
        [
            (
                svg.seating(sr.Ruleset.scopa(players=n), dealer=n - 1, size=40),
                f"{n} players",
            )
            for n in (2, 3, 4, 6)
        ]
    )
    drawn["phases"] = _phases()
    drawn.update(intro_pictures())
    return drawn


def _write(app: Any) -> None:
    folder = Path(app.srcdir) / "_generated" / "pictures"
    folder.mkdir(parents=True, exist_ok=True)
    for name, picture in pictures().items():
        path = folder / f"{name}.svg"
        if not path.exists() or path.read_text(encoding="utf-8") != picture:
            path.write_text(picture, encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", _write)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
