"""`companion run` (the service) and `companion enroll` (run by hand with sudo -u companion)
must find the same state folder in the installed configuration, or enrolment is lost."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.cli import build_parser
from companion.runtime.config import installed_config, load_config, resolve_state_dir

STATE = "/var/lib/table-companion"


def _resolved(command: str, config: Path) -> Path:
    args = build_parser().parse_args([command, "--config", str(config)])
    return resolve_state_dir(args.state_dir, load_config(args.config))


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The installed config, read as the `companion` user (home: the state folder) outside systemd."""
    for var in ("COMPANION_STATE_DIR", "STATE_DIRECTORY", "XDG_STATE_HOME", "COMPANION_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", STATE)
    path = tmp_path / "companion.toml"
    path.write_text(installed_config(STATE))
    return path


def test_enroll_by_hand_and_the_service_share_the_state_folder(installed: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    by_hand = _resolved("enroll", installed)
    monkeypatch.setenv("STATE_DIRECTORY", STATE)
    service = _resolved("run", installed)
    assert by_hand == service == Path(STATE)


def test_the_installed_config_wins_over_a_different_state_directory(installed: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STATE_DIRECTORY", "/elsewhere")
    assert _resolved("run", installed) == _resolved("enroll", installed) == Path(STATE)


def test_the_installed_config_is_the_example_with_the_state_folder_set(installed: Path) -> None:
    cfg = load_config(installed)
    assert (cfg.reader, cfg.buttons, cfg.state_dir) == ("rc522", "gpio", Path(STATE))


def test_without_a_config_state_directory_from_systemd_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COMPANION_STATE_DIR", raising=False)
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    monkeypatch.setenv("STATE_DIRECTORY", STATE)
    assert resolve_state_dir(None, load_config(None)) == Path(STATE)
    assert resolve_state_dir("~/x", load_config(None)) == Path(os.path.expanduser("~/x"))
