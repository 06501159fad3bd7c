"""The advisor (engine.core.advisor) and each game's advisor hooks.

The proof that advice reads no private knowledge, for every game that
registers an advisor, is tests/engine/test_advice_secrecy.py.
"""

from __future__ import annotations

import random

import pytest

import engine.core.advisor as advisor_module
from engine.core.advisor import Advice, Budget, Estimate, advise, is_separated, merge
from engine.core.errors import RuleError
from engine.core.match import Match
from engine.core.registry import entry, game_names, get_game
from engine.protocol import ProtocolSession

ADVISED = [name for name in game_names() if entry(name).advisor]
BUDGET = Budget(playouts=24)


def test_samurai_spirit_and_trick_raiders_register_an_advisor() -> None:
    assert {"samurai-spirit", "trick-raiders"} <= set(ADVISED)
    for name in ADVISED:
        hooks = entry(name).advice()
        assert hooks is not None
        for hook in ("heuristic", "determinize", "score", "advisable", "strength"):
            assert callable(getattr(hooks, hook)), (name, hook)
        assert hooks.STRENGTH_TABLES


def _a_decision(difficulty: str = "easy") -> Match:
    game = get_game("samurai-spirit")
    match = Match(game, {"samurai": ["kyuzo", "heihachi", "daisuke", "kikuchiyo"], "difficulty": difficulty}, 5)
    assert match.play.prompt is not None and len(match.play.prompt.options) > 1
    return match


def test_advice_is_deterministic_for_a_seed_and_leaves_the_match_alone() -> None:
    match = _a_decision()
    before = (list(match.inputs), match.play.prompt, match.play.public_view())
    hooks = entry("samurai-spirit").advice()
    a = advise(hooks, match, 3, BUDGET)
    b = advise(hooks, match, 3, BUDGET)
    assert a.to_json() == b.to_json()
    assert (list(match.inputs), match.play.prompt, match.play.public_view()) == before
    assert [e.option for e in a.estimates] == list(match.play.prompt.options)
    assert a.playouts == 24 and all(e.games == 8 for e in a.estimates)


def test_the_clock_budget_stops_sampling() -> None:
    ticks = iter(range(1000))
    hooks = entry("samurai-spirit").advice()
    advice = advise(hooks, _a_decision(), 3, Budget(playouts=10_000, seconds=4, clock=lambda: float(next(ticks))))
    assert advice.playouts == 4 * 3


def test_a_play_out_that_does_not_end_is_given_up_as_not_won(monkeypatch: pytest.MonkeyPatch) -> None:
    """A loop the rules allow (only players end it) must not hold the advisor for ever: past the bound a
    play-out stops and counts as not won, and the advice still comes back with every sample counted."""
    hooks = entry("samurai-spirit").advice()
    match = _a_decision()
    monkeypatch.setattr(advisor_module, "PLAY_OUT_LIMIT", 3)  # every play-out here is far longer
    advice = advise(hooks, match, 3, Budget(playouts=12))
    assert advice.playouts == 12 and all(e.games == 4 and e.wins == 0 for e in advice.estimates)
    monkeypatch.undo()
    assert sum(e.wins for e in advise(hooks, match, 3, Budget(playouts=60)).estimates) > 0


def test_progress_is_reported_after_each_sample() -> None:
    seen: list[int] = []
    advise(entry("samurai-spirit").advice(), _a_decision(), 3, Budget(playouts=9), progress=lambda a: seen.append(a.playouts))
    assert seen == [3, 6, 9]


def test_no_advice_at_a_tap() -> None:
    match = _a_decision()
    match.apply(match.play.prompt and __import__("engine").Press("fight"))
    assert match.play.prompt is not None and match.play.prompt.tap
    with pytest.raises(RuleError, match="No advice here"):
        advise(entry("samurai-spirit").advice(), match, 1, BUDGET)


def test_the_interval_is_wilson_and_separation_needs_samples_and_a_gap() -> None:
    sure, never = Estimate("a", 40, 40), Estimate("b", 0, 40)
    assert sure.interval[0] > 0.9 and never.interval[1] < 0.1 and never.interval[0] == 0.0
    assert is_separated(Advice("x", "action", [sure, never]))
    assert not is_separated(Advice("x", "action", [Estimate("a", 5, 5), Estimate("b", 0, 5)]))
    assert not is_separated(Advice("x", "action", [Estimate("a", 20, 40), Estimate("b", 18, 40)]))


def test_advice_computed_in_parts_merges_into_the_totals() -> None:
    hooks = entry("samurai-spirit").advice()
    match = _a_decision()
    parts = [advise(hooks, match, seed, BUDGET) for seed in (1, 2)]
    pooled = merge(parts)
    for index, estimate in enumerate(pooled.estimates):
        assert estimate.games == sum(p.estimates[index].games for p in parts)
        assert estimate.wins == sum(p.estimates[index].wins for p in parts)
        assert estimate.gain == sum(p.estimates[index].gain for p in parts)
        assert estimate.gain_sq == sum(p.estimates[index].gain_sq for p in parts)


def test_each_option_s_gain_is_paired_with_the_heuristic_s_choice_on_the_same_deals() -> None:
    """gain = this option's wins minus the heuristic choice's wins over the same samples; zero for that choice."""
    hooks = entry("samurai-spirit").advice()
    advice = advise(hooks, _a_decision(), 5, Budget(playouts=60))
    by_option = {e.option: e for e in advice.estimates}
    own = by_option[advice.preferred]
    assert own.gain == 0 and own.gain_sq == 0
    for estimate in advice.estimates:
        assert estimate.gain == pytest.approx(estimate.wins - own.wins)
        assert estimate.gain_sq >= abs(estimate.gain)
    assert advice.best == advice.preferred or by_option[advice.best].gain_z >= 1.96


