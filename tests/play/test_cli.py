"""The command line: demo, play, simulate and rules; help and usage errors."""

from __future__ import annotations

import doctest
import io
import subprocess
import sys
from pathlib import Path

import pytest

import scopa_rules as sr
import scopa_rules.__main__ as cli


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), out=out, stdin=io.StringIO(stdin), err=err)
    return code, out.getvalue(), err.getvalue()


def test_module_doctests() -> None:
    # pytest's --doctest-modules skips __main__.py, so run its examples here.
    assert doctest.testmod(cli).failed == 0


# -- demo and rules, as before --------------------------------------------------


def test_demo() -> None:
    code, out, _ = run("demo", "--seed", "1")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "scopa_rules demo: scopa, 2 players, seed 1"
    assert lines[-1].startswith("Side ")
    assert lines[-1].endswith(" hands.")
    assert "  Seat 0 is dealt 3 cards: " in out  # the demo shows every hand
    assert "  Seat 1 is dealt 3 cards: " in out


def test_rules() -> None:
    assert run("rules")[1].splitlines()[0].startswith("scopa ")
    assert run("rules", "scopone")[1].startswith("Scopone (preset scopone)")


# -- help and usage errors --------------------------------------------------------


@pytest.mark.parametrize("command", [None, "demo", "play", "simulate", "rules"])
def test_help(command: str | None, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--help"] if command is None else [command, "--help"]
    with pytest.raises(SystemExit) as exit_info:
        cli.main(argv)
    assert exit_info.value.code == 0
    usage = "usage: scopa-rules" + ("" if command is None else f" {command}")
    assert capsys.readouterr().out.startswith(usage)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "the following arguments are required: COMMAND"),
        (["deal"], "invalid choice: 'deal'"),
        (["demo", "--seed", "x"], "argument --seed: invalid int value: 'x'"),
        (["demo", "--preset", "briscola"], "unknown preset 'briscola'"),
        (["rules", "briscola"], "unknown preset 'briscola'"),
        (["play", "--players", "5"], "scopa is played by 2, 3, 4 or 6 players"),
        (["play", "--seat", "2"], "--seat must be 0 to 1, not 2"),
        (["play", "--bots", "greedy,greedy"], "--bots names 2 bots, but there is"),
        (["play", "--iterations", "0"], "argument --iterations: must be at least 1"),
        (
            ["simulate", "--bots", "smart"],
            "unknown bot 'smart'; bots are expert, greedy, ismcts, pimc, random",
        ),
        (["simulate", "--bots", "a,b,c"], "unknown bot 'a'"),
        (["simulate", "--bots", "greedy,random,random"], "only 2 sides"),
        (["simulate", "--games", "0"], "argument --games: must be at least 1, not 0"),
        (["simulate", "--jobs", "two"], "expected a whole number, not 'two'"),
        (["simulate", "--option", "napola"], "expected NAME=VALUE, not 'napola'"),
        (["simulate", "--option", "napola=maybe"], "napola is true or false"),
        (["simulate", "--option", "napolla=true"], "did you mean napola?"),
        (["simulate", "--option", "target_score=x"], "target_score must be a whole"),
        (["simulate", "--option", "capture_mode=x"], "'x' is not a CaptureMode"),
        (["simulate", "--option", "players=5"], "not 5"),
    ],
)
def test_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run(*argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err  # one line
    assert err.startswith("scopa-rules")
    assert message in err


def test_option_values() -> None:
    assert cli._option("napola=yes") == ("napola", True)
    assert cli._option("re-bello = OFF") == ("re_bello", False)
    assert cli._option("redeal_kings=none") == ("redeal_kings", None)
    assert cli._option("target_score=21") == ("target_score", 21)
    assert cli._option("capture_mode=fifteen") == ("capture_mode", "fifteen")


# -- play ---------------------------------------------------------------------------


def test_play_a_whole_game() -> None:
    code, out, _ = run("play", "--seed", "3", "--bots", "random", stdin="1\n" * 200)
    assert code == 0
    assert out.startswith("scopa-rules play: Scopa (preset scopa), 2 players, seed 3")
    assert "You are seat 0, side 0; seat 1 (random) against you." in out
    assert "\nHand 2 begins; you deal" in out
    assert "  Hand 1 scores " in out  # the breakdown after each hand
    assert "settebello" in out
    assert out.rstrip().endswith(("You win!", "You lose."))
    # Seat 1's cards are never shown: its hand is drawn face down.
    assert "seat 1  ## ## ##" in out
    for line in out.splitlines():
        assert not line.startswith("seat 1  ") or set(line[8:]) <= set("#- ")


def test_play_explains_bad_input_and_asks_again() -> None:
    typed = ["", "9", "0", "hello", "KC", "xx", "?", "rules", "5c", "q"]
    code, out, _ = run("play", "--seed", "7", stdin="\n".join(typed) + "\n")
    assert code == 0
    assert "Type a number from 1 to 3, or a move." in out
    assert "There is no move 9: choose 1 to 3." in out
    assert "There is no move 0: choose 1 to 3." in out
    assert "Not a legal move: in move 'hello'" in out
    assert "  KC is not in your hand, which holds 3D KH 5C." in out
    assert "7Dx4S3C     play 7D and take 4S and 3C" in out  # the help
    assert "capture values: A=1" in out  # the rules
    assert "  You trail 5C, taking nothing" in out  # the narration says "you"
    assert out.rstrip().endswith("Game left unfinished (seed 7).")
    assert "Traceback" not in out


def test_play_move_text() -> None:
    # Seed 2024 deals seat 0 "AD JH 3C" against "5H AC 2C QC": JH can only
    # take 5H AC 2C, so the card alone names the move.
    out = run("play", "--seed", "2024", stdin="jh\nq\n")[1]
    assert "  You play JH and take 5H AC 2C" in out
    # With seed 7, after 3D and the greedy bot's 7Sx7H, 5C takes 2D 3D or 3D 2C.
    out = run("play", "--seed", "7", stdin="3d\n5c\n5c x 2c 3d\nq\n")[1]
    assert (
        "  5C can be played in 2 ways: 5Cx2D3D, 5Cx3D2C; "
        "type the whole move or its number." in out
    )
    assert "  You play 5C and take 3D 2C" in out


def test_play_ends_cleanly_at_end_of_input() -> None:
    code, out, _ = run("play", "--seed", "5", stdin="")
    assert code == 0
    assert out.rstrip().endswith("Game left unfinished (seed 5).")


def test_play_partnerships_and_symbols() -> None:
    code, out, _ = run(
        "play",
        "--preset",
        "scopone",
        "--seat",
        "1",
        "--bots",
        "greedy,random",
        "--seed",
        "2",
        "--symbols",
    )
    assert code == 0
    assert (
        "You are seat 1, side 1, with seat 3 (greedy); "
        "seat 0 (greedy), seat 2 (random) against you." in out
    )
    assert "♦" in out or "♥" in out or "♠" in out or "♣" in out


def test_play_chkobba_first_card() -> None:
    code, out, _ = run(
        "play", "--preset", "chkobba", "--seed", "7", stdin="table\n" + "1\n" * 400
    )
    assert code == 0
    assert "  You put the first card, KH, on the table" in out
    assert "keep KH        keep the first card, KH" in out


def narrated(events: tuple[sr.events.Event, ...], seat: int) -> list[str]:
    """What the terminal tells seat 1's player (``you``) of ``events``."""
    names = ["seat 0 (greedy)", "you"]
    return sr.events.narrate(sr.events.seen_by(events, seat), names, names)


def test_the_terminal_keeps_a_kept_first_card_secret() -> None:
    state = sr.new_game(sr.Ruleset.chkobba(), seed=7)
    keep, table = state.legal_moves()
    assert narrated(sr.events.opening(state), 1)[-1] == (
        "Seat 0 (greedy) is dealt the first card, face down, "
        "to keep or to put on the table"
    )
    lines = narrated(state.play(keep)[1], 1)
    assert lines[0] == "Seat 0 (greedy) keeps the first card"
    assert not any("KH" in line for line in lines)
    lines = narrated(state.play(table)[1], 1)
    assert lines[0] == "Seat 0 (greedy) puts the first card, KH, on the table"


def test_the_terminal_tells_redeals_refills_and_leftovers() -> None:
    kings = sr.CardSet("KD KS KC")
    rest = [card for card in sr.ALL_CARDS if card not in kings]
    deck = sr.Deck([*rest[:6], *kings, *rest[6:]])
    state = sr.new_game(sr.Ruleset.scopa(), decks=[deck], seed=3)
    lines = narrated(sr.events.opening(state), 1)
    assert lines[1] == (
        "The table showed 3 kings (7D KD KS KC): the cards are dealt again"
    )
    told: list[str] = []
    while not state.is_over:
        state, happened = state.play(state.legal_moves()[0])
        told += narrated(happened, 1)
    assert "Seat 0 (greedy) is dealt 3 cards" in told
    assert any(line.startswith("You are dealt 3 cards: ") for line in told)
    assert any(" left on the table, " in line for line in told)


def test_the_terminal_prints_each_hand_under_a_heading_with_its_breakdown() -> None:
    code, out, _ = run("play", "--seed", "1", stdin="1\n" * 100)
    assert code == 0
    assert "\nHand 1 begins; " in out
    assert "  Hand 1 scores " in out
    assert "  settebello " in out  # the breakdown under it
    assert "Traceback" not in out


def test_play_with_options() -> None:
    code, out, _ = run(
        "play", "--option", "target_score=1", "--seed", "1", stdin="1\n" * 50
    )
    assert code == 0
    assert "Scopa (preset scopa), varied: target_score=1" in out
    assert "after 1 hand." in out


# -- simulate --------------------------------------------------------------------------


def test_simulate_says_one_game() -> None:
    code, out, _ = run("simulate", "--games", "1", "--jobs", "1")
    assert code == 0
    assert out.startswith("Scopa (preset scopa), 2 players: 1 game from seed 1, ")


@pytest.mark.parametrize("name", sorted(sr.BOT_NAMES))
def test_every_bundled_bot_plays_on_the_command_line(name: str) -> None:
    code, out, _ = run(
        "simulate", "--bots", f"{name},greedy", "--games", "1", "--iterations", "20"
    )
    assert code == 0
    label = "ismcts(20)" if name == "ismcts" else name
    assert any(line.split()[:1] == [label] for line in out.splitlines())
    code, out, _ = run(
        "play", "--bots", name, "--seed", "1", "--iterations", "20", stdin="q\n"
    )
    assert code == 0


def test_simulate_table() -> None:
    code, out, err = run("simulate", "--games", "6", "--jobs", "1")
    assert code == 0
    assert err == ""  # no progress bar unless stderr is a terminal or --progress
    lines = out.splitlines()
    assert lines[0] == (
        "Scopa (preset scopa), 2 players: 6 games from seed 1, "
        "the bots changing sides every game"
    )
    assert lines[1].split() == [
        "bot",
        "games",
        "wins",
        "win",
        "rate",
        "95%",
        "interval",
        "points",
        "cards",
        "coins",
        "settebello",
        "primiera",
        "sweeps",
    ]
    greedy, random_ = lines[2].split(), lines[3].split()
    assert greedy[:2] == ["greedy", "6"]
    assert random_[:2] == ["random", "6"]
    assert int(greedy[2]) + int(random_[2]) == 6


def test_simulate_in_parallel_gives_the_same_results() -> None:
    argv = ["simulate", "--games", "8", "--bots", "greedy,random", "--seed", "4"]
    assert run(*argv, "--jobs", "1")[1] == run(*argv, "--jobs", "2")[1]


def test_simulate_plain_progress_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # as if it were not installed
    code, _, err = run("simulate", "--games", "3", "--jobs", "1", "--progress")
    assert code == 0
    last = err.split("\r")[-1]
    assert last.startswith("[##############################] 3/3 games, ")
    assert " games/s, " in last
    assert err.startswith("\r[......")
    assert err.endswith(" s\n")


def test_plain_progress_bar_says_the_time_left() -> None:
    stream = io.StringIO()
    bar = cli._ProgressBar(4, stream)
    bar.start -= 2.0  # two games took two seconds
    bar.update(2)
    assert stream.getvalue().endswith("2/4 games, 1.0 games/s, 2.0 s left, 2.0 s")
    bar.update(3)  # too soon to draw again
    assert "3/4" not in stream.getvalue()


def test_simulate_tqdm_progress_bar() -> None:
    pytest.importorskip("tqdm")
    code, _, err = run("simulate", "--games", "3", "--jobs", "1", "--progress")
    assert code == 0
    assert "3/3" in err
    assert "game/s" in err


def test_simulate_more_sides_and_scoring_options() -> None:
    code, out, _ = run(
        "simulate",
        "--players",
        "3",
        "--bots",
        "ismcts,greedy",
        "--iterations",
        "4",
        "--games",
        "3",
        "--jobs",
        "1",
        "--option",
        "re_bello=true",
        "--option",
        "napola=on",
    )
    assert code == 0
    assert "re bello  napola" in out
    rows = out.splitlines()[2:]
    assert [row.split()[:2] for row in rows] == [
        ["ismcts(4)", "#1"],
        ["greedy", "3"],
        ["ismcts(4)", "#2"],
    ]


def test_simulate_labels_repeated_bots() -> None:
    result = cli.run_simulation(
        sr.Ruleset.scopa(players=3), ["greedy", "random", "greedy"], games=3, seed=1
    )
    assert [s.label for s in result.standings] == ["greedy #1", "random", "greedy #2"]
    assert sum(s.wins for s in result.standings) == 3


def test_simulate_a_user_bot_by_module_and_class() -> None:
    argv = ["simulate", "--games", "4", "--seed", "2", "--progress"]
    code, out, _ = run(
        *argv,
        "--bots",
        "scopa_rules.bots:IsmctsBot,greedy",
        "--bot-arg",
        "iterations=3",
        "--bot-arg",
        "exploration=0.5",
        "--jobs",
        "2",
    )
    assert code == 0
    assert out.splitlines()[2].split()[:2] == ["IsmctsBot", "4"]
    expected = sr.match(
        sr.Ruleset.scopa(),
        [sr.IsmctsBot(iterations=3, exploration=0.5), sr.GreedyBot()],
        games=4,
        seed=2,
        labels=["IsmctsBot", "greedy"],
    )
    assert out.splitlines()[1:] == expected.table().splitlines()


@pytest.mark.parametrize(
    ("bots", "extra", "message"),
    [
        ("no_such_module_xyz:Bot", [], "cannot import no_such_module_xyz"),
        ("scopa_rules.bots:NoSuchBot", [], "scopa_rules.bots has no NoSuchBot"),
        ("scopa_rules.bots:GreedyBot", ["--bot-arg", "depth=3"], "could not be made"),
        ("scopa_rules.cards:CardSet", [], "is not a bot: it has no choose(view, rng)"),
    ],
)
def test_simulate_refuses_a_bad_user_bot(
    bots: str, extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run("simulate", "--games", "1", "--bots", f"{bots},random", *extra)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("on", True),
        ("No", False),
        ("none", None),
        ("3", 3),
        ("0.25", 0.25),
        ("deep", "deep"),
    ],
)
def test_bot_arguments(text: str, value: object) -> None:
    assert cli._bot_arg(f"key={text}") == ("key", value)


