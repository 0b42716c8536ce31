"""The modules that moved (``scopa_rules._moved``) still import by their
0.1.0 names, as the moved modules themselves, and pickles that name the old
modules load."""

from __future__ import annotations

import importlib
import json
import pickle
import subprocess
import sys

import pytest

import scopa_rules as sr
from scopa_rules import _moved
from scopa_rules._play import perft as perft_module

OLD_NAMES = sorted(_moved.MOVED)


@pytest.mark.parametrize("old", OLD_NAMES)
def test_an_old_name_imports_the_moved_module_itself(old: str) -> None:
    new = _moved.MOVED[old]
    module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert sys.modules[old] is sys.modules[new] is module
    # The module keeps its own name and spec: its classes pickle by it.
    assert module.__name__ == new
    assert module.__spec__ is not None
    assert module.__spec__.name == new
    assert not isinstance(module.__spec__.loader, type(_moved.OldNames()))
    # And the package's attribute of the old name, as in 0.1.0.
    if old != "scopa_rules.perft":  # sr.perft is the function, not the module
        assert getattr(sr, old.rpartition(".")[2]) is module


def test_importing_an_old_name_leaves_the_package_name_it_shares() -> None:
    # 0.1.0's scopa_rules.perft was loaded with the package: importing it
    # never set the module over the function sr.perft.
    module = importlib.import_module("scopa_rules.perft")
    assert module is perft_module
    assert sr.perft is perft_module.perft


def test_the_old_modules_give_the_public_names() -> None:
    bots = importlib.import_module("scopa_rules.bots")
    solver = importlib.import_module("scopa_rules.solver")
    playouts = importlib.import_module("scopa_rules.playouts")
    lineup = importlib.import_module("scopa_rules.lineup")
    perft = importlib.import_module("scopa_rules.perft")
    assert (bots.GreedyBot, bots.IsmctsBot, bots.playout) == (
        sr.GreedyBot,
        sr.IsmctsBot,
        sr.playout,
    )
    assert (solver.solve, solver.PimcBot) == (sr.solve, sr.PimcBot)
    assert playouts.random_playouts is sr.random_playouts
    assert lineup.make_bot is sr.make_bot
    assert perft.perft is sr.perft


@pytest.mark.parametrize(
    ("module", "name"),
    [
        ("scopa_rules.bots", "GreedyBot"),
        ("scopa_rules.bots", "playout"),
        ("scopa_rules.playouts", "Playout"),
        ("scopa_rules.solver", "PimcBot"),
        ("scopa_rules.solver", "MoveValue"),
        ("scopa_rules.lineup", "make_bot"),
        ("scopa_rules.perft", "perft"),
    ],
)
def test_a_pickle_naming_an_old_module_loads(module: str, name: str) -> None:
    # Opcode GLOBAL ("c"), as protocols 0 to 2 write a class or a function,
    # then STOP: the object named by the module and the name.
    loaded = pickle.loads(f"c{module}\n{name}\n.".encode("ascii"))
    assert loaded is getattr(sr, name)


def test_a_bot_pickled_under_its_old_module_loads_equal() -> None:
    # What 0.1.0 wrote for a bot: its class named scopa_rules.bots.
    bot = sr.IsmctsBot(iterations=30, playout_epsilon=0.25)
    kind = type(bot)
    kind.__module__ = "scopa_rules.bots"
    try:
        old = pickle.dumps(bot)
    finally:
        kind.__module__ = "scopa_rules._play.bots"
    assert b"scopa_rules.bots" in old
    assert b"_play" not in old
    loaded = pickle.loads(old)
    assert type(loaded) is sr.IsmctsBot
    assert loaded == bot
    assert b"scopa_rules._play.bots" in pickle.dumps(loaded)


def test_a_playout_pickled_by_hand_under_its_old_module_loads_equal() -> None:
    playout = sr.random_playout(sr.new_game(seed=4), seed=5)
    new = pickle.dumps(playout, protocol=2)
    assert b"cscopa_rules._play.playouts\nPlayout\n" in new
    old = new.replace(b"scopa_rules._play.playouts\n", b"scopa_rules.playouts\n")
    loaded = pickle.loads(old)
    assert type(loaded) is sr.Playout
    assert loaded == playout


def test_names_that_did_not_move_are_left_to_the_import_system() -> None:
    finder = _moved.OldNames()
    assert finder.find_spec("scopa_rules.state") is None
    assert finder.find_spec("json") is None
    assert finder.find_spec("scopa_rulesx.bots") is None
    with pytest.raises(ModuleNotFoundError, match=r"scopa_rules\.no_such_module"):
        importlib.import_module("scopa_rules.no_such_module")
    with pytest.raises(ModuleNotFoundError, match="is not a package"):
        importlib.import_module("scopa_rules.bots.inner")


def test_a_moved_package_takes_its_modules_along() -> None:
    # No package has moved yet; a module's name under a moved one maps too.
    assert _moved.new_name("scopa_rules.bots.inner") == "scopa_rules._play.bots.inner"
    assert _moved.new_name("scopa_rules") is None
    assert _moved.new_name("bots") is None


def test_the_finder_is_installed_once() -> None:
    _moved.install()
    finders = [each for each in sys.meta_path if isinstance(each, _moved.OldNames)]
    assert len(finders) == 1
    assert sys.meta_path[0] is finders[0]


def test_a_fresh_process_imports_old_names_only_when_asked() -> None:
    code = (
        "import json, sys\n"
        "from scopa_rules.bots import GreedyBot\n"  # the first import of all
        "import scopa_rules as sr, scopa_rules.solver\n"
        "loaded = sorted(name for name in sys.modules if name.startswith('scopa_rules'))\n"
        "import scopa_rules.bots\n"
        "print(json.dumps([loaded, GreedyBot is sr.GreedyBot,\n"
        "    scopa_rules.bots is sr._play.bots, sr.solver is sr._play.solver]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    loaded, *same = json.loads(done.stdout)
    assert same == [True, True, True]
    assert "scopa_rules.bots" in loaded
    assert "scopa_rules.solver" in loaded
    assert {"scopa_rules.lineup", "scopa_rules.playouts"} & set(loaded) == set()
    assert "scopa_rules._play.lineup" in loaded
