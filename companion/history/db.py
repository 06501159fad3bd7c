"""The history database: schema, migrations, the import of archived journals, and repair.

SQLite in WAL mode, so the web page reads while the companion writes. The
schema version is SQLite's `user_version`; each step of `MIGRATIONS` takes
the database one version up, in one transaction. Opening imports every
archived journal the database does not know yet (the first open after an
upgrade imports them all, once). A file SQLite cannot read is copied byte
for byte beside itself (`history.sqlite3.damaged-<time>`), removed, and
rebuilt from the journals.

A disk that is full or read-only is not damage: SQLite says "database or
disk is full" or "attempt to write a readonly database" of a file that is
whole. Such an error is raised as SQLite gave it (`is_damage` tells them
apart), no copy is made and nothing is removed; the game that was not recorded then is
recorded the next time the history is opened with room on the disk, since
opening imports every archived journal the database does not know, and the
game over but not yet archived too. Only SQLite's "malformed" and "not a
database", a failed integrity check and a schema newer than this companion
count as damage.
"""

from __future__ import annotations

import shutil
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.history.record import GameRecord, record_of
from companion.history.timing import by_start
from companion.runtime.storage import CURRENT, FINISHED_DIR, utc_stamp

DB_NAME = "history.sqlite3"
SIDE_FILES = ("-wal", "-shm")

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        journal TEXT NOT NULL UNIQUE,
        game TEXT NOT NULL,
        seats TEXT NOT NULL,
        players INTEGER NOT NULL,
        variant TEXT NOT NULL,
        setup TEXT NOT NULL,
        seed INTEGER,
        ended TEXT NOT NULL,
        result TEXT NOT NULL,
        finished INTEGER NOT NULL,
        winners TEXT NOT NULL,
        ranking TEXT NOT NULL,
        scores TEXT NOT NULL,
        table_won INTEGER,
        score INTEGER,
        grade TEXT,
        rounds INTEGER,
        inputs INTEGER NOT NULL,
        summary TEXT
    );
    CREATE INDEX games_by_game ON games (game, ended);
    CREATE TABLE starts (
        game TEXT NOT NULL,
        seed INTEGER NOT NULL,
        started TEXT NOT NULL,
        PRIMARY KEY (game, seed)
    );
    """,
    """
    ALTER TABLE games ADD COLUMN people TEXT NOT NULL DEFAULT '{}';
    """,
    # The journals' times: when a game began, its sessions of play, seconds played, and the seat that began.
    # Every game is read again from its journal (opening imports what the database does not know).
    """
    ALTER TABLE games ADD COLUMN began TEXT;
    ALTER TABLE games ADD COLUMN sessions TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE games ADD COLUMN played INTEGER;
    ALTER TABLE games ADD COLUMN first TEXT;
    DELETE FROM games;
    """,
)
"""Step n takes the database from version n to n + 1."""
SCHEMA_VERSION = len(MIGRATIONS)


class HistoryDamaged(Exception):
    """The database file cannot be used as it is."""


DAMAGE_CODES = (11, 26)
"""SQLITE_CORRUPT ("database disk image is malformed") and SQLITE_NOTADB ("file is not a database")."""
DAMAGE_WORDS = ("malformed", "not a database")
"""The same, for an error raised without SQLite's code."""


def is_damage(exc: BaseException) -> bool:
    """True when `exc` says the database file itself is bad; a full or read-only disk, a lock, an I/O error
    or a missing folder are not (the file is whole, and is left as it is)."""
    if isinstance(exc, HistoryDamaged):
        return True
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in DAMAGE_CODES
    return any(word in str(exc).lower() for word in DAMAGE_WORDS)


