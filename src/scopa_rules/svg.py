"""Pictures of cards, tables and whole games as standalone SVG text.

The model is python-chess's ``chess.svg``: functions that read the library's
values and return an SVG document as a string, ready for a web page, a file
or a notebook (cards, sets of cards, states and views show themselves in
Jupyter through ``_repr_svg_``).  The suit signs and the court cards are
simple shapes drawn here, in two styles: ``"italian"`` (coins, cups, swords
and batons) and ``"french"`` (diamonds, hearts, spades and clubs).  The rank
letters are those of the card notation.

>>> import scopa_rules as sr
>>> from scopa_rules import svg
>>> picture = svg.card(sr.Card.parse("7D"))
>>> picture.startswith("<svg") and picture.endswith("</svg>")
True
>>> svg.card("7D") == picture
True

The pictures take the same keyword arguments: ``size`` (a card's width in
pixels, 8 to 1000; a card is half as tall again), ``style`` (one of
:data:`STYLES`; a seating plan has no cards and no style) and ``colors`` (a
mapping that replaces some of :data:`COLORS`).  A ``move`` marks its played
card and the cards it captures wherever they are drawn.  The same input
always gives the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from xml.sax.saxutils import escape

from .cards import Card, CardSet, Rank, Suit
from .errors import ScopaError, shown
from .moves import Move
from .rules import Ruleset, preset_title
from .state import GameState
from .views import PlayerView

__all__ = [
    "COLORS",
    "STYLES",
    "card",
    "cards",
    "hand",
    "move",
    "seating",
    "state",
    "table",
    "view",
]

STYLES = ("italian", "french")
"""The suit styles: Italian suit signs (coins, cups, swords, batons) or
French ones (diamonds, hearts, spades, clubs)."""

COLORS: Mapping[str, str] = {
    "face": "#fffdf6",
    "edge": "#4a4a4a",
    "back": "#28508f",
    "felt": "#2f7a4d",
    "text": "#222222",
    "played": "#f0a020",
    "captured": "#e0452c",
    "italian D": "#c99a06",
    "italian H": "#c0392b",
    "italian S": "#2a5599",
    "italian C": "#3d7a34",
    "french D": "#cc2222",
    "french H": "#cc2222",
    "french S": "#1b1b1b",
    "french C": "#1b1b1b",
    "side 0": "#2a6fdb",
    "side 1": "#d1495b",
    "side 2": "#d99a1e",
    "side 3": "#6a4c93",
    "side 4": "#1b998b",
    "side 5": "#8a5a44",
}
"""The default colours, by name: a card's ``face``, ``edge`` and ``back``,
the table's ``felt``, the ``text``, the marks of a move's ``played`` and
``captured`` cards, each suit in each style (``"italian D"`` … ``"french C"``,
by the suit's letter) and each side on a seating plan (``"side 0"`` …).
Any of them can be replaced through the ``colors`` keyword argument:

>>> from scopa_rules import svg
>>> "#000080" in svg.card("KS", colors={"italian S": "#000080"})
True
"""

_RATIO = 1.5


def _num(value: float) -> str:
    """A coordinate written the same way on every platform."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


class _Options:
    """The checked keyword arguments shared by every picture."""

    __slots__ = ("colors", "size", "style")

    def __init__(self, size: float, style: str, colors: Mapping[str, str] | None):
        if (
            not isinstance(size, (int, float))
            or isinstance(size, bool)
            or not 8 <= size <= 1000
        ):
            raise ScopaError(
                f"size must be a number of pixels from 8 to 1000, not {shown(size)}"
            )
        if style not in STYLES:
            raise ScopaError(f"style must be 'italian' or 'french', not {shown(style)}")
        merged = dict(COLORS)
        for name, value in (colors or {}).items():
            if name not in COLORS:
                raise ScopaError(
                    f"unknown colour {shown(name)}: the colours are "
                    + ", ".join(repr(key) for key in COLORS)
                )
            if not isinstance(value, str) or not value or '"' in value or "<" in value:
                raise ScopaError(
                    f"colour {name!r} must be a CSS colour, not {shown(value)}"
                )
            merged[name] = value
        self.size = float(size)
        self.style = style
        self.colors = merged

    @property
    def height(self) -> float:
        return self.size * _RATIO

    @property
    def gap(self) -> float:
        return self.size * 0.14

    def suit_color(self, suit: Suit) -> str:
        return self.colors[f"{self.style} {suit.letter}"]


def _document(width: float, height: float, body: Sequence[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" '
        f'height="{_num(height)}" viewBox="0 0 {_num(width)} {_num(height)}">'
        + "".join(body)
        + "</svg>"
    )


def _text(
    x: float,
    y: float,
    text: str,
    size: float,
    color: str,
    *,
    anchor: str = "start",
    weight: str = "normal",
) -> str:
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-family="sans-serif" '
        f'font-size="{_num(size)}" font-weight="{weight}" fill="{color}" '
        f'text-anchor="{anchor}">{escape(text)}</text>'
    )


# -- suit signs and court cards, drawn in a unit square ------------------------------

# Each sign is a list of SVG elements in a 1 x 1 box; "#" stands for the
# suit's colour and "~" for the card's face colour.
_SIGNS: dict[tuple[str, Suit], tuple[str, ...]] = {
    ("french", Suit.DENARI): ('<path d="M.5 0L.86 .5L.5 1L.14 .5Z" fill="#"/>',),
    ("french", Suit.COPPE): (
        '<path d="M.5 .95C.2 .7 0 .52 0 .3C0 .12 .14 .02 .28 .02C.4 .02 .47 .1 .5 .2'
        'C.53 .1 .6 .02 .72 .02C.86 .02 1 .12 1 .3C1 .52 .8 .7 .5 .95Z" fill="#"/>',
    ),
    ("french", Suit.SPADE): (
        '<path d="M.5 0C.2 .3 0 .45 0 .62C0 .78 .14 .86 .27 .86C.37 .86 .44 .8 .47 .74'
        "C.46 .84 .42 .93 .33 1H.67C.58 .93 .54 .84 .53 .74C.56 .8 .63 .86 .73 .86"
        'C.86 .86 1 .78 1 .62C1 .45 .8 .3 .5 0Z" fill="#"/>',
    ),
    ("french", Suit.BASTONI): (
        '<circle cx=".5" cy=".26" r=".23" fill="#"/>',
        '<circle cx=".25" cy=".58" r=".23" fill="#"/>',
        '<circle cx=".75" cy=".58" r=".23" fill="#"/>',
        '<path d="M.46 .5H.54L.64 1H.36Z" fill="#"/>',
    ),
    ("italian", Suit.DENARI): (
        '<circle cx=".5" cy=".5" r=".46" fill="#" stroke="#6b5200" stroke-width=".05"/>',
        '<circle cx=".5" cy=".5" r=".28" fill="none" stroke="~" stroke-width=".06"/>',
        '<circle cx=".5" cy=".5" r=".09" fill="~"/>',
    ),
    ("italian", Suit.COPPE): (
        '<path d="M.12 .06H.88C.88 .42 .7 .56 .57 .6V.8C.57 .86 .7 .88 .78 .92V1H.22'
        'V.92C.3 .88 .43 .86 .43 .8V.6C.3 .56 .12 .42 .12 .06Z" fill="#"/>',
        '<path d="M.2 .16H.8" stroke="~" stroke-width=".05"/>',
    ),
    ("italian", Suit.SPADE): (
        '<path d="M.5 0L.59 .14V.7H.41V.14Z" fill="#"/>',
        '<path d="M.18 .7H.82V.78H.18Z" fill="#"/>',
        '<path d="M.45 .78H.55V.92H.45Z" fill="#"/>',
        '<circle cx=".5" cy=".95" r=".05" fill="#"/>',
    ),
    ("italian", Suit.BASTONI): (
        '<path d="M.43 1L.32 .14C.32 .05 .41 0 .5 0C.59 0 .68 .05 .68 .14L.57 1Z" fill="#"/>',
        '<circle cx=".4" cy=".38" r=".05" fill="~"/>',
        '<circle cx=".6" cy=".62" r=".05" fill="~"/>',
    ),
}

# Court cards: a figure (head and robe) and what it wears on its head.
_HEADWEAR = {
    Rank.JACK: '<path d="M.36 .2C.36 .08 .64 .08 .64 .2Z" fill="#"/>',
    Rank.QUEEN: (
        '<path d="M.38 .2L.4 .09L.5 .15L.6 .09L.62 .2Z" fill="#"/>'
        '<circle cx=".5" cy=".07" r=".03" fill="#"/>'
    ),
    Rank.KING: '<path d="M.35 .2L.35 .05L.43 .12L.5 .02L.57 .12L.65 .05L.65 .2Z" fill="#"/>',
}
_FIGURE = (
    '<circle cx=".5" cy=".3" r=".1" fill="none" stroke="#" stroke-width=".03"/>'
    '<path d="M.5 .42C.3 .42 .24 .6 .22 1H.78C.76 .6 .7 .42 .5 .42Z" fill="#" '
    'fill-opacity=".25" stroke="#" stroke-width=".03"/>'
)

# Where the signs of the number cards go: (x, y) as fractions of the card.
_L, _M, _R = 0.37, 0.5, 0.63
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_M, 0.3), (_M, 0.7)),
    3: ((_M, 0.27), (_M, 0.5), (_M, 0.73)),
    4: ((_L, 0.3), (_R, 0.3), (_L, 0.7), (_R, 0.7)),
    5: ((_L, 0.3), (_R, 0.3), (_M, 0.5), (_L, 0.7), (_R, 0.7)),
    6: ((_L, 0.27), (_R, 0.27), (_L, 0.5), (_R, 0.5), (_L, 0.73), (_R, 0.73)),
    7: (
        (_L, 0.27),
        (_R, 0.27),
        (_M, 0.385),
        (_L, 0.5),
        (_R, 0.5),
        (_L, 0.73),
        (_R, 0.73),
    ),
}


