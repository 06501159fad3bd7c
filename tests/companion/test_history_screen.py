"""The statistics screen: reached from the first menu once a game is recorded, readable at both sizes."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from companion.app import App
from companion.games import game_ui, registration
from companion.runtime.tagmap import virtual_tagmap
from companion.screens import render
from drivers.events import ButtonPressed
from tests.companion.history_helpers import archive, played
from tests.companion.history_rows import night_on_disk
from tests.companion.test_readability import SIZES, check_type_floors

GAMES = ("samurai-spirit", "trick-raiders")


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


def _app(state_dir: Path) -> App:
    ui = game_ui(GAMES[0])

    def switch(name: str) -> tuple[object, object]:
        other = game_ui(name)
        return other, virtual_tagmap(other.name, other.tag_targets())

    app = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), state_dir, lambda: 10.0,
              games={name: registration(name).title for name in GAMES},
              switch_game=switch)  # type: ignore[arg-type]
    app.start()
    return app


def _press(app: App, *names: str) -> None:
    for name in names:
        app.handle(ButtonPressed(name, 0.0))


def test_no_statistics_in_the_first_menu_before_any_game(tmp_path: Path) -> None:
    app = _app(tmp_path)
    assert app.mode == "game" and app.screen().options == ("Samurai Spirit", "Trick Raiders", "New web page PIN",
                                                         "Teach it your box", "Check the hardware")


def test_the_statistics_screen_shows_counts_and_meets_the_type_floors(tmp_path: Path) -> None:
    archive(tmp_path, played("samurai-spirit", 5, {"samurai": ["kyuzo", "heihachi"], "difficulty": "heroic",
                                                    "absent_tokens": True}), "game-0001-x.journal")
    archive(tmp_path, played("trick-raiders", 6, {"players": ["north", "east", "south"], "lives": 2}),
            "game-0002-over.journal")
    app = _app(tmp_path)
    assert app.screen().options[-4:] == ("Statistics", "New web page PIN", "Teach it your box",
                                         "Check the hardware")
    _press(app, "next", "next", "ok")
    screen = app.screen()
    assert screen.title == "Statistics" and screen.options == ("Back",)
    assert "Samurai Spirit: 1 game, 1 finished" in screen.detail
    assert "– Difficulty: Heroic: 0 of 1 won (likely 0-80%)" in screen.detail or \
        "– Difficulty: Heroic: 1 of 1 won (likely 20-100%)" in screen.detail
    assert any(line.startswith("Trick Raiders: 1 game,") for line in screen.detail)
    for size in SIZES:
        surface = pygame.Surface(size)
        for page in range(4):
            items = render(type(screen)(**{**screen.__dict__, "page": page}), surface)
            check_type_floors(items, size, f"statistics page {page}")
            assert not items.outside(size)
    _press(app, "ok")
    assert app.picker is None and app.mode == "game"


def test_the_first_menu_shows_the_web_pages_pin_readably(tmp_path: Path) -> None:
    app = _app(tmp_path)
    screen = app.screen()
    pin = (tmp_path / "web-pin").read_text().strip()
    assert f"Web page PIN: {pin}" in screen.detail
    for size in SIZES:
        items = render(screen, pygame.Surface(size))
        check_type_floors(items, size, "first menu")
        assert any(pin in (item.text or "") for item in items.find_all(kind="text")), f"{size}: no PIN drawn"


def test_with_one_game_the_first_question_shows_the_pin_and_offers_the_statistics(tmp_path: Path) -> None:
    """A device fixed to one game (app.game, --game) has no first menu: its first question stands in for it."""
    archive(tmp_path, played("trick-raiders", 6, {"players": ["north", "east", "south"], "lives": 2}),
            "game-0001-over.journal")
    ui = game_ui("trick-raiders")
    app = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), tmp_path, lambda: 10.0)
    app.start()
    screen = app.screen()
    pin = (tmp_path / "web-pin").read_text().strip()
    assert app.mode == "setup" and f"Web page PIN: {pin}" in screen.detail
    assert screen.options[-4:] == ("Statistics", "New web page PIN", "Teach it your box",
                                         "Check the hardware")
    while app.screen().options[app.selected % len(app.screen().options)] != "Statistics":
        _press(app, "next")
    _press(app, "ok")
    assert app.screen().title == "Statistics"
    assert any(line.startswith("Trick Raiders: 1 game,") for line in app.screen().detail)
    _press(app, "ok")
    assert app.picker is None and app.mode == "setup" and not app.setup.asked
    _press(app, "ok")
    assert app.setup.asked, "OK on the language answers it as before"
    assert "Statistics" not in app.screen().options and not any("PIN" in line for line in app.screen().detail)


def test_the_first_menu_reads_the_pin_and_the_history_once_per_visit(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop asks for the screen many times a second: the disk is read when the menu appears, not per frame."""
    from companion.app import setup_steps

    reads: list[Path] = []
    real = setup_steps.first_menu_extras
    monkeypatch.setattr(setup_steps, "first_menu_extras", lambda state: reads.append(state) or real(state))
    app = _app(tmp_path)
    for _ in range(20):
        app.screen()
    assert len(reads) == 1


def test_the_statistics_screen_shows_the_last_night_and_each_person_in_the_tables_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    try:
        archive(tmp_path, played("trick-raiders", 6, {"players": ["north", "east", "south"], "lives": 2}),
                "game-0000-over.journal", mtime=1_700_000_000)
        night_on_disk(tmp_path, tmp_path / "rows")
        (tmp_path / "last-setup.json").write_text('{"game": "samurai-spirit", "lang": "de", "setups": {}}\n',
                                                  "utf-8")
        app = _app(tmp_path)
        options = app.screen().options
        assert "Statistik" in options and "Neue Web-PIN" in options
        _press(app, *["next"] * options.index("Statistik"), "ok")
        screen = app.screen()
    finally:
        monkeypatch.undo()
        time.tzset()
    detail = list(screen.detail)
    assert detail[:3] == ["Letzter Spieleabend: 2026-11-20, 20:20 +01:00 bis 22:10 +01:00",
                          "– 3 Partien, 1 Std. 30 Min. gespielt", "– 20:20 +01:00 Tenno: Ann hat gewonnen"]
    assert "Ann · Tenno: 1 von 2 gewonnen (wahrscheinlich 9-91%)" in detail
    assert "– Gegen Chloé: 2× vorn, 0× dahinter" in detail and "– Lieblingsplatz: Lila, 2 von 2 Partien" in detail
    assert "– Schwierigkeit: Schwer: 1 von 1 gewonnen (wahrscheinlich 20-100%)" in detail
    assert not any(raw in line for line in detail for raw in ("blue", "purple", "difficulty", "(-)", " won"))
    for size in SIZES:
        surface = pygame.Surface(size)
        for page in range(12):
            items = render(type(screen)(**{**screen.__dict__, "page": page}), surface)
            check_type_floors(items, size, f"statistics page {page}")
            assert not items.outside(size)
