"""Hostile input takes bounded time and gives a short library error (issue
#27, part 4).

Each reproducer of the issue is a test: a ``rules:`` header of 64,000 spaces
took 19 s (a quadratic pattern), an aliased structure ``[[...] * 10] * 10``
ran :func:`~scopa_rules.errors.shown` out of memory, a 1 MB unknown key made
a message of a million characters, and ints of over 4300 digits escaped as a
bare ``ValueError`` wherever a message printed them.  Times are checked only
against generous bounds (seconds, for what took seconds or hours before);
the patterns are linear by construction, which the inputs here, far past
the line cap, would show at once if it broke.
"""

from __future__ import annotations

import collections
import enum
import fractions
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scopa_rules as sr
from helpers import position
from profiles import examples
from scopa_rules import __main__ as cli
from scopa_rules import events as ev
from scopa_rules import records
from scopa_rules.errors import SHOWN_LENGTH, shown, shown_names

HUGE = 10**5000  # more digits than Python will print
BIG_KEY = "k" * 1_000_000
LONGEST_MESSAGE = 500  # two shown values and the words around them

ALIASED: Any = ["7D"] * 10  # 10**10 cards when printed in full
for _ in range(9):
    ALIASED = [ALIASED] * 10

RECORD = sr.new_game(seed=7).apply(sr.Move.parse("3D")).record()


def refused(
    error: type[sr.ScopaError],
    call: Callable[[], object],
    match: str | None = None,
    longest: int = LONGEST_MESSAGE,
) -> str:
    """The message of ``error`` that ``call`` raises, checked short and
    quick."""
    start = time.perf_counter()
    with pytest.raises(error, match=match) as info:
        call()
    assert time.perf_counter() - start < 2
    message = str(info.value)
    assert len(message) < longest, message[:300]
    return message


def cut(text: str) -> str:
    """What shown() gave before: the whole repr, cut."""
    return text if len(text) <= SHOWN_LENGTH else text[: SHOWN_LENGTH - 3] + "..."


# -- the text record's patterns --------------------------------------------------


def test_the_issue_header_of_64000_spaces_is_refused_at_once() -> None:
    text = RECORD.to_text().replace("scopa (2 players)", "a" + " " * 64_000 + "x")
    refused(
        sr.NotationError,
        lambda: sr.GameRecord.from_text(text),
        "line 3 holds 64009 characters, more than the 10,000 a line",
    )


def test_a_header_of_a_million_spaces_is_refused_by_the_line_cap() -> None:
    text = "version: 1\nrules: scopa" + " " * 1_000_000 + "(2 players)\n"
    refused(
        sr.NotationError,
        lambda: sr.GameRecord.from_text(text),
        "line 2 holds 1000023 characters, more than the 10,000",
    )


def test_comments_are_not_capped() -> None:
    text = RECORD.to_text().replace("\nseat 0: 3D", "\nseat 0: 3D  # " + "x" * 20_000)
    assert sr.GameRecord.from_text(text) == RECORD


@pytest.mark.parametrize(
    "line",
    [
        "rules: a" + " " * 9_900 + "x",
        "rules: a" + " " * 9_900 + "(",
        "rules: " + "a " * 4_900 + "(2 players",
        "rules: scopa (" + "1" * 9_900 + " x",
        "seat 0:" + " " * 9_900,
        "seat " + "0" * 9_900 + " x",
        "hand 1, dealer seat " + "1" * 9_900 + "x",
        "dealer: " + "1" * 9_900 + "x",
    ],
    ids=lambda line: line[:20].strip(),
)
def test_a_line_just_under_the_cap_is_read_at_once(line: str) -> None:
    text = "version: 1\n" + line + "\n"
    refused(sr.NotationError, lambda: sr.GameRecord.from_text(text))


