"""The component data each game was played with, kept by digest beside the journals.

A journal's header names the component data of its game by digest
(`"components": "<sha256>"`, engine.core.components.digest). The text
itself is kept in the state folder as `components/<digest>.toml`, written
once (atomically) when a game starts on it and never changed: a name is its
content, so two games on the same data share one file, and a replay, a
history rebuild, `companion replay` and a resume all find exactly the data
the game was played with, whatever the owner has corrected since.

A header without a digest was written before journals named their data:
such a game was played with the shipped default as it was then, which the
game keeps reachable (engine.core.game.FlowGame.undigested_components), so
it replays unchanged. A digest that is the shipped default's (or that old
default's) is found even without the stored file.

`game_of_header` is what the journal loader asks; `keep` is what starting a
journal does. Neither knows the owner's data: that is companion.census,
which decides which data a new game gets.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.runtime.storage import REAL_DISK, FileSystem, write_atomic
from engine import RuleError, get_game
from engine.core.components import digest
from engine.core.game import FlowGame, Game
from engine.core.messages import msg

FOLDER = "components"
"""The store's folder in the state folder."""
HEADER_KEY = "components"
"""The journal header's field naming the data by digest."""
_DIGEST = re.compile(r"^[0-9a-f]{64}$")
MAX_BYTES = 1024 * 1024
"""A component file is a few dozen KiB; anything far larger is not one."""


def path_of(state_dir: Path, name: str) -> Path:
    """Where the data named `name` (a digest) is kept."""
    return state_dir / FOLDER / f"{name}.toml"


def is_digest(value: Any) -> bool:
    return isinstance(value, str) and bool(_DIGEST.match(value))


def keep(state_dir: Path, text: str, fs: FileSystem = REAL_DISK) -> str:
    """Keep `text` in the store (once: an existing file of that name already holds it); return its digest."""
    name = digest(text)
    path = path_of(state_dir, name)
    if not path.exists():
        write_atomic(path, text, fs)
    return name


def keep_for(state_dir: Path, game: Game, fs: FileSystem = REAL_DISK) -> str | None:
    """Keep the data `game` plays with (a game not read from a components file has none: None)."""
    text = getattr(game, "components_text", None)
    return keep(state_dir, text, fs) if isinstance(text, str) else None


def read_stored(folder: Path, name: str) -> str | None:
    """The text kept under `name` in `folder`'s store, if it is there and really has that digest."""
    path = path_of(folder, name)
    try:
        with path.open("rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text if len(data) <= MAX_BYTES and digest(text) == name else None


def journal_folders(journal: Path) -> list[Path]:
    """The state folders whose store a journal's data is looked up in: the journal's own folder, and for an
    archived journal (games/<name>) the state folder above it."""
    folder = journal.parent
    out = [folder]
    if folder.name == "games":
        out.append(folder.parent)
    return out


@lru_cache(maxsize=32)
def _game_on(name: str, text: str) -> Game:
    """Game `name` on the data `text`, built once per text (a catalogue is never changed once built)."""
    base = get_game(name)
    if not isinstance(base, FlowGame):
        raise RuleError(msg("{game} reads no other component data", game=name))
    if base.components_text == text:
        return base
    return base.with_components(text, f"components/{digest(text)[:12]}.toml")


def game_on(name: str, text: str) -> Game:
    """Game `name` playing with the component data `text` (RuleError names the entry at fault)."""
    return _game_on(name, text)


def undigested_game(name: str) -> Game:
    """Game `name` as a journal without a component digest was played: the shipped default as it was."""
    base = get_game(name)
    text = base.undigested_components() if isinstance(base, FlowGame) else None
    return base if text is None else game_on(name, text)


def text_of(name: str, wanted: str, folders: Iterable[Path]) -> str | None:
    """The data named `wanted` for game `name`: from a store, else the shipped default or the old default."""
    for folder in folders:
        found = read_stored(folder, wanted)
        if found is not None:
            return found
    base = get_game(name)
    if isinstance(base, FlowGame):
        for text in (base.components_text, base.undigested_components()):
            if text is not None and digest(text) == wanted:
                return text
    return None


def game_of_header(header: dict[str, Any], folders: Iterable[Path] = ()) -> Game:
    """The game a journal header names, on the component data it names (see the module's note).

    RuleError when the game is unknown, the digest is not one, or its data
    is in none of `folders`' stores (a journal copied without its data):
    a game is never replayed on other data than it was played with.
    """
    name = header["game"]
    wanted = header.get(HEADER_KEY)
    if wanted is None:
        return undigested_game(name)
    if not is_digest(wanted):
        raise RuleError(msg("the component data {value} is not a digest", value=repr(wanted)))
    folders = list(folders)
    text = text_of(name, wanted, folders)
    if text is None:
        where = ", ".join(str(f / FOLDER) for f in folders) or "-"
        raise RuleError(msg("the component data this game was played with ({digest}) is not kept in {path}: "
                            "copy that file back to replay it", digest=f"{wanted[:12]}...", path=where))
    return game_on(name, text)
