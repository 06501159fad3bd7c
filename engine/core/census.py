"""The rulebook's totals as data, and the census that checks an owner's components against them.

Each game ships, beside its `components.toml`, a `census.toml` saying what
the rulebook prints about the box as a whole: how many components of each
kind (66 Raider cards), how they split (13 of each value 1-4, 7 Bosses),
which answers each question may take (a penalty from the printed list, at
most two on a Boss), which kinds hold each component once (a Samurai board)
and which kinds the owner may add to (a promo Boss). This module reads that
file (`parse_totals`) and, with no I/O, answers the census's questions:

- `check_entry(totals, entries, entry, replaces=..., taken=...)`: None when
  `entry` may join `entries` (the data in force), else a Message naming the
  total or the question it breaks ("One too many: the rulebook's total is 13
  Plunderers of value 3, and this would be number 14.", "'bogus' is not a
  penalty printed on this component: ...", "A second Kyuzo: ...").
- `progress(totals, entries, checked)`: per kind, how many the owner has checked,
  of how many, and what is still missing, as a Message ("52 of 66 Raider
  cards; missing: 2 Plunderers of value 4, 1 Boss").
- `fitting(totals, entries, kind, answers)`: the entries that fit what the
  owner said so far ({"value": 4, "symbol": "hat"}), those not yet checked
  first, then the nearest ones (same group, most answers alike) to correct.
- `answered(base, kind, answers, ...)`: the owner's entry made from a
  shipped one and the answers, marked verified by the owner.
- `effective(shipped, owner)` and `differences(shipped, owner)`: the data
  the games use (the owner's entries over the shipped ones, extras after)
  and what the owner changed.

Words in messages are values the edge names in its language: a `Named`
(a count and the data's words in each language, "2 Bosses" / "2 Chefs")
in the fields `{total}`, `{group}`, `{groups}` (Items of Named), `{field}`,
`{other}` and `{sort}`; without a namer they read in English.

census.toml, in short (see any game's file for a whole one):

    format = 1
    game = "samurai-spirit"
    [kinds.card]                       # one table per kind the census asks about
    words = { en = ["Raider card", "Raider cards"], de = [...], fr = [...], nl = [...] }
    count = 66                         # the rulebook's total (omit: any number)
    per = "colour"                     # optional: `count` holds for each value of this attribute
    extras = true                      # the owner may declare more (promos); default false
    distinct = false                   # true: each id exists once ("a second Kyuzo")
    tag = "card"                       # its components' tags are bound to "card:<id>" (omit: no tags)
    source = "where the total is printed"
    verified_attributes = {}           # attributes set when the owner checks an entry
    [[kinds.card.fields]]              # the questions, in the order they are asked
    name = "penalties"                 # an attribute, a dotted path ("kiai.human") or "id"
    type = "names"                     # int, text, bool or names (a list of texts)
    choices = ["barricade", ...]       # or range = [3, 20] for an int, or choices_from = "colour"
    most = 1                           # names: at most this many
    at_least = "kiai.human"            # int: never below another field
    when = [{ if = { value = 6 }, choices = [...], most = 2 }]
    words = { en = ["penalty", "penalties"], ... }
    answers = { wound = { en = "wound", de = "Wunde", ... }, "" = { en = "no penalty", ... } }
                                       # optional: each answer's words (the census screens' buttons)
    [[kinds.card.groups]]              # how the count splits; groups may overlap
    if = { value = [1, 2, 3, 4] }      # which entries the group is about
    by = ["value"]                     # the attributes whose values pick the count
    per = ["suit"]                     # the counts hold within each value of these
    counts = { "1" = 13, "2" = 13 }    # by-values joined by a space -> count (or count = 7)
    words = { en = ["Plunderer of value {value}", "Plunderers of value {value}"], ... }
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.components import Component, fail, read_data_file, renamed
from engine.core.errors import RuleError
from engine.core.messages import Items, Message, msg

LANGUAGES = ("en", "de", "fr", "nl")
TYPES = ("int", "text", "bool", "names")


# --- words ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Words:
    """A thing's name in each language, singular and plural, from the data ("Boss", "Bosses")."""

    forms: tuple[tuple[str, str, str], ...]
    """(language, one, many) for each language the data names; English always."""

    def get(self, lang: str) -> tuple[str, str]:
        for code, one, many in self.forms:
            if code == lang:
                return one, many
        return self.get("en") if lang != "en" else ("", "")

    @classmethod
    def plain(cls, text: str) -> Words:
        """The same words in every language (a Samurai's name)."""
        return cls((("en", text, text),))


