"""Backup and restore against a hostile network and hostile archives, and the request size cap.

A restore is all or nothing: every refused archive below must leave the
state folder and the configuration byte for byte as they were, with a
message naming what was wrong. What a good restore replaces is kept.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import socket
import sqlite3
import tarfile
import time
import tracemalloc
from pathlib import Path

import pytest

from companion.history import open_history
from companion.runtime.config import load_config
from companion.runtime.storage import CURRENT, JournalFile
from companion.runtime.tagmap import TagMap, save_tagmap, virtual_uid
from companion.runtime.web_pin import device_pin
from companion.web import backup
from companion.web.server import create_app
from engine import RuleError
from tests.companion.history_helpers import archive, played
from tests.companion.web_helpers import (  # noqa: F401  (the fixture "config", the autouse headless)
    Client,
    Served,
    config_of_state,
    headless,
)

TR_SETUP = {"players": ["north", "east", "south"], "lives": 2}


@pytest.fixture
def state(tmp_path: Path) -> Path:
    """One archived game, a game in progress, two enrolled Tenno tags and the last set-up."""
    folder = tmp_path / "state"
    archive(folder, played("trick-raiders", 3, TR_SETUP), "game-0001-finished.journal")
    JournalFile(folder / CURRENT).start(played("trick-raiders", 4, TR_SETUP, stop_after=5))
    save_tagmap(folder, TagMap("tenno", {virtual_uid("card:red-ninja"): "card:red-ninja",
                                         virtual_uid("card:red-monk"): "card:red-monk"}))
    (folder / "last-setup.json").write_text('{"game": "tenno", "lang": "en", "setups": {}}\n', "utf-8")
    return folder


def _journal(seed: int) -> bytes:
    return JournalFile._text(played("trick-raiders", seed, TR_SETUP)).encode("utf-8")


def _tar(members: list[tuple[str | tarfile.TarInfo, bytes]]) -> bytes:
    """An uncompressed tar of `members`: a name and its data, or a ready header (a link, a folder)."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, data in members:
            info = name if isinstance(name, tarfile.TarInfo) else tarfile.TarInfo(name)
            if info.isreg():
                info.size = len(data)
            tar.addfile(info, io.BytesIO(data) if info.isreg() else None)
    return out.getvalue()


def _member(name: str, data: bytes) -> bytes:
    """One member as a tar holds it (header, data, padding), without the archive's end."""
    info = tarfile.TarInfo(name)
    info.size = len(data)
    return info.tobuf(tarfile.USTAR_FORMAT) + data + bytes(-len(data) % 512)


def _gz(raw: bytes) -> bytes:
    return gzip.compress(raw, mtime=0)


def _snapshot(*folders: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for folder in folders for p in sorted(folder.rglob("*")) if p.is_file()}


def _refused(state: Path, config: Path, data: bytes) -> str:
    """Restore `data`, which must be refused with nothing changed; the reason in English."""
    before = _snapshot(state, config.parent)
    names = set(os.listdir(state))
    with pytest.raises(RuleError) as refused:
        backup.restore(state, io.BytesIO(data), config)
    assert _snapshot(state, config.parent) == before, "a refused restore changed files"
    assert set(os.listdir(state)) == names, "a refused restore left a file or folder behind"
    return refused.value.message.text


# --- the size cap -----------------------------------------------------------------------------------


def _raw_reply(port: int, request: bytes, wait: float = 5.0) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as sock:
        sock.sendall(request)
        return sock.recv(4096)


def test_a_request_longer_than_a_backup_is_refused_before_its_body_is_read(tmp_path: Path) -> None:
    served = Served(tmp_path)
    try:
        head = (f"POST /restore HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nContent-Type: multipart/form-data; "
                f"boundary=x\r\nContent-Length: {backup.BODY_LIMIT + 1}\r\n\r\n").encode()
        started = time.monotonic()
        reply = _raw_reply(served.port, head)
        assert reply.startswith(b"HTTP/1.1 413"), reply[:100]
        assert time.monotonic() - started < 5.0
        small = _raw_reply(served.port, f"POST /settings HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n"
                                        f"Content-Length: 3\r\n\r\na=b".encode())
        assert small.startswith(b"HTTP/1.1 403"), "a small request still reaches the page"
    finally:
        served.close()


