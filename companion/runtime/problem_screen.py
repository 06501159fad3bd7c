"""A problem the table must see, drawn on the display and kept there.

A person at the table has no terminal: when the configuration, the state
folder, the lock or the tag map stops the companion, the reason goes on the
screen (and on stderr for the log), and the process stays up, answering
systemd's watchdog, instead of exiting into a restart loop with a black
screen. This is a loop controller like the App, showing one `message` screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.games.base import Text
from companion.i18n import CatalogError, Namer, Translator
from companion.screen_model import Screen
from drivers.events import ButtonHeld, ButtonPressed
from engine.core.messages import Message, msg

NO_GAME = ""
"""Drawn with the generic frame only: the problem may be that no game can start."""

RETRY_S = 2.0


class ProblemScreen:
    """Shows `title` and `lines` until stopped, OK pressed (when allowed) or `retry` succeeds.

    retry   called every RETRY_S seconds; True ends the screen (the problem went away)
    lang    the table's language; a catalogue that cannot be read leaves English (the problem matters more)
    namers  how the game names the fields of its messages (a tag's `{target}`, a `{card}`), when a game is known
    """

    def __init__(self, title: Text, lines: tuple[Text, ...], clock: Callable[[], float],
                 ok_continues: bool = False, retry: Callable[[], bool] | None = None, lang: str = "en",
                 namers: Mapping[str, Namer] | None = None, game: str = "") -> None:
        try:
            self.tr = Translator(lang, namers, game)
        except CatalogError:
            self.tr = Translator("en", namers, game)
        self.title = title
        self.lines = lines
        self.clock = clock
        self.ok_continues = ok_continues
        self.retry = retry
        self.next_retry = clock() + RETRY_S if retry else None
        self.done = False

    def handle(self, event: Any) -> None:
        if self.ok_continues and isinstance(event, ButtonPressed | ButtonHeld) and event.name == "ok":
            self.done = True

    def tick(self, now: float | None = None) -> None:
        now = self.clock() if now is None else now
        if self.retry is not None and self.next_retry is not None and now >= self.next_retry:
            self.next_retry = now + RETRY_S
            if self.retry():
                self.done = True

    def deadline(self) -> float | None:
        return self.next_retry

    def _t(self, text: Text) -> str:
        return self.tr(text) if isinstance(text, Message) else text

    def screen(self) -> Screen:
        closing: tuple[Text, ...] = (msg("OK: continue anyway."),) if self.ok_continues else ()
        return Screen("message", game=NO_GAME, title=self._t(self.title),
                      detail=tuple(self._t(line) for line in self.lines + closing),
                      buttons=("ok",) if self.ok_continues else (), lang=self.tr.lang)
