"""Bots: players that choose a move for the seat to move.

A bot is any object with a ``choose(state, rng)`` method that returns one of
``state.legal_moves()`` (the :class:`Bot` protocol).  Three come with the
library, from the simplest to the strongest:

* :class:`RandomBot` plays any legal move;
* :class:`GreedyBot` plays the move that takes the most right now;
* :class:`IsmctsBot` searches with information-set Monte Carlo tree search,
  looking at the game only through what its seat knows
  (:meth:`GameState.view`) and guessing the rest (:meth:`PlayerView.sample`).

Every bot draws its randomness from the ``rng`` it is given, so a game
between bots is the same every time it is played from the same seed, and
:func:`play_game` plays one:

>>> import scopa_rules as sr
>>> rules = sr.Ruleset.scopa()
>>> final = sr.play_game(rules, [sr.GreedyBot(), sr.RandomBot()], seed=7)
>>> final.is_over, final == sr.play_game(rules, [sr.GreedyBot(), sr.RandomBot()], seed=7)
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import attrs

from ._frozen import Frozen
from .cards import Card, CardSet, Rank
from .errors import InvalidStateError, shown
from .moves import Move, MoveKind
from .rules import CaptureMode, Ruleset
from .state import GameState, new_game

__all__ = ["Bot", "GreedyBot", "IsmctsBot", "RandomBot", "play_game"]


@runtime_checkable
class Bot(Protocol):
    """What a bot is: anything that chooses a legal move for the seat to move.

    ``choose`` must return one of ``state.legal_moves()`` and take all its
    randomness from ``rng``.  A fair bot reads only what the seat to move may
    know, ``state.view(state.current_player)``; the state is passed whole so
    that a bot needs no other argument.

    >>> import random
    >>> import scopa_rules as sr
    >>> class FirstMoveBot:
    ...     def choose(self, state: sr.GameState, rng: random.Random) -> sr.Move:
    ...         return state.legal_moves()[0]
    >>> isinstance(FirstMoveBot(), sr.Bot), isinstance(sr.IsmctsBot(), sr.Bot)
    (True, True)
    """

    def choose(self, state: GameState, rng: random.Random) -> Move:
        """The move to play in ``state``.

        >>> import random
        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7)
        >>> sr.GreedyBot().choose(state, random.Random(1)) in state.legal_moves()
        True
        """


def _legal_moves(state: GameState) -> tuple[Move, ...]:
    moves = state.legal_moves()
    if not moves:
        raise InvalidStateError(
            f"no seat is to move ({state.phase.value}): a bot has nothing to choose"
        )
    return moves


@attrs.frozen
class RandomBot(Frozen):
    """Plays a legal move chosen uniformly at random.

    >>> import random
    >>> import scopa_rules as sr
    >>> state = sr.new_game(sr.Ruleset.scopa(), seed=7)
    >>> RandomBot().choose(state, random.Random(1)) in state.legal_moves()
    True
    """

    def choose(self, state: GameState, rng: random.Random) -> Move:
        """Any legal move, uniformly.

        >>> import random
        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7)
        >>> RandomBot().choose(state, random.Random(1))
        Move.parse('3D')
        """
        return rng.choice(_legal_moves(state))


def _can_sweep(rules: Ruleset, total: int) -> bool:
    """Whether one card could take a whole table whose values add to
    ``total`` (cards are worth 1 to 10)."""
    match = 1 <= total <= 10
    fifteen = 1 <= 15 - total <= 10
    if rules.capture_mode is CaptureMode.MATCH:
        return match
    if rules.capture_mode is CaptureMode.FIFTEEN:
        return fifteen
    return match or fifteen


@attrs.frozen
class GreedyBot(Frozen):
    """Plays the move that is worth most right now, by :meth:`move_value`;
    ties are broken at random.

    It looks one move ahead: what a capture takes, whether it sweeps the
    table, and whether a trail leaves the opponents an easy sweep or a good
    card.

    >>> import random
    >>> import scopa_rules as sr
    >>> state = sr.GameState.from_position(
    ...     sr.Ruleset.scopa(), hands=["7D 5C QS", "AS 6C 2H"], table="2C 3S",
    ...     piles=["", sr.ALL_CARDS - sr.CardSet("7D 5C QS AS 6C 2H 2C 3S")], last_capturer=1)
    >>> [(str(move), round(GreedyBot().move_value(state, move), 2))
    ...  for move in state.legal_moves()]
    [('7D', -2.3), ('QS', -0.1), ('5Cx3S2C', 2.3)]
    >>> GreedyBot().choose(state, random.Random(1))
    Move.parse('5Cx3S2C')
    """

    def choose(self, state: GameState, rng: random.Random) -> Move:
        """The legal move with the highest value; ties broken with ``rng``.

        >>> import random
        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7)
        >>> GreedyBot().choose(state, random.Random(1))
        Move.parse('KH')
        """
        moves = _legal_moves(state)
        values = [self.move_value(state, move) for move in moves]
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

    def move_value(self, state: GameState, move: Move) -> float:
        """How much the bot likes ``move`` in ``state``: the value of the
        cards it takes (the played card included), 2 more for a sweep; for a
        trail, minus the value of the card given away, and 1 less if one
        card could then take the whole table.  A Chkobba first-card decision
        is worth 0 either way.

        >>> import random
        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7)
        >>> [round(GreedyBot().move_value(state, move), 2) for move in state.legal_moves()]
        [-0.4, -0.1, -0.1]
        """
        if move.kind is not MoveKind.PLAY:
            return 0.0
        rules = state.rules
        if move.is_trail:
            table = state.table.add(move.card)
            total = sum(rules.capture_value(card.rank) for card in table)
            risk = 1.0 if _can_sweep(rules, total) else 0.0
            return -self.card_value(rules, move.card) - risk
        taken: CardSet = move.captured.add(move.card)
        value = sum(self.card_value(rules, card) for card in taken)
        if move.captured == state.table:
            value += 2.0  # a sweep (the rules decide whether it scores)
        return value


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


def _rewards(totals: Sequence[int]) -> tuple[float, ...]:
    """Each side's reward for a hand: 0.5, plus a tenth of its lead over the
    best other side in the hand's points, kept between 0 and 1."""
    rewards = []
    for side, points in enumerate(totals):
        lead = points - max(p for other, p in enumerate(totals) if other != side)
        rewards.append(min(1.0, max(0.0, 0.5 + lead / 10)))
    return tuple(rewards)


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


