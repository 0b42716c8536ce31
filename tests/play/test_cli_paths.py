"""The command line's less travelled paths: Chkobba's first card and Escoba's
initial sweeps in the demo, a closed or interrupted output stream, a
terminal on stdin, a failing simulation and the ``__main__`` guard."""

from __future__ import annotations

import io
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

import scopa_rules as sr
import scopa_rules.__main__ as cli


class _FailingStream(io.StringIO):
    """A stream whose writes, after the first ``fine`` of them, raise
    ``error``."""

    def __init__(self, error: BaseException, fine: int = 0) -> None:
        super().__init__()
        self.error = error
        self.fine = fine

    def write(self, text: str) -> int:
        if self.fine <= 0:
            raise self.error
        self.fine -= 1
        return super().write(text)


class _Terminal(io.StringIO):
    """Input typed at a terminal: not echoed back by ``play``."""

    def isatty(self) -> bool:
        return True


def test_demo_chkobba_shows_the_first_card() -> None:
    out = io.StringIO()
    final = cli.run_demo(sr.Ruleset.from_name("chkobba"), 1, out)
    lines = out.getvalue().splitlines()
    assert final.is_over
    assert lines[2:8] == [
        "Hand 1 begins; seat 1 deals",
        "  Seat 0 is dealt the first card, 3C, to keep or to put on the table",
        "  Seat 0 keeps the first card, 3C",
        "  Seat 0 is dealt 3 cards: AH 2S 3C",
        "  Seat 1 is dealt 3 cards: AD KH 6S",
        "  The table is dealt 4 cards: 7D 5H 7H JS",
    ]


def test_demo_chkobba_through_main() -> None:
    out = io.StringIO()
    code = cli.main(["demo", "--preset", "chkobba", "--seed", "1"], out=out)
    assert code == 0
    assert "  Seat 0 keeps the first card, 3C" in out.getvalue()


def test_demo_cirulla_shows_declarations() -> None:
    out = io.StringIO()
    cli.run_demo(sr.Ruleset.cirulla(), 8, out)
    assert (
        "  Seat 1 declares 2H 2S 4C, a cirulla (3 cards adding up to 9 or less): 3 points"
        in out.getvalue()
    )


def test_demo_escoba_shows_initial_sweeps() -> None:
    out = io.StringIO()
    cli.run_demo(sr.Ruleset.from_name("escoba"), 0, out)
    assert "  The table dealt adds up to " in out.getvalue()


def test_broken_pipe_stops_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    stderr = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stderr)
    code = cli.main(["rules"], out=_FailingStream(BrokenPipeError()))
    assert code == 1
    assert stderr.closed  # nothing more is said about the pipe


def test_keyboard_interrupt_exits_130() -> None:
    err = io.StringIO()
    code = cli.main(
        ["demo", "--seed", "1"], out=_FailingStream(KeyboardInterrupt(), 3), err=err
    )
    assert code == 130
    assert err.getvalue() == "\ninterrupted\n"


def test_play_from_a_terminal_does_not_echo() -> None:
    out = io.StringIO()
    code = cli.main(
        ["play", "--seed", "7", "--bots", "greedy"],
        out=out,
        stdin=_Terminal("1\nq\n"),
    )
    text = out.getvalue()
    assert code == 0
    # "q" ends the prompt's line only because input ended it on the terminal.
    assert text.endswith("q to quit): Game left unfinished (seed 7).\n")
    # The typed "1" is on the terminal already: not printed after the prompt.
    assert "q to quit): 1\n" not in text
    assert "q to quit): \n" not in text


def test_run_play_needs_one_bot_per_other_seat() -> None:
    with pytest.raises(ValueError, match="run_play needs 3 bots, not 1"):
        cli.run_play(
            sr.Ruleset.scopa(players=4),
            seat=0,
            bots=[("greedy", sr.GreedyBot())],
            seed=1,
            stdin=io.StringIO(),
            out=io.StringIO(),
        )


def test_simulation_failure_stops_the_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    # The progress bar's first write (0 games done) works; the next, after
    # a game finishes in a worker process, fails, which ends the simulation.
    monkeypatch.setitem(sys.modules, "tqdm", None)  # the plain bar
    progress = _FailingStream(RuntimeError("progress went away"), 1)
    with pytest.raises(RuntimeError, match="progress went away"):
        cli.run_simulation(
            sr.Ruleset.scopa(),
            ["greedy", "random"],
            games=2,
            seed=1,
            jobs=2,
            progress=progress,
        )
    assert progress.getvalue().startswith("\r[")


def test_module_runs_as_main(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["scopa-rules", "rules", "scopone"])
    # Run the module afresh, as ``python -m scopa_rules`` does.
    monkeypatch.delitem(sys.modules, "scopa_rules.__main__")
    with pytest.raises(SystemExit) as exit_info:
        runpy.run_module("scopa_rules", run_name="__main__", alter_sys=True)
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.splitlines()[0] == "Scopone (preset scopone)"


_CONSOLE_SCRIPT = """
import os, sys
# As the installed scopa-rules script starts: its own folder on the path,
# not the current one.
sys.path[:] = [entry for entry in sys.path if entry not in ("", os.getcwd())]
import scopa_rules.__main__ as cli
sys.exit(cli.main(sys.argv[1:]))
"""


def _console(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    import os

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    return subprocess.run(
        [sys.executable, "-c", _CONSOLE_SCRIPT, *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_users_bot_is_found_in_the_current_folder(tmp_path: Path) -> None:
    (tmp_path / "mybots.py").write_text(
        "import scopa_rules as sr\n\n"
        "class MyBot:\n"
        "    def choose(self, view, rng):\n"
        "        return view.legal_moves()[0]\n",
        encoding="utf-8",
    )
    done = _console(
        tmp_path, "simulate", "--bots", "mybots:MyBot,random", "--games", "2",
        "--jobs", "1", "--seed", "1",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "MyBot" in done.stdout


def test_a_users_bot_that_cannot_be_found_names_the_fix(tmp_path: Path) -> None:
    done = _console(
        tmp_path, "simulate", "--bots", "nobots:MyBot,random", "--games", "1"
    )
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "cannot import nobots: No module named 'nobots'" in done.stderr
    assert "run from the folder that holds nobots.py" in done.stderr


def test_a_users_module_that_fails_to_import_is_shown_as_it_failed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "brokenbots.py").write_text("import no_such_dependency\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    out, err = io.StringIO(), io.StringIO()
    argv = ["simulate", "--bots", "brokenbots:MyBot,random", "--games", "1"]
    with pytest.raises(SystemExit) as caught:
        cli.main(argv, out=out, err=err)
    assert caught.value.code == 2
    said = err.getvalue() + capsys.readouterr().err
    assert "No module named 'no_such_dependency'" in said
    assert "run from the folder" not in said
