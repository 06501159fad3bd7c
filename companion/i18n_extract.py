"""Find every message template in the code and file it in the catalogues of the files that use it.

    python -m companion.i18n_extract            # say whether every catalogue is current
    python -m companion.i18n_extract --write    # rewrite the .pot files, bring each .po in line with its .pot
    python -m companion.i18n_extract --write --translations new.json   # and fill in new translations

A template is the first argument of a call to `msg(...)`, or the first two
(singular and plural) of `msg_n(...)`, which must be string literals (the
extractor reads the source, it does not run it).

There is one catalogue per registered game and one shared catalogue, and
each is self-contained:

- a game's catalogue (`locale/` in its folder, see
  `companion.i18n.game_locale_dir`) holds every template used in that
  game's folder `games/<package>/` (its rules, its app part and screens),
  even one the platform or another game uses too;
- the shared catalogue (`companion/locale/`) holds every template used in
  the platform (`engine/`, `companion/`, `drivers/`).

A template both use is in both, each with its own translation, and each
entry names only its own catalogue's files. So adding or removing a game,
or a game's use of a word, changes that game's catalogue and no other.
A template in a folder of `games/` that registers no game is in no
catalogue; the extractor names it.

The list of games comes from the engine's registry, so a new game's
catalogue is found with no list to edit. Each catalogue has a `.pot` listing
its templates with the files that use them (no line numbers, so moving code
does not make it stale), in a stable order, and a `<lang>.po` per language.

`--write` rewrites every `.pot` and brings each `.po` in line with it,
keeping every translation it holds. A template new to a catalogue is
filled from the shared catalogue when that translates it (else from
`--translations`, else from a game's catalogue that does, the first by
name), so a game that takes up a shared word needs no translator; nothing
is taken from the catalogue it came from. An entry whose template its
files no longer use is dropped. `--translations FILE` (JSON `{"msgid":
{"de": "...", "fr": "...", "nl": "..."}}`, a list of forms for a plural
entry) fills entries that have no translation yet.
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
GAMES = "games"
"""The folder of the games; every other source folder is the platform's."""
SOURCES = ("engine", GAMES, "companion", "drivers")
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
    """Each catalogue's keys, each with its uses in that catalogue's files: a game's catalogue has every key
    its folder uses, the shared one every key the platform uses (a key both use is in both)."""
    out: dict[str, dict[str, list[str]]] = {d.name: {} for d in catalogues}
    games = [d for d in catalogues if d.name]
    for key, places in found.items():
        for place in places:
            home = _owner(place, games)
            if home is not None:
                out[home].setdefault(key, []).append(place)
    return out


def unfiled(found: Mapping[str, list[str]], catalogues: list[Domain]) -> list[str]:
    """The uses no catalogue files: in a folder of `games/` that no registered game owns."""
    games = [d for d in catalogues if d.name]
    return sorted(place for places in found.values() for place in places if _owner(place, games) is None)


def _owner(place: str, games: list[Domain]) -> str | None:
    """The game whose files hold `place`, the longest matching prefix winning; "" for the platform's (outside
    `games/`); None for a place in `games/` no game owns."""
    best, length = "", 0
    for game in games:
        for part in game.parts:
            if place.startswith(part) and len(part) > length:
                best, length = game.name, len(part)
    if not best and place.startswith(f"{GAMES}/"):
        return None
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
    """What `--write` would write: path -> text, and how many entries were filled or dropped, to report.

    Counted per entry of each language's file: `from_shared` filled from the shared catalogue, `from_game`
    from a game's, `filled` from the translations file; `dropped` no longer used by its catalogue's files.
    """

    files: dict[Path, str]
    from_shared: int = 0
    from_game: int = 0
    filled: int = 0
    dropped: int = 0


def _shown(path: Path) -> str:
    """A path as the project names it (relative to its root), or whole when it is elsewhere."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def _read(path: Path) -> tuple[list[str], dict[str, str], list[PoEntry]]:
    if not path.is_file():
        return [], {}, []
    return read_po(path.read_text(encoding="utf-8"), str(path))


def _given(extra: Mapping[str, Mapping[str, object]], key: str, lang: str) -> list[str] | None:
    """The forms the translations file gives `key` in `lang` (a plural one may be named by its singular)."""
    singular, sep, _ = key.partition(PLURAL_SEP)
    by_lang = extra.get(key, extra.get(singular) if sep else None)
    value = by_lang.get(lang) if isinstance(by_lang, Mapping) else None
    given = [value] if isinstance(value, str) else list(value) if isinstance(value, list) else []
    if not given or bool(sep) != (len(given) > 1) or not all(isinstance(form, str) and form for form in given):
        return None
    return [str(form) for form in given]


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
        known = {name: {e.key: e.forms for e in entries if e.translated} for name, (_, _, entries) in read.items()}
        games = sorted(name for name in known if name)
        shared_lead, shared_header, _ = read[""]
        for domain in catalogues:
            lead, header, old = read[domain.name]
            if not domain.name:
                lead, header = shared_lead, shared_header
            elif not lead:
                lead = [f"# {ENGLISH_NAMES[lang]} words of the game {domain.name}: every message its folder uses",
                        f"# (the platform's are in {_shown(shared.po(lang))}, with the list of terms "
                        "used for every game)."]
                header = header or dict(shared_header)
            own = keys[domain.name]
            mine = known[domain.name]
            entries: list[tuple[str, list[str] | None, list[str] | None]] = []
            for key in sorted(own):
                forms = mine.get(key)
                if forms is None and domain.name and key in known[""]:
                    forms = known[""][key]
                    result.from_shared += 1
                if forms is None and extra:
                    forms = _given(extra, key, lang)
                    result.filled += forms is not None
                if forms is None:
                    forms = next((known[game][key] for game in games if key in known[game]), None)
                    result.from_game += forms is not None
                entries.append((key, own[key], forms))
            result.dropped += sum(1 for e in old if e.key not in own)
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
        found = extract()
        wanted = plan(found, catalogues, _load_translations(args.translations))
    except (ExtractError, CatalogError) as exc:
        print(f"i18n_extract: {exc}", file=sys.stderr)
        return 2
    stale = [path for path, text in wanted.files.items()
             if not path.is_file() or path.read_text(encoding="utf-8") != text]
    count = sum(text.count("\nmsgid ") for path, text in wanted.files.items() if path.suffix == ".pot")
    missing = unfiled(found, catalogues)
    if missing:
        print(f"i18n_extract: {len(missing)} uses in no catalogue (a folder of {GAMES}/ that registers no "
              f"game): {', '.join(missing[:6])}", file=sys.stderr)
    if args.write:
        for path in stale:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(wanted.files[path], encoding="utf-8")
            print(f"wrote {_shown(path)}")
        print(f"{len(catalogues)} catalogues, {count} entries of {len(found)} messages; {wanted.from_shared} "
              f"filled from the shared catalogue, {wanted.from_game} from a game's, {wanted.filled} from the "
              f"translations, {wanted.dropped} dropped (no longer used by their catalogue's files)")
        return 0
    if stale:
        names = ", ".join(_shown(path) for path in stale[:6])
        print(f"out of date: {names}: run python -m companion.i18n_extract --write", file=sys.stderr)
    if stale or missing:
        return 1
    print(f"{len(catalogues)} catalogues are current ({count} entries of {len(found)} messages)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
