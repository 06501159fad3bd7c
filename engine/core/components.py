"""One component-data format for every game, and its loader.

Each game ships its physical components (cards, boards, tokens) as a TOML
file of entries `{ id, kind, label, attributes, verified }`: the id is what
journals and tag maps refer to, `attributes` hold the game's own values, and
`verified` says whether the value was checked against the real component.
An owner edits these files by hand, so loading checks every entry and names
the one at fault ("components.toml: entry 12 (id 'hearts-9a'): ..."); the
game then checks its own attributes through `Component.fail`.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.core.errors import RuleError
from engine.core.messages import Message, msg

FORMAT = 1
KEYS = frozenset({"id", "kind", "label", "attributes", "verified"})
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

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Component):
            return NotImplemented
        return (self.id, self.kind, self.label, self.attributes, self.verified) == (
            other.id, other.kind, other.label, other.attributes, other.verified)

    def __hash__(self) -> int:
        return hash((self.id, self.kind))

    def fail(self, message: Message) -> RuleError:
        """An error naming this entry, for a game's own checks of its attributes."""
        return fail(self.where, message)


def fail(where: str, message: Message) -> RuleError:
    return RuleError(msg('{where}: {message}', where=where, message=message))


def _entry(where: str, raw: Any, kinds: frozenset[str]) -> Component:
    if not isinstance(raw, dict):
        raise fail(where, msg('each component must be a table'))
    cid = raw.get("id")
    if not isinstance(cid, str) or not _ID.match(cid):
        raise fail(where, msg("id {id} must be lower-case letters, digits, '-' or '+'", id=repr(cid)))
    where = f"{where} (id {cid!r})"
    unknown = set(raw) - KEYS
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
    return Component(cid, str(kind), label.strip(), attributes, raw["verified"], where)


def parse_components(text: str, source: str, kinds: set[str]) -> list[Component]:
    """Validate the common fields of every entry; the game checks the attributes.

    Kept per text: every new game object loads its catalogue, and parsing the TOML costs more than a move.
    Components are frozen and a catalogue is never changed once built, so the entries may be shared.
    """
    return list(_parsed(text, source, frozenset(kinds)))


@lru_cache(maxsize=16)
def _parsed(text: str, source: str, kinds: frozenset[str]) -> tuple[Component, ...]:
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(msg('{source}: not valid TOML: {reason}', source=source, reason=str(exc))) from None
    if raw.get("format") != FORMAT:
        raise fail(source, msg('format {value} is not supported (expected 1)', value=repr(raw.get('format'))))
    entries = raw.get("components")
    if not isinstance(entries, list):
        raise fail(source, msg('components must be a list'))
    seen: set[str] = set()
    out = []
    for index, raw_entry in enumerate(entries, start=1):
        where = f"{source}: entry {index}"
        if isinstance(raw_entry, dict) and raw_entry.get("id") in seen:
            raise fail(where, msg('id {id} appears twice', id=repr(raw_entry["id"])))
        entry = _entry(where, raw_entry, kinds)
        seen.add(entry.id)
        out.append(entry)
    return tuple(out)
