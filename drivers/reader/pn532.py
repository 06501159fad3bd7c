"""PN532 reader over its UART (HSU) link, with pyserial.

`PN532Link` speaks the frame protocol on any pyserial-like port: it sends a
command, waits for the ACK (with a timeout), then for the answer (with a
timeout), skipping line noise, asking for a resend (NACK) when an answer's
length or data checksum is wrong, sending the command again when the chip
answers it with a NACK, and aborting (ACK) a command that never answered.
Both kinds of resend are bounded (`MAX_RESENDS`).

`PN532Backend` wakes the chip (55 55 and zeros), configures it
(SAMConfiguration normal mode; RFConfiguration item 5 with a small
MxRtyPassiveActivation so "no card" comes back at once instead of the chip
waiting for one), then polls with InListPassiveTarget (one target, 106 kbps
type A) and releases the card with InRelease.  A missing or vanished port
(serial exceptions, OSError) is a `ReaderError` at once and the port is
reopened on a later poll.  A protocol hiccup (timeout, checksum, error frame)
is `InconclusivePoll`, "don't know", never "no card": a card resting on the
reader must not look lifted because an answer was lost.  Hiccups become a
`ReaderError` after `max_failures` in a row.
"""

from __future__ import annotations

import errno
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from drivers.clock import Clock, monotonic
from drivers.config import require
from drivers.errors import ReaderError
from drivers.reader.base import InconclusivePoll, ReaderBackend
from drivers.reader.pn532_frames import (
    ACK_FRAME,
    BAUD_106_TYPE_A,
    CMD_GET_FIRMWARE_VERSION,
    CMD_IN_LIST_PASSIVE_TARGET,
    CMD_IN_RELEASE,
    CMD_RF_CONFIGURATION,
    CMD_SAM_CONFIGURATION,
    NACK_FRAME,
    PN532_TO_HOST,
    RF_ITEM_MAX_RETRIES,
    WAKE_UP,
    Ack,
    BadFrame,
    DataFrame,
    ErrorFrame,
    Item,
    Nack,
    encode_command,
    parse_frame,
    passive_target_uid,
)
from drivers.reader.uid import uid_to_text

log = logging.getLogger(__name__)

try:
    from termios import error as _TermiosError
except ImportError:  # not a POSIX system: pyserial raises only OSError subclasses there
    _TermiosError = OSError  # type: ignore[misc,assignment]

PORT_ERRORS: tuple[type[BaseException], ...] = (OSError, _TermiosError)

READ_SLICE_S = 0.01  # serial read timeout; the link loops on its own deadline
MAX_RESENDS = 2  # NACKs sent for one answer, and commands sent again after the chip's NACK


class PN532ProtocolError(Exception):
    """The chip did not follow the protocol this time (timeout, checksum, error frame)."""


class SerialPort(Protocol):
    """The part of pyserial's Serial the link uses."""

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes, /) -> int | None: ...

    def reset_input_buffer(self) -> None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class PN532Options:
    """PN532 settings.

    port: serial device or pyserial URL (default /dev/serial0; on a Pi 5 the
        header UART is /dev/ttyAMA0, see hardware/README.md).
    baudrate: HSU speed (the PN532 starts at 115200).
    ack_timeout_s: how long to wait for the ACK of a command.
    response_timeout_s: how long to wait for the answer after the ACK.
    passive_retries: MxRtyPassiveActivation, extra activation attempts per poll (0-254).
    max_failures: protocol failures in a row before the reader counts as lost.
    """

    port: str = "/dev/serial0"
    baudrate: int = 115200
    ack_timeout_s: float = 0.1
    response_timeout_s: float = 0.5
    passive_retries: int = 1
    max_failures: int = 3

    def __post_init__(self) -> None:
        require(bool(self.port), "port must name a serial device such as /dev/serial0")
        require(
            self.baudrate in (9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600),
            f"baudrate {self.baudrate} is not one the PN532 HSU supports (115200 is its default)",
        )
        require(0 < self.ack_timeout_s <= 5, f"ack_timeout_s must be in (0, 5], got {self.ack_timeout_s}")
        require(
            0 < self.response_timeout_s <= 10,
            f"response_timeout_s must be in (0, 10], got {self.response_timeout_s}",
        )
        require(
            0 <= self.passive_retries <= 0xFE,
            f"passive_retries must be 0-254 (255 would make the chip wait forever), got {self.passive_retries}",
        )
        require(1 <= self.max_failures <= 100, f"max_failures must be 1-100, got {self.max_failures}")


