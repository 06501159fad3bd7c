"""Enrolment from the web page through the real server: PIN, CSRF, the request file, the device's answer, end to end."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest

from companion.app import App
from companion.i18n import Translator
from companion.runtime.enrol_requests import (
    EnrolResult,
    read_request,
    request_path,
    result_path,
    taken_path,
    write_result,
)
from companion.runtime.storage import CURRENT, JournalFile
from companion.runtime.tagmap import TagMap, load_tagmap, virtual_uid
from engine import Match
from engine.core.messages import msg
from games.samurai_spirit.simulate import hidden_twin, play_one
from tests.companion.table_helpers import UI, Clock, make, tap
from tests.companion.test_secrecy_screens import _cuts, _setup
from tests.companion.web_helpers import (  # noqa: F401  (the fixture "server", the autouse headless)
    Client,
    Served,
    between_games,
    headless,
    pin_of,
    served_state,
    wrong_pin,
)

GAME = "samurai-spirit"
KYUZO = "samurai:kyuzo"
TARGETS = UI.tag_targets()


@pytest.fixture
def state(tmp_path: Path) -> Path:
    """A state folder between games: a PIN, and a tag map with Kyuzo's board enrolled."""
    return between_games(tmp_path, TagMap(GAME, {virtual_uid(KYUZO): KYUZO}))


def _send(client: Client, state: Path, target: str, pin: str | None = None, replace: bool = False,
          lang: str = "en", origin: str | None = None, csrf: str | None = None) -> tuple[int, str]:
    token = csrf if csrf is not None else client.csrf(f"/enroll?game={GAME}&target={target}&lang={lang}")
    fields = {"csrf": token, "pin": pin if pin is not None else pin_of(state), "game": GAME, "target": target}
    if replace:
        fields["replace"] = "yes"
    reply = client.post(f"/enroll?lang={lang}", fields, origin=origin)
    return reply.status, reply.text


def _ident(page: str) -> str:
    found = re.search(r'id="enroll" data-id="([^"]+)"', page)
    assert found, page[:500]
    return found.group(1)


def _status(client: Client, ident: str, lang: str = "en") -> dict[str, object]:
    reply = client.get(f"/enroll/status.json?id={ident}&game={GAME}&lang={lang}")
    assert reply.status == 200 and reply.headers["Cache-Control"] == "no-store"
    data: dict[str, object] = json.loads(reply.text)
    return data


def test_the_card_list_offers_to_enroll_each_card_and_the_next_without_a_tag(server: Served) -> None:
    client = Client(server.base)
    text = client.get("/cards").text
    assert f'href="/enroll?game={GAME}&amp;target=samurai%3Akyuzo"' in text
    assert "Enroll the next card without a tag" in text
    first_untagged = next(t for t in TARGETS if t != KYUZO)
    page = client.get(f"/enroll?game={GAME}").text
    assert f'name="target" value="{first_untagged}"' in page
    assert client.get("/enroll?game=no-such-game").status == 404
    assert client.get(f"/enroll?game={GAME}&target=card:nothing").status == 404


def test_a_request_needs_the_pin_and_a_form_token_from_this_page(server: Served, state: Path) -> None:
    client = Client(server.base)
    status, text = _send(client, state, KYUZO, pin=wrong_pin(pin_of(state)))
    assert status == 403 and "Wrong PIN" in text
    assert _send(client, state, KYUZO, csrf="forged")[0] == 403
    assert _send(client, state, KYUZO, origin="http://evil.example")[0] == 403
    stranger = Client(server.base)
    assert stranger.post("/enroll", {"csrf": client.csrf(f"/enroll?game={GAME}"), "pin": pin_of(state), "game": GAME,
                                     "target": KYUZO}).status == 403
    assert not request_path(state).exists(), "a refused form asks the device nothing"


def test_a_request_is_written_for_the_device_and_the_page_follows_it(server: Served, state: Path) -> None:
    client = Client(server.base)
    before = time.time()
    status, page = _send(client, state, "card:3-doll-wound", replace=True)
    assert status == 200, page[:400]
    asked = read_request(request_path(state))
    assert asked is not None and (asked.game, asked.target, asked.replace) == (GAME, "card:3-doll-wound", True)
    assert before + 55 <= asked.expires <= time.time() + 60
    assert asked.id == _ident(page) and "Plunderer 3, doll, wound, flames" in page
    assert '<script src="/enroll.js"></script>' in page and "<script>" not in page
    assert _status(client, asked.id)["status"] == "sent"
    write_result(state, EnrolResult(asked.id, "refused", msg("Tag {uid} already stands for {other}, so it was not "
                                                             "taken from it: tap another tag, or send the request "
                                                             "again allowing the tag to move.",
                                                             uid="04AABBCCDD", other="x")))
    answer = _status(client, asked.id, lang="de")
    assert answer["status"] == "refused" and answer["final"] is True and "04AABBCCDD" in str(answer["text"])
    assert _status(client, "someone-else")["status"] == "gone"


