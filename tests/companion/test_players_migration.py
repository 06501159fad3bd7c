"""Today's history database (schema 1, made by the release before players) upgrades with every row intact."""

from __future__ import annotations

import argparse
import calendar
import json
import os
import shutil
import sqlite3
import time
from pathlib import Path

from companion.history import SCHEMA_VERSION, open_history
from companion.history.command import add_arguments, run
from companion.history.db import DB_NAME
from companion.runtime.storage import FINISHED_DIR
from engine import Match, get_game
from engine.core.journal import header_line

FIXTURE = Path(__file__).with_name("fixtures") / "history-v1"


def _copy(tmp_path: Path) -> Path:
    """The fixture as a device has it: the journals keep the times they were saved at (a copy or a git
    checkout would give them today's), which is what `ended` is read from."""
    state = tmp_path / "state"
    shutil.copytree(FIXTURE, state, ignore=shutil.ignore_patterns("README.md"))
    con = sqlite3.connect(state / DB_NAME)
    for journal, ended in con.execute("SELECT journal, ended FROM games"):
        stamp = calendar.timegm(time.strptime(ended, "%Y-%m-%dT%H:%M:%SZ"))
        os.utime(state / FINISHED_DIR / journal, (stamp, stamp))
    con.close()
    return state


def _rows(state: Path) -> list[dict]:
    con = sqlite3.connect(f"{(state / DB_NAME).resolve().as_uri()}?mode=ro", uri=True)
    con.row_factory = sqlite3.Row
    rows = [dict(row) for row in con.execute("SELECT * FROM games ORDER BY journal")]
    starts = con.execute("SELECT count(*) FROM starts").fetchone()[0]
    con.close()
    for row in rows:
        row.pop("id")
    return rows + [{"starts": starts}]


def _said(rows: list[dict]) -> list[dict]:
    """The rows with each summary as what it says: its English plural template (a count message stored before
    plural forms existed has only that one) and its fields, instead of its stored JSON."""
    out = []
    for row in rows:
        if row.get("summary"):
            stored = json.loads(row["summary"])
            row = {**row, "summary": (stored.get("plural") or stored.get("key"),
                                      json.dumps(stored.get("fields") or stored.get("params"), sort_keys=True))}
        out.append(row)
    return out


def _rebuild(state: Path) -> int:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return run(parser.parse_args(["--state-dir", str(state), "--rebuild"]))


def test_a_schema_1_database_migrates_with_every_row_and_rebuilds_the_same_plus_people(tmp_path: Path) -> None:
    state = _copy(tmp_path)
    before = _rows(state)
    assert len(before) == 5 and "people" not in before[0]
    con = sqlite3.connect(state / DB_NAME)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 1
    con.close()

    with open_history(state) as history:
        assert history.note is None
        assert len(history.games()) == 4
        assert all(row["started"] for row in history.games()), "the start times came along"
    migrated = _rows(state)
    con = sqlite3.connect(state / DB_NAME)
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    con.close()
    # Schema 3 reads every game again from its journal (for its times): the same rows, with the new columns.
    assert _said([{k: v for k, v in row.items() if k in before[0]} for row in migrated[:-1]]) == _said(before[:-1])
    assert migrated[-1] == before[-1], "the start times are kept"
    assert all(row["people"] == "{}" for row in migrated[:-1])
    assert all(row["sessions"] == "[]" and row["played"] is None and row["began"] is None for row in migrated[:-1]), \
        "journals from before times were kept have none"

    assert _rebuild(state) == 0
    # The summary is a message stored as JSON: since counts have plural forms its JSON has one more field,
    # so the rows are compared as the table reads them.
    assert _said(_rows(state)) == _said(migrated), "the rebuild from the journals gives the very rows the migration kept"

    # A game played after the upgrade with named players: imported with its people, and rebuilt with them.
    match = Match(get_game("tenno"), {"players": ["red", "blue"]}, 12)
    match.notes = {"people": {"blue": {"id": "p-zoe", "name": "Zoë"}}}
    (state / FINISHED_DIR / "game-0005-abandoned.journal").write_text(header_line(match.header()), "utf-8")
    with open_history(state) as history:
        newest = history.games()[-1]
    assert json.loads(newest["people"]) == {"blue": {"id": "p-zoe", "name": "Zoë"}}
    after_import = _rows(state)
    assert _rebuild(state) == 0
    assert _rows(state) == after_import
