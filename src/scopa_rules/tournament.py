"""Many games between bots, and who came out ahead: :func:`match`.

A match plays ``games`` seeded games (seeds ``seed``, ``seed + 1``, …)
between bots, one per side, moving every bot one side along each game so
that each plays every side equally often.  It returns each bot's
:class:`Standing`: games, wins with a 95 % Wilson interval, and the mean
points per game in each scoring category.

>>> import scopa_rules as sr
>>> result = sr.match(sr.Ruleset.scopa(), [sr.GreedyBot(), sr.RandomBot()], games=4, seed=1)
>>> [(s.label, s.games) for s in result.standings], sum(s.wins for s in result.standings)
([('GreedyBot', 4), ('RandomBot', 4)], 4)

Every game depends only on its seed, and the standings only on the sum of
the games, so a match gives the same standings however it is run: in this
process (``jobs=1``), in ``jobs`` worker processes, or as tasks on a Ray
cluster (``backend="ray"``, with the ``scopa-rules[ray]`` extra).  Workers
get the rules and the bots once, and games in batches.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any

import attrs

from .bots import Bot, FullStateBot, play_game
from .errors import InvalidStateError, shown
from .rules import Ruleset
from .scoring import SideScore

__all__ = ["CATEGORIES", "MatchResult", "Standing", "match", "wilson_interval"]

# Every *_points field of a side's breakdown is a scoring category.
_POINT_FIELDS = tuple(
    field.name for field in attrs.fields(SideScore) if field.name.endswith("_points")
)
CATEGORIES: tuple[str, ...] = tuple(
    "sweeps" if name == "sweep_points" else name.removesuffix("_points")
    for name in _POINT_FIELDS
)
"""The scoring categories of :attr:`Standing.points`, in order: ``cards``,
``coins``, ``settebello``, ``primiera``, ``sweeps`` and those of optional
rules (``re_bello``, ``napola``, ``grande``, ``declaration``)."""

# The categories that score only under an option, by the option's name.
_OPTIONAL = {
    "re_bello": "re_bello",
    "napola": "napola",
    "grande": "grande",
    "declaration": "declarations",
}

# What a batch of games adds up to: games played, and for each bot its wins
# and its points in each category.
_Tally = tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]]


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate, rounded to 4 places
    (``z=1.96``: 95 % confidence); ``(0.0, 1.0)`` for no games.

    >>> wilson_interval(0, 10), wilson_interval(10, 10), wilson_interval(0, 0)
    ((0.0, 0.2775), (0.7225, 1.0), (0.0, 1.0))
    """
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    half /= 1 + z2 / games
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


@attrs.frozen
class Standing:
    """One bot's results in a match.

    >>> standing = Standing("greedy", 100, 60, (1.0, 1.0, 0.5, 0.5, 0.25, 0, 0, 0, 0))
    >>> standing.win_rate, standing.interval, standing.mean_points
    (0.6, (0.502, 0.6906), 3.25)
    """

    label: str
    games: int
    wins: int
    points: tuple[float, ...]
    """Mean points per game in each of :data:`CATEGORIES`."""

    @property
    def win_rate(self) -> float:
        """The share of games won."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson score interval of the win rate."""
        return wilson_interval(self.wins, self.games)

    @property
    def mean_points(self) -> float:
        """Mean points per game, all categories together."""
        return sum(self.points)


@attrs.frozen
class MatchResult:
    """What :func:`match` returns: the standings, in the order of the bots,
    and how the match was run.

    >>> import scopa_rules as sr
    >>> result = sr.match(sr.Ruleset.scopa(), [sr.RandomBot(), sr.RandomBot()], games=2, seed=5)
    >>> [s.label for s in result.standings], result.games, result.seed
    (['RandomBot #1', 'RandomBot #2'], 2, 5)
    """

    rules: Ruleset
    seed: int
    games: int
    standings: tuple[Standing, ...]
    seconds: float = attrs.field(eq=False)
    """Wall-clock time of the match (not part of equality: a match is the
    same whatever it took)."""

    def table(self) -> str:
        """The standings as a text table: win rate with its 95 % interval,
        mean points per game in all and by category (those of optional rules
        only when the rules score them).

        >>> import scopa_rules as sr
        >>> print(MatchResult(sr.Ruleset.scopa(), 1, 10, (
        ...     Standing("greedy", 10, 7, (1.5, 1.0, 0.5, 1.2, 0.8, 0, 0, 0, 0)),
        ...     Standing("random", 10, 3, (1.0, 1.0, 0.5, 0.3, 0.4, 0, 0, 0, 0))), 0.0).table())
        bot     games  wins  win rate   95% interval  points  cards  coins  settebello  primiera  sweeps
        greedy     10     7     70.0%  39.7% - 89.2%    5.00   1.50   1.00        0.50      1.20    0.80
        random     10     3     30.0%  10.8% - 60.3%    3.20   1.00   1.00        0.50      0.30    0.40
        """
        rules = self.rules
        shown_categories = [
            i
            for i, name in enumerate(CATEGORIES)
            if name not in _OPTIONAL or getattr(rules, _OPTIONAL[name])
        ]
        headers = ["bot", "games", "wins", "win rate", "95% interval", "points"]
        headers += [CATEGORIES[i].replace("_", " ") for i in shown_categories]
        rows = []
        for standing in self.standings:
            low, high = standing.interval
            rows.append(
                [
                    standing.label,
                    str(standing.games),
                    str(standing.wins),
                    f"{standing.win_rate:.1%}",
                    f"{low:.1%} - {high:.1%}",
                    f"{standing.mean_points:.2f}",
                    *(f"{standing.points[i]:.2f}" for i in shown_categories),
                ]
            )
        return _text_table(headers, rows)


