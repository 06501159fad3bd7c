"""Disk-fault trial: play the seeded demo game through the app while the disk fails.

    .venv/bin/python bench/disk_faults.py [--seed 7]

Each scenario plays the whole demo game (taps, presses, an undo, through the
real app loop) with a fault injector under storage: the disk becomes full,
read-only or failing after N accepted inputs and stays so for M table
actions, while the table either waits on the Cannot save screen or chooses
Continue unsaved. At the end the journal on disk must be exactly the header
plus the accepted inputs (no gap, no duplicate, no half line) and replay to
the same game. One line per scenario; the exit status is 1 if any fails.
"""

from __future__ import annotations

import argparse
import errno
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from companion.app import App
from companion.harness.demo import DemoTable
from companion.runtime.storage import FaultyFileSystem, JournalFile, load_journal
from engine import RuleError
from games.samurai_spirit.app.demo import DEMO_SAMURAI
from games.samurai_spirit.play import Play

MAX_ACTIONS = 5000


@dataclass(frozen=True)
class Scenario:
    name: str
    error: int
    after: int
    actions: int
    unsaved: bool = False


SCENARIOS = (
    Scenario("disk full after 20 inputs for 8 actions, table waits", errno.ENOSPC, 20, 8),
    Scenario("disk full after 40 inputs for 30 actions, table plays on unsaved", errno.ENOSPC, 40, 30, True),
    Scenario("read-only after 60 inputs for 6 actions, table waits", errno.EROFS, 60, 6),
    Scenario("read-only from the game start for 4 actions, table waits", errno.EROFS, 0, 4),
    Scenario("EIO (fsync fails) after 10 inputs for 12 actions, table plays on unsaved", errno.EIO, 10, 12, True),
    Scenario("not allowed (EACCES) after 90 inputs for 3 actions, table waits", errno.EACCES, 90, 3),
)


@dataclass
class Outcome:
    inputs: int = 0
    refused_saves: int = 0
    blocked_actions: int = 0
    unsaved_inputs: int = 0
    exact: bool = False
    problem: str = ""


def _blocked(app: App) -> bool:
    return app.saving.error is not None and not app.saving.unsaved


def play(scenario: Scenario, work: Path, seed: int) -> Outcome:
    """The demo game under `scenario`; then compare the journal on disk with the game."""
    table = DemoTable(work, seed, "easy", DEMO_SAMURAI, state=work / "state", snapshots=False)
    fs = FaultyFileSystem()
    app = table.app
    app.fs = fs
    app.journal = JournalFile(app.journal.path, fs)
    outcome = Outcome()
    failing_for = 0
    fired = scenario.after == 0
    if fired:
        fs.error = scenario.error
    table.set_up()
    for _ in range(MAX_ACTIONS):
        match = app.match
        if fs.error is not None:
            failing_for += 1
            if failing_for > scenario.actions:
                fs.error = None
        elif not fired and match is not None and len(match.inputs) >= scenario.after:
            fs.error = scenario.error
            fired = True
        if _blocked(app):
            outcome.blocked_actions += 1
            if scenario.unsaved:
                table.press("next")
                table.press("ok")
            else:
                table.tap(f"samurai:{DEMO_SAMURAI[0]}")
            continue
        if match is None or match.play.prompt is None:
            break
        state = match.play
        assert isinstance(state, Play)
        before = len(match.inputs)
        table.one_move(state)
        if app.saving.unsaved and app.match is not None and len(app.match.inputs) > before:
            outcome.unsaved_inputs += len(app.match.inputs) - before
    fs.error = None
    for _ in range(20):
        if not app.saving.jobs:
            break
        table.clock.advance(app.save_retry_s)
        app.tick()
    match = app.match
    assert match is not None
    outcome.inputs = len(match.inputs)
    outcome.refused_saves = fs.failures
    if app.saving.jobs or app.saving.error:
        outcome.problem = "saving never recovered"
        return outcome
    try:
        text = app.journal.path.read_text("utf-8")
        loaded = load_journal(app.journal.path)
    except (OSError, RuleError) as exc:
        outcome.problem = f"the journal cannot be read back ({exc})"
        return outcome
    if text != JournalFile._text(match):
        outcome.problem = "the journal text is not header + accepted inputs"
    elif loaded.damage is not None or loaded.match.inputs != match.inputs:
        outcome.problem = f"the journal replays differently ({loaded.damage})"
    elif loaded.match.play.public_view() != match.play.public_view():
        outcome.problem = "the replayed game differs from the one in memory"
    else:
        outcome.exact = True
    return outcome


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"command: python bench/disk_faults.py --seed {args.seed}")
    failed = 0
    for number, scenario in enumerate(SCENARIOS, start=1):
        with tempfile.TemporaryDirectory() as work:
            outcome = play(scenario, Path(work), args.seed)
        verdict = "OK" if outcome.exact else f"FAIL: {outcome.problem}"
        failed += not outcome.exact
        print(f"{number}. {scenario.name}: {outcome.refused_saves} disk refusals, "
              f"{outcome.blocked_actions} actions on the Cannot save screen, "
              f"{outcome.unsaved_inputs} inputs played unsaved; journal on disk = header + "
              f"{outcome.inputs} accepted inputs, replays to the same game: {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
