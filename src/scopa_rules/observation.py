"""Observation vectors: what one seat knows, as a flat list of numbers.

:func:`observe` turns a :class:`PlayerView` (and the move its seat to move
has begun to say in action ids, see :class:`ActionState`) into a tuple of
numbers whose length depends only on the ruleset
(:func:`observation_size`), for learning agents and the framework adapters,
which turn it into numpy arrays.  It reads nothing but the view, so it
cannot leak a card the seat may not see.

Seats and sides are counted from the viewer: block entry 0 is the viewer's
own seat (or side), entry 1 the next seat in playing order, and so on, so
that one policy serves every seat.  Card blocks have 40 entries in card order
(:attr:`Card.index`), 1 for a card in the place, 0 otherwise.  The blocks, in
order (``n`` seats, ``s`` sides):

=================  ==========  ===============================================
block              entries     meaning
=================  ==========  ===============================================
``hand``           40          the viewer's hand
``table``          40          the table
``piles``          40 per s    each side's captured cards this hand
``unseen``         40          the cards the viewer cannot see
``known``          40 per n-1  only under ``declarations``: each other seat's
                               declared cards it still holds (seats from the
                               viewer's next), known to every seat
``first_card``     40          Chkobba: the first card the viewer decides on
``played``         40          the card being played while its capture is open
``taken``          40          the table cards taken so far for it
``to_move``        n           one-hot: the seat to act
``dealer``         n           one-hot: the dealer
``last_capturer``  n           one-hot: the seat that captured last, if any
``hand_sizes``     n           how many cards each seat holds
``stock``          1           how many cards are left to deal
``sweeps``         s           each side's sweeps this hand
``scores``         s           each side's match score
``phase``          4           one-hot: first card, play, awaiting deal, over
``first_card_was`` 2           Chkobba: the first card was kept; was tabled
``rules``          14          one-hot capture mode (3), capture rule (3),
                               compulsion (3); ace takes all, first-card
                               choice, Chkobba values; hand size; target score
=================  ==========  ===============================================

:data:`OBSERVATION_VERSION` changes whenever the layout does: version 2
added the ``known`` block of Cirulla's declared hands (rulesets without
declarations have the same layout as in version 1).

>>> import scopa_rules as sr
>>> view = sr.new_game(seed=7).view(0)
>>> vector = sr.observe(view)
>>> len(vector) == sr.observation_size(view.rules) == 353
True
>>> start, size = sr.observation_layout(view.rules)["hand"]
>>> [sr.Card.from_index(i) for i in range(start, start + size) if vector[i]]
[Card.parse('3D'), Card.parse('KH'), Card.parse('5C')]
"""

from __future__ import annotations

from collections.abc import Sequence
from struct import Struct
from typing import Any

from .cards import EMPTY, Card, CardSet
from .errors import InvalidStateError, shown
from .rules import CaptureCompulsion, CaptureMode, CaptureRule, CaptureValues, Ruleset
from .state import GameState, Phase, field_reader
from .views import PlayerView, kept_first_card

__all__ = [
    "OBSERVATION_VERSION",
    "observation_bounds",
    "observation_layout",
    "observation_size",
    "observe",
]

OBSERVATION_VERSION = 2
"""The version of the observation layout; it changes whenever the layout does."""

_PHASES = (Phase.FIRST_CARD, Phase.PLAY, Phase.AWAITING_DEAL, Phase.OVER)
_MODES = tuple(CaptureMode)
_CAPTURE_RULES = tuple(CaptureRule)
_COMPULSIONS = tuple(CaptureCompulsion)
_RULE_ENTRIES = len(_MODES) + len(_CAPTURE_RULES) + len(_COMPULSIONS) + 5
# More than one hand can score: a point each for cards, coins, settebello and
# primiera, a sweep per play, and the napola, grande and re bello extras.
_MOST_HAND_POINTS = 60


