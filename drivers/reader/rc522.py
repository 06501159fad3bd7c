"""RC522 (MFRC522) reader on SPI, through the `mfrc522` package.

The vendor modules (`mfrc522`, which pulls in `RPi.GPIO` and `spidev`) are
imported here only, and only when an RC522 reader is opened: importing
`drivers` on a laptop never touches them.  Off a Raspberry Pi `import
mfrc522` raises RuntimeError (from RPi.GPIO), not ImportError; both become
`BackendUnavailable` with a message that says what to install or enable.

The UID protocol lives in `rc522_protocol.read_uid`; this module adapts the
library's MFRC522 object to the small chip interface it needs, and turns bus
failures into `ReaderError` (the poller reports ReaderLost and retries; the
next poll reopens the chip).

Pins: the reset pin is given explicitly in BCM numbering (default BCM 25,
header pin 22).  Left to itself the library picks BOARD pin 22, or BCM 15
(the UART's RXD) when BCM mode is already set.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from drivers.config import RC522_RESET_PIN, RESERVED_PINS, require
from drivers.errors import BackendUnavailable, ReaderError
from drivers.reader.base import ReaderBackend
from drivers.reader.rc522_protocol import RC522Chip, read_uid
from drivers.reader.uid import uid_to_text

log = logging.getLogger(__name__)

RC522_UNAVAILABLE = (
    "RC522 backend needs a Raspberry Pi with SPI enabled; "
    "install the `pi` extra (pip install 'table-companion[pi]')"
)

_SPI_PINS = (7, 8, 9, 10, 11)


@dataclass(frozen=True)
class RC522Options:
    """RC522 settings.

    spi_bus / spi_device: /dev/spidev<bus>.<device> (default SPI0 CE0: /dev/spidev0.0).
    reset_pin: BCM number of the pin wired to the module's RST (default 25).
    spi_speed_hz: SPI clock (the library's 1 MHz is safe with jumper wires).
    """

    spi_bus: int = 0
    spi_device: int = 0
    reset_pin: int = RC522_RESET_PIN
    spi_speed_hz: int = 1_000_000

    def __post_init__(self) -> None:
        require(0 <= self.spi_bus <= 6, f"spi_bus must be 0-6, got {self.spi_bus}")
        require(0 <= self.spi_device <= 2, f"spi_device (chip select) must be 0-2, got {self.spi_device}")
        require(0 <= self.reset_pin <= 27, f"reset_pin must be a BCM pin 0-27, got {self.reset_pin}")
        require(
            self.reset_pin not in _SPI_PINS,
            f"reset_pin {self.reset_pin} is an SPI0 pin ({RESERVED_PINS.get(self.reset_pin, 'SPI')}); "
            "wire RST to a free GPIO such as BCM 25",
        )
        require(
            10_000 <= self.spi_speed_hz <= 10_000_000,
            f"spi_speed_hz must be 10000-10000000 (the RC522 tops out at 10 MHz), got {self.spi_speed_hz}",
        )

    @property
    def device_path(self) -> str:
        return f"/dev/spidev{self.spi_bus}.{self.spi_device}"


class ClosableChip(RC522Chip, Protocol):
    def close(self) -> None: ...


class MFRC522Chip:
    """Adapts an `mfrc522.MFRC522` object to the `RC522Chip` interface.

    Uses the library's own transceive (`MFRC522_ToCard(PCD_TRANSCEIVE, ...)`)
    and CRC coprocessor helper (`CalulateCRC`, sic).
    """

    def __init__(self, device: Any, gpio: Any, reset_pin: int) -> None:
        self._dev = device
        self._gpio = gpio
        self._reset_pin = reset_pin

    def request(self, mode: int) -> bool:
        status, _bits = self._dev.MFRC522_Request(mode)
        return bool(status == self._dev.MI_OK)

    def transceive(self, data: bytes) -> bytes | None:
        # MFRC522_Request leaves BitFramingReg at 7 bits; every frame after it is whole bytes.
        self._dev.Write_MFRC522(self._dev.BitFramingReg, 0x00)
        status, back, bits = self._dev.MFRC522_ToCard(self._dev.PCD_TRANSCEIVE, list(data))
        if status != self._dev.MI_OK or bits <= 0 or bits % 8:
            return None
        return bytes(back[: bits // 8])

    def crc(self, data: bytes) -> bytes:
        return bytes(self._dev.CalulateCRC(list(data)))

    def close(self) -> None:
        # Not Close_MFRC522(): its GPIO.cleanup() would reset every pin RPi.GPIO set up.
        try:
            self._dev.spi.close()
        finally:
            self._gpio.cleanup(self._reset_pin)


class RC522Backend(ReaderBackend):
    """Polls an RC522 for a full UID; opens the chip lazily and reopens it after errors."""

    kind = "rc522"

    def __init__(self, open_chip: Callable[[], ClosableChip], *, description: str = "RC522") -> None:
        self._open_chip = open_chip
        self._description = description
        self._chip: ClosableChip | None = None

    def describe(self) -> str:
        return self._description

    def poll(self) -> str | None:
        if self._chip is None:
            try:
                self._chip = self._open_chip()
            except ReaderError:
                raise
            except (OSError, RuntimeError) as exc:
                raise ReaderError(f"cannot open {self._description}: {exc}") from exc
        try:
            uid = read_uid(self._chip)
        except OSError as exc:
            self._release()
            raise ReaderError(f"{self._description} SPI error: {exc}") from exc
        return None if uid is None else uid_to_text(uid)

    def _release(self) -> None:
        chip, self._chip = self._chip, None
        if chip is None:
            return
        try:
            chip.close()
        except (OSError, RuntimeError) as exc:
            log.warning("closing %s failed: %s", self._description, exc)

    def close(self) -> None:
        self._release()


def _import_vendor() -> tuple[Any, Any]:
    """Import mfrc522 and RPi.GPIO, turning off-Pi failures into BackendUnavailable."""
    try:
        import mfrc522  # type: ignore[import-not-found,import-untyped,unused-ignore]
        import RPi.GPIO as gpio  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except (ImportError, RuntimeError) as exc:
        raise BackendUnavailable(f"{RC522_UNAVAILABLE} ({type(exc).__name__}: {exc})") from exc
    if "pin_rst" not in inspect.signature(mfrc522.MFRC522).parameters:
        raise BackendUnavailable(
            "the installed mfrc522 package is too old (its MFRC522 has no pin_rst argument); "
            "install mfrc522>=0.0.7"
        )
    return mfrc522, gpio


def _open_mfrc522(options: RC522Options, mfrc522: Any, gpio: Any) -> MFRC522Chip:
    mode = gpio.getmode()
    if mode is not None and mode != gpio.BCM:
        raise ReaderError(
            "RPi.GPIO is already set to BOARD numbering in this process; the RC522 reset pin is a BCM number"
        )
    try:
        device = mfrc522.MFRC522(
            bus=options.spi_bus,
            device=options.spi_device,
            spd=options.spi_speed_hz,
            pin_mode=gpio.BCM,
            pin_rst=options.reset_pin,
        )
    except FileNotFoundError as exc:
        raise ReaderError(
            f"{options.device_path} not found: enable SPI (sudo raspi-config nonint do_spi 0) and reboot"
        ) from exc
    except PermissionError as exc:
        raise ReaderError(
            f"no permission to open {options.device_path}: add the user to the 'spi' and 'gpio' groups"
        ) from exc
    return MFRC522Chip(device, gpio, options.reset_pin)


def open_rc522(options: RC522Options) -> RC522Backend:
    """The real RC522 backend; raises BackendUnavailable off a Raspberry Pi."""
    mfrc522, gpio = _import_vendor()
    return RC522Backend(
        lambda: _open_mfrc522(options, mfrc522, gpio),
        description=f"RC522 on {options.device_path} (RST BCM {options.reset_pin})",
    )
