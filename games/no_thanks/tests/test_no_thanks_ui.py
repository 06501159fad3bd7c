"""No Thanks!'s companion side: the seat-list set-up, two buttons, undo words, the demo at both sizes."""

from __future__ import annotations

import re
import tempfile
from functools import cache
from pathlib import Path

import pygame
import pytest

from companion.app import App
from companion.harness.demo import DemoTable
from companion.runtime.tagmap import virtual_tagmap
from companion.screen_model import Screen
from companion.screens import DisplayList, TextCache, render
from engine import Press
from games.no_thanks.app.ui import NoThanksUI
from tests.companion.frame_checks import check_type_floors
from tests.companion.table_helpers import Clock, press, tap

WIDE, COMPACT = (800, 480), (480, 320)


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


def _app(state: Path) -> App:
    """An App of No Thanks! on `state`, every card tagged virtually, started (the shared table helpers drive it)."""
    ui = NoThanksUI()
    made = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), state, Clock(), new_seed=lambda: 5)
    made.start()
    return made


def _pick(app: App, answer: str) -> None:
    options = app.setup.menu().options
    press(app, *(["next"] * ((options.index(answer) - app.selected) % len(options))), "ok")


def _set_up(app: App) -> None:
    press(app, "ok")
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
    tap(app, "card:n-20")
    ui = app.ui
    prompt = app.match.play.prompt  # type: ignore[union-attr]
    assert ui.direct_buttons(prompt) == ("pass", "confront")
    assert ui.input_for_button(prompt, "pass") == [Press("no-thanks")]
    assert ui.input_for_button(prompt, "confront") == [Press("take")]
    assert prompt is not None and prompt.options[app.selected] == "take", "OK alone never spends a chip"
    press(app, "pass")
    assert app.match.play.state.pot == 1  # type: ignore[union-attr]
    press(app, "confront")
    assert app.match.play.state.by_name("blue").cards == ["n-20"]  # type: ignore[union-attr]


def test_undo_says_what_to_put_back_without_a_count_of_chips(tmp_path: Path) -> None:
    app = _app(tmp_path)
    _set_up(app)
    tap(app, "card:n-20")
    press(app, "pass", "pass", "confront")
    match = app.match
    assert match is not None
    lines = [line.text for line in app.ui.undo_lines(match.history[-1])]
    assert lines == ["green puts n-20 back in the middle with the chips taken with it."]
    assert [line.text for line in app.ui.undo_lines(match.history[-2])] == ["blue takes their chip back from n-20."]


@cache
def demo(players: int) -> tuple[DemoTable, list[Screen]]:
    """A whole demo game through the app loop; its frames, each once, in order."""
    frames: list[Screen] = []
    state = Path(tempfile.mkdtemp(prefix="no-thanks-demo-")) / "state"
    table = DemoTable(Path("/nonexistent"), 11, players, game="no-thanks", state=state, snapshots=False)
    table.loop.draw = frames.append  # type: ignore[assignment]
    table.set_up()
    table.play()
    return table, list({repr(frame): frame for frame in frames}.values())


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
