"""The README's Python snippets run, in order, as a reader copies them."""

from __future__ import annotations

import contextlib
import io
import re

from helpers import ROOT


def snippets() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", readme, re.MULTILINE | re.DOTALL)


def test_the_readme_snippets_run_in_order_in_one_namespace() -> None:
    found = snippets()
    assert len(found) >= 2
    namespace: dict[str, object] = {"__name__": "readme"}
    for number, code in enumerate(found, 1):
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, f"README.md snippet {number}", "exec"), namespace)
    assert str(namespace["picture"]).startswith("<svg")