def test_while_a_game_is_on_the_device_the_page_says_so_at_once(server: Served, state: Path) -> None:
    match = Match.replay(UI.game, _setup(0), 0, [])
    JournalFile(state / CURRENT).start(match)
    status, text = _send(Client(server.base), state, KYUZO)
    assert status == 409 and "A game is on the device" in text
    assert not request_path(state).exists()


def test_end_to_end_the_page_asks_the_device_shows_the_card_the_tap_is_bound_and_the_page_shows_it(
        server: Served, state: Path) -> None:
    clock = Clock()
    app: App = make(state, clock, TagMap(GAME, {virtual_uid(KYUZO): KYUZO}))
    app.tick()
    client = Client(server.base)
    target = "card:3-doll-wound"
    status, page = _send(client, state, target, lang="fr")
    assert status == 200
    ident = _ident(page)
    following = re.search(r'data-when="next"><input type="hidden" name="csrf" value="[^"]+">\s*'
                          r'<input type="hidden" name="game" value="[^"]+"><input type="hidden" name="target" '
                          r'value="([^"]+)"', page)
    assert following and following.group(1) not in (KYUZO, target), "the next card without a tag is offered"
    assert f'value="{pin_of(state)}"' in page, "the next card needs no second typing of the PIN"
    clock.now += 1
    app.tick()
    shown = app.screen()
    assert shown.todo == ("Tap on the reader: Plunderer 3, doll, wound, flames",)
    assert _status(client, ident, "fr")["status"] == "waiting"
    tap(app, target)
    assert load_tagmap(state, GAME, set(TARGETS)).tags[virtual_uid(target)] == target
    answer = _status(client, ident, "fr")
    assert answer["status"] == "ok" and answer["final"] is True
    assert answer["text"] == f"La puce {virtual_uid(target)} est maintenant Pillard 3, poupée, blessure, flammes."
    assert _status(client, ident, "en")["text"] == f"Tag {virtual_uid(target)} is now Plunderer 3, doll, wound, flames."
    assert not taken_path(state).exists() and result_path(state).exists()
    assert virtual_uid(target) in client.post("/cards", {"csrf": client.csrf("/cards"), "pin": pin_of(state)},
                                              origin=server.base).text
    result_page = client.get(f"/enroll/result?id={ident}&game={GAME}&target={target}").text
    assert Translator("fr")(msg("Enroll the next card without a tag")) in result_page, "in the visitor's language"


def test_enrolment_shows_nothing_hidden(tmp_path: Path) -> None:
    """Two games that differ only in hidden cards: the same request gets the same answer, page and screen."""
    setup = _setup(1)
    match = play_one(UI.game, setup, 1, explore=0.2, hidden=0.9)
    twin = hidden_twin(UI.game, setup, 1, match.inputs, random.Random(1))
    cut = _cuts(match, twin, random.Random(1))[0]
    seen = []
    for name, inputs in (("a", match.inputs[:cut]), ("b", twin[:cut])):
        folder = tmp_path / name
        folder.mkdir()
        JournalFile(folder / CURRENT).start(Match.replay(UI.game, setup, 1, inputs))
        (folder / "web-pin").write_text("123456\n", "ascii")
        clock = Clock()
        app = make(folder, clock, TagMap(GAME, {virtual_uid(t): t for t in TARGETS}))
        served = Served(folder)
        try:
            client = Client(served.base)
            status, page = _send(client, folder, "card:3-doll-wound", pin="123456")
            (folder / "web-enroll-request.json").write_text(json.dumps(
                {"format": 1, "id": "same", "game": GAME, "target": "card:3-doll-wound", "replace": True,
                 "expires": time.time() + 60}), "utf-8")
            clock.now += 1
            app.tick()
            seen.append((status, re.sub(r'value="[^"]{20,}"', "", page), result_path(folder).read_bytes(),
                         _status(client, "same"), app.web_request, app.screen().notice))
        finally:
            served.close()
    assert seen[0] == seen[1]
    assert seen[0][0] == 409 and b'"refused"' in seen[0][2]
