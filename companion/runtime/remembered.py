"""The last game's set-up choices and language, so the next set-up is a few OKs.

A small JSON file in the state folder. It is a convenience, never the game:
a damaged file is ignored with a note and set-up starts from the defaults,
and a disk that refuses to write it (full, read-only) costs only the memory,
never the game or a crash. Written atomically through the App's FileSystem
seam like every other file the companion writes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.i18n import LANGUAGES
from companion.runtime.storage import REAL_DISK, FileSystem, read_small_json, write_atomic
from engine import RuleError
from engine.core.messages import Message, msg

MEMORY = "last-setup.json"
MAX_BYTES = 64 * 1024
"""Far more than any set-up; a bigger file is not one the companion wrote."""


@dataclass
class Remembered:
    """The language last chosen (None: never), each game's last set-up by game name, and the last game played."""

    lang: str | None = None
    setups: dict[str, dict[str, Any]] = field(default_factory=dict)
    game: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"lang": self.lang, "setups": self.setups, "game": self.game}


def _parse(data: Any) -> Remembered:
    if not isinstance(data, dict):
        raise RuleError(msg("it is not a JSON object"))
    lang = data.get("lang")
    if lang is not None and lang not in LANGUAGES:
        raise RuleError(msg("lang {value} is not one of {names}", value=repr(lang), names=", ".join(LANGUAGES)))
    setups = data.get("setups", {})
    if not isinstance(setups, dict) or not all(isinstance(v, dict) for v in setups.values()):
        raise RuleError(msg("setups is not an object of set-ups by game"))
    game = data.get("game")
    if game is not None and not isinstance(game, str):
        from companion.games.registry import registered_games

        raise RuleError(msg("unknown game {name}; known games: {value}", name=repr(game),
                            value=", ".join(registered_games())))
    return Remembered(lang, {str(k): v for k, v in setups.items()}, game)


def load_memory(state_dir: Path) -> tuple[Remembered, Message | None]:
    """What the last set-up chose, and a note for the table when the file had to be ignored."""
    path = state_dir / MEMORY
    try:
        raw = read_small_json(path, MAX_BYTES)
        return (_parse(raw) if raw is not None else Remembered()), None
    except RuleError as exc:
        reason = exc.message
        return Remembered(), msg("Last game's set-up not used ({reason}): set-up starts from the defaults.",
                                 reason=reason)


def save_memory(state_dir: Path, memory: Remembered, fs: FileSystem = REAL_DISK) -> Message | None:
    """Write the memory; a refusing disk gives a note for the table instead of an error."""
    path = state_dir / MEMORY
    try:
        write_atomic(path, json.dumps(memory.to_json(), sort_keys=True) + "\n", fs)
    except OSError as exc:
        return msg("The set-up choices could not be remembered ({reason}); the game itself is not affected.",
                   reason=exc.strerror or str(exc))
    return None