def _text_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [
        max(len(headers[i]), *(len(row[i]) for row in rows))
        for i in range(len(headers))
    ]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = [cell.rjust(width) for cell, width in zip(cells, widths, strict=True)]
        return "  ".join([first, *rest[1:]]).rstrip()

    return "\n".join([line(headers), *(line(row) for row in rows)])


# -- playing batches of games -----------------------------------------------------

# A worker's rules and bots, set once by _setup (each worker process is a
# fresh interpreter or a fork, so the global is its own).
_shared: tuple[Ruleset, tuple[Bot | FullStateBot, ...]] | None = None


def _setup(rules: Ruleset, bots: tuple[Bot | FullStateBot, ...]) -> None:
    global _shared
    _shared = (rules, bots)


def _play_shared(first: int, count: int, seed: int) -> _Tally:
    assert _shared is not None  # _setup ran in this worker
    return _play_batch(_shared, first, count, seed)


def _play_batch(
    shared: tuple[Ruleset, tuple[Bot | FullStateBot, ...]],
    first: int,
    count: int,
    seed: int,
) -> _Tally:
    """Play games ``first`` to ``first + count - 1`` of a match and add up
    their outcome."""
    rules, bots = shared
    entries = len(bots)
    wins = [0] * entries
    points = [[0] * len(CATEGORIES) for _ in range(entries)]
    for game in range(first, first + count):
        # Bot ``(side + game) % entries`` plays ``side``: each bot moves one
        # side along every game.
        entry_of_side = [(side + game) % entries for side in range(rules.sides)]
        seats = [bots[entry_of_side[rules.side_of(s)]] for s in range(rules.players)]
        final = play_game(rules, seats, seed + game)
        for result in final.hand_results:
            for side_score in result.score.sides:
                row = points[entry_of_side[side_score.side]]
                for i, field in enumerate(_POINT_FIELDS):
                    row[i] += getattr(side_score, field)
        assert final.winner is not None  # play_game plays to the end
        wins[entry_of_side[final.winner]] += 1
    return count, tuple(wins), tuple(tuple(row) for row in points)


def _batches(games: int, jobs: int) -> list[tuple[int, int]]:
    """(first game, count) pairs: about four batches per worker, so that a
    slow batch does not leave the others idle, and at most 50 games each, so
    that the progress bar moves."""
    size = max(1, min(50, math.ceil(games / (4 * jobs))))
    return [(first, min(size, games - first)) for first in range(0, games, size)]


def _labels(bots: Sequence[object], labels: Sequence[str] | None) -> list[str]:
    plain = [type(bot).__name__ for bot in bots] if labels is None else list(labels)
    return [
        f"{label} #{plain[:i].count(label) + 1}" if plain.count(label) > 1 else label
        for i, label in enumerate(plain)
    ]


