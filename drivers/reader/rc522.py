"""RC522 (MFRC522) reader on SPI, through the `mfrc522` package.

The vendor modules (`mfrc522`, which pulls in `RPi.GPIO` and `spidev`) are
imported here only, and only when an RC522 reader is opened: importing
`drivers` on a laptop never touches them.  Off a Raspberry Pi `import
mfrc522` raises RuntimeError (from RPi.GPIO), not ImportError; both become
`BackendUnavailable` with a message that says what to install or enable.

The UID protocol lives in `rc522_protocol` (`CardWatch`: a full read, then
a three-frame check while the card rests); this module adapts the
library's MFRC522 object to the small chip interface it needs, and turns bus
failures into `ReaderError` (the poller reports ReaderLost and retries; the
next poll reopens the chip).

Transceive is our own, built on the library's register primitives
(`Write_MFRC522` / `Read_MFRC522`), not its `MFRC522_ToCard`: that wait loop
tests its exit condition with `~` on ints (the C original uses `!`), so it
never notices the chip's timer interrupt and spins through 2000 SPI reads on
every frame nobody answers: every empty poll and every HALT, tens of ms of
CPU each.  Ours programs the chip's timer (~25 ms, started by the end of each
frame), looks at ComIrqReg a few times while an answer can arrive, sleeps
until the timer must have fired, and stops there: an empty poll is about a
dozen register accesses.  CRC_A is computed in software (cheaper than the
chip's CalcCRC command over SPI).

Pins: the reset pin is given explicitly in BCM numbering (default BCM 25,
header pin 22).  Left to itself the library picks BOARD pin 22, or BCM 15
(the UART's RXD) when BCM mode is already set.
"""

from __future__ import annotations

import inspect
import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from drivers.clock import Clock, monotonic
from drivers.config import RC522_RESET_PIN, RESERVED_PINS, require
from drivers.errors import BackendUnavailable, ReaderError
from drivers.reader import mfrc522_registers as reg
from drivers.reader.base import ReaderBackend
from drivers.reader.iso14443 import crc_a
from drivers.reader.rc522_protocol import CardWatch, RC522Chip
from drivers.reader.uid import uid_to_text

log = logging.getLogger(__name__)

RC522_UNAVAILABLE = (
    "RC522 backend needs a Raspberry Pi with SPI enabled; "
    "install the `pi` extra (pip install 'table-companion[pi]')"
)

_SPI_PINS = (7, 8, 9, 10, 11)
VENDOR_LOGGER = "mfrc522Logger"  # what mfrc522.MFRC522.__init__ adds a handler to


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


# The chip's timer: ticks of 13.56 MHz / (2 * 169 + 1) = 40 kHz, 1001 of them: TimerIRq about
# 25 ms after the end of a frame nobody answers.  TAuto starts it when a frame ends and stops it
# when an answer begins, so it only ever fires for silence.
TIMER_PRESCALER = 169
TIMER_RELOAD = 1000
TIMER_PERIOD_S = reg.timer_period_s(TIMER_PRESCALER, TIMER_RELOAD)
_TIMER_SETUP = reg.timer_registers(TIMER_PRESCALER, TIMER_RELOAD)

# When to look at ComIrqReg, in seconds after StartSend.  A card's answer to the activation frames
# is complete within ~0.4-2 ms of air time; after that only the timer can end the wait.
_IRQ_CHECKS_S = (0.0005, 0.0015, 0.003, TIMER_PERIOD_S + 0.001)
_LATE_STEP_S = 0.002  # then every 2 ms ...
WAIT_LIMIT_S = 2 * TIMER_PERIOD_S + 0.01  # ... up to this wall-clock bound
MAX_IRQ_READS = 32  # and never more reads than this per frame
_WAIT_IRQS = reg.IRQ_RX | reg.IRQ_IDLE | reg.IRQ_TIMER


