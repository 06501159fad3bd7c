"""The owner's component data in the state folder: checked, written atomically, read back, never silently changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.census import census_namers, game_for, import_legacy, open_box
from companion.census.box import box_path, legacy_path
from companion.i18n import Translator
from companion.runtime.storage import FaultyFileSystem
from companion.runtime.tagmap import TagMap, load_tagmap, save_tagmap
from engine import RuleError, get_game

GAME = "samurai-spirit"
UID = "04A1B2C3D4E5F6"
OTHER = "04A1B2C3D4E5F7"


def _wound(box_dir: Path) -> None:
    """The owner's 4-hat-none shows a wound."""
    box = open_box(box_dir, GAME)
    assert box.put(box.answer("card", {"penalties": ["wound"]}, base="4-hat-none")) is None


def test_a_right_shipped_card_is_one_tap_and_ok(tmp_path: Path) -> None:
    box = open_box(tmp_path, GAME)
    tags = TagMap(GAME)
    first = box.fitting("card", {"value": 3, "symbol": "doll", "penalties": ["wound"], "flames": True})[0]
    assert first.exact and first.entry.id == "3-doll-wound"
    assert box.confirm(first.entry.id, UID, tags) is None
    assert tags.tags == {UID: "card:3-doll-wound"}
    believed = box.believed(UID, tags)
    assert believed is not None and believed.id == "3-doll-wound" and box.believed(OTHER, tags) is None
    again = open_box(tmp_path, GAME)
    assert again.checked() == {"3-doll-wound"} and again.differences()[0].change == "checked"
    assert again.progress()[0].message.text.startswith("1 of 66 Raider cards; missing: 13 Plunderers of value 1")


def test_a_corrected_card_is_the_truth_for_new_games(tmp_path: Path) -> None:
    _wound(tmp_path)
    game = game_for(GAME, tmp_path)
    assert game.catalogue.cards["4-hat-none"].penalties == ("wound",)  # type: ignore[attr-defined]
    assert get_game(GAME).catalogue.cards["4-hat-none"].penalties == ()  # type: ignore[attr-defined]
    found = open_box(tmp_path, GAME).differences()
    assert [(d.id, d.change, d.fields) for d in found] == [("4-hat-none", "changed", (("penalties", [], ["wound"]),))]
    saved = box_path(tmp_path, GAME).read_text("utf-8")
    assert 'game = "samurai-spirit"' in saved and '"4-hat-none"' in saved and "verified = true" in saved


def test_bad_input_is_refused_with_the_total_and_changes_nothing(tmp_path: Path) -> None:
    _wound(tmp_path)
    before = box_path(tmp_path, GAME).read_bytes()
    box = open_box(tmp_path, GAME)
    tags = TagMap(GAME, {UID: "card:3-doll-wound"})
    said = {
        "a fourteenth 3": box.put(box.answer("card", {"value": 3}, base="4-doll-none")),
        "an unknown penalty": box.put(box.answer("card", {"penalties": ["bogus"]}, base="4-doll-none")),
        "a tag bound to another": box.put(box.answer("card", {"symbol": "farm"}, base="4-doll-none"), UID, tags),
    }
    assert said["a fourteenth 3"] is not None and "13 Plunderers of value 3" in said["a fourteenth 3"].text
    assert said["an unknown penalty"] is not None and "'bogus' is not a penalty" in said["an unknown penalty"].text
    assert said["a tag bound to another"] is not None and said["a tag bound to another"].text == (
        "This tag is already enrolled as card:3-doll-wound: correct that component, or free the tag first.")
    assert box_path(tmp_path, GAME).read_bytes() == before and tags.tags == {UID: "card:3-doll-wound"}


def test_a_second_kyuzo_is_refused(tmp_path: Path) -> None:
    box = open_box(tmp_path, GAME)
    tags = TagMap(GAME)
    kyuzo = {"id": "kyuzo", "kiai.human": 9, "kiai.animal": 12}
    assert box.put(box.answer("samurai", kyuzo), UID, tags) is None
    refusal = box.check(box.answer("samurai", kyuzo), OTHER, tags)
    assert refusal is not None and refusal.text == "A second Kyuzo: the box holds one, already checked."
    assert box.check(box.answer("samurai", {**kyuzo, "kiai.human": 10, "kiai.animal": 13}), UID, tags) is None


