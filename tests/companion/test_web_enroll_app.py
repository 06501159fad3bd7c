"""Web enrolment on the device: the request file noticed from `tick`, the banner, the tap bound and saved, each refusal.

Driven with plain events and a hand-moved clock, as the table drives the app.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from companion.app import App
from companion.i18n import Translator
from companion.runtime.enrol_requests import (
    EnrolRequest,
    read_result,
    request_path,
    result_path,
    taken_path,
    write_request,
)
from companion.runtime.tagmap import TagMap, load_tagmap, virtual_uid
from drivers.events import ButtonPressed, CardPlaced
from tests.companion.table_helpers import UI, Clock, make, press, tap
from tests.companion.test_app import set_up

KYUZO = "samurai:kyuzo"
CARD = "card:3-doll-wound"


def _ask(state: Path, target: str = KYUZO, game: str = "samurai-spirit", replace: bool = False,
         ident: str = "r1", expires_in: float = 60.0) -> None:
    write_request(state, EnrolRequest(ident, game, target, replace, time.time() + expires_in))


def _app(state: Path, clock: Clock, tags: dict[str, str] | None = None) -> App:
    return make(state, clock, TagMap("samurai-spirit", dict(tags or {})))


def _result(state: Path) -> tuple[str, str, str]:
    result = read_result(state)
    assert result is not None
    return result.id, result.status, Translator("en", UI.namers())(result.message)


def _saved(state: Path) -> dict[str, str]:
    return load_tagmap(state, "samurai-spirit", set(UI.tag_targets())).tags


def test_a_request_is_noticed_from_tick_shown_in_large_type_and_the_tap_bound_and_saved(tmp_path: Path) -> None:
    clock = Clock()
    app = _app(tmp_path, clock)
    app.tick()
    assert app.deadline() is not None and app.deadline() <= clock.now + 1, "the first menu looks once a second"
    _ask(tmp_path)
    app.tick()
    assert app.web_request is None, "looked less than a second ago: not yet"
    clock.now += 1
    app.tick()
    assert not request_path(tmp_path).exists() and taken_path(tmp_path).exists()
    assert _result(tmp_path)[:2] == ("r1", "waiting")
    screen = app.screen()
    assert screen.title == "Web page: enroll a card" and screen.todo == ("Tap on the reader: Samurai board: Kyuzo",)
    assert "Undo cancels" in screen.detail[0]
    assert screen.buttons == ("undo",)
    tap(app, KYUZO)
    assert _saved(tmp_path) == {virtual_uid(KYUZO): KYUZO}
    assert _result(tmp_path) == ("r1", "ok", f"Tag {virtual_uid(KYUZO)} is now Samurai board: Kyuzo.")
    assert not taken_path(tmp_path).exists(), "the request is removed once answered"
    assert app.web_request is None and app.screen().kind == "setup"
    assert app.screen().notice == f"Tag {virtual_uid(KYUZO)} is now Samurai board: Kyuzo."


def test_the_tap_is_for_the_request_not_for_the_set_up(tmp_path: Path) -> None:
    clock = Clock()
    app = _app(tmp_path, clock, {virtual_uid("samurai:heihachi"): "samurai:heihachi"})
    press(app, "ok")  # English
    press(app, "ok")  # Normal: now the Samurai are tapped
    asked = app.setup.menu().title
    _ask(tmp_path, target=CARD)
    app.tick()
    tap(app, CARD)
    assert app.setup.menu().title == asked, "the set-up did not see the tap"
    assert _saved(tmp_path)[virtual_uid(CARD)] == CARD


def test_undo_cancels_and_other_buttons_say_what_to_do(tmp_path: Path) -> None:
    clock = Clock()
    app = _app(tmp_path, clock)
    _ask(tmp_path)
    app.tick()
    selected = app.selected
    press(app, "next")
    assert app.selected == selected and app.web_request is not None
    assert app.screen().notice == "Tap Samurai board: Kyuzo on the reader, or press Undo to cancel the web page's request."
    press(app, "undo")
    assert _result(tmp_path)[:2] == ("r1", "cancelled")
    assert app.web_request is None and not (tmp_path / "tags-samurai-spirit.json").exists()


def test_a_request_nobody_answers_expires(tmp_path: Path) -> None:
    clock = Clock()
    app = _app(tmp_path, clock)
    _ask(tmp_path)
    app.tick()
    deadline = app.deadline()
    assert deadline is not None and deadline <= clock.now + 1
    clock.now += 61
    app.tick()
    assert _result(tmp_path)[:2] == ("r1", "expired")
    assert app.web_request is None
    _ask(tmp_path, ident="late", expires_in=-1)
    clock.now += 1
    app.tick()
    assert _result(tmp_path)[:2] == ("late", "expired") and app.web_request is None


def test_a_tag_of_another_card_is_not_taken_unless_the_request_says_replace(tmp_path: Path) -> None:
    clock = Clock()
    uid = virtual_uid("samurai:heihachi")
    app = _app(tmp_path, clock, {uid: "samurai:heihachi"})
    _ask(tmp_path)
    app.tick()
    app.handle(CardPlaced(uid, "mock", clock.now))
    ident, status, text = _result(tmp_path)
    assert status == "refused" and "already stands for Samurai board: Heihachi" in text
    assert app.tags.tags == {uid: "samurai:heihachi"}
    _ask(tmp_path, ident="r2", replace=True)
    clock.now += 1
    app.tick()
    app.handle(CardPlaced(uid, "mock", clock.now))
    assert _result(tmp_path) == ("r2", "ok", f"Tag {uid} is now Samurai board: Kyuzo; Samurai board: Heihachi has no tag any more.")
    assert _saved(tmp_path) == {uid: KYUZO}


def test_a_request_for_another_game_says_which_game_the_device_is_set_to(tmp_path: Path) -> None:
    clock = Clock()
    app = _app(tmp_path, clock)
    _ask(tmp_path, game="trick-raiders", target="card:anything")
    app.tick()
    ident, status, text = _result(tmp_path)
    assert status == "wrong-game" and "The device is set to Samurai Spirit" in text and "Trick Raiders" in text
    assert app.web_request is None and not taken_path(tmp_path).exists()


def test_during_a_game_the_request_is_refused_and_the_game_untouched(tmp_path: Path) -> None:
    clock = Clock()
    app = make(tmp_path, clock)
    set_up(app, "kyuzo", "heihachi", "daisuke")
    before = app.screen()
    _ask(tmp_path, target=CARD)
    clock.now += 1
    app.tick()
    ident, status, text = _result(tmp_path)
    assert status == "refused" and "A game is on the device" in text and "hidden card" in text
    assert app.web_request is None and app.screen() == before


def test_a_list_on_screen_or_an_unknown_target_is_refused(tmp_path: Path) -> None:
    clock = Clock()
    app = _app(tmp_path, clock)
    app.handle(CardPlaced("04AABBCCDD", "mock", clock.now))
    press(app, "ok")  # the enrol-this-tag list opens
    assert app.picker is not None
    _ask(tmp_path)
    app.tick()
    assert _result(tmp_path)[1] == "refused" and "close it" in _result(tmp_path)[2]
    press(app, "undo")
    _ask(tmp_path, ident="r2", target="card:no-such-card")
    clock.now += 1
    app.tick()
    assert _result(tmp_path)[:2] == ("r2", "refused") and "not a card or board" in _result(tmp_path)[2]


def test_a_damaged_request_file_is_put_aside_and_the_app_plays_on(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    clock = Clock()
    app = _app(tmp_path, clock)
    request_path(tmp_path).write_text('{"format": 1, "id": [', "utf-8")
    app.tick()
    assert app.web_request is None and not request_path(tmp_path).exists() and not taken_path(tmp_path).exists()
    assert not result_path(tmp_path).exists()
    request_path(tmp_path).write_text('{"format": 1, "id": [', "utf-8")
    clock.now += 1
    app.tick()
    assert capsys.readouterr().err.count("enrolment request cannot be read") == 1, "said once, not every second"
    press(app, "ok")
    assert app.setup.asked


def test_a_newer_request_replaces_the_one_shown(tmp_path: Path) -> None:
    clock = Clock()
    app = _app(tmp_path, clock)
    _ask(tmp_path)
    app.tick()
    _ask(tmp_path, ident="r2", target=CARD)
    clock.now += 1
    app.tick()
    assert app.web_request is not None and app.web_request.id == "r2"
    assert app.screen().todo == ("Tap on the reader: Plunderer 3, doll, wound, flames",)
    app.handle(ButtonPressed("undo", clock.now))
    assert json.loads(result_path(tmp_path).read_text("utf-8"))["id"] == "r2"
