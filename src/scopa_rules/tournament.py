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

A game whose bot raises, takes longer than ``move_timeout`` for a move or
kills its worker process is a :class:`MatchFailure`: by default the match
stops at once (the workers are stopped too) with a
:exc:`~scopa_rules.MatchError` holding the standings of the games that
finished; with ``on_error="skip"`` the failed games are left out and listed
in :attr:`MatchResult.failures`.
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import multiprocessing
import os
import pickle
import random
import signal
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.context import DefaultContext
from typing import Any, Protocol

import attrs

from ._play.bots import Bot, FullStateBot, ask, check_bots
from .errors import ArgumentError, InvalidStateError, MatchError, shown
from .rules import OPTIONS, Ruleset
from .scoring import SideScore
from .state import new_game

__all__ = [
    "CATEGORIES",
    "MatchFailure",
    "MatchResult",
    "Standing",
    "match",
    "wilson_interval",
]

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

# The categories that score only under an option: the option, by category.
_OPTIONAL = {row.category: row.name for row in OPTIONS if row.category is not None}


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
class MatchFailure:
    """A game of a match that did not finish: which bot failed, in which
    seat, game and move, and how.

    >>> failure = MatchFailure(3, 4, "mybot", 1, 12, "error", "ZeroDivisionError", "division by zero")
    >>> print(failure)
    mybot (seat 1) in game 3 (seed 4) at move 12: ZeroDivisionError: division by zero
    >>> print(MatchFailure(0, 1, "slow", 0, 1, "timeout", None, "no move within 0.5 s (move_timeout)"))
    slow (seat 0) in game 0 (seed 1) at move 1: no move within 0.5 s (move_timeout)
    """

    game: int
    """The number of the game in the match, from 0."""
    seed: int
    """The game's seed: the match's seed plus :attr:`game`."""
    label: str | None
    """The label of the bot whose move failed (``None`` when no bot was
    moving: a worker process that died between moves)."""
    seat: int | None
    """The seat that bot played (``None`` with no bot)."""
    move: int
    """The number of the move in the game, from 1 (``0``: before the first
    move)."""
    kind: str
    """``"error"``: the bot raised :attr:`error`; ``"timeout"``: it made no
    move within ``move_timeout``; ``"crash"``: the worker process playing the
    game died (:attr:`message` gives its exit code or signal)."""
    error: str | None
    """The type of the exception, module and name (a built-in's name alone),
    for an ``"error"``; ``None`` otherwise."""
    message: str
    """What went wrong: the exception's message, the time limit, or how the
    worker ended."""
    traceback: str = attrs.field(default="", eq=False, repr=False)
    """The formatted traceback of an ``"error"`` (where it happened, which
    may differ between processes: not part of equality)."""

    def __str__(self) -> str:
        bot = (
            "no bot's move"
            if self.label is None
            else f"{self.label} (seat {self.seat})"
        )
        what = self.message if self.error is None else f"{self.error}: {self.message}"
        return (
            f"{bot} in game {self.game} (seed {self.seed}) at move {self.move}: {what}"
        )


@attrs.frozen
class MatchResult:
    """What :func:`match` returns: the standings, in the order of the bots,
    and how the match was run.

    >>> import scopa_rules as sr
    >>> result = sr.match(sr.Ruleset.scopa(), [sr.RandomBot(), sr.RandomBot()], games=2, seed=5)
    >>> [s.label for s in result.standings], result.games, result.seed, result.failures
    (['RandomBot #1', 'RandomBot #2'], 2, 5, ())
    """

    rules: Ruleset
    seed: int
    games: int
    """The number of games the standings count: every game asked for, less
    the :attr:`failures` (and, in a :exc:`~scopa_rules.MatchError`'s partial
    result, less the games that had not finished)."""
    standings: tuple[Standing, ...]
    seconds: float = attrs.field(eq=False)
    """Wall-clock time of the match (not part of equality: a match is the
    same whatever it took)."""
    failures: tuple[MatchFailure, ...] = ()
    """The games that failed, by game number (with ``on_error="skip"``, or
    in a :exc:`~scopa_rules.MatchError`'s partial result); they count in no
    standing."""

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


