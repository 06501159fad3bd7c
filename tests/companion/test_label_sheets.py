"""Each game's label sheet (games/<package>/pictures/labels.svg, for every registered game) is current, says
what the screens say, and fits in every language."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

from companion.buttons_layout import CAP_BY_NAME, DEFAULT_ORDER, screen_labels
from companion.cli import main
from companion.commands.labels import (
    CELL_ROOM,
    DISC_ROOM,
    WORD_MIN,
    label_sheet,
    sheet_labels,
    text_em,
)
from companion.commands.pictures import sheet_path
from companion.games import game_ui, registered_games
from companion.i18n import LANGUAGES, Translator
from companion.screen_model import Screen
from companion.screens import render

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


def sheet_words(svg: str, kind: str = "word") -> dict[str, str]:
    """Button -> the word printed on its cap ("word") or its strip cell ("strip-word")."""
    root = ET.fromstring(svg)
    return {str(node.get("data-button")): node.text or "" for node in root.iter(f"{SVG}text")
            if node.get("class") == kind}


def screen_words(game: str, lang: str) -> dict[str, str]:
    """Button -> the word the screen's strip shows for `game` in `lang`, as drawn."""
    ui = game_ui(game)
    screen = Screen(kind="board", game="", title="-", lang=lang, button_labels=screen_labels(ui, Translator(lang)))
    items = render(screen, pygame.Surface((800, 480)))
    return {name: str(word.text) for name in DEFAULT_ORDER if (word := items.find(f"button:{name}", kind="text"))}


@pytest.mark.parametrize("game", registered_games())
def test_the_shipped_sheet_is_current_and_says_what_the_screen_says(game: str) -> None:
    made = label_sheet(game, "en")
    shipped = sheet_path(game)
    run = f"run: SDL_VIDEODRIVER=dummy .venv/bin/python scripts/pictures.py --game {game}"
    assert shipped.is_file(), f"{game} has no label sheet {shipped}; {run}"
    assert shipped.read_text(encoding="utf-8") == made, f"{shipped} is not current; {run}"
    words = screen_words(game, "en")
    assert sheet_words(made) == words == sheet_words(made, "strip-word")
    rings = [(node.get("data-button"), node.get("stroke")) for node in ET.fromstring(made).iter(f"{SVG}circle")
             if node.get("class") == "ring"]
    assert rings == [(name, "#{:02x}{:02x}{:02x}".format(*CAP_BY_NAME[name].rgb)) for name in DEFAULT_ORDER]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_games_words_fit_the_caps_in_every_language(lang: str) -> None:
    """A word on a 24 mm cap never below WORD_MIN (about 7 pt) and never wider than the disc inside its ring."""
    for game in registered_games():
        for label in sheet_labels(game, lang):
            if not label.word:
                continue
            assert label.disc_size >= WORD_MIN, f"{game} {lang}: {label.word!r} needs {label.disc_size} mm"
            assert text_em(label.word) * label.disc_size <= DISC_ROOM
            assert text_em(label.word) * label.cell_size <= CELL_ROOM
        assert sheet_words(label_sheet(game, lang)) == screen_words(game, lang), f"{game} {lang}"


def test_the_command_writes_a_sheet_per_game_in_the_configured_order(tmp_path: Path) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('[buttons]\norder = ["undo", "ok", "next", "pass", "support", "defend", "confront"]\n')
    assert main(["labels", "--out", str(tmp_path / "out"), "--game", "tenno", "--lang", "de",
                 "--config", str(config)]) == 0
    sheet = (tmp_path / "out" / "tenno.de.svg").read_text(encoding="utf-8")
    assert "Tenno: Tastenbeschriftung" in sheet
    assert list(sheet_words(sheet)) == ["undo", "ok", "next", "pass"], "blank caps for Tenno's unused buttons"
    assert main(["labels", "--out", str(tmp_path), "--game", "chess"]) == 2
