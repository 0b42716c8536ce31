"""Random playouts in bulk: the rollout step of a search and quick
simulations, run in the kernel (:mod:`scopa_rules._kernel`) on masks.

:func:`~scopa_rules.playout` plays on through
:meth:`GameState.apply` and returns the state reached, with any policy;
the functions here play uniformly random legal moves (or, through
:func:`kernel_playout`, the kernel's epsilon-greedy policy:
:func:`~scopa_rules.greedy_playout`) and return the scores, several times
faster (many times faster in the compiled build).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .._kernel import Deal, Greedy, Random, play, play_fresh
from ..deck import check_seed
from ..errors import InvalidStateError, shown
from ..rules import Ruleset
from ..state import GameState, Phase, field_reader

__all__ = ["Playout", "random_playout", "random_playouts"]


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
    return kernel_playout(state, seed, until, None)


def kernel_playout(
    state: GameState, seed: int, until: str, greedy: Greedy | None
) -> Playout:
    """:func:`random_playout`, or with ``greedy`` that policy of the kernel:
    :func:`~scopa_rules.greedy_playout` (which knows the greedy bot's card
    values) plays through here.

    >>> import scopa_rules as sr
    >>> state = sr.new_game(seed=7)
    >>> kernel_playout(state, 3, "hand", None) == random_playout(state, seed=3)
    True
    """
    if not isinstance(state, GameState):
        raise InvalidStateError(f"state must be a GameState, not {shown(state)}")
    whole_game = _until(until)
    check_seed(seed)
    return _from_state(state, seed, whole_game, greedy)


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
