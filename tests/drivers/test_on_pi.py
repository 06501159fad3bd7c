"""Real-hardware checks: run on a Raspberry Pi with the device wired as in hardware/README.md.

    pytest -m hardware tests/drivers/test_on_pi.py

Each test skips itself unless the board is a Raspberry Pi and the device node
it needs exists.  The tag tests wait for a tag on the reader
(COMPANION_TEST_TAG_TIMEOUT seconds, default 15); the button test waits for
a press of any button.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from drivers.event_queue import EventQueue
from drivers.events import ButtonHeld, ButtonPressed, CardPlaced
from drivers.system import is_pi5, is_raspberry_pi

pytestmark = pytest.mark.hardware

ON_PI = is_raspberry_pi()
TAG_TIMEOUT = float(os.environ.get("COMPANION_TEST_TAG_TIMEOUT", "15"))
UART = "/dev/ttyAMA0" if is_pi5() else "/dev/serial0"


def need(path: str) -> None:
    if not ON_PI:
        pytest.skip("not a Raspberry Pi (/proc/device-tree/model)")
    if not Path(path).exists():
        pytest.skip(f"{path} is missing (see hardware/README.md to enable it)")


def wait_for_tag(backend: str, **options: object) -> CardPlaced:
    from drivers.reader import open_reader

    events = EventQueue()
    with open_reader(backend, **options) as reader:
        reader.start(events)
        while (event := events.get(timeout=TAG_TIMEOUT)) is not None:
            if isinstance(event, CardPlaced):
                return event
    pytest.fail(f"no tag read by the {backend} reader within {TAG_TIMEOUT:g} s")


def test_rc522_reads_a_full_uid() -> None:
    need("/dev/spidev0.0")
    pytest.importorskip("spidev")
    event = wait_for_tag("rc522")
    assert len(event.uid) in (8, 14, 20)
    assert not event.uid.startswith("88")


def test_rc522_empty_polls_cost_little_cpu() -> None:
    """Idle target: under 1% of one core polling every 0.1 s, about 1 ms of CPU per empty poll.

    Run with no card on the reader.  (The library's MFRC522_ToCard spun ~2000 SPI reads here.)
    """
    need("/dev/spidev0.0")
    pytest.importorskip("spidev")
    from drivers.reader.rc522 import RC522Options, open_rc522

    backend = open_rc522(RC522Options())
    try:
        backend.poll()  # opens and configures the chip
        started = time.process_time()
        uids = [backend.poll() for _ in range(20)]
        cpu_per_poll = (time.process_time() - started) / 20
    finally:
        backend.close()
    if any(uids):
        pytest.skip("a card is on the reader; take it off to measure empty polls")
    assert cpu_per_poll < 0.002, f"{cpu_per_poll * 1000:.2f} ms of CPU per empty poll"


def test_pn532_reads_a_full_uid() -> None:
    need(UART)
    event = wait_for_tag("pn532", port=UART)
    assert len(event.uid) in (8, 14, 20)


def test_pn532_answers_its_firmware_version() -> None:
    need(UART)
    from drivers.reader.pn532 import PN532Backend, PN532Options

    backend = PN532Backend(PN532Options(port=UART))
    try:
        backend.poll()
        assert backend.firmware is not None and "0x32" in backend.firmware
    finally:
        backend.close()


def test_gpio_buttons_report_a_press() -> None:
    need("/dev/gpiochip0")
    from drivers.buttons import open_buttons

    events = EventQueue()
    with open_buttons("gpio") as buttons:
        buttons.start(events)
        event = events.get(timeout=TAG_TIMEOUT)
    if event is None:
        pytest.fail(f"no button press within {TAG_TIMEOUT:g} s")
    assert isinstance(event, ButtonPressed | ButtonHeld)


def test_kmsdrm_display_opens_fullscreen() -> None:
    need("/dev/dri/card0")
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        pytest.skip("a desktop session is running; kmsdrm needs the console")
    from drivers.display import open_display

    with open_display("kmsdrm") as display:
        assert display.fullscreen and min(display.size) > 0
        display.surface().fill((0, 80, 0))
        display.present()
