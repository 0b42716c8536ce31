"""A fixed, versioned action space for learning agents and game frameworks.

A learning agent needs a bounded set of action ids, the same in every
position, and a mask of the legal ones.  A :class:`Move` cannot be one id of
a bounded set: an Escoba table where everyone trailed can hold thirty cards,
and one played card may then have thousands of captures.  So a move is said
in short steps, each one action id of :data:`NUM_ACTIONS`:

========  ==========================  ==========================================
ids       action                      legal when
========  ==========================  ==========================================
0-39      play card *i*               the seat holds card *i* and may play it
40-79     take table card *i - 40*    after a play, while the capture is open
80        keep the first card         Chkobba, deciding on the first card
81        put the first card down     Chkobba, deciding on the first card
82        stop                        the cards taken so far (none: a trail)
                                      are a whole legal move, and a longer
                                      capture is legal too
83-95     reserved                    never, in version 1
========  ==========================  ==========================================

Card *i* is :attr:`Card.index` (``suit * 10 + rank - 1``, so 0 is AD and 6 is
7D).  A play whose card has a single legal move is that move, in one action:
most moves are.  When the card has several, the seat takes the table cards of
its capture one at a time, lowest index first, until only one legal move
remains; ``stop`` ends a capture that a longer one extends (a match capture
that a fifteen also covers, a normal capture beside the ace's take-all) or
trails a card that could capture.  Taking cards in one order only gives every
move exactly one action sequence (:func:`encode_move`) and back
(:func:`decode_actions`).

The reserved ids keep room for decisions later versions add, such as
Cirulla's declarations when a hand is dealt, without moving the ids above;
:data:`ACTION_ENCODING_VERSION` changes whenever an id changes meaning or a
reserved one is given one.

>>> import scopa_rules as sr
>>> rules = sr.Ruleset.scopa(capture_mode="match_or_fifteen")
>>> rest = sr.ALL_CARDS - sr.CardSet("5H AD 5S 5D")
>>> state = sr.GameState.from_position(
...     rules, hands=["5H", "AD"], table="5S 5D", piles=["", rest], last_capturer=1
... )
>>> [(str(move), sr.encode_move(state, move)) for move in state.legal_moves()]
[('5Hx5D', (14, 44, 82)), ('5Hx5S', (14, 64)), ('5Hx5D5S', (14, 44, 64))]
>>> point = sr.ActionState(state).apply(14).apply(44)
>>> [sr.describe_action(action) for action in point.legal_actions()]
['take 5S', 'stop']
>>> sr.decode_actions(state, (14, 44, 82))
Move.parse('5Hx5D')

``unchecked_point`` and ``action_flags``, outside ``__all__``, are the
adapters' and not part of the API.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable

import attrs

from .cards import Card, CardSet, set_of
from .errors import AmbiguousMoveError, IllegalMoveError, InvalidStateError, shown
from .moves import Move, MoveKind
from .observation import state_entries
from .state import GameState, Phase, move_text

__all__ = [
    "ACTION_ENCODING_VERSION",
    "KEEP_FIRST_CARD_ACTION",
    "NUM_ACTIONS",
    "STOP_ACTION",
    "TABLE_FIRST_CARD_ACTION",
    "TAKE_ACTION_BASE",
    "ActionState",
    "decode_action",
    "decode_actions",
    "describe_action",
    "encode_move",
]

ACTION_ENCODING_VERSION = 1
"""The version of the action ids; it changes whenever an id changes meaning."""
NUM_ACTIONS = 96
"""How many action ids there are, legal or not, in every position."""
TAKE_ACTION_BASE = 40
"""The id of taking table card 0; taking card *i* is ``TAKE_ACTION_BASE + i``."""
KEEP_FIRST_CARD_ACTION = 80
"""Chkobba: keep the first card of the deck."""
TABLE_FIRST_CARD_ACTION = 81
"""Chkobba: put the first card of the deck on the table."""
STOP_ACTION = 82
"""The capture is the cards taken so far (a trail if none)."""

_EMPTY = set_of(0)
_FIRST_CARD = Phase.FIRST_CARD  # a module constant: a lookup less a step
_CARDS = tuple(Card.from_index(index) for index in range(40))


@attrs.frozen
class ActionState:
    """A game state, and the move the seat to move has begun to say in
    action ids: the ``played`` card and the table cards ``taken`` so far.

    >>> import scopa_rules as sr
    >>> point = sr.ActionState(sr.new_game(seed=7))
    >>> point.legal_actions(), point.current_player
    ((2, 19, 34), 0)
    >>> point.apply(2).state.table
    CardSet('2D 3D 7H 2C QC')
    """

    state: GameState
    """The game, before the move being said."""
    played: Card | None = None
    """The card played, while its capture is still open."""
    taken: CardSet = _EMPTY
    """The table cards taken so far for ``played``."""
    # Worked out once: a framework asks for the legal actions, the mask and
    # the check of the chosen action, all of the same point.
    _legal: tuple[int, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.state, GameState):
            raise InvalidStateError(
                f"an action state needs a GameState, not {shown(self.state)}"
            )
        if not isinstance(self.taken, CardSet):
            raise InvalidStateError(f"taken must be a CardSet, not {shown(self.taken)}")
        if self.played is None:
            if self.taken:
                raise InvalidStateError(
                    f"cards taken ({self.taken}) need a played card to take them"
                )
            return
        if not isinstance(self.played, Card):
            raise InvalidStateError(
                f"played must be a Card or None, not {shown(self.played)}"
            )
        if not self.candidates():
            raise InvalidStateError(
                f"no legal move plays {self.played} and takes {self.taken or 'nothing'} "
                f"first (legal moves: {', '.join(map(str, self.state.legal_moves())) or 'none'})"
            )

    @property
    def current_player(self) -> int | None:
        """The seat whose action it is (``None`` once the game is over)."""
        return self.state.current_player

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.state.is_over

    def candidates(self) -> tuple[Move, ...]:
        """The legal moves still open: those of the played card that begin,
        lowest index first, with the cards taken so far (every legal move
        when no card is played yet)."""
        moves = self.state.legal_moves()
        card = self.played
        if card is None:
            return moves
        taken = self.taken.mask
        # Cards are taken lowest first, so an open capture holds exactly the
        # taken cards below the highest taken one.
        below = (1 << taken.bit_length()) - 1
        return tuple(
            move
            for move in moves
            if move.card is card
            and move.kind is MoveKind.PLAY
            and move.captured.mask & below == taken
        )

    def legal_actions(self) -> tuple[int, ...]:
        """The legal action ids, in increasing order.

        >>> import scopa_rules as sr
        >>> state = sr.new_game(sr.Ruleset.chkobba(), seed=1)
        >>> sr.ActionState(state).legal_actions()
        (80, 81)
        """
        legal = self._legal
        if legal is not None:
            return legal
        # Worked out in place, not by a method of its own: a framework asks
        # at every step, and in Python the call is a quarter of the work.
        if self.played is not None:
            legal = self._capture_actions()
        else:
            state = self.state
            moves = state.legal_moves()
            if state.phase is _FIRST_CARD:
                legal = (KEEP_FIRST_CARD_ACTION, TABLE_FIRST_CARD_ACTION)
            else:
                # The moves come grouped by card, in card order; a move
                # packs its card's index in the low six bits of its play.
                cards: list[int] = []
                last = -1
                for move in moves:
                    card = move._play & 63
                    if card != last:
                        cards.append(card)
                        last = card
                legal = tuple(cards)
        _set_legal(self, legal)
        return legal

    def _capture_actions(self) -> tuple[int, ...]:
        """The legal actions while the played card's capture is open."""
        taken = self.taken.mask
        actions = set()
        for move in self.candidates():
            rest = move.captured.mask & ~taken
            if rest:
                low = rest & -rest
                actions.add(TAKE_ACTION_BASE + low.bit_length() - 1)
            else:
                actions.add(STOP_ACTION)
        return tuple(sorted(actions))

    def action_mask(self) -> tuple[int, ...]:
        """:data:`NUM_ACTIONS` flags, 1 for each legal action id.

        >>> import scopa_rules as sr
        >>> mask = sr.ActionState(sr.new_game(seed=7)).action_mask()
        >>> len(mask), [i for i, legal in enumerate(mask) if legal]
        (96, [2, 19, 34])
        """
        return tuple(action_flags(self.legal_actions()))

    def step(self, action: int) -> Move | ActionState:
        """The move ``action`` completes, or the action state it leads to
        while the move is still open.

        >>> import scopa_rules as sr
        >>> point = sr.ActionState(sr.new_game(seed=7))
        >>> point.step(19)
        Move.parse('KH')
        """
        action = _action_id(action)
        legal = self.legal_actions()
        try:
            position = legal.index(action)
        except ValueError:
            raise IllegalMoveError(
                f"action {shown(action)} is not legal here "
                f"({self._situation()}); legal actions: {_actions_text(legal)}"
            ) from None
        if action in (KEEP_FIRST_CARD_ACTION, TABLE_FIRST_CARD_ACTION):
            kind = (
                MoveKind.KEEP_FIRST_CARD
                if action == KEEP_FIRST_CARD_ACTION
                else MoveKind.TABLE_FIRST_CARD
            )
            return next(m for m in self.state.legal_moves() if m.kind is kind)
        if self.played is None:
            moves = self.state.legal_moves()
            if len(moves) == len(legal):
                # One move per playable card (most positions): the moves
                # and the play ids are both in card order.
                return moves[position]
            card = _CARDS[action]
            open_point = unchecked_point(self.state, card)
        elif action == STOP_ACTION:
            return Move(self.played, self.taken)
        else:
            taken = self.taken.add(_CARDS[action - TAKE_ACTION_BASE])
            open_point = unchecked_point(self.state, self.played, taken)
        moves = open_point.candidates()
        return moves[0] if len(moves) == 1 else open_point

    def apply(self, action: int) -> ActionState:
        """The action state after ``action``: the next seat's, once it
        completes a move.

        >>> import scopa_rules as sr
        >>> point = sr.ActionState(sr.new_game(seed=7)).apply(19)
        >>> point.current_player, point.played
        (1, None)
        """
        state = self.state
        if type(action) is int and self.played is None:
            # Most actions: a card with a single move, or a first-card
            # decision.  Then the legal moves and actions pair up in order
            # (cards in card order; keep before table), as in step().
            legal = self._legal
            if legal is None:
                legal = self.legal_actions()
            moves = state.legal_moves()
            if len(moves) == len(legal) and action in legal:
                move = moves[legal.index(action)]
                return unchecked_point(state.apply(move, check=False))
        result = self.step(action)
        if isinstance(result, ActionState):
            return result
        return unchecked_point(state.apply(result, check=False))

    def observe(self, seat: int) -> tuple[float, ...]:
        """The observation of ``seat`` (see :func:`observe`): its view of the
        state and the open capture, whose cards lie face up.

        >>> import scopa_rules as sr
        >>> point = sr.ActionState(sr.new_game(seed=7))
        >>> point.observe(1) == sr.observe(point.state.view(1))
        True
        """
        return tuple(state_entries(self.state, seat, self.played, self.taken, False))

    def _situation(self) -> str:
        if self.played is None:
            return "no card played yet"
        taken = f", taken {self.taken}" if self.taken else ""
        return f"{self.played} played{taken}"

    def __copy__(self) -> ActionState:
        return self

    def __deepcopy__(self, memo: object) -> ActionState:
        return self


