"""The catalogue reader, the translator and the extractor, on small known inputs."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.i18n import CatalogError, Translator, fields, parse_po
from companion.i18n_extract import ExtractError, extract_file, pot_text
from engine.core.messages import msg

PO = r'''
# a comment
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"

#: engine/x.py:3
#, python-brace-format
msgid "Remove one Barricade ({left} left)"
msgstr "Eine Barrikade entfernen ({left} übrig)"

msgid "Tap the "
"card"
msgstr "Tippe die "
"Karte \"jetzt\""

#, fuzzy
msgid "Undo"
msgstr "Zurück?"

msgid "Pass"
msgstr ""
'''


def test_po_entries_multiline_escapes_and_skipped_ones() -> None:
    entries = parse_po(PO)
    assert entries == {"Remove one Barricade ({left} left)": "Eine Barrikade entfernen ({left} übrig)",
                       "Tap the card": 'Tippe die Karte "jetzt"'}


def test_po_errors_name_the_line() -> None:
    with pytest.raises(CatalogError, match="bad.po:2: msgstr without msgid"):
        parse_po('\nmsgstr "x"\n', "bad.po")
    with pytest.raises(CatalogError, match="bad.po:1: not a line"):
        parse_po("hello\n", "bad.po")


def test_translator_renders_params_through_namers() -> None:
    tr = Translator("en", {"card": lambda cid, t: f"card <{cid}>"})
    message = msg("Put {card} and {card2} on {pile} ({left} left)", card="a", card2="b", pile="discard", left=3)
    assert tr(message) == "Put card <a> and card <b> on discard (3 left)"
    assert message.text == "Put a and b on discard (3 left)"
    assert tr(msg("Nested: {what}", what=msg("{n} cards", n=2))) == "Nested: 2 cards"
    assert fields("{card} in {place}{card}") == {"card", "place"}


def test_extractor_finds_literal_templates_and_refuses_others(tmp_path: Path) -> None:
    source = tmp_path / "pkg" / "m.py"
    source.parent.mkdir()
    source.write_text('from engine.core.messages import msg\nA = msg("Hello {name}", name=1)\nB = msg("Bye")\n')
    found = extract_file(source, tmp_path)
    assert found == {"Hello {name}": ["pkg/m.py:2"], "Bye": ["pkg/m.py:3"]}
    text = pot_text(found)
    assert '#, python-brace-format\nmsgid "Hello {name}"\nmsgstr ""' in text
    assert parse_po(text) == {}
    source.write_text('from engine.core.messages import msg\nX = "a"\nB = msg(X)\n')
    with pytest.raises(ExtractError, match="pkg/m.py:3: msg.. needs a string literal"):
        extract_file(source, tmp_path)
