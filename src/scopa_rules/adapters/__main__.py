"""Run a framework's script or module with the library's games registered.

OpenSpiel registers a Python game when its module is imported, and has no
plugin mechanism: its example scripts (``--game=...``) know only the games
they import.  This runs one of them, or any script, after importing the
adapters whose frameworks are installed (the OpenSpiel game
``scopa_rules``, the Gymnasium ids), with the arguments that follow::

    python -m scopa_rules.adapters open_spiel.python.examples.mcts \\
        --game="scopa_rules(preset=scopone)" --player1=mcts --player2=random
    python -m scopa_rules.adapters my_script.py --game=scopa_rules

A name ending in ``.py`` is run as a script, any other as a module
(``python -m``).
"""

from __future__ import annotations

import importlib.util
import runpy
import sys
from collections.abc import Sequence

__all__ = ["ADAPTERS", "USAGE", "main"]

USAGE = "usage: python -m scopa_rules.adapters SCRIPT.py|MODULE [ARGUMENT ...]"


ADAPTERS = {
    "scopa_rules.adapters.openspiel": "pyspiel",
    "scopa_rules.adapters.gymnasium": "gymnasium",
}
"""Each adapter module imported first, and the framework it needs (an
adapter whose framework is not installed is left out)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the script or module ``argv[0]`` with the arguments after it
    (``sys.argv[1:]`` by default); 2 and the usage if there is none."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE, file=sys.stderr if not args else sys.stdout)
        return 0 if args else 2
    for module, framework in ADAPTERS.items():
        if importlib.util.find_spec(framework) is not None:
            importlib.import_module(module)
    target = args[0]
    sys.argv = args
    if target.endswith(".py"):
        runpy.run_path(target, run_name="__main__")
    else:
        runpy.run_module(target, run_name="__main__", alter_sys=True)
    return 0


if __name__ == "__main__":  # pragma: no cover - the tests call main()
    sys.exit(main())
