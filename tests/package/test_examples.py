"""Each example runs, in the short mode that CI uses too."""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
from types import ModuleType

import pytest

from helpers import ROOT

EXAMPLES = ROOT / "examples"


def load(name: str) -> ModuleType:
    """Import ``examples/<name>.py`` as the module ``<name>``."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # so that its functions pickle, as in a script
    spec.loader.exec_module(module)
    return module


def test_every_example_is_tested() -> None:
    tested = {
        "greedy_bot",
        "gymnasium_rollout",
        "ismcts_bot",
        "openspiel_ismcts",
        "pettingzoo_random",
        "play_terminal",
        "tournament",
        "train_maskable_ppo",  # tests/learning/test_policy_bots.py
    }
    assert {path.stem for path in EXAMPLES.glob("*.py")} == tested


def test_greedy_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("greedy_bot").main(["--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "the greedy bot's values:" in out
    assert "greedy against random:       " in out
    assert "coin-hungry against greedy:  " in out


def test_greedy_bot_on_partnerships(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("greedy_bot").main(["--games", "2", "--preset", "scopone"]) == 0
    assert "of 2 games won" in capsys.readouterr().out


def test_ismcts_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code = load("ismcts_bot").main(["--games", "1", "--iterations", "10"])
    assert code == 0
    out = capsys.readouterr().out
    assert "2. two determinizations" in out
    assert "tried" in out
    assert "mean reward" in out
    assert "ISMCTS won " in out
    assert " of 1 games" in out


def test_ismcts_bot_on_chkobba(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "1", "--iterations", "5", "--preset", "chkobba"]
    assert load("ismcts_bot").main(argv) == 0


def test_play_terminal_whole_game() -> None:
    out = io.StringIO()
    argv = [
        "--seed",
        "3",
        "--bots",
        "random,greedy",
        "--preset",
        "scopa",
        "--players",
        "3",
    ]
    code = load("play_terminal").main(argv, stdin=io.StringIO("1\n" * 200), out=out)
    text = out.getvalue()
    assert code == 0
    assert text.startswith("Scopa (preset scopa); you are seat 0")
    assert "Seat 1 (random) play" in text or "Seat 1 (random) trails" in text
    assert "Seat 2 (greedy) play" in text or "Seat 2 (greedy) trails" in text
    assert "Hand 1 scores " in text
    assert "settebello" in text
    assert "game over: side " in text


def test_play_terminal_bad_input() -> None:
    out = io.StringIO()
    typed = io.StringIO("9\nKC\n5c\nq\n")
    assert load("play_terminal").main(["--seed", "7"], stdin=typed, out=out) == 0
    text = out.getvalue()
    assert "there is no move 9: choose 1 to 3" in text
    assert "you do not hold that card; your hand is 3D KH 5C" in text
    assert "You trail 5C, taking nothing" in text


def test_play_terminal_chkobba_and_end_of_input() -> None:
    out = io.StringIO()
    typed = io.StringIO("table\n")
    argv = ["--seed", "7", "--preset", "chkobba"]
    assert load("play_terminal").main(argv, stdin=typed, out=out) == 0
    assert "You put the first card, KH, on the table" in out.getvalue()


def test_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "1", "--iterations", "5", "--jobs", "1"]
    assert load("tournament").main(argv) == 0
    out, err = capsys.readouterr()
    assert "6 games, 1 worker process(es)" in out
    assert "95% interval" in out
    assert "settebello" in out
    assert "win rate of the row against the column" in out
    assert "6/6 games" in err
    assert err.endswith(" s\n")


def test_tournament_in_parallel() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(EXAMPLES / "tournament.py"),
            "--games",
            "2",
            "--bots",
            "greedy,random",
            "--jobs",
            "2",
            "--preset",
            "scopone",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "greedy" in done.stdout
    assert "4/4 games" in done.stderr


@pytest.mark.parametrize(
    ("name", "argv"),
    [
        ("greedy_bot", ["--preset", "briscola"]),
        ("ismcts_bot", ["--iterations", "0"]),
        ("play_terminal", ["--bots", "clever"]),
        ("tournament", ["--bots", "greedy"]),
        ("tournament", ["--players", "3"]),
    ],
)
def test_bad_arguments(name: str, argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        load(name).main(argv)
    assert exit_info.value.code == 2


def test_openspiel_ismcts(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    argv = ["--games", "1", "--simulations", "5", "--target", "1"]
    assert load("openspiel_ismcts").main(argv) == 0
    out = capsys.readouterr().out
    assert "game 1: scores " in out
    assert "won" in out
    # The seed decides everything, the search's resampling included.
    assert load("openspiel_ismcts").main(argv) == 0
    assert capsys.readouterr().out == out


def test_pettingzoo_random(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pettingzoo")
    assert load("pettingzoo_random").main(["--games", "1", "--preset", "scopone"]) == 0
    assert "rewards seat_0 " in capsys.readouterr().out


def test_gymnasium_rollout(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("gymnasium")
    assert load("gymnasium_rollout").main(["--episodes", "1"]) == 0
    assert "mean reward of the masked random policy" in capsys.readouterr().out
