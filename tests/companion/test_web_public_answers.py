"""What the phone page gives without the PIN: versions made of the public frame, and no tag's UID anywhere.

The live page's version (in /live.json, on / and in the picture's `v=` and
ETag) once was the journal's inode, size and time: a hidden tap appends a
record as long as the card's id, so anyone polling learned that length.
Here the same file, same inode and same time, holds one play and then its
twin, whose hidden card has a longer id: every answer a phone can read must
stay the same bytes. And a tag's UID, which any NFC phone reads off the
sticker of a face-down card, is shown by /cards only to a form sent with
the device's PIN.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games import game_ui
from companion.i18n import LANGUAGES
from companion.players.book import change_book
from companion.runtime.storage import CURRENT, JournalFile
from companion.runtime.tagmap import TagMap, save_tagmap, virtual_uid
from companion.runtime.web_pin import device_pin
from companion.web import live
from companion.web.guard import MAX_TRIES
from companion.web.live import LiveTable, public_version
from engine import Match
from engine.core.inputs import Tap
from games.samurai_spirit.simulate import hidden_twin, play_one
from tests.companion.public_answers import FROZEN, Page, freeze_wall_time
from tests.companion.test_secrecy_screens import _setup
from tests.companion.test_web_secrecy_all_games import examples, with_lang

UI = game_ui("samurai-spirit")
LIVE = ("/", "/live.json", "/live.png")
CARD_UID = "04A1B2C3D4E5F6"
PERSONAL_UID = "0422334455667788"


@pytest.fixture(autouse=True)
def _frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    freeze_wall_time(monkeypatch)


@pytest.fixture
def state(tmp_path: Path) -> Path:
    folder = tmp_path / "state"
    folder.mkdir()
    device_pin(folder)
    return folder


@pytest.fixture
def page(state: Path) -> Iterator[Page]:
    served = Page(state, clock=lambda: FROZEN)
    yield served
    served.close()


def twin_journals(state: Path) -> tuple[bytes, bytes]:
    """A Samurai Spirit journal cut just after a hidden tap, and its twin's, whose hidden card's id is longer."""
    for index in range(20):
        setup = _setup(index)
        match = play_one(UI.game, setup, index, explore=0.2, hidden=0.9)
        twin = hidden_twin(UI.game, setup, index, match.inputs, random.Random(index))
        for cut, (one, two) in enumerate(zip(match.inputs, twin, strict=True), start=1):
            if isinstance(one, Tap) and isinstance(two, Tap) and one.hidden and len(one.card) != len(two.card):
                first, second = (Match.replay(UI.game, setup, index, inputs[:cut]) for inputs in (match.inputs, twin))
                if first.play.prompt is None or first.play.public_view() != second.play.public_view():
                    continue
                texts = []
                for played in (first, second):
                    JournalFile(state / CURRENT).start(played)
                    texts.append((state / CURRENT).read_bytes())
                return texts[0], texts[1]
    raise AssertionError("no hidden tap named cards of different lengths")


def rewrite_in_place(path: Path, content: bytes, mtime_ns: int) -> None:
    """The file's bytes replaced, keeping its inode and its time: only its size may change."""
    with path.open("r+b") as handle:
        handle.write(content)
        handle.truncate()
    os.utime(path, ns=(mtime_ns, mtime_ns))


def live_answers(page: Page) -> dict[str, bytes]:
    return {f"{method} {with_lang(path, lang)}": page.ask(method, with_lang(path, lang)).raw
            for path in LIVE for lang in LANGUAGES for method in ("GET", "HEAD")}


def twins_in_one_file(state: Path, page: Page) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The live answers for a play, then for its twin written over it in the same file (same inode, same time)."""
    first, second = twin_journals(state)
    assert len(first) != len(second)
    path = state / CURRENT
    rewrite_in_place(path, first, 1_800_000_000_000_000_000)
    before = path.stat()
    seen = live_answers(page)
    rewrite_in_place(path, second, 1_800_000_000_000_000_000)
    after = path.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns) and after.st_size != before.st_size
    return seen, live_answers(page)


def test_a_hidden_cards_id_length_changes_no_byte_of_the_live_answers(state: Path, page: Page) -> None:
    seen, twin_seen = twins_in_one_file(state, page)
    assert twin_seen == seen


def test_the_comparison_finds_a_version_that_follows_the_files_size(state: Path, page: Page,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The planted leak, as it was: the version made of the journal's size must change the answers that carry it."""
    monkeypatch.setattr(live, "public_version", lambda *frame: f"{(state / CURRENT).stat().st_size:x}")
    seen, twin_seen = twins_in_one_file(state, page)
    differing = {asked for asked in seen if seen[asked] != twin_seen[asked]}
    assert differing >= {f"{method} {path}?lang={lang}" for lang in LANGUAGES
                         for method, path in (("GET", "/"), ("GET", "/live.json"), ("GET", "/live.png"),
                                              ("HEAD", "/live.png"))}


