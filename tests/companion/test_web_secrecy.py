"""Hidden stays hidden through HTTP: two plays that differ only in hidden cards serve the same bytes.

The engine half of this property is tests/engine/test_secrecy.py, the screen
half tests/companion/test_secrecy_screens.py. Here each pair of journals,
cut just after hidden taps, is served by two real servers; the live page,
its JSON and the picture of the device's screen must be the same bytes
(but for the journal's version, which changes with any write). Then every
route the page has, the backup download included, is read from two state
folders that differ only in the game in progress (but for form tokens);
a backup planted to hold that game must be caught by the same comparison.
"""

from __future__ import annotations

import os
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games import game_ui
from companion.history import open_history
from companion.storage import CURRENT, JournalFile
from companion.tagmap import TagMap, save_tagmap, virtual_uid
from companion.web import backup
from companion.web.pin import device_pin
from companion.web.server import create_app
from engine import Match
from engine.core.inputs import Input
from engine.games.samurai_spirit.simulate import hidden_twin, play_one
from tests.companion.history_helpers import archive, played
from tests.companion.test_secrecy_screens import _cuts, _setup
from tests.companion.web_helpers import Client, Served

GAMES = 3
UI = game_ui("samurai-spirit")
VERSION = re.compile(r"(data-version=\"|v=|\"version\": ?\")[0-9a-fnoe-]+")


@pytest.fixture(autouse=True)
def _headless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[tuple[tuple[Path, Client], tuple[Path, Client]]]:
    made = []
    for name in ("a", "b"):
        folder = tmp_path / name
        folder.mkdir()
        made.append((folder, Served(folder)))
    yield (made[0][0], Client(made[0][1].base)), (made[1][0], Client(made[1][1].base))
    for _, served in made:
        served.close()


def _served(client: Client, lang: str) -> list[bytes]:
    out = []
    for path in (f"/?lang={lang}", f"/live.json?lang={lang}", f"/live.png?lang={lang}"):
        reply = client.get(path)
        assert reply.status == 200, path
        out.append(reply.body if path.startswith("/live.png") else VERSION.sub(r"\1V", reply.text).encode())
    return out


@pytest.mark.parametrize("index", range(GAMES))
def test_two_plays_differing_only_in_hidden_cards_serve_the_same_live_table(
        index: int, servers: tuple[tuple[Path, Client], tuple[Path, Client]]) -> None:
    setup = _setup(index)
    match = play_one(UI.game, setup, index, explore=0.2, hidden=0.9)
    twin = hidden_twin(UI.game, setup, index, match.inputs, random.Random(index))
    cuts = _cuts(match, twin, random.Random(index))
    assert cuts, "this game never had differing hidden cards"
    (dir_a, client_a), (dir_b, client_b) = servers
    for cut in cuts:
        JournalFile(dir_a / CURRENT).start(Match.replay(UI.game, setup, index, match.inputs[:cut]))
        JournalFile(dir_b / CURRENT).start(Match.replay(UI.game, setup, index, twin[:cut]))
        assert (dir_a / CURRENT).read_bytes() != (dir_b / CURRENT).read_bytes()
        for lang in ("en", "fr"):
            assert _served(client_a, lang) == _served(client_b, lang), f"input {cut}, {lang}: the pages differ"


CSRF = re.compile(r'(name="csrf" value=")[^"]+')


def _every_route(client: Client, pin: str, target: str, state: Path) -> dict[str, tuple[int, bytes]]:
    """Every route of the page, read as a phone would: each GET, the backup, and each change refused.

    The settings page names the state folder, which is not the same for the two servers: it reads as STATE."""
    gets = {"/static/<path:filename>": "/static/x.css", "/style.css": "/style.css", "/live.js": "/live.js",
            "/": "/", "/live.json": "/live.json", "/live.png": "/live.png", "/history": "/history",
            "/history.csv": "/history.csv", "/cards": "/cards", "/rules": "/rules", "/backup": "/backup",
            "/settings": "/settings", "/enroll.js": "/enroll.js", "/enroll": "/enroll?game=samurai-spirit",
            "/enroll/status.json": "/enroll/status.json?game=samurai-spirit&id=x",
            "/enroll/result": f"/enroll/result?game=samurai-spirit&target={target}&id=x"}
    rules = create_app(Path("/nonexistent")).url_map.iter_rules()
    assert {r.rule for r in rules if "GET" in (r.methods or ())} == set(gets), "a new route: read it here too"
    served = {}
    for rule, path in gets.items():
        reply = client.get(path)
        served[rule] = (reply.status, reply.body if rule == "/live.png"
                        else CSRF.sub(r"\1T", VERSION.sub(r"\1V", reply.text)).replace(str(state), "STATE").encode())
    reply = client.post("/backup", {"csrf": client.csrf("/backup"), "pin": pin})
    assert reply.status == 200, reply.text[:300]
    served["POST /backup"] = (reply.status, reply.body)
    for path in ("/backup", "/restore", "/settings", "/enroll?game=samurai-spirit"):
        refused = client.post(path, {"target": target})
        served[f"POST {path} refused"] = (refused.status, CSRF.sub(r"\1T", refused.text).replace(str(state), "STATE").encode())
    return served