# -- playing games ------------------------------------------------------------------


@attrs.frozen
class _Match:
    """What every game of a match needs, sent once to each worker."""

    rules: Ruleset
    bots: tuple[Bot | FullStateBot, ...]
    labels: tuple[str, ...]
    seed: int
    stop: bool
    """Stop at the first failure (``on_error="raise"``)."""


@attrs.frozen
class _Won:
    """A game played to the end: the bot that won it (by its place in the
    match's bots) and each bot's points in each category."""

    game: int
    winner: int
    points: tuple[tuple[int, ...], ...]


@attrs.frozen
class _Failed:
    """A game that failed, and the exception that failed it (when it could
    travel from the worker)."""

    failure: MatchFailure
    cause: BaseException | None = attrs.field(eq=False)


class _Slots(Protocol):
    """Where a game says what it is doing: a list in this process, shared
    memory that the parent reads in a worker process."""

    def __getitem__(self, index: int, /) -> int: ...
    def __setitem__(self, index: int, value: int, /) -> None: ...


# The slots of a game's status: the game, its move, the seat moving and when
# the move began (time.monotonic_ns(); 0 between moves).
_GAME, _MOVE, _SEAT, _STARTED = range(4)


def _failure(
    plan: _Match,
    game: int,
    seat: int | None,
    move: int,
    kind: str,
    error: str | None,
    message: str,
    trace: str = "",
) -> MatchFailure:
    # Bot ``(side + game) % entries`` plays ``side`` (see _play_game).
    entry = None if seat is None else (plan.rules.side_of(seat) + game) % len(plan.bots)
    label = None if entry is None else plan.labels[entry]
    return MatchFailure(
        game, plan.seed + game, label, seat, move, kind, error, message, trace
    )


def _type_name(error: BaseException) -> str:
    kind = type(error)
    return (
        kind.__qualname__
        if kind.__module__ == "builtins"
        else f"{kind.__module__}.{kind.__qualname__}"
    )


def _play_game(plan: _Match, game: int, status: _Slots) -> _Won | _Failed:
    """Play game ``game`` of ``plan`` (as :func:`~scopa_rules.play_game`
    does, seeded ``plan.seed + game``), writing in ``status`` which move is
    being played."""
    rules, bots = plan.rules, plan.bots
    entries = len(bots)
    # Bot ``(side + game) % entries`` plays ``side``: each bot moves one side
    # along every game.
    entry_of_side = [(side + game) % entries for side in range(rules.sides)]
    seats = [bots[entry_of_side[rules.side_of(s)]] for s in range(rules.players)]
    # isinstance() against a protocol is slow: once per bot, not per move.
    sees_all = [isinstance(bot, FullStateBot) for bot in seats]
    seed = plan.seed + game
    status[_GAME] = game
    move = 0
    seat = None
    try:
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        while (seat := state.current_player) is not None:
            move += 1
            status[_MOVE] = move
            status[_SEAT] = seat
            status[_STARTED] = time.monotonic_ns()
            state = state.apply(ask(seats[seat], sees_all[seat], state, seat, rng))
    except Exception as error:
        status[_STARTED] = 0
        failure = _failure(
            plan,
            game,
            seat,
            move,
            "error",
            _type_name(error),
            str(error),
            traceback.format_exc(),
        )
        return _Failed(failure, error)
    status[_STARTED] = 0
    points = [[0] * len(CATEGORIES) for _ in range(entries)]
    for result in state.hand_results:
        for side_score in result.score.sides:
            row = points[entry_of_side[side_score.side]]
            for i, field in enumerate(_POINT_FIELDS):
                row[i] += getattr(side_score, field)
    assert state.winner is not None  # the loop plays to the end
    return _Won(game, entry_of_side[state.winner], tuple(map(tuple, points)))