def match(
    rules: Ruleset,
    bots: Sequence[Bot | FullStateBot],
    *,
    games: int,
    seed: int,
    jobs: int = 1,
    backend: str = "local",
    labels: Sequence[str] | None = None,
    progress: Callable[[int], object] | None = None,
) -> MatchResult:
    """Play ``games`` games between ``bots`` (one per side, each moving one
    side along every game) and return the standings.

    ``jobs`` worker processes share the games (``1``: this process plays
    them).  ``backend="ray"`` sends the games as Ray tasks instead, in
    batches sized for ``jobs`` workers at least (at most 50 games each), to
    the cluster of the running Ray session (``ray.init(address=...)``;
    without one, Ray's first call joins ``RAY_ADDRESS`` or starts a local
    one).  ``labels`` name the bots (default: their class names, numbered
    when repeated); ``progress`` is called with the number of games done as
    batches finish.  The bots must pickle when ``jobs > 1`` or on Ray.

    The standings depend only on the rules, the bots, ``games`` and
    ``seed``, never on ``jobs`` or the backend.

    >>> import scopa_rules as sr
    >>> bots = [sr.GreedyBot(), sr.RandomBot()]
    >>> one = match(sr.Ruleset.scopa(), bots, games=6, seed=3)
    >>> two = match(sr.Ruleset.scopa(), bots, games=6, seed=3, jobs=2)
    >>> one == two, one.standings[0].games
    (True, 6)
    """
    if len(bots) != rules.sides:
        raise InvalidStateError(
            f"a match needs one bot per side: {rules.sides}, not {len(bots)}"
        )
    if labels is not None and len(labels) != len(bots):
        raise InvalidStateError(
            f"a match needs one label per bot: {len(bots)}, not {len(labels)}"
        )
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise InvalidStateError(
            f"games must be a whole number from 1, not {shown(games)}"
        )
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1:
        raise InvalidStateError(
            f"jobs must be a whole number from 1, not {shown(jobs)}"
        )
    if backend not in ("local", "ray"):
        raise InvalidStateError(
            f"backend must be 'local' or 'ray', not {shown(backend)}"
        )
    shared = (rules, tuple(bots))
    start = time.monotonic()
    if backend == "ray":
        tallies = _run_on_ray(shared, games, seed, jobs, progress)
    elif jobs == 1 or games == 1:
        tallies = _run_here(shared, games, seed, progress)
    else:
        tallies = _run_in_processes(shared, games, seed, jobs, progress)
    seconds = time.monotonic() - start
    standings = []
    for entry, label in enumerate(_labels(bots, labels)):
        wins = sum(tally[1][entry] for tally in tallies)
        sums = [
            sum(tally[2][entry][i] for tally in tallies) for i in range(len(CATEGORIES))
        ]
        standings.append(Standing(label, games, wins, tuple(s / games for s in sums)))
    return MatchResult(rules, seed, games, tuple(standings), seconds)


def _collect(
    tallies: Iterable[_Tally], progress: Callable[[int], object] | None
) -> list[_Tally]:
    """The batches' tallies as they come, telling ``progress`` how many
    games are done."""
    collected = []
    done = 0
    for tally in tallies:
        collected.append(tally)
        done += tally[0]
        if progress is not None:
            progress(done)
    return collected


def _run_here(
    shared: tuple[Ruleset, tuple[Bot | FullStateBot, ...]],
    games: int,
    seed: int,
    progress: Callable[[int], object] | None,
) -> list[_Tally]:
    batches = _batches(games, 1)
    return _collect((_play_batch(shared, *batch, seed) for batch in batches), progress)


def _run_in_processes(
    shared: tuple[Ruleset, tuple[Bot | FullStateBot, ...]],
    games: int,
    seed: int,
    jobs: int,
    progress: Callable[[int], object] | None,
) -> list[_Tally]:
    batches = _batches(games, jobs)
    workers = min(jobs, len(batches), os.cpu_count() or jobs)
    with ProcessPoolExecutor(workers, initializer=_setup, initargs=shared) as pool:
        futures: list[Future[_Tally]] = [
            pool.submit(_play_shared, first, count, seed) for first, count in batches
        ]
        try:
            done = (future.result() for future in as_completed(futures))
            return _collect(done, progress)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _run_on_ray(
    shared: tuple[Ruleset, tuple[Bot | FullStateBot, ...]],
    games: int,
    seed: int,
    jobs: int,
    progress: Callable[[int], object] | None,
) -> list[_Tally]:
    try:
        import ray
    except ImportError:
        raise InvalidStateError(
            "backend 'ray' needs Ray: pip install 'scopa-rules[ray]'"
        ) from None
    # The rules and bots go to the object store once; every task reads them
    # from there.  (Ray's first call starts or joins a cluster if ray.init()
    # was not called.)
    shared_ref = ray.put(shared)
    play = ray.remote(_play_batch)
    pending: list[Any] = [
        play.remote(shared_ref, first, count, seed)
        for first, count in _batches(games, jobs)
    ]

    def finished() -> Iterator[_Tally]:
        nonlocal pending
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            yield ray.get(ready[0])

    return _collect(finished(), progress)
