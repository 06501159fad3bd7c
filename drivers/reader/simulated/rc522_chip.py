"""A fake MFRC522 chip with fake cards in its field, for tests and demos.

It answers `request`/`transceive`/`crc` the way the real chip and real
ISO 14443-A cards do: cards keep the IDLE/READY/ACTIVE/HALT state machine
(a halted card answers WUPA but not REQA; an unexpected frame sends a card
back), each cascade level answers its 4-byte chunk plus BCC, SELECT answers
SAK + CRC_A with the "UID not complete" bit until the last level.

Faults it can play: a card with a wrong BCC, SAK answers with a bad CRC, two
cards in the field (colliding anticollision answers), a card that leaves the
field after a number of exchanges (mid-read), SPI bus errors, and an SPI
device that is missing when opened.

`air(frame, tx_last_bits)` is the radio side alone: what the chip's receiver
hears after sending a frame (silence, an answer, or colliding answers).  The
register-level fake (`drivers.reader.simulated.mfrc522.FakeMFRC522`) puts a chip's
registers in front of it, so the real-chip adapter can be tested off-Pi.
"""

from __future__ import annotations

import errno
import threading
from dataclasses import dataclass, field
from enum import Enum

from drivers.reader.iso14443 import (
    HLTA,
    NVB_ANTICOLLISION,
    NVB_SELECT,
    REQA,
    SAK_UID_NOT_COMPLETE,
    SEL_CASCADE_LEVELS,
    WUPA,
    bcc,
    crc_a,
    uid_chunks,
)


@dataclass(frozen=True)
class AirAnswer:
    """What the reader's receiver hears after a frame.

    data: the bytes received (on a collision, the answers OR-ed together, as garbled as on air).
    collision: two or more cards answered with different bits.
    """

    data: bytes
    collision: bool = False


def _merge(answers: set[bytes]) -> AirAnswer | None:
    """Answers of every card in the field as the receiver hears them."""
    if not answers:
        return None
    if len(answers) == 1:
        return AirAnswer(next(iter(answers)))
    merged = bytearray(max(len(a) for a in answers))
    for answer in answers:
        for i, byte in enumerate(answer):
            merged[i] |= byte
    return AirAnswer(bytes(merged), collision=True)


class TagState(Enum):
    IDLE = "idle"
    READY = "ready"
    ACTIVE = "active"
    HALT = "halt"


@dataclass(eq=False)
class FakeTag:
    """One card in the fake field.

    sak: the final SAK (0x00 for NTAG21x, 0x08 for MIFARE Classic 1K).
    bad_bcc: answer anticollision with a wrong BCC (a garbled answer).
    """

    uid: bytes
    sak: int = 0x00
    bad_bcc: bool = False
    state: TagState = TagState.IDLE
    level: int = 0
    woken_from_halt: bool = False
    chunks: list[bytes] = field(init=False)

    def __post_init__(self) -> None:
        self.chunks = uid_chunks(self.uid)

    @property
    def atqa(self) -> bytes:
        return {4: b"\x04\x00", 7: b"\x44\x00", 10: b"\x84\x00"}[len(self.uid)]

    def anticollision_answer(self, level: int) -> bytes:
        chunk = self.chunks[level]
        check = bcc(chunk) ^ (0xFF if self.bad_bcc else 0)
        return chunk + bytes((check,))

    def drop_back(self) -> None:
        """ISO 14443-3: an unexpected frame sends READY/ACTIVE back to IDLE (or HALT)."""
        self.state = TagState.HALT if self.woken_from_halt else TagState.IDLE
        self.level = 0