def _sign(
    options: _Options, suit: Suit, x: float, y: float, width: float, shapes: str = ""
) -> str:
    """A suit sign ``width`` wide centred on ``(x, y)``."""
    parts = shapes or "".join(_SIGNS[options.style, suit])
    color = options.suit_color(suit)
    parts = parts.replace('"#"', f'"{color}"').replace(
        '"~"', f'"{options.colors["face"]}"'
    )
    return (
        f'<g transform="translate({_num(x - width / 2)} {_num(y - width / 2)}) '
        f'scale({_num(width)})">{parts}</g>'
    )


def _face(options: _Options, card: Card) -> list[str]:
    """A face-up card's face, its top left corner at the origin."""
    w, h = options.size, options.height
    color = options.suit_color(card.suit)
    parts = [
        f'<rect x="0" y="0" width="{_num(w)}" height="{_num(h)}" rx="{_num(w * 0.08)}" '
        f'fill="{options.colors["face"]}" stroke="{options.colors["edge"]}" '
        f'stroke-width="{_num(max(1.0, w / 60))}"/>',
        _text(
            w * 0.13,
            h * 0.17,
            card.rank.letter,
            w * 0.22,
            color,
            anchor="middle",
            weight="bold",
        ),
        _sign(options, card.suit, w * 0.13, h * 0.25, w * 0.14),
        f'<g transform="rotate(180 {_num(w / 2)} {_num(h / 2)})">'
        + _text(
            w * 0.13,
            h * 0.17,
            card.rank.letter,
            w * 0.22,
            color,
            anchor="middle",
            weight="bold",
        )
        + _sign(options, card.suit, w * 0.13, h * 0.25, w * 0.14)
        + "</g>",
    ]
    if card.rank is Rank.ACE:
        parts.append(_sign(options, card.suit, w / 2, h / 2, w * 0.5))
    elif card.rank in _HEADWEAR:
        box = w * 0.7
        parts.append(
            _sign(options, card.suit, w / 2, h / 2, box, _FIGURE + _HEADWEAR[card.rank])
        )
        parts.append(_sign(options, card.suit, w / 2, h * 0.6, w * 0.18))
    else:
        parts.extend(
            _sign(options, card.suit, w * px, h * py, w * 0.2)
            for px, py in _PIPS[card.rank]
        )
    return parts


