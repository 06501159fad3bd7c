"""The phone page's census on the device: the request waits for the tap, the census checks it, the page hears why.

Driven with plain events and a hand-moved clock, as the table drives the
app; the requests are the files the phone page writes
(companion.runtime.enrol_requests).
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from companion.app import App
from companion.census import census_namers, game_ui, open_box
from companion.census.box import box_path
from companion.i18n import Translator
from companion.runtime.enrol_requests import (
    CensusAsk,
    EnrolRequest,
    read_result,
    taken_path,
    write_request,
)
from companion.runtime.storage import CURRENT, load_journal
from companion.runtime.tagmap import TagMap, load_tagmap, tag_map_file, virtual_uid
from drivers.events import ButtonPressed, CardPlaced
from engine import Tap
from games.samurai_spirit.policy import SimplePolicy
from tests.companion.table_helpers import UI, Clock, make, move, press, tap
from tests.companion.test_app import set_up

GAME = "samurai-spirit"
CARD = {"value": 3, "symbol": "doll", "penalties": ["wound"], "flames": True}
UID = "04A1B2C3D4E501"
OTHER = "04A1B2C3D4E502"


def _ask(app: App, clock: Clock, kind: str, base: str | None, answers: dict[str, Any], action: str = "put",
         extra: bool = False, label: str = "", ident: str = "c1") -> None:
    """The phone page sends one component, and the device looks a second later."""
    write_request(app.state_dir, EnrolRequest(ident, GAME, f"census:{kind}", False, time.time() + 60,
                                              CensusAsk(action, kind, base, answers, extra, label)))
    clock.now += 1
    app.tick()


def _result(state: Path) -> tuple[str, str, str]:
    result = read_result(state)
    assert result is not None
    words = Translator("en", game_ui(GAME, state).namers(), GAME).with_namers(census_namers())
    return result.id, result.status, words(result.message)


def _files(state: Path) -> tuple[bytes | None, bytes | None]:
    """The owner's data and the tag map, byte for byte (None: not there)."""
    return tuple(p.read_bytes() if p.exists() else None  # type: ignore[return-value]
                 for p in (box_path(state, GAME), tag_map_file(state, GAME)))


def _put(app: App, clock: Clock, uid: str, kind: str, base: str | None, answers: dict[str, Any],
         **kw: Any) -> tuple[str, str, str]:
    _ask(app, clock, kind, base, answers, **kw)
    assert app.web_request is not None, _result(app.state_dir)
    app.handle(CardPlaced(uid, "mock", clock.now))
    return _result(app.state_dir)


def test_the_device_waits_for_the_tap_then_the_census_takes_it_and_saves_the_tag(tmp_path: Path) -> None:
    clock = Clock()
    app = make(tmp_path, clock, TagMap(GAME, {}))
    _ask(app, clock, "card", "3-doll-wound", CARD)
    assert _result(tmp_path) == ("c1", "waiting", "The device now waits for the tap of that Raider card.")
    screen = app.screen()
    assert screen.title == "Web page: census"
    assert screen.todo == ("Tap on the reader: Raider card (value: 3, symbol: doll, penalty: wound, flames)",)
    assert app.web_request is not None and taken_path(tmp_path).exists()
    app.handle(CardPlaced(UID, "mock", clock.now))
    assert _result(tmp_path) == ("c1", "ok", "Plunderer 3, doll, wound, flames: checked, it is what the companion "
                                             "believed.")
    assert load_tagmap(tmp_path, GAME, set(UI.tag_targets())).tags == {UID: "card:3-doll-wound"}
    assert open_box(tmp_path, GAME).checked() == {"3-doll-wound"}
    assert app.web_request is None and not taken_path(tmp_path).exists()
    assert app.screen().notice == "Plunderer 3, doll, wound, flames: checked, it is what the companion believed."


