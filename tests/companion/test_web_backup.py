"""Backup and restore on the phone page: nothing hidden leaves, nothing hostile gets in, nothing is lost.

Every route the page has, the backup included, is asked of two state folders
whose games in progress differ only in what the table cannot see: the bytes
must be the same (a planted leak must be caught). Restores of hostile or
damaged archives write nothing; a good one keeps every file it replaces.
"""

from __future__ import annotations

import io
import json
import random
import re
import socket
import tarfile
import threading
from pathlib import Path

import pytest

from companion.games import registered_games
from companion.storage import CURRENT, FINISHED_DIR, JournalFile
from companion.tagmap import TagMap, save_tagmap, virtual_uid
from companion.web import backup, settings
from companion.web.pin import device_pin
from companion.web.server import create_app
from companion.web.serving import Limits, create_server
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
        status, body = self.post("/backup.tar.gz", {"pin": str(device_pin(self.state))})
        assert status == 200, body[:300]
        return body


def members(data: bytes) -> dict[str, bytes]:
    """A backup's files by name (the tar headers' times set aside)."""
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        out = {}
        for info in tar:
            handle = tar.extractfile(info)
            out[info.name] = handle.read() if handle else b""
    out.pop("history.sqlite3", None)  # written with its own page times; it holds no game in progress
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
    monkeypatch.setattr(backup, "game_over", lambda state_dir: True)
    a, b = (Page(folder) for folder in pair)
    assert members(a.backup())[CURRENT] != members(b.backup())[CURRENT]
    assert served_bytes(a) != served_bytes(b)


def test_a_finished_game_not_yet_put_away_is_in_the_backup(tmp_path: Path) -> None:
    state = tmp_path / "state"
    match = played("tenno", 2, {"players": ["red", "blue"]})
    assert match.play.prompt is None
    state.mkdir()
    JournalFile(state / CURRENT).start(match)
    (state / "web-pin").write_text("246810\n")
    assert CURRENT in members(Page(state).backup())


def test_a_backup_needs_the_pin_and_the_form(tmp_path: Path) -> None:
    state = tmp_path / "state"
    archive(state, played("tenno", 2, {"players": ["red", "blue"]}), "game-0001-x.journal")
    (state / "web-pin").write_text("246810\n")
    page = Page(state)
    assert page.get("/backup.tar.gz")[0] == 405
    assert page.post("/backup.tar.gz", {"pin": "135791"})[0] == 403
    reply = page.client.post("/backup.tar.gz", data={"pin": "246810", "csrf": "forged"},
                             headers={"Host": "127.0.0.1", "Origin": "http://127.0.0.1"})
    assert reply.status_code == 403


# --- restores ---------------------------------------------------------------------------


def tar_of(*entries: tuple[str, bytes] | tarfile.TarInfo) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for entry in entries:
            if isinstance(entry, tarfile.TarInfo):
                tar.addfile(entry)
                continue
            name, data = entry
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def good_journal(seed: int = 4) -> bytes:
    folder_match = played("tenno", seed, {"players": ["red", "blue"]})
    return JournalFile._text(folder_match).encode("utf-8")


@pytest.fixture
def state(tmp_path: Path) -> Path:
    folder = tmp_path / "state"
    folder.mkdir()
    save_tagmap(folder, TagMap("tenno", {"04AABBCCDD": "card:red-farmer-1", "04AABBCCEE": "card:blue-farmer-1"}))
    return folder


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("hostile", ["newline", "dotdot", "absolute", "symlink", "device", "count", "unpacked",
                                     "not-utf8", "damaged-record", "bad-tags", "truncated"])
