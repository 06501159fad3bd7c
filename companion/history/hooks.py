"""The two moments the app tells history about: a game began, a game was archived.

History is a convenience: a full disk, a locked or damaged database must
never stop a game, so these calls say what went wrong on stderr (the
service's log) and return. A game that could not be recorded now is
recorded the next time the database is opened, from its journal, once: a
full or read-only disk leaves the database as it is (companion.history.db),
and opening it imports every journal it does not know yet.
"""

from __future__ import annotations

import sqlite3
import sys
import time
from pathlib import Path

from companion.history.db import open_history
from engine import Match


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def game_started(state_dir: Path, match: Match) -> None:
    """Keep the start time of a new game (the journal has no clock)."""
    try:
        with open_history(state_dir) as history:
            history.started(match.game.name, match.seed, _now())
    except (OSError, sqlite3.Error) as exc:
        print(f"history: the start of the game was not recorded ({exc})", file=sys.stderr)


def game_over(state_dir: Path) -> None:
    """The game in progress just ended: record it now (opening the history catches the current game up)."""
    try:
        open_history(state_dir).close()
    except (OSError, sqlite3.Error) as exc:
        print(f"history: the game that just ended was not recorded now ({exc}); it will be when the history is "
              f"next opened", file=sys.stderr)


def game_archived(state_dir: Path, journal: Path) -> None:
    """Record a game just moved under games/."""
    try:
        with open_history(state_dir) as history:
            history.archived(journal)
    except (OSError, sqlite3.Error) as exc:
        print(f"history: {journal.name} was not recorded now ({exc}); it will be at the next start",
              file=sys.stderr)
