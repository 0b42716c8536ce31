"""The modules that moved inside the package, importable by their old names.

Version 0.1.0 had every module at the top of the package; issue 28 moves
them into private packages that show the architecture.  Code that imports
an old name (``import scopa_rules.bots``, ``from scopa_rules.solver import
solve``) and pickles whose classes name an old module keep working: the
import system asks :class:`OldNames`, installed once by the package's
``__init__``, which answers an old name with the module that lives at the
new one, the same module object (``scopa_rules.bots is
scopa_rules._play.bots``).  Nothing is loaded until its old name is
imported.

:data:`MOVED` is the one table of the moves; a module that moves adds its
row, and a moved package's row also covers the modules inside it.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from importlib import import_module
from importlib.abc import Loader, MetaPathFinder
from importlib.machinery import ModuleSpec
from types import MappingProxyType, ModuleType

MOVED: Mapping[str, str] = MappingProxyType(
    {
        # 0.1.0's module of the finished hands, named by its pickles of states
        "scopa_rules._hands": "scopa_rules._history",
        # issue 28, the play modules
        "scopa_rules.bots": "scopa_rules._play.bots",
        "scopa_rules.lineup": "scopa_rules._play.lineup",
        "scopa_rules.perft": "scopa_rules._play.perft",
        "scopa_rules.playouts": "scopa_rules._play.playouts",
        "scopa_rules.solver": "scopa_rules._play.solver",
    }
)
"""Old dotted module name: the dotted name the module has now."""


def new_name(old: str) -> str | None:
    """Where the module named ``old`` lives now; None if it did not move.
    A module inside a moved package moved with it.

    >>> new_name("scopa_rules.bots")
    'scopa_rules._play.bots'
    >>> new_name("scopa_rules.state") is None
    True
    """
    package, dot, rest = old, "", ""
    while package:
        if package in MOVED:
            return MOVED[package] + dot + rest
        package, dot, last = package.rpartition(".")
        rest = f"{last}.{rest}" if rest else last
    return None


class _SameModule(Loader):
    """Loads an old name as the module at its new name, imported there."""

    def __init__(self, new: str) -> None:
        self.new = new
        self.spec: ModuleSpec | None = None

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        module = import_module(self.new)
        self.spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system has just given the module the old name's spec;
        # it keeps its own (reloading it, for one, reads its spec).
        module.__spec__ = self.spec


class OldNames(MetaPathFinder):
    """The import system's finder of the old names of :data:`MOVED`."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        new = new_name(fullname) if fullname.startswith("scopa_rules.") else None
        if new is None:
            return None
        return ModuleSpec(fullname, _SameModule(new))


def install() -> None:
    """Put the finder first on ``sys.meta_path``, once: first, so that a
    module inside a moved package is not found again, under its old name, in
    the new package's folder.

    Called by the package's ``__init__`` when it has imported its names.  An
    old name that is also the name of something else in its package
    (``scopa_rules.perft`` and the function :func:`scopa_rules.perft`) is
    named in ``sys.modules`` now, when the module it names is loaded (the
    package's name came from it): loading it by the finder, the import system
    would set the module as the package's attribute, over the function, as
    0.1.0 never did.
    """
    if not any(isinstance(finder, OldNames) for finder in sys.meta_path):
        sys.meta_path.insert(0, OldNames())
    for old, new in MOVED.items():
        parent, _, name = old.rpartition(".")
        taken = getattr(sys.modules.get(parent), name, None)
        if new in sys.modules and not isinstance(taken, (ModuleType, type(None))):
            sys.modules.setdefault(old, sys.modules[new])  # loaded: see above