@dataclass(frozen=True)
class Named:
    """A message field's value: a count of something the data names ("2 Bosses"), or the name alone.

    `values` fill the words' placeholders ("Plunderers of value {value}").
    """

    n: int | None
    words: Words
    values: tuple[tuple[str, str], ...] = ()

    def text(self, lang: str = "en") -> str:
        one, many = self.words.get(lang)
        words = one if self.n is None or self.n == 1 else many
        # Only the placeholders given are filled: a name from the owner's data (a label) may hold any braces.
        for key, value in self.values:
            words = words.replace("{" + key + "}", str(value))
        return words if self.n is None else f"{self.n} {words}"

    def __str__(self) -> str:
        return self.text()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


# --- the totals ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Override:
    """A question's choices and limit for the entries a condition selects (a Boss: two penalties)."""

    where: Mapping[str, tuple[Any, ...]]
    choices: tuple[Any, ...] | None
    most: int | None


@dataclass(frozen=True)
class Field:
    """One question the census asks about a kind, and the answers the rulebook allows."""

    name: str
    type: str
    words: Words
    choices: tuple[Any, ...] | None = None
    choices_from: str | None = None
    """The ids of the entries of this kind are the choices (Knizia's Samurai: a tile's colour)."""
    low: int | None = None
    high: int | None = None
    most: int | None = None
    at_least: str | None = None
    when: tuple[Override, ...] = ()
    answers: Mapping[str, Words] = field(default_factory=dict)
    """An answer's words in each language, keyed by its value as text ("hat" -> Hut; "" for no symbol, an empty
    list of names or no special mark; "true"/"false" for a yes-or-no field); an answer without words reads as it
    is (a number, a letter, a Samurai's name)."""

    def answer_words(self, value: Any) -> Words | None:
        """The words of one answer (a list of names: of its one name, or "" when empty), None when the data gives
        none (a number reads as it is)."""
        if isinstance(value, list | tuple):
            if len(value) > 1:
                return None  # several names: each has its words
            value = value[0] if value else ""
        key = ("true" if value else "false") if isinstance(value, bool) else str(value)
        return self.answers.get(key)

    def rule_for(self, entry: Component) -> tuple[tuple[Any, ...] | None, int | None]:
        """The choices and the limit that hold for `entry` (the first `when` that fits it, else the field's)."""
        for override in self.when:
            if _fits(entry, override.where):
                return (override.choices if override.choices is not None else self.choices,
                        override.most if override.most is not None else self.most)
        return self.choices, self.most


@dataclass(frozen=True)
class Group:
    """A split of a kind's total: the entries `where` selects, counted by the values of `by` (within `per`)."""

    where: Mapping[str, tuple[Any, ...]]
    by: tuple[str, ...]
    per: tuple[str, ...]
    counts: Mapping[str, int]
    words: Words

    def key(self, entry: Component) -> str | None:
        """The group's key for an entry ("4" for a 4 by value), None when the group is not about it."""
        if not _fits(entry, self.where):
            return None
        key = " ".join(str(value_at(entry, name, _MISSING)) for name in self.by)
        return key if key in self.counts else None

    def part(self, entry: Component) -> tuple[str, ...]:
        """The values of `per` for an entry: the counts hold for each of them apart."""
        return tuple(str(value_at(entry, name, _MISSING)) for name in self.per)

    def named(self, n: int, key: str, part: tuple[str, ...]) -> Named:
        values = dict(zip(self.by, key.split(" "), strict=False))
        values.update(zip(self.per, part, strict=True))
        return Named(n, self.words, tuple(values.items()))


