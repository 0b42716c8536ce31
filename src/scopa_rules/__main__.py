"""The command line: ``python -m scopa_rules`` (also installed as ``scopa-rules``).

* ``demo``: a seeded game between random players, printed hand by hand with
  each hand's score breakdown and the final result.
* ``play``: play a game in the terminal against bots.
* ``simulate``: many seeded games between bots, in parallel processes, with a
  progress bar and a table of results.
* ``rules``: the presets, or every rule in force for one preset.

Every command has ``--help``; bad arguments get a one-line error and exit
status 2.  ``--version`` says the version, the build and the Python running
it (what a bug report needs).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import random
import re
import secrets
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import NoReturn, TextIO

from . import __version__, tournament
from . import events as ev
from ._compiled import kernel_info
from ._play.bots import Bot, FullStateBot, ask
from ._play.lineup import BOT_NAMES, make_bot
from .errors import (
    AmbiguousMoveError,
    InvalidRulesetError,
    MatchError,
    NotationError,
    ScopaError,
    shown,
)
from .moves import Move, MoveKind
from .rules import Ruleset
from .state import GameState, Phase, new_game

__all__ = ["main"]


def _rules_from_args(args: argparse.Namespace) -> Ruleset:
    options = dict(getattr(args, "option", None) or ())
    players = options.pop("players", args.players)
    return Ruleset.from_name(args.preset, players=players, **options)


def _narrate(
    events: Sequence[ev.Event],
    names: Sequence[str],
    sides: Sequence[str],
    out: TextIO,
) -> None:
    """Print what happened in words (:func:`scopa_rules.events.narrate`),
    ``names`` naming the seats and ``sides`` the sides: each hand under a
    heading, each hand's score breakdown after its line."""
    told: list[ev.Event] = []

    def flush() -> None:
        for line in ev.narrate(told, names, sides):
            print(f"  {line}", file=out)
        told.clear()

    for event in events:
        if isinstance(event, ev.HandStarted):
            flush()
            print(f"\n{event.describe(names, sides)}", file=out)
            continue
        told.append(event)
        if isinstance(event, ev.HandScored):
            flush()
            print(_indent(str(event.score)), file=out)
    flush()


def _side_names(rules: Ruleset, names: Sequence[str], seat: int | None) -> list[str]:
    """The sides' names: a side of one seat is called as its seat is; with
    partners, the side of ``seat`` is "your side"."""
    sides = []
    for side in range(rules.sides):
        seats = rules.seats_of(side)
        if len(seats) == 1:
            sides.append(names[seats[0]])
        elif seat is not None and seat in seats:
            sides.append("your side")
        else:
            sides.append(f"side {side} (seats {', '.join(map(str, seats))})")
    return sides


def run_demo(rules: Ruleset, seed: int, out: TextIO) -> GameState:
    """Play a seeded game between random players, printing it to ``out``.

    >>> import io
    >>> text = io.StringIO()
    >>> final = run_demo(Ruleset.scopa(), seed=7, out=text)
    >>> text.getvalue().splitlines()[-1] == (
    ...     f"Side {final.winner} wins {final.scores[0]} : {final.scores[1]} "
    ...     f"after {len(final.hand_results)} hands.")
    True
    """
    chooser = random.Random(seed)
    state = new_game(rules, seed=seed)
    name = rules.preset_name() or "house rules"
    print(f"scopa_rules demo: {name}, {rules.players} players, seed {seed}", file=out)
    names = [f"seat {seat}" for seat in range(rules.players)]
    sides = _side_names(rules, names, None)
    _narrate(ev.opening(state), names, sides, out)
    while not state.is_over:
        state, happened = state.play(chooser.choice(state.legal_moves()))
        _narrate(happened, names, sides, out)
    scores = " : ".join(map(str, state.scores))
    print(
        f"\nSide {state.winner} wins {scores} after "
        f"{_counted(len(state.hand_results), 'hand')}.",
        file=out,
    )
    return state


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())


def _list_rules(args: argparse.Namespace, out: TextIO) -> None:
    if args.preset is None:
        for preset in Ruleset.presets():
            players = "/".join(map(str, preset.players))
            print(f"{preset.name:<20} {players:<8} {preset.summary}", file=out)
        return
    print(_rules_from_args(args).describe(), file=out)


# -- bots on the command line -------------------------------------------------