@pytest.fixture
def twins(tmp_path: Path) -> Iterator[tuple[list[tuple[Path, Client, str]], list[Input], list[Input]]]:
    """Two state folders, the same but for the game in progress, with a server each; the plays to put there."""
    setup = _setup(1)
    match = play_one(UI.game, setup, 1, explore=0.2, hidden=0.9)
    twin = hidden_twin(UI.game, setup, 1, match.inputs, random.Random(1))
    first = tmp_path / "a"
    archive(first, played("trick-raiders", 3, {"players": ["north", "east", "south"], "lives": 2}),
            "game-0001-finished.journal")
    save_tagmap(first, TagMap("samurai-spirit", {virtual_uid("samurai:kyuzo"): "samurai:kyuzo"}))
    (first / "last-setup.json").write_text('{"game": "samurai-spirit", "lang": "en", "setups": {}}\n', "utf-8")
    with open_history(first) as history:
        history.started("trick-raiders", 3, "2026-01-01T10:00:00Z")
    shutil.copytree(first, tmp_path / "b")
    made = []
    for folder in (first, tmp_path / "b"):
        made.append((folder, Served(folder), str(device_pin(folder))))
    yield [(folder, Client(served.base), pin) for folder, served, pin in made], match.inputs, twin
    for _, served, _ in made:
        served.close()


def _put(folder: Path, inputs: list[Input]) -> None:
    """The game in progress after `inputs`, with the same file time in both folders."""
    JournalFile(folder / CURRENT).start(Match.replay(UI.game, _setup(1), 1, inputs))
    os.utime(folder / CURRENT, (1_800_000_000, 1_800_000_000))


def test_every_route_and_the_backup_serve_the_same_bytes_whatever_the_hidden_cards(
        twins: tuple[list[tuple[Path, Client, str]], list[Input], list[Input]]) -> None:
    [(dir_a, client_a, pin_a), (dir_b, client_b, pin_b)], inputs, twin = twins
    match = Match.replay(UI.game, _setup(1), 1, inputs)
    cuts = _cuts(match, twin, random.Random(1))
    assert cuts, "this game never had differing hidden cards"
    target = UI.tag_targets()[0]
    for cut in cuts[:2]:
        _put(dir_a, inputs[:cut])
        _put(dir_b, twin[:cut])
        assert (dir_a / CURRENT).read_bytes() != (dir_b / CURRENT).read_bytes()
        served_a = _every_route(client_a, pin_a, target, dir_a)
        served_b = _every_route(client_b, pin_b, target, dir_b)
        for route in served_a:
            assert served_a[route] == served_b[route], f"input {cut}: {route} differs"


def test_the_route_comparison_finds_a_backup_that_holds_the_game_in_progress(
        twins: tuple[list[tuple[Path, Client, str]], list[Input], list[Input]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted leak: the backup made to hold current.journal again, as it did, must be caught."""
    [(dir_a, client_a, pin_a), (dir_b, client_b, pin_b)], inputs, twin = twins
    saved = backup.saved_files
    monkeypatch.setattr(backup, "saved_files", lambda state_dir: [*saved(state_dir), state_dir / CURRENT])
    cut = _cuts(Match.replay(UI.game, _setup(1), 1, inputs), twin, random.Random(1))[0]
    _put(dir_a, inputs[:cut])
    _put(dir_b, twin[:cut])
    target = UI.tag_targets()[0]
    served_a = _every_route(client_a, pin_a, target, dir_a)
    served_b = _every_route(client_b, pin_b, target, dir_b)
    assert [route for route in served_a if served_a[route] != served_b[route]] == ["POST /backup"]
