"""The catalogue template (companion/locale/messages.pot) lists every msg() template of the code."""

from __future__ import annotations

import string

from companion.i18n_extract import POT, extract, pot_text


def test_the_pot_file_is_current() -> None:
    """Fails when a msg() was added or changed without `python -m companion.i18n_extract --write`."""
    current = POT.read_text(encoding="utf-8") if POT.exists() else ""
    assert current == pot_text(extract()), f"{POT} is out of date: run python -m companion.i18n_extract --write"


def test_every_field_has_a_name() -> None:
    """A positional field ({} or {0}) cannot be moved by a translator or named by a namer."""
    for template in extract():
        names = [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]
        assert all(name and not name[0].isdigit() for name in names), template
