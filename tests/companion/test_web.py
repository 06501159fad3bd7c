"""`companion web` through HTTP: the real server on a loopback port, driven by an HTTP client."""

from __future__ import annotations

import io
import json
import tarfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.history import open_history
from companion.i18n import LANGUAGES
from companion.runtime.config import load_config
from companion.runtime.storage import CURRENT, JournalFile
from companion.runtime.tagmap import TagMap, save_tagmap, virtual_uid
from companion.runtime.web_pin import PIN_FILE, device_pin
from companion.web import settings
from companion.web.guard import MAX_TRIES
from engine import Match
from tests.companion.history_helpers import archive, played
from tests.companion.web_helpers import (  # noqa: F401  (the fixture "config", the autouse headless)
    Client,
    Served,
    config_of_state,
    headless,
)

PAGES = ("/", "/history", "/cards", "/rules", "/backup", "/settings")
SS_SETUP = {"samurai": ["kyuzo", "heihachi", "daisuke"], "difficulty": "hard", "absent_tokens": False}


@pytest.fixture
def state(tmp_path: Path) -> Path:
    """A state folder with one archived game, a game in progress and a tag map."""
    folder = tmp_path / "state"
    archive(folder, played("samurai-spirit", 5, SS_SETUP), "game-0001-x.journal")
    JournalFile(folder / CURRENT).start(played("trick-raiders", 6, {"players": ["north", "east", "south"],
                                                                    "lives": 2}, stop_after=6))
    save_tagmap(folder, TagMap("samurai-spirit", {virtual_uid("samurai:kyuzo"): "samurai:kyuzo"}))
    return folder


@pytest.fixture
def server(state: Path, config: Path) -> Iterator[Served]:
    with Served(state, config) as served:
        yield served


