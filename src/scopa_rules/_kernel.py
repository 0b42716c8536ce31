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

from collections.abc import Sequence
from typing import Any

from .captures import (
    _PATTERNS,
    _SPREAD,
    describe_into,
    is_take_all,
    realise,
    table_entry,
)
from .cards import Card
from .dealing import deal_hand, initial_sweeps, needs_redeal
from .declarations import declare_round
from .rules import CAPTURE_KEY_BITS, CaptureCompulsion, Ruleset
from .scoring import hand_totals

__all__ = ["Random", "optional_take_all_plays", "play"]

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
# The index of a single bit: the 64 powers of two leave 64 different
# remainders modulo 67, and a table lookup is what C and Python both do fast.
_BIT_INDEX = [0] * 67
# The captures module's rank counts of a suit's ten bits, copied into a
# fixed array (a C array when compiled) for the pattern of every ply.
_RANK_SPREAD = [0] * 1024


def _fill_tables() -> None:
    for i in range(64):
        _BIT_INDEX[(1 << i) % 67] = i
    for bits in range(1024):
        _RANK_SPREAD[bits] = _SPREAD[bits]


_fill_tables()

_KEY_BITS = CAPTURE_KEY_BITS
_NO_COMPULSION = 0
_CARD_COMPULSION = 1
_WHOLE_HAND = 2
_COMPULSION_CODES = {
    CaptureCompulsion.NONE: _NO_COMPULSION,
    CaptureCompulsion.PLAYED_CARD: _CARD_COMPULSION,
    CaptureCompulsion.WHOLE_HAND: _WHOLE_HAND,
}


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


def _plays(
    rules: Ruleset,
    patterns: dict[int, list[Any]],
    key: int,
    optional_ace: bool,
    compulsion: int,
    hand: int,
    table: int,
    out: list[int],
) -> None:
    """Fill ``out`` with the legal plays of ``hand`` onto ``table``, each as
    ``captured mask << 6 | card index`` (a trail captures nothing), in the
    order of ``GameState.legal_moves()``.  ``patterns`` is the captures
    module's cache, ``key`` the ruleset's capture key, ``optional_ace`` whether it has ``ace_may_trail`` with the
    take-all."""
    index: int
    low: int
    del out[:]
    if not table:
        while hand:
            low = hand & -hand
            hand ^= low
            out.append(_BIT_INDEX[low % 67])
        return
    if optional_ace and hand & _ACES:
        optional_take_all_plays(rules, hand, table, out)
        return
    pattern = (
        _RANK_SPREAD[table & 0x3FF]
        + _RANK_SPREAD[table >> 10 & 0x3FF]
        + _RANK_SPREAD[table >> 20 & 0x3FF]
        + _RANK_SPREAD[table >> 30]
    )
    entry = patterns.get(pattern << _KEY_BITS | key)
    if entry is None:
        entry = table_entry(rules, table)
    trails = 0  # set aside under the whole-hand compulsion
    captured = False
    while hand:
        low = hand & -hand
        hand ^= low
        index = _BIT_INDEX[low % 67]
        described: Any = entry[index]
        if described is None:  # a rank not met yet on this pattern
            described = describe_into(rules, table, entry, index)
        if not described:
            if compulsion == _WHOLE_HAND:
                trails |= low
            else:
                out.append(index)
            continue
        captured = True
        if type(described) is int:
            columns = described
            out.append((table & columns) << 6 | index)
        else:
            for mask in realise(table, described):
                out.append(mask << 6 | index)
        if compulsion == _NO_COMPULSION:
            out.append(index)
    if compulsion == _WHOLE_HAND and not captured:
        while trails:  # no card can capture: any may be trailed
            low = trails & -trails
            trails ^= low
            out.append(_BIT_INDEX[low % 67])


