"""The fast paths give the same answers as the slow, obvious ones.

Captures are cached by the table's rank pattern and mapped onto each real
table; states remember their legal moves and apply() recognises them by
identity; a hand is dealt when its state is first looked at.  Each test here
pits one of those against a plain reading of the rules or an eagerly built
state.
"""

from __future__ import annotations

import itertools
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scopa_rules as sr
from profiles import examples
from scopa_rules import captures

ALL = sorted(sr.ALL_CARDS)

CAPTURE_OPTIONS: dict[str, list[Any]] = {
    "capture_values": list(sr.CaptureValues),
    "capture_rule": list(sr.CaptureRule),
    "capture_mode": list(sr.CaptureMode),
    "ace_takes_all": [False, True],
    "ace_blocked_by_table_ace": [False, True],
}


@st.composite
def capture_rules(draw: st.DrawFn) -> sr.Ruleset:
    return sr.Ruleset(
        **{
            name: draw(st.sampled_from(values))
            for name, values in CAPTURE_OPTIONS.items()
        }
    )


def oracle_captures(
    rules: sr.Ruleset, table: list[sr.Card], card: sr.Card
) -> list[frozenset[sr.Card]]:
    """RULES.md section 2 read plainly: every subset of the table, by what
    its cards add up to, filtered."""
    if not table:
        return []
    value = rules.capture_value(card.rank)
    table_aces = any(c.rank is sr.Rank.ACE for c in table)
    if (
        card.rank is sr.Rank.ACE
        and rules.ace_takes_all
        and not (rules.ace_blocked_by_table_ace and table_aces)
    ):
        return [frozenset(table)]
    values = [rules.capture_value(c.rank) for c in table]
    by_total: dict[int, list[tuple[int, ...]]] = {}
    for size in range(1, len(table) + 1):
        for subset in itertools.combinations(range(len(table)), size):
            by_total.setdefault(sum(values[i] for i in subset), []).append(subset)

    def adding_up_to(total: int) -> list[frozenset[sr.Card]]:
        return [frozenset(table[i] for i in s) for s in by_total.get(total, [])]

    matches: list[frozenset[sr.Card]] = []
    fifteens: list[frozenset[sr.Card]] = []
    if rules.capture_mode is not sr.CaptureMode.FIFTEEN:
        matches = adding_up_to(value)
        singles = [s for s in matches if len(s) == 1]
        if rules.capture_rule is sr.CaptureRule.SINGLE_FIRST and singles:
            matches = singles
        elif rules.capture_rule is sr.CaptureRule.FEWEST_CARDS and matches:
            fewest = min(len(s) for s in matches)
            matches = [s for s in matches if len(s) == fewest]
    if rules.capture_mode is not sr.CaptureMode.MATCH:
        fifteens = adding_up_to(15 - value)
    return matches + fifteens


@settings(max_examples=examples(400))
@given(
    rules=capture_rules(),
    cards=st.lists(st.sampled_from(ALL), min_size=1, max_size=11, unique=True),
)
def test_captures_match_a_plain_reading_of_the_rules(
    rules: sr.Ruleset, cards: list[sr.Card]
) -> None:
    card, table = cards[0], cards[1:]
    found = sr.capture_options(rules, sr.CardSet(table), card)
    expected = oracle_captures(rules, table, card)
    assert sorted(found, key=lambda s: s.mask) == list(found)  # ascending
    assert {frozenset(s) for s in found} == set(expected)
    assert len(found) == len(expected)


def test_tables_with_one_pattern_get_their_own_cards() -> None:
    # 2D 3D 5H and 2S 3C 5C hold the same ranks: one cache entry serves
    # both, mapped onto each table's own suits.
    rules = sr.Ruleset.scopa(capture_rule="free")
    five = sr.Card.parse("5S")
    for text in ("2D 3D 5H", "2S 3C 5C", "2C 3H 5D"):
        table = sr.CardSet(text)
        options = sr.capture_options(rules, table, five)
        assert {str(s) for s in options} == {
            str(sr.CardSet([c for c in table if c.rank is sr.Rank.FIVE])),
            str(sr.CardSet([c for c in table if c.rank is not sr.Rank.FIVE])),
        }
    # Two of a rank on the table, one taken: which one is the table's own.
    twos = sr.CardSet("2H 2C 3S")
    options = sr.capture_options(rules, twos, five)
    assert [str(s) for s in options] == ["2H 3S", "3S 2C"]