_BOT_NAMES = tuple(BOT_NAMES)
# A user's bot: an importable module and a class in it.
_USER_BOT = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*")


def _current_folder_on_path() -> str:
    """Put the current folder first on the import path, as ``python -m``
    does, so that ``--bots mybots:MyBot`` finds ``mybots.py`` here with the
    installed ``scopa-rules`` command too; worker processes inherit the path.
    The folder, for messages."""
    folder = os.getcwd()
    if not any(os.path.abspath(entry or os.curdir) == folder for entry in sys.path):
        sys.path.insert(0, folder)
    return folder


def _make_bot(
    name: str, iterations: int, options: Mapping[str, object] | None = None
) -> Bot | FullStateBot:
    """A bundled bot by name, or a user's bot ``package.module:ClassName``
    made with ``options`` as keyword arguments (``--bot-arg``)."""
    if name in BOT_NAMES:
        # --bot-arg is for the user's bots; --iterations is the search's.
        return (
            make_bot(name, iterations=iterations)
            if name == "ismcts"
            else make_bot(name)
        )
    module_name, _, class_name = name.partition(":")
    folder = _current_folder_on_path()
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        fix = ""
        if (
            isinstance(error, ModuleNotFoundError)
            and error.name == module_name.split(".")[0]
        ):
            top = module_name.split(".")[0]
            fix = (
                f" (the current folder {folder} is searched: run from the folder "
                f"that holds {top}.py or the {top} package, or add that folder "
                "to PYTHONPATH)"
            )
        raise _UsageError(
            f"bot {name}: cannot import {module_name}: {error}{fix}"
        ) from None
    made = getattr(module, class_name, None)
    if made is None:
        raise _UsageError(f"bot {name}: {module_name} has no {class_name}")
    try:
        bot = made(**(options or {}))
    except Exception as error:  # the user's code: say whose it was
        raise _UsageError(f"bot {name} could not be made: {error}") from None
    if not isinstance(bot, (Bot, FullStateBot)):
        raise _UsageError(
            f"bot {name} is not a bot: it has no choose(view, rng) method"
        )
    return bot


def _bot_label(name: str, iterations: int) -> str:
    if name == "ismcts":
        return f"ismcts({iterations})"
    return name.rpartition(":")[2] if ":" in name else name


def _fill(names: Sequence[str], count: int, what: str) -> list[str]:
    """``names`` repeated to ``count`` entries; more names than that is an
    error for the user."""
    if len(names) > count:
        raise _UsageError(
            f"--bots names {len(names)} bots, but there {'is' if count == 1 else 'are'} "
            f"only {count} {what}"
        )
    return [names[i % len(names)] for i in range(count)]


# -- play: a human against bots -------------------------------------------------

_PLAY_HELP = """\
  Type the number of a move from the list, or the move itself:
    7D          play 7D (when it can be played only one way)
    7Dx4S3C     play 7D and take 4S and 3C (in any order, any case)
    trail 7D    play 7D without capturing
    keep/table  Chkobba: keep the first card, or put it on the table
  Other commands: 'rules' shows the rules in force, 'q' quits."""


def _title(rules: Ruleset) -> str:
    return f"{rules.describe().splitlines()[0]}, {rules.players} players"


def _move_description(state: GameState, move: Move) -> str:
    if move.kind is MoveKind.KEEP_FIRST_CARD:
        return f"keep the first card, {move.card}"
    if move.kind is MoveKind.TABLE_FIRST_CARD:
        return f"put the first card, {move.card}, on the table"
    if move.is_trail:
        return f"trail {move.card}"
    text = f"play {move.card}, take {move.captured}"
    return text + (" (sweep)" if move.captured == state.table else "")


def _not_held(state: GameState, text: str) -> str | None:
    """A message if ``text`` plays a card the seat to move does not hold.

    The library's own message would say where that card is, which the
    player may not know."""
    seat = state.current_player
    if state.phase is not Phase.PLAY or seat is None:
        return None
    try:
        card = Move.parse(text).card
    except NotationError:
        return None  # parse_move explains it, or reads "keep" and "table"
    hand = state.hands[seat]
    if card in hand:
        return None
    return f"{card} is not in your hand, which holds {hand or 'nothing'}."


