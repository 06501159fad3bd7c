"""hardware/README.md and the wiring picture agree with the pin tables the drivers use."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pygame

from drivers.config import (
    DEFAULT_BUTTON_PINS,
    HEADER_PINS,
    PN532_WIRING,
    RC522_RESET_PIN,
    RC522_WIRING,
    RESERVED_PINS,
    button_wiring,
    header_pin_of,
    validate_pin_map,
)
from drivers.reader.pn532 import PN532Options
from drivers.reader.rc522 import RC522Options

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"


def load_draw_wiring() -> ModuleType:
    spec = importlib.util.spec_from_file_location("draw_wiring", HARDWARE / "draw_wiring.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_readme_tables_match_the_code_defaults() -> None:
    readme = (HARDWARE / "README.md").read_text()
    for line in load_draw_wiring().markdown_tables().splitlines():
        assert line in readme, f"hardware/README.md is out of date; missing row: {line}"


def test_readme_mentions_the_default_options() -> None:
    readme = (HARDWARE / "README.md").read_text()
    assert f"| `port` | {PN532Options().port} |" in readme
    assert f"| `baudrate` | {PN532Options().baudrate} |" in readme
    assert f"| `reset_pin` | {RC522Options().reset_pin} |" in readme
    assert "raspi-config nonint do_spi 0" in readme and "do_serial_cons 1" in readme
    assert "](wiring.png)" in readme and (HARDWARE / "wiring.png").exists()


def test_readme_gets_the_pi5_uart_line_and_lgpio_working_directory_right() -> None:
    readme = (HARDWARE / "README.md").read_text()
    flat = " ".join(readme.split())
    assert "leave `dtparam=spi=on` and `enable_uart=1`" not in flat  # not what do_serial_hw 0 writes on a Pi 5
    assert "writes `dtparam=uart0=on` (not `enable_uart=1`)" in flat
    assert "cd /var/lib/table-companion" in readme
    assert "LG_WD" in readme


def test_wiring_tables_are_consistent_with_the_header() -> None:
    for connection in (*RC522_WIRING, *PN532_WIRING, *button_wiring()):
        if connection.bcm is not None:
            assert connection.header_pin == header_pin_of(connection.bcm)
        elif connection.header_pin is not None:
            expected = {"GND": "GND", "3V3 power": "3V3"}[connection.signal]
            assert HEADER_PINS[connection.header_pin] == expected
    assert RC522_RESET_PIN in RESERVED_PINS
    assert validate_pin_map(DEFAULT_BUTTON_PINS) == dict(DEFAULT_BUTTON_PINS)
    used = [c.header_pin for c in (*RC522_WIRING, *PN532_WIRING, *button_wiring()) if c.bcm is not None]
    assert len(used) == len(set(used)), "two wires on one GPIO"


def test_the_wiring_picture_renders(tmp_path: Path) -> None:
    path = load_draw_wiring().draw(tmp_path / "wiring.png")
    image = pygame.image.load(str(path))
    assert image.get_size() == (1200, 1060)


def test_drawing_the_wiring_picture_leaves_earlier_fonts_usable(tmp_path: Path) -> None:
    """draw() used to quit pygame's font module when done, freeing every Font the process had made:
    the next line of text drawn with one crashed the process (it did, in the test run, two workers
    in). In a child process, so a crash fails this test instead of ending the run."""
    code = f"""
import importlib.util, pygame
pygame.font.init()
fonts = [pygame.font.Font(None, size) for size in range(10, 60)]
for font in fonts:
    font.render("Kyuzo", True, (255, 255, 255))
spec = importlib.util.spec_from_file_location("draw_wiring", {str(HARDWARE / "draw_wiring.py")!r})
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
module.draw(__import__("pathlib").Path({str(tmp_path / "wiring.png")!r}))
others = [pygame.font.Font(None, size) for size in range(10, 80)]
for i in range(20):
    for font in fonts:
        font.render(f"Kyuzo {{i}}", True, (255, 255, 255))
print("ok")
"""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "ok", (done.returncode, done.stderr[-500:])
