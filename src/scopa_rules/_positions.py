"""Positions given by hand: :meth:`~scopa_rules.GameState.from_position`'s
validation, and the state it builds.

Every card must be in one place, hand sizes and the stock must be ones a
deal can leave, and the rest must be reachable (see ``_reachable``: the
piles, sweeps, last capturer and table must fit the cards each seat has
played this hand).  When no card has been played yet the table is the one
dealt (or the dealer's side took it with an initial fifteen sweep), so it
must be a table the rules do not redeal and that is swept exactly when it
adds up to 15 or 30.  Each refusal is an
:class:`~scopa_rules.InvalidStateError` that names the offending part.

>>> import scopa_rules as sr
>>> sr.GameState.from_position(sr.Ruleset.scopa(), hands=["7D", "KS", "AD"])
Traceback (most recent call last):
...
scopa_rules.errors.InvalidStateError: these rules have 2 seats: give 2 hands, not 3
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from ._history import NO_HANDS
from ._reachable import check_reachable
from .cards import ALL_CARDS, Card, CardSet
from .dealing import initial_sweeps, needs_redeal
from .deck import check_seed
from .errors import InvalidStateError, NotationError, shown
from .rules import Ruleset
from .state import DealSource, GameState, Phase, Position, is_seat, make_state

__all__: list[str] = []

# The fields a Position gives a state directly (all but current_player,
# which the state keeps as the seat to move).
_POSITION_FIELDS = tuple(
    name for name in attrs.fields_dict(Position) if name != "current_player"
)


def position_state(
    rules: Ruleset,
    *,
    hands: Sequence[CardSet | str | Iterable[Card | str]],
    table: CardSet | str | Iterable[Card | str],
    stock: str | Iterable[Card | str],
    piles: Sequence[CardSet | str | Iterable[Card | str]] | None,
    sweeps: Sequence[int] | None,
    scores: Sequence[int] | None,
    current_player: int | None,
    dealer: int | None,
    last_capturer: int | None,
    seed: int | None,
) -> GameState:
    """The state of a validated mid-hand position (the arguments of
    :meth:`~scopa_rules.GameState.from_position`, which documents them)."""
    if not isinstance(rules, Ruleset):
        raise InvalidStateError(f"rules must be a Ruleset, not {shown(rules)}")
    players, sides = rules.players, rules.sides
    if not isinstance(hands, Iterable) or isinstance(hands, str):
        raise InvalidStateError(f"hands must be one hand per seat, not {shown(hands)}")
    hand_sets = tuple(_card_set(h, "a hand") for h in hands)
    if len(hand_sets) != players:
        raise InvalidStateError(
            f"these rules have {players} seats: give {players} hands, not {len(hand_sets)}"
        )
    table_set = _card_set(table, "the table")
    stock_cards = _card_list(stock)
    if piles is not None and (
        not isinstance(piles, Iterable) or isinstance(piles, str)
    ):
        raise InvalidStateError(f"piles must be one pile per side, not {shown(piles)}")
    pile_sets = (
        tuple(_card_set(p, "a pile") for p in piles)
        if piles is not None
        else (CardSet(),) * sides
    )
    sweep_counts = _counts(sweeps, sides, "sweeps")
    score_counts = _counts(scores, sides, "scores")
    if len(pile_sets) != sides:
        raise InvalidStateError(
            f"these rules have {sides} sides: give {sides} piles, not {len(pile_sets)}"
        )
    places = [(f"seat {i}'s hand", h) for i, h in enumerate(hand_sets)]
    places += [("table", table_set), ("stock", CardSet(stock_cards))]
    places += [(f"side {i}'s pile", p) for i, p in enumerate(pile_sets)]
    _check_all_cards(places)
    sizes = [len(h) for h in hand_sets]
    if not any(sizes):
        raise InvalidStateError("every hand is empty: nobody could move")
    if max(sizes) > rules.hand_size:
        raise InvalidStateError(
            f"a hand holds {max(sizes)} cards; these rules deal {rules.hand_size}"
        )
    if len(stock_cards) % (players * rules.hand_size):
        raise InvalidStateError(
            f"the stock holds {len(stock_cards)} cards, not a whole number of "
            f"deals of {players * rules.hand_size}"
        )
    if current_player is None:
        current_player = _default_to_move(sizes, dealer, players)
    if not is_seat(current_player, players):
        raise InvalidStateError(
            f"current_player must be a seat from 0 to {players - 1}, not {shown(current_player)}"
        )
    order = [sizes[(current_player + k) % players] for k in range(players)]
    k = order[0]
    drop = next((i for i, n in enumerate(order) if n != k), players)
    if k == 0 or any(n != k - 1 for n in order[drop:]):
        raise InvalidStateError(
            f"hand sizes {sizes} cannot occur with seat {current_player} to move: "
            "read in playing order from the seat to move, hands hold k cards and "
            "then k - 1"
        )
    if dealer is None:
        dealer = (
            (current_player - 1) % players
            if drop == players
            else ((current_player + drop - 1) % players)
        )
    if not is_seat(dealer, players):
        raise InvalidStateError(
            f"dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}"
        )
    if last_capturer is not None and not is_seat(last_capturer, players):
        raise InvalidStateError(
            f"last_capturer must be a seat from 0 to {players - 1} or None, "
            f"not {shown(last_capturer)}"
        )
    played = check_reachable(
        rules,
        hand_sizes=sizes,
        table=table_set,
        stock_size=len(stock_cards),
        pile_sizes=[len(pile) for pile in pile_sets],
        sweeps=sweep_counts,
        scores=score_counts,
        current_player=current_player,
        dealer=dealer,
        last_capturer=last_capturer,
    )
    if not any(played):
        _check_as_dealt(rules, table_set, pile_sets, sweep_counts, dealer)
    check_seed(seed, optional=True)
    position = Position(
        hands=hand_sets,
        table=table_set,
        stock=tuple(stock_cards),
        piles=pile_sets,
        sweeps=sweep_counts,
        scores=score_counts,
        current_player=current_player,
        dealer=dealer,
        last_capturer=last_capturer,
    )
    return make_state(
        rules=rules,
        phase=Phase.PLAY,
        hand_number=0,
        first_card=None,
        winner=None,
        hand_results=NO_HANDS,
        to_move=current_player,
        deals_used=0,
        source=DealSource(seed=seed, decks=(), dealer=dealer, position=position),
        **{name: getattr(position, name) for name in _POSITION_FIELDS},
        hand_decks=(),
        move_links=(),
    )


def _check_as_dealt(
    rules: Ruleset,
    table: CardSet,
    piles: Sequence[CardSet],
    sweeps: Sequence[int],
    dealer: int,
) -> None:
    """No card of the hand has been played: the table is as dealt, or the
    dealer's side took it at once with an initial fifteen sweep (then
    ``check_reachable`` has left it the only pile, of ``table_size`` cards).
    Either way it is a table the deal keeps (no redeal), and it is swept
    exactly when it adds up to 15 or 30."""
    side = rules.side_of(dealer)
    taken = piles[side]
    dealt = taken or table
    where = f"in side {side}'s pile" if taken else "on the table"
    if needs_redeal(rules, dealt.mask):
        triggers = ", ".join(
            f"redeal_{name}={count}"
            for name, count in (
                ("kings", rules.redeal_kings),
                ("aces", rules.redeal_aces),
            )
            if count is not None
        )
        raise InvalidStateError(
            f"no card of this hand has been played yet, so {dealt}, {where}, is "
            f"the table as dealt; these rules deal such a table again ({triggers}), "
            "so no hand is played from it"
        )
    swept = initial_sweeps(rules, dealt.mask)
    total = sum(rules.capture_value(card.rank) for card in dealt)
    count = "one sweep" if swept == 1 else "two sweeps"
    if not taken and swept:
        raise InvalidStateError(
            f"no card of this hand has been played yet, so the table is as dealt, "
            f"{dealt}: it adds up to {total}, and under initial_fifteen_sweeps the "
            f"dealer takes such a table at once ({count}), so the table would be "
            f"empty and side {side}'s pile would hold it"
        )
    if taken and swept != sweeps[side]:
        scored = (
            f"scores {count}"
            if swept
            else "is not an initial fifteen sweep (the table must add up to 15 or 30)"
        )
        raise InvalidStateError(
            f"no card of this hand has been played yet, so side {side}'s pile holds "
            f"the table as dealt, taken by the dealer: {dealt} adds up to {total}, "
            f"which {scored}, but side {side} has {sweeps[side]}"
        )


def _card_set(value: object, what: str) -> CardSet:
    if isinstance(value, CardSet):
        return value
    if not isinstance(value, (str, Iterable)):
        raise InvalidStateError(
            f"{what} must be cards or card text, not {shown(value)}"
        )
    try:
        return CardSet(value)
    except NotationError as error:
        raise InvalidStateError(f"in {what}: {error}") from None


def _card_list(value: object) -> list[Card]:
    if not isinstance(value, (str, Iterable)):
        raise InvalidStateError(
            f"the stock must be cards or card text, not {shown(value)}"
        )
    items = value.replace(",", " ").split() if isinstance(value, str) else value
    try:
        cards = [item if isinstance(item, Card) else Card.parse(item) for item in items]
    except NotationError as error:
        raise InvalidStateError(f"in the stock: {error}") from None
    seen = 0
    for card in cards:
        if seen & card.mask:
            raise InvalidStateError(f"card {card} appears twice in the stock")
        seen |= card.mask
    return cards


def _counts(values: Sequence[int] | None, sides: int, what: str) -> tuple[int, ...]:
    if values is None:
        return (0,) * sides
    if not isinstance(values, Iterable) or isinstance(values, str):
        raise InvalidStateError(
            f"{what} must be {sides} whole numbers (one per side), not {shown(values)}"
        )
    counts = tuple(values)
    if len(counts) != sides or not all(
        isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 1_000_000
        for n in counts
    ):
        raise InvalidStateError(
            f"{what} must be {sides} whole numbers from 0 to 1,000,000 (one per side), "
            f"not {shown(values)}"
        )
    return counts


def _check_all_cards(places: list[tuple[str, CardSet]]) -> None:
    seen: dict[Card, str] = {}
    for name, cards in places:
        for card in cards:
            if card in seen:
                raise InvalidStateError(
                    f"card {card} is both in {seen[card]} and in {name}"
                )
            seen[card] = name
    missing = ALL_CARDS - CardSet(seen)
    if missing:
        raise InvalidStateError(
            f"the position is missing {len(missing)} card{'s' if len(missing) > 1 else ''}: {missing}"
        )


def _default_to_move(sizes: list[int], dealer: int | None, players: int) -> int:
    """The seat that must be to move for these hand sizes: the one holding
    the most cards right after a seat holding fewer.  When all hands are
    equal, the seat after the dealer (seat 0 without a dealer)."""
    if len(set(sizes)) == 1:
        return (dealer + 1) % players if isinstance(dealer, int) else 0
    most = max(sizes)
    return next(
        seat
        for seat in range(players)
        if sizes[seat] == most and sizes[seat - 1] != most
    )