def test_a_correction_and_a_promo_are_used_by_the_next_game(tmp_path: Path) -> None:
    clock = Clock()
    app = make(tmp_path, clock, TagMap(GAME, {}))
    said = _put(app, clock, UID, "card", "4-hat-none", {"value": 4, "symbol": "hat", "penalties": ["wound"],
                                                         "flames": True})
    assert said == ("c1", "ok", "Plunderer 4, hat, wound, flames: corrected to what is printed on it.")
    boss = {"value": 6, "symbol": "hat", "penalties": ["intruder", "must-pass"], "flames": True}
    said = _put(app, clock, OTHER, "card", None, boss, extra=True, label="Promo Boss", ident="c2")
    assert said == ("c2", "ok", "Promo Boss: added to the box as an extra component.")
    cards = app.ui.game.catalogue.cards  # type: ignore[attr-defined]
    assert cards["4-hat-none"].penalties == ("wound",), "the set-up's next game plays on the owner's data"
    assert cards["extra-card-1"].penalties == ("intruder", "must-pass")
    assert "card:extra-card-1" in app.ui.tag_targets()
    assert load_tagmap(tmp_path, GAME, set(app.ui.tag_targets())).tags == {UID: "card:4-hat-none",
                                                                           OTHER: "card:extra-card-1"}


@pytest.mark.parametrize(("case", "kind", "base", "answers", "said"), [
    ("a fourteenth 3", "card", "4-doll-none", {"value": 3},
     "One too many: the rulebook's total is 13 Plunderers of value 3, and this would be number 14."),
    ("an unknown penalty", "card", "4-doll-none", {"penalties": ["bogus"]},
     "'bogus' is not a penalty printed on this component; the rulebook's are:"),
    ("a second Kyuzo", "samurai", "kyuzo", {"id": "kyuzo", "kiai.human": 9, "kiai.animal": 12},
     "A second Kyuzo: the box holds one, already checked."),
    ("a tag bound to another component", "card", "3-doll-none", {"penalties": []},
     "This tag is already enrolled as Samurai board: Heihachi: correct that component, or free the tag first."),
])
def test_bad_input_is_refused_in_the_census_words_and_changes_nothing(tmp_path: Path, case: str, kind: str,
                                                                     base: str, answers: dict[str, Any],
                                                                     said: str) -> None:
    clock = Clock()
    app = make(tmp_path, clock, TagMap(GAME, {}))
    _put(app, clock, UID, "samurai", "kyuzo", {"id": "kyuzo", "kiai.human": 8, "kiai.animal": 11}, ident="k")
    _put(app, clock, OTHER, "samurai", "heihachi", {"id": "heihachi"}, ident="h")
    before, tags = _files(tmp_path), dict(app.tags.tags)
    uid = OTHER if case.startswith("a tag") else "04A1B2C3D4E5FF"
    ident, status, text = _put(app, clock, uid, kind, base, answers, ident="bad")
    assert (ident, status) == ("bad", "refused") and text.startswith(said), (case, text)
    assert _files(tmp_path) == before and app.tags.tags == tags, f"{case} changed nothing"
    assert app.screen().notice is not None and app.screen().notice.startswith(said[:30])


def test_a_tag_that_stands_for_an_entry_printed_as_said_is_that_entry(tmp_path: Path) -> None:
    """A box enrolled card by card earlier: its tag names an entry printed the same as the one picked."""
    clock = Clock()
    app = make(tmp_path, clock, TagMap(GAME, {UID: "card:3-doll-wound", OTHER: "card:3-doll-none"}))
    assert _put(app, clock, UID, "card", "3-doll-barricade", CARD) == (
        "c1", "ok", "Plunderer 3, doll, wound, flames: checked, it is what the companion believed.")
    assert open_box(tmp_path, GAME).checked() == {"3-doll-wound"} and app.tags.tags[UID] == "card:3-doll-wound"
    # Printed otherwise than the entry the enrolment guessed (never checked): the tag goes to the entry named.
    said = _put(app, clock, OTHER, "card", "3-doll-barricade", dict(CARD, penalties=["barricade"]), ident="c2")
    assert said == ("c2", "ok", "Plunderer 3, doll, barricade, flames: checked, it is what the companion believed.")
    assert app.tags.tags == {UID: "card:3-doll-wound", OTHER: "card:3-doll-barricade"}
    assert load_tagmap(tmp_path, GAME, set(UI.tag_targets())).tags == app.tags.tags


