"""Bots: players that choose a move for their seat from what it may know.

A bot is any object with a ``choose(view, rng)`` method that returns one of
``view.legal_moves()`` (the :class:`Bot` protocol).  The ``view`` is the
seat's :class:`PlayerView`, so a bot cannot look at cards its seat does not
see: fair play by construction.  Three come with the library, from the
simplest to the strongest:

* :class:`RandomBot` plays any legal move;
* :class:`GreedyBot` plays the move that takes the most right now;
* :class:`IsmctsBot` searches with information-set Monte Carlo tree search,
  guessing the cards it cannot see (:meth:`PlayerView.sample`) and playing
  the guesses out (:func:`playout`).

Every bot draws its randomness from the ``rng`` it is given, so a game
between bots is the same every time it is played from the same seed, and
:func:`play_game` plays one:

>>> import scopa_rules as sr
>>> rules = sr.Ruleset.scopa()
>>> final = sr.play_game(rules, [sr.GreedyBot(), sr.RandomBot()], seed=7)
>>> final.is_over, final == sr.play_game(rules, [sr.GreedyBot(), sr.RandomBot()], seed=7)
(True, True)

A baseline that must see everything (one that cheats, to measure how much
hidden information is worth) says so by implementing :class:`FullStateBot`
instead; :class:`FullStateAdapter` makes one of a function.
"""

from __future__ import annotations

import concurrent.futures
import math
import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

import attrs

from .._frozen import Frozen
from .._kernel import Greedy, sweep_counts
from ..captures import is_legal_capture
from ..cards import Card, CardSet, Rank
from ..errors import ArgumentError, InvalidStateError, shown
from ..moves import Move, MoveKind
from ..rules import CaptureMode, Ruleset
from ..state import GameState, new_game
from ..views import PlayerView
from .playouts import Playout, kernel_playout, random_playout

__all__ = [
    "Bot",
    "FullStateAdapter",
    "FullStateBot",
    "GreedyBot",
    "IsmctsBot",
    "RandomBot",
    "greedy_playout",
    "moves_to_choose",
    "play_game",
    "playout",
]


@runtime_checkable
class Bot(Protocol):
    """What a bot is: anything that chooses a legal move for its seat from
    the seat's view.

    ``choose`` must return one of ``view.legal_moves()`` and take all its
    randomness from ``rng``.

    >>> import random
    >>> import scopa_rules as sr
    >>> class FirstMoveBot:
    ...     def choose(self, view: sr.PlayerView, rng: random.Random) -> sr.Move:
    ...         return view.legal_moves()[0]
    >>> isinstance(FirstMoveBot(), sr.Bot), isinstance(sr.IsmctsBot(), sr.Bot)
    (True, True)
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move to play, seen from ``view`` (its seat is to move).

        >>> import random
        >>> import scopa_rules as sr
        >>> view = sr.new_game(seed=7).view(0)
        >>> sr.GreedyBot().choose(view, random.Random(1)) in view.legal_moves()
        True
        """


@runtime_checkable
class FullStateBot(Protocol):
    """A bot that reads the whole state, the other hands and the stock
    included: for cheating baselines and tests, never for fair play.
    :func:`play_game` and :func:`~scopa_rules.match` give such a bot the
    state instead of a view.

    >>> import random
    >>> import scopa_rules as sr
    >>> class Peeker:
    ...     def choose_with_full_state(self, state: sr.GameState, rng: random.Random) -> sr.Move:
    ...         return state.legal_moves()[-1]
    >>> isinstance(Peeker(), sr.FullStateBot), isinstance(sr.RandomBot(), sr.FullStateBot)
    (True, False)
    """

    def choose_with_full_state(self, state: GameState, rng: random.Random) -> Move:
        """The move to play in ``state``, hidden cards and all.

        >>> import random
        >>> import scopa_rules as sr
        >>> bot = sr.FullStateAdapter(lambda state, rng: state.legal_moves()[0])
        >>> bot.choose_with_full_state(sr.new_game(seed=7), random.Random(1))
        Move.parse('3D')
        """


@attrs.frozen
class FullStateAdapter:
    """A :class:`FullStateBot` made of a function ``(state, rng) -> move``.

    >>> import scopa_rules as sr
    >>> def most_cards(state, rng):
    ...     return max(state.legal_moves(), key=lambda move: len(move.captured))
    >>> final = sr.play_game(sr.Ruleset.scopa(), [FullStateAdapter(most_cards), sr.RandomBot()], seed=1)
    >>> final.is_over
    True
    """

    function: Callable[[GameState, random.Random], Move]

    def choose_with_full_state(self, state: GameState, rng: random.Random) -> Move:
        """The function's move.

        >>> import random
        >>> import scopa_rules as sr
        >>> FullStateAdapter(lambda state, rng: state.legal_moves()[1]).choose_with_full_state(
        ...     sr.new_game(seed=7), random.Random(1))
        Move.parse('KH')
        """
        return self.function(state, rng)


