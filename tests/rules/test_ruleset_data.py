"""Rulesets as data: presets, names, dicts, JSON and descriptions."""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import scopa_rules as sr
from scopa_rules.rules import OPTIONS

ALL_PRESETS = [
    (preset.name, players)
    for preset in sr.Ruleset.presets()
    for players in preset.players
]


def test_presets_are_listed_in_rules_md_order() -> None:
    names = [preset.name for preset in sr.Ruleset.presets()]
    assert names == [
        "scopa",
        "scopone",
        "scopone-scientifico",
        "chkobba",
        "escoba",
        "scopa-a-quindici",
        "cirulla",
    ]
    players = {preset.name: preset.players for preset in sr.Ruleset.presets()}
    assert players["scopa"] == (2, 3, 4, 6)
    assert players["chkobba"] == (2, 4)
    assert players["escoba"] == (2, 3, 4)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("scopa", sr.Ruleset.scopa()),
        ("SCOPA", sr.Ruleset.scopa()),
        ("scopone", sr.Ruleset.scopone()),
        ("scopone-scientifico", sr.Ruleset.scopone_scientifico()),
        ("Scopone Scientifico", sr.Ruleset.scopone_scientifico()),
        ("scopone_scientifico", sr.Ruleset.scopone_scientifico()),
        ("scientifico", sr.Ruleset.scopone_scientifico()),
        ("chkobba", sr.Ruleset.chkobba()),
        ("Chkoba", sr.Ruleset.chkobba()),
        ("escoba", sr.Ruleset.escoba()),
        ("escoba del 15", sr.Ruleset.escoba()),
        ("scopa-a-quindici", sr.Ruleset.scopa_a_quindici()),
        ("Scopa a 15", sr.Ruleset.scopa_a_quindici()),
        ("scopa15", sr.Ruleset.scopa_a_quindici()),
    ],
)
def test_from_name_knows_names_and_aliases(name: str, expected: sr.Ruleset) -> None:
    assert sr.Ruleset.from_name(name) == expected


def test_from_name_passes_players_and_options() -> None:
    rules = sr.Ruleset.from_name("chkobba", players=4, target_score=31)
    assert rules == sr.Ruleset.chkobba(players=4, target_score=31)
    assert rules.partnerships


@pytest.mark.parametrize(
    ("factory", "players"),
    [
        ("scopa", 5),
        ("chkobba", 3),
        ("escoba", 6),
        ("scopa_a_quindici", 5),
        ("cirulla", 5),
        ("scopone", 2),
        ("scopone_scientifico", 6),
    ],
)
def test_a_preset_constructor_names_itself_refusing_a_player_count(
    factory: str, players: int
) -> None:
    with pytest.raises(
        sr.InvalidRulesetError, match=f"^{factory} is played by .*, not {players};"
    ):
        getattr(sr.Ruleset, factory)(players=players)


def test_from_name_rejects_unknown_names_and_bad_player_counts() -> None:
    with pytest.raises(
        sr.InvalidRulesetError, match="unknown preset 'briscola'; presets are scopa"
    ):
        sr.Ruleset.from_name("briscola")
    with pytest.raises(
        sr.InvalidRulesetError, match="escoba is played by 2, 3 or 4 players, not 6"
    ):
        sr.Ruleset.from_name("escoba", players=6)
    with pytest.raises(
        sr.InvalidRulesetError, match="scopone is played by 4 players, not 2"
    ):
        sr.Ruleset.from_name("scopone", players=2)
    with pytest.raises(sr.InvalidRulesetError, match="must be a string"):
        sr.Ruleset.from_name(7)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "players"), ALL_PRESETS)
def test_preset_name_recognises_every_preset(name: str, players: int) -> None:
    rules = sr.Ruleset.from_name(name, players=players)
    assert rules.preset_name() == name
    assert rules.replace(target_score=rules.target_score + 10).preset_name() is None


@pytest.mark.parametrize(("name", "players"), ALL_PRESETS)
def test_to_dict_is_json_safe_and_round_trips(name: str, players: int) -> None:
    rules = sr.Ruleset.from_name(name, players=players)
    data = rules.to_dict()
    assert list(data) == [row.name for row in OPTIONS]
    text = json.dumps(data, sort_keys=True)
    assert sr.Ruleset.from_dict(json.loads(text)) == rules
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert eval(repr(rules), {"Ruleset": sr.Ruleset}) == rules


def test_from_dict_fills_missing_options_with_defaults() -> None:
    assert sr.Ruleset.from_dict({}) == sr.Ruleset()
    assert sr.Ruleset.from_dict({"players": 4}) == sr.Ruleset.scopa(players=4)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"napolla": True}, "unknown option 'napolla'; did you mean napola?"),
        ({"capture_rule": "greedy"}, "'greedy' is not a CaptureRule: choose one of"),
        ({"players": "4"}, "players must be a whole number"),
        ({"napola": 1}, "napola must be True or False"),
        ({"players": 5}, "cannot be dealt"),
        ({1: True}, "option names are strings"),
    ],
)
def test_from_dict_rejects_bad_data(data: dict[Any, Any], message: str) -> None:
    with pytest.raises(sr.InvalidRulesetError, match=message):
        sr.Ruleset.from_dict(data)