def test_a_hostile_or_damaged_archive_restores_nothing(state: Path, hostile: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    before = snapshot(state)
    journal = good_journal()
    tags = json.dumps({"format": 1, "game": "tenno", "tags": {}}).encode()
    good = [("games/game-0009-ok.journal", journal), ("tags-tenno.json", tags)]
    link = tarfile.TarInfo("games/link.journal")
    link.type, link.linkname = tarfile.SYMTYPE, "/etc/passwd"
    device = tarfile.TarInfo("tags-tenno.json")
    device.type = tarfile.CHRTYPE
    broken = journal.replace(b'"crc":"', b'"crc":"0', 1)
    entries: dict[str, list[tuple[str, bytes] | tarfile.TarInfo]] = {
        "newline": [("games/evil.journal\n", journal)],
        "dotdot": [("games/../../evil.journal", journal)],
        "absolute": [("/tmp/evil.journal", journal)],
        "symlink": [*good, link],
        "device": [*good, device],
        "count": [*good] + [(f"junk-{n}.txt", b"x") for n in range(12)],
        "unpacked": [*good, ("games/game-0010-big.journal", b"x" * 5000)],
        "not-utf8": [*good, ("games/game-0010-bad.journal", journal[:40] + b"\xff\xfe" + journal[40:])],
        "damaged-record": [*good, ("games/game-0010-bad.journal", broken)],
        "bad-tags": [*good, ("tags-tenno.json", b'{"format": 1, "game": "tenno", "tags": {"zz": "nothing"}}')],
    }
    monkeypatch.setattr(backup, "MEMBER_COUNT", 10)
    monkeypatch.setattr(backup, "UNPACKED_LIMIT", len(journal) + len(tags) + 1000)
    data = tar_of(*good)[:-30] if hostile == "truncated" else tar_of(*entries[hostile])
    try:
        report = backup.restore(state, data, None)
    except Exception as exc:  # noqa: BLE001 - the page shows RuleError's words; anything else is a 500
        from engine import RuleError

        assert isinstance(exc, RuleError), f"{hostile}: {type(exc).__name__}: {exc}"
        assert exc.message.text.startswith("Nothing was restored")
    else:
        assert hostile in ("newline", "dotdot", "absolute"), f"{hostile}: restored {report.written}"
        assert report.written == [] and report.refused
    assert snapshot(state) == before, f"{hostile}: the state folder changed"
    assert not any("\n" in p.name for p in state.rglob("*"))


def test_a_restore_keeps_every_file_it_replaces(state: Path) -> None:
    before = (state / "tags-tenno.json").read_bytes()
    empty = json.dumps({"format": 1, "game": "tenno", "tags": {}}).encode()
    report = backup.restore(state, tar_of(("games/game-0009-ok.journal", good_journal()),
                                          ("tags-tenno.json", empty)), None)
    assert (state / "tags-tenno.json").read_bytes() == empty
    assert report.replaced is not None and (report.replaced / "tags-tenno.json").read_bytes() == before
    assert (state / FINISHED_DIR / "game-0009-ok.journal").exists()
    again = backup.restore(state, tar_of(("tags-tenno.json", before)), None)
    assert again.replaced is not None and again.replaced != report.replaced, "each restore keeps its own copies"


def test_unknown_members_are_named_and_never_read(state: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []
    real = tarfile.TarFile.extractfile

    def spy(self: tarfile.TarFile, member: tarfile.TarInfo | str) -> object:
        read.append(member.name if isinstance(member, tarfile.TarInfo) else member)
        return real(self, member)

    monkeypatch.setattr(tarfile.TarFile, "extractfile", spy)
    report = backup.restore(state, tar_of(("photos/holiday.jpg", b"\xff" * 100_000),
                                          ("games/game-0009-ok.journal", good_journal())), None)
    assert read == ["games/game-0009-ok.journal"]
    assert any("holiday" in str(reason.params) for reason in report.refused)


def test_four_settings_saves_in_one_second_keep_four_copies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('[app]\nlanguage = "en"\n', "utf-8")
    monkeypatch.setattr(settings, "utc_stamp", lambda: "20261126T120000Z")
    for number in range(4):
        settings.change(config, {"language": "de" if number % 2 else "fr", "notice_s": "4",
                                        "resume_timeout_s": str(10 + number)})
    assert len(list(tmp_path.glob("companion.toml.before-web-*"))) == 4


def test_a_body_over_the_limit_is_refused_before_it_is_buffered(tmp_path: Path) -> None:
    """waitress answers 413 on the Content-Length alone: nothing of a 1 GB body is read or spooled."""
    state = tmp_path / "state"
    state.mkdir()
    server = create_server(create_app(state, None, "en"), "127.0.0.1", 0, 2, Limits(body_bytes=64 * 1024))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        with socket.create_connection(("127.0.0.1", server.effective_port), timeout=10) as sock:
            sock.sendall(b"POST /restore HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; "
                         b"boundary=x\r\nContent-Length: 1073741824\r\n\r\n" + b"x" * 1000)
            answer = sock.recv(200)
        assert answer.startswith(b"HTTP/1.1 413"), answer
    finally:
        from waitress import wasyncore  # type: ignore[import-untyped]

        server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
        thread.join(timeout=10)
