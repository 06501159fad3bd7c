"""Every route of the phone page, the backup included, for every game: hidden stays hidden.

test_web_secrecy.py walks Samurai Spirit through HTTP; here each registered
game's own hidden twin (engine/games/*/testing.py) is put in progress in two
state folders, and every GET route and the backup must give the same bytes
(a planted leak, a backup that carries the game in progress, must be caught).
"""

from __future__ import annotations

import io
import random
import re
import tarfile
from pathlib import Path

import pytest

from companion.games import registered_games
from companion.storage import CURRENT, JournalFile
from companion.tagmap import TagMap, save_tagmap, virtual_uid
from companion.web import backup
from companion.web.pin import device_pin
from companion.web.server import create_app
from engine import Match, get_game
from engine.core.registry import entry
from tests.companion.history_helpers import archive, played

VERSION = re.compile(r"(data-version=\"|v=|\"version\": ?\")[0-9a-fnoe-]+")
CSRF = re.compile(r'name="csrf" value="([^"]+)"')


@pytest.fixture(autouse=True)
def _headless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


class Page:
    """The page's WSGI application driven in-process, as a phone on the home network would."""

    def __init__(self, state: Path, config: Path | None = None) -> None:
        self.app = create_app(state, config, "en")
        self.client = self.app.test_client()
        self.state = state

    def get(self, path: str) -> tuple[int, bytes]:
        reply = self.client.get(path, headers={"Host": "127.0.0.1"})
        return reply.status_code, reply.data

    def post(self, path: str, fields: dict[str, object], page: str = "/backup") -> tuple[int, bytes]:
        token = CSRF.search(self.client.get(page, headers={"Host": "127.0.0.1"}).data.decode())
        assert token is not None
        reply = self.client.post(path, data={"csrf": token.group(1), **fields},
                                 headers={"Host": "127.0.0.1", "Origin": "http://127.0.0.1"})
        return reply.status_code, reply.data

    def backup(self) -> bytes:
        status, body = self.post("/backup", {"pin": str(device_pin(self.state))})
        assert status == 200, body[:300]
        return body


def members(data: bytes) -> dict[str, bytes]:
    """A backup's files by name (the tar headers' times set aside)."""
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        out = {}
        for info in tar:
            handle = tar.extractfile(info)
            out[info.name] = handle.read() if handle else b""
    out.pop("history.sqlite3", None)  # compared byte for byte in test_web_secrecy.py (the same for both here)
    return out


def get_routes(page: Page) -> list[str]:
    """Every GET route of the page without a parameter, plus the game pages the menu links to."""
    rules = [r.rule for r in page.app.url_map.iter_rules() if "GET" in (r.methods or set()) and "<" not in r.rule
             and not r.rule.startswith("/static")]
    return sorted(set(rules)) + ["/?lang=fr", "/live.json?lang=de", "/history?lang=nl"]


def twins(tmp_path: Path, game: str, seed: int) -> tuple[Path, Path] | None:
    """Two state folders, alike but for the hidden identities of the game in progress (None: none differ)."""
    hooks = entry(game).hooks()
    setup = hooks.SETUPS[0]
    inputs = hooks.play_inputs(setup, seed)
    twin_seed, twin_inputs = hooks.hidden_twin(setup, seed, inputs)
    rng = random.Random(seed)
    folders = []
    for name in ("a", "b"):
        folder = tmp_path / f"{game}-{seed}-{name}"
        archive(folder, played("samurai-spirit", 3, {"samurai": ["kyuzo", "heihachi"], "difficulty": "easy"}),
                "game-0001-x.journal")
        save_tagmap(folder, TagMap("samurai-spirit", {virtual_uid("samurai:kyuzo"): "samurai:kyuzo"}))
        (folder / "web-pin").write_text("246810\n")
        folders.append(folder)
    for _ in range(20):
        cut = rng.randrange(1, len(inputs))
        first = Match.replay(get_game(game), setup, seed, inputs[:cut])
        second = Match.replay(get_game(game), setup, twin_seed, twin_inputs[:cut])
        if first.play.prompt is None or first.play.public_view() != second.play.public_view():
            continue
        if hooks.secret(first.play) == hooks.secret(second.play):
            continue
        JournalFile(folders[0] / CURRENT).start(first)
        JournalFile(folders[1] / CURRENT).start(second)
        return folders[0], folders[1]
    return None


def served_bytes(page: Page) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    for route in get_routes(page):
        status, body = page.get(route)
        out[route] = VERSION.sub(r"\1V", body.decode("utf-8", "replace")).encode() if "png" not in route else body
        out[route] = re.sub(rb'name="csrf" value="[^"]+"', b"", out[route]).replace(str(page.state).encode(), b"S")
        out[route + " status"] = str(status).encode()
    for name, content in members(page.backup()).items():
        out["backup:" + name] = content
    return out


@pytest.mark.parametrize("game", registered_games())
def test_no_route_backup_included_gives_a_byte_that_depends_on_a_hidden_card(tmp_path: Path, game: str) -> None:
    compared = 0
    for seed in range(4):
        pair = twins(tmp_path, game, seed)
        if pair is None:
            continue
        a, b = (Page(folder) for folder in pair)
        assert (a.state / CURRENT).read_bytes() != (b.state / CURRENT).read_bytes()
        assert served_bytes(a) == served_bytes(b), f"{game}, seed {seed}: a page differs"
        compared += 1
    if game == "trick-raiders":
        return  # the engine is never told a hidden card: the twins' journals differ in nothing to leak
    assert compared >= 1, f"{game}: no game in progress with a hidden difference was found"


def test_a_backup_that_carried_the_game_in_progress_would_be_caught(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The planted leak: a backup that includes the unfinished journal gives different bytes for the twins."""
    pair = twins(tmp_path, "samurai-spirit", 1)
    assert pair is not None
    saved = backup.saved_files
    monkeypatch.setattr(backup, "saved_files", lambda state_dir: [*saved(state_dir), state_dir / CURRENT])
    a, b = (Page(folder) for folder in pair)
    assert members(a.backup())[CURRENT] != members(b.backup())[CURRENT]
    assert served_bytes(a) != served_bytes(b)
