"""The census through the phone page: HTTP requests to the server `companion web` runs, the device answering.

The page is the real application under waitress on a loopback port; the
device is the real App, driven as the table drives it (a hand-moved clock,
taps as reader events), taking the page's requests from `tick` as it does
on the table. The issue's "Done when": a box that differs from the shipped
data in ten cards, has a promo Boss and other Kiai values is taught
through the page and becomes the owner's data; bad input gets a clear
message and changes nothing.
"""

from __future__ import annotations

import json
import re
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from companion.app import App
from companion.census import open_box
from companion.census.box import box_path
from companion.runtime.enrol_requests import read_request, request_path
from companion.runtime.storage import CURRENT, JournalFile, load_journal
from companion.runtime.tagmap import TagMap, load_tagmap, tag_map_file
from drivers.events import CardPlaced
from engine import Match
from engine.core.census import value_at
from tests.companion.table_helpers import UI, Clock, make
from tests.companion.web_helpers import (  # noqa: F401  (the fixture "server", the autouse headless)
    Client,
    Reply,
    Served,
    between_games,
    headless,
    pin_of,
    served_state,
)

GAME = "samurai-spirit"

TEN_CARDS: list[tuple[str, dict[str, Any]]] = [
    # (the shipped entry the owner picks, what is printed on the owner's card)
    ("1-hat-none", {"penalties": ["wound"]}),
    ("1-doll-none", {"flames": True}),
    ("2-hat-none", {"symbol": "doll"}),
    ("2-farm-no-support", {"penalties": ["intruder"]}),
    ("3-hat-barricade", {"penalties": ["no-defend"], "flames": False}),
    ("3-plain-wound", {"symbol": "farm"}),
    ("4-hat-none", {"penalties": ["left-draws"]}),
    ("5-hat-wound", {"penalties": ["barricade"]}),
    ("6-doll-must-pass", {"penalties": ["must-pass", "no-talent"]}),
    ("6-farm-barricade", {"penalties": ["barricade", "shuffle-discard"]}),
]
PROMO = {"value": 6, "symbol": "hat", "penalties": ["intruder", "must-pass"], "flames": True}
KIAI = {"kyuzo": (10, 13), "kanbei": (8, 11)}
TENNO_CARD = "red-farmer-1"


@pytest.fixture
def state(tmp_path: Path) -> Path:
    """A state folder between games: a PIN, an empty tag map (a new box, no sticker enrolled yet)."""
    return between_games(tmp_path, TagMap(GAME, {}))


class Phone:
    """A phone on the census form: the token and PIN typed once, the form sent as a browser sends it."""

    def __init__(self, server: Served, state: Path, lang: str = "en") -> None:
        self.client = Client(server.base)
        self.base = server.base
        self.lang = lang
        self.token = self.client.csrf(f"/census?lang={lang}")
        self.pin = pin_of(state)

    def send(self, fields: dict[str, Any], pin: str | None = None, token: str | None = None,
             game: str = GAME) -> Reply:
        """The form as a browser sends it: several values of a question (penalties) as several fields."""
        form: list[tuple[str, str]] = [("csrf", self.token if token is None else token),
                                       ("pin", self.pin if pin is None else pin), ("game", game)]
        for key, value in fields.items():
            for one in value if isinstance(value, list) else [value]:
                form.append((key, "yes" if one is True else "no" if one is False else str(one)))
        body = urllib.parse.urlencode(form).encode()
        return self.client._send(urllib.request.Request(
            f"{self.base}/census?lang={self.lang}", data=body, method="POST",
            headers={"Origin": self.base, "Content-Type": "application/x-www-form-urlencoded"}))

    def answers(self, kind: str, answers: dict[str, Any], **fields: Any) -> Reply:
        form: dict[str, Any] = {"kind": kind, **fields}
        for path, value in answers.items():
            form[f"a:{path}"] = value if value != [] else "-"
        return self.send(form)

    def status(self, ident: str, kind: str = "card") -> dict[str, Any]:
        reply = self.client.get(f"/census/status.json?game={GAME}&id={ident}&kind={kind}&lang={self.lang}")
        assert reply.status == 200 and reply.headers["Cache-Control"] == "no-store"
        found: dict[str, Any] = json.loads(reply.text)
        return found


def _ident(reply: Reply) -> str:
    found = re.search(r'id="census-status" data-id="([^"]+)"', reply.text)
    assert found, reply.text[:1500]
    return found.group(1)


