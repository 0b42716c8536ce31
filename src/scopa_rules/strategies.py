"""Hypothesis strategies for property-testing code built on scopa_rules.

Install the extra (``pip install "scopa-rules[hypothesis]"``) and import the
module on its own: the core package never imports hypothesis.

>>> from hypothesis import given, settings
>>> from scopa_rules import strategies as sst

The strategies draw every value the library works with:

===========================  ==================================================
:func:`cards`                one card
:func:`card_sets`            a :class:`~scopa_rules.CardSet`
:func:`decks`                a deck order (:class:`~scopa_rules.Deck`)
:func:`presets`              each preset, for each player count it is played by
:func:`rulesets`             a random valid combination of every option
:func:`game_states`          a state reached by legal moves from a drawn deal
:func:`positions`            an arbitrary consistent mid-hand position
:func:`legal_moves`          a legal move of a state
:func:`illegal_moves`        a move that is illegal in a state, and why
===========================  ==================================================

Every strategy shrinks toward a small, readable example: the first cards in
card order (``AD 2D 3D ...``), the standard deck, two-player Scopa
(``Ruleset()``) with only the options a failure needs changed, few moves, and
the first legal move at each turn.  A property of a house rule reads like the
rule itself; here, "with ace takes all, an ace played onto a table without an
ace takes the whole table":

>>> @settings(max_examples=25, deadline=None)
... @given(sst.game_states(sst.rulesets(ace_takes_all=True, max_table_size=12)))
... def test_ace_takes_the_table(state):
...     if state.is_over:
...         return
...     ace_on_table = any(card.rank == 1 for card in state.table)
...     for move in state.legal_moves():
...         if move.card.rank == 1 and move.is_capture and not ace_on_table:
...             assert move.captured == state.table
>>> test_ace_takes_the_table()

The strategies draw only what the library accepts, so a failing test is about
the code under test, never about a bad example.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from types import SimpleNamespace
from typing import Any, Literal, NamedTuple

try:
    from hypothesis import assume
    from hypothesis import strategies as st
    from hypothesis.errors import InvalidArgument
except ModuleNotFoundError as missing:
    # Say which extra brings Hypothesis, not just that a module is missing.
    raise ModuleNotFoundError(
        "scopa_rules.strategies needs Hypothesis, an optional dependency: "
        'pip install "scopa-rules[hypothesis]"',
        name=missing.name,
    ) from missing

from ._reachable import most_shared, most_taken, shared_values, table_limit
from .cards import ALL_CARDS, Card, CardSet
from .dealing import initial_sweeps, needs_redeal
from .deck import Deck
from .errors import ScopaError
from .moves import Move
from .rules import (
    MAX_PLAYERS,
    OPTION_NAMES,
    OPTIONS,
    CaptureMode,
    OptionRow,
    Ruleset,
    redeal_chance,
)
from .state import GameState, Phase, new_game

__all__ = [
    "IllegalKind",
    "IllegalMove",
    "card_sets",
    "cards",
    "decks",
    "game_states",
    "illegal_moves",
    "legal_moves",
    "positions",
    "presets",
    "rulesets",
]

_CARDS: tuple[Card, ...] = tuple(ALL_CARDS)

# The largest initial table that game_states() and positions() draw by
# default.  A bigger table offers thousands of captures to a single card,
# and a test that looks at every legal move would crawl.
_GAME_TABLE = 12

# A game longer than this many moves is taken not to end.
_MAX_PLIES = 10_000

# Rulesets that redeal at least this often are refused by the library.
_MAX_REDEAL_CHANCE = 0.9


def _pool(cards: CardSet | str | Iterable[Card | str] | None, what: str) -> CardSet:
    if cards is None:
        return ALL_CARDS
    try:
        return cards if isinstance(cards, CardSet) else CardSet(cards)
    except ScopaError as error:
        raise InvalidArgument(f"{what}: {error}") from None


# -- cards --------------------------------------------------------------------------


def cards(
    within: CardSet | str | Iterable[Card | str] | None = None,
) -> st.SearchStrategy[Card]:
    """One card, from ``within`` (all 40 cards if not given).  Shrinks toward
    the first card in card order: ``AD``.

    Chkobba swaps the values of the jack and the queen, and changes nothing
    else:

    >>> from hypothesis import given, settings
    >>> from scopa_rules import Rank, Ruleset, strategies as sst
    >>> @settings(max_examples=25, deadline=None)
    ... @given(sst.cards())
    ... def test_chkobba_values(card):
    ...     italian = Ruleset.scopa().capture_value(card.rank)
    ...     chkobba = Ruleset.chkobba().capture_value(card.rank)
    ...     assert (italian == chkobba) == (card.rank not in (Rank.JACK, Rank.QUEEN))
    >>> test_chkobba_values()
    """
    pool = _pool(within, "cards(within=...)")
    if not pool:
        raise InvalidArgument("cards(within=...) needs at least one card")
    return st.sampled_from(tuple(pool))


def card_sets(
    *,
    min_size: int = 0,
    max_size: int | None = None,
    within: CardSet | str | Iterable[Card | str] | None = None,
) -> st.SearchStrategy[CardSet]:
    """A :class:`~scopa_rules.CardSet` of ``min_size`` to ``max_size`` cards
    from ``within`` (all 40 cards if not given).  Shrinks toward fewer cards,
    and earlier ones in card order.

    Under the default primiera rule (``all_suits``) a pile missing a suit
    never wins the primiera point:

    >>> from hypothesis import given, settings
    >>> from scopa_rules import ALL_CARDS, Ruleset, score_hand, strategies as sst
    >>> @settings(max_examples=25, deadline=None)
    ... @given(sst.card_sets())
    ... def test_missing_suit(pile):
    ...     score = score_hand(Ruleset.scopa(), [pile, ALL_CARDS - pile], [0, 0])
    ...     if len({card.suit for card in pile}) < 4:
    ...         assert score.sides[0].primiera_points == 0
    >>> test_missing_suit()
    """
    pool = tuple(_pool(within, "card_sets(within=...)"))
    top = len(pool) if max_size is None else max_size
    if not 0 <= min_size <= top <= len(pool):
        raise InvalidArgument(
            f"card_sets() needs 0 <= min_size <= max_size <= {len(pool)} (the cards "
            f"to draw from), not min_size={min_size}, max_size={max_size}"
        )
    if not pool:
        return st.just(CardSet())
    return st.lists(
        st.sampled_from(pool), min_size=min_size, max_size=top, unique=True
    ).map(CardSet)


def decks(*, top: str | Iterable[Card | str] = ()) -> st.SearchStrategy[Deck]:
    """A deck order.  ``top`` fixes the cards on top of the deck, in order
    (see :mod:`scopa_rules.dealing` for which card goes where); the rest are
    shuffled.  Shrinks toward the standard deck (:meth:`Deck.standard() <scopa_rules.Deck.standard>`).

    With the default deal, the 7th to 10th cards of a two-player deck are the
    table; three kings there make the same dealer deal again:

    >>> from hypothesis import given, settings
    >>> from scopa_rules import CardSet, Ruleset, new_game, strategies as sst
    >>> @settings(max_examples=25, deadline=None)
    ... @given(sst.decks(top="AD 2D 3D 4D 5D 6D KD KH KS"))
    ... def test_kings_redeal(deck):
    ...     state = new_game(Ruleset.scopa(), deck=deck, seed=1)
    ...     assert state.table != CardSet(deck[6:10])
    ...     assert state.dealer == 1 and state.hand_number == 0
    >>> test_kings_redeal()
    """
    items = top.replace(",", " ").split() if isinstance(top, str) else list(top)
    try:
        fixed = tuple(
            item if isinstance(item, Card) else Card.parse(item) for item in items
        )
    except ScopaError as error:
        raise InvalidArgument(f"decks(top=...): {error}") from None
    if len(set(fixed)) != len(fixed):
        raise InvalidArgument(f"decks(top=...) names a card twice: {top!r}")
    rest = [card for card in _CARDS if card not in fixed]
    return st.permutations(rest).map(lambda order: Deck((*fixed, *order)))


# -- rulesets -----------------------------------------------------------------------


def _players_pool(players: int | Iterable[int] | None, what: str) -> tuple[int, ...]:
    if players is None:
        return tuple(range(2, MAX_PLAYERS + 1))
    pool = (players,) if isinstance(players, int) else tuple(players)
    if not pool or not all(
        isinstance(n, int) and not isinstance(n, bool) and 2 <= n <= MAX_PLAYERS
        for n in pool
    ):
        raise InvalidArgument(
            f"{what}: players must be a count of 2 to {MAX_PLAYERS}, or several, "
            f"not {players!r}"
        )
    return tuple(sorted(set(pool)))


def presets(players: int | Iterable[int] | None = None) -> st.SearchStrategy[Ruleset]:
    """Each preset of :meth:`Ruleset.presets() <scopa_rules.Ruleset.presets>`, for each player count it is
    played by (only ``players``, if given).  Shrinks toward two-player Scopa.

    Every preset deals the whole deck: the table, then whole rounds to every
    seat:

    >>> from hypothesis import given, settings
    >>> from scopa_rules import strategies as sst
    >>> @settings(max_examples=25, deadline=None)
    ... @given(sst.presets())
    ... def test_whole_deals(rules):
    ...     dealt = rules.deals_per_hand * rules.players * rules.hand_size
    ...     assert rules.table_size + dealt == 40
    >>> test_whole_deals()
    """
    wanted = None if players is None else _players_pool(players, "presets()")
    choices = [
        preset.make(count)
        for preset in Ruleset.presets()
        for count in preset.players
        if wanted is None or count in wanted
    ]
    if not choices:
        raise InvalidArgument(f"no preset is played by {players!r} players")
    return st.sampled_from(choices)


def _default_first(values: Iterable[Any], default: Any) -> list[Any]:
    """``values`` with ``default`` moved to the front (where hypothesis
    shrinks to), if it is among them."""
    listed = list(values)
    if default in listed:
        listed.remove(default)
        listed.insert(0, default)
    return listed


def _choose(draw: st.DrawFn, values: Sequence[Any]) -> Any:
    """One of ``values``, shrinking toward the first.  It always makes one
    choice, even from a single value: hypothesis shrinks toward fewer
    choices before smaller ones, and a path with fewer choices (say, a table
    of 0 cards, where first_card_choice is not drawn) would otherwise shrink
    ahead of the defaults."""
    index = draw(st.integers(0, max(1, len(values) - 1)))
    return values[min(index, len(values) - 1)]


# The most seats a real table has: more are house games, drawn less often.
_TABLE_SEATS = 8


def _table_sizes(players: int, hand: int) -> list[int]:
    rounds = players * hand
    return [40 - k * rounds for k in range(1, 40 // rounds + 1)]


def _option_value(name: str, value: object) -> Any:
    changes: dict[str, Any] = {name: value}
    try:
        return Ruleset(**changes).options()[name]
    except ScopaError as error:
        raise InvalidArgument(f"rulesets(): {error}") from None


def _domain(row: OptionRow, dealt: Any) -> Sequence[Any]:
    """The values rulesets() draws for an option once the deal is drawn,
    the default first: its row's, both truths of a flag (only False when
    the deal lacks what it needs), or every choice of an enum."""
    if row.values:
        return row.values
    if row.type is not bool:
        return list(row.type)
    if not all(holds(dealt) for holds, _ in row.needs):
        return [False]
    default = row.default_for(dealt)
    return [default, not default]


_ROWS = {row.name: row for row in OPTIONS}


def _kings_allowed(table: int, kings: object) -> bool:
    """Whether the library accepts ``redeal_kings=kings`` with a table of
    ``table`` cards."""
    if kings is None:
        return True
    if not isinstance(kings, int) or isinstance(kings, bool) or not 1 <= kings <= 4:
        return False
    return table < kings or redeal_chance(table, kings) < _MAX_REDEAL_CHANCE


def rulesets(
    *,
    players: int | Iterable[int] | None = None,
    max_table_size: int = 39,
    **options: Any,
) -> st.SearchStrategy[Ruleset]:
    """A random valid combination of every option of :class:`~scopa_rules.Ruleset`.

    ``players`` is a player count or several (every count the library
    accepts, 2 to :data:`~scopa_rules.MAX_PLAYERS`, if not given: one ruleset
    in eight or so has more than the 8 players a real table seats);
    ``max_table_size`` bounds the initial table (big tables make for slow
    tests: a card may capture in thousands of ways); any other keyword pins
    that option (``rulesets(capture_mode="fifteen")``).  Only combinations the
    library accepts are drawn.  Shrinks toward ``Ruleset()``, classic
    two-player Scopa: each option to its default unless the test needs
    another value, so a failure names exactly the options it depends on.
    Combine with :func:`presets` for named games: ``presets() | rulesets()``.

    A kings redeal never leaves a table with too many kings, under any rules:

    >>> from hypothesis import given, settings
    >>> from scopa_rules import Phase, Rank, new_game, strategies as sst
    >>> @settings(max_examples=25, deadline=None)
    ... @given(sst.rulesets(), sst.decks())
    ... def test_no_kings_left(rules, deck):
    ...     state = new_game(rules, deck=deck, seed=0)
    ...     kings = sum(card.rank == Rank.KING for card in state.table)
    ...     if rules.redeal_kings is not None and state.phase is Phase.PLAY:
    ...         assert kings < rules.redeal_kings
    >>> test_no_kings_left()
    """
    for name in options:
        if name not in OPTION_NAMES or name == "players":
            hint = " (use players=...)" if name == "players" else ""
            raise InvalidArgument(f"rulesets() has no option {name!r}{hint}")
    pool = _players_pool(players, "rulesets()")
    if not isinstance(max_table_size, int) or not 0 <= max_table_size <= 39:
        raise InvalidArgument(
            f"rulesets(max_table_size=...) must be 0 to 39, not {max_table_size!r}"
        )
    pinned_mode = (
        _option_value("capture_mode", options["capture_mode"])
        if "capture_mode" in options
        else None
    )
    if (
        options.get("initial_fifteen_sweeps") is True
        and pinned_mode is CaptureMode.MATCH
    ):
        raise InvalidArgument(
            "rulesets(): initial_fifteen_sweeps needs capture_mode fifteen or "
            "match_or_fifteen"
        )
    need_table = bool(
        options.get("first_card_choice") or options.get("initial_fifteen_sweeps")
    )
    pinned_kings = options.get("redeal_kings", "unpinned")
    layouts: dict[int, list[tuple[int, list[int]]]] = {}
    for count in pool:
        if options.get("partnerships") is True and (count < 4 or count % 2):
            continue
        hands = (
            [options["hand_size"]]
            if "hand_size" in options
            else _default_first(range(1, 40 // count + 1), 3)
        )
        found: list[tuple[int, list[int]]] = []
        for hand in hands:
            if not isinstance(hand, int) or hand < 1:
                raise InvalidArgument(f"rulesets(): hand_size {hand!r} is not a count")
            tables = [
                t
                for t in _table_sizes(count, hand)
                if (t >= 1 or not need_table)
                and (
                    t == options["table_size"]
                    if "table_size" in options
                    else t <= max_table_size
                )
                and (pinned_kings == "unpinned" or _kings_allowed(t, pinned_kings))
            ]
            if tables:
                found.append((hand, _default_first(sorted(tables), 4)))
        if found:
            layouts[count] = found
    if not layouts:
        pinned = {
            k: v
            for k, v in options.items()
            if k in ("hand_size", "table_size", "redeal_kings", "partnerships")
        }
        raise InvalidArgument(
            f"rulesets(): no deal fits players={players!r}, "
            f"max_table_size={max_table_size} and {pinned or 'the other options'}"
        )
    counts = sorted(layouts)
    # The house games of many seats are drawn, not the rule: a few of them
    # reach the edge, and the rest are the games people play.
    tables_seat = [count for count in counts if count <= _TABLE_SEATS]
    crowds = [count for count in counts if count > _TABLE_SEATS]

    def pick(draw: st.DrawFn, name: str, values: Sequence[Any]) -> Any:
        return options[name] if name in options else _choose(draw, values)

    @st.composite
    def draw_ruleset(draw: st.DrawFn) -> Ruleset:
        if tables_seat and crowds:
            crowded = draw(st.integers(0, 7)) == 7
            count = _choose(draw, crowds if crowded else tables_seat)
        else:
            count = _choose(draw, counts)
        hand, tables = _choose(draw, layouts[count])
        table = _choose(draw, tables)
        mode = _option_value(
            "capture_mode",
            pick(
                draw,
                "capture_mode",
                [m for m in CaptureMode if m is not CaptureMode.MATCH]
                if options.get("initial_fifteen_sweeps") is True
                else list(CaptureMode),
            ),
        )
        # The same choice means the same number of kings on any table (None
        # where that many would redeal too often), so that shrinking the
        # table does not change the kings drawn.
        kings = pick(draw, "redeal_kings", _ROWS["redeal_kings"].values)
        if "redeal_kings" not in options and not _kings_allowed(table, kings):
            kings = None
        aces = pick(draw, "redeal_aces", _ROWS["redeal_aces"].values)
        if "redeal_aces" not in options and not (
            _kings_allowed(table, aces)
            and redeal_chance(table, kings, aces) < _MAX_REDEAL_CHANCE
        ):
            aces = None
        drawn: dict[str, Any] = {
            "players": count,
            "hand_size": hand,
            "table_size": table,
            "capture_mode": mode,
            "redeal_kings": kings,
            "redeal_aces": aces,
        }
        dealt = SimpleNamespace(**drawn)
        for row in OPTIONS:
            if row.name not in drawn and row.name != "target_score":
                drawn[row.name] = pick(draw, row.name, _domain(row, dealt))
        drawn["target_score"] = (
            options["target_score"]
            if "target_score" in options
            else draw(st.just(11) | st.integers(1, 31))
        )
        try:
            return Ruleset(**drawn)
        except ScopaError as error:
            raise InvalidArgument(
                f"rulesets() cannot make a ruleset of these options: {error}"
            ) from None

    return draw_ruleset()


def _rules_strategy(
    rules: Ruleset | st.SearchStrategy[Ruleset] | None, what: str
) -> st.SearchStrategy[Ruleset]:
    if rules is None:
        return presets() | rulesets(max_table_size=_GAME_TABLE)
    if isinstance(rules, Ruleset):
        return st.just(rules)
    if isinstance(rules, st.SearchStrategy):
        return rules
    raise InvalidArgument(
        f"{what}: rules must be a Ruleset or a strategy of them, not {rules!r}"
    )


# -- states -------------------------------------------------------------------------


def _play_on(draw: st.DrawFn, state: GameState) -> GameState:
    moves = state.legal_moves()
    return state.apply(moves[draw(st.integers(0, len(moves) - 1))])


def game_states(
    rules: Ruleset | st.SearchStrategy[Ruleset] | None = None,
    *,
    max_moves: int = 100,
    finish: Literal["hand", "game"] | None = None,
) -> st.SearchStrategy[GameState]:
    """A state a real game reaches: ``rules`` (a ruleset, or a strategy of
    them; by default a preset or random rules with at most 12 cards on the
    initial table), a first deck drawn by :func:`decks` and a drawn seed for
    the decks after it, then up to ``max_moves`` legal moves, each drawn from
    the state's legal moves.  ``finish="hand"`` then plays on (with drawn
    moves) to the end of the hand in progress, ``finish="game"`` to the end of
    the game.  The state may be over (:attr:`~scopa_rules.GameState.is_over`), unless the
    game ends later than the moves drawn.  Shrinks toward two-player Scopa
    from the standard deck, few moves, and the first legal move each turn.

    The cards left on the table at the end of a hand go to the side that
    captured last, and never as a sweep:

    >>> from hypothesis import given, settings
    >>> from scopa_rules import strategies as sst
    >>> @settings(max_examples=15, deadline=None)
    ... @given(sst.game_states(finish="hand"))
    ... def test_leftover(state):
    ...     hand = state.hand_results[-1]
    ...     capturers = [turn.seat for turn in hand.turns if turn.move.is_capture]
    ...     if capturers:
    ...         assert hand.leftover_side == state.side_of(capturers[-1])
    ...         assert hand.leftover <= hand.piles[hand.leftover_side]
    ...     elif not state.rules.initial_fifteen_sweeps:
    ...         assert hand.leftover_side is None
    >>> test_leftover()
    """
    ruleset_strategy = _rules_strategy(rules, "game_states()")
    if not isinstance(max_moves, int) or max_moves < 0:
        raise InvalidArgument(
            f"game_states(max_moves=...) must be 0 or more, not {max_moves!r}"
        )
    if finish not in (None, "hand", "game"):
        raise InvalidArgument(
            f"game_states(finish=...) must be None, 'hand' or 'game', not {finish!r}"
        )

    @st.composite
    def draw_state(draw: st.DrawFn) -> GameState:
        chosen = draw(ruleset_strategy)
        deck = draw(decks())
        seed = draw(st.integers(0, 2**32 - 1))
        state = new_game(chosen, deck=deck, seed=seed)
        for _ in range(draw(st.integers(0, max_moves))):
            if state.is_over:
                return state
            state = _play_on(draw, state)
        if finish is None:
            return state
        hands_done = len(state.hand_results)
        plies = 0
        while not (
            state.is_over or (finish == "hand" and len(state.hand_results) > hands_done)
        ):
            assert plies < _MAX_PLIES, (
                f"the game did not end in {_MAX_PLIES} moves: {state!r}"
            )
            state = _play_on(draw, state)
            plies += 1
        return state

    return draw_state()


def positions(
    rules: Ruleset | st.SearchStrategy[Ruleset] | None = None,
    *,
    max_table_size: int = _GAME_TABLE,
) -> st.SearchStrategy[GameState]:
    """An arbitrary consistent mid-hand position, made with
    :meth:`GameState.from_position() <scopa_rules.GameState.from_position>`: the 40 cards of a drawn deck order split
    into hands (read in playing order from the seat to move, some hold ``k``
    cards and the rest ``k - 1``), a stock of whole deals after the first, a
    table of at most ``max_table_size`` cards (and no more than the rules
    let a table hold, with no more cards sharing a value than the deal lays
    there where a card that can capture must), and piles only for sides
    whose seats have played, never of a single card nor of more than their
    plays can capture; sweeps (at most one for every two cards of a pile and
    for every card the side played, with a trail between two), scores below
    the target, and a last capturer exactly when a side has captured, a seat
    that has played for a side that has.  These are the conditions
    ``from_position`` checks, so every position drawn could occur in a real
    game.  None follows an initial fifteen sweep.  ``rules`` is a ruleset or a strategy
    of them, as for :func:`game_states`.  Later hands are dealt from a drawn
    seed.  Shrinks toward two-player Scopa with seat 0 to play the last card
    of the hand, ``AD``, onto an empty table.

    By default the very last card of a hand never scores a sweep
    (``last_card_sweep_counts``), even when it clears the table:

    >>> from hypothesis import given, settings
    >>> from hypothesis import strategies as st
    >>> from scopa_rules import Ruleset, strategies as sst
    >>> @settings(max_examples=25, deadline=None)
    ... @given(sst.positions(Ruleset.scopa()), st.data())
    ... def test_last_card(state, data):
    ...     move = data.draw(sst.legal_moves(state))
    ...     last = not state.stock and sum(len(hand) for hand in state.hands) == 1
    ...     if last:
    ...         side = state.side_of(state.current_player)
    ...         hand = state.apply(move).hand_results[-1]
    ...         assert hand.score.sides[side].sweeps == state.sweeps[side]
    >>> test_last_card()
    """
    ruleset_strategy = _rules_strategy(rules, "positions()")
    if not isinstance(max_table_size, int) or max_table_size < 0:
        raise InvalidArgument(
            f"positions(max_table_size=...) must be 0 or more, not {max_table_size!r}"
        )

    @st.composite
    def draw_position(draw: st.DrawFn) -> GameState:
        chosen = draw(ruleset_strategy)
        players, sides, dealt = chosen.players, chosen.sides, chosen.table_size
        to_move = draw(st.integers(0, players - 1))
        held = draw(st.integers(1, chosen.hand_size))
        full = draw(st.integers(1, players))
        sizes_in_order = [held] * full + [held - 1] * (players - full)
        sizes = [0] * players
        for offset, size in enumerate(sizes_in_order):
            sizes[(to_move + offset) % players] = size
        deal = players * chosen.hand_size
        # The deals left in the stock: the first one has been dealt.
        deals = draw(st.integers(0, chosen.deals_per_hand - 1))
        each = (chosen.deals_per_hand - deals) * chosen.hand_size
        played = [each - size for size in sizes]
        by_side = [
            sum(played[seat] for seat in chosen.seats_of(side)) for side in range(sides)
        ]
        plays = sum(played)
        rest = dealt + plays  # the table's cards and the piles'
        # Every nonempty pile is a capture at least, and a capture needs a
        # card on the table: the dealt one, or a card trailed before it.
        opened = 1 if dealt else 0
        capturing = [side for side in range(sides) if by_side[side]]
        capturing = capturing[: max(0, plays + opened - 1)]
        taken = most_taken(chosen)
        caps = [40 if taken is None else taken * by_side[side] for side in capturing]
        most = min(rest, max_table_size, table_limit(chosen))
        fewest = max(0, rest - sum(caps))
        assume(fewest <= most)
        # A pile never holds a single card, nor do the piles together.
        counts = [count for count in range(fewest, most + 1) if rest - count != 1]
        assume(counts)
        table_count = draw(st.sampled_from(counts))
        pile_sizes = [0] * sides
        left = rest - table_count
        for at, side in enumerate(capturing):
            if at == len(capturing) - 1:
                size = left
            else:
                low, high = max(0, left - sum(caps[at + 1 :])), min(caps[at], left)
                size = draw(st.integers(low, high))
                if size == 1:
                    size = 0 if low == 0 else 2
                if left - size == 1:
                    size += 1 if size < high else -1  # nor may the rest be one card
            assume(size != 1 and 0 <= size <= min(caps[at], left))
            pile_sizes[side] = size
            left -= size
        assume(left == 0)
        # The table: equal values only as many as the deal lays together
        # (where a card whose value lies there must capture).
        order = draw(st.permutations(_CARDS))
        table = CardSet()
        shared = most_shared(chosen)
        for card in order:
            more = table | CardSet([card])
            if len(table) < table_count and len(shared_values(chosen, more)) <= shared:
                table = more
        assume(len(table) == table_count)
        # Before any play the table is as dealt: one the deal keeps, not
        # swept at once.
        assume(plays or not needs_redeal(chosen, table.mask))
        assume(plays or not initial_sweeps(chosen, table.mask))
        others = [card for card in order if card not in table]
        at = 0
        hands: list[CardSet] = [CardSet()] * players
        for offset, size in enumerate(sizes_in_order):
            hands[(to_move + offset) % players] = CardSet(others[at : at + size])
            at += size
        stock = others[at : at + deals * deal]
        at += deals * deal
        piles: list[CardSet] = []
        for size in pile_sizes:
            piles.append(CardSet(others[at : at + size]))
            at += size
        # Sweeps: at most one for every two cards of a pile and for every
        # card the side played, and each after the first needs a trail.
        sweeps = [0] * sides

        def plays_needed(counts: list[int]) -> int:
            captures = sum(max(1, counts[side]) for side in range(sides) if piles[side])
            start = 1 if captures else 0
            return captures + max(0, max(sum(counts), start) - opened)

        for side in range(sides):
            high = max(
                count
                for count in range(min(3, len(piles[side]) // 2, by_side[side]) + 1)
                if plays_needed([*sweeps[:side], count, *sweeps[side + 1 :]]) <= plays
            )
            sweeps[side] = draw(st.integers(0, high))
        top = max(0, chosen.target_score - 1)
        scores = [draw(st.integers(0, top)) for _ in range(sides)]
        capturers = [
            seat
            for seat in range(players)
            if piles[chosen.side_of(seat)] and played[seat]
        ]
        last_capturer = draw(st.sampled_from(capturers)) if capturers else None
        return GameState.from_position(
            chosen,
            hands=hands,
            table=table,
            stock=stock,
            piles=piles,
            sweeps=sweeps,
            scores=scores,
            current_player=to_move,
            last_capturer=last_capturer,
            seed=draw(st.integers(0, 2**32 - 1)),
        )

    return draw_position()


# -- moves --------------------------------------------------------------------------


def legal_moves(state: GameState) -> st.SearchStrategy[Move]:
    """One of the legal moves of ``state``.  Shrinks toward the first in the
    documented order of :meth:`GameState.legal_moves() <scopa_rules.GameState.legal_moves>`.  A state with no legal
    move (the game is over, or waits for a deck) is an
    :class:`~hypothesis.errors.InvalidArgument`.

    Under the default capture rule (``single_first``) a card that matches a
    table card never takes a sum:

    >>> from hypothesis import given, settings
    >>> from hypothesis import strategies as st
    >>> from scopa_rules import Ruleset, strategies as sst
    >>> @settings(max_examples=25, deadline=None)
    ... @given(sst.game_states(Ruleset.scopa(), max_moves=30), st.data())
    ... def test_single_first(state, data):
    ...     if state.is_over:
    ...         return
    ...     move = data.draw(sst.legal_moves(state))
    ...     if any(card.rank == move.card.rank for card in state.table):
    ...         assert len(move.captured) == 1
    >>> test_single_first()
    """
    moves = state.legal_moves()
    if not moves:
        raise InvalidArgument(f"no move is legal in {state!r}")
    return st.sampled_from(moves)


class IllegalKind(str, enum.Enum):
    """Why a move drawn by :func:`illegal_moves` is illegal."""

    WRONG_SEAT = "wrong_seat"
    """A legal move, claimed by a seat that is not to move
    (``state.apply(move, seat=seat)``)."""
    NOT_IN_HAND = "not_in_hand"
    """A card the seat to move does not hold: in another hand, on the table,
    in a pile or in the stock (or, while a Chkobba first card waits for its
    decision, any play, or a decision on another card)."""
    FORBIDDEN_CAPTURE = "forbidden_capture"
    """A card from the hand capturing a set the rules forbid: table cards
    that are not a legal capture, or cards that are not on the table."""
    MUST_CAPTURE = "must_capture"
    """A trail of a card that must capture (``capture_compulsion``)."""
    GAME_OVER = "game_over"
    """Any move, after the game's end."""

    def __str__(self) -> str:
        return str(self.value)