@pytest.mark.parametrize(
    ("pattern", "text"),
    [
        (records._PRESET_LINE, "a" + " " * 1_000_000 + "x"),
        (records._PRESET_LINE, "a" + " " * 1_000_000 + "("),
        (records._PRESET_LINE, "a " * 500_000 + "(1 players"),
        (records._PRESET_LINE, "a(" + " " * 1_000_000 + "1"),
        (records._PRESET_LINE, "a(1" + " " * 1_000_000 + "players" + " " * 10),
        (records._TURN_LINE, "seat 0:" + " " * 1_000_000),
        (records._TURN_LINE, "seat" + " " * 1_000_000 + "0"),
        (records._TURN_LINE, "seat " + "0" * 1_000_000 + " " * 1_000_000),
        (records._HAND_LINE, "hand " + "1" * 1_000_000 + " " * 1_000_000),
        (records._HAND_LINE, "hand 1, dealer seat " + "1" * 1_000_000 + "x"),
        (records._WHOLE, "-" + "1" * 1_000_000 + "x"),
        (cli._USER_BOT, "a" + "." * 1_000_000 + ":"),
        (cli._USER_BOT, "a:" + "b" * 1_000_000 + "."),
    ],
    ids=lambda value: value.pattern[:12] if isinstance(value, re.Pattern) else "",
)
def test_the_patterns_are_linear_in_the_line(
    pattern: re.Pattern[str], text: str
) -> None:
    # A million characters, a hundred times the line cap: a quadratic
    # pattern would take hours.
    start = time.perf_counter()
    assert pattern.fullmatch(text) is None
    assert time.perf_counter() - start < 2


@pytest.mark.parametrize(
    ("header", "rules"),
    [
        ("scopa (2 players)", sr.Ruleset.scopa()),
        ("Scopa  ( 2 Players )", sr.Ruleset.scopa()),
        ("scopone scientifico(4 players)", sr.Ruleset.scopone_scientifico()),
        ("scopa_a-quindici\t(3 player)", sr.Ruleset.scopa_a_quindici(players=3)),
    ],
)
def test_the_preset_header_reads_as_before(header: str, rules: sr.Ruleset) -> None:
    text = f"version: 1\nrules: {header}\nseed: 7\ndealer: 1\n"
    assert sr.GameRecord.from_text(text).rules == rules


# -- shown(): bounded whatever it is given ----------------------------------------


def test_an_aliased_structure_gives_a_short_message() -> None:
    message = refused(
        sr.NotationError, lambda: sr.Card.parse(ALIASED), "card text must be a string"
    )
    assert "[[[[[[[[[['7D', '7D'," in message
    assert len(shown(ALIASED)) == SHOWN_LENGTH


@pytest.mark.parametrize(
    "where", ["format", "seed", "decks", "turns", "dealer", "position"]
)
def test_an_aliased_structure_in_a_record_is_refused_at_once(where: str) -> None:
    data = {**RECORD.to_dict(), where: ALIASED}
    refused(sr.InvalidStateError, lambda: sr.GameRecord.from_dict(data))


def test_ordinary_values_are_shown_as_before() -> None:
    class Plain:
        pass

    itself: list[Any] = [1]
    itself.append(itself)
    holder: dict[str, Any] = {}
    holder["me"] = holder
    inner: list[Any] = []
    outer = (inner,)
    inner.append(outer)
    values: list[object] = [
        "7D",
        "it's",
        'say "7D"',
        "'\"",
        "é\n\x00\U0001f0a1" * 30,
        b"7D",
        b"it's" * 100,
        bytearray(b"7D"),
        bytearray(b"7D" * 200),
        [],
        (),
        {},
        set(),
        frozenset(),
        ("7D",),
        {1, 2},
        frozenset({3}),
        {"seat": [0, (1, 2.5)], "none": None, True: False},
        list(range(500)),
        2**256 - 1,
        -(2**256) + 1,
        1.5,
        complex(1, 2),
        sr.Suit.DENARI,
        sr.Card.parse("7D"),
        sr.CardSet("7D 7S"),
        sr.Ruleset.cirulla(),
        sr.Deck.standard(),
        len,
        sr.Card,
        re,
        Plain,
        itself,
        holder,
        outer,
        [[[[[[[[[["7D"]]]]]]]]]],
        fractions.Fraction(1, 3),
    ]
    for value in values:
        assert shown(value) == cut(repr(value)), value
    assert shown(Plain()).startswith("<test_hostile_input.")


def test_subclasses_that_print_as_their_base_are_shown_as_before() -> None:
    class Seats(list[int]):
        pass

    class Table(dict[str, int]):
        pass

    class Pair(tuple[int, int]):
        pass

    class Cards(set[str]):
        pass

    class Frozen(frozenset[str]):
        pass

    class Text(str):
        pass

    class Raw(bytes):
        pass

    class Number(int):
        pass

    for value in (
        Seats([0, 1]),
        Table(seat=1),
        Pair((1, 2)),
        Cards({"7D"}),
        Cards(),
        Frozen({"7D"}),
        Frozen(),
        Text("7D"),
        Text("x" * 300),
        Raw(b"7D"),
        Number(7),
    ):
        assert shown(value) == cut(repr(value)), value
    assert shown(Number(HUGE)) == "an integer of 5001 digits"


