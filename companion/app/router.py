"""Input routing: the one place a driver event starts, and the step that takes it.

A tap or a press goes to the first that wants it: the web page's request
shown (companion.app.web_requests), the hardware check (check_steps), the
census (census_steps); else, for a press, the Cannot save screen, the
question over the frame, the page button, a list over the moment (pickers);
else the step of the table's mode, through one small interface (`Step`):
the resume question (resume_steps), the first menu and the set-up questions
(setup_steps), the game (play_steps' `Session`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from companion.app.census_steps import CensusSteps
from companion.app.check_steps import CheckSteps
from companion.app.frames import Pages
from companion.app.pickers import Pickers
from companion.app.seat_steps import SeatSteps
from companion.app.table import Table
from companion.app.web_requests import WebBridge
from companion.games.base import Menu
from drivers.events import ButtonHeld, ButtonPressed, CardPlaced, ReaderBack, ReaderLost
from engine.core.messages import msg


class Step(Protocol):
    """What each mode's step does with a tag (its target in the tag map) and a button, and the list it shows
    (None for the game, which shows its prompt)."""

    def tap(self, target: str) -> None: ...

    def press(self, name: str, held: bool) -> None: ...

    def menu(self) -> Menu | None: ...


class Router:
    """A driver event -> the part that takes it (see the module's note); `steps` maps each mode to its step."""

    def __init__(self, table: Table, web: WebBridge, check: CheckSteps, census: CensusSteps, pages: Pages,
                 pickers: Pickers, seats: SeatSteps, steps: Mapping[str, Step]) -> None:
        self.table = table
        self.web = web
        self.check = check
        self.census = census
        self.pages = pages
        self.pickers = pickers
        self.seats = seats
        self.steps = steps

    def handle(self, event: Any) -> None:
        """One driver event. Never raises for anything the table can do."""
        table = self.table
        if isinstance(event, ReaderLost):
            table.reader_lost = msg("Card reader lost ({reason}). The game is kept; reconnecting...",
                                    reason=event.reason)
            return
        if isinstance(event, ReaderBack):
            if table.reader_lost:
                table.say(msg("Card reader is back."))
            table.reader_lost = None
            return
        if self.web.takes(event) or self.check.takes(event) or self.census.takes(event):
            return
        if isinstance(event, CardPlaced):
            self.card(event.uid)
        elif isinstance(event, ButtonPressed):
            self.button(event.name, held=False)
        elif isinstance(event, ButtonHeld):
            self.button(event.name, held=True)

    def card(self, uid: str) -> None:
        """A tag tapped (on the reader, from the virtual deck, or just enrolled): its target to the step."""
        table = self.table
        if table.saving.blocked():
            table.saving.refuse()
            return
        if self.check.check is not None and self.check.takes(CardPlaced(uid, "virtual deck", table.clock())):
            return  # the hardware check's reader step, tapped from the laptop's virtual deck
        target = table.tags.target(uid)
        if target is None and self.seats.personal_tag(uid):
            return
        if target is None:
            table.unknown_uid = uid
            table.say(msg("Unknown tag {uid}. Press OK to enroll it now.", uid=uid), error=True)
            return
        step = self.steps.get(table.mode)
        if step is None:
            table.say(msg("No game is running: press OK."), error=True)
            return
        step.tap(target)

    def button(self, name: str, held: bool) -> None:
        """A button pressed (`held`: a long press): to what is over the frame first, else to the step."""
        table = self.table
        if table.saving.blocked():
            table.saving.button(name, held)
            return
        if table.confirm is not None:
            table.answer(name)
            return
        if self.pages.turns(name, held):
            return
        if table.picker is not None:
            table.walk(name, held, table.picker, self.pickers.pick)
            return
        if table.unknown_uid and name == "ok":
            self.pickers.open_enroll_picker(table.unknown_uid)
            return
        step = self.steps.get(table.mode)
        if step is not None:
            step.press(name, held)
