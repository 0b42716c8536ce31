"""The command line: ``python -m scopa_rules`` (also installed as ``scopa-rules``).

* ``demo``: a seeded game between random players, printed hand by hand with
  each hand's score breakdown and the final result.
* ``play``: play a game in the terminal against bots.
* ``simulate``: many seeded games between bots, in parallel processes, with a
  progress bar and a table of results.
* ``rules``: the presets, or every rule in force for one preset.

Every command has ``--help``; bad arguments get a one-line error and exit
status 2.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import secrets
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, NamedTuple, NoReturn, TextIO

from .bots import Bot, GreedyBot, IsmctsBot, RandomBot, play_game
from .errors import (
    AmbiguousMoveError,
    InvalidRulesetError,
    NotationError,
    ScopaError,
)
from .moves import Move, MoveKind
from .rules import Ruleset
from .state import GameState, Phase, new_game

__all__ = ["main"]


def _rules_from_args(args: argparse.Namespace) -> Ruleset:
    options = dict(getattr(args, "option", None) or ())
    players = options.pop("players", args.players)
    return Ruleset.from_name(args.preset, players=players, **options)


def _swept(before: GameState, after: GameState, side: int) -> bool:
    """Whether the move from ``before`` to ``after`` scored a sweep for ``side``."""
    if after.hand_number == before.hand_number and not after.is_over:
        sweeps_now = after.sweeps[side]
    else:
        last = after.last_hand
        sweeps_now = last.score.sides[side].sweeps if last else 0
    return sweeps_now > before.sweeps[side]


def _play_line(before: GameState, move: Move, after: GameState) -> str:
    seat = before.current_player
    if move.kind is not MoveKind.PLAY:
        return f"  seat {seat} decides: {move.kind.value} the first card {move.card}"
    text = f"  seat {seat} plays {move.card}"
    if move.is_capture and seat is not None:
        text += f", takes {move.captured}"
        if _swept(before, after, before.side_of(seat)):
            text += "  SWEEP!"
    return text


def _print_deal(state: GameState, out: TextIO) -> None:
    held = ", ".join(
        f"seat {seat} {hand}" for seat, hand in enumerate(state.hands) if hand
    )
    print(f"  deal: {held}", file=out)


def _print_hand_start(state: GameState, out: TextIO) -> None:
    print(f"\nHand {state.hand_number + 1} (dealer: seat {state.dealer})", file=out)
    if state.first_card is not None:
        print(
            f"  first card, seen by seat {state.current_player}: {state.first_card}",
            file=out,
        )
        return
    _print_deal(state, out)
    print(f"  table: {state.table or '(empty)'}", file=out)
    if any(state.sweeps):
        print(f"  initial sweeps: {' : '.join(map(str, state.sweeps))}", file=out)


def _print_hand_end(state: GameState, out: TextIO) -> None:
    result = state.hand_results[-1]  # called only after a hand ends
    if result.leftover:
        taker = (
            f"side {result.leftover_side} takes"
            if result.leftover_side is not None
            else "nobody captured, nobody takes"
        )
        print(f"  end of hand: {taker} the leftover {result.leftover}", file=out)
    print("", file=out)
    print(_indent(str(result.score)), file=out)
    scores = " : ".join(map(str, result.scores))
    print(f"  scores after hand {result.number + 1}: {scores}", file=out)


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
    _print_hand_start(state, out)
    while not state.is_over:
        move = chooser.choice(state.legal_moves())
        after = state.apply(move)
        print(_play_line(state, move, after), file=out)
        if after.hand_number != state.hand_number or after.is_over:
            _print_hand_end(after, out)
            if not after.is_over:
                _print_hand_start(after, out)
        elif state.phase is Phase.FIRST_CARD or sum(map(len, after.hands)) > sum(
            map(len, state.hands)
        ):
            _print_deal(after, out)
            if state.phase is Phase.FIRST_CARD:
                print(f"  table: {after.table or '(empty)'}", file=out)
        state = after
    scores = " : ".join(map(str, state.scores))
    print(
        f"\nSide {state.winner} wins {scores} after {len(state.hand_results)} hands.",
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

_BOT_NAMES = ("random", "greedy", "ismcts")


def _make_bot(name: str, iterations: int) -> Bot:
    if name == "ismcts":
        return IsmctsBot(iterations=iterations)
    return GreedyBot() if name == "greedy" else RandomBot()


def _bot_label(name: str, iterations: int) -> str:
    return f"ismcts({iterations})" if name == "ismcts" else name


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


def _public_line(before: GameState, move: Move, after: GameState, who: str) -> str:
    """A turn as every seat sees it: another seat's kept first card is secret."""
    if move.kind is MoveKind.KEEP_FIRST_CARD:
        return f"  {who} keeps the first card"
    if move.kind is MoveKind.TABLE_FIRST_CARD:
        return f"  {who} puts the first card, {move.card}, on the table"
    text = f"  {who} plays {move.card}"
    seat = before.current_player
    if move.is_capture and seat is not None:
        text += f", takes {move.captured}"
        if _swept(before, after, before.side_of(seat)):
            text += "  SWEEP!"
    return text


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
    bots: Sequence[tuple[str, Bot]],
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
    players: dict[int, tuple[str, Bot]] = dict(zip(others, bots, strict=True))
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
    hand_started = True
    # A seeded game never waits for a deck: it has a seat to move until it
    # is over.
    while (mover := state.current_player) is not None:
        if hand_started:
            print(
                f"\nHand {state.hand_number + 1}, dealer seat {state.dealer}", file=out
            )
            if state.first_card is None:
                print(f"  table: {state.table or '(empty)'}", file=out)
            hand_started = False
        if mover == seat:
            move = _ask_move(state, rules_text, stdin, out, symbols)
            if move is None:
                print(f"Game left unfinished (seed {seed}).", file=out)
                return None
        else:
            move = players[mover][1].choose(state, rng)
        after = state.apply(move)
        print(_public_line(state, move, after, names[mover]), file=out)
        if after.hand_number != state.hand_number or after.is_over:
            _print_hand_end(after, out)
            hand_started = True
        elif state.phase is Phase.FIRST_CARD:
            print(f"  table: {after.table or '(empty)'}", file=out)
        elif sum(map(len, after.hands)) > sum(map(len, state.hands)):
            print(
                f"  new deal: {rules.hand_size} cards each, "
                f"{len(after.stock)} left in the stock",
                file=out,
            )
        state = after
    scores = " : ".join(map(str, state.scores))
    verdict = "You win!" if state.winner == side else "You lose."
    print(
        f"\nSide {state.winner} wins {scores} after {len(state.hand_results)} hands. "
        + verdict,
        file=out,
    )
    return state