def test_huge_and_deep_values_are_described() -> None:
    assert shown(HUGE) == shown(-HUGE) == "an integer of 5001 digits"
    assert shown(2**256) == "an integer of 78 digits"
    assert shown([1, HUGE]) == "[1, an integer of 5001 digits]"
    assert shown({HUGE: HUGE}).count("an integer of 5001 digits") == 2
    assert shown(1 << 1_000_000) == "an integer of about 301030 digits"
    deep: Any = "7D"
    for _ in range(101):
        deep = [deep]
    assert shown(deep) == "a list nested too deep to show"
    assert shown(deep[0]) == cut(repr(deep[0]))  # 100 deep is shown
    assert shown({"hands": deep}) == "a dict nested too deep to show"
    wide: Any = {}
    for _ in range(10_000):
        wide = {"a": wide}
    assert shown(wide) == cut("{'a': " * 40)  # cut before it is too deep


def test_objects_whose_repr_might_be_huge_are_shown_by_their_type() -> None:
    class Huge:
        def __repr__(self) -> str:
            raise AssertionError("never called")

    class Failing(enum.Enum):
        ONE = 1

        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    class Broken(bytes):
        def __bytes__(self) -> bytes:
            raise RuntimeError("no bytes")

    start = "<test_hostile_input.test_objects_whose_repr_might_be_huge_"
    assert shown(Huge()) == start + "... object>"  # the type's name cut at 60
    assert shown([Huge()] * 2) == f"[{start}... object>, {start}... object>]"
    assert shown(collections.deque(ALIASED)) == "<collections.deque object>"
    assert (
        shown(collections.OrderedDict(a=ALIASED)) == "<collections.OrderedDict object>"
    )
    assert shown(ValueError(ALIASED)) == "<ValueError object>"
    assert shown([].append).startswith("<built-in method append of list object at")
    assert shown(RECORD.to_text) == "<method object>"
    assert shown(fractions.Fraction(HUGE, 3)) == "<fractions.Fraction object>"
    assert shown(Failing.ONE) == start + "... object>"
    assert shown(Broken(b"7D")) == "a Broken that cannot be shown"
    long_name = type("N" * 1000, (), {"__repr__": lambda self: "x"})()
    assert shown(long_name) == "<test_hostile_input." + "N" * 38 + "... object>"
    assert shown(type("N" * 1000, (bytes,), {"__bytes__": Broken.__bytes__})(b"")) == (
        "a " + "N" * 57 + "... that cannot be shown"
    )


def test_long_text_is_read_only_as_far_as_the_cut() -> None:
    # The quotes are those of the whole text, though only its start is read.
    for text in ("x" * 10**7, "'" * 10**7, "'" + "x" * 10**7 + '"'):
        start = time.perf_counter()
        assert shown(text) == cut(repr(text[:300] + text[-1]))
        assert time.perf_counter() - start < 1
    assert shown(b"'" + b"x" * 10**6 + b'"') == cut(repr(b"'" + b"x" * 300 + b'"'))


# Any data: JSON's, Python's containers, and leaves that have no short repr
# (hypothesis prints the strategy, so these are chosen by their index).
HOSTILE: tuple[object, ...] = (
    HUGE,
    ALIASED,
    BIG_KEY,
    object(),
    collections.deque(),
    len,
)
LEAVES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=2**256).map(lambda n: n**20)
    | st.floats()
    | st.text()
    | st.binary()
    | st.sampled_from(range(6)).map(lambda i: HOSTILE[i])
)
NESTED = st.recursive(
    LEAVES,
    lambda children: (
        st.lists(children)
        | st.tuples(children, children)
        | st.dictionaries(st.text() | st.integers(), children)
        | st.frozensets(st.integers() | st.text())
        | st.builds(lambda item, times: [item] * times, children, st.integers(0, 1000))
    ),
    max_leaves=30,
)


@settings(max_examples=examples(200), deadline=None)
@given(NESTED)
def test_shown_never_raises_and_stays_short(value: object) -> None:
    text = shown(value)
    assert isinstance(text, str)
    assert len(text) <= SHOWN_LENGTH


