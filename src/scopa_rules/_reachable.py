"""Whether a mid-hand position can occur in a real game under its rules.

:meth:`GameState.from_position() <scopa_rules.GameState.from_position>` checks
first that the position is well formed (every card once, hand sizes a round
can leave, a stock of whole deals); this module then refuses what no game
reaches, so that a save, a record or a puzzle cannot describe an impossible
game.  Each condition follows from the rules of RULES.md:

* every capture puts the played card and at least one table card into a
  pile, so a pile never holds exactly one card, a sweep costs at least two
  cards (Escoba's initial sweeps are the exception: a dealt table of three
  cards can add up to 30 and score two), and a side that has captured has
  a last capturer, who plays for a side that has captured;
* a round begins with the seat after the dealer, so the hand sizes and the
  seat to move fix the dealer;
* a game whose leader has reached the target alone is over;
* a card that could capture is never trailed under a capture compulsion, so
  a value already on the table is never trailed onto it: under value capture
  the table holds at most its dealt cards and one trailed card per value.

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

from .errors import InvalidStateError
from .rules import CaptureCompulsion, CaptureMode, Ruleset

_TRAILED_VALUES = 10  # one trailed card per capture value, A to K


def table_limit(rules: Ruleset) -> int:
    """The most cards the table can hold mid-hand under ``rules``.

    >>> import scopa_rules as sr
    >>> table_limit(sr.Ruleset.scopa()), table_limit(sr.Ruleset.escoba())
    (14, 40)
    """
    if (
        rules.capture_compulsion is CaptureCompulsion.NONE
        or rules.capture_mode is CaptureMode.FIFTEEN
    ):
        # Any card may be trailed, or a trail is refused only when it makes
        # fifteen with the table: no bound tighter than the deck.
        return 40
    # Each capture value can be trailed once at most (a second card of the
    # value would capture the first); under ace_may_trail every ace can.
    extra_aces = 3 if rules.ace_takes_all and rules.ace_may_trail else 0
    return min(40, rules.table_size + _TRAILED_VALUES + extra_aces)


def _fewest_pile(rules: Ruleset, sweeps: int, dealers_side: bool) -> int:
    """The fewest cards a side's pile holds after ``sweeps`` sweeps."""
    if sweeps >= 2 and dealers_side and rules.initial_fifteen_sweeps:
        return 2 * sweeps - 1  # two initial sweeps from three cards adding to 30
    return 2 * sweeps


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def check_reachable(
    rules: Ruleset,
    *,
    hand_sizes: Sequence[int],
    table_size: int,
    pile_sizes: Sequence[int],
    sweeps: Sequence[int],
    scores: Sequence[int],
    current_player: int,
    dealer: int,
    last_capturer: int | None,
) -> None:
    """Raise :class:`~scopa_rules.InvalidStateError` if no game under
    ``rules`` reaches a mid-hand position with these parts (already checked
    to be well formed).

    >>> import scopa_rules as sr
    >>> check_reachable(sr.Ruleset.scopa(), hand_sizes=[1, 1], table_size=2,
    ...     pile_sizes=[0, 36], sweeps=[0, 0], scores=[0, 0], current_player=0,
    ...     dealer=1, last_capturer=None)
    Traceback (most recent call last):
    ...
    scopa_rules.errors.InvalidStateError: side 1 has captured (its pile holds 36 cards), so the position needs a last_capturer, not None
    """
    _check_scores(rules, scores)
    _check_dealer(hand_sizes, current_player, dealer)
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
    if table_size > limit:
        raise InvalidStateError(
            f"the table holds {table_size} cards, more than these rules allow "
            f"mid-hand ({limit}: the {rules.table_size} dealt and one trailed card "
            "per value, since a card that could capture is never trailed)"
        )


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
