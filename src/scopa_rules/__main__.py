"""The command line: ``python -m scopa_rules`` (also installed as ``scopa-rules``).

* ``demo``: a seeded game between random players, printed hand by hand with
  each hand's score breakdown and the final result.
* ``rules``: the presets, or every rule in force for one preset.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from .errors import InvalidRulesetError
from .moves import Move, MoveKind
from .rules import Ruleset
from .state import GameState, Phase, new_game

__all__ = ["main"]


def _rules_from_args(args: argparse.Namespace) -> Ruleset:
    return Ruleset.from_name(args.preset, players=args.players)


def _play_line(before: GameState, move: Move, after: GameState) -> str:
    seat = before.current_player
    if move.kind is not MoveKind.PLAY:
        return f"  seat {seat} decides: {move.kind.value} the first card {move.card}"
    text = f"  seat {seat} plays {move.card}"
    if move.is_capture and seat is not None:
        text += f", takes {move.captured}"
        side = before.side_of(seat)
        if after.hand_number == before.hand_number and not after.is_over:
            sweeps_now = after.sweeps[side]
        else:
            last = after.last_hand
            sweeps_now = last.score.sides[side].sweeps if last else 0
        if sweeps_now > before.sweeps[side]:
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
    result = state.last_hand
    if result is None:  # pragma: no cover - called only after a hand ends
        return
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
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
    rules = commands.add_parser("rules", help="list the presets, or describe one")
    rules.add_argument("preset", nargs="?", default=None, help="a preset name or alias")
    rules.add_argument("--players", type=int, default=None, help="number of players")
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    stream = sys.stdout if out is None else out
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "demo":
            run_demo(_rules_from_args(args), args.seed, stream)
        else:
            _list_rules(args, stream)
    except InvalidRulesetError as error:
        parser.exit(2, f"scopa-rules: error: {error}\n")
    except BrokenPipeError:
        # The reader (say, ``| head``) went away: stop quietly, as Unix tools do.
        sys.stderr.close()
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
