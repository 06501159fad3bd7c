"""A full or read-only disk is not a damaged history database: no copies are made, nothing is removed, and the
game that could not be recorded then is recorded once, when the history is next opened with room."""

from __future__ import annotations

import errno
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.history import db as history_db
from companion.history import game_archived, game_over, open_history
from companion.history.db import DB_NAME, is_damage
from companion.runtime.storage import CURRENT, JournalFile
from tests.companion.history_helpers import archive, played

WRITES = ("PRAGMA JOURNAL_MODE", "INSERT", "DELETE", "UPDATE", "ALTER", "CREATE", "BEGIN")
REFUSALS = {"full": ("database or disk is full", 13, "SQLITE_FULL"),
            "read-only": ("attempt to write a readonly database", 8, "SQLITE_READONLY")}


class Disk:
    """What the history database's disk says to a write now: None (room), "full" or "read-only"."""

    refusing: str | None = None


class RefusingConnection(sqlite3.Connection):
    """A real SQLite connection whose writes fail as SQLite's own do on a full or read-only disk."""

    def _check(self, sql: str) -> None:
        if Disk.refusing is not None and sql.lstrip().upper().startswith(WRITES):
            text, code, name = REFUSALS[Disk.refusing]
            error = sqlite3.OperationalError(text)
            error.sqlite_errorcode, error.sqlite_errorname = code, name
            raise error

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:  # type: ignore[override]
        self._check(sql)
        return super().execute(sql, *args)

    def executescript(self, sql: str) -> sqlite3.Cursor:  # type: ignore[override]
        self._check(sql)
        return super().executescript(sql)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[Disk]]:
    real = sqlite3.connect

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        return real(*args, **{**kwargs, "factory": RefusingConnection})

    monkeypatch.setattr(history_db.sqlite3, "connect", connect)
    yield Disk
    Disk.refusing = None


def _copies(state: Path) -> list[str]:
    return sorted(p.name for p in state.iterdir() if ".damaged-" in p.name)


@pytest.mark.parametrize("refusing", ["full", "read-only"])
def test_a_full_or_read_only_disk_at_the_end_of_a_game_is_not_damage(
        tmp_path: Path, disk: type[Disk], refusing: str, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "state"
    archive(state, played("samurai-spirit", 5), "game-0001-won.journal")
    open_history(state).close()
    before = (state / DB_NAME).read_bytes()
    journal = JournalFile(state / CURRENT)
    journal.start(played("tenno", 4, {"players": ["red", "blue"]}))

    disk.refusing = refusing
    game_over(state)
    game_archived(state, journal.archive("game-0002-over.journal"))
    err = capsys.readouterr().err
    assert _copies(state) == [], "nothing was put aside"
    assert (state / DB_NAME).read_bytes() == before, "the database is left as it was"
    assert err.count("not recorded now") == 2 and REFUSALS[refusing][0] in err

    disk.refusing = None
    with open_history(state) as history:
        assert history.note is None
        journals = [row["journal"] for row in history.games()]
    assert sorted(journals) == ["game-0001-won.journal", "game-0002-over.journal"], "recorded once, when room came back"
    assert _copies(state) == []


def test_a_damaged_database_on_a_full_disk_keeps_no_half_copy(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    state = tmp_path / "state"
    state.mkdir()
    garbage = b"this is not a database" * 200
    (state / DB_NAME).write_bytes(garbage)

    def half_copy(source: Path, target: Path) -> None:
        Path(target).write_bytes(Path(source).read_bytes()[:100])
        raise OSError(errno.ENOSPC, "No space left on device", str(target))

    monkeypatch.setattr(shutil, "copyfile", half_copy)
    with pytest.raises(OSError):
        open_history(state)
    assert _copies(state) == [], "a copy the disk cut short does not pass for the database"
    assert (state / DB_NAME).read_bytes() == garbage, "and the database is still there to be put aside later"


def test_only_a_malformed_file_is_damage() -> None:
    def error(text: str, code: int | None) -> sqlite3.DatabaseError:
        found = sqlite3.DatabaseError(text)
        if code is not None:
            found.sqlite_errorcode = code
        return found

    assert is_damage(error("database disk image is malformed", 11)) and is_damage(error("file is not a database", 26))
    assert is_damage(error("file is not a database", None))
    for text, code in (("database or disk is full", 13), ("attempt to write a readonly database", 8),
                       ("unable to open database file", 14), ("disk I/O error", 10), ("database is locked", 5),
                       ("database or disk is full", None)):
        assert not is_damage(error(text, code)), text
