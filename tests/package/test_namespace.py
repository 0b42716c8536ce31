"""The package namespace: every public name importable from ``scopa_rules``,
the public submodules reached as attributes, loaded only when first used."""

from __future__ import annotations

import subprocess
import sys

import pytest

import scopa_rules as sr
from scopa_rules import events, tournament

# The submodules whose functions are reached through the module itself
# (``sr.events.seen_by``, ``sr.svg.card``): their classes and the names the
# API reference lists at the top are on the package too.
PACKAGE_LEVEL_EVENT_NAMES = [
    name for name in events.__all__ if name[0].isupper() or name == "json_schema"
]


def test_event_classes_and_schema_are_on_the_package() -> None:
    for name in [*PACKAGE_LEVEL_EVENT_NAMES, "event_to_dict", "event_from_dict"]:
        assert getattr(sr, name) is getattr(events, name), name
        assert name in sr.__all__, name


def test_every_tournament_name_is_on_the_package() -> None:
    for name in tournament.__all__:
        assert getattr(sr, name) is getattr(tournament, name), name
        assert name in sr.__all__, name


def test_every_name_in_all_is_importable() -> None:
    for name in sr.__all__:
        assert hasattr(sr, name), name


def test_public_submodules_are_attributes() -> None:
    assert sr.svg.card(sr.Card.parse("7D")).startswith("<svg")
    assert sr.adapters.seat_returns is not None
    assert sr.strategies.cards is not None  # hypothesis is a test dependency
    assert {"svg", "strategies", "adapters", "events"} <= set(dir(sr))


def test_an_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        sr.no_such_name  # type: ignore[attr-defined]  # noqa: B018


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )


def test_importing_the_package_loads_no_optional_extra() -> None:
    result = _run(
        "import sys, scopa_rules\n"
        "loaded = [m for m in ('hypothesis', 'scopa_rules.svg',"
        " 'scopa_rules.strategies', 'scopa_rules.adapters') if m in sys.modules]\n"
        "print(loaded)"
    )
    assert result.stdout.strip() == "[]", result.stderr


def test_strategies_without_hypothesis_says_which_extra() -> None:
    # A finder that hides hypothesis, as an environment without it would.
    result = _run(
        "import sys\n"
        "class Hide:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'hypothesis':\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Hide())\n"
        "import scopa_rules as sr\n"
        "try:\n"
        "    sr.strategies\n"
        "except ModuleNotFoundError as error:\n"
        "    print(error)\n"
    )
    assert 'pip install "scopa-rules[hypothesis]"' in result.stdout, result.stderr
