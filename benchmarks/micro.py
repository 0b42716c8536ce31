"""Microseconds per call of the operations search bots live in.

Measures, on fixed seeded positions: ``legal_moves()`` on a crowded position
(10 or more table cards, a full hand), ``apply()`` (checked, and with
``check=False``), ``view()``, ``view().sample()``, ``copy.deepcopy`` of a
state, a pickle round trip, and scoring a hand.  Each figure is the best of
several repeats, in CPU time.

Then ``view()``, which must not grow with the game, and a pickle round trip,
which carries every finished hand, at the first hand and after 20 finished
hands, with their ratio (median and range over 7 rounds), and the first read
of ``hand_results`` after unpickling a state of 20 hands (the results built
again).

A state keeps its legal moves once worked out, so ``legal_moves()`` is timed
on fresh copies of the position (each works them out once), and ``apply()``
both with a move from ``legal_moves()`` (recognised by identity) and with an
equal move the caller built (checked from the rules).

Run:  python benchmarks/micro.py
"""

from __future__ import annotations

import copy
import pickle
import random
import statistics
import time
from collections.abc import Callable

import scopa_rules as sr


def per_call(function: Callable[[], object], repeats: int = 7) -> float:
    """Best time per call in µs, over ``repeats`` timed loops."""
    number = 1
    while True:  # grow the loop until one run takes about 0.05 s
        start = time.process_time()
        for _ in range(number):
            function()
        if time.process_time() - start > 0.05:
            break
        number *= 2
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for _ in range(number):
            function()
        best = min(best, (time.process_time() - start) / number)
    return best * 1e6


def per_fresh_call(state: sr.GameState, repeats: int = 5) -> float:
    """Best time in µs of ``legal_moves()`` on a copy of ``state`` that has
    not worked its legal moves out yet."""
    best = float("inf")
    for _ in range(repeats):
        copies = [pickle.loads(pickle.dumps(state)) for _ in range(5000)]
        start = time.process_time()
        for copy_ in copies:
            copy_.legal_moves()
        best = min(best, (time.process_time() - start) / len(copies))
    return best * 1e6


def per_new_table(rules: sr.Ruleset, count: int = 2000) -> tuple[float, float]:
    """Mean µs of ``legal_moves()`` on random positions with 12 table cards
    never seen before in this process, and the mean number of moves."""
    rng = random.Random(len(rules.describe()))
    cards = sorted(sr.ALL_CARDS)
    states = []
    for _ in range(count):
        drawn = rng.sample(cards, 18)
        hands = [sr.CardSet(drawn[12:15]), sr.CardSet(drawn[15:])]
        table = sr.CardSet(drawn[:12])
        rest = sr.ALL_CARDS - table - hands[0] - hands[1]
        states.append(
            sr.GameState.from_position(
                rules, hands=hands, table=table, piles=[rest, ""], last_capturer=0
            )
        )
    start = time.process_time()
    moves = sum(len(state.legal_moves()) for state in states)
    return (time.process_time() - start) / count * 1e6, moves / count


def crowded_position(rules: sr.Ruleset) -> sr.GameState:
    """A 2-player position with 12 cards on the table and 3 in hand."""
    table = sr.CardSet("AD 2D 3H 4S 5C AH 2S 3C 4D 6H JS QC")
    hands = ["5D 7S KH", "6D 7D KD"]
    held = sr.CardSet(" ".join(hands))
    rest = sr.ALL_CARDS - table - held
    return sr.GameState.from_position(
        rules, hands=hands, table=table, piles=[rest, ""], last_capturer=0
    )


def state_after(hands: int, seed: int = 5) -> sr.GameState:
    """The first state of hand ``hands`` of a random game that never ends."""
    rng = random.Random(seed)
    state = sr.new_game(sr.Ruleset.scopa(target_score=1_000_000), seed=seed)
    while state.hand_number < hands:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def spread(samples: list[float]) -> str:
    """Median and range of ``samples``."""
    return (
        f"{statistics.median(samples):8.2f} µs "
        f"({min(samples):.2f} to {max(samples):.2f})"
    )


