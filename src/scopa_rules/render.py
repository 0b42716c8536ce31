"""Text pictures of a game for terminals, logs and tests.

>>> import scopa_rules as sr
>>> state = sr.new_game(sr.Ruleset.scopa(), seed=7)
>>> print(state.render())
Scopa, hand 1, dealer seat 1, seat 0 to move
table   2D 7H 2C QC
seat 0  3D KH 5C
seat 1  4S 7S JC
stock   30 cards
side 0  score 0, pile 0, sweeps 0
side 1  score 0, pile 0, sweeps 0
target  11
>>> print(state.view(1).render(symbols=True))
Scopa, hand 1, dealer seat 1, seat 0 to move (view of seat 1)
table   2♦ 7♥ 2♣ Q♣
seat 0  ## ## ##
seat 1  4♠ 7♠ J♣
stock   30 cards
side 0  score 0, pile 0, sweeps 0
side 1  score 0, pile 0, sweeps 0
target  11
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import Card, CardSet
from .declarations import Declaration
from .rules import Ruleset, preset_title
from .state import Phase

if TYPE_CHECKING:
    from .state import GameState
    from .views import PlayerView

__all__: list[str] = []


def _cards(cards: CardSet, symbols: bool) -> str:
    if not cards:
        return "-"
    return cards.symbol_text() if symbols else str(cards)


def _card(card: Card, symbols: bool) -> str:
    return card.symbol_text() if symbols else str(card)


def _render(
    *,
    rules: Ruleset,
    phase: Phase,
    hand_number: int,
    dealer: int,
    current_player: int | None,
    winner: int | None,
    table: CardSet,
    hands: Sequence[CardSet | int],
    stock_size: int,
    piles: Sequence[CardSet],
    sweeps: Sequence[int],
    scores: Sequence[int],
    first_card: Card | None,
    viewer: int | None,
    symbols: bool,
    declarations: Sequence[Declaration] = (),
    declared: Sequence[CardSet] = (),
) -> str:
    title = preset_title(rules)
    if phase is Phase.OVER:
        turn = f"game over, side {winner} wins"
    elif phase is Phase.AWAITING_DEAL:
        turn = "waiting for the next deck"
    elif phase is Phase.FIRST_CARD:
        turn = f"seat {current_player} decides on the first card"
    else:
        turn = f"seat {current_player} to move"
    head = f"{title}, hand {hand_number + 1}, dealer seat {dealer}, {turn}"
    if viewer is not None:
        head += f" (view of seat {viewer})"
    lines = [head, f"table   {_cards(table, symbols)}"]
    if first_card is not None:
        lines.append(f"first   {_card(first_card, symbols)}")
    for seat, hand in enumerate(hands):
        if isinstance(hand, CardSet):
            held = _cards(hand, symbols)
        else:
            # A seat's declared cards are known to everyone (declarations).
            known = declared[seat] if declared else CardSet()
            shown_cards = _cards(known, symbols) + " " if known else ""
            held = shown_cards + "## " * (hand - len(known))
        lines.append(f"seat {seat}  {held.strip() or '-'}")
    for declaration in declarations:
        lines.append(
            f"declare seat {declaration.seat}: {_cards(declaration.cards, symbols)}, "
            f"{declaration.kind} ({declaration.points})"
        )
    lines.append(f"stock   {stock_size} cards")
    for side, (pile, swept, score) in enumerate(
        zip(piles, sweeps, scores, strict=True)
    ):
        seats = ""
        if rules.partnerships:
            seats = " (seats " + ", ".join(map(str, rules.seats_of(side))) + ")"
        lines.append(
            f"side {side}  score {score}, pile {len(pile)}, sweeps {swept}{seats}"
        )
    lines.append(f"target  {rules.target_score}")
    return "\n".join(lines)


def render_state(state: GameState, *, symbols: bool) -> str:
    return _render(
        rules=state.rules,
        phase=state.phase,
        hand_number=state.hand_number,
        dealer=state.dealer,
        current_player=state.current_player,
        winner=state.winner,
        table=state.table,
        hands=state.hands,
        stock_size=len(state.stock),
        piles=state.piles,
        sweeps=state.sweeps,
        scores=state.scores,
        first_card=state.first_card,
        viewer=None,
        symbols=symbols,
        declarations=state.declarations,
    )


def render_view(view: PlayerView, *, symbols: bool) -> str:
    hands: list[CardSet | int] = [
        view.hand if seat == view.seat else size
        for seat, size in enumerate(view.hand_sizes)
    ]
    return _render(
        rules=view.rules,
        phase=view.phase,
        hand_number=view.hand_number,
        dealer=view.dealer,
        current_player=view.current_player,
        winner=view.winner,
        table=view.table,
        hands=hands,
        stock_size=view.stock_size,
        piles=view.piles,
        sweeps=view.sweeps,
        scores=view.scores,
        first_card=view.first_card,
        viewer=view.seat,
        symbols=symbols,
        declarations=view.declarations,
        declared=view.declared,
    )
