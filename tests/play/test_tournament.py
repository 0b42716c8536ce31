"""Matches between bots: :func:`scopa_rules.match`.

The standings of a match depend only on the rules, the bots, the number of
games and the seed: the same in this process, in worker processes and on a
local Ray instance (started once for the module, skipped only when Ray is
not installed).  A game that fails (a bot raises, hangs or kills its
process) stops the match at once, workers and all, and says where, or is
left out with ``on_error="skip"``, the same on every backend.

The bots that fail are classes of this module: worker processes get them
by pickle (or fork), Ray's workers import this module from the tests'
folder.
"""

from __future__ import annotations

import faulthandler
import importlib.util
import io
import math
import multiprocessing
import os
import pickle
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import scopa_rules as sr
import scopa_rules.__main__ as cli
from scopa_rules import tournament
from scopa_rules.tournament import _batches

RULES = sr.Ruleset.scopa()
BOTS = (sr.GreedyBot(), sr.RandomBot())


# -- bots that fail ---------------------------------------------------------------------


class Crasher:
    """A bot that fails at its first move."""

    def choose(self, view: sr.PlayerView, rng: random.Random) -> sr.Move:
        return view.legal_moves()[1 // 0]


class FailsAt:
    """Plays at random, and raises at its first move in the game of one
    seed, where it plays seat 0 (so the rest of the match plays on)."""

    def __init__(self, seed: int) -> None:
        start = sr.new_game(RULES, seed=seed)
        self.deal = (start.view(0).hand, start.table)

    def choose(self, view: sr.PlayerView, rng: random.Random) -> sr.Move:
        if view.hand_number == 0 and (view.hand, view.table) == self.deal:
            raise ZeroDivisionError("the dealt cards do not add up")
        return rng.choice(view.legal_moves())


class Unshippable(Exception):
    """An exception that does not pickle (it holds a lock)."""

    def __init__(self) -> None:
        super().__init__("a lock cannot travel")
        self.lock = threading.Lock()


class Picky:
    """Plays the first legal move, and fails at a hand of three cards of
    one suit, as ``mode`` says: ``raise`` a ValueError, ``exit`` the
    process, ``segfault``, ``sleep`` (hang), raise an ``unshippable``
    exception or play an ``illegal`` move."""

    def __init__(self, mode: str = "raise") -> None:
        self.mode = mode

    def choose(self, view: sr.PlayerView, rng: random.Random) -> sr.Move:
        moves = view.legal_moves()
        if len(view.hand) < 3 or len({card.suit for card in view.hand}) > 1:
            return moves[0]
        if self.mode == "exit":
            os._exit(1)
        if self.mode == "segfault":
            faulthandler.disable()  # pytest's would print the stack
            os.kill(os.getpid(), signal.SIGSEGV)
        if self.mode == "sleep":
            time.sleep(1000)
        if self.mode == "unshippable":
            raise Unshippable
        if self.mode == "illegal":
            return sr.Move.parse("7D" if sr.Card.parse("7D") not in view.hand else "7S")
        raise ValueError(f"a hand all of one suit: {view.hand}")


class Counted:
    """A bot that counts the moves of the game, its own and others'."""

    def __init__(self, bot: sr.Bot, moves: list[int]) -> None:
        self.bot = bot
        self.moves = moves

    def choose(self, view: sr.PlayerView, rng: random.Random) -> sr.Move:
        self.moves[0] += 1
        return self.bot.choose(view, rng)


def picky_failures(games: int, seed: int) -> list[tuple[int, int, int]]:
    """Where Picky fails in a match against GreedyBot (seed ``seed``, Picky
    second): (game, seat, move) of each game it fails, played here."""
    failing = []
    for game in range(games):
        moves = [0]
        bots = [Counted(sr.GreedyBot(), moves), Counted(Picky(), moves)]
        seat = 1 - game % 2  # the bots change sides every game
        try:
            sr.play_game(RULES, bots[::-1] if game % 2 else bots, seed + game)
        except ValueError:
            failing.append((game, seat, moves[0]))
    return failing


def where(failures: tuple[sr.MatchFailure, ...]) -> list[tuple[int, int, int]]:
    return [(f.game, f.seat if f.seat is not None else -1, f.move) for f in failures]


def test_the_standings_add_up() -> None:
    result = sr.match(RULES, BOTS, games=10, seed=2)
    assert [s.label for s in result.standings] == ["GreedyBot", "RandomBot"]
    assert sum(s.wins for s in result.standings) == 10
    assert all(s.games == 10 for s in result.standings)
    # Every hand gives one point for the settebello, to one side or the other.
    finals = [
        sr.play_game(RULES, [BOTS[game % 2], BOTS[(game + 1) % 2]], 2 + game)
        for game in range(10)
    ]
    hands = sum(len(final.hand_results) for final in finals)
    assert sum(s.points[2] for s in result.standings) * 10 == pytest.approx(hands)
    assert result.seconds >= 0.0
    low, high = result.standings[0].interval
    assert low <= result.standings[0].win_rate <= high


def test_seats_rotate_every_game() -> None:
    # Bot 0 plays side 0 in even games and side 1 in odd ones: with two equal
    # bots the standings are those of the sides, read alternately.
    result = sr.match(RULES, [sr.RandomBot(), sr.RandomBot()], games=8, seed=1)
    winners = [
        sr.play_game(RULES, [sr.RandomBot()] * 2, 1 + game).winner for game in range(8)
    ]
    bot0 = sum(winner == game % 2 for game, winner in enumerate(winners))
    assert [s.wins for s in result.standings] == [bot0, 8 - bot0]
    assert [s.label for s in result.standings] == ["RandomBot #1", "RandomBot #2"]


def test_jobs_do_not_change_the_standings() -> None:
    progress: list[int] = []
    one = sr.match(RULES, BOTS, games=12, seed=4)
    two = sr.match(RULES, BOTS, games=12, seed=4, jobs=2, progress=progress.append)
    assert one == two
    assert progress == sorted(progress)
    assert progress[-1] == 12


def test_partnerships_and_labels() -> None:
    rules = sr.Ruleset.scopone()
    result = sr.match(rules, BOTS, games=2, seed=1, labels=["g", "r"])
    assert [s.label for s in result.standings] == ["g", "r"]
    assert "re bello" not in result.table()
    napola = sr.Ruleset.scopa(re_bello=True, napola=True)
    assert "re bello  napola" in sr.match(napola, BOTS, games=1, seed=1).table()


def test_batches_cover_every_game_once() -> None:
    for games in (1, 7, 50, 401):
        for jobs in (1, 2, 3):
            batches = _batches(games, jobs)
            covered = [
                g for first, count in batches for g in range(first, first + count)
            ]
            assert covered == list(range(games))
            assert all(count <= 50 for _, count in batches)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"bots": BOTS[:1]}, r"bots: match takes one bot per side \(2\), not 1 bot$"),
        ({"bots": sr.GreedyBot()}, "bots: match takes a list of bots, one per side"),
        ({"bots": [sr.GreedyBot(), "random"]}, r"bots\[1\]: 'random' is not a bot"),
        ({"labels": ["x"]}, "one label per bot: 2, not 1"),
        ({"games": 0}, "games must be a whole number from 1, not 0"),
        ({"jobs": True}, "jobs must be a whole number from 1, not True"),
        ({"backend": "spark"}, "backend must be 'local' or 'ray', not 'spark'"),
        ({"move_timeout": 0}, "move_timeout must be a number of seconds above 0 or"),
        ({"move_timeout": math.nan}, "seconds above 0 or None, not nan"),
        ({"move_timeout": "1"}, "seconds above 0 or None, not '1'"),
        ({"move_timeout": True}, "seconds above 0 or None, not True"),
        ({"on_error": "ignore"}, "on_error must be 'raise' or 'skip', not 'ignore'"),
    ],
)
def test_bad_arguments(arguments: dict[str, object], message: str) -> None:
    call: dict[str, object] = {"bots": BOTS, "games": 2, "seed": 1, **arguments}
    with pytest.raises(sr.ArgumentError, match=message) as error:
        sr.match(RULES, **call)  # type: ignore[arg-type]
    # An argument mistake: a TypeError and a ValueError, and still the
    # InvalidStateError it was before ArgumentError.
    assert isinstance(error.value, TypeError)
    assert isinstance(error.value, ValueError)
    assert isinstance(error.value, sr.InvalidStateError)
    assert error.value.argument.partition("[")[0] == next(iter(arguments))


