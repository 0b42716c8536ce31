"""Play any preset against bots in the terminal.

A complete text user interface in one screen of code, built on the public
API only:

* what you see is your seat's view, ``state.view(seat).render()``, so the
  other hands stay hidden;
* your choices are ``state.legal_moves()``, numbered; you can also type a
  move (``7Dx4S3C``, ``7D``, ``trail 7D``, ``keep``), which
  ``state.parse_move`` reads;
* a wrong input is answered with the library's own message
  (every error is a ``ScopaError``), and you are asked again;
* what each move did comes from its events (``state.play(move)``), as your
  seat saw them (``sr.events.seen_by``), told in words by
  ``sr.events.narrate``: captures, sweeps, the end of the hand and its
  score breakdown.

Run it:  python examples/play_terminal.py [--preset chkobba] [--players 4] [--bots greedy,ismcts]
The command ``scopa-rules play`` is a fuller version of this program.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import TextIO

import scopa_rules as sr

BOTS: dict[str, sr.Bot] = {
    "random": sr.RandomBot(),
    "greedy": sr.GreedyBot(),
    "ismcts": sr.IsmctsBot(iterations=200),
}


def not_held(state: sr.GameState, text: str) -> bool:
    """Whether ``text`` plays a card the seat to move does not hold.  (The
    library's message for that move would say where the card is.)"""
    try:
        card = sr.Move.parse(text).card
    except sr.NotationError:
        return False  # parse_move explains it, or reads "keep" and "table"
    seat = state.current_player
    return (
        state.phase is sr.Phase.PLAY
        and seat is not None
        and card not in state.hands[seat]
    )


def ask_move(state: sr.GameState, stdin: TextIO, out: TextIO) -> sr.Move | None:
    """Show the human what their seat sees and read a legal move; ``None``
    when the input ends or they type ``q``."""
    seat = state.current_player
    assert seat is not None
    moves = state.legal_moves()
    print("\n" + state.view(seat).render(), file=out)
    for number, move in enumerate(moves, 1):
        print(f"  {number}. {move}", file=out)
    while True:
        print(f"your move (1-{len(moves)} or a move, q quits)? ", end="", file=out)
        line = stdin.readline()
        print(line.strip(), file=out)  # echo: piped input stays readable
        text = line.strip()
        if not line or text.lower() == "q":
            return None
        if text.isdigit() and 1 <= int(text) <= len(moves):
            return moves[int(text) - 1]
        if text.isdigit():
            print(f"  there is no move {text}: choose 1 to {len(moves)}", file=out)
            continue
        if not_held(state, text):
            print(
                f"  you do not hold that card; your hand is {state.hands[seat]}",
                file=out,
            )
            continue
        try:
            return state.parse_move(text)  # the move, if legal here
        except sr.ScopaError as error:  # says what is wrong and what is legal
            print(f"  {error}", file=out)


def tell(
    happened: Sequence[sr.events.Event],
    names: dict[int, str],
    sides: dict[int, str],
    out: TextIO,
) -> None:
    """What a move did, in words, and a hand's score breakdown after the line
    that scores it."""
    told: list[sr.events.Event] = []
    for event in happened:
        told.append(event)
        if isinstance(event, sr.events.HandScored):
            print("\n".join(sr.events.narrate(told, names, sides)), file=out)
            print(f"{event.score}\n", file=out)
            told.clear()
    for line in sr.events.narrate(told, names, sides):
        print(line, file=out)


def play(
    rules: sr.Ruleset,
    bots: Sequence[str],
    seed: int,
    stdin: TextIO,
    out: TextIO,
) -> sr.GameState | None:
    """The human plays seat 0; ``bots`` (names, repeated as needed) play
    the other seats.  Returns the final state, or ``None`` if they quit."""
    seats = {seat: bots[(seat - 1) % len(bots)] for seat in range(1, rules.players)}
    names = {0: "you"} | {seat: f"seat {seat} ({bot})" for seat, bot in seats.items()}
    # A side of one seat is called as its seat; partners are a side.
    sides = {
        side: names[seats_of[0]] if len(seats_of) == 1 else f"side {side}"
        for side in range(rules.sides)
        if (seats_of := rules.seats_of(side))
    }
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    print(f"{rules.describe().splitlines()[0]}; you are seat 0", file=out)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None  # a game dealt from a seed never waits for decks
        if seat == 0:
            move = ask_move(state, stdin, out)
            if move is None:
                return None
        else:
            move = BOTS[seats[seat]].choose(state.view(seat), rng)
        state, happened = state.play(move)
        tell(sr.events.seen_by(happened, 0), names, sides, out)
    result = "you win" if state.winner == rules.side_of(0) else "you lose"
    print(f"\ngame over: side {state.winner} wins, {result}", file=out)
    return state


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    out: TextIO | None = None,
) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="scopa")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bots", default="greedy", help="e.g. greedy,ismcts")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    unknown = [name for name in bots if name not in BOTS]
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r}; bots are {', '.join(BOTS)}")
    try:
        rules = sr.Ruleset.from_name(args.preset, players=args.players)
    except sr.InvalidRulesetError as error:
        parser.error(str(error))
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    play(rules, bots, seed, stdin or sys.stdin, out or sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
