"""RC522: the full-UID protocol against the fake chip, the backend's error handling,
opening the mfrc522 library's object, and the off-Pi error message.

The real-chip adapter's register-level transceive is tested in test_rc522_chip.py."""

from __future__ import annotations

import importlib.abc
import sys
from types import SimpleNamespace
from typing import Any

import pytest

from drivers.clock import FakeClock
from drivers.errors import BackendUnavailable, ReaderError
from drivers.events import CardPlaced, CardRemoved, ReaderBack, ReaderLost
from drivers.reader import Reader, open_reader
from drivers.reader.iso14443 import REQA, WUPA, bcc, crc_a, uid_chunks
from drivers.reader.rc522 import RC522Backend, RC522Options, _open_mfrc522
from drivers.reader.rc522_protocol import CardWatch, read_uid
from drivers.reader.simulated.mfrc522 import FakeMFRC522
from drivers.reader.simulated.rc522_chip import FakeRC522Chip, TagState

UID4 = bytes.fromhex("DEADBEEF")
UID7 = bytes.fromhex("04A1B2C3D4E5F6")
UID10 = bytes.fromhex("04112233445566778899")
HALT_FRAME = b"\x50\x00" + crc_a(b"\x50\x00")


def test_crc_a_and_bcc_known_values() -> None:
    assert crc_a(b"123456789") == bytes.fromhex("05BF")  # CRC-16/ISO-IEC-14443-3-A check value
    assert crc_a(b"\x50\x00") == bytes.fromhex("57CD")  # the well-known HLTA frame 50 00 57 CD
    assert bcc(b"\x88\x04\xa1\xb2") == 0x88 ^ 0x04 ^ 0xA1 ^ 0xB2
    assert uid_chunks(UID7) == [b"\x88\x04\xa1\xb2", b"\xc3\xd4\xe5\xf6"]
    with pytest.raises(ValueError):
        uid_chunks(b"\x01\x02")


@pytest.mark.parametrize("uid", [UID4, UID7, UID10], ids=["4-byte", "7-byte", "10-byte"])
def test_full_uids_are_read(uid: bytes) -> None:
    chip = FakeRC522Chip()
    chip.place(uid)
    assert read_uid(chip) == uid


def test_a_7_byte_uid_runs_cascade_level_2_and_halts() -> None:
    chip = FakeRC522Chip()
    tag = chip.place(UID7)
    assert read_uid(chip) == UID7
    sel_codes = [frame[:2] for frame in chip.frames]
    assert sel_codes == [b"\x93\x20", b"\x93\x70", b"\x95\x20", b"\x95\x70", b"\x50\x00"]
    assert chip.frames[1][2:7] == b"\x88\x04\xa1\xb2" + bytes((bcc(b"\x88\x04\xa1\xb2"),))
    assert chip.frames[1][7:] == crc_a(chip.frames[1][:7])
    assert tag.state is TagState.HALT


def test_never_a_truncated_uid_when_the_card_leaves_after_level_1() -> None:
    chip = FakeRC522Chip()
    tag = chip.place(UID7)
    chip.leave_after(tag, 2)  # answers CL1 anticollision and select, gone at CL2
    result = read_uid(chip)
    assert result is None  # not 88 04 A1 B2, not 04 A1 B2
    assert chip.tags == []


@pytest.mark.parametrize("exchanges", [0, 1, 2, 3])
def test_a_card_leaving_at_any_point_of_the_read_gives_none(exchanges: int) -> None:
    chip = FakeRC522Chip()
    chip.leave_after(chip.place(UID7), exchanges)
    assert read_uid(chip) is None


def test_wrong_bcc_gives_none() -> None:
    chip = FakeRC522Chip()
    chip.place(UID4, bad_bcc=True)
    assert read_uid(chip) is None


def test_crc_error_in_the_sak_gives_none_then_the_next_poll_reads() -> None:
    chip = FakeRC522Chip()
    chip.place(UID7)
    chip.corrupt_sak_crc(1)
    assert read_uid(chip) is None
    assert read_uid(chip) is None  # the card dropped back; this WUPA resets it
    assert read_uid(chip) == UID7


def test_two_different_cards_collide() -> None:
    chip = FakeRC522Chip()
    chip.place(UID4)
    chip.place(bytes.fromhex("CAFEBABE"))
    assert read_uid(chip) is None


def test_two_ntags_sharing_their_first_bytes_collide_at_level_2() -> None:
    chip = FakeRC522Chip()
    chip.place(UID7)
    chip.place(bytes.fromhex("04A1B2000000FF"))
    assert read_uid(chip) is None
    assert [f[:2] for f in chip.frames][:3] == [b"\x93\x20", b"\x93\x70", b"\x95\x20"]


