"""Find every message template in the code and file it in the catalogue that owns it.

    python -m companion.i18n_extract            # say whether every catalogue is current
    python -m companion.i18n_extract --write    # rewrite the .pot files, move entries to their catalogue
    python -m companion.i18n_extract --write --translations new.json   # and fill in new translations

A template is the first argument of a call to `msg(...)`, or the first two
(singular and plural) of `msg_n(...)`, which must be string literals (the
extractor reads the source, it does not run it).

There is one catalogue per registered game and one shared catalogue:

- a game's catalogue (`locale/` in its folder, see
  `companion.i18n.game_locale_dir`) holds the templates used only in that
  game's folder `games/<package>/` (its rules, its app part and screens);
- the shared catalogue (`companion/locale/`) holds the rest: the app's own
  words and any template two games, or a game and the app, both use.

The list of games comes from the engine's registry, so a new game's
catalogue is found with no list to edit. Each catalogue has a `.pot` listing
its templates with the files that use them (no line numbers, so moving code
does not make it stale), in a stable order, and a `<lang>.po` per language.

`--write` rewrites every `.pot` and brings each `.po` in line with it: a new
template gets an empty entry in the right catalogue, a template that moved
(a game's word the app now uses too) takes its translation along to its
new catalogue, and an entry whose template is gone from the code is
dropped. A game's `.po` may also keep its own translation of a shared
template its files use (read first for that game). `--translations FILE`
(JSON `{"msgid": {"de": "...", "fr": "...", "nl": "..."}}`, a list of forms
for a plural entry) fills entries that have no translation yet.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import (
    LANGUAGES,
    LOCALE_DIR,
    PLURAL_FORMS,
    PLURAL_SEP,
    CatalogError,
    PoEntry,
    catalogue_domains,
    read_po,
)

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("engine", "games", "companion", "drivers")
TESTS = "tests"
"""A game's own tests (games/<package>/tests/) are not scanned: a test's words are no catalogue's."""
POT_NAME = "messages.pot"
POT = LOCALE_DIR / POT_NAME
"""The shared catalogue's template."""
MARKER = "msg"
PLURAL_MARKER = "msg_n"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
ENGLISH_NAMES = {"de": "German", "fr": "French", "nl": "Dutch"}


class ExtractError(ValueError):
    """A `msg(...)` call whose template is not a string literal."""


def _marker(func: ast.expr) -> str | None:
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    return name if name in (MARKER, PLURAL_MARKER) else None


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


_READ: dict[tuple[Path, Path, int, int], dict[str, list[str]]] = {}
"""What each file held when last read, by (file, root, mtime, size): the checks that a catalogue is current
ask for every source file many times in one process, and parsing them all costs seconds each time."""


def extract_file(path: Path, root: Path = ROOT) -> dict[str, list[str]]:
    """key -> ["engine/x.py:12", ...] for one source file (a plural's key: singular NUL plural)."""
    stat = path.stat()
    key = (path, root, stat.st_mtime_ns, stat.st_size)
    if key not in _READ:
        _READ[key] = _extract_file(path, root)
    return {template: list(places) for template, places in _READ[key].items()}