def _files(folder: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_every_page_is_served_in_every_language_without_writing_the_state_folder(
        server: Served, state: Path) -> None:
    open_history(state).close()
    before = _files(state)
    client = Client(server.base)
    for lang in LANGUAGES:
        for page in PAGES:
            reply = client.get(f"{page}?lang={lang}")
            assert reply.status == 200, (page, lang, reply.text[:300])
            assert f'<html lang="{lang}">' in reply.text
            assert "default-src 'self'" in reply.headers["Content-Security-Policy"]
    assert client.get("/live.png").status == 200
    assert client.get("/history.csv").text.startswith("journal,game,title,started")
    assert _files(state) == before, "reading a page changed the state folder"


def test_the_language_chosen_once_is_remembered(server: Served) -> None:
    client = Client(server.base)
    assert client.get("/?lang=de").status == 200
    assert '<html lang="de">' in client.get("/history").text


def test_the_live_table_shows_the_devices_words_and_changes_with_each_input(server: Served, state: Path) -> None:
    client = Client(server.base)
    first = json.loads(client.get("/live.json?lang=en").text)
    assert first["playing"] and first["game"] == "trick-raiders" and first["title"]
    page = client.get("/").text
    assert first["title"] in page.replace("&#39;", "'")
    match = played("trick-raiders", 6, {"players": ["north", "east", "south"], "lives": 2}, stop_after=7)
    JournalFile(state / CURRENT).append(match)
    second = json.loads(client.get("/live.json?lang=en").text)
    assert second["version"] != first["version"]
    assert (second["todo"], second["title"]) != (first["todo"], first["title"])
    (state / CURRENT).unlink()
    assert json.loads(client.get("/live.json").text)["playing"] is False


def test_the_history_page_shows_statistics_with_counts_and_charts(server: Served) -> None:
    text = Client(server.base).get("/history").text
    assert "Samurai Spirit: 1 game, 1 finished" in text
    assert "of 1 won" in text and "<svg" in text
    assert "Difficulty: Hard" in text


def test_the_cards_page_says_which_cards_are_enrolled(server: Served) -> None:
    text = Client(server.base).get("/cards").text
    assert "1 of " in text and "enrolled" in text and virtual_uid("samurai:kyuzo") not in text
    assert "not enrolled" in text


def _backup(client: Client, pin: str) -> bytes:
    reply = client.post("/backup", {"csrf": client.csrf("/backup"), "pin": pin})
    assert reply.status == 200, reply.text[:300]
    return reply.body


def test_a_backup_holds_journals_tag_maps_configuration_and_the_database(server: Served, state: Path) -> None:
    open_history(state).close()
    with tarfile.open(fileobj=io.BytesIO(_backup(Client(server.base), str(device_pin(state)))), mode="r:gz") as tar:
        names = set(tar.getnames())
    assert {"games/game-0001-x.journal", "tags-samurai-spirit.json", "history.sqlite3",
            "config/companion.toml"} <= names
    assert CURRENT not in names, "the game in progress holds face-down cards"


def _restore(client: Client, data: bytes, pin: str, csrf: str | None = None, origin: str | None = None) -> int:
    token = csrf if csrf is not None else client.csrf("/backup")
    return client.post("/restore", {"csrf": token, "pin": pin}, {"backup": data}, origin=origin).status


def test_restore_needs_the_pin_and_puts_the_games_back(tmp_path: Path, server: Served, state: Path) -> None:
    data = _backup(Client(server.base), str(device_pin(state)))
    empty = tmp_path / "fresh"
    empty.mkdir()
    pin = device_pin(empty)
    assert pin is not None
    fresh = Served(empty)
    try:
        client = Client(fresh.base)
        assert _restore(client, data, "000000" if pin != "000000" else "111111") == 403
        assert not (empty / "games").exists()
        assert _restore(client, data, pin) == 200
        assert (empty / "games" / "game-0001-x.journal").read_bytes() == \
            (state / "games" / "game-0001-x.journal").read_bytes()
        assert (empty / "tags-samurai-spirit.json").exists()
        assert not (empty / CURRENT).exists(), "a restore never touches the game in progress"
        with open_history(empty, read_only=True) as history:
            assert [row["journal"] for row in history.games()] == ["game-0001-x.journal"]
        assert _restore(client, data, pin) == 200
        assert len(list((empty / "games").iterdir())) == 1, "restoring twice adds nothing"
    finally:
        fresh.close()


def test_changes_are_refused_without_the_form_token_or_from_another_site(server: Served, state: Path) -> None:
    pin = device_pin(state)
    assert pin is not None
    client = Client(server.base)
    data = _backup(client, pin)
    assert _restore(client, data, pin, csrf="forged") == 403
    assert _restore(client, data, pin, origin="http://evil.example") == 403
    stranger = Client(server.base)
    assert stranger.post("/settings", {"csrf": client.csrf("/settings"), "pin": pin, "language": "de",
                                       "notice_s": "4", "resume_timeout_s": "20"}).status == 403


def test_too_many_wrong_pins_lock_the_changes_for_a_while(tmp_path: Path, state: Path) -> None:
    now = [100.0]
    served = Served(state, clock=lambda: now[0])
    try:
        pin = device_pin(state)
        client = Client(served.base)
        data = _backup(client, str(pin))
        wrong = "000000" if pin != "000000" else "111111"
        for _ in range(MAX_TRIES):
            assert _restore(client, data, wrong) == 403
        reply = client.post("/restore", {"csrf": client.csrf("/backup"), "pin": str(pin)}, {"backup": data})
        assert reply.status == 403 and "Too many wrong PINs" in reply.text
        now[0] += 61
        assert _restore(client, data, str(pin)) == 200
    finally:
        served.close()


def test_the_settings_change_with_the_pin_and_keep_the_previous_file(server: Served, state: Path,
                                                                      config: Path) -> None:
    pin = device_pin(state)
    client = Client(server.base)
    form = {"csrf": client.csrf("/settings"), "pin": str(pin), "language": "fr", "game": "trick-raiders",
            "notice_s": "5.5", "resume_timeout_s": "30"}
    assert client.post("/settings", form).status == 200
    changed = load_config(config)
    assert (changed.language, changed.game, changed.notice_s, changed.resume_timeout_s) == \
        ("fr", "trick-raiders", 5.5, 30.0)
    assert changed.state_dir == state
    assert list(config.parent.glob("companion.toml.before-web-*"))
    bad = {**form, "csrf": client.csrf("/settings"), "notice_s": "soon"}
    assert client.post("/settings", bad).status == 400
    assert load_config(config).notice_s == 5.5


def test_four_settings_saves_in_one_second_keep_four_copies(config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings, "utc_stamp", lambda: "20260101T000000Z")
    before = []
    for seconds in ("4", "5", "6", "7"):
        before.append(config.read_bytes())
        settings.change(config, {"language": "en", "notice_s": seconds, "resume_timeout_s": "20"})
    copies = sorted(config.parent.glob("companion.toml.before-web-*"), key=lambda p: (len(p.name), p.name))
    assert [p.name for p in copies] == ["companion.toml.before-web-20260101T000000Z"] + [
        f"companion.toml.before-web-20260101T000000Z-{n}" for n in (2, 3, 4)]
    assert [p.read_bytes() for p in copies] == before


def test_the_pin_is_made_by_the_device_and_kept_private(tmp_path: Path) -> None:
    pin = device_pin(tmp_path)
    assert pin is not None and len(pin) == 6 and pin.isdigit()
    assert device_pin(tmp_path) == pin
    assert (tmp_path / PIN_FILE).stat().st_mode & 0o077 == 0


def test_a_finished_game_shows_its_result_on_the_live_table(tmp_path: Path) -> None:
    folder = tmp_path / "state"
    folder.mkdir()
    match: Match = played("samurai-spirit", 5, SS_SETUP)
    JournalFile(folder / CURRENT).start(match)
    served = Served(folder)
    try:
        frame = json.loads(Client(served.base).get("/live.json").text)
    finally:
        served.close()
    assert frame["over"] is True and frame["options"] == []


def test_the_rules_page_shows_each_games_summary(server: Served) -> None:
    text = Client(server.base).get("/rules").text
    assert "Cooperative: the Samurai defend the village together" in text
    assert "An elimination trick-taking game" in text
    assert "A bluffing game of duels for 2 to 7 players" in text, "Tenno has no rules summary"
    assert "A game of influence for 2 to 4 players" in text, "Knizia's Samurai has no rules summary"
