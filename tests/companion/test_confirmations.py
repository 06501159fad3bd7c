"""A confirmation's chips say what OK and the other buttons do in it, in words of the right sense.

Before: "Put the unfinished game aside and start a new one?" carried "OK: undo / Other: cancel", and in
French the words for the Undo button ("Annuler") also said that a confirmation was cancelled ("Annulé").
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pygame
import pytest

from companion.app import App
from companion.i18n import LANGUAGES, Translator
from companion.screens import render
from engine.core.messages import msg
from tests.companion.table_helpers import Clock, make, press, tap

SIZES = ((800, 480), (480, 320))


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


def chips(app: App, size: tuple[int, int]) -> list[str]:
    """The confirmation's chips as drawn, each whole."""
    screen = app.screen()
    assert screen.confirm
    items = render(screen, pygame.Surface(size))
    drawn = items.find_all(prefix="confirm:button:", kind="text")
    assert all(item.text == item.value for item in drawn), "a chip is cut"
    return [item.text for item in drawn]


def playing(state: Path, lang: str) -> App:
    """Samurai Spirit set up and started, its first input made (something to undo)."""
    app = make(state, Clock(), lang=lang)
    press(app, "ok", "ok")  # the language, Normal
    for name in ("kyuzo", "heihachi"):
        tap(app, f"samurai:{name}")
    while app.mode == "setup":
        press(app, "ok")
    assert app.match is not None
    before = len(app.match.inputs)
    tap(app, "card:" + app.match.play.possible_taps()[0]) if app.match.play.prompt.tap else press(app, "ok")
    assert len(app.match.inputs) > before
    return app


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_confirmation_names_what_its_ok_does(tmp_path: Path, lang: str) -> None:
    tr = Translator(lang)
    first = playing(tmp_path, lang)
    press(first, "undo")
    for size in SIZES:
        assert chips(first, size) == [tr(msg("OK: undo")), tr(msg("Other: cancel"))]
    app = make(tmp_path, Clock(), lang=lang)
    assert app.mode == "resume"
    press(app, "next", "ok")
    assert app.confirm is not None
    for size in SIZES:
        assert chips(app, size) == [tr(msg("OK: new game")), tr(msg("Other: cancel"))]
    press(app, "pass")
    assert app.mode == "resume" and app.confirm is None, "any other button keeps the game"


def _stem(text: str) -> str:
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return plain.casefold()[:5]


def _folded(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold()


def test_the_cancel_sense_never_borrows_the_undo_buttons_word(tmp_path: Path) -> None:
    """In a confirmation the Undo button cancels: words saying it was cancelled must not read as "undone"
    (French "Annulé" beside the button "Annuler"), in any language."""
    for lang in LANGUAGES:
        tr = Translator(lang)
        undo = _stem(tr(msg("Undo")))
        cancel = [tr(msg("Other: cancel")), tr(msg("Cancelled: nothing was changed."))]
        assert not any(undo in _folded(text) for text in cancel), (lang, undo, cancel)
        app = playing(tmp_path / lang, lang)
        press(app, "undo")
        press(app, "next")
        assert app.confirm is None and app.screen().notice == cancel[1]
        assert tr(msg("OK: new game")) != tr(msg("OK: undo"))