def _back(options: _Options) -> list[str]:
    w, h = options.size, options.height
    back = options.colors["back"]
    face = options.colors["face"]
    return [
        f'<rect x="0" y="0" width="{_num(w)}" height="{_num(h)}" rx="{_num(w * 0.08)}" '
        f'fill="{back}" stroke="{options.colors["edge"]}" stroke-width="{_num(max(1.0, w / 60))}"/>',
        f'<rect x="{_num(w * 0.1)}" y="{_num(w * 0.1)}" width="{_num(w * 0.8)}" '
        f'height="{_num(h - w * 0.2)}" rx="{_num(w * 0.05)}" fill="none" stroke="{face}" '
        f'stroke-width="{_num(w / 40)}"/>',
        f'<path d="M{_num(w / 2)} {_num(h * 0.25)}L{_num(w * 0.75)} {_num(h / 2)}'
        f'L{_num(w / 2)} {_num(h * 0.75)}L{_num(w * 0.25)} {_num(h / 2)}Z" '
        f'fill="none" stroke="{face}" stroke-width="{_num(w / 40)}"/>',
    ]


def _mark_of(card: Card | None, move: Move | None) -> str | None:
    if move is None or card is None:
        return None
    if card is move.card:
        return "played"
    return "captured" if card in move.captured else None


