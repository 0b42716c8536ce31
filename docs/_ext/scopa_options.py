"""A Sphinx extension with the ``.. scopa-options::`` directive: the table of
every option of :class:`scopa_rules.Ruleset`, written from the library's
options table (``scopa_rules.rules.OPTIONS``) on every build, so that the
page cannot drift from it: each option's name, default, values and first
sentence of its documentation.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective

from scopa_rules import Card
from scopa_rules.rules import OPTIONS, OptionRow


def _literal(value: object) -> str:
    if isinstance(value, enum.Enum):
        return f'``"{value.value}"``'
    if isinstance(value, Card):
        return f'``"{value}"``'
    return f"``{value!r}``"


def _values(row: OptionRow) -> str:
    if row.type is bool:
        return "``True``, ``False``"
    if row.type is int:
        return f"``{row.low}`` to ``{row.high:,}``"
    if row.type == int | None:
        return f"``{row.low}`` to ``{row.high}``, ``None``"
    if row.type == Card | None:
        return 'a card (``"7H"``), ``None``'
    return ", ".join(_literal(choice) for choice in row.type)


def _summary(row: OptionRow, docs: dict[tuple[str, str], list[str]]) -> str:
    # The field's own docstring, or its enum's: the first sentence.
    lines = docs.get(("Ruleset", row.name)) or (row.type.__doc__ or "").splitlines()
    text = " ".join(line.strip() for line in lines).strip()
    return text.split(". ")[0].rstrip(".") + "."


def option_table() -> list[str]:
    """The directive's table, as reStructuredText lines."""
    docs = ModuleAnalyzer.for_module("scopa_rules.rules").find_attr_docs()
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 22 12 26 40",
        "",
        "   * - option",
        "     - default",
        "     - values",
        "     - what it says",
    ]
    for row in OPTIONS:
        default = (
            "from ``players``"
            if isinstance(row.default, attrs.Factory)  # type: ignore[arg-type]
            else _literal(row.default)
        )
        lines += [
            f"   * - ``{row.name}``",
            f"     - {default}",
            f"     - {_values(row)}",
            f"     - {_summary(row, docs)}",
        ]
    return lines


class OptionTable(SphinxDirective):
    """``.. scopa-options::``: the table of every option."""

    def run(self) -> list[nodes.Node]:
        container = nodes.container()
        self.state.nested_parse(StringList(option_table()), 0, container)
        return list(container.children)


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("scopa-options", OptionTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