class MFRC522Chip:
    """Adapts an `mfrc522.MFRC522` object to the `RC522Chip` interface.

    Only the library's register primitives are used (`Read_MFRC522`,
    `Write_MFRC522`) plus `spi.close()`; see the module docstring for why not
    `MFRC522_ToCard`.  `configure()` must run once after opening (it checks
    the chip answers and programs the timer).  `clock` / `sleep` pace the
    wait for an answer (tests pass a FakeClock and its `advance`).
    """

    def __init__(
        self,
        device: Any,
        gpio: Any,
        reset_pin: int,
        *,
        clock: Clock = monotonic,
        sleep: Callable[[float], object] = time.sleep,
    ) -> None:
        self._dev = device
        self._gpio = gpio
        self._reset_pin = reset_pin
        self._clock = clock
        self._sleep = sleep

    def configure(self) -> None:
        """Check that a chip answers on the bus, program its timer and make sure the antenna is on."""
        version = self._dev.Read_MFRC522(reg.VERSION_REG)
        if version in (0x00, 0xFF):
            raise ReaderError(
                f"no RC522 answers on the SPI bus (VersionReg reads {version:#04x}): "
                "check the wiring (SDA/CS, MISO, 3.3 V) and the reset pin"
            )
        for addr, value in _TIMER_SETUP.items():
            self._dev.Write_MFRC522(addr, value)
        tx_control = self._dev.Read_MFRC522(reg.TX_CONTROL_REG)
        if tx_control & 0x03 != 0x03:
            self._dev.Write_MFRC522(reg.TX_CONTROL_REG, tx_control | 0x03)

    def request(self, mode: int) -> bool:
        """REQA/WUPA as a 7-bit short frame; True when a whole 16-bit ATQA came back."""
        answer = self._transceive(bytes((mode,)), tx_last_bits=7)
        return answer is not None and len(answer[0]) == 2 and answer[1] == 0

    def transceive(self, data: bytes) -> bytes | None:
        answer = self._transceive(data, tx_last_bits=0)
        if answer is None or answer[1] != 0:
            return None  # no answer, a bad one, or a partial last byte
        return answer[0]

    def crc(self, data: bytes) -> bytes:
        return crc_a(data)

    def close(self) -> None:
        # Not Close_MFRC522(): its GPIO.cleanup() would reset every pin RPi.GPIO set up.
        try:
            self._dev.spi.close()
        finally:
            self._gpio.cleanup(self._reset_pin)

    def _transceive(self, frame: bytes, *, tx_last_bits: int) -> tuple[bytes, int] | None:
        """Send `frame` (only `tx_last_bits` bits of its last byte when nonzero) and receive.

        Returns (bytes received, valid bits of the last byte: 0 means all 8), or
        None when nobody answered or the answer is unusable (collision, parity or
        protocol error, FIFO overflow).  OSError from the bus propagates;
        ReaderError when the chip stops working (see `_wait`).
        """
        write, read = self._dev.Write_MFRC522, self._dev.Read_MFRC522
        write(reg.COMMAND_REG, reg.CMD_IDLE)  # stop whatever the chip still does
        write(reg.COM_IRQ_REG, reg.IRQ_CLEAR_ALL)
        write(reg.FIFO_LEVEL_REG, reg.FIFO_FLUSH)
        for byte in frame:
            write(reg.FIFO_DATA_REG, byte)
        write(reg.BIT_FRAMING_REG, tx_last_bits)  # StartSend off while the command changes
        write(reg.COMMAND_REG, reg.CMD_TRANSCEIVE)
        write(reg.BIT_FRAMING_REG, reg.START_SEND | tx_last_bits)
        irq = self._wait()
        if not irq & (reg.IRQ_RX | reg.IRQ_IDLE):
            return None  # the timer ran out: no card answered
        error = read(reg.ERROR_REG)
        if error & reg.ERR_FRAME_MASK:
            log.debug("RC522 answer to %s unusable: ErrorReg %#04x", frame.hex(), error)
            return None
        level = read(reg.FIFO_LEVEL_REG) & reg.FIFO_LEVEL_MASK
        if level == 0:
            return None
        last_bits = read(reg.CONTROL_REG) & reg.RX_LAST_BITS_MASK
        return bytes(read(reg.FIFO_DATA_REG) for _ in range(level)), last_bits

    def _wait(self) -> int:
        """Poll ComIrqReg until an answer or the timer; returns its value (0: gave up).

        Bounded by MAX_IRQ_READS reads and WAIT_LIMIT_S of wall-clock time, with
        one last look at the limit.  Giving up means the chip neither heard an
        answer nor ran its timer; if its timer settings are gone (a power glitch
        reset it) that is a ReaderError, so the poller reopens and reinitialises
        it; otherwise it counts as no answer.
        """
        start = self._clock()
        deadline = start + WAIT_LIMIT_S
        for _ in range(MAX_IRQ_READS):
            now = self._clock()
            due = next((start + offset for offset in _IRQ_CHECKS_S if start + offset > now), now + _LATE_STEP_S)
            if due > now and now < deadline:
                self._sleep(min(due, deadline) - now)
            irq: int = self._dev.Read_MFRC522(reg.COM_IRQ_REG)
            if irq & _WAIT_IRQS:
                return irq
            if self._clock() >= deadline:
                break
        t_mode = self._dev.Read_MFRC522(reg.T_MODE_REG)
        if t_mode != _TIMER_SETUP[reg.T_MODE_REG]:
            raise ReaderError(
                f"RC522 stopped answering and lost its settings (TModeReg {t_mode:#04x}); "
                "a power glitch may have reset it"
            )
        log.debug("RC522 raised no interrupt within %.0f ms; counting it as no answer", WAIT_LIMIT_S * 1000)
        return 0


