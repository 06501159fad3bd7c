"""One tag map per game, and the one `tags.json` of earlier releases moved into place once, never lost."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.games import game_ui
from companion.runtime.tagmap import (
    FILE_NAME,
    TagMap,
    load_tagmap,
    save_tagmap,
    tag_map_file,
    tag_map_path,
)
from engine import RuleError

UI = game_ui("samurai-spirit")
TARGETS = set(UI.tag_targets())
OLD = '{"format": 1, "game": "samurai-spirit", "tags": {"04A1B2C3": "samurai:kyuzo"}}\n'


def test_each_game_saves_its_own_file(tmp_path: Path) -> None:
    save_tagmap(tmp_path, TagMap("samurai-spirit", {"04A1B2C3": "samurai:kyuzo"}))
    assert (tmp_path / "tags-samurai-spirit.json").is_file()
    assert not (tmp_path / FILE_NAME).exists()
    assert load_tagmap(tmp_path, "samurai-spirit", TARGETS).tags == {"04A1B2C3": "samurai:kyuzo"}


def test_the_old_tags_json_is_renamed_once_with_its_bytes(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text(OLD)
    inode = os.stat(tmp_path / FILE_NAME).st_ino
    assert tag_map_file(tmp_path, "samurai-spirit") == tmp_path / FILE_NAME
    assert load_tagmap(tmp_path, "samurai-spirit", TARGETS).tags == {"04A1B2C3": "samurai:kyuzo"}
    new = tag_map_path(tmp_path, "samurai-spirit")
    assert new.read_text() == OLD and os.stat(new).st_ino == inode, "renamed, not copied"
    assert not (tmp_path / FILE_NAME).exists()
    assert load_tagmap(tmp_path, "samurai-spirit", TARGETS).tags == {"04A1B2C3": "samurai:kyuzo"}


def test_a_damaged_old_map_stays_where_it_is_and_is_reported(tmp_path: Path) -> None:
    damaged = '{"format": 1, "game": "samurai-spirit", "tags": {"04A1B2C3": "card:9-nope"}}'
    (tmp_path / FILE_NAME).write_text(damaged)
    with pytest.raises(RuleError, match=f"{tmp_path / FILE_NAME}: tag 04A1B2C3"):
        load_tagmap(tmp_path, "samurai-spirit", TARGETS)
    assert (tmp_path / FILE_NAME).read_text() == damaged
    assert not tag_map_path(tmp_path, "samurai-spirit").exists()


def test_another_games_old_map_is_left_for_that_game(tmp_path: Path) -> None:
    other = '{"format": 1, "game": "tenno", "tags": {"04A1B2C3": "card:x"}}'
    (tmp_path / FILE_NAME).write_text(other)
    assert load_tagmap(tmp_path, "samurai-spirit", TARGETS).tags == {}
    assert (tmp_path / FILE_NAME).read_text() == other


def test_the_games_own_file_wins_over_an_old_one(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text(OLD)
    save_tagmap(tmp_path, TagMap("samurai-spirit", {"04FFFFFF": "samurai:gorobei"}))
    assert load_tagmap(tmp_path, "samurai-spirit", TARGETS).tags == {"04FFFFFF": "samurai:gorobei"}
    assert (tmp_path / FILE_NAME).read_text() == OLD, "never lost"