ORDINARY = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**256) + 1, max_value=2**256 - 1)
    | st.floats()
    | st.text()
    | st.binary(),
    lambda children: (
        st.lists(children)
        | st.tuples(children)
        | st.dictionaries(st.text(), children)
        | st.sets(st.integers() | st.text())
    ),
    max_leaves=40,
)


@settings(max_examples=examples(200), deadline=None)
@given(ORDINARY)
def test_shown_is_the_cut_repr_of_ordinary_data(value: object) -> None:
    assert shown(value) == cut(repr(value))


# -- keys and text in messages --------------------------------------------------


@pytest.mark.parametrize("where", ["record", "state", "snapshot"])
def test_a_1mb_unknown_key_gives_a_short_message(where: str) -> None:
    data: dict[str, Any] = sr.new_game(seed=1).to_dict()
    load: Callable[[], object]
    if where == "record":
        data["record"][BIG_KEY] = 1
        load = lambda: sr.GameRecord.from_dict(data["record"])  # noqa: E731
    else:
        (data if where == "state" else data["state"])[BIG_KEY] = 1
        load = lambda: sr.GameState.from_dict(data)  # noqa: E731
    message = refused(sr.InvalidStateError, load, "unknown (keys|fields): 'kkkk")
    assert message.endswith("...")


def test_many_unknown_keys_are_counted_not_listed() -> None:
    data = {**RECORD.to_dict(), **{f"extra{n:06}": n for n in range(100_000)}}
    message = refused(sr.InvalidStateError, lambda: sr.GameRecord.from_dict(data))
    assert message == (
        "the record has unknown keys: extra000000, extra000001, extra000002, "
        "extra000003, extra000004 and 99995 more"
    )


def test_an_event_with_a_1mb_unknown_key_gives_a_short_message() -> None:
    data = {"type": "trailed", "seat": 1, "card": "KH", BIG_KEY: 1}
    refused(
        sr.InvalidStateError,
        lambda: ev.event_from_dict(data),
        "the trailed event has unknown fields: 'kkkk.*; its fields are seat, card",
    )


def test_a_1mb_option_name_gives_a_short_message_at_once() -> None:
    # The list of options is the library's own text, 400 characters.
    for call in (
        lambda: sr.Ruleset.from_dict({BIG_KEY: 1}),
        lambda: sr.Ruleset().replace(**{BIG_KEY: 1}),
    ):
        message = refused(
            sr.InvalidRulesetError,
            call,
            "unknown option 'kkkk.*; options are players",
            longest=700,
        )
        assert len(message.partition(";")[0]) < 220
    refused(sr.InvalidRulesetError, lambda: sr.Ruleset.from_name(BIG_KEY))


def test_shown_names() -> None:
    assert shown_names([]) == ""
    assert shown_names(["b", "a", 7]) == "7, a, b"
    assert shown_names([HUGE]) == "an integer of 5001 digits"
    assert shown_names(["tab\there"]) == "'tab\\there'"
    assert shown_names([ALIASED]) == "[[[[[[[[[['7D', '7D', '7D', '7D', '7D..."
    assert shown_names(map(str, range(10)), most=2) == "0, 1 and 8 more"


def test_a_huge_line_in_a_text_record_is_shown_cut() -> None:
    text = "version: 1\n" + "x" * 9_000 + "\n"
    message = refused(sr.NotationError, lambda: sr.GameRecord.from_text(text))
    assert message.startswith("line 2 is neither a header nor a turn: 'xxx")


# -- integers of over 4300 digits ---------------------------------------------------


def test_applying_a_huge_int_is_an_illegal_move() -> None:
    state = sr.new_game(seed=7)
    refused(
        sr.IllegalMoveError,
        lambda: state.apply(HUGE),  # type: ignore[arg-type]
        "illegal move an integer of 5001 digits: an integer of 5001 digits is not a Move",
    )
    refused(sr.IllegalMoveError, lambda: state.apply(ALIASED))
    refused(sr.IllegalMoveError, lambda: state.apply("x" * 10**6))  # type: ignore[arg-type]


def test_encoding_a_huge_int_is_an_illegal_move() -> None:
    refused(
        sr.IllegalMoveError,
        lambda: sr.encode_move(sr.new_game(seed=7), HUGE),  # type: ignore[arg-type]
        "cannot encode an integer of 5001 digits",
    )
    refused(sr.IllegalMoveError, lambda: sr.encode_move(sr.new_game(seed=7), ALIASED))