def test_a_checked_entry_is_not_taken_from_its_tag(tmp_path: Path) -> None:
    clock = Clock()
    app = make(tmp_path, clock, TagMap(GAME, {}))
    _put(app, clock, UID, "card", "3-doll-wound", CARD)
    before = _files(tmp_path)
    ident, status, text = _put(app, clock, OTHER, "card", "3-doll-wound", CARD, ident="c2")
    assert status == "refused" and text.startswith("Plunderer 3, doll, wound, flames is already checked on another "
                                                   "tag"), text
    assert _files(tmp_path) == before and app.tags.tags == {UID: "card:3-doll-wound"}
    # Checked as a card, a tag is not another card: the census names the card it is.
    ident, status, text = _put(app, clock, UID, "card", "3-doll-none", dict(CARD, penalties=[], flames=False),
                               ident="c3")
    assert status == "refused" and text == ("This tag is already enrolled as Plunderer 3, doll, wound, flames: "
                                            "correct that component, or free the tag first.")
    assert _files(tmp_path) == before


def test_a_component_without_a_tag_and_going_back_need_no_tap(tmp_path: Path) -> None:
    clock = Clock()
    app = make(tmp_path, clock, TagMap(GAME, {}))
    _ask(app, clock, "farmstead", "farmstead-2", {"penalty": "C"})
    assert app.web_request is None, "a Farmstead carries no tag: taken at once"
    assert _result(tmp_path) == ("c1", "ok", "Farmstead 2: corrected to what is printed on it.")
    assert open_box(tmp_path, GAME).entry("farmstead-2").attributes["penalty"] == "C"  # type: ignore[union-attr]
    boss = {"value": 6, "symbol": "", "penalties": ["wound"], "flames": False}
    _put(app, clock, UID, "card", None, boss, extra=True, label="Promo Boss", ident="c2")
    _ask(app, clock, "card", "extra-card-1", {}, action="drop", ident="c3")
    assert _result(tmp_path) == ("c3", "ok", "Promo Boss is no longer in the box's data.")
    assert app.tags.tags == {} and load_tagmap(tmp_path, GAME, set(UI.tag_targets())).tags == {}
    assert "card:extra-card-1" not in app.ui.tag_targets()
    _ask(app, clock, "farmstead", "farmstead-2", {}, action="drop", ident="c4")
    assert _result(tmp_path) == ("c4", "ok", "Farmstead 2: the shipped data again.")
    assert open_box(tmp_path, GAME).owner == []


def test_undo_cancels_and_a_damaged_owner_file_is_named(tmp_path: Path) -> None:
    clock = Clock()
    app = make(tmp_path, clock, TagMap(GAME, {}))
    _ask(app, clock, "card", "3-doll-wound", CARD)
    app.handle(ButtonPressed("undo", clock.now))
    assert _result(tmp_path)[1] == "cancelled" and app.tags.tags == {}
    box_path(tmp_path, GAME).write_text('format = 1\ngame = "samurai-spirit"\ncomponents = [ { id = 3 } ]\n')
    before = _files(tmp_path)
    ident, status, text = _put(app, clock, UID, "card", "3-doll-wound", CARD, ident="c2")
    assert status == "refused" and str(box_path(tmp_path, GAME)) in text
    assert _files(tmp_path) == before


