"""Samples of views at tables of four and six, where the seats that trailed
are barred from cards: every sample is a deal the view allows."""

from __future__ import annotations

import random

import scopa_rules as sr

RULESETS = (
    sr.Ruleset.scopa(players=6),
    sr.Ruleset.scopone(),
    sr.Ruleset.scopa(players=4, capture_compulsion="whole_hand"),
    sr.Ruleset.scopa(players=6, capture_compulsion="whole_hand"),
)


def test_samples_of_crowded_tables_keep_what_each_seat_knows() -> None:
    for rules in RULESETS:
        for seed in range(30):
            state = sr.new_game(rules, seed=seed)
            rng = random.Random(seed)
            while state.hand_number == 0 and not state.is_over:
                seat = state.current_player
                assert seat is not None
                view = state.view(seat)
                for _ in range(3):
                    sample = view.sample(rng)
                    assert sample.hands[seat] == view.hand
                    assert sample.table == view.table
                    assert [len(h) for h in sample.hands] == list(view.hand_sizes)
                state = state.apply(rng.choice(state.legal_moves()))