def test_match_refuses_rules_that_are_not_a_ruleset() -> None:
    with pytest.raises(sr.ArgumentError, match="rules: match takes a Ruleset") as error:
        sr.match("scopa", BOTS, games=2, seed=1)  # type: ignore[arg-type]
    assert error.value.argument == "rules"


def test_ray_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_ray(name: str, *args: object, **kwargs: object) -> object:
        if name == "ray":
            raise ImportError("no ray here")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(sr.InvalidStateError, match=r"pip install 'scopa-rules\[ray\]'"):
        sr.match(RULES, BOTS, games=1, seed=1, backend="ray")


# -- failures ---------------------------------------------------------------------------


def test_a_bot_error_says_where_and_keeps_the_games_before_it() -> None:
    bots: list[sr.Bot] = [sr.GreedyBot(), Picky()]
    with pytest.raises(sr.MatchError) as caught:
        sr.match(RULES, bots, games=20, seed=15)
    error = caught.value
    (failure,) = error.failures
    assert where(error.failures) == picky_failures(20, 15)[:1] == [(1, 0, 31)]
    assert (failure.seed, failure.label, failure.kind) == (16, "Picky", "error")
    assert (failure.error, failure.message) == (
        "ValueError",
        "a hand all of one suit: 3S 7S JS",
    )
    assert 'raise ValueError(f"a hand all of one suit' in failure.traceback
    assert str(error) == (
        "Picky (seat 0) in game 1 (seed 16) at move 31: ValueError: a hand all of "
        "one suit: 3S 7S JS; the standings of the 1 game that finished are in "
        "the error's partial result"
    )
    assert isinstance(error, sr.ScopaError)
    assert isinstance(error.__cause__, ValueError)
    # This process plays the games in order: the partial result holds those
    # before the failing one.
    before = sr.match(RULES, bots, games=1, seed=15)
    assert error.partial.standings == before.standings
    assert (error.partial.games, error.partial.failures) == (1, error.failures)


