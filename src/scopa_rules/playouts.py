"""Random playouts in bulk: the rollout step of a search and quick
simulations, run in the kernel (:mod:`scopa_rules._kernel`) on masks.

:func:`bots.playout <scopa_rules.bots.playout>` plays on through
:meth:`GameState.apply` and returns the state reached, with any policy;
the functions here play uniformly random legal moves, or epsilon-greedy
ones (:func:`greedy_playout`), and return the scores, several times faster
(many times faster in the compiled build).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ._kernel import Deal, Greedy, Random, play, play_fresh
from .cards import Card
from .deck import check_seed
from .errors import InvalidStateError, shown
from .rules import Ruleset
from .state import GameState, Phase, field_reader

__all__ = ["Playout", "greedy_playout", "random_playout", "random_playouts"]


class Playout(NamedTuple):
    """Where a random playout ended.

    >>> import scopa_rules as sr
    >>> result = sr.random_playout(sr.new_game(seed=7), seed=1)
    >>> result.hands, len(result.points), result.points == result.scores
    (1, 2, True)
    """

    points: tuple[int, ...]
    """Each side's points won during the playout (declarations included)."""
    scores: tuple[int, ...]
    """Each side's match score at the end."""
    winner: int | None
    """The winning side if the game ended, else ``None``."""
    hands: int
    """How many hands were finished."""


def random_playout(state: GameState, seed: int, *, until: str = "hand") -> Playout:
    """Play on from ``state`` with uniformly random legal moves for every
    seat, to the end of the hand in play (``until="hand"``) or of the game
    (``until="game"``), and say where it ended.

    The moves are those :meth:`GameState.legal_moves` lists, drawn from a
    generator seeded with ``seed`` (the same playout in the compiled and the
    pure build; not :mod:`random`'s stream).  The hand in play is played
    from the state's cards, a pending hand dealt as the state deals it, a
    Chkobba first card kept or tabled at random; the hands after it are
    dealt from shuffles of the same generator.  A finished game gives no
    points.  For any other policy, or to keep the states, use
    :func:`scopa_rules.playout`.

    >>> import scopa_rules as sr
    >>> state = sr.new_game(sr.Ruleset.scopa(), seed=7)
    >>> random_playout(state, seed=3) == random_playout(state, seed=3)
    True
    >>> final = random_playout(state, seed=3, until="game")
    >>> final.winner is not None and max(final.scores) >= 11
    True
    """
    if not isinstance(state, GameState):
        raise InvalidStateError(f"state must be a GameState, not {shown(state)}")
    whole_game = _until(until)
    check_seed(seed)
    return _from_state(state, seed, whole_game)


def greedy_playout(
    state: GameState, seed: int, *, epsilon: float = 0.3, until: str = "hand"
) -> Playout:
    """Play on from ``state`` as :func:`random_playout` does, but with the
    epsilon-greedy playouts of Di Palma and Lanzi (2018): at each play with
    a choice, with probability ``epsilon`` (0 to 1) a uniformly random legal
    move, else the move :meth:`GreedyBot.move_value` values most, every
    hand known (a playout sees all the cards): the best capture by
    :meth:`GreedyBot.card_value` of the cards taken and played, 2 more for
    a sweep; a trail of the least valuable card; never a move that leaves
    the next seat a sweep when another does not.  Ties go to the first best
    in the order of :meth:`GameState.legal_moves`.

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
    whole_game = _until(until)
    check_seed(seed)
    return _from_state(
        state, seed, whole_game, Greedy(_card_values(state.rules), epsilon)
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
        # bots imports this module: GreedyBot is read when first needed.
        from .bots import GreedyBot

        bot = GreedyBot()
        values = _VALUES[rules] = bytes(
            [round(10 * bot.card_value(rules, Card.from_index(k))) for k in range(40)]
        )
    _last_values = (rules, values)
    return values


def random_playouts(
    start: GameState | Ruleset, seeds: Iterable[int], *, until: str = "hand"
) -> list[Playout]:
    """One :func:`random_playout` from ``start`` for each seed, in order.

    ``start`` is a state, or a ruleset for fresh games: each seed deals every
    hand of its game from its generator, the last seat dealing first as in
    :func:`new_game` (so the deals are not those of ``new_game(seed=...)``).
    This is the rollout step of a search, or a quick simulation, in one call.

    >>> import scopa_rules as sr
    >>> results = random_playouts(sr.Ruleset.scopa(), range(100), until="game")
    >>> len(results), all(r.winner is not None for r in results)
    (100, True)
    >>> wins = [r.winner for r in results]
    >>> 30 < wins.count(0) < 70
    True
    """
    whole_game = _until(until)
    seeds = list(seeds)
    for seed in seeds:
        check_seed(seed)
    if isinstance(start, GameState):
        return [_from_state(start, seed, whole_game) for seed in seeds]
    if not isinstance(start, Ruleset):
        raise InvalidStateError(
            f"start must be a GameState or a Ruleset, not {shown(start)}"
        )
    # From nothing, the points of a playout are its scores.
    return [
        Playout(scores, scores, winner, hands)
        for scores, winner, hands in play_fresh(start, seeds, whole_game)
    ]


def _until(until: object) -> bool:
    if until not in ("hand", "game"):
        raise InvalidStateError(f"until must be 'hand' or 'game', not {shown(until)}")
    return until == "game"


# What a playout reads of the state it starts from.
_START = field_reader(
    "phase",
    "rules",
    "dealer",
    "hands",
    "table",
    "stock",
    "piles",
    "sweeps",
    "scores",
    "last_capturer",
    "to_move",
    "declarations",
)


def _from_state(
    state: GameState, seed: int, whole_game: bool, greedy: Greedy | None = None
) -> Playout:
    rng = Random(seed)
    while True:
        (
            phase,
            rules,
            dealer,
            hands,
            table,
            stock,
            piles,
            sweeps,
            scores,
            last,
            to_move,
            declarations,
        ) = _START(state)
        if phase is not Phase.FIRST_CARD:
            break
        moves = state.legal_moves()  # keep or table: a random choice too
        state = state.apply(moves[rng.below(len(moves))])
    if phase is Phase.PLAY:
        hand_in_play: Deal | None = (
            list(hands),
            table,
            list(piles),
            list(sweeps),
            stock,
            to_move,
            -1 if last is None else last,
            list(declarations),
        )
    elif phase is Phase.AWAITING_DEAL:
        hand_in_play = None  # no deck to deal: the generator deals it
    else:
        return Playout((0,) * len(scores), scores, state.winner, 0)
    reached = play(rules, hand_in_play, scores, dealer, rng, whole_game, greedy=greedy)
    return _result(scores, reached)


def _result(
    start: tuple[int, ...], reached: tuple[tuple[int, ...], int | None, int]
) -> Playout:
    scores, winner, hands = reached
    return Playout(
        tuple([end - begin for end, begin in zip(scores, start, strict=True)]),
        scores,
        winner,
        hands,
    )
