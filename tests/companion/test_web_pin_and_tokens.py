"""The phone page's guard, as a nosy guest on the home network tried it: wrong PINs per address, form tokens only
this server made, the Referer when there is no Origin, no token page kept in a cache, the PIN checked before an
upload is read, a restored configuration held to what the settings page may change, and `companion web` saying
where the PIN is."""

from __future__ import annotations

import argparse
import io
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.runtime.config import load_config
from companion.web import backup
from companion.web.guard import CSRF_COOKIE, MAX_TRIES, NETWORK_TRIES, PinGuard, client_key
from engine import RuleError
from tests.companion.history_helpers import archive, played
from tests.companion.web_helpers import (  # noqa: F401  (the fixtures "state" and the autouse headless)
    TABLE,
    TOKEN,
    empty_state,
    headless,
    pin_of,
    settings_post,
    table_client,
    token_of,
    write_config,
    wrong_pin,
)


@pytest.fixture
def config(tmp_path: Path, state: Path) -> Path:
    return write_config(tmp_path / "companion.toml", state, comment="# the Pi's own file\n")


# --- wrong PINs are counted per address ---------------------------------------------------------------------


def test_an_ipv6_phones_wrong_pins_do_not_lock_out_another_phone_of_the_same_home_network(state: Path) -> None:
    """A home network is one /64: a guest's phone and the owner's share it, not their addresses."""
    pin = pin_of(state)
    guard = PinGuard(state, lambda: 1000.0)
    for _ in range(MAX_TRIES):
        assert guard.check(wrong_pin(pin), "2001:db8:1:2::66") is not None
    assert guard.check(pin, "2001:db8:1:2::66") is not None, "the guesser waits"
    assert guard.check(pin, "2001:db8:1:2:a1b2:c3ff:fe44:5566") is None, "the owner's phone, same /64, does not"
    assert client_key("2001:db8:1:2::66") != client_key("2001:db8:1:2::67"), "nor do they share connections"
    assert client_key("fe80::1%eth0") == "fe80::1" and client_key("::ffff:192.168.1.66") == "192.168.1.66"


def test_many_addresses_of_one_network_cannot_guess_faster_than_its_budget(state: Path) -> None:
    """An IPv6 host can take any address of its /64: fifty wrong PINs from a network lock all of it, while a few
    phones that each mistyped a few times do not lock one another."""
    pin = pin_of(state)
    now = [1000.0]
    guard = PinGuard(state, lambda: now[0])
    phones = [f"2001:db8:1:2::{n}" for n in range(1, 5)]
    for phone in phones:
        for _ in range(MAX_TRIES - 1):
            assert guard.check(wrong_pin(pin), phone) is not None
    for phone in phones:
        assert guard.check(pin, phone) is None, "a phone short of five wrong PINs gets in"
    now[0] += 1
    for n in range(NETWORK_TRIES - len(phones) * (MAX_TRIES - 1)):
        assert guard.check(wrong_pin(pin), f"2001:db8:1:2::{n + 100:x}") is not None
    refused = guard.check(pin, "2001:db8:1:2::ffff")
    assert refused is not None and refused.text.startswith("Too many wrong PINs"), "a fresh address waits too"
    assert guard.check(pin, "2001:db8:1:3::1") is None, "another network does not"
    assert PinGuard(state, lambda: now[0]).check(pin, "2001:db8:1:2::fffe") is not None, "kept across restarts"
    now[0] += 61
    assert guard.check(pin, "2001:db8:1:2::ffff") is None


# --- form tokens --------------------------------------------------------------------------------------------


def test_a_token_the_client_made_up_is_refused_even_in_both_the_cookie_and_the_form(state: Path,
                                                                                    config: Path) -> None:
    pin = pin_of(state)
    client = table_client(state, config)
    client.set_cookie(CSRF_COOKIE, "made-up-by-the-client", domain="table.local")
    assert settings_post(client, pin, "made-up-by-the-client") == 403
    assert load_config(config).language == "en", "nothing changed"
    token = token_of(client)
    assert token != "made-up-by-the-client", "the page replaces a token it did not make"
    assert settings_post(client, pin, token) == 200
    # A token from another run of the page (another secret) is one this server did not make either.
    other = token_of(table_client(state, config))
    client.set_cookie(CSRF_COOKIE, other, domain="table.local")
    assert settings_post(client, pin, other) == 403


