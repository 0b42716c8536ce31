"""Sphinx configuration for the scopa_rules documentation.

Build from the repository root::

    sphinx-build -W --keep-going -b html docs docs/_build/html
    sphinx-build -W --keep-going -b doctest docs docs/_build/doctest

Both must pass without network access; see "Intersphinx without a network"
below.  Two environment variables tune a build:

``SCOPA_DOCS_OFFLINE=1``
    Do not even try to download the Python inventory; link to the Python
    documentation through the local fallback inventory only.
``SCOPA_DOCS_NITPICKY=1``
    Turn on Sphinx's nitpicky mode, which warns about every cross-reference
    (type hints included) that does not resolve.  Use it to audit docstrings
    and type hints; the default build does not, so that a hint naming a type
    with no documentation to link to (a private class, or a standard-library
    name missing from the offline inventory) does not fail the build.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import types
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
# Document the source tree next to this file, installed or not.
sys.path.insert(0, str(DOCS.parent / "src"))
# The docs' own extensions: scopa_pictures draws the pictures, scopa_options
# writes the table of options.
sys.path.insert(0, str(DOCS / "_ext"))
# The Python sources, compiled modules or not (on Read the Docs too): their
# signatures carry the type annotations the API reference shows.
os.environ.setdefault("SCOPA_RULES_PURE", "1")

import scopa_rules  # noqa: E402

# -- Project -----------------------------------------------------------------

project = "scopa_rules"
author = "The scopa_rules developers"
copyright = "2026, The scopa_rules developers"
release = scopa_rules.__version__
version = release

# -- General -----------------------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "scopa_pictures",
    "scopa_options",
]
# The frameworks of the adapters and Hypothesis are optional extras: where
# one is not installed (the docs group alone, say), autodoc imports the
# modules that need it against a stand-in, so the API pages still build
# without warnings.  Only what is missing is mocked: an installed framework
# is the real one, and the doctest build runs against it.
_OPTIONAL_IMPORTS = (
    "open_spiel",
    "pettingzoo",
    "gymnasium",
    "numpy",
    "hypothesis",
    "torch",
    "sb3_contrib",
)
autodoc_mock_imports = [
    name for name in _OPTIONAL_IMPORTS if importlib.util.find_spec(name) is None
]


class _PyspielStandIn(types.ModuleType):
    """pyspiel for the docs where it is not installed: the OpenSpiel adapter
    reads ids from it (``int(pyspiel.PlayerId.CHANCE)``) and subclasses its
    classes when imported, which autodoc's mock objects do not allow."""

    class _Part:
        def __init__(self, name: str) -> None:
            self._name = name
            # What autodoc reads of a base class (``class ScopaGame(pyspiel.Game)``).
            self.__module__, _, self.__qualname__ = name.rpartition(".")
            self.__name__ = self.__qualname__

        def __getattr__(self, name: str) -> Any:
            if name.startswith("__"):
                raise AttributeError(name)
            return type(self)(f"{self._name}.{name}")

        def __call__(self, *args: object, **kwargs: object) -> Any:
            return type(self)(f"{self._name}()")

        def __int__(self) -> int:
            return -1

        def __mro_entries__(self, bases: tuple[object, ...]) -> tuple[type, ...]:
            return (object,)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return self._Part(f"pyspiel.{name}")


if importlib.util.find_spec("pyspiel") is None:
    sys.modules["pyspiel"] = _PyspielStandIn("pyspiel")

# sphinx.ext.napoleon is not used: the docstrings are plain reStructuredText,
# not Google or NumPy style, so it would have nothing to translate.

exclude_patterns = ["_build", "_intersphinx", "_generated"]
nitpicky = os.environ.get("SCOPA_DOCS_NITPICKY", "") not in ("", "0")

# -- autodoc -----------------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autoclass_content = "class"
# The summary tables at the top of each API page link to the entries on the
# page; no stub pages are generated.
autosummary_generate = False

# -- Intersphinx without a network --------------------------------------------
#
# The Python mapping first tries the real inventory on docs.python.org.  When
# that cannot be fetched (no network, as on CI), Sphinx falls back to the next
# location: _intersphinx/python.txt, a small hand-written inventory (Sphinx's
# plain-text "version 1" format) of the standard-library names that these
# docs and the docstrings' type hints refer to.  A location that fails while
# another one works is only logged at "info" level, so the build passes -W
# offline, and the links still point at docs.python.org.  (If *every*
# location failed, intersphinx would emit a warning, which -W turns into an
# error: that is why the fallback exists, rather than suppress_warnings, which
# cannot silence this untyped warning anyway.)
#
# With SCOPA_DOCS_OFFLINE=1 the download is not attempted at all.  The short
# timeout keeps a build on a machine whose network hangs (rather than fails)
# from stalling.

