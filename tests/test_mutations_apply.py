"""The hand-written mutants of ``benchmarks/mutations.py`` still apply.

Each mutant replaces a piece of a module's text that must occur exactly
once; when the code it breaks is rewritten, the mutant goes stale and the
script reports it only when run.  This checks every edit against the
sources as they are, without running the suite on each mutant.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _mutations() -> ModuleType:
    path = ROOT / "benchmarks" / "mutations.py"
    spec = importlib.util.spec_from_file_location("_scopa_mutations", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # dataclasses look the module up while the class is made.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


MUTATIONS = _mutations().MUTATIONS


@pytest.mark.parametrize("mutation", MUTATIONS, ids=lambda mutation: mutation.name)
def test_each_mutant_edits_text_found_once(mutation: Any) -> None:
    for module, old, new in mutation.edits:
        text = (ROOT / "src" / "scopa_rules" / module).read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{module}: {old!r}"
        assert old != new