def test_a_bot_error_stops_every_worker_at_once() -> None:
    # Game 10 fails at its first move.  The process pool raised at once but
    # its workers played the other 19,990 games on (the process exited 49 s
    # later here); now the workers are gone when the error comes.
    start = time.monotonic()
    with pytest.raises(sr.MatchError) as caught:
        sr.match(RULES, [FailsAt(11), sr.RandomBot()], games=20_000, seed=1, jobs=2)
    assert time.monotonic() - start < 5
    assert multiprocessing.active_children() == []
    (failure,) = caught.value.failures
    assert str(failure) == (
        "FailsAt (seat 0) in game 10 (seed 11) at move 1: ZeroDivisionError: "
        "the dealt cards do not add up"
    )
    # The exception came back from the worker, with the worker's traceback.
    cause = caught.value.__cause__
    assert isinstance(cause, ZeroDivisionError)
    assert "in choose" in str(cause.__cause__)
    partial = caught.value.partial
    assert partial.games >= 10  # at least those before it in its batch
    assert all(standing.games == partial.games for standing in partial.standings)
    assert sum(standing.wins for standing in partial.standings) == partial.games


def test_a_failing_bot_stops_the_pool() -> None:
    with pytest.raises(
        sr.MatchError, match=r"^Crasher \(seat [01]\) in game [01] \(seed [12]\)"
    ):
        sr.match(RULES, [Crasher(), sr.RandomBot()], games=4, seed=1, jobs=2)
    assert multiprocessing.active_children() == []


def test_ctrl_c_stops_a_match_in_processes() -> None:
    code = (
        "import multiprocessing, sys\n"
        "import scopa_rules as sr\n"
        "try:\n"
        "    sr.match(sr.Ruleset.scopa(), [sr.RandomBot(), sr.RandomBot()],\n"
        "             games=20_000, seed=1, jobs=2,\n"
        "             progress=lambda done: print(done, flush=True))\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', multiprocessing.active_children(), flush=True)\n"
        "    sys.exit(130)\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    process.stdout.readline()  # a batch is done: the workers are playing
    start = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=120)
    assert time.monotonic() - start < 5  # it took 40 s before
    assert process.returncode == 130
    assert out.rstrip().endswith("interrupted []")


