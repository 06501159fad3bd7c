"""During a game: buttons under a prompt, applying inputs, journaling them, undo.

Order of work for each accepted input: the engine accepts it, the journal
line is appended and fsynced, and only then does the screen say it happened.
An input the disk refuses is taken back in the engine.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from companion.app.base import CONFIRM_UNDO, MAX_LINES, AppBase, engine_words
from companion.games import undo_offer
from companion.games.base import Text
from companion.history import game_over
from companion.runtime.saving import Job
from engine import Choose, Input, Match, RuleError
from engine.core.messages import Message, msg


class PlaySteps(AppBase):
    """The inputs of a game in progress, each on disk before it is shown, and undo."""

    def _apply_or_say(self, meant: list[Input] | Message) -> None:
        """The game's reading of a tap or press: inputs to apply, or why it means nothing now."""
        if isinstance(meant, Message):
            self._say(meant, error=True)
        else:
            self._apply(meant)

    def _play_button(self, name: str, held: bool) -> None:
        assert self.match is not None
        prompt = self.match.play.prompt
        taken, note = self.advice.button(self.match, name, held) if self.advice else (False, None)
        if taken:
            if note is not None:
                self._say(note, error=True)
            return
        if name == "undo":
            self._ask_undo()
            return
        if prompt is None:
            if name == "ok":
                self._new_game()
            else:
                self._say(msg("The game is over: OK starts a new game, Undo steps back."), error=True)
            return
        if (reply := undo_offer.answer(prompt, name)) is not None:
            self._answer_offer(reply)
            return
        if name in self.ui.direct_buttons(prompt):
            self._apply_or_say(self.ui.input_for_button(prompt, name))
            return
        if name in ("next", "ok"):
            if prompt.tap is not None:
                self._say(msg("Tap the card on the reader. {prompt}", prompt=engine_words(prompt)), error=True)
                return
            if name == "next":
                step = -1 if held else 1
                self.selected = (self.selected + step) % len(prompt.options)
            else:
                self._apply([Choose(prompt.options[self.selected % len(prompt.options)])])
            return
        self._apply_or_say(self.ui.input_for_button(prompt, name))

    def _apply(self, values: list[Input]) -> None:
        """Apply inputs as one step: all are journaled, or none and the state is as before."""
        match = self.match
        assert match is not None
        done = 0
        at = self._moment()
        try:
            for value in values:
                match.apply(value, at)
                done += 1
        except RuleError as exc:
            if done:
                match.undo(done)
            self._say(engine_words(exc), error=True)
            return
        if self.saving.unsaved:
            self.saving.queue(Job("sync", match))
        elif not self._append(match, len(values)):
            return
        self.accepted += len(values)
        if match.play.prompt is None and not self.saving.unsaved:
            game_over(self.state_dir)
        self._narrate([e for events in match.history[-len(values):] for e in events])
        self.notice = None
        self.unknown_uid = None

    def _append(self, match: Match, count: int) -> bool:
        """Journal the last `count` inputs; if the disk refuses, take them back and say so."""
        try:
            self.journal.append(match, count)
        except OSError as exc:
            match.undo(count)
            self.saving.queue(Job("sync", match))
            self.saving.failed(exc, msg("The last input was taken back: make it again once saving works."))
            return False
        return True

    def _ask_undo(self) -> None:
        match = self.match
        assert match is not None
        if not match.inputs:
            self._say(msg("Nothing to undo yet: make the first move."), error=True)
            return
        prompt_before = self._prompt_before_last()
        what = self.ui.describe_input(match.inputs[-1], prompt_before)
        put_back: list[Text] = list(self.ui.undo_lines(match.history[-1]))
        self._ask((msg("Undo {what}?", what=what), *put_back,
                   msg("OK undoes it; Undo or any other button keeps the game.")), self._undo, CONFIRM_UNDO)

    def _answer_offer(self, reply: str) -> None:
        """An undo the game offers (see companion.games.undo_offer): OK confirms, then undoes back; Next or Pass plays on."""
        assert self.match is not None
        if reply != undo_offer.UNDO:
            self._apply([Choose(reply)])
            return
        self._ask(undo_offer.question(self.ui, self.match), partial(self._undo, undo_offer.steps(self.match)),
                  CONFIRM_UNDO)

    def _prompt_before_last(self) -> Any:
        match = self.match
        assert match is not None
        replay = Match.replay(match.game, match.setup.to_json(), match.seed, match.inputs[:-1])
        return replay.play.prompt

    def _undo(self, steps: int = 1) -> None:
        """Take back the last `steps` inputs in one journal rewrite; a disk that refuses leaves the game as it was."""
        match = self.match
        assert match is not None
        events = [event for history in match.history[-steps:] for event in history]
        values = match.inputs[-steps:]
        times = match.times[-steps:]
        match.undo(steps)
        if self.saving.unsaved:
            self.saving.queue(Job("sync", match))
        else:
            try:
                self.journal.rewrite(match)
            except OSError as exc:
                for value, at in zip(values, times, strict=True):
                    match.apply(value, at)
                self.saving.queue(Job("sync", match))
                self.saving.failed(exc, msg("The undo was not done: the game is as it was before it."))
                return
        self.todo = list(self.ui.undo_lines(events))
        self.todo_news = 0
        self.lines = [msg("Undone: {step}", step=line) for line in self.todo]
        del self.lines[MAX_LINES:]
        self.selected = self._highlight()

    def _confirmed(self) -> None:
        action = self._confirm_action
        self.confirm = None
        self._confirm_action = None
        if action:
            action()