class PN532Link:
    """Command/answer exchange with a PN532 over a serial port."""

    def __init__(
        self,
        port: SerialPort,
        *,
        ack_timeout_s: float,
        response_timeout_s: float,
        clock: Clock = monotonic,
    ) -> None:
        self._port = port
        self._ack_timeout = ack_timeout_s
        self._response_timeout = response_timeout_s
        self._clock = clock
        self._buffer = bytearray()

    def wake(self) -> None:
        """Send the HSU wake-up preamble (the chip sleeps after power-up)."""
        self._port.write(WAKE_UP)

    def call(self, command: int, params: bytes = b"") -> bytes:
        """Send one command; return the answer's data after its code (command + 1)."""
        self._port.reset_input_buffer()
        self._buffer.clear()
        frame = encode_command(command, params)
        for _attempt in range(MAX_RESENDS + 1):
            self._port.write(frame)
            if self._wait_ack(command):
                return self._wait_answer(command)
            log.debug("PN532: command %#04x NACKed by the chip; sending it again", command)
        raise PN532ProtocolError(f"command {command:#04x} NACKed by the chip {MAX_RESENDS + 1} times")

    def _wait_ack(self, command: int) -> bool:
        """True on the chip's ACK, False on its NACK (it wants the command again)."""
        deadline = self._clock() + self._ack_timeout
        while True:
            item = self._next_item(deadline)
            if item is None:
                raise PN532ProtocolError(f"no ACK for command {command:#04x} within {self._ack_timeout:g} s")
            if isinstance(item, Ack):
                return True
            if isinstance(item, Nack):
                return False
            if isinstance(item, ErrorFrame):
                raise PN532ProtocolError(f"command {command:#04x} rejected with an error frame")
            log.debug("PN532: skipped %r while waiting for ACK", item)

    def _wait_answer(self, command: int) -> bytes:
        deadline = self._clock() + self._response_timeout
        resends = 0
        while True:
            item = self._next_item(deadline)
            if item is None:
                self._port.write(ACK_FRAME)  # an ACK from the host aborts the running command
                raise PN532ProtocolError(
                    f"no answer to command {command:#04x} within {self._response_timeout:g} s"
                )
            if isinstance(item, DataFrame):
                if item.tfi == PN532_TO_HOST and item.data[:1] == bytes((command + 1,)):
                    return item.data[1:]
                log.debug("PN532: skipped unrelated frame %r", item)
            elif isinstance(item, BadFrame):
                if resends >= MAX_RESENDS:
                    raise PN532ProtocolError(f"answer to command {command:#04x} garbled: {item.reason}")
                resends += 1
                self._port.write(NACK_FRAME)  # the chip sends its last answer again
            elif isinstance(item, ErrorFrame):
                raise PN532ProtocolError(f"command {command:#04x} answered with an error frame")

    def _next_item(self, deadline: float) -> Item | None:
        while True:
            item, used = parse_frame(bytes(self._buffer))
            del self._buffer[:used]
            if item is not None:
                return item
            if self._clock() >= deadline:
                return None
            chunk = self._port.read(max(1, self._port.in_waiting))
            if chunk:
                self._buffer += chunk


def _port_hint(exc: BaseException) -> str:
    """A next step for the two port errors a builder can fix."""
    code = getattr(exc, "errno", None)
    if code == errno.ENOENT:
        return " (enable the UART: sudo raspi-config nonint do_serial_hw 0, or set the reader's port)"
    if code == errno.EACCES:
        return " (add the user to the 'dialout' group)"
    return ""


