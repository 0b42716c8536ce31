"""Game records and saved states: :class:`GameRecord` (replay, JSON, text) and
:meth:`GameState.to_dict` / :meth:`GameState.from_dict`.

Every game must survive every round trip, and every loader must answer bad
input with the library's own errors (:class:`ScopaError` subclasses), never a
``KeyError``, ``TypeError``, ``IndexError`` or ``AssertionError``.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scopa_rules as sr
from helpers import PRESETS, position
from profiles import examples

presets = st.sampled_from(PRESETS)
deal_seeds = st.integers(min_value=-(2**70), max_value=2**70)
move_seeds = st.integers(min_value=0, max_value=2**32 - 1)
fractions = st.floats(min_value=0.0, max_value=1.0)

MAX_PLIES = 5_000


def play_out(
    state: sr.GameState, rng: random.Random, plies: int = MAX_PLIES
) -> list[sr.GameState]:
    """The states after ``state`` (itself first) with random moves, until the
    game ends, waits for a deck, or ``plies`` moves are made."""
    states = [state]
    for _ in range(plies):
        if state.current_player is None:
            break
        state = state.apply(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def check_round_trips(state: sr.GameState, states: list[sr.GameState]) -> None:
    """``states`` are every state of the game up to ``state``, one per turn."""
    record = state.record()
    assert record == sr.GameRecord.of(state)
    assert record.final_state() == state
    replayed = list(record.replay())
    assert replayed[0] == record.start() == states[0]
    assert replayed[-1] == state
    assert replayed == states
    assert sr.GameRecord.from_json(record.to_json()) == record
    assert sr.GameRecord.from_json(record.to_json(indent=2)) == record
    assert sr.GameRecord.from_text(record.to_text()) == record
    assert sr.GameRecord.from_dict(record.to_dict()) == record
    assert sr.GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record
    saved = json.loads(json.dumps(state.to_dict()))
    loaded = sr.GameState.from_dict(saved)
    assert loaded == state
    assert loaded.record() == record
    assert loaded.to_dict() == saved


# -- round trips ----------------------------------------------------------------------


@settings(max_examples=examples(30))
@given(presets, deal_seeds, move_seeds, st.lists(fractions, min_size=1, max_size=2))
def test_every_game_round_trips_at_every_point(
    rules: sr.Ruleset, seed: int, move_seed: int, points: list[float]
) -> None:
    states = play_out(sr.new_game(rules, seed=seed), random.Random(move_seed))
    assert states[-1].is_over
    for point in points:
        at = min(len(states) - 1, int(point * len(states)))
        check_round_trips(states[at], states[: at + 1])
    check_round_trips(states[-1], states)


@pytest.mark.parametrize("rules", PRESETS, ids=repr)
def test_the_first_state_of_every_preset_round_trips(rules: sr.Ruleset) -> None:
    state = sr.new_game(rules, seed=99, dealer=0)
    check_round_trips(state, [state])
    record = state.record()
    assert record.turns == ()
    assert record.seed == 99
    assert record.dealer == 0


def test_a_game_from_explicit_decks_round_trips_between_deals() -> None:
    rules = sr.Ruleset.scopa()
    rng = random.Random(1)
    state = sr.new_game(rules, deck=sr.Deck.shuffled(1))
    assert state.seed is None
    states = play_out(state, rng)
    state = states[-1]
    deals = 1
    while not state.is_over:
        assert state.phase is sr.Phase.AWAITING_DEAL
        assert state.current_player is None
        record = state.record()
        assert record.decks == (sr.Deck.shuffled(1),)
        assert len(record.dealt) == deals - 1
        assert record.final_state() == state
        assert sr.GameRecord.from_json(record.to_json()) == record
        assert sr.GameRecord.from_text(record.to_text()) == record
        deals += 1
        dealt = state.deal(sr.Deck.shuffled(deals))
        states.append(dealt)
        # Right after a deal the state round-trips in full.
        check_round_trips(dealt, states)
        states += play_out(dealt, rng)[1:]
        state = states[-1]
    record = state.record()
    assert record.seed is None
    assert record.dealt == tuple(sr.Deck.shuffled(n) for n in range(2, deals + 1))
    check_round_trips(state, states)
    assert "dealt: " in record.to_text()


def test_a_state_waiting_for_a_deck_round_trips_through_to_dict() -> None:
    """A game from explicit decks waits for state.deal(deck) between hands:
    that state has no card anywhere, and saving and loading it must work."""
    state = sr.new_game(sr.Ruleset.scopa(), deck=sr.Deck.shuffled(1))
    state = play_out(state, random.Random(0))[-1]
    assert state.phase is sr.Phase.AWAITING_DEAL
    saved = json.loads(json.dumps(state.to_dict()))
    assert sr.GameState.from_dict(saved) == state


def test_a_position_game_waiting_for_a_deck_round_trips_through_to_dict() -> None:
    state = position(sr.Ruleset.scopa(), ["7D", "KS"], "3C 4C")
    state = state.apply(sr.Move.parse("7Dx3C4C")).apply(sr.Move.parse("KS"))
    assert state.phase is sr.Phase.AWAITING_DEAL
    assert state.record().final_state() == state
    assert sr.GameState.from_dict(state.to_dict()) == state


def test_a_game_given_several_decks_then_a_seed_round_trips() -> None:
    rules = sr.Ruleset.scopa(players=3)
    decks = [sr.Deck.shuffled(7, n) for n in (5, 6)]
    state = sr.new_game(rules, decks=decks, seed=3, dealer=1)
    states = play_out(state, random.Random(2))
    assert states[-1].is_over
    record = states[-1].record()
    assert record.decks == tuple(decks)
    assert record.seed == 3
    assert record.dealer == 1
    check_round_trips(states[-1], states)
    text = record.to_text()
    assert text.count("\ndeck: ") == 2


def position_state(seed: int | None) -> sr.GameState:
    rules = sr.Ruleset.scopa(players=4)
    hands = ["7D KS 2C", "AH 3H 5S", "4D JC QH", "6C 7C KC"]
    table = "6D 6H 2S"
    used = sr.CardSet(" ".join([*hands, table]))
    rest = [card for card in sr.ALL_CARDS if card not in used]
    stock, pile = rest[:12], sr.CardSet(rest[12:])
    return sr.GameState.from_position(
        rules,
        hands=hands,
        table=table,
        stock=stock,
        piles=[pile, ""],
        sweeps=[1, 0],
        scores=[4, 7],
        current_player=1,
        dealer=0,
        last_capturer=2,
        seed=seed,
    )


@pytest.mark.parametrize("seed", [None, 5])
def test_a_game_from_a_position_round_trips(seed: int | None) -> None:
    start = position_state(seed)
    rng = random.Random(4)
    states = play_out(start, rng)
    check_round_trips(start, [start])
    check_round_trips(states[5], states[:6])
    state = states[-1]
    if seed is None:
        assert state.phase is sr.Phase.AWAITING_DEAL
        record = state.record()
        assert record.final_state() == state
        assert sr.GameRecord.from_text(record.to_text()) == record
        state = state.deal(sr.Deck.shuffled(1))
        states.append(state)
        # Midway through the next hand (the end would wait for a deck again).
        states += play_out(state, rng, plies=10)[1:]
        state = states[-1]
        assert state.phase is sr.Phase.PLAY
    check_round_trips(state, states)
    record = state.record()
    assert record.position is not None
    assert record.position.scores == (4, 7)
    assert record.position.current_player == 1
    assert "\nposition: {" in record.to_text()
    assert record.start() == start


def test_a_custom_ruleset_round_trips_through_text() -> None:
    rules = sr.Ruleset.scopa(capture_compulsion="whole_hand", target_score=3)
    assert rules.preset_name() is None
    states = play_out(sr.new_game(rules, seed=8), random.Random(8))
    record = states[-1].record()
    text = record.to_text()
    rules_line = next(line for line in text.splitlines() if line.startswith("rules:"))
    assert json.loads(rules_line.removeprefix("rules: ")) == rules.to_dict()
    check_round_trips(states[-1], states)


def test_a_chkobba_game_with_a_kings_redeal_after_the_first_card_replays() -> None:
    """The kept first card's deck has three kings on the table: the hand is
    dealt again and the chooser decides again.  The record must still replay
    (here the decision on the collected deck is lost from the history, so the
    record's first turn does not fit the game)."""
    others = [card for card in sr.ALL_CARDS if card.rank is not sr.Rank.KING]
    kings = [sr.Card.parse(text) for text in ("KD", "KH", "KS", "KC")]
    # Keeping AD deals seat 0 AD 2D 3D, seat 1 4D 5D 6D, and the table KD KH KS.
    deck = sr.Deck(others[:6] + kings[:3] + others[6:] + kings[3:])
    state = sr.new_game(sr.Ruleset.chkobba(), deck=deck, seed=1)
    first = state
    state = state.apply(sr.Move.parse("keep AD"))
    assert state.phase is sr.Phase.FIRST_CARD  # redealt from the seed
    state = state.apply(state.legal_moves()[0])
    assert state.record().start() == first
    assert state.record().final_state() == state
    assert sr.GameState.from_dict(state.to_dict()) == state


# -- the text form ----------------------------------------------------------------------


TURN_LINE = re.compile(r"seat (\d+): (\S+(?: \S+)?)(?:  # (sweep))?")
HAND_LINE = re.compile(r"hand (\d+), dealer seat (\d+)")
SUMMARY_LINE = re.compile(
    r"# (?:leftover (.+) to (side \d+|nobody); )?hand ([\d : ]+); match ([\d : ]+)"
)


@pytest.mark.parametrize(
    "rules",
    [
        sr.Ruleset.scopa(),
        sr.Ruleset.scopa(players=3),
        sr.Ruleset.scopone(),
        sr.Ruleset.chkobba(players=4),
        sr.Ruleset.escoba(),
    ],
    ids=repr,
)
def test_the_text_form_has_a_line_per_turn_and_notes(rules: sr.Ruleset) -> None:
    states = play_out(sr.new_game(rules, seed=31), random.Random(31))
    state = states[-1]
    assert state.is_over
    record = state.record()
    lines = record.to_text().splitlines()
    assert lines[0] == "# scopa_rules game record"
    assert lines[1] == "version: 1"
    assert lines[2] == f"rules: {rules.preset_name()} ({rules.players} players)"
    assert lines[3] == "seed: 31"
    assert lines[4] == f"dealer: {rules.players - 1}"
    turns = [TURN_LINE.fullmatch(line) for line in lines if line.startswith("seat ")]
    assert all(turns)
    assert [
        sr.Turn(int(m.group(1)), sr.Move.parse(m.group(2))) for m in turns if m
    ] == list(record.turns)
    assert [str(t.move) for t in record.turns] == [m.group(2) for m in turns if m]
    hands = [HAND_LINE.fullmatch(line) for line in lines if line.startswith("hand ")]
    assert [(int(m.group(1)), int(m.group(2))) for m in hands if m] == [
        (result.number + 1, result.dealer) for result in state.hand_results
    ]
    summaries = [SUMMARY_LINE.fullmatch(line) for line in lines if "; match" in line]
    assert len(summaries) == len(state.hand_results)
    for match, result in zip(summaries, state.hand_results, strict=True):
        assert match
        assert match.group(3) == " : ".join(map(str, result.score.totals))
        assert match.group(4) == " : ".join(map(str, result.scores))
        if result.leftover:
            assert match.group(1) == str(result.leftover)
        else:
            assert match.group(1) is None
    # Sweep notes: one per sweep made by a capture.
    start = 0
    for result in state.hand_results:
        hand_lines = lines[start:]
        end = next(i for i, line in enumerate(hand_lines) if "; match" in line)
        notes = sum(1 for line in hand_lines[:end] if line.endswith("  # sweep"))
        swept = sum(side.sweeps for side in result.score.sides)
        if rules.initial_fifteen_sweeps:
            assert notes <= swept
        else:
            assert notes == swept
        start += end + 1
    winner = state.winner
    assert lines[-1] == (
        f"# game over: side {winner} wins " + " : ".join(map(str, state.scores))
    )


def test_sweep_notes_mark_captures_that_clear_the_table() -> None:
    found = 0
    for seed in range(6):
        states = play_out(sr.new_game(sr.Ruleset.scopa(), seed=seed), random.Random(1))
        lines = states[-1].record().to_text().splitlines()
        turn_lines = [line for line in lines if line.startswith("seat ")]
        for before, after, line in zip(
            states[:-1], states[1:], turn_lines, strict=True
        ):
            move = sr.Move.parse(line.split(": ", 1)[1].split("  #")[0])
            same_hand = after.hand_number == before.hand_number and not after.is_over
            if line.endswith("# sweep"):
                found += 1
                assert move.is_capture
                assert not same_hand or not after.table
            elif same_hand and move.is_capture:
                assert after.table
    assert found


def test_an_unfinished_game_has_no_game_over_line() -> None:
    state = sr.new_game(seed=3)
    state = play_out(state, random.Random(3), plies=7)[-1]
    text = state.record().to_text()
    assert "game over" not in text
    assert text.splitlines()[-1].startswith(f"seat 0: {state.record().turns[-1].move}")
    assert text.count("\nseat ") == 7


def test_the_text_form_ignores_comments_and_blank_lines() -> None:
    state = play_out(sr.new_game(seed=2), random.Random(2), plies=20)[-1]
    record = state.record()
    noisy = "\n".join(
        f"  {line}   # a comment\n\n# another" if line else line
        for line in record.to_text().splitlines()
    )
    assert sr.GameRecord.from_text(noisy) == record


# -- bad input: saved states ------------------------------------------------------------


def saved(plies: int = 9, rules: sr.Ruleset | None = None) -> dict[str, Any]:
    state = sr.new_game(rules or sr.Ruleset.scopa(), seed=17)
    state = play_out(state, random.Random(17), plies=plies)[-1]
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


def load_fails(data: object, error: type[sr.ScopaError] = sr.InvalidStateError) -> str:
    with pytest.raises(error) as caught:
        sr.GameState.from_dict(data)  # type: ignore[arg-type]
    return str(caught.value)


def test_a_saved_state_with_a_card_missing_is_refused() -> None:
    data = saved()
    hand = data["state"]["hands"][0].split()
    data["state"]["hands"][0] = " ".join(hand[1:])
    message = load_fails(data)
    assert hand[0] in message


def test_a_saved_state_with_a_card_twice_is_refused() -> None:
    data = saved()
    card = data["state"]["table"].split()[0]
    data["state"]["hands"][1] += f" {card}"
    assert card in load_fails(data)
    data = saved()
    stock = data["state"]["stock"].split()
    data["state"]["stock"] = " ".join([*stock, stock[0]])
    load_fails(data)


def test_a_saved_state_with_41_cards_is_refused() -> None:
    data = saved()
    pile = data["state"]["piles"][0].split()
    missing_from_pile = data["state"]["hands"][0].split()[0]
    data["state"]["piles"][0] = " ".join([*pile, missing_from_pile])
    assert missing_from_pile in load_fails(data)


@pytest.mark.parametrize("seat", [2, 5, -1, 1000])
def test_a_turn_by_a_seat_out_of_range_is_refused(seat: int) -> None:
    data = saved()
    data["record"]["turns"][3][0] = seat
    assert "turn 4" in load_fails(data)


def test_a_pile_that_does_not_match_the_history_is_refused() -> None:
    data = saved(plies=25)
    piles = data["state"]["piles"]
    assert piles[0]
    assert piles[1]
    first = piles[0].split()
    piles[0] = " ".join(first[1:])
    piles[1] = f"{piles[1]} {first[0]}"
    assert "piles" in load_fails(data)


@pytest.mark.parametrize(
    ("key", "candidates"),
    [
        ("phase", ["over", "awaiting_deal", "nonsense", 1]),
        ("hand_number", [3, 1, -1]),
        ("dealer", [0, 1]),
        ("current_player", [0, 1, 2, None]),
        ("sweeps", [[5, 0], [0, 5]]),
        ("scores", [[1, 0], [0, 1]]),
        ("last_capturer", [0, 1, None]),
        ("first_card", ["AD", "KC"]),
        ("winner", [0, 1]),
        ("stock", [""]),
    ],
)
def test_a_snapshot_field_that_does_not_match_the_history_is_refused(
    key: str, candidates: list[object]
) -> None:
    data = saved()
    value = next(v for v in candidates if v != data["state"][key])
    data["state"][key] = value
    load_fails(data)


def test_a_saved_state_with_moves_changed_is_refused() -> None:
    data = saved()
    turns = data["record"]["turns"]
    turns[2], turns[3] = turns[3], turns[2]
    load_fails(data)
    data = saved()
    data["record"]["turns"].append([0, "KD"])
    load_fails(data)
    data = saved()
    data["record"]["turns"][0][1] = "7Dx"
    load_fails(data)


@pytest.mark.parametrize("where", ["top", "record", "state", "rules"])
def test_unknown_keys_are_refused(where: str) -> None:
    data = saved()
    if where == "top":
        data["extra"] = 1
    elif where == "record":
        data["record"]["extra"] = 1
    elif where == "state":
        data["state"]["extra"] = 1
    else:
        data["record"]["rules"]["extra"] = 1
        assert "extra" in load_fails(data, sr.InvalidRulesetError)
        return
    assert "extra" in load_fails(data)


@pytest.mark.parametrize(
    "change",
    [
        {"format": "scopa_rules.record"},
        {"format": None},
        {"version": 2},
        {"version": "1"},
        {"version": None},
    ],
)
def test_a_wrong_format_or_version_is_refused(change: dict[str, Any]) -> None:
    data = saved()
    data.update(change)
    load_fails(data)
    record = saved()["record"]
    record.update(
        {k: ("scopa_rules.state" if k == "format" else v) for k, v in change.items()}
    )
    with pytest.raises(sr.InvalidStateError):
        sr.GameRecord.from_dict(record)


def test_missing_keys_are_refused() -> None:
    for key in ("format", "version", "record", "state"):
        data = saved()
        del data[key]
        load_fails(data)
    for key in ("rules", "dealer", "decks", "dealt", "turns"):
        data = saved()
        del data["record"][key]
        load_fails(data)
    for key in saved()["state"]:
        data = saved()
        del data["state"][key]
        load_fails(data)


WRONG_VALUES: list[object] = [None, True, 1, -3, 2.5, "", "x", [], [1], {}, {"a": 1}]


@pytest.mark.parametrize("value", WRONG_VALUES, ids=repr)
def test_wrong_types_everywhere_are_refused(value: object) -> None:
    template = saved()
    paths: list[tuple[Any, ...]] = [(key,) for key in template]
    paths += [("record", key) for key in template["record"]]
    paths += [("state", key) for key in template["state"]]
    paths += [("record", "rules", key) for key in template["record"]["rules"]]
    paths += [("record", "turns", 0), ("record", "turns", 0, 0)]
    paths += [("record", "turns", 0, 1), ("state", "hands", 0), ("state", "piles", 1)]
    for path in paths:
        data = copy.deepcopy(template)
        target = data
        for step in path[:-1]:
            target = target[step]
        original = target[path[-1]]
        if original == value:
            continue
        target[path[-1]] = value
        if (
            type(original) is type(value)
            or (value is None and path[-1] in ("redeal_kings", "wild_card"))
            or (path[-1] == "redeal_aces" and type(value) is int)
        ):
            # Perhaps still valid: only the library's errors may come out.
            with contextlib.suppress(sr.ScopaError):
                sr.GameState.from_dict(data)
        else:
            with pytest.raises(sr.ScopaError):
                sr.GameState.from_dict(data)


@pytest.mark.parametrize("data", [None, [], "text", 3, b"{}", ["format"]], ids=repr)
def test_a_saved_state_that_is_not_a_mapping_is_refused(data: object) -> None:
    load_fails(data)
    with pytest.raises(sr.InvalidStateError):
        sr.GameRecord.from_dict(data)  # type: ignore[arg-type]


def fuzz_bases() -> list[dict[str, Any]]:
    bases = [saved(9), saved(0, sr.Ruleset.chkobba()), saved(14, sr.Ruleset.escoba(3))]
    over = play_out(
        sr.new_game(sr.Ruleset.scopa(target_score=1), seed=3), random.Random(3)
    )
    bases.append(json.loads(json.dumps(over[-1].to_dict())))
    position = play_out(position_state(5), random.Random(1), plies=4)[-1]
    bases.append(json.loads(json.dumps(position.to_dict())))
    return bases


FUZZ_BASES = fuzz_bases()

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["", "AD", "7D KS", "KC AD", "scopa_rules.state", "play", 1, 0]),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=6,
)