def test_a_promo_boss_is_declared_extra_and_gets_a_tag(tmp_path: Path) -> None:
    box = open_box(tmp_path, GAME)
    tags = TagMap(GAME)
    promo = box.answer("card", {"value": 6, "symbol": "farm", "penalties": ["no-talent"], "flames": True},
                       extra=True, label="Promo Boss")
    assert promo.id == "extra-card-1" and box.put(promo, UID, tags) is None
    save_tagmap(tmp_path, tags)
    game = game_for(GAME, tmp_path)
    assert "extra-card-1" in game.catalogue.by_rank("boss")  # type: ignore[attr-defined]
    from companion.census import game_ui

    ui = game_ui(GAME, tmp_path)
    assert "card:extra-card-1" in ui.tag_targets()
    assert load_tagmap(tmp_path, GAME, set(ui.tag_targets())).target(UID) == "card:extra-card-1"
    assert open_box(tmp_path, GAME).progress()[0].extras == 1
    assert open_box(tmp_path, GAME).drop("extra-card-1")
    assert "extra-card-1" not in game_for(GAME, tmp_path).catalogue.cards  # type: ignore[attr-defined]


def test_a_census_killed_halfway_keeps_every_acknowledged_card(tmp_path: Path) -> None:
    """Each card is written (atomically) before it is acknowledged; a full disk refuses and changes nothing."""
    box = open_box(tmp_path, GAME)
    for cid in ("1-hat-wound", "1-hat-none", "1-hat-intruder"):
        assert box.confirm(cid) is None
    fs = FaultyFileSystem()
    full = open_box(tmp_path, GAME, fs)
    fs.error = 28  # ENOSPC
    with pytest.raises(OSError):
        full.confirm("1-hat-no-defend")
    assert full.checked() == {"1-hat-wound", "1-hat-none", "1-hat-intruder"}, "the refused card is not taken"
    assert not list(tmp_path.glob(".box-*.tmp"))
    again = open_box(tmp_path, GAME)
    assert again.checked() == {"1-hat-wound", "1-hat-none", "1-hat-intruder"}
    assert again.progress()[0].done == 3


def test_a_damaged_owner_file_is_named_and_never_taken_for_the_default(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    _wound(tmp_path)
    path = box_path(tmp_path, GAME)
    path.write_text(path.read_text("utf-8").replace('"wound"', '"bogus"'), "utf-8")
    with pytest.raises(RuleError, match="box-samurai-spirit.toml"):
        open_box(tmp_path, GAME)
    assert game_for(GAME, tmp_path) is get_game(GAME)
    assert "the owner's component data is not used" in capsys.readouterr().err
    assert "bogus" in path.read_text("utf-8"), "the file is left for a person to repair"


def test_an_earlier_releases_edited_copy_is_imported_only_when_asked(tmp_path: Path) -> None:
    """The header of components.toml told owners to put an edited copy in the state folder; nothing read it."""
    shipped = get_game(GAME).undigested_components()  # type: ignore[attr-defined]
    edited = shipped.replace('label = "Plunderer 2 - hat - intruder", attributes = { value = 2, symbol = "hat", '
                             'penalties = ["intruder"], flames = false }, verified = false',
                             'label = "Plunderer 2 - hat - intruder", attributes = { value = 2, symbol = "hat", '
                             'penalties = ["wound"], flames = false }, verified = true')
    assert edited != shipped
    legacy_path(tmp_path, GAME).write_text(edited, "utf-8")
    box = open_box(tmp_path, GAME)
    assert box.legacy == legacy_path(tmp_path, GAME)
    assert game_for(GAME, tmp_path).catalogue.cards["2-hat-intruder"].penalties == ("intruder",)  # type: ignore[attr-defined]
    taken = import_legacy(box)
    assert {d.id for d in taken} >= {"2-hat-intruder"}
    assert "6-hat-intruder" in {d.id for d in taken}, "the old placeholder Boss, under its id of today"
    assert game_for(GAME, tmp_path).catalogue.cards["2-hat-intruder"].penalties == ("wound",)  # type: ignore[attr-defined]
    assert not legacy_path(tmp_path, GAME).exists()
    assert (tmp_path / f"{GAME}-components.toml.imported").read_text("utf-8") == edited


def test_a_tag_map_naming_an_earlier_id_means_the_same_card(tmp_path: Path) -> None:
    from companion.census import game_ui

    (tmp_path / f"tags-{GAME}.json").write_text(json.dumps(
        {"format": 1, "game": GAME, "tags": {UID: "card:6-doll-no-talent", OTHER: "card:3-doll-wound"}}), "utf-8")
    tags = load_tagmap(tmp_path, GAME, set(game_ui(GAME).tag_targets()))
    assert tags.tags == {UID: "card:6-doll-must-pass", OTHER: "card:3-doll-wound"}


def test_refusals_read_in_the_tables_language(tmp_path: Path) -> None:
    box = open_box(tmp_path, GAME)
    refusal = box.check(box.answer("card", {"value": 6}, base="4-doll-none"))
    assert refusal is not None
    german = Translator("de").with_namers(census_namers())
    assert "7 Bosse" in german(refusal) and "7 Bosses" in refusal.text
