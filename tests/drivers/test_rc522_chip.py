"""The real-chip RC522 adapter (MFRC522Chip) at register level, against FakeMFRC522.

Our transceive replaces the library's MFRC522_ToCard, whose wait loop never
notices the chip's timer and spins through ~2000 SPI reads per unanswered
frame.  These tests pin down what one poll costs on the bus, that UIDs come
through the whole stack, and how chip errors map to results.
"""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import pytest

from drivers.clock import FakeClock
from drivers.errors import ReaderError
from drivers.events import CardPlaced, CardRemoved, ReaderBack, ReaderLost
from drivers.reader import Reader
from drivers.reader import mfrc522_registers as reg
from drivers.reader.iso14443 import REQA, WUPA, crc_a
from drivers.reader.rc522 import (
    MAX_IRQ_READS,
    TIMER_PERIOD_S,
    WAIT_LIMIT_S,
    MFRC522Chip,
    RC522Backend,
    RC522Options,
    _open_mfrc522,
)
from drivers.reader.rc522_protocol import read_uid
from drivers.reader.simulated.mfrc522 import FakeMFRC522
from drivers.reader.simulated.rc522_chip import FakeRC522Chip

UID4 = bytes.fromhex("DEADBEEF")
UID7 = bytes.fromhex("04A1B2C3D4E5F6")
UID10 = bytes.fromhex("04112233445566778899")


class Bench:
    """A FakeMFRC522 over a fake field, opened through `_open_mfrc522` as on the Pi."""

    def __init__(self, clock: FakeClock, *, version: int = 0x92) -> None:
        self.clock = clock
        self.field = FakeRC522Chip()
        self.made: list[FakeMFRC522] = []
        self.version = version
        self.gpio = SimpleNamespace(BCM=11, BOARD=10, getmode=lambda: None, cleaned=[])
        self.gpio.cleanup = self.gpio.cleaned.append
        self.vendor = SimpleNamespace(MFRC522=self._construct)

    def _construct(self, **kwargs: Any) -> FakeMFRC522:
        fake = FakeMFRC522(self.field, clock=self.clock, version=self.version, **kwargs)
        self.made.append(fake)
        return fake

    def open(self) -> MFRC522Chip:
        return _open_mfrc522(RC522Options(), self.vendor, self.gpio, clock=self.clock, sleep=self.clock.advance)

    @property
    def fake(self) -> FakeMFRC522:
        return self.made[-1]

    def backend(self) -> RC522Backend:
        return RC522Backend(self.open, description="RC522 on the bench")


@pytest.fixture
def bench(clock: FakeClock) -> Bench:
    return Bench(clock)


def reads_again(chip: MFRC522Chip, uid: bytes) -> bool:
    """After a failed exchange the card dropped back (ISO 14443-3): the poll after next reads it."""
    return [read_uid(chip) for _ in range(2)][-1] == uid


def traffic(fake: FakeMFRC522) -> tuple[int, int]:
    return fake.read_count, len(fake.writes)


# --- set-up ------------------------------------------------------------------------------------


def test_open_checks_the_chip_and_programs_a_25_ms_timer(bench: Bench) -> None:
    bench.open()
    fake = bench.fake
    assert fake.reads[reg.VERSION_REG] == 1
    assert fake.register(reg.T_MODE_REG) & reg.T_AUTO  # started by the end of each frame
    assert fake.timer_period_s == pytest.approx(TIMER_PERIOD_S) == pytest.approx(0.025, abs=0.001)
    assert fake.register(reg.TX_CONTROL_REG) & 0x03 == 0x03  # antenna on


@pytest.mark.parametrize("version", [0x00, 0xFF])
def test_open_refuses_a_chip_that_does_not_answer(clock: FakeClock, version: int) -> None:
    bench = Bench(clock, version=version)
    with pytest.raises(ReaderError, match=r"/dev/spidev0\.0: no RC522 answers on the SPI bus"):
        bench.open()
    assert bench.fake.spi.closed and bench.gpio.cleaned == [25]


# --- what a poll costs --------------------------------------------------------------------------


def test_an_empty_poll_is_a_handful_of_register_accesses(bench: Bench) -> None:
    chip = bench.open()
    fake = bench.fake
    for _ in range(3):
        reads, writes = traffic(fake)
        started = bench.clock()
        assert read_uid(chip) is None
        reads, writes = fake.read_count - reads, len(fake.writes) - writes
        assert reads <= 6, reads  # the library's MFRC522_ToCard: 2004 reads
        assert writes <= 8, writes
        # the wait ends on the chip's timer, not on a read budget
        assert TIMER_PERIOD_S < bench.clock() - started < TIMER_PERIOD_S + 0.005
    assert fake.sent == [(bytes((WUPA,)), 7)] * 3  # WUPA as a 7-bit short frame