def unchecked_point(
    state: GameState, played: Card | None = None, taken: CardSet = _EMPTY
) -> ActionState:
    """An action state the encoding built itself, without the constructor's
    checks (a step makes one or two)."""
    point = ActionState.__new__(ActionState)
    _set_state(point, state)
    _set_played(point, played)
    _set_taken(point, taken)
    _set_legal(point, None)
    return point


def action_flags(actions: tuple[int, ...]) -> bytearray:
    """:data:`NUM_ACTIONS` bytes, 1 for each of ``actions``, the legal ones:
    the action mask the adapters hand out as an array."""
    flags = _NO_FLAGS.copy()
    for action in actions:
        flags[action] = 1
    return flags


# Copied, not made: bytearray(n) parses its arguments as a call does.
_NO_FLAGS = bytearray(NUM_ACTIONS)
# The slots' own setters: a frozen class's __setattr__ refuses, and
# object.__setattr__ costs twice as much, on every step of every framework.
_set_state: Callable[[ActionState, GameState], None] = ActionState.__dict__[
    "state"
].__set__
_set_played: Callable[[ActionState, Card | None], None] = ActionState.__dict__[
    "played"
].__set__
_set_taken: Callable[[ActionState, CardSet], None] = ActionState.__dict__[
    "taken"
].__set__
_set_legal: Callable[[ActionState, tuple[int, ...] | None], None] = (
    ActionState.__dict__["_legal"].__set__
)


