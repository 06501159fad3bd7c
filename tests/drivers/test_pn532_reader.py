"""PN532 over a pseudo-terminal to the fake chip, and the link's timeout/resend logic.

The driver's deadlines run on the fake line's clock (`FakePN532.clock`), which
moves only while nothing is on its way: a loaded machine that holds up the
fake's thread can never turn a late answer into a timeout.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from drivers.clock import FakeClock
from drivers.errors import ReaderError
from drivers.events import CardPlaced, CardRemoved, Event, ReaderBack, ReaderLost
from drivers.reader import PollingOptions, Reader
from drivers.reader.base import InconclusivePoll
from drivers.reader.pn532 import PN532Backend, PN532Link, PN532Options, PN532ProtocolError
from drivers.reader.pn532_frames import (
    ACK_FRAME,
    CMD_GET_FIRMWARE_VERSION,
    CMD_IN_LIST_PASSIVE_TARGET,
    CMD_IN_RELEASE,
    CMD_RF_CONFIGURATION,
    CMD_SAM_CONFIGURATION,
    NACK_FRAME,
    PN532_TO_HOST,
    encode_command,
    encode_frame,
)
from drivers.reader.simulated.pn532 import FakePN532

UID7 = "04A1B2C3D4E5F6"
UID4 = "DEADBEEF"


@pytest.fixture
def fake(tmp_path: Path) -> Iterator[FakePN532]:
    with FakePN532(tmp_path) as chip:
        yield chip


@pytest.fixture
def backend(fake: FakePN532) -> Iterator[PN532Backend]:
    device = PN532Backend(PN532Options(port=fake.path, ack_timeout_s=0.05, response_timeout_s=0.3, max_failures=3),
                          open_port=fake.open_port, clock=fake.clock)
    yield device
    device.close()


def test_first_poll_wakes_and_configures_the_chip(fake: FakePN532, backend: PN532Backend) -> None:
    assert fake.asleep
    assert backend.poll() is None
    assert not fake.asleep
    assert fake.commands == [
        CMD_SAM_CONFIGURATION,
        CMD_GET_FIRMWARE_VERSION,
        CMD_RF_CONFIGURATION,
        CMD_IN_LIST_PASSIVE_TARGET,
    ]
    assert "firmware 1.6" in backend.describe()


@pytest.mark.parametrize("uid", [UID7, UID4])
def test_uids_are_read_in_full_and_the_card_released(fake: FakePN532, backend: PN532Backend, uid: str) -> None:
    fake.present(uid)
    assert backend.poll() == uid
    assert fake.commands[-2:] == [CMD_IN_LIST_PASSIVE_TARGET, CMD_IN_RELEASE]
    assert backend.poll() == uid
    fake.remove()
    assert backend.poll() is None


def test_garbage_before_frames_is_skipped(fake: FakePN532, backend: PN532Backend) -> None:
    fake.present(UID7)
    fake.send_garbage(times=10)
    assert backend.poll() == UID7
    assert backend.poll() == UID7


def test_a_corrupted_answer_is_sent_again_after_a_nack(fake: FakePN532, backend: PN532Backend) -> None:
    fake.present(UID7)
    backend.poll()
    fake.corrupt_checksums(times=2)
    assert backend.poll() == UID7


def test_a_bad_length_checksum_is_nacked_and_the_fake_sends_it_again(fake: FakePN532, backend: PN532Backend) -> None:
    fake.present(UID7)
    backend.poll()
    fake.garble_answers(CMD_IN_LIST_PASSIVE_TARGET, times=1, checksum="length")
    assert backend.poll() == UID7
    assert fake.nacks_heard == 1


def test_a_command_nacked_by_the_chip_is_sent_again(fake: FakePN532, backend: PN532Backend) -> None:
    fake.present(UID7)
    backend.poll()
    before = len(fake.commands)
    fake.nack_commands(times=1)
    assert backend.poll() == UID7
    assert fake.commands[before:] == [CMD_IN_LIST_PASSIVE_TARGET, CMD_IN_LIST_PASSIVE_TARGET, CMD_IN_RELEASE]


def test_a_missing_ack_is_a_hiccup_and_the_chip_is_woken_again(fake: FakePN532, backend: PN532Backend) -> None:
    fake.present(UID7)
    assert backend.poll() == UID7
    fake.withhold_ack(times=1)
    with pytest.raises(InconclusivePoll, match="no ACK"):
        backend.poll()
    before = len(fake.commands)
    assert backend.poll() == UID7
    assert fake.commands[before] == CMD_SAM_CONFIGURATION


def test_answers_late_in_real_time_are_not_a_missing_ack(fake: FakePN532, backend: PN532Backend) -> None:
    """A loaded machine: the fake answers after more real time than the ACK deadline, yet nothing is lost."""
    fake.present(UID7)
    assert backend.poll() == UID7
    fake.lag(0.12, times=2)  # InListPassiveTarget and InRelease, each more than twice the 0.05 s deadline
    assert backend.poll() == UID7
    fake.withhold_ack(times=1)
    started = fake.clock()
    with pytest.raises(InconclusivePoll, match="no ACK"):
        backend.poll()
    assert fake.clock() - started == pytest.approx(0.05, abs=0.011)  # a silent chip still times out on time


def test_a_deaf_chip_becomes_a_reader_error_after_max_failures(fake: FakePN532, backend: PN532Backend) -> None:
    backend.poll()
    fake.withhold_ack(times=100)
    for _ in range(2):
        with pytest.raises(InconclusivePoll, match="hiccup"):
            backend.poll()
    with pytest.raises(ReaderError, match="not answering .*check the wiring"):
        backend.poll()
    with pytest.raises(ReaderError):
        backend.poll()  # still lost: fails at once instead of pretending to work
    fake.withhold_ack(times=0)
    fake.present(UID4)
    assert backend.poll() == UID4


def test_port_vanishing_and_coming_back_through_the_poller(fake: FakePN532, backend: PN532Backend) -> None:
    clock = FakeClock()
    reader = Reader(backend, clock=clock)
    fake.present(UID7)
    assert reader.step() == [CardPlaced(UID7, "pn532", clock())]
    fake.vanish()
    lost = []
    for _ in range(4):
        clock.advance(reader.next_delay())
        lost += reader.step()
    assert len(lost) == 1 and isinstance(lost[0], ReaderLost)
    assert fake.path in lost[0].reason
    fake.come_back()
    assert fake.asleep
    clock.advance(reader.next_delay())
    assert reader.step() == [ReaderBack("pn532", clock())]
    assert not fake.asleep
    fake.remove()
    events = []
    for _ in range(10):
        clock.advance(reader.next_delay())
        events += reader.step()
    assert [type(e) for e in events] == [CardRemoved]


def test_a_port_that_never_existed(tmp_path: Path) -> None:
    device = PN532Backend(PN532Options(port=str(tmp_path / "ttyNONE")))
    with pytest.raises(ReaderError, match="ttyNONE.*do_serial_hw 0"):
        device.poll()
    device.close()


def test_an_unknown_command_gets_the_error_frame(fake: FakePN532, backend: PN532Backend) -> None:
    backend.poll()
    assert backend._link is not None
    with pytest.raises(PN532ProtocolError, match="error frame"):
        backend._link.call(0x7E)


# --- the link against a scripted port and a fake clock ------------------------------------------


class ScriptedPort:
    """Serves canned chip bytes; an empty read costs 10 ms of fake time instead of real waiting."""

    def __init__(self, clock: FakeClock, replies: list[bytes]) -> None:
        self.clock = clock
        self.replies = list(replies)
        self.pending = b""
        self.written: list[bytes] = []

    @property
    def in_waiting(self) -> int:
        return len(self.pending)

    def read(self, size: int = 1) -> bytes:
        if not self.pending:
            self.clock.advance(0.01)
            return b""
        data, self.pending = self.pending[:size], self.pending[size:]
        return data

    def write(self, data: bytes) -> int:
        self.written.append(bytes(data))
        if data not in (ACK_FRAME, NACK_FRAME) and self.replies:
            self.pending += self.replies.pop(0)
        elif data == NACK_FRAME and self.replies:
            self.pending += self.replies.pop(0)
        return len(data)

    def reset_input_buffer(self) -> None:
        self.pending = b""

    def close(self) -> None:
        pass


def answer(data: bytes) -> bytes:
    return encode_frame(data, PN532_TO_HOST)


def garbled(data: bytes) -> bytes:
    frame = bytearray(answer(data))
    frame[-2] ^= 0xFF
    return bytes(frame)


def link_over(port: ScriptedPort, clock: FakeClock) -> PN532Link:
    return PN532Link(port, ack_timeout_s=0.05, response_timeout_s=0.2, clock=clock)


def test_no_ack_times_out(clock: FakeClock) -> None:
    port = ScriptedPort(clock, [b""])
    with pytest.raises(PN532ProtocolError, match="no ACK for command 0x4a within 0.05 s"):
        link_over(port, clock).call(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00")


def test_no_answer_times_out_and_aborts_the_command(clock: FakeClock) -> None:
    port = ScriptedPort(clock, [ACK_FRAME])
    with pytest.raises(PN532ProtocolError, match="no answer to command 0x4a within 0.2 s"):
        link_over(port, clock).call(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00")
    assert port.written[-1] == ACK_FRAME


def test_a_garbled_answer_is_asked_again_at_most_twice(clock: FakeClock) -> None:
    ok = ScriptedPort(clock, [ACK_FRAME + garbled(b"\x4b\x00"), answer(b"\x4b\x00")])
    assert link_over(ok, clock).call(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00") == b"\x00"
    assert ok.written[-1] == NACK_FRAME
    bad = ScriptedPort(clock, [ACK_FRAME + garbled(b"\x4b\x00"), garbled(b"\x4b\x00"), garbled(b"\x4b\x00")])
    with pytest.raises(PN532ProtocolError, match="garbled"):
        link_over(bad, clock).call(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00")


def bad_length(data: bytes) -> bytes:
    frame = bytearray(answer(data))
    frame[4] ^= 0x5A
    return bytes(frame)


def test_an_answer_with_a_bad_length_checksum_is_asked_again_at_once(clock: FakeClock) -> None:
    port = ScriptedPort(clock, [ACK_FRAME + bad_length(b"\x4b\x00"), answer(b"\x4b\x00")])
    started = clock()
    assert link_over(port, clock).call(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00") == b"\x00"
    assert port.written[1:] == [NACK_FRAME]
    assert clock() - started < 0.2  # did not wait out the response timeout
    bad = ScriptedPort(clock, [ACK_FRAME + bad_length(b"\x4b\x00"), bad_length(b"\x4b\x00"), bad_length(b"\x4b\x00")])
    with pytest.raises(PN532ProtocolError, match="garbled.*length checksum"):
        link_over(bad, clock).call(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00")
    assert bad.written[1:] == [NACK_FRAME, NACK_FRAME]


def test_a_command_the_chip_nacks_is_sent_again_a_bounded_number_of_times(clock: FakeClock) -> None:
    command = encode_command(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00")
    port = ScriptedPort(clock, [NACK_FRAME, ACK_FRAME + answer(b"\x4b\x00")])
    assert link_over(port, clock).call(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00") == b"\x00"
    assert port.written == [command, command]
    deaf = ScriptedPort(clock, [NACK_FRAME] * 10)
    with pytest.raises(PN532ProtocolError, match="NACK"):
        link_over(deaf, clock).call(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00")
    assert deaf.written == [command] * 3


def test_stale_and_unrelated_frames_are_skipped(clock: FakeClock) -> None:
    port = ScriptedPort(clock, [answer(b"\x33") + ACK_FRAME + answer(b"\x15") + answer(b"\x4b\x00")])
    assert link_over(port, clock).call(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00") == b"\x00"


def test_a_malformed_target_answer_is_a_hiccup_not_a_uid(clock: FakeClock) -> None:
    replies = [b"", ACK_FRAME + answer(b"\x15"), ACK_FRAME + answer(b"\x03\x32\x01\x06\x07"), ACK_FRAME + answer(b"\x33"),
               ACK_FRAME + answer(bytes.fromhex("4B0101004400" "07" "04A1B2"))]
    port = ScriptedPort(clock, replies)
    device = PN532Backend(PN532Options(port="scripted"), open_port=lambda: port, clock=clock)
    with pytest.raises(InconclusivePoll, match="bad UID length"):
        device.poll()


# --- protocol hiccups while a card rests: "don't know", never "removed" ------------------------


def resting_card_through_hiccups(fake: FakePN532, backend: PN532Backend, spoil: Callable[[], None]) -> list[Event]:
    """A card rests; two polls in a row hit a hiccup spanning more than removal_quiet_s; then it reads again."""
    clock = FakeClock(start=0.0)
    reader = Reader(backend, clock=clock, options=PollingOptions(poll_interval_s=0.1, removal_quiet_s=0.5))
    fake.present(UID7)
    events = reader.step()
    for _ in range(2):
        clock.advance(0.1)
        spoil()
        events += reader.step()
        clock.advance(0.6)  # each hiccup waits out the link's timeouts: longer than removal_quiet_s
    for _ in range(3):
        clock.advance(0.1)
        events += reader.step()
    reader.close()
    return events


@pytest.mark.parametrize("fault", ["lost", "bad LCS", "bad DCS"])
def test_a_resting_card_survives_lost_and_garbled_answers(fake: FakePN532, backend: PN532Backend, fault: str) -> None:
    def spoil() -> None:
        if fault == "lost":
            fake.drop_answers(CMD_IN_LIST_PASSIVE_TARGET)
        else:  # garbled three times: outlasts the host's two NACKs
            fake.garble_answers(CMD_IN_LIST_PASSIVE_TARGET, times=3, checksum="length" if fault == "bad LCS" else "data")

    events = resting_card_through_hiccups(fake, backend, spoil)
    assert events == [CardPlaced(UID7, "pn532", 0.0)]


def test_a_hiccup_is_unknown_not_no_card(fake: FakePN532, backend: PN532Backend) -> None:
    fake.present(UID7)
    assert backend.poll() == UID7
    fake.drop_answers(CMD_IN_LIST_PASSIVE_TARGET)
    with pytest.raises(InconclusivePoll, match="no answer to command 0x4a"):
        backend.poll()
    assert backend.poll() == UID7


def test_a_card_lifted_during_hiccups_is_removed_once_reads_work(fake: FakePN532, backend: PN532Backend) -> None:
    clock = FakeClock(start=0.0)
    reader = Reader(backend, clock=clock, options=PollingOptions(poll_interval_s=0.1, removal_quiet_s=0.5))
    fake.present(UID7)
    events = reader.step()
    fake.remove()
    fake.drop_answers(CMD_IN_LIST_PASSIVE_TARGET)
    clock.advance(0.1)
    events += reader.step()
    for _ in range(8):
        clock.advance(0.1)
        events += reader.step()
    reader.close()
    assert [type(e) for e in events] == [CardPlaced, CardRemoved]
    assert 0.6 - 1e-9 <= events[1].at <= 0.7 + 1e-9  # the quiet time counts from the end of the hiccup
