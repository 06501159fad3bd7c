"""The live table for the web page: the same public view the device shows, from the journal.

The web process never talks to the companion: it reads `current.journal`
(read-only), replays it with the rules engine, and builds the device's own
Screen value through an App that is never started and whose disk refuses
every write. What the device shows after an input is what the page shows:
the title, the steps for the table, the choices, and the picture of the
screen drawn by the game's screens. A journal that has not changed (same
size, times and inode) is not replayed again, so a phone polling twice a
second costs one `stat`.

That `stat` only decides when to look again; nothing made from it reaches a
client. A hidden tap appends a record as long as the card's id, so the
file's size (or its time, or its inode) named a face-down card to anyone
polling. The version the page polls for, the picture's ETag and its `v=` are
a digest of the public frame itself: the device's screen in that language
(the engine's public view, every word and option on it) and the prompt.
Two games that differ only in hidden cards have the same versions, and an
input that changes nothing public keeps the version it had.
"""

from __future__ import annotations

import errno
import hashlib
import io
import json
import os
import threading
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from companion.app import App
from companion.games import ui_on
from companion.runtime.storage import CURRENT, FileSystem, load_journal
from companion.runtime.tagmap import TagMap
from companion.screen_model import Screen
from engine import RuleError

IMAGE_SIZE = (800, 480)


class ReadOnlyDisk(FileSystem):
    """A disk that refuses every change: the web page must never write the companion's files."""

    def open(self, path: Path, flags: int, mode: int = 0o644) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return super().open(path, flags, mode)

    def replace(self, source: Path, target: Path) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(target))

    def unlink(self, path: Path) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

    def mkdir(self, path: Path) -> None:
        if not path.is_dir():
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))


@dataclass(frozen=True)
class LiveFrame:
    """One state of the table: the device's screen, and a version made of what the page shows of it."""

    version: str
    screen: Screen | None
    game: str | None
    over: bool
    prompt: str | None = None

    @classmethod
    def of(cls, screen: Screen | None, game: str | None, over: bool, prompt: str | None = None) -> LiveFrame:
        return cls(public_version(screen, game, over, prompt), screen, game, over, prompt)

    def public(self) -> dict[str, Any]:
        """What the page shows, as JSON: the screen's words, never the engine's hidden state."""
        screen = self.screen
        if screen is None:
            return {"version": self.version, "playing": False}
        return {"version": self.version, "playing": True, "game": self.game, "over": self.over,
                "title": screen.title, "prompt": self.prompt, "todo": list(screen.todo), "lines": list(screen.lines),
                "options": list(screen.options), "lang": screen.lang}


VERSION_BYTES = 12
"""The digest's length: 96 bits, so two public states never share a version by chance."""


def public_version(screen: Screen | None, game: str | None, over: bool, prompt: str | None) -> str:
    """A digest of everything the page serves of one frame, and of nothing else: the whole screen (the public view,
    every text, what the picture is drawn from), the game, whether it is over and the prompt's words."""
    content = {"screen": asdict(screen) if screen is not None else None, "game": game, "over": over,
               "prompt": prompt}
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=_plain)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=VERSION_BYTES).hexdigest()


def _plain(value: object) -> object:
    """What JSON has no form for: a set in a stable order, anything else by its repr (a public view holds plain
    values; a frame the page can show is never refused for the sake of its version)."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    return repr(value)


def journal_stamp(state_dir: Path) -> tuple[int, ...] | None:
    """Whether the current journal may have changed since the last look (None: there is none).

    For the cache alone: it follows every write, hidden taps included, so it never leaves this module."""
    try:
        st = (state_dir / CURRENT).stat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def device_screen(path: Path, lang: str, state_dir: Path) -> tuple[Screen, str, bool]:
    """The screen the device shows for the journal at `path` after its last input, in `lang`."""
    loaded = load_journal(path)
    ui = ui_on(loaded.match.game)  # its cards named as the data the game is played with has them
    app = App(ui, TagMap(ui.name), state_dir, lambda: 0.0, resume_timeout_s=0, save_tags=False,
              fs=ReadOnlyDisk(), lang=lang)
    app.match = loaded.match
    # The device after a restart shows exactly this: the journal resumed, the last input's steps.
    app.resume_steps.resume()
    app.lines = app.lines[1:]  # the "Resumed." note is the device's own, not the table's news
    screen = app.screen()
    return screen, ui.name, loaded.match.play.prompt is None


class LiveTable:
    """The current frame for each language, rebuilt only when the journal changed."""

    def __init__(self, state_dir: Path) -> None:
        self.state_dir = state_dir
        self._lock = threading.Lock()
        self._frames: dict[str, tuple[tuple[int, ...] | None, LiveFrame]] = {}
        self._images: dict[str, tuple[str, bytes]] = {}

    def frame(self, lang: str) -> LiveFrame:
        stamp = journal_stamp(self.state_dir)
        with self._lock:
            cached = self._frames.get(lang)
            if cached is not None and cached[0] == stamp:
                return cached[1]
            frame = self._build(stamp, lang)
            self._frames[lang] = (stamp, frame)
            return frame

    def _build(self, stamp: tuple[int, ...] | None, lang: str) -> LiveFrame:
        if stamp is None:
            return LiveFrame.of(None, None, False)
        try:
            screen, game, over = device_screen(self.state_dir / CURRENT, lang, self.state_dir)
        except (RuleError, OSError):
            return LiveFrame.of(None, None, False)
        return LiveFrame.of(screen, game, over, prompt_words(screen))

    def image(self, lang: str) -> tuple[str, bytes | None]:
        """The device's picture of the current frame as PNG (drawn once per version and language)."""
        frame = self.frame(lang)
        if frame.screen is None:
            return frame.version, None
        with self._lock:
            cached = self._images.get(lang)
            if cached is None or cached[0] != frame.version:
                cached = (frame.version, png(frame.screen))
                self._images[lang] = cached
            return cached


def prompt_words(screen: Screen) -> str | None:
    """The decision the table is asked for, in the words the device's side panel uses."""
    from companion.screens.registry import screens_for

    return screens_for(screen.game).prompt(screen)


def png(screen: Screen, size: tuple[int, int] = IMAGE_SIZE) -> bytes:
    """The screen drawn as the device draws it, encoded as PNG."""
    import pygame

    from companion.screens import render

    if not pygame.font.get_init():
        pygame.font.init()
    surface = pygame.Surface(size)
    render(screen, surface)
    out = io.BytesIO()
    pygame.image.save(surface, out, "png")
    return out.getvalue()