def test_from_dict_rejects_non_mappings() -> None:
    with pytest.raises(
        sr.InvalidRulesetError, match="mapping of option names, not list"
    ):
        sr.Ruleset.from_dict([("players", 2)])  # type: ignore[arg-type]


def test_describe_names_the_preset_and_every_rule_in_force() -> None:
    text = sr.Ruleset.scopa(players=4).describe()
    assert text.splitlines()[0] == "Scopa (preset scopa)"
    assert "seats 0 and 2 against seats 1 and 3" in text
    assert "then 2 more deals of 3 cards each" in text
    assert "With 3 or more kings on the initial table" in text
    assert "a single card of equal value must be taken before any sum" in text
    assert "except with the very last card of a hand" in text
    assert "11 or more points" in text


def test_describe_shows_variations_and_options_that_are_on() -> None:
    rules = sr.Ruleset.scopa(
        napola=True,
        re_bello=True,
        cappotto=True,
        ace_takes_all=True,
        ace_sweep_is_scopa=False,
    )
    text = rules.describe()
    assert text.splitlines()[0].startswith("Scopa (preset scopa), varied: ")
    assert "ace_takes_all=True" in text.splitlines()[0]
    assert "re bello (KD) 1" in text
    assert "napola" in text
    assert "cappotto" in text
    assert "taking all is no sweep" in text
    plain = sr.Ruleset.scopa().describe()
    for word in ("re bello", "napola", "cappotto", "ace takes all"):
        assert word not in plain


def test_describe_follows_the_capture_and_primiera_options() -> None:
    escoba = dict(sr.Ruleset.escoba().rules_in_force())
    assert "add up to 15" in escoba["capture"]
    assert escoba["compulsion"] == "Any card may be played without capturing."
    assert "redeal" not in escoba
    assert "dealer's side with one sweep" in escoba["initial table"]
    assert escoba["primiera"].startswith("Most sevens")
    chkobba = dict(sr.Ruleset.chkobba().rules_in_force())
    assert "Q=8, J=9, K=10" in chkobba["capture values"]
    assert "keeps it" in chkobba["first card"]
    fewest = dict(sr.Ruleset.scopa(capture_rule="fewest_cards").rules_in_force())
    assert "fewest cards" in fewest["capture"]
    assert dict(sr.Ruleset(players=5, table_size=10).rules_in_force())["players"] == (
        "5 players, each for themselves."
    )
    assert sr.Ruleset(players=5, table_size=10).describe().startswith("House rules")


def test_every_topic_appears_once() -> None:
    rules = sr.Ruleset.chkobba(ace_takes_all=True, napola=True)
    topics = [topic for topic, _ in rules.rules_in_force()]
    assert len(topics) == len(set(topics))


option_values = st.fixed_dictionaries(
    {
        "capture_rule": st.sampled_from(["single_first", "fewest_cards", "free"]),
        "capture_compulsion": st.sampled_from(["played_card", "whole_hand", "none"]),
        "capture_mode": st.sampled_from(["match", "fifteen", "match_or_fifteen"]),
        "primiera_rule": st.sampled_from(
            ["all_suits", "more_suits", "partial_sum", "most_sevens"]
        ),
        "capture_values": st.sampled_from(["italian", "chkobba"]),
        "ace_takes_all": st.booleans(),
        "napola": st.booleans(),
        "re_bello": st.booleans(),
        "cappotto": st.booleans(),
        "redeal_kings": st.sampled_from([None, 1, 2, 3, 4]),
        "target_score": st.integers(1, 61),
    }
)


@given(option_values)
def test_any_valid_ruleset_round_trips_through_json(options: dict[str, Any]) -> None:
    rules = sr.Ruleset(**options)
    again = sr.Ruleset.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert again == rules
    assert hash(again) == hash(rules)
    assert rules.describe()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"players": 2, "hand_size": 7},
            "2 players with 7 cards each and 4 on the table cannot be dealt: 36 "
            "cards are left for the hands, not a whole number of rounds of 14; "
            "for 2 players with 7 cards, table_size could be 12 or 26; with 4 on "
            "the table, hand_size could be 1, 2, 3, 6, 9 or 18",
        ),
        (
            {"redeal_kings": 7},
            "redeal_kings must be 1 to 4 kings, or None for no redeal, not 7",
        ),
        (
            {"redeal_aces": 0},
            "redeal_aces must be 1 to 4 aces, or None for no redeal, not 0",
        ),
    ],
)
def test_a_ruleset_that_cannot_be_played_says_what_would_do(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(sr.InvalidRulesetError) as raised:
        sr.Ruleset(**options)
    assert str(raised.value) == message


def test_scopone_is_played_by_four() -> None:
    # A 2-player "scopone" is a house game: vary the preset to play it.
    with pytest.raises(
        sr.InvalidRulesetError,
        match=r"^scopone is played by 4 players, not 2; for other counts vary a "
        r"preset with \.replace\(players=\.\.\.\)$",
    ):
        sr.Ruleset.scopone(players=2)
    assert sr.Ruleset.scopone(players=4) == sr.Ruleset.scopone()
    two = sr.Ruleset.scopone().replace(players=2, hand_size=9, table_size=4)
    assert two.players == 2
    assert two.preset_name() is None
