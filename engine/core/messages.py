"""Texts for the table, as a message key and parameters, not finished words.

The engine speaks English in its protocol, but a table may read German,
French or Dutch, and a card is named differently in each. So every sentence
the engine makes for people (events, prompts, refusals) is a `Message`: the
English template, which is also the key the translations are filed under
(the gettext convention), and the parameters that fill it. The words are
chosen at the edge: `companion.i18n` looks the template up in the chosen
language's catalogue and renders the parameters (a card id becomes the card's
name in that language). `text` is the plain English rendering with the raw
parameter values, for the protocol and for logs.

Templates use `str.format` fields by name (`{card}`, `{left}`); a field's name
says what its value is, so the edge knows how to name it (see
`companion.i18n`). `msg` is also the marker the message extractor looks for:
its first argument must be a string literal.

A sentence with a count has a form per number: `msg_n("{n} game", "{n}
games", n=won)` keeps both English forms, and the edge picks the language's
form for `n` by its catalogue's plural rule (French says "1 partie", "0
partie", German "0 Partien"). The count is always the field `n`, so every
language can find it whichever words surround it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _capitalised(value: Any) -> Any:
    return value.capitalize() if isinstance(value, str) else value


_TEXT_FORMS: dict[str, Callable[[Any], Any]] = {
    "samurai": _capitalised,
    "option": _capitalised,
    "samurais": lambda names: ", ".join(str(n).capitalize() for n in names),
}
"""How `Message.text` writes a field's raw value: a Samurai's id as his name ("kyuzo" -> "Kyuzo")."""


def _plain(name: str, value: Any) -> Any:
    form = _TEXT_FORMS.get(name.rstrip("0123456789"))
    return value if form is None else form(value)


class Items(tuple[Any, ...]):
    """Several ids in one field (the cards Katsushiro puts back, the options left).

    Written ", "-joined in the English text; the edge names each one with the
    namer of the field's kind ("cards", "options").
    """

    __slots__ = ()

    def __str__(self) -> str:
        return ", ".join(str(value) for value in self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


COUNT = "n"
"""The field that holds a plural message's count."""


class Message:
    """One sentence for the table: an English template and the values for its fields.

    A message with a count (`msg_n`) also has its English plural template;
    `template`, the singular, stays its key.
    """

    __slots__ = ("template", "params", "plural")

    def __init__(self, template: str, params: dict[str, Any], plural: str | None = None) -> None:
        self.template = template
        self.params = params
        self.plural = plural

    @property
    def count(self) -> int:
        """The number a plural message counts (its field `n`); 1 for a message without one.

        A whole number written as text or as a float ("2", 2.0: a setting in
        seconds) counts as that number; a fraction ("0.5") as 2, since
        English, German and Dutch say "0.5 seconds".
        """
        value = self.params.get(COUNT, 1)
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, int):
            return value
        try:
            number = float(value)
        except (TypeError, ValueError):
            return 2
        return int(number) if number.is_integer() else 2

    @property
    def text(self) -> str:
        """The English sentence with the raw values (ids, numbers); Samurai and option ids capitalised."""
        template = self.template if self.plural is None or self.count == 1 else self.plural
        params = self.params
        if not params:
            return template
        return template.format(**{name: _plain(name, value) for name, value in params.items()})

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and self.template == other.template
                and self.params == other.params and self.plural == other.plural)

    def __hash__(self) -> int:
        return hash(self.template)

    def __repr__(self) -> str:
        if self.plural is not None:
            return f"msg_n({self.template!r}, {self.plural!r}, **{self.params!r})"
        return f"msg({self.template!r}, **{self.params!r})"

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> dict[str, Any]:
        """`{"key": template, "params": {...}}`, a nested message as the same kind of object; a plural
        message adds `"plural"` (so what older versions stored reads back unchanged)."""
        out: dict[str, Any] = {"key": self.template,
                               "params": {name: _json_value(value) for name, value in self.params.items()}}
        if self.plural is not None:
            out["plural"] = self.plural
        return out


def _json_value(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, Items):
        return list(value)
    return value


def message_from_json(obj: dict[str, Any]) -> Message:
    """The message `Message.to_json` wrote (a nested `{"key", "params"}` object becomes a Message again)."""
    params: dict[str, Any] = {}
    for name, value in dict(obj.get("params") or {}).items():
        if isinstance(value, dict) and set(value) in ({"key", "params"}, {"key", "params", "plural"}):
            value = message_from_json(value)
        elif isinstance(value, list):
            value = Items(value)
        params[name] = value
    plural = obj.get("plural")
    return Message(str(obj["key"]), params, None if plural is None else str(plural))


def msg(template: str, **params: Any) -> Message:
    """A message for the table; `template` must be a literal so it can be extracted for translation."""
    return Message(template, params)


def msg_n(singular: str, plural: str, *, n: int | float | str, **params: Any) -> Message:
    """A message with a count `n`: its English singular and plural templates, both literals (extracted
    together as one catalogue entry with a form per number in each language)."""
    return Message(singular, {COUNT: n, **params}, plural)