def test_the_application_itself_refuses_a_body_longer_than_a_backup(tmp_path: Path) -> None:
    """Behind another server too: Flask refuses from the length alone, and the page says why."""
    client = create_app(tmp_path).test_client()
    reply = client.post("/restore", data=b"x" * 10, content_type="multipart/form-data; boundary=x",
                        environ_overrides={"CONTENT_LENGTH": str(backup.BODY_LIMIT + 1)})
    assert reply.status_code == 413
    assert "larger than 16 MB" in reply.get_data(as_text=True)


# --- backups ------------------------------------------------------------------------------------------


def _names(data: bytes) -> list[str]:
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        return tar.getnames()


def test_a_backup_needs_the_pin_and_leaves_the_game_in_progress_out(state: Path, config: Path) -> None:
    served = Served(state, config)
    try:
        client = Client(served.base)
        assert client.get("/backup.tar.gz").status == 404, "the old download without a PIN is gone"
        assert client.post("/backup", {"csrf": client.csrf("/backup"), "pin": "x"}).status == 403
        assert client.post("/backup", {"csrf": "forged", "pin": str(device_pin(state))}).status == 403
        assert "A game is in progress: the backup leaves it out" in client.get("/backup").text
        reply = client.post("/backup", {"csrf": client.csrf("/backup"), "pin": str(device_pin(state))})
        assert reply.status == 200 and reply.headers["Cache-Control"] == "no-store"
        names = _names(reply.body)
        assert CURRENT not in names
        assert {"games/game-0001-finished.journal", "tags-tenno.json", "last-setup.json",
                "config/companion.toml"} <= set(names)
    finally:
        served.close()


def test_the_backups_history_database_forgets_the_game_in_progress(state: Path) -> None:
    with open_history(state) as history:
        history.started("trick-raiders", 3, "2026-01-01T10:00:00Z")
        history.started("trick-raiders", 4, "2099-CURRENT-GAME-START")
    data = backup.make_backup(state, None)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        handle = tar.extractfile("history.sqlite3")
        assert handle is not None
        database = handle.read()
    assert b"2099-CURRENT-GAME-START" not in database, "the deleted row must not stay in a free page"
    copy = sqlite3.connect(":memory:")
    copy.deserialize(database)
    assert copy.execute("SELECT game, seed FROM starts").fetchall() == [("trick-raiders", 3)]
    assert backup.make_backup(state, None) == data, "the same files give the same bytes"


# --- hostile restores: nothing is written ------------------------------------------------------------


def test_names_that_only_look_right_are_refused(state: Path, config: Path) -> None:
    good = ("games/new.journal", _journal(7))
    tags = (state / "tags-tenno.json").read_bytes()
    for name in ("tags-tenno.json\n", "games/new.journal\n", "../escape.journal", "games/../../x.journal",
                 "/etc/passwd", "games/.hidden.journal", "unknown.txt"):
        reason = _refused(state, config, _gz(_tar([good, (name, tags if "tags" in name else _journal(8))])))
        assert "not a file a companion backup holds" in reason, (name, reason)
    assert "\"tags-tenno.json\\n\"" in _refused(state, config, _gz(_tar([("tags-tenno.json\n", tags)])))
    latin = tarfile.TarInfo("tags-\xff.json").tobuf(tarfile.USTAR_FORMAT, "latin-1", "strict")
    assert "name is not UTF-8" in _refused(state, config, _gz(latin + bytes(1024)))


def test_links_folders_and_twice_named_files_are_refused(state: Path, config: Path) -> None:
    link = tarfile.TarInfo("tags-tenno.json")
    link.type, link.linkname = tarfile.SYMTYPE, "/etc/passwd"
    hard = tarfile.TarInfo("games/new.journal")
    hard.type, hard.linkname = tarfile.LNKTYPE, "games/game-0001-finished.journal"
    folder = tarfile.TarInfo("games/x.journal")
    folder.type = tarfile.DIRTYPE
    for header in (link, hard, folder):
        assert "not a plain file" in _refused(state, config, _gz(_tar([(header, b"")])))
    twice = _gz(_tar([("games/new.journal", _journal(7)), ("games/new.journal", _journal(8))]))
    assert "in the backup twice" in _refused(state, config, twice)