# -- simulate: bots against bots, in parallel ----------------------------------

_CATEGORIES = (
    ("cards", "cards_points"),
    ("coins", "coins_points"),
    ("settebello", "settebello_points"),
    ("primiera", "primiera_points"),
    ("sweeps", "sweep_points"),
    ("re bello", "re_bello_points"),
    ("napola", "napola_points"),
)

# A game to simulate, as plain data for a worker process: the rules as a
# dict, one bot name per entry, the ISMCTS budget, the seed, and the rotation
# (entry ``(side + rotation) % entries`` plays ``side``).
_Task = tuple[dict[str, Any], tuple[str, ...], int, int, int]
# What a worker sends back: the winning entry, and each entry's points in each
# of _CATEGORIES over the whole game.
_Outcome = tuple[int, tuple[tuple[int, ...], ...]]


def _simulate_game(task: _Task) -> _Outcome:
    """Play one game of a simulation (in a worker process, or not)."""
    rules_data, names, iterations, seed, rotation = task
    rules = Ruleset.from_dict(rules_data)
    entries = len(names)
    entry_of_side = [(side + rotation) % entries for side in range(rules.sides)]
    made = {name: _make_bot(name, iterations) for name in set(names)}
    bots = [made[names[entry_of_side[rules.side_of(s)]]] for s in range(rules.players)]
    final = play_game(rules, bots, seed)
    points = [[0] * len(_CATEGORIES) for _ in range(entries)]
    for result in final.hand_results:
        for side_score in result.score.sides:
            row = points[entry_of_side[side_score.side]]
            for i, (_, field) in enumerate(_CATEGORIES):
                row[i] += getattr(side_score, field)
    assert final.winner is not None
    return entry_of_side[final.winner], tuple(map(tuple, points))


class Standing(NamedTuple):
    """One bot's results in a simulation."""

    label: str
    games: int
    wins: int
    points: tuple[float, ...]
    """Average points per game in each scoring category (``cards``,
    ``coins``, ``settebello``, ``primiera``, ``sweeps``, ``re bello``,
    ``napola``)."""

    @property
    def win_rate(self) -> float:
        """The share of games won."""
        return self.wins / self.games

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the win rate.

        >>> Standing("x", 100, 60, ()).interval()
        (0.502, 0.6906)
        """
        return wilson_interval(self.wins, self.games)


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate, rounded to 4 places
    (``z=1.96``: 95% confidence).

    >>> wilson_interval(0, 10), wilson_interval(10, 10)
    ((0.0, 0.2775), (0.7225, 1.0))
    """
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    half /= 1 + z2 / games
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


class _ProgressBar:
    """A one-line progress bar, redrawn in place at most ten times a second."""

    def __init__(self, total: int, stream: TextIO | None, width: int = 30) -> None:
        self.total = total
        self.stream = stream
        self.width = width
        self.start = time.monotonic()
        self.drawn = -1.0

    def update(self, done: int) -> None:
        if self.stream is None:
            return
        now = time.monotonic()
        if done < self.total and now - self.drawn < 0.1:
            return
        self.drawn = now
        filled = self.width * done // self.total
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(
            f"\r[{bar}] {done}/{self.total} games, {now - self.start:.1f} s"
        )
        if done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [
        max(len(headers[i]), *(len(row[i]) for row in rows))
        for i in range(len(headers))
    ]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = (cell.rjust(width) for cell, width in zip(cells, widths, strict=True))
        return "  ".join([first, *list(rest)[1:]]).rstrip()

    return "\n".join([line(headers), *(line(row) for row in rows)])


