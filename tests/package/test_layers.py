"""The package's architecture (docs/architecture.rst), checked from its
sources with :mod:`ast`: no module is imported to check it, so the checks
take a fraction of a second and say exactly which line breaks a rule.

* Load-time imports go only downwards in :data:`LAYERS`.  An import under
  ``if TYPE_CHECKING:`` is for annotations and is not made at run time; an
  import inside a function is made when the function runs.  Neither is a
  load-time import.
* A function-local import of a module above its own closes an import
  circle: only the ones on :data:`UPWARD_IMPORTS` are allowed.
* No module reads another module's private (``_name``) names, by
  ``from .x import _y`` or by ``x._y``, except the ones on
  :data:`PRIVATE_NAMES`, each with its reason.
* Only ``state`` reads a state's storage (:data:`STATE_STORAGE`): the
  other modules read its fields by name.
* ``import scopa_rules`` imports no optional extra (one process).

``python tests/package/test_layers.py`` prints the private names read across
modules, sorted and counted, and the upward imports.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections import Counter
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "scopa_rules"

# Lowest first.  A new module must be placed here, which is the point: where
# it sits says what it may use and what may use it.  ``__init__`` is the
# package itself, which re-exports the public names of the layers below it.
# ``_play`` is the play modules' package (its ``__init__`` imports nothing);
# ``_moved`` names modules of every layer by their old and new names and
# imports one only when its old name is imported.
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
    "_play",
    "_play.playouts",
    "views",
    "events",
    "records",
    "render",
    "_play.perft",
    "strategies",
    "observation",
    "svg",
    "encoding",
    "_chance",
    "_play.bots",
    "expert",
    "_play.solver",
    "_play.lineup",
    "tournament",
    "adapters",
    "adapters._registration",
    "adapters._arrays",
    "adapters.openspiel",
    "adapters.pettingzoo",
    "adapters.gymnasium",
    "adapters.sb3",
    "adapters.__main__",
    "_moved",
    "__init__",
    "__main__",
)

# (module, function, the higher module it imports when the function runs).
# Display conveniences may stay: a card, a state or a view draws itself, in
# text or SVG, with a module above it (``_repr_svg_``, ``render``), and a
# state hands its seat's view, record and events to theirs (``view``,
# ``record``, ``to_dict``, ``from_dict``, ``play``).  The rest split one idea
# over several modules to keep the compiled state small; the engine rebuild
# of issue 28 merges them back.  The list must only shrink.
UPWARD_IMPORTS = (
    ("cards", "Card._repr_svg_", "svg"),
    ("cards", "CardSet._repr_svg_", "svg"),
    ("moves", "Move._repr_svg_", "svg"),
    ("state", "GameState._illegal_reason", "_explain"),
    ("state", "GameState._repr_svg_", "svg"),
    ("state", "GameState.from_dict", "records"),
    ("state", "GameState.from_position", "_positions"),
    ("state", "GameState.play", "events"),
    ("state", "GameState.record", "records"),
    ("state", "GameState.render", "render"),
    ("state", "GameState.to_dict", "records"),
    ("state", "GameState.view", "views"),
    ("views", "PlayerView._repr_svg_", "svg"),
    ("views", "PlayerView.render", "render"),
    ("views", "PlayerView.to_dict", "events"),
    ("views", "_seen_events", "events"),
)

# (module, private name, the module it is read from, why): the private
# names that cross a module boundary.  The list must only shrink.
PRIVATE_NAMES = (
    (
        "_kernel",
        "_SPREAD",
        "captures",
        "the kernel's capture search reads the capture tables' layout; the "
        "engine of issue 28 makes them one module",
    ),
)

# The attributes that hold a state's storage (its fields tuple and its legal
# moves) and deal its pending hand: only ``state`` knows them; the other
# modules read a state's fields by name (its properties, ``field_reader``).
STATE_STORAGE = frozenset({"_s", "_m", "_dealt", "_deal_pending"})

# The optional extras (pyproject.toml) and the test and docs tools: a user's
# ``import scopa_rules`` must load none of them.
EXTRAS = (
    "gymnasium",
    "hypothesis",
    "jsonschema",
    "matplotlib",
    "numpy",
    "open_spiel",
    "pettingzoo",
    "playwright",
    "pyspiel",
    "ray",
    "rich",
    "tqdm",
)


@dataclass(frozen=True)
class Import:
    """One module of the package, or one name of it, that a module imports."""

    importer: str
    target: str  # the module imported, or the one the name is imported from
    name: str | None  # the name imported from ``target``; None: the module
    function: str | None  # the function whose body imports; None: the module's
    type_checking: bool  # under ``if TYPE_CHECKING:``: for annotations only
    line: int

    @property
    def at_load_time(self) -> bool:
        return self.function is None and not self.type_checking


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts == ["__init__"]:
        return "__init__"
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def _sources() -> dict[str, ast.Module]:
    return {
        _module_name(path): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def _join(package: str, name: str) -> str:
    return name if package == "__init__" else f"{package}.{name}"


class _Imports(ast.NodeVisitor):
    """What one module (``importer``) of the package (``modules``) imports
    of it, and the local names it gives the package's modules."""

    def __init__(self, importer: str, modules: Collection[str]) -> None:
        self.importer = importer
        self.modules = modules
        self.found: list[Import] = []
        self.bound: dict[str, str] = {}  # local name: the package module
        self._scopes: list[tuple[str, bool]] = []  # (name, is a function)
        self._type_checking = False

    def _function(self) -> str | None:
        if not any(is_function for _, is_function in self._scopes):
            return None  # a class body runs when the module loads
        return ".".join(name for name, _ in self._scopes)

    def _scoped(self, node: ast.AST, name: str, is_function: bool) -> None:
        self._scopes.append((name, is_function))
        self.generic_visit(node)
        self._scopes.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._scoped(node, node.name, True)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._scoped(node, node.name, True)

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self._scoped(node, "<lambda>", True)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._scoped(node, node.name, False)

    def visit_If(self, node: ast.If) -> None:
        if ast.unparse(node.test).rpartition(".")[2] != "TYPE_CHECKING":
            self.generic_visit(node)
            return
        was, self._type_checking = self._type_checking, True
        for statement in node.body:
            self.visit(statement)
        self._type_checking = was
        for statement in node.orelse:  # runs when the module loads
            self.visit(statement)

    def _add(self, target: str, name: str | None, line: int) -> None:
        function, checking = self._function(), self._type_checking
        self.found.append(Import(self.importer, target, name, function, checking, line))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            top, _, rest = alias.name.partition(".")
            if top == "scopa_rules":
                self._add(rest or "__init__", None, node.lineno)
                # "import scopa_rules.x" binds the package, "... as y" x.
                self.bound[alias.asname or top] = (
                    rest or "__init__" if alias.asname else "__init__"
                )

    def _package(self) -> str:
        """The package a relative import of the importer starts from."""
        if self.importer == "__init__" or any(
            module.startswith(f"{self.importer}.") for module in self.modules
        ):
            return self.importer  # a package's __init__
        return self.importer.rpartition(".")[0] or "__init__"

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            target = self._package()
            for _ in range(node.level - 1):
                target = target.rpartition(".")[0] or "__init__"
            if node.module:
                target = _join(target, node.module)
        elif node.module and node.module.partition(".")[0] == "scopa_rules":
            target = node.module.partition(".")[2] or "__init__"
        else:
            return
        for alias in node.names:
            submodule = _join(target, alias.name)
            if submodule in self.modules:  # "from . import x": x is a module
                self._add(submodule, None, node.lineno)
                self.bound[alias.asname or alias.name] = submodule
            else:
                self._add(target, alias.name, node.lineno)


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _private_reads(visitor: _Imports, tree: ast.Module) -> set[tuple[str, str, str]]:
    """(module, private name, the module it is read from) of one module:
    every ``from .x import _y`` and every ``x._y`` of a package module."""

    def module_named(expression: ast.expr) -> str | None:
        # "state", "sr.adapters": the package module an expression names.
        if isinstance(expression, ast.Name):
            return visitor.bound.get(expression.id)
        if isinstance(expression, ast.Attribute):
            package = module_named(expression.value)
            if (
                package is not None
                and _join(package, expression.attr) in visitor.modules
            ):
                return _join(package, expression.attr)
        return None

    found = {
        (each.importer, each.name, each.target)
        for each in visitor.found
        if each.name is not None and _is_private(each.name)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr):
            read = module_named(node.value)
            if read is not None and _join(read, node.attr) not in visitor.modules:
                found.add((visitor.importer, node.attr, read))
    return found


