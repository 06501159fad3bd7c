"""The phone page's QR code and address appear when `companion web` starts after the menu was drawn.

The boot does not order the two services, so the page may come up seconds after the device drew its
first menu. Before, the menu kept what it read the first time (a PIN, no address) until a restart.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.app import App
from companion.games import game_ui, registration
from companion.runtime.tagmap import virtual_tagmap
from tests.companion.table_helpers import Clock

GAMES = ("samurai-spirit", "tenno")


def first_menu(state: Path, clock: Clock, games: tuple[str, ...] = GAMES) -> App:
    def switch(name: str) -> tuple[object, object]:
        other = game_ui(name)
        return other, virtual_tagmap(other.name, other.tag_targets())

    ui = game_ui(games[0])
    app = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), state, clock, lang="en",
              games={name: registration(name).title for name in games} if len(games) > 1 else None,
              switch_game=switch if len(games) > 1 else None)  # type: ignore[arg-type]
    app.start()
    return app


def page_starts(state: Path, port: int = 8080) -> None:
    (state / "web-listen.json").write_text(json.dumps({"host": "192.168.178.23", "port": port}))


def wait(app: App, clock: Clock) -> None:
    """A second as the loop spends it: it sleeps until each deadline (never more than a second away), ticks."""
    end = clock.now + 1.0
    while clock.now < end:
        deadline = app.deadline()
        assert deadline is not None and deadline - clock.now <= 1.0, "the menu wakes within a second"
        clock.now = min(end, max(deadline, clock.now + 0.01))
        app.tick()


def test_the_code_appears_when_the_page_starts_after_the_menu(tmp_path: Path) -> None:
    clock = Clock()
    app = first_menu(tmp_path, clock)
    before = app.screen()
    assert before.qr_url == "" and any(line.startswith("Web page PIN") for line in before.detail)
    page_starts(tmp_path)
    wait(app, clock)
    shown = app.screen()
    assert shown.qr_url == "http://192.168.178.23:8080/" and shown.qr_pin
    page_starts(tmp_path, 8081)
    wait(app, clock)
    assert app.screen().qr_url == "http://192.168.178.23:8081/", "the page moved to another port"
    (tmp_path / "web-listen.json").unlink()
    wait(app, clock)
    assert app.screen().qr_url == "", "the page stopped: no code for an address nobody answers"


def test_the_first_question_follows_the_page_too(tmp_path: Path) -> None:
    clock = Clock()
    app = first_menu(tmp_path / "one", clock, games=("tenno",))
    assert app.mode == "setup" and app.screen().qr_url == ""
    page_starts(tmp_path / "one")
    wait(app, clock)
    assert app.screen().qr_url == "http://192.168.178.23:8080/"