class IllegalMove(NamedTuple):
    """A move that is illegal in a state, the seat that claims it (``None``
    for the seat to move) and why: try it with
    ``state.apply(illegal.move, seat=illegal.seat)``."""

    move: Move
    seat: int | None
    kind: IllegalKind


# NamedTuple fields take no docstrings in the class body; documented here so
# the API reference does not say "Alias for field number 0".
IllegalMove.move.__doc__ = "The illegal move."
IllegalMove.seat.__doc__ = (
    "The seat that claims the move, or ``None`` for the seat to move."
)
IllegalMove.kind.__doc__ = "Why the move is illegal."


def _with(kind: IllegalKind, seat: int | None = None) -> Any:
    return lambda move: IllegalMove(move, seat, kind)


def _subsets(pool: Iterable[Card], most: int) -> st.SearchStrategy[CardSet]:
    items = tuple(pool)
    if not items:
        return st.just(CardSet())
    return st.lists(
        st.sampled_from(items), max_size=min(most, len(items)), unique=True
    ).map(CardSet)


def _illegal_kinds(
    state: GameState,
) -> dict[IllegalKind, st.SearchStrategy[IllegalMove]]:
    """The strategy of each kind of illegal move that ``state`` admits."""
    found: dict[IllegalKind, st.SearchStrategy[IllegalMove]] = {}
    if state.is_over:
        seats = st.none() | st.integers(0, state.rules.players - 1)
        plays = st.builds(
            lambda card, taken: Move(card, taken - CardSet([card])),
            cards(),
            _subsets(_CARDS, 3),
        )
        decisions = st.builds(
            lambda card, keep: (
                Move.keep_first_card(card) if keep else Move.table_first_card(card)
            ),
            cards(),
            st.booleans(),
        )
        found[IllegalKind.GAME_OVER] = st.builds(
            lambda move, seat: IllegalMove(move, seat, IllegalKind.GAME_OVER),
            plays | decisions,
            seats,
        )
        return found
    seat = state.current_player
    if seat is None:
        return found
    players = state.rules.players
    legal = state.legal_moves()
    others = [(seat + k) % players for k in range(1, players)]
    found[IllegalKind.WRONG_SEAT] = st.builds(
        lambda move, other: IllegalMove(move, other, IllegalKind.WRONG_SEAT),
        st.sampled_from(legal),
        st.sampled_from(others),
    )
    hand = state.hands[seat]
    if state.phase is Phase.FIRST_CARD:
        first = state.first_card
        plays = st.sampled_from(_CARDS).map(Move.trail)
        other_cards = tuple(card for card in _CARDS if card is not first)
        decisions = st.builds(
            lambda card, keep: (
                Move.keep_first_card(card) if keep else Move.table_first_card(card)
            ),
            st.sampled_from(other_cards),
            st.booleans(),
        )
        found[IllegalKind.NOT_IN_HAND] = (plays | decisions).map(
            _with(IllegalKind.NOT_IN_HAND)
        )
        return found
    # Cards held by other seats first: they shrink to the most telling case.
    elsewhere = [card for other in others for card in state.hands[other]]
    elsewhere += [card for card in _CARDS if card not in hand and card not in elsewhere]
    table = state.table

    @st.composite
    def not_in_hand(draw: st.DrawFn) -> IllegalMove:
        card = draw(st.sampled_from(elsewhere))
        taken = draw(_subsets((c for c in table if c is not card), 4))
        return IllegalMove(Move(card, taken), None, IllegalKind.NOT_IN_HAND)

    found[IllegalKind.NOT_IN_HAND] = not_in_hand()
    legal_set = set(legal)

    @st.composite
    def forbidden_capture(draw: st.DrawFn) -> IllegalMove:
        card = draw(st.sampled_from(tuple(hand)))
        taken = draw(_subsets(table, len(table)))
        if not taken or Move(card, taken) in legal_set:
            off_table = [c for c in _CARDS if c not in table and c is not card]
            taken = taken.add(draw(st.sampled_from(off_table)))
        return IllegalMove(Move(card, taken), None, IllegalKind.FORBIDDEN_CAPTURE)

    found[IllegalKind.FORBIDDEN_CAPTURE] = forbidden_capture()
    forced = [Move.trail(card) for card in hand if Move.trail(card) not in legal_set]
    if forced:
        found[IllegalKind.MUST_CAPTURE] = st.sampled_from(forced).map(
            _with(IllegalKind.MUST_CAPTURE)
        )
    return found


