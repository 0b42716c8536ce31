"""IsmctsBot's budget and reward options: a time budget, root-parallel
workers and the paper's score-difference reward."""

from __future__ import annotations

import random
import time

import pytest

import scopa_rules as sr

VIEW = sr.new_game(sr.Ruleset.scopone(), seed=3).view(0)


def visits(stats: dict[sr.Move, tuple[int, float]]) -> int:
    return sum(count for count, _ in stats.values())


def test_the_difference_reward_is_the_lead_in_points() -> None:
    lead = sr.IsmctsBot(iterations=200).search(VIEW, random.Random(1))
    points = sr.IsmctsBot(iterations=200, reward="difference").search(
        VIEW, random.Random(1)
    )
    assert all(0 <= mean <= 1 for _, mean in lead.values())
    # Leads in points: beyond the 0-1 range of the default's rewards.
    assert any(not 0 <= mean <= 1 for _, mean in points.values())
    assert visits(points) == 200


def test_a_time_budget_stops_the_search() -> None:
    bot = sr.IsmctsBot(iterations=10**9, seconds=0.05)
    started = time.monotonic()
    stats = bot.search(VIEW, random.Random(1))
    assert time.monotonic() - started < 2
    assert 0 < visits(stats) < 10**9
    # The iterations still cap a timed search.
    assert (
        visits(sr.IsmctsBot(iterations=5, seconds=60).search(VIEW, random.Random(1)))
        == 5
    )


def test_workers_share_the_iterations_and_the_same_rng_gives_the_same_search() -> None:
    bot = sr.IsmctsBot(iterations=101, workers=2)
    first = bot.search(VIEW, random.Random(7))
    assert visits(first) == 101
    assert first == bot.search(VIEW, random.Random(7))
    assert bot.choose(VIEW, random.Random(7)) in VIEW.legal_moves()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"reward": "points"}, "reward must be 'lead' or 'difference', not 'points'"),
        ({"seconds": 0}, "seconds must be None or a finite number above 0, not 0"),
        ({"seconds": True}, "seconds must be None or a finite number above 0"),
        ({"workers": 0}, "workers must be a whole number from 1 to 256, not 0"),
        ({"workers": 2.0}, "workers must be a whole number from 1 to 256"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(sr.InvalidStateError, match=message):
        sr.IsmctsBot(**options)  # type: ignore[arg-type]


def test_workers_in_threads_search_as_workers_in_processes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same shares and seeds, run where coverage sees them.
    import concurrent.futures

    bot = sr.IsmctsBot(iterations=40, workers=2)
    in_processes = bot.search(VIEW, random.Random(3))
    monkeypatch.setattr(
        concurrent.futures, "ProcessPoolExecutor", concurrent.futures.ThreadPoolExecutor
    )
    assert bot.search(VIEW, random.Random(3)) == in_processes