class RC522Backend(ReaderBackend):
    """Polls an RC522 for a full UID; opens the chip lazily and reopens it after errors."""

    kind = "rc522"

    def __init__(self, open_chip: Callable[[], ClosableChip], *, description: str = "RC522") -> None:
        self._open_chip = open_chip
        self._description = description
        self._chip: ClosableChip | None = None
        self._watch = CardWatch()

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
            uid = self._watch.poll(self._chip)
        except OSError as exc:
            self._release()
            raise ReaderError(f"{self._description} SPI error: {exc}") from exc
        except ReaderError as exc:
            self._release()
            raise ReaderError(f"{self._description}: {exc}") from exc
        return None if uid is None else uid_to_text(uid)

    def _release(self) -> None:
        self._watch.forget()
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


def _vendor_loggers() -> list[logging.Logger]:
    """The loggers the mfrc522 package configures ('mfrc522Logger'; 'mfrc522...' to be safe)."""
    names = [name for name in logging.root.manager.loggerDict if name.lower().startswith("mfrc522")]
    return [logging.getLogger(name) for name in {VENDOR_LOGGER, *names}]


@contextmanager
def _vendor_log_handlers_removed() -> Iterator[None]:
    """Take back the handlers `mfrc522.MFRC522()` adds to its logger, whether it succeeds or fails.

    Its __init__ adds a StreamHandler to 'mfrc522Logger' on every construction,
    so each reopen after a reader fault would print every later log line once
    more.  Without them the library's records reach the application's own
    logging configuration once, through propagation.
    """
    before = {id(logger): list(logger.handlers) for logger in _vendor_loggers()}
    try:
        yield
    finally:
        for logger in _vendor_loggers():
            for handler in list(logger.handlers):
                if handler not in before.get(id(logger), []):
                    logger.removeHandler(handler)
                    handler.close()


def _open_mfrc522(
    options: RC522Options,
    mfrc522: Any,
    gpio: Any,
    *,
    clock: Clock = monotonic,
    sleep: Callable[[float], object] = time.sleep,
) -> MFRC522Chip:
    mode = gpio.getmode()
    if mode is not None and mode != gpio.BCM:
        raise ReaderError(
            "RPi.GPIO is already set to BOARD numbering in this process; the RC522 reset pin is a BCM number"
        )
    try:
        with _vendor_log_handlers_removed():
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
    chip = MFRC522Chip(device, gpio, options.reset_pin, clock=clock, sleep=sleep)
    try:
        chip.configure()
    except Exception as exc:
        try:
            chip.close()
        except (OSError, RuntimeError) as close_exc:
            log.warning("closing %s failed: %s", options.device_path, close_exc)
        if isinstance(exc, ReaderError):
            raise ReaderError(f"{options.device_path}: {exc}") from exc
        raise
    return chip


def open_rc522(options: RC522Options) -> RC522Backend:
    """The real RC522 backend; raises BackendUnavailable off a Raspberry Pi."""
    mfrc522, gpio = _import_vendor()
    return RC522Backend(
        lambda: _open_mfrc522(options, mfrc522, gpio),
        description=f"RC522 on {options.device_path} (RST BCM {options.reset_pin})",
    )
