"""Files that must survive a power cut: journals and small data files.

Power is pulled without warning at a game table. A journal only ever grows by
whole lines, each flushed and fsynced before the screen says the input
happened; a file that must change as a whole (a journal after an undo, the
tag map) is written to a temporary file, fsynced, renamed over the old one,
and the directory is fsynced. Nothing is rewritten in place.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from engine import Match, RuleError, get_game
from engine.core.journal import Journal, header_line, parse_journal, record_line

CURRENT = "current.journal"
FINISHED_DIR = "games"


def fsync_dir(path: Path) -> None:
    """Make a rename or a new file in `path` durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` so a power cut leaves either the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    with open(tmp, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)
    fsync_dir(path.parent)


class JournalFile:
    """The journal of the game in progress, kept in step with a Match."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def start(self, match: Match) -> None:
        """Begin a new journal for `match` (replacing any previous current game)."""
        write_atomic(self.path, self._text(match))

    def append(self, match: Match, count: int = 1) -> None:
        """Append the match's last `count` inputs in one write, fsynced before returning.

        One write call for a step of several inputs (a card tapped at the
        action prompt is Fight plus the tap) means a power cut keeps all of
        the step or none of it.
        """
        first = len(match.inputs) - count + 1
        lines = "".join(record_line(n, match.inputs[n - 1]) for n in range(first, len(match.inputs) + 1))
        with open(self.path, "a", encoding="utf-8") as handle:
            handle.write(lines)
            handle.flush()
            os.fsync(handle.fileno())

    def rewrite(self, match: Match) -> None:
        """After an undo: the whole journal again, atomically."""
        write_atomic(self.path, self._text(match))

    @staticmethod
    def _text(match: Match) -> str:
        return header_line(match.header()) + "".join(
            record_line(n, value) for n, value in enumerate(match.inputs, start=1))

    def archive(self, name: str) -> Path:
        """Move a finished game's journal out of the way, under games/."""
        target = self.path.parent / FINISHED_DIR / name
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(self.path, target)
        fsync_dir(self.path.parent)
        fsync_dir(target.parent)
        return target


@dataclass
class Loaded:
    """A journal read back: the rebuilt match and what, if anything, was damaged."""

    match: Match
    journal: Journal
    damage: str | None


def load_journal(path: Path) -> Loaded:
    """Rebuild a match from a journal file, keeping what survived any damage.

    Raises RuleError when there is no usable game (unreadable header, unknown
    game, or a setup the rules refuse). Inputs that parse but cannot be
    replayed count as damage: the match stops before the first of them.
    """
    try:
        text = path.read_bytes().decode("utf-8", errors="replace")
    except OSError as exc:
        raise RuleError(f"{path}: cannot read the journal ({exc.strerror})") from None
    journal = parse_journal(text)
    header = journal.header
    game = get_game(header["game"])
    match = Match(game, header["setup"], header["seed"])
    damage = journal.damage
    for number, value in enumerate(journal.inputs, start=1):
        try:
            match.apply(value)
        except RuleError as exc:
            damage = f"line {number + 1}: input {number} cannot be replayed ({exc})"
            break
    return Loaded(match, journal, damage)


def unfinished(state_dir: Path) -> Path | None:
    """The current game's journal if there is one."""
    path = state_dir / CURRENT
    return path if path.exists() else None