def test_without_an_origin_the_referer_must_be_this_page(state: Path, config: Path) -> None:
    pin = pin_of(state)
    client = table_client(state, config)
    assert settings_post(client, pin, token_of(client), {"Referer": "http://evil.example/page"}) == 403
    assert settings_post(client, pin, token_of(client), {"Referer": "http://table.local:8081/settings"}) == 403
    assert settings_post(client, pin, token_of(client), {"Referer": "not a url"}) == 403
    assert settings_post(client, pin, token_of(client), {"Origin": "null", "Referer": f"{TABLE}/settings"}) == 403
    assert settings_post(client, pin, token_of(client), {"Referer": f"{TABLE}/settings"}) == 200
    assert settings_post(client, pin, token_of(client), {"Origin": "http://192.168.1.20:8080"}) == 200


def test_the_pages_own_forms_send_their_origin(state: Path) -> None:
    """Under `Referrer-Policy: no-referrer` a browser sends `Origin: null` with a form, even to its own page
    (Chromium does): every change from the page was refused. `same-origin` sends the page's origin, and
    nothing to another site."""
    reply = table_client(state).get("/settings", base_url=TABLE)
    assert reply.headers["Referrer-Policy"] == "same-origin"


@pytest.mark.parametrize("page", ["/backup", "/settings", "/players", "/enroll?game=samurai-spirit"])
def test_a_page_that_carries_a_token_is_never_kept_in_a_cache(state: Path, config: Path, page: str) -> None:
    reply = table_client(state, config).get(page, base_url=TABLE)
    assert reply.status_code == 200 and TOKEN.search(reply.get_data(as_text=True))
    assert reply.headers["Cache-Control"] == "no-store"


# --- a restore's upload ---------------------------------------------------------------------------------------


def _multipart(fields: list[tuple[str, str]], upload: bytes | None, boundary: str = "b0undary") -> bytes:
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
             for name, value in fields]
    if upload is not None:
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="backup"; filename="b.tar.gz"\r\n'
                     f'Content-Type: application/gzip\r\n\r\n'.encode() + upload + b"\r\n")
    return b"".join(parts) + f"--{boundary}--\r\n".encode()


def _restore(client: FlaskClient, body: bytes) -> tuple[int, str, int]:
    """The status, the page, and how far into the body the page read."""
    stream = io.BytesIO(body)
    reply = client.post("/restore", input_stream=stream, content_length=len(body), base_url=TABLE,
                        content_type="multipart/form-data; boundary=b0undary")
    return reply.status_code, reply.get_data(as_text=True), stream.tell()


def test_an_upload_with_a_wrong_pin_is_refused_before_its_file_is_read(state: Path, config: Path) -> None:
    """Before, the whole upload went through the form parser (a temporary file for the backup) first."""
    pin = pin_of(state)
    client = table_client(state, config)
    big = bytes(3 * 1024 * 1024)
    status, page, taken = _restore(client, _multipart([("csrf", token_of(client, "/backup")), ("pin", wrong_pin(pin))],
                                                      big))
    assert status == 403 and "Wrong PIN" in page
    assert taken < 64 * 1024, f"{taken} bytes of a 3 MiB upload read for a wrong PIN"
    status, page, taken = _restore(client, _multipart([("csrf", "forged"), ("pin", pin)], big))
    assert status == 403 and taken < 64 * 1024
    # The file before the PIN (no page of ours sends that): refused without reading it either.
    status, page, taken = _restore(client, _multipart([], big) + b"")
    assert status == 403 and taken < 64 * 1024


