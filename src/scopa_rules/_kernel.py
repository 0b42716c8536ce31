"""Random playouts on masks: the loop a search runs millions of times.

A playout plays uniformly random legal moves for every seat to the end of the
hand or of the game.  Done through :meth:`GameState.apply` it makes a state
and a move object at every ply; here it runs on plain masks and ints, with no
object per ply, and the same source is compiled by Cython (its C types are
declared beside it, in ``_kernel.pxd``) or runs as Python.

The capture rules are not written again: the captures come from the tables
of :mod:`scopa_rules.captures`, in the order of ``legal_moves()``, the
compulsion and the sweeps follow :mod:`scopa_rules.state` (whose legal
moves under ``ace_may_trail`` are this module's
:func:`optional_take_all_plays`), the deal :mod:`scopa_rules.dealing` and
the points :mod:`scopa_rules.scoring`.  A
playout chooses among exactly the moves ``legal_moves()`` lists, so that a
random playout here and a random playout through the public API with the
same choices reach the same hand.

The random numbers come from a 32-bit xorshift generator of our own, the same
in both builds, so a seed gives the same playout compiled or not (it is not
:mod:`random`: a playout draws a number at every ply, and a C generator is
what makes the loop fast).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from . import captures, dealing
from ._compiled import is_compiled
from .captures import (
    _SPREAD,
    Pick,
    PlaySettings,
    describe_into,
    is_take_all,
    play_settings,
    realise,
    table_entry,
)
from .cards import Card
from .dealing import needs_redeal
from .declarations import declare_round, points_by_side
from .rules import Ruleset
from .scoring import game_winner, hand_totals

__all__ = [
    "Greedy",
    "Named",
    "Random",
    "legal_plays",
    "play",
    "play_fresh",
    "sweep_counts",
]

_T = TypeVar("_T")

_CARDS: tuple[Card, ...] = tuple(Card.from_index(index) for index in range(40))
_ACES = 1 | 1 << 10 | 1 << 20 | 1 << 30
_MASK32 = 0xFFFFFFFF
_MASK64 = 0xFFFFFFFFFFFFFFFF
_SEED_BITS = (1 << 64) - 1  # the same, but a Python int in both builds
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
# A one of the masks' width: in C, 1 << index would be an int and overflow.
_ONE = 1
# The index of a single bit: multiplied by a de Bruijn sequence, each of the
# 64 powers of two has different top six bits (a multiply and a table
# lookup, where a remainder is a division: slow in C).
_DE_BRUIJN = 0x03F79D71B4CB0A89
_BIT_INDEX = [0] * 64
# The captures module's rank counts of a suit's ten bits, copied into a
# fixed array (a C array when compiled) for the pattern of every ply.
_RANK_SPREAD = [0] * 1024


def _bit_index(low: int) -> int:
    """The index of the single bit ``low``."""
    return _BIT_INDEX[(low * _DE_BRUIJN & _MASK64) >> 58]


def _fill_tables() -> None:
    for i in range(64):
        _BIT_INDEX[(_DE_BRUIJN << i & _MASK64) >> 58] = i
    for bits in range(1024):
        _RANK_SPREAD[bits] = _SPREAD[bits]


_fill_tables()

# The rank of each card index: the capture tables' slot for the card (a
# tuple lookup costs less than a remainder).
_RANK_OF = tuple(index % 10 for index in range(40))
# The settings' codes (see PlaySettings), as C ints when compiled.
_NO_COMPULSION = captures.NO_COMPULSION
_WHOLE_HAND = captures.WHOLE_HAND
_MATCH = captures.MATCH
_FIFTEEN = captures.FIFTEEN
_SINGLE_FIRST = captures.SINGLE_FIRST
_FEWEST_CARDS = captures.FEWEST_CARDS
_NO_TAKE_ALL = captures.NO_TAKE_ALL
_TAKE_ALL_ALWAYS = captures.TAKE_ALL_ALWAYS
_TAKE_ALL_OR_CAPTURE = captures.TAKE_ALL_OR_CAPTURE


class Random:
    """The playouts' random numbers: xorshift32 (Marsaglia 2003), seeded
    through splitmix64 so that nearby seeds give unrelated streams.

    >>> rng = Random(7)
    >>> draws = [rng.below(6) for _ in range(6000)]
    >>> sorted(set(draws)), min(draws.count(n) for n in range(6)) > 900
    ([0, 1, 2, 3, 4, 5], True)
    >>> Random(7).below(1000) == Random(7).below(1000)
    True
    """

    def __init__(self, seed: int) -> None:
        # Any whole number seeds it: its low 64 bits, mixed.
        self.state = _mix(seed & _SEED_BITS)

    def below(self, n: int) -> int:
        """A number from 0 to ``n - 1`` (``n`` at most 2**32)."""
        x = self.state
        x ^= (x << 13) & _MASK32
        x ^= x >> 17
        x ^= (x << 5) & _MASK32
        self.state = x
        return (x * n) >> 32


def _mix(z: int) -> int:
    """splitmix64's finaliser of ``z`` (64 bits), folded to a non-zero
    32-bit xorshift state."""
    z = (z + _GOLDEN) & _MASK64
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
    z ^= z >> 31
    return (z ^ (z >> 32)) & _MASK32 or 0x9E3779B9


# What rng.below(_COIN) returns is the generator's whole 32-bit draw: the
# epsilon-greedy coin.
_COIN = 1 << 32
# A sweep is worth 2 (GreedyBot.move_value), in the tenths of Greedy.values.
_SWEEP_BONUS = 20
# A play already found to leave the next seat a sweep, below any worth.
_CHECKED = -1_000_000


class Greedy:
    """The epsilon-greedy policy of a playout (Di Palma and Lanzi 2018):
    with probability ``epsilon`` a uniform play, else the best by
    :meth:`GreedyBot.move_value <scopa_rules.GreedyBot.move_value>` with
    every hand known.  ``values``: the 40 cards' worth in a pile, in
    tenths (``GreedyBot.card_value`` times 10, a byte each).  A playout
    draws the coin at every ply with more than one play; with ``epsilon``
    1 it draws none, and is the random playout of the same seed.

    >>> policy = Greedy(bytes(40), 0.25)
    >>> policy.threshold == 1 << 30, len(policy.values)
    (True, 40)
    """

    def __init__(self, values: bytes, epsilon: float) -> None:
        self.values = values
        # The coin falls uniform when the draw is below the threshold.
        self.threshold = round(epsilon * _COIN)


class Named(dict[int, _T]):
    """What the caller calls each packed play (``captured mask << 6 | card
    index``): the moves of ``GameState.legal_moves()``, or the ints
    themselves for a playout.  ``name`` makes the object for a play the
    first time it is asked for; it is then kept, at most ``limit`` of them
    (a crowded house-rules table has thousands of captures).

    >>> names = Named(str, limit=2)
    >>> names[7], names[7 << 6 | 12], len(names)
    ('7', '460', 2)
    >>> names[3], len(names)
    ('3', 1)
    """

    __slots__ = ("limit", "name", "trails")

    def __init__(self, name: Callable[[int], _T], *, limit: int = 200_000) -> None:
        super().__init__()
        self.name = name
        self.limit = limit
        # The forty trails (the plays below 64), named once and read by
        # index: half the plays of a ply, with no dictionary lookup.
        self.trails = [name(play) for play in range(40)]

    def __missing__(self, play: int) -> _T:
        if len(self) >= self.limit:
            self.clear()
        named = self[play] = self.name(play)
        return named


def _itself(play: int) -> int:
    return play


# A playout's own plays are the packed ints.
_PLAIN: Named[int] = Named(_itself)


# Compiled, the plays are searched for in C, where the search beats the
# capture tables; in Python the tables are faster.
_COMPILED = is_compiled(_itself)

# The most plays the search lists by subset sums; a crowded house-rules
# table with more is left to the capture tables.  Its buffer holds 192: the
# singles, take-alls and trails it lists without counting are at most six a
# card, and a hand holds at most 20 cards.  (The buffer is zeroed at every
# call, so it is kept small: a bigger one costs every ply.)
_MAX_PLAYS = 64


def legal_plays(
    rules: Ruleset,
    hand: int,
    table: int,
    named: Named[_T],
    search: bool = _COMPILED,
) -> list[_T]:
    """The legal plays of ``hand`` onto ``table`` (masks), each packed as
    ``captured mask << 6 | card index`` (a trail captures nothing) and
    handed out as ``named`` calls it, in the order of
    ``GameState.legal_moves()``, which reads them here: the one place the
    capture rules of :mod:`scopa_rules.captures` meet the compulsion.
    ``search``: by a search of the table's subsets (the compiled build's
    way) rather than from the capture tables; both give the same plays.

    >>> import scopa_rules as sr
    >>> hand, table = sr.CardSet("5D KC 4H").mask, sr.CardSet("2S 5H 3C JD").mask
    >>> plays = legal_plays(sr.Ruleset.scopa(), hand, table, _PLAIN)
    >>> plays == legal_plays(sr.Ruleset.scopa(), hand, table, _PLAIN, not _COMPILED)
    True
    >>> [sr.Card.from_index(play & 63) for play in plays]
    [Card.parse('5D'), Card.parse('4H'), Card.parse('KC'), Card.parse('KC')]
    """
    index: int
    low: int
    out: list[_T] = []
    settings = play_settings(rules)
    if search and not (table and settings.optional_ace and hand & _ACES):
        plays = [0] * 192  # see _MAX_PLAYS; Cython sizes its C array from it
        count = _search(settings, hand, table, plays)
        if count >= 0:
            named_trails = named.trails
            for k in range(count):
                play = plays[k]
                out.append(named_trails[play] if play < 64 else named[play])
            return out
    # From the capture tables: the pure-Python build's way, and the
    # compiled one's for the optional take-all and on a table with more
    # plays than the search keeps.
    if not table:
        while hand:
            low = hand & -hand
            hand ^= low
            out.append(named[low.bit_length() - 1])
        return out
    if settings.optional_ace and hand & _ACES:
        optional_take_all_plays(rules, hand, table, out, named)
        return out
    compulsion = settings.compulsion
    pattern = (
        _RANK_SPREAD[table & 0x3FF]
        + _RANK_SPREAD[table >> 10 & 0x3FF]
        + _RANK_SPREAD[table >> 20 & 0x3FF]
        + _RANK_SPREAD[table >> 30]
    )
    entry = settings.patterns.get(pattern)
    if entry is None:
        entry = table_entry(settings, table, pattern)
    trails = 0  # set aside under the whole-hand compulsion
    captured = False
    while hand:
        low = hand & -hand
        hand ^= low
        index = low.bit_length() - 1
        described: Any = entry[_RANK_OF[index]]
        if described is None:  # a rank not met yet on this pattern
            described = describe_into(settings, table, entry, index, pattern)
        if not described:
            if compulsion == _WHOLE_HAND:
                trails |= low
            else:
                out.append(named[index])
            continue
        captured = True
        if type(described) is int:
            columns = described
            out.append(named[(table & columns) << 6 | index])
        elif type(described) is Pick:  # some of one rank's cards: no call
            columns, column, ways = described
            taken = table & columns
            for mask in ways[table & column]:
                out.append(named[(taken | mask) << 6 | index])
        elif type(described) is tuple:  # several of whole ranks: no call
            if len(described) == 2:  # the commonest: two, in order by hand
                mask = table & described[0]
                taken = table & described[1]
                if mask > taken:
                    mask, taken = taken, mask
                out.append(named[mask << 6 | index])
                out.append(named[taken << 6 | index])
            else:
                masks = [table & columns for columns in described]
                masks.sort()
                for mask in masks:
                    out.append(named[mask << 6 | index])
        else:  # several captures, some taking part of a rank: no call
            masks = []
            for columns, column, ways in described:
                taken = table & columns
                for mask in ways[table & column]:
                    masks.append(taken | mask)
            masks.sort()
            for mask in masks:
                out.append(named[mask << 6 | index])
        if compulsion == _NO_COMPULSION:
            out.append(named[index])
    if compulsion == _WHOLE_HAND and not captured:
        while trails:  # no card can capture: any may be trailed
            low = trails & -trails
            trails ^= low
            out.append(named[low.bit_length() - 1])
    return out


def _search(
    settings: PlaySettings,
    hand: int,
    table: int,
    plays: list[int],
) -> int:
    """Fill ``plays`` with the legal plays of ``hand`` onto ``table``, packed
    and ordered as :func:`legal_plays` lists them, by searching the table's
    subsets (in C, a few dozen steps a ply, where the capture tables'
    lookups make Python objects); return how many, or -1 when there would
    be more than :data:`_MAX_PLAYS` by subset sums (the caller then asks
    the tables).  The
    rules are those of :mod:`scopa_rules.captures`, read here on masks; the
    two are compared play for play in the tests."""
    items = [0] * 40  # the table's card indexes
    count = 0
    found = 0
    rest = table
    while rest:
        low = rest & -rest
        rest ^= low
        items[count] = _bit_index(low)
        count += 1
    values = settings.values
    mode = settings.mode
    rule = settings.rule
    ace = settings.take_all
    compulsion = settings.compulsion
    trails = 0  # set aside under the whole-hand compulsion
    captured = False
    while hand:
        low = hand & -hand
        hand ^= low
        index = _bit_index(low)
        value = values[index]
        start = found
        if table:
            take_all = False
            if ace != _NO_TAKE_ALL and index % 10 == 0:
                if not table & _ACES or ace == _TAKE_ALL_ALWAYS:
                    plays[found] = table
                    found += 1
                    value = 0  # no other capture
                else:
                    take_all = ace == _TAKE_ALL_OR_CAPTURE
            if value and mode != _FIFTEEN:
                if rule == _SINGLE_FIRST:
                    for k in range(count):
                        if values[items[k]] == value:
                            plays[found] = _ONE << items[k]
                            found += 1
                if found == start:
                    found = _sums(values, items, count, 0, value, 0, plays, found)
                    if found < 0:
                        return -1
                    if rule == _FEWEST_CARDS and found > start + 1:
                        found = _fewest(plays, start, found)
            if value and mode != _MATCH:
                found = _sums(values, items, count, 0, 15 - value, 0, plays, found)
                if found < 0:
                    return -1
            if take_all:
                k = start
                while k < found and plays[k] != table:
                    k += 1
                if k == found:
                    plays[found] = table
                    found += 1
        if found == start:  # no capture
            if compulsion == _WHOLE_HAND:
                trails |= low
                continue
        else:
            captured = True
            if found - start == 1:
                plays[start] = plays[start] << 6 | index
            else:
                _sort_packed(plays, start, found, index)
            if compulsion != _NO_COMPULSION:
                continue
        plays[found] = index
        found += 1
    if compulsion == _WHOLE_HAND and not captured:
        while trails:  # no card can capture: any may be trailed
            low = trails & -trails
            trails ^= low
            plays[found] = _bit_index(low)
            found += 1
    return found


def _sums(
    values: bytes,
    items: list[int],
    count: int,
    start: int,
    remaining: int,
    taken: int,
    plays: list[int],
    found: int,
) -> int:
    """Add to ``plays`` from ``found`` on every set of ``items[start:count]``
    (card indexes, whose capture values are ``values``) adding up to
    ``remaining``, each with the cards of ``taken``; return the new end, or
    -1 when the buffer is full."""
    for j in range(start, count):
        index = items[j]
        value = values[index]
        if value > remaining:
            continue
        if value == remaining:
            if found >= _MAX_PLAYS:
                return -1
            plays[found] = taken | _ONE << index
            found += 1
        else:
            found = _sums(
                values,
                items,
                count,
                j + 1,
                remaining - value,
                taken | _ONE << index,
                plays,
                found,
            )
            if found < 0:
                return -1
    return found


def _fewest(plays: list[int], start: int, end: int) -> int:
    """Keep of ``plays[start:end]`` the sets of fewest cards; return the
    new end."""
    fewest = 41
    for k in range(start, end):
        fewest = min(fewest, _popcount(plays[k]))
    kept = start
    for k in range(start, end):
        if _popcount(plays[k]) == fewest:
            plays[kept] = plays[k]
            kept += 1
    return kept


def _popcount(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def _sort_packed(plays: list[int], start: int, end: int, index: int) -> None:
    """Sort the masks ``plays[start:end]`` (by insertion: a card has a few
    captures) and pack each with the played card's index."""
    for k in range(start + 1, end):
        mask = plays[k]
        j = k
        while j > start and plays[j - 1] > mask:
            plays[j] = plays[j - 1]
            j -= 1
        plays[j] = mask
    for k in range(start, end):
        plays[k] = plays[k] << 6 | index


