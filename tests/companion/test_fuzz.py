"""Random driver events against the app: no crash, invariants, refusals change nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.fuzz import fuzz


@pytest.mark.parametrize("seed", [1, 2])
def test_fuzzing_the_app_finds_nothing(tmp_path: Path, seed: int) -> None:
    report = fuzz(2500, tmp_path, seed=seed)
    assert report.failures == []
    assert report.events == 2500
    assert report.accepted_inputs > 500 and report.refused > 300 and report.undos > 50