@dataclass(frozen=True)
class Kind:
    """What the rulebook says about one kind of component."""

    kind: str
    words: Words
    count: int | None
    per: str | None
    extras: bool
    distinct: bool
    source: str
    fields: tuple[Field, ...]
    groups: tuple[Group, ...]
    verified_attributes: Mapping[str, Any]
    tag: str | None = None
    """The tag target's prefix of this kind's components ("card" -> "card:<id>"), None when they carry no tag."""

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)


@dataclass(frozen=True)
class Totals:
    """A game's census.toml, read and checked."""

    game: str
    kinds: Mapping[str, Kind]


def _words(raw: Any, where: str) -> Words:
    if not isinstance(raw, dict) or "en" not in raw:
        raise fail(where, msg("words must name it in English at least: words = {{ en = [one, many] }}"))
    forms = []
    for lang, pair in raw.items():
        if lang not in LANGUAGES or not isinstance(pair, list) or len(pair) != 2 \
                or not all(isinstance(p, str) and p for p in pair):
            raise fail(where, msg("words.{lang} must be [singular, plural] in one of en, de, fr, nl", lang=lang))
        forms.append((lang, pair[0], pair[1]))
    return Words(tuple(forms))


def _condition(raw: Any, where: str) -> dict[str, tuple[Any, ...]]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise fail(where, msg("if must be a table of attribute = value or [values]"))
    return {str(k): tuple(v) if isinstance(v, list) else (v,) for k, v in raw.items()}


def _choices(raw: Any, where: str) -> tuple[Any, ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or not raw:
        raise fail(where, msg("choices must be a non-empty list"))
    return tuple(raw)


def _most(raw: Any, where: str) -> int | None:
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 1:
        raise fail(where, msg("most must be a whole number from 1"))
    return raw


def _field(raw: Any, where: str) -> Field:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise fail(where, msg("each field needs a name"))
    where = f"{where} ({raw['name']})"
    unknown = set(raw) - {"name", "type", "words", "choices", "choices_from", "range", "most", "at_least", "when",
                          "answers"}
    if unknown:
        raise fail(where, msg("unknown key(s) {value}", value=", ".join(sorted(unknown))))
    kind = raw.get("type")
    if kind not in TYPES:
        raise fail(where, msg("type {value} is not one of {known}", value=repr(kind), known=", ".join(TYPES)))
    low = high = None
    if "range" in raw:
        span = raw["range"]
        if kind != "int" or not isinstance(span, list) or len(span) != 2 \
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in span) or span[0] > span[1]:
            raise fail(where, msg("range must be [lowest, highest] of an int field"))
        low, high = span
    when = []
    for index, item in enumerate(raw.get("when", []), start=1):
        if not isinstance(item, dict) or set(item) - {"if", "choices", "most"}:
            raise fail(where, msg("when {n} must hold if, choices and most only", n=index))
        when.append(Override(_condition(item.get("if"), where), _choices(item.get("choices"), where),
                             _most(item.get("most"), where)))
    choices_from = raw.get("choices_from")
    if choices_from is not None and not isinstance(choices_from, str):
        raise fail(where, msg("choices_from must name a kind"))
    at_least = raw.get("at_least")
    if at_least is not None and (kind != "int" or not isinstance(at_least, str)):
        raise fail(where, msg("at_least must name another int field"))
    return Field(raw["name"], kind, _words(raw.get("words"), where), _choices(raw.get("choices"), where),
                 choices_from, low, high, _most(raw.get("most"), where), at_least, tuple(when),
                 _answers(raw.get("answers", {}), where))


def _answers(raw: Any, where: str) -> dict[str, Words]:
    """A field's `answers`: { "<value>" = { en = "words", de = ..., fr = ..., nl = ... } }."""
    if not isinstance(raw, dict):
        raise fail(where, msg("answers must be a table of value = {{ en = words, ... }}"))
    out = {}
    for key, table in raw.items():
        if not isinstance(table, dict) or "en" not in table:
            raise fail(where, msg("answers.{key} must name it in English at least", key=repr(key)))
        forms = []
        for lang, text in table.items():
            if lang not in LANGUAGES or not isinstance(text, str) or not text:
                raise fail(where, msg("answers.{key}.{lang} must be words in one of en, de, fr, nl", key=repr(key),
                                       lang=lang))
            forms.append((lang, text, text))
        out[str(key)] = Words(tuple(forms))
    return out