def test_a_good_upload_is_restored_from_the_stream(tmp_path: Path, state: Path, config: Path) -> None:
    other = tmp_path / "other"
    archive(other, played("trick-raiders", 9, {"players": ["north", "east", "south"], "lives": 2}),
            "game-0001-finished.journal")
    data = backup.make_backup(other, None)
    client = table_client(state, config)
    pin = pin_of(state)
    status, page, _ = _restore(client, _multipart([("csrf", token_of(client, "/backup")), ("pin", pin)], data))
    assert status == 200, page[:500]
    assert (state / "games" / "game-0001-finished.journal").exists()
    status, page, _ = _restore(client, _multipart([("csrf", token_of(client, "/backup")), ("pin", pin)], None))
    assert status == 400 and "Choose the backup file first" in page
    cut = _multipart([("csrf", token_of(client, "/backup")), ("pin", pin)], data)[:-40]
    status, page, _ = _restore(client, cut)
    assert status == 400 and "Nothing was restored" in page and "not a whole form" in page


# --- a restored configuration ---------------------------------------------------------------------------------


def _backup_with_config(tmp_path: Path, text: str) -> bytes:
    other = tmp_path / "other"
    other.mkdir(exist_ok=True)
    path = tmp_path / "other.toml"
    path.write_text(text, "utf-8")
    return backup.make_backup(other, path)


def test_a_restored_configuration_changes_only_what_the_settings_page_may_change(tmp_path: Path, state: Path,
                                                                                 config: Path) -> None:
    """It used to take the backup's file whole: `app.state_dir` pointed the companion at another folder."""
    data = _backup_with_config(tmp_path, '[app]\nstate_dir = "/somewhere/else"\nlanguage = "de"\nnotice_s = 6\n'
                                         '[display]\nsnapshots = "/tmp/elsewhere"\n[reader]\nbackend = "rc522"\n')
    report = backup.restore(state, io.BytesIO(data), config)
    restored = load_config(config)
    assert restored.state_dir == state and restored.snapshot_dir is None and restored.reader == "mock"
    assert restored.language == "de" and restored.notice_s == 6
    notes = [note.text for note in report.left_out]
    assert any("these settings stay as this device has them: app.state_dir, display.snapshots, reader.backend"
               in note for note in notes), notes
    kept = next(state.glob("replaced-*")) / "config" / "companion.toml"
    assert kept.read_text("utf-8").startswith("# the Pi's own file"), "the file it replaced is kept"


def test_a_configuration_like_this_devices_is_taken_as_it_is(tmp_path: Path, state: Path, config: Path) -> None:
    text = f'# kept comment\n[app]\nstate_dir = "{state}"\nlanguage = "fr"\n[reader]\nbackend = "mock"\n'
    report = backup.restore(state, io.BytesIO(_backup_with_config(tmp_path, text)), config)
    assert config.read_text("utf-8") == text, "a default spelt out is no difference: comments and all"
    assert not report.left_out
    with pytest.raises(RuleError, match="app.language"):
        backup.restore(state, io.BytesIO(_backup_with_config(tmp_path, '[app]\nlanguage = "xx"\n')), config)
    assert config.read_text("utf-8") == text, "a configuration that does not load is refused whole"
    elsewhere = f'[app]\nstate_dir = "{tmp_path / "x"}"\nlanguage = "fr"\n'
    report = backup.restore(state, io.BytesIO(_backup_with_config(tmp_path, elsewhere)), config)
    assert config.read_text("utf-8") == text and "config/companion.toml" in report.unchanged


# --- where the PIN is -----------------------------------------------------------------------------------------


class _Server:
    effective_port = 8123

    def run(self) -> None:
        return None


def test_companion_web_says_where_the_device_shows_the_pin(state: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    import signal

    from companion.web import command, serving

    def fake_server(*args: Any, **kwargs: Any) -> _Server:
        return _Server()

    monkeypatch.setattr(serving, "create_server", fake_server)
    monkeypatch.setattr(signal, "signal", lambda *args: None)
    monkeypatch.setenv("COMPANION_CONFIG", "")
    args = argparse.Namespace(config=None, state_dir=str(state), host="127.0.0.1", port=0, lang=None, threads=2,
                              allow_host=[])
    assert command.run(args) == 0
    said = capsys.readouterr().err
    assert "made none yet" in said, said
    pin_of(state)
    assert command.run(args) == 0
    said = capsys.readouterr().err
    assert "the PIN shown on the device's screen" in said and "first menu" in said and "resume" in said
    assert "made none yet" not in said
