"""The census's words: a component, an answer, a question's field, in the table's language.

Every word comes from the game's census data (games/<game>/data/census.toml:
a kind's name, a field's name, an answer's words) or the data's labels, so
this knows no game. The walk (companion.app.census_walk) and its list
(companion.app.census_list) say everything through it.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import Translator
from engine.core.census import Field, Kind, value_at
from engine.core.components import Component
from engine.core.messages import Message, msg


def same(a: Any, b: Any) -> bool:
    """Two answers alike: booleans only as booleans, a list of names in any order."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return sorted(map(str, a)) == sorted(map(str, b))
    return bool(a == b)


def capital(words: str) -> str:
    """Words that start a sentence: the first letter a capital ("value" -> "Value"; "Kiai humain" stays)."""
    return words[:1].upper() + words[1:]


class CensusWords:
    """The census data's words for components and answers, through `tr` (the table's words with the data's)."""

    def __init__(self, totals: dict[str, Kind], tr: Translator) -> None:
        self.totals = totals
        self.tr = tr

    def answer_words(self, spec: Field, value: Any) -> str:
        """One answer as the screen says it: the data's words ("doll", "no penalty"), a name, a number."""
        if spec.type == "names" and isinstance(value, list | tuple) and len(value) > 1:
            return " + ".join(self.answer_words(spec, [v]) for v in value)
        words = spec.answer_words(value)
        if words is not None:
            return words.get(self.tr.lang)[0]
        if isinstance(value, bool):
            return f"{self.field(spec)}: {self.tr(msg('yes') if value else msg('no'))}"
        if isinstance(value, list | tuple):
            return ", ".join(str(v) for v in value) if value else "-"
        return str(value).capitalize() if spec.name == "id" else str(value)

    def field(self, spec: Field, many: bool = False) -> str:
        """A question's field by name ("value", "penalties")."""
        return spec.words.get(self.tr.lang)[1 if many else 0]

    def kind_words(self, kind: Kind, many: bool = False) -> str:
        one, plural = kind.words.get(self.tr.lang)
        return plural if many else one

    def part(self, spec: Field, value: Any) -> str:
        """A field within a component's description: "value 3", "doll", "Kyuzo", "reverse penalty A"."""
        words = self.answer_words(spec, value)
        if spec.name == "id" or spec.answer_words(value) is not None or spec.type == "names":
            return words
        return f"{self.field(spec)} {words}"

    def describe(self, entry: Component, kind: bool = True) -> str:
        """A component as printed, every question answered: "Card: value 3, doll, wound, flames" (without
        `kind`: "value 3, doll, wound, flames", where the list is about one kind)."""
        spec = self.totals[entry.kind]
        parts = [self.part(f, value_at(entry, f.name)) for f in spec.fields if value_at(entry, f.name) is not None]
        if not spec.fields:
            parts = [self._named(entry)]
        head = capital(self.kind_words(spec))
        if not kind and parts:
            return ", ".join(parts)
        return self.tr(msg("{sort}: {answers}", sort=head, answers=", ".join(parts))) if parts else head

    def _named(self, entry: Component) -> str:
        """A component the census asks nothing about (a player's colour), by the words another kind's question
        gives it (a tile's colour), else by its label."""
        for kind in self.totals.values():
            for spec in kind.fields:
                words = spec.answer_words(entry.id) if spec.choices_from == entry.kind else None
                if words is not None:
                    return words.get(self.tr.lang)[0]
        return entry.label

    def said(self, spec: Kind, answers: dict[str, Any]) -> str:
        """What the owner said so far about a component of kind `spec`."""
        parts = [self.part(f, answers[f.name]) for f in spec.fields if f.name in answers]
        head = capital(self.kind_words(spec))
        return self.tr(msg("{sort}: {answers}", sort=head, answers=", ".join(parts))) if parts else head

    def changes(self, spec: Kind, answers: dict[str, Any], entry: Component) -> str:
        """What `answers` change in `entry`, the new answers only ("penalties must Pass + no talent"; what it
        held is on the screen above); "" when nothing."""
        parts = []
        for field in spec.fields:
            if field.name not in answers or field.name == "id":
                continue
            if not same(value_at(entry, field.name), answers[field.name]):
                words = self.part(field, answers[field.name])
                many = len(answers[field.name]) > 1 if field.type == "names" else False
                name = self.field(field, many)
                parts.append(f"{name}: {words}" if field.type == "names" else words)
        return ", ".join(parts)

    @staticmethod
    def status(entry: Component, checked: set[str]) -> Message:
        """How sure the data is of `entry`: checked by the owner, shown in the rulebook, or a guess."""
        if entry.id in checked:
            return msg("Checked by you.")
        if entry.verified:
            return msg("The rulebook's pictures show it; not checked by you yet.")
        return msg("Not checked yet: the shipped data's best guess.")
