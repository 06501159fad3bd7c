"""Every finished or abandoned game, in a SQLite database rebuilt from the journals at will.

The archived journals under `games/` stay the truth: the database is an
index of them for `companion history`, the statistics screen and the web
page. It can always be thrown away and rebuilt (`--rebuild`), and a damaged
one is put aside byte for byte and rebuilt, never a reason not to play.
Nothing here names a game: results come from each game's `Outcome` and the
set-up in the journal header.
"""

from companion.history.db import DB_NAME, SCHEMA_VERSION, History, open_history
from companion.history.hooks import game_archived, game_over, game_started
from companion.history.record import GameRecord, record_of

__all__ = ["DB_NAME", "SCHEMA_VERSION", "GameRecord", "History", "game_archived", "game_over", "game_started",
           "open_history", "record_of"]