@st.composite
def mutated_states(draw: st.DrawFn) -> dict[str, Any]:
    """A valid saved state with a few random edits: a value anywhere replaced
    by random JSON, a key deleted, or an unknown key added."""
    data: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(FUZZ_BASES)))
    for _ in range(draw(st.integers(1, 3))):
        parent: Any = None
        key: Any = None
        node: Any = data
        while (
            isinstance(node, (dict, list))
            and node
            and (parent is None or draw(st.booleans()))
        ):
            parent = node
            key = draw(
                st.sampled_from(sorted(node))
                if isinstance(node, dict)
                else st.integers(0, len(node) - 1)
            )
            node = parent[key]
        if parent is None:
            continue
        action = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if action == "replace":
            parent[key] = draw(json_values)
        elif action == "delete":
            del parent[key]
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(json_values)
        else:
            parent.append(draw(json_values))
    return data


@settings(max_examples=examples(150))
@given(mutated_states())
def test_fuzzed_saved_states_raise_only_library_errors(data: dict[str, Any]) -> None:
    try:
        state = sr.GameState.from_dict(data)
    except sr.ScopaError:
        pass
    else:
        assert isinstance(state, sr.GameState)
    record = data.get("record")
    if isinstance(record, dict):
        with contextlib.suppress(sr.ScopaError):
            sr.GameRecord.from_dict(record)
        with contextlib.suppress(sr.ScopaError):
            sr.GameRecord.from_json(json.dumps(record))


