"""The web page's guard: only this machine's names, Origin against them, the PIN per client and across restarts,
a new PIN from the device, and the settings page in words."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.app import App
from companion.games import game_ui
from companion.runtime.addresses import split_host
from companion.runtime.storage import CURRENT, JournalFile
from companion.runtime.tagmap import virtual_tagmap
from companion.runtime.web_pin import PIN_FILE, device_pin, read_pin
from companion.web.guard import MAX_TRIES, TRIES_FILE, PinGuard, client_key
from drivers.events import ButtonPressed
from tests.companion.history_helpers import played
from tests.companion.web_helpers import (  # noqa: F401  (the fixtures "state" and "config", the autouse headless)
    TABLE,
    config_of_state,
    empty_state,
    headless,
    settings_post,
    table_client,
    wrong_pin,
)


def _settings_post(client: FlaskClient, pin: str, origin: str | None = None, base: str = TABLE,
                   remote: str = "192.168.1.50") -> int:
    """The settings form from a phone at `remote`, its Origin `origin`."""
    return settings_post(client, pin, headers={"Origin": origin} if origin else None, base=base, remote=remote)


# --- names and origins ----------------------------------------------------------------------------------------


def test_a_request_under_a_name_that_is_not_this_machine_is_refused(state: Path) -> None:
    """DNS rebinding: the browser sends the attacker's name as Host; the page must not answer it."""
    client = table_client(state)
    for host in ("evil.example:8080", "evil.example", "table.evil.example:8080", "192.168.1.99:8080",
                 "table.local:9999", "table.local:", "[fd00::21]:8080", "", "table.local@evil.example"):
        reply = client.get("/", headers={"Host": host}, base_url=TABLE)
        assert reply.status_code == 421, host
        assert reply.mimetype == "text/plain" and b"own names and addresses" in reply.data
    for host in ("table.local:8080", "table.local", "table:8080", "192.168.1.20:8080", "[fd00::20]:8080",
                 "localhost:8080", "127.0.0.2:8080", "[::1]:8080", "TABLE.LOCAL.:8080", "table.fritz.box:8080"):
        assert client.get("/live.json", headers={"Host": host}, base_url=TABLE).status_code == 200, host


def test_the_origin_of_a_change_is_compared_with_this_machines_names_not_with_the_host(state: Path,
                                                                                      config: Path) -> None:
    pin = device_pin(state)
    assert pin is not None
    client = table_client(state, config)
    assert _settings_post(client, pin, origin="http://evil.example:8080") == 403
    assert _settings_post(client, pin, origin="https://table.local:8080") == 403
    assert _settings_post(client, pin, origin="http://table.local:8081") == 403
    assert _settings_post(client, pin, origin="null") == 403
    # The page opened by address, the form sent through the .local name: the same machine, so accepted.
    assert _settings_post(client, pin, origin="http://192.168.1.20:8080", base=TABLE) == 200
    assert _settings_post(client, pin, origin=TABLE) == 200


def test_host_headers_are_read_strictly() -> None:
    assert split_host("Table.Local:8080") == ("table.local", 8080)
    assert split_host("[fd00::20]:80") == ("fd00::20", 80)
    assert split_host("[fd00::20]") == ("fd00::20", None)
    for bad in ("", "a:b", "fd00::20", "[nothost]", "user@table.local", "table.local:", "[fd00::20]x",
                "table local", "table.local:123456"):
        assert split_host(bad) is None, bad


# --- the PIN ----------------------------------------------------------------------------------------------------


def test_one_clients_wrong_pins_do_not_lock_out_another(state: Path) -> None:
    pin = device_pin(state)
    assert pin is not None
    now = [1000.0]
    guard = PinGuard(state, lambda: now[0])
    for _ in range(MAX_TRIES):
        assert guard.check(wrong_pin(pin), "192.168.1.66") is not None
    refused = guard.check(pin, "192.168.1.66")
    assert refused is not None and refused.text.startswith("Too many wrong PINs")
    assert guard.check(pin, "192.168.1.20") is None, "the owner's phone is not locked out by another's tries"
    assert guard.check(pin, "2001:db8:1:2::7") is None
    # An IPv6 client is its address, not its /64: a home network is one /64, the owner's phone in it too.
    for _ in range(MAX_TRIES):
        guard.check(wrong_pin(pin), "2001:db8:9:9::1")
    assert guard.check(pin, "2001:db8:9:9::1") is not None
    assert guard.check(pin, "2001:db8:9:9::99") is None
    assert client_key("::ffff:192.168.1.66") == "192.168.1.66"


