"""Whether a mid-hand position can occur in a real game under its rules.

:meth:`GameState.from_position() <scopa_rules.GameState.from_position>` checks
first that the position is well formed (every card once, hand sizes a round
can leave, a stock of whole deals); this module then refuses what no game
reaches, so that a save, a record or a puzzle cannot describe an impossible
game.  A position is one hand's: its 40 cards are that hand's deck, and its
piles and sweeps are that hand's, so the stock and the hand sizes tell how
many cards each seat has played this hand (every deal so far gave each seat
``hand_size`` cards).  Each condition follows from the rules of RULES.md:

* a hand in play has had its first deal, so the stock holds at most what
  the table and one deal leave;
* every capture puts the played card and at least one table card into a
  pile, so a pile never holds exactly one card, a sweep costs at least two
  cards (Escoba's initial sweeps are the exception: a dealt table of three
  cards can add up to 30 and score two), and a side that has captured has
  a last capturer, who plays for a side that has captured;
* a pile holds its side's captures, each made by one of the cards its seats
  played (besides the dealt table an initial fifteen sweep gives the
  dealer's side): a side whose seats have played no card has an empty pile,
  a side has at most one sweep per card it played, and without
  ``ace_takes_all`` one capture takes at most 8 cards by value (a king with
  A A A A 2 2 2) or 9 by fifteen (an ace with A A A 2 2 2 2 3), the played
  card included; the last capturer has played a card (or is the dealer,
  after an initial sweep);
* a capture needs a card on the table, and once a sweep (or an empty deal)
  has emptied it only a trailed card puts one there, so the sweeps and the
  captures the piles need fit in the cards played;
* a round begins with the seat after the dealer, so the hand sizes and the
  seat to move fix the dealer;
* a game whose leader has reached the target alone is over;
* a card that could capture is never trailed under a capture compulsion, so
  under value capture a value already on the table is never trailed onto
  it: cards of equal value lie on the table together only when the deal put
  them there, so they are at most the ``table_size`` dealt, and the table
  holds at most its dealt cards and one trailed card per value.

``_positions`` checks the table as dealt when no card has been played yet
(a redeal, an initial sweep).  Left unchecked: which cards a pile's
captures could have been (whether their values add up), whether the
table's cards could have been trailed in that order, and where a seat's
plays fall relative to another's sweeps (each needs the order of the plays,
not only their count); and two consequences that hand-made test positions
still break, though no game reaches them: a table emptied mid-hand was
emptied by the last play (a sweep by the seat before the one to move, then
the last capturer), and equal values on the table are dealt cards, which a
sweep would have cleared (so no side has swept).

>>> import scopa_rules as sr
>>> sr.GameState.from_position(sr.Ruleset.scopa(), hands=["5D KC", "AS 6C"],
...     table="2S 5H", piles=["", sr.ALL_CARDS - sr.CardSet("5D KC AS 6C 2S 5H")],
...     scores=[50, 0], last_capturer=1)
Traceback (most recent call last):
...
scopa_rules.errors.InvalidStateError: side 0 has 50 points, at or past the target of 11 and ahead of every other side: that game is over, it has no hand in play
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .cards import Card, CardSet, Rank
from .errors import InvalidStateError
from .rules import CaptureCompulsion, CaptureMode, Ruleset

_TRAILED_VALUES = 10  # one trailed card per capture value, A to K

# The most cards one capture puts into a pile, the played card included,
# without ace_takes_all: by value a king takes A A A A 2 2 2 (seven cards
# adding up to 10); by fifteen an ace takes A A A 2 2 2 2 3 (eight adding up
# to 14), as a two takes A A A A 2 2 2 3 (13) and a three A A A A 2 2 2 2 (12).
_MOST_TAKEN = {
    CaptureMode.MATCH: 8,
    CaptureMode.FIFTEEN: 9,
    CaptureMode.MATCH_OR_FIFTEEN: 9,
}


def _match_compulsory(rules: Ruleset) -> bool:
    """Whether a card whose value lies on the table can never be trailed: it
    can take that card, and a card (or a hand) that can capture must."""
    return (
        rules.capture_compulsion is not CaptureCompulsion.NONE
        and rules.capture_mode is not CaptureMode.FIFTEEN
    )


def _aces_trail_freely(rules: Ruleset) -> bool:
    """Whether an ace may be trailed onto a table ace: under
    ``ace_may_trail`` the take-all is never compulsory, and it is the
    capture of a lone table ace too (where a table ace does not block it,
    or where the player may choose it), so aces are left out."""
    return rules.ace_takes_all and rules.ace_may_trail


def most_shared(rules: Ruleset) -> int:
    """The most table cards that can share their value with another table
    card when value matches are compulsory (see :func:`shared_values`):
    only the deal lays them there, and one dealt card alone shares with
    nothing."""
    return rules.table_size if rules.table_size >= 2 else 0


def shared_values(rules: Ruleset, table: CardSet) -> CardSet:
    """The cards of ``table`` that share their value with another, where
    that limits the table (value matches compulsory; aces that trail freely
    left out); none where any card may be trailed onto its value.

    >>> import scopa_rules as sr
    >>> shared_values(sr.Ruleset.scopa(), sr.CardSet("5D 5H 6D KC"))
    CardSet('5D 5H')
    >>> shared_values(sr.Ruleset.escoba(), sr.CardSet("5D 5H 6D KC"))
    CardSet('')
    """
    if not _match_compulsory(rules):
        return CardSet()
    free_aces = _aces_trail_freely(rules)
    by_rank: dict[Rank, list[Card]] = {}
    for card in table:
        if not (free_aces and card.rank is Rank.ACE):
            by_rank.setdefault(card.rank, []).append(card)
    return CardSet(
        card for cards in by_rank.values() if len(cards) > 1 for card in cards
    )


def most_taken(rules: Ruleset) -> int | None:
    """The most cards one capture puts into a pile, the played card
    included; ``None`` under ``ace_takes_all``, whose ace takes any table.

    >>> import scopa_rules as sr
    >>> most_taken(sr.Ruleset.scopa()), most_taken(sr.Ruleset.escoba())
    (8, 9)
    """
    return None if rules.ace_takes_all else _MOST_TAKEN[rules.capture_mode]


def table_limit(rules: Ruleset) -> int:
    """The most cards the table can hold mid-hand under ``rules``.

    >>> import scopa_rules as sr
    >>> table_limit(sr.Ruleset.scopa()), table_limit(sr.Ruleset.escoba())
    (14, 40)
    """
    if not _match_compulsory(rules):
        # Any card may be trailed, or a trail is refused only when it makes
        # fifteen with the table: no bound tighter than the deck.
        return 40
    # Each capture value can be trailed once at most (a second card of the
    # value would capture the first), beside the dealt cards of values that
    # lie there more than once; where aces trail freely, every ace can.
    if _aces_trail_freely(rules):
        return min(40, most_shared(rules) + _TRAILED_VALUES - 1 + 4)
    return min(40, most_shared(rules) + _TRAILED_VALUES)


def _fewest_pile(rules: Ruleset, sweeps: int, dealers_side: bool) -> int:
    """The fewest cards a side's pile holds after ``sweeps`` sweeps."""
    if sweeps >= 2 and dealers_side and rules.initial_fifteen_sweeps:
        return 2 * sweeps - 1  # two initial sweeps from three cards adding to 30
    return 2 * sweeps


