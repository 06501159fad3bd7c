"""Hidden stays hidden through HTTP: two plays that differ only in hidden cards serve the same bytes.

The engine half of this property is tests/engine/test_secrecy.py, the screen
half tests/companion/test_secrecy_screens.py. Here each pair of journals,
cut just after hidden taps, is served by two servers as `companion web`
serves them; the live page, its JSON and the picture of the device's screen,
in every language and each read twice (fresh, then from the page's cache),
must be the same bytes, headers included: the version the page polls for,
the picture's ETag, Content-Length, Date. The version once followed the
journal's size, and a hidden tap's record is as long as the card's id. Then
every route the page has, the backup download included, is read from two
state folders that differ only in the game in progress (form tokens read as
T); a backup planted to hold that game must be caught by the same comparison.
"""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games import game_ui
from companion.history import open_history
from companion.i18n import LANGUAGES
from companion.players.book import PlayerBook, change_book
from companion.runtime.storage import CURRENT, JournalFile
from companion.runtime.tagmap import TagMap, save_tagmap, virtual_uid
from companion.runtime.web_pin import device_pin
from companion.web import backup
from engine import Match
from engine.core.inputs import Input
from games.samurai_spirit.simulate import hidden_twin, play_one
from tests.companion.history_helpers import archive, played
from tests.companion.public_answers import FROZEN, Page, freeze_wall_time
from tests.companion.test_secrecy_screens import _cuts, _setup
from tests.companion.test_web_secrecy_all_games import answers

GAMES = 3
UI = game_ui("samurai-spirit")


@pytest.fixture(autouse=True)
def _frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    freeze_wall_time(monkeypatch)


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[tuple[Page, Page]]:
    made = []
    for name in ("a", "b"):
        folder = tmp_path / name
        folder.mkdir()
        made.append(Page(folder, clock=lambda: FROZEN))
    yield made[0], made[1]
    for page in made:
        page.close()


def _served(page: Page, lang: str) -> list[bytes]:
    out = []
    for path in (f"/?lang={lang}", f"/live.json?lang={lang}", f"/live.png?lang={lang}"):
        for _ in range(2):
            reply = page.get(path)
            assert reply.status == 200, path
            out.append(reply.raw)
    return out


@pytest.mark.parametrize("index", range(GAMES))
def test_two_plays_differing_only_in_hidden_cards_serve_the_same_live_table(
        index: int, servers: tuple[Page, Page]) -> None:
    setup = _setup(index)
    match = play_one(UI.game, setup, index, explore=0.2, hidden=0.9)
    twin = hidden_twin(UI.game, setup, index, match.inputs, random.Random(index))
    cuts = _cuts(match, twin, random.Random(index))
    assert cuts, "this game never had differing hidden cards"
    page_a, page_b = servers
    for cut in cuts:
        JournalFile(page_a.state / CURRENT).start(Match.replay(UI.game, setup, index, match.inputs[:cut]))
        JournalFile(page_b.state / CURRENT).start(Match.replay(UI.game, setup, index, twin[:cut]))
        assert (page_a.state / CURRENT).read_bytes() != (page_b.state / CURRENT).read_bytes()
        for lang in LANGUAGES:
            assert _served(page_a, lang) == _served(page_b, lang), f"input {cut}, {lang}: the pages differ"


@pytest.fixture
def twins(tmp_path: Path) -> Iterator[tuple[list[Page], list[Input], list[Input]]]:
    """Two state folders, the same but for the game in progress, with a server each; the plays to put there."""
    setup = _setup(1)
    match = play_one(UI.game, setup, 1, explore=0.2, hidden=0.9)
    twin = hidden_twin(UI.game, setup, 1, match.inputs, random.Random(1))
    first = tmp_path / "a"
    archive(first, played("trick-raiders", 3, {"players": ["north", "east", "south"], "lives": 2}),
            "game-0001-finished.journal")
    save_tagmap(first, TagMap("samurai-spirit", {virtual_uid("samurai:kyuzo"): "samurai:kyuzo"}))
    (first / "last-setup.json").write_text('{"game": "samurai-spirit", "lang": "en", "setups": {}}\n', "utf-8")
    change_book(first, _players)
    with open_history(first) as history:
        history.started("trick-raiders", 3, "2026-01-01T10:00:00Z")
    device_pin(first)
    shutil.copytree(first, tmp_path / "b")
    made = [Page(folder, clock=lambda: FROZEN) for folder in (first, tmp_path / "b")]
    yield made, match.inputs, twin
    for page in made:
        page.close()


def _players(book: PlayerBook) -> None:
    """Players in the book, two of them seated in the game in progress (companion.web.players_page lists them)."""
    for name in ("Anna", "Ben"):
        book.add(name, now="2026-01-01T10:00:00Z", new_id=lambda n=name: "p-" + n.lower())


def _put(folder: Path, inputs: list[Input]) -> None:
    """The game in progress after `inputs`, with the same file time in both folders (and its players)."""
    match = Match.replay(UI.game, _setup(1), 1, inputs)
    seats = match.header()["setup"]["samurai"]
    match.notes = {"people": {seat: {"id": f"p-{name.lower()}", "name": name}
                              for seat, name in zip(seats, ("Anna", "Ben"), strict=False)}}
    JournalFile(folder / CURRENT).start(match)
    os.utime(folder / CURRENT, (1_800_000_000, 1_800_000_000))


def test_every_route_and_the_backup_serve_the_same_bytes_whatever_the_hidden_cards(
        twins: tuple[list[Page], list[Input], list[Input]]) -> None:
    [page_a, page_b], inputs, twin = twins
    match = Match.replay(UI.game, _setup(1), 1, inputs)
    cuts = _cuts(match, twin, random.Random(1))
    assert cuts, "this game never had differing hidden cards"
    target = UI.tag_targets()[0]
    for cut in cuts[:2]:
        _put(page_a.state, inputs[:cut])
        _put(page_b.state, twin[:cut])
        assert (page_a.state / CURRENT).read_bytes() != (page_b.state / CURRENT).read_bytes()
        served_a = answers(page_a, "samurai-spirit", target, wrong_pins=False)
        served_b = answers(page_b, "samurai-spirit", target, wrong_pins=False)
        for route in served_a:
            assert served_a[route] == served_b[route], f"input {cut}: {route} differs"


def test_the_route_comparison_finds_a_backup_that_holds_the_game_in_progress(
        twins: tuple[list[Page], list[Input], list[Input]], monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted leak: the backup made to hold current.journal again, as it did, must be caught."""
    [page_a, page_b], inputs, twin = twins
    saved = backup.saved_files
    monkeypatch.setattr(backup, "saved_files", lambda state_dir: [*saved(state_dir), state_dir / CURRENT])
    cut = _cuts(Match.replay(UI.game, _setup(1), 1, inputs), twin, random.Random(1))[0]
    _put(page_a.state, inputs[:cut])
    _put(page_b.state, twin[:cut])
    target = UI.tag_targets()[0]
    served_a = answers(page_a, "samurai-spirit", target, wrong_pins=False)
    served_b = answers(page_b, "samurai-spirit", target, wrong_pins=False)
    assert [route for route in served_a if served_a[route] != served_b[route]] == [f"backup: {CURRENT}"]
