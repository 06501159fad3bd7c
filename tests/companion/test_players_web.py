"""The phone's Players page: each change PIN- and CSRF-guarded, names shown as text, a personal tag enrolled
through the device as a card is."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from companion.players.book import PLAYER_TARGET, change_book, load_book
from companion.runtime.enrol_requests import read_request, taken_path
from companion.runtime.storage import CURRENT, JournalFile
from companion.runtime.tagmap import TagMap, virtual_uid
from companion.runtime.web_pin import device_pin
from companion.web.server import create_app
from drivers.events import CardPlaced
from engine import Match, get_game
from tests.companion.table_helpers import Clock, make, press, tap

CSRF = re.compile(r'name="csrf" value="([^"]+)"')
HOST = {"Host": "127.0.0.1"}


@pytest.fixture(autouse=True)
def _headless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


class Phone:
    """The page's WSGI application driven in-process, as a phone on the home network would."""

    def __init__(self, state: Path) -> None:
        self.client = create_app(state, None, "en").test_client()
        self.state = state
        self.pin = str(device_pin(state))

    def get(self, path: str = "/players") -> tuple[int, str]:
        reply = self.client.get(path, headers=HOST)
        return reply.status_code, reply.data.decode()

    def post(self, fields: dict[str, str], pin: str | None = None, csrf: str | None = None) -> tuple[int, str]:
        token = CSRF.search(self.get()[1])
        assert token is not None
        data = {"csrf": csrf or token.group(1), "pin": self.pin if pin is None else pin, **fields}
        reply = self.client.post("/players", data=data, headers={**HOST, "Origin": "http://127.0.0.1"})
        return reply.status_code, reply.data.decode()


def _names(state: Path) -> list[str]:
    return sorted(p.name for p in load_book(state)[0].players.values())


def test_add_rename_and_merge_need_the_pin_and_the_form_token(tmp_path: Path) -> None:
    phone = Phone(tmp_path)
    status, page = phone.get()
    assert status == 200 and "No players yet" in page and 'href="/players"' in page
    assert phone.post({"action": "add", "name": "Anna"}, pin="000000")[0] == 403
    assert phone.post({"action": "add", "name": "Anna"}, csrf="forged")[0] == 403
    assert _names(tmp_path) == []
    status, page = phone.post({"action": "add", "name": "  Anna  "})
    assert status == 200 and "Anna was added." in page
    phone.post({"action": "add", "name": "Ben"})
    phone.post({"action": "add", "name": "Benjamin"})
    book = load_book(tmp_path)[0]
    ids = {p.name: p.id for p in book.players.values()}
    status, page = phone.post({"action": "add", "name": "anna"})
    assert status == 400 and "There is already a player called Anna" in page
    status, page = phone.post({"action": "rename", "player": ids["Anna"], "name": "Anna B."})
    assert status == 200 and "Anna is now called Anna B." in page
    status, page = phone.post({"action": "merge", "player": ids["Ben"], "other": ids["Benjamin"]})
    assert status == 200 and "Benjamin was merged into Ben." in page
    assert _names(tmp_path) == ["Anna B.", "Ben"]
    assert phone.post({"action": "merge", "player": ids["Ben"], "other": ids["Ben"]})[0] == 400
    assert phone.post({"action": "burn", "player": ids["Ben"]})[0] == 400


@pytest.mark.parametrize(("name", "words"), [
    ("x" * 30, "at most 24 characters"), ("Ann\u202e", "U+202E"), ("東京", "cannot draw"), ("", "cannot be empty"),
])
def test_a_name_that_cannot_be_kept_is_refused_with_the_reason(tmp_path: Path, name: str, words: str) -> None:
    status, page = Phone(tmp_path).post({"action": "add", "name": name})
    assert status == 400 and words in html.unescape(page)
    assert _names(tmp_path) == []


def test_a_name_is_text_on_the_page_never_markup(tmp_path: Path) -> None:
    phone = Phone(tmp_path)
    assert phone.post({"action": "add", "name": "<b>Eve</b>"})[0] == 200
    page = phone.get()[1]
    assert "<b>Eve</b>" not in page and "&lt;b&gt;Eve&lt;/b&gt;" in page


