"""Power cut: SIGKILL the app at random points of a scripted game, restart, compare."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.power_cut import Trials, judge, reference, run_trials
from companion.storage import CURRENT
from tests.sizes import sized

TRIALS = sized(ci=4, long=8)
"""Kills per run here; bench/power_cut.py makes 200."""


@pytest.fixture(scope="module")
def ref(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, dict[str, Any]], str]:
    return reference(tmp_path_factory.mktemp("ref"), 7, {"difficulty": "easy"})


def _state_with(tmp_path: Path, text: str | None) -> Path:
    state = tmp_path / "trial"
    state.mkdir()
    if text is not None:
        (state / CURRENT).write_text(text, "utf-8")
    return state


def test_a_game_that_ended_before_its_kill_counts_once(tmp_path: Path, ref: tuple[dict[str, Any], str]) -> None:
    states, final = ref
    trials = Trials()
    judge(trials, "t", _state_with(tmp_path, final), states, final, finished=True)
    assert (trials.runs, trials.finished_before_kill, trials.identical, trials.failures) == (1, 1, 0, [])
    assert trials.counted == trials.runs


def test_a_finished_game_missing_records_is_a_failure(tmp_path: Path, ref: tuple[dict[str, Any], str]) -> None:
    states, final = ref
    partial = next(text for text in states if text != final and len(text.splitlines()) > 5)
    trials = Trials()
    judge(trials, "t", _state_with(tmp_path, partial), states, final, finished=True)
    assert trials.finished_before_kill == 0 and len(trials.failures) == 1 and "lacks records" in trials.failures[0]
    assert trials.counted == trials.runs == 1


def test_a_kill_before_the_first_line_counts_once(tmp_path: Path, ref: tuple[dict[str, Any], str]) -> None:
    states, final = ref
    trials = Trials()
    judge(trials, "t", _state_with(tmp_path, None), states, final, finished=False)
    assert (trials.runs, trials.no_journal_yet, trials.counted) == (1, 1, 1)


@pytest.mark.slow
def test_resumed_state_always_equals_the_uninterrupted_run(tmp_path: Path) -> None:
    """No assumption about where the kills land (a loaded machine moves them): every
    trial is in exactly one bucket and none lost a record."""
    trials = run_trials(TRIALS, tmp_path)
    assert trials.failures == []
    assert trials.runs == TRIALS
    assert trials.counted == trials.runs, trials
    assert len(trials.inputs_at_kill) == trials.identical + trials.finished_before_kill
