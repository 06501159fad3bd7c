"""Events: what happened, in words the table can act on."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.messages import Message

_NO_DATA: Any = object()


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One thing that happened while an input was applied.

    `kind` is a stable machine name (screens pick icons by it), `message` the
    sentence for the table, as a template and parameters so the edge can say
    it in the table's language, and `data` the details a screen may want
    (ids, counts). `physical` is True when the sentence asks the table to
    move, take, turn, shuffle, deal or return something (a step to do), False
    when it only says what happened or why (a card played, a turn begun, a
    choice forced): the companion lists the steps first, and the game rules
    set the flag where they emit, so nothing downstream reads words to tell
    the two apart. `text` is the English sentence, made only when asked for:
    simulations make thousands of events nobody reads. Events carry only
    public facts.
    """

    kind: str
    message: Message
    data: dict[str, Any] = field(default_factory=dict)
    physical: bool = False

    def __init__(self, kind: str, message: Message, data: dict[str, Any] = _NO_DATA, physical: bool = False) -> None:
        # Frozen like any dataclass, but a game makes hundreds of events: the
        # generated __init__ goes through object.__setattr__ for each field,
        # setting the slots through their descriptors is about twice as fast.
        _SET_KIND(self, kind)
        _SET_MESSAGE(self, message)
        _SET_DATA(self, {} if data is _NO_DATA else data)
        _SET_PHYSICAL(self, physical)

    @property
    def text(self) -> str:
        """The English sentence with the raw ids, for the protocol and logs."""
        return self.message.text

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.message.text, **self.message.to_json()}
        if self.data:
            out["data"] = self.data
        if self.physical:
            out["physical"] = True
        return out


_SET_KIND, _SET_MESSAGE, _SET_DATA, _SET_PHYSICAL = (
    Event.__dict__[name].__set__ for name in ("kind", "message", "data", "physical"))