def most_hand_points(rules: Ruleset) -> int:
    """More points than one hand can score under ``rules``: declarations add
    up to a decino (10) for every three cards dealt."""
    extra = 10 * rules.players * rules.deals_per_hand if rules.declarations else 0
    return _MOST_HAND_POINTS + extra


def _blocks(rules: Ruleset) -> tuple[tuple[str, int], ...]:
    n, s = rules.players, rules.sides
    return (
        ("hand", 40),
        ("table", 40),
        ("piles", 40 * s),
        ("unseen", 40),
        *((("known", 40 * (n - 1)),) if rules.declarations else ()),
        ("first_card", 40),
        ("played", 40),
        ("taken", 40),
        ("to_move", n),
        ("dealer", n),
        ("last_capturer", n),
        ("hand_sizes", n),
        ("stock", 1),
        ("sweeps", s),
        ("scores", s),
        ("phase", len(_PHASES)),
        ("first_card_was", 2),
        ("rules", _RULE_ENTRIES),
    )


def observation_layout(rules: Ruleset) -> dict[str, tuple[int, int]]:
    """Each block's start and number of entries in an observation under
    ``rules``, in order.

    >>> import scopa_rules as sr
    >>> layout = sr.observation_layout(sr.Ruleset.scopone())
    >>> layout["piles"], layout["to_move"]
    ((80, 80), (320, 4))
    """
    layout: dict[str, tuple[int, int]] = {}
    start = 0
    for name, size in _blocks(rules):
        layout[name] = (start, size)
        start += size
    return layout


def observation_size(rules: Ruleset) -> int:
    """How many numbers an observation under ``rules`` has.

    >>> import scopa_rules as sr
    >>> sr.observation_size(sr.Ruleset.scopa()), sr.observation_size(sr.Ruleset.scopone())
    (353, 361)
    """
    return sum(size for _, size in _blocks(rules))


def observation_bounds(rules: Ruleset) -> tuple[float, ...]:
    """The largest value each entry can take under ``rules``; the smallest is
    always 0.  A score is bounded by the target plus 60, more than one hand
    can score.

    >>> import scopa_rules as sr
    >>> bounds = sr.observation_bounds(sr.Ruleset.scopa())
    >>> start, size = sr.observation_layout(sr.Ruleset.scopa())["hand_sizes"]
    >>> bounds[0], bounds[start:start + size], bounds[-1]
    (1.0, (3.0, 3.0), 11.0)
    """
    layout = observation_layout(rules)
    bounds = [1.0] * observation_size(rules)
    for name, top in (
        ("hand_sizes", float(rules.hand_size)),
        ("stock", 40.0),
        ("sweeps", 40.0),
        ("scores", float(rules.target_score + most_hand_points(rules))),
    ):
        start, size = layout[name]
        bounds[start : start + size] = [top] * size
    bounds[-2] = float(rules.hand_size)
    bounds[-1] = float(rules.target_score)
    return tuple(bounds)


def observe(
    view: PlayerView, *, played: Card | None = None, taken: CardSet = EMPTY
) -> tuple[float, ...]:
    """The observation of ``view``'s seat (see the module's table), with the
    card being ``played`` and the table cards ``taken`` for it while a
    capture is open (:class:`ActionState`).

    >>> import scopa_rules as sr
    >>> view = sr.new_game(seed=7).view(1)
    >>> vector = sr.observe(view)
    >>> start, size = sr.observation_layout(view.rules)["to_move"]
    >>> vector[start:start + size]
    (0.0, 1.0)
    """
    if not isinstance(view, PlayerView):
        raise InvalidStateError(f"observe needs a PlayerView, not {shown(view)}")
    first = view.first_card
    out: list[float] = _write(
        False,
        view.rules,
        view.seat,
        view.hand.mask,
        view.table.mask,
        [pile.mask for pile in view.piles],
        0 if first is None else first.mask,
        0 if played is None else played.mask,
        taken.mask,
        view.current_player,
        view.dealer,
        view.last_capturer,
        view.hand_sizes,
        view.stock_size,
        view.sweeps,
        view.scores,
        view.phase,
        view.first_card_kept,
        [cards.mask for cards in view.declared],
    )
    return tuple(out)


