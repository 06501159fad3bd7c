"""The phone page's address as a QR code with the PIN beside it, on the game menu and the statistics screen.

No QR decoder is available offline, so the code is checked where it can go
wrong here: the drawn pixels are exactly the encoder's modules (each module a
square of whole pixels, sampled at its centre), the quiet zone is light, the
three finder patterns sit in their corners, modules are big enough to scan
from the table at both sizes, and the PIN and the address beside the code are
drawn whole in large type in every language, over nothing else.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
import segno

from companion.app import App
from companion.games import game_ui, registration
from companion.i18n import LANGUAGES
from companion.runtime.tagmap import virtual_tagmap
from companion.screen_model import Screen
from companion.screens import render
from companion.screens.qr import MIN_MODULE_PX, QUIET, address_lines, qr_modules
from drivers.events import ButtonPressed
from tests.companion.history_helpers import archive, played
from tests.companion.test_readability import SIZES, check_type_floors

URL = "http://192.168.178.23:8080/"
GAMES = ("samurai-spirit", "trick-raiders")


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


def _app(state: Path, lang: str = "en", games: tuple[str, ...] = GAMES) -> App:
    state.mkdir(parents=True, exist_ok=True)
    (state / "web-listen.json").write_text(json.dumps({"host": "192.168.178.23", "port": 8080}))

    def switch(name: str) -> tuple[object, object]:
        other = game_ui(name)
        return other, virtual_tagmap(other.name, other.tag_targets())

    ui = game_ui(games[0])
    app = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), state, lambda: 10.0, lang=lang,
              games={name: registration(name).title for name in games} if len(games) > 1 else None,
              switch_game=switch if len(games) > 1 else None)  # type: ignore[arg-type]
    app.start()
    return app


def _pin(state: Path) -> str:
    return (state / "web-pin").read_text().strip()


def check_code(screen: Screen, size: tuple[int, int], name: str) -> pygame.Rect:
    """Draw `screen` at `size` and check the code's pixels, its neighbours and the words beside it."""
    surface = pygame.Surface(size)
    items = render(screen, surface)
    codes = items.find_all(kind="qr")
    assert len(codes) == 1, f"{name} {size}: one QR code"
    code = pygame.Rect(codes[0].rect)
    assert codes[0].value == screen.qr_url and surface.get_rect().contains(code)
    modules = qr_modules(screen.qr_url)
    count = len(modules) + 2 * QUIET
    assert code.width == code.height and code.width % count == 0, f"{name} {size}: whole-pixel modules"
    px = code.width // count
    assert px >= MIN_MODULE_PX
    for y in range(count):
        for x in range(count):
            inside = QUIET <= x < count - QUIET and QUIET <= y < count - QUIET
            dark = inside and modules[y - QUIET][x - QUIET]
            colour = surface.get_at((code.left + x * px + px // 2, code.top + y * px + px // 2))[:3]
            assert colour == ((0, 0, 0) if dark else (255, 255, 255)), f"{name} {size}: module {x},{y}"
    for item in items.find_all():
        if item.kind in ("text", "icon") and item.layer == codes[0].layer:
            assert not code.colliderect(pygame.Rect(item.rect)), f"{name} {size}: {item.role} over the code"
    check_type_floors(items, size, name)
    texts = [item.text or "" for item in items.find_all(kind="text")]
    assert any(screen.qr_pin in text for text in texts), f"{name} {size}: the PIN beside the code"
    assert "".join(address_lines(screen.qr_url)) in texts or all(line in texts for line in address_lines(URL))
    assert not any(text.endswith("...") for text in texts if text), f"{name} {size}: cut {texts}"
    return code


def test_the_encoder_puts_the_finder_patterns_in_three_corners() -> None:
    modules = qr_modules(URL)
    size = len(modules)
    assert size == 29, "a LAN address with its port is version 3 at level M"
    assert segno.make_qr(URL, error="m", boost_error=False).designator == "3-M"
    ring = [(x, y) for x in range(7) for y in range(7) if x in (0, 6) or y in (0, 6)]
    core = [(x, y) for x in range(2, 5) for y in range(2, 5)]
    for ox, oy in ((0, 0), (size - 7, 0), (0, size - 7)):
        assert all(modules[oy + y][ox + x] for x, y in ring + core)
        assert not any(modules[oy + 1][ox + x] for x in range(1, 6))
    assert [modules[6][x] for x in range(8, size - 8)] == [x % 2 == 0 for x in range(8, size - 8)], "timing"


def test_the_game_menu_draws_the_address_as_a_code_with_the_pin_in_every_language(tmp_path: Path) -> None:
    sizes: dict[tuple[int, int], int] = {}
    for lang in LANGUAGES:
        app = _app(tmp_path / lang, lang)
        screen = app.screen()
        assert app.mode == "game" and screen.qr_url == URL and screen.qr_pin == _pin(tmp_path / lang)
        assert not any(_pin(tmp_path / lang) in line for line in screen.detail), "the PIN is beside the code"
        for size in SIZES:
            sizes[size] = check_code(screen, size, f"menu {lang}").width
    assert sizes[(800, 480)] >= 250 and sizes[(480, 320)] >= 180, f"big enough to scan from the table: {sizes}"


def test_the_statistics_screen_shows_the_code_beside_its_text(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    archive(state, played("trick-raiders", 6, {"players": ["north", "east", "south"], "lives": 2}),
            "game-0001-over.journal")
    app = _app(state)
    options = app.screen().options
    while app.screen().options[app.selected % len(options)] != "Statistics":
        app.handle(ButtonPressed("next", 0.0))
    app.handle(ButtonPressed("ok", 0.0))
    screen = app.screen()
    assert screen.title == "Statistics" and screen.qr_url == URL
    assert any(line.startswith("Trick Raiders: 1 game,") for line in screen.detail)
    for size in SIZES:
        code = check_code(screen, size, "statistics")
        items = render(screen, pygame.Surface(size))
        detail = [pygame.Rect(i.rect) for i in items.find_all("detail", kind="text")]
        assert detail and not any(code.colliderect(rect) for rect in detail)


def test_a_device_fixed_to_one_game_shows_the_code_on_its_first_question(tmp_path: Path) -> None:
    app = _app(tmp_path, games=("trick-raiders",))
    screen = app.screen()
    assert app.mode == "setup" and screen.qr_url == URL
    for size in SIZES:
        check_code(screen, size, "first question")
    app.handle(ButtonPressed("ok", 0.0))
    assert app.screen().qr_url == "", "later questions are the game's"


def test_without_the_page_running_the_pin_stays_in_words(tmp_path: Path) -> None:
    app = _app(tmp_path)
    (tmp_path / "web-listen.json").unlink()
    app.menu_extras = None
    screen = app.screen()
    assert screen.qr_url == "" and f"Web page PIN: {_pin(tmp_path)}" in screen.detail


def test_a_long_address_breaks_after_the_host() -> None:
    assert address_lines("http://192.168.178.23:8080/") == ("192.168.178.23", ":8080")
    assert address_lines("http://[fd00::1]:8080/") == ("[fd00::1]", ":8080")
    assert address_lines("http://192.168.1.2/") == ("192.168.1.2",)