def test_sak_and_cascade_tag_disagreeing_gives_none() -> None:
    class LyingChip(FakeRC522Chip):
        """Says the UID is complete after level 1 of a 7-byte UID."""

        def transceive(self, data: bytes) -> bytes | None:
            answer = super().transceive(data)
            if data[:2] == b"\x93\x70" and answer is not None:
                return b"\x00" + crc_a(b"\x00")
            return answer

    chip = LyingChip()
    chip.place(UID7)
    assert read_uid(chip) is None


def test_wupa_reads_a_resting_card_every_poll_reqa_would_not() -> None:
    chip = FakeRC522Chip()
    chip.place(UID7)
    assert [read_uid(chip) for _ in range(5)] == [UID7] * 5
    assert set(chip.requests) == {WUPA}
    assert read_uid(chip, request_mode=REQA) is None  # halted cards ignore REQA


def test_spi_errors_propagate_as_oserror() -> None:
    chip = FakeRC522Chip()
    chip.place(UID4)
    chip.fail_spi(1)
    with pytest.raises(OSError):
        read_uid(chip)
    assert read_uid(chip) == UID4


def test_a_resting_card_is_confirmed_with_reqa_wupa_and_hlta() -> None:
    chip = FakeRC522Chip()
    tag = chip.place(UID7)
    watch = CardWatch()
    assert watch.poll(chip) == UID7
    chip.frames.clear()
    chip.requests.clear()
    assert [watch.poll(chip) for _ in range(3)] == [UID7] * 3
    assert chip.requests == [REQA, WUPA] * 3  # REQA: only a card that is not halted answers
    assert chip.frames == [HALT_FRAME] * 3  # no anticollision, no select
    assert tag.state is TagState.HALT
    chip.remove()
    assert watch.poll(chip) is None


def test_a_card_put_back_after_leaving_the_field_is_read_again() -> None:
    chip = FakeRC522Chip()
    chip.place(UID4)
    watch = CardWatch()
    assert watch.poll(chip) == UID4
    chip.remove()
    chip.place(UID4)  # a fresh card starts IDLE: it answers REQA and is read in full
    chip.frames.clear()
    assert watch.poll(chip) == UID4
    assert chip.frames[0] == b"\x93\x20"


def test_a_card_woken_by_the_confirming_wupa_is_not_starved() -> None:
    """A card whose first frame is the WUPA of a confirming poll is sent back to IDLE by the HLTA, so the next REQA finds it."""
    chip = FakeRC522Chip()
    chip.place(UID4)
    watch = CardWatch()
    assert watch.poll(chip) == UID4
    newcomer = chip.place(bytes.fromhex("CAFEBABE"))
    newcomer.state = TagState.READY  # as if it had arrived between the REQA and the WUPA of a poll
    assert watch.poll(chip) == UID4
    assert newcomer.state is TagState.IDLE
    assert watch.poll(chip) == bytes.fromhex("CAFEBABE")  # it answers REQA; the halted card does not
    assert watch.poll(chip) is None  # a full read again: both answer WUPA and collide


def reader_over(chip: FakeRC522Chip, clock: FakeClock) -> Reader[RC522Backend]:
    return Reader(RC522Backend(chip.open, description="fake RC522"), clock=clock)


def test_backend_reports_upper_case_hex_and_one_placement(clock: FakeClock) -> None:
    chip = FakeRC522Chip()
    chip.place(UID7)
    reader = reader_over(chip, clock)
    events = []
    for _ in range(50):
        events += reader.step()
        clock.advance(0.1)
    assert events == [CardPlaced("04A1B2C3D4E5F6", "rc522", 100.0)]
    chip.remove()
    for _ in range(10):
        events += reader.step()
        clock.advance(0.1)
    assert [type(e) for e in events] == [CardPlaced, CardRemoved]


def test_spi_failure_gives_reader_lost_once_then_reopens_and_reader_back(clock: FakeClock) -> None:
    chip = FakeRC522Chip()
    chip.place(UID4)
    reader = reader_over(chip, clock)
    assert [type(e) for e in reader.step()] == [CardPlaced]
    chip.fail_spi()
    chip.unplugged = True
    events = []
    for _ in range(5):
        clock.advance(reader.next_delay())
        events += reader.step()
    assert len(events) == 1 and isinstance(events[0], ReaderLost)
    assert "SPI error" in events[0].reason
    assert chip.closes == 1
    chip.repair()
    clock.advance(reader.next_delay())
    assert [type(e) for e in reader.step()] == [ReaderBack]
    assert chip.opens == 2
    for _ in range(10):
        clock.advance(reader.next_delay())
        assert reader.step() == []