def optional_take_all_plays(
    rules: Ruleset, hand: int, table: int, out: list[Any], named: Named[Any]
) -> None:
    """Fill ``out`` with the plays of ``hand`` onto a non-empty ``table``
    (packed as :func:`legal_plays` packs them) under ``ace_may_trail``: an ace
    whose only capture is the take-all may also be trailed, and that
    capture does not count for the compulsion (a blocked ace's normal
    capture does).  ``GameState.legal_moves()`` asks it too: the rule lives
    here only."""
    settings = play_settings(rules)
    compulsion = settings.compulsion
    entry = table_entry(settings, table)
    found = []
    must_capture = False
    while hand:
        low = hand & -hand
        hand ^= low
        index = _bit_index(low)
        described = entry[_RANK_OF[index]]
        if described is None:
            described = describe_into(settings, table, entry, index)
        masks = realise(table, described)
        optional = (
            index % 10 == 0
            and masks == (table,)
            and is_take_all(rules, table, _CARDS[index], table)
        )
        must_capture = must_capture or (bool(masks) and not optional)
        found.append((index, masks, optional))
    for index, masks, optional in found:
        for mask in masks:
            out.append(named[mask << 6 | index])
        if compulsion == _NO_COMPULSION or (
            (optional or not masks) and not (compulsion == _WHOLE_HAND and must_capture)
        ):
            out.append(named[index])