def test_a_record_without_seed_decks_or_position_replays_the_same_way() -> None:
    """A record that does not say where its decks come from must be refused,
    or at least replay the same game every time; here each replay draws a
    fresh random seed."""
    data = sr.new_game(seed=5).record().to_dict()
    data["seed"] = None
    try:
        record = sr.GameRecord.from_dict(data)
    except sr.ScopaError:
        return
    assert record.final_state() == record.final_state()


# -- bad input: records as text and JSON -------------------------------------------------


def record_text(plies: int = 10) -> str:
    state = play_out(sr.new_game(seed=23), random.Random(23), plies=plies)[-1]
    return state.record().to_text()


def text_fails(text: object) -> str:
    with pytest.raises(sr.ScopaError) as caught:
        sr.GameRecord.from_text(text)  # type: ignore[arg-type]
    return str(caught.value)


@pytest.mark.parametrize(
    "line",
    [
        "garbage",
        "seat: 7D",
        "seat x: 7D",
        "color: red",
        "hand one, dealer seat 1",
        "{}",
        ":",
    ],
)
def test_garbage_lines_in_a_text_record_are_refused(line: str) -> None:
    text = record_text()
    lines = text.splitlines()
    lines.insert(4, line)
    text_fails("\n".join(lines))


@pytest.mark.parametrize(
    ("header", "value"),
    [
        ("version", "2"),
        ("version", "one"),
        ("version", ""),
        ("seed", "seven"),
        ("seed", "1.5"),
        ("dealer", "2"),
        ("dealer", "-1"),
        ("dealer", "x"),
        ("rules", "scopa"),
        ("rules", "scopa (7 players)"),
        ("rules", "briscola (2 players)"),
        ("rules", "scopone (2 players)"),
        ("rules", '{"players": 1}'),
        ("rules", '{"napolla": true}'),
        ("rules", "{not json"),
        ("rules", "[1, 2]"),
        ("deck", "AD 2D"),
        ("deck", "AD AD"),
        ("dealt", "ZZ"),
        ("position", "{"),
        ("position", "[]"),
        ("position", '{"hands": ["AD", "2D"]}'),
    ],
)
def test_bad_header_values_are_refused(header: str, value: str) -> None:
    lines = record_text().splitlines()
    index = next(
        (i for i, line in enumerate(lines) if line.startswith(f"{header}:")), 4
    )
    if lines[index].startswith(f"{header}:"):
        lines[index] = f"{header}: {value}"
    else:
        lines.insert(index, f"{header}: {value}")
    text_fails("\n".join(lines))


