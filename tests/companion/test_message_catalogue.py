"""Each catalogue template (`messages.pot`, one shared and one per game) lists the msg() templates its files use.

A game's catalogue is self-contained: it has every template its folder uses,
the shared one every template the platform uses, a template both use is in
both; so adding or removing a game, or a game's use of a word, changes no
other catalogue (checked on a small project of its own in a tmp folder).
"""

from __future__ import annotations

import json
import shutil
import string
from pathlib import Path

import pytest

from companion import i18n_extract
from companion.i18n import LOCALE_DIR, PLURAL_SEP, game_locale_dir, parse_po, read_po
from companion.i18n_extract import Domain, domains, extract, main, plan, pot_text, split, unfiled
from engine.core.registry import game_names

ROOT_FOLDER = Path(__file__).resolve().parents[2]


def test_every_pot_file_is_current() -> None:
    """Fails when a msg() was added or changed without `python -m companion.i18n_extract --write`."""
    catalogues = domains()
    wanted = plan(extract(), catalogues).files
    for domain in catalogues:
        current = domain.pot.read_text(encoding="utf-8") if domain.pot.exists() else ""
        assert current == wanted[domain.pot], f"{domain.pot} is out of date: run python -m companion.i18n_extract --write"


def test_the_catalogues_are_the_registered_games_and_the_shared_one() -> None:
    """A game registered with the engine has its catalogue next to its rules; nothing lists them by hand."""
    catalogues = domains()
    assert [d.name for d in catalogues] == ["", *game_names()]
    assert catalogues[0].folder == LOCALE_DIR
    for domain in catalogues[1:]:
        assert domain.folder == game_locale_dir(domain.name)
        assert domain.folder.parent.parent.name == "games" and domain.folder.parent.parent.parent == ROOT_FOLDER
        assert domain.pot.is_file(), f"{domain.name}: {domain.pot} is missing"


def _pot_keys(domain: Domain) -> dict[str, set[str]]:
    """key -> the files a catalogue's .pot names for it, read from the file."""
    _, _, entries = read_po(domain.pot.read_text(encoding="utf-8"), str(domain.pot))
    return {e.key: {c[3:].strip() for c in e.comments if c.startswith("#: ")} for e in entries}


def test_each_catalogue_lists_exactly_the_words_its_files_use() -> None:
    """A game's catalogue: every message its folder uses, naming only its own files; the shared one: every
    message the platform (engine/, companion/, drivers/) uses, naming only the platform's files."""
    found = extract()
    catalogues = domains()
    for domain in catalogues:
        if domain.name:
            folder = domain.folder.parent.relative_to(ROOT_FOLDER).as_posix() + "/"
            mine = {key: {p.rsplit(":", 1)[0] for p in places if p.startswith(folder)} for key, places in found.items()}
        else:
            mine = {key: {p.rsplit(":", 1)[0] for p in places if not p.startswith("games/")}
                    for key, places in found.items()}
        wanted = {key: files for key, files in mine.items() if files}
        listed = _pot_keys(domain)
        missing = sorted(wanted.keys() - listed.keys())
        extra = sorted(listed.keys() - wanted.keys())
        assert not missing, f"{domain.pot}: {len(missing)} messages its files use are missing, e.g. {missing[:5]}"
        assert not extra, f"{domain.pot}: {len(extra)} messages its files do not use, e.g. {extra[:5]}"
        wrong = sorted(key for key in wanted if listed[key] != wanted[key])
        assert not wrong, f"{domain.pot}: other files named for {wrong[:5]}"
    assert len(_pot_keys(catalogues[0])) > 300


def test_a_message_is_in_the_catalogue_of_every_folder_that_uses_it() -> None:
    """Splitting by use: a game's folder -> that game's catalogue, the platform -> the shared one, each
    with its own uses only; a message two games, or a game and the app, use is repeated, not shared."""
    catalogues = domains()
    found = {"Only Tenno": ["games/tenno/rules/x.py:1", "games/tenno/app/screens/board.py:2"],
             "Two games": ["games/tenno/play.py:1", "games/trick_raiders/app/demo.py:3"],
             "Game and app": ["games/tenno/app/ui.py:1", "companion/app/base.py:9"],
             "App": ["drivers/doctor.py:4", "engine/core/registry.py:5"]}
    homes = {name: keys for name, keys in split(found, catalogues).items() if keys}
    assert homes == {"tenno": {"Only Tenno": found["Only Tenno"], "Two games": ["games/tenno/play.py:1"],
                               "Game and app": ["games/tenno/app/ui.py:1"]},
                     "trick-raiders": {"Two games": ["games/trick_raiders/app/demo.py:3"]},
                     "": {"Game and app": ["companion/app/base.py:9"], "App": found["App"]}}
    assert unfiled({**found, "Unregistered": ["games/not_a_game/rules.py:1"]}, catalogues) \
        == ["games/not_a_game/rules.py:1"], "a folder of games/ that registers no game is no catalogue's"


HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
WORDS = {"Score": {"de": "Wertung", "fr": "Score", "nl": "Score"},
         "Menu": {"de": "Menü", "fr": "Menu", "nl": "Menu"},
         "Tenno only": {"de": "Nur Tenno", "fr": "Seulement Tenno", "nl": "Alleen Tenno"},
         "Both games": {"de": "Beide Spiele", "fr": "Les deux jeux", "nl": "Beide spellen"},
         "Trick only": {"de": "Nur Stiche", "fr": "Seulement les plis", "nl": "Alleen slagen"}}