def test_bad_bot_argument(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run("simulate", "--bot-arg", "3=x")
    assert "expected KEY=VALUE, not '3=x'" in capsys.readouterr().err


def test_wilson_interval() -> None:
    low, high = cli.wilson_interval(50, 100)
    assert (low, high) == (0.4038, 0.5962)
    assert cli.wilson_interval(0, 0) == (0.0, 1.0)


# -- as a program ------------------------------------------------------------------------


def test_python_dash_m() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "scopa_rules",
            "simulate",
            "--games",
            "4",
            "--jobs",
            "2",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "greedy" in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "scopa_rules", "simulate", "--bots", "x"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.count("\n") == 1


# -- a user's bot from the current folder ------------------------------------------

USER_BOTS = """
import scopa_rules as sr


class MyBot(sr.GreedyBot):
    pass
"""


def test_simulate_finds_a_user_bot_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As the installed scopa-rules command runs: the current folder is not on
    # the import path until the command puts it there.
    (tmp_path / "mybots_here.py").write_text(USER_BOTS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(
        sys, "path", [p for p in sys.path if p not in ("", ".", str(tmp_path))]
    )
    monkeypatch.delitem(sys.modules, "mybots_here", raising=False)
    argv = ["simulate", "--bots", "mybots_here:MyBot,random", "--games", "2"]
    code, out, err = run(*argv, "--jobs", "1")
    assert code == 0, err
    assert "MyBot" in out
    assert sys.path[0] == str(tmp_path)


def test_a_user_bot_that_cannot_be_found_names_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    with pytest.raises(SystemExit) as exit_info:
        run("simulate", "--bots", "nowhere_bots:MyBot", "--jobs", "1")
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "cannot import nowhere_bots" in err
    assert f"the current folder {tmp_path} is searched" in err
    assert "nowhere_bots.py" in err
    assert "PYTHONPATH" in err