def _action_id(action: object) -> int:
    """``action`` as a plain int (numpy's integers included)."""
    if not isinstance(action, bool):
        try:
            return operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise IllegalMoveError(f"an action id is an integer, not {shown(action)}")


def describe_action(action: int) -> str:
    """The action id in words, as game logs and frameworks print it.

    >>> import scopa_rules as sr
    >>> [sr.describe_action(a) for a in (6, 46, 80, 81, 82, 90)]
    ['play 7D', 'take 7D', 'keep', 'table', 'stop', 'reserved 90']
    """
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise IllegalMoveError(
            f"action ids are 0 to {NUM_ACTIONS - 1}, not {shown(action)}"
        )
    if action < TAKE_ACTION_BASE:
        return f"play {Card.from_index(action)}"
    if action < KEEP_FIRST_CARD_ACTION:
        return f"take {Card.from_index(action - TAKE_ACTION_BASE)}"
    names = {
        KEEP_FIRST_CARD_ACTION: "keep",
        TABLE_FIRST_CARD_ACTION: "table",
        STOP_ACTION: "stop",
    }
    return names.get(action, f"reserved {action}")


def encode_move(state: GameState, move: Move) -> tuple[int, ...]:
    """The action ids that say ``move`` in ``state``: one for most moves.

    >>> import scopa_rules as sr
    >>> state = sr.new_game(seed=7)
    >>> sr.encode_move(state, sr.Move.parse("KH"))
    (19,)
    >>> sr.encode_move(state, sr.Move.parse("KS"))
    Traceback (most recent call last):
    ...
    scopa_rules.errors.IllegalMoveError: cannot encode KS: KS is not in seat 0's hand (it is not among the cards it can see); it holds 3D KH 5C; legal moves: 3D, KH, 5C
    """
    reason = state.explain_illegal(move)
    if reason is not None:
        raise IllegalMoveError(f"cannot encode {move_text(move)}: {reason}")
    if move.kind is MoveKind.KEEP_FIRST_CARD:
        return (KEEP_FIRST_CARD_ACTION,)
    if move.kind is MoveKind.TABLE_FIRST_CARD:
        return (TABLE_FIRST_CARD_ACTION,)
    actions = [move.card.index]
    point = unchecked_point(state, move.card)
    while len(point.candidates()) > 1:
        rest = move.captured - point.taken
        if not rest:
            actions.append(STOP_ACTION)
            break
        low = min(rest)
        actions.append(TAKE_ACTION_BASE + low.index)
        point = unchecked_point(state, move.card, point.taken.add(low))
    return tuple(actions)