_PYTHON_FALLBACK = "_intersphinx/python.txt"
_OFFLINE = os.environ.get("SCOPA_DOCS_OFFLINE", "") not in ("", "0")
intersphinx_mapping = {
    "python": (
        "https://docs.python.org/3",
        (_PYTHON_FALLBACK,) if _OFFLINE else (None, _PYTHON_FALLBACK),
    ),
}
intersphinx_timeout = 10

# -- doctest -----------------------------------------------------------------
#
# The pages' examples are ".. doctest::" blocks, run by
# ``sphinx-build -b doctest``.  Plain ">>>" blocks are not run by Sphinx: the
# only ones are in the docstrings that autodoc pulls into api.rst, which pytest
# already runs against their own module's namespace (--doctest-modules).

doctest_test_doctest_blocks = ""

# -- HTML --------------------------------------------------------------------

html_theme = "furo"
html_title = f"scopa_rules {release}"
html_static_path = ["_static"]
# Long lines of examples and their output wrap (quickstart, rules, API pages).
html_css_files = ["wrap.css"]


# -- Hooks -------------------------------------------------------------------


def _public_bases(
    app: Any, name: str, obj: Any, options: Any, bases: list[type]
) -> None:
    """Show a private base class (``rules._Option``) as its own bases, so the
    option enums read "Bases: str, enum.Enum"."""
    expanded: list[type] = []
    for base in bases:
        if base.__name__.startswith("_"):
            expanded.extend(b for b in base.__bases__ if b not in expanded)
        elif base not in expanded:
            expanded.append(base)
    bases[:] = expanded


# Classes whose constructor is internal: the docs show no signature and no
# parameter list for them, only how to get one (their docstrings say which).
# GameState's attrs-made __init__ takes the private bookkeeping fields too;
# states come from new_game(), GameState.from_position() and apply().
_NO_CONSTRUCTOR = {"scopa_rules.GameState"}


def _recorded_annotations(app: Any) -> dict[str, dict[str, str]]:
    """autodoc's record of type hints for "description" mode, by object."""
    document = getattr(app.env, "current_document", None)
    recorded = getattr(document, "autodoc_annotations", None)
    if recorded is None:  # Sphinx before 8.2
        recorded = app.env.temp_data.setdefault("annotations", {})
    return recorded  # type: ignore[no-any-return]


def _constructor_hints(cls: type) -> dict[str, str] | None:
    """The parameter types of the constructor a class defines itself, as
    autodoc writes them; ``None`` if it defines none or they don't resolve.

    autodoc resolves a class's signature with ``typing.get_type_hints(cls)``,
    which returns the *class attributes'* annotations, and puts them on the
    constructor's parameters of the same name: ``Deck(cards)`` would be
    documented as taking ``tuple[Card, ...]`` (the attribute) instead of
    ``str | Iterable[Card | str]``, and ``Card(rank, suit)`` as returning a
    Card.  This reads the constructor's own annotations instead."""
    import inspect
    import typing

    from sphinx.util.typing import stringify_annotation

    for method_name in ("__init__", "__new__"):
        if method_name in vars(cls):
            method = vars(cls)[method_name]
            break
    else:
        return None
    method = getattr(method, "__func__", method)
    module = sys.modules.get(cls.__module__)
    try:
        hints = typing.get_type_hints(
            method, globalns=vars(module) if module else None, localns=dict(vars(cls))
        )
        parameters = list(inspect.signature(method).parameters)[1:]
    except Exception:
        return None
    return {
        name: stringify_annotation(hints[name], "smart")
        for name in parameters
        if name in hints
    }


