"""Pickles that name the modules of the flat layout still load.

``tests/golden/pickles-flat-layout.pickle`` was written by the library while
every module sat at the top of the package (``scopa_rules.state``,
``scopa_rules.cards``, ``scopa_rules.rules``, ...), before issue #28 moved the
private modules into private packages.  A pickle names the module of each
class it holds, so this file stands for what users pickled with that layout:
each value must load equal to the same value made today.  The file is never
written again.  (It was made by running this module as a script on that
layout.)
"""

from __future__ import annotations

import pickle
import random

import pytest

import scopa_rules as sr
from helpers import ROOT

GOLDEN = ROOT / "tests" / "golden" / "pickles-flat-layout.pickle"


def _mid_hand(rules: sr.Ruleset, seed: int, moves: int) -> sr.GameState:
    rng = random.Random(seed)
    state = sr.new_game(rules, seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def values() -> dict[str, object]:
    """The values the golden file holds, made afresh."""
    state = _mid_hand(sr.Ruleset.scopa(target_score=100), seed=7, moves=40)
    cirulla = _mid_hand(sr.Ruleset.cirulla(target_score=80), seed=8, moves=5)
    return {
        "state": state,
        "cirulla": cirulla,
        "ruleset": sr.Ruleset.chkobba(players=4, target_score=40),
        "card": sr.Card.parse("7D"),
        "cardset": sr.CardSet(sr.Card.parse(name) for name in ("7D", "KS", "AC")),
        "move": state.legal_moves()[0],
        "result": state.hand_results[0],
        "view": state.view(1),
    }


@pytest.fixture(scope="module")
def old() -> dict[str, object]:
    loaded: dict[str, object] = pickle.loads(GOLDEN.read_bytes())
    return loaded


def test_the_golden_state_is_mid_hand_after_a_finished_hand() -> None:
    state = values()["state"]
    assert isinstance(state, sr.GameState)
    assert state.hand_results
    assert not state.is_over


@pytest.mark.parametrize("name", list(values()))
def test_a_flat_layout_pickle_loads_as_the_value(
    name: str, old: dict[str, object]
) -> None:
    value = values()[name]
    loaded = old[name]
    assert type(loaded) is type(value)
    assert loaded == value
    assert pickle.loads(pickle.dumps(loaded)) == value


if __name__ == "__main__":
    GOLDEN.write_bytes(pickle.dumps(values()))
