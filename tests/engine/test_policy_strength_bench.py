"""bench/policy_strength.py's advisor run: one seeded game per mode, so the benchmark cannot rot unseen."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from engine.core.registry import entry

BENCH = Path(__file__).resolve().parents[2] / "bench" / "policy_strength.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("policy_strength", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_advised_game_counts_its_decisions_and_departures() -> None:
    bench = _bench()
    hooks = entry("tenno").advice()
    assert hooks is not None
    setup = hooks.STRENGTH_TABLES["2 players"]
    alone, advised, decisions, departures = bench._advised(("tenno", setup, 3, 8))
    assert alone == hooks.strength(setup, 3, "heuristic")
    assert 0.0 <= advised <= 1.0
    assert decisions >= 1 and 0 <= departures <= decisions


def test_the_wilson_interval_holds_the_rate() -> None:
    low, high = _bench().wilson(30, 100)
    assert 0.21 < low < 0.30 < high < 0.40