class FakeRC522Chip:
    """Implements the `RC522Chip` interface (plus `close`) over fake cards."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._field: list[FakeTag] = []
        self._departures: dict[int, int] = {}
        self._spi_failures: int | None = 0
        self._sak_crc_errors = 0
        self.unplugged = False
        self.opens = 0
        self.closes = 0
        self.requests: list[int] = []
        self.frames: list[bytes] = []

    # --- the world around the chip -------------------------------------------------

    def place(self, uid: bytes | str, *, sak: int = 0x00, bad_bcc: bool = False) -> FakeTag:
        """Put a card in the field (a fresh card starts IDLE)."""
        raw = bytes.fromhex(uid) if isinstance(uid, str) else bytes(uid)
        tag = FakeTag(raw, sak=sak, bad_bcc=bad_bcc)
        with self._lock:
            self._field.append(tag)
        return tag

    def remove(self, tag: FakeTag | None = None) -> None:
        """Take one card (or every card) out of the field."""
        with self._lock:
            if tag is None:
                self._field.clear()
                self._departures.clear()
            elif tag in self._field:
                self._field.remove(tag)
                self._departures.pop(id(tag), None)

    @property
    def tags(self) -> list[FakeTag]:
        with self._lock:
            return list(self._field)

    def leave_after(self, tag: FakeTag, exchanges: int) -> None:
        """The card leaves the field after `exchanges` more transceive calls (mid-read)."""
        with self._lock:
            self._departures[id(tag)] = exchanges

    def fail_spi(self, times: int | None = None) -> None:
        """Make the next `times` bus calls raise OSError (every call until `repair` if None)."""
        with self._lock:
            self._spi_failures = times

    def repair(self) -> None:
        with self._lock:
            self._spi_failures = 0
            self.unplugged = False

    def corrupt_sak_crc(self, times: int = 1) -> None:
        """Give the next `times` SAK answers a wrong CRC_A."""
        with self._lock:
            self._sak_crc_errors = times

    def open(self) -> FakeRC522Chip:
        """Stand-in for opening the SPI device; resetting the chip power-cycles the cards."""
        with self._lock:
            if self.unplugged:
                raise FileNotFoundError(errno.ENOENT, "No such file or directory", "/dev/spidev0.0")
            self.opens += 1
            for tag in self._field:
                tag.state, tag.level, tag.woken_from_halt = TagState.IDLE, 0, False
            return self

    def close(self) -> None:
        with self._lock:
            self.closes += 1

    # --- the chip interface -----------------------------------------------------------

    def spi_transfer(self) -> None:
        """One SPI bus transfer: raises OSError while `fail_spi` says so."""
        with self._lock:
            self._bus()

    def _bus(self) -> None:
        if self._spi_failures is None:
            raise OSError(errno.EIO, "SPI transfer failed (fake)")
        if self._spi_failures > 0:
            self._spi_failures -= 1
            raise OSError(errno.EIO, "SPI transfer failed (fake)")

    def crc(self, data: bytes) -> bytes:
        with self._lock:
            self._bus()
            return crc_a(data)

    def request(self, mode: int) -> bool:
        if mode not in (REQA, WUPA):
            raise ValueError(f"request mode must be REQA (0x26) or WUPA (0x52), got {mode:#04x}")
        with self._lock:
            self._bus()
            answer = self.air(bytes((mode,)), tx_last_bits=7)
            return answer is not None and not answer.collision and len(answer.data) == 2

    def transceive(self, data: bytes) -> bytes | None:
        with self._lock:
            self._bus()
            answer = self.air(data)
            return None if answer is None or answer.collision else answer.data

    # --- the radio side -------------------------------------------------------------------

    def air(self, frame: bytes, tx_last_bits: int = 0) -> AirAnswer | None:
        """Send `frame` to the cards in the field; what comes back (None: silence).

        tx_last_bits: bits sent of the last byte (0: all 8).  A 7-bit one-byte frame
        is a short frame (REQA/WUPA); cards ignore any other partial frame.
        """
        with self._lock:
            if tx_last_bits:
                if tx_last_bits == 7 and len(frame) == 1 and frame[0] in (REQA, WUPA):
                    return self._request(frame[0])
                return None
            return self._frame(bytes(frame))

    # --- card behaviour ---------------------------------------------------------------------

    def _request(self, mode: int) -> AirAnswer | None:
        self.requests.append(mode)
        answering: list[FakeTag] = []
        for tag in self._field:
            if tag.state in (TagState.READY, TagState.ACTIVE):
                tag.drop_back()
            elif tag.state is TagState.IDLE or (tag.state is TagState.HALT and mode == WUPA):
                tag.woken_from_halt = tag.state is TagState.HALT
                tag.state, tag.level = TagState.READY, 0
                answering.append(tag)
        return _merge({tag.atqa for tag in answering})

    def _frame(self, data: bytes) -> AirAnswer | None:
        self.frames.append(data)
        self._run_departures()
        if len(data) >= 2 and data[0] in SEL_CASCADE_LEVELS:
            level = SEL_CASCADE_LEVELS.index(data[0])
            if data[1] == NVB_ANTICOLLISION and len(data) == 2:
                return self._anticollision(level)
            if data[1] == NVB_SELECT and len(data) == 9:
                return self._select(level, data)
        if len(data) == 4 and tuple(data[:2]) == HLTA and crc_a(data[:2]) == data[2:]:
            for tag in self._field:
                if tag.state is TagState.ACTIVE:
                    tag.state, tag.level = TagState.HALT, 0
                elif tag.state is TagState.READY:
                    tag.drop_back()  # HLTA is not a READY command: back to IDLE (or HALT)
            return None
        for tag in self._field:
            if tag.state in (TagState.READY, TagState.ACTIVE):
                tag.drop_back()
        return None

    def _run_departures(self) -> None:
        for tag in list(self._field):
            left = self._departures.get(id(tag))
            if left is None:
                continue
            if left <= 0:
                self.remove(tag)
            else:
                self._departures[id(tag)] = left - 1

    def _ready_at(self, level: int) -> list[FakeTag]:
        return [t for t in self._field if t.state is TagState.READY and t.level == level and level < len(t.chunks)]

    def _anticollision(self, level: int) -> AirAnswer | None:
        return _merge({tag.anticollision_answer(level) for tag in self._ready_at(level)})

    def _select(self, level: int, frame: bytes) -> AirAnswer | None:
        if crc_a(frame[:7]) != frame[7:]:
            return None  # a card ignores a frame with a bad CRC
        selected: list[FakeTag] = []
        for tag in self._ready_at(level):
            chunk = tag.chunks[level]
            if frame[2:6] == chunk and frame[6] == bcc(chunk):
                selected.append(tag)
            else:
                tag.drop_back()
        if not selected:
            return None
        answers = set()
        for tag in selected:
            if level + 1 < len(tag.chunks):
                tag.level = level + 1
                sak = SAK_UID_NOT_COMPLETE
            else:
                tag.state = TagState.ACTIVE
                sak = tag.sak
            answers.add(bytes((sak,)) + crc_a(bytes((sak,))))
        if len(answers) == 1 and self._sak_crc_errors > 0:
            self._sak_crc_errors -= 1
            answer = answers.pop()
            answers.add(answer[:1] + bytes((answer[1] ^ 0x01, answer[2])))
        return _merge(answers)