def shuffled(rng: Random) -> list[int]:
    """The 40 card indexes in a random order (Fisher-Yates), top first."""
    order = [0] * 40
    _shuffle(rng, order)
    return [order[k] for k in range(40)]


def _shuffle(rng: Random, order: list[int]) -> None:
    """Fill ``order[:40]`` (a C array when compiled) as :func:`shuffled`."""
    for k in range(40):
        order[k] = k
    for i in range(39, 0, -1):
        j = rng.below(i + 1)
        k = order[i]
        order[i] = order[j]
        order[j] = k


# A hand in play, as play() takes it: hands (masks by seat), the table, the
# piles and sweeps (by side), the stock (card indexes, top first), the seat
# to move, the last capturer (-1 for none) and the declarations made.
Deal = tuple[list[int], int, list[int], list[int], bytes, int, int, list[Any]]


def play_card(
    rules: Ruleset,
    hand: int,
    play: int,
    table: int,
    pile: int,
    swept: int,
    others_hold: bool,
) -> tuple[int, int, int, int]:
    """RULES.md section 4: a seat holding ``hand`` plays ``play``
    (``captured mask << 6 | card index``) onto ``table``.  A capture goes
    with the card to the ``pile`` of the seat's side and scores a sweep
    (``swept`` counts them) when it empties the table, by
    :func:`sweep_counts`; a trail joins the table.  ``others_hold``: the
    stock or another seat still holds a card.  Return the hand, table,
    pile and sweeps after.  ``GameState.apply()`` and the playouts play
    every card here.

    >>> import scopa_rules as sr
    >>> mask = lambda text: sr.CardSet(text).mask
    >>> hand, table, pile, swept = play_card(sr.Ruleset.scopa(), mask("7D 2S"),
    ...     mask("7C") << 6 | sr.Card.parse("7D").index, mask("7C"), 0, 0, True)
    >>> sr.CardSet.from_mask(hand), table, sr.CardSet.from_mask(pile), swept
    (CardSet('2S'), 0, CardSet('7D 7C'), 1)
    """
    index = play & 63
    taken = play >> 6
    played = _ONE << index
    hand ^= played
    if not taken:
        return hand, table | played, pile, swept
    pile |= taken | played
    if table == taken and sweep_counts(rules, index, table, others_hold or hand != 0):
        swept += 1
    return hand, table ^ taken, pile, swept


