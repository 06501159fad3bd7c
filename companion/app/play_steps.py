"""The game session: the match on the table, each input applied, journaled, then narrated; undo.

Order of work for each accepted input (`Session.apply`): the engine accepts
it, the journal line is appended and fsynced (`Session.append`), and only
then does the table's narration say it happened (`Session.narrate`), which
the next frame shows. An input the disk refuses is taken back in the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from companion.app.base import CONFIRM_UNDO, FORGETTING, MAX_LINES, UNSEEN, engine_words
from companion.app.table import Table
from companion.games import undo_offer
from companion.games.base import Text
from companion.history import game_over
from companion.runtime.saving import Job
from engine import Choose, Event, Input, Match, RuleError
from engine.core.messages import Message, msg

if TYPE_CHECKING:
    from companion.app.advice import AdviceDesk


class Session:
    """The inputs of a game in progress, each on disk before it is shown, and undo.

    `new_game` puts the finished game aside (companion.app.resume_steps); `correct` opens the correction of a
    component during the game (companion.app.census_steps), asked for by a long press of Undo."""

    def __init__(self, table: Table, advice: AdviceDesk | None, new_game: Callable[[], None],
                 correct: Callable[[], None]) -> None:
        self.table = table
        self.advice = advice
        self.new_game = new_game
        self.correct = correct
        self.accepted = 0
        """Inputs accepted in this run."""

    # --- the step's interface (companion.app.router) ----------------------------------------------------

    def menu(self) -> None:
        """A game shows its prompt, not a menu."""
        return None

    def tap(self, target: str) -> None:
        """A tag tapped in play: the game says which inputs it means under the prompt."""
        table = self.table
        if table.mode != "play" or table.match is None:
            table.say(msg("No game is running: press OK."), error=True)
            return
        if table.match.play.prompt is None:
            table.say(msg("The game is over: press OK for a new game, or Undo."), error=True)
            return
        self.apply_or_say(table.ui.input_for_tap(table.match, target))

    def press(self, name: str, held: bool) -> None:
        """A button in play: the correction (Undo held), the advisor's, undo, the game's buttons, Next and OK."""
        table = self.table
        match = table.match
        assert match is not None
        prompt = match.play.prompt
        if name == "undo" and held and prompt is not None:
            # Asked first, so a long press made by mistake costs one press of any other button.
            table.ask((msg("Is a card or board not what the screen says?"),
                       msg("OK: say what is printed on it; any other button: back to the game.")),
                      self.correct, msg("OK: correct it"))
            return
        taken, note = self.advice.button(match, name, held) if self.advice else (False, None)
        if taken:
            if note is not None:
                table.say(note, error=True)
            return
        if name == "undo":
            self.ask_undo()
            return
        if prompt is None:
            if name == "ok":
                self.new_game()
            else:
                table.say(msg("The game is over: OK starts a new game, Undo steps back."), error=True)
            return
        if (reply := undo_offer.answer(prompt, name)) is not None:
            self.answer_offer(reply)
            return
        if name in table.ui.direct_buttons(prompt):
            self.apply_or_say(table.ui.input_for_button(prompt, name))
            return
        if name in ("next", "ok"):
            if prompt.tap is not None:
                table.say(msg("Tap the card on the reader. {prompt}", prompt=engine_words(prompt)), error=True)
                return
            if name == "next":
                table.selected = (table.selected + (-1 if held else 1)) % len(prompt.options)
            else:
                self.apply([Choose(prompt.options[table.selected % len(prompt.options)])])
            return
        self.apply_or_say(table.ui.input_for_button(prompt, name))

    # --- inputs, the journal, the narration -------------------------------------------------------------

    def apply_or_say(self, meant: list[Input] | Message) -> None:
        """The game's reading of a tap or press: inputs to apply, or why it means nothing now."""
        if isinstance(meant, Message):
            self.table.say(meant, error=True)
        else:
            self.apply(meant)

    def apply(self, values: list[Input]) -> None:
        """Apply inputs as one step: all are journaled (`append`), or none and the state is as before; then
        narrated (`narrate`)."""
        table = self.table
        match = table.match
        assert match is not None
        done = 0
        at = table.moment()
        try:
            for value in values:
                match.apply(value, at)
                done += 1
        except RuleError as exc:
            if done:
                match.undo(done)
            table.say(engine_words(exc), error=True)
            return
        if table.saving.unsaved:
            table.saving.queue(Job("sync", match))
        elif not self.append(match, len(values)):
            return
        self.accepted += len(values)
        if match.play.prompt is None and not table.saving.unsaved:
            game_over(table.state_dir)
        self.narrate([e for events in match.history[-len(values):] for e in events])
        table.notice = None
        table.unknown_uid = None

    def append(self, match: Match, count: int) -> bool:
        """Journal the last `count` inputs; if the disk refuses, take them back and say so."""
        saving = self.table.saving
        try:
            self.table.journal.append(match, count)
        except OSError as exc:
            match.undo(count)
            saving.queue(Job("sync", match))
            saving.failed(exc, msg("The last input was taken back: make it again once saving works."))
            return False
        return True

    def narrate(self, events: list[Event]) -> None:
        """What one accepted input caused: the to-do panel until the next input, and the log; then the new
        prompt's highlight (`Table.highlight`).

        The panel lists the physical steps first (events the game marked
        `physical`: take, move, turn, shuffle, deal, return), in the order
        they happened, then what merely happened (`todo_news` counts those),
        so the step the table must do is never behind narration on a later
        page. Once the game is over only the last input's physical steps
        stay: a turn begun, a choice forced or a refusal's reason is no
        longer true, and the result is on the game-over screen itself. The
        log keeps every event in the order it happened.
        """
        table = self.table
        shown = [e for e in events if e.kind not in UNSEEN]
        if any(e.kind in FORGETTING for e in events):
            table.lines = []
        steps: list[Text] = [engine_words(e) for e in shown if e.physical]
        news: list[Text] = [] if table.game_over() else [engine_words(e) for e in shown if not e.physical]
        table.todo = steps + news
        table.todo_news = len(news)
        for event in shown:
            table.lines.insert(0, engine_words(event))
        del table.lines[MAX_LINES:]
        table.selected = table.highlight()

    # --- undo -------------------------------------------------------------------------------------------

    def ask_undo(self) -> None:
        table = self.table
        match = table.match
        assert match is not None
        if not match.inputs:
            table.say(msg("Nothing to undo yet: make the first move."), error=True)
            return
        what = table.ui.describe_input(match.inputs[-1], self._prompt_before_last())
        put_back: list[Text] = list(table.ui.undo_lines(match.history[-1]))
        table.ask((msg("Undo {what}?", what=what), *put_back,
                   msg("OK undoes it; Undo or any other button keeps the game.")), self.undo, CONFIRM_UNDO)

    def answer_offer(self, reply: str) -> None:
        """An undo the game offers (see companion.games.undo_offer): OK confirms, then undoes back; Next or Pass plays on."""
        match = self.table.match
        assert match is not None
        if reply != undo_offer.UNDO:
            self.apply([Choose(reply)])
            return
        self.table.ask(undo_offer.question(self.table.ui, match), partial(self.undo, undo_offer.steps(match)),
                       CONFIRM_UNDO)

    def _prompt_before_last(self) -> Any:
        match = self.table.match
        assert match is not None
        replay = Match.replay(match.game, match.setup.to_json(), match.seed, match.inputs[:-1])
        return replay.play.prompt

    def undo(self, steps: int = 1) -> None:
        """Take back the last `steps` inputs in one journal rewrite; a disk that refuses leaves the game as it was."""
        table = self.table
        match = table.match
        assert match is not None
        events = [event for history in match.history[-steps:] for event in history]
        values = match.inputs[-steps:]
        times = match.times[-steps:]
        match.undo(steps)
        if table.saving.unsaved:
            table.saving.queue(Job("sync", match))
        else:
            try:
                table.journal.rewrite(match)
            except OSError as exc:
                for value, at in zip(values, times, strict=True):
                    match.apply(value, at)
                table.saving.queue(Job("sync", match))
                table.saving.failed(exc, msg("The undo was not done: the game is as it was before it."))
                return
        table.todo = list(table.ui.undo_lines(events))
        table.todo_news = 0
        table.lines = [msg("Undone: {step}", step=line) for line in table.todo]
        del table.lines[MAX_LINES:]
        table.selected = table.highlight()
