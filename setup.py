"""Build the hot modules with Cython when that is possible.

Everything about the package is in ``pyproject.toml``; this file only adds
the optional compiled modules.  The modules listed in
``src/scopa_rules/_compiled.py`` are compiled from their own ``.py`` source
(Cython reads plain Python).  Without Cython or a working C compiler, or with
``SCOPA_RULES_BUILD_PURE=1`` in the environment, the build goes on without
them and the package is pure Python: same behaviour, slower.

Release builds carry no debug information (``-g0`` for gcc and clang, and
the symbol table stripped on Linux): ``build_ext --debug`` keeps it.

The long description published on PyPI is the README without the parts
between ``<!-- repository-only -->`` and ``<!-- /repository-only -->``
(the picture: PyPI shows no relative image address, see the README).
"""

from __future__ import annotations

import ast
import os
import re
import sys
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent
PACKAGE = HERE / "src" / "scopa_rules"


def compiled_modules() -> tuple[str, ...]:
    """The names listed in ``_compiled.COMPILED_MODULES``, read without
    importing the package."""
    tree = ast.parse((PACKAGE / "_compiled.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "COMPILED_MODULES"
            for target in node.targets
        ):
            names: tuple[str, ...] = ast.literal_eval(node.value)
            return names
    raise RuntimeError("COMPILED_MODULES is missing from _compiled.py")


def extensions() -> list[Any]:
    if os.environ.get("SCOPA_RULES_BUILD_PURE", "").strip() not in ("", "0"):
        print("scopa_rules: SCOPA_RULES_BUILD_PURE is set: building pure Python")
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("scopa_rules: Cython is not installed: building pure Python")
        return []
    modules = [
        Extension(
            f"scopa_rules.{name}", [str(Path("src", "scopa_rules", f"{name}.py"))]
        )
        for name in compiled_modules()
    ]
    return list(
        cythonize(
            modules,
            quiet=True,
            compiler_directives={
                "language_level": 3,
                # The sources are typed for mypy, not for C: Cython must not
                # turn `int` annotations into checks or conversions.
                "annotation_typing": False,
                "binding": True,
            },
        )
    )


def long_description() -> str:
    """The README as PyPI shows it: the repository-only parts replaced by
    their PyPI text (``<!-- pypi: ... -->``), or left out."""
    readme = (HERE / "README.md").read_text(encoding="utf-8")
    block = re.compile(
        r"<!-- repository-only -->\n.*?<!-- /repository-only -->\n"
        r"(?:<!-- pypi: (.*?) -->\n)?",
        re.DOTALL,
    )
    return block.sub(lambda match: (match.group(1) or "") + "\n", readme)


class OptionalBuildExt(build_ext):
    """Compile what can be compiled; a module that fails stays pure Python."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix" and not self.debug:
            # Python's own flags ask for -g; the last -g option wins, and a
            # release build needs no debug information (the extensions are
            # about six times smaller).  gcc and clang both accept -g0; the
            # Linux linker also drops the symbol table with -s.
            for ext in self.extensions:
                ext.extra_compile_args = [*ext.extra_compile_args, "-g0"]
                if sys.platform.startswith("linux"):
                    ext.extra_link_args = [*ext.extra_link_args, "-s"]
        super().build_extensions()

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            # One compiler per core: the modules compile independently, and
            # every install and CI's wheel build wait for the slowest.
            self.parallel = True

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler at all
            print(f"scopa_rules: no compiled modules ({error}); pure Python")

    def build_extension(self, ext: Any) -> None:
        # Release builds carry no debug information: with it a module is six
        # times the size (state: 3.1 MB, 0.56 MB without), and nobody steps
        # through Cython's C.  SCOPA_RULES_DEBUG_BUILD=1 keeps it.
        debug = os.environ.get("SCOPA_RULES_DEBUG_BUILD", "").strip() not in ("", "0")
        if getattr(self.compiler, "compiler_type", "") == "unix" and not debug:
            ext.extra_compile_args = [*ext.extra_compile_args, "-g0"]
        try:
            super().build_extension(ext)
        except Exception as error:
            print(f"scopa_rules: {ext.name} stays pure Python ({error})")


setup(
    ext_modules=extensions(),
    cmdclass={"build_ext": OptionalBuildExt},
    long_description=long_description(),
    long_description_content_type="text/markdown",
)
