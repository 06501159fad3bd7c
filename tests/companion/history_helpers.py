"""Games played to the end by each game's own policy, saved as archived journals, for the history tests."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

from companion.games import registration
from companion.runtime.storage import CURRENT, JournalFile
from engine import Match, get_game


def played(game: str, seed: int, setup: dict[str, Any] | None = None, stop_after: int | None = None) -> Match:
    """A match of `game` played by its policy to the end (or for `stop_after` inputs)."""
    reg = registration(game)
    rng = random.Random(seed)
    if setup is None:
        setup = dict(reg.random_setup(rng))
        setup.pop("seed", None)
    match = Match(get_game(reg.engine_game), setup, seed)
    policy = reg.policy(rng, 0.0)
    while match.play.prompt is not None and (stop_after is None or len(match.inputs) < stop_after):
        match.apply(policy.choose(match.play))
    return match


def archive(state_dir: Path, match: Match, name: str, mtime: float | None = None) -> Path:
    """Save `match` as the current journal and move it under games/ as `name`, as the app does."""
    journal = JournalFile(state_dir / CURRENT)
    state_dir.mkdir(parents=True, exist_ok=True)
    journal.start(match)
    target = journal.archive(name)
    if mtime is not None:
        os.utime(target, (mtime, mtime))
    return target
