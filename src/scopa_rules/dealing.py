"""Dealing: how a deck becomes hands, a table and a stock (RULES.md section 3).

The deal order is fixed and documented so that a caller can lay out a deck
for any hand it wants to test:

* Cards come off the top of the deck (``deck[0]`` first).
* Each seat receives its ``hand_size`` cards in one packet, starting with the
  seat after the dealer and going round in playing order; then
  ``table_size`` cards go face up to the table.  What is left is the stock.
* Later deals of the same hand give each seat ``hand_size`` cards from the
  top of the stock, in the same seat order, and nothing to the table.
* Chkobba's first card (``first_card_choice``) is ``deck[0]``.  If the seat
  after the dealer keeps it, that seat's packet is the kept card and the next
  ``hand_size - 1`` cards, the other seats get full packets, then the table
  gets ``table_size`` cards.  If the seat puts it on the table, every seat
  gets a full packet as usual and the table gets the first card and then
  ``table_size - 1`` more.

>>> from scopa_rules import Deck, Ruleset, new_game
>>> state = new_game(Ruleset.scopa(), deck=Deck.standard(), dealer=1)
>>> state.hands[0], state.hands[1], state.table
(CardSet('AD 2D 3D'), CardSet('4D 5D 6D'), CardSet('7D JD QD KD'))
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, CardSet, Rank
from .deck import Deck
from .rules import Ruleset

__all__: list[str] = []

# A one of the masks' width: in C, 1 << index would be an int and overflow.
_ONE = 1
_KINGS = CardSet.of_rank(CardSet.from_mask((1 << 40) - 1), Rank.KING).mask


def deal_round(
    players: int,
    size: int,
    dealer: int,
    deck: Sequence[int],
    at: int,
    first: int,
    hands: list[int],
) -> int:
    """Give each of the ``players`` seats its packet of ``size`` cards (the
    rules' ``hand_size``) from ``deck[at:]`` (card indexes, top first),
    starting after the dealer, into ``hands`` (masks by seat); return where
    the next card is.

    ``first`` is a card index already given to the seat after the dealer
    (Chkobba's kept first card), or -1.  The first deal of a hand, every
    refill of the state and of the playouts come here.

    >>> hands = [0, 0]
    >>> deal_round(2, 3, 1, bytes(range(40)), 0, -1, hands)
    6
    >>> [CardSet.from_mask(hand) for hand in hands]
    [CardSet('AD 2D 3D'), CardSet('4D 5D 6D')]
    """
    # C ints and a C array of masks when compiled (dealing.pxd): the
    # playouts refill hands millions of times.
    seat = dealer
    for offset in range(players):
        seat += 1
        if seat == players:
            seat = 0
        mask = 0
        take = size
        if offset == 0 and first >= 0:
            mask = _ONE << first
            take -= 1
        for k in range(at, at + take):
            mask |= _ONE << deck[k]
        hands[seat] = mask
        at += take
    return at


def next_round(
    rules: Ruleset, dealer: int, stock: bytes
) -> tuple[tuple[int, ...], bytes]:
    """Every seat's next packet from ``stock`` (card indexes, top first),
    as :func:`deal_round` deals it: the hands (masks by seat) and the
    stock left.

    >>> hands, stock = next_round(Ruleset.scopa(), 0, bytes(range(10)))
    >>> [CardSet.from_mask(hand) for hand in hands], list(stock)
    ([CardSet('4D 5D 6D'), CardSet('AD 2D 3D')], [6, 7, 8, 9])
    """
    held = [0] * 40  # a C array when compiled
    players = rules.players
    at = deal_round(players, rules.hand_size, dealer, stock, 0, -1, held)
    return tuple([held[k] for k in range(players)]), stock[at:]


def deal_hand(
    rules: Ruleset, dealer: int, deck: Sequence[int], keep_first: int, hands: list[int]
) -> tuple[int, int]:
    """Deal a whole ``deck`` (40 card indexes, top first) into ``hands``
    (masks by seat); return the table (a mask) and where the stock starts.

    ``keep_first`` is the Chkobba decision on ``deck[0]``: 1 kept, 0 put on
    the table, -1 when the rules have no first-card choice.
    """
    players = rules.players
    packet = rules.hand_size
    size = rules.table_size
    table = 0
    if keep_first < 0:
        at = deal_round(players, packet, dealer, deck, 0, -1, hands)
    elif keep_first:
        at = deal_round(players, packet, dealer, deck, 1, deck[0], hands)
    else:
        at = deal_round(players, packet, dealer, deck, 1, -1, hands)
        table = _ONE << deck[0]
        size -= 1
    for k in range(at, at + size):
        table |= _ONE << deck[k]
    return table, at + size


def dealt_table(rules: Ruleset, dealer: int, deck: Deck, keep_first: int) -> CardSet:
    """The table that dealing ``deck`` makes (``keep_first`` as
    :func:`deal_hand` takes it).

    >>> from scopa_rules import Deck
    >>> dealt_table(Ruleset.scopa(), 1, Deck.standard(), -1)
    CardSet('7D JD QD KD')
    """
    hands = [0] * 40
    table, _ = deal_hand(rules, dealer, deck_bytes(deck.cards), keep_first, hands)
    return CardSet.from_mask(table)


def deck_bytes(cards: Sequence[Card]) -> bytes:
    """The card indexes of ``cards`` in order, as the deal reads a deck."""
    return bytes([card.index for card in cards])


def sweep_the_deal(
    rules: Ruleset, dealer: int, table: int, piles: list[int], sweeps: list[int]
) -> int:
    """Escoba's sweeps at the deal (``initial_fifteen_sweeps``): the
    dealer's side takes a table that makes them into its pile (``piles``
    and ``sweeps`` by side).  Return how many (the table is then empty and
    the dealer the last capturer) or 0."""
    swept = initial_sweeps(rules, table)
    if swept:
        side = rules.seat_sides[dealer]
        piles[side] |= table
        sweeps[side] += swept
    return swept


_ACES = CardSet.of_rank(CardSet.from_mask((1 << 40) - 1), Rank.ACE).mask


def needs_redeal(rules: Ruleset, table: int) -> bool:
    """Whether the initial table (a mask) holds enough kings, or enough aces,
    for a redeal (``redeal_kings``, ``redeal_aces``)."""
    kings = rules.redeal_kings
    aces = rules.redeal_aces
    return (kings is not None and (table & _KINGS).bit_count() >= kings) or (
        aces is not None and (table & _ACES).bit_count() >= aces
    )


def initial_sweeps(rules: Ruleset, table: int) -> int:
    """Escoba's sweeps for the dealer when the initial table (a mask) adds up
    to 15 (one) or 30 (two); 0 otherwise or when the option is off."""
    if not rules.initial_fifteen_sweeps or not table:
        return 0
    values = rules._values
    total = sum(values[index] for index in range(40) if table >> index & 1)
    return {15: 1, 30: 2}.get(total, 0)
