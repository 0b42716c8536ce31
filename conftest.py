"""Collection of the docstring examples in ``src/``.

In the compiled build the hot modules are imported from their extensions,
not from the ``.py`` files pytest collects docstring examples from; their
examples run in the pure-Python run (``SCOPA_RULES_PURE=1``), which CI makes
as well, so every example is still checked.

The adapters' modules import their frameworks (optional extras): where one
is not installed (``pip install -e . --group test`` alone), their examples are
not collected, as their tests are skipped; CI installs every extra.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import scopa_rules

_PACKAGE = Path(scopa_rules.__file__).resolve().parent
# What each adapter module imports that an extra installs.
_NEEDS = {
    "_arrays.py": ("numpy",),
    "gymnasium.py": ("gymnasium", "numpy"),
    "openspiel.py": ("pyspiel", "numpy"),
    "pettingzoo.py": ("pettingzoo", "numpy"),
}


def _missing(modules: tuple[str, ...]) -> bool:
    return any(importlib.util.find_spec(name) is None for name in modules)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    path = collection_path.resolve()
    if (
        path.suffix == ".py"
        and path.parent == _PACKAGE
        and path.stem in scopa_rules.kernel_info().compiled
    ):
        return True
    if path.parent == _PACKAGE / "adapters" and _missing(_NEEDS.get(path.name, ())):
        return True
    return None