def _error(reply: Reply) -> str:
    found = re.search(r'<p class="error">([^<]*)</p>', reply.text)
    assert found, reply.text[:1500]
    return found.group(1).replace("&#39;", "'")


def _device(app: App, clock: Clock, uid: str | None) -> None:
    """The device looks for the page's request (once a second) and, when it waits for a tap, gets `uid`."""
    clock.now += 1
    app.tick()
    if uid is not None:
        assert app.web_request is not None, "the device waits for the tap"
        app.handle(CardPlaced(uid, "mock", clock.now))


def _uid(n: int) -> str:
    return f"04C0FFEE{n:06X}"


def _files(state: Path) -> tuple[bytes | None, ...]:
    return tuple(p.read_bytes() if p.exists() else None for p in (box_path(state, GAME), tag_map_file(state, GAME)))


def _teach(phone: Phone, app: App, clock: Clock, uid: str, kind: str, answers: dict[str, Any],
           **fields: Any) -> dict[str, Any]:
    """One component through the page: the form sent, the device's tap, the page's answer."""
    sent = phone.answers(kind, answers, **fields)
    assert sent.status == 200, _error(sent)
    ident = _ident(sent)
    _device(app, clock, uid)
    return phone.status(ident, kind)


def test_a_box_that_differs_in_ten_cards_with_a_promo_boss_and_other_kiai_is_taught_through_the_page(
        server: Served, state: Path) -> None:
    clock = Clock()
    app = make(state, clock, TagMap(GAME, {}))
    phone = Phone(server, state)
    opened = phone.send({"do": "open"})
    assert opened.status == 200 and opened.headers["Cache-Control"] == "no-store"
    assert "0 of 66 Raider cards; missing: 13 Plunderers of value 1" in opened.text
    # A right shipped card: what is printed, the first entry that fits, one tap.
    found = phone.answers("card", {"value": 3, "symbol": "doll", "penalties": ["wound"]}, do="find")
    first = re.search(r'<button name="put" value="([^"]+)">This one: then tap it on the device', found.text)
    assert first and first.group(1) == "3-doll-wound", found.text[:3000]
    said = _teach(phone, app, clock, _uid(0), "card", {"value": 3, "symbol": "doll", "penalties": ["wound"],
                                                       "flames": True}, put="3-doll-wound")
    assert said == {"status": "ok", "final": True, "progress": said["progress"],
                    "text": "Plunderer 3, doll, wound, flames: checked, it is what the companion believed."}
    assert said["progress"].startswith("1 of 66 Raider cards")
    # Ten cards printed otherwise: the shipped entry picked, corrected to what is printed.
    for n, (base, change) in enumerate(TEN_CARDS, start=1):
        said = _teach(phone, app, clock, _uid(n), "card", change, put=base)
        assert (said["status"], said["text"].split(": ")[-1]) == ("ok", "corrected to what is printed on it."), said
    said = _teach(phone, app, clock, _uid(20), "card", PROMO, do="extra", label="Promo Boss")
    assert said["text"] == "Promo Boss: added to the box as an extra component."
    for n, (samurai, (human, animal)) in enumerate(KIAI.items(), start=30):
        said = _teach(phone, app, clock, _uid(n), "samurai", {"id": samurai, "kiai.human": human,
                                                             "kiai.animal": animal}, put=samurai)
        assert said["status"] == "ok", said
    box = open_box(state, GAME)
    changed = {d.id: dict((path, new) for path, _, new in d.fields) for d in box.differences() if d.change == "changed"}
    assert changed == {**{base: change for base, change in TEN_CARDS},
                       "kyuzo": {"kiai.human": 10, "kiai.animal": 13}, "kanbei": {"kiai.human": 8, "kiai.animal": 11}}
    assert [(d.id, d.change) for d in box.differences() if d.change != "changed"] == [
        ("3-doll-wound", "checked"), ("extra-card-1", "added")]
    assert all(e.verified for e in box.owner), "everything the owner taught is marked checked by the owner"
    tags = load_tagmap(state, GAME, set(app.ui.tag_targets())).tags
    assert len(tags) == 14 and tags[_uid(20)] == "card:extra-card-1" and tags[_uid(30)] == "samurai:kyuzo"
    # The next game plays on the owner's data: the device's game and words follow it.
    cards = app.ui.game.catalogue.cards  # type: ignore[attr-defined]
    assert cards["1-hat-none"].penalties == ("wound",) and cards["extra-card-1"].penalties == ("intruder", "must-pass")
    assert app.ui.game.catalogue.samurai["kyuzo"].kiai == {"human": 10, "animal": 13}  # type: ignore[attr-defined]
    # Everyone sees the differences on the census page, each marked as checked by the owner.
    page = Client(server.base).get("/census").text
    assert "11 of 66 Raider cards, and 1 extra; missing:" in page
    assert "<td>penalty: no penalty → wound</td>" in page and "<td>Kiai humain" not in page
    assert "<td>human Kiai: 9 → 10, animal Kiai: 12 → 13</td>" in page
    assert "<td>Promo Boss</td><td>extra component: value: 6, symbol: hat, penalty: intruder + must Pass" in page
    assert page.count("<td>✓</td>") == 14


