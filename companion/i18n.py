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

import re
import string
from collections.abc import Callable, Iterable, Mapping
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


def _unquote(text: str, source: str, number: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogError(f"{source}:{number}: expected a quoted string")
    body = text[1:-1]
    out: list[str] = []
    i = 0
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
    while i < len(body):
        char = body[i]
        if char == "\\" and i + 1 < len(body):
            out.append(escapes.get(body[i + 1], body[i + 1]))
            i += 2
            continue
        out.append(char)
        i += 1
    return "".join(out)


def parse_po(text: str, source: str = "<po>") -> dict[str, str]:
    """msgid -> msgstr for every translated, non-fuzzy entry of a .po file's text.

    Enough of the gettext format for catalogues kept by hand or by Poedit:
    comments, flags, multi-line strings, msgctxt-free singular entries. The
    header entry (empty msgid) is skipped.
    """
    entries: dict[str, str] = {}
    msgid: list[str] | None = None
    msgstr: list[str] | None = None
    fuzzy = False
    current: list[str] | None = None

    def finish() -> None:
        nonlocal msgid, msgstr, fuzzy
        if msgid is not None and msgstr is not None:
            key, value = "".join(msgid), "".join(msgstr)
            if key and value and not fuzzy:
                entries[key] = value
        msgid = msgstr = None
        fuzzy = False

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            finish()
            current = None
        elif line.startswith("#,"):
            finish()
            fuzzy = "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith("msgid "):
            if msgid is not None:
                was_fuzzy = fuzzy
                finish()
                fuzzy = was_fuzzy
            msgid = [_unquote(line[6:], source, number)]
            current = msgid
        elif line.startswith("msgstr "):
            if msgid is None:
                raise CatalogError(f"{source}:{number}: msgstr without msgid")
            msgstr = [_unquote(line[7:], source, number)]
            current = msgstr
        elif line.startswith('"'):
            if current is None:
                raise CatalogError(f"{source}:{number}: a string outside an entry")
            current.append(_unquote(line, source, number))
        else:
            raise CatalogError(f"{source}:{number}: not a line of a .po file: {line[:40]!r}")
    finish()
    return entries


@cache
def catalogue(lang: str) -> Mapping[str, str]:
    """The translations of one language (empty for English); read once per process."""
    if lang not in LANGUAGES:
        raise CatalogError(f"{lang!r} is not a language the companion speaks ({', '.join(LANGUAGES)})")
    if lang == "en":
        return {}
    path = LOCALE_DIR / f"{lang}.po"
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogError(f"{path}: cannot read the catalogue ({exc})") from None
    return parse_po(text, str(path))


def fields(template: str) -> set[str]:
    """The named fields of a template ("{card} in {place}" -> {"card", "place"})."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


class Translator:
    """Messages to words in one language, with the namers of the game being played."""

    def __init__(self, lang: str = "en", namers: Mapping[str, Namer] | None = None) -> None:
        self.lang = lang
        self._templates = catalogue(lang)
        self.namers: dict[str, Namer] = dict(namers or {})

    def with_namers(self, namers: Mapping[str, Namer]) -> Translator:
        """The same language with more namers (a game's cards, symbols, seats)."""
        return Translator(self.lang, {**self.namers, **namers})

    def template(self, key: str) -> str:
        return self._templates.get(key, key)

    def value(self, name: str, value: Any) -> str:
        """One parameter in words: by the namer for its kind (the field name without trailing digits)."""
        if isinstance(value, Message):
            return self(value)
        namer = self.namers.get(_FIELD_KIND.sub("", name))
        if namer is not None:
            return namer(value, self)
        return str(value)

    def __call__(self, message: Message | str, **params: Any) -> str:
        """The message in this language; a plain string is taken as a template with `params`."""
        if isinstance(message, str):
            message = Message(message, params)
        template = self.template(message.template)
        if not message.params:
            return template
        values = {name: self.value(name, value) for name, value in message.params.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return message.template.format(**values)

    def all(self, messages: Iterable[Message]) -> list[str]:
        return [self(m) for m in messages]


ENGLISH = Translator("en")