@lru_cache(maxsize=64)
def _dealt_totals(table_size: int) -> frozenset[int]:
    """Every total the capture values of ``table_size`` cards can make (four
    cards of each value 1 to 10, whichever capture values apply)."""
    totals = {0: frozenset({0})}  # cards taken -> totals
    for value in range(1, 11):
        grown: dict[int, set[int]] = {}
        for count, sums in totals.items():
            for more in range(min(4, table_size - count) + 1):
                grown.setdefault(count + more, set()).update(
                    total + more * value for total in sums
                )
        totals = {count: frozenset(sums) for count, sums in grown.items()}
    return totals.get(table_size, frozenset())


def _initial_sweeps(rules: Ruleset) -> tuple[int, ...]:
    """The sweeps an initial fifteen sweep can score under ``rules``: 1 for a
    dealt table adding up to 15, 2 for 30, where that many cards can."""
    if not rules.initial_fifteen_sweeps or not rules.table_size:
        return ()
    totals = _dealt_totals(rules.table_size)
    return tuple(n for n, total in ((1, 15), (2, 30)) if total in totals)


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def _sweeps(count: int) -> str:
    return f"{count} sweep{'' if count == 1 else 's'}"


def check_reachable(
    rules: Ruleset,
    *,
    hand_sizes: Sequence[int],
    table: CardSet,
    stock_size: int,
    pile_sizes: Sequence[int],
    sweeps: Sequence[int],
    scores: Sequence[int],
    current_player: int,
    dealer: int,
    last_capturer: int | None,
) -> tuple[int, ...]:
    """Raise :class:`~scopa_rules.InvalidStateError` if no game under
    ``rules`` reaches a mid-hand position with these parts (already checked
    to be well formed); otherwise return how many cards each seat has
    played this hand.

    >>> import scopa_rules as sr
    >>> check_reachable(sr.Ruleset.scopa(), hand_sizes=[1, 1], table=sr.CardSet("AD 2D"),
    ...     stock_size=0, pile_sizes=[0, 36], sweeps=[0, 0], scores=[0, 0],
    ...     current_player=0, dealer=1, last_capturer=None)
    Traceback (most recent call last):
    ...
    scopa_rules.errors.InvalidStateError: side 1 has captured (its pile holds 36 cards), so the position needs a last_capturer, not None
    >>> check_reachable(sr.Ruleset.scopa(), hand_sizes=[1, 1], table=sr.CardSet("AD 2D"),
    ...     stock_size=0, pile_sizes=[0, 36], sweeps=[0, 0], scores=[0, 0],
    ...     current_player=0, dealer=1, last_capturer=1)
    (17, 17)
    """
    _check_scores(rules, scores)
    _check_dealer(hand_sizes, current_player, dealer)
    played = _played(rules, hand_sizes, stock_size)
    dealers_side = rules.side_of(dealer)
    for side, (size, swept) in enumerate(zip(pile_sizes, sweeps, strict=True)):
        if size == 1:
            raise InvalidStateError(
                f"side {side}'s pile holds a single card: every capture takes the "
                "played card and at least one table card"
            )
        fewest = _fewest_pile(rules, swept, side == dealers_side)
        if size < fewest:
            raise InvalidStateError(
                f"side {side} has {swept} sweeps but {_cards(size)} in its pile: "
                f"that many sweeps put at least {_cards(fewest)} there"
            )
    captured = [side for side, size in enumerate(pile_sizes) if size]
    if last_capturer is None:
        if captured:
            raise InvalidStateError(
                f"side {captured[0]} has captured (its pile holds "
                f"{_cards(pile_sizes[captured[0]])}), so the position needs a "
                "last_capturer, not None"
            )
    elif not pile_sizes[rules.side_of(last_capturer)]:
        raise InvalidStateError(
            f"last_capturer is seat {last_capturer}, but its side "
            f"{rules.side_of(last_capturer)} has captured nothing (its pile is empty)"
        )
    limit = table_limit(rules)
    if len(table) > limit:
        raise InvalidStateError(
            f"the table holds {len(table)} cards, more than these rules allow "
            f"mid-hand ({limit}: the {rules.table_size} dealt and one trailed card "
            "per value, since a card that could capture is never trailed)"
        )
    _check_table_values(rules, table)
    _check_plays(rules, played, pile_sizes, sweeps, dealer, last_capturer)
    return played