def test_an_empty_poll_through_the_backend_stays_cheap(bench: Bench) -> None:
    backend = bench.backend()
    assert backend.poll() is None  # opens the chip
    fake = bench.fake
    reads, writes = traffic(fake)
    for _ in range(10):
        assert backend.poll() is None
    assert fake.read_count - reads < 10 * 10
    assert len(fake.writes) - writes <= 10 * 8


def test_halt_waits_for_the_timer_instead_of_spinning(bench: Bench) -> None:
    chip = bench.open()
    bench.field.place(UID7)
    fake = bench.fake
    assert read_uid(chip) == UID7
    frames = [frame for frame, _bits in fake.sent]
    assert frames[-1] == b"\x50\x00" + crc_a(b"\x50\x00")
    assert [bits for _frame, bits in fake.sent] == [7, 0, 0, 0, 0, 0]
    assert fake.reads[reg.COM_IRQ_REG] <= 20  # six frames, HLTA answered by silence
    assert fake.read_count < 60


RESTING_POLL_MAX_TRANSFERS = 40  # REQA (silence), WUPA (ATQA), HLTA (silence); a full 7-byte read is ~109


@pytest.mark.parametrize("uid", [UID4, UID7, UID10], ids=["4-byte", "7-byte", "10-byte"])
def test_a_resting_card_is_confirmed_without_a_full_read(bench: Bench, uid: bytes) -> None:
    backend = bench.backend()
    assert backend.poll() is None  # opens the chip
    bench.field.place(uid)
    fake = bench.fake
    before = fake.transfer_count
    assert backend.poll() == uid.hex().upper()  # the first read runs every cascade level
    first_read = fake.transfer_count - before
    costs = []
    for _ in range(20):
        before = fake.transfer_count
        assert backend.poll() == uid.hex().upper()
        costs.append(fake.transfer_count - before)
    assert max(costs) <= RESTING_POLL_MAX_TRANSFERS, costs
    assert max(costs) < first_read


def test_a_card_swapped_between_two_polls_is_a_new_card(bench: Bench, clock: FakeClock) -> None:
    reader = Reader(bench.backend(), clock=clock)
    first = bench.field.place(UID7)
    events = []
    for _ in range(5):
        events += reader.step()
        clock.advance(0.1)
    bench.field.remove(first)
    bench.field.place(bytes.fromhex("04A1B2000000FF"))  # same batch: the same cascade level 1
    events += reader.step()
    assert [(type(e), getattr(e, "uid", None)) for e in events] == [
        (CardPlaced, "04A1B2C3D4E5F6"),
        (CardRemoved, "04A1B2C3D4E5F6"),
        (CardPlaced, "04A1B2000000FF"),
    ]
    reader.close()


# --- UIDs through the adapter ------------------------------------------------------------------------


@pytest.mark.parametrize("uid", [UID4, UID7, UID10], ids=["4-byte", "7-byte", "10-byte"])
def test_full_uids_come_through_the_adapter(bench: Bench, uid: bytes) -> None:
    chip = bench.open()
    bench.field.place(uid)
    assert [read_uid(chip) for _ in range(3)] == [uid] * 3  # WUPA wakes the halted card each poll


def test_reqa_is_ignored_by_a_halted_card(bench: Bench) -> None:
    chip = bench.open()
    bench.field.place(UID4)
    assert read_uid(chip) == UID4
    assert not chip.request(REQA)
    assert chip.request(WUPA)


def test_the_reader_reports_placement_and_removal(bench: Bench, clock: FakeClock) -> None:
    reader = Reader(bench.backend(), clock=clock)
    bench.field.place(UID7)
    events = []
    for _ in range(10):
        events += reader.step()
        clock.advance(0.1)
    bench.field.remove()
    for _ in range(10):
        events += reader.step()
        clock.advance(0.1)
    assert [type(e) for e in events] == [CardPlaced, CardRemoved]
    assert isinstance(events[0], CardPlaced) and events[0].uid == "04A1B2C3D4E5F6"
    reader.close()


def test_reopening_does_not_pile_up_the_librarys_log_handlers(bench: Bench, clock: FakeClock) -> None:
    """mfrc522.MFRC522() adds a StreamHandler to 'mfrc522Logger' each time: reopens must not multiply log lines."""
    vendor_loggers = [logging.getLogger(name) for name in ("mfrc522Logger", "mfrc522")]
    before = [len(logger.handlers) for logger in vendor_loggers]
    reader = Reader(bench.backend(), clock=clock)
    bench.field.place(UID4)
    reader.step()
    after_first_open = [len(logger.handlers) for logger in vendor_loggers]
    assert all(n <= m + 1 for n, m in zip(after_first_open, before, strict=True))
    for _ in range(5):  # five faults, five reopens
        bench.fake.power_glitch()
        clock.advance(reader.next_delay())
        reader.step()
        clock.advance(reader.next_delay())
        reader.step()
    assert len(bench.made) == 6
    now = [len(logger.handlers) for logger in vendor_loggers]
    assert all(n <= m for n, m in zip(now, after_first_open, strict=True)), (now, after_first_open)
    reader.close()