def _place_card(
    options: _Options, card: Card | None, x: float, y: float, move: Move | None
) -> str:
    """A card (``None``: face down) with its top left corner at ``(x, y)``,
    ringed in the move's colour when the move plays or captures it."""
    parts = _back(options) if card is None else _face(options, card)
    mark = _mark_of(card, move)
    if mark is not None:
        w = options.size
        ring = w * 0.05
        parts.append(
            f'<rect x="{_num(-ring)}" y="{_num(-ring)}" width="{_num(w + 2 * ring)}" '
            f'height="{_num(options.height + 2 * ring)}" rx="{_num(w * 0.1)}" fill="none" '
            f'stroke="{options.colors[mark]}" stroke-width="{_num(ring * 1.4)}"/>'
        )
    return f'<g transform="translate({_num(x)} {_num(y)})">' + "".join(parts) + "</g>"


def _row(
    options: _Options,
    shown_cards: Sequence[Card | None],
    x: float,
    y: float,
    move: Move | None,
) -> list[str]:
    step = options.size + options.gap
    return [
        _place_card(options, c, x + i * step, y, move)
        for i, c in enumerate(shown_cards)
    ]


def _empty_slot(options: _Options, x: float, y: float) -> list[str]:
    """Where a card would be, dashed, saying "no cards": an empty row is
    seen, not a blank."""
    return [
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(options.size)}" '
        f'height="{_num(options.height)}" rx="{_num(options.size / 12)}" '
        f'fill="none" stroke="{options.colors["edge"]}" '
        f'stroke-width="{_num(options.size / 40)}" '
        f'stroke-dasharray="{_num(options.size / 15)}"/>',
        _text(
            x + options.size / 2,
            y + options.height / 2 + options.size / 20,
            "no cards",
            options.size / 6,
            options.colors["text"],
            anchor="middle",
        ),
    ]


def _row_width(options: _Options, count: int) -> float:
    return max(count, 1) * (options.size + options.gap) - options.gap


def _to_card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


def _card_list(value: CardSet | str | Iterable[Card | str]) -> list[Card]:
    if isinstance(value, str):
        return list(CardSet(value))
    return [_to_card(c) for c in value]


def _to_move(value: Move | str | None) -> Move | None:
    if value is None or isinstance(value, Move):
        return value
    return Move.parse(value)


# -- the public pictures ----------------------------------------------------------


