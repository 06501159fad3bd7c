"""The language question, asked before any game's own set-up questions.

It wraps the game's `SetupFlow`, so the app walks one list of questions
whatever the game. The answer starts on the language in use (`--lang`, the
last one chosen, or the configuration's); the app changes every screen to
the chosen language as soon as it is picked.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import Menu, SetupFlow, Text
from companion.i18n import LANGUAGE_NAMES, LANGUAGES
from engine import RuleError
from engine.core.messages import msg


class LanguageFirst:
    """The language question, then the game's set-up questions (a SetupFlow itself)."""

    def __init__(self, game: SetupFlow, lang: str) -> None:
        self.game = game
        self.lang = lang if lang in LANGUAGES else "en"
        self.asked = False

    def menu(self) -> Menu:
        if self.asked:
            return self.game.menu()
        return Menu(msg("New game: language"), LANGUAGES, tuple(LANGUAGE_NAMES[code] for code in LANGUAGES),
                    (msg("Every screen changes to the language chosen here."),),
                    selected=LANGUAGES.index(self.lang))

    def choose(self, option: str) -> None:
        if self.asked:
            self.game.choose(option)
            return
        if option not in LANGUAGES:
            raise RuleError(f"{option!r} is not one of the languages ({', '.join(LANGUAGES)})")
        self.lang = option
        self.asked = True

    def tap(self, target: str) -> Text | None:
        if not self.asked:
            return msg("Choose the language with Next and OK first; the game's questions come after.")
        return self.game.tap(target)

    def back(self) -> bool:
        if not self.asked:
            return False
        if not self.game.back():
            self.asked = False
        return True

    def result(self) -> dict[str, Any] | None:
        return self.game.result() if self.asked else None
