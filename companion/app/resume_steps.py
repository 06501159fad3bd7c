"""The state folder at start-up, the unfinished game's resume question, putting games aside.

Also what each owed disk job does (companion.runtime.saving keeps them in order and
retries them), since opening the folder and archiving games are such jobs.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from companion.app.base import engine_words
from companion.app.play_steps import Session
from companion.app.resume_info import damage_line, game_lines, over_lines
from companion.app.table import Table
from companion.games.base import Menu, Text
from companion.games.registry import ui_on
from companion.history import game_archived
from companion.history.menu import web_lines
from companion.runtime.saving import Job
from companion.runtime.storage import load_journal, unfinished
from companion.runtime.web_pin import device_pin
from engine import Match, RuleError
from engine.core.journal import Damage
from engine.core.messages import Message, msg

if TYPE_CHECKING:
    from companion.app.setup_steps import FirstMenu, MenuExtras, SetupSteps


class ResumeSteps:
    """Start-up, resume or put aside (mode "resume"), and the disk jobs behind them."""

    def __init__(self, table: Table, session: Session, setup: SetupSteps, first: FirstMenu, extras: MenuExtras,
                 resume_timeout_s: float) -> None:
        self.table = table
        self.session = session
        self.setup = setup
        self.first = first
        self.extras = extras
        self.resume_timeout_s = resume_timeout_s
        """Seconds before an unfinished game resumes by itself (0: it waits for the table)."""
        self.resume_deadline: float | None = None
        self.damage: Damage | None = None
        """What is wrong with the saved game on offer (None: nothing)."""
        self.damage_copy: Path | None = None
        self.unreadable: Message | None = None
        """Why the saved game put aside could not be read, until it is said."""

    def start(self) -> None:
        """Offer to resume an unfinished game, else start the setup questions.

        Never raises for the disk: a state folder that cannot be made or read
        shows the Cannot save screen and is tried again like any failed save.
        """
        table = self.table
        table.saving.owe(Job("open", note=msg("The state folder {path} cannot be used.", path=str(table.state_dir))))

    def open_state(self) -> None:
        """Make the state folder, clear a failed rewrite's leftovers, make the web page's PIN, find the unfinished
        game. The PIN is made here, whatever start follows (a resumed game never shows the first menu)."""
        table = self.table
        table.fs.mkdir(table.state_dir)
        table.journal.remove_stale_tmp()
        device_pin(table.state_dir)
        path = unfinished(table.state_dir)
        if path is None:
            return
        if table.match is None:
            # Whatever the first screen is (the game menu, a fixed game, the
            # language question, a set-up half answered while the folder was
            # unusable), an unfinished game is offered first: only the table's
            # New game on the resume screen may put it aside.
            self.offer_resume(path)
        else:
            # The table chose Continue unsaved and is playing a game of its own
            # that must now be written where the found one is: the found one is
            # moved aside byte for byte (games/, history) before ours is written.
            table.saving.insert_next(Job("archive", why="found"))

    def offer_resume(self, path: Path) -> None:
        table = self.table
        try:
            loaded = load_journal(path)
        except RuleError as exc:
            self.unreadable = msg("{file}, {reason}", file=path.name, reason=engine_words(exc))
            table.saving.queue(Job("archive", why="unreadable", note=msg(
                "The saved game could not be read ({reason}); it stays as {path} until it can be "
                "moved aside, and no new game replaces it.", reason=engine_words(exc), path=str(path))))
            return
        if loaded.match.play.prompt is None:
            self.show_over(loaded.match)
            return
        self.play_game_of(loaded.match)
        table.match = loaded.match
        self.damage = loaded.damage
        table.picker = None
        table.picker_action = None
        table.confirm = None
        table.confirm_action = None
        self.damage_copy = None
        # A power cut in mid-append can leave the last line without its newline: mended now (after its byte
        # copy, which the resume screen names for a torn record), so no input is ever appended onto it.
        table.saving.queue(Job("repair-end", note=msg(
            "The saved game is damaged: a copy of it must be kept before anything replaces it.")))
        if self.damage is not None:
            table.saving.queue(Job("keep-damaged", note=msg(
                "The saved game is damaged: a copy of it must be kept before anything replaces it.")))
        table.mode = "resume"
        table.selected = 0
        if self.resume_timeout_s > 0 and (self.damage is None or self.damage.torn):
            self.resume_deadline = table.clock() + self.resume_timeout_s

    def show_over(self, match: Match) -> None:
        """A saved game that had already ended (the companion was stopped at its game-over screen) is no game to
        resume: its result is shown, and it goes with the finished games as OK on the game-over screen would have
        put it (archived under its result, recorded in the history). Nothing resumes by itself; OK goes on to
        the first menu."""
        table = self.table
        first = table.ui.name
        self.play_game_of(match)
        table.saving.queue(Job("archive", match, match.play.result or "over", note=msg(
            "The finished or abandoned game must be moved under games/ before a new one is saved.")))

        def close(option: str) -> None:
            table.close_picker(None)
            self._home()
            if table.ui.name != first and table.mode == "setup":
                table.setup = self.setup.new_setup()
            table.selected = self.first.menu().selected if table.mode == "game" else table.setup.menu().selected

        table.open_picker(Menu(msg("The last game is over"), ("ok",), (msg("Start a new game"),),
                               (*over_lines(table.ui, match), msg("It is kept with the finished games."))), close)

    def _home(self) -> None:
        """Back to the game the configuration fixes after a saved game of another kind."""
        table = self.table
        home = table.home_game
        if home is not None and home != table.ui.name and table.switch_game is not None and len(table.games) < 2:
            table.switch_to(home)

    def play_game_of(self, match: Match) -> None:
        """Switch to the saved game's words, screens and tag map when another game is set up now.

        run_cmd already starts with the journal's game, but the folder may have
        been unusable at start and another game chosen meanwhile.
        """
        table = self.table
        name = match.game.name
        if name != table.ui.name and table.switch_game is not None:
            table.switch_to(name)
        if name == table.ui.name and getattr(match.game, "components_digest", None) != getattr(
                table.ui.game, "components_digest", None):
            table.ui = ui_on(match.game)  # its cards named as the data it was played with has them

    def resume_info(self) -> tuple[Text, ...]:
        table = self.table
        match = table.match
        assert match is not None
        prompt = match.play.prompt
        info = game_lines(table.ui, match, engine_words(prompt) if prompt is not None else None)
        if self.damage is not None:
            copy = self.damage_copy.name if self.damage_copy is not None else None
            info.append(damage_line(self.damage, len(match.inputs), copy))
        return tuple(info)

    def countdown(self, now: float | None = None) -> int | None:
        """Whole seconds before the unfinished game resumes by itself (None when it waits for the table)."""
        table = self.table
        if table.mode != "resume" or self.resume_deadline is None or table.saving.blocked():
            return None
        now = table.clock() if now is None else now
        return max(0, math.ceil(self.resume_deadline - now))

    def next_second(self) -> float | None:
        """The moment the resume countdown next changes: a whole second before the deadline, or the deadline."""
        left = self.countdown()
        if left is None or self.resume_deadline is None:
            return None
        return self.resume_deadline - max(0, left - 1)

    def do(self, job: Job) -> None:
        """One owed disk job (companion.runtime.saving keeps them in order and retries them)."""
        table = self.table
        if job.kind == "open":
            self.open_state()
        elif job.kind == "repair-end":
            repaired = table.journal.repair_end()
            if repaired is not None:
                self.damage_copy = repaired.copy
        elif job.kind == "keep-damaged":
            if table.journal.path.exists() and self.damage_copy is None:
                self.damage_copy = table.journal.keep_copy("damaged")
        elif job.kind == "archive":
            if table.journal.path.exists():
                target = self.archive_current(job.why)
                if job.why == "unreadable":
                    self.tell_put_aside(target)
        elif job.kind == "sync":
            assert job.match is not None
            table.journal.rewrite(job.match)

    def tell_put_aside(self, target: Path) -> None:
        """An unreadable saved game was moved aside: say why and where, until OK."""
        table = self.table
        reason = self.unreadable or msg("it could not be read")
        self.unreadable = None
        table.open_picker(Menu(msg("The saved game could not be read"), ("ok",), (msg("Start a new game"),),
                               (msg("{reason}.", reason=reason),
                                msg("It was put aside unchanged as {file} in {folder}.", file=target.name,
                                    folder=str(target.parent)))), lambda option: table.close_picker(None))

    def menu(self) -> Menu:
        table = self.table
        resume = msg("Resume")
        if self.damage is not None and not self.damage.torn and table.match is not None:
            resume = msg("Resume at input {n}", n=len(table.match.inputs))
        return Menu(msg("Resume the unfinished game?"), ("resume", "new"), (resume, msg("New game")),
                    (*self.resume_info(), *web_lines(self.extras.extras())))

    def tap(self, target: str) -> None:
        """A tag tapped on the resume question resumes the game and is its next input (not on a damaged one)."""
        if self.damage is not None and not self.damage.torn:
            self.table.say(msg("The saved game is damaged: choose Resume or New game first."), error=True)
            return
        self.resume()
        self.session.tap(target)

    def press(self, name: str, held: bool) -> None:
        self.table.walk(name, held, self.menu(), self.choose)

    def choose(self, option: str) -> None:
        if option == "resume":
            self.resume()
        else:
            self.table.ask((msg("Put the unfinished game aside and start a new one?"),
                            msg("OK starts a new game; Undo or any other button keeps this one.")), self.new_game,
                           msg("OK: new game"))

    def tick(self, now: float) -> None:
        """Resume on its own when nobody answered in time."""
        if (self.table.mode == "resume" and self.resume_deadline is not None and now >= self.resume_deadline
                and not self.table.saving.blocked()):
            self.resume()

    def resume(self) -> None:
        """Play on from the saved game; a damaged journal is rewritten now, after its copy."""
        table = self.table
        assert table.match is not None
        if self.damage is not None:
            self.damage = None
            table.saving.owe(Job("sync", table.match, note=msg(
                "The damaged saved game is rewritten up to the damage.")))
        table.mode = "play"
        self.resume_deadline = None
        table.selected = 0
        match = table.match
        table.lines = []
        self.session.narrate(match.history[-1] if match.history else match.opening)
        prompt = match.play.prompt
        table.lines.insert(0, msg("Resumed. {prompt}", prompt=engine_words(prompt)) if prompt is not None
                           else msg("Resumed. The game is over."))

    def new_game(self) -> None:
        table = self.table
        result = table.match.play.result if table.match else None
        why = result or ("damaged" if self.damage is not None else "abandoned")
        self.damage = None
        table.saving.owe(Job("archive", table.match, why, note=msg(
            "The finished or abandoned game must be moved under games/ before a new one is saved.")))
        table.match = None
        table.mode = "setup"
        self._home()  # the saved game was of another game than the one the configuration fixes: back to that one
        table.setup = self.setup.new_setup()
        table.selected = table.setup.menu().selected
        self.first.ask_game()
        table.lines = []
        table.todo = []
        self.resume_deadline = None

    def archive_current(self, why: str) -> Path:
        table = self.table
        stamp = 1
        while (table.state_dir / "games" / f"game-{stamp:04d}-{why}.journal").exists():
            stamp += 1
        target = table.journal.archive(f"game-{stamp:04d}-{why}.journal")
        game_archived(table.state_dir, target)
        return target