class _Played:
    """The games of a match played so far: how many finished, each bot's
    wins and points, and the failures with their exceptions."""

    def __init__(self, entries: int) -> None:
        self.games = 0
        self.wins = [0] * entries
        self.points = [[0] * len(CATEGORIES) for _ in range(entries)]
        self.failures: list[MatchFailure] = []
        self.causes: dict[int, BaseException | None] = {}

    @property
    def accounted(self) -> int:
        """Games finished or failed."""
        return self.games + len(self.failures)

    def add(self, outcome: _Won | _Failed) -> None:
        if isinstance(outcome, _Won):
            self.games += 1
            self.wins[outcome.winner] += 1
            for row, game_row in zip(self.points, outcome.points, strict=True):
                for i, points in enumerate(game_row):
                    row[i] += points
        else:
            self.failures.append(outcome.failure)
            self.causes[outcome.failure.game] = outcome.cause

    def merge(self, other: _Played) -> None:
        self.games += other.games
        for entry, wins in enumerate(other.wins):
            self.wins[entry] += wins
        for row, other_row in zip(self.points, other.points, strict=True):
            for i, points in enumerate(other_row):
                row[i] += points
        self.failures += other.failures
        self.causes.update(other.causes)


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
    move_timeout: float | None = None,
    on_error: str = "raise",
) -> MatchResult:
    """Play ``games`` games between ``bots`` (one per side, each moving one
    side along every game) and return the standings.

    ``jobs`` worker processes share the games (``1``: this process plays
    them).  ``backend="ray"`` sends the games as Ray tasks instead, in
    batches sized for ``jobs`` workers at least (at most 50 games each), to
    the cluster of the running Ray session (``ray.init(address=...)``;
    without one, Ray's first call joins ``RAY_ADDRESS`` or starts a local
    one).  ``labels`` name the bots (default: their class names, numbered
    when repeated); ``progress`` is called with the number of games done
    (finished or failed) as batches finish.  The bots must pickle when
    ``jobs > 1``, with a ``move_timeout`` or on Ray.

    The standings depend only on the rules, the bots, ``games`` and
    ``seed``, never on ``jobs`` or the backend.

    >>> import scopa_rules as sr
    >>> bots = [sr.GreedyBot(), sr.RandomBot()]
    >>> one = match(sr.Ruleset.scopa(), bots, games=6, seed=3)
    >>> two = match(sr.Ruleset.scopa(), bots, games=6, seed=3, jobs=2)
    >>> one == two, one.standings[0].games
    (True, 6)

    A game fails when a bot raises, makes no move within ``move_timeout``
    seconds (default ``None``: no limit) or kills the process playing it.
    With ``on_error="raise"`` (the default) the match stops at the first
    failure, its workers too, and raises :exc:`~scopa_rules.MatchError`,
    whose ``failures`` say which bot, seat, game (and seed) and move failed
    and whose ``partial`` result holds the standings of the games that had
    finished.  With ``on_error="skip"`` every other game is played, and the
    result counts the games that finished and lists the failed ones in
    :attr:`MatchResult.failures`, the same for any ``jobs`` or backend:

    >>> class Fussy:
    ...     "Will not play from a hand of one suit."
    ...     def choose(self, view, rng):
    ...         if len(view.hand) == 3 and len({card.suit for card in view.hand}) == 1:
    ...             raise ValueError(f"a hand all of one suit: {view.hand}")
    ...         return view.legal_moves()[0]
    >>> skipped = match(sr.Ruleset.scopa(), [sr.GreedyBot(), Fussy()], games=4, seed=15,
    ...                 on_error="skip")
    >>> skipped.games, [s.wins for s in skipped.standings]
    (3, [3, 0])
    >>> for failure in skipped.failures:
    ...     print(failure)
    Fussy (seat 0) in game 1 (seed 16) at move 31: ValueError: a hand all of one suit: 3S 7S JS

    A time limit is kept by a watchdog that stops the worker process of a
    bot past its time: with a ``move_timeout``, ``jobs=1`` plays the games
    in one worker process rather than in this one.  On Ray, each task plays
    its batch in a child process of its Ray worker, watched the same way
    (which also names the game and move of a bot that kills its process).
    """
    check_bots(rules, bots, "match", per_seat=False)
    if labels is not None and len(labels) != len(bots):
        raise ArgumentError(
            "labels", f"a match needs one label per bot: {len(bots)}, not {len(labels)}"
        )
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ArgumentError(
            "games", f"games must be a whole number from 1, not {shown(games)}"
        )
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1:
        raise ArgumentError(
            "jobs", f"jobs must be a whole number from 1, not {shown(jobs)}"
        )
    if backend not in ("local", "ray"):
        raise ArgumentError(
            "backend", f"backend must be 'local' or 'ray', not {shown(backend)}"
        )
    if move_timeout is not None and (
        not isinstance(move_timeout, int | float)
        or isinstance(move_timeout, bool)
        or not move_timeout > 0
    ):
        raise ArgumentError(
            "move_timeout",
            "move_timeout must be a number of seconds above 0 or None, "
            f"not {shown(move_timeout)}",
        )
    if on_error not in ("raise", "skip"):
        raise ArgumentError(
            "on_error", f"on_error must be 'raise' or 'skip', not {shown(on_error)}"
        )
    plan = _Match(
        rules, tuple(bots), tuple(_labels(bots, labels)), seed, on_error == "raise"
    )
    played = _Played(len(bots))
    start = time.monotonic()
    if backend == "ray":
        _play_on_ray(plan, _batches(games, jobs), move_timeout, progress, played)
    elif move_timeout is None and (jobs == 1 or games == 1):
        _play_here(plan, _batches(games, 1), progress, played)
    else:
        batches = _batches(games, jobs)
        workers = min(jobs, len(batches), os.cpu_count() or jobs)
        _Pool(plan, workers, move_timeout, progress, played).run(batches)
    result = _result(plan, played, time.monotonic() - start)
    if played.failures and plan.stop:
        first = result.failures[0]
        cause = played.causes.get(first.game)
        if cause is not None and cause.__traceback__ is None:
            # It comes from a worker process: its traceback, as text.
            cause.__cause__ = _RemoteTraceback(first.traceback)
        raise MatchError(
            f"{first}; the standings of the {result.games} "
            f"game{'' if result.games == 1 else 's'} that finished are in the "
            "error's partial result",
            result,
            result.failures,
        ) from cause
    return result


