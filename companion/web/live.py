"""The live table for the web page: the same public view the device shows, from the journal.

The web process never talks to the companion: it reads `current.journal`
(read-only), replays it with the rules engine, and builds the device's own
Screen value through an App that is never started and whose disk refuses
every write. What the device shows after an input is what the page shows:
the title, the steps for the table, the choices, and the picture of the
screen drawn by the game's screens. A journal that has not changed (same
size, time and inode) is not replayed again, so a phone polling twice a
second costs one `stat`.
"""

from __future__ import annotations

import errno
import io
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.app import App
from companion.games import game_ui
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
    """One state of the table: a version that changes with every saved input, and the device's screen."""

    version: str
    screen: Screen | None
    game: str | None
    over: bool
    prompt: str | None = None

    def public(self) -> dict[str, Any]:
        """What the page shows, as JSON: the screen's words, never the engine's hidden state."""
        screen = self.screen
        if screen is None:
            return {"version": self.version, "playing": False}
        return {"version": self.version, "playing": True, "game": self.game, "over": self.over,
                "title": screen.title, "prompt": self.prompt, "todo": list(screen.todo), "lines": list(screen.lines),
                "options": list(screen.options), "lang": screen.lang}


def journal_version(state_dir: Path) -> str:
    """Changes whenever the current journal does (an append, a rewrite after undo, a new game, none)."""
    try:
        st = (state_dir / CURRENT).stat()
    except OSError:
        return "none"
    return f"{st.st_ino:x}-{st.st_size:x}-{st.st_mtime_ns:x}"


def device_screen(path: Path, lang: str, state_dir: Path) -> tuple[Screen, str, bool]:
    """The screen the device shows for the journal at `path` after its last input, in `lang`."""
    loaded = load_journal(path)
    name = loaded.match.game.name
    ui = game_ui(name)
    app = App(ui, TagMap(ui.name), state_dir, lambda: 0.0, resume_timeout_s=0, save_tags=False,
              fs=ReadOnlyDisk(), lang=lang)
    app.match = loaded.match
    # The device after a restart shows exactly this: the journal resumed, the last input's steps.
    app._resume()
    app.lines = app.lines[1:]  # the "Resumed." note is the device's own, not the table's news
    screen = app.screen()
    return screen, name, loaded.match.play.prompt is None


class LiveTable:
    """The current frame for each language, rebuilt only when the journal changed."""

    def __init__(self, state_dir: Path) -> None:
        self.state_dir = state_dir
        self._lock = threading.Lock()
        self._frames: dict[str, LiveFrame] = {}
        self._images: dict[str, tuple[str, bytes]] = {}

    def frame(self, lang: str) -> LiveFrame:
        version = journal_version(self.state_dir)
        with self._lock:
            cached = self._frames.get(lang)
            if cached is not None and cached.version == version:
                return cached
            frame = self._build(version, lang)
            self._frames[lang] = frame
            return frame

    def _build(self, version: str, lang: str) -> LiveFrame:
        path = self.state_dir / CURRENT
        if version == "none":
            return LiveFrame(version, None, None, False)
        try:
            screen, game, over = device_screen(path, lang, self.state_dir)
        except (RuleError, OSError):
            return LiveFrame(version, None, None, False)
        return LiveFrame(version, screen, game, over, prompt_words(screen))

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