@pytest.mark.parametrize("header", ["version", "rules", "dealer"])
def test_a_text_record_without_a_required_header_is_refused(header: str) -> None:
    lines = [line for line in record_text().splitlines() if not line.startswith(header)]
    assert header in text_fails("\n".join(lines))


def test_a_header_after_the_turns_is_refused() -> None:
    assert "after the turns" in text_fails(record_text() + "seed: 4\n")


def test_a_turn_by_the_wrong_seat_is_refused() -> None:
    text = record_text()
    lines = text.splitlines()
    index = max(i for i, line in enumerate(lines) if line.startswith("seat 1: "))
    lines[index] = lines[index].replace("seat 1: ", "seat 0: ")
    assert "does not fit" in text_fails("\n".join(lines))
    lines[index] = lines[index].replace("seat 0: ", "seat 9: ")
    text_fails("\n".join(lines))


def test_an_illegal_move_in_a_text_record_is_refused() -> None:
    state = play_out(sr.new_game(seed=23), random.Random(23), plies=10)[-1]
    text = state.record().to_text()
    seat = state.current_player
    assert seat is not None
    not_held = next(card for card in sr.ALL_CARDS if card not in state.hands[seat])
    message = text_fails(text + f"seat {seat}: {not_held}\n")
    assert str(not_held) in message
    text_fails(text + f"seat {seat}: {next(iter(state.hands[seat]))}x7D\n")
    text_fails(text + f"seat {seat}: keep AD\n")
    text_fails(text + f"seat {seat}: 7Dx\n")
    text_fails(text + f"seat {seat}: 10D\n")


