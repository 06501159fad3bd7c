"""Each game owns its words: its catalogue is read first for its messages, and the extractor keeps
every translation where it is (a message new to a catalogue is filled from the shared catalogue, the
JSON of new translations or another game's, and nothing is taken from where it was)."""

from __future__ import annotations

import fnmatch
import json
import tomllib
from pathlib import Path

import pytest

from companion import i18n
from companion.i18n import Translator, parse_po
from companion.i18n_extract import ROOT, Domain, domains, main, plan
from engine.core.messages import msg

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shared catalogue in tmp_path/shared, each game's in tmp_path/<game>."""
    (tmp_path / "shared").mkdir()
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "shared")
    monkeypatch.setattr(i18n, "game_locale_dir", lambda game: tmp_path / game)
    i18n.forget_catalogues()
    yield tmp_path
    i18n.forget_catalogues()


def _po(folder: Path, entries: dict[str, str]) -> None:
    folder.mkdir(exist_ok=True)
    body = "".join(f'msgid "{key}"\nmsgstr "{value}"\n\n' for key, value in entries.items())
    (folder / "de.po").write_text(HEADER + body, encoding="utf-8")


def test_a_word_two_games_translate_differently_comes_out_right_for_each(folders: Path) -> None:
    _po(folders / "shared", {"Score": "Wertung", "Menu": "Menü"})
    _po(folders / "tenno", {"Score": "Punkte", "Only Tenno": "Nur Tenno"})
    _po(folders / "trick-raiders", {"Only Trick Raiders": "Nur Trick Raiders"})
    assert Translator("de", game="tenno")(msg("Score")) == "Punkte"
    assert Translator("de", game="trick-raiders")(msg("Score")) == "Wertung"
    assert Translator("de")(msg("Score")) == "Wertung", "without a game, the shared word"
    assert Translator("de", game="tenno")(msg("Menu")) == "Menü", "the shared catalogue after the game's"
    assert Translator("de")(msg("Only Tenno")) == "Nur Tenno", "a game's words are found without the game"
    assert Translator("de", game="tenno").with_namers({})(msg("Score")) == "Punkte"
    assert Translator("de").with_namers({}, "tenno")(msg("Score")) == "Punkte"


def test_the_screen_renders_with_its_games_words(folders: Path) -> None:
    from companion.screens.painter import Painter

    _po(folders / "shared", {"Undo": "Rückgängig"})
    _po(folders / "tenno", {"Undo": "Tenno-Zurück"})
    import pygame

    from companion.screens.display_list import DisplayList
    from companion.screens.text import TextCache

    surface = pygame.Surface((80, 40))
    painter = Painter(surface, TextCache(), DisplayList(), "de", "tenno")
    assert painter.tr(msg("Undo")) == "Tenno-Zurück"
    assert Painter(surface, TextCache(), DisplayList(), "de").tr(msg("Undo")) == "Rückgängig"


def _domains(tmp_path: Path) -> list[Domain]:
    return [Domain("", tmp_path / "shared"),
            Domain("tenno", tmp_path / "tenno", ("games/tenno/", "games/tenno/app/ui.py")),
            Domain("trick-raiders", tmp_path / "tr", ("games/trick_raiders/",))]