class _RemoteTraceback(Exception):
    """The traceback of an exception raised in another process."""

    def __str__(self) -> str:
        return f'\n"""\n{self.args[0]}"""'


def _result(plan: _Match, played: _Played, seconds: float) -> MatchResult:
    games = played.games
    standings = tuple(
        Standing(
            label,
            games,
            played.wins[entry],
            tuple(points / games if games else 0.0 for points in played.points[entry]),
        )
        for entry, label in enumerate(plan.labels)
    )
    failures = tuple(sorted(played.failures, key=lambda failure: failure.game))
    return MatchResult(plan.rules, plan.seed, games, standings, seconds, failures)


def _tell(progress: Callable[[int], object] | None, played: _Played) -> None:
    if progress is not None:
        progress(played.accounted)


# -- in this process ----------------------------------------------------------------


def _play_here(
    plan: _Match,
    batches: Sequence[tuple[int, int]],
    progress: Callable[[int], object] | None,
    played: _Played,
) -> None:
    status = [0] * 4
    for first, count in batches:
        for game in range(first, first + count):
            outcome = _play_game(plan, game, status)
            played.add(outcome)
            if plan.stop and isinstance(outcome, _Failed):
                return
        _tell(progress, played)


# -- in worker processes -------------------------------------------------------------


def _portable(outcome: _Won | _Failed) -> _Won | _Failed:
    """``outcome`` as it may go to another process: without a failure's
    exception when that does not pickle (the failure keeps its traceback)."""
    if isinstance(outcome, _Failed):
        try:
            pickle.dumps(outcome.cause)
        except Exception:
            return _Failed(outcome.failure, None)
    return outcome


