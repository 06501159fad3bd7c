"""The screen: a pygame surface to draw on, flipped to whatever display SDL can open.

No game knowledge here: the application draws a finished frame on
`surface()` and calls `present()`.  Choice of SDL video driver:
- an explicit `driver` argument, else $SDL_VIDEODRIVER if set;
- on Linux without X11/Wayland (a Pi running Raspberry Pi OS Lite): kmsdrm,
  fullscreen at the panel's native size (SDL2 has no framebuffer-console
  driver; kmsdrm needs the 'video' and 'render' groups);
- with a desktop (or on macOS/Windows): SDL's default, in a window;
- `dummy` only when asked for (headless runs and tests): falling back to it
  silently would leave a real table with a black screen.
If nothing opens, DisplayError says what to set.

Only `pygame.display` and `pygame.font` are initialised (no audio), the SCALED
flag is avoided (it burns CPU on small Pis), and the same code runs on
pygame and pygame-ce.  pygame is imported when a display is opened, not at
`import drivers`.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from drivers.errors import ConfigError, DisplayError
from drivers.lifecycle import ClosesOnExit
from drivers.system import has_desktop

if TYPE_CHECKING:
    import pygame

DEFAULT_SIZE = (800, 480)
FULLSCREEN_DRIVERS = ("kmsdrm",)

HELP = (
    "On a Raspberry Pi without a desktop set SDL_VIDEODRIVER=kmsdrm and add the user to the "
    "'video' and 'render' groups; with a desktop run from it (DISPLAY or WAYLAND_DISPLAY set); "
    "on a headless machine or in tests set SDL_VIDEODRIVER=dummy."
)


def video_driver_candidates(env: Mapping[str, str], platform: str | None = None) -> list[str | None]:
    """SDL video drivers to try, in order; None means "let SDL choose"."""
    platform = platform or sys.platform
    chosen = env.get("SDL_VIDEODRIVER", "").strip()
    if chosen:
        return [chosen]
    if platform.startswith("linux") and not has_desktop(env):
        return ["kmsdrm"]
    return [None]


log = logging.getLogger(__name__)


def prepare_snapshot_dir(directory: Path) -> Path:
    """Create the frame-snapshot folder and check a file can be written there.

    Refused with ConfigError naming the folder and the reason (a file in its
    place, no permission, a read-only disk) before the display opens, rather
    than a crash at the first frame.
    """
    def refuse(exc: OSError) -> ConfigError:
        return ConfigError(f"display.snapshots: cannot use {directory} for frame snapshots: {exc.strerror or exc}")

    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise refuse(exc) from None
    probe = directory / f".probe-{os.getpid()}"
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644))
        os.unlink(probe)
    except OSError as exc:
        raise refuse(exc) from None
    return directory


def _hide_pygame_banner() -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _check_size(size: tuple[int, int]) -> tuple[int, int]:
    if (
        not isinstance(size, tuple | list)
        or len(size) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and 16 <= v <= 8192 for v in size)
    ):
        raise ConfigError(f"display size must be (width, height) in pixels, 16-8192 each, got {size!r}")
    return (size[0], size[1])


class Display(ClosesOnExit):
    """An open screen.  Use as a context manager or call `close()`."""

    def __init__(
        self,
        screen: pygame.Surface,
        *,
        fullscreen: bool,
        snapshot_dir: Path | None,
        previous_driver_env: str | None,
        set_driver_env: bool,
    ) -> None:
        self._screen = screen
        self._fullscreen = fullscreen
        self._snapshot_dir = snapshot_dir
        self._previous_env = previous_driver_env
        self._set_env = set_driver_env
        self._frames = 0
        self._closed = False
        self.snapshot_error: str | None = None

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of the surface to draw on: lay the screen out from this."""
        return self._screen.get_size()

    @property
    def fullscreen(self) -> bool:
        return self._fullscreen

    @property
    def driver(self) -> str:
        """The SDL video driver in use (kmsdrm, x11, wayland, dummy, ...)."""
        import pygame

        return str(pygame.display.get_driver())

    @property
    def frames(self) -> int:
        """How many times `present` was called."""
        return self._frames

    def surface(self) -> pygame.Surface:
        """The screen surface; draw the next frame here."""
        self._check_open()
        return self._screen

    def present(self, surface: pygame.Surface | None = None) -> None:
        """Show the frame: `surface` (scaled to fit if its size differs) or what was drawn on `surface()`.

        With a snapshot directory, also saves the frame as frame-NNNNNN.png;
        if that fails (disk full, folder gone), snapshots stop, `snapshot_error`
        says why, and the frame is still shown.
        """
        import pygame

        self._check_open()
        if surface is not None and surface is not self._screen:
            if surface.get_size() == self.size:
                self._screen.blit(surface, (0, 0))
            else:
                self._screen.fill((0, 0, 0))
                self._screen.blit(*_fit(surface, self.size))
        pygame.display.flip()
        self._frames += 1
        if self._snapshot_dir is not None:
            self._save_frame(self._snapshot_dir / f"frame-{self._frames:06d}.png")

    def _save_frame(self, target: Path) -> None:
        import pygame

        try:
            self.snapshot(target)
        except (OSError, pygame.error) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.snapshot_error = f"cannot save frame snapshots in {self._snapshot_dir}: {reason}"
            self._snapshot_dir = None
            log.warning("%s; frame snapshots stopped", self.snapshot_error)

    def snapshot(self, path: str | Path) -> Path:
        """Save the current screen as a PNG (written to a temporary name, then renamed)."""
        import pygame

        self._check_open()
        target = Path(path)
        if target.suffix.lower() != ".png":
            raise ConfigError(f"snapshots are PNG files: {target} must end in .png")
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.stem}.partial.png")
        pygame.image.save(self._screen, str(temporary))
        os.replace(temporary, target)
        return target

    def _check_open(self) -> None:
        if self._closed:
            raise DisplayError("the display is closed")

    def close(self) -> None:
        """Close the window / release the screen (idempotent)."""
        if self._closed:
            return
        self._closed = True
        import pygame

        # The font module stays up: quitting it frees FreeType under every Font made so far, and
        # the companion keeps its fonts for the whole process (a problem screen's display is
        # closed before the table's opens); a Font used after that crashes the process.
        pygame.display.quit()
        _restore_env(self._set_env, self._previous_env)