def card(
    card: Card | str,
    *,
    face_down: bool = False,
    move: Move | str | None = None,
    size: float = 60,
    style: str = "italian",
    colors: Mapping[str, str] | None = None,
) -> str:
    """One card, face up (or its back, with ``face_down``).

    >>> from scopa_rules import svg
    >>> picture = svg.card("QH", style="french", size=40)
    >>> picture[:83]
    '<svg xmlns="http://www.w3.org/2000/svg" width="44" height="64" viewBox="0 0 44 64">'
    >>> svg.card("7D", face_down=True) == svg.card("AS", face_down=True)
    True
    """
    options = _Options(size, style, colors)
    the_card = _to_card(card)
    margin = options.size * 0.05
    body = [
        _place_card(
            options, None if face_down else the_card, margin, margin, _to_move(move)
        )
    ]
    return _document(options.size + 2 * margin, options.height + 2 * margin, body)


def cards(
    cards: CardSet | str | Iterable[Card | str] = (),
    *,
    hidden: int = 0,
    move: Move | str | None = None,
    size: float = 60,
    style: str = "italian",
    colors: Mapping[str, str] | None = None,
) -> str:
    """A row of cards (a hand, a pile, a set) in the order given, then
    ``hidden`` cards face down.  Card text is read as a :class:`CardSet`,
    in the library's order.

    >>> from scopa_rules import svg
    >>> picture = svg.cards("7D 3C KS", move="KSx7D3C")
    >>> picture.count('stroke="#f0a020"'), picture.count('stroke="#e0452c"')
    (1, 2)

    No cards draw an empty, dashed place saying so, not a blank picture:

    >>> "no cards" in svg.cards(""), "stroke-dasharray" in svg.cards("")
    (True, True)
    """
    options = _Options(size, style, colors)
    if not isinstance(hidden, int) or isinstance(hidden, bool) or not 0 <= hidden <= 40:
        raise ScopaError(
            f"hidden must be a number of cards from 0 to 40, not {shown(hidden)}"
        )
    shown_cards: list[Card | None] = [*_card_list(cards), *[None] * hidden]
    margin = options.size * 0.1
    body = _row(options, shown_cards, margin, margin, _to_move(move))
    if not shown_cards:
        body = _empty_slot(options, margin, margin)
    return _document(
        _row_width(options, len(shown_cards)) + 2 * margin,
        options.height + 2 * margin,
        body,
    )