def _class_signature(
    app: Any,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    if what not in ("class", "exception"):
        return None
    recorded = _recorded_annotations(app)
    if name in _NO_CONSTRUCTOR:
        recorded.pop(name, None)
        return "", None
    hints = _constructor_hints(obj)
    if hints is not None:
        recorded[name] = hints
    if signature and "=NOTHING" in signature:
        # An attrs field whose default is computed (attrs.Factory) shows as
        # attrs' NOTHING sentinel; write it as dataclasses do.
        return signature.replace("=NOTHING", "=<factory>"), return_annotation
    return None


def _reexported_data_doc(
    app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Give a re-exported constant (``scopa_rules.ALL_CARDS``) the docstring
    written under it in the module that defines it.

    autodoc looks for a constant's docstring in the module it is documented
    under, ``scopa_rules/__init__.py``, finds none, and would fall back to
    the docstring of the value's class (CardSet's, for ALL_CARDS)."""
    if what != "data" or not name.startswith("scopa_rules."):
        return
    import importlib

    from sphinx.pycode import ModuleAnalyzer
    from sphinx.util.docstrings import prepare_docstring

    short = name.rpartition(".")[2]
    package = importlib.import_module("scopa_rules")
    for module_name in sorted(sys.modules):
        if not module_name.startswith("scopa_rules."):
            continue
        module = sys.modules[module_name]
        if short not in getattr(module, "__all__", ()):
            continue
        if getattr(module, short, None) is not getattr(package, short, None):
            continue
        docs = ModuleAnalyzer.for_module(module_name).find_attr_docs()
        if ("", short) in docs:
            lines[:] = prepare_docstring("\n".join(docs[("", short)]))
            return


def _check_public_names(app: Any, env: Any) -> None:
    """Warn (an error under -W) when a name in ``scopa_rules.__all__`` has no
    entry in the API reference (docs/api/), so a new public name cannot go
    undocumented."""
    from sphinx.util import logging

    objects = env.get_domain("py").objects

    def documented(name: str) -> bool:
        # Under the package, or under the public module that defines it
        # (scopa_rules.events.HandStarted, scopa_rules.tournament.CATEGORIES).
        if f"scopa_rules.{name}" in objects:
            return True
        value = getattr(scopa_rules, name, None)
        return any(
            f"{module_name}.{name}" in objects
            for module_name, module in list(sys.modules.items())
            if module_name.startswith("scopa_rules.")
            and getattr(module, name, None) is value
        )

    missing = [name for name in scopa_rules.__all__ if not documented(name)]
    if missing:
        logging.getLogger(__name__).warning(
            "public names in scopa_rules.__all__ missing from the API reference "
            "(docs/api/): %s",
            ", ".join(missing),
        )


def _check_typed_properties(app: Any, env: Any) -> None:
    """Warn (an error under -W) when a public property of a public class has
    no return type, returns ``Any`` or has no docstring: the API reference
    would show it as ``Any`` or bare."""
    from sphinx.util import logging

    bad = []
    for name in scopa_rules.__all__:
        cls = getattr(scopa_rules, name)
        if not isinstance(cls, type):
            continue
        for attribute, value in vars(cls).items():
            if attribute.startswith("_") or not isinstance(value, property):
                continue
            returns = getattr(value.fget, "__annotations__", {}).get("return")
            if returns in (None, "Any", Any) or not (value.__doc__ or "").strip():
                bad.append(f"{name}.{attribute}")
    if bad:
        logging.getLogger(__name__).warning(
            "public properties without a type or a docstring: %s", ", ".join(bad)
        )


# -- Generated pages: the presets ----------------------------------------------
#
# The table of presets x options and one page per preset are written from
# the library itself on every build, so they can never disagree with it.


def _cell(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    return f"``{value}``"


def _write_if_changed(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def _generate_preset_pages() -> None:
    presets = scopa_rules.Ruleset.presets()
    # Three presets to a table, so that each table fits the page width.
    lines: list[str] = []
    for first in range(0, len(presets), 3):
        group = presets[first : first + 3]
        columns = [preset.make() for preset in group]
        lines += [
            ".. list-table::",
            "   :header-rows: 1",
            "   :stub-columns: 1",
            "",
            "   * - option",
        ]
        lines += [f"     - :doc:`presets/{preset.name}`" for preset in group]
        for name in columns[0].to_dict():
            lines.append(f"   * - ``{name}``")
            lines += [f"     - {_cell(rules.to_dict()[name])}" for rules in columns]
        lines.append("")
    _write_if_changed(DOCS / "_generated" / "preset_table.rst", "\n".join(lines))
    for preset in presets:
        page = [preset.title, "=" * len(preset.title), "", preset.summary, ""]
        page += [
            f":Players: {', '.join(str(n) for n in preset.players)}",
            f":Also known as: {', '.join(preset.aliases) or '-'}",
            f":In code: ``sr.Ruleset.from_name({preset.name!r}, "
            f"players={preset.players[0]})``",
            "",
        ]
        for players in preset.players:
            rules = preset.make(players)
            heading = f"{players} players"
            page += [heading, "-" * len(heading), ""]
            # describe() writes "topic: sentence" lines: a definition list.
            for line in rules.describe().splitlines()[1:]:
                topic, _, text = line.partition(": ")
                page += [topic, f"   {text}", ""]
        _write_if_changed(DOCS / "presets" / f"{preset.name}.rst", "\n".join(page))


_generate_preset_pages()


def setup(app: Any) -> None:
    app.connect("autodoc-process-bases", _public_bases)
    app.connect("autodoc-process-signature", _class_signature)
    app.connect("autodoc-process-docstring", _reexported_data_doc)
    app.connect("env-check-consistency", _check_public_names)
    app.connect("env-check-consistency", _check_typed_properties)
