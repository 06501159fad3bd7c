"""The snapshot folder: refused with its path and reason at open, never a crash mid-game."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from drivers.display import open_display, prepare_snapshot_dir
from drivers.errors import ConfigError


def test_a_file_in_place_of_the_folder_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "frames"
    target.write_text("")
    with pytest.raises(ConfigError, match=f"^display.snapshots: cannot use {target} for frame snapshots: "):
        prepare_snapshot_dir(target)


def test_an_unwritable_folder_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = os.open

    def denied(path: str, flags: int, mode: int = 0o777, **kw: object) -> int:
        if str(path).startswith(str(tmp_path / "frames")):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, mode)

    monkeypatch.setattr(os, "open", denied)
    with pytest.raises(ConfigError, match=f"cannot use {tmp_path / 'frames'} for frame snapshots: Permission denied"):
        prepare_snapshot_dir(tmp_path / "frames")


def test_open_display_refuses_a_bad_snapshot_folder(tmp_path: Path) -> None:
    (tmp_path / "frames").write_text("")
    with pytest.raises(ConfigError, match="display.snapshots"):
        open_display("dummy", size=(320, 200), snapshot_dir=tmp_path / "frames")


def test_a_snapshot_that_fails_mid_game_stops_snapshots_not_the_frame(tmp_path: Path) -> None:
    frames = tmp_path / "frames"
    with open_display("dummy", size=(320, 200), snapshot_dir=frames) as display:
        display.present()
        assert (frames / "frame-000001.png").exists()
        for item in frames.iterdir():
            item.unlink()
        frames.rmdir()
        frames.write_text("the folder was replaced by a file")
        display.present()
        display.present()
        assert display.frames == 3
        assert display.snapshot_error is not None and str(frames) in display.snapshot_error
