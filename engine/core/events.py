"""Events: what happened, in words the table can act on."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

_NO_DATA: Any = object()


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One thing that happened while an input was applied.

    `kind` is a stable machine name (screens pick icons by it), `text` a plain
    sentence that says what the table must do physically, and `data` the
    details a screen may want (ids, counts). Events carry only public facts.
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def __init__(self, kind: str, text: str, data: dict[str, Any] = _NO_DATA) -> None:
        # Frozen like any dataclass, but a game makes hundreds of events: the
        # generated __init__ goes through object.__setattr__ for each field,
        # setting the slots through their descriptors is about twice as fast.
        _SET_KIND(self, kind)
        _SET_TEXT(self, text)
        _SET_DATA(self, {} if data is _NO_DATA else data)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, **({"data": self.data} if self.data else {})}


_SET_KIND, _SET_TEXT, _SET_DATA = (Event.__dict__[name].__set__ for name in ("kind", "text", "data"))
