"""The guided check of the buttons and the reader: the first start's, the menu's, and what it leaves on disk."""

from __future__ import annotations

import errno
import re
from pathlib import Path

import pygame
import pytest

from companion.app import App
from companion.app.hardware_check import CHECKED, button_order
from companion.games import game_ui, registration
from companion.i18n import LANGUAGES
from companion.runtime.storage import CURRENT, FaultyFileSystem
from companion.runtime.tagmap import virtual_tagmap, virtual_uid
from companion.screens import render
from drivers.config import BUTTON_NAMES
from drivers.events import ButtonHeld, ButtonPressed, CardPlaced
from tests.companion.table_helpers import UI, Clock, make, press, tap
from tests.companion.test_readability import SIZES, check_type_floors

GAMES = ("samurai-spirit", "trick-raiders")
WIRING_ORDER = ("Red", "Blue", "Green", "Yellow", "Black", "White", "Orange")


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


def installed(state: Path, fs: FaultyFileSystem | None = None, lang: str = "en") -> App:
    """The App as `companion run` on the Pi starts it: the game menu first, the state folder of the service."""
    def switch(name: str) -> tuple[object, object]:
        other = game_ui(name)
        return other, virtual_tagmap(other.name, other.tag_targets())

    extra = {"fs": fs} if fs is not None else {}
    app = App(UI, virtual_tagmap(UI.name, UI.tag_targets()), state, Clock(), lang=lang,
              games={name: registration(name).title for name in GAMES},
              switch_game=switch, **extra)  # type: ignore[arg-type]
    app.start()
    return app


def held(app: App, name: str) -> None:
    app.handle(ButtonHeld(name, app.clock()))


def step(app: App) -> str:
    view = app.screen().view or {}
    return str(view.get("check", {}).get("say", ""))


def test_the_first_start_walks_the_seven_buttons_in_order_then_the_reader(tmp_path: Path) -> None:
    app = installed(tmp_path)
    assert app.mode == "game"
    assert app.start_first_check(None)
    asked = []
    for name in BUTTON_NAMES:
        screen = app.screen()
        assert screen.kind == "check" and screen.title == "Check buttons and reader"
        asked.append(step(app))
        press(app, name)
    assert asked == [f"Press the {colour.lower()} button." for colour in WIRING_ORDER]
    assert step(app) == "Tap any card on the reader."
    press(app, "ok")
    assert app.check is not None, "a press before any tag does not end the reader step"
    assert (app.screen().view or {})["check"]["wrong"] == "No card read yet: tap one on the reader."
    tap(app, "card:1-hat-wound")
    check = (app.screen().view or {})["check"]
    assert check["say"] == f"Tag {virtual_uid('card:1-hat-wound')} read."
    assert check["known"] == "Known to: Samurai Spirit"
    app.handle(CardPlaced("04A1B2C3D4E5F6", "mock", 0.0))
    assert (app.screen().view or {})["check"]["known"] == "Not enrolled in any game yet."
    press(app, "ok")
    screen = app.screen()
    assert app.check is None and screen.kind == "setup" and app.mode == "game", "then the game menu"
    assert screen.notice == "Check done: every button and the reader answered."
    assert (tmp_path / CHECKED).is_file()


def test_a_wrong_button_says_which_came_and_which_is_wanted(tmp_path: Path) -> None:
    """The builder's wiring test: Blue pressed where Red was asked is named, and the step stays."""
    app = installed(tmp_path)
    app.start_first_check(None)
    press(app, "defend")
    check = (app.screen().view or {})["check"]
    assert check["wrong"] == "You pressed Blue; press Red." and check["n"] == 1
    press(app, "confront")
    assert (app.screen().view or {})["check"]["n"] == 2 and "wrong" not in (app.screen().view or {})["check"]


def test_holding_any_button_skips_a_step_and_the_menu_says_what_did_not_answer(tmp_path: Path) -> None:
    app = installed(tmp_path)
    app.start_first_check(None)
    press(app, "confront")
    held(app, "ok")  # the blue one is dead: hold another to go on
    for name in BUTTON_NAMES[2:]:
        press(app, name)
    held(app, "next")  # no reader either
    assert app.check is None
    assert app.screen().notice == "Check done; did not answer: Blue, the card reader."


def test_the_check_follows_a_configured_order() -> None:
    order = ("undo", "ok", "next", "pass", "support", "defend", "confront")
    assert [cap.name for cap in button_order(order)] == list(order)
    assert [cap.name for cap in button_order(None)] == list(BUTTON_NAMES)