_SEEN = field_reader(
    "rules",
    "phase",
    "dealer",
    "hands",
    "table",
    "stock",
    "piles",
    "sweeps",
    "scores",
    "last_capturer",
    "first_card",
)


def state_entries(
    state: GameState, seat: int, played: Card | None, taken: CardSet, float32: bool
) -> Any:
    """``observe(state.view(seat), played=played, taken=taken)`` as a list
    of floats, or as float32 bytes (which numpy reads in one go), read from
    the state: making the view would cost several times the observation,
    and every step of a framework observes."""
    # The stored masks, not the card sets the properties make of them.
    (
        rules,
        phase,
        dealer,
        hands,
        table,
        stock,
        piles,
        sweeps,
        scores,
        last_capturer,
        first,
    ) = _SEEN(state)
    return _write(
        float32,
        rules,
        seat,
        hands[seat],
        table,
        piles,
        # The first card is the deciding seat's to see (the seat after the
        # dealer's).
        0 if first is None or seat != (dealer + 1) % rules.players else first.mask,
        0 if played is None else played.mask,
        taken.mask,
        state.current_player,
        dealer,
        last_capturer,
        [hand.bit_count() for hand in hands],
        len(stock),
        sweeps,
        scores,
        phase,
        kept_first_card(state.turns_this_hand) if rules.first_card_choice else None,
        _declared_held(state, hands) if rules.declarations else (),
    )


def _declared_held(state: GameState, hands: Sequence[int]) -> list[int]:
    """Each seat's declared cards it still holds (``PlayerView.declared``)."""
    held = [0] * len(hands)
    for declaration in state.declarations:
        held[declaration.seat] |= declaration.cards.mask & hands[declaration.seat]
    return held


def _write(
    float32: bool,
    rules: Ruleset,
    seat: int,
    hand: int,
    table: int,
    piles: Sequence[int],
    first: int,
    played: int,
    taken: int,
    to_move: int | None,
    dealer: int,
    last_capturer: int | None,
    hand_sizes: Sequence[int],
    stock: int,
    sweeps: Sequence[int],
    scores: Sequence[int],
    phase: Phase,
    kept: bool | None,
    declared: Sequence[int],
) -> Any:
    """The observation of ``seat`` (the module's table) from what it sees:
    cards as masks, seats and sides by number, and the counts.  It is a list
    of floats, or float32 bytes: a ruleset's zeros, its rules' block already
    written, with every other entry that is not zero written in."""
    n, s, declarations, floats, data = _layout_of(rules)
    out: Any = data.copy() if float32 else list(floats)
    seen = hand | table | first
    for pile in piles:
        seen |= pile
    at = _put_cards(out, 0, hand, float32)
    at = _put_cards(out, at, table, float32)
    # Seats and sides are counted from the viewer's.
    for r in range(s):
        at = _put_cards(out, at, piles[(seat + r) % s], float32)
    unseen = at
    at += 40
    if declarations:
        for r in range(1, n):
            mask = declared[(seat + r) % n]
            seen |= mask
            at = _put_cards(out, at, mask, float32)
    _put_cards(out, unseen, _FULL & ~seen, float32)
    at = _put_cards(out, at, first, float32)
    at = _put_cards(out, at, played, float32)
    at = _put_cards(out, at, taken, float32)
    if to_move is not None:
        _put(out, at + (to_move - seat) % n, 1, float32)
    _put(out, at + n + (dealer - seat) % n, 1, float32)
    if last_capturer is not None:
        _put(out, at + 2 * n + (last_capturer - seat) % n, 1, float32)
    at += 3 * n
    for r in range(n):
        _put(out, at + r, hand_sizes[(seat + r) % n], float32)
    at += n
    _put(out, at, stock, float32)
    at += 1
    for r in range(s):
        _put(out, at + r, sweeps[(seat + r) % s], float32)
        _put(out, at + s + r, scores[(seat + r) % s], float32)
    at += 2 * s
    _put(out, at + _PHASES.index(phase), 1, float32)
    if kept is not None:
        _put(out, at + 4 + (not kept), 1, float32)
    return out


