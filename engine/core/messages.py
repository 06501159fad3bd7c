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

from typing import Any


class Message:
    """One sentence for the table: an English template and the values for its fields."""

    __slots__ = ("template", "params")

    def __init__(self, template: str, params: dict[str, Any]) -> None:
        self.template = template
        self.params = params

    @property
    def text(self) -> str:
        """The English sentence with the raw values (ids, numbers)."""
        return self.template.format(**self.params) if self.params else self.template

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
        return {"key": self.template, "params": dict(self.params)}


def msg(template: str, **params: Any) -> Message:
    """A message for the table; `template` must be a literal so it can be extracted for translation."""
    return Message(template, params)