def take_leftover(rules: Ruleset, piles: list[int], last: int, table: int) -> None:
    """RULES.md section 4: at the end of a hand the cards left on the table
    go to the pile of the last capturer's side (``last``, -1: none, and
    they stay)."""
    if last >= 0:
        piles[rules.seat_sides[last]] |= table


def hand_scored(
    rules: Ruleset,
    piles: Sequence[int],
    sweeps: Sequence[int],
    made: Sequence[tuple[int, int, int]],
    before: Sequence[int],
) -> tuple[tuple[int, ...], int | None]:
    """The match scores after a hand with these ``piles``, ``sweeps`` (by
    side) and declarations ``made``, from the scores ``before`` it, and the
    winning side (``None``: the game goes on): RULES.md sections 5 and 6,
    for the state and the playouts alike."""
    points, cappotto_side = hand_totals(
        rules, piles, sweeps, points_by_side(rules, made) if made else None
    )
    scores = tuple([before[side] + points[side] for side in range(len(points))])
    return scores, game_winner(rules, cappotto_side, scores)


def _play_fresh_hand(
    rules: Ruleset,
    dealer: int,
    rng: Random,
    search: bool,
    piles: list[int],
    sweeps: list[int],
    made: list[Any],
    greedy: Greedy | None,
) -> tuple[int, int]:
    """Shuffle, deal (redealing while the table calls for it; Chkobba's
    first card kept or tabled at random, the two legal moves in the order
    of ``legal_moves()``) and play the hand at random: the piles and
    sweeps (by side) and the declarations end as the hand's; all of it on
    C arrays when compiled.  Return the table's last cards and the last
    capturer (-1: none), for the leftover."""
    order = [0] * 40
    hands = [0] * 40
    keep = -1
    first_card = rules.first_card_choice
    while True:
        _shuffle(rng, order)
        if first_card:
            keep = 1 if rng.below(2) == 0 else 0
        table, at = dealing.deal_hand(rules, dealer, order, keep, hands)
        if not needs_redeal(rules, table):
            break
    for k in range(rules.sides):
        piles[k] = 0
        sweeps[k] = 0
    last = -1
    if dealing.sweep_the_deal(rules, dealer, table, piles, sweeps):
        table = 0
        last = dealer
    if rules.declarations:
        made.extend(declare_round(rules, [hands[k] for k in range(rules.players)]))
    return _play_out(
        rules, hands, table, piles, sweeps, order, at, (dealer + 1) % rules.players,
        last, made, dealer, rng, search, greedy,
    )  # fmt: skip


