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

:data:`OBSERVATION_VERSION` changes whenever the layout does (Cirulla's
declared hands, for one, will add a block of cards known to be in the other
hands).

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

from .cards import Card, CardSet, _from_mask
from .errors import InvalidStateError, shown
from .rules import CaptureCompulsion, CaptureMode, CaptureRule, CaptureValues, Ruleset
from .state import Phase
from .views import PlayerView

__all__ = [
    "OBSERVATION_VERSION",
    "observation_bounds",
    "observation_layout",
    "observation_size",
    "observe",
]

OBSERVATION_VERSION = 1
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


def _blocks(rules: Ruleset) -> tuple[tuple[str, int], ...]:
    n, s = rules.players, rules.sides
    return (
        ("hand", 40),
        ("table", 40),
        ("piles", 40 * s),
        ("unseen", 40),
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
        ("scores", float(rules.target_score + _MOST_HAND_POINTS)),
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
    rules = view.rules
    n, s = rules.players, rules.sides
    seat = view.seat
    side = rules.side_of(seat)
    out: list[float] = []

    def cards(mask: int) -> None:
        out.extend(float(mask >> i & 1) for i in range(40))

    def one_hot(index: int | None, size: int) -> None:
        out.extend(float(i == index) for i in range(size))

    def relative(index: int | None, size: int, own: int) -> int | None:
        return None if index is None else (index - own) % size

    cards(view.hand.mask)
    cards(view.table.mask)
    for r in range(s):
        cards(view.piles[(side + r) % s].mask)
    cards(view.unseen.mask)
    cards(0 if view.first_card is None else view.first_card.mask)
    cards(0 if played is None else played.mask)
    cards(taken.mask)
    one_hot(relative(view.current_player, n, seat), n)
    one_hot(relative(view.dealer, n, seat), n)
    one_hot(relative(view.last_capturer, n, seat), n)
    out.extend(float(view.hand_sizes[(seat + r) % n]) for r in range(n))
    out.append(float(view.stock_size))
    out.extend(float(view.sweeps[(side + r) % s]) for r in range(s))
    out.extend(float(view.scores[(side + r) % s]) for r in range(s))
    one_hot(_PHASES.index(view.phase), len(_PHASES))
    out.extend(
        (float(view.first_card_kept is True), float(view.first_card_kept is False))
    )
    one_hot(_MODES.index(rules.capture_mode), len(_MODES))
    one_hot(_CAPTURE_RULES.index(rules.capture_rule), len(_CAPTURE_RULES))
    one_hot(_COMPULSIONS.index(rules.capture_compulsion), len(_COMPULSIONS))
    out.extend(
        (
            float(rules.ace_takes_all),
            float(rules.first_card_choice),
            float(rules.capture_values is CaptureValues.CHKOBBA),
            float(rules.hand_size),
            float(rules.target_score),
        )
    )
    return tuple(out)
