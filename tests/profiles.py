"""The quick and the thorough test runs.

``python -m pytest`` makes the quick run: Hypothesis's ``quick`` profile
(a quarter of the thorough run's examples) and no test marked ``slow``, so a
contributor's run takes under a minute on two cores.  The thorough run, which
CI makes, is ``HYPOTHESIS_PROFILE=thorough python -m pytest`` (or ``python -m
pytest --hypothesis-profile=thorough``): every example and every slow test.
Both are derandomised: a run tries the same examples every time, so it never
flakes, and ``benchmarks/mutations.py`` shows that even the quick run fails
on each broken rule it tries.  The ``explore`` profile is the thorough run
with fresh random examples each time, for hunting new failures.

A test that needs more or fewer examples than the profile gives asks for
:func:`examples` of its thorough count, and so follows the profile too.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

QUICK = "quick"
THOROUGH = "thorough"
EXPLORE = "explore"

_THOROUGH_EXAMPLES = 60
_QUICK_EXAMPLES = 15

_SHARED = settings(
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    QUICK, _SHARED, derandomize=True, max_examples=_QUICK_EXAMPLES
)
settings.register_profile(
    THOROUGH, _SHARED, derandomize=True, max_examples=_THOROUGH_EXAMPLES
)
settings.register_profile(EXPLORE, _SHARED, max_examples=_THOROUGH_EXAMPLES)


def chosen(option: str | None = None) -> str:
    """The profile of this run: hypothesis's ``--hypothesis-profile`` option
    (``option``), else ``HYPOTHESIS_PROFILE``, else the quick profile."""
    return option or os.environ.get("HYPOTHESIS_PROFILE") or QUICK


def runs_slow_tests(profile: str) -> bool:
    """Whether a run with ``profile`` makes the tests marked ``slow``.

    >>> runs_slow_tests(QUICK), runs_slow_tests(THOROUGH)
    (False, True)
    """
    return profile in (THOROUGH, EXPLORE)


def examples(thorough: int) -> int:
    """The examples for a test that runs ``thorough`` of them in the
    thorough profile, scaled to the profile loaded (at least 1).

    >>> examples(_THOROUGH_EXAMPLES) == settings().max_examples
    True
    """
    loaded = settings()  # a fresh settings object is the loaded profile's
    scaled: int = thorough * loaded.max_examples // _THOROUGH_EXAMPLES
    return max(1, scaled)