def _ask_move(
    state: GameState, rules_text: str, stdin: TextIO, out: TextIO, symbols: bool
) -> Move | None:
    """Show the seat to move what it sees and read its move; ``None`` when
    the player quits or the input ends."""
    seat = state.current_player
    assert seat is not None
    moves = state.legal_moves()
    print("", file=out)
    print(state.view(seat).render(symbols=symbols), file=out)
    print("Your moves:", file=out)
    for number, move in enumerate(moves, 1):
        print(f"  {number:>2}. {move!s:<14} {_move_description(state, move)}", file=out)
    numbers = "1" if len(moves) == 1 else f"1-{len(moves)}"
    echo = not stdin.isatty()  # piped input: show it, so the output reads well
    while True:
        out.write(f"Your move ({numbers}, a move, ? for help, q to quit): ")
        out.flush()
        line = stdin.readline()
        text = line.strip()
        if echo or not line:
            print(text, file=out)  # ends the prompt's line
        if not line:
            return None
        if text.lower() in ("q", "quit", "exit"):
            return None
        if text in ("?", "h", "help"):
            print(_PLAY_HELP, file=out)
            continue
        if text.lower() == "rules":
            print(rules_text, file=out)
            continue
        if not text:
            print(f"  Type a number from 1 to {len(moves)}, or a move.", file=out)
            continue
        if text.isdigit():
            if 1 <= int(text) <= len(moves):
                return moves[int(text) - 1]
            print(f"  There is no move {text}: choose 1 to {len(moves)}.", file=out)
            continue
        held = _not_held(state, text)
        if held is not None:
            print(f"  {held}", file=out)
            continue
        try:
            return state.parse_move(text)
        except AmbiguousMoveError as error:
            print(f"  {error}; type the whole move or its number.", file=out)
        except ScopaError as error:
            print(f"  Not a legal move: {error}", file=out)


def run_play(
    rules: Ruleset,
    *,
    seat: int,
    bots: Sequence[tuple[str, Bot | FullStateBot]],
    seed: int,
    stdin: TextIO,
    out: TextIO,
    symbols: bool = False,
) -> GameState | None:
    """Play a game in a terminal: the human at ``seat`` types moves on
    ``stdin``; ``bots`` (a label and a bot, for each other seat in seat
    order) play the other seats.  Returns the final state, or ``None`` if
    the player quit or the input ended first.

    >>> import io
    >>> from scopa_rules import GreedyBot
    >>> text = io.StringIO()
    >>> final = run_play(Ruleset.scopa(), seat=0, bots=[("greedy", GreedyBot())],
    ...                  seed=7, stdin=io.StringIO("1\\n" * 100), out=text)
    >>> final.is_over, text.getvalue().splitlines()[-1].startswith("Side ")
    (True, True)
    >>> run_play(Ruleset.scopa(), seat=0, bots=[("greedy", GreedyBot())],
    ...          seed=7, stdin=io.StringIO("9\\n"), out=text) is None
    True
    >>> "There is no move 9: choose 1 to 3." in text.getvalue()
    True
    """
    others = [s for s in range(rules.players) if s != seat]
    if len(bots) != len(others):
        raise ValueError(f"run_play needs {len(others)} bots, not {len(bots)}")
    players: dict[int, tuple[str, Bot | FullStateBot]] = dict(
        zip(others, bots, strict=True)
    )
    names = {s: f"seat {s} ({label})" for s, (label, _) in players.items()}
    names[seat] = f"seat {seat} (you)"
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    print(f"scopa-rules play: {_title(rules)}, seed {seed}", file=out)
    side = rules.side_of(seat)
    partners = [s for s in rules.seats_of(side) if s != seat]
    print(
        f"You are seat {seat}, side {side}"
        + (f", with {', '.join(names[s] for s in partners)}" if partners else "")
        + "; "
        + ", ".join(names[s] for s in others if s not in partners)
        + (" against you." if len(others) > len(partners) else "."),
        file=out,
    )
    print("Type the number of a move or the move itself; ? for help.", file=out)
    rules_text = rules.describe()
    seat_names = [names[s] for s in range(rules.players)]
    seat_names[seat] = "you"
    sides = _side_names(rules, seat_names, seat)
    _narrate(ev.seen_by(ev.opening(state), seat), seat_names, sides, out)
    # A seeded game never waits for a deck: it has a seat to move until it
    # is over.
    while (mover := state.current_player) is not None:
        if mover == seat:
            move = _ask_move(state, rules_text, stdin, out, symbols)
            if move is None:
                print(f"Game left unfinished (seed {seed}).", file=out)
                return None
        else:
            bot = players[mover][1]
            move = ask(bot, isinstance(bot, FullStateBot), state, mover, rng)
        state, happened = state.play(move)
        _narrate(ev.seen_by(happened, seat), seat_names, sides, out)
    scores = " : ".join(map(str, state.scores))
    verdict = "You win!" if state.winner == side else "You lose."
    print(
        f"\nSide {state.winner} wins {scores} after "
        f"{_counted(len(state.hand_results), 'hand')}. " + verdict,
        file=out,
    )
    return state


