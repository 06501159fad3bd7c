"""Who plays which seat, on the device: personal tags, a new sticker, the phone's seating, the book's order.

The seat questions themselves are a set-up flow (companion.players.seating,
wrapped around the game's questions in setup_steps); this part handles what
reaches the app around them: a personal tag tapped (it seats its player), an
unknown sticker tapped while a seat is asked (it becomes someone's tag), the
phone's seating (companion.players.seating_files), and the player book's
"last seated" times once a game starts.
"""

from __future__ import annotations

import sys
import time

from companion.app.state_folder import StateFolder
from companion.app.table import Table
from companion.games.base import Menu
from companion.players.book import change_book, load_book
from companion.players.seating import Seated
from companion.players.seating_files import OpenSeats, show_open, take_request
from engine import RuleError
from engine.core.messages import msg


class SeatSteps:
    """Players at set-up: personal tags, new stickers, the phone's seating."""

    def __init__(self, table: Table, folder: StateFolder) -> None:
        self.table = table
        self.folder = folder
        self.seating_shown: OpenSeats | None | bool = True
        """The seats the phone was last told the device asks about (None: none; True: not told yet this run, so
        a file left by an earlier run is removed at the first look)."""
        self.seating_next_look = 0.0

    def _asked(self) -> Seated | None:
        """The seat questions while set-up asks them."""
        table = self.table
        seated = table.setup.game if table.mode == "setup" and table.setup.asked else None
        return seated if isinstance(seated, Seated) else None

    def personal_tag(self, uid: str) -> bool:
        """A tag the tag map does not know may be someone's personal tag: at set-up it seats that player;
        elsewhere the table hears what it is for. False when it is nobody's."""
        table = self.table
        book, _ = load_book(table.state_dir)
        player = book.by_tag(uid)
        if player is None:
            return False
        seated = self._asked()
        if seated is None:
            table.say(msg("That is {name}'s personal tag: it seats {name} after the seats of a new game are "
                          "chosen.", name=player.name), error=True)
            return True
        seated.book = book
        why = seated.seat(player)
        if why is not None:
            table.say(why, error=True)
        else:
            table.say(msg("{name} is seated.", name=player.name))
        table.selected = table.setup.menu().selected
        return True

    def personal_picker(self, uid: str) -> bool:
        """An unknown tag while a seat is asked is most likely a new personal sticker: OK offers the players not
        seated yet, and the one picked gets the tag and the seat. False when no seat is asked (the card list
        then opens as before)."""
        table = self.table
        seated = self._asked()
        if seated is None or seated.asking() is None:
            return False
        book, _ = load_book(table.state_dir)
        free = [p for p in book.recent() if p.id not in seated.player_ids()]
        if not free:
            return False
        table.unknown_uid = None
        table.notice = None

        def bind(player_id: str) -> None:
            try:
                player = change_book(table.state_dir, lambda book: book.add_tag(player_id, uid), table.fs)
            except RuleError as exc:
                table.close_picker(None)
                table.say(exc.message, error=True)
                return
            except OSError as exc:
                table.close_picker(None)
                table.say(msg("The player book cannot be saved ({reason}): nothing was enrolled.",
                              reason=exc.strerror or str(exc)), error=True)
                return
            table.close_picker(None)
            self.personal_tag(uid)
            table.say(msg("Tag {uid} is now {name}'s personal tag: tapped at set-up, it seats {name}.", uid=uid,
                          name=player.name))

        table.open_picker(Menu(msg("Tag {uid}: whose personal tag is it?", uid=uid), tuple(p.id for p in free),
                               tuple(p.name for p in free),
                               (msg("Next walks the list, OK makes it that player's tag and seats them; Undo "
                                    "closes."),)), bind)
        return True

    def note_seated(self, player_ids: list[str]) -> None:
        """These players come first in the next seat questions; a disk that refuses costs only that order."""
        try:
            change_book(self.table.state_dir, lambda book: book.seated_now(player_ids), self.table.fs)
        except (OSError, RuleError) as exc:
            print(f"companion: the player book was not updated ({exc})", file=sys.stderr)

    def tick(self, now: float) -> None:
        """Once a second: tell the phone which seats are asked about now, and take its seating if it sent one
        (companion.players.seating_files). A disk that refuses costs only the phone's seating."""
        if now < self.seating_next_look:
            return
        self.seating_next_look = now + 1.0
        if self.folder.rests(now):
            return
        table = self.table
        seated = self._asked() if table.picker is None else None
        seats, key = seated.open_seats() if seated is not None else ((), None)
        shown = OpenSeats(table.ui.name, seats, key or "players") if seats else None
        try:
            if shown != self.seating_shown:
                self.seating_shown = shown  # before writing: a disk that refuses is said once, not every second
                show_open(table.state_dir, shown, table.fs)
            request = take_request(table.state_dir, table.fs)
        except (OSError, RuleError) as exc:
            if isinstance(exc, OSError) and self.folder.refused(exc, now):
                self.seating_shown = True  # the phone is told again once the folder takes writes
            else:
                print(f"companion: the phone's seating was not taken ({exc})", file=sys.stderr)
            return
        if request is None:
            return
        if seated is None or shown is None or request.game != table.ui.name \
                or request.expires < time.time():
            table.say(msg("The phone's seating came when the device was not asking who plays: nothing was "
                          "changed."), error=True)
            return
        seated.book = load_book(table.state_dir)[0]
        why = seated.assign(request.seats)
        if why is not None:
            table.say(why, error=True)
            return
        table.selected = table.setup.menu().selected
        table.say(msg("Seated from the phone: check the names, then start the game."))
