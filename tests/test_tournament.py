"""Matches between bots: :func:`scopa_rules.match`.

The standings of a match depend only on the rules, the bots, the number of
games and the seed: the same in this process, in worker processes and on a
local Ray instance (started once for the module, skipped only when Ray is
not installed).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Iterator

import pytest

import scopa_rules as sr
from scopa_rules import tournament
from scopa_rules.tournament import _batches

RULES = sr.Ruleset.scopa()
BOTS = (sr.GreedyBot(), sr.RandomBot())


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


def test_a_worker_plays_with_the_rules_and_bots_it_was_given() -> None:
    # What a worker process runs, run here (coverage does not follow the
    # processes): set up once, then batches by their first game and count.
    tournament._setup(RULES, BOTS)
    assert tournament._play_shared(3, 2, 7) == tournament._play_batch(
        (RULES, BOTS), 3, 2, 7
    )


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
        ({"bots": BOTS[:1]}, "one bot per side: 2, not 1"),
        ({"labels": ["x"]}, "one label per bot: 2, not 1"),
        ({"games": 0}, "games must be a whole number from 1, not 0"),
        ({"jobs": True}, "jobs must be a whole number from 1, not True"),
        ({"backend": "spark"}, "backend must be 'local' or 'ray', not 'spark'"),
    ],
)
def test_bad_arguments(arguments: dict[str, object], message: str) -> None:
    call: dict[str, object] = {"bots": BOTS, "games": 2, "seed": 1, **arguments}
    with pytest.raises(sr.InvalidStateError, match=message):
        sr.match(RULES, **call)  # type: ignore[arg-type]


def test_a_failing_bot_stops_the_pool() -> None:
    with pytest.raises(ZeroDivisionError):
        sr.match(RULES, [Crasher(), sr.RandomBot()], games=4, seed=1, jobs=2)


class Crasher:
    """A bot that fails at its first move."""

    def choose(self, view: sr.PlayerView, rng: object) -> sr.Move:
        return view.legal_moves()[1 // 0]


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


def test_the_package_imports_no_optional_extra() -> None:
    # Ray, tqdm and jsonschema are extras: only a Ray match, a progress bar
    # or the tests load them.
    code = (
        "import sys, scopa_rules, scopa_rules.__main__, scopa_rules.events; "
        "loaded = {'ray', 'tqdm', 'jsonschema', 'rich'} & set(sys.modules); "
        "assert not loaded, loaded"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# -- Ray ------------------------------------------------------------------------------

needs_ray = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None, reason="Ray is not installed"
)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
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