def _migrate(con: sqlite3.Connection) -> None:
    version = int(con.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise HistoryDamaged(f"schema version {version} is newer than this companion's {SCHEMA_VERSION}")
    for step in range(version, SCHEMA_VERSION):
        with con:
            con.executescript(f"BEGIN; {MIGRATIONS[step]} PRAGMA user_version = {step + 1}; COMMIT;")


def _check(con: sqlite3.Connection) -> None:
    row = con.execute("PRAGMA quick_check").fetchone()
    if row is None or row[0] != "ok":
        raise HistoryDamaged(f"integrity check: {row[0] if row else 'no answer'}")


def put_aside(path: Path) -> Path:
    """Copy the database (and its WAL) byte for byte beside it, then remove it; returns the copy."""
    base = path.with_name(f"{path.name}.damaged-{utc_stamp()}")
    target, number = base, 1
    while target.exists():
        number += 1
        target = base.with_name(f"{base.name}-{number}")
    copies = [(path, target)] + [(path.with_name(path.name + side), target.with_name(target.name + side))
                                 for side in SIDE_FILES if path.with_name(path.name + side).exists()]
    try:
        for source, copy in copies:
            shutil.copyfile(source, copy)
    except OSError:
        # A copy the disk refused is not kept as if it were the database: the file stays where it is.
        for _, copy in copies:
            with suppress(OSError):
                copy.unlink()
        raise
    for doomed in (path, *(path.with_name(path.name + side) for side in SIDE_FILES)):
        with suppress(FileNotFoundError):
            doomed.unlink()
    return target


def _connect(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(path, timeout=5.0, isolation_level=None)
    con.row_factory = sqlite3.Row
    try:
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=NORMAL")
        _check(con)
        _migrate(con)
    except (sqlite3.DatabaseError, HistoryDamaged):
        con.close()
        raise
    return con


@dataclass
class History:
    """An open history database and the state folder whose journals it indexes."""

    con: sqlite3.Connection
    state_dir: Path
    note: str | None = None
    """Said once after opening: a damaged database was put aside and rebuilt (and where the copy is)."""

    def close(self) -> None:
        self.con.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- writing -----------------------------------------------------------------------

    def add(self, record: GameRecord) -> None:
        """Record one game (again: a journal recorded before is replaced)."""
        row = record.row()
        columns = ", ".join(row)
        marks = ", ".join(f":{name}" for name in row)
        with self.con:
            self.con.execute(f"INSERT OR REPLACE INTO games ({columns}) VALUES ({marks})", row)

    def started(self, game: str, seed: int, when: str) -> None:
        """Note when a game began: the journal has no clock, so history keeps the start time itself."""
        with self.con:
            self.con.execute("INSERT OR REPLACE INTO starts (game, seed, started) VALUES (?, ?, ?)",
                             (game, seed, when))

    def import_journals(self) -> int:
        """Record every archived journal not recorded yet; returns how many were added.

        The game in progress counts too once it is over (the table has not
        pressed OK for the next game yet): it is recorded as `current.journal`
        and that row is replaced when the journal is archived.
        """
        with self.con:
            self.con.execute("DELETE FROM games WHERE journal = ?", (CURRENT,))
        known = {row[0] for row in self.con.execute("SELECT journal FROM games")}
        added = self._current_if_over()
        for path in archived_journals(self.state_dir):
            if path.name in known:
                continue
            try:
                self.add(record_of(path))
            except OSError as exc:
                print(f"history: {path} skipped: {exc.strerror or exc}", file=sys.stderr)
                continue
            added += 1
        return added

    def _current_if_over(self) -> int:
        current = self.state_dir / CURRENT
        if not current.is_file():
            return 0
        try:
            record = record_of(current)
        except OSError:
            return 0
        if not record.finished:
            return 0
        self.add(record)
        return 1

    def archived(self, journal: Path) -> None:
        """The game in progress was just archived as `journal`: its row takes the current one's place."""
        with self.con:
            self.con.execute("DELETE FROM games WHERE journal = ?", (CURRENT,))
        self.add(record_of(journal))

    def rebuild(self) -> int:
        """Forget every recorded game and read them all again from the journals (start times are kept)."""
        with self.con:
            self.con.execute("DELETE FROM games")
        return self.import_journals()

    # --- reading -----------------------------------------------------------------------

    def games(self, game: str | None = None) -> list[dict[str, Any]]:
        """Every recorded game by its start, oldest first, with its start time where it is known (the journal's,
        else the one history noted for a journal from before times were kept)."""
        sql = ("SELECT g.*, COALESCE(g.began, s.started) AS started FROM games g LEFT JOIN starts s "
               "ON s.game = g.game AND s.seed = g.seed" + (" WHERE g.game = ?" if game else ""))
        return sorted((dict(row) for row in self.con.execute(sql, (game,) if game else ())), key=by_start)


def archived_journals(state_dir: Path) -> Iterator[Path]:
    """The archived journals in name order (the app numbers them as it archives)."""
    folder = state_dir / FINISHED_DIR
    if folder.is_dir():
        yield from sorted(p for p in folder.glob("*.journal") if p.is_file())


def open_history(state_dir: Path, read_only: bool = False) -> History:
    """Open (make, migrate, catch up) the history of `state_dir`.

    A damaged file is put aside and rebuilt, and `History.note` says so.
    Read-only opens the file without changing its data (SQLite may still
    make its shared-memory file beside it in WAL mode; a process that must
    write nothing uses `memory_history`); without a usable file it builds
    the history in memory from the journals.
    """
    path = state_dir / DB_NAME
    if read_only:
        return _open_read_only(path, state_dir)
    note = None
    try:
        con = _connect(path)
    except (sqlite3.DatabaseError, HistoryDamaged) as exc:
        if not is_damage(exc):
            raise
        copy = put_aside(path)
        note = (f"The history database {path} could not be read ({exc}); it was put aside as {copy.name} "
                f"and rebuilt from the saved games.")
        con = _connect(path)
    history = History(con, state_dir, note)
    try:
        history.import_journals()
    except BaseException:
        con.close()
        raise
    return history


def _open_read_only(path: Path, state_dir: Path) -> History:
    if path.exists():
        try:
            con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5.0,
                                  isolation_level=None)
            con.row_factory = sqlite3.Row
            version = int(con.execute("PRAGMA user_version").fetchone()[0])
            if version == SCHEMA_VERSION:
                return History(con, state_dir)
            con.close()
        except sqlite3.DatabaseError as exc:
            # Read-only: the file is left as it is (the device puts a damaged one aside and rebuilds it);
            # this reader rebuilds its own copy from the journals instead.
            print(f"history: {path} cannot be read ({exc}); reading the saved games instead", file=sys.stderr)
    return memory_history(state_dir)


def memory_history(state_dir: Path) -> History:
    """A history built in memory from the journals, writing nothing: the web page's own.

    The device's database in WAL mode cannot be read without making its
    shared-memory file, so a process that must not write the state folder
    keeps its own copy and catches it up with `import_journals` (one
    listing of games/ when nothing is new). It may be used from several
    threads, one at a time.
    """
    con = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    con.row_factory = sqlite3.Row
    _migrate(con)
    history = History(con, state_dir)
    history.import_journals()
    return history
