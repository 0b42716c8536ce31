"""The greedy and the expert bots: legal under every preset, deterministic,
and each of the expert's principles firing where it must and only there."""

from __future__ import annotations

import importlib.util
import random
import sys

import pytest

import scopa_rules as sr
from helpers import PRESETS, ROOT, position
from scopa_rules._play.bots import leaves_a_sweep
from scopa_rules.expert import PRINCIPLES, Decision, Reason

SCOPA = sr.Ruleset.scopa()
NAMES = {principle.name for principle in PRINCIPLES}


def one_hand(rules: sr.Ruleset, bots: list[sr.Bot], seed: int) -> sr.GameState:
    """Play the first hand dealt from ``seed``, every move checked."""
    state = sr.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while state.hand_number == 0 and (seat := state.current_player) is not None:
        move = bots[seat % len(bots)].choose(state.view(seat), rng)
        assert move in state.legal_moves()
        state = state.apply(move)
    return state


@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: rules.describe()[:40])
def test_greedy_and_expert_play_legal_moves_under_every_preset(
    rules: sr.Ruleset,
) -> None:
    state = one_hand(rules, [sr.ExpertBot(), sr.GreedyBot()], seed=5)
    assert state.last_hand is not None


def test_the_expert_is_a_bot_and_deterministic_given_its_rng() -> None:
    assert isinstance(sr.ExpertBot(), sr.Bot)
    rules = sr.Ruleset.scopone()
    bots: list[sr.Bot] = [sr.ExpertBot(), sr.GreedyBot()]
    first = one_hand(rules, bots, seed=3)
    assert one_hand(rules, bots, seed=3).history == first.history
    assert one_hand(rules, bots, seed=4).history != first.history


def test_every_decision_names_a_principle() -> None:
    state = sr.new_game(sr.Ruleset.scopone(), seed=8)
    bot, rng = sr.ExpertBot(), random.Random(2)
    for _ in range(12):
        seat = state.current_player
        assert seat is not None
        decision = bot.decide(state.view(seat), rng)
        assert isinstance(decision, Decision)
        assert str(decision).startswith(f"played {decision.move}: ")
        assert decision.why is not None
        assert decision.why.principle in NAMES
        assert all(reason.principle in NAMES for reason in decision.reasons)
        state = state.apply(decision.move)


def test_the_expert_refuses_a_view_with_nothing_to_choose() -> None:
    view = sr.new_game(seed=7).view(1)
    with pytest.raises(sr.InvalidStateError, match="seat 1 has nothing to choose"):
        sr.ExpertBot().decide(view, random.Random(1))


def piles(own: str, *named: str) -> list[sr.CardSet]:
    """Side 0's pile ``own``, side 1's every card not ``named`` nor in it."""
    rest = sr.ALL_CARDS - sr.CardSet(" ".join([own, *named]))
    return [sr.CardSet(own), rest]


def reasons(state: sr.GameState, move: str) -> dict[str, Reason]:
    """What the principles say of ``move`` for the seat to move."""
    seat = state.current_player
    assert seat is not None
    judged = sr.ExpertBot().judge(state.view(seat), sr.Move.parse(move))
    return {reason.principle: reason for reason in judged}


# -- the greedy bot ---------------------------------------------------------------


def test_greedy_never_leaves_a_sweep_it_can_avoid() -> None:
    # Trailing 2S leaves 2 + 4, which the unseen 6C sweeps; the capture
    # 6Sx4H2H... is not there, so KS it is, worth less than 2S.
    state = position(SCOPA, ["2S KS", "AS 6C"], "4H")
    view = state.view(0)
    assert leaves_a_sweep(view, sr.Move.parse("2S"))
    assert sr.GreedyBot().choose(view, random.Random(1)) == sr.Move.parse("KS")


def test_greedy_avoids_a_sweep_left_by_a_capture_too() -> None:
    # 5Cx5H takes more than QSxQH but leaves 2H, which the unseen 2C sweeps.
    state = position(SCOPA, ["5C QS", "2C JS"], "5H QH 2H")
    view = state.view(0)
    assert sr.GreedyBot().choose(view, random.Random(1)) == sr.Move.parse("QSxQH")


def test_greedy_counts_the_cards_gone() -> None:
    # 2 + 4 = 6 could be swept by a six, but every six is seen: 2S is safe,
    # and worth less than KS (both are trails).
    state = position(
        SCOPA, ["2S KS 6S", "AS 3C"], "4H", piles=piles("6C 6H 6D", "2S KS 6S AS 3C 4H")
    )
    view = state.view(0)
    assert not leaves_a_sweep(view, sr.Move.parse("2S"))
    assert sr.GreedyBot().choose(view, random.Random(1)) in (
        sr.Move.parse("2S"),
        sr.Move.parse("KS"),
    )


def test_greedy_takes_the_best_capture_else_its_least_valuable_card() -> None:
    state = position(SCOPA, ["7C 3S KH", "AS 2C"], "7D 3H JC")
    view = state.view(0)
    assert sr.GreedyBot().choose(view, random.Random(1)) == sr.Move.parse("7Cx7D")
    trails = position(SCOPA, ["7C 4S", "AS 2C"], "KD QC")
    assert sr.GreedyBot().choose(trails.view(0), random.Random(1)) == sr.Move.parse(
        "4S"
    )


