"""Pickles made by an earlier version still load, as the values they were.

``tests/golden/pickles-0.1.0.pickle`` was written by the library as it was
before a game's finished hands moved into one module (their pickles then
carried the hands as packed bytes, and named ``scopa_rules._hands``).  It
holds the states of :func:`games` and a hand's result; each must load equal
to the same value made today.  The file is never written again: it stands
for what users have pickled.  (It was made by running this module as a
script with that version on the path.)
"""

from __future__ import annotations

import pickle
import random

import pytest

import scopa_rules as sr
from helpers import ROOT, position

GOLDEN = ROOT / "tests" / "golden" / "pickles-0.1.0.pickle"


def _played(rules: sr.Ruleset, hands: int, seed: int, moves: int = 3) -> sr.GameState:
    """A random game of ``rules`` after ``hands`` finished hands and
    ``moves`` moves of the next (or over)."""
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    while len(state.hand_results) < hands and not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def _from_position() -> sr.GameState:
    state = position(sr.Ruleset.scopa(), ["5D", "6S"], rest_to=0)
    return state.apply(sr.Move.parse("5D")).apply(sr.Move.parse("6S"))


def games() -> dict[str, sr.GameState]:
    return {
        "scopa": _played(sr.Ruleset.scopa(target_score=100), 3, seed=3),
        "redeals": _played(sr.Ruleset.scopa(redeal_kings=1, target_score=100), 4, 0),
        "chkobba-4": _played(sr.Ruleset.chkobba(players=4, target_score=40), 3, 2),
        "cirulla": _played(sr.Ruleset.cirulla(target_score=80), 3, seed=4),
        "escoba-3": _played(sr.Ruleset.escoba(players=3), 2, seed=5),
        "over": _played(sr.Ruleset.scopa(), 100, seed=6),
        "position": _from_position(),
    }


def sampled(state: sr.GameState) -> sr.GameState:
    return state.view(1).sample(random.Random(2))


def _golden() -> dict[str, object]:
    made: dict[str, object] = dict(games())
    made["sample"] = sampled(games()["chkobba-4"])
    made["result"] = games()["chkobba-4"].hand_results[0]
    return made


@pytest.fixture(scope="module")
def old() -> dict[str, object]:
    loaded: dict[str, object] = pickle.loads(GOLDEN.read_bytes())
    return loaded


def test_the_golden_games_have_every_kind_of_finished_hand() -> None:
    made = games()
    assert made["over"].is_over
    assert any(result.redealt for result in made["redeals"].hand_results)
    assert any(
        turn.move.kind is sr.MoveKind.KEEP_FIRST_CARD
        for result in made["chkobba-4"].hand_results
        for turn in result.turns
    )
    assert any(result.declarations for result in made["cirulla"].hand_results)
    assert made["position"].hand_results[0].deck is None


@pytest.mark.parametrize("name", list(games()))
def test_an_old_pickle_of_a_state_loads_as_the_state(
    name: str, old: dict[str, object]
) -> None:
    state = games()[name]
    loaded = old[name]
    assert isinstance(loaded, sr.GameState)
    assert loaded.hand_results == state.hand_results
    assert loaded == state
    assert hash(loaded) == hash(state)
    assert loaded.view(0) == state.view(0)
    assert pickle.loads(pickle.dumps(loaded)) == state
    if state.legal_moves():
        move = state.legal_moves()[0]
        assert loaded.apply(move) == state.apply(move)


def test_an_old_pickle_of_a_sample_and_of_a_result_load(old: dict[str, object]) -> None:
    state = games()["chkobba-4"]
    sample = old["sample"]
    assert isinstance(sample, sr.GameState)
    assert sample.hand_results == state.view(1).hand_results
    assert sample.view(1).hand_results == state.view(1).hand_results
    assert pickle.loads(pickle.dumps(sample)) == sample
    assert old["result"] == state.hand_results[0]
    assert isinstance(old["result"], sr.HandResult)


if __name__ == "__main__":
    GOLDEN.write_bytes(pickle.dumps(_golden()))
