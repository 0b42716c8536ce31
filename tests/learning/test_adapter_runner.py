"""``python -m scopa_rules.adapters``: a framework's script or module run
with the library's games registered."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from scopa_rules.adapters.__main__ import ADAPTERS, USAGE, main

pytest.importorskip("pyspiel")

_SCRIPT = """
import sys
import pyspiel
game = pyspiel.load_game(sys.argv[1].removeprefix("--game="))
print(__name__, sys.argv[0].endswith("{name}"), game.num_players())
"""


def test_a_script_loads_the_game_by_its_string(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "uses_game.py"
    script.write_text(_SCRIPT.format(name="uses_game.py"))
    monkeypatch.setattr(sys, "argv", list(sys.argv))
    assert main([str(script), "--game=scopa_rules(preset=scopone)"]) == 0
    assert capsys.readouterr().out == "__main__ True 4\n"


def test_a_module_loads_the_game_by_its_string(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "uses_game_module.py").write_text(_SCRIPT.format(name=""))
    monkeypatch.syspath_prepend(str(tmp_path))
    # An adapter whose framework is missing is left out.
    monkeypatch.setitem(ADAPTERS, "scopa_rules.adapters.missing", "no_such_framework")
    monkeypatch.setattr(sys, "argv", list(sys.argv))
    assert (
        main(["uses_game_module", "--game=scopa_rules(preset=cirulla,players=3)"]) == 0
    )
    assert capsys.readouterr().out == "__main__ True 3\n"


def test_openspiels_own_example_plays_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("absl")
    monkeypatch.setattr(sys, "argv", list(sys.argv))
    with pytest.raises(SystemExit) as done:  # absl's app.run() exits
        main(["open_spiel.python.examples.example", "--game_string=scopa_rules"])
    assert done.value.code in (None, 0)
    assert "Utility for player 1 is" in capsys.readouterr().out


def test_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert capsys.readouterr().err.strip() == USAGE
    assert main(["--help"]) == 0
    assert capsys.readouterr().out.strip() == USAGE
