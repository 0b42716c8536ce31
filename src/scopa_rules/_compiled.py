"""Which build of the hot modules is running: compiled or pure Python.

The modules in :data:`COMPILED_MODULES` are plain Python source that the
package's build also compiles with Cython when Cython and a C compiler are
present (``setup.py``); the compiled extension then sits beside the ``.py``
file and Python imports it first.  Both builds are the same source, so they
behave identically; the compiled one is faster.

Setting the environment variable ``SCOPA_RULES_PURE=1`` before the first
``import scopa_rules`` makes the package import the ``.py`` sources even
where compiled modules are installed: the reference for tests, coverage and
debugging.  This module must be imported before any of the compiled ones,
which is why the package's ``__init__`` imports it first.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Mapping
from importlib.machinery import (
    BYTECODE_SUFFIXES,
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    SourceFileLoader,
    SourcelessFileLoader,
)
from types import FunctionType

import attrs

from ._frozen import Frozen

__all__ = ["KernelInfo", "kernel_info"]

COMPILED_MODULES = (
    "captures",
    "deck",
    "dealing",
    "declarations",
    "scoring",
    "state",
    "observation",
    "encoding",
    "_kernel",
    "_chance",
)
"""The modules the build compiles, by name inside the package (read by
``setup.py``)."""

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def is_compiled(function: object) -> bool:
    """Whether ``function`` runs compiled: Cython's functions are not Python
    functions.  A module that does a thing two ways, one fast in C and one
    fast in Python, asks this of one of its own functions."""
    return not isinstance(function, FunctionType)


def _pure_requested(environ: Mapping[str, str]) -> bool:
    return environ.get("SCOPA_RULES_PURE", "").strip() not in ("", "0")


def _use_sources(package_dir: str) -> None:
    """Make submodules of ``package_dir`` load from Python sources only."""
    # The import system asks the finder cached for the package's directory
    # which file a submodule comes from; this one knows only Python sources
    # and their bytecode, so compiled extensions beside them are passed over.
    sys.path_importer_cache[package_dir] = FileFinder(
        package_dir,
        (SourceFileLoader, SOURCE_SUFFIXES),
        (SourcelessFileLoader, BYTECODE_SUFFIXES),
    )


def stale_modules(package_dir: str) -> tuple[str, ...]:
    """The compiled modules in ``package_dir`` whose Python source, or the
    ``.pxd`` file that types it for C, was changed after they were built (a
    contributor edited an editable install and did not rebuild): Python
    would import the old compiled code."""
    stale = []
    for name in COMPILED_MODULES:
        sources = [
            path
            for path in (
                os.path.join(package_dir, f"{name}.py"),
                os.path.join(package_dir, f"{name}.pxd"),
            )
            if os.path.exists(path)
        ]
        for suffix in EXTENSION_SUFFIXES:
            built = os.path.join(package_dir, name + suffix)
            if os.path.exists(built) and any(
                # Two seconds of slack: an installer writes the files at
                # nearly the same moment, in any order.
                os.path.getmtime(source) > os.path.getmtime(built) + 2
                for source in sources
            ):
                stale.append(name)
    return tuple(stale)


def _warn_stale(package_dir: str) -> None:
    stale = stale_modules(package_dir)
    if stale:
        warnings.warn(
            f"scopa_rules: the compiled {', '.join(stale)} "
            f"{'is' if len(stale) == 1 else 'are'} older than the source; "
            "rebuild with 'pip install -e .', or set SCOPA_RULES_PURE=1 to run "
            "the sources",
            stacklevel=3,
        )


PURE_REQUESTED = _pure_requested(os.environ)
_use_sources(_PACKAGE_DIR) if PURE_REQUESTED else _warn_stale(_PACKAGE_DIR)


@attrs.frozen
class KernelInfo(Frozen):
    """Which build of the hot modules this process runs (see
    :func:`kernel_info`).

    >>> from scopa_rules import KernelInfo
    >>> info = KernelInfo(kind="pure", compiled=(), pure=("state",), pure_requested=True)
    >>> str(info)
    'pure Python (SCOPA_RULES_PURE is set)'
    """

    kind: str
    """``"compiled"`` (every hot module compiled), ``"pure"`` (none) or
    ``"partial"`` (some failed to build)."""
    compiled: tuple[str, ...]
    """The hot modules running compiled."""
    pure: tuple[str, ...]
    """The hot modules running as Python source."""
    pure_requested: bool
    """Whether ``SCOPA_RULES_PURE`` asked for the pure sources."""

    def __str__(self) -> str:
        if self.kind == "compiled":
            return "compiled with Cython"
        why = " (SCOPA_RULES_PURE is set)" if self.pure_requested else ""
        if self.kind == "pure":
            return f"pure Python{why}"
        return f"partly compiled: {', '.join(self.pure)} pure Python{why}"


def _is_extension(path: str | None) -> bool:
    return path is not None and path.endswith(tuple(EXTENSION_SUFFIXES))


def kernel_info() -> KernelInfo:
    """Which build of the hot modules this process runs: compiled by Cython
    or pure Python.  Results are the same either way, bit for bit; only the
    speed differs.

    >>> import scopa_rules as sr
    >>> info = sr.kernel_info()
    >>> info.kind in ("compiled", "pure", "partial")
    True
    >>> sorted(info.compiled + info.pure)  # doctest: +NORMALIZE_WHITESPACE
    ['_chance', '_kernel', 'captures', 'dealing', 'deck', 'declarations',
     'encoding', 'observation', 'scoring', 'state']
    """
    files = {
        name: getattr(sys.modules[f"{__package__}.{name}"], "__file__", None)
        for name in COMPILED_MODULES
    }
    return _classify(files, PURE_REQUESTED)


def _classify(files: Mapping[str, str | None], pure_requested: bool) -> KernelInfo:
    """The build of each module, from the file it was loaded from."""
    compiled = tuple(name for name, path in files.items() if _is_extension(path))
    pure = tuple(name for name in files if name not in compiled)
    kind = "partial"
    if not pure:
        kind = "compiled"
    elif not compiled:
        kind = "pure"
    return KernelInfo(
        kind=kind, compiled=compiled, pure=pure, pure_requested=pure_requested
    )
