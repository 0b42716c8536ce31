"""Shared test configuration: the quick run and the thorough run.

:mod:`profiles` says what each run does; here the profile is loaded and,
in the quick run, the tests marked ``slow`` are deselected (unless
``-m`` chooses tests by marker itself, as ``-m slow`` does).
"""

from __future__ import annotations

import pytest
from hypothesis import settings

import profiles

settings.load_profile(profiles.chosen())


def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> None:
    profile = profiles.chosen(config.getoption("hypothesis_profile", None))
    if profiles.runs_slow_tests(profile) or config.option.markexpr:
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]