def test_it_is_shown_once_then_only_from_the_menu(tmp_path: Path) -> None:
    app = installed(tmp_path)
    assert app.start_first_check(None)
    held(app, "ok")
    for _ in BUTTON_NAMES:
        held(app, "ok")
    assert app.check is None
    again = installed(tmp_path)
    assert not again.start_first_check(None) and again.check is None
    options = again.screen().options
    assert options[-1] == "Check the hardware"
    press(again, *["next"] * (len(options) - 1), "ok")
    assert again.screen().kind == "check" and step(again) == "Press the red button."


def test_a_saved_game_is_offered_first_and_the_check_waits(tmp_path: Path) -> None:
    """A check never stands between a table and its saved game: the resume question comes, no check."""
    app = make(tmp_path)
    press(app, "ok", "ok")
    for name in ("kyuzo", "heihachi"):
        tap(app, f"samurai:{name}")
    while app.mode == "setup":
        press(app, "ok")
    assert (tmp_path / CURRENT).is_file()
    again = installed(tmp_path)
    assert again.mode == "resume"
    assert not again.start_first_check(None)
    assert again.screen().kind == "resume" and not (tmp_path / CHECKED).exists()


def test_a_read_only_disk_costs_a_note_and_the_check_comes_once_per_boot(tmp_path: Path) -> None:
    state, run = tmp_path / "state", tmp_path / "run"
    state.mkdir()
    run.mkdir()
    fs = FaultyFileSystem()
    app = installed(state, fs)
    assert app.start_first_check(run)
    fs.error = errno.EROFS
    for _ in range(len(BUTTON_NAMES) + 1):
        held(app, "ok")
    assert app.check is None and app.mode == "game"
    assert re.match(r"The check could not be remembered \(Read-only file system\)", app.screen().notice or "")
    assert not (state / CHECKED).exists()
    fs.error = None
    restarted = installed(state)
    assert not restarted.start_first_check(run), "the same boot: not again"
    next_boot = installed(state)
    assert next_boot.start_first_check(tmp_path / "new-boot-run")


def test_every_check_screen_is_readable_and_uncut_in_every_language_at_both_sizes(tmp_path: Path) -> None:
    for lang in LANGUAGES:
        app = installed(tmp_path / lang, lang=lang)
        app.start_first_check(None)
        frames = []
        press(app, "defend")
        frames.append(app.screen())
        for name in BUTTON_NAMES:
            press(app, name)
        frames.append(app.screen())
        press(app, "ok")
        frames.append(app.screen())
        tap(app, "card:1-hat-wound")
        frames.append(app.screen())
        for screen in frames:
            for size in SIZES:
                items = render(screen, pygame.Surface(size))
                check_type_floors(items, size, f"check {lang}")
                assert not items.outside(size)
                for item in items.find_all(kind="text"):
                    assert not (item.text or "").endswith("..."), f"{lang} {size}: {item.role} cut: {item.text!r}"
                assert items.find("check:step", kind="text") is not None


def test_events_outside_the_check_still_reach_the_app(tmp_path: Path) -> None:
    app = installed(tmp_path)
    press(app, "next")
    assert app.selected == 1 and app.check is None
    app.handle(ButtonPressed("ok", 0.0))
    assert app.mode == "setup", "OK on Trick Raiders' entry starts its set-up as before"


def _run(tmp_path: Path, *extra: str) -> None:
    """`companion run` as the service starts it (mock devices named in the configuration, not --mock)."""
    import os
    import subprocess
    import sys

    tmp_path.mkdir(parents=True, exist_ok=True)
    config = tmp_path / "companion.toml"
    config.write_text('[reader]\nbackend = "mock"\n[buttons]\nbackend = "mock"\n[display]\ndriver = "dummy"\n')
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", RUNTIME_DIRECTORY=str(tmp_path / "run"))
    (tmp_path / "run").mkdir(exist_ok=True)
    done = subprocess.run([sys.executable, "-m", "companion.cli", "run", "--config", str(config), "--state-dir",
                           str(tmp_path / "state"), "--exit-after", "1", *extra],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_the_installed_start_shows_the_check_and_mock_mode_does_not(tmp_path: Path) -> None:
    _run(tmp_path / "service")
    assert (tmp_path / "service" / "run" / CHECKED).is_file(), "the service's first start showed the check"
    _run(tmp_path / "laptop", "--mock")
    assert not (tmp_path / "laptop" / "run" / CHECKED).exists(), "--mock (demos, table scripts) does not"