# --- errors ----------------------------------------------------------------------------------------


def test_colliding_cards_give_none(bench: Bench) -> None:
    chip = bench.open()
    bench.field.place(UID4)
    bench.field.place(bytes.fromhex("CAFEBABE"))
    assert read_uid(chip) is None
    assert [frame for frame, _ in bench.fake.sent] == [b"\x52", b"\x93\x20"]  # stopped at CollErr
    assert bench.fake.register(reg.ERROR_REG) & reg.ERR_COLL


def test_cards_of_different_kinds_collide_on_the_atqa(bench: Bench) -> None:
    chip = bench.open()
    bench.field.place(UID4)
    bench.field.place(UID7)
    assert not chip.request(WUPA)


@pytest.mark.parametrize(
    "error", [reg.ERR_PARITY, reg.ERR_PROTOCOL, reg.ERR_BUFFER_OVFL, reg.ERR_COLL], ids=["parity", "protocol", "overflow", "collision"]
)
def test_answers_with_error_bits_are_no_answer(bench: Bench, error: int) -> None:
    chip = bench.open()
    bench.field.place(UID4)
    bench.fake.garble_next_answers(errors=error)
    assert not chip.request(WUPA)
    assert reads_again(chip, UID4)
    assert chip.request(WUPA)
    bench.fake.garble_next_answers(errors=error)
    assert chip.transceive(b"\x93\x20") is None
    assert reads_again(chip, UID4)


def test_a_partial_last_byte_is_no_answer(bench: Bench) -> None:
    chip = bench.open()
    bench.field.place(UID4)
    assert chip.request(WUPA)
    bench.fake.garble_next_answers(last_bits=4)
    assert chip.transceive(b"\x93\x20") is None
    bench.fake.garble_next_answers(last_bits=4)
    assert not chip.request(WUPA)


def test_a_stalled_chip_is_bounded_in_reads_and_time(bench: Bench) -> None:
    chip = bench.open()
    bench.field.place(UID4)
    fake = bench.fake
    fake.stall()
    reads = fake.read_count
    started = bench.clock()
    assert not chip.request(WUPA)  # settings intact: counted as no answer
    assert fake.read_count - reads <= MAX_IRQ_READS + 1
    assert bench.clock() - started <= WAIT_LIMIT_S + 0.002
    fake.stall(False)
    assert reads_again(chip, UID4)


def test_spi_errors_are_reader_lost_then_the_chip_is_reopened(bench: Bench, clock: FakeClock) -> None:
    reader = Reader(bench.backend(), clock=clock)
    bench.field.place(UID4)
    assert [type(e) for e in reader.step()] == [CardPlaced]
    bench.field.fail_spi()
    events = []
    for _ in range(3):
        clock.advance(reader.next_delay())
        events += reader.step()
    assert len(events) == 1 and isinstance(events[0], ReaderLost) and "SPI error" in events[0].reason
    assert bench.made[0].spi.closed
    bench.field.repair()
    clock.advance(reader.next_delay())
    assert [type(e) for e in reader.step()] == [ReaderBack]
    assert len(bench.made) >= 2 and bench.field.opens == len(bench.made)
    reader.close()


def test_a_chip_reset_by_a_power_glitch_is_reader_lost_and_reinitialised(bench: Bench, clock: FakeClock) -> None:
    reader = Reader(bench.backend(), clock=clock)
    bench.field.place(UID7)
    assert [type(e) for e in reader.step()] == [CardPlaced]
    first = bench.fake
    first.power_glitch()  # timer and antenna off: it would never answer again
    clock.advance(reader.next_delay())
    [lost] = reader.step()
    assert isinstance(lost, ReaderLost) and "power glitch" in lost.reason
    assert first.spi.closed
    clock.advance(reader.next_delay())
    assert [type(e) for e in reader.step()] == [ReaderBack]
    assert bench.fake is not first and bench.fake.timer_period_s == pytest.approx(TIMER_PERIOD_S)
    clock.advance(reader.next_delay())
    assert reader.step() == []  # the card is still there and still read
    assert reader.present == "04A1B2C3D4E5F6"
    reader.close()


# --- the fake's own SPI framing (used to measure the library's loop) ---------------------------------


def test_the_fake_speaks_raw_spi_framing(clock: FakeClock) -> None:
    fake = FakeMFRC522(clock=clock)
    assert fake.spi.xfer2([(reg.VERSION_REG << 1) | 0x80, 0]) == [0, 0x92]
    fake.spi.xfer2([(reg.T_RELOAD_REG_L << 1) & 0x7E, 0x42])
    reads = [(reg.T_RELOAD_REG_L << 1) | 0x80, (reg.VERSION_REG << 1) | 0x80, 0]
    assert fake.spi.xfer2(reads) == [0, 0x42, 0x92]
    assert fake.register(reg.T_RELOAD_REG_L) == 0x42