def test_a_flushed_capture_cache_gives_the_same_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A cache of three captures is flushed again and again on these tables.
    monkeypatch.setattr(captures, "_PATTERN_LIMIT", 3)
    rules = sr.Ruleset.escoba()
    rng = random.Random(5)
    for _ in range(2):
        for _ in range(60):
            cards = rng.sample(ALL, 8)
            card, table = cards[0], cards[1:]
            found = sr.capture_options(rules, sr.CardSet(table), card)
            assert {frozenset(s) for s in found} == set(
                oracle_captures(rules, table, card)
            )


# -- captures from half tables, kept by the part of the pattern that takes part --
#
# Up to 10 table cards, the sets adding up to a total are put together from
# the table's two halves (ranks A to 5 and 6 to K); more are searched for the
# total.  Capturing by fifteen alone, a card's captures are kept by the part
# of the pattern that can take part; captures taking some of a rank's cards
# are kept as groups and mapped onto each table.


SUM_RULESETS = [
    sr.Ruleset.escoba(),
    sr.Ruleset.scopa_a_quindici(),
    sr.Ruleset.cirulla(),
    sr.Ruleset.scopa(capture_rule="free"),
    sr.Ruleset.scopa(capture_rule="fewest_cards"),
    sr.Ruleset.scopa(capture_mode="fifteen", capture_values="chkobba"),
    sr.Ruleset.scopa(capture_mode="match_or_fifteen", capture_values="chkobba"),
]


def check_sum_tables(rules: sr.Ruleset, rng: random.Random, sizes: range) -> None:
    for size in sizes:
        for _ in range(12):
            cards = rng.sample(ALL, size + 1)
            card, table = cards[0], cards[1:]
            if rules.ace_takes_all and card.rank is sr.Rank.ACE:
                continue
            found = sr.capture_options(rules, sr.CardSet(table), card)
            assert list(found) == sorted(found, key=lambda s: s.mask)
            assert {frozenset(s) for s in found} == set(
                oracle_captures(rules, table, card)
            )


@pytest.mark.parametrize(
    "rules",
    SUM_RULESETS,
    ids=[
        "escoba",
        "scopa-a-quindici",
        "cirulla",
        "free",
        "fewest-cards",
        "fifteen-chkobba",
        "match-or-fifteen-chkobba",
    ],
)
def test_captures_are_every_set_the_rules_allow(rules: sr.Ruleset) -> None:
    # Tables of every size up to 13 cards, crowded ones too.
    check_sum_tables(rules, random.Random(3), range(1, 14))


def test_a_flushed_fifteen_cache_gives_the_same_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(captures, "_SETTINGS", {})
    monkeypatch.setattr(captures, "_last", (None, None))
    monkeypatch.setattr(captures, "_BY_TOTAL_LIMIT", 3)
    rng = random.Random(4)
    for rules in SUM_RULESETS[:3]:
        check_sum_tables(rules, rng, range(1, 9))
        assert len(captures.play_settings(rules).by_total) <= 3


@pytest.mark.slow  # 2,400 captures on crowded tables, each against every subset
@pytest.mark.parametrize("rules", SUM_RULESETS[:2] + SUM_RULESETS[5:6])
def test_tables_crowded_with_a_few_ranks_keep_their_captures(
    rules: sr.Ruleset,
) -> None:
    # Capturing by fifteen alone, a rank's count is capped at one more than
    # the card can take of it, so tables with two, three or four of it
    # share a description: each table still gets exactly its own captures,
    # whichever table asked first.
    rng = random.Random(5)
    by_rank = [[c for c in ALL if c.rank is rank] for rank in sr.Rank]
    for _ in range(400):
        table: list[sr.Card] = []
        for cards in rng.sample(by_rank, rng.randint(1, 4)):
            table += rng.sample(cards, rng.choice((1, 2, 3, 4)))
        rest = [c for c in ALL if c not in table]
        for card in rng.sample(rest, 6):
            found = sr.capture_options(rules, sr.CardSet(table), card)
            assert list(found) == sorted(found, key=lambda s: s.mask)
            assert {frozenset(s) for s in found} == set(
                oracle_captures(rules, table, card)
            )