# -- simulate: bots against bots, in parallel ----------------------------------

# Kept importable from here for code written against the older command line.
wilson_interval = tournament.wilson_interval
Standing = tournament.Standing


class _ProgressBar:
    """A one-line progress bar with rate and time left, redrawn in place at
    most ten times a second (the fallback without tqdm)."""

    def __init__(self, total: int, stream: TextIO, width: int = 30) -> None:
        self.total = total
        self.stream = stream
        self.width = width
        self.start = time.monotonic()
        self.drawn = -1.0

    def update(self, done: int) -> None:
        now = time.monotonic()
        if done < self.total and now - self.drawn < 0.1:
            return
        self.drawn = now
        filled = self.width * done // self.total
        bar = "#" * filled + "." * (self.width - filled)
        elapsed = now - self.start
        rate = done / elapsed if done and elapsed > 0 else 0.0
        left = (
            f", {(self.total - done) / rate:.1f} s left"
            if rate and done < self.total
            else ""
        )
        self.stream.write(
            f"\r[{bar}] {done}/{self.total} games, {rate:.1f} games/s{left}, "
            f"{elapsed:.1f} s"
        )
        if done == self.total:
            self.stream.write("\n")
        self.stream.flush()


@contextlib.contextmanager
def _progress(
    total: int, stream: TextIO | None
) -> Iterator[Callable[[int], None] | None]:
    """A progress callback drawing on ``stream`` (none without a stream):
    tqdm's bar when the ``progress`` extra is installed, a plain one
    otherwise."""
    if stream is None:
        yield None
        return
    try:
        from tqdm import tqdm
    except ImportError:
        plain = _ProgressBar(total, stream)
        plain.update(0)
        yield plain.update
        return
    with tqdm(total=total, file=stream, unit="game", dynamic_ncols=True) as bar:

        def update(done: int) -> None:
            bar.update(done - bar.n)

        yield update


def run_simulation(
    rules: Ruleset,
    bots: Sequence[str],
    *,
    games: int,
    seed: int,
    iterations: int = 200,
    jobs: int = 1,
    progress: TextIO | None = None,
    bot_options: Mapping[str, object] | None = None,
    move_timeout: float | None = None,
    on_error: str = "raise",
) -> tournament.MatchResult:
    """Play ``games`` seeded games (seeds ``seed``, ``seed + 1``, …) between
    the named ``bots``, one per side, with :func:`scopa_rules.match`: the
    bundled ones by name, a user's by ``package.module:ClassName`` (made
    with ``bot_options``).  ``progress``, if given, gets a progress bar;
    ``move_timeout`` and ``on_error`` are :func:`~scopa_rules.match`'s.

    >>> result = run_simulation(Ruleset.scopa(), ["greedy", "random"], games=4, seed=1)
    >>> [(s.label, s.games) for s in result.standings], sum(s.wins for s in result.standings)
    ([('greedy', 4), ('random', 4)], 4)
    """
    made = {name: _make_bot(name, iterations, bot_options) for name in set(bots)}
    with _progress(games, progress) as update:
        return tournament.match(
            rules,
            [made[name] for name in bots],
            games=games,
            seed=seed,
            jobs=jobs,
            labels=[_bot_label(name, iterations) for name in bots],
            progress=update,
            move_timeout=move_timeout,
            on_error=on_error,
        )


# -- the command line -------------------------------------------------------------


