"""No Thanks!'s companion side: the seat-list set-up, two buttons, undo words, the demo at both sizes."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pygame
import pytest

from companion.app import App
from companion.harness.demo import DemoTable
from companion.runtime.tagmap import virtual_tagmap, virtual_uid
from companion.screen_model import Screen
from companion.screens import DisplayList, TextCache, render
from drivers.events import ButtonPressed, CardPlaced
from engine import Press
from games.no_thanks.app.ui import NoThanksUI
from tests.companion.frame_checks import check_type_floors

WIDE, COMPACT = (800, 480), (480, 320)


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _app(state: Path) -> App:
    ui = NoThanksUI()
    app = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), state, Clock(), new_seed=lambda: 5)
    app.start()
    return app


def _press(app: App, *names: str) -> None:
    for name in names:
        app.handle(ButtonPressed(name, app.clock()))


def _tap(app: App, card: str) -> None:
    app.handle(CardPlaced(virtual_uid(f"card:{card}"), "mock", app.clock()))


def _pick(app: App, answer: str) -> None:
    options = app.setup.menu().options
    while options[app.selected % len(options)] != answer:
        _press(app, "next")
    _press(app, "ok")


def _set_up(app: App) -> None:
    _press(app, "ok")
    for answer in ("3", "red", "start"):
        _pick(app, answer)
    assert app.match is not None


def test_the_set_up_asks_how_many_and_who_starts_then_what_to_lay_out() -> None:
    setup = NoThanksUI().new_setup()
    assert setup.menu().options == ("3", "4", "5", "6", "7")
    setup.choose("6")
    assert setup.menu().options == ("random", "red", "blue", "green", "yellow", "purple", "orange")
    setup.choose("blue")
    assert setup.result() == {"players": ["red", "blue", "green", "yellow", "purple", "orange"], "first": "blue"}
    lines = [line.text for line in setup.menu().detail]  # type: ignore[union-attr]
    assert "Each player takes 9 chips and keeps them hidden." in lines


def test_pass_says_no_thanks_and_confront_takes_always_the_same_place(tmp_path: Path) -> None:
    """"the current player presses one of two buttons: No thanks / Take (... always the same place)\""""
    app = _app(tmp_path)
    _set_up(app)
    _tap(app, "n-20")
    ui = app.ui
    prompt = app.match.play.prompt  # type: ignore[union-attr]
    assert ui.direct_buttons(prompt) == ("pass", "confront")
    assert ui.input_for_button(prompt, "pass") == [Press("no-thanks")]
    assert ui.input_for_button(prompt, "confront") == [Press("take")]
    assert prompt is not None and prompt.options[app.selected] == "take", "OK alone never spends a chip"
    _press(app, "pass")
    assert app.match.play.state.pot == 1  # type: ignore[union-attr]
    _press(app, "confront")
    assert app.match.play.state.by_name("blue").cards == ["n-20"]  # type: ignore[union-attr]


def test_undo_says_what_to_put_back_without_a_count_of_chips(tmp_path: Path) -> None:
    app = _app(tmp_path)
    _set_up(app)
    _tap(app, "n-20")
    _press(app, "pass", "pass", "confront")
    match = app.match
    assert match is not None
    lines = [line.text for line in app.ui.undo_lines(match.history[-1])]
    assert lines == ["green puts n-20 back in the middle with the chips taken with it."]
    assert [line.text for line in app.ui.undo_lines(match.history[-2])] == ["blue takes their chip back from n-20."]


@cache
def demo(players: int) -> tuple[DemoTable, list[Screen]]:
    """Every distinct frame of a whole demo game, in order."""
    import tempfile

    seen: dict[str, Screen] = {}
    table = DemoTable(Path("/nonexistent"), 11, players, game="no-thanks",
                      state=Path(tempfile.mkdtemp(prefix="no-thanks-demo-")) / "state", snapshots=False)
    table.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment, return-value]
    table.set_up()
    table.play()
    return table, list(seen.values())


@pytest.mark.parametrize("size", [WIDE, COMPACT])
@pytest.mark.parametrize("players", [3, 7])
def test_every_demo_frame_meets_the_type_floors_and_names_no_players_chips(size: tuple[int, int],
                                                                          players: int) -> None:
    _, screens = demo(players)
    cache_ = TextCache()
    for n, screen in enumerate(screens):
        items: DisplayList = render(screen, pygame.Surface(size), cache_)
        check_type_floors(items, size, f"{players} players, frame {n} ({screen.kind})")
        assert not items.outside(size)
        if screen.kind == "board":
            seats = [i for i in items.find_all(kind="box") if "seat" in i.tags]
            assert len(seats) == players, "every seat is shown"
            told = [i.role for i in items.find_all() if re.match(r"no-thanks:seat:\d+:(chips|hand)", i.role)]
            assert not told, "a seat shows its chips"


def test_the_card_in_the_middle_is_shown_with_its_chips() -> None:
    _, screens = demo(3)
    screen = next(s for s in screens if s.kind == "board" and s.view and (s.view.get("chips_on_card") or 0) >= 2)
    items = render(screen, pygame.Surface(WIDE), TextCache())
    card = items.find("no-thanks:middle:card", kind="text")
    chips = items.find("no-thanks:middle:chips", kind="text")
    assert card is not None and card.value == screen.view["card"]  # type: ignore[index]
    assert chips is not None and chips.value == screen.view["chips_on_card"]  # type: ignore[index]