def test_an_error_in_the_parent_stops_the_workers() -> None:
    def interrupt(done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        sr.match(RULES, BOTS, games=400, seed=1, jobs=2, progress=interrupt)
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_hanging_bot_fails_at_its_time_limit(jobs: int) -> None:
    start = time.monotonic()
    with pytest.raises(sr.MatchError) as caught:
        sr.match(
            RULES,
            [sr.GreedyBot(), Picky("sleep")],
            games=20,
            seed=4,
            jobs=jobs,
            move_timeout=0.5,
        )
    assert time.monotonic() - start < 10
    assert multiprocessing.active_children() == []
    (failure,) = caught.value.failures
    assert where(caught.value.failures)[0] in picky_failures(20, 4)
    assert (failure.label, failure.kind, failure.error) == ("Picky", "timeout", None)
    assert failure.message == "no move within 0.5 s (move_timeout)"
    assert caught.value.__cause__ is None


def test_a_worker_that_dies_is_reported_as_such() -> None:
    with pytest.raises(sr.MatchError) as caught:
        sr.match(RULES, [sr.GreedyBot(), Picky("exit")], games=20, seed=4, jobs=2)
    assert multiprocessing.active_children() == []
    (failure,) = caught.value.failures
    assert where(caught.value.failures)[0] in picky_failures(20, 4)
    assert (failure.label, failure.kind, failure.error) == ("Picky", "crash", None)
    assert failure.message == "the worker process died: exit code 1"


def test_skipping_the_failed_games_gives_the_same_result_on_any_jobs() -> None:
    bots: list[sr.Bot] = [sr.GreedyBot(), Picky()]
    done: list[int] = []
    here = sr.match(RULES, bots, games=12, seed=1, on_error="skip")
    two = sr.match(
        RULES, bots, games=12, seed=1, jobs=2, on_error="skip", progress=done.append
    )
    assert here == two
    expected = picky_failures(12, 1)
    assert where(here.failures) == expected
    assert 0 < here.games == 12 - len(expected)
    assert done[-1] == 12  # the failed games are done too
    # The standings count the games that finished, and only those.
    failed = {game for game, _, _ in expected}
    greedy_wins = 0
    for game in sorted(set(range(12)) - failed):
        seats = bots[::-1] if game % 2 else bots
        winner = sr.play_game(RULES, seats, 1 + game).winner
        greedy_wins += winner == game % 2
    assert [s.wins for s in here.standings] == [greedy_wins, here.games - greedy_wins]
    assert all(s.games == here.games for s in here.standings)


def test_skipping_the_games_whose_worker_died_or_hung() -> None:
    # The same games fail, at the same moves, however they fail and wherever
    # they are played: a worker killed by a signal, or past its time.
    skipped = sr.match(
        RULES, [sr.GreedyBot(), Picky()], games=12, seed=1, on_error="skip"
    )
    crashed = sr.match(
        RULES,
        [sr.GreedyBot(), Picky("segfault")],
        games=12,
        seed=1,
        jobs=2,
        on_error="skip",
    )
    one = sr.match(
        RULES,
        [sr.GreedyBot(), Picky("segfault")],
        games=12,
        seed=1,
        move_timeout=60,
        on_error="skip",
    )
    hung = sr.match(
        RULES,
        [sr.GreedyBot(), Picky("sleep")],
        games=12,
        seed=1,
        jobs=2,
        move_timeout=0.3,
        on_error="skip",
    )
    assert crashed == one
    for result in (crashed, hung):
        assert result.standings == skipped.standings
        assert where(result.failures) == where(skipped.failures)
    assert {f.message for f in crashed.failures} == {
        "the worker process died: killed by SIGSEGV"
    }
    assert {f.kind for f in hung.failures} == {"timeout"}
    assert multiprocessing.active_children() == []


def test_an_exception_that_does_not_pickle_still_says_where() -> None:
    with pytest.raises(sr.MatchError) as caught:
        sr.match(RULES, [sr.GreedyBot(), Picky("unshippable")], games=8, seed=4, jobs=2)
    (failure,) = caught.value.failures
    assert (failure.error, failure.message) == (
        f"{__name__}.Unshippable",
        "a lock cannot travel",
    )
    assert "raise Unshippable" in failure.traceback
    assert caught.value.__cause__ is None


def test_an_illegal_move_is_the_bots_failure() -> None:
    with pytest.raises(sr.MatchError) as caught:
        sr.match(RULES, [sr.GreedyBot(), Picky("illegal")], games=8, seed=4)
    assert caught.value.failures[0].error == "scopa_rules.errors.IllegalMoveError"
    assert isinstance(caught.value.__cause__, sr.IllegalMoveError)


def test_a_match_error_pickles() -> None:
    with pytest.raises(sr.MatchError) as caught:
        sr.match(RULES, [Crasher(), sr.RandomBot()], games=4, seed=1)
    error = caught.value
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.partial, copy.failures) == (
        str(error),
        error.partial,
        error.failures,
    )