def test_too_many_files_are_refused(state: Path, config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted as the headers come (20,000 real journals would take long to make; the count is what matters)."""
    monkeypatch.setattr(backup, "COUNT_LIMIT", 3)
    members = [(f"games/{n}.journal", _journal(7)) for n in range(4)]
    assert "more than 3 files" in _refused(state, config, _gz(_tar(members)))
    assert backup.restore(state, io.BytesIO(_gz(_tar(members[:3]))), config).written


def test_too_big_a_file_or_too_much_in_all_is_refused_before_it_is_read(state: Path, config: Path) -> None:
    big = tarfile.TarInfo("games/big.journal")
    big.size = backup.MEMBER_LIMIT + 1
    assert "larger than 4 MiB" in _refused(state, config, _gz(big.tobuf(tarfile.USTAR_FORMAT)))
    first = _member("games/new.journal", _journal(7))
    rest = tarfile.TarInfo("history.sqlite3")
    rest.size = backup.TOTAL_LIMIT
    assert "add up to more than 128 MiB" in _refused(state, config, _gz(first + rest.tobuf(tarfile.USTAR_FORMAT)))


def test_a_file_named_first_is_refused_without_being_read_into_memory(state: Path, config: Path) -> None:
    data = io.BytesIO(_gz(_tar([("evil.bin", bytes(8 * 1024 * 1024))])))
    tracemalloc.start()
    try:
        with pytest.raises(RuleError):
            backup.restore(state, data, config)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1024 * 1024, f"{peak} bytes held to refuse a name"


def test_a_journal_that_is_not_utf8_is_refused_whole(state: Path, config: Path) -> None:
    journal = _journal(7)
    broken = journal.replace(b'"n":2', b'"n":2,"x":"\xff"', 1)
    reason = _refused(state, config, _gz(_tar([("games/a.journal", journal), ("games/b.journal", broken)])))
    assert "games/b.journal: not UTF-8 text" in reason


def test_a_damaged_journal_in_the_middle_stops_the_whole_restore(state: Path, config: Path) -> None:
    lines = _journal(8).split(b"\n")
    lines[5] = lines[5].replace(b'"crc":"', b'"crc":"0', 1)
    members = [("games/a.journal", _journal(7)), ("games/b.journal", b"\n".join(lines)),
               ("games/c.journal", _journal(9)), ("tags-tenno.json", b"{}")]
    reason = _refused(state, config, _gz(_tar(members)))
    assert "games/b.journal, line 6" in reason
    bad_header = [("games/a.journal", _journal(7)), ("games/b.journal", b'{"journal": "someone else"}\n')]
    assert "games/b.journal: line 1" in _refused(state, config, _gz(_tar(bad_header)))


def test_bad_tag_maps_set_ups_and_configurations_are_refused(state: Path, config: Path) -> None:
    journal = ("games/a.journal", _journal(7))
    for member, reason in ((("tags-tenno.json", b'{"tags": 3}'), "tags-tenno.json"),
                           (("tags-no-such-game.json", b"{}"), "no game no-such-game"),
                           (("tags-tenno.json", (state / "tags-tenno.json").read_bytes().replace(b'"tenno"',
                                                                                               b'"samurai-spirit"')),
                            "not tenno"),
                           (("last-setup.json", b"[1]"), "last-setup.json"),
                           (("config/companion.toml", b"[app\n"), "not valid TOML")):
        assert reason in _refused(state, config, _gz(_tar([journal, member])))


def test_a_damaged_archive_is_refused_whole(state: Path, config: Path) -> None:
    raw = _tar([("games/a.journal", _journal(7)), ("games/b.journal", _journal(8)), ("games/c.journal", _journal(9))])
    second = raw.index(b"games/b.journal")
    corrupt = raw[:second] + b"X" + raw[second + 1:]
    assert "damaged" in _refused(state, config, _gz(corrupt))
    packed = bytearray(_gz(raw))
    packed[-6] ^= 0xFF
    assert "damaged" in _refused(state, config, bytes(packed)), "a wrong CRC at the end is damage too"
    assert "damaged" in _refused(state, config, _gz(raw)[:-200])
    assert "damaged" in _refused(state, config, _gz(raw + b"more data after the end"))
    assert "not a companion backup" in _refused(state, config, b"hello")


def test_a_refused_restore_says_so_on_the_page_with_nothing_changed(state: Path, config: Path) -> None:
    served = Served(state, config)
    try:
        client = Client(served.base)
        data = _gz(_tar([("games/a.journal", _journal(7)), ("tags-tenno.json\n", b"{}")]))
        pin = str(device_pin(state))
        before = _snapshot(state)
        reply = client.post("/restore", {"csrf": client.csrf("/backup"), "pin": pin}, {"backup": data})
        assert reply.status == 400
        assert "Nothing was restored" in reply.text and "tags-tenno.json\\n" in reply.text
        assert _snapshot(state) == before
    finally:
        served.close()


# --- what a restore replaces is kept ------------------------------------------------------------------


def test_a_restore_keeps_every_file_it_replaces_and_names_the_folder(tmp_path: Path, state: Path,
                                                                     config: Path) -> None:
    enrolled = (state / "tags-tenno.json").read_bytes()
    setting = config.read_bytes()
    other = tmp_path / "other"
    archive(other, played("trick-raiders", 9, TR_SETUP), "game-0001-finished.journal")
    save_tagmap(other, TagMap("tenno", {}))
    other_config = tmp_path / "other.toml"
    other_config.write_text('[app]\nlanguage = "de"\n', "utf-8")
    data = backup.make_backup(other, other_config)
    served = Served(state, config)
    try:
        client = Client(served.base)
        reply = client.post("/restore", {"csrf": client.csrf("/backup"), "pin": str(device_pin(state))},
                            {"backup": data})
        assert reply.status == 200, reply.text[:500]
    finally:
        served.close()
    assert json.loads((state / "tags-tenno.json").read_text("utf-8"))["tags"] == {}
    # Only what the settings page may change comes from the backup: the state folder stays this device's.
    assert load_config(config).language == "de" and load_config(config).state_dir == state
    assert "these settings stay as this device has them: app.state_dir" in reply.text
    kept = [p for p in state.iterdir() if p.name.startswith("replaced-")]
    assert len(kept) == 1
    assert (kept[0] / "tags-tenno.json").read_bytes() == enrolled
    assert (kept[0] / "config" / "companion.toml").read_bytes() == setting
    assert f"The files it replaced are kept in {kept[0]}" in reply.text
    games = sorted(p.name for p in (state / "games").iterdir())
    assert games == ["game-0001-finished-restored-2.journal", "game-0001-finished.journal"]
    assert not list(state.glob(".restore-*")), "the staging folder is removed"


def test_a_move_that_fails_puts_back_what_was_moved(state: Path, config: Path, monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    other = tmp_path / "other"
    archive(other, played("trick-raiders", 9, TR_SETUP), "game-0002-finished.journal")
    save_tagmap(other, TagMap("tenno", {}))
    (other / "last-setup.json").write_text('{"game": null, "lang": "de", "setups": {}}\n', "utf-8")
    data = backup.make_backup(other, None)
    real_replace = os.replace
    failed = []

    def failing(source: str | Path, target: str | Path) -> None:
        """The disk is full once, when the tag map (after the last set-up) is moved in."""
        if Path(target).name == "tags-tenno.json" and not failed:
            failed.append(target)
            raise OSError(28, "No space left on device", str(target))
        real_replace(source, target)

    monkeypatch.setattr(backup.os, "replace", failing)
    reason = _refused(state, config, data)
    assert reason.startswith("Nothing was restored") and "No space left on device" in reason
    assert failed, "the failure was reached: the last set-up had been replaced and was put back"