@cache
def _scans() -> tuple[tuple[_Imports, ast.Module], ...]:
    sources = _sources()
    scans = []
    for module, tree in sources.items():
        visitor = _Imports(module, sources)
        visitor.visit(tree)
        scans.append((visitor, tree))
    return tuple(scans)


def imports() -> list[Import]:
    """Every import of a module or a name of the package, in every module."""
    return [each for visitor, _ in _scans() for each in visitor.found]


def private_names() -> list[tuple[str, str, str]]:
    """(module, private name, the module it reads it from), sorted."""
    return sorted(set().union(*(_private_reads(*scan) for scan in _scans())))


def upward_imports() -> list[tuple[str, str, str]]:
    """(module, function, module above it): the imports a function makes of
    a module above its own, sorted."""
    rank = {name: index for index, name in enumerate(LAYERS)}
    return sorted(
        {
            (each.importer, each.function, each.target)
            for each in imports()
            if each.function is not None
            and not each.type_checking
            and rank[each.target] >= rank[each.importer]
        }
    )


_EVERY_FORM = """
from __future__ import annotations
import json
from typing import TYPE_CHECKING
import scopa_rules.cards
import scopa_rules.state as st
from scopa_rules import deck
from . import rules as ruleset, errors
from .moves import Move, _move_of
from .adapters import _arrays
if TYPE_CHECKING:
    from .bots import Bot
else:
    from .records import GameRecord
class Shown:
    from .render import text
    def svg(self) -> str:
        from .svg import _card
        return st._HANDS + scopa_rules.cards._from_mask + deck.Deck + _arrays._x
"""