def test_bad_input_gets_a_clear_message_and_changes_nothing(server: Served, state: Path) -> None:
    clock = Clock()
    app = make(state, clock, TagMap(GAME, {}))
    phone = Phone(server, state)
    assert _teach(phone, app, clock, _uid(1), "samurai", {"id": "kyuzo"}, put="kyuzo")["status"] == "ok"
    before = _files(state)

    def refused_here(reply: Reply, status: int, said: str) -> None:
        assert reply.status == status and _error(reply).startswith(said), (status, reply.status, _error(reply))
        assert not request_path(state).exists(), "nothing was asked of the device"
        assert _files(state) == before

    refused_here(phone.answers("card", {"value": 3}, put="4-doll-none"), 400,
                 "One too many: the rulebook's total is 13 Plunderers of value 3, and this would be number 14.")
    refused_here(phone.answers("card", {"penalties": ["bogus"]}, put="4-doll-none"), 400,
                 "'bogus' is not a penalty printed on this component; the rulebook's are: 'barricade', 'wound'")
    refused_here(phone.answers("card", {"value": "three"}, put="4-doll-none"), 400,
                 "value must be a whole number, not 'three'.")
    refused_here(phone.answers("card", {"value": 6, "penalties": ["wound"]}, do="extra"), 400,
                 "symbol is not answered yet.")
    wrong = "000000" if phone.pin != "000000" else "111111"
    refused_here(phone.send({"kind": "card", "put": "3-doll-wound"}, pin=wrong), 403, "Wrong PIN")
    refused_here(phone.send({"kind": "card", "put": "3-doll-wound"}, token=""), 403,
                 "Refused: the form has expired.")
    stranger = Client(server.base)
    reply = stranger.post("/census", {"csrf": phone.token, "pin": phone.pin, "game": GAME, "put": "3-doll-wound"},
                          origin=server.base)
    refused_here(reply, 403, "Refused: the form has expired.")
    # The device's refusals: a second Kyuzo, a tag that stands for another component.
    said = _teach(phone, app, clock, _uid(2), "samurai", {"id": "kyuzo"}, put="kyuzo")
    assert (said["status"], said["text"]) == ("refused", "A second Kyuzo: the box holds one, already checked.")
    said = _teach(phone, app, clock, _uid(1), "card", {"value": 3, "symbol": "doll"}, put="3-doll-wound")
    assert said["status"] == "refused" and said["final"] is True
    assert said["text"] == ("This tag is already enrolled as Samurai board: Kyuzo: correct that component, or free "
                            "the tag first.")
    assert _files(state) == before


def test_the_owners_data_is_shown_and_a_damaged_file_is_named_never_a_crash(server: Served, state: Path) -> None:
    box_path(state, GAME).write_text('format = 1\ngame = "samurai-spirit"\ncomponents = [ { id = 3 } ]\n', "utf-8")
    page = Client(server.base).get("/census")
    assert page.status == 200
    assert "The owner&#39;s component data cannot be used, so the shipped data is in force:" in page.text
    assert str(box_path(state, GAME)) in page.text
    assert "0 of 20 " in page.text or "Tenno" in page.text, "the other games are shown as usual"
    phone = Phone(server, state)
    reply = phone.send({"do": "open"})
    assert reply.status == 409 and str(box_path(state, GAME)) in _error(reply)
    assert not request_path(state).exists()