def open_serial(options: PN532Options) -> SerialPort:
    """The serial port `options` name, as the backend opens it (a test's fake chip opens its line the same way)."""
    import serial  # type: ignore[import-untyped,unused-ignore]  # pyserial, imported when a PN532 opens

    port: SerialPort = serial.serial_for_url(
        options.port, baudrate=options.baudrate, timeout=READ_SLICE_S, write_timeout=1.0
    )
    return port


class PN532Backend(ReaderBackend):
    """Polls a PN532 for the UID of one type A card; reconnects when the port comes back."""

    kind = "pn532"

    def __init__(
        self,
        options: PN532Options | None = None,
        *,
        open_port: Callable[[], SerialPort] | None = None,
        clock: Clock = monotonic,
    ) -> None:
        self._options = options or PN532Options()
        self._open_port = open_port or (lambda: open_serial(self._options))
        self._clock = clock
        self._port: SerialPort | None = None
        self._link: PN532Link | None = None
        self._configured = False
        self._failures = 0
        self.firmware: str | None = None

    @property
    def options(self) -> PN532Options:
        return self._options

    def describe(self) -> str:
        chip = f" ({self.firmware})" if self.firmware else ""
        return f"PN532 on {self._options.port}{chip}"

    def poll(self) -> str | None:
        try:
            link = self._connect()
            if not self._configured:
                self._configure(link)
            uid = self._read_card(link)
        except PORT_ERRORS as exc:
            self._disconnect()
            raise ReaderError(f"PN532 serial port {self._options.port}: {exc}{_port_hint(exc)}") from exc
        except PN532ProtocolError as exc:
            self._configured = False  # wake and configure again before the next command
            self._failures += 1
            if self._failures >= self._options.max_failures:
                self._disconnect()
                raise ReaderError(
                    f"PN532 on {self._options.port} is not answering ({exc}); check the wiring "
                    "(TXD to RXD crossed), the HSU mode switches and the power"
                ) from exc
            raise InconclusivePoll(
                f"PN532 protocol hiccup {self._failures}/{self._options.max_failures}: {exc}"
            ) from exc
        self._failures = 0
        return uid

    def _connect(self) -> PN532Link:
        if self._link is None:
            self._port = self._open_port()
            self._link = PN532Link(
                self._port,
                ack_timeout_s=self._options.ack_timeout_s,
                response_timeout_s=self._options.response_timeout_s,
                clock=self._clock,
            )
            self._configured = False
        return self._link

    def _configure(self, link: PN532Link) -> None:
        link.wake()
        link.call(CMD_SAM_CONFIGURATION, bytes((0x01, 0x14, 0x01)))  # normal mode, 1 s, use IRQ
        version = link.call(CMD_GET_FIRMWARE_VERSION)
        if len(version) >= 3:
            self.firmware = f"IC {version[0]:#04x} firmware {version[1]}.{version[2]}"
        retries = bytes((RF_ITEM_MAX_RETRIES, 0xFF, 0x01, self._options.passive_retries))
        link.call(CMD_RF_CONFIGURATION, retries)
        self._configured = True

    def _read_card(self, link: PN532Link) -> str | None:
        answer = link.call(CMD_IN_LIST_PASSIVE_TARGET, bytes((0x01, BAUD_106_TYPE_A)))
        try:
            uid = passive_target_uid(answer)
        except ValueError as exc:
            raise PN532ProtocolError(str(exc)) from exc
        if uid is None:
            return None
        try:
            link.call(CMD_IN_RELEASE, b"\x00")
        except PN532ProtocolError as exc:
            log.debug("PN532: InRelease failed (the UID was read anyway): %s", exc)
        return uid_to_text(uid)

    def _disconnect(self) -> None:
        port, self._port, self._link = self._port, None, None
        self._configured = False
        if port is None:
            return
        try:
            port.close()
        except PORT_ERRORS as exc:
            log.debug("closing %s failed: %s", self._options.port, exc)

    def close(self) -> None:
        self._disconnect()