@pytest.mark.parametrize("text", [None, 5, b"version: 1", ["line"]], ids=repr)
def test_a_text_record_that_is_not_text_is_refused(text: object) -> None:
    text_fails(text)


@pytest.mark.parametrize("header", ["seed", "dealer", "version"])
def test_a_text_record_with_an_enormous_number_is_refused(header: str) -> None:
    """A number too long for int() (over 4300 digits) is bad input too."""
    lines = record_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(f"{header}:"))
    lines[index] = f"{header}: " + "9" * 5000
    text_fails("\n".join(lines))


def test_a_text_record_with_an_enormous_seat_number_is_refused() -> None:
    text_fails(record_text() + "seat " + "1" * 5000 + ": 7D\n")


TEXT_RECORD = record_text(12)

text_lines = st.one_of(
    st.text(max_size=30),
    st.builds(
        "{}{}".format,
        st.sampled_from(
            ["seat 0: ", "seat 1: ", "rules: ", "seed: ", "dealer: ", "deck: ", "# "]
        ),
        st.text(max_size=20),
    ),
    st.sampled_from(
        ["hand 1, dealer seat 1", "version: 1", "rules: scopa (2 players)"]
    ),
)


@settings(max_examples=examples(150))
@given(st.lists(text_lines, max_size=8), st.integers(0, 30))
def test_fuzzed_text_records_raise_only_library_errors(
    extra: list[str], where: int
) -> None:
    lines = TEXT_RECORD.splitlines()
    at = min(where, len(lines))
    lines[at:at] = extra
    with contextlib.suppress(sr.ScopaError):
        sr.GameRecord.from_text("\n".join(lines))
    with contextlib.suppress(sr.ScopaError):
        sr.GameRecord.from_text("\n".join(extra))


@pytest.mark.parametrize(
    "text",
    ["", "{", "not json", "[1, 2", '{"format": ', "nan", "\x00", '{"a": 1}', "[]", "3"],
)
def test_invalid_json_records_are_refused(text: str) -> None:
    with pytest.raises(sr.InvalidStateError):
        sr.GameRecord.from_json(text)


@pytest.mark.parametrize("text", [None, 5, ["{}"]], ids=repr)
def test_a_json_record_that_is_not_a_string_is_refused(text: object) -> None:
    with pytest.raises(sr.ScopaError):
        sr.GameRecord.from_json(text)  # type: ignore[arg-type]


def test_deeply_nested_json_is_refused_with_the_librarys_error() -> None:
    with pytest.raises(sr.ScopaError):
        sr.GameRecord.from_json("[" * 100_000 + "]" * 100_000)


@settings(max_examples=examples(100))
@given(st.text(max_size=60))
def test_fuzzed_json_text_raises_only_library_errors(text: str) -> None:
    with contextlib.suppress(sr.ScopaError):
        sr.GameRecord.from_json(text)