def test_more_of_a_rank_than_a_card_can_take_still_gives_each_table_its_own() -> None:
    # An ace makes fifteen with cards worth 14: at most one king (10), two
    # sevens.  Two, three or four kings read alike to the captures by
    # fifteen, as do three or four sevens; the captures differ table by
    # table all the same.
    rules = sr.Ruleset.escoba()
    ace = sr.Card.parse("AD")
    kings = {"KH KS 4C": 2, "KH KS KC 4C": 3, "KH KS KC KD 4H": 4}
    for text, count in kings.items():
        found = sr.capture_options(rules, sr.CardSet(text), ace)
        assert len(found) == count  # a king and the four, any king
        assert {str(s) for s in found} == {
            str(sr.CardSet([king, four]))
            for king in sr.CardSet(text)
            if king.rank is sr.Rank.KING
            for four in sr.CardSet(text)
            if four.rank is sr.Rank.FOUR
        }
    for text in ("7H 7S 7C", "7H 7S 7C 7D"):
        found = sr.capture_options(rules, sr.CardSet(text), ace)
        assert {str(s) for s in found} == {
            str(sr.CardSet(pair)) for pair in itertools.combinations(text.split(), 2)
        }


def mapped_captures(
    rules: sr.Ruleset, text: str, card: sr.Card
) -> tuple[tuple[sr.CardSet, ...], object]:
    """The captures of ``card`` on the table ``text``, and what the pattern
    cache holds for it there."""
    table = sr.CardSet(text)
    entry = captures.table_entry(captures.play_settings(rules), table.mask)
    return sr.capture_options(rules, table, card), entry[card.index % 10]


def test_a_card_taking_some_of_a_rank_is_mapped_onto_each_table() -> None:
    # Three fives and a four on the table; a 5 makes fifteen with any two
    # fives.  Tables with the same ranks in other suits share the cache's
    # value, and each gets its own cards.
    rules = sr.Ruleset.escoba()
    five = sr.Card.parse("5D")
    for text in ("5H 5S 5C 4D", "5D 5S 5C 4H", "5D 5H 5S 4C"):
        found, held = mapped_captures(rules, text, five)
        fives = [c for c in sr.CardSet(text) if c.rank is sr.Rank.FIVE]
        assert [set(s) for s in found] == [
            set(pair) for pair in itertools.combinations(fives, 2)
        ]
        assert isinstance(held, captures.Pick)


def test_a_capture_taking_some_of_several_ranks_is_mapped_onto_each_table() -> None:
    # Two twos and two threes, and a king to play: fifteen takes one two
    # and one three, any of the four pairs; with an ace and a four on the
    # table as well, the king also takes those two, or both twos and the
    # ace.  The legal moves list them in the same order.
    rules = sr.Ruleset.escoba()
    king = sr.Card.parse("KD")
    for text in ("2H 2S 3H 3S AC 4C", "2D 2C 3S 3C AH 4S", "2H 2C 3D 3H AS 4D"):
        found, held = mapped_captures(rules, text, king)
        assert list(found) == sorted(found, key=lambda s: s.mask)
        assert {frozenset(s) for s in found} == set(
            oracle_captures(rules, list(sr.CardSet(text)), king)
        )
        assert len(found) == 6
        assert isinstance(held, captures.Choices)
        state = sr.GameState.from_position(
            rules,
            hands=["KD", "KS"],
            table=text,
            piles=["", sr.ALL_CARDS - sr.CardSet(text) - sr.CardSet("KD KS")],
            last_capturer=1,
        )
        assert [m.captured for m in state.legal_moves()] == [*found, sr.CardSet()]


@pytest.mark.parametrize("mode", list(sr.CaptureMode))
@pytest.mark.parametrize("ace_takes_all", [False, True])
def test_the_fifteen_cache_serves_exactly_the_rules_that_capture_by_fifteen_alone(
    mode: sr.CaptureMode, ace_takes_all: bool
) -> None:
    # The cache of captures by fifteen serves the rulesets that capture by
    # fifteen alone, with no ace's take-all.
    rules = sr.Ruleset(capture_mode=mode, ace_takes_all=ace_takes_all)
    alone = mode is sr.CaptureMode.FIFTEEN and not ace_takes_all
    assert captures.play_settings(rules).fifteen_alone is alone


def test_a_state_lists_the_mapped_captures_as_moves() -> None:
    rules = sr.Ruleset.escoba()
    dealt = sr.CardSet("5D 2H 3S 6C 5H 5S 5C 4D")
    state = sr.GameState.from_position(
        rules,
        hands=["5D 2H", "3S 6C"],
        table="5H 5S 5C 4D",
        piles=["", sr.ALL_CARDS - dealt],
        last_capturer=1,
    )
    assert [str(m) for m in state.legal_moves()] == [
        "5Dx5H5S",
        "5Dx5H5C",
        "5Dx5S5C",
        "5D",
        "2H",
    ]


# -- legal moves and apply ------------------------------------------------------