def _felt(
    options: _Options,
    table_cards: Sequence[Card],
    x: float,
    y: float,
    columns: int,
    move: Move | None,
) -> tuple[list[str], float]:
    """The table's cards on felt, ``columns`` to a row; the parts and the
    felt's height."""
    pad = options.size * 0.2
    rows = max(1, -(-len(table_cards) // columns))
    width = _row_width(options, columns) + 2 * pad
    height = rows * (options.height + options.gap) - options.gap + 2 * pad
    parts = [
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(width)}" height="{_num(height)}" '
        f'rx="{_num(pad)}" fill="{options.colors["felt"]}"/>'
    ]
    for index in range(0, len(table_cards), columns):
        top = y + pad + (index // columns) * (options.height + options.gap)
        parts += _row(options, table_cards[index : index + columns], x + pad, top, move)
    return parts, height


def table(
    source: GameState | PlayerView | CardSet | str | Iterable[Card | str],
    *,
    move: Move | str | None = None,
    size: float = 60,
    style: str = "italian",
    colors: Mapping[str, str] | None = None,
) -> str:
    """The cards on the table, on felt: of a state, a view, or the cards
    given.

    >>> import scopa_rules as sr
    >>> from scopa_rules import svg
    >>> state = sr.new_game(seed=7)
    >>> svg.table(state) == svg.table(state.table) == svg.table("2D 7H 2C QC")
    True
    """
    options = _Options(size, style, colors)
    table_cards = _card_list(_table_of(source))
    columns = min(max(len(table_cards), 1), 10)
    parts, height = _felt(options, table_cards, 0, 0, columns, _to_move(move))
    return _document(_row_width(options, columns) + options.size * 0.4, height, parts)


def _table_of(
    source: GameState | PlayerView | CardSet | str | Iterable[Card | str],
) -> CardSet | str | Iterable[Card | str]:
    if isinstance(source, (GameState, PlayerView)):
        return source.table
    return source


def move(
    move: Move | str,
    table: CardSet | str | Iterable[Card | str],
    *,
    size: float = 60,
    style: str = "italian",
    colors: Mapping[str, str] | None = None,
) -> str:
    """A move as a picture: the played card, then the table it is played
    onto, the played card and the captured cards ringed.

    >>> from scopa_rules import svg
    >>> picture = svg.move("5Hx2S3C", "2S 3C 6H")
    >>> picture.count('stroke="#f0a020"'), picture.count('stroke="#e0452c"')
    (1, 2)
    """
    options = _Options(size, style, colors)
    the_move = move if isinstance(move, Move) else Move.parse(move)
    table_cards = _card_list(table)
    margin = options.size * 0.1
    columns = min(max(len(table_cards), 1), 10)
    played = _place_card(
        options, the_move.card, margin, margin + options.size * 0.2, the_move
    )
    arrow_x = margin + options.size * 1.15
    arrow_y = margin + options.size * 0.2 + options.height / 2
    arrow = (
        f'<path d="M{_num(arrow_x)} {_num(arrow_y)}h{_num(options.size * 0.4)}'
        f"m{_num(-options.size * 0.14)} {_num(-options.size * 0.1)}"
        f"l{_num(options.size * 0.14)} {_num(options.size * 0.1)}"
        f'l{_num(-options.size * 0.14)} {_num(options.size * 0.1)}" fill="none" '
        f'stroke="{options.colors["text"]}" stroke-width="{_num(options.size / 25)}"/>'
    )
    felt_x = arrow_x + options.size * 0.65
    felt, height = _felt(options, table_cards, felt_x, margin, columns, the_move)
    width = felt_x + _row_width(options, columns) + options.size * 0.4 + margin
    return _document(
        width,
        max(height, options.height + options.size * 0.4) + 2 * margin,
        [played, arrow, *felt],
    )


# -- whole games ---------------------------------------------------------------------


def _game(
    options: _Options,
    source: GameState | PlayerView,
    *,
    hands: Sequence[Sequence[Card | None]],
    bottom: int,
    stock_size: int,
    viewer: int | None,
    move: Move | None,
) -> str:
    """The layout shared by states and views: the other seats above the
    table, in playing order, and ``bottom``'s seat below it.  What states
    and views have alike is read from ``source``; the hands (cards, or a
    ``None`` for a card face down) and the stock are given."""
    rules, table_cards = source.rules, source.table
    dealer, to_move, first_card = (
        source.dealer,
        source.current_player,
        source.first_card,
    )
    heading = f"{preset_title(rules)}, hand {source.hand_number + 1}"
    if source.winner is not None:
        heading += f", side {source.winner} wins"
    elif to_move is None:
        heading += ", waiting for the next deck"
    if viewer is not None:
        heading += f" (view of seat {viewer})"
    w = options.size
    margin = w * 0.3
    line = w * 0.34
    font = w * 0.22
    color = options.colors["text"]
    players = rules.players
    sizes = [len(h) for h in hands]
    columns = max(4, min(len(table_cards), 10), *sizes)
    width = 2 * margin + _row_width(options, columns) + w * 0.4
    parts: list[str] = [
        _text(margin, margin + font, heading, font * 1.1, color, weight="bold")
    ]
    y = margin + line * 1.3

    def seat_row(seat: int, y: float) -> float:
        held = hands[seat]
        notes = [f"seat {seat}"]
        if rules.sides != players:
            notes.append(f"side {rules.side_of(seat)}")
        if seat == dealer:
            notes.append("dealer")
        if seat == to_move:
            notes.append("to move")
        weight = "bold" if seat == to_move else "normal"
        parts.append(
            _text(margin, y + font, " · ".join(notes), font, color, weight=weight)
        )
        y += line
        parts.extend(_row(options, held, margin + w * 0.2, y, move))
        return y + options.height + line * 0.6

    order = [(bottom + k) % players for k in range(1, players)]
    for seat in order:
        y = seat_row(seat, y)
    notes = f"table · stock {stock_size} cards"
    if first_card is not None:
        notes += " · first card"
    parts.append(_text(margin, y + font, notes, font, color))
    y += line
    table_list = list(table_cards)
    felt, height = _felt(options, table_list, margin, y, columns, move)
    parts.extend(felt)
    if first_card is not None:
        parts.append(
            _place_card(
                options, first_card, width - margin - w * 1.2, y + w * 0.2, move
            )
        )
    y += height + line * 0.6
    y = seat_row(bottom, y)
    for side, (pile, swept, score) in enumerate(
        zip(source.piles, source.sweeps, source.scores, strict=True)
    ):
        who = f"side {side}"
        if rules.sides != players:
            who += " (seats " + ", ".join(map(str, rules.seats_of(side))) + ")"
        parts.append(
            _text(
                margin,
                y + font,
                f"{who}: score {score}, pile {len(pile)}, sweeps {swept}",
                font,
                color,
            )
        )
        y += line
    return _document(width, y + margin - line * 0.4, parts)


def state(
    state: GameState,
    *,
    move: Move | str | None = None,
    size: float = 60,
    style: str = "italian",
    colors: Mapping[str, str] | None = None,
) -> str:
    """A whole state: every hand face up, the table, the stock, each side's
    score, pile and sweeps.  Seat 0 sits below the table.

    >>> import scopa_rules as sr
    >>> from scopa_rules import svg
    >>> state = sr.new_game(seed=7)
    >>> picture = svg.state(state, move=state.legal_moves()[0])
    >>> "seat 0 · to move" in picture, picture.count('stroke="#f0a020"')
    (True, 1)
    """
    options = _Options(size, style, colors)
    return _game(
        options,
        state,
        hands=[list(held) for held in state.hands],
        bottom=0,
        stock_size=len(state.stock),
        viewer=None,
        move=_to_move(move),
    )


def view(
    view: PlayerView,
    *,
    move: Move | str | None = None,
    size: float = 60,
    style: str = "italian",
    colors: Mapping[str, str] | None = None,
) -> str:
    """What one seat sees: its own hand face up below the table, the other
    hands face down (their declared cards, under ``declarations``, face up).

    >>> import scopa_rules as sr
    >>> from scopa_rules import svg
    >>> picture = svg.view(sr.new_game(seed=7).view(1))
    >>> "(view of seat 1)" in picture
    True
    """
    options = _Options(size, style, colors)
    hands = [_seen_hand(view, seat) for seat in range(view.rules.players)]
    return _game(
        options,
        view,
        hands=hands,
        bottom=view.seat,
        stock_size=view.stock_size,
        viewer=view.seat,
        move=_to_move(move),
    )


def _seen_hand(view: PlayerView, seat: int) -> list[Card | None]:
    """A seat's hand as ``view`` sees it: its own hand, or another seat's
    declared cards (known to all) and the rest face down (``None``)."""
    if seat == view.seat:
        return list(view.hand)
    known = list(view.declared[seat])
    return [*known, *[None] * (view.hand_sizes[seat] - len(known))]


def hand(
    source: GameState | PlayerView,
    seat: int,
    *,
    move: Move | str | None = None,
    size: float = 60,
    style: str = "italian",
    colors: Mapping[str, str] | None = None,
) -> str:
    """One seat's hand: face up from a state or from that seat's own view,
    face down from another seat's view (but for its declared cards, which
    every seat knows, under ``declarations``).

    >>> import scopa_rules as sr
    >>> from scopa_rules import svg
    >>> state = sr.new_game(seed=7)
    >>> svg.hand(state, 1) == svg.cards(state.hands[1])
    True
    >>> svg.hand(state.view(0), 1) == svg.cards(hidden=3)
    True
    """
    players = source.rules.players
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise ScopaError(f"seat must be 0 to {players - 1}, not {shown(seat)}")
    if isinstance(source, PlayerView):
        seen = _seen_hand(source, seat)
        held = CardSet([c for c in seen if c is not None])
        hidden = seen.count(None)
    else:
        held, hidden = source.hands[seat], 0
    return cards(held, hidden=hidden, move=move, size=size, style=style, colors=colors)


def seating(
    rules: Ruleset,
    *,
    dealer: int | None = None,
    size: float = 60,
    colors: Mapping[str, str] | None = None,
) -> str:
    """Where the seats sit: seat 0 at the bottom, the others round the table
    in playing order (counter-clockwise, as Italian tables play; the arrows
    show the order), each coloured by its side, partners joined by lines.
    With ``dealer``, the dealer and the seat that leads are named.

    >>> import scopa_rules as sr
    >>> from scopa_rules import svg
    >>> picture = svg.seating(sr.Ruleset.scopa(players=4), dealer=3)
    >>> picture.count("side 0"), "dealer" in picture, "leads" in picture
    (2, True, True)
    """
    options = _Options(size, "italian", colors)
    players = rules.players
    if dealer is not None and (
        not isinstance(dealer, int)
        or isinstance(dealer, bool)
        or not 0 <= dealer < players
    ):
        raise ScopaError(
            f"dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}"
        )
    w = options.size
    radius = w * 1.2
    disk = w * 0.34
    font = w * 0.28
    centre = radius + disk + w * 1.15
    color = options.colors["text"]

    def spot(seat: float, distance: float) -> tuple[float, float]:
        angle = math.pi / 2 - seat * 2 * math.pi / players
        return centre + distance * math.cos(angle), centre + distance * math.sin(angle)

    parts = [
        f'<circle cx="{_num(centre)}" cy="{_num(centre)}" r="{_num(radius * 0.62)}" '
        f'fill="{options.colors["felt"]}"/>',
        f'<circle cx="{_num(centre)}" cy="{_num(centre)}" r="{_num(radius)}" fill="none" '
        f'stroke="{color}" stroke-width="{_num(w / 60)}" stroke-dasharray="{_num(w / 15)}"/>',
    ]
    for seat in range(players):
        # An arrowhead half way to the next seat, pointing along the circle.
        x, y = spot(seat + 0.5, radius)
        angle = math.degrees(math.pi / 2 - (seat + 0.5) * 2 * math.pi / players) - 90
        parts.append(
            f'<path d="M{_num(w * 0.1)} 0L{_num(-w * 0.08)} {_num(-w * 0.08)}'
            f'L{_num(-w * 0.08)} {_num(w * 0.08)}Z" fill="{color}" '
            f'transform="translate({_num(x)} {_num(y)}) rotate({_num(angle)})"/>'
        )
    for side in range(rules.sides):
        seats = rules.seats_of(side)
        side_color = options.colors[f"side {side % 6}"]
        # A line between partners: one for two, a triangle for three.
        lines = len(seats) if len(seats) > 2 else len(seats) - 1
        for index in range(lines):
            first, second = seats[index], seats[(index + 1) % len(seats)]
            (x1, y1), (x2, y2) = spot(first, radius), spot(second, radius)
            parts.append(
                f'<path d="M{_num(x1)} {_num(y1)}L{_num(x2)} {_num(y2)}" '
                f'stroke="{side_color}" stroke-width="{_num(w / 20)}" '
                f'stroke-dasharray="{_num(w / 8)} {_num(w / 16)}"/>'
            )
    for seat in range(players):
        x, y = spot(seat, radius)
        side = rules.side_of(seat)
        parts.append(
            f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(disk)}" '
            f'fill="{options.colors[f"side {side % 6}"]}" stroke="{color}" '
            f'stroke-width="{_num(w / 40)}"/>'
        )
        parts.append(
            _text(
                x,
                y + font * 0.42,
                str(seat),
                font * 1.2,
                "#ffffff",
                anchor="middle",
                weight="bold",
            )
        )
        notes = [f"side {side}"]
        if seat == dealer:
            notes.append("dealer")
        elif dealer is not None and seat == (dealer + 1) % players:
            notes.append("leads")
        lx, ly = spot(seat, radius + disk + w * 0.55)
        for index, note in enumerate(notes):
            parts.append(
                _text(
                    lx,
                    ly + font * (index - (len(notes) - 2) / 2),
                    note,
                    font,
                    color,
                    anchor="middle",
                )
            )
    return _document(2 * centre, 2 * centre, parts)
