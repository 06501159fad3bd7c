"""The German, French and Dutch catalogues are complete and safe to render.

For each language: `locale/<lang>.po` exists and parses, every template of
`messages.pot` has a translation that is neither empty nor fuzzy, each
translation uses exactly the fields of its template (a missing `{card}` loses
the card's name, an extra one crashes `str.format`), the catalogue holds no
entry the code no longer has, and `msgfmt --check` (GNU gettext, when
installed) accepts the file.

Nothing here is skipped when a catalogue is missing: a missing catalogue is a
failure, since the table would then read English in that language.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from companion.i18n import LANGUAGES, LOCALE_DIR, fields, parse_po
from companion.i18n_extract import POT

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def _templates() -> set[str]:
    return set(parse_po(POT.read_text(encoding="utf-8").replace('msgstr ""', 'msgstr "-"'), str(POT)))


def _catalogue(lang: str) -> tuple[Path, str]:
    path = LOCALE_DIR / f"{lang}.po"
    assert path.is_file(), f"{path} is missing: translate {POT.name} into it (msginit --locale={lang})"
    return path, path.read_text(encoding="utf-8")


def _all_entries(text: str, source: str) -> set[str]:
    """Every msgid in a .po file, translated or not, fuzzy or not (parse_po keeps only the usable ones)."""
    marked = text.replace("#, fuzzy", "#").replace("#, python-brace-format, fuzzy", "#")
    return set(parse_po(_fill_empty(marked), source))


def _fill_empty(text: str) -> str:
    """Give every empty msgstr a placeholder, so that parse_po lists its msgid too."""
    lines = text.splitlines()
    out = []
    for n, line in enumerate(lines):
        following = lines[n + 1].strip() if n + 1 < len(lines) else ""
        if line.strip() == 'msgstr ""' and not following.startswith('"'):
            out.append('msgstr "-"')
        else:
            out.append(line)
    return "\n".join(out)


def test_the_template_lists_every_message() -> None:
    assert len(_templates()) > 500


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str) -> None:
    path, text = _catalogue(lang)
    translated = parse_po(text, str(path))
    missing = sorted(_templates() - translated.keys())
    assert not missing, f"{path}: {len(missing)} messages without a translation (or fuzzy), e.g. {missing[:5]}"
    empty = sorted(key for key, value in translated.items() if not value.strip())
    assert not empty, f"{path}: blank translations for {empty[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_keeps_the_fields_of_its_template(lang: str) -> None:
    path, text = _catalogue(lang)
    wrong = []
    for key, value in parse_po(text, str(path)).items():
        try:
            same = fields(value) == fields(key)
        except ValueError as exc:
            wrong.append(f"{key!r} -> {value!r}: not a format string ({exc})")
            continue
        if not same:
            wrong.append(f"{key!r} has {sorted(fields(key))}, {value!r} has {sorted(fields(value))}")
    assert not wrong, f"{path}:\n" + "\n".join(wrong[:20])


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_entry_is_left_over_from_removed_messages(lang: str) -> None:
    path, text = _catalogue(lang)
    stale = sorted(_all_entries(text, str(path)) - _templates())
    assert not stale, f"{path}: {len(stale)} entries the code no longer has (msgmerge removes them), e.g. {stale[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_msgfmt_accepts_the_catalogue(lang: str, tmp_path: Path) -> None:
    path, _ = _catalogue(lang)
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt (GNU gettext) is not installed; the checks above still ran")
    done = subprocess.run([msgfmt, "--check", "-o", str(tmp_path / f"{lang}.mo"), str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