def _fit(surface: pygame.Surface, size: tuple[int, int]) -> tuple[pygame.Surface, tuple[int, int]]:
    """Scale `surface` to fit `size` keeping its aspect ratio; return it and its centred position."""
    import pygame

    width, height = surface.get_size()
    scale = min(size[0] / width, size[1] / height)
    scaled_size = (max(1, round(width * scale)), max(1, round(height * scale)))
    scaled = pygame.transform.smoothscale(surface, scaled_size)
    return scaled, ((size[0] - scaled_size[0]) // 2, (size[1] - scaled_size[1]) // 2)


def _restore_env(was_set: bool, previous: str | None) -> None:
    if not was_set:
        return
    if previous is None:
        os.environ.pop("SDL_VIDEODRIVER", None)
    else:
        os.environ["SDL_VIDEODRIVER"] = previous


def open_display(
    driver: str | None = None,
    size: tuple[int, int] = DEFAULT_SIZE,
    fullscreen: bool | None = None,
    snapshot_dir: str | Path | None = None,
    *,
    title: str = "Table companion",
) -> Display:
    """Open the screen.

    driver: SDL video driver to use ("kmsdrm", "x11", "dummy", ...); None picks one (see module doc).
    size: window size; fullscreen displays use the panel's native size instead.
    fullscreen: None means yes on kmsdrm, no in a window.
    snapshot_dir: if given, every `present` also saves a PNG there.
    """
    requested = _check_size(size)
    directory = prepare_snapshot_dir(Path(snapshot_dir)) if snapshot_dir is not None else None
    if driver is not None and (not isinstance(driver, str) or not driver.strip()):
        raise ConfigError(f"display driver must be an SDL video driver name like 'kmsdrm', got {driver!r}")
    _hide_pygame_banner()
    import pygame as pg

    if pg.display.get_init():
        raise DisplayError("a display is already open in this process; close it first")
    env = dict(os.environ)
    if driver is not None:
        env["SDL_VIDEODRIVER"] = driver
    candidates = video_driver_candidates(env)
    previous = os.environ.get("SDL_VIDEODRIVER")
    failures: list[str] = []
    for candidate in candidates:
        set_env = candidate is not None and candidate != previous
        if set_env and candidate is not None:
            os.environ["SDL_VIDEODRIVER"] = candidate
        try:
            pg.display.init()
            full = (pg.display.get_driver() in FULLSCREEN_DRIVERS) if fullscreen is None else fullscreen
            screen = _set_mode(requested, full, title)
        except pg.error as exc:
            failures.append(f"{candidate or 'SDL default'} ({exc})")
            pg.display.quit()
            _restore_env(set_env, previous)
            continue
        pg.font.init()
        return Display(
            screen,
            fullscreen=full,
            snapshot_dir=directory,
            previous_driver_env=previous,
            set_driver_env=set_env,
        )
    raise DisplayError(f"could not open a display; tried {', '.join(failures)}. {HELP}")


def _set_mode(size: tuple[int, int], fullscreen: bool, title: str) -> pygame.Surface:
    import pygame

    if fullscreen:
        info = pygame.display.Info()
        native = (info.current_w, info.current_h)
        if native[0] <= 0 or native[1] <= 0:
            modes = pygame.display.list_modes()
            native = modes[0] if isinstance(modes, list) and modes else size
        screen = pygame.display.set_mode(native, pygame.FULLSCREEN)
        pygame.mouse.set_visible(False)
    else:
        screen = pygame.display.set_mode(size)
    pygame.display.set_caption(title)
    return screen