def test_the_scan_reads_every_form_of_import() -> None:
    modules = {"cards", "state", "deck", "rules", "errors", "moves", "views"}
    modules |= {"adapters", "adapters._arrays", "bots", "records", "render", "svg"}
    visitor = _Imports("views", modules)
    tree = ast.parse(_EVERY_FORM)
    visitor.visit(tree)
    found = [
        (each.target, each.name, each.function, each.type_checking)
        for each in visitor.found
    ]
    assert found == [
        ("cards", None, None, False),
        ("state", None, None, False),
        ("deck", None, None, False),
        ("rules", None, None, False),
        ("errors", None, None, False),
        ("moves", "Move", None, False),
        ("moves", "_move_of", None, False),
        ("adapters._arrays", None, None, False),
        ("bots", "Bot", None, True),
        ("records", "GameRecord", None, False),
        ("render", "text", None, False),
        ("svg", "_card", "Shown.svg", False),
    ]
    assert visitor.bound == {
        "scopa_rules": "__init__",
        "st": "state",
        "deck": "deck",
        "ruleset": "rules",
        "errors": "errors",
        "_arrays": "adapters._arrays",
    }
    assert sorted(_private_reads(visitor, tree)) == [
        ("views", "_HANDS", "state"),
        ("views", "_card", "svg"),
        ("views", "_from_mask", "cards"),
        ("views", "_move_of", "moves"),
        ("views", "_x", "adapters._arrays"),
    ]


def test_every_module_has_its_place_in_the_layers() -> None:
    assert set(_sources()) == set(LAYERS), (
        "place new modules in tests/package/test_layers.py"
    )
    assert len(LAYERS) == len(set(LAYERS))


def test_modules_import_only_lower_layers_when_loaded() -> None:
    rank = {name: index for index, name in enumerate(LAYERS)}
    upward = [
        f"{each.importer}:{each.line} imports {each.target}"
        for each in imports()
        if each.at_load_time and rank[each.target] >= rank[each.importer]
    ]
    assert upward == []


def test_functions_import_higher_modules_only_where_allowed() -> None:
    found = upward_imports()
    assert [each for each in found if each not in UPWARD_IMPORTS] == []
    # An import that went away leaves the list too, so that it only shrinks.
    assert [each for each in UPWARD_IMPORTS if each not in found] == []


def test_modules_read_no_private_names_of_other_modules() -> None:
    found = private_names()
    allowed = [(module, name, target) for module, name, target, _ in PRIVATE_NAMES]
    assert [each for each in found if each not in allowed] == [], (
        "use a public name, or one of the module's own"
    )
    assert [each for each in allowed if each not in found] == [], (
        "no longer read: remove it from PRIVATE_NAMES"
    )


def test_only_the_state_module_knows_how_a_state_is_stored() -> None:
    found = [
        f"{module}:{node.lineno} reads .{node.attr}"
        for module, tree in _sources().items()
        if module != "state"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in STATE_STORAGE
    ]
    assert found == [], "read a state's fields by name (state.field_reader)"


def test_importing_the_package_imports_no_optional_extra() -> None:
    # One fresh process: the modules a user's ``import scopa_rules`` loads,
    # then those of the adapters' package, the events and the command line.
    code = (
        "import json, sys, scopa_rules; "
        "core = sorted(sys.modules); "
        "import scopa_rules.adapters, scopa_rules.events, scopa_rules.__main__; "
        "print(json.dumps([core, sorted(sys.modules)]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    core, loaded = (set(modules) for modules in json.loads(done.stdout))
    assert sorted({name.partition(".")[0] for name in loaded} & set(EXTRAS)) == []
    # Pictures and Hypothesis strategies load when asked for, not before.
    assert {"scopa_rules.strategies", "scopa_rules.svg"} & core == set()


def _checks() -> Iterator[str]:
    names = private_names()
    yield f"{len(names)} private names read across modules:"
    yield from (f"  {module}: {name} from {target}" for module, name, target in names)
    for column, label in ((0, "reading"), (2, "read from")):
        counts = Counter(each[column] for each in names).most_common()
        yield f"by module {label}: " + ", ".join(f"{m} {n}" for m, n in counts)
    upward = upward_imports()
    yield f"{len(upward)} function-local imports of a higher module:"
    yield from (
        f"  {module}: {function} imports {target}"
        for module, function, target in upward
    )


if __name__ == "__main__":
    print("\n".join(_checks()))
