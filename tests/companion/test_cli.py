"""The `companion` command line: every job is reachable and bad arguments are explained."""

from __future__ import annotations

from pathlib import Path

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


def test_doctor_help_lists_the_options_the_companion_reads(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--config CONFIG" in out and "--lang {" in out and "--reader-option" in out


def test_doctor_refuses_a_config_file_that_cannot_be_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Naming a file that is not there used to go unnoticed: the doctor ran as if it had been read."""
    missing = tmp_path / "nope.toml"
    assert main(["doctor", "--no-display", "--config", str(missing)]) == 2
    captured = capsys.readouterr()
    assert f"companion doctor: {missing}: no such configuration file" in captured.err
    assert "Table companion doctor" not in captured.out
    assert main(["doctor", "--no-display", "--lang", "en", "--config", str(missing)]) == 2


def test_doctor_speaks_the_configured_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('[app]\nlanguage = "de"\n')
    assert main(["doctor", "--no-display", "--config", str(config)]) == 0
    assert "Table-Companion-Diagnose" in capsys.readouterr().out
    assert main(["doctor", "--no-display", "--config", str(config), "--lang", "en"]) == 0
    assert "Table companion doctor" in capsys.readouterr().out


def test_unknown_job_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["dance"])
    assert done.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_simulate_refuses_zero_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "0"]) == 2
    assert "--games must be 1 or more" in capsys.readouterr().err


def test_pygame_loads_its_default_font_without_pkg_resources() -> None:
    import subprocess
    import sys

    code = ("from companion.startup import skip_pkg_resources; skip_pkg_resources(); import sys, pygame; "
            "pygame.font.init(); assert pygame.font.Font(None, 24).size('Kyuzo')[0] > 10; "
            "assert sys.modules['pkg_resources'] is None; print('ok')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr


def test_version_names_the_release_and_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    import tomllib
    from pathlib import Path

    from engine import game_names

    pyproject = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text("utf-8"))
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    out = capsys.readouterr().out.strip()
    assert out == f"companion {pyproject['project']['version']} (games: {', '.join(game_names())})"


def test_version_falls_back_to_pyproject_without_package_metadata(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata

    from companion import cli

    def missing(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    assert cli.version_text().startswith("companion 0.")


def test_the_version_is_looked_up_only_when_asked_for() -> None:
    """importlib.metadata (and the email parser it brings) is start-up time every run would pay for nothing."""
    import subprocess
    import sys

    code = ("import sys; from companion.cli import build_parser; build_parser(); "
            "print('importlib.metadata' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