def test_over_http_the_lock_is_per_client(state: Path, config: Path) -> None:
    pin = device_pin(state)
    assert pin is not None
    client = table_client(state, config)
    for _ in range(MAX_TRIES):
        assert _settings_post(client, wrong_pin(pin), remote="192.168.1.66") == 403
    assert _settings_post(client, pin, remote="192.168.1.66") == 403
    assert _settings_post(client, pin, remote="192.168.1.20") == 200


def test_the_lock_survives_a_restart_and_grows_for_a_client_that_goes_on(state: Path, config: Path) -> None:
    pin = device_pin(state)
    assert pin is not None
    now = [1000.0]
    client = table_client(state, config, now)
    for _ in range(MAX_TRIES):
        assert _settings_post(client, wrong_pin(pin)) == 403
    assert (state / TRIES_FILE).exists()
    restarted = table_client(state, config, now)
    assert _settings_post(restarted, pin) == 403, "a restart does not give the guesser five more tries"
    now[0] += 61
    for _ in range(MAX_TRIES):
        assert _settings_post(restarted, wrong_pin(pin)) == 403
    now[0] += 61
    assert _settings_post(table_client(state, config, now), pin) == 403, "the second wait is two minutes"
    now[0] += 60
    assert _settings_post(table_client(state, config, now), pin) == 200


def test_an_unreadable_tries_file_starts_afresh(state: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pin = device_pin(state)
    assert pin is not None
    (state / TRIES_FILE).write_text("{not json", "utf-8")
    guard = PinGuard(state, lambda: 5.0)
    assert guard.check(pin, "192.168.1.20") is None
    assert TRIES_FILE in capsys.readouterr().err
    assert guard.check("é" * 6, "192.168.1.20") is not None, "a non-ASCII guess is a wrong PIN, not an error"


def _one_game_app(state: Path) -> App:
    ui = game_ui("trick-raiders")
    app = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), state, lambda: 10.0)
    app.start()
    return app


def test_a_new_pin_from_the_device_replaces_the_old_one(state: Path) -> None:
    app = _one_game_app(state)
    old = read_pin(state)
    assert old is not None and f"Web page PIN: {old}" in app.screen().detail
    assert "New web page PIN" in app.screen().options
    while app.screen().options[app.selected % len(app.screen().options)] != "New web page PIN":
        app.handle(ButtonPressed("next", 0.0))
    app.handle(ButtonPressed("ok", 0.0))
    new = read_pin(state)
    assert new is not None and new != old
    screen = app.screen()
    assert f"Web page PIN: {new}" in screen.detail and f"Web page PIN: {old}" not in screen.detail
    assert screen.notice is not None and new in screen.notice
    assert (state / PIN_FILE).stat().st_mode & 0o077 == 0
    guard = PinGuard(state, lambda: 10.0)
    assert guard.check(old, "192.168.1.20") is not None, "the old PIN no longer changes anything"
    assert guard.check(new, "192.168.1.20") is None
    assert app.mode == "setup" and not app.setup.asked, "the set-up question is still where it was"


def test_a_start_that_resumes_a_game_makes_and_shows_the_pin(state: Path) -> None:
    JournalFile(state / CURRENT).start(played("trick-raiders", 6, {"players": ["north", "east", "south"],
                                                                   "lives": 2}, stop_after=6))
    now = [10.0]
    ui = game_ui("trick-raiders")
    app = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), state, lambda: now[0], resume_timeout_s=5)
    app.start()
    app.tick()
    pin = read_pin(state)
    assert pin is not None, "the PIN exists as soon as the device started, not only once a menu was drawn"
    assert app.mode == "resume" and f"Web page PIN: {pin}" in app.screen().detail
    now[0] += 6
    app.tick()
    assert app.mode == "play" and read_pin(state) == pin


