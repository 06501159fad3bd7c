"""The words a table reads, in English, German, French or Dutch.

Every sentence for people is a `Message` (engine.core.messages): an English
template, which is also its key, and named parameters. A `Translator` picks
the chosen language's template from a gettext catalogue (`locale/<lang>.po`,
the format translators' tools read and `msgfmt --check` validates) and
renders each parameter for that language through the namers a game gives it
(a field `{card}` holding `3-doll-wound` becomes the card's name as players
say it). English needs no catalogue: its templates are the keys.

A missing or untranslated entry falls back to English rather than failing
at the table; the test suite is what makes sure there are none.
"""

from __future__ import annotations

import gettext
import importlib.util
import re
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.messages import Message

LANGUAGES = ("en", "de", "fr", "nl")
"""English first: the language of the templates."""
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "nl": "Nederlands"}
LOCALE_DIR = Path(__file__).with_name("locale")

Namer = Callable[[Any, "Translator"], str]
"""Renders one parameter value (an id, a number) in the translator's language."""

_FIELD_KIND = re.compile(r"\d+$")


class CatalogError(ValueError):
    """A catalogue file that cannot be read: the message names the file and line."""


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
_ESCAPED = re.compile(r"\\(.)", re.DOTALL)


def _unquote(text: str, source: str, number: int) -> str:
    """A .po string without its quotes, each backslash escape read (an unknown one stands for its character)."""
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogError(f"{source}:{number}: expected a quoted string")
    body = text[1:-1]
    if "\\" not in body:
        return body
    return _ESCAPED.sub(lambda found: _ESCAPES.get(found.group(1), found.group(1)), body)


@dataclass
class PoEntry:
    """One entry of a .po file as written, translated or not.

    `key` is how the catalogue files it: the msgid, or for a message with a
    count the msgid and msgid_plural joined by NUL (the .mo files' own
    convention), whose `value` is then the forms joined by NUL.
    """

    msgid: str
    plural: str | None = None
    forms: list[str] = field(default_factory=list)
    fuzzy: bool = False
    comments: list[str] = field(default_factory=list)
    line: int = 0

    @property
    def key(self) -> str:
        return self.msgid if self.plural is None else self.msgid + PLURAL_SEP + self.plural

    @property
    def value(self) -> str:
        return PLURAL_SEP.join(self.forms)

    @property
    def translated(self) -> bool:
        """Usable at the table: not fuzzy, and no form left empty."""
        return not self.fuzzy and bool(self.forms) and all(self.forms)


def read_po(text: str, source: str = "<po>") -> tuple[list[str], dict[str, str], list[PoEntry]]:
    """The file's leading comment lines, its header fields and every entry, in file order.

    Enough of the gettext format for catalogues kept by hand or by Poedit:
    comments, flags, multi-line strings, msgctxt-free entries, plural
    entries (msgid_plural with msgstr[0], msgstr[1], ...). Obsolete entries
    (`#~`) are dropped, as msgfmt does.
    """
    entries: list[PoEntry] = []
    pending: list[str] = []
    current: PoEntry | None = None
    target: tuple[str, int] | None = None
    """What a continuation string extends: ("msgid", 0), ("plural", 0) or ("msgstr", form)."""
    lead: list[str] = []
    started = False

    def close() -> None:
        nonlocal current, target
        if current is not None:
            if not current.forms:
                raise CatalogError(f"{source}:{current.line}: msgid without msgstr")
            entries.append(current)
        current = None
        target = None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            close()
            continue
        if line.startswith("#~"):
            continue
        if line.startswith("#"):
            if current is not None and current.forms:
                close()
            if not started and not line.startswith(("#:", "#,", "#.", "#|")):
                lead.append(raw)
            else:
                pending.append(raw)
            continue
        started = True
        if line.startswith("msgid_plural "):
            if current is None or target is None or target[0] != "msgid":
                raise CatalogError(f"{source}:{number}: msgid_plural without msgid")
            current.plural = _unquote(line[len("msgid_plural "):], source, number)
            target = ("plural", 0)
        elif line.startswith("msgid "):
            close()
            fuzzy = any(c.startswith("#,") and "fuzzy" in c for c in pending)
            current = PoEntry(_unquote(line[6:], source, number), fuzzy=fuzzy, comments=pending, line=number)
            pending = []
            target = ("msgid", 0)
        elif line.startswith("msgstr"):
            if current is None:
                raise CatalogError(f"{source}:{number}: msgstr without msgid")
            head, _, rest = line.partition(" ")
            if head == "msgstr":
                index = 0
            elif head.startswith("msgstr[") and head.endswith("]") and head[7:-1].isdigit():
                index = int(head[7:-1])
            else:
                raise CatalogError(f"{source}:{number}: not a line of a .po file: {line[:40]!r}")
            if (index > 0 or head != "msgstr") and current.plural is None:
                raise CatalogError(f"{source}:{number}: msgstr[{index}] without msgid_plural")
            if index != len(current.forms):
                raise CatalogError(f"{source}:{number}: msgstr[{index}] out of order")
            current.forms.append(_unquote(rest, source, number))
            target = ("msgstr", index)
        elif line.startswith('"'):
            if current is None or target is None:
                raise CatalogError(f"{source}:{number}: a string outside an entry")
            piece = _unquote(line, source, number)
            if target[0] == "msgid":
                current.msgid += piece
            elif target[0] == "plural":
                current.plural = (current.plural or "") + piece
            else:
                current.forms[target[1]] += piece
        else:
            raise CatalogError(f"{source}:{number}: not a line of a .po file: {line[:40]!r}")
    close()
    header: dict[str, str] = {}
    if entries and entries[0].msgid == "" and entries[0].plural is None:
        for row in entries.pop(0).value.splitlines():
            name, colon, value = row.partition(":")
            if colon:
                header[name.strip()] = value.strip()
    return lead, header, entries


