"""Enrollment: binding tags, refusals, skip and redo, surviving an interruption."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app.enrolment import Enroller
from companion.games import game_ui
from companion.runtime.tagmap import TagMap, load_tagmap, parse_tagmap
from drivers.events import ButtonPressed, CardPlaced
from engine import RuleError

UI = game_ui("samurai-spirit")
TARGETS = set(UI.tag_targets())


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def uid(n: int) -> str:
    return f"04{n:012X}"


def make(tmp_path: Path, tags: TagMap | None = None, **kw: object) -> Enroller:
    return Enroller(UI, tags or load_tagmap(tmp_path, UI.name, TARGETS), tmp_path, Clock(), **kw)  # type: ignore[arg-type]


def test_walks_the_catalogue_and_saves_each_binding(tmp_path: Path) -> None:
    e = make(tmp_path)
    assert e.screen().detail[0] == "Plunderer 1, hat, wound, flames"
    e.handle(CardPlaced(uid(1), "mock", 0))
    assert "Tag 04000000000001 is now Plunderer 1, hat, wound, flames." == e.screen().notice
    assert e.screen().detail[0] == "Plunderer 1, hat, flames"
    saved = load_tagmap(tmp_path, UI.name, TARGETS)
    assert saved.target(uid(1)) == "card:1-hat-wound"
    assert e.screen().title == "Enroll tags: 1 of 73 done"


def test_a_tag_already_bound_elsewhere_is_refused(tmp_path: Path) -> None:
    e = make(tmp_path)
    e.handle(CardPlaced(uid(1), "mock", 0))
    e.handle(CardPlaced(uid(1), "mock", 0))
    assert e.screen().notice == ("Tag 04000000000001 is already enrolled as Plunderer 1, hat, wound, flames; "
                                 "tap the tag of Plunderer 1, hat, flames instead.")
    assert e.current == "card:1-hat-none" and e.bound() == 1


def test_skip_and_redo(tmp_path: Path) -> None:
    e = make(tmp_path)
    e.handle(ButtonPressed("next", 0))
    assert e.current == "card:1-hat-none"
    e.handle(CardPlaced(uid(2), "mock", 0))
    assert e.current == "card:1-hat-intruder"
    e.handle(ButtonPressed("undo", 0))
    assert e.current == "card:1-hat-none" and "tap its tag to enroll it again" in (e.screen().notice or "")
    e.handle(CardPlaced(uid(3), "mock", 0))
    tags = load_tagmap(tmp_path, UI.name, TARGETS)
    assert tags.uid_for("card:1-hat-none") == uid(3) and tags.target(uid(2)) is None
    e.handle(ButtonPressed("ok", 0))
    assert e.done


def test_interrupted_enrollment_carries_on_where_it_stopped(tmp_path: Path) -> None:
    e = make(tmp_path)
    for n in range(1, 6):
        e.handle(CardPlaced(uid(n), "mock", 0))
    again = make(tmp_path)
    assert again.bound() == 5 and again.current == list(UI.tag_targets())[5]


def test_samurai_boards_are_enrolled_too(tmp_path: Path) -> None:
    e = make(tmp_path, start="kyuzo")
    assert e.screen().detail[0] == "Samurai board: Kyuzo"
    e.handle(CardPlaced(uid(9), "mock", 0))
    assert load_tagmap(tmp_path, UI.name, TARGETS).target(uid(9)) == "samurai:kyuzo"
    with pytest.raises(RuleError, match="nothing called"):
        make(tmp_path, start="musashi")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not JSON"),
        ('{"format": 2, "game": "samurai-spirit", "tags": {}}', "not a tag map"),
        ('{"format": 1, "game": "samurai-spirit", "tags": {"xyz": "card:1-hat-none"}}', "not upper-case hex"),
        ('{"format": 1, "game": "samurai-spirit", "tags": {"04A1B2C3": "card:9-x"}}', "does not have"),
        ('{"format": 1, "game": "samurai-spirit", "tags": {"04A1B2C3": "card:1-hat-none", '
         '"04A1B2C4": "card:1-hat-none"}}', "bound to two tags"),
    ],
)
def test_a_bad_tag_map_is_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        parse_tagmap(text, "tags.json", TARGETS)


HEAD = '{"format": 1, "game": "samurai-spirit", "tags": '


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HEAD + '{"04A1B2C3": ["card:1-hat-none"]}}', r"tag 04A1B2C3 is bound to \['card:1-hat-none'\], not a card name"),
        (HEAD + '{"04A1B2C3": {"x": 1}}}', "not a card name"),
        (HEAD + '{"04A1B2C3": 7}}', "not a card name"),
        ('{"format": 1, "game": "samurai-spirit", "tags": ' + "[" * 5000 + "]" * 5000 + "}", "nested 5001 levels deep"),
        (HEAD + '{"04A1B2C3": "card:1-hat-none", "04A1B2C3": "samurai:kyuzo"}}',
         "tag 04A1B2C3 is listed twice: as card:1-hat-none and as samurai:kyuzo"),
        ('{"format": 1, "format": 1, "game": "samurai-spirit", "tags": {}}', "'format' is given twice"),
        (HEAD + '{"04A1B2C3": "card:1-hat-none", "04A1B2C4": "card:1-hat-none"}}',
         "card:1-hat-none is bound to two tags [(]04A1B2C3 and 04A1B2C4[)]"),
        ('{"format": 1, "game": "samurai-spirit", "tags": {"04A1B2C3": "card:1-hat-none"}, "format": 1}',
         "'format' is given twice"),
    ],
)
def test_a_damaged_tag_map_is_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(RuleError, match=message) as refused:
        parse_tagmap(text, "/x/tags.json", TARGETS)
    assert str(refused.value).startswith("/x/tags.json: ")


def test_a_tag_map_of_invalid_utf8_names_the_file_and_the_byte(tmp_path: Path) -> None:
    (tmp_path / "tags.json").write_bytes(HEAD.encode() + b'{"04A1B2C3": "card:1-hat-\xff"}}')
    with pytest.raises(RuleError, match=r"tags.json: not UTF-8 text \(byte 0xff at offset 73\)"):
        load_tagmap(tmp_path, UI.name, TARGETS)


def test_a_directory_in_place_of_the_tag_map_is_refused(tmp_path: Path) -> None:
    (tmp_path / "tags.json").mkdir()
    with pytest.raises(RuleError, match=f"{tmp_path / 'tags.json'}: cannot read the tag map: .*directory"):
        load_tagmap(tmp_path, UI.name, TARGETS)


def test_an_unreadable_tag_map_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "tags.json"
    path.write_text(HEAD + "{}}")
    real = Path.read_bytes

    def denied(self: Path) -> bytes:
        if self == path:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", denied)
    with pytest.raises(RuleError, match=f"{path}: cannot read the tag map: Permission denied"):
        load_tagmap(tmp_path, UI.name, TARGETS)


def test_a_damaged_tag_map_names_its_cards_and_boards_as_players_say_them() -> None:
    from companion.games import game_ui
    from companion.i18n import Translator

    text = HEAD + '{"04A1B2C3": "card:1-hat-none", "04A1B2C3": "samurai:kyuzo"}}'
    with pytest.raises(RuleError) as refused:
        parse_tagmap(text, "/x/tags.json", TARGETS)
    words = Translator("en", game_ui("samurai-spirit").namers())(refused.value.message)
    assert words == ("/x/tags.json: tag 04A1B2C3 is listed twice: as Plunderer 1, hat, flames and as Samurai board: "
                     "Kyuzo; keep one of them")
