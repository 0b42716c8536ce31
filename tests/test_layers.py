"""The package's layers: a module imports, when it is loaded, only modules
below it (docs/architecture.rst).  A method that needs a higher module
imports it inside its body, and annotations may name anything under
``TYPE_CHECKING``; neither is a load-time import, so neither is checked."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import scopa_rules

PACKAGE = Path(scopa_rules.__file__).parent

# Lowest first.  A new module must be placed here, which is the point: where
# it sits says what it may use and what may use it.
LAYERS = (
    "errors",
    "_frozen",
    "_compiled",
    "cards",
    "deck",
    "rules",
    "_reachable",
    "moves",
    "captures",
    "dealing",
    "scoring",
    "declarations",
    "_kernel",
    "_history",
    "state",
    "_explain",
    "_positions",
    "playouts",
    "views",
    "events",
    "records",
    "render",
    "perft",
    "strategies",
    "observation",
    "svg",
    "encoding",
    "_chance",
    "bots",
    "tournament",
    "adapters",
    "adapters._arrays",
    "adapters.openspiel",
    "adapters.pettingzoo",
    "adapters.gymnasium",
    "__main__",
)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _load_time_imports(path: Path) -> set[str]:
    """The package modules ``path`` imports at module level."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _module_name(path).split(".") if path.name != "__init__.py" else []
    package = (
        here[:-1]
        if path.name != "__init__.py"
        else list(path.parent.relative_to(PACKAGE).parts)
    )
    found: set[str] = set()
    statements = [node for node in tree.body if not _is_type_checking(node)]
    for node in statements:
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - (node.level - 1)]
            target = [*base, *(node.module.split(".") if node.module else [])]
            if node.module is None:
                # "from . import x": x may be a module or a name of the package.
                for alias in node.names:
                    name = ".".join([*target, alias.name])
                    found.add(name if name in LAYERS else ".".join(target))
            else:
                found.add(".".join(target))
    found.discard("")
    return found


def test_every_module_has_its_place_in_the_layers() -> None:
    modules = {
        _module_name(path)
        for path in PACKAGE.rglob("*.py")
        if _module_name(path) != "" and "__pycache__" not in path.parts
    }
    assert modules == set(LAYERS), "place new modules in tests/test_layers.py"


def test_modules_import_only_lower_layers_when_loaded() -> None:
    rank = {name: index for index, name in enumerate(LAYERS)}
    upward = []
    for path in PACKAGE.rglob("*.py"):
        name = _module_name(path)
        if name == "":
            continue  # the package re-exports the public names of every layer
        for target in _load_time_imports(path):
            if rank[target] >= rank[name]:
                upward.append(f"{name} imports {target}")
    assert upward == []


def test_every_module_imports_alone_in_a_fresh_process() -> None:
    # A circle of load-time imports breaks only for the module imported
    # first, so each is imported first, in a process of its own (all at
    # once: each costs a Python start).
    environment = {**os.environ, "PYTHONPATH": str(PACKAGE.parent)}
    runs = {
        name: subprocess.Popen(
            [sys.executable, "-c", f"import scopa_rules.{name}"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=environment,
        )
        for name in LAYERS
    }
    failed, missing = [], []
    for name, run in runs.items():
        _, errors = run.communicate(timeout=120)
        if run.returncode == 0:
            continue
        extra = re.search(r"ModuleNotFoundError: No module named '([^']+)'", errors)
        if extra and not extra.group(1).startswith("scopa_rules"):
            missing.append(f"{name} (needs {extra.group(1)})")
        else:
            failed.append(f"{name}: {errors.strip().splitlines()[-1]}")
    assert failed == []
    if missing:
        pytest.skip(f"extras not installed: {', '.join(missing)}")