def _play_hand(
    rules: Ruleset,
    hand_in_play: Deal,
    dealer: int,
    rng: Random,
    search: bool,
    piles: list[int],
    sweeps: list[int],
    made: list[Any],
    greedy: Greedy | None,
) -> tuple[int, int]:
    """Play ``hand_in_play`` to its end at random, as
    :func:`_play_fresh_hand` plays a fresh one."""
    seats, table, side_piles, side_sweeps, deck, seat, last, declared = hand_in_play
    hands = [0] * 40
    for k in range(rules.players):
        hands[k] = seats[k]
    for k in range(rules.sides):
        piles[k] = side_piles[k]
        sweeps[k] = side_sweeps[k]
    # The stock at the end of a deck's 40 slots, as a fresh hand has it.
    stock = [0] * 40
    at = 40 - len(deck)
    for k in range(len(deck)):
        stock[at + k] = deck[k]
    made.extend(declared)
    return _play_out(
        rules, hands, table, piles, sweeps, stock, at, seat, last, made, dealer,
        rng, search, greedy,
    )  # fmt: skip


def _play_out(
    rules: Ruleset,
    hands: list[int],
    table: int,
    piles: list[int],
    sweeps: list[int],
    deck: list[int],
    at: int,
    seat: int,
    last: int,
    made: list[Any],
    dealer: int,
    rng: Random,
    search: bool,
    greedy: Greedy | None,
) -> tuple[int, int]:
    """The play of a hand to its end at random on fixed arrays (C arrays
    when compiled): the seats' ``hands``, the sides' ``piles`` and
    ``sweeps``, the stock ``deck[at:40]`` (card indexes, top first);
    ``seat`` to move, ``last`` the last capturer (-1: none).  The rounds
    are dealt from the stock when every hand is empty, their declarations
    added to ``made``.  Each play is uniform, or chosen by ``greedy``
    (:func:`_greedy_play`) unless its coin falls uniform.  Return the
    table at the end and the last capturer (-1: none)."""
    players = rules.players
    size = rules.hand_size
    # Read once a hand: the side each seat captures for.
    sides = [0] * 40
    seat_sides = rules.seat_sides
    for k in range(players):
        sides[k] = seat_sides[k]
    optional_ace = rules.ace_may_trail and rules.ace_takes_all
    declarations = rules.declarations
    out: list[int] = []
    plays = [0] * 192  # see _MAX_PLAYS; Cython sizes its C array from the literal
    settings = play_settings(rules)
    if greedy is not None and greedy.threshold >= _COIN:
        greedy = None  # always uniform: no coin, the random playout itself
    held = 0  # the cards in all hands: none at the end of a round
    for k in range(players):
        held += _popcount(hands[k])
    while True:
        if not held:  # refill, or the hand is over
            if at == 40:
                break
            at = dealing.deal_round(players, size, dealer, deck, at, -1, hands)
            held = players * size
            if declarations:
                made.extend(declare_round(rules, [hands[k] for k in range(players)]))
        count = -1
        if search and not (optional_ace and hands[seat] & _ACES):
            count = _search(settings, hands[seat], table, plays)
        if count < 0:
            out = legal_plays(rules, hands[seat], table, _PLAIN, False)
            # The greedy choice reads the plays from the buffer; a crowded
            # table's more are played uniformly (in both builds alike).
            if greedy is not None and len(out) <= 192:
                count = len(out)
                for k in range(count):
                    plays[k] = out[k]
        if (
            count > 1
            and greedy is not None
            and (greedy.threshold == 0 or rng.below(_COIN) >= greedy.threshold)
        ):
            choice = _greedy_play(
                rules, settings, greedy.values, plays, count, hands, players, seat,
                table, held, deck, at, dealer, search, optional_ace,
            )  # fmt: skip
        elif count >= 0:
            choice = plays[rng.below(count)]
        else:
            choice = out[rng.below(len(out))]
        side = sides[seat]
        # Another card is left to play when the stock or any hand holds
        # one besides the card played (what play_card asks).
        hands[seat], table, piles[side], sweeps[side] = play_card(
            rules,
            hands[seat],
            choice,
            table,
            piles[side],
            sweeps[side],
            at < 40 or held > 1,
        )
        held -= 1
        if choice >> 6:
            last = seat
        seat += 1
        if seat == players:
            seat = 0
    return table, last


