"""hardware/README.md and the wiring picture agree with the pin tables the drivers use."""

from __future__ import annotations

import importlib.util
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


def test_readme_says_the_companion_reports_a_press_on_release() -> None:
    """`companion run` opens the GPIO buttons with press_on_release=True (see
    tests/companion/test_run_window.py); the README once said the app used false."""
    readme = (HARDWARE / "README.md").read_text()
    flat = " ".join(readme.split())
    assert "| `press_on_release` | false (`companion run`: always true) | both |" in readme
    assert "`companion run` always opens the GPIO buttons this way (the driver option `press_on_release=true`" in flat


def test_drawing_the_wiring_leaves_fonts_others_use_open(tmp_path: Path) -> None:
    """draw() used to quit pygame's fonts on its way out: a screen's cached fonts then crashed the
    interpreter (a segmentation fault in the next test that measured text)."""
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    load_draw_wiring().draw(tmp_path / "wiring.png")
    assert pygame.font.get_init()
    assert font.size("still usable")[0] > 0
