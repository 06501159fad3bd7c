"""The display contract on SDL's dummy driver, driver choice, and the error path."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from drivers.display import Display, open_display, video_driver_candidates
from drivers.errors import ConfigError, DisplayError


@pytest.fixture
def display(tmp_path: Path) -> Iterator[Display]:
    with open_display("dummy", size=(320, 200), snapshot_dir=tmp_path / "frames") as screen:
        yield screen
    assert not pygame.display.get_init()


def test_draw_present_and_snapshot(display: Display, tmp_path: Path) -> None:
    assert display.size == (320, 200)
    assert display.driver == "dummy"
    assert not display.fullscreen
    surface = display.surface()
    surface.fill((10, 20, 30))
    pygame.draw.rect(surface, (250, 200, 0), (100, 50, 40, 40))
    display.present()
    frame = tmp_path / "frames" / "frame-000001.png"
    assert frame.exists()
    saved = pygame.image.load(str(frame))
    assert saved.get_size() == (320, 200)
    assert saved.get_at((120, 70))[:3] == (250, 200, 0)
    assert saved.get_at((5, 5))[:3] == (10, 20, 30)
    target = display.snapshot(tmp_path / "shots" / "now.png")
    assert target.exists() and not list((tmp_path / "shots").glob(".*"))
    assert display.frames == 1


def test_present_a_separate_surface_scales_it_to_fit(display: Display) -> None:
    frame = pygame.Surface((160, 50))
    frame.fill((0, 255, 0))
    display.present(frame)
    screen = display.surface()
    assert screen.get_at((160, 100))[:3] == (0, 255, 0)
    assert screen.get_at((160, 5))[:3] == (0, 0, 0)  # letterboxed: 160x50 -> 320x100, centred


def test_text_renders_without_system_fonts(display: Display) -> None:
    font = pygame.font.Font(None, 24)
    text = font.render("Kyuzo defends", True, (255, 255, 255))
    display.surface().blit(text, (10, 10))
    display.present()


def test_snapshots_must_be_png(display: Display, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="must end in .png"):
        display.snapshot(tmp_path / "x.jpg")


def test_closed_display_refuses_work_and_close_is_idempotent(tmp_path: Path) -> None:
    screen = open_display("dummy", size=(64, 64))
    screen.close()
    screen.close()
    with pytest.raises(DisplayError, match="closed"):
        screen.present()


def test_only_one_display_at_a_time(display: Display) -> None:
    with pytest.raises(DisplayError, match="already open"):
        open_display("dummy")


def test_driver_environment_is_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    with open_display("dummy", size=(64, 64)):
        assert os.environ["SDL_VIDEODRIVER"] == "dummy"
    assert "SDL_VIDEODRIVER" not in os.environ
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    with open_display(size=(64, 64)) as screen:
        assert screen.driver == "offscreen"
    assert os.environ["SDL_VIDEODRIVER"] == "offscreen"


def test_fullscreen_uses_the_native_size(monkeypatch: pytest.MonkeyPatch) -> None:
    with open_display("dummy", size=(320, 200), fullscreen=True) as screen:
        info_size = screen.size
        assert screen.fullscreen
    assert info_size != (320, 200) and min(info_size) > 0


def test_driver_candidates() -> None:
    assert video_driver_candidates({"SDL_VIDEODRIVER": "dummy"}, "linux") == ["dummy"]
    assert video_driver_candidates({}, "linux") == ["kmsdrm"]
    assert video_driver_candidates({"DISPLAY": ":0"}, "linux") == [None]
    assert video_driver_candidates({"WAYLAND_DISPLAY": "wayland-0"}, "linux") == [None]
    assert video_driver_candidates({}, "darwin") == [None]
    assert video_driver_candidates({}, "win32") == [None]


def test_when_no_driver_works_the_error_says_what_to_set(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> None:
        raise pygame.error("kmsdrm not available")

    monkeypatch.setattr(pygame.display, "init", refuse)
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    with pytest.raises(DisplayError) as caught:
        open_display()
    message = str(caught.value)
    assert "tried kmsdrm (kmsdrm not available)" in message
    assert "SDL_VIDEODRIVER=kmsdrm" in message and "'video' and 'render' groups" in message
    assert "SDL_VIDEODRIVER=dummy" in message
    assert "SDL_VIDEODRIVER" not in os.environ


def test_bad_driver_names_are_refused() -> None:
    with pytest.raises(ConfigError, match="SDL video driver name"):
        open_display("  ")


@pytest.mark.parametrize("size", [(0, 10), (10,), "800x480", (800.0, 480), (True, 480), (10_000, 480)])
def test_bad_sizes_are_refused(size: object) -> None:
    with pytest.raises(ConfigError, match="display size"):
        open_display("dummy", size=size)  # type: ignore[arg-type]


def test_fonts_made_before_a_display_closed_still_render_after_the_next_opens() -> None:
    """`companion run` shows "Another companion is running" on one display, closes it and opens the
    table's, drawing with the same cached fonts; closing a display must not free them (it used to quit
    the font module, and rendering with a font after that crashed the process). In a child process,
    so a crash is a failure here rather than the end of the test run."""
    code = """
import pygame
from drivers.display import open_display
with open_display("dummy", size=(64, 64)):
    fonts = [pygame.font.Font(None, size) for size in range(10, 60)]
    for font in fonts:
        font.render("Kyuzo", True, (255, 255, 255))
with open_display("dummy", size=(64, 64)):
    others = [pygame.font.Font(None, size) for size in range(10, 80)]
    for i in range(20):
        for font in fonts:
            font.render(f"Kyuzo {i}", True, (255, 255, 255))
print("ok")
"""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "ok", (done.returncode, done.stderr[-500:])