def test_a_missing_spi_device_is_reader_lost_with_its_reason(clock: FakeClock) -> None:
    chip = FakeRC522Chip()
    chip.unplugged = True
    reader = reader_over(chip, clock)
    [event] = reader.step()
    assert isinstance(event, ReaderLost) and "cannot open fake RC522" in event.reason
    reader.close()


def test_bad_reads_are_not_errors(clock: FakeClock) -> None:
    chip = FakeRC522Chip()
    chip.place(UID4, bad_bcc=True)
    reader = reader_over(chip, clock)
    assert reader.step() == []
    assert reader.healthy


# --- opening the real library's object (register-level tests: test_rc522_chip.py) ---------


def fake_vendor(**gpio_overrides: Any) -> tuple[SimpleNamespace, SimpleNamespace]:
    """Stand-ins for the `mfrc522` module (its MFRC522 a FakeMFRC522) and `RPi.GPIO`."""
    made: list[FakeMFRC522] = []

    def construct(bus: int = 0, device: int = 0, spd: int = 1000000, pin_mode: int = 10, pin_rst: int = -1) -> FakeMFRC522:
        fake = FakeMFRC522(bus=bus, device=device, spd=spd, pin_mode=pin_mode, pin_rst=pin_rst)
        made.append(fake)
        return fake

    mfrc522 = SimpleNamespace(MFRC522=construct, made=made)
    gpio = SimpleNamespace(BCM=11, BOARD=10, getmode=lambda: None, cleaned=[])
    gpio.cleanup = gpio.cleaned.append
    for key, value in gpio_overrides.items():
        setattr(gpio, key, value)
    return mfrc522, gpio


def test_open_passes_bcm_mode_and_the_reset_pin_explicitly() -> None:
    mfrc522, gpio = fake_vendor()
    chip = _open_mfrc522(RC522Options(spi_bus=0, spi_device=1, reset_pin=22, spi_speed_hz=2_000_000), mfrc522, gpio)
    assert mfrc522.made[0].kwargs == {"bus": 0, "device": 1, "spd": 2_000_000, "pin_mode": 11, "pin_rst": 22}
    chip.close()
    assert mfrc522.made[0].spi.closed and gpio.cleaned == [22]  # only our pin, not GPIO.cleanup()


def test_open_refuses_board_numbering_already_set() -> None:
    mfrc522, gpio = fake_vendor(getmode=lambda: 10)
    with pytest.raises(ReaderError, match="BOARD numbering"):
        _open_mfrc522(RC522Options(), mfrc522, gpio)


@pytest.mark.parametrize(
    ("error", "hint"),
    [(FileNotFoundError(2, "nope"), "do_spi 0"), (PermissionError(13, "denied"), "'spi' and 'gpio' groups")],
)
def test_open_explains_spi_device_problems(error: OSError, hint: str) -> None:
    mfrc522, gpio = fake_vendor()

    def broken(**kwargs: Any) -> None:
        raise error

    mfrc522.MFRC522 = broken
    with pytest.raises(ReaderError, match=hint):
        _open_mfrc522(RC522Options(), mfrc522, gpio)


class _RaisingFinder(importlib.abc.MetaPathFinder):
    """Makes `import RPi.GPIO` fail like it does off a Pi: RuntimeError, not ImportError."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name in ("RPi", "RPi.GPIO", "mfrc522"):
            raise RuntimeError("This module can only be run on a Raspberry Pi!")
        return None


@pytest.mark.usefixtures("no_backend_env")
def test_off_pi_the_rc522_backend_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("RPi", "RPi.GPIO", "mfrc522"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setattr(sys, "meta_path", [_RaisingFinder(), *sys.meta_path])
    with pytest.raises(BackendUnavailable) as caught:
        open_reader("rc522")
    message = str(caught.value)
    assert "RC522 backend needs a Raspberry Pi with SPI enabled" in message
    assert "pip install 'table-companion[pi]'" in message
    assert "RuntimeError" in message


@pytest.mark.usefixtures("no_backend_env")
def test_missing_mfrc522_is_also_backend_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "mfrc522", None)
    monkeypatch.setitem(sys.modules, "RPi", None)
    with pytest.raises(BackendUnavailable, match="install the `pi` extra"):
        open_reader("rc522")
