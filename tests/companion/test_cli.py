"""The `companion` command line: every job is reachable and bad arguments are explained."""

from __future__ import annotations

import pytest

from companion.cli import main


def test_help_lists_every_job(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for job in ("engine", "simulate", "demo", "run", "enroll", "replay", "doctor"):
        assert job in out


def test_doctor_runs_on_a_laptop(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--no-display", "--reader", "mock", "--read-timeout", "0.2"]) in (0, 1)
    out = capsys.readouterr().out
    assert "Table companion doctor" in out and "machine:" in out


def test_unknown_job_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["dance"])
    assert done.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_simulate_refuses_zero_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "0"]) == 2
    assert "--games must be 1 or more" in capsys.readouterr().err