def decode_actions(state: GameState, actions: Iterable[int]) -> Move:
    """The move that the action ids say in ``state`` (see :func:`encode_move`).

    >>> import scopa_rules as sr
    >>> state = sr.new_game(seed=7)
    >>> sr.decode_actions(state, [19])
    Move.parse('KH')
    >>> sr.decode_actions(state, [19, 19])
    Traceback (most recent call last):
    ...
    scopa_rules.errors.IllegalMoveError: actions [19, 19] say more than one move: KH is complete after 1 of them
    """
    said = list(actions)
    point: Move | ActionState = ActionState(state)
    for count, action in enumerate(said):
        if isinstance(point, Move):
            raise IllegalMoveError(
                f"actions {shown(said)} say more than one move: "
                f"{point} is complete after {count} of them"
            )
        point = point.step(action)
    if isinstance(point, ActionState):
        raise AmbiguousMoveError(
            f"actions {shown(said)} leave the move open ({point._situation()}); "
            f"it goes on with one of {_actions_text(point.legal_actions())}"
        )
    return point


def decode_action(state: GameState, action: int) -> Move:
    """The move that the single action id ``action`` says in ``state``.

    >>> import scopa_rules as sr
    >>> rest = sr.ALL_CARDS - sr.CardSet("5H AD 5S 5D")
    >>> state = sr.GameState.from_position(
    ...     sr.Ruleset.scopa(), hands=["5H", "AD"], table="5S 5D", piles=["", rest],
    ...     last_capturer=1)
    >>> sr.decode_action(state, 14)
    Traceback (most recent call last):
    ...
    scopa_rules.errors.AmbiguousMoveError: actions [14] leave the move open (5H played); it goes on with one of 44 (take 5D), 64 (take 5S)
    """
    return decode_actions(state, [action])


def _actions_text(actions: Iterable[int]) -> str:
    text = ", ".join(f"{a} ({describe_action(a)})" for a in actions)
    return text or "none (no seat is to move)"