def illegal_moves(
    state: GameState, kinds: Iterable[IllegalKind | str] | None = None
) -> st.SearchStrategy[IllegalMove]:
    """A move that is illegal in ``state``, as an :class:`IllegalMove`
    (the move, the seat that claims it, and its :class:`IllegalKind`).

    ``kinds`` limits the kinds drawn (all that ``state`` admits if not given);
    asking only for kinds the state cannot have (a trail that must capture
    under ``capture_compulsion="none"``, say) is an
    :class:`~hypothesis.errors.InvalidArgument`.  Every state a game reaches
    admits some kind: ``game_over`` once it is over, the others while a seat
    is to move.  Shrinks toward the first kind the state admits, in the
    order of :class:`IllegalKind`, and its simplest move.

    An illegal move is refused with :class:`~scopa_rules.IllegalMoveError`,
    and the state is left as it was:

    >>> import pytest
    >>> from hypothesis import given, settings
    >>> from hypothesis import strategies as st
    >>> from scopa_rules import IllegalMoveError, strategies as sst
    >>> @settings(max_examples=25, deadline=None)
    ... @given(sst.game_states(max_moves=40), st.data())
    ... def test_refused(state, data):
    ...     illegal = data.draw(sst.illegal_moves(state))
    ...     assert not state.is_legal(illegal.move, seat=illegal.seat)
    ...     with pytest.raises(IllegalMoveError):
    ...         state.apply(illegal.move, seat=illegal.seat)
    >>> test_refused()
    """
    found = _illegal_kinds(state)
    if kinds is None:
        wanted = list(IllegalKind)
    else:
        try:
            wanted = [IllegalKind(kind) for kind in kinds]
        except ValueError:
            raise InvalidArgument(
                f"illegal_moves(kinds=...) takes kinds of IllegalKind "
                f"({', '.join(kind.value for kind in IllegalKind)}), not {kinds!r}"
            ) from None
    chosen = [found[kind] for kind in IllegalKind if kind in wanted and kind in found]
    if not chosen:
        admitted = ", ".join(kind.value for kind in found) or "none"
        raise InvalidArgument(
            f"{state!r} admits no illegal move of the kinds asked for; it admits: "
            f"{admitted}"
        )
    return st.one_of(chosen)
