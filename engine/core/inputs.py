"""Inputs: the small values the table sends, each with a one-line JSON form.

Like a chess move, an input is a hashable value that round-trips through text:
`input_from_json(input_to_json(x)) == x`. The journal is a list of them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.core.errors import RuleError
from engine.core.messages import msg


@dataclass(frozen=True, slots=True)
class Tap:
    """A card was revealed and tapped on the reader.

    `hidden` marks a card slid face down onto a hidden stack and tapped
    without being shown: the engine learns it, the public view never does.
    """

    card: str
    hidden: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"tap": self.card, "hidden": True} if self.hidden else {"tap": self.card}


@dataclass(frozen=True, slots=True)
class Press:
    """A physical button was pressed (its name is also the option id)."""

    button: str

    def to_json(self) -> dict[str, Any]:
        return {"press": self.button}


@dataclass(frozen=True, slots=True)
class Choose:
    """An option of the current prompt was picked by its id."""

    option: str

    def to_json(self) -> dict[str, Any]:
        return {"choose": self.option}


Input = Tap | Press | Choose


def input_to_json(value: Input) -> str:
    """The one-line JSON text of an input."""
    return json.dumps(value.to_json(), separators=(",", ":"), sort_keys=True)


def input_from_obj(obj: Any) -> Input:
    """Build an input from a decoded JSON object, or say precisely what is wrong."""
    if not isinstance(obj, dict):
        raise RuleError(msg('an input must be a JSON object, not {type}', type=type(obj).__name__))
    keys = set(obj)
    if "tap" in keys:
        extra = keys - {"tap", "hidden"}
        card = obj["tap"]
        hidden = obj.get("hidden", False)
        if extra:
            raise RuleError(msg('unexpected field(s) with tap: {value}', value=', '.join(sorted(extra))))
        if not isinstance(card, str) or not card:
            raise RuleError(msg('tap needs a card id (a non-empty string)'))
        if not isinstance(hidden, bool):
            raise RuleError(msg('hidden must be true or false'))
        return Tap(card, hidden)
    for key, kind in (("press", Press), ("choose", Choose)):
        if key in keys:
            if keys != {key}:
                others = ", ".join(sorted(keys - {key}))
                raise RuleError(msg('unexpected field(s) with {key}: {others}', key=key, others=others))
            value = obj[key]
            if not isinstance(value, str) or not value:
                raise RuleError(msg('{key} needs a non-empty string', key=key))
            return kind(value)
    raise RuleError(msg('unknown input {value}: expected tap, press or choose', value=json.dumps(obj, sort_keys=True)))


def input_from_json(text: str) -> Input:
    """Parse one line of JSON into an input."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RuleError(msg('not JSON: {reason} at column {column}', reason=exc.msg, column=exc.colno)) from None
    return input_from_obj(obj)