def parse_po(text: str, source: str = "<po>") -> dict[str, str]:
    """key -> translation for every translated, non-fuzzy entry of a .po file's text (see `PoEntry.key`).

    The header entry (empty msgid) is not an entry.
    """
    return {entry.key: entry.value for entry in read_po(text, source)[2] if entry.key and entry.translated}


PLURAL_SEP = "\x00"
"""Joins a plural message's msgid and msgid_plural into its catalogue key, and its forms in the value."""

PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
}
"""Each language's gettext plural rule: French says "0 partie gagnée", the others "0 games"."""


@cache
def plural_rule(forms: str) -> Callable[[int], int]:
    """The form index for a count, from a `Plural-Forms` header value ("nplurals=2; plural=(n > 1);").

    Kept per header: gettext compiles the expression into Python, and every frame makes translators.
    """
    expression = ""
    for part in forms.split(";"):
        name, _, value = part.partition("=")
        if name.strip() == "plural":
            expression = value.strip()
    if not expression:
        raise CatalogError(f"Plural-Forms {forms!r} has no plural= expression")
    try:
        rule: Callable[[int], int] = gettext.c2py(expression)
    except ValueError as exc:
        raise CatalogError(f"Plural-Forms {forms!r}: {exc}") from None
    return rule


class Catalogue(dict[str, str]):
    """One catalogue file's translations (see `parse_po`) and the plural rule its header states."""

    def __init__(self, entries: Mapping[str, str], plural_forms: str) -> None:
        super().__init__(entries)
        self.plural_forms = plural_forms
        self.plural = plural_rule(plural_forms)


def _read_catalogue(path: Path, lang: str, required: bool) -> Catalogue:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        if required:
            raise CatalogError(f"{path}: cannot read the catalogue (it is missing)") from None
        return Catalogue({}, PLURAL_FORMS[lang])
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogError(f"{path}: cannot read the catalogue ({exc})") from None
    _, header, entries = read_po(text, str(path))
    catalogue = Catalogue({e.key: e.value for e in entries if e.key and e.translated},
                          header.get("Plural-Forms", PLURAL_FORMS[lang]))
    return catalogue


def _check_language(lang: str) -> None:
    if lang not in LANGUAGES:
        raise CatalogError(f"{lang!r} is not a language the companion speaks ({', '.join(LANGUAGES)})")


def game_locale_dir(game: str) -> Path:
    """Where game `game` keeps its catalogue: `locale/` inside its package, the folder `games/<package>/`.

    The folder holds everything the game says (its rules, its app part and
    screens) and already carries the game's data files; the package data of
    the wheel ships both the same way. Found through the engine's registry,
    so a new game's catalogue needs no list anywhere.
    """
    from engine.core.registry import entry

    package = entry(game).factory.partition(":")[0]
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise CatalogError(f"game {game!r}: its package {package} cannot be found")
    return Path(list(spec.submodule_search_locations)[0]) / "locale"


def catalogue_domains() -> dict[str, Path]:
    """Every catalogue: "" (the app's shared words) -> companion/locale, then each registered game's."""
    from engine.core.registry import game_names

    return {"": LOCALE_DIR, **{game: game_locale_dir(game) for game in game_names()}}


@cache
def game_catalogue(lang: str, game: str) -> Mapping[str, str]:
    """Every word game `game`'s folder uses, in one language: its catalogue is self-contained (a word the
    platform or another game uses too is repeated there, with the game's own translation)."""
    _check_language(lang)
    if lang == "en" or not game:
        return {}
    return _read_catalogue(game_locale_dir(game) / f"{lang}.po", lang, required=False)


