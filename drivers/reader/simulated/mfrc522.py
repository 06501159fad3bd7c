"""A register-level fake MFRC522: the `mfrc522.MFRC522` object's register access, off-Pi.

`FakeMFRC522` answers `Read_MFRC522(addr)` / `Write_MFRC522(addr, value)`
(and `spi.xfer2`, the raw SPI form) the way the chip does for the registers
our transceive uses, with the cards of a `FakeRC522Chip` in its field:

- CommandReg: Idle, Transceive, CalcCRC and SoftReset.
- BitFramingReg StartSend under Transceive sends the FIFO (TxLastBits bits of
  the last byte) to the field.  The answer lands in the FIFO after its air
  time, with ComIrqReg RxIRq, ErrorReg (CollErr when cards collide) and
  ControlReg RxLastBits set; silence sets TimerIRq once the chip's timer,
  as programmed in TModeReg / TPrescalerReg / TReloadReg, runs out (only
  when TAuto is set: otherwise nothing ever happens, as on the chip).
- ComIrqReg / DivIrqReg writes follow the Set1/Set2 rule, FIFOLevelReg bit 7
  flushes, FIFODataReg pushes and pops, VersionReg reads 0x92.

Like the library, constructing it adds a `logging.StreamHandler` to the
`mfrc522Logger` logger and sets that logger's level (`debugLevel`, default
WARNING), every time: code that reopens the chip must cope with that.

Time is a `FakeClock` shared with the code under test: every register access
costs `spi_time_s`, and the code's sleeps advance it, so the timer fires after
a realistic number of reads.  Counters (`reads`, `writes`, `sent`) let tests
assert how much bus traffic a poll costs.

Faults: SPI errors and a missing device come from the field
(`FakeRC522Chip.fail_spi`, `.unplugged`); here: answers with error bits or a
partial last byte (`garble_next_answers`), a chip that stops raising
interrupts (`stall`), and a power glitch that resets every register
(`power_glitch`).  Starts as `mfrc522.MFRC522()` leaves the chip after its
init: timer ~15 ms with TAuto, 100% ASK, CRC preset 6363, antenna on.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from dataclasses import dataclass
from typing import Any

from drivers.clock import FakeClock
from drivers.reader import mfrc522_registers as r
from drivers.reader.iso14443 import crc_a
from drivers.reader.simulated.rc522_chip import AirAnswer, FakeRC522Chip

BIT_TIME_S = 128 / r.CHIP_CLOCK_HZ  # one bit at 106 kbit/s, about 9.44 us
FRAME_DELAY_S = 1172 / r.CHIP_CLOCK_HZ  # ISO 14443-3 frame delay time after a short frame, about 86 us
VENDOR_LOGGER = "mfrc522Logger"  # the logger mfrc522.MFRC522 configures in its __init__

_POWER_ON = {
    r.COMMAND_REG: 0x20,
    r.COM_IEN_REG: 0x80,
    r.COM_IRQ_REG: 0x14,
    r.CONTROL_REG: 0x10,
    r.COLL_REG: 0xA0,
    r.MODE_REG: 0x3F,
    r.TX_CONTROL_REG: 0x80,  # antenna drivers off
}
# what mfrc522.MFRC522's init writes after its soft reset
_LIBRARY_INIT = {
    r.T_MODE_REG: 0x8D,
    r.T_PRESCALER_REG: 0x3E,
    r.T_RELOAD_REG_H: 0,
    r.T_RELOAD_REG_L: 30,
    r.TX_ASK_REG: 0x40,
    r.MODE_REG: 0x3D,
    r.TX_CONTROL_REG: 0x83,
}


@dataclass
class _Garble:
    errors: int
    last_bits: int
    times: int


class _FakeSpiDev:
    """The `spi` attribute (a spidev.SpiDev): close(), and xfer2 for raw register access."""

    def __init__(self, chip: FakeMFRC522) -> None:
        self._chip = chip
        self.closed = False
        self.max_speed_hz = 1_000_000

    def xfer2(self, data: list[int]) -> list[int]:
        """SPI framing of the data sheet (8.1.2): address byte (bit 7 = read), then data."""
        if not data:
            return []
        if data[0] & 0x80:  # read: each byte clocked out names the next register read
            return [0] + [self._chip.Read_MFRC522((b >> 1) & 0x3F) for b in data[:-1]]
        addr = (data[0] >> 1) & 0x3F
        for value in data[1:]:
            self._chip.Write_MFRC522(addr, value)
        return [0] * len(data)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._chip.field.close()


class FakeMFRC522:
    """Stands in for `mfrc522.MFRC522(...)` over the cards of `field`.

    Constructing it opens the field (raises FileNotFoundError while the field
    is `unplugged`); `spi.close()` closes it.  Extra keyword arguments (bus,
    device, spd, pin_mode, pin_rst, debugLevel) are kept in `kwargs`, as the
    library takes them.
    """

    def __init__(
        self,
        field: FakeRC522Chip | None = None,
        *,
        clock: FakeClock | None = None,
        version: int = 0x92,
        spi_time_s: float = 40e-6,
        **kwargs: Any,
    ) -> None:
        self.field = field if field is not None else FakeRC522Chip()
        self.clock = clock if clock is not None else FakeClock()
        self.kwargs = kwargs
        self.version = version
        self.spi_time_s = spi_time_s
        self.spi = _FakeSpiDev(self)
        self.reads: Counter[int] = Counter()
        self.writes: list[tuple[int, int]] = []
        self.sent: list[tuple[bytes, int]] = []
        self.stalled = False
        self._lock = threading.RLock()
        self._regs = [0] * 64
        self._fifo = bytearray()
        self._pending: tuple[float, AirAnswer | None] | None = None
        self._garbles: list[_Garble] = []
        self.field.open()
        self.logger = logging.getLogger(VENDOR_LOGGER)  # after opening SPI, as the library does
        self.logger.addHandler(logging.StreamHandler())
        self.logger.setLevel(logging.getLevelName(kwargs.get("debugLevel", "WARNING")))
        self._power_on()
        for addr, value in _LIBRARY_INIT.items():
            self._regs[addr] = value

    # --- faults ---------------------------------------------------------------------------------

    def garble_next_answers(self, *, errors: int = 0, last_bits: int = 0, times: int = 1) -> None:
        """The next `times` answers arrive with these ErrorReg bits and RxLastBits."""
        with self._lock:
            self._garbles.append(_Garble(errors, last_bits, times))

    def stall(self, stalled: bool = True) -> None:
        """The chip stops raising interrupts (ComIrqReg reads 0) while its registers stay intact."""
        with self._lock:
            self.stalled = stalled

    def power_glitch(self) -> None:
        """A brown-out reset: every register back to its power-on value (timer off, antenna off)."""
        with self._lock:
            self._power_on()

    # --- counters ------------------------------------------------------------------------------------

    @property
    def read_count(self) -> int:
        return sum(self.reads.values())

    @property
    def transfer_count(self) -> int:
        return self.read_count + len(self.writes)

    def register(self, addr: int) -> int:
        """A register's stored value, without a bus access (for assertions)."""
        with self._lock:
            return self._regs[addr]

    @property
    def timer_period_s(self) -> float:
        prescaler = ((self._regs[r.T_MODE_REG] & 0x0F) << 8) | self._regs[r.T_PRESCALER_REG]
        reload = (self._regs[r.T_RELOAD_REG_H] << 8) | self._regs[r.T_RELOAD_REG_L]
        return r.timer_period_s(prescaler, reload)

    # --- the library's register primitives ---------------------------------------------------------

    def Read_MFRC522(self, addr: int) -> int:  # noqa: N802 - the library's name
        with self._lock:
            self._access()
            self.reads[addr] += 1
            if addr == r.COM_IRQ_REG:
                return 0 if self.stalled else self._regs[addr]
            if addr == r.FIFO_LEVEL_REG:
                return len(self._fifo)
            if addr == r.FIFO_DATA_REG:
                return self._fifo.pop(0) if self._fifo else 0
            if addr == r.VERSION_REG:
                return self.version
            return self._regs[addr]

    def Write_MFRC522(self, addr: int, value: int) -> None:  # noqa: N802 - the library's name
        if not 0 <= value <= 0xFF:
            raise ValueError(f"register values are bytes, got {value!r}")
        with self._lock:
            self._access()
            self.writes.append((addr, value))
            if addr in (r.COM_IRQ_REG, r.DIV_IRQ_REG):
                mask = value & 0x7F
                self._regs[addr] = self._regs[addr] | mask if value & 0x80 else self._regs[addr] & ~mask
            elif addr == r.FIFO_LEVEL_REG:
                if value & r.FIFO_FLUSH:
                    self._fifo.clear()
                    self._regs[r.ERROR_REG] &= ~r.ERR_BUFFER_OVFL
            elif addr == r.FIFO_DATA_REG:
                self._push(bytes((value,)))
            elif addr == r.COMMAND_REG:
                self._command(value)
            elif addr == r.BIT_FRAMING_REG:
                self._regs[addr] = value
                if value & r.START_SEND and self._regs[r.COMMAND_REG] & r.COMMAND_MASK == r.CMD_TRANSCEIVE:
                    self._transmit(value & r.TX_LAST_BITS_MASK)
            elif addr not in (r.ERROR_REG, r.STATUS1_REG, r.STATUS2_REG, r.VERSION_REG):
                self._regs[addr] = value

    # --- the chip ------------------------------------------------------------------------------------

    def _power_on(self) -> None:
        self._regs = [0] * 64
        for addr, value in _POWER_ON.items():
            self._regs[addr] = value
        self._fifo.clear()
        self._pending = None

    def _access(self) -> None:
        self.field.spi_transfer()  # raises OSError while the field's bus is failing
        self.clock.advance(self.spi_time_s)
        self._settle()

    def _push(self, data: bytes) -> None:
        room = r.FIFO_SIZE - len(self._fifo)
        if len(data) > room:
            self._regs[r.ERROR_REG] |= r.ERR_BUFFER_OVFL
            self._regs[r.COM_IRQ_REG] |= r.IRQ_ERR
        self._fifo += data[:room]

    def _command(self, value: int) -> None:
        command = value & r.COMMAND_MASK
        self._regs[r.COMMAND_REG] = value & 0x3F
        if command == r.CMD_SOFT_RESET:
            self._power_on()
        elif command == r.CMD_IDLE:
            self._pending = None  # the receiver stops listening
        elif command == r.CMD_CALC_CRC:
            crc = crc_a(bytes(self._fifo))  # ModeReg CRCPreset 01 (6363), what the library sets
            self._fifo.clear()
            self._regs[r.CRC_RESULT_REG_L], self._regs[r.CRC_RESULT_REG_H] = crc[0], crc[1]
            self._regs[r.DIV_IRQ_REG] |= 0x04  # CRCIRq
            self._regs[r.COMMAND_REG] = value & 0x30  # back to Idle; no IdleIRq

    def _transmit(self, tx_last_bits: int) -> None:
        frame = bytes(self._fifo)
        self._fifo.clear()
        self.sent.append((frame, tx_last_bits))
        self._regs[r.ERROR_REG] &= ~(r.ERR_FRAME_MASK | r.ERR_CRC)  # cleared at receiver start-up
        now = self.clock()
        bits = len(frame) * 9 - (9 - tx_last_bits if tx_last_bits else 0)
        tx_end = now + (bits + 2) * BIT_TIME_S
        antenna_on = self._regs[r.TX_CONTROL_REG] & 0x03
        answer = self.field.air(frame, tx_last_bits) if antenna_on and frame else None
        if answer is not None:
            self._pending = (tx_end + FRAME_DELAY_S + (len(answer.data) * 9 + 2) * BIT_TIME_S, answer)
        elif self._regs[r.T_MODE_REG] & r.T_AUTO:
            self._pending = (tx_end + self.timer_period_s, None)
        else:
            self._pending = None  # no timer: the chip waits forever, as the real one does

    def _settle(self) -> None:
        """Let the answer (or the timer) that is due by now arrive."""
        if self._pending is None or self.clock() < self._pending[0]:
            return
        _due, answer = self._pending
        self._pending = None
        if answer is None:
            self._regs[r.COM_IRQ_REG] |= r.IRQ_TIMER
            return
        errors, last_bits = r.ERR_COLL if answer.collision else 0, 0
        if self._garbles:
            garble = self._garbles[0]
            errors |= garble.errors
            last_bits = garble.last_bits
            garble.times -= 1
            if garble.times <= 0:
                self._garbles.pop(0)
        self._push(answer.data)
        self._regs[r.ERROR_REG] |= errors
        self._regs[r.CONTROL_REG] = (self._regs[r.CONTROL_REG] & ~r.RX_LAST_BITS_MASK) | last_bits
        self._regs[r.COM_IRQ_REG] |= r.IRQ_RX | (r.IRQ_ERR if self._regs[r.ERROR_REG] else 0)