def test_during_a_game_a_census_waits_but_a_correction_is_taken_at_once(tmp_path: Path) -> None:
    clock = Clock()
    app = make(tmp_path, clock)
    set_up(app, "kyuzo", "heihachi", "daisuke")
    before = _files(tmp_path)
    _ask(app, clock, "card", "3-doll-wound", CARD)
    ident, status, text = _result(tmp_path)
    assert status == "refused" and text.startswith("A game is on the device: the census waits until it is over")
    assert _files(tmp_path) == before and app.web_request is None
    # Kanbei's board is not in this game: the game replays the same on the corrected data.
    _ask(app, clock, "samurai", "kanbei", {"id": "kanbei", "kiai.human": 11, "kiai.animal": 14}, action="correct",
         ident="c2")
    assert _result(tmp_path) == ("c2", "ok", "Corrected: Kanbei counts as corrected from the next input.")
    assert app.match is not None and app.match.game.catalogue.samurai["kanbei"].kiai == {"human": 11, "animal": 14}  # type: ignore[attr-defined]
    loaded = load_journal(tmp_path / CURRENT).match
    assert [n["applies"] for n in loaded.notes["corrections"]] == ["next-input"]
    assert app.screen().notice == "Corrected: Kanbei counts as corrected from the next input."
    # Play on until a wound on 3-plain-wound has been applied: a barricade instead counts from the next game.
    policy = SimplePolicy(random.Random(1))
    for _ in range(40):
        if app.match.play.prompt is None:
            break
        move(app, policy)
    assert Tap("3-plain-wound") in app.match.inputs
    playing = app.match
    _ask(app, clock, "card", "3-plain-wound", {"penalties": ["barricade"]}, action="correct", ident="c3")
    ident, status, text = _result(tmp_path)
    assert (ident, status) == ("c3", "ok") and text.startswith("Corrected for the next game: Plunderer 3")
    assert text.endswith("already counted in this one as it was, so this game goes on as it was played.")
    assert app.match is playing and app.match.game.catalogue.cards["3-plain-wound"].penalties == ("wound",)  # type: ignore[attr-defined]
    assert app.web_census_stale, "the words and the next game follow the owner's data once this game is over"
    assert open_box(tmp_path, GAME).entry("3-plain-wound").attributes["penalties"] == ["barricade"]  # type: ignore[union-attr]
    notes = load_journal(tmp_path / CURRENT).match.notes["corrections"]
    assert [(n["id"], n["applies"]) for n in notes] == [("kanbei", "next-input"), ("3-plain-wound", "next-game")]


def test_a_correction_is_refused_when_no_game_is_played(tmp_path: Path) -> None:
    clock = Clock()
    app = make(tmp_path, clock, TagMap(GAME, {}))
    _ask(app, clock, "card", "3-doll-wound", CARD, action="correct")
    assert _result(tmp_path)[1] == "refused" and "No game is being played" in _result(tmp_path)[2]
    assert not box_path(tmp_path, GAME).exists()


def test_the_tap_is_for_the_census_not_for_the_set_up(tmp_path: Path) -> None:
    clock = Clock()
    app = make(tmp_path, clock)
    press(app, "ok")  # English
    press(app, "ok")  # Normal: now the Samurai are tapped
    asked = app.setup.menu().title
    _ask(app, clock, "samurai", "kyuzo", {"id": "kyuzo"})
    tap(app, "samurai:kyuzo")
    assert app.setup.menu().title == asked and _result(tmp_path)[1] == "ok"
    assert open_box(tmp_path, GAME).checked() == {"kyuzo"}
    assert virtual_uid("samurai:kyuzo") in app.tags.tags


def test_no_request_is_taken_while_the_devices_own_census_is_open(tmp_path: Path) -> None:
    """The device's census owns the reader while it is open: a tap must not go to the page's request."""
    clock = Clock()
    app = make(tmp_path, clock, TagMap(GAME, {}))
    app.census_steps.open()
    assert app.census is not None
    _ask(app, clock, "card", "3-doll-wound", CARD)
    assert _result(tmp_path)[1:] == ("refused", "The device shows a list or a question: close it, then send the "
                                                "request again.")
    assert app.web_request is None and not box_path(tmp_path, GAME).exists()