def _group(raw: Any, where: str) -> Group:
    if not isinstance(raw, dict):
        raise fail(where, msg("each group must be a table"))
    unknown = set(raw) - {"if", "by", "per", "counts", "count", "words"}
    if unknown:
        raise fail(where, msg("unknown key(s) {value}", value=", ".join(sorted(unknown))))
    by = tuple(raw.get("by", []))
    per = tuple(raw.get("per", []))
    if "count" in raw:
        if by or "counts" in raw:
            raise fail(where, msg("a group has either count, or by and counts"))
        counts: dict[str, Any] = {"": raw["count"]}
    else:
        given = raw.get("counts")
        if not by or not isinstance(given, dict) or not given:
            raise fail(where, msg("a group has either count, or by and counts"))
        counts = given
    for key, number in counts.items():
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise fail(where, msg("count {key} must be a whole number", key=repr(key)))
    return Group(_condition(raw.get("if"), where), by, per, dict(counts), _words(raw.get("words"), where))


def _kind(name: str, raw: Any, source: str) -> Kind:
    where = f"{source}: kinds.{name}"
    if not isinstance(raw, dict):
        raise fail(where, msg("must be a table"))
    unknown = set(raw) - {"words", "count", "per", "extras", "distinct", "source", "fields", "groups",
                          "verified_attributes", "tag"}
    if unknown:
        raise fail(where, msg("unknown key(s) {value}", value=", ".join(sorted(unknown))))
    count = raw.get("count")
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 0):
        raise fail(where, msg("count must be a whole number"))
    for key in ("extras", "distinct"):
        if not isinstance(raw.get(key, False), bool):
            raise fail(where, msg("{key} must be true or false", key=key))
    fields = tuple(_field(f, f"{where}.fields {i}") for i, f in enumerate(raw.get("fields", []), start=1))
    names = [f.name for f in fields]
    if len(set(names)) != len(names):
        raise fail(where, msg("a field is listed twice"))
    groups = tuple(_group(g, f"{where}.groups {i}") for i, g in enumerate(raw.get("groups", []), start=1))
    verified = raw.get("verified_attributes", {})
    if not isinstance(verified, dict):
        raise fail(where, msg("verified_attributes must be a table"))
    per = raw.get("per")
    if per is not None and not isinstance(per, str):
        raise fail(where, msg("per must name an attribute"))
    tag = raw.get("tag")
    if tag is not None and not isinstance(tag, str):
        raise fail(where, msg("tag must be the prefix of the kind's tag targets"))
    return Kind(name, _words(raw.get("words"), where), count, per, raw.get("extras", False),
                raw.get("distinct", False), str(raw.get("source", "")), fields, groups, verified, tag)


def parse_totals(text: str, source: str = "census.toml") -> Totals:
    """Read a census.toml; RuleError names the file and the part at fault."""
    raw = read_data_file(text, source)
    if not isinstance(raw.get("game"), str) or not isinstance(raw.get("kinds"), dict):
        raise fail(source, msg("a census file names its game and has a kinds table"))
    kinds = {name: _kind(name, table, source) for name, table in raw["kinds"].items()}
    return Totals(raw["game"], kinds)


# --- reading entries ----------------------------------------------------------------------------


_MISSING = object()


def value_at(entry: Component, path: str, missing: Any = None) -> Any:
    """An entry's answer to the question `path` ("kiai.human"; "id" is the entry's id); `missing` when it has
    none."""
    if path == "id":
        return entry.id
    value: Any = entry.attributes
    for part in path.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return missing
        value = value[part]
    return value