def test_the_reason_for_a_huge_int_move_is_short() -> None:
    state = sr.new_game(seed=7)
    assert state.explain_illegal(HUGE) == (
        "an integer of 5001 digits is not a Move (parse move text with Move.parse)"
    )
    assert not state.is_legal(ALIASED)


@pytest.mark.parametrize(
    ("data", "match"),
    [
        (
            {"type": "cards_dealt", "seat": 0, "count": HUGE, "cards": "3D KH 5C"},
            "the cards_dealt event deals an integer of 5001 digits cards but names 3",
        ),
        (
            {"type": "game_over", "winner": HUGE, "scores": [10, 11]},
            "names side an integer of 5001 digits the winner, of 2 sides",
        ),
        ({"type": "cards_dealt", "seat": 0, "count": HUGE, "cards": None}, None),
        ({"type": "trailed", "seat": HUGE, "card": "KH"}, None),
    ],
)
def test_an_event_with_a_huge_count_is_refused_or_read(
    data: dict[str, Any], match: str | None
) -> None:
    if match is None:  # no game gives it, but each field is well formed
        assert ev.event_to_dict(ev.event_from_dict(data)) == data
    else:
        refused(sr.InvalidStateError, lambda: ev.event_from_dict(data), match)


def _scored() -> dict[str, Any]:
    score = sr.score_hand(
        sr.Ruleset.scopa(), [sr.CardSet("7D"), sr.CardSet("KS")], [0, 0]
    )
    return ev.score_to_dict(score)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (
            lambda d: d.update(totals=[HUGE, 0]),
            "'totals' are \\[an integer of 5001 digits, 0\\]",
        ),
        (
            lambda d: d["sides"][0].update(total=HUGE),
            "'total' is an integer of 5001 digits",
        ),
        (
            lambda d: d["sides"][0].update(sweep_points=HUGE),
            "'total' is 2, but its points add up to an integer of 5001 digits",
        ),
        (
            lambda d: d["sides"][1].update(side=HUGE),
            "says it is side an integer of 5001",
        ),
    ],
)
def test_a_score_with_a_huge_count_is_refused(
    change: Callable[[dict[str, Any]], None], match: str
) -> None:
    data = _scored()
    change(data)
    refused(sr.InvalidStateError, lambda: ev.score_from_dict(data), match)


def test_a_record_with_a_huge_dealer_is_refused() -> None:
    state = position(sr.Ruleset.scopa(), ["5D KC", "AS 6C"], "2S 5H 3C JD")
    for record in (RECORD, state.record()):
        data = {**record.to_dict(), "dealer": HUGE}
        refused(
            sr.InvalidStateError,
            lambda data=data: sr.GameRecord.from_dict(data),  # type: ignore[misc]
            "an integer of 5001 digits",
        )
    text = RECORD.to_text().replace("dealer: 1", "dealer: " + "9" * 5000)
    refused(
        sr.NotationError, lambda: sr.GameRecord.from_text(text), "line 5: the number"
    )
    refused(
        sr.InvalidStateError,
        lambda: sr.GameRecord(rules=sr.Ruleset(), seed=7, dealer=HUGE),
        "dealer must be a seat from 0 to 1, not an integer of 5001 digits",
    )


def test_play_game_checks_its_seed_first() -> None:
    refused(
        sr.InvalidStateError,
        lambda: sr.play_game(sr.Ruleset(), [sr.RandomBot(), sr.RandomBot()], seed=[1]),  # type: ignore[arg-type]
        "a seed must be a whole number",
    )


def test_huge_counts_in_a_hand_score_are_refused() -> None:
    """The compiled tally counts in C ints: a count past them was a bare
    OverflowError there, and declaration points were not checked at all."""
    rules = sr.Ruleset.scopa()
    cases: list[tuple[list[int], list[int] | None]] = [
        ([2**31, 0], None),
        ([HUGE, 0], None),
        ([0, 0], [-1, 0]),
    ]
    for sweeps, declared in cases:
        with pytest.raises(sr.InvalidStateError, match="must be whole numbers of 0"):
            sr.score_hand(rules, ["", ""], sweeps, declared)
    refused(
        sr.InvalidStateError,
        lambda: sr.score_hand(rules, ["", ""], [0, 0], ["3", 0]),  # type: ignore[list-item]
        "declared must be whole numbers",
    )
    assert sr.score_hand(rules, ["", ""], [1_000_000, 0], [0, 5]).totals == (
        1_000_000,
        5,
    )
