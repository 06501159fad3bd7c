"""The app records each game as it ends and as it is archived, and a broken history never stops play."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.harness.demo import DemoTable
from companion.history import open_history
from companion.history.db import DB_NAME


@pytest.fixture(autouse=True)
def _quiet_pygame(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


def _play_demo(tmp_path: Path) -> DemoTable:
    table = DemoTable(tmp_path / "out", 3, state=tmp_path / "state", snapshots=False)
    table.set_up()
    table.play()
    return table


def test_a_game_is_recorded_when_it_ends_and_again_when_archived(tmp_path: Path) -> None:
    table = _play_demo(tmp_path)
    state = tmp_path / "state"
    with open_history(state, read_only=True) as history:
        rows = history.games()
    assert [(r["journal"], r["game"], r["finished"]) for r in rows] == [("current.journal", "samurai-spirit", 1)]
    assert rows[0]["started"] is not None
    table.press("ok")  # the next game: the finished one is archived
    with open_history(state, read_only=True) as history:
        rows = history.games()
    assert [r["journal"] for r in rows] == [f"game-0001-{rows[0]['result']}.journal"]
    assert rows[0]["inputs"] > 0


def test_an_unusable_history_database_never_stops_the_game(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "state"
    table = DemoTable(tmp_path / "out", 3, state=state, snapshots=False)
    (state / DB_NAME).mkdir()  # sqlite cannot open a folder, and it cannot be put aside as a file
    table.set_up()
    table.play()
    table.press("ok")
    assert table.app.match is None and table.app.mode in ("game", "setup")
    assert (state / "games").is_dir() and list((state / "games").iterdir())
    assert "history:" in capsys.readouterr().err
