"""Why a move is illegal: the messages of
:meth:`~scopa_rules.GameState.explain_illegal` and of
:class:`~scopa_rules.IllegalMoveError`.  Each says what was wrong and what
would be legal, and names only places every seat can see, since a UI shows
it to the player who tried the move.

A state answers "legal" for an ordinary play itself; this module is
imported the first time a move is refused.

>>> import scopa_rules as sr
>>> from scopa_rules._explain import illegal_reason
>>> state = sr.new_game(seed=7)
>>> print(illegal_reason(state, sr.Move.parse("3D"), 1))
seat 1 is not to move: it is seat 0's turn
>>> illegal_reason(state, sr.Move.parse("3D"), None) is None
True
"""

from __future__ import annotations

from .captures import ace_takes_table, capture_masks
from .cards import Card, CardSet
from .errors import shown
from .moves import Move, MoveKind
from .rules import CaptureCompulsion, CaptureMode, CaptureRule
from .state import GameState, Phase, is_seat, moves_text, scores_text

__all__: list[str] = []


def illegal_reason(state: GameState, move: object, seat: int | None) -> str | None:
    """Why ``move``, claimed by ``seat`` if given, is illegal in ``state``, or
    ``None`` if it is legal (see :meth:`GameState.explain_illegal`)."""
    if not isinstance(move, Move):
        return f"{shown(move)} is not a Move (parse move text with Move.parse)"
    if seat is not None and not is_seat(seat, state.rules.players):
        return f"{shown(seat)} is not a seat: seats are 0 to {state.rules.players - 1}"
    phase = state.phase
    if (
        phase is Phase.PLAY
        and (seat is None or seat == state.current_player)
        and state._is_legal_play(move)
    ):
        return None
    if phase is Phase.OVER:
        return (
            f"the game is over (side {state.winner} won, scores "
            f"{scores_text(state.scores)}): no move is legal"
        )
    if phase is Phase.AWAITING_DEAL:
        return "the hand is over and the next deck is not dealt: call state.deal(deck)"
    to_move = state.current_player
    assert to_move is not None  # a hand in play, or its first card
    if seat is not None and seat != to_move:
        return f"seat {seat} is not to move: it is seat {to_move}'s turn"
    if phase is Phase.FIRST_CARD:
        legal = state.legal_moves()
        if move in legal:
            return None
        return (
            f"seat {to_move} must first decide on the first card: "
            f"legal moves are {moves_text(legal)}"
        )
    if move.kind is not MoveKind.PLAY:
        return (
            "there is no first-card decision to make now; legal moves: "
            + moves_text(state.legal_moves())
        )
    card = move.card
    hand = state.hands[to_move]
    if card not in hand:
        where = _place_of(state, card)
        return (
            f"{card} is not in seat {to_move}'s hand ({where}); it holds {hand}; "
            f"legal moves: {moves_text(state.legal_moves())}"
        )
    off_table = move.captured - state.table
    if off_table:
        with_card = tuple(m for m in state.legal_moves() if m.card is card)
        return (
            f"{off_table} {'is' if len(off_table) == 1 else 'are'} not on the "
            f"table, which holds {state.table or 'nothing'}; legal with {card}: "
            f"{moves_text(with_card)}"
        )
    legal = state.legal_moves()
    with_card = tuple(m for m in legal if m.card is card)
    reason = _capture_reason(state, move, legal)
    if with_card:
        return f"{reason}; legal with {card}: {moves_text(with_card)}"
    return f"{reason}; legal moves: {moves_text(legal)}"


def _place_of(state: GameState, card: Card) -> str:
    # Only public places are named: the message may be shown to the
    # player, who must not learn where a hidden card is.
    if card in state.table:
        return "it is on the table"
    for side, pile in enumerate(state.piles):
        if card in pile:
            return f"it is in side {side}'s pile"
    for seat, hand in enumerate(state.hands):
        for declaration in state.declarations:
            # A declared hand is shown to every seat.
            if declaration.seat == seat and card in declaration.cards & hand:
                return f"seat {seat} declared it and holds it"
    return "it is not among the cards it can see"


def _capture_reason(state: GameState, move: Move, legal: tuple[Move, ...]) -> str:
    rules = state.rules
    card = move.card
    table = state.table
    options = capture_masks(rules, table.mask, card)
    if not move.captured:
        if rules.capture_compulsion is CaptureCompulsion.WHOLE_HAND:
            return (
                f"seat {state.current_player} holds a card that can capture, so it must "
                "capture (capture_compulsion=whole_hand)"
            )
        return (
            f"{card} can capture, so it may not be trailed "
            "(capture_compulsion=played_card)"
        )
    if ace_takes_table(rules, table.mask, card):
        return f"an ace takes the whole table ({table}) (ace_takes_all)"
    values = rules._values
    value = values[card.index]
    total = sum(values[c.index] for c in move.captured)
    mode = rules.capture_mode
    fifteen_ok = mode is not CaptureMode.MATCH and total + value == 15
    match_ok = mode is not CaptureMode.FIFTEEN and total == value
    if not (fifteen_ok or match_ok):
        wanted = {
            CaptureMode.MATCH: f"add up to {value}",
            CaptureMode.FIFTEEN: f"add up to {15 - value} (15 with {card})",
            CaptureMode.MATCH_OR_FIFTEEN: (
                f"add up to {value}, or to {15 - value} (15 with {card})"
            ),
        }[mode]
        return (
            f"the captured cards {move.captured} add up to {total}; "
            f"captures with {card} must {wanted}"
        )
    # Here the captured cards add up right but the capture rule prefers
    # others, so there are options: single cards, or fewer cards.
    if rules.capture_rule is CaptureRule.SINGLE_FIRST:
        singles = CardSet(c for c in table if values[c.index] == value)
        return (
            f"{card} must take a single card of value {value} ({singles}) "
            "before any sum (capture_rule=single_first)"
        )
    fewest = min(m.bit_count() for m in options)
    return (
        f"a capture of {fewest} card{'s' if fewest != 1 else ''} is possible, "
        "and only the captures with the fewest cards are legal "
        "(capture_rule=fewest_cards)"
    )