def _source(root: Path, path: str, *templates: str) -> None:
    file = root / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text("from engine.core.messages import msg\n\n"
                    + "".join(f"msg({template!r})\n" for template in templates), encoding="utf-8")


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, list[Domain]]:
    """A project of its own in tmp_path: the app and two games, their catalogues written and translated by
    the extractor's own command, which reads this tree instead of the project's."""
    root = tmp_path / "project"
    _source(root, "companion/app/menu.py", "Score", "Menu")
    _source(root, "games/tenno/rules.py", "Score", "Tenno only", "Both games")
    _source(root, "games/trick_raiders/rules.py", "Trick only", "Both games")
    catalogues = [Domain("", root / "companion" / "locale"),
                  Domain("tenno", root / "games" / "tenno" / "locale", ("games/tenno/",)),
                  Domain("trick-raiders", root / "games" / "trick_raiders" / "locale", ("games/trick_raiders/",))]
    monkeypatch.setattr(i18n_extract, "domains", lambda: catalogues)
    monkeypatch.setattr(i18n_extract, "extract", lambda: extract(root))
    words = tmp_path / "words.json"
    words.write_text(json.dumps(WORDS), encoding="utf-8")
    assert main(["--write", "--translations", str(words)]) == 0
    assert main([]) == 0
    return root, catalogues


def _files(root: Path) -> dict[str, str]:
    return {path.relative_to(root).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(root.rglob("locale/*"))}


def _translations(domain: Domain, lang: str) -> dict[str, str]:
    return parse_po(domain.po(lang).read_text(encoding="utf-8"))


def test_a_game_taking_up_a_word_changes_no_other_catalogue(tree: tuple[Path, list[Domain]],
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Trick Raiders starts to use a word of the app (and Tenno) and one only Tenno used: only Trick
    Raiders' catalogue changes, its new entries filled from the shared catalogue, else Tenno's."""
    root, catalogues = tree
    shared, tenno, tricks = catalogues
    before = _files(root)
    capsys.readouterr()
    _source(root, "games/trick_raiders/rules.py", "Trick only", "Both games", "Score", "Tenno only")
    assert main(["--write"]) == 0
    after = _files(root)
    changed = sorted(name for name in after if after[name] != before.get(name))
    assert changed == [f"games/trick_raiders/locale/{name}" for name in ("de.po", "fr.po", "messages.pot", "nl.po")]
    assert _translations(tricks, "de") == {"Trick only": "Nur Stiche", "Both games": "Beide Spiele",
                                           "Score": "Wertung", "Tenno only": "Nur Tenno"}
    assert "3 filled from the shared catalogue, 3 from a game's" in capsys.readouterr().out
    assert _translations(shared, "de") == {"Score": "Wertung", "Menu": "Menü"}, "nothing taken away"
    assert "Tenno only" in _translations(tenno, "nl")
    assert main([]) == 0


def test_the_app_taking_up_a_games_word_changes_only_the_shared_catalogue(tree: tuple[Path, list[Domain]]) -> None:
    root, catalogues = tree
    before = _files(root)
    _source(root, "companion/app/menu.py", "Score", "Menu", "Trick only")
    assert main(["--write"]) == 0
    after = _files(root)
    assert sorted(name for name in after if after[name] != before.get(name)) == [
        f"companion/locale/{name}" for name in ("de.po", "fr.po", "messages.pot", "nl.po")]
    assert _translations(catalogues[0], "fr")["Trick only"] == "Seulement les plis"
    assert _translations(catalogues[2], "fr")["Trick only"] == "Seulement les plis", "still the game's too"


def test_removing_a_game_leaves_every_other_catalogue_current(tree: tuple[Path, list[Domain]],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Trick Raiders' folder goes (and with it its catalogue): the app's and Tenno's files are as they were,
    Tenno's word the two games shared included."""
    root, catalogues = tree
    before = _files(root)
    shutil.rmtree(root / "games" / "trick_raiders")
    monkeypatch.setattr(i18n_extract, "domains", lambda: catalogues[:2])
    assert main([]) == 0, "every remaining catalogue is current"
    assert _files(root) == {name: text for name, text in before.items() if "trick_raiders" not in name}
    assert _translations(catalogues[1], "de")["Both games"] == "Beide Spiele"


def test_a_game_folder_that_registers_no_game_is_named(tree: tuple[Path, list[Domain]],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    root, _ = tree
    _source(root, "games/half_built/rules.py", "Half built")
    assert main([]) == 1
    assert "games/half_built/rules.py:3" in capsys.readouterr().err


def test_every_field_has_a_name() -> None:
    """A positional field ({} or {0}) cannot be moved by a translator or named by a namer."""
    for key in extract():
        for template in key.split(PLURAL_SEP):
            names = [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]
            assert all(name and not name[0].isdigit() for name in names), template


def test_pot_text_is_sorted_and_stable() -> None:
    found = {"b": ["x.py:1"], "a {n}": ["y.py:2", "y.py:9"]}
    assert pot_text(found) == pot_text(dict(reversed(found.items())))
    assert pot_text(found).index('msgid "a {n}"') < pot_text(found).index('msgid "b"')
