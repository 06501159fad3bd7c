"""The state folder at start-up, the unfinished game's resume question, putting games aside.

Also what each owed disk job does (companion.runtime.saving keeps them in order and
retries them), since opening the folder and archiving games are such jobs.
"""

from __future__ import annotations

import math
from pathlib import Path

from companion.app.base import AppBase, engine_words
from companion.app.resume_info import damage_line, game_lines, over_lines
from companion.games.base import Menu, Text
from companion.games.registry import ui_on
from companion.history import game_archived
from companion.history.menu import web_lines
from companion.runtime.saving import Job
from companion.runtime.storage import load_journal, unfinished
from companion.runtime.web_pin import device_pin
from engine import Match, RuleError
from engine.core.messages import msg


class ResumeSteps(AppBase):
    """Start-up, resume or put aside, and the disk jobs behind them."""

    def start(self) -> None:
        """Offer to resume an unfinished game, else start the setup questions.

        Never raises for the disk: a state folder that cannot be made or read
        shows the Cannot save screen and is tried again like any failed save.
        """
        self.saving.owe(Job("open", note=msg("The state folder {path} cannot be used.", path=str(self.state_dir))))

    def _open_state(self) -> None:
        """Make the state folder, clear a failed rewrite's leftovers, make the web page's PIN, find the unfinished
        game. The PIN is made here, whatever start follows (a resumed game never shows the first menu)."""
        self.fs.mkdir(self.state_dir)
        self.journal.remove_stale_tmp()
        device_pin(self.state_dir)
        path = unfinished(self.state_dir)
        if path is None:
            return
        if self.match is None:
            # Whatever the first screen is (the game menu, a fixed game, the
            # language question, a set-up half answered while the folder was
            # unusable), an unfinished game is offered first: only the table's
            # New game on the resume screen may put it aside.
            self._offer_resume(path)
        else:
            # The table chose Continue unsaved and is playing a game of its own
            # that must now be written where the found one is: the found one is
            # moved aside byte for byte (games/, history) before ours is written.
            self.saving.insert_next(Job("archive", why="found"))

    def _offer_resume(self, path: Path) -> None:
        try:
            loaded = load_journal(path)
        except RuleError as exc:
            self.unreadable = msg("{file}, {reason}", file=path.name, reason=engine_words(exc))
            self.saving.queue(Job("archive", why="unreadable", note=msg(
                "The saved game could not be read ({reason}); it stays as {path} until it can be "
                "moved aside, and no new game replaces it.", reason=engine_words(exc), path=str(path))))
            return
        if loaded.match.play.prompt is None:
            self._show_over(loaded.match)
            return
        self._play_game_of(loaded.match)
        self.match = loaded.match
        self.damage = loaded.damage
        self.picker = None
        self.picker_action = None
        self.confirm = None
        self._confirm_action = None
        self.damage_copy = None
        # A power cut in mid-append can leave the last line without its newline: mended now (after its byte
        # copy, which the resume screen names for a torn record), so no input is ever appended onto it.
        self.saving.queue(Job("repair-end", note=msg(
            "The saved game is damaged: a copy of it must be kept before anything replaces it.")))
        if self.damage is not None:
            self.saving.queue(Job("keep-damaged", note=msg(
                "The saved game is damaged: a copy of it must be kept before anything replaces it.")))
        self.mode = "resume"
        self.selected = 0
        if self.resume_timeout_s > 0 and (self.damage is None or self.damage.torn):
            self.resume_deadline = self.clock() + self.resume_timeout_s

    def _show_over(self, match: Match) -> None:
        """A saved game that had already ended (the companion was stopped at its game-over screen) is no game to
        resume: its result is shown, and it goes with the finished games as OK on the game-over screen would have
        put it (archived under its result, recorded in the history). Nothing resumes by itself; OK goes on to
        the first menu."""
        first = self.ui.name
        self._play_game_of(match)
        self.saving.queue(Job("archive", match, match.play.result or "over", note=msg(
            "The finished or abandoned game must be moved under games/ before a new one is saved.")))
        self.picker = Menu(msg("The last game is over"), ("ok",), (msg("Start a new game"),),
                           (*over_lines(self.ui, match), msg("It is kept with the finished games.")))
        self.selected = 0

        def close(option: str) -> None:
            self._close_picker(None)
            home = self.home_game
            if home is not None and home != self.ui.name and self.switch_game is not None and len(self.games) < 2:
                self.ui, self.tags = self.switch_game(home)
                self._set_language(self.tr.lang)
            if self.ui.name != first and self.mode == "setup":
                self.setup = self._new_setup()
            self.selected = self._game_menu().selected if self.mode == "game" else self.setup.menu().selected

        self.picker_action = close

    def _play_game_of(self, match: Match) -> None:
        """Switch to the saved game's words, screens and tag map when another game is set up now.

        run_cmd already starts with the journal's game, but the folder may have
        been unusable at start and another game chosen meanwhile.
        """
        name = match.game.name
        if name != self.ui.name and self.switch_game is not None:
            self.ui, self.tags = self.switch_game(name)
            self._set_language(self.tr.lang)
        if name == self.ui.name and getattr(match.game, "components_digest", None) != getattr(
                self.ui.game, "components_digest", None):
            self.ui = ui_on(match.game)  # its cards named as the data it was played with has them

    def _resume_info(self) -> tuple[Text, ...]:
        match = self.match
        assert match is not None
        prompt = match.play.prompt
        info = game_lines(self.ui, match, engine_words(prompt) if prompt is not None else None)
        if self.damage is not None:
            copy = self.damage_copy.name if self.damage_copy is not None else None
            info.append(damage_line(self.damage, len(match.inputs), copy))
        return tuple(info)

    def countdown(self, now: float | None = None) -> int | None:
        """Whole seconds before the unfinished game resumes by itself (None when it waits for the table)."""
        if self.mode != "resume" or self.resume_deadline is None or self.saving.blocked():
            return None
        now = self.clock() if now is None else now
        return max(0, math.ceil(self.resume_deadline - now))

    def _next_second(self) -> float | None:
        """The moment the resume countdown next changes: a whole second before the deadline, or the deadline."""
        left = self.countdown()
        if left is None or self.resume_deadline is None:
            return None
        return self.resume_deadline - max(0, left - 1)

    def _do(self, job: Job) -> None:
        if job.kind == "open":
            self._open_state()
        elif job.kind == "repair-end":
            repaired = self.journal.repair_end()
            if repaired is not None:
                self.damage_copy = repaired.copy
        elif job.kind == "keep-damaged":
            if self.journal.path.exists() and self.damage_copy is None:
                self.damage_copy = self.journal.keep_copy("damaged")
        elif job.kind == "archive":
            if self.journal.path.exists():
                target = self._archive_current(job.why)
                if job.why == "unreadable":
                    self._tell_put_aside(target)
        elif job.kind == "sync":
            assert job.match is not None
            self.journal.rewrite(job.match)

    def _tell_put_aside(self, target: Path) -> None:
        """An unreadable saved game was moved aside: say why and where, until OK."""
        reason = self.unreadable or msg("it could not be read")
        self.unreadable = None
        self.picker = Menu(msg("The saved game could not be read"), ("ok",), (msg("Start a new game"),),
                           (msg("{reason}.", reason=reason),
                            msg("It was put aside unchanged as {file} in {folder}.", file=target.name,
                                folder=str(target.parent))))
        self.selected = 0
        self.picker_action = lambda option: self._close_picker(None)

    def _resume_menu(self) -> Menu:
        resume = msg("Resume")
        if self.damage is not None and not self.damage.torn and self.match is not None:
            resume = msg("Resume at input {n}", n=len(self.match.inputs))
        return Menu(msg("Resume the unfinished game?"), ("resume", "new"), (resume, msg("New game")),
                    (*self._resume_info(), *web_lines(self._extras())))

    def _resume_choice(self, option: str) -> None:
        if option == "resume":
            self._resume()
        else:
            self._ask((msg("Put the unfinished game aside and start a new one?"),
                       msg("OK starts a new game; Undo or any other button keeps this one.")), self._new_game,
                      msg("OK: new game"))

    def _resume(self) -> None:
        """Play on from the saved game; a damaged journal is rewritten now, after its copy."""
        assert self.match is not None
        if self.damage is not None:
            self.damage = None
            self.saving.owe(Job("sync", self.match, note=msg(
                "The damaged saved game is rewritten up to the damage.")))
        self.mode = "play"
        self.resume_deadline = None
        self.selected = 0
        match = self.match
        self.lines = []
        self._narrate(match.history[-1] if match.history else match.opening)
        prompt = match.play.prompt
        self.lines.insert(0, msg("Resumed. {prompt}", prompt=engine_words(prompt)) if prompt is not None
                          else msg("Resumed. The game is over."))

    def _new_game(self) -> None:
        result = self.match.play.result if self.match else None
        why = result or ("damaged" if self.damage is not None else "abandoned")
        self.damage = None
        self.saving.owe(Job("archive", self.match, why, note=msg(
            "The finished or abandoned game must be moved under games/ before a new one is saved.")))
        self.match = None
        self.mode = "setup"
        home = self.home_game
        if home is not None and home != self.ui.name and self.switch_game is not None and len(self.games) < 2:
            # The saved game was of another game than the one the configuration fixes: back to that one.
            self.ui, self.tags = self.switch_game(home)
            self._set_language(self.tr.lang)
        self.setup = self._new_setup()
        self.selected = self.setup.menu().selected
        self._ask_game()
        self.lines = []
        self.todo = []
        self.resume_deadline = None

    def _archive_current(self, why: str) -> Path:
        stamp = 1
        while (self.state_dir / "games" / f"game-{stamp:04d}-{why}.journal").exists():
            stamp += 1
        target = self.journal.archive(f"game-{stamp:04d}-{why}.journal")
        game_archived(self.state_dir, target)
        return target