def _put_cards(out: Any, at: int, mask: int, float32: bool) -> int:
    """Set the entries of the cards of ``mask`` in the card block that starts
    at entry ``at``; the next block's start."""
    # A card at a time, from the mask's lowest bit: in C (observation.pxd)
    # a few instructions each.
    if float32:
        data: bytearray = out
        while mask:
            low = mask & -mask
            # A float32 1.0 is the bytes 00 00 80 3f: its last two are set.
            place = 4 * (at + _BIT_INDEX[low % 67]) + 2
            data[place] = 0x80
            data[place + 1] = 0x3F
            mask ^= low
    else:
        entries: list[float] = out
        while mask:
            low = mask & -mask
            entries[at + _BIT_INDEX[low % 67]] = 1.0
            mask ^= low
    return at + 40


def _put(out: Any, at: int, value: int, float32: bool) -> None:
    """Write ``value``, a whole number, to entry ``at`` of ``out``."""
    if not float32:
        out[at] = float(value)
    elif value < 256:
        # A whole number below 256 as a float32 has two zero bytes, then
        # the two of a table.
        data: bytearray = out
        data[4 * at + 2] = _FLOAT32_HIGH[2 * value]
        data[4 * at + 3] = _FLOAT32_HIGH[2 * value + 1]
    else:
        _FLOAT32.pack_into(out, 4 * at, value)


# What an observation under a ruleset always has: the seats and sides,
# whether declared hands are observed, and its zeros with the rules' block
# written, as floats and as float32 bytes.
_Layout = tuple[int, int, bool, tuple[float, ...], bytearray]


def _layout_of(rules: Ruleset) -> _Layout:
    """The layout of ``rules``, worked out once for each ruleset (at most 64
    kept), keyed by identity: hashing a ruleset costs more than a whole
    observation.  The entry keeps the ruleset alive, so its id stays its own."""
    kept = _LAYOUTS.get(id(rules))
    if kept is not None and kept[0] is rules:
        return kept[1]
    if len(_LAYOUTS) >= 64:
        _LAYOUTS.clear()
    size = observation_size(rules)
    # Each zero a float of its own: the reference counts of one shared 0.0
    # would change some 350 times in a row for every list made and freed,
    # each change waiting for the one before.  (float(i) - i is a new +0.0
    # every time.)
    floats = [float(i) - i for i in range(size)]
    # Copied, not made: bytearray(n) parses its arguments as a call does.
    data = bytearray(4 * size)
    for place, value in enumerate(_rules_block(rules), size - _RULE_ENTRIES):
        _put(floats, place, value, False)
        _put(data, place, value, True)
    layout = (rules.players, rules.sides, rules.declarations, tuple(floats), data)
    _LAYOUTS[id(rules)] = (rules, layout)
    return layout


_LAYOUTS: dict[int, tuple[Ruleset, _Layout]] = {}


def _rules_block(rules: Ruleset) -> list[int]:
    return [
        *[int(mode is rules.capture_mode) for mode in _MODES],
        *[int(rule is rules.capture_rule) for rule in _CAPTURE_RULES],
        *[int(compulsion is rules.capture_compulsion) for compulsion in _COMPULSIONS],
        int(rules.ace_takes_all),
        int(rules.first_card_choice),
        int(rules.capture_values is CaptureValues.CHKOBBA),
        rules.hand_size,
        rules.target_score,
    ]


_FULL = (1 << 40) - 1
# The index of a single bit of a mask: the 40 powers of two leave 40
# different remainders modulo 67.
_BIT_INDEX = [0] * 67
for _card in range(40):
    _BIT_INDEX[(1 << _card) % 67] = _card
del _card
_FLOAT32 = Struct("<f")
# The last two bytes of each whole number below 256 as a float32, in turn.
_FLOAT32_HIGH = [byte for count in range(256) for byte in _FLOAT32.pack(count)[2:]]
