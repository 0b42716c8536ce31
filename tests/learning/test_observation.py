"""The observation vector is the table of :mod:`scopa_rules.observation`.

The vector is worked out here again from the view, block by block as the
module's table says, in the simplest way (one card at a time), and held to
:func:`scopa_rules.observe` and :meth:`ActionState.observe` on reachable
states of the presets and of random rulesets, open captures included.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scopa_rules as sr
from scopa_rules import strategies as sst

states = sst.game_states(sst.presets() | sst.rulesets(max_table_size=8), max_moves=60)


def cards(held: sr.CardSet | sr.Card | None) -> list[float]:
    """A card block: 1 for each card in the place, in card order."""
    if held is None:
        held = sr.CardSet()
    elif isinstance(held, sr.Card):
        held = sr.CardSet([held])
    return [float(sr.Card.from_index(index) in held) for index in range(40)]


def one_hot(place: int | None, size: int) -> list[float]:
    return [float(i == place) for i in range(size)]


def table_of(
    view: sr.PlayerView, played: sr.Card | None, taken: sr.CardSet
) -> dict[str, list[float]]:
    """Each block of the observation of ``view``, by the module's table."""
    rules = view.rules
    n, s = rules.players, rules.sides
    # Seats and sides counted from the viewer's.
    seats = [(view.seat + r) % n for r in range(n)]
    sides = [(rules.side_of(view.seat) + r) % s for r in range(s)]

    def seat(number: int | None) -> int | None:
        return None if number is None else seats.index(number)

    blocks = {
        "hand": cards(view.hand),
        "table": cards(view.table),
        "piles": [entry for side in sides for entry in cards(view.piles[side])],
        "unseen": cards(view.unseen),
    }
    if rules.declarations:
        blocks["known"] = [
            entry for other in seats[1:] for entry in cards(view.declared[other])
        ]
    phases = [sr.Phase.FIRST_CARD, sr.Phase.PLAY, sr.Phase.AWAITING_DEAL, sr.Phase.OVER]
    blocks |= {
        "first_card": cards(view.first_card),
        "played": cards(played),
        "taken": cards(taken),
        "to_move": one_hot(seat(view.current_player), n),
        "dealer": one_hot(seat(view.dealer), n),
        "last_capturer": one_hot(seat(view.last_capturer), n),
        "hand_sizes": [float(view.hand_sizes[other]) for other in seats],
        "stock": [float(view.stock_size)],
        "sweeps": [float(view.sweeps[side]) for side in sides],
        "scores": [float(view.scores[side]) for side in sides],
        "phase": one_hot(phases.index(view.phase), 4),
        "first_card_was": [
            float(view.first_card_kept is True),
            float(view.first_card_kept is False),
        ],
        "rules": [
            *one_hot(list(sr.CaptureMode).index(rules.capture_mode), 3),
            *one_hot(list(sr.CaptureRule).index(rules.capture_rule), 3),
            *one_hot(list(sr.CaptureCompulsion).index(rules.capture_compulsion), 3),
            float(rules.ace_takes_all),
            float(rules.first_card_choice),
            float(rules.capture_values is sr.CaptureValues.CHKOBBA),
            float(rules.hand_size),
            float(rules.target_score),
        ],
    }
    return blocks


@given(states, st.data())
def test_every_block_is_the_tables(state: sr.GameState, data: st.DataObject) -> None:
    point = sr.ActionState(state)
    # An open capture, one or two actions deep, is observed too.
    for _ in range(data.draw(st.integers(0, 2))):
        if point.is_terminal:
            break
        step = point.step(data.draw(st.sampled_from(point.legal_actions())))
        if isinstance(step, sr.Move):
            break
        point = step
    layout = sr.observation_layout(state.rules)
    for seat in range(state.rules.players):
        view = point.state.view(seat)
        blocks = table_of(view, point.played, point.taken)
        assert list(blocks) == list(layout)
        vector = sr.observe(view, played=point.played, taken=point.taken)
        assert type(vector) is tuple
        assert all(type(entry) is float for entry in vector)
        for name, (start, size) in layout.items():
            assert list(vector[start : start + size]) == blocks[name], name
        assert len(vector) == sr.observation_size(state.rules)
        assert point.observe(seat) == vector


@pytest.mark.parametrize("players", [3, 4])
def test_known_hands_follow_the_seats_from_the_viewers_next(players: int) -> None:
    # Seats 1 and 2 declare in the first deal of this game.
    state = sr.new_game(sr.Ruleset.cirulla(players=players), seed=6)
    assert {declaration.seat for declaration in state.declarations} == {1, 2}
    layout = sr.observation_layout(state.rules)
    start, size = layout["known"]
    assert size == 40 * (players - 1)
    for seat in range(players):
        view = state.view(seat)
        vector = sr.observe(view)
        blocks = table_of(view, None, sr.CardSet())
        assert list(vector[start : start + size]) == blocks["known"]
        assert sr.ActionState(state).observe(seat) == vector
    held = sr.observe(state.view(0))[start : start + size]
    assert [sum(held[40 * i : 40 * i + 40]) for i in range(players - 1)] == [
        3.0,
        3.0,
        *[0.0] * (players - 3),
    ]


def test_many_rulesets_in_turn_are_each_observed_as_their_own() -> None:
    # More rulesets than the observations keep worked out, each observed
    # twice, the others in between.
    states = [
        sr.new_game(sr.Ruleset.scopa(target_score=t), seed=t) for t in range(11, 91)
    ]
    for _ in range(2):
        for state in states:
            vector = sr.observe(state.view(0))
            assert vector[-1] == float(state.rules.target_score)
            assert sr.ActionState(state).observe(0) == vector
