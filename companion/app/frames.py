"""The Screen value of this moment: which layout, which words, which page of a long text.

`Frames.screen` is the last step of every input's path: it reads the
`Table` (and the list of the step the table is in) and never changes the
game. `Pages` keeps which page of a long to-do or detail text shows.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from companion.app.table import Table
from companion.buttons_layout import CAPS, screen_labels
from companion.games import undo_offer
from companion.games.base import Menu
from companion.history.menu import web_lines
from companion.players.recorded import PEOPLE, people_of
from companion.screen_model import PAGE_SECONDS, PagesShown, Screen
from companion.screens.painter import seat_label
from engine.core.messages import Message, message_from_json, msg
from engine.core.prompt import Prompt

if TYPE_CHECKING:
    from companion.app.advice import AdviceDesk
    from companion.app.census_steps import CensusSteps
    from companion.app.check_steps import CheckSteps
    from companion.app.resume_steps import ResumeSteps
    from companion.app.setup_steps import FirstMenu, MenuExtras, SetupSteps

GAME_BUTTONS = tuple(cap.name for cap in CAPS if cap.name not in ("next", "ok", "undo"))
"""The buttons a game names its own way: the page button is the first of them the moment leaves dark."""


class Pages:
    """Which page of a text too long for one page shows: the timer turns it every PAGE_SECONDS, the page
    button (`turns`) turns it at once."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.shown: PagesShown | None = None
        """What the display last drew in pages (Screen.shown): made on first use, filled by the renderer."""
        self.key: tuple[str, tuple[str, ...], tuple[str, ...]] | None = None
        self.epoch = 0.0

    def turns(self, name: str, held: bool) -> bool:
        """Turn the page (back, held) when `name` is the page button of a text the display shows paged; the
        timer then counts its PAGE_SECONDS from now. False when it is not: the press means what it always
        does."""
        shown = self.shown
        if shown is None or shown.pages < 2 or name != shown.button:
            return False
        now = self.table.clock()
        page = int((now - self.epoch) // PAGE_SECONDS)
        self.epoch = now - (page + (-1 if held else 1)) * PAGE_SECONDS
        return True

    def paged(self, screen: Screen) -> Screen:
        """Count `page` up every PAGE_SECONDS from the moment the to-do or detail text last changed.

        The screens show page `page % pages` of a text too long for one page,
        so new steps always start on their first page.
        """
        key = (screen.kind, screen.todo, screen.detail)
        now = self.table.clock()
        if key != self.key:
            self.key, self.epoch = key, now
        page = int((now - self.epoch) // PAGE_SECONDS)
        return replace(screen, page=page) if page else screen

    def next_page(self) -> float | None:
        """When the page next turns (only while there is text that may span pages)."""
        if self.key is None or not (self.key[1] or self.key[2]):
            return None
        turned = int((self.table.clock() - self.epoch) // PAGE_SECONDS)
        return self.epoch + (turned + 1) * PAGE_SECONDS


class Frames:
    """Builds each frame from the table's state, every text in the table's language."""

    def __init__(self, table: Table, pages: Pages, advice: AdviceDesk | None, census: CensusSteps,
                 check: CheckSteps, resume: ResumeSteps, first: FirstMenu, setup: SetupSteps,
                 extras: MenuExtras) -> None:
        self.table = table
        self.pages = pages
        self.advice = advice
        self.census = census
        self.check = check
        self.resume = resume
        self.first = first
        self.setup = setup
        self.extras = extras

    def screen(self) -> Screen:
        """This moment's frame, every text in the table's language, on the page the timer (or the page button)
        has reached."""
        screen = self.pages.paged(self._screen())
        if self.pages.shown is None:
            self.pages.shown = PagesShown()
        button = self._page_button(screen)
        if button == "next" and len(screen.options) < 2:
            # A choice of one: Next walks nothing (it turns the page where there is one).
            screen = replace(screen, buttons=tuple(b for b in screen.buttons if b != "next"))
        return replace(screen, page_button=button, shown=self.pages.shown)

    def _page_button(self, screen: Screen) -> str:
        """The button that turns the page of the steps or the detail on `screen`, besides the timer: one the
        moment does not use. Next where it walks no list (a card to tap, a choice of one), else the first of
        the game's own buttons that is dark (the first of a game's action buttons while a list of choices
        shows); none while a question waits for OK, or where every button the game names acts now."""
        table = self.table
        if screen.confirm or table.saving.blocked() or self.check.check is not None \
                or not (screen.todo or screen.detail):
            return ""
        if "next" not in screen.buttons or len(screen.options) < 2:
            return "next"
        unused = set(table.ui.unused_buttons())
        return next((name for name in GAME_BUTTONS if name not in screen.buttons and name not in unused), "")

    def seated(self) -> tuple[tuple[str, str], ...]:
        """Who sits in each seat of the game on the table, seat id -> the name chosen at seating (the journal's
        notes, read safely), in the game's seat order: the play screens and the game over show them
        (companion.screens.painter.seat_label says a seat with its person)."""
        table = self.table
        if table.match is None:
            return ()
        notes = getattr(table.match, "notes", None)
        recorded = notes.get(PEOPLE) if isinstance(notes, dict) else None
        if not isinstance(recorded, dict):
            return ()
        people = people_of(notes, tuple(str(seat) for seat in recorded))
        return tuple((seat, who["name"]) for seat, who in people.items())

    @staticmethod
    def _titled(title: str, prompt: Prompt | None, people: tuple[tuple[str, str], ...]) -> str:
        """The play screen's title with the person of the seat to act after it ("Round 1 - Kyuzo's turn · Ann"):
        where the seats' chips have no room for every name (480x320), the title still says who is asked. The
        seat is the prompt's actor, the engine's one word for who decides in every game (the whole table
        names no seat)."""
        person = dict(people).get(prompt.actor) if prompt is not None else None
        return seat_label(title, person) if prompt is not None else title

    def _menu_screen(self, kind: str, menu: Menu, selected: int, buttons: tuple[str, ...],
                     common: dict[str, Any], phone: bool = False) -> Screen:
        """A menu's frame; with `phone` (the first menu, the statistics) the web page's address as a QR code
        with the PIN beside it, in place of the address and PIN lines of the detail."""
        table = self.table
        qr: dict[str, Any] = {}
        extras = self.extras.extras() if phone else None
        if extras is not None and extras.pin is not None and extras.urls:
            in_words = web_lines(extras)
            menu = replace(menu, detail=tuple(d for d in menu.detail if d not in in_words))
            qr = {"qr_url": extras.urls[0], "qr_pin": extras.pin}
        return Screen(kind, title=table.t(menu.title), options=table.all(menu.labels),
                      selected=selected % len(menu.options), detail=table.all(menu.detail), buttons=buttons,
                      **common, **qr)

    def _shows_phone(self, menu: Menu) -> bool:
        """The menus that show the web page's QR code: the first menu (the game menu, or the first set-up
        question when there is none) and the statistics screen."""
        table = self.table
        if table.picker is not None:
            return menu.options == ("back",) and menu.title == msg("Statistics")
        if table.mode == "game":
            return True
        return table.mode == "setup" and not table.setup.asked and not table.first_menu()

    def _screen(self) -> Screen:
        """The frame before paging: the census's while it runs, else the Cannot save screen, the question over
        the frame, the check, a list over the moment, the step's menu, or the game."""
        if self.census.runs():
            return self.census.screen()
        table = self.table
        said = table.notice.text if table.notice else table.reader_lost
        error = bool(table.notice.error) if table.notice else table.reader_lost is not None
        # One sentence a line: the question, then each thing to put back, then what the buttons do.
        confirm = "\n".join(table.all(table.confirm)) if table.confirm is not None else None
        common: dict[str, Any] = {"game": table.ui.name, "notice": table.t(said) if said is not None else None,
                                  "notice_error": error, "confirm": confirm,
                                  "confirm_chips": table.all(table.confirm_chips) if confirm is not None else (),
                                  "unsaved": table.saving.unsaved,
                                  "lang": table.tr.lang, "button_labels": screen_labels(table.ui, table.tr)}
        if table.saving.blocked():
            return self._menu_screen("message", table.saving.menu(), table.saving.selected, ("next", "ok"),
                                     {**common, "confirm": None})
        if confirm is not None:
            common["buttons"] = ("ok", "undo")
        if self.check.check is not None:
            return self.check.screen(common)
        if table.picker is not None:
            return self._menu_screen("message", table.picker, table.selected,
                                     common.pop("buttons", ("next", "ok", "undo")), common,
                                     self._shows_phone(table.picker))
        if table.mode == "resume":
            return self._menu_screen("resume", self.resume.menu(), table.selected,
                                     common.pop("buttons", ("next", "ok")),
                                     {**common, "countdown": self.resume.countdown()})
        if table.mode == "game":
            return self._menu_screen("setup", self.first.menu(), table.selected,
                                     common.pop("buttons", ("next", "ok")), common, phone=True)
        if table.mode == "setup" or table.match is None:
            menu = self.setup.menu()
            return self._menu_screen("setup", menu, table.selected, common.pop("buttons", ("next", "ok", "undo")),
                                     common, self._shows_phone(menu))
        return self._play_screen(common)

    def offered(self) -> tuple[tuple[str, ...], int]:
        """The option ids the moment offers and the highlighted one, in the order `screen` shows them.

        What a table script (companion.harness) reads to walk a list with Next as a person reading it would.
        """
        if self.census.runs():
            return self.census.offered()
        table = self.table
        menu: Menu | None = None
        selected = table.selected
        if table.saving.blocked():
            menu, selected = table.saving.menu(), table.saving.selected
        elif self.check.check is not None and (table.deck is None or table.picker is not table.deck.menu):
            return (), 0
        elif table.picker is not None:
            menu = table.picker
        elif table.mode == "resume":
            menu = self.resume.menu()
        elif table.mode == "game":
            menu = self.first.menu()
        elif table.mode == "setup" or table.match is None:
            menu = self.setup.menu()
        if menu is not None:
            return tuple(menu.options), selected % len(menu.options) if menu.options else 0
        assert table.match is not None
        prompt = table.match.play.prompt
        if prompt is None or prompt.tap is not None or not prompt.options:
            return (), 0
        return tuple(prompt.options), selected % len(prompt.options)

    def _play_screen(self, common: dict[str, Any]) -> Screen:
        table = self.table
        assert table.match is not None
        view = table.match.play.public_view()
        pending = view.get("pending")
        if pending and "key" in pending:
            pending["text"] = table.tr(message_from_json(pending))
            if self.advice is not None:
                pending["text"] = self.advice.prompt_text(table.match, table.ui, table.tr, pending["text"])
        # The narration as keys and params, newest first: screens read where the game stands from it
        # (the round-end step) without matching words of one language.
        # One entry per line of `lines`, in the same order (a finished string has no key).
        view["narration"] = [line.to_json() if isinstance(line, Message) else {"text": line} for line in table.lines]
        prompt = table.match.play.prompt
        options: tuple[str, ...] = ()
        buttons: list[str] = []
        if prompt is not None and prompt.tap is None:
            labels = undo_offer.labels(table.ui, prompt) or [table.ui.option_label(o, prompt) for o in prompt.options]
            options = table.all(labels)
            buttons = [*table.ui.direct_buttons(prompt), "next", "ok"]
        elif prompt is not None:
            buttons = list(table.ui.direct_buttons(prompt))
        else:
            buttons = ["ok"]
        if table.match.inputs:
            buttons.append("undo")
        people = self.seated()
        return Screen(table.ui.screen_kind(view), view=view,
                      title=self._titled(table.t(table.ui.title(view)), prompt, people), people=people,
                      lines=table.all(table.lines), todo=table.all(table.todo),
                      todo_news=min(table.todo_news, len(table.todo)), options=options,
                      selected=table.selected % len(options) if options else 0,
                      buttons=common.pop("buttons", tuple(buttons)), **common)
