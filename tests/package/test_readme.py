"""Every Python snippet of the README runs, in order, in one namespace, as a
reader pasting them one after the other would run them."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"
SNIPPET = re.compile(r"^```python\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def snippets() -> list[str]:
    return SNIPPET.findall(README.read_text(encoding="utf-8"))


def test_the_readme_has_python_snippets() -> None:
    assert len(snippets()) >= 2


def test_every_readme_snippet_runs_in_order() -> None:
    namespace: dict[str, object] = {"__name__": "__readme__"}
    for number, code in enumerate(snippets(), 1):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"README.md snippet {number}", "exec"), namespace)
        assert out.getvalue() or "print" not in code, number
    picture = namespace["picture"]
    assert isinstance(picture, str)
    assert picture.startswith("<svg")
