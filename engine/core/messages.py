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


class Message:
    """One sentence for the table: an English template and the values for its fields."""

    __slots__ = ("template", "params")

    def __init__(self, template: str, params: dict[str, Any]) -> None:
        self.template = template
        self.params = params

    @property
    def text(self) -> str:
        """The English sentence with the raw values (ids, numbers); Samurai and option ids capitalised."""
        params = self.params
        if not params:
            return self.template
        return self.template.format(**{name: _plain(name, value) for name, value in params.items()})

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and self.template == other.template
                and self.params == other.params)

    def __hash__(self) -> int:
        return hash(self.template)

    def __repr__(self) -> str:
        return f"msg({self.template!r}, **{self.params!r})"

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> dict[str, Any]:
        """`{"key": template, "params": {...}}`, a nested message as the same kind of object."""
        return {"key": self.template, "params": {name: _json_value(value) for name, value in self.params.items()}}


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
        if isinstance(value, dict) and set(value) == {"key", "params"}:
            value = message_from_json(value)
        elif isinstance(value, list):
            value = Items(value)
        params[name] = value
    return Message(str(obj["key"]), params)


def msg(template: str, **params: Any) -> Message:
    """A message for the table; `template` must be a literal so it can be extracted for translation."""
    return Message(template, params)
