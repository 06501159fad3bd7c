"""The Screen value of this moment: which layout, which words, which page of a long text.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.app.base import AppBase
from companion.buttons_layout import CAPS, screen_labels
from companion.games import undo_offer
from companion.games.base import Menu
from companion.history.menu import web_lines
from companion.players.recorded import PEOPLE, people_of
from companion.screen_model import PAGE_SECONDS, PagesShown, Screen
from companion.screens.painter import seat_label
from engine.core.messages import Message, message_from_json, msg
from engine.core.prompt import Prompt

GAME_BUTTONS = tuple(cap.name for cap in CAPS if cap.name not in ("next", "ok", "undo"))
"""The buttons a game names its own way: the page button is the first of them the moment leaves dark."""


class Frames(AppBase):
    """Builds each frame from the app's state, every text in the table's language."""

    _pages_shown: PagesShown | None = None
    """What the display last drew in pages (Screen.shown): made on first use, filled by the renderer."""

    def screen(self) -> Screen:
        """This moment's frame, every text in the table's language, on the page the timer (or the page button)
        has reached."""
        screen = self._paged(self._screen())
        if self._pages_shown is None:
            self._pages_shown = PagesShown()
        button = self._page_button(screen)
        if button == "next" and len(screen.options) < 2:
            # A choice of one: Next walks nothing (it turns the page where there is one).
            screen = replace(screen, buttons=tuple(b for b in screen.buttons if b != "next"))
        return replace(screen, page_button=button, shown=self._pages_shown)

    def _page_button(self, screen: Screen) -> str:
        """The button that turns the page of the steps or the detail on `screen`, besides the timer: one the
        moment does not use. Next where it walks no list (a card to tap, a choice of one), else the first of
        the game's own buttons that is dark (the first of a game's action buttons while a list of choices
        shows); none while a question waits for OK, or where every button the game names acts now."""
        if screen.confirm or self.saving.blocked() or self.check is not None or not (screen.todo or screen.detail):
            return ""
        if "next" not in screen.buttons or len(screen.options) < 2:
            return "next"
        unused = set(self.ui.unused_buttons())
        return next((name for name in GAME_BUTTONS if name not in screen.buttons and name not in unused), "")

    def seated(self) -> tuple[tuple[str, str], ...]:
        """Who sits in each seat of the game on the table, seat id -> the name chosen at seating (the journal's
        notes, read safely), in the game's seat order: the play screens and the game over show them
        (companion.screens.painter.seat_label says a seat with its person)."""
        if self.match is None:
            return ()
        notes = getattr(self.match, "notes", None)
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

    def _turns_page(self, name: str, held: bool) -> bool:
        """Turn the page (back, held) when `name` is the page button of a text the display shows paged; the
        timer then counts its PAGE_SECONDS from now. False when it is not: the press means what it always
        does."""
        shown = self._pages_shown
        if shown is None or shown.pages < 2 or name != shown.button:
            return False
        now = self.clock()
        page = int((now - self._page_epoch) // PAGE_SECONDS)
        self._page_epoch = now - (page + (-1 if held else 1)) * PAGE_SECONDS
        return True

    def _paged(self, screen: Screen) -> Screen:
        """Count `page` up every PAGE_SECONDS from the moment the to-do or detail text last changed.

        The screens show page `page % pages` of a text too long for one page,
        so new steps always start on their first page.
        """
        key = (screen.kind, screen.todo, screen.detail)
        now = self.clock()
        if key != self._page_key:
            self._page_key, self._page_epoch = key, now
        page = int((now - self._page_epoch) // PAGE_SECONDS)
        return replace(screen, page=page) if page else screen

    def _next_page(self) -> float | None:
        """When the page next turns (only while there is text that may span pages)."""
        if self._page_key is None or not (self._page_key[1] or self._page_key[2]):
            return None
        turned = int((self.clock() - self._page_epoch) // PAGE_SECONDS)
        return self._page_epoch + (turned + 1) * PAGE_SECONDS

    def _button_labels(self) -> tuple[tuple[str, str], ...]:
        """The game's words for the physical buttons, translated, for the screen's button strip ("" for a
        button the game never uses)."""
        return screen_labels(self.ui, self.tr)

    def _menu_screen(self, kind: str, menu: Menu, selected: int, buttons: tuple[str, ...],
                     common: dict[str, Any], phone: bool = False) -> Screen:
        """A menu's frame; with `phone` (the first menu, the statistics) the web page's address as a QR code
        with the PIN beside it, in place of the address and PIN lines of the detail."""
        qr: dict[str, Any] = {}
        extras = self._extras() if phone else None
        if extras is not None and extras.pin is not None and extras.urls:
            in_words = web_lines(extras)
            menu = replace(menu, detail=tuple(d for d in menu.detail if d not in in_words))
            qr = {"qr_url": extras.urls[0], "qr_pin": extras.pin}
        return Screen(kind, title=self._t(menu.title), options=self._all(menu.labels),
                      selected=selected % len(menu.options), detail=self._all(menu.detail), buttons=buttons,
                      **common, **qr)

    def _shows_phone(self, menu: Menu) -> bool:
        """The menus that show the web page's QR code: the first menu (the game menu, or the first set-up
        question when there is none) and the statistics screen."""
        if self.picker is not None:
            return menu.options == ("back",) and menu.title == msg("Statistics")
        if self.mode == "game":
            return True
        first_menu = len(self.games) > 1 and self.switch_game is not None
        return self.mode == "setup" and not self.setup.asked and not first_menu

    def _screen(self) -> Screen:
        said = self.notice.text if self.notice else self.reader_lost
        error = bool(self.notice.error) if self.notice else self.reader_lost is not None
        # One sentence a line: the question, then each thing to put back, then what the buttons do.
        confirm = "\n".join(self._all(self.confirm)) if self.confirm is not None else None
        common: dict[str, Any] = {"game": self.ui.name, "notice": self._t(said) if said is not None else None,
                                  "notice_error": error, "confirm": confirm,
                                  "confirm_chips": self._all(self.confirm_chips) if confirm is not None else (),
                                  "unsaved": self.saving.unsaved,
                                  "lang": self.tr.lang, "button_labels": self._button_labels()}
        if self.saving.blocked():
            return self._menu_screen("message", self.saving.menu(), self.saving.selected, ("next", "ok"),
                                     {**common, "confirm": None})
        if confirm is not None:
            common["buttons"] = ("ok", "undo")
        if self.check is not None:
            return self._check_screen(common)
        if self.picker is not None:
            return self._menu_screen("message", self.picker, self.selected,
                                     common.pop("buttons", ("next", "ok", "undo")), common,
                                     self._shows_phone(self.picker))
        if self.mode == "resume":
            return self._menu_screen("resume", self._resume_menu(), self.selected,
                                     common.pop("buttons", ("next", "ok")), {**common, "countdown": self.countdown()})
        if self.mode == "game":
            return self._menu_screen("setup", self._game_menu(), self.selected, common.pop("buttons", ("next", "ok")),
                                     common, phone=True)
        if self.mode == "setup" or self.match is None:
            menu = self._setup_menu()
            return self._menu_screen("setup", menu, self.selected, common.pop("buttons", ("next", "ok", "undo")),
                                     common, self._shows_phone(menu))
        return self._play_screen(common)

    def offered(self) -> tuple[tuple[str, ...], int]:
        """The option ids the moment offers and the highlighted one, in the order `screen` shows them.

        What a table script (companion.harness) reads to walk a list with Next as a person reading it would.
        """
        menu: Menu | None = None
        selected = self.selected
        if self.saving.blocked():
            menu, selected = self.saving.menu(), self.saving.selected
        elif self.check is not None and (self.deck is None or self.picker is not self.deck.menu):
            return (), 0
        elif self.picker is not None:
            menu = self.picker
        elif self.mode == "resume":
            menu = self._resume_menu()
        elif self.mode == "game":
            menu = self._game_menu()
        elif self.mode == "setup" or self.match is None:
            menu = self._setup_menu()
        if menu is not None:
            return tuple(menu.options), selected % len(menu.options) if menu.options else 0
        assert self.match is not None
        prompt = self.match.play.prompt
        if prompt is None or prompt.tap is not None or not prompt.options:
            return (), 0
        return tuple(prompt.options), selected % len(prompt.options)

    def _play_screen(self, common: dict[str, Any]) -> Screen:
        assert self.match is not None
        view = self.match.play.public_view()
        pending = view.get("pending")
        if pending and "key" in pending:
            pending["text"] = self.tr(message_from_json(pending))
            if self.advice is not None:
                pending["text"] = self.advice.prompt_text(self.match, self.ui, self.tr, pending["text"])
        # The narration as keys and params, newest first: screens read where the game stands from it
        # (the round-end step) without matching words of one language.
        # One entry per line of `lines`, in the same order (a finished string has no key).
        view["narration"] = [line.to_json() if isinstance(line, Message) else {"text": line} for line in self.lines]
        prompt = self.match.play.prompt
        options: tuple[str, ...] = ()
        buttons: list[str] = []
        if prompt is not None and prompt.tap is None:
            labels = undo_offer.labels(self.ui, prompt) or [self.ui.option_label(o, prompt) for o in prompt.options]
            options = self._all(labels)
            buttons = [*self.ui.direct_buttons(prompt), "next", "ok"]
        elif prompt is not None:
            buttons = list(self.ui.direct_buttons(prompt))
        else:
            buttons = ["ok"]
        if self.match.inputs:
            buttons.append("undo")
        people = self.seated()
        return Screen(self.ui.screen_kind(view), view=view, title=self._titled(self._t(self.ui.title(view)), prompt, people),
                      people=people,
                      lines=self._all(self.lines), todo=self._all(self.todo),
                      todo_news=min(self.todo_news, len(self.todo)), options=options,
                      selected=self.selected % len(options) if options else 0,
                      buttons=common.pop("buttons", tuple(buttons)), **common)
