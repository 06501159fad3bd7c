"""What the app asks the screen to show: a plain value, no pygame in it.

The app loop builds a `Screen` from the engine's public view and its own
state (the selected option, a refusal to show, an undo to confirm); the
renderer in `companion.screens` turns it into pixels. Keeping this a value
means the loop is testable without a display and a renderer is testable
without a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SCREEN_KINDS = ("setup", "board", "round-end", "game-over", "enroll", "resume", "message")
"""The kinds every game's screens draw; "check" (the hardware check, no game's) is drawn by companion.screens.check."""


@dataclass(frozen=True)
class Screen:
    """One frame's content.

    kind      which layout: setup, board, round-end, game-over, enroll, resume, message, check (the
              hardware check, drawn by companion.screens.check from view["check"])
    game      the game's name ("samurai-spirit"): picks the game's screens; "" for none (generic screens)
    view      the engine's public view (None on screens without a game)
    title     the headline ("Round 2 - Kyuzo's turn", "Enroll cards")
    lines     what the table must do physically, newest first
    options   the choices the buttons walk with Next/OK (labels shown)
    selected  index of the highlighted option
    buttons   physical buttons that act directly now (confront, defend, ...): lit on the strip
    notice    a refusal or a note, shown for a few seconds
    notice_error  True when notice is a refusal (drawn as an error)
    confirm   a question waiting for OK (undo, new game), or None
    confirm_chips  what OK and the other buttons do in that confirmation, in words ("OK: new game",
              "Other: cancel"); empty: the generic chips
    detail    extra text lines for setup/enroll/resume screens
    unsaved   the game is played on while the disk refuses saves: every
              frame says NOT SAVED until saving works again
    lang      the language of every text here ("en", "de", "fr", "nl"); the
              screens' own words (button names, headings) follow it
    todo      the to-do panel: the physical steps for the table, in the order
              they are done, each one sentence (already in `lang`), then what
              merely happened (the last `todo_news` of them)
    todo_news how many of the last `todo` entries only say what happened (a
              card played, a turn begun) rather than ask the table to do
              something: drawn after the steps and marked apart
    countdown seconds left before something happens by itself (the resume
              screen's auto-resume), or None
    button_labels  the game's words for physical buttons, translated ("confront" -> "Castle" in
              Knizia's Samurai): the button strip prints these; "" for a button the game never uses
              (its slot shows only the colour); a button without one gets the generic word
    page      which page to show of a text too long for one even at the
              smallest readable size (the to-do steps, a long detail on
              480x320): the app counts it up every `PAGE_SECONDS` and at
              each press of `page_button`, and the screens take it modulo
              the number of pages, drawing "1/2"
    qr_url    the phone page's address, drawn as a QR code with `qr_pin` beside it on the game menu and
              the statistics screen (companion.screens.qr); "" for none
    qr_pin    the phone page's PIN shown beside the code
    page_button  the button that turns the page of the to-do steps or the detail now, besides the timer: one
              the moment does not use (Next where it walks no list); "" for none. The screens light it and
              name it beside "1/2" only where the text is paged on that display
    people    who sits in each seat, seat id -> the name chosen at seating (Match.notes["people"]): the seat
              rows and chips, and the game over, name them beside the seat ("Red · Ann")
    shown     filled by the renderer: what the frame last drawn showed in pages (`PagesShown`), so the app
              turns a page only where there is one; not part of the frame's value (never compared)
    """

    kind: str
    game: str = ""
    view: dict[str, Any] | None = None
    title: str = ""
    lines: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    selected: int = 0
    buttons: tuple[str, ...] = ()
    notice: str | None = None
    notice_error: bool = False
    confirm: str | None = None
    confirm_chips: tuple[str, ...] = ()
    detail: tuple[str, ...] = field(default_factory=tuple)
    unsaved: bool = False
    lang: str = "en"
    todo: tuple[str, ...] = ()
    todo_news: int = 0
    countdown: int | None = None
    page: int = 0
    button_labels: tuple[tuple[str, str], ...] = ()
    qr_url: str = ""
    qr_pin: str = ""
    page_button: str = ""
    people: tuple[tuple[str, str], ...] = ()
    shown: PagesShown | None = field(default=None, compare=False, repr=False)


@dataclass
class PagesShown:
    """What the display last drew of the app's frames in pages: how many the to-do steps (or the detail) took,
    and the button named beside "1/2". The renderer writes it; the app reads it when a button is pressed, so
    the page button turns a page only on a display where the text is paged (and otherwise keeps its usual
    meaning, such as a refusal that says what to do)."""

    pages: int = 0
    button: str = ""


PAGE_SECONDS = 6.0
"""How long one page of a paged to-do panel stays before the next: time to read four long lines."""
