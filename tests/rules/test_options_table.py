"""The options table is the one source of what the library knows of an
option: the fields of :class:`Ruleset`, their checks, the words of
``describe()``, the values ``strategies.rulesets()`` draws, the JSON Schema
shipped in ``schema.json``, the tournament's scoring categories and the
"Rules and options" page all follow it, and the preset rows follow the
options.

Run with ``SCOPA_UPDATE_GOLDEN=1`` to write the schema's ruleset part from
the table into ``schema.json`` after adding or changing an option.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import Phase, find, settings

import scopa_rules as sr
from helpers import ROOT
from scopa_rules import strategies as sst
from scopa_rules import svg
from scopa_rules.rules import OPTIONS, OptionRow, ruleset_schema
from scopa_rules.tournament import CATEGORIES

SCHEMA = ROOT / "src" / "scopa_rules" / "schema.json"
SOME = settings(database=None, max_examples=2_000, phases=[Phase.generate])


def row_ids(row: OptionRow) -> str:
    return row.name


def test_the_table_is_the_fields_of_ruleset_in_order() -> None:
    names = [row.name for row in OPTIONS]
    assert names == [field.name for field in attrs.fields(sr.Ruleset) if field.init]
    assert names == list(sr.Ruleset().options()) == list(sr.Ruleset().to_dict())
    defaults = sr.Ruleset()
    assert all(
        row.default_for(defaults) == getattr(defaults, row.name) for row in OPTIONS
    )


@pytest.mark.parametrize("row", OPTIONS, ids=row_ids)
def test_each_row_says_what_its_type_needs(row: OptionRow) -> None:
    if row.type is int or row.type == int | None:
        assert row.low <= row.high
    else:
        assert (row.low, row.high) == (0, 0)
    if row.needs or row.category is not None:
        assert row.type is bool
    if row.values:
        assert row.values[0] == row.default
    if row.says and not isinstance(row.says, str):
        # Words for a value are keyed by the value as to_dict() writes it.
        written = (
            {True, False} if row.type is bool else {choice.value for choice in row.type}
        )
        assert set(row.says) <= written


@pytest.mark.parametrize("row", [r for r in OPTIONS if r.type is int], ids=row_ids)
def test_a_whole_number_option_is_held_to_its_bounds(row: OptionRow) -> None:
    outside: list[dict[str, Any]] = [{row.name: row.low - 1}, {row.name: row.high + 1}]
    for options in outside:
        with pytest.raises(
            sr.InvalidRulesetError,
            match=f"^{row.name} must be {row.low} to {row.high:,}, not",
        ):
            sr.Ruleset(**options)
    fraction: dict[str, Any] = {row.name: float(row.default_for(sr.Ruleset()))}
    with pytest.raises(sr.InvalidRulesetError, match=f"^{row.name} must be a whole"):
        sr.Ruleset(**fraction)


@pytest.mark.parametrize("row", [r for r in OPTIONS if r.type is bool], ids=row_ids)
def test_a_flag_is_true_or_false(row: OptionRow) -> None:
    number: dict[str, Any] = {row.name: 1}
    with pytest.raises(sr.InvalidRulesetError, match=f"^{row.name} must be True or"):
        sr.Ruleset(**number)


def needed(row: OptionRow) -> list[tuple[OptionRow, int]]:
    return [(row, index) for index in range(len(row.needs))]


@pytest.mark.parametrize(
    ("row", "index"),
    [case for row in OPTIONS for case in needed(row)],
    ids=lambda case: case.name if isinstance(case, OptionRow) else str(case),
)
def test_a_flag_is_refused_without_what_it_needs(row: OptionRow, index: int) -> None:
    """Each need of a row is a check of the library and a limit of the
    strategies: a valid ruleset that lacks it may not turn the flag on."""
    holds, message = row.needs[index]
    before = row.needs[:index]
    lacking = find(
        sst.rulesets(max_table_size=12),
        lambda rules: not holds(rules) and all(ok(rules) for ok, _ in before),
        settings=settings(SOME, phases=[Phase.generate, Phase.shrink]),
    )
    with pytest.raises(sr.InvalidRulesetError) as refused:
        lacking.replace(**{row.name: True})
    assert str(refused.value) == message.format(rules=lacking)


def words_of(row: OptionRow) -> list[tuple[Any, str]]:
    if isinstance(row.says, str):
        return [(value, row.words(value)) for value in row.values if value is not None]
    return [(value, text) for value, text in row.says.items() if text]


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [(row.name, value, words) for row in OPTIONS for value, words in words_of(row)],
    ids=str,
)
def test_every_word_of_the_table_is_said_by_describe(
    name: str, value: Any, words: str
) -> None:
    """A row's words for a value appear in the rules text of a ruleset with
    that value (around the other options' words they name)."""
    pieces = [piece for piece in re.split(r"\{\w+\}", words) if piece.strip()]
    found = find(
        sst.rulesets(max_table_size=12, **{name: value}),
        lambda rules: all(piece in rules.describe() for piece in pieces),
        settings=SOME,
    )
    assert getattr(found, name) == value


def test_rulesets_draw_and_pin_every_option_of_the_table() -> None:
    for row in OPTIONS:
        if row.name != "players":
            pinned = sst.rulesets(**{row.name: row.default_for(sr.Ruleset())})
            assert find(pinned, lambda rules: True, settings=SOME).options()[
                row.name
            ] == row.default_for(sr.Ruleset())


@pytest.mark.parametrize(
    ("name", "value"),
    [(row.name, value) for row in OPTIONS for value in row.values],
    ids=str,
)
def test_the_strategies_draw_every_value_a_row_lists(name: str, value: Any) -> None:
    # (The flags and the enums, whose values their types give, are drawn
    # value by value in test_strategies.py.)
    found = find(
        sst.rulesets(max_table_size=12),
        lambda rules: bool(getattr(rules, name) == value),
        settings=SOME,
    )
    assert getattr(found, name) == value


def test_the_shipped_schema_describes_rulesets_from_the_table() -> None:
    text = SCHEMA.read_text(encoding="utf-8")
    schema = json.loads(text)
    generated = ruleset_schema()
    if os.environ.get("SCOPA_UPDATE_GOLDEN"):
        schema["$defs"]["rules"] = generated
        text = json.dumps(schema, indent=1) + "\n"
        SCHEMA.write_text(text, encoding="utf-8")
    assert schema["$defs"]["rules"] == generated
    assert text == json.dumps(schema, indent=1) + "\n"
    assert sr.events.json_schema() == schema


def test_the_schema_and_the_library_accept_the_same_values() -> None:
    schema = sr.events.json_schema()
    rules_schema = {"$defs": schema["$defs"], **schema["$defs"]["rules"]}
    validator = jsonschema.Draft202012Validator(rules_schema)
    for preset in sr.Ruleset.presets():
        for players in preset.players:
            validator.validate(preset.make(players).to_dict())
    for row in OPTIONS:
        data = sr.Ruleset().to_dict()
        bad = {bool: "yes", int: row.high + 1}.get(row.type, "nonsense")
        if row.type == int | None:
            bad = row.high + 1
        data[row.name] = bad
        assert not validator.is_valid(data), row.name
        with pytest.raises(sr.InvalidRulesetError):
            sr.Ruleset.from_dict(data)


def test_the_scoring_categories_of_options_are_the_tournaments() -> None:
    optional = {row.category for row in OPTIONS if row.category is not None}
    assert optional <= set(CATEGORIES)
    assert optional == set(CATEGORIES) - {
        "cards",
        "coins",
        "settebello",
        "primiera",
        "sweeps",
    }


def test_the_rules_page_shows_the_table_and_explains_every_option() -> None:
    page = (ROOT / "docs" / "rules.rst").read_text(encoding="utf-8")
    assert ".. scopa-options::" in page
    for row in OPTIONS:
        if isinstance(row.default, attrs.Factory):  # type: ignore[arg-type]
            assert f"``{row.name}`` (default" in page, row.name
            continue
        default = sr.Ruleset().to_dict()[row.name]
        shown = json.dumps(default) if isinstance(default, str) else repr(default)
        assert f"``{row.name}`` (default ``{shown}``" in page, row.name


@pytest.mark.parametrize("preset", sr.Ruleset.presets(), ids=lambda p: p.name)
def test_a_preset_is_its_row(preset: sr.Preset) -> None:
    changes = dict(preset.changes)
    defaults = sr.Ruleset().options()
    assert all(defaults[name] != value for name, value in changes.items())
    for players in preset.players:
        made = preset.make(players)
        assert made == sr.Ruleset(players=players, **changes)
        assert made == getattr(sr.Ruleset, preset.factory)(players=players)
        assert made.describe().startswith(f"{preset.title} (preset {preset.name})")
        assert made.preset_name() == preset.name
    assert sr.Ruleset.from_name(preset.title) == preset.make()


def test_the_titles_come_from_the_rows() -> None:
    titles = [preset.title for preset in sr.Ruleset.presets()]
    assert len(set(titles)) == len(titles)
    for preset in sr.Ruleset.presets():
        state = sr.new_game(preset.make(), seed=1)
        assert state.render().splitlines()[0].startswith(preset.title)
        assert f"{preset.title}, hand 1" in svg.state(state)
    house = sr.new_game(sr.Ruleset(target_score=5), seed=1)
    assert house.render().splitlines()[0].startswith("House rules")