def optional_take_all_plays(
    rules: Ruleset, hand: int, table: int, out: list[int]
) -> None:
    """Fill ``out`` with the plays of ``hand`` onto a non-empty ``table``
    (packed as :func:`_plays` packs them) under ``ace_may_trail``: an ace
    whose only capture is the take-all may also be trailed, and that
    capture does not count for the compulsion (a blocked ace's normal
    capture does).  ``GameState.legal_moves()`` asks it too: the rule lives
    here only."""
    compulsion = _COMPULSION_CODES[rules.capture_compulsion]
    entry = table_entry(rules, table)
    found = []
    must_capture = False
    while hand:
        low = hand & -hand
        hand ^= low
        index = _BIT_INDEX[low % 67]
        described = entry[index]
        if described is None:
            described = describe_into(rules, table, entry, index)
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
            out.append(mask << 6 | index)
        if compulsion == _NO_COMPULSION or (
            (optional or not masks) and not (compulsion == _WHOLE_HAND and must_capture)
        ):
            out.append(index)


def shuffled(rng: Random) -> list[int]:
    """The 40 card indexes in a random order (Fisher-Yates), top first."""
    order = list(range(40))
    for i in range(39, 0, -1):
        j = rng.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


# A hand in play, as play() takes it: hands (masks by seat), the table, the
# piles and sweeps (by side), the stock (card indexes, top first), the seat
# to move, the last capturer (-1 for none) and the declarations made.
Deal = tuple[list[int], int, list[int], list[int], list[int], int, int, list[Any]]


def deal(rules: Ruleset, dealer: int, rng: Random) -> Deal:
    """Deal a hand from shuffled decks, as ``GameState`` deals one: a
    Chkobba first card kept or tabled at random (the two legal moves), a
    redeal while the table calls for one, Escoba's sweeps at the deal.
    Without a first card the hands are left empty and the first round on
    top of the stock, for :func:`_play_hand` to deal (and declare) as it
    deals every round."""
    players = rules.players
    size = rules.hand_size
    redeals = rules.redeal_kings is not None or rules.redeal_aces is not None
    fifteens = rules.initial_fifteen_sweeps
    while True:
        order = shuffled(rng)
        if rules.first_card_choice:
            keep = rng.below(2) == 0  # legal_moves(): keep first, then table
            dealt, table, rest = deal_hand(
                rules, dealer, [_CARDS[index] for index in order], keep
            )
            hands = list(dealt)
            stock = [card.index for card in rest]
        else:
            # deal_hand's order on indexes: a packet for each seat, then the
            # table.  The packets stay in the stock, on top: the play deals
            # them as it deals every round.
            dealt_first = players * size
            hands = [0] * players
            table = 0
            for k in range(dealt_first, dealt_first + rules.table_size):
                table |= _ONE << order[k]
            stock = order[:dealt_first] + order[dealt_first + rules.table_size :]
        if redeals and needs_redeal(rules, table):
            continue
        sides = rules.sides
        piles = [0] * sides
        sweeps = [0] * sides
        last = -1
        swept = initial_sweeps(rules, table) if fifteens else 0
        if swept:
            side = rules.side_of(dealer)
            piles[side] |= table
            sweeps[side] += swept
            last = dealer
            table = 0
        made = (
            list(declare_round(rules, hands))
            if rules.declarations and rules.first_card_choice
            else []
        )
        return hands, table, piles, sweeps, stock, (dealer + 1) % players, last, made