def oracle_moves(state: sr.GameState) -> list[sr.Move]:
    """Legal moves from the capture oracle and the compulsion rule."""
    rules = state.rules
    seat = state.current_player
    assert seat is not None
    table = list(state.table)
    per_card = []
    for card in state.hands[seat]:
        options = sorted(
            (sr.CardSet(s) for s in oracle_captures(rules, table, card)),
            key=lambda s: s.mask,
        )
        per_card.append((card, [sr.Move.capture(card, s) for s in options]))
    compulsion = rules.capture_compulsion
    anyone_captures = any(caps for _, caps in per_card)
    moves: list[sr.Move] = []
    for card, caps in per_card:
        moves.extend(caps)
        if compulsion is sr.CaptureCompulsion.NONE or (
            not caps
            and (compulsion is sr.CaptureCompulsion.PLAYED_CARD or not anyone_captures)
        ):
            moves.append(sr.Move.trail(card))
    return moves


@settings(max_examples=examples(150))
@given(
    rules=capture_rules(),
    compulsion=st.sampled_from(list(sr.CaptureCompulsion)),
    seed=st.integers(0, 2**32),
    plies=st.integers(0, 30),
)
def test_legal_moves_match_the_oracle_along_a_game(
    rules: sr.Ruleset, compulsion: sr.CaptureCompulsion, seed: int, plies: int
) -> None:
    rules = rules.replace(capture_compulsion=compulsion)
    state = sr.new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.phase is not sr.Phase.PLAY:
            break
        moves = state.legal_moves()
        assert list(moves) == oracle_moves(state)
        state = state.apply(rng.choice(moves))


def test_apply_accepts_an_equal_move_that_is_not_the_one_handed_out() -> None:
    state = sr.new_game(seed=7)
    handed = state.legal_moves()[0]
    twin = sr.Move.parse(str(handed))
    assert twin == handed
    assert twin is not handed
    assert state.apply(twin) == state.apply(handed)


def test_illegal_moves_still_raise_once_legal_moves_are_known() -> None:
    state = sr.new_game(seed=7)
    state.legal_moves()
    before = pickle.dumps(state)
    with pytest.raises(sr.IllegalMoveError, match="not in seat 0's hand"):
        state.apply(sr.Move.parse("AC"))
    with pytest.raises(sr.IllegalMoveError, match="not to move"):
        state.apply(state.legal_moves()[0], seat=1)
    assert pickle.dumps(state) == before


def finished_game() -> sr.GameState:
    state = sr.new_game(sr.Ruleset.scopa(target_score=1), seed=3)
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    return state


def test_even_an_unchecked_move_is_refused_when_the_game_is_over() -> None:
    over = finished_game()
    with pytest.raises(sr.IllegalMoveError, match="the game is over"):
        over.apply(sr.Move.parse("7D"), check=False)


# -- the next hand is dealt when first looked at ------------------------------


def end_of_first_hand(rules: sr.Ruleset, seed: int) -> sr.GameState:
    state = sr.new_game(rules, seed=seed)
    while state.hand_number == 0:
        state = state.apply(state.legal_moves()[0])
    return state