def _greedy_play(
    rules: Ruleset,
    settings: PlaySettings,
    values: bytes,
    plays: list[int],
    count: int,
    hands: list[int],
    players: int,
    seat: int,
    table: int,
    held: int,
    deck: list[int],
    at: int,
    dealer: int,
    search: bool,
    optional_ace: bool,
) -> int:
    """The play of ``plays[:count]`` that ``GreedyBot.move_value`` values
    most when every hand is known: a capture is worth the cards it takes
    and the card played (``values``, in tenths), 2 more for a sweep; a
    trail minus its card; and a play that leaves the next seat a sweep
    loses 100, more than any capture is worth, so that it is chosen only
    when every play does.  The best-valued plays are checked for that
    first, until one leaves no sweep: most plies check one.  Ties go to the
    first best, in the order of ``legal_moves()`` (no draw)."""
    worths = [0] * 192  # see _MAX_PLAYS
    others_hold = at < 40 or held > 1
    first = 0
    for k in range(count):
        play = plays[k]
        index = play & 63
        taken = play >> 6
        if taken:
            worth = values[index]
            rest = taken
            while rest:
                low = rest & -rest
                rest ^= low
                worth += values[_bit_index(low)]
            if taken == table and sweep_counts(rules, index, table, others_hold):
                worth += _SWEEP_BONUS
        else:
            worth = -values[index]
        worths[k] = worth
        if worth > worths[first]:
            first = k
    # The next seat's cards: its hand, or the round dealt when this is the
    # round's last card (the stock's order is known to a playout).
    after_seat = seat + 1
    if after_seat == players:
        after_seat = 0
    following = hands[after_seat]
    if not following and held == 1 and at < 40:
        dealt = [0] * 40
        dealing.deal_round(players, rules.hand_size, dealer, deck, at, -1, dealt)
        following = dealt[after_seat]
    # The cards still to be played once this one is: the next seat's
    # sweep counts as play_card counts it with those.
    left = held - 1 + 40 - at
    if not following or left <= 0:
        return plays[first]
    while True:
        best = -1
        for k in range(count):
            if worths[k] != _CHECKED and (best < 0 or worths[k] > worths[best]):
                best = k
        if best < 0:  # every play leaves a sweep: the best of them
            return plays[first]
        play = plays[best]
        taken = play >> 6
        after = table ^ taken if taken else table | _ONE << (play & 63)
        if not after or not _sweep_left(
            rules, settings, following, after, left > 1, search, optional_ace
        ):
            return play
        worths[best] = _CHECKED