def moves_to_choose(view: PlayerView) -> tuple[Move, ...]:
    """The legal moves of the seat that *view* belongs to, for a bot to choose from.

    A bot asked to move when it is not its turn (or after the game ended) is
    a mistake of the caller: this raises :class:`~scopa_rules.InvalidStateError`
    saying who is to move.

    >>> import scopa_rules as sr
    >>> state = sr.new_game(sr.Ruleset.scopa(), seed=1)
    >>> len(sr.moves_to_choose(state.view(state.current_player))) > 0
    True
    >>> sr.moves_to_choose(state.view(1 - state.current_player))
    Traceback (most recent call last):
      ...
    scopa_rules.errors.InvalidStateError: seat ... has nothing to choose: seat ... is to move (...)
    """
    moves = view.legal_moves()
    if not moves:
        turn = (
            "nobody is"
            if view.current_player is None
            else f"seat {view.current_player} is"
        )
        raise InvalidStateError(
            f"seat {view.seat} has nothing to choose: {turn} to move "
            f"({view.phase.value})"
        )
    return moves


@attrs.frozen
class RandomBot(Frozen):
    """Plays a legal move chosen uniformly at random.

    >>> import random
    >>> import scopa_rules as sr
    >>> view = sr.new_game(sr.Ruleset.scopa(), seed=7).view(0)
    >>> RandomBot().choose(view, random.Random(1)) in view.legal_moves()
    True
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """Any legal move, uniformly.

        >>> import random
        >>> import scopa_rules as sr
        >>> RandomBot().choose(sr.new_game(seed=7).view(0), random.Random(1))
        Move.parse('3D')
        """
        return rng.choice(moves_to_choose(view))


def _can_sweep(rules: Ruleset, total: int) -> bool:
    """Whether one card could take a whole table whose values add to
    ``total`` (cards are worth 1 to 10), by value alone: the quick test
    before :func:`sweepers` asks which cards do."""
    match = 1 <= total <= 10
    fifteen = 1 <= 15 - total <= 10
    if rules.capture_mode is CaptureMode.MATCH:
        return match
    if rules.capture_mode is CaptureMode.FIFTEEN:
        return fifteen
    return match or fifteen


def table_after(view: PlayerView, move: Move) -> CardSet:
    """The table once ``move`` is made (a play: its card trailed, or the
    cards it captures taken).

    >>> import scopa_rules as sr
    >>> view = sr.new_game(seed=7).view(0)
    >>> table_after(view, sr.Move.parse("3D"))
    CardSet('2D 3D 7H 2C QC')
    """
    if move.is_trail:
        return view.table.add(move.card)
    return view.table - move.captured


def cards_left_after(view: PlayerView) -> int:
    """The cards still to be played in the hand once the seat to move has
    played one: in every hand and the stock."""
    return sum(view.hand_sizes) + view.stock_size - 1


def next_hand_size(view: PlayerView) -> int:
    """How many cards the next seat holds when it plays after the seat to
    move: its hand, or a fresh deal when every hand will then be empty."""
    after = (view.seat + 1) % view.rules.players
    held = view.hand_sizes[after]
    if held:
        return held
    if sum(view.hand_sizes) == 1 and view.stock_size:
        return min(view.rules.hand_size, view.stock_size // view.rules.players)
    return 0


def sweepers(view: PlayerView, table: CardSet, cards_left: int) -> CardSet:
    """The cards the seat cannot see (:attr:`PlayerView.unseen`) that would
    take the whole of ``table`` and score a sweep for it, with
    ``cards_left`` cards still to be played in the hand before that card is
    (a sweep by the very last card of a hand scores only under
    ``last_card_sweep_counts``).  What the seat counts as gone, in its
    hand, on the table or in a pile, cannot sweep.

    >>> import scopa_rules as sr
    >>> state = sr.GameState.from_position(
    ...     sr.Ruleset.scopa(), hands=["2S KS", "AS 6C"], table="4H",
    ...     piles=["", sr.ALL_CARDS - sr.CardSet("2S KS AS 6C 4H")], last_capturer=1)
    >>> view = state.view(0)
    >>> sweepers(view, sr.CardSet("2S 4H"), 3), sweepers(view, sr.CardSet("KS 4H"), 3)
    (CardSet('6C'), CardSet(''))
    """
    rules = view.rules
    if not table or cards_left <= 0:
        return CardSet()
    mask = table.mask
    total = sum(rules.capture_value(card.rank) for card in table)
    quick = _can_sweep(rules, total) or len(table) == 1
    found = []
    for card in view.unseen:
        if not quick and not (rules.ace_takes_all and card.rank is Rank.ACE):
            continue
        if is_legal_capture(rules, mask, card, mask) and sweep_counts(
            rules, card.index, mask, cards_left > 1 or rules.last_card_sweep_counts
        ):
            found.append(card)
    return CardSet(found)


def sweeps(view: PlayerView, move: Move) -> bool:
    """Whether ``move`` takes the whole table and scores a sweep.

    >>> import scopa_rules as sr
    >>> view = sr.GameState.from_position(
    ...     sr.Ruleset.scopa(), hands=["7D 5C QS", "AS 6C 2H"], table="2C 3S",
    ...     piles=["", sr.ALL_CARDS - sr.CardSet("7D 5C QS AS 6C 2H 2C 3S")],
    ...     last_capturer=1).view(0)
    >>> sweeps(view, sr.Move.parse("5Cx2C3S")), sweeps(view, sr.Move.parse("QS"))
    (True, False)
    """
    if not move.is_capture or move.captured != view.table:
        return False
    cards_left = cards_left_after(view) > 0
    return sweep_counts(view.rules, move.card.index, view.table.mask, cards_left)


def leaves_a_sweep(view: PlayerView, move: Move) -> bool:
    """Whether, after ``move``, the next seat could sweep the table with a
    card the seat to move cannot see (:func:`sweepers`): the next seat is an
    opponent in every game (partners sit at alternate seats).

    >>> import scopa_rules as sr
    >>> state = sr.GameState.from_position(
    ...     sr.Ruleset.scopa(), hands=["2S KS", "AS 6C"], table="4H",
    ...     piles=["", sr.ALL_CARDS - sr.CardSet("2S KS AS 6C 4H")], last_capturer=1)
    >>> [(str(m), leaves_a_sweep(state.view(0), m)) for m in state.legal_moves()]
    [('2S', True), ('KS', False)]
    """
    if move.kind is not MoveKind.PLAY or not next_hand_size(view):
        return False
    after = table_after(view, move)
    return bool(sweepers(view, after, cards_left_after(view)))


SWEEP_LEFT = 100.0
"""What :meth:`GreedyBot.move_value` takes off a move that leaves the next
seat a sweep: more than any capture is worth, so that the bot never leaves
one when another move does not."""


@attrs.frozen
class GreedyBot(Frozen):
    """The greedy player of Di Palma and Lanzi (2018): it never leaves the
    next seat a sweep when it can avoid it; then it makes the best capture,
    by the value of what it takes (:meth:`card_value`, a sweep 2 more); when
    it cannot capture, it plays its least valuable card.  Ties are broken
    with ``rng``.

    It looks one move ahead and counts the cards: a sweep is left only if a
    card the seat cannot see (in another hand or the stock) would take the
    whole table (:func:`leaves_a_sweep`).  :meth:`move_value` puts the
    three steps in one number.

    >>> import random
    >>> import scopa_rules as sr
    >>> state = sr.GameState.from_position(
    ...     sr.Ruleset.scopa(), hands=["7D 5C QS", "AS 6C 2H"], table="2C 3S",
    ...     piles=["", sr.ALL_CARDS - sr.CardSet("7D 5C QS AS 6C 2H 2C 3S")], last_capturer=1)
    >>> view = state.view(0)
    >>> [(str(move), round(GreedyBot().move_value(view, move), 2))
    ...  for move in view.legal_moves()]
    [('7D', -2.3), ('QS', -0.1), ('5Cx3S2C', 2.3)]
    >>> GreedyBot().choose(view, random.Random(1))
    Move.parse('5Cx3S2C')
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The legal move with the highest value; ties broken with ``rng``.

        >>> import random
        >>> import scopa_rules as sr
        >>> GreedyBot().choose(sr.new_game(seed=7).view(0), random.Random(1))
        Move.parse('KH')
        """
        moves = moves_to_choose(view)
        values = [self.move_value(view, move) for move in moves]
        best = max(values)
        return rng.choice([m for m, v in zip(moves, values, strict=True) if v == best])

    def card_value(self, rules: Ruleset, card: Card) -> float:
        """How much a card in a pile is worth: a little for every card (the
        most cards), more for coins, sevens and the settebello (and the king
        of coins when ``re_bello`` scores).

        >>> import scopa_rules as sr
        >>> bot = GreedyBot()
        >>> bot.card_value(sr.Ruleset.scopa(), sr.Card.parse("7D"))
        2.3
        """
        value = 0.1
        if card.is_coin:
            value += 0.3
        if card.rank is Rank.SEVEN:
            value += 0.4
        if card.is_settebello:
            value += 1.5
        if rules.re_bello and card.is_coin and card.rank is Rank.KING:
            value += 1.0
        return value

    def move_value(self, view: PlayerView, move: Move) -> float:
        """How much the bot likes ``move`` seen from ``view``: for a capture,
        the value of the cards it takes (the played card included), 2 more
        for a sweep; for a trail, minus the value of the card given away;
        and :data:`SWEEP_LEFT` (100) less if the next seat could then sweep
        the table (:func:`leaves_a_sweep`).  A Chkobba first-card decision
        keeps a seven or a coin (worth 1) and tables any other card.

        >>> import random
        >>> import scopa_rules as sr
        >>> view = sr.new_game(seed=7).view(0)
        >>> [round(GreedyBot().move_value(view, move), 2) for move in view.legal_moves()]
        [-0.4, -0.1, -0.1]
        """
        if move.kind is not MoveKind.PLAY:
            card = move.card
            keep = card.rank is Rank.SEVEN or card.is_coin
            return 1.0 if keep == (move.kind is MoveKind.KEEP_FIRST_CARD) else 0.0
        rules = view.rules
        if move.is_trail:
            value = -self.card_value(rules, move.card)
        else:
            taken: CardSet = move.captured.add(move.card)
            value = sum(self.card_value(rules, card) for card in taken)
            if sweeps(view, move):
                value += 2.0  # a sweep
        if leaves_a_sweep(view, move):
            value -= SWEEP_LEFT
        return value


def greedy_playout(
    state: GameState, seed: int, *, epsilon: float = 0.3, until: str = "hand"
) -> Playout:
    """Play on from ``state`` as :func:`~scopa_rules.random_playout` does,
    but with the epsilon-greedy playouts of Di Palma and Lanzi (2018): at
    each play with a choice, with probability ``epsilon`` (0 to 1) a
    uniformly random legal move, else the move :meth:`GreedyBot.move_value`
    values most, every hand known (a playout sees all the cards, the next
    seat's and the stock's): the best capture by
    :meth:`GreedyBot.card_value` of the cards taken and played, 2 more for
    a sweep; else a trail of the least valuable card; never a move that
    leaves the next seat a sweep when another does not.  Ties go to the
    first best in the order of :meth:`GameState.legal_moves` (no draw).  A
    crowded house-rules table with more than 192 plays is played uniformly.

    ``epsilon=1`` is :func:`random_playout` itself (the same seed, the same
    playout); ``epsilon=0`` plays greedily throughout, so a hand played
    from its own cards ends the same for every seed.

    >>> import scopa_rules as sr
    >>> state = sr.new_game(sr.Ruleset.scopa(), seed=7)
    >>> greedy_playout(state, seed=3) == greedy_playout(state, seed=3)
    True
    >>> greedy_playout(state, seed=3, epsilon=1) == random_playout(state, seed=3)
    True
    >>> len({greedy_playout(state, seed, epsilon=0) for seed in range(5)})
    1
    """
    if not isinstance(state, GameState):
        raise InvalidStateError(f"state must be a GameState, not {shown(state)}")
    check_epsilon("epsilon", epsilon)
    return kernel_playout(
        state, seed, until, Greedy(_card_values(state.rules), epsilon)
    )


def check_epsilon(name: str, epsilon: object) -> None:
    """Refuse an ``epsilon`` (called ``name``) that is not a number from 0
    to 1."""
    if (
        not isinstance(epsilon, (int, float))
        or isinstance(epsilon, bool)
        or not 0 <= epsilon <= 1
    ):
        raise InvalidStateError(
            f"{name} must be a number from 0 to 1, not {shown(epsilon)}"
        )


# The ruleset asked for last and its card values (most callers play under
# one ruleset), and every ruleset's, by value.
_last_values: tuple[Ruleset | None, bytes] = (None, b"")
_VALUES: dict[Ruleset, bytes] = {}


def _card_values(rules: Ruleset) -> bytes:
    """``GreedyBot.card_value`` of each card under ``rules``, in tenths."""
    global _last_values
    last = _last_values
    if last[0] is rules:
        return last[1]
    values = _VALUES.get(rules)
    if values is None:
        bot = GreedyBot()
        values = _VALUES[rules] = bytes(
            [round(10 * bot.card_value(rules, Card.from_index(k))) for k in range(40)]
        )
    _last_values = (rules, values)
    return values


class _Node:
    """A node of the search tree: the moves made so far in one hand, as the
    searching seat saw them.  Its statistics belong to ``seat``, the seat
    that made ``move``."""

    __slots__ = ("avails", "children", "move", "parent", "reward", "seat", "visits")

    def __init__(self, parent: _Node | None, move: Move | None, seat: int) -> None:
        self.parent = parent
        self.move = move
        self.seat = seat
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.avails = 0  # how often this move was legal when its parent was
        self.reward = 0.0

    def ucb(self, exploration: float) -> float:
        """UCB1 with availability counts, as single-observer ISMCTS uses."""
        mean = self.reward / self.visits
        return mean + exploration * math.sqrt(math.log(self.avails) / self.visits)


def _rewards(totals: Sequence[int], difference: bool = False) -> tuple[float, ...]:
    """Each side's reward for a hand: its lead over the best other side in
    the hand's points (``difference``), or 0.5 plus a tenth of that lead,
    kept between 0 and 1."""
    rewards = []
    for side, points in enumerate(totals):
        lead = points - max(p for other, p in enumerate(totals) if other != side)
        rewards.append(lead if difference else min(1.0, max(0.0, 0.5 + lead / 10)))
    return tuple(rewards)


_REWARDS = ("lead", "difference")


def _check_reward(bot: object, attribute: object, value: object) -> None:
    if value not in _REWARDS:
        raise InvalidStateError(
            f"reward must be 'lead' or 'difference', not {shown(value)}"
        )


def _check_seconds(bot: object, attribute: object, value: float | None) -> None:
    if value is not None and (
        not isinstance(value, (int, float))
        or isinstance(value, bool)
        or not 0 < value < math.inf
    ):
        raise InvalidStateError(
            f"seconds must be None or a finite number above 0, not {shown(value)}"
        )


def _check_workers(bot: object, attribute: object, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 256:
        raise InvalidStateError(
            f"workers must be a whole number from 1 to 256, not {shown(value)}"
        )


def _check_inference(bot: object, attribute: object, value: object) -> None:
    if not isinstance(value, bool):
        raise InvalidStateError(f"inference must be True or False, not {shown(value)}")


def _check_iterations(bot: object, attribute: object, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10**9:
        raise InvalidStateError(
            f"iterations must be a whole number from 1 to 10**9, not {shown(value)}"
        )


def _check_exploration(bot: object, attribute: object, value: object) -> None:
    if (
        not isinstance(value, (int, float))
        or isinstance(value, bool)
        or not 0 <= value < math.inf
    ):
        raise InvalidStateError(
            f"exploration must be a finite number of 0 or more, not {shown(value)}"
        )


def _check_playout_epsilon(bot: object, attribute: object, value: float | None) -> None:
    if value is not None:
        check_epsilon("playout_epsilon", value)


@attrs.frozen
class IsmctsBot(Frozen):
    """Single-observer information-set Monte Carlo tree search (SO-ISMCTS,
    Cowling, Powley and Whitehouse, 2012).

    Each of ``iterations`` iterations deals the cards the bot cannot see at
    random (``view.sample(rng)``, a *determinization*; with ``inference``,
    away from the seats that passed up a sweep with them), walks
    down one tree shared by all iterations, choosing among the moves legal in
    that deal by UCB (``exploration`` weighs trying rarely played moves),
    adds one new move, plays the rest of the hand epsilon-greedy (in the
    kernel, :func:`greedy_playout`: nine moves in ten greedy, every hand of
    the determinization known; ``playout_epsilon=None`` plays at random,
    :func:`random_playout`), and credits
    every move on the way with a reward for its side's lead in the hand's
    points.  The bot plays the move it tried most.

    The budget is ``iterations`` a decision, or ``seconds`` if they run out
    first; ``workers`` processes can share it (root parallelism: each
    searches its share of the iterations into a tree of its own, and the
    roots' counts are added up; the processes start for each decision, in
    about 15 ms, and pay for searches of a few thousand iterations).  With ``seconds`` the choice depends on
    the machine's speed; otherwise it depends only on ``rng``.

    >>> import random
    >>> import scopa_rules as sr
    >>> view = sr.new_game(sr.Ruleset.scopa(), seed=7).view(0)
    >>> bot = IsmctsBot(iterations=50)
    >>> bot.choose(view, random.Random(1)) in view.legal_moves()
    True
    """

    iterations: int = attrs.field(default=200, validator=_check_iterations)
    """The search budget: determinizations per decision."""
    exploration: float = attrs.field(default=0.7, validator=_check_exploration)
    """The UCB exploration constant (for the ``"lead"`` rewards, between 0
    and 1)."""
    reward: str = attrs.field(default="lead", validator=_check_reward)
    """How a hand's result rewards a side: ``"lead"``, 0.5 plus a tenth of
    its lead over the best other side in the hand's points, kept between 0
    and 1; or ``"difference"``, that lead in points itself (the reward of
    Di Palma and Lanzi's ISMCTS for Scopone; it wants a larger
    ``exploration``, such as 2)."""
    seconds: float | None = attrs.field(default=None, validator=_check_seconds)
    """A time budget a decision, in seconds (``None``: the iterations
    only); the search stops at whichever runs out first."""
    workers: int = attrs.field(default=1, validator=_check_workers)
    """How many processes search at once (1: this one)."""
    playout_epsilon: float | None = attrs.field(
        default=0.1, validator=_check_playout_epsilon
    )
    """How the playouts play: a number from 0 to 1, epsilon-greedy
    (:func:`greedy_playout`: that share of the moves at random, the others
    greedy, every hand of the determinization known), or ``None``,
    uniformly at random.  The default 0.1 is the strongest measured
    (docs/strength.rst: against the greedy bot on single Scopone hands it
    wins 38.2 % at 200 iterations where random playouts win 33.8 %, and
    60.2 % at 1,000 where Di Palma and Lanzi's 0.3 wins 56.8 %), at about
    1.3 times a random playout's cost.

    >>> import random
    >>> import scopa_rules as sr
    >>> bot = IsmctsBot(iterations=20, playout_epsilon=0.3)
    >>> view = sr.new_game(seed=7).view(0)
    >>> bot.choose(view, random.Random(1)) in view.legal_moves()
    True
    >>> IsmctsBot(playout_epsilon=1.5)
    Traceback (most recent call last):
      ...
    scopa_rules.errors.InvalidStateError: playout_epsilon must be a number from 0 to 1, not 1.5
    """
    inference: bool = attrs.field(default=False, validator=_check_inference)
    """Whether the determinizations read the other seats' play: each
    search works out once which cards each seat passed up a sweep with
    (:meth:`PlayerView.passed_up`, the card-guessing of Di Palma and
    Lanzi) and deals them elsewhere when a deal that fits allows it
    (``view.sample(rng, avoid=...)``).  Off, every deal that fits is as
    likely as any other."""

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move the search tried most (the only move, without search,
        when there is one).

        >>> import random
        >>> import scopa_rules as sr
        >>> IsmctsBot(iterations=20).choose(sr.new_game(seed=7).view(0), random.Random(1))
        Move.parse('KH')
        """
        moves = moves_to_choose(view)
        if len(moves) == 1:
            return moves[0]
        if view.first_card is not None:
            return self._first_card_decision(view.first_card, moves)
        stats = self.search(view, rng)
        return max(moves, key=lambda move: stats.get(move, (0, 0.0))[0])

    @staticmethod
    def _first_card_decision(card: Card, moves: Sequence[Move]) -> Move:
        # Chkobba's first card is decided by a rule of thumb, not searched:
        # a determinized sample (PlayerView.sample) taken before the decision
        # cannot yet deal the hand that follows it.  Keep a seven or a coin
        # (tabled, the opponent may take it), table anything else.
        keep = card.rank is Rank.SEVEN or card.is_coin
        wanted = MoveKind.KEEP_FIRST_CARD if keep else MoveKind.TABLE_FIRST_CARD
        return next(move for move in moves if move.kind is wanted)

    def search(
        self, view: PlayerView, rng: random.Random
    ) -> dict[Move, tuple[int, float]]:
        """Search from ``view`` (its seat is to move); for each move tried,
        how often and with what mean reward (0.5 for a hand its side draws,
        more for a lead, up to 1 for a lead of 5 points).

        >>> import random
        >>> import scopa_rules as sr
        >>> stats = IsmctsBot(iterations=30).search(
        ...     sr.new_game(seed=7).view(0), random.Random(1))
        >>> sum(visits for visits, _ in stats.values())
        30
        """
        seat = view.seat
        if view.current_player != seat:
            raise InvalidStateError(
                f"seat {seat} is not to move: there is nothing to search"
            )
        if self.workers == 1:
            return self._search_alone(view, rng, self.iterations)
        # Root parallelism: a tree and a generator for each worker, its
        # share of the iterations, and the roots' counts added up.
        share, extra = divmod(self.iterations, self.workers)
        shares = [share + (k < extra) for k in range(self.workers)]
        seeds = [rng.getrandbits(64) for _ in shares]
        # The processes live for one decision: none is left behind (they
        # start in about 15 ms, which a search of a few thousand
        # iterations repays).
        totals: dict[Move, tuple[int, float]] = {}
        with concurrent.futures.ProcessPoolExecutor(self.workers) as pool:
            done = [
                pool.submit(_search_share, self, view, seed, count)
                for seed, count in zip(seeds, shares, strict=True)
                if count
            ]
            for future in done:
                for move, (visits, mean) in future.result().items():
                    seen, reward = totals.get(move, (0, 0.0))
                    totals[move] = (seen + visits, reward + visits * mean)
        return {
            move: (visits, reward / visits) for move, (visits, reward) in totals.items()
        }

    def _search_alone(
        self, view: PlayerView, rng: random.Random, iterations: int
    ) -> dict[Move, tuple[int, float]]:
        """:meth:`search` in this process, with ``iterations`` at most."""
        import time  # only a timed search reads the clock

        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        root = _Node(None, None, view.seat)
        avoid = view.passed_up() if self.inference else None
        for done in range(iterations):
            if deadline is not None and done and time.monotonic() >= deadline:
                break
            self._iterate(root, view.sample(rng, avoid=avoid), rng)
        return {
            move: (node.visits, node.reward / node.visits)
            for move, node in root.children.items()
        }

    def _iterate(self, root: _Node, state: GameState, rng: random.Random) -> None:
        """One iteration on one determinization ``state``."""
        hands_done = len(state.hand_results)
        node = root
        # 1. Selection: go down while every move legal here has been tried;
        # 2. expansion: then add one untried move to the tree.
        while len(state.hand_results) == hands_done:
            moves = state.legal_moves()
            untried = [move for move in moves if move not in node.children]
            for move in moves:
                if move in node.children:
                    node.children[move].avails += 1
            if untried:
                move = rng.choice(untried)
                seat = state.current_player
                assert seat is not None  # a hand in progress has a seat to move
                child = _Node(node, move, seat)
                child.avails = 1
                node.children[move] = child
                node, state = child, state.apply(move, check=False)
                break
            node = max(
                (node.children[move] for move in moves),
                key=lambda child: child.ucb(self.exploration),
            )
            assert node.move is not None
            state = state.apply(node.move, check=False)
        # 3. Simulation: play the rest of the hand at random or
        # epsilon-greedy (if the tree's moves have not ended it already), in
        # the kernel: no state per ply.
        if len(state.hand_results) == hands_done:
            seed = rng.getrandbits(64)
            if self.playout_epsilon is None:
                totals = random_playout(state, seed).points
            else:
                totals = greedy_playout(
                    state, seed, epsilon=self.playout_epsilon
                ).points
        else:
            totals = state.hand_results[hands_done].score.totals
        # 4. Backpropagation: each move earns its own side's reward.
        rewards = _rewards(totals, self.reward == "difference")
        rules = state.rules
        walk: _Node | None = node
        while walk is not None:
            walk.visits += 1
            walk.reward += rewards[rules.side_of(walk.seat)]
            walk = walk.parent


def _search_share(
    bot: IsmctsBot, view: PlayerView, seed: int, iterations: int
) -> dict[Move, tuple[int, float]]:
    """A worker's share of a root-parallel search."""
    return bot._search_alone(view, random.Random(seed), iterations)


def playout(
    state: GameState,
    rng: random.Random,
    *,
    policy: Callable[[GameState, random.Random], Move] | None = None,
    until: str = "hand",
) -> GameState:
    """Play on from ``state`` to the end of the hand (``until="hand"``) or
    of the game (``until="game"``) and return the state reached: the first
    state of the next hand, or the final state.  A game waiting for a deck
    stops there.

    ``policy(state, rng)`` chooses every move (for all seats: a search
    plays both sides of a determinization); without one, moves are uniform
    at random, on the fast path of :meth:`GameState.apply`.  The next hand
    is not dealt until someone looks at it, so a search that only reads the
    hand's score (``state.last_hand``) never pays for the deal.

    >>> import random
    >>> import scopa_rules as sr
    >>> state = sr.new_game(seed=7)
    >>> after = playout(state, random.Random(1))
    >>> after.hand_number, after.last_hand.number
    (1, 0)
    >>> final = playout(state, random.Random(1), until="game",
    ...                 policy=lambda state, rng: state.legal_moves()[0])
    >>> final.is_over
    True
    """
    if until not in ("hand", "game"):
        raise InvalidStateError(f"until must be 'hand' or 'game', not {until!r}")
    whole_game = until == "game"
    hand = state.hand_number
    # hand_number and is_over are read without dealing a pending hand.
    while not state.is_over and (whole_game or state.hand_number == hand):
        if state.current_player is None:
            break  # waiting for a deck
        if policy is None:
            state = state.apply(rng.choice(state.legal_moves()), check=False)
        else:
            state = state.apply(policy(state, rng))
    return state


def check_bots(
    rules: object, bots: object, where: str, *, per_seat: bool
) -> list[Bot | FullStateBot]:
    """The bots of ``where`` (``play_game``, ``match``) checked against the
    rules: one per side, the convention of both (``per_seat``: or one per
    seat).  Wrong types and counts raise :class:`ArgumentError` naming the
    argument."""
    if not isinstance(rules, Ruleset):
        raise ArgumentError(
            "rules",
            f"rules: {where} takes a Ruleset (sr.Ruleset.scopa(), ...), "
            f"not {shown(rules)}",
        )
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise ArgumentError(
            "bots",
            f"bots: {where} takes a list of bots, one per side ({rules.sides}), "
            f"not {shown(bots)}",
        )
    counts = f"one bot per side ({rules.sides})"
    if per_seat:
        counts += f" or one per seat ({rules.players})"
    if len(bots) != rules.sides and not (per_seat and len(bots) == rules.players):
        noun = "bot" if len(bots) == 1 else "bots"
        raise ArgumentError(
            "bots", f"bots: {where} takes {counts}, not {len(bots)} {noun}"
        )
    for index, bot in enumerate(bots):
        if not isinstance(bot, (Bot, FullStateBot)):
            raise ArgumentError(
                f"bots[{index}]",
                f"bots[{index}]: {shown(bot)} is not a bot: a bot has "
                "choose(view, rng) (or choose_with_full_state(state, rng))",
            )
    return list(bots)


def play_game(
    rules: Ruleset, bots: Sequence[Bot | FullStateBot], seed: int
) -> GameState:
    """Play a whole game between ``bots`` and return the final state.

    ``bots`` are one per side, as :func:`~scopa_rules.match` takes them: a
    side's bot plays each seat of its side.  One bot per seat (seat 0's
    first) is taken too, for line-ups that seat different bots on one side.
    Each bot gets its seat's view (a :class:`FullStateBot` the state).
    ``seed`` deals the game and seeds the bots' shared
    :class:`random.Random`, so the same seed gives the same game.  A wrong
    ``rules`` or ``bots`` raises :class:`~scopa_rules.ArgumentError`.

    >>> import scopa_rules as sr
    >>> final = play_game(sr.Ruleset.scopa(players=4), [sr.GreedyBot(), sr.RandomBot()], seed=3)
    >>> final.is_over, len(final.scores)
    (True, 2)
    >>> seats = play_game(sr.Ruleset.scopa(players=4), [sr.GreedyBot(), sr.RandomBot()] * 2, seed=3)
    >>> seats == final
    True
    """
    lineup = check_bots(rules, bots, "play_game", per_seat=True)
    if len(lineup) != rules.players:
        lineup = [lineup[rules.side_of(seat)] for seat in range(rules.players)]
    bots = lineup
    state = new_game(rules, seed=seed)  # first: it checks the seed
    rng = random.Random(seed)
    # isinstance() against a protocol is slow: once per bot, not per move.
    sees_all = [isinstance(bot, FullStateBot) for bot in bots]
    # A seeded game never waits for a deck: it has a seat to move until it
    # is over.
    while (seat := state.current_player) is not None:
        state = state.apply(ask(bots[seat], sees_all[seat], state, seat, rng))
    return state


def ask(
    bot: Bot | FullStateBot,
    sees_all: bool,
    state: GameState,
    seat: int,
    rng: random.Random,
) -> Move:
    """``bot``'s move for ``seat``: from the seat's view, or from the whole
    state when the bot ``sees_all`` (a :class:`FullStateBot`)."""
    if sees_all:
        return bot.choose_with_full_state(state, rng)  # type: ignore[union-attr]
    return bot.choose(state.view(seat), rng)  # type: ignore[union-attr]
