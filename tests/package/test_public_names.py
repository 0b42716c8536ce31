"""Every public name is importable from the package, and the public
submodules load when first named."""

from __future__ import annotations

import subprocess
import sys

import scopa_rules as sr
import scopa_rules.events


def test_every_name_in_all_is_there() -> None:
    missing = [name for name in sr.__all__ if not hasattr(sr, name)]
    assert missing == []


def test_the_event_classes_and_the_match_helpers_are_package_names() -> None:
    for name in scopa_rules.events.__all__:
        if isinstance(getattr(scopa_rules.events, name), type):
            assert getattr(sr, name) is getattr(scopa_rules.events, name)
    assert sr.json_schema is scopa_rules.events.json_schema
    assert sr.CATEGORIES[0] == "cards"
    assert sr.wilson_interval(0, 0) == (0.0, 1.0)


def test_the_public_submodules_load_when_named_and_not_before() -> None:
    code = (
        "import sys, scopa_rules as sr\n"
        "before = [m for m in ('svg', 'strategies', 'adapters') "
        "if 'scopa_rules.' + m in sys.modules]\n"
        "assert before == [], before\n"
        "assert 'hypothesis' not in sys.modules\n"
        "print(sr.svg.__name__, sr.strategies.__name__, sr.adapters.__name__)\n"
        "try:\n"
        "    sr.no_such_name\n"
        "except AttributeError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert done.stdout.splitlines() == [
        "scopa_rules.svg scopa_rules.strategies scopa_rules.adapters",
        "module 'scopa_rules' has no attribute 'no_such_name'",
    ]