def test_the_device_shows_the_pages_addresses_while_it_runs(state: Path) -> None:
    from companion.runtime.addresses import forget_listen, page_urls, record_listen

    before = _one_game_app(state).screen()
    assert not any(line.startswith("Web page: http") for line in before.detail) and not before.qr_url
    assert record_listen(state, "0.0.0.0", 8123)
    first = _one_game_app(state).screen()
    # The first question shows the address as a QR code with the PIN beside it, not as a line of words.
    assert first.qr_url == page_urls("0.0.0.0", 8123)[0] and first.qr_pin
    assert "0.0.0.0" not in first.qr_url and first.qr_url.endswith(":8123/")
    assert not any(line.startswith("Web page: http") for line in first.detail)
    import pygame

    from companion.screens import render
    from tests.companion.test_readability import SIZES, check_type_floors

    pygame.font.init()
    screen = _one_game_app(state).screen()
    for size in SIZES:
        items = render(screen, pygame.Surface(size))
        check_type_floors(items, size, "first question with the page's address")
        assert not items.outside(size)
    forget_listen(state)
    assert not _one_game_app(state).screen().qr_url


# --- the settings page ------------------------------------------------------------------------------------------


def test_the_settings_page_shows_words_not_raw_values(tmp_path: Path, state: Path) -> None:
    other = tmp_path / "elsewhere"
    path = tmp_path / "companion.toml"
    path.write_text(f'[app]\nstate_dir = "{other}"\n[buttons]\npins = {{ ok = 16, next = 20, undo = 21 }}\n',
                    "utf-8")
    client = table_client(state, path)
    page = client.get("/settings", base_url=TABLE).get_data(as_text=True)
    table = page[page.index("<table"):page.index("</table>")]
    assert "None" not in table and "not set" in table
    assert "Card reader" in table and ">reader.backend<" not in table
    assert "next: 20, ok: 16, undo: 21" in table and "{" not in table
    assert f"{state} (given at start; the configuration says {other})" in table
    assert "4 s<" in table and "0.03 s<" in table and "ask with a menu" in table
    german = client.get("/settings?lang=de", base_url=TABLE).get_data(as_text=True)
    assert "Kartenleser" in german and "nicht gesetzt" in german


def test_the_machines_addresses_are_read_from_the_kernels_tables(tmp_path: Path) -> None:
    from companion.runtime.addresses import _from_routes, page_urls

    fib = tmp_path / "fib_trie"
    fib.write_text("Main:\n  +-- 0.0.0.0/0 3 0 5\n     |-- 127.0.0.0\n        /8 host LOCAL\n     |-- 127.0.0.1\n"
                   "        /32 host LOCAL\n     |-- 192.168.1.0\n        /24 link UNICAST\n     |-- 192.168.1.20\n"
                   "        /32 host LOCAL\n     |-- 192.168.1.255\n        /32 link BROADCAST\n", "ascii")
    inet6 = tmp_path / "if_inet6"
    inet6.write_text("00000000000000000000000000000001 01 80 10 80       lo\n"
                     "fd000000000000000000000000000020 04 40 00 82     eth0\n"
                     "fe8000000000000000fc00fffe000001 04 40 20 80     eth0\n", "ascii")
    assert _from_routes(fib, inet6) == {"127.0.0.1", "192.168.1.20", "::1", "fd00::20"}
    assert _from_routes(tmp_path / "none", tmp_path / "none") == set()
    found = ["127.0.0.1", "192.168.1.20", "169.254.3.3", "fd00::20", "10.0.0.7"]
    assert page_urls("0.0.0.0", 8080, found) == ["http://10.0.0.7:8080/", "http://192.168.1.20:8080/"]
    assert page_urls("0.0.0.0", 80, []) == ["http://127.0.0.1/"]
    assert page_urls("::1", 8080, found) == ["http://[::1]:8080/"]