@attrs.frozen
class IsmctsBot(Frozen):
    """Single-observer information-set Monte Carlo tree search (SO-ISMCTS,
    Cowling, Powley and Whitehouse, 2012).

    Each of ``iterations`` iterations deals the cards the bot cannot see at
    random (``state.view(seat).sample(rng)``, a *determinization*), walks
    down one tree shared by all iterations, choosing among the moves legal in
    that deal by UCB (``exploration`` weighs trying rarely played moves),
    adds one new move, plays the rest of the hand at random, and credits
    every move on the way with a reward for its side's lead in the hand's
    points.  The bot plays the move it tried most.

    >>> import random
    >>> import scopa_rules as sr
    >>> state = sr.new_game(sr.Ruleset.scopa(), seed=7)
    >>> bot = IsmctsBot(iterations=50)
    >>> bot.choose(state, random.Random(1)) in state.legal_moves()
    True
    """

    iterations: int = attrs.field(default=200, validator=_check_iterations)
    """The search budget: determinizations per decision."""
    exploration: float = attrs.field(default=0.7, validator=_check_exploration)
    """The UCB exploration constant (rewards are between 0 and 1)."""

    def choose(self, state: GameState, rng: random.Random) -> Move:
        """The move the search tried most (the only move, without search,
        when there is one).

        >>> import random
        >>> import scopa_rules as sr
        >>> state = sr.new_game(seed=7)
        >>> IsmctsBot(iterations=20).choose(state, random.Random(1))
        Move.parse('3D')
        """
        moves = _legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        if state.first_card is not None:
            return self._first_card_decision(state.first_card, moves)
        stats = self.search(state, rng)
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
        self, state: GameState, rng: random.Random
    ) -> dict[Move, tuple[int, float]]:
        """Search from ``state`` as the seat to move sees it; for each move
        tried, how often and with what mean reward (0.5 for a hand its side
        draws, more for a lead, up to 1 for a lead of 5 points).

        >>> import random
        >>> import scopa_rules as sr
        >>> stats = IsmctsBot(iterations=30).search(
        ...     sr.new_game(seed=7), random.Random(1))
        >>> sum(visits for visits, _ in stats.values())
        30
        """
        seat = state.current_player
        if seat is None:
            raise InvalidStateError("no seat is to move: there is nothing to search")
        view = state.view(seat)
        root = _Node(None, None, seat)
        for _ in range(self.iterations):
            self._iterate(root, view.sample(rng), rng)
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
        # 3. Simulation: play the rest of the hand at random.
        while len(state.hand_results) == hands_done:
            state = state.apply(rng.choice(state.legal_moves()), check=False)
        # 4. Backpropagation: each move earns its own side's reward.
        rewards = _rewards(state.hand_results[hands_done].score.totals)
        rules = state.rules
        walk: _Node | None = node
        while walk is not None:
            walk.visits += 1
            walk.reward += rewards[rules.side_of(walk.seat)]
            walk = walk.parent


def play_game(rules: Ruleset, bots: Sequence[Bot], seed: int) -> GameState:
    """Play a whole game between ``bots``, one per seat, and return the final
    state.  ``seed`` deals the game and seeds the bots' shared
    :class:`random.Random`, so the same seed gives the same game.

    >>> import scopa_rules as sr
    >>> final = play_game(sr.Ruleset.scopa(players=4), [sr.GreedyBot(), sr.RandomBot()] * 2, seed=3)
    >>> final.is_over, len(final.scores)
    (True, 2)
    """
    if len(bots) != rules.players:
        raise InvalidStateError(
            f"play_game needs one bot per seat: {rules.players}, not {len(bots)}"
        )
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    # A seeded game never waits for a deck: it has a seat to move until it
    # is over.
    while (seat := state.current_player) is not None:
        state = state.apply(bots[seat].choose(state, rng))
    return state