def growth(rounds: int = 7) -> None:
    """Per-call costs at the first hand and after 20 hands, and their ratio."""
    early, late = state_after(0), state_after(20)

    def view(state: sr.GameState) -> object:
        return state.view(0)

    def round_trip(state: sr.GameState) -> object:
        return pickle.loads(pickle.dumps(state))

    for name, cost in (("view(seat)", view), ("pickle round trip", round_trip)):
        first = [
            per_call(lambda: cost(early), repeats=1)  # noqa: B023 -- used at once
            for _ in range(rounds)
        ]
        after = [
            per_call(lambda: cost(late), repeats=1)  # noqa: B023 -- used at once
            for _ in range(rounds)
        ]
        ratios = [b / a for a, b in zip(first, after, strict=True)]
        print(f"{name + ', first hand':<55} {spread(first)}")
        print(f"{name + ', after 20 hands':<55} {spread(after)}")
        print(
            f"{'  ratio':<55} {statistics.median(ratios):8.2f}    "
            f"({min(ratios):.2f} to {max(ratios):.2f})"
        )
    print(
        f"pickle size: {len(pickle.dumps(early))} bytes at the first hand, "
        f"{len(pickle.dumps(late))} after 20 hands"
    )
    built = []
    for seed in range(rounds):
        again = pickle.loads(pickle.dumps(state_after(20, seed=seed)))
        start = time.process_time()
        again.hand_results  # noqa: B018 -- the first read builds the results
        built.append((time.process_time() - start) * 1e6)
    print(f"{'first hand_results after unpickling 20 hands':<55} {spread(built)}")


def main() -> None:
    crowded = crowded_position(sr.Ruleset.scopa())
    fifteen = crowded_position(sr.Ruleset.escoba())
    start = sr.new_game(sr.Ruleset.scopa(), seed=7)
    move = start.legal_moves()[0]
    rng = random.Random(1)
    view = start.view(0)
    piles = [sr.CardSet("7D 6D AD KD AH 2H 3H 4H 5H 6H JH QH KH AS 2S 3S")]
    piles.append(sr.ALL_CARDS - piles[0])
    rules = start.rules
    built = sr.Move.parse(str(move))  # equal to `move`, not the same object
    fresh = [
        (
            f"legal_moves(), Scopa, {len(crowded.table)} table cards "
            f"({len(crowded.legal_moves())} moves)",
            crowded,
        ),
        (
            f"legal_moves(), Escoba, {len(fifteen.table)} table cards "
            f"({len(fifteen.legal_moves())} moves)",
            fifteen,
        ),
        ("legal_moves(), first position of 2-player Scopa", start),
    ]
    for name, state in fresh:
        print(f"{name:<55} {per_fresh_call(state):8.2f} µs")
    for name, rules in (("Scopa", sr.Ruleset.scopa()), ("Escoba", sr.Ruleset.escoba())):
        micros, moves = per_new_table(rules)
        label = f"legal_moves(), {name}, 12 new table cards ({moves:.0f} moves)"
        print(f"{label:<55} {micros:8.2f} µs")
    figures = [
        ("legal_moves() again (kept by the state)", crowded.legal_moves),
        ("apply(move from legal_moves())", lambda: start.apply(move)),
        ("apply(equal move built by the caller)", lambda: start.apply(built)),
        ("apply(move, check=False)", lambda: start.apply(move, check=False)),
        ("view(seat)", lambda: start.view(0)),
        ("view(seat).sample(rng)", lambda: view.sample(rng)),
        ("copy.deepcopy(state)", lambda: copy.deepcopy(start)),
        ("pickle round trip", lambda: pickle.loads(pickle.dumps(start))),
        ("score_hand", lambda: sr.score_hand(rules, piles, [1, 0])),
    ]
    for name, function in figures:
        print(f"{name:<55} {per_call(function):8.2f} µs")
    print()
    growth()


if __name__ == "__main__":
    main()