def test_greedy_keeps_a_chkobba_first_card_worth_keeping() -> None:
    for seed in range(40):
        state = sr.new_game(sr.Ruleset.chkobba(), seed=seed)
        if state.phase is sr.Phase.FIRST_CARD:
            break
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    card = view.first_card
    assert card is not None
    chosen = sr.GreedyBot().choose(view, random.Random(1))
    keep = card.rank is sr.Rank.SEVEN or card.is_coin
    assert (chosen.kind is sr.MoveKind.KEEP_FIRST_CARD) == keep
    said = {r.principle for r in sr.ExpertBot().judge(view, chosen)}
    assert said == {"first_card"}


# -- each principle, where it fires and where it does not ------------------------------


def test_presa_and_scopa() -> None:
    state = position(SCOPA, ["7D 5C QS", "AS 6C 2H"], "2C 3S", last_capturer=1)
    sweep = reasons(state, "5Cx2C3S")
    assert sweep["scopa"].score == 2.0
    assert sweep["presa"].score > 0
    trail = reasons(state, "QS")
    assert "scopa" not in trail
    assert trail["presa"].score < 0


def test_no_scopa() -> None:
    state = position(SCOPA, ["2S KS", "AS 6C"], "4H")
    assert reasons(state, "2S")["no_scopa"].score < 0
    safe = reasons(state, "KS")["no_scopa"]
    assert safe.score == 0
    assert "2S would leave" in safe.text
    decision = sr.ExpertBot().decide(state.view(0), random.Random(1))
    assert decision.move == sr.Move.parse("KS")
    assert decision.why is not None
    assert decision.why.principle == "no_scopa"
    # Where no move leaves a sweep, the principle says nothing.
    calm = position(SCOPA, ["KS QS", "AS 6C"], "4H 5H")
    assert "no_scopa" not in reasons(calm, "KS")


def test_no_gift() -> None:
    state = position(SCOPA, ["7D KS", "7C 6C"], "QH JH")
    assert reasons(state, "7D")["no_gift"].score < 0
    sweep = position(SCOPA, ["5C KS", "7C 6C"], "2H 3H")
    assert "no_gift" not in reasons(sweep, "5Cx2H3H")


def test_spariglio_by_role() -> None:
    # Seat 1 deals, seat 0 leads.  JS takes 5C 3D: the jacks, fives and
    # threes still out of the piles (two of each) go odd.
    hands, table = ["JS KC QS", "JC 5H 3H"], "5C 3D KH"
    lead = position(SCOPA, hands, table, rest_to=1, dealer=1)
    said = reasons(lead, "JSx5C3D")["spariglio"]
    assert said.score > 0
    assert "a spariglio" in said.text
    # Seat 0 deals and plays second.
    deal = position(SCOPA, ["JS KC QS", "JC 5H"], "5C 3D 3H KH", dealer=0)
    assert reasons(deal, "JSx5C3D")["spariglio"].score < 0
    paired = reasons(deal, "KCxKH")["spariglio"]
    assert paired.score > 0
    assert "keeps the kings paired" in paired.text
    assert "spariglio" not in reasons(lead, "KC") | reasons(lead, "KCxKH")
    fifteen = position(sr.Ruleset.escoba(), ["JS KC", "AS 2C"], "4C 3D KH")
    assert "spariglio" not in reasons(fifteen, "JSx4C3D")


def test_doubles_and_counting() -> None:
    state = position(SCOPA, ["5C 5S KH", "AS 2C 4D"], "QD JC")
    assert reasons(state, "5C")["doubles"].score > 0
    assert "doubles" not in reasons(state, "KH")
    # Every other four is in a pile: 4S cannot be paired.
    counted = position(
        SCOPA, ["4S KH", "AS 2C"], "QD", piles=piles("4C 4H 4D", "4S KH AS 2C QD")
    )
    assert reasons(counted, "4S")["counting"].score > 0
    unseen = position(SCOPA, ["4S KH", "4C 2C"], "QD")
    assert "counting" not in reasons(unseen, "4S")  # 4C is unseen


def test_sevens_and_settebello() -> None:
    state = position(SCOPA, ["7C 7D KH", "AS 2C 4D"], "7S JC")
    assert reasons(state, "7Cx7S")["sevens"].score > 0
    assert reasons(state, "7Dx7S")["settebello"].score > 0
    assert "sevens" not in reasons(state, "KH")
    assert "settebello" not in reasons(state, "7Cx7S")
    trail = position(SCOPA, ["7D KH", "AS 2C"], "QD JC")
    assert reasons(trail, "7D")["settebello"].score < 0
    decided = position(
        SCOPA, ["7C KH", "AS 2C"], "JC", piles=piles("7D 7H 7S", "7C KH AS 2C JC")
    )
    assert "sevens" not in reasons(decided, "KH")
    assert "sevens" not in reasons(decided, "7C")


def test_the_strength_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "benchmarks" / "strength.py"
    spec = importlib.util.spec_from_file_location("strength", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["strength"] = module
    spec.loader.exec_module(module)
    assert (
        module.main(["--decks", "1", "--pairs", "expert:greedy,greedy:greedy-0.1"]) == 0
    )
    out = capsys.readouterr().out
    assert "expert v greedy" in out
    assert "greedy v greedy-0.1" in out