def _set(attributes: Mapping[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of `attributes` with the dotted `path` set to `value` (nested tables copied, not shared)."""
    head, _, rest = path.partition(".")
    out = dict(attributes)
    if rest:
        inner = out.get(head)
        out[head] = _set(inner if isinstance(inner, Mapping) else {}, rest, value)
    else:
        out[head] = list(value) if isinstance(value, tuple) else value
    return out


def _same(a: Any, b: Any) -> bool:
    """Answer equality: a bool is not a number, and lists compare as given."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return list(a) == list(b)
    return bool(a == b)


def _fits(entry: Component, where: Mapping[str, tuple[Any, ...]]) -> bool:
    return all(any(_same(value_at(entry, path, _MISSING), allowed) for allowed in values)
               for path, values in where.items())


def _shown(value: Any) -> Any:
    if value is _MISSING:
        return "-"
    if isinstance(value, list | tuple):
        return Items(value)
    return repr(value) if isinstance(value, str) else value


# --- checking one entry -------------------------------------------------------------------------


def _type_refusal(spec: Field, value: Any) -> Message | None:
    named = Named(None, spec.words)
    if spec.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
        return msg("{field} must be a whole number, not {value}.", field=named, value=_shown(value))
    if spec.type == "text" and not isinstance(value, str):
        return msg("{field} must be a text, not {value}.", field=named, value=_shown(value))
    if spec.type == "bool" and not isinstance(value, bool):
        return msg("{field} must be yes or no, not {value}.", field=named, value=_shown(value))
    if spec.type == "names" and (not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value)):
        return msg("{field} must be a list of names, not {value}.", field=named, value=_shown(value))
    return None


def _field_refusal(kind: Kind, spec: Field, entry: Component, entries: Sequence[Component]) -> Message | None:
    value = value_at(entry, spec.name, _MISSING)
    named = Named(None, spec.words)
    if value is _MISSING:
        return msg("{field} is not answered yet.", field=named)
    wrong = _type_refusal(spec, value)
    if wrong is not None:
        return wrong
    choices, most = spec.rule_for(entry)
    if spec.choices_from is not None:
        choices = tuple(e.id for e in entries if e.kind == spec.choices_from)
    values = list(value) if spec.type == "names" else [value]
    if choices is not None:
        for item in values:
            if not any(_same(item, allowed) for allowed in choices):
                return msg("{value} is not a {field} printed on this component; the rulebook's are: {choices}.",
                           value=_shown(item), field=named, choices=Items(_shown(c) for c in choices))
    if spec.type == "names":
        twice = sorted({v for v in values if values.count(v) > 1})
        if twice:
            return msg("{value} is given twice.", value=Items(_shown(v) for v in twice))
        if most is not None and len(values) > most:
            return msg("At most {group} on this component, not {count}.", group=Named(most, spec.words),
                       count=len(values))
    if spec.low is not None and spec.high is not None and not spec.low <= value <= spec.high:
        return msg("{field} {value} is outside the track: from {low} to {high}.", field=named, value=value,
                   low=spec.low, high=spec.high)
    if spec.at_least is not None:
        other = value_at(entry, spec.at_least, _MISSING)
        other_spec = kind.field(spec.at_least)
        if isinstance(other, int) and not isinstance(other, bool) and value < other:
            return msg("{field} {value} cannot be lower than {other} {value2}.", field=named, value=value,
                       other=Named(None, other_spec.words if other_spec else Words.plain(spec.at_least)),
                       value2=other)
    return None


def _counted(entries: Iterable[Component], kind: str) -> list[Component]:
    return [e for e in entries if e.kind == kind and not e.extra]


def _count_refusal(kind: Kind, entry: Component, after: Sequence[Component]) -> Message | None:
    """The total or group `entry` makes one too many in `after` (the entries with it), None when none."""
    mine = _counted(after, kind.kind)
    for group in kind.groups:
        key = group.key(entry)
        if key is None:
            continue
        part = group.part(entry)
        same = [e for e in mine if group.key(e) == key and group.part(e) == part]
        limit = group.counts[key]
        if len(same) > limit:
            return msg("One too many: the rulebook's total is {group}, and this would be number {count}.",
                       group=group.named(limit, key, part), count=len(same))
    if kind.count is not None:
        same = [e for e in mine
                if kind.per is None or _same(value_at(e, kind.per, _MISSING), value_at(entry, kind.per, _MISSING))]
        if len(same) > kind.count:
            values = ((kind.per, str(value_at(entry, kind.per, _MISSING))),) if kind.per else ()
            return msg("One too many: the rulebook's total is {group}, and this would be number {count}.",
                       group=Named(kind.count, kind.words, values), count=len(same))
    return None


def check_entry(totals: Totals, entries: Sequence[Component], entry: Component,
                taken: Collection[str] = ()) -> Message | None:
    """None when `entry` may join `entries` (in the place of the entry of its id, if any), else why not.

    `entries` is the data in force (`effective`); `taken` the ids the owner
    has already checked against another physical component (bound to
    another tag): for a kind whose components exist once (`distinct`),
    naming one of those is "a second" of it. An extra entry is counted by no
    total but answers every question.
    """
    kind = totals.kinds.get(entry.kind)
    if kind is None:
        return msg("{value} is not a kind of component this game has.", value=repr(entry.kind))
    if entry.extra and not kind.extras:
        return msg("The rulebook's {sort} are all there is: no extra one can be declared.",
                   sort=Named(None, Words(tuple((lang, many, many) for lang, _, many in kind.words.forms))))
    for spec in kind.fields:
        refusal = _field_refusal(kind, spec, entry, entries)
        if refusal is not None:
            return refusal
    if kind.distinct and entry.id in taken:
        return msg("A second {value}: the box holds one, already checked.", value=entry.label)
    after = [e for e in entries if e.id != entry.id] + [entry]
    if entry.extra:
        return None
    return _count_refusal(kind, entry, after)


# --- progress -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class KindProgress:
    """How far the census of one kind has come."""

    kind: str
    done: int
    total: int | None
    missing: tuple[Named, ...]
    extras: int
    words: Words

    @property
    def complete(self) -> bool:
        return not self.missing and (self.total is None or self.done >= self.total)

    @property
    def message(self) -> Message:
        """"52 of 66 Raider cards; missing: 2 Plunderers of value 4, 1 Boss" (and the extras declared)."""
        total = Named(self.total, self.words) if self.total is not None else Named(self.done, self.words)
        if self.complete:
            if self.extras:
                return msg("{done} of {total}: all there, and {count} extra.", done=self.done, total=total,
                           count=self.extras)
            return msg("{done} of {total}: all there.", done=self.done, total=total)
        if self.extras:
            return msg("{done} of {total}, and {count} extra; missing: {groups}.", done=self.done, total=total,
                       count=self.extras, groups=Items(self.missing))
        return msg("{done} of {total}; missing: {groups}.", done=self.done, total=total, groups=Items(self.missing))


def _missing(kind: Kind, checked: list[Component], shipped: Sequence[Component]) -> list[Named]:
    out: list[Named] = []
    if kind.distinct:
        ids = {e.id for e in checked}
        return [Named(None, Words.plain(e.label)) for e in _counted(shipped, kind.kind) if e.id not in ids]
    covered = False
    for group in kind.groups:
        parts = sorted({group.part(e) for e in _counted(shipped, kind.kind)}) if group.per else [()]
        for part in parts:
            for key, limit in group.counts.items():
                have = sum(1 for e in checked if group.key(e) == key and group.part(e) == part)
                if have < limit:
                    out.append(group.named(limit - have, key, part))
        covered = True
    if not covered and kind.count is not None:
        if kind.per is None:
            if len(checked) < kind.count:
                out.append(Named(kind.count - len(checked), kind.words))
        else:
            for value in sorted({str(value_at(e, kind.per, _MISSING)) for e in _counted(shipped, kind.kind)}):
                have = sum(1 for e in checked if str(value_at(e, kind.per, _MISSING)) == value)
                if have < kind.count:
                    out.append(Named(kind.count - have, kind.words, ((kind.per, value),)))
    return out


def progress(totals: Totals, entries: Sequence[Component], checked: Collection[str]) -> list[KindProgress]:
    """Per kind, in the census file's order: what the owner has checked against the totals.

    `entries` is the data in force (`effective`), `checked` the ids the
    owner has verified (an entry the rulebook's pictures verify still waits
    for the owner's own look); extras are counted apart.
    """
    out = []
    for kind in totals.kinds.values():
        checked_here = [e for e in _counted(entries, kind.kind) if e.id in checked]
        extras = sum(1 for e in entries if e.kind == kind.kind and e.extra)
        total = kind.count
        if total is not None and kind.per is not None:
            total *= len({str(value_at(e, kind.per, _MISSING)) for e in _counted(entries, kind.kind)})
        out.append(KindProgress(kind.kind, len(checked_here), total, tuple(_missing(kind, checked_here, entries)),
                                extras, kind.words))
    return out


# --- answers ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fit:
    """An entry offered for what the owner said: `exact` when every answer is what it holds; else the answers
    it differs in (the nearest entries, to correct)."""

    entry: Component
    exact: bool
    differs: tuple[str, ...]


def _answer_fits(spec: Field | None, have: Any, said: Any) -> bool:
    if spec is not None and spec.type == "names" and isinstance(said, list | tuple) and isinstance(have, list):
        return set(said) <= set(have)
    return _same(have, said)


def fitting(totals: Totals, entries: Sequence[Component], kind: str, answers: Mapping[str, Any],
            checked: Collection[str] = (), nearest: int = 3) -> list[Fit]:
    """The entries of `kind` that fit `answers` so far, best first, then up to `nearest` ones to correct.

    Exact fits come first, those the owner has not checked yet (not in
    `checked`) before the others, each in data order: a right shipped entry
    is the first offered, one tap and OK. Then the nearest entries not yet
    checked: in the same groups as the answers (a card of the same value),
    fewest answers different. A list of names answered in part ("wound")
    fits every entry that holds it. Extras are offered like the others.
    """
    spec_of = totals.kinds[kind] if kind in totals.kinds else None
    mine = [e for e in entries if e.kind == kind]
    exact: list[Fit] = []
    near: list[tuple[int, int, Fit]] = []
    grouping = {name for g in (spec_of.groups if spec_of else ()) for name in g.by}
    for index, entry in enumerate(mine):
        differs = tuple(path for path, said in answers.items()
                        if not _answer_fits(spec_of.field(path) if spec_of else None, value_at(entry, path, _MISSING),
                                            said))
        if not differs:
            exact.append(Fit(entry, True, ()))
        elif entry.id not in checked and not any(path in grouping for path in differs):
            near.append((len(differs), index, Fit(entry, False, differs)))
    exact.sort(key=lambda fit: fit.entry.id in checked)
    near.sort(key=lambda item: item[:2])
    return exact + [fit for _, _, fit in near[:nearest]]


def answered(kind: Kind, base: Component | None, answers: Mapping[str, Any], cid: str | None = None,
             label: str | None = None, extra: bool = False) -> Component:
    """The owner's entry: `base` (a shipped entry, or None for a new one) with `answers` set, verified by the owner.

    The kind's `verified_attributes` are set too (a Samurai board checked on
    both faces). An answer to "id" names the entry (a Samurai board's name).
    """
    attributes: dict[str, Any] = dict(base.attributes) if base is not None else {}
    chosen = cid
    for path, value in answers.items():
        if path == "id":
            chosen = str(value)
            continue
        attributes = _set(attributes, path, value)
    for path, value in kind.verified_attributes.items():
        attributes = _set(attributes, path, value)
    chosen = chosen or (base.id if base is not None else None)
    if chosen is None:
        raise RuleError(msg("a new component needs an id"))
    shown = label or (base.label if base is not None and base.id == chosen else chosen)
    return Component(chosen, kind.kind, shown, attributes, True, "", extra, base.formerly if base else ())


# --- the data in force and what the owner changed -----------------------------------------------


def effective(shipped: Sequence[Component], owner: Iterable[Component]) -> list[Component]:
    """The data the games use: each shipped entry, or the owner's entry of the same id in its place; the
    owner's new entries (extras) after them. An owner entry naming an earlier id (`formerly`) takes the place
    of the entry that id became."""
    names = renamed(shipped)
    mine: dict[str, Component] = {}
    for entry in owner:
        cid = names.get(entry.id, entry.id)
        mine[cid] = replace(entry, id=cid) if cid != entry.id else entry
    out = []
    for entry in shipped:
        own = mine.pop(entry.id, None)
        out.append(replace(own, formerly=entry.formerly) if own is not None else entry)
    out.extend(mine.values())
    return out


@dataclass(frozen=True)
class Difference:
    """One way the owner's data differs from the shipped default.

    change  "changed" (an answer differs), "checked" (verified as shipped), "added" (an extra or a new id)
    fields  for "changed": (path, shipped value, owner's value) for each answer that differs
    """

    id: str
    kind: str
    change: str
    label: str
    fields: tuple[tuple[str, Any, Any], ...] = ()


def _paths(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, inner in value.items():
            out.update(_paths(inner, f"{prefix}{key}."))
        return out
    return {prefix[:-1]: value}


def differences(shipped: Sequence[Component], owner: Iterable[Component],
                totals: Totals | None = None) -> list[Difference]:
    """What the owner's entries change in the shipped default, in the shipped order, then the additions.

    With `totals`, only the attributes the census asks about are compared
    (a Samurai board's `faces_verified` set by checking it is no change).
    """
    names = renamed(shipped)
    by_id = {e.id: e for e in shipped}
    out = []
    order = {e.id: i for i, e in enumerate(shipped)}
    mine = sorted(((names.get(e.id, e.id), e) for e in owner), key=lambda pair: order.get(pair[0], len(order)))
    for cid, entry in mine:
        base = by_id.get(cid)
        if base is None or entry.extra:
            out.append(Difference(cid, entry.kind, "added", entry.label))
            continue
        asked = None
        if totals is not None and entry.kind in totals.kinds:
            asked = {f.name for f in totals.kinds[entry.kind].fields}
        old, new = _paths(base.attributes), _paths(entry.attributes)
        changed = tuple((path, old.get(path), new.get(path)) for path in sorted(old.keys() | new.keys())
                        if (asked is None or path in asked) and not _same(old.get(path), new.get(path)))
        out.append(Difference(cid, entry.kind, "changed" if changed else "checked", entry.label, changed))
    return out


@dataclass
class Census:
    """One game's census state, pure: the totals, the shipped entries and the owner's, and what follows.

    The companion's owner-data module reads the files and writes them; this
    object only combines them, so a screen, the phone page and the tests
    all see the same answers.
    """

    totals: Totals
    shipped: list[Component]
    owner: list[Component] = field(default_factory=list)

    @property
    def entries(self) -> list[Component]:
        """The data in force."""
        return effective(self.shipped, self.owner)

    def checked(self) -> set[str]:
        """The ids the owner has verified."""
        names = renamed(self.shipped)
        return {names.get(e.id, e.id) for e in self.owner if e.verified}

    def check(self, entry: Component, taken: Collection[str] = ()) -> Message | None:
        """`check_entry` against the data in force."""
        return check_entry(self.totals, self.entries, entry, taken)

    def put(self, entry: Component) -> None:
        """Add the owner's entry, or replace the owner's entry of its id (check it first)."""
        names = renamed(self.shipped)
        self.owner = [e for e in self.owner if names.get(e.id, e.id) != entry.id] + [entry]

    def drop(self, cid: str) -> bool:
        """Forget the owner's entry `cid` (the shipped one is in force again); False when there was none."""
        names = renamed(self.shipped)
        kept = [e for e in self.owner if names.get(e.id, e.id) != cid]
        dropped = len(kept) != len(self.owner)
        self.owner = kept
        return dropped

    def progress(self) -> list[KindProgress]:
        return progress(self.totals, self.entries, self.checked())

    def differences(self) -> list[Difference]:
        return differences(self.shipped, self.owner, self.totals)