def test_the_version_is_a_digest_of_the_public_frame_and_changes_with_it(state: Path, page: Page,
                                                                         tmp_path: Path) -> None:
    setup = _setup(0)
    match = play_one(UI.game, setup, 0, explore=0.2, hidden=0.9)
    JournalFile(state / CURRENT).start(Match.replay(UI.game, setup, 0, match.inputs[:6]))
    shown = json.loads(page.get("/live.json?lang=de").body)
    frame = LiveTable(state).frame("de")
    assert shown["version"] == frame.version == public_version(frame.screen, frame.game, frame.over, frame.prompt)
    assert re.fullmatch(r"[0-9a-f]{24}", shown["version"])
    picture = page.get("/live.png?lang=de")
    assert picture.header("ETag") == [f'"{shown["version"]}"']
    assert f'data-version="{shown["version"]}"' in page.get("/?lang=de").body.decode()
    # The same game written elsewhere, later, by another file: the same version.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    JournalFile(elsewhere / CURRENT).start(Match.replay(UI.game, setup, 0, match.inputs[:6]))
    assert LiveTable(elsewhere).frame("de").version == shown["version"]
    # A new input the table sees: a new version, and never a time the journal was written.
    JournalFile(state / CURRENT).start(Match.replay(UI.game, setup, 0, match.inputs[:7]))
    assert json.loads(page.get("/live.json?lang=de").body)["version"] != shown["version"]
    for path in LIVE:
        assert page.get(path).header("Last-Modified") == []
    (state / CURRENT).unlink()
    gone = json.loads(page.get("/live.json").body)
    assert gone["playing"] is False and gone["version"] == LiveTable(tmp_path / "nothing").frame("en").version


@pytest.fixture
def tagged(state: Path) -> Path:
    """Two games' tag maps (a real sticker's UID and a virtual one) and a personal tag in the player book."""
    save_tagmap(state, TagMap("samurai-spirit", {virtual_uid("samurai:kyuzo"): "samurai:kyuzo",
                                                 CARD_UID: "samurai:heihachi"}))
    trick = game_ui("trick-raiders").tag_targets()[0]
    save_tagmap(state, TagMap("trick-raiders", {virtual_uid(trick): trick}))
    change_book(state, lambda book: book.add_tag(book.add("Anna", new_id=lambda: "p-anna").id, PERSONAL_UID))
    return state


def uids() -> list[str]:
    """The UIDs `tagged` enrolled: the cards' three, then the personal tag's."""
    trick = game_ui("trick-raiders").tag_targets()[0]
    return [CARD_UID, virtual_uid("samurai:kyuzo"), virtual_uid(trick), PERSONAL_UID]


def test_no_answer_without_the_pin_holds_a_tags_uid(tagged: Path, page: Page) -> None:
    target = UI.tag_targets()[0]
    for path in examples("samurai-spirit", target).values():
        for lang in LANGUAGES:
            answer = page.get(with_lang(path, lang)).raw.decode("utf-8", "replace").upper()
            for uid in uids():
                assert uid.upper() not in answer, f"{path} in {lang} shows the UID {uid}"
    cards = page.get("/cards").body.decode()
    assert "2 of " in cards and "1 of " in cards, "the counts of enrolled cards stay"
    assert cards.count("<td>enrolled</td>") == 3 and "<td>not enrolled</td>" in cards
    assert 'action="/cards"' in cards and 'name="pin"' in cards


def test_the_card_list_shows_the_uids_only_to_the_pin(tagged: Path, page: Page) -> None:
    pin = str(device_pin(tagged))
    no_token = page.post("/cards", {"pin": pin})
    assert no_token.status == 403
    shown = page.post("/cards", {"pin": pin}, "/cards")
    assert shown.status == 200 and shown.header("Cache-Control") == ["no-store"]
    body = shown.body.decode()
    for uid in uids()[:3]:
        assert f"<td>{uid}</td>" in body
    assert PERSONAL_UID not in body, "personal tags belong to the Players page"
    assert 'action="/cards"' not in body
    for _ in range(MAX_TRIES):
        refused = page.post("/cards", {"pin": "000000" if pin != "000000" else "111111"}, "/cards")
        assert refused.status == 403 and "Wrong PIN" in refused.body.decode()
        assert not any(uid in refused.body.decode() for uid in uids())
    locked = page.post("/cards", {"pin": pin}, "/cards")
    assert locked.status == 403 and "Too many wrong PINs" in locked.body.decode(), "wrong PINs count as everywhere"
    assert CARD_UID not in locked.body.decode()