def run_simulation(
    rules: Ruleset,
    bots: Sequence[str],
    *,
    games: int,
    seed: int,
    iterations: int = 200,
    jobs: int = 1,
    progress: TextIO | None = None,
) -> list[Standing]:
    """Play ``games`` seeded games (seeds ``seed``, ``seed + 1``, …) between
    the named ``bots``, one per side, and return each bot's standing.  The
    bots move one side along every game, so that each plays every side
    equally often.  ``jobs`` worker processes share the games (``1`` plays
    them in this process); ``progress``, if given, gets a progress bar.

    >>> table = run_simulation(Ruleset.scopa(), ["greedy", "random"], games=4, seed=1)
    >>> [(s.label, s.games) for s in table], sum(s.wins for s in table)
    ([('greedy', 4), ('random', 4)], 4)
    """
    names = tuple(bots)
    rules_data = rules.to_dict()
    tasks: list[_Task] = [
        (rules_data, names, iterations, seed + game, game % len(names))
        for game in range(games)
    ]
    outcomes: list[_Outcome | None] = [None] * games
    bar = _ProgressBar(games, progress)
    bar.update(0)
    if jobs <= 1 or games == 1:
        for game, task in enumerate(tasks):
            outcomes[game] = _simulate_game(task)
            bar.update(game + 1)
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, games)) as pool:
            futures = {
                pool.submit(_simulate_game, task): n for n, task in enumerate(tasks)
            }
            try:
                for done, future in enumerate(as_completed(futures), 1):
                    outcomes[futures[future]] = future.result()
                    bar.update(done)
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    plain = [_bot_label(name, iterations) for name in names]
    labels = [
        f"{label} #{plain[:i].count(label) + 1}" if plain.count(label) > 1 else label
        for i, label in enumerate(plain)
    ]
    standings = []
    for entry, label in enumerate(labels):
        games_played = 0
        wins = 0
        totals = [0] * len(_CATEGORIES)
        for outcome in outcomes:
            assert outcome is not None
            winner, points = outcome
            games_played += 1
            wins += winner == entry
            totals = [a + b for a, b in zip(totals, points[entry], strict=True)]
        averages = tuple(total / games_played for total in totals)
        standings.append(Standing(label, games_played, wins, averages))
    return standings


def format_standings(rules: Ruleset, standings: Sequence[Standing]) -> str:
    """The results table of a simulation: win rate with its 95% Wilson
    interval, and average points per game, in all and by category (re bello
    and napola only when they score).

    >>> print(format_standings(Ruleset.scopa(), [
    ...     Standing("greedy", 10, 7, (1.5, 1.0, 0.5, 1.2, 0.8, 0.0, 0.0)),
    ...     Standing("random", 10, 3, (1.0, 1.0, 0.5, 0.3, 0.4, 0.0, 0.0))]))
    bot     games  wins  win rate   95% interval  points  cards  coins  settebello  primiera  sweeps
    greedy     10     7     70.0%  39.7% - 89.2%    5.00   1.50   1.00        0.50      1.20    0.80
    random     10     3     30.0%  10.8% - 60.3%    3.20   1.00   1.00        0.50      0.30    0.40
    """
    shown = [
        i
        for i, (name, _) in enumerate(_CATEGORIES)
        if (name != "re bello" or rules.re_bello) and (name != "napola" or rules.napola)
    ]
    headers = ["bot", "games", "wins", "win rate", "95% interval", "points"]
    headers += [_CATEGORIES[i][0] for i in shown]
    rows = []
    for standing in standings:
        low, high = standing.interval()
        rows.append(
            [
                standing.label,
                str(standing.games),
                str(standing.wins),
                f"{standing.win_rate:.1%}",
                f"{low:.1%} - {high:.1%}",
                f"{sum(standing.points):.2f}",
                *(f"{standing.points[i]:.2f}" for i in shown),
            ]
        )
    return _table(headers, rows)


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


def _bot_names(text: str) -> list[str]:
    names = [name.strip().lower() for name in text.split(",")]
    for name in names:
        if name not in _BOT_NAMES:
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r}; bots are {', '.join(_BOT_NAMES)}"
            )
    return names


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
        f"({bots_help}; default: greedy,random)",
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


def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    rules = _rules_from_args(args)
    names = _fill(args.bots, rules.sides, "sides")
    show = err.isatty() if args.progress is None else args.progress
    print(
        f"{_title(rules)}: {args.games} games from seed {args.seed}, "
        "the bots changing sides every game",
        file=out,
    )
    standings = run_simulation(
        rules,
        names,
        games=args.games,
        seed=args.seed,
        iterations=args.iterations,
        jobs=args.jobs,
        progress=err if show else None,
    )
    print(format_standings(rules, standings), file=out)


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
