"""The engine protocol: one JSON object per line in, one per line out.

Like UCI for chess engines, it lets any program drive the rules without
importing them. `ProtocolSession.handle` turns one input line into one answer;
the loop that reads stdin lives with the command-line tool, so the engine
itself does no I/O. See the README ("Engine protocol") for the message list.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.core.errors import RuleError
from engine.core.events import Event
from engine.core.inputs import input_from_obj
from engine.core.match import Match
from engine.core.registry import get_game

DEFAULT_GAME = "samurai-spirit"


class ProtocolSession:
    """The state of one protocol conversation: at most one match at a time."""

    def __init__(self, new_seed: Callable[[], int]) -> None:
        self.match: Match | None = None
        self._new_seed = new_seed

    def _state(self) -> dict[str, Any] | None:
        return self.match.play.public_view() if self.match else None

    def _ok(self, events: list[Event] | None = None, **extra: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": True, "state": self._state()}
        if events is not None:
            out["events"] = [e.to_json() for e in events]
        out.update(extra)
        return out

    def handle_line(self, line: str) -> str:
        """Answer one line; never raises for bad input."""
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            answer = {"ok": False, "error": f"not JSON: {exc.msg} at column {exc.colno}", "state": self._state()}
        else:
            answer = self.handle(obj)
        return json.dumps(answer, separators=(",", ":"), sort_keys=True)

    def handle(self, obj: Any) -> dict[str, Any]:
        try:
            return self._dispatch(obj)
        except RuleError as exc:
            return {"ok": False, "error": str(exc), "state": self._state()}

    def _dispatch(self, obj: Any) -> dict[str, Any]:
        if not isinstance(obj, dict) or not obj:
            raise RuleError("each line must be a JSON object such as {\"press\": \"fight\"}")
        if "new" in obj:
            return self._new(obj)
        if "cards" in obj:
            game = get_game(self.match.game.name if self.match else DEFAULT_GAME)
            return {"ok": True, "cards": game.cards_json()}
        if "state" in obj:
            return self._ok()
        match = self.match
        if match is None:
            raise RuleError("no game yet: send {\"new\": {\"samurai\": [...], \"difficulty\": \"normal\", \"seed\": 7}}")
        if "undo" in obj:
            steps = obj["undo"]
            taken = match.undo(steps if not isinstance(steps, bool) else -1)
            return self._ok([], undone=[v.to_json() for v in taken])
        if "journal" in obj:
            return self._ok(header=match.header(), inputs=[v.to_json() for v in match.inputs])
        value = input_from_obj(obj)
        events = match.apply(value)
        return self._ok(events)

    def _new(self, obj: dict[str, Any]) -> dict[str, Any]:
        spec = obj["new"]
        if not isinstance(spec, dict):
            raise RuleError("new needs an object: {\"samurai\": [...], \"difficulty\": \"normal\", \"seed\": 7}")
        spec = dict(spec)
        game = get_game(spec.pop("game", DEFAULT_GAME))
        seed = spec.pop("seed", None)
        if seed is None:
            seed = self._new_seed()
        match = Match(game, spec, seed)
        self.match = match
        return self._ok(list(match.opening), header=match.header())