def test_the_extractor_files_each_message_in_every_catalogue_that_uses_it(tmp_path: Path) -> None:
    catalogues = _domains(tmp_path)
    _po(tmp_path / "shared", {"Gone": "Weg", "App": "Programm", "Menu": "Menü"})
    _po(tmp_path / "tenno", {"Score": "Punkte", "Tenno only": "Nur Tenno"})
    found = {"App": ["companion/app/base.py:1"],
             "Menu": ["companion/app/base.py:2", "games/trick_raiders/app/ui.py:7"],
             "Score": ["games/tenno/a.py:1", "games/trick_raiders/b.py:2"],
             "Tenno only": ["games/tenno/app/ui.py:3"],
             "New in Trick Raiders": ["games/trick_raiders/c.py:4"],
             "{n} trick\x00{n} tricks": ["games/trick_raiders/c.py:5"]}
    extra = {"New in Trick Raiders": {"de": "Neu in Trick Raiders"},
             "{n} trick": {"de": ["{n} Stich", "{n} Stiche"]}}
    wanted = plan(found, catalogues, extra)
    shared = parse_po(wanted.files[tmp_path / "shared" / "de.po"])
    tenno = parse_po(wanted.files[tmp_path / "tenno" / "de.po"])
    tricks = parse_po(wanted.files[tmp_path / "tr" / "de.po"])
    assert shared == {"App": "Programm", "Menu": "Menü"}, "the platform's words only; the unused one dropped"
    assert tenno == {"Score": "Punkte", "Tenno only": "Nur Tenno"}, "used by two games now: kept"
    assert tricks == {"Menu": "Menü", "Score": "Punkte", "New in Trick Raiders": "Neu in Trick Raiders",
                      "{n} trick\x00{n} tricks": "{n} Stich\x00{n} Stiche"}, "filled from shared, JSON, Tenno"
    assert (wanted.from_shared, wanted.from_game, wanted.filled, wanted.dropped) == (1, 1, 2, 1)
    assert 'msgid "Tenno only"' in wanted.files[tmp_path / "tenno" / "messages.pot"]
    assert "#: games/tenno/a.py\nmsgid \"Score\"" in wanted.files[tmp_path / "tenno" / "messages.pot"]
    assert "#: games/trick_raiders/b.py\nmsgid \"Score\"" in wanted.files[tmp_path / "tr" / "messages.pot"]
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in wanted.files[tmp_path / "tr" / "de.po"]
    fr = wanted.files[tmp_path / "tr" / "fr.po"]
    assert "Plural-Forms: nplurals=2; plural=(n > 1);" in fr and 'msgstr[1] ""' in fr, "new, untranslated"


def test_a_game_keeps_its_own_translation_of_a_shared_word(tmp_path: Path) -> None:
    catalogues = _domains(tmp_path)
    _po(tmp_path / "shared", {"Score": "Wertung"})
    _po(tmp_path / "tenno", {"Score": "Punkte"})
    found = {"Score": ["games/tenno/a.py:1", "companion/app/base.py:2"]}
    wanted = plan(found, catalogues)
    assert parse_po(wanted.files[tmp_path / "shared" / "de.po"]) == {"Score": "Wertung"}
    assert parse_po(wanted.files[tmp_path / "tenno" / "de.po"]) == {"Score": "Punkte"}
    assert (wanted.from_shared, wanted.from_game) == (0, 0), "a game's own translation is never replaced"
    assert "games/tenno/a.py" not in wanted.files[tmp_path / "shared" / "messages.pot"]
    assert "companion/app/base.py" not in wanted.files[tmp_path / "tenno" / "messages.pot"]


def test_a_bad_translations_file_is_a_message_not_a_traceback(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "t.json"
    bad.write_text("[1, 2", encoding="utf-8")
    assert main(["--translations", str(bad)]) == 2
    assert "cannot read the translations" in capsys.readouterr().err
    bad.write_text(json.dumps(["a"]), encoding="utf-8")
    assert main(["--translations", str(bad)]) == 2


def test_an_installed_wheel_carries_every_catalogue() -> None:
    """pyproject's package data names each catalogue file of the shared and the games' catalogues."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    files = [path for domain in domains() for path in domain.folder.iterdir()]
    assert len(files) >= 4 * len(domains())
    for path in files:
        package = path.relative_to(ROOT).parts[0]
        inside = path.relative_to(ROOT / package).as_posix()
        assert any(fnmatch.fnmatch(inside, pattern) for pattern in data.get(package, [])), path


def test_a_screen_of_a_game_is_drawn_with_that_games_words(folders: Path) -> None:
    import pygame

    from companion.screen_model import Screen
    from companion.screens import render

    _po(folders / "shared", {"Undo": "Rückgängig"})
    _po(folders / "tenno", {"Undo": "Tenno-Zurück"})
    drawn = {}
    for game in ("", "tenno"):
        screen = Screen(kind="message", title="Titel", buttons=("undo",), lang="de", game=game)
        item = render(screen, pygame.Surface((800, 480))).find("button:undo", kind="text")
        drawn[game] = item.text if item is not None else None
    assert drawn == {"": "Rückgängig", "tenno": "Tenno-Zurück"}
