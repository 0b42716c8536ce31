"""The fixed costs of a game and a hand made cheaper (issue #11): the same
rulesets, decks and states as before, and the same errors.

* A ruleset is checked every time it is made: a value equal to a valid one
  but of another type (``3.0``, ``1`` for ``True``) is refused, and an
  unhashable one is named by the checks.
* The compiled build stores a new state's two slots as C fields; the pure
  build calls the slots' setters.  Run here in Python (the class's
  ``__setattr__`` lifted for the test), the compiled build's stores make the
  very same states.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import scopa_rules as sr
from scopa_rules import state as state_module


def test_a_ruleset_made_again_is_equal_and_hashes_the_same() -> None:
    first = sr.Ruleset.escoba(players=3)
    again = sr.Ruleset.escoba(players=3)
    assert again == first
    assert hash(again) == hash(first)
    assert again.describe() == first.describe()


@pytest.mark.parametrize(
    ("valid", "invalid", "message"),
    [
        ({"hand_size": 3}, {"hand_size": 3.0}, "hand_size must be a whole number"),
        ({"cappotto": True}, {"cappotto": 1}, "cappotto must be True or False"),
        ({"re_bello": False}, {"re_bello": 0}, "re_bello must be True or False"),
        ({"redeal_kings": 3}, {"redeal_kings": 3.0}, "redeal_kings must be 1 to 4"),
    ],
)
def test_a_value_equal_to_a_valid_one_but_of_another_type_is_still_refused(
    valid: dict[str, Any], invalid: dict[str, Any], message: str
) -> None:
    sr.Ruleset(**valid)
    with pytest.raises(sr.InvalidRulesetError, match=message):
        sr.Ruleset(**invalid)


def test_an_unhashable_option_is_named_by_the_checks() -> None:
    unhashable: Any = [2]
    with pytest.raises(sr.InvalidRulesetError, match="players must be a whole number"):
        sr.Ruleset(players=unhashable)
    with pytest.raises(sr.InvalidRulesetError, match="napola must be True or False"):
        sr.Ruleset(napola=unhashable)


def test_an_impossible_ruleset_raises_every_time() -> None:
    for _ in range(2):
        with pytest.raises(sr.InvalidRulesetError, match="cannot be dealt"):
            sr.Ruleset(players=5)


def _games() -> list[tuple[object, ...]]:
    """Every state of a few seeded random games (a first-card choice, a game
    from given decks waiting for the next, a pickle round trip), as values."""
    seen: list[tuple[object, ...]] = []
    for rules in (sr.Ruleset.scopa(), sr.Ruleset.chkobba(), sr.Ruleset.cirulla()):
        for seed in range(3):
            rng = random.Random(seed)
            state = sr.new_game(rules, seed=seed)
            while not state.is_over and state.hand_number < 3:
                moves = state.legal_moves()
                seen.append((state.position_key(), moves, state.current_player))
                state = state.apply(rng.choice(moves))
            seen.append((state.position_key(), state.to_dict()))
    state = sr.new_game(deck=sr.Deck.shuffled(4))
    while state.phase is sr.Phase.PLAY:
        state = state.apply(state.legal_moves()[-1])
    state = state.deal(sr.Deck.shuffled(5))
    seen.append((state.position_key(), state.legal_moves()))
    again = pickle.loads(pickle.dumps(state))
    seen.append((again.position_key(), again.legal_moves(), again == state))
    return seen


def test_the_compiled_builds_slot_stores_make_the_same_states(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    expected = _games()
    if "state" in sr.kernel_info().pure:
        # The pure class refuses every attribute store; the compiled build's
        # are C stores that never reach __setattr__.
        monkeypatch.setattr(state_module, "_COMPILED", True)
        monkeypatch.delattr(state_module.GameState, "__setattr__")
    assert _games() == expected
