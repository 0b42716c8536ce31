"""Collection of the docstring examples in ``src/``.

In the compiled build the hot modules are imported from their extensions,
not from the ``.py`` files pytest collects docstring examples from; their
examples run in the pure-Python run (``SCOPA_RULES_PURE=1``), which CI makes
as well, so every example is still checked.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import scopa_rules

_PACKAGE = Path(scopa_rules.__file__).resolve().parent


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if (
        collection_path.suffix == ".py"
        and collection_path.resolve().parent == _PACKAGE
        and collection_path.stem in scopa_rules.kernel_info().compiled
    ):
        return True
    return None