def _sweep_left(
    rules: Ruleset,
    settings: PlaySettings,
    hand: int,
    table: int,
    cards_left: bool,
    search: bool,
    optional_ace: bool,
) -> bool:
    """Whether a seat holding ``hand`` may take the whole of ``table`` and
    score a sweep (``cards_left``: a card is still to be played after its
    own), by its legal plays as a playout lists them."""
    found = [0] * 192  # see _MAX_PLAYS
    count = -1
    if search and not (optional_ace and hand & _ACES):
        count = _search(settings, hand, table, found)
    if count >= 0:
        for k in range(count):
            play = found[k]
            if play >> 6 == table and sweep_counts(rules, play & 63, table, cards_left):
                return True
        return False
    for play in legal_plays(rules, hand, table, _PLAIN, False):
        if play >> 6 == table and sweep_counts(rules, play & 63, table, cards_left):
            return True
    return False


def sweep_counts(rules: Ruleset, index: int, before: int, cards_left: bool) -> bool:
    """Whether a capture by the card with ``index`` that empties the table
    (``before`` the capture) scores a sweep; ``cards_left`` when any hand or
    the stock still holds a card.  ``GameState.apply()`` asks it too: the
    rule lives here only."""
    if rules.ace_takes_all and index % 10 == 0:
        if is_take_all(rules, before, _CARDS[index], before):
            if not rules.ace_sweep_is_scopa:
                return False
        elif not rules.blocked_ace_sweeps and before & _ACES:
            # A table ace blocked the take-all; the normal capture that
            # emptied the table is no sweep under this rule (Cirulla).
            return False
    return rules.last_card_sweep_counts or cards_left