def _extract_file(path: Path, root: Path) -> dict[str, list[str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: dict[str, list[str]] = {}
    where = path.relative_to(root).as_posix()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        marker = _marker(node.func)
        if marker is None or not node.args:
            continue
        if marker == MARKER:
            key = _literal(node.args[0])
            if key is None:
                raise ExtractError(f"{where}:{node.lineno}: msg() needs a string literal as its template")
        else:
            forms = [_literal(arg) for arg in node.args[:2]]
            if len(forms) != 2 or forms[0] is None or forms[1] is None:
                raise ExtractError(f"{where}:{node.lineno}: msg_n() needs two string literals "
                                   "(singular, plural) as its templates")
            key = forms[0] + PLURAL_SEP + forms[1]
        found.setdefault(key, []).append(f"{where}:{node.lineno}")
    return found


def extract(root: Path = ROOT, sources: tuple[str, ...] = SOURCES) -> dict[str, list[str]]:
    """Every key in the project's packages, with where each is used."""
    found: dict[str, list[str]] = {}
    for package in sources:
        for path in sorted((root / package).rglob("*.py")):
            if TESTS in path.relative_to(root / package).parts:
                continue
            for template, places in extract_file(path, root).items():
                found.setdefault(template, []).extend(places)
    return found


@dataclass(frozen=True)
class Domain:
    """One catalogue: "" for the shared one, else a game's name; its folder; which files are the game's."""

    name: str
    folder: Path
    parts: tuple[str, ...] = ()
    """Path prefixes (relative to the project, "/"-separated) of the game's own files."""

    @property
    def pot(self) -> Path:
        return self.folder / POT_NAME

    def po(self, lang: str) -> Path:
        return self.folder / f"{lang}.po"

    def owns(self, place: str) -> bool:
        return any(place.startswith(part) for part in self.parts)


def domains(root: Path = ROOT) -> list[Domain]:
    """The shared catalogue, then one per game the engine registers."""
    found = [Domain("", LOCALE_DIR)]
    for game, folder in list(catalogue_domains().items())[1:]:
        package = folder.parent
        try:
            game_folder = package.resolve().relative_to(root).as_posix() + "/"
        except ValueError:
            game_folder = f"games/{package.name}/"
        found.append(Domain(game, folder, (game_folder,)))
    return found


def split(found: Mapping[str, list[str]], catalogues: list[Domain]) -> dict[str, dict[str, list[str]]]:
    """Each catalogue's keys: a key whose every use is in one game's files is that game's, else shared."""
    out: dict[str, dict[str, list[str]]] = {d.name: {} for d in catalogues}
    games = [d for d in catalogues if d.name]
    for key, places in found.items():
        owners = {_owner(place, games) for place in places}
        home = owners.pop() if len(owners) == 1 else ""
        out[home][key] = places
    return out


def _owner(place: str, games: list[Domain]) -> str:
    """The game whose files hold `place` ("" for the app's); the longest matching prefix wins."""
    best, length = "", 0
    for game in games:
        for part in game.parts:
            if place.startswith(part) and len(part) > length:
                best, length = game.name, len(part)
    return best


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def _entry_lines(key: str, places: list[str] | None, forms: list[str] | None) -> list[str]:
    lines: list[str] = []
    if places:
        files = dict.fromkeys(place.rsplit(":", 1)[0] for place in places)
        lines.extend(f"#: {name}" for name in files)
    if "{" in key:
        lines.append("#, python-brace-format")
    singular, sep, plural = key.partition(PLURAL_SEP)
    lines.append(f"msgid {_quote(singular)}")
    if sep:
        lines.append(f"msgid_plural {_quote(plural)}")
        values = forms if forms else ["", ""]
        lines.extend(f"msgstr[{n}] {_quote(value)}" for n, value in enumerate(values))
    else:
        lines.append(f"msgstr {_quote(forms[0] if forms else '')}")
    lines.append("")
    return lines


def pot_text(found: Mapping[str, list[str]]) -> str:
    """A catalogue template: a header, then one entry per key, sorted."""
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"',
             '"Content-Transfer-Encoding: 8bit\\n"', ""]
    for key in sorted(found):
        lines.extend(_entry_lines(key, found[key], None))
    return "\n".join(lines)


HEADER_ORDER = ("Project-Id-Version", "PO-Revision-Date", "Last-Translator", "Language-Team", "Language",
                "MIME-Version", "Content-Type", "Content-Transfer-Encoding", "Plural-Forms")


def po_text(lang: str, lead: list[str], header: Mapping[str, str],
            entries: list[tuple[str, list[str] | None, list[str] | None]]) -> str:
    """A language's catalogue: its leading comments, its header (with the language's plural rule), then
    (key, places, forms) entries in the order given."""
    fields = {**header, "Language": lang, "Plural-Forms": PLURAL_FORMS[lang]}
    names = [n for n in HEADER_ORDER if n in fields] + [n for n in fields if n not in HEADER_ORDER]
    lines = [*lead, 'msgid ""', 'msgstr ""', *(_quote(f"{name}: {fields[name]}\n") for name in names), ""]
    for key, places, forms in entries:
        lines.extend(_entry_lines(key, places, forms))
    return "\n".join(lines)


@dataclass
class Plan:
    """What `--write` would write: path -> text, and what moved or was dropped, to report."""

    files: dict[Path, str]
    moved: int = 0
    dropped: int = 0
    filled: int = 0


def _shown(path: Path) -> str:
    """A path as the project names it (relative to its root), or whole when it is elsewhere."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def _read(path: Path) -> tuple[list[str], dict[str, str], list[PoEntry]]:
    if not path.is_file():
        return [], {}, []
    return read_po(path.read_text(encoding="utf-8"), str(path))


def plan(found: Mapping[str, list[str]], catalogues: list[Domain],
         extra: Mapping[str, Mapping[str, object]] | None = None) -> Plan:
    """Every .pot and .po file as it should be for `found` (see the module's note)."""
    keys = split(found, catalogues)
    result = Plan({})
    shared = catalogues[0]
    for domain in catalogues:
        result.files[domain.pot] = pot_text(keys[domain.name])
    for lang in TRANSLATED:
        read = {d.name: _read(d.po(lang)) for d in catalogues}
        pool: dict[str, list[str]] = {}
        where: dict[str, str] = {}
        for name, (_, _, found_entries) in read.items():
            for entry in found_entries:
                if entry.translated and (entry.key not in pool or keys[name].get(entry.key) is not None):
                    pool[entry.key] = entry.forms
                    where[entry.key] = name
        for key, by_lang in (extra or {}).items():
            value = by_lang.get(lang) if isinstance(by_lang, Mapping) else None
            for full in (key, *(k for k in found if k.partition(PLURAL_SEP)[0] == key and PLURAL_SEP in k)):
                if full not in found or full in pool:
                    continue
                given = [value] if isinstance(value, str) else list(value) if isinstance(value, list) else []
                if not given or (PLURAL_SEP in full) != (len(given) > 1) or not all(isinstance(f, str) and f for f in given):
                    continue
                pool[full] = [str(f) for f in given]
                result.filled += 1
        shared_lead, shared_header, _ = read[""]
        for domain in catalogues:
            lead, header, old = read[domain.name]
            if not domain.name:
                lead, header = shared_lead, shared_header
            elif not lead:
                lead = [f"# {ENGLISH_NAMES[lang]} words of the game {domain.name}, only its own (the shared ones",
                        f"# are in {_shown(shared.po(lang))}, with the list of terms "
                        "used for every game)."]
                header = header or dict(shared_header)
            own = keys[domain.name]
            entries: list[tuple[str, list[str] | None, list[str] | None]] = []
            for key in sorted(own):
                forms = pool.get(key)
                if forms is not None and where.get(key, domain.name) != domain.name:
                    result.moved += 1
                entries.append((key, own[key], forms))
            if domain.name:
                overrides = {e.key: e.forms for e in old if e.key in found and e.key not in own and e.translated
                             and e.forms != pool.get(e.key) and any(domain.owns(place) for place in found[e.key])}
                entries.extend((key, found[key], forms) for key, forms in sorted(overrides.items()))
            kept = {key for key, _, _ in entries}
            result.dropped += sum(1 for e in old if e.key not in kept and e.key not in found)
            if entries or domain.po(lang).exists():
                result.files[domain.po(lang)] = po_text(lang, lead, header, entries)
    return result


def _load_translations(paths: list[Path]) -> dict[str, Mapping[str, object]]:
    merged: dict[str, Mapping[str, object]] = {}
    for path in paths:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ExtractError(f"{path}: cannot read the translations ({exc})") from None
        if not isinstance(data, dict):
            raise ExtractError(f"{path}: expected a JSON object msgid -> {{language: translation}}")
        merged.update({str(k): v for k, v in data.items() if isinstance(v, dict)})
    return merged


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.i18n_extract", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="rewrite the catalogues")
    parser.add_argument("--translations", type=Path, action="append", default=[], metavar="FILE",
                        help="JSON {msgid: {de, fr, nl}} filling entries without a translation (with --write)")
    args = parser.parse_args(argv)
    try:
        catalogues = domains()
        wanted = plan(extract(), catalogues, _load_translations(args.translations))
    except (ExtractError, CatalogError) as exc:
        print(f"i18n_extract: {exc}", file=sys.stderr)
        return 2
    stale = [path for path, text in wanted.files.items()
             if not path.is_file() or path.read_text(encoding="utf-8") != text]
    count = sum(text.count("\nmsgid ") for path, text in wanted.files.items() if path.suffix == ".pot")
    if args.write:
        for path in stale:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(wanted.files[path], encoding="utf-8")
            print(f"wrote {_shown(path)}")
        print(f"{len(catalogues)} catalogues, {count} messages; {wanted.moved} translations moved to their "
              f"catalogue, {wanted.dropped} dropped (gone from the code), {wanted.filled} filled in")
        return 0
    if stale:
        names = ", ".join(_shown(path) for path in stale[:6])
        print(f"out of date: {names}: run python -m companion.i18n_extract --write", file=sys.stderr)
        return 1
    print(f"{len(catalogues)} catalogues are current ({count} messages)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