@cache
def catalogue(lang: str) -> Mapping[str, str]:
    """All the translations of one language (empty for English); read once per process.

    The shared catalogue first, then every game's: a translator that does
    not know the game (a history page listing every game) still finds each
    game's words; one that does looks in its game's catalogue first
    (`game_catalogue`, every word the game's folder says), then here for the
    platform's words about that game (a refusal the core makes of its
    input), so a word two games translate differently comes out right for
    each.
    """
    _check_language(lang)
    if lang == "en":
        return {}
    shared = _read_catalogue(LOCALE_DIR / f"{lang}.po", lang, required=True)
    merged = Catalogue({}, shared.plural_forms)
    for folder in reversed(list(catalogue_domains().values())[1:]):
        merged.update(_read_catalogue(folder / f"{lang}.po", lang, required=False))
    merged.update(shared)
    return merged


def forget_catalogues() -> None:
    """Read the catalogue files again on next use (after a test points the folders elsewhere)."""
    catalogue.cache_clear()
    game_catalogue.cache_clear()


def fields(template: str) -> set[str]:
    """The named fields of a template ("{card} in {place}" -> {"card", "place"})."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


class Translator:
    """Messages to words in one language, with the words and namers of the game being played.

    `game` names the game whose messages this translator renders (the
    screen, the page, the command knows it): its own catalogue is read
    first. Without one, every catalogue is still searched.
    """

    def __init__(self, lang: str = "en", namers: Mapping[str, Namer] | None = None, game: str = "") -> None:
        self.lang = lang
        self.game = game
        self._templates = catalogue(lang)
        self._own = game_catalogue(lang, game) if game else {}
        self.namers: dict[str, Namer] = dict(namers or {})
        forms = getattr(self._templates, "plural_forms", PLURAL_FORMS.get(lang, PLURAL_FORMS["en"]))
        self._plural = plural_rule(forms)
        self._plurals: dict[str, str] | None = None

    def with_namers(self, namers: Mapping[str, Namer], game: str | None = None) -> Translator:
        """The same language with more namers (a game's cards, symbols, seats), and that game's words."""
        return Translator(self.lang, {**self.namers, **namers}, self.game if game is None else game)

    def template(self, key: str) -> str:
        found = self._own.get(key)
        return found if found is not None else self._templates.get(key, key)

    def value(self, name: str, value: Any) -> str:
        """One parameter in words: by the namer for its kind (the field name without trailing digits)."""
        if isinstance(value, Message):
            return self(value)
        namer = self.namers.get(_FIELD_KIND.sub("", name))
        if namer is not None:
            return namer(value, self)
        return str(value)

    def _older_plural(self, template: str) -> str | None:
        """The plural entry whose English plural is `template`, if the catalogues have no entry of its own.

        A message saved before it had plural forms (a history row's summary,
        "{n} points of prisoners") is stored with what is now its plural
        template; found this way it still reads in the table's language.
        """
        if self._plurals is None:
            self._plurals = {}
            for table in (self._templates, self._own):
                for key in table:
                    singular, sep, plural = key.partition(PLURAL_SEP)
                    if sep:
                        self._plurals[plural] = singular
        return self._plurals.get(template)

    def _chosen(self, message: Message) -> tuple[str, str]:
        """(this language's template, the English one) for the message, the plural form picked by its count."""
        if message.plural is None:
            found = self._own.get(message.template)
            if found is None:
                found = self._templates.get(message.template)
            if found is not None or not self._templates:
                return found if found is not None else message.template, message.template
            older = self._older_plural(message.template)
            if older is None:
                return message.template, message.template
            singular, plural = older, message.template
        else:
            singular, plural = message.template, message.plural
        english = singular if message.count == 1 else plural
        forms = self.template(singular + PLURAL_SEP + plural).split(PLURAL_SEP)
        if len(forms) < 2:
            return english, english
        try:
            index = int(self._plural(message.count))
        except (TypeError, ValueError):
            index = 1
        return forms[min(max(index, 0), len(forms) - 1)], english

    def __call__(self, message: Message | str, **params: Any) -> str:
        """The message in this language; a plain string is taken as a template with `params`."""
        if isinstance(message, str):
            message = Message(message, params)
        template, english = self._chosen(message)
        if not message.params:
            return template
        values = {name: self.value(name, value) for name, value in message.params.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return english.format(**values)

    def all(self, messages: Iterable[Message]) -> list[str]:
        return [self(m) for m in messages]


ENGLISH = Translator("en")