def play(
    rules: Ruleset,
    hand_in_play: Deal | None,
    scores: Sequence[int],
    dealer: int,
    rng: Random,
    whole_game: bool,
    search: bool = _COMPILED,
    greedy: Greedy | None = None,
) -> tuple[tuple[int, ...], int | None, int]:
    """Play at random from a hand in play (``None``: the next hand is to be
    dealt by ``dealer``) to the end of that hand, or of the game; by the
    ``greedy`` policy when there is one.

    Returns the match scores reached, the winning side (``None`` while the
    game goes on) and how many hands were finished.
    """
    totals = tuple(scores)
    sides = rules.sides
    finished = 0
    piles = [0] * 40
    sweeps = [0] * 40
    while True:
        made: list[Any] = []
        if hand_in_play is None:
            table, last = _play_fresh_hand(
                rules, dealer, rng, search, piles, sweeps, made, greedy
            )
        else:
            table, last = _play_hand(
                rules, hand_in_play, dealer, rng, search, piles, sweeps, made, greedy
            )
        side_piles = [piles[k] for k in range(sides)]
        take_leftover(rules, side_piles, last, table)
        totals, winner = hand_scored(
            rules, side_piles, [sweeps[k] for k in range(sides)], made, totals
        )
        finished += 1
        if winner is not None or not whole_game:
            return totals, winner, finished
        hand_in_play = None
        dealer = (dealer + 1) % rules.players


def play_fresh(
    rules: Ruleset, seeds: list[int], whole_game: bool, search: bool = _COMPILED
) -> list[tuple[tuple[int, ...], int | None, int]]:
    """:func:`play` from a game's start for each seed (the last seat deals
    first), with one generator seeded again for each: what
    :func:`~scopa_rules.random_playouts` plays from a ruleset."""
    zeros = (0,) * rules.sides
    dealer = rules.players - 1
    rng = Random(0)
    found = []
    for seed in seeds:
        rng.state = _mix(seed & _SEED_BITS)
        found.append(play(rules, None, zeros, dealer, rng, whole_game, search))
    return found