def _serve(conn: Connection, status: _Slots, plan: _Match) -> None:
    """A worker's work: batches ``(first, count)`` from ``conn`` until
    ``None``, each game's outcome sent back as soon as it is known."""
    while (batch := conn.recv()) is not None:
        first, count = batch
        for game in range(first, first + count):
            outcome = _portable(_play_game(plan, game, status))
            conn.send(outcome)
            if plan.stop and isinstance(outcome, _Failed):
                break


def _exit_with_parent(lifeline: Connection) -> None:
    """Wait until the parent's end of ``lifeline`` closes (the parent never
    writes to it), then end this process: a worker never outlives its match,
    even when the parent was killed or its Ray task cancelled."""
    with contextlib.suppress(EOFError, OSError):
        lifeline.recv()
    os._exit(1)


def _worker(
    conn: Connection, lifeline: Connection, status: _Slots, plan: _Match
) -> None:
    """A worker process's main."""
    # Ctrl-C reaches the whole process group: the parent answers it by
    # stopping the workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with_parent, args=(lifeline,), daemon=True).start()
    _serve(conn, status, plan)


class _Worker:
    """A worker process, the pipe to it, and the games it was given and has
    not reported yet, in the order it plays them (the first is the one it is
    playing)."""

    def __init__(self, context: DefaultContext, plan: _Match) -> None:
        self.status: _Slots = context.RawArray(ctypes.c_longlong, 4)
        self.conn, child = context.Pipe()
        lifeline, self.lifeline = context.Pipe(duplex=False)
        self.process: multiprocessing.process.BaseProcess = context.Process(
            target=_worker,
            args=(child, lifeline, self.status, plan),
            name="scopa-rules match worker",
        )
        self.process.start()
        # Only the worker holds its ends: when it dies, the pipe says so.
        child.close()
        lifeline.close()
        self.todo: deque[int] = deque()
        self.closed = False

    def give(self, first: int, count: int) -> None:
        self.todo.extend(range(first, first + count))
        self.conn.send((first, count))

    def stop(self) -> None:
        """End the process (within a second whatever it is doing)."""
        self.process.terminate()
        self.process.join(1.0)
        self.process.kill()
        self.process.join()