def _played(
    rules: Ruleset, hand_sizes: Sequence[int], stock_size: int
) -> tuple[int, ...]:
    """How many cards each seat has played this hand: every deal so far gave
    each seat ``hand_size`` cards, and the stock holds the deals to come."""
    deal = rules.players * rules.hand_size
    dealt = 40 - rules.table_size - stock_size
    if dealt < deal:
        # Only a dealt table can leave room for such a stock: it is a whole
        # number of deals, and some hand holds a card.
        raise InvalidStateError(
            f"the stock holds {_cards(stock_size)}, more than a hand in play "
            f"leaves: its first deal gives the seats {deal} cards and the table "
            f"{rules.table_size}, so at most {_cards(40 - rules.table_size - deal)} "
            "are left in the stock"
        )
    each = dealt // deal * rules.hand_size
    return tuple(each - held for held in hand_sizes)


def _check_table_values(rules: Ruleset, table: CardSet) -> None:
    """Under compulsory value matches, cards of one value lie on the table
    together only as the deal put them there."""
    shared = shared_values(rules, table)
    most = most_shared(rules)
    if len(shared) <= most:
        return
    why = (
        f"under capture_mode {rules.capture_mode} and capture_compulsion "
        f"{rules.capture_compulsion} a card whose value lies on the table must "
        "capture, so it is never trailed there"
    )
    could = (
        f"at most {most} table cards can share a value"
        if most
        else "no two table cards can share a value"
    )
    raise InvalidStateError(
        f"the table holds {shared}, {len(shared)} cards that share their value "
        f"with another table card, but only the deal lays such cards together: "
        f"{why}; the deal lays {_cards(rules.table_size)} on the table, so "
        f"{could}"
    )


