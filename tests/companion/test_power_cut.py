"""Power cut: SIGKILL the app at random points of a scripted game, restart, compare."""

from __future__ import annotations

from pathlib import Path

from companion.power_cut import run_trials


def test_resumed_state_always_equals_the_uninterrupted_run(tmp_path: Path) -> None:
    trials = run_trials(8, tmp_path)
    assert trials.failures == []
    assert trials.runs == 8
    assert trials.identical + trials.no_journal_yet + trials.finished_before_kill == 8
    assert trials.identical >= 3, trials
