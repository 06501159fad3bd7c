"""Each catalogue template (`messages.pot`, one shared and one per game) lists the msg() templates it owns."""

from __future__ import annotations

import string
from pathlib import Path

from companion.i18n import LOCALE_DIR, PLURAL_SEP, game_locale_dir
from companion.i18n_extract import domains, extract, plan, pot_text, split
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


def test_no_shared_catalogue_names_a_message_only_one_game_uses() -> None:
    """A game's own words are in its own catalogue, so two games built side by side edit no shared file."""
    catalogues = domains()
    games = [d for d in catalogues if d.name]
    shared = split(extract(), catalogues)[""]
    pot = catalogues[0].pot.read_text(encoding="utf-8")
    wrong = []
    for key, places in extract().items():
        owners = {next((g.name for g in games if g.owns(place)), "") for place in places}
        if len(owners) == 1 and "" not in owners:
            assert key not in shared, key
            singular = key.partition(PLURAL_SEP)[0]
            quoted = '"' + singular.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
            if f"\nmsgid {quoted}\n" in pot:
                wrong.append(f"{key!r} is used only by {owners.pop()} but is in {catalogues[0].pot}")
    assert not wrong, "\n".join(wrong[:10])
    assert len(shared) > 300


def test_a_message_used_by_two_games_or_by_the_app_is_shared() -> None:
    """Splitting by use: one game's files -> that game; two games, or a game and the app -> shared."""
    catalogues = domains()
    found = {"Only Tenno": ["games/tenno/rules/x.py:1", "games/tenno/app/screens/board.py:2"],
             "Two games": ["games/tenno/play.py:1", "games/trick_raiders/app/demo.py:3"],
             "Game and app": ["games/tenno/app/ui.py:1", "companion/app/base.py:9"],
             "App": ["drivers/doctor.py:4"]}
    homes = {name: set(keys) for name, keys in split(found, catalogues).items() if keys}
    assert homes == {"tenno": {"Only Tenno"}, "": {"Two games", "Game and app", "App"}}


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
