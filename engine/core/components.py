"""One component-data format for every game, and its loader.

Each game ships its physical components (cards, boards, tokens) as a TOML
file of entries `{ id, kind, label, attributes, verified }`: the id is what
journals and tag maps refer to, `attributes` hold the game's own values, and
`verified` says whether the value was checked against the real component.
An owner edits these files by hand, so loading checks every entry and names
the one at fault ("components.toml: entry 12 (id 'hearts-9a'): ..."); the
game then checks its own attributes through `Component.fail`.

Two optional keys: `extra = true` marks a component the owner declared
beyond the rulebook's totals (a promo card; only kinds the game allows, see
`parse_components`), and `formerly = ["old-id"]` lists ids an entry had in
earlier releases, so a tag map or owner file naming an old id still means
the same physical component (`renamed`).

The data a game is played with is also written back as text (`render`:
one canonical text per list of entries) and named by its `digest`, which a
journal's header records so a replay uses exactly that data.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.core.errors import RuleError
from engine.core.messages import Message, msg

FORMAT = 1
KEYS = frozenset({"id", "kind", "label", "attributes", "verified"})
OPTIONAL_KEYS = frozenset({"extra", "formerly"})
_ID = re.compile(r"^[a-z0-9][a-z0-9+\-]*$")


@dataclass(frozen=True)
class Component:
    """One entry of a components file, with where it came from for error messages."""

    id: str
    kind: str
    label: str
    attributes: dict[str, Any]
    verified: bool
    where: str = ""
    extra: bool = False
    """Declared by the owner beyond the rulebook's totals (a promo): counted by no total, used as its kind is."""
    formerly: tuple[str, ...] = ()
    """Ids this entry had in earlier releases (a tag map or owner file naming one means this component)."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Component):
            return NotImplemented
        return (self.id, self.kind, self.label, self.attributes, self.verified, self.extra) == (
            other.id, other.kind, other.label, other.attributes, other.verified, other.extra)

    def __hash__(self) -> int:
        return hash((self.id, self.kind))

    def fail(self, message: Message) -> RuleError:
        """An error naming this entry, for a game's own checks of its attributes."""
        return fail(self.where, message)


def fail(where: str, message: Message) -> RuleError:
    return RuleError(msg('{where}: {message}', where=where, message=message))


def _entry(where: str, raw: Any, kinds: frozenset[str], extra_kinds: frozenset[str]) -> Component:
    if not isinstance(raw, dict):
        raise fail(where, msg('each component must be a table'))
    cid = raw.get("id")
    if not isinstance(cid, str) or not _ID.match(cid):
        raise fail(where, msg("id {id} must be lower-case letters, digits, '-' or '+'", id=repr(cid)))
    where = f"{where} (id {cid!r})"
    unknown = set(raw) - KEYS - OPTIONAL_KEYS
    if unknown:
        raise fail(where, msg('unknown key(s) {value}', value=', '.join(sorted(unknown))))
    kind = raw.get("kind")
    if kind not in kinds:
        raise fail(where, msg('kind {value} is not one of {known}', value=repr(kind),
                              known=', '.join(sorted(kinds))))
    label = raw.get("label")
    if not isinstance(label, str) or not label.strip():
        raise fail(where, msg('label must be a non-empty text'))
    attributes = raw.get("attributes", {})
    if not isinstance(attributes, dict):
        raise fail(where, msg('attributes must be a table'))
    if not isinstance(raw.get("verified"), bool):
        raise fail(where, msg('verified must be true or false'))
    extra = raw.get("extra", False)
    if not isinstance(extra, bool):
        raise fail(where, msg('{key} must be true or false', key="extra"))
    if extra and kind not in extra_kinds:
        raise fail(where, msg('a {kind} cannot be declared extra in this game', kind=kind))
    formerly = raw.get("formerly", [])
    if not isinstance(formerly, list) or not all(isinstance(old, str) and _ID.match(old) for old in formerly):
        raise fail(where, msg('formerly must be a list of earlier ids'))
    return Component(cid, str(kind), label.strip(), attributes, raw["verified"], where, extra, tuple(formerly))


def parse_components(text: str, source: str, kinds: set[str], extra_kinds: Iterable[str] = ()) -> list[Component]:
    """Validate the common fields of every entry; the game checks the attributes.

    `extra_kinds` are the kinds an owner may declare extra (`extra = true`);
    an extra entry of any other kind is refused.

    Kept per text: every new game object loads its catalogue, and parsing the TOML costs more than a move.
    Components are frozen and a catalogue is never changed once built, so the entries may be shared.
    """
    return list(_parsed(text, source, frozenset(kinds), frozenset(extra_kinds)))


def read_data_file(text: str, source: str) -> dict[str, Any]:
    """The table of a game's data file in this format (its components file, its census.toml).

    RuleError names `source` when the text is not TOML or is of another format.
    """
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(msg('{source}: not valid TOML: {reason}', source=source, reason=str(exc))) from None
    if raw.get("format") != FORMAT:
        raise fail(source, msg('format {value} is not supported (expected 1)', value=repr(raw.get('format'))))
    return raw


@lru_cache(maxsize=16)
def _parsed(text: str, source: str, kinds: frozenset[str], extra_kinds: frozenset[str]) -> tuple[Component, ...]:
    raw = read_data_file(text, source)
    entries = raw.get("components")
    if not isinstance(entries, list):
        raise fail(source, msg('components must be a list'))
    seen: set[str] = set()
    out = []
    for index, raw_entry in enumerate(entries, start=1):
        where = f"{source}: entry {index}"
        if isinstance(raw_entry, dict) and raw_entry.get("id") in seen:
            raise fail(where, msg('id {id} appears twice', id=repr(raw_entry["id"])))
        entry = _entry(where, raw_entry, kinds, extra_kinds)
        seen.add(entry.id)
        out.append(entry)
    return tuple(out)


def renamed(entries: Iterable[Component]) -> dict[str, str]:
    """Earlier id -> the id the same component has now (from each entry's `formerly`)."""
    return {old: entry.id for entry in entries for old in entry.formerly}


def digest(text: str) -> str:
    """The name of one component data text: its SHA-256, in hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _value(value: Any) -> str:
    """A TOML value: text, a whole number, true/false, a list or an inline table of those."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"a component attribute cannot be {type(value).__name__}")


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def render(entries: Iterable[Component], head: str = "", top: Mapping[str, Any] | None = None) -> str:
    """Entries as a components file: `head` (comment lines), `format = 1`, the `top` keys, one line per entry.

    The same entries always give the same text, so the text's `digest` names
    the data; `parse_components` reads back exactly these entries.
    """
    lines = [f"# {line}".rstrip() for line in head.splitlines()] if head else []
    lines.append(f"format = {FORMAT}")
    for key, value in (top or {}).items():
        lines.append(f"{_key(key)} = {_value(value)}")
    lines.append("")
    lines.append("components = [")
    for entry in entries:
        fields = {"id": entry.id, "kind": entry.kind, "label": entry.label, "attributes": entry.attributes,
                  "verified": entry.verified}
        if entry.extra:
            fields["extra"] = True
        if entry.formerly:
            fields["formerly"] = list(entry.formerly)
        lines.append(f"  {_value(fields)},")
    lines.append("]")
    return "\n".join(lines) + "\n"