def test_the_command_line_reports_a_failed_match() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["simulate", "--bots", f"greedy,{__name__}:Picky", "--games", "6"]
    code = cli.main([*argv, "--seed", "15", "--jobs", "1"], out=out, err=err)
    assert code == 1
    assert err.getvalue() == (
        "scopa-rules: error: Picky (seat 0) in game 1 (seed 16) at move 31: "
        "ValueError: a hand all of one suit: 3S 7S JS\n"
    )
    assert "The match stopped; the 1 game that finished:\nbot " in out.getvalue()


def test_the_command_line_skips_failed_games_and_lists_them() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["simulate", "--bots", f"greedy,{__name__}:Picky", "--games", "4"]
    argv += ["--seed", "15", "--jobs", "2", "--on-error", "skip"]
    code = cli.main([*argv, "--move-timeout", "30"], out=out, err=err)
    assert code == 0
    assert out.getvalue().endswith(
        "1 game failed, left out of the table:\n"
        "  Picky (seat 0) in game 1 (seed 16) at move 31: ValueError: a hand all"
        " of one suit: 3S 7S JS\n"
    )


@pytest.mark.parametrize(
    ("value", "message"),
    [("0", "must be above 0, not 0"), ("soon", "expected a number of seconds")],
)
def test_the_command_line_wants_a_time_limit_in_seconds(
    value: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--move-timeout", value])
    assert message in capsys.readouterr().err


# What a worker process runs, run in this process too: coverage does not
# follow the processes.


def test_a_worker_plays_the_batches_it_is_sent_until_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    handlers: list[tuple[object, ...]] = []
    exits: list[int] = []
    monkeypatch.setattr(signal, "signal", lambda *args: handlers.append(args))
    monkeypatch.setattr(os, "_exit", exits.append)
    here, there = multiprocessing.Pipe()
    lifeline_end, lifeline = multiprocessing.Pipe(duplex=False)
    plan = tournament._Match(RULES, BOTS, ("g", "r"), 7, True)
    here.send((3, 2))
    here.send(None)
    tournament._worker(there, lifeline_end, [0] * 4, plan)
    assert [here.recv(), here.recv()] == [
        tournament._play_game(plan, game, [0] * 4) for game in (3, 4)
    ]
    assert not here.poll()
    assert handlers == [(signal.SIGINT, signal.SIG_IGN)]
    # The parent's end of the lifeline closes: the worker ends itself.
    lifeline.close()
    deadline = time.monotonic() + 5
    while not exits and time.monotonic() < deadline:
        time.sleep(0.01)
    assert exits == [1]


def test_a_worker_stops_its_batch_at_a_failure_and_keeps_what_pickles() -> None:
    here, there = multiprocessing.Pipe()
    for bot, on_error in ((Crasher(), "raise"), (Picky("unshippable"), "skip")):
        plan = tournament._Match(
            RULES, (bot, sr.RandomBot()), ("c", "r"), 4, on_error == "raise"
        )
        here.send((0, 3))
        here.send(None)
        tournament._serve(there, [0] * 4, plan)
        outcomes = []
        while here.poll():
            outcomes.append(here.recv())
        failed = [o for o in outcomes if isinstance(o, tournament._Failed)]
        assert len(outcomes) == (1 if on_error == "raise" else 3)
        assert failed[0].failure.label == "c"
        # A ZeroDivisionError travels; an Unshippable does not, but its
        # failure does.
        assert (failed[0].cause is None) == (on_error == "skip")


def test_a_worker_that_dies_between_moves_is_no_bots_failure() -> None:
    plan = tournament._Match(RULES, BOTS, ("g", "r"), 1, False)
    played = tournament._Played(2)
    pool = tournament._Pool(plan, 1, None, None, played)
    worker = tournament._Worker(pool.context, plan)
    worker.todo.extend([5, 6, 7])  # as if it played them, at no move yet
    pool.busy.append(worker)
    assert pool._lost(worker, "crash")  # the match stops, whatever on_error
    (failure,) = played.failures
    assert str(failure) == (
        "no bot's move in game 5 (seed 6) at move 0: the worker process died: "
        "killed by SIGTERM"
    )
    assert list(pool.queue) == [(6, 2)]
    assert tournament._signal_name(200) == "signal 200"


def test_a_ray_task_plays_its_batch_in_a_child_process() -> None:
    plan = tournament._Match(RULES, BOTS, ("g", "r"), 3, True)
    there = tournament._play_batch_in_a_process(plan, 2, 5, None)
    here = tournament._Played(2)
    tournament._play_here(plan, [(2, 5)], None, here)
    assert (there.games, there.wins, there.points) == (
        here.games,
        here.wins,
        here.points,
    )
    both = tournament._Played(2)
    both.merge(there)
    both.merge(here)
    assert (both.games, both.wins) == (10, [2 * wins for wins in here.wins])
    assert multiprocessing.active_children() == []


# -- Ray ------------------------------------------------------------------------------

needs_ray = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None, reason="Ray is not installed"
)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    import ray

    # Ray's workers import the failing bots from this module's folder.
    path = [str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")]
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join(filter(None, path))}},
    )
    yield
    ray.shutdown()


