"""The German, French and Dutch catalogues are complete and safe to render, catalogue by catalogue.

There is a shared catalogue and one per registered game (see
companion.i18n_extract). For each of them and each language: `<lang>.po`
exists and parses, every entry of its `messages.pot` has a translation that
is neither empty nor fuzzy (every form of a plural one), each translation
uses exactly the fields of its template (a missing `{card}` loses the card's
name, an extra one crashes `str.format`; a singular form may leave out its count `{n}`), the catalogue holds no entry
its files no longer use (a game's catalogue has every message its folder
uses, the shared one the platform's, see companion.i18n_extract), its `Plural-Forms` header is the language's
rule, and `msgfmt --check` (GNU gettext, when installed) accepts the file.

Nothing here is skipped when a catalogue is missing: a missing catalogue is a
failure, since the table would then read English in that language.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from companion.i18n import LANGUAGES, PLURAL_FORMS, PLURAL_SEP, PoEntry, fields, read_po
from companion.i18n_extract import Domain, domains, extract

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
CATALOGUES = domains()
CASES = [pytest.param(domain, lang, id=f"{domain.name or 'shared'}-{lang}")
         for domain in CATALOGUES for lang in TRANSLATED]


def _templates(domain: Domain) -> set[str]:
    return {entry.key for entry in read_po(domain.pot.read_text(encoding="utf-8"), str(domain.pot))[2]}


def _catalogue(domain: Domain, lang: str) -> tuple[Path, dict[str, str], list[PoEntry]]:
    path = domain.po(lang)
    assert path.is_file(), f"{path} is missing: run python -m companion.i18n_extract --write, then translate it"
    _, header, entries = read_po(path.read_text(encoding="utf-8"), str(path))
    return path, header, entries


def test_the_templates_list_every_message() -> None:
    """Every message is in a catalogue, in one or more (a message the app and a game both use is in both)."""
    listed = [_templates(d) for d in CATALOGUES]
    assert set().union(*listed) == extract().keys()
    assert len(extract()) > 500
    assert all(listed), "a catalogue without a message"


@pytest.mark.parametrize(("domain", "lang"), CASES)
def test_every_message_is_translated(domain: Domain, lang: str) -> None:
    path, _, entries = _catalogue(domain, lang)
    translated = {entry.key: entry for entry in entries if entry.translated}
    missing = sorted(_templates(domain) - translated.keys())
    assert not missing, f"{path}: {len(missing)} messages without a translation (or fuzzy), e.g. {missing[:5]}"
    blank = sorted(key for key, entry in translated.items() if not all(form.strip() for form in entry.forms))
    assert not blank, f"{path}: blank translations for {blank[:5]}"
    for entry in entries:
        assert (entry.plural is None) == (len(entry.forms) == 1), f"{path}:{entry.line}: forms {entry.forms}"


@pytest.mark.parametrize(("domain", "lang"), CASES)
def test_every_translation_keeps_the_fields_of_its_template(domain: Domain, lang: str) -> None:
    path, _, entries = _catalogue(domain, lang)
    wrong = []
    for entry in entries:
        if not entry.translated:
            continue
        want = set().union(*(fields(part) for part in entry.key.split(PLURAL_SEP)))
        for index, value in enumerate(entry.forms):
            # A singular form may say its count in words ("the last tile" for {n} = 1), so it may leave
            # out the count field `n`; every other field, and every field in the last (plural) form, stays.
            optional = {"n"} if entry.plural is not None and index < len(entry.forms) - 1 else set()
            try:
                same = want - optional <= fields(value) <= want
            except ValueError as exc:
                wrong.append(f"{entry.key!r} -> {value!r}: not a format string ({exc})")
                continue
            if not same:
                wrong.append(f"{entry.key!r} has {sorted(want)}, {value!r} has {sorted(fields(value))}")
    assert not wrong, f"{path}:\n" + "\n".join(wrong[:20])


@pytest.mark.parametrize(("domain", "lang"), CASES)
def test_no_entry_is_left_over_from_removed_messages(domain: Domain, lang: str) -> None:
    path, _, entries = _catalogue(domain, lang)
    own = _templates(domain)
    stale = sorted(entry.key for entry in entries if entry.key not in own)
    assert not stale, f"{path}: {len(stale)} entries not in its {domain.pot.name} (run the extractor), e.g. {stale[:5]}"


@pytest.mark.parametrize(("domain", "lang"), CASES)
def test_the_plural_rule_is_the_languages(domain: Domain, lang: str) -> None:
    """French uses the singular for 0 and 1, German and Dutch (like English) only for 1."""
    path, header, _ = _catalogue(domain, lang)
    assert header.get("Language") == lang, f"{path}: Language header"
    assert header.get("Plural-Forms") == PLURAL_FORMS[lang], f"{path}: Plural-Forms {header.get('Plural-Forms')!r}"


@pytest.mark.parametrize(("domain", "lang"), CASES)
def test_msgfmt_accepts_the_catalogue(domain: Domain, lang: str, tmp_path: Path) -> None:
    path, _, _ = _catalogue(domain, lang)
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt (GNU gettext) is not installed; the checks above still ran")
    done = subprocess.run([msgfmt, "--check", "-o", str(tmp_path / f"{lang}.mo"), str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "warning" not in done.stderr, done.stderr