class _UsageError(Exception):
    """A bad combination of arguments, found after parsing."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (and exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def _option(text: str) -> tuple[str, object]:
    """``name=value`` for ``--option``: booleans as true/false (yes/no, on/off),
    ``none`` as None, whole numbers as int, anything else (an enumerated
    option's value) as text.  The ruleset validates the result."""
    name, sep, value = text.partition("=")
    name, value = name.strip().replace("-", "_"), value.strip()
    if not sep or not name or not value:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, not {text!r}")
    default = Ruleset().options().get(name)
    lowered = value.lower()
    if isinstance(default, bool):
        if lowered in _TRUE or lowered in _FALSE:
            return name, lowered in _TRUE
        raise argparse.ArgumentTypeError(
            f"option {name} is true or false, not {value!r}"
        )
    if lowered in ("none", "null"):
        return name, None
    try:
        return name, int(value)
    except ValueError:
        return name, value


def _count(text: str) -> int:
    """A whole number of at least 1."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a whole number, not {text!r}"
        ) from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


def _seconds(text: str) -> float:
    """A number of seconds above 0."""
    try:
        number = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a number of seconds, not {text!r}"
        ) from None
    if not number > 0:
        raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
    return number


def _bot_names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    names = [name if _USER_BOT.fullmatch(name) else name.lower() for name in names]
    for name in names:
        if name not in _BOT_NAMES and not _USER_BOT.fullmatch(name):
            raise argparse.ArgumentTypeError(
                f"unknown bot {shown(name)}; bots are {', '.join(_BOT_NAMES)} or "
                "package.module:ClassName"
            )
    return names


def _bot_arg(text: str) -> tuple[str, object]:
    """``key=value`` for ``--bot-arg``: true/false, none, numbers, or text."""
    name, sep, value = text.partition("=")
    name, value = name.strip(), value.strip()
    if not sep or not name.isidentifier():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, not {text!r}")
    lowered = value.lower()
    if lowered in _TRUE or lowered in _FALSE:
        return name, lowered in _TRUE
    if lowered in ("none", "null"):
        return name, None
    for number in (int, float):
        try:
            return name, number(value)
        except ValueError:
            pass
    return name, value


def _add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--preset", default="scopa", help="preset name (default: scopa)"
    )
    parser.add_argument("--players", type=int, default=None, help="number of players")
    parser.add_argument(
        "--option",
        type=_option,
        action="append",
        metavar="NAME=VALUE",
        help="change a rule, like napola=true or target_score=21 (repeatable; "
        "'scopa-rules rules NAME' lists them)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="scopa-rules",
        description="Rules engine for Scopa, Scopone, Chkobba, Escoba and their variants.",
    )
    python = ".".join(map(str, sys.version_info[:3]))
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__} on Python {python}, {kernel_info()}",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    demo = commands.add_parser(
        "demo", help="play and print a seeded game between random players"
    )
    demo.add_argument("--preset", default="scopa", help="preset name (default: scopa)")
    demo.add_argument("--players", type=int, default=None, help="number of players")
    demo.add_argument(
        "--seed", type=int, default=7, help="deal and play seed (default: 7)"
    )
    bots_help = "bots are " + ", ".join(_BOT_NAMES)
    play = commands.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description="Play a game in the terminal against bots: type the number "
        "of a move, or the move itself (7Dx4S3C); '?' shows help, 'q' quits.",
    )
    _add_rules_arguments(play)
    play.add_argument(
        "--seed", type=int, default=None, help="deal seed (default: a random one)"
    )
    play.add_argument(
        "--seat", type=int, default=0, help="your seat; seat 0 leads (default: 0)"
    )
    play.add_argument(
        "--bots",
        type=_bot_names,
        default=["greedy"],
        metavar="LIST",
        help="comma-separated bots for the other seats in seat order, repeated "
        f"to fill them ({bots_help}; default: greedy)",
    )
    play.add_argument(
        "--iterations",
        type=_count,
        default=200,
        help="ISMCTS search budget per move (default: 200)",
    )
    play.add_argument(
        "--symbols", action="store_true", help="show suits as symbols (♦ ♥ ♠ ♣)"
    )
    simulate = commands.add_parser(
        "simulate",
        help="play many seeded games between bots and tabulate the results",
        description="Play many seeded games between bots, in parallel, and print "
        "each bot's win rate (with a 95% Wilson interval) and its average points "
        "per game by category.  The bots move one side along every game, so "
        "each plays every side equally often.",
    )
    _add_rules_arguments(simulate)
    simulate.add_argument(
        "--bots",
        type=_bot_names,
        default=["greedy", "random"],
        metavar="LIST",
        help="comma-separated bots, one per side, repeated to fill the sides "
        f"({bots_help}, or a class of yours as package.module:ClassName; "
        "default: greedy,random)",
    )
    simulate.add_argument(
        "--bot-arg",
        type=_bot_arg,
        action="append",
        metavar="KEY=VALUE",
        help="a keyword argument for the user bots (package.module:ClassName), "
        "like depth=3 (repeatable)",
    )
    simulate.add_argument(
        "--games", type=_count, default=100, help="number of games (default: 100)"
    )
    simulate.add_argument(
        "--seed",
        type=int,
        default=1,
        help="seed of the first game; game n uses seed + n (default: 1)",
    )
    simulate.add_argument(
        "--iterations",
        type=_count,
        default=200,
        help="ISMCTS search budget per move (default: 200)",
    )
    simulate.add_argument(
        "--jobs",
        type=_count,
        default=os.cpu_count() or 1,
        help="worker processes; 1 plays in this process (default: one per CPU)",
    )
    simulate.add_argument(
        "--move-timeout",
        type=_seconds,
        default=None,
        metavar="SECONDS",
        help="fail a game whose bot takes longer for a move (default: no limit)",
    )
    simulate.add_argument(
        "--on-error",
        choices=("raise", "skip"),
        default="raise",
        help="when a game fails (a bot raises, times out or kills its worker): "
        "stop the match (raise, the default) or leave the game out (skip)",
    )
    simulate.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: when stderr is a terminal)",
    )
    rules = commands.add_parser("rules", help="list the presets, or describe one")
    rules.add_argument("preset", nargs="?", default=None, help="a preset name or alias")
    rules.add_argument("--players", type=int, default=None, help="number of players")
    return parser


def _play(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> None:
    rules = _rules_from_args(args)
    if not 0 <= args.seat < rules.players:
        raise _UsageError(f"--seat must be 0 to {rules.players - 1}, not {args.seat}")
    names = _fill(args.bots, rules.players - 1, "other seats")
    bots = [
        (_bot_label(n, args.iterations), _make_bot(n, args.iterations)) for n in names
    ]
    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    run_play(
        rules,
        seat=args.seat,
        bots=bots,
        seed=seed,
        stdin=stdin,
        out=out,
        symbols=args.symbols,
    )


def _counted(count: int, thing: str) -> str:
    return f"{count} {thing}{'' if count == 1 else 's'}"


def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    rules = _rules_from_args(args)
    names = _fill(args.bots, rules.sides, "sides")
    show = err.isatty() if args.progress is None else args.progress
    print(
        f"{_title(rules)}: {_counted(args.games, 'game')} from seed {args.seed}, "
        "the bots changing sides every game",
        file=out,
    )
    try:
        result = run_simulation(
            rules,
            names,
            games=args.games,
            seed=args.seed,
            iterations=args.iterations,
            jobs=args.jobs,
            progress=err if show else None,
            bot_options=dict(args.bot_arg or ()),
            move_timeout=args.move_timeout,
            on_error=args.on_error,
        )
    except MatchError as error:
        partial = error.partial
        print(
            f"The match stopped; the {_counted(partial.games, 'game')} that finished:",
            file=out,
        )
        print(partial.table(), file=out)
        raise
    print(result.table(), file=out)
    if result.failures:
        print(
            f"{_counted(len(result.failures), 'game')} failed, left out of the table:",
            file=out,
        )
        for failure in result.failures:
            print(f"  {failure}", file=out)


def main(
    argv: Sequence[str] | None = None,
    out: TextIO | None = None,
    stdin: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Run the command line; returns the exit status.  ``out``, ``stdin``
    and ``err`` replace the standard streams (for tests).

    >>> import io
    >>> text = io.StringIO()
    >>> main(["rules", "scopone"], out=text), text.getvalue().splitlines()[0]
    (0, 'Scopone (preset scopone)')
    """
    stream = sys.stdout if out is None else out
    errors = sys.stderr if err is None else err
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "demo":
            run_demo(_rules_from_args(args), args.seed, stream)
        elif args.command == "play":
            _play(args, stream, sys.stdin if stdin is None else stdin)
        elif args.command == "simulate":
            _simulate(args, stream, errors)
        else:
            _list_rules(args, stream)
    except (InvalidRulesetError, _UsageError) as error:
        parser.exit(2, f"scopa-rules: error: {error}\n")
    except MatchError as error:
        for failure in error.failures:
            print(f"scopa-rules: error: {failure}", file=errors)
        return 1
    except BrokenPipeError:
        # The reader (say, ``| head``) went away: stop quietly, as Unix tools do.
        sys.stderr.close()
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted", file=errors)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
