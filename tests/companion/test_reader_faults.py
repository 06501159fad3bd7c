"""Reader faults seen from the app: the game is kept, the screen says so, play resumes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app import App
from companion.games import game_ui
from companion.runtime.storage import CURRENT
from companion.runtime.tagmap import TagMap
from drivers.clock import FakeClock
from drivers.events import ButtonPressed
from drivers.reader import Reader
from drivers.reader.pn532 import PN532Backend, PN532Options
from drivers.reader.rc522 import RC522Backend
from drivers.reader.simulated.pn532 import FakePN532
from drivers.reader.simulated.rc522_chip import FakeRC522Chip

UI = game_ui("samurai-spirit")
FIRST = "04A1B2C3D4E5F6"
SECOND = "04112233445566"


def table_app(tmp_path: Path, clock: FakeClock) -> App:
    tags = TagMap(UI.name, {FIRST: "card:4-hat-none", SECOND: "card:3-doll-none"})
    app = App(UI, tags, tmp_path, clock, new_seed=lambda: 5, save_tags=False)
    app.start()
    for answer in ("en", "normal", "kyuzo", "heihachi", "done", "kyuzo", "start", "no"):
        if app.mode == "setup":
            options = app.setup.menu().options
            for _ in range((options.index(answer) - app.selected) % len(options)):
                app.handle(ButtonPressed("next", clock()))
        elif app.match is not None and app.match.play.prompt is not None:
            options = app.match.play.prompt.options
            for _ in range((options.index(answer) - app.selected) % len(options)):
                app.handle(ButtonPressed("next", clock()))
        app.handle(ButtonPressed("ok", clock()))
    assert app.mode == "play" and app.match is not None, app.screen().title
    assert app.match.play.prompt.kind == "action"
    return app


def feed(reader: Reader, app: App, clock: FakeClock, polls: int) -> list[str]:
    kinds = []
    for _ in range(polls):
        clock.advance(reader.next_delay())
        for event in reader.step():
            kinds.append(type(event).__name__)
            app.handle(event)
    return kinds


def journal_lines(tmp_path: Path) -> list[str]:
    return (tmp_path / CURRENT).read_text().splitlines()


@pytest.fixture
def pn532(tmp_path: Path) -> Iterator[FakePN532]:
    (tmp_path / "tty").mkdir()
    with FakePN532(tmp_path / "tty") as chip:
        yield chip


def test_pn532_vanishing_keeps_the_game_and_recovers(tmp_path: Path, pn532: FakePN532) -> None:
    clock = FakeClock()
    app = table_app(tmp_path / "state", clock)
    # The link's deadlines on the fake line's clock: a loaded machine cannot turn a late answer into a timeout.
    backend = PN532Backend(PN532Options(port=pn532.path, ack_timeout_s=0.05, response_timeout_s=0.3),
                           open_port=pn532.open_port, clock=pn532.clock)
    reader = Reader(backend, clock=clock)
    try:
        pn532.present(FIRST)
        assert feed(reader, app, clock, 1) == ["CardPlaced"]
        assert app.match is not None and app.match.play.prompt.kind == "fight"
        kept = journal_lines(tmp_path / "state")
        view = app.match.play.public_view()
        pn532.send_garbage(times=3)
        pn532.withhold_ack(times=1)
        feed(reader, app, clock, 3)
        pn532.vanish()
        assert "ReaderLost" in feed(reader, app, clock, 4)
        assert "Card reader lost" in (app.screen().notice or "")
        assert app.screen().notice_error
        assert journal_lines(tmp_path / "state") == kept and app.match.play.public_view() == view
        app.handle(ButtonPressed("confront", clock()))
        assert json.loads(journal_lines(tmp_path / "state")[-1])["input"] == {"press": "confront"}
        pn532.remove()
        pn532.come_back()
        assert "ReaderBack" in feed(reader, app, clock, 3)
        assert app.screen().notice == "Card reader is back."
        feed(reader, app, clock, 8)
        assert app.match.play.prompt.kind == "absent-token"
        app.handle(ButtonPressed("ok", clock()))  # "no" is highlighted
        pn532.present(SECOND)
        feed(reader, app, clock, 2)
        assert app.match.play.prompt.kind == "fight", app.screen().notice
        assert any(json.loads(line)["input"] == {"tap": "3-doll-none"} for line in journal_lines(tmp_path / "state")[1:])
    finally:
        reader.close()


def test_rc522_spi_errors_keep_the_game_and_recover(tmp_path: Path) -> None:
    clock = FakeClock()
    app = table_app(tmp_path / "state", clock)
    chip = FakeRC522Chip()
    reader = Reader(RC522Backend(chip.open, description="fake RC522"), clock=clock)
    try:
        chip.fail_spi()
        assert "ReaderLost" in feed(reader, app, clock, 3)
        assert "Card reader lost" in (app.screen().notice or "")
        chip.repair()
        assert "ReaderBack" in feed(reader, app, clock, 6)
        chip.place(FIRST)
        feed(reader, app, clock, 2)
        assert app.match is not None and app.match.play.prompt.kind == "fight"
        assert json.loads(journal_lines(tmp_path / "state")[-1])["input"] == {"tap": "4-hat-none"}
    finally:
        reader.close()