class _Pool:
    """Worker processes playing batches of games, watched: a failure stops
    them all at once (``plan.stop``), or fails its game alone."""

    def __init__(
        self,
        plan: _Match,
        workers: int,
        move_timeout: float | None,
        progress: Callable[[int], object] | None,
        played: _Played,
    ) -> None:
        self.plan = plan
        self.workers = workers
        self.move_timeout = move_timeout
        self.limit = None if move_timeout is None else move_timeout * 1e9
        self.progress = progress
        self.played = played
        self.context = multiprocessing.get_context()
        self.queue: deque[tuple[int, int]] = deque()
        self.idle: list[_Worker] = []
        self.busy: list[_Worker] = []

    def run(self, batches: Sequence[tuple[int, int]]) -> None:
        self.queue.extend(batches)
        # Without a time limit, wake up only when a worker reports or dies.
        tick = None if self.move_timeout is None else min(0.1, self.move_timeout / 5)
        try:
            while True:
                while self.queue and (self.idle or len(self.busy) < self.workers):
                    worker = (
                        self.idle.pop()
                        if self.idle
                        else _Worker(self.context, self.plan)
                    )
                    worker.give(*self.queue.popleft())
                    self.busy.append(worker)
                if not self.busy:
                    return
                watched: list[Any] = [worker.conn for worker in self.busy]
                watched += [worker.process.sentinel for worker in self.busy]
                wait(watched, tick)
                for worker in list(self.busy):
                    if self._check(worker):
                        return
        finally:
            for worker in self.idle + self.busy:
                worker.stop()

    def _check(self, worker: _Worker) -> bool:
        """Take in what ``worker`` reported, and see that it is alive and
        within its time; true when the match must stop."""
        started = worker.status[_STARTED]
        if (
            self.limit is not None
            and started != 0
            and time.monotonic_ns() - started > self.limit
        ):
            return self._lost(worker, "timeout")
        if self._receive(worker):
            return True
        if not worker.todo:  # its batch is done
            self.busy.remove(worker)
            self.idle.append(worker)
            _tell(self.progress, self.played)
            return False
        if worker.closed or worker.process.exitcode is not None:
            return self._lost(worker, "crash")
        return False

    def _receive(self, worker: _Worker) -> bool:
        """Take in the games ``worker`` reported; true when the match must
        stop."""
        while worker.todo and worker.conn.poll():
            try:
                outcome: _Won | _Failed = worker.conn.recv()
            except (EOFError, OSError):  # it died
                worker.closed = True
                return False
            worker.todo.popleft()
            self.played.add(outcome)
            if self.plan.stop and isinstance(outcome, _Failed):
                return True
        return False

    def _lost(self, worker: _Worker, kind: str) -> bool:
        """``worker`` died (``kind="crash"``) or is past its time
        (``"timeout"``): stop it, take in what it reported, fail the game it
        was playing and give the rest of its batch to another worker; true
        when the match must stop (as it does, ``on_error`` whatever, for a
        worker that died outside a bot's move)."""
        worker.stop()
        self.busy.remove(worker)
        stop = self._receive(worker)
        lost = list(worker.todo)
        failures = [self._failure(worker, game, kind) for game in lost[:1]]
        for failure in failures:
            self.played.add(_Failed(failure, None))
        rest = lost[1:]
        self.queue.extendleft([(rest[0], len(rest))] if rest else [])
        return stop or self.plan.stop or any(f.label is None for f in failures)

    def _failure(self, worker: _Worker, game: int, kind: str) -> MatchFailure:
        status = worker.status
        in_move = status[_GAME] == game and status[_STARTED] != 0
        code = worker.process.exitcode
        assert code is not None  # stop() waited for it
        message = (
            f"no move within {self.move_timeout:g} s (move_timeout)"
            if kind == "timeout"
            else f"the worker process died: exit code {code}"
            if code >= 0
            else f"the worker process died: killed by {_signal_name(-code)}"
        )
        seat = status[_SEAT] if in_move else None
        move = status[_MOVE] if in_move else 0
        return _failure(self.plan, game, seat, move, kind, None, message)


def _signal_name(number: int) -> str:
    names = {member.value: member.name for member in signal.Signals}
    return names.get(number, f"signal {number}")


# -- on Ray --------------------------------------------------------------------------


def _play_batch_in_a_process(
    plan: _Match, first: int, count: int, move_timeout: float | None
) -> _Played:
    """A Ray task: one batch of games, played in a child process of the Ray
    worker and watched as the local workers are."""
    played = _Played(len(plan.bots))
    _Pool(plan, 1, move_timeout, None, played).run([(first, count)])
    return played


def _play_on_ray(
    plan: _Match,
    batches: Sequence[tuple[int, int]],
    move_timeout: float | None,
    progress: Callable[[int], object] | None,
    played: _Played,
) -> None:
    try:
        import ray
    except ImportError:
        raise InvalidStateError(
            "backend 'ray' needs Ray: pip install 'scopa-rules[ray]'"
        ) from None
    # The rules and bots go to the object store once; every task reads them
    # from there.  (Ray's first call starts or joins a cluster if ray.init()
    # was not called.)  A task that fails is not tried again: a bot that
    # fails once fails every time.
    plan_ref = ray.put(plan)
    play = ray.remote(max_retries=0, retry_exceptions=False)(_play_batch_in_a_process)
    pending: list[Any] = [
        play.remote(plan_ref, first, count, move_timeout) for first, count in batches
    ]
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            batch: _Played = ray.get(ready[0])
            played.merge(batch)
            _tell(progress, played)
            if plan.stop and batch.failures:
                return
    finally:
        # Stopped early (a failure, Ctrl-C): end the tasks still running.
        for ref in pending:
            ray.cancel(ref, force=True)