def test_a_component_without_a_tag_is_taken_without_a_tap_and_the_page_follows_the_answer(
        server: Served, state: Path) -> None:
    clock = Clock()
    app = make(state, clock, TagMap(GAME, {}))
    phone = Phone(server, state, lang="de")
    reply = phone.answers("farmstead", {"penalty": "C"}, put="farmstead-3")
    ident = _ident(reply)
    assert phone.status(ident, "farmstead")["status"] == "sent"
    asked = read_request(request_path(state))
    assert asked is not None and asked.census is not None
    assert (asked.census.action, asked.census.base, asked.census.answers) == ("put", "farmstead-3", {"penalty": "C"})
    _device(app, clock, None)
    said = phone.status(ident, "farmstead")
    assert said["status"] == "ok" and said["text"].startswith("Farmstead 3"), said
    assert said["progress"].startswith("1 von 6 Bauernhöfe"), said
    assert "<script src=\"/census.js\"></script>" in reply.text and "<script>" not in reply.text
    checked = phone.send({"kind": "farmstead", "do": "check", "id": ident})
    assert 'data-status="ok"' in checked.text and "Bauernhof" in checked.text


def test_during_a_game_the_phone_corrects_the_component_and_says_when_it_counts(server: Served,
                                                                               state: Path) -> None:
    from tests.companion.test_app import set_up

    clock = Clock()
    app = make(state, clock)
    set_up(app, "kyuzo", "heihachi", "daisuke")
    phone = Phone(server, state)
    opened = phone.send({"kind": "samurai", "do": "open"})
    assert "A game of Samurai Spirit is on the device" in opened.text
    assert "This card is not what the screen says" in opened.text and "Declare it extra" not in opened.text
    reply = phone.answers("samurai", {"kiai.human": 11, "kiai.animal": 14}, do="other", other="kanbei")
    assert reply.status == 200, _error(reply)
    ident = _ident(reply)
    assert phone.status(ident)["text"] == ("Sent: during a game the device takes it at the table's next tap or "
                                           "button press.")
    asked = read_request(request_path(state))
    assert asked is not None and asked.census is not None and asked.census.action == "correct"
    _device(app, clock, None)
    said = phone.status(ident)
    assert said == {"status": "ok", "final": True, "progress": said["progress"],
                    "text": "Corrected: Kanbei counts as corrected from the next input."}
    assert app.match is not None and app.match.game.catalogue.samurai["kanbei"].kiai == {"human": 11, "animal": 14}  # type: ignore[attr-defined]
    notes = load_journal(state / CURRENT).match.notes["corrections"]
    assert [(n["id"], n["applies"]) for n in notes] == [("kanbei", "next-input")]
    before = _files(state)
    dropped = phone.send({"kind": "samurai", "drop": "kanbei"})
    assert dropped.status == 409 and "During a game a component can only be corrected" in _error(dropped)
    assert _files(state) == before


def test_a_game_of_another_kind_on_the_device_keeps_the_census_waiting(server: Served, state: Path) -> None:
    JournalFile(state / CURRENT).start(Match(UI.game, {"samurai": ["kyuzo", "heihachi"], "difficulty": "easy"}, 1))
    phone = Phone(server, state)
    reply = phone.send({"kind": "card", "put": "3-doll-wound"})
    assert reply.status == 200, "the game being played is this one: the page sends a correction"
    asked = read_request(request_path(state))
    assert asked is not None and asked.census is not None and asked.census.action == "correct"
    request_path(state).unlink()
    sent = phone.send({"kind": "card", "put": TENNO_CARD}, game="tenno")
    assert sent.status == 409 and "A game of another kind is on the device" in _error(sent)
    assert not request_path(state).exists()


def test_every_games_questions_in_every_language(server: Served, state: Path) -> None:
    """Each kind of each game asks its census questions, with the choices in the table's words."""
    from companion.census import game_data
    from companion.i18n import LANGUAGES
    from companion.web.census_page import census_games

    assert {"samurai-spirit", "samurai-knizia", "tenno", "trick-raiders"} <= set(census_games())
    for lang in LANGUAGES:
        phone = Phone(server, state, lang=lang)
        for game in census_games():
            data = game_data(game)
            assert data is not None
            for kind, spec in data.totals.kinds.items():
                if not spec.fields:
                    continue  # Knizia's colours: counted, never asked about
                first = data.shipped[[e.kind for e in data.shipped].index(kind)]
                reply = phone.send({"kind_to": kind}, game=game)
                assert reply.status == 200, (game, kind, lang, reply.text[:300])
                for question in spec.fields:
                    assert f'name="a:{question.name}"' in reply.text, (game, kind, question.name)
                found = phone.send({"kind": kind, "do": "find", **{f"a:{q.name}": _text(first, q.name)
                                                                   for q in spec.fields}}, game=game)
                assert f'<button name="put" value="{first.id}">' in found.text, (game, kind, lang)
    assert not request_path(state).exists(), "looking asks the device nothing"


def _text(entry: Any, path: str) -> Any:
    value = value_at(entry, path)
    return value if value != [] else "-"