def _play_hand(
    rules: Ruleset, compulsion: int, hand_in_play: Deal, dealer: int, rng: Random
) -> None:
    """Play the hand to its end at random, in place: the piles and sweeps
    (and the declarations, on a refill) of ``hand_in_play`` become the
    hand's final ones, the table's last cards in the last capturer's pile."""
    seats, table, side_piles, side_sweeps, deck, seat, last, made = hand_in_play
    players = rules.players
    size = rules.hand_size
    partnerships = rules.partnerships
    sweep_rules = rules.ace_takes_all or rules.last_card_sweep_counts
    optional_ace = rules.ace_may_trail and rules.ace_takes_all
    declarations = rules.declarations
    key = rules._capture_key
    patterns = _PATTERNS
    # Fixed arrays of masks and counts: C arrays in the compiled build, so
    # that a ply makes no Python object but its list of plays.
    hands = [0] * 8
    for k in range(players):
        hands[k] = seats[k]
    piles = [0] * 8
    sweeps = [0] * 8
    for k in range(len(side_piles)):
        piles[k] = side_piles[k]
        sweeps[k] = side_sweeps[k]
    stock = [0] * 40
    left = len(deck)
    for k in range(left):
        stock[k] = deck[k]
    used = 0
    out: list[int] = []
    round_over = True
    for k in range(players):
        if hands[k]:
            round_over = False
            break
    while True:
        if round_over:  # refill, or the hand is over
            if not left:
                break
            for offset in range(players):
                mask = 0
                for k in range(used, used + size):
                    mask |= _ONE << stock[k]
                hands[(dealer + 1 + offset) % players] = mask
                used += size
            left -= size * players
            if declarations:
                made.extend(declare_round(rules, [hands[k] for k in range(players)]))
            round_over = False
        _plays(rules, patterns, key, optional_ace, compulsion, hands[seat], table, out)
        count = len(out)
        choice = out[rng.below(count)]
        index = choice & 63
        taken = choice >> 6
        played = _ONE << index
        hand = hands[seat] ^ played
        hands[seat] = hand
        if taken:
            side = seat % 2 if partnerships else seat
            piles[side] |= taken | played
            last = seat
            before = table
            table ^= taken
            if not table:
                cards_left = left > 0
                for k in range(players):
                    if hands[k]:
                        cards_left = True
                        break
                if sweep_rules:
                    if _sweep_counts(rules, index, before, cards_left):
                        sweeps[side] += 1
                elif cards_left:
                    sweeps[side] += 1
        else:
            table |= played
        if not hand:  # the round is over when every seat played its last
            round_over = True
            for k in range(players):
                if hands[k]:
                    round_over = False
                    break
        seat += 1
        if seat == players:
            seat = 0
    if last >= 0:
        piles[last % 2 if partnerships else last] |= table
    for k in range(len(side_piles)):
        side_piles[k] = piles[k]
        side_sweeps[k] = sweeps[k]


def _sweep_counts(rules: Ruleset, index: int, before: int, cards_left: bool) -> bool:
    """``GameState``'s sweep rule for a capture that empties the table
    (``before`` the capture) under the ace and last-card options;
    ``cards_left`` when any hand or the stock still holds a card."""
    if rules.ace_takes_all and index % 10 == 0:
        if is_take_all(rules, before, _CARDS[index], before):
            if not rules.ace_sweep_is_scopa:
                return False
        elif not rules.blocked_ace_sweeps and before & _ACES:
            return False
    return rules.last_card_sweep_counts or cards_left


def play(
    rules: Ruleset,
    hand_in_play: Deal | None,
    scores: Sequence[int],
    dealer: int,
    rng: Random,
    whole_game: bool,
) -> tuple[tuple[int, ...], int | None, int]:
    """Play at random from a hand in play (``None``: the next hand is to be
    dealt by ``dealer``) to the end of that hand, or of the game.

    Returns the match scores reached, the winning side (``None`` while the
    game goes on) and how many hands were finished.
    """
    compulsion = _COMPULSION_CODES[rules.capture_compulsion]
    totals = list(scores)
    finished = 0
    while True:
        if hand_in_play is None:
            hand_in_play = deal(rules, dealer, rng)
        _play_hand(rules, compulsion, hand_in_play, dealer, rng)
        declared = None
        if hand_in_play[7]:
            declared = [0] * rules.sides
            for seat, _, gained in hand_in_play[7]:
                declared[rules.side_of(seat)] += gained
        points, cappotto_side = hand_totals(
            rules, hand_in_play[2], hand_in_play[3], declared
        )
        for side, gained in enumerate(points):
            totals[side] += gained
        finished += 1
        winner = cappotto_side
        if winner is None:
            best = max(totals)
            if best >= rules.target_score and totals.count(best) == 1:
                winner = totals.index(best)
        if winner is not None or not whole_game:
            return tuple(totals), winner, finished
        hand_in_play = None
        dealer = (dealer + 1) % rules.players