def test_the_phone_enrolls_a_personal_tag_through_the_device(tmp_path: Path) -> None:
    change_book(tmp_path, lambda book: book.add("Anna", new_id=lambda: "p-anna"))
    clock = Clock()
    app = make(tmp_path, clock, TagMap("samurai-spirit", {virtual_uid("samurai:kyuzo"): "samurai:kyuzo"}))
    phone = Phone(tmp_path)
    status, page = phone.post({"action": "tag", "player": "p-anna"})
    assert status == 200 and "tap Anna's tag" in html.unescape(page)
    asked = read_request(tmp_path / "web-enroll-request.json")
    assert asked is not None and asked.target == PLAYER_TARGET + "p-anna"
    clock.now += 1
    app.tick()
    screen = app.screen()
    assert screen.title == "Web page: enroll a personal tag" and screen.todo == ("Tap on the reader: Anna's personal tag",)
    app.handle(CardPlaced(virtual_uid("samurai:kyuzo"), "mock", clock()))
    assert "cannot be a personal tag" in str(app.screen().notice), "a board's tag is never a personal tag"
    assert load_book(tmp_path)[0].players["p-anna"].tags == ()

    page = phone.post({"action": "tag", "player": "p-anna"})[1]
    ident = re.search(r"/players\?request=([^\"&]+)", page)
    assert ident is not None, "the page links to the request's answer"
    clock.now += 1
    app.tick()
    app.handle(CardPlaced("04C0FFEE000001", "mock", clock()))
    assert load_book(tmp_path)[0].players["p-anna"].tags == ("04C0FFEE000001",)
    assert not taken_path(tmp_path).exists()
    answer = html.unescape(phone.get(f"/players?request={ident.group(1)}")[1])
    assert "Tag 04C0FFEE000001 is now Anna's personal tag" in answer


def test_no_personal_tag_is_asked_for_while_a_game_is_on_the_device(tmp_path: Path) -> None:
    change_book(tmp_path, lambda book: book.add("Anna", new_id=lambda: "p-anna"))
    JournalFile(tmp_path / CURRENT).start(Match(get_game("tenno"), {"players": ["red", "blue"]}, 3))
    status, page = Phone(tmp_path).post({"action": "tag", "player": "p-anna"})
    assert status == 409 and "A game is on the device" in page
    assert not (tmp_path / "web-enroll-request.json").exists()


def test_the_phone_seats_players_in_the_game_being_set_up(tmp_path: Path) -> None:
    def add(book):  # type: ignore[no-untyped-def]
        book.add("Anna", new_id=lambda: "p-anna")
        book.add("Ben", new_id=lambda: "p-ben")
    change_book(tmp_path, add)
    (tmp_path / "seating-open.json").write_text('{"format": 1, "game": "tenno", "seats": ["red"], "key": "players"}')
    clock = Clock()
    app = make(tmp_path, clock)
    app.tick()
    assert not (tmp_path / "seating-open.json").exists(), "a file an earlier run left is removed"
    phone = Phone(tmp_path)
    assert "Who plays in the game being set up" not in phone.get()[1]
    press(app, "ok", "ok")
    tap(app, "samurai:kyuzo")
    tap(app, "samurai:heihachi")
    press(app, "ok", "ok")
    assert app.screen().title == "Who plays Kyuzo?"
    clock.now += 1
    app.tick()
    page = phone.get("/players?lang=de")[1]
    assert "Wer in der Partie im Aufbau spielt" in page and "Kyuzo" in page and 'name="seat:heihachi"' in page
    phone.get("/players?lang=en")
    status, page = phone.post({"action": "seat", "game": "samurai-spirit", "seat:kyuzo": "p-ben",
                               "seat:heihachi": "p-ben"})
    assert status == 400 and "one seat only" in page
    assert phone.post({"action": "seat", "game": "samurai-spirit", "seat:kyuzo": "p-ben"}, pin="000000")[0] == 403
    status, page = phone.post({"action": "seat", "game": "samurai-spirit", "seat:kyuzo": "p-ben",
                               "seat:heihachi": "p-anna"})
    assert status == 200
    clock.now += 1
    app.tick()
    assert app.offered()[0] == ("start",)
    assert {"Kyuzo: Ben", "Heihachi: Anna"} <= set(app.screen().detail)
    assert app.screen().notice == "Seated from the phone: check the names, then start the game."
    press(app, "ok")
    clock.now += 1
    app.tick()
    assert not (tmp_path / "seating-open.json").exists(), "once the game starts the phone offers no seating"
    header = (tmp_path / CURRENT).read_text("utf-8").splitlines()[0]
    assert '"heihachi":{"id":"p-anna","name":"Anna"}' in header
    status, page = phone.post({"action": "seat", "game": "samurai-spirit", "seat:kyuzo": "p-anna"})
    assert status == 409 and "no longer asks" in page
