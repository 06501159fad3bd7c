"""bench/policy_strength.py's advisor run: one seeded game per mode, so the benchmark cannot rot unseen."""

from __future__ import annotations

from types import ModuleType

import pytest

from engine.core.registry import entry
from tests.engine.bench_scripts import load_bench
from tests.sizes import sized


def _bench() -> ModuleType:
    return load_bench("policy_strength")


def test_an_advised_game_counts_its_decisions_and_departures() -> None:
    bench = _bench()
    hooks = entry("tenno").advice()
    assert hooks is not None
    setup = hooks.STRENGTH_TABLES["2 players"]
    # Seed 8 reaches the one decision Tenno advises: the Monk prompt of a defender whose row holds the Monk.
    alone, advised, decisions, departures = bench._advised(("tenno", setup, 8, 8))
    assert alone == hooks.strength(setup, 8, "heuristic")
    assert 0.0 <= advised <= 1.0
    assert decisions >= 1 and 0 <= departures <= decisions


def test_the_wilson_interval_holds_the_rate() -> None:
    low, high = _bench().wilson(30, 100)
    assert 0.21 < low < 0.30 < high < 0.40


@pytest.mark.slow
def test_until_the_advisor_departs_the_advised_game_is_the_game_alone() -> None:
    """The table's own answers keep their random source in step, so a seed with no departure scores the same."""
    bench = _bench()
    hooks = entry("samurai-spirit").advice()
    assert hooks is not None
    setup = hooks.STRENGTH_TABLES["2 Samurai, normal"]
    seen = set()
    # Seed 2 is won and seed 3 lost, both without a departure; the long size plays seeds 1 to 7.
    for seed in sized(ci=(2, 3), long=tuple(range(1, 8))):
        # 6 play-outs a decision: too few deals for the four clear wins a departure needs.
        alone, advised, decisions, departures = bench._advised(("samurai-spirit", setup, seed, 6))
        assert decisions >= 1 and departures == 0
        assert advised == alone
        seen.add(alone)
    assert seen == {0.0, 1.0}
