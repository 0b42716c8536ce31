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

from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter
from struct import Struct
from typing import Any

from ._compiled import is_compiled
from .cards import Card, CardSet, _from_mask
from .errors import InvalidStateError, shown
from .rules import CaptureCompulsion, CaptureMode, CaptureRule, CaptureValues, Ruleset
from .state import (
    _FIRST_CARD_PHASE,
    _PLAY,
    GameState,
    Phase,
)
from .views import PlayerView, _kept_first_card

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
_EMPTY = _from_mask(0)
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
    view: PlayerView, *, played: Card | None = None, taken: CardSet = _EMPTY
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
    return tuple(
        _float_list(
            _parts(
                _plans_of(view.rules),
                view.seat,
                view.hand.mask,
                view.table.mask,
                [pile.mask for pile in view.piles],
                0 if view.first_card is None else view.first_card.mask,
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
        )
    )


def _state_parts(
    state: GameState, seat: int, played: Card | None, taken: CardSet
) -> _Parts:
    """The parts of ``observe(state.view(seat), ...)`` (see :func:`_parts`),
    from the fields :meth:`PlayerView.of` reads, taken from the state's
    stored masks rather than through its card-set properties, which build
    objects an observation does not need.  The parts' layout again (see
    :func:`_parts`), written out in one function: in Python, calling the
    views' way and its helpers would cost a sixth of the observation.
    Tests hold it to the view's."""
    (
        rules,
        phase,
        dealer,
        _,
        hands,
        table,
        stock,
        piles,
        sweeps,
        scores,
        last_capturer,
        first,
        _,
        _,
        to_move,
        _,
        _,
        _,
        _,
        _,
    ) = state._dealt()
    plans = _last_plans
    if plans[0] is not rules:  # as _plans_of(), its call spared most times
        plans = _plans_of(rules)
    seat_order, by_counts, rows, tails, sides = plans[1][seat]
    n = plans[2]
    hand = hands[seat]
    seen = hand | table
    for pile in piles:
        seen |= pile
    # The first card is the deciding seat's to see (the seat after the
    # dealer's).
    cards = taken.mask << 40 if played is None else (taken.mask << 40 | played.mask)
    if first is not None and seat == (dealer + 1) % n:
        seen |= first.mask
        cards = cards << 40 | first.mask
    else:
        cards <<= 40
    blocks = len(sides) + 6
    if plans[4]:
        known = [*map(_declared_held(state).__getitem__, seat_order[1:])]
        for mask in reversed(known):
            seen |= mask
            cards = cards << 40 | mask
        blocks += n - 1
    cards = cards << 40 | _FULL & ~seen
    for side in reversed(sides):
        cards = cards << 40 | piles[side]
    if phase is _PLAY or phase is _FIRST_CARD_PHASE:
        mover = rows[to_move]
        by_kept = tails[0] if phase is _PLAY else tails[1][phase._value_]
    else:
        mover = rows[n]
        by_kept = tails[1][phase._value_]
    return (
        (cards << 40 | table) << 40 | hand,
        blocks,
        (mover, rows[dealer], rows[n if last_capturer is None else last_capturer]),
        by_counts((*map(_bit_count, hands), len(stock), *sweeps, *scores)),
        by_kept[_kept_first_card(state.turns_this_hand) if plans[3] else None],
    )


def _declared_held(state: GameState) -> list[int]:
    """Each seat's declared cards it still holds (``PlayerView.declared``)."""
    held = [0] * state.rules.players
    hands = state.hands
    for declaration in state.declarations:
        held[declaration.seat] |= declaration.cards.mask & hands[declaration.seat].mask
    return held


def _parts(
    plans: _Plans,
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
    hand_sizes: Iterable[int],
    stock: int,
    sweeps: Sequence[int],
    scores: Sequence[int],
    phase: Phase,
    kept: bool | None,
    declared: Sequence[int],
) -> _Parts:
    """The observation in parts: its card blocks in one integer (block k in
    bits 40k to 40k + 39) and how many there are, the one-hot rows of the
    seats, the counts, and the last blocks (phase, first card, rules).  The
    tuple, list and float32 forms are made from the parts
    (:func:`_float_list`, :func:`_float32_bytes`).  The layout is written
    here for views, and again for states where every step of a framework
    comes: in :func:`_state_parts` (Python) and :func:`_state_entries`
    (compiled), which tests hold to this one."""
    seat_order, by_counts, rows, tails, sides = plans[1][seat]
    n = len(seat_order)
    seen = hand | table | first
    for pile in piles:
        seen |= pile
    # The blocks from the last down: taken, played, first card, the known
    # hands (with declarations), unseen, the piles, table, hand.
    cards = (taken << 40 | played) << 40 | first
    blocks = len(sides) + 6
    if plans[4]:
        known = [declared[other] for other in seat_order[1:]]
        for mask in reversed(known):
            seen |= mask
            cards = cards << 40 | mask
        blocks += n - 1
    cards = cards << 40 | _FULL & ~seen
    for side in reversed(sides):
        cards = cards << 40 | piles[side]
    return (
        (cards << 40 | table) << 40 | hand,
        blocks,
        _heads(rows, n, to_move, dealer, last_capturer),
        by_counts((*hand_sizes, stock, *sweeps, *scores)),
        _tail(tails, phase, kept),
    )


def _heads(
    rows: tuple[_Entries, ...],
    n: int,
    to_move: int | None,
    dealer: int,
    last_capturer: int | None,
) -> _Heads:
    """The one-hot rows of the seat to move, the dealer and the last
    capturer, from a seat plan's ``rows`` (by seat; n: none)."""
    return (
        rows[n if to_move is None else to_move],
        rows[dealer],
        rows[n if last_capturer is None else last_capturer],
    )


def _tail(
    tails: tuple[_Tails, dict[str, _Tails]], phase: Phase, kept: bool | None
) -> _Entries:
    """The last blocks for ``phase`` and the first-card decision: those of
    play, most positions, first; the others by the phase's value (an Enum
    member hashes in Python)."""
    by_kept = tails[0] if phase is _PLAY else tails[1][phase._value_]
    return by_kept[kept]


def _plans_of(rules: Ruleset) -> _Plans:
    """The plans of ``rules``, keyed by identity: hashing a ruleset costs
    more than a whole observation.  The entry keeps the ruleset alive, so
    its id stays its own.  The plans used last are checked first."""
    global _last_plans
    plans = _last_plans
    if plans[0] is not rules:
        cached = _PLANS.get(id(rules))
        if cached is None or cached[0] is not rules:
            cached = _new_plans(rules)
        plans = _last_plans = cached
    return plans


def _state_floats(
    state: GameState, seat: int, played: Card | None, taken: CardSet
) -> tuple[float, ...]:
    """``observe(state.view(seat), played=played, taken=taken)``."""
    return tuple(_state_float_list(state, seat, played, taken))


def _state_float_list_by_parts(
    state: GameState, seat: int, played: Card | None, taken: CardSet
) -> list[float]:
    """The same in a fresh list (OpenSpiel's tensors are lists)."""
    return _float_list(_state_parts(state, seat, played, taken))


def _state_float32_by_parts(
    state: GameState, seat: int, played: Card | None, taken: CardSet
) -> bytearray:
    """The same as float32 bytes (numpy reads them in one call)."""
    return _float32_bytes(_state_parts(state, seat, played, taken))


def _state_float_list_by_fields(
    state: GameState, seat: int, played: Card | None, taken: CardSet
) -> list[float]:
    """:func:`_state_float_list_by_parts` the compiled build's way (see
    :func:`_state_entries`)."""
    out: list[float] = _state_entries(state, seat, played, taken, False)
    return out


def _state_float32_by_fields(
    state: GameState, seat: int, played: Card | None, taken: CardSet
) -> bytearray:
    """:func:`_state_float32_by_parts` the compiled build's way (see
    :func:`_state_entries`)."""
    out: bytearray = _state_entries(state, seat, played, taken, True)
    return out


def _state_entries(
    state: GameState, seat: int, played: Card | None, taken: CardSet, float32: bool
) -> Any:
    """The observation as a list of floats, or as float32 bytes, written into
    one buffer straight from the state's fields: compiled, each entry is a
    C store and no part is built as a Python object.  The layout is that of
    :func:`_parts`, which tests hold it to; a ruleset with declarations
    takes the parts' way."""
    # The fields in one step, in state._FIELDS order (cheaper than reading
    # them one by one).
    (
        rules,
        phase,
        dealer,
        _,
        hands,
        table,
        stock,
        piles,
        sweeps,
        scores,
        last_capturer,
        first,
        _,
        _,
        to_move,
        _,
        _,
        _,
        _,
        _,
    ) = state._dealt()
    plans = _plans_of(rules)
    if plans[4]:
        if float32:
            return _state_float32_by_parts(state, seat, played, taken)
        return _state_float_list_by_parts(state, seat, played, taken)
    seat_order, _, rows, tails, sides = plans[1][seat]
    n = plans[2]
    first_mask = first.mask if first is not None and seat == (dealer + 1) % n else 0
    hand = hands[seat]
    seen = hand | table | first_mask
    for pile in piles:
        seen |= pile
    playing = phase is _PLAY or phase is _FIRST_CARD_PHASE
    head = _heads(rows, n, to_move if playing else None, dealer, last_capturer)
    kept = _kept_first_card(state.turns_this_hand) if plans[3] else None
    tail = _tail(tails, phase, kept)
    # A float32 entry takes four bytes, a list entry one place.
    out: bytearray | list[float] = plans[6].copy() if float32 else list(plans[5])
    at = _put_cards(out, 0, hand, float32)
    at = _put_cards(out, at, table, float32)
    for side in sides:
        at = _put_cards(out, at, piles[side], float32)
    at = _put_cards(out, at, _FULL & ~seen, float32)
    at = _put_cards(out, at, first_mask, float32)
    at = _put_cards(out, at, 0 if played is None else played.mask, float32)
    at = _put_cards(out, at, taken.mask, float32)
    at = _put_entries(out, at, head[0], float32)
    at = _put_entries(out, at, head[1], float32)
    at = _put_entries(out, at, head[2], float32)
    for other in seat_order:
        at = _put_count(out, at, _cards_in(hands[other]), float32)
    at = _put_count(out, at, len(stock), float32)
    for side in sides:
        at = _put_count(out, at, sweeps[side], float32)
    for side in sides:
        at = _put_count(out, at, scores[side], float32)
    _put_entries(out, at, tail, float32)
    return out


def _put_cards(out: bytearray | list[float], at: int, mask: int, float32: bool) -> int:
    """Set the entries of the cards of ``mask`` in the card block that starts
    at entry ``at`` of a zeroed ``out``; the next block's start."""
    if float32:
        # A float32 1.0 is the bytes 00 00 80 3f: its last two are set.
        data: bytearray = out  # type: ignore[assignment]
        while mask:
            low = mask & -mask
            place = 4 * (at + _BIT_INDEX[low % 67]) + 2
            data[place] = 0x80
            data[place + 1] = 0x3F
            mask ^= low
    else:
        entries: list[float] = out  # type: ignore[assignment]
        while mask:
            low = mask & -mask
            entries[at + _BIT_INDEX[low % 67]] = 1.0
            mask ^= low
    return at + 40


def _put_entries(
    out: bytearray | list[float], at: int, entries: _Entries, float32: bool
) -> int:
    """Copy a run of entries worked out once to entry ``at`` of ``out``; the
    next entry's place."""
    if float32:
        # Compiled, a loop of C stores costs less than a slice's call, and
        # only the bytes that are not zero need one (see _entries).
        data: bytearray = out  # type: ignore[assignment]
        stores = entries[2]
        start = 4 * at
        for i in range(0, len(stores), 2):
            place = stores[i]
            data[start + place] = stores[i + 1]
        return at + (len(entries[1]) >> 2)
    floats: list[float] = out  # type: ignore[assignment]
    values = entries[0]
    for i in range(len(values)):
        floats[at + i] = values[i]
    return at + len(values)


def _put_count(out: bytearray | list[float], at: int, count: int, float32: bool) -> int:
    """Write ``count`` to entry ``at`` of a zeroed ``out``; the next entry's
    place."""
    if float32:
        data: bytearray = out  # type: ignore[assignment]
        return _set_count_float32(data, 4 * at, count) >> 2
    floats: list[float] = out  # type: ignore[assignment]
    floats[at] = float(count)
    return at + 1


def _cards_in(mask: int) -> int:
    """How many cards ``mask`` holds: ``int.bit_count``, in C when compiled."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def _set_count_float32(out: bytearray, at: int, count: int) -> int:
    """Write ``count`` as a float32 at ``at`` of a zeroed ``out``; the next
    entry's place."""
    # A whole number below 256 as a float32 has two zero bytes, then the
    # two of a table.
    if count < 256:
        out[at + 2] = _COUNT_FLOAT32[2 * count]
        out[at + 3] = _COUNT_FLOAT32[2 * count + 1]
    else:
        _packer(1).pack_into(out, at, count)
    return at + 4


def _float_list(parts: _Parts) -> list[float]:
    """The observation's entries in a fresh list, from its parts."""
    cards, blocks, head, counts, tail = parts
    out = _card_floats(cards, blocks)
    out += head[0][0]
    out += head[1][0]
    out += head[2][0]
    out += map(float, counts)
    out += tail[0]
    return out


def _float32_bytes(parts: _Parts) -> bytearray:
    """The observation's entries as float32 bytes, little-endian, in a fresh
    buffer (numpy reads them without converting a Python float), from its
    parts: each byte of the card blocks indexes a table of its eight
    entries, the counts are packed, and the pieces joined in one go."""
    cards, blocks, head, counts, tail = parts
    # The last blocks (first card, played, taken) are most often empty: the
    # entries past the last card are zeros, made in one go.
    used = (cards.bit_length() + 7) >> 3
    entries = _BYTE_FLOAT32
    pieces = [entries[byte] for byte in cards.to_bytes(used, "little")]
    pieces += (
        bytes(32 * (5 * blocks - used)),
        head[0][1],
        head[1][1],
        head[2][1],
        # A ruleset's plans made its packer (_new_plans).
        _PACKERS[len(counts)].pack(*counts),
        tail[1],
    )
    return bytearray().join(pieces)


# The card blocks are expanded into floats one of two ways, with the same
# result: what is fastest in Python costs many calls into the interpreter
# when compiled, and what C does in a few instructions is a slow loop in
# Python.
#
# In Python, a block goes a byte at a time: its bytes each index a table of
# eight entries.


def _card_floats_by_bytes(cards: int, blocks: int) -> list[float]:
    entries = _BYTE_FLOATS
    out: list[float] = []
    for byte in cards.to_bytes(5 * blocks, "little"):
        out += entries[byte]
    return out


# Compiled, the entries start at zero and each card's is set, a bit of a
# block's mask at a time (C integers, a C table of bit indexes).


def _card_floats_by_bits(cards: int, blocks: int) -> list[float]:
    out = [0.0] * (40 * blocks)
    for start in range(0, 40 * blocks, 40):
        mask = cards & _FULL
        cards >>= 40
        while mask:
            low = mask & -mask
            out[start + _BIT_INDEX[low % 67]] = 1.0
            mask ^= low
    return out


# The index of a single bit of a mask: the 40 powers of two leave 40
# different remainders modulo 67.
_BIT_INDEX = [0] * 67


def _fill_bit_index() -> None:
    for index in range(40):
        _BIT_INDEX[(1 << index) % 67] = index


_fill_bit_index()
_COMPILED = is_compiled(_card_floats_by_bits)
_card_floats = _card_floats_by_bits if _COMPILED else _card_floats_by_bytes
_state_float32 = _state_float32_by_fields if _COMPILED else _state_float32_by_parts
_state_float_list = (
    _state_float_list_by_fields if _COMPILED else _state_float_list_by_parts
)
# The last two bytes of each whole number below 256 as a float32, in turn.
_COUNT_FLOAT32 = [0] * 512


def _fill_count_float32() -> None:
    for count in range(256):
        packed = Struct("<f").pack(count)
        _COUNT_FLOAT32[2 * count] = packed[2]
        _COUNT_FLOAT32[2 * count + 1] = packed[3]


_fill_count_float32()


def _packer(count: int) -> Struct:
    packer = _PACKERS.get(count)
    if packer is None:
        packer = _PACKERS[count] = Struct(f"<{count}f")
    return packer


_PACKERS: dict[int, Struct] = {}

# A byte of a card block as the entries of its eight cards, lowest first: as
# floats, and as float32 bytes.  Built from four-bit halves: importing the
# library stays fast.
_FOUR_BITS = [tuple(float(bits >> i & 1) for i in range(4)) for bits in range(16)]
_BYTE_FLOATS = tuple(low + high for high in _FOUR_BITS for low in _FOUR_BITS)
_BYTE_FLOAT32 = tuple(Struct("<8f").pack(*entries) for entries in _BYTE_FLOATS)
_FULL = (1 << 40) - 1
_PHASE_HOT = {
    phase: tuple(float(i == index) for i in range(len(_PHASES)))
    for index, phase in enumerate(_PHASES)
}


_KEPT = {None: (0.0, 0.0), True: (1.0, 0.0), False: (0.0, 1.0)}

# A run of entries that only takes a few values, worked out once for each: as
# floats, as float32 bytes, and as the places and values of those bytes that
# are not zero, in turn (a zeroed buffer needs no other store: a one-hot row
# of seven is 28 bytes and two stores).
_Entries = tuple[tuple[float, ...], bytes, bytes]
_Heads = tuple[_Entries, _Entries, _Entries]
_Parts = tuple[int, int, _Heads, tuple[int, ...], _Entries]


def _entries(floats: tuple[float, ...]) -> _Entries:
    packed = _packer(len(floats)).pack(*floats)
    # A run is a one-hot row of seats (at most MAX_PLAYERS entries) or the
    # last blocks: its places fit in a byte.
    stores = bytes(
        number
        for place, value in enumerate(packed)
        if value
        for number in (place, value)
    )
    return floats, packed, stores


# What an observation under one ruleset from one seat always has: the seats
# in playing order from it, a getter that puts the counts (hand sizes,
# stock, sweeps, scores) in order in one go, the one-hot row of a seat
# counted from the viewer, by seat (n: none; see _heads),
# the last blocks (phase, first card, rules) by first-card decision, in
# play and by the phase's value in the other phases, and the sides in order
# from the viewer's.
_Tails = dict[bool | None, _Entries]
_SeatPlan = tuple[
    tuple[int, ...],
    Callable[[Sequence[int]], tuple[int, ...]],
    tuple[_Entries, ...],
    tuple[_Tails, dict[str, _Tails]],
    tuple[int, ...],
]
# A ruleset's plans: the ruleset, each seat's plan, the rules an observation
# asks about (players, first-card choice, declarations), and an
# observation's zeros as floats (see _zeros) and as float32 bytes.
_Plans = tuple[
    Ruleset | None,
    tuple[_SeatPlan, ...],
    int,
    bool,
    bool,
    tuple[float, ...],
    bytearray,
]


def _new_plans(rules: Ruleset) -> _Plans:
    if len(_PLANS) >= 64:
        _PLANS.clear()
    # The packer of the counts (hand sizes, stock, sweeps and scores), made
    # here so that _float32_bytes finds it without a call.
    _packer(rules.players + 1 + 2 * rules.sides)
    size = observation_size(rules)
    plans = _PLANS[id(rules)] = (
        rules,
        _seat_plans(rules),
        rules.players,
        rules.first_card_choice,
        rules.declarations,
        _zeros(size),
        # Copied, not made: bytearray(n) parses its arguments as a call
        # does, several times the copy's cost.
        bytearray(4 * size),
    )
    return plans


def _zeros(size: int) -> tuple[float, ...]:
    """``size`` zeros, each a float object of its own, for the compiled
    build's lists to start from."""
    # A list of one shared 0.0 adds to that one object's reference count
    # some 350 times when it is made, and takes them off when it is freed,
    # each change waiting for the one before: about half of a compiled list
    # observation's cost.  The counts of separate objects change
    # independently.  (float(i) - i is a new +0.0 every time.)
    return tuple([float(i) - i for i in range(size)])


_PLANS: dict[int, _Plans] = {}
# The plans used last: most callers observe under one ruleset.
_last_plans: _Plans = (None, (), 0, False, False, (), bytearray())
_bit_count = int.bit_count


def _seat_plans(rules: Ruleset) -> tuple[_SeatPlan, ...]:
    n, s = rules.players, rules.sides
    # The one-hot rows of a seat counted from the viewer, by that count (n:
    # no seat, all zeros): three of them are an observation's head, one row
    # at a time, so that a plan grows with the seats, not their cube.
    hot = tuple(
        _entries(tuple(float(i == index) for i in range(n))) for index in range(n + 1)
    )
    block = _rules_block(rules)
    by_phase = {
        phase.value: {
            kept: _entries(phase_hot + kept_hot + block)
            for kept, kept_hot in _KEPT.items()
        }
        for phase, phase_hot in _PHASE_HOT.items()
    }
    tails = (by_phase[_PLAY.value], by_phase)
    plans = []
    for seat in range(n):
        # Every ruleset has at least two seats and two sides, so the
        # getters always return tuples.
        seats = tuple((seat + r) % n for r in range(n))
        sides = tuple((rules.side_of(seat) + r) % s for r in range(s))
        # The counts come as hand sizes by seat, the stock, then sweeps and
        # scores by side.
        order = (
            *seats,
            n,
            *(n + 1 + side for side in sides),
            *(n + 1 + s + side for side in sides),
        )
        # A seat's rows by seat as it is (n: none): those of the seats
        # counted from it.
        rows = (*(hot[(other - seat) % n] for other in range(n)), hot[n])
        plans.append((seats, itemgetter(*order), rows, tails, sides))
    return tuple(plans)


def _rules_block(rules: Ruleset) -> tuple[float, ...]:
    def one_hot(values: tuple[object, ...], value: object) -> tuple[float, ...]:
        return tuple(float(v is value) for v in values)

    return (
        *one_hot(_MODES, rules.capture_mode),
        *one_hot(_CAPTURE_RULES, rules.capture_rule),
        *one_hot(_COMPULSIONS, rules.capture_compulsion),
        float(rules.ace_takes_all),
        float(rules.first_card_choice),
        float(rules.capture_values is CaptureValues.CHKOBBA),
        float(rules.hand_size),
        float(rules.target_score),
    )