def _check_plays(
    rules: Ruleset,
    played: Sequence[int],
    pile_sizes: Sequence[int],
    sweeps: Sequence[int],
    dealer: int,
    last_capturer: int | None,
) -> None:
    """The piles, sweeps and last capturer fit the cards played: tried
    without an initial fifteen sweep, then with each one the rules and the
    table size allow (the first refusal is the one reported)."""
    first = ""
    for initial in (0, *_initial_sweeps(rules)):
        error = _plays_error(
            rules, played, pile_sizes, sweeps, dealer, last_capturer, initial
        )
        if error is None:
            return
        first = first or error
    raise InvalidStateError(first)


def _plays_error(
    rules: Ruleset,
    played: Sequence[int],
    pile_sizes: Sequence[int],
    sweeps: Sequence[int],
    dealer: int,
    last_capturer: int | None,
    initial: int,
) -> str | None:
    """Why the piles and sweeps cannot come from ``played`` after
    ``initial`` initial sweeps for the dealer's side, or None if they can."""
    dealt = rules.table_size
    dealers_side = rules.side_of(dealer)
    plays = sum(played)
    most = most_taken(rules)
    scored = " or ".join(str(n) for n in _initial_sweeps(rules))
    captures = sweeps_made = 0
    for side in range(rules.sides):
        pile, swept = pile_sizes[side], sweeps[side]
        seats = rules.seats_of(side)
        by_side = sum(played[seat] for seat in seats)
        at_deal = initial if side == dealers_side else 0
        taken = pile - (dealt if at_deal else 0)  # cards captures put there
        made = swept - at_deal  # sweeps made by plays
        pile_note = sweep_note = most_note = ""
        if side == dealers_side and scored:
            pile_note = (
                f" (or hold just the {_cards(dealt)} dealt to the table, if an "
                "initial fifteen sweep gave them to the dealer)"
            )
            sweep_note = f" and {scored} from an initial fifteen sweep"
            most_note = (
                f", besides the {_cards(dealt)} an initial fifteen sweep gives the "
                "dealer"
            )
        if taken < 0 or made < 0 or taken == 1:
            return "no initial sweep leaves these cards and sweeps"  # never first
        whose = (
            f"seat {seats[0]}"
            if len(seats) == 1
            else "seats " + ", ".join(str(seat) for seat in seats)
        )
        if taken and not by_side:
            whose_pile = f"side {side}'s" if plays else "every"
            when = (
                "no card of this hand has been played yet (every hand is full and "
                "the stock holds all but the first deal)"
                if not plays
                else f"its {whose} {'has' if len(seats) == 1 else 'have'} played no "
                "card this hand"
            )
            return (
                f"side {side}'s pile holds {_cards(pile)}, but {when}: a pile holds "
                "only the cards of its side's captures, each made by playing a "
                f"card, so {whose_pile} pile must be empty{pile_note}"
            )
        if made > by_side:
            return (
                f"side {side} has {_sweeps(swept)}, but its {whose} played "
                f"{_cards(by_side)} this hand: each sweep is a capture made by "
                f"playing a card, so side {side} has at most {_sweeps(by_side)}"
                f"{sweep_note}"
            )
        if taken < 2 * made:
            # Only with an initial sweep's share: the pile sizes were checked
            # against the sweeps already.
            return (
                f"side {side} has {_sweeps(swept)} but {_cards(pile)} in its pile: "
                "each sweep made by playing a card puts at least 2 cards there"
                f"{most_note}"
            )
        if most is not None and taken > most * by_side:
            return (
                f"side {side}'s pile holds {_cards(pile)}, but its {whose} played "
                f"{_cards(by_side)} this hand: under capture_mode "
                f"{rules.capture_mode} one capture puts at most {_cards(most)} in "
                f"a pile, the played card included, so at most "
                f"{_cards(most * by_side)}{most_note}"
            )
        if taken:
            captures += max(1, made)
        sweeps_made += made
    if (
        last_capturer is not None
        and not played[last_capturer]
        and not (initial and last_capturer == dealer)
    ):
        return (
            f"last_capturer is seat {last_capturer}, but seat {last_capturer} has "
            "played no card this hand: a capture is made by playing a card"
            + (
                " (only the dealer can be the last capturer before playing, after "
                "an initial fifteen sweep)"
                if scored
                else ""
            )
        )
    opened = 1 if dealt and not initial else 0  # the dealt table: no trail needed
    trails = max(0, max(sweeps_made, 1 if captures else 0) - opened)
    if captures + trails > plays:
        # Only the dealt table's cards let captures outrun the plays: with
        # none, every capture's two cards come from the plays themselves.
        return (
            f"the piles and sweeps need {captures} capture{'s' if captures != 1 else ''}"
            f" ({sweeps_made} of them sweeps) and {trails} trailed "
            f"card{'s' if trails != 1 else ''} besides, {captures + trails} plays, "
            f"but {_cards(plays)} have been played this hand: every capture needs a "
            "card on the table, which is empty after each sweep until a card is "
            "trailed"
        )
    return None


def _check_scores(rules: Ruleset, scores: Sequence[int]) -> None:
    top = max(scores)
    if top >= rules.target_score and scores.count(top) == 1:
        raise InvalidStateError(
            f"side {scores.index(top)} has {top} points, at or past the target of "
            f"{rules.target_score} and ahead of every other side: that game is "
            "over, it has no hand in play"
        )


def _check_dealer(hand_sizes: Sequence[int], current_player: int, dealer: int) -> None:
    players = len(hand_sizes)
    held = hand_sizes[current_player]
    # Read in playing order from the seat to move, the seats still to play
    # in this round hold one card more than those that have played; the
    # round began after the dealer, who plays last.
    behind = next(
        (
            k
            for k in range(1, players)
            if hand_sizes[(current_player + k) % players] != held
        ),
        players,
    )
    expected = (current_player + behind - 1) % players
    if dealer != expected:
        raise InvalidStateError(
            f"with hand sizes {list(hand_sizes)} and seat {current_player} to move, "
            f"the dealer must be seat {expected} (a round begins with the seat after "
            f"the dealer), not seat {dealer}"
        )