def test_the_protocol_answers_advise_with_each_option() -> None:
    session = ProtocolSession(new_seed=lambda: 1)
    session.handle({"new": {"samurai": ["kyuzo", "heihachi", "daisuke", "kikuchiyo"], "difficulty": "easy",
                            "seed": 5}})
    answer = session.handle({"advise": {"budget_ms": 40, "seed": 3}})
    assert answer["ok"], answer
    advice = answer["advice"]
    assert [o["option"] for o in advice["options"]] == answer["state"]["pending"]["options"]
    for option in advice["options"]:
        assert 0 <= option["low"] <= option["estimate"] <= option["high"] <= 1 and option["playouts"] >= 1
        assert -1 <= option["vs_heuristic"] <= 1
    assert advice["best"] in [o["option"] for o in advice["options"]]
    assert next(o for o in advice["options"] if o["option"] == advice["heuristic"])["vs_heuristic"] == 0
    refused = session.handle({"advise": {"budget_ms": 0}})
    assert not refused["ok"] and "budget_ms must be a whole number from 1" in refused["error"]
    assert not session.handle({"advise": {"speed": 1}})["ok"]
    assert not session.handle({"advise": 5})["ok"]


def test_the_protocol_with_a_clock_spends_the_time_budget() -> None:
    now = iter(float(t) / 1000 for t in range(0, 100_000, 100))
    session = ProtocolSession(new_seed=lambda: 1, clock=lambda: next(now))
    session.handle({"new": {"samurai": ["kyuzo", "heihachi", "daisuke", "kikuchiyo"], "seed": 5}})
    advice = session.handle({"advise": {"budget_ms": 500, "seed": 2}})["advice"]
    assert advice["playouts"] == 5 * len(advice["options"])


def test_the_heuristic_reads_no_hidden_card() -> None:
    """The heuristic decides the same at every decision of two twins that differ only in hidden taps."""
    hooks = entry("samurai-spirit").hooks()
    advisor = entry("samurai-spirit").advice()
    for setup in hooks.SETUPS:
        inputs = hooks.play_inputs(setup, 1)
        _, twin = hooks.hidden_twin(setup, 1, inputs)
        game = get_game("samurai-spirit")
        a, b = Match(game, setup, 1), Match(game, setup, 1)
        for x, y in zip(inputs, twin, strict=True):
            if a.play.prompt is not None and advisor.advisable(a):
                assert advisor.heuristic(7)(a.play) == advisor.heuristic(7)(b.play)
            a.apply(x)
            b.apply(y)


def test_the_heuristic_beats_the_simple_policy_on_the_same_seeds() -> None:
    advisor = entry("samurai-spirit").advice()
    setup = {"samurai": ["kikuchiyo", "kyuzo", "daisuke", "katsushiro"], "difficulty": "easy"}
    simple = sum(advisor.strength(setup, seed, "simple") for seed in range(150))
    heuristic = sum(advisor.strength(setup, seed, "heuristic") for seed in range(150))
    assert heuristic >= simple + 5


def test_determinize_forgets_the_hidden_notes() -> None:
    hooks = entry("samurai-spirit").hooks()
    advisor = entry("samurai-spirit").advice()
    setup = hooks.SETUPS[0]
    # The first seeded game whose table tapped a card it slid face down.
    seed, inputs = next((seed, inputs) for seed in range(1, 100)
                        for inputs in [hooks.play_inputs(setup, seed)] if any(getattr(v, "hidden", False) for v in inputs))
    hidden_at = next(i for i, v in enumerate(inputs) if getattr(v, "hidden", False))
    match = Match.replay(get_game("samurai-spirit"), setup, seed, inputs[:hidden_at + 1])
    assert match.play.state.cards.notes.cards
    rebuilt = advisor.determinize(match, random.Random(1))
    assert not rebuilt.state.cards.notes.cards
    assert rebuilt.public_view() == match.play.public_view()


def test_ties_go_to_the_heuristic_s_own_choice() -> None:
    """With thin or all-zero estimates the advice must not fall back blindly on the first option."""
    tied = Advice("kyuzo", "fight", [Estimate("confront", 0, 8), Estimate("defend", 0, 8)], preferred="defend")
    assert tied.best == "defend"
    # One win in 8 against none, on the same deals: too thin to overrule the heuristic.
    thin = Advice("kyuzo", "fight", [Estimate("confront", 1, 8, gain=1, gain_sq=1), Estimate("defend", 0, 8)],
                  preferred="defend")
    assert thin.ranked[0].option == "confront" and thin.best == "defend"
    # Three deals won only by Confront, none only by Defend: z = 3 / sqrt(3) = 1.73, still too thin.
    assert Advice("kyuzo", "fight", [Estimate("confront", 3, 8, gain=3, gain_sq=3), Estimate("defend", 0, 8)],
                  preferred="defend").best == "defend"
    # 12 more wins in 40 paired deals and never a loss where the heuristic's choice won: clear.
    clear = Advice("kyuzo", "fight", [Estimate("confront", 20, 40, gain=12, gain_sq=12), Estimate("defend", 8, 40)],
                   preferred="defend")
    assert clear.estimates[0].gain_z > 1.96 and clear.best == "confront"
    # Without a heuristic choice to compare with, the highest estimate.
    assert Advice("kyuzo", "fight", [Estimate("confront", 1, 8), Estimate("defend", 0, 8)]).best == "confront"
    match = _a_decision("heroic")
    advice = advise(entry("samurai-spirit").advice(), match, 3, Budget(playouts=3))
    assert advice.preferred in advice.to_json()["heuristic"] and advice.preferred in match.play.prompt.options
