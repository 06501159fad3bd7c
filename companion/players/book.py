"""The player book: the people who play at this table, kept on the device in `players.json`.

The history database is only an index that can be thrown away and rebuilt
from the journals; the book is not in it, so a rebuild never loses a
player. The file is written atomically like every other state file and is
part of the backup. Two processes change it (the device seats people and
binds tags, the web page adds, renames and merges), so every change is a
read, change and write under an exclusive lock (`change_book`): neither
can undo the other's change.

A player has a stable id that is not the name (names change, two journals
must still agree on who it was), a name, the UIDs of personal NFC tags, the
time it was added and the time it was last seated (for "recent players
first"). Merging two players keeps one and records the other's id as an
alias of it: journals written before the merge still name the old id, and
`resolve` follows the aliases to the person it is now.
"""

from __future__ import annotations

import fcntl
import json
import os
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from companion.players.names import clean_name, same_name, special_refusal
from companion.runtime.storage import REAL_DISK, FileSystem, read_small_json, write_atomic
from engine import RuleError
from engine.core.messages import Message, msg

BOOK_NAME = "players.json"
LOCK_NAME = ".players.lock"
MAX_BYTES = 1024 * 1024
"""Far more than a table's players; a bigger file is not one the companion wrote."""
MAX_PLAYERS = 500
MAX_TAGS = 8
"""Personal tags per player: a meeple, a card, a spare; more is a mistake in enrolling."""
PLAYER_TARGET = "player:"
"""What an enrolment request from the phone names for a personal tag: "player:<id>" (no game's tag map holds
it; companion.web.players_page writes it, companion.app.web_requests binds it here)."""
T = TypeVar("T")


def utc_now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def new_player_id() -> str:
    """A stable id that says nothing about the person: 8 random hex digits after "p"."""
    return "p" + secrets.token_hex(4)


@dataclass(frozen=True)
class Player:
    """One person: `id` never changes, `name` may."""

    id: str
    name: str
    tags: tuple[str, ...] = ()
    created: str = ""
    seated: str = ""
    """When the player last sat at a game ("" never): the seat questions offer the most recent first."""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "tags": list(self.tags), "created": self.created,
                "seated": self.seated}


@dataclass
class PlayerBook:
    """Every player by id, and the ids merged away (alias -> the id it was merged into)."""

    players: dict[str, Player] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"version": 1, "players": [p.to_json() for p in self.players.values()],
                "aliases": dict(sorted(self.aliases.items()))}

    def by_tag(self, uid: str) -> Player | None:
        """The player whose personal tag `uid` is, if any."""
        return next((p for p in self.players.values() if uid in p.tags), None)

    def by_name(self, name: str) -> Player | None:
        return next((p for p in self.players.values() if same_name(p.name, name)), None)

    def recent(self) -> list[Player]:
        """Every player, the most recently seated first (UTC ISO times sort as text), then the rest by name."""
        by_name = sorted(self.players.values(), key=lambda p: p.name.casefold())
        return sorted(by_name, key=lambda p: p.seated, reverse=True)

    def add(self, typed: str, now: str | None = None, new_id: Callable[[], str] = new_player_id) -> Player:
        """A new player for a typed name; RuleError says why the name cannot be taken."""
        name = self._free_name(typed, None)
        if len(self.players) >= MAX_PLAYERS:
            raise RuleError(msg("The book already holds {count} players; merge or rename some instead.",
                                count=MAX_PLAYERS))
        player_id = new_id()
        while player_id in self.players or player_id in self.aliases:
            player_id = new_player_id()
        player = Player(player_id, name, (), now or utc_now())
        self.players[player_id] = player
        return player

    def rename(self, player_id: str, typed: str) -> Player:
        player = self._get(player_id)
        renamed = replace(player, name=self._free_name(typed, player.id))
        self.players[player.id] = renamed
        return renamed

    def merge(self, keep_id: str, absorb_id: str) -> Player:
        """One person entered twice: `absorb_id` becomes an alias of `keep_id`, which takes its tags and the
        later of the two seated times. Journals naming either id resolve to the kept player."""
        keep, absorb = self._get(keep_id), self._get(absorb_id)
        if keep.id == absorb.id:
            raise RuleError(msg("Choose two different players to merge."))
        tags = keep.tags + tuple(t for t in absorb.tags if t not in keep.tags)
        merged = replace(keep, tags=tags[:MAX_TAGS], seated=max(keep.seated, absorb.seated))
        del self.players[absorb.id]
        self.players[keep.id] = merged
        self.aliases[absorb.id] = keep.id
        for alias, target in self.aliases.items():
            if target == absorb.id:
                self.aliases[alias] = keep.id
        return merged

    def add_tag(self, player_id: str, uid: str) -> Player:
        """Bind a personal tag; a tag of another player is refused (it would seat two people)."""
        player = self._get(player_id)
        owner = self.by_tag(uid)
        if owner is not None and owner.id != player.id:
            raise RuleError(msg("Tag {uid} is already {name}'s personal tag.", uid=uid, name=owner.name))
        if uid in player.tags:
            return player
        if len(player.tags) >= MAX_TAGS:
            raise RuleError(msg("{name} already has {count} personal tags; that is the most.", name=player.name,
                                count=MAX_TAGS))
        tagged = replace(player, tags=(*player.tags, uid))
        self.players[player.id] = tagged
        return tagged

    def seated_now(self, player_ids: list[str], now: str | None = None) -> None:
        """These players just sat down to a game: they come first in the next seat questions."""
        stamp = now or utc_now()
        for player_id in player_ids:
            player = resolve(self, player_id)
            if player is not None:
                self.players[player.id] = replace(player, seated=stamp)

    def _get(self, player_id: str) -> Player:
        player = resolve(self, player_id)
        if player is None:
            raise RuleError(msg("No player {id} in the book: reload the page.", id=player_id))
        return player

    def _free_name(self, typed: str, owner: str | None) -> str:
        special = special_refusal(" ".join(typed.split()))
        if special is not None:
            raise RuleError(special)
        name = clean_name(typed)
        if isinstance(name, Message):
            raise RuleError(name)
        other = self.by_name(name)
        if other is not None and other.id != owner:
            raise RuleError(msg("There is already a player called {name}: choose another name, or merge the "
                                "two.", name=other.name))
        return name


