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
from .rules import Ruleset

__all__: list[str] = []

_KINGS = CardSet.of_rank(CardSet.from_mask((1 << 40) - 1), Rank.KING).mask


def _mask_of(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def deal_round(
    rules: Ruleset, dealer: int, cards: Sequence[Card], first: Sequence[Card] = ()
) -> tuple[list[int], int]:
    """Give every seat a packet from ``cards``, starting after the dealer.

    ``first`` is a card (or none) already given to the seat after the dealer.
    Returns the hands by seat (as masks) and how many of ``cards`` were used.
    """
    # Every refill of every hand comes here: seats and counts are C ints
    # when compiled (dealing.pxd), and the cards are read in place.
    players = rules.players
    size = rules.hand_size
    hands = [0] * players
    seat = dealer
    used = 0
    for offset in range(players):
        seat += 1
        if seat == players:
            seat = 0
        mask = 0
        take = size
        if offset == 0 and first:
            mask = _mask_of(first)
            take -= len(first)
        for index in range(used, used + take):
            mask |= cards[index].mask
        hands[seat] = mask
        used += take
    return hands, used


def deal_hand(
    rules: Ruleset, dealer: int, deck: Sequence[Card], keep_first: bool | None = None
) -> tuple[list[int], int, tuple[Card, ...]]:
    """Deal a whole deck: hands by seat and the table (as masks), and the
    ordered stock.

    ``keep_first`` is the Chkobba decision on ``deck[0]`` (``None`` when the
    rules have no first-card choice).
    """
    if keep_first is None:
        hands, used = deal_round(rules, dealer, deck)
        table = _mask_of(deck[used : used + rules.table_size])
        used += rules.table_size
    elif keep_first:
        hands, used = deal_round(rules, dealer, deck[1:], first=deck[:1])
        used += 1
        table = _mask_of(deck[used : used + rules.table_size])
        used += rules.table_size
    else:
        hands, used = deal_round(rules, dealer, deck[1:])
        used += 1
        rest = rules.table_size - 1
        table = deck[0].mask | _mask_of(deck[used : used + rest])
        used += rest
    return hands, table, tuple(deck[used:])


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
