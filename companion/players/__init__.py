"""The people who play: the player book, their names, and who sits in which seat.

`resolve(book, player_id)` is the one way to turn a player id read from a
journal or the history into a person: it follows merges.
"""

from companion.players.book import (
    BOOK_NAME,
    Player,
    PlayerBook,
    change_book,
    load_book,
    resolve,
    save_book,
)
from companion.players.names import MAX_NAME, clean_name, spreadsheet_cell

__all__ = ["BOOK_NAME", "MAX_NAME", "Player", "PlayerBook", "change_book", "clean_name", "load_book", "resolve",
           "save_book", "spreadsheet_cell"]