def resolve(book: PlayerBook, player_id: str) -> Player | None:
    """The player `player_id` stands for now, following merges; None for an id the book does not know.

    For everything that reads a player id out of a journal or the history
    database (statistics, exports): an id recorded before a merge names the
    merged person, so counting per `resolve(book, id).id` puts both halves
    of a merged player together. A player removed from the book, or a book
    lost with the device, gives None: the caller shows the name recorded
    with the game instead (GameRecord.people holds it).
    """
    seen: set[str] = set()
    current = player_id
    while current not in book.players:
        if current in seen or current not in book.aliases:
            return None
        seen.add(current)
        current = book.aliases[current]
    return book.players[current]


def book_resolver(state_dir: Path) -> Callable[[str], tuple[str, str] | None]:
    """Who a recorded player id is now, from the device's book: (the id kept after merges, the name now).

    Statistics and exports group by the id this gives, so a merged player's
    games count once under the person kept, and show the name as it is now
    (a rename reaches every past game). The book is read once, here: a
    statistics page is one moment. A book that is missing or cannot be read
    knows nobody, so every row keeps the id and name its journal recorded
    (`load_book` says why; the statistics still show, never a traceback).
    """
    book, _note = load_book(state_dir)

    def now(player_id: str) -> tuple[str, str] | None:
        player = resolve(book, player_id)
        return (player.id, player.name) if player is not None else None

    return now


def _text(value: Any, what: str, limit: int = 64) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise RuleError(msg("{what} is not a short text", what=what))
    return value


def parse_book(data: Any) -> PlayerBook:
    """A book from its JSON; RuleError names what is wrong. Names are cleaned again (a file edited by hand)."""
    if not isinstance(data, dict) or not isinstance(data.get("players", []), list):
        raise RuleError(msg("it is not a player book (an object with a list of players)"))
    book = PlayerBook()
    for number, item in enumerate(data.get("players", []), start=1):
        if not isinstance(item, dict):
            raise RuleError(msg("player {n} is not an object", n=number))
        player_id = _text(item.get("id"), f"player {number}'s id")
        name = clean_name(_text(item.get("name"), f"player {number}'s name", 200))
        if isinstance(name, Message):
            raise RuleError(msg("player {n}: {reason}", n=number, reason=name))
        tags = item.get("tags", [])
        if not isinstance(tags, list) or len(tags) > MAX_TAGS:
            raise RuleError(msg("player {n}'s tags are not a short list", n=number))
        book.players[player_id] = Player(player_id, name, tuple(_text(t, "a tag") for t in tags),
                                         _text(item.get("created", ""), "a time"),
                                         _text(item.get("seated", ""), "a time"))
    aliases = data.get("aliases", {})
    if not isinstance(aliases, dict):
        raise RuleError(msg("aliases is not an object"))
    book.aliases = {_text(k, "an alias"): _text(v, "an alias") for k, v in aliases.items()}
    if len(book.players) > MAX_PLAYERS:
        raise RuleError(msg("it holds more than {count} players", count=MAX_PLAYERS))
    return book


def load_book(state_dir: Path) -> tuple[PlayerBook, Message | None]:
    """The book, and a note when the file had to be ignored (then the book is empty, the file untouched)."""
    path = state_dir / BOOK_NAME
    try:
        raw = read_small_json(path, MAX_BYTES)
        return (parse_book(raw) if raw is not None else PlayerBook()), None
    except RuleError as exc:
        reason = exc.message
        return PlayerBook(), msg("The player book {path} cannot be read ({reason}); no players are offered until "
                                 "it is repaired or restored.", path=str(path), reason=reason)


def save_book(state_dir: Path, book: PlayerBook, fs: FileSystem = REAL_DISK) -> None:
    """Write the whole book atomically (OSError when the disk refuses)."""
    write_atomic(state_dir / BOOK_NAME, json.dumps(book.to_json(), ensure_ascii=False, sort_keys=True, indent=1)
                 + "\n", fs)


@contextmanager
def _locked(state_dir: Path) -> Iterator[None]:
    state_dir.mkdir(parents=True, exist_ok=True)
    fd = os.open(state_dir / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def change_book(state_dir: Path, change: Callable[[PlayerBook], T], fs: FileSystem = REAL_DISK) -> T:
    """Read the book, apply `change`, write it, under the book's lock; returns what `change` returned.

    `change` raises RuleError to refuse (nothing is written). A book that
    cannot be read is not overwritten: its players would be lost, so the
    change is refused with the reason. OSError when the disk refuses.
    """
    with _locked(state_dir):
        book, problem = load_book(state_dir)
        if problem is not None:
            raise RuleError(problem)
        result = change(book)
        save_book(state_dir, book, fs)
        return result
