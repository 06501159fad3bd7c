"""Events: what happened, in words the table can act on."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened while an input was applied.

    `kind` is a stable machine name (screens pick icons by it), `text` a plain
    sentence that says what the table must do physically, and `data` the
    details a screen may want (ids, counts). Events carry only public facts.
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, **({"data": self.data} if self.data else {})}
