"""Random driver events against the app: no crash, invariants, refusals change nothing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion.harness.fuzz import fuzz, protocol_fuzz, through_pipe
from tests.sizes import sized

EVENTS = sized(ci=500, long=2500)
"""Driver events per seed; each seed still ends and starts games at its CI size (seeds 1 and 3 end 5 and 2
games in 500 events; bench/fuzz.py sends 100,000)."""


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 3])
def test_fuzzing_the_app_finds_nothing(tmp_path: Path, seed: int) -> None:
    report = fuzz(EVENTS, tmp_path, seed=seed)
    assert report.failures == []
    assert report.events == EVENTS
    assert report.accepted_inputs > EVENTS // 5 and report.refused > EVENTS * 3 // 25 and report.undos > EVENTS // 50
    assert report.games_ended >= 2, "the fuzz must carry the table through a game's end into the next"


def test_fuzzing_the_engine_protocol_finds_nothing() -> None:
    report, sent = protocol_fuzz(2000, seed=3)
    assert report.failures == []
    assert report.lines == 2000 and report.malformed > 800 and report.accepted > 800 and report.games >= 2


def test_the_fuzzed_lines_through_the_engine_command_get_one_answer_each() -> None:
    _, sent = protocol_fuzz(400, seed=4)
    assert through_pipe(sent, [sys.executable, "-m", "companion.cli", "engine"]) is None
