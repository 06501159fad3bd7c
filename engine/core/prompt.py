"""Prompts: what the engine waits for, who decides, and the legal options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.messages import Message

TABLE = "table"
"""The actor for decisions nobody in particular makes (round-end reveals)."""
PLAY_ON = "play-on"
"""The option that declines an undo offer (see `Prompt.undo_to`): the game goes on as it is."""


@dataclass(frozen=True, slots=True, init=False)
class Prompt:
    """The single decision a game is waiting for.

    `actor` is who decides (a seat's id, or TABLE), `kind` what sort of
    decision it is, `options` the legal option ids for a choose or a press.
    `message` says what to do, as a template and parameters (see
    engine.core.messages); `text` is its English sentence.
    A prompt that wants a card tapped has `tap` set to where the card comes
    from ("raider", "intruder", ...) and no options: the possible card ids are
    asked of the game, since they depend on what it knows. `subject` names
    what the decision is about when that is one thing (the card being fought),
    so screens can show it and advisors need not search for it.
    `undo_to` makes the prompt an undo offer: the game found a mistake the
    table can take back by undoing every input from number `undo_to` on (the
    journal's numbering, from 1); its one option, PLAY_ON, declines. Undoing
    is no input of the game, so the app (or a protocol client) does it.
    """

    actor: str
    kind: str
    message: Message
    options: tuple[str, ...] = ()
    tap: str | None = None
    subject: str | None = None
    undo_to: int | None = None

    def __init__(self, actor: str, kind: str, message: Message, options: tuple[str, ...] = (),
                 tap: str | None = None, subject: str | None = None, undo_to: int | None = None) -> None:
        # Frozen like any dataclass, but made at every step of a game: setting
        # the slots through their descriptors is about twice as fast as the
        # generated __init__, which calls object.__setattr__ for each field.
        _SET_ACTOR(self, actor)
        _SET_KIND(self, kind)
        _SET_MESSAGE(self, message)
        _SET_OPTIONS(self, options)
        _SET_TAP(self, tap)
        _SET_SUBJECT(self, subject)
        _SET_UNDO_TO(self, undo_to)

    @property
    def text(self) -> str:
        """The English sentence with the raw ids, for the protocol and logs."""
        return self.message.text

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "actor": self.actor,
            "kind": self.kind,
            "text": self.message.text,
            **self.message.to_json(),
            "options": list(self.options),
        }
        if self.tap is not None:
            out["tap"] = self.tap
        if self.subject is not None:
            out["subject"] = self.subject
        if self.undo_to is not None:
            out["undo_to"] = self.undo_to
        return out


_SET_ACTOR, _SET_KIND, _SET_MESSAGE, _SET_OPTIONS, _SET_TAP, _SET_SUBJECT, _SET_UNDO_TO = (
    Prompt.__dict__[name].__set__ for name in ("actor", "kind", "message", "options", "tap", "subject", "undo_to")
)