def count_shuffles(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    shuffled = sr.Deck.shuffled.__func__  # type: ignore[attr-defined]

    def counting(cls: type[sr.Deck], seed: int, number: int = 0) -> sr.Deck:
        calls.append(number)
        deck: sr.Deck = shuffled(cls, seed, number)
        return deck

    monkeypatch.setattr(sr.Deck, "shuffled", classmethod(counting))
    return calls


def test_scoring_a_hand_does_not_deal_the_next(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = count_shuffles(monkeypatch)
    state = end_of_first_hand(sr.Ruleset.scopa(), seed=11)
    assert calls == [0]
    # What a playout reads at the end of a hand needs no deal.
    assert state.hand_number == 1
    assert not state.is_over
    assert state.winner is None
    assert state.scores == state.last_hand.scores  # type: ignore[union-attr]
    assert state.dealer == 0
    assert state.seed == 11
    assert calls == [0]
    # Anything the deal decides deals it, once.
    assert len(state.hands[state.current_player]) == 3  # type: ignore[index]
    assert state.phase is sr.Phase.PLAY
    state.legal_moves()
    assert calls == [0, 1]


PENDING_READS: list[tuple[str, Any]] = [
    ("phase", lambda s: s.phase),
    ("hands", lambda s: s.hands),
    ("table", lambda s: s.table),
    ("stock", lambda s: s.stock),
    ("piles", lambda s: s.piles),
    ("sweeps", lambda s: s.sweeps),
    ("last_capturer", lambda s: s.last_capturer),
    ("first_card", lambda s: s.first_card),
    ("current_player", lambda s: s.current_player),
    ("legal_moves", lambda s: s.legal_moves()),
    ("position_key", lambda s: s.position_key()),
    ("hash", hash),
    ("pickle", lambda s: pickle.loads(pickle.dumps(s)).position_key()),
    ("render", lambda s: s.render()),
    ("record", lambda s: s.record().to_text()),
    ("view", lambda s: s.view(0).hand),
    ("apply", lambda s: s.apply(s.legal_moves()[0]).position_key()),
    (
        "unchecked apply",
        # The move comes from a twin, so that the apply is the first read.
        lambda s: s.apply(
            end_of_first_hand(s.rules, seed=4).legal_moves()[0], check=False
        ).position_key(),
    ),
]


@pytest.mark.parametrize(
    "rules", [sr.Ruleset.scopa(), sr.Ruleset.chkobba(), sr.Ruleset.escoba()]
)
@pytest.mark.parametrize(("name", "read"), PENDING_READS)
def test_a_pending_deal_reads_like_a_dealt_one(
    rules: sr.Ruleset, name: str, read: Any
) -> None:
    # Two copies of the same end of hand: one is dealt by a first read of
    # everything, the other is read first through `read`.
    dealt = end_of_first_hand(rules, seed=4)
    for _, look in PENDING_READS[:9]:
        look(dealt)
    pending = end_of_first_hand(rules, seed=4)
    first = read(pending)
    assert first == read(dealt)
    assert pending == dealt
    assert hash(pending) == hash(dealt)
    assert [look(pending) for _, look in PENDING_READS[:9]] == [
        look(dealt) for _, look in PENDING_READS[:9]
    ]


def test_a_pending_deal_equals_its_replay() -> None:
    for seed in range(5):
        state = end_of_first_hand(sr.Ruleset.scopa(players=4), seed=seed)
        assert state.record().final_state() == state
        assert sr.GameState.from_dict(state.to_dict()) == state


def test_crowded_tables_give_the_oracle_moves() -> None:
    rng = random.Random(8)
    # Any card may be trailed, so that any table can be crowded (under a
    # capture compulsion no two table cards beyond the dealt four share a value).
    free = sr.Ruleset.scopa(capture_rule="free", capture_compulsion="none")
    for rules in (free, sr.Ruleset.escoba()):
        for _ in range(25):
            cards = rng.sample(ALL, 16)
            hands = [sr.CardSet(cards[:3]), sr.CardSet(cards[3:6])]
            table = sr.CardSet(cards[6:])
            rest = sr.ALL_CARDS - table - hands[0] - hands[1]
            state = sr.GameState.from_position(
                rules, hands=hands, table=table, piles=[rest, ""], last_capturer=0
            )
            assert list(state.legal_moves()) == oracle_moves(state)


# -- a finished hand's record is built when first read -------------------------


def test_a_finished_hand_reads_the_same_whenever_it_is_built() -> None:
    rules = sr.Ruleset.scopa(target_score=21)
    read = end_of_first_hand(rules, seed=6)
    unread = end_of_first_hand(rules, seed=6)
    result = read.last_hand
    assert result is not None
    assert read.hand_results == (result,)
    assert read.last_hand is result  # built once
    assert result.score.totals == tuple(
        after - before for after, before in zip(result.scores, (0, 0), strict=True)
    )
    assert read.scores == result.scores
    # Equal, with one hash, whether or not the record was read first, and
    # through a pickle (which sends the built record).
    assert unread == read
    assert hash(unread) == hash(read)
    copy = pickle.loads(pickle.dumps(end_of_first_hand(rules, seed=6)))
    assert copy == read
    assert read == copy
    assert copy.hand_results == read.hand_results
    assert len(result.turns) == 36


def test_cappotto_ends_the_game_from_the_quick_totals() -> None:
    # Deal seat 0 every coin: cappotto on, the game ends with this hand.
    rules = sr.Ruleset.scopa(cappotto=True)
    coins = [c for c in ALL if c.suit is sr.Suit.DENARI]
    others = [c for c in ALL if c.suit is not sr.Suit.DENARI]
    state = sr.GameState.from_position(
        rules,
        hands=["", "KS"],
        table="",
        piles=[sr.CardSet(coins), sr.CardSet(others) - sr.CardSet("KS")],
        current_player=1,
        last_capturer=0,
    )
    over = state.apply(sr.Move.parse("KS"))
    assert over.is_over
    assert over.winner == 0
    assert over.last_hand is not None
    assert over.last_hand.score.cappotto_side == 0