@needs_ray
@pytest.mark.slow
@pytest.mark.usefixtures("local_ray")
def test_ray_gives_the_standings_of_the_local_backend() -> None:
    progress: list[int] = []
    local = sr.match(RULES, BOTS, games=12, seed=9)
    two = sr.match(RULES, BOTS, games=12, seed=9, jobs=2)
    on_ray = sr.match(
        RULES, BOTS, games=12, seed=9, backend="ray", progress=progress.append
    )
    assert local == two == on_ray
    assert progress[-1] == 12


@needs_ray
@pytest.mark.slow
@pytest.mark.usefixtures("local_ray")
def test_ray_without_a_progress_callback() -> None:
    result = sr.match(sr.Ruleset.escoba(), BOTS, games=3, seed=1, backend="ray")
    assert sum(s.wins for s in result.standings) == 3


@needs_ray
@pytest.mark.slow
@pytest.mark.usefixtures("local_ray")
def test_ray_stops_at_a_bot_error_and_says_where() -> None:
    start = time.monotonic()
    with pytest.raises(sr.MatchError) as caught:
        sr.match(
            RULES, [FailsAt(11), sr.RandomBot()], games=20_000, seed=1, backend="ray"
        )
    assert time.monotonic() - start < 10  # the whole match takes over 30 s
    assert str(caught.value.failures[0]) == (
        "FailsAt (seat 0) in game 10 (seed 11) at move 1: ZeroDivisionError: "
        "the dealt cards do not add up"
    )
    assert isinstance(caught.value.__cause__, ZeroDivisionError)
    assert caught.value.partial.games >= 10
    # The cancelled tasks leave Ray ready for the next match.
    again = sr.match(RULES, BOTS, games=4, seed=2, backend="ray")
    assert again == sr.match(RULES, BOTS, games=4, seed=2)


@needs_ray
@pytest.mark.slow
@pytest.mark.usefixtures("local_ray")
def test_ray_reports_a_crashed_worker_once_and_a_hanging_bot() -> None:
    # No retries of a crash that would come again every time.
    start = time.monotonic()
    with pytest.raises(sr.MatchError) as caught:
        sr.match(
            RULES, [sr.GreedyBot(), Picky("exit")], games=20, seed=4, backend="ray"
        )
    assert time.monotonic() - start < 10
    (failure,) = caught.value.failures
    assert where(caught.value.failures)[0] in picky_failures(20, 4)
    assert (failure.kind, failure.message) == (
        "crash",
        "the worker process died: exit code 1",
    )
    with pytest.raises(sr.MatchError) as caught:
        sr.match(
            RULES,
            [sr.GreedyBot(), Picky("sleep")],
            games=20,
            seed=4,
            backend="ray",
            move_timeout=0.5,
        )
    assert caught.value.failures[0].kind == "timeout"


@needs_ray
@pytest.mark.slow
@pytest.mark.usefixtures("local_ray")
def test_ray_skips_the_failed_games_as_the_local_backend_does() -> None:
    bots: list[sr.Bot] = [sr.GreedyBot(), Picky()]
    here = sr.match(RULES, bots, games=12, seed=1, on_error="skip")
    on_ray = sr.match(RULES, bots, games=12, seed=1, backend="ray", on_error="skip")
    assert here == on_ray
    crashed = sr.match(
        RULES,
        [sr.GreedyBot(), Picky("exit")],
        games=12,
        seed=1,
        jobs=2,
        on_error="skip",
    )
    crashed_on_ray = sr.match(
        RULES,
        [sr.GreedyBot(), Picky("exit")],
        games=12,
        seed=1,
        backend="ray",
        on_error="skip",
    )
    assert crashed == crashed_on_ray
    assert crashed.standings == here.standings
