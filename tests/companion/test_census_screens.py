"""The census's screens at 800x480 and 480x320 in the four languages: the question whole on every frame, the
list's highlighted entry whole, nothing cut, nothing off the screen, type at its floor."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_census_device import _app, census, pick, tag

from companion.app import App
from companion.screen_model import Screen
from companion.screens import DisplayList, render
from drivers.events import ButtonHeld
from tests.companion.census_game import confronted
from tests.companion.frame_checks import SIZES, check_nothing_cut, check_question, check_type_floors
from tests.companion.table_helpers import press, tap


def frames(app: App) -> Iterator[tuple[str, Screen]]:
    """Every kind of census frame: the first list, a known card, the questions (a Boss's second penalty), the
    last list, a refusal, a Samurai board's Kiai, a token, and the correction during a game."""
    census(app)
    yield "home", app.screen()
    tap(app, "card:6-doll-must-pass")
    yield "believe", app.screen()
    pick(app, "wrong")
    yield "value", app.screen()
    for option in ("ans:6", "ans:doll", "ans:must-pass"):
        pick(app, option)
    yield "second penalty", app.screen()
    pick(app, "ans:no-talent")
    pick(app, "ans:true")
    yield "last", app.screen()
    while app.census is not None and app.census.stage != "home":
        press(app, "undo")
    for target in [t for t in app.ui.tag_targets() if t.startswith("card:3-")]:
        tap(app, target)
        press(app, "ok")
    tag(app, "04C0FFEE000009")
    for option in ("kind:card", "ans:3", "ans:doll", "ans:wound", "ans:true", "record"):
        pick(app, option)
    yield "refused", app.screen()
    while app.census is not None and app.census.stage != "home":
        press(app, "undo")
    tag(app, "04C0FFEE00000A")
    pick(app, "kind:samurai")
    pick(app, "ans:kanbei")
    yield "kiai", app.screen()
    while app.census is not None and app.census.stage != "home":
        press(app, "undo")
    pick(app, "kind:farmstead")
    yield "farmstead", app.screen()
    while app.census is not None:
        press(app, "undo")
    confronted(app)
    app.handle(ButtonHeld("undo", app.clock()))
    yield "asked to correct", app.screen()
    press(app, "ok")
    yield "which to correct", app.screen()
    pick(app, "take:card:4-hat-none")
    press(app, "ok", "ok")
    pick(app, "ans:wound")
    press(app, "ok")
    yield "correction", app.screen()


def _title(items: DisplayList) -> str:
    return " ".join(item.text or "" for item in items.find_all("title", kind="text"))


@pytest.mark.parametrize("lang", ["en", "de", "fr", "nl"])
def test_every_census_frame_keeps_its_question_whole_at_both_sizes(tmp_path: Path, lang: str) -> None:
    app = _app(tmp_path, lang=lang)
    pygame.font.init()
    surfaces = {size: pygame.Surface(size) for size in SIZES}
    seen = []
    for name, screen in frames(app):
        seen.append(name)
        for size, surface in surfaces.items():
            where = f"{lang} {name} {size}"
            items = render(screen, surface)
            check_type_floors(items, size, where)
            check_nothing_cut(items, where)
            assert not items.outside(size), f"{where}: {[i.role for i in items.outside(size)]} off the screen"
            if screen.kind == "census":
                assert _title(items).split() == screen.title.split(), f"{where}: the question is not whole"
                check_question(items, screen, where)
                assert items.find("census:card") is not None or not screen.view["census"]["card"] \
                    or screen.notice, f"{where}: the component in hand is not shown"  # type: ignore[index]
    assert len(seen) == 11
