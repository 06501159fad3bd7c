"""The engine protocol: one JSON object per line in, one per line out.

Like UCI for chess engines, it lets any program drive the rules without
importing them. `ProtocolSession.handle_line` turns one input line into
exactly one answer line, whatever the line holds (bad bytes, blank, deep
nesting, wrong types): a client that waits for one answer per line never
hangs, and a refused line leaves the state as it was. The loop that reads
stdin lives with the command-line tool, so the engine itself does no I/O.
See docs/developers/engine-protocol.md for the message list.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.core.advisor import Budget, advise
from engine.core.errors import RuleError
from engine.core.events import Event
from engine.core.inputs import input_from_obj
from engine.core.match import Match
from engine.core.messages import Message, msg
from engine.core.registry import default_game, entry, get_game
from engine.core.safe_json import load_limited

MAX_LINE_BYTES = 65_536
"""A setup with a counted-out deck is under 1 KiB; longer lines are refused unread."""
MAX_SEED = 2**63 - 1
COMMANDS = ("new", "cards", "state", "journal", "undo", "advise", "tap", "press", "choose")
QUERIES = ("cards", "state", "journal")
EXAMPLE = '{"press": "fight"}'
NEW_EXAMPLE = '{"new": {"samurai": [...], "difficulty": "normal", "seed": 7}}'
ADVISE_EXAMPLE = '{"advise": {"budget_ms": 500}}'
ADVISE_FIELDS = {"budget_ms": 60_000, "playouts": 100_000, "seed": MAX_SEED}
"""The fields of an advise request and the largest value each may take."""
PLAYOUTS_PER_MS = 0.25
"""Without a clock (a session made without one), budget_ms becomes this many play-outs per millisecond."""


class ProtocolSession:
    """The state of one protocol conversation: at most one match at a time."""

    def __init__(self, new_seed: Callable[[], int], clock: Callable[[], float] | None = None) -> None:
        self.match: Match | None = None
        self._new_seed = new_seed
        self._clock = clock

    def _state(self) -> dict[str, Any] | None:
        """The public view, with every game's `outcome` (null until the game is over)."""
        if self.match is None:
            return None
        play = self.match.play
        outcome = play.outcome
        return {**play.public_view(), "outcome": outcome.to_json() if outcome else None}

    def _ok(self, events: list[Event] | None = None, **extra: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": True, "state": self._state()}
        if events is not None:
            out["events"] = [e.to_json() for e in events]
        out.update(extra)
        return out

    def _error(self, message: Message | str) -> dict[str, Any]:
        """A refusal: the English sentence in "error", its template and parameters in "key" and "params"."""
        if not isinstance(message, Message):
            message = Message(message, {})
        return {"ok": False, "error": message.text, **message.to_json(), "state": self._state()}

    def handle_line(self, line: str | bytes) -> str:
        """Answer one line (text, or bytes as read from a pipe) with one line; never raises.

        A failure nobody foresaw is still answered, as "internal error", after
        the match is rebuilt from its inputs so that the state is as before.
        """
        match = self.match
        inputs = list(match.inputs) if match else []
        try:
            answer = self._answer_line(line)
        except Exception as exc:  # the line boundary: whatever happened, answer and carry on
            self._restore(match, inputs)
            answer = self._error(msg("internal error: {type}: {reason}; the state is as before this line",
                                     type=type(exc).__name__, reason=str(exc)))
        return json.dumps(answer, separators=(",", ":"), sort_keys=True)

    def _restore(self, match: Match | None, inputs: list[Any]) -> None:
        """Put back the match as it was before the line, replaying its inputs."""
        self.match = match
        if match is None:
            return
        try:
            self.match = Match.replay(match.game, match.setup.to_json(), match.seed, inputs)
        except Exception:  # inputs it accepted once replay unless the rules themselves broke: keep what we have
            self.match = match

    def _answer_line(self, line: str | bytes) -> dict[str, Any]:
        try:
            obj = load_limited(read_text(line))
        except RuleError as exc:
            return self._error(exc.message)
        return self.handle(obj)

    def handle(self, obj: Any) -> dict[str, Any]:
        """Answer one decoded message; a refusal names what is wrong and changes nothing."""
        try:
            return self._dispatch(obj)
        except RuleError as exc:
            return self._error(exc.message)

    def _dispatch(self, obj: Any) -> dict[str, Any]:
        command = command_of(obj)
        if command == "new":
            return self._new(obj["new"])
        if command in QUERIES and obj[command] is not True:
            raise RuleError(msg("{command} takes true: send {{\"{command}\": true}}", command=command))
        if command == "cards":
            game = get_game(self.match.game.name if self.match else default_game())
            return {"ok": True, "cards": game.cards_json()}
        if command == "state":
            return self._ok()
        match = self.match
        if match is None:
            raise RuleError(msg("no game yet: send {example}", example=NEW_EXAMPLE))
        if command == "undo":
            taken = match.undo(whole_steps(obj["undo"]))
            return self._ok([], undone=[v.to_json() for v in taken])
        if command == "journal":
            return self._ok(header=match.header(), inputs=[v.to_json() for v in match.inputs])
        if command == "advise":
            return self._advise(match, obj["advise"])
        events = match.apply(input_from_obj(obj))
        return self._ok(events)

    def _new(self, spec: Any) -> dict[str, Any]:
        if not isinstance(spec, dict):
            raise RuleError(msg("new needs an object: {example}", example=NEW_EXAMPLE[8:-1]))
        spec = dict(spec)
        name = spec.pop("game") if "game" in spec else default_game()
        if not isinstance(name, str):
            raise RuleError(msg("game must be a game's name such as \"{game}\", not {value}", game=default_game(),
                                value=json.dumps(name)))
        game = get_game(name)
        seed = spec.pop("seed", None)
        match = Match(game, spec, self._new_seed() if seed is None else checked_seed(seed))
        self.match = match
        return self._ok(list(match.opening), header=match.header())


    def _advise(self, match: Match, spec: Any) -> dict[str, Any]:
        """Each option's win chance at the pending decision, from the public view (engine.core.advisor)."""
        if not isinstance(spec, dict):
            raise RuleError(msg("advise needs an object: {example}", example=ADVISE_EXAMPLE))
        for key, value in spec.items():
            if key not in ADVISE_FIELDS:
                raise RuleError(msg("unexpected field(s) with {command}: {fields}", command="advise", fields=key))
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= ADVISE_FIELDS[key]:
                raise RuleError(msg("{key} must be a whole number from 1 to {most}, not {value}", key=key,
                                    most=ADVISE_FIELDS[key], value=json.dumps(value)))
        hooks = entry(match.game.name).advice()
        if hooks is None:
            raise RuleError(msg("No advice for {game}: the game has no advisor.", game=match.game.name))
        budget_ms = spec.get("budget_ms", 500)
        if self._clock is not None:
            budget = Budget(playouts=spec.get("playouts", ADVISE_FIELDS["playouts"]), seconds=budget_ms / 1000,
                            clock=self._clock)
        else:
            budget = Budget(playouts=spec.get("playouts", max(1, int(budget_ms * PLAYOUTS_PER_MS))))
        seed = spec.get("seed", self._new_seed())
        advice = advise(hooks, match, seed, budget)
        return self._ok(advice=advice.to_json())


def read_text(line: str | bytes) -> str:
    """The text of one line, or RuleError saying why it cannot be a message."""
    if len(line) > MAX_LINE_BYTES:
        raise RuleError(msg("the line is too long (more than {n} bytes): send one JSON object per line, such as "
                            "{example}", n=f"{MAX_LINE_BYTES:,}", example=EXAMPLE))
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RuleError(msg("the line is not UTF-8 text (byte {byte} at position {position}): send JSON encoded "
                                "as UTF-8", byte=f"0x{line[exc.start]:02x}", position=exc.start)) from None
    if not line.strip():
        raise RuleError(msg("empty line: send one JSON object per line, such as {example}", example=EXAMPLE))
    return line


def command_of(obj: Any) -> str:
    """The one command a message holds; RuleError if it holds none or several."""
    if not isinstance(obj, dict) or not obj:
        raise RuleError(msg("each line must be a JSON object such as {example}", example=EXAMPLE))
    found = [key for key in COMMANDS if key in obj]
    if len(found) > 1:
        raise RuleError(msg("one command per line, not {commands}", commands=" and ".join(found)))
    if not found:
        return "input"  # input_from_obj names the unknown field
    command = found[0]
    allowed = {"tap", "hidden"} if command == "tap" else {command}
    extra = sorted(key for key in obj if key not in allowed)
    if extra:
        raise RuleError(msg("unexpected field(s) with {command}: {fields}", command=command, fields=", ".join(extra)))
    return command


def whole_steps(steps: Any) -> int:
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
        raise RuleError(msg("undo needs a whole number of steps, 1 or more, not {value}", value=json.dumps(steps)))
    return steps


def checked_seed(seed: Any) -> int:
    """A seed the journal can hold: a whole number from 0 to 2**63 - 1."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise RuleError(msg("seed must be a whole number from 0 to {most}, not {value}", most=MAX_SEED,
                            value=json.dumps(seed)))
    return seed
