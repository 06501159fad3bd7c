"""Power-cut trials: kill the demo game at random moments, restart, compare.

The reference is the same seeded demo played without interruption, recording
every state its journal passes through and the live state at that moment.
After each SIGKILL the journal left on disk must be one of those states, and
an app started on it must resume to exactly the live state of the
uninterrupted run at the same input count. Used by the tests (a few trials)
and by `bench/power_cut.py` (hundreds).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.app import App
from companion.games import game_ui, registered_games
from companion.harness.demo import DemoTable
from companion.runtime.storage import CURRENT, JournalFile, load_journal
from companion.runtime.tagmap import virtual_tagmap
from drivers.events import ButtonPressed
from engine import Match


class RecordingJournal(JournalFile):
    """A journal that notes the file's text and the live view after every write."""

    def __init__(self, path: Path, table: DemoTable, states: dict[str, dict[str, Any]]) -> None:
        super().__init__(path)
        self.table = table
        self.states = states

    def _note(self, match: Match) -> None:
        self.states[self.path.read_text("utf-8")] = match.play.public_view()

    def start(self, match: Match) -> None:
        super().start(match)
        self._note(match)

    def append(self, match: Match, count: int = 1) -> None:
        super().append(match, count)
        self._note(match)

    def rewrite(self, match: Match) -> None:
        super().rewrite(match)
        self._note(match)


def reference(work: Path, seed: int, setup: dict[str, Any] | None = None,
              game: str | None = None) -> tuple[dict[str, dict[str, Any]], str]:
    """Journal text -> live public view for every state the uninterrupted demo's journal had,
    and the finished game's journal text."""
    states: dict[str, dict[str, Any]] = {}
    table = DemoTable(work, seed, game=game, setup=setup or {}, state=work / "reference", snapshots=False)
    table.app.journal = RecordingJournal(table.app.journal.path, table, states)
    table.set_up()
    table.play()
    return states, table.app.journal.path.read_text("utf-8")


@dataclass
class Trials:
    """Each trial lands in exactly one of: identical, no_journal_yet, finished_before_kill, failures."""

    runs: int = 0
    identical: int = 0
    no_journal_yet: int = 0
    finished_before_kill: int = 0
    failures: list[str] = field(default_factory=list)
    inputs_at_kill: list[int] = field(default_factory=list)
    duration_s: float = 0.0
    game_starts_s: float = 0.0

    @property
    def counted(self) -> int:
        """Trials in some bucket; equals `runs` when no trial was counted twice or lost."""
        return self.identical + self.no_journal_yet + self.finished_before_kill + len(self.failures)


def resume_view(state_dir: Path) -> dict[str, Any] | None:
    """Start an app on `state_dir` as after a power cut, on the game its journal's header names; the view it resumes to.

    A game that had ended is not resumed: the app shows its result and puts it with the finished games, so
    its view is the one of the journal now under games/."""
    ui = game_ui(load_journal(state_dir / CURRENT).match.game.name)
    app = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), state_dir, time.monotonic, resume_timeout_s=0)
    app.start()
    if app.mode != "resume":
        ended = sorted((state_dir / "games").glob("*.journal"))
        if app.match is None and not (state_dir / CURRENT).exists() and len(ended) == 1:
            return load_journal(ended[0]).match.play.public_view()
        return None
    app.handle(ButtonPressed("ok", time.monotonic()))
    assert app.match is not None and app.mode == "play"
    return app.match.play.public_view()


def run_trials(count: int, work: Path, seed: int = 7, setup: dict[str, Any] | None = None, pace: float = 0.008,
               rng_seed: int = 1, game: str | None = None) -> Trials:
    """`count` kills, each at a uniformly random moment between the game's first journal line and its end."""
    game = game or registered_games()[0]
    states, final = reference(work, seed, setup, game)
    rng = random.Random(rng_seed)
    trials = Trials()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")

    def start(state: Path) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "demo", "--out", str(work / "out"), "--state-dir", str(state),
             "--seed", str(seed), "--game", game, "--setup", json.dumps(setup or {}), "--no-snapshots",
             "--pace", str(pace)],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    began = time.monotonic()
    calibration = start(work / "calibration")
    while not (work / "calibration" / CURRENT).exists() and calibration.poll() is None:
        time.sleep(0.002)
    trials.game_starts_s = time.monotonic() - began
    calibration.wait()
    trials.duration_s = time.monotonic() - began
    for number in range(count):
        state = work / f"trial-{number:03d}"
        proc = start(state)
        time.sleep(rng.uniform(trials.game_starts_s + 0.05, trials.duration_s))
        finished = proc.poll() is not None
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        judge(trials, f"trial {number}", state, states, final, finished)
    return trials


def judge(trials: Trials, name: str, state: Path, states: dict[str, dict[str, Any]], final: str,
          finished: bool) -> None:
    """Check one killed trial's state dir and count it in exactly one bucket.

    A game that ended before its kill must have left the finished journal,
    every record of it; a killed one a state of the reference run that
    resumes to the live state of that run.
    """
    trials.runs += 1
    journal = state / CURRENT
    if not journal.exists():
        if finished:
            trials.failures.append(f"{name}: the game finished but left no journal")
        else:
            trials.no_journal_yet += 1
        return
    text = journal.read_text("utf-8")
    expected = states.get(text)
    if expected is None:
        trials.failures.append(f"{name}: the journal on disk is not a state of the reference run")
        return
    if finished and text != final:
        trials.failures.append(f"{name}: the game finished but its journal lacks records of the reference run")
        return
    trials.inputs_at_kill.append(len(text.splitlines()) - 1)
    if resume_view(state) != expected:
        trials.failures.append(f"{name}: resumed state differs from the uninterrupted run")
    elif finished:
        trials.finished_before_kill += 1
    else:
        trials.identical += 1
