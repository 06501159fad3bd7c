"""A fake PN532 on the far end of a pseudo-terminal, for tests and demos.

The driver opens `fake.path` with pyserial exactly as it would open
/dev/serial0; the fake answers with real frames from its own thread.  It
sleeps until it hears the 55 55 wake-up, acknowledges each command, and
answers SAMConfiguration, GetFirmwareVersion, RFConfiguration,
InListPassiveTarget (the card it was told to present, or none) and
InRelease; anything else gets the error frame.  A NACK from the host makes it
send its last answer again (the manual's retransmission request).

Faults it can play: line noise before its frames, answers with a bad data
checksum, the answers to one command garbled (bad length or data checksum,
resends included) or lost on the wire, commands answered with a NACK (the
chip asking for the command again), commands left without ACK (a deaf chip),
vanishing (the pty closes and the path disappears, as when a USB adapter
is pulled) then coming back as a new, sleeping chip at the same path, and a
slow machine (answers late in real time, `lag`).

Time on the line is `clock`, a `FakeClock` for the driver (its `clock=`) with
ports opened through `open_port`: it moves by the driver's read slice at each
empty read, but only while the line is quiet (every byte the driver sent has
been read and answered, every byte the fake sent has reached the driver). A
loaded machine that holds up the fake's thread holds up the driver's
deadlines with it, so no timeout fires on an answer still on its way, while
a withheld ACK or a lost answer still times out after the same number of
reads as on a real line.
"""

from __future__ import annotations

import os
import select
import shutil
import tempfile
import threading
import time
import tty
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Literal

from drivers.clock import FakeClock
from drivers.reader.pn532 import READ_SLICE_S, PN532Options, SerialPort, open_serial
from drivers.reader.pn532_frames import (
    ACK_FRAME,
    CMD_GET_FIRMWARE_VERSION,
    CMD_IN_LIST_PASSIVE_TARGET,
    CMD_IN_RELEASE,
    CMD_RF_CONFIGURATION,
    CMD_SAM_CONFIGURATION,
    ERROR_FRAME,
    HOST_TO_PN532,
    NACK_FRAME,
    PN532_TO_HOST,
    DataFrame,
    Nack,
    encode_frame,
    parse_frame,
)

# Line noise that even contains a start code with a wrong length checksum.
DEFAULT_GARBAGE = b"\x13\x37\xff\x00\xff\x05\x05\xde\xad\x00"

FIRMWARE_ANSWER = bytes((0x32, 0x01, 0x06, 0x07))  # PN532, firmware 1.6, ISO A/B and 18092

Checksum = Literal["length", "data"]

STUCK_S = 5.0
"""Real seconds a line may stay busy before its clock moves anyway: bytes lost for good must not hang a test."""


@dataclass
class _AnswerFault:
    """What happens to the next `times` transmissions of the answers to `command`."""

    command: int
    times: int
    garble: Checksum | None = None  # None: the answer is lost on the wire


def _garbled(frame: bytes, checksum: Checksum) -> bytes:
    """`frame` with its length checksum (LCS, byte 4) or data checksum (DCS) broken."""
    at = 4 if checksum == "length" else len(frame) - 2
    return frame[:at] + bytes((frame[at] ^ 0x5A,)) + frame[at + 1 :]


class FakePN532:
    """Plays a PN532 at `path`; use as a context manager or start()/close()."""

    def __init__(self, directory: str | Path | None = None, *, name: str = "ttyFAKEPN532") -> None:
        self._own_dir = directory is None
        self._dir = Path(directory) if directory is not None else Path(tempfile.mkdtemp(prefix="fake-pn532-"))
        self.path = str(self._dir / name)
        self._lock = threading.Lock()
        self._card: tuple[bytes, bytes, int] | None = None
        self._garbage = b""
        self._garbage_times = 0
        self._corrupt_times = 0
        self._deaf_times = 0
        self._nack_times = 0
        self._answer_faults: list[_AnswerFault] = []
        self._asleep = True
        self._last_answer: tuple[int, bytes] | None = None
        self._buffer = bytearray()
        self._master: int | None = None
        self._slave: int | None = None
        self._want_online = True
        self._settled = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lag_s = 0.0
        self._lag_times = 0
        self._plugs = 0
        self._heard = 0
        self._said = 0
        self._driver_sent = 0
        self._driver_received = 0
        self.commands: list[int] = []
        self.nacks_heard = 0
        self.clock = FakeClock(start=0.0)
        """The line's time: the driver's clock, moved by the reads of ports opened with `open_port`."""

    # --- lifecycle ----------------------------------------------------------------------

    def start(self) -> FakePN532:
        self._plug()
        self._thread = threading.Thread(target=self._run, name="fake-pn532", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2.0)
            self._thread = None
        self._unplug()
        if self._own_dir:
            shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> FakePN532:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # --- what the test controls -----------------------------------------------------

    def present(self, uid: bytes | str, *, sens_res: bytes | None = None, sel_res: int | None = None) -> None:
        """Put a card on the reader (NTAG21x-like answers for 7 bytes, MIFARE Classic for 4)."""
        raw = bytes.fromhex(uid) if isinstance(uid, str) else bytes(uid)
        if len(raw) not in (4, 7, 10):
            raise ValueError(f"a type A UID has 4, 7 or 10 bytes, not {len(raw)}")
        default_sens = b"\x00\x44" if len(raw) > 4 else b"\x00\x04"
        default_sel = 0x00 if len(raw) > 4 else 0x08
        with self._lock:
            self._card = (raw, sens_res or default_sens, default_sel if sel_res is None else sel_res)

    def remove(self) -> None:
        with self._lock:
            self._card = None

    def send_garbage(self, data: bytes = DEFAULT_GARBAGE, *, times: int = 1) -> None:
        """Put line noise before the ACK and before the answer of the next `times` commands."""
        with self._lock:
            self._garbage, self._garbage_times = bytes(data), times

    def corrupt_checksums(self, times: int = 1) -> None:
        """Send the next `times` answers with a wrong data checksum (a NACK gets a clean copy)."""
        with self._lock:
            self._corrupt_times = times

    def garble_answers(self, command: int, *, times: int = 1, checksum: Checksum = "length") -> None:
        """Break a checksum in the next `times` transmissions of the answer to `command`.

        A resend after the host's NACK is a transmission too: `times=1` is
        healed by one NACK, `times=3` outlasts the host's two NACKs.
        """
        with self._lock:
            self._answer_faults.append(_AnswerFault(command, times, checksum))

    def drop_answers(self, command: int, *, times: int = 1) -> None:
        """Acknowledge the next `times` `command`s but lose their answers on the wire."""
        with self._lock:
            self._answer_faults.append(_AnswerFault(command, times))

    def nack_commands(self, times: int = 1) -> None:
        """Answer the next `times` commands with a NACK (send it again) instead of running them."""
        with self._lock:
            self._nack_times = times

    def withhold_ack(self, times: int = 1) -> None:
        """Ignore the next `times` commands entirely: no ACK, no answer."""
        with self._lock:
            self._deaf_times = times

    def lag(self, seconds: float, *, times: int = 1) -> None:
        """Answer the next `times` commands `seconds` late in real time, as on a loaded machine."""
        with self._lock:
            self._lag_s, self._lag_times = seconds, times

    def open_port(self) -> SerialPort:
        """The driver's end of the line, opened at `path` as the driver opens it, counted for `clock`."""
        port = open_serial(PN532Options(port=self.path))
        with self._lock:
            # Opening drops whatever an earlier port left unread: all the fake said so far is gone or read.
            self._driver_received = self._said
            plug = self._plugs
        return _DriverEnd(self, port, plug)

    def _driver_moved(self, plug: int, sent: int = 0, received: int = 0) -> None:
        with self._lock:
            if plug == self._plugs:
                self._driver_sent += sent
                self._driver_received += received

    def _quiet(self, plug: int) -> bool:
        """Nothing is on its way: the fake answered all the driver sent, the driver has all the fake sent."""
        with self._lock:
            if plug != self._plugs or self._master is None:
                return True  # another line, or none: nothing will come on this one
            return self._driver_sent == self._heard and self._driver_received == self._said

    def vanish(self) -> None:
        """The port disappears: the pty closes and the path is removed."""
        self._set_online(False)

    def come_back(self) -> None:
        """The port reappears at the same path, with a freshly powered (sleeping) chip."""
        self._set_online(True)

    @property
    def asleep(self) -> bool:
        with self._lock:
            return self._asleep

    # --- the pty ------------------------------------------------------------------------

    def _set_online(self, online: bool) -> None:
        self._settled.clear()
        with self._lock:
            self._want_online = online
        if not self._settled.wait(2.0):
            raise RuntimeError("fake PN532 thread did not react")

    def _plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)
        link = self._dir / (Path(self.path).name + ".new")
        link.unlink(missing_ok=True)
        link.symlink_to(os.ttyname(slave))
        os.replace(link, self.path)
        with self._lock:
            self._master, self._slave = master, slave
            self._asleep = True
            self._buffer.clear()
            self._plugs += 1
            self._heard = self._said = self._driver_sent = self._driver_received = 0

    def _unplug(self) -> None:
        with self._lock:
            fds = (self._master, self._slave)
            self._master = self._slave = None
        Path(self.path).unlink(missing_ok=True)
        for fd in fds:
            if fd is not None:
                os.close(fd)

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                want, master = self._want_online, self._master
            if want and master is None:
                self._plug()
                self._settled.set()
                continue
            if not want and master is not None:
                self._unplug()
                self._settled.set()
                continue
            if master is None:
                self._settled.set()
                self._stop.wait(0.01)
                continue
            self._settled.set()
            ready, _, _ = select.select([master], [], [], 0.01)
            if ready:
                try:
                    data = os.read(master, 1024)
                except OSError:
                    continue
                out = self._receive(data)
                self._lagging(out)
                try:
                    self._write_all(master, out)
                except OSError:
                    continue
                with self._lock:  # counted once answered, so the line is never quiet with an answer unsent
                    self._said += len(out)
                    self._heard += len(data)

    def _lagging(self, out: bytes) -> None:
        with self._lock:
            if not out or self._lag_times <= 0:
                return
            self._lag_times -= 1
            seconds = self._lag_s
        self._stop.wait(seconds)

    @staticmethod
    def _write_all(master: int, out: bytes) -> None:
        view = memoryview(out)
        while view:
            view = view[os.write(master, view):]

    # --- the chip -------------------------------------------------------------------------

    def _receive(self, data: bytes) -> bytes:
        """The bytes the chip sends back for `data` from the driver."""
        with self._lock:
            if self._asleep:
                wake = data.find(b"\x55")
                if wake < 0:
                    return b""
                self._asleep = False
                data = data[wake:]
            self._buffer += data
            out = bytearray()
            while True:
                item, used = parse_frame(bytes(self._buffer))
                del self._buffer[:used]
                if item is None:
                    break
                if isinstance(item, Nack):
                    self.nacks_heard += 1
                    if self._last_answer is not None:
                        out += self._transmit(*self._last_answer)
                elif isinstance(item, DataFrame) and item.tfi == HOST_TO_PN532 and item.data:
                    out += self._command(item.data)
        return bytes(out)

    def _command(self, data: bytes) -> bytes:
        command, params = data[0], data[1:]
        self.commands.append(command)
        if self._deaf_times > 0:
            self._deaf_times -= 1
            return b""
        if self._nack_times > 0:
            self._nack_times -= 1
            return NACK_FRAME
        answer = self._answer(command, params)
        frame = ERROR_FRAME if answer is None else encode_frame(bytes((command + 1,)) + answer, PN532_TO_HOST)
        self._last_answer = (command, frame)
        if self._corrupt_times > 0 and answer is not None:
            self._corrupt_times -= 1
            sent = _garbled(frame, "data")  # a NACK gets the clean copy kept in _last_answer
        else:
            sent = self._transmit(command, frame)
        noise = b""
        if self._garbage_times > 0:
            self._garbage_times -= 1
            noise = self._garbage
        return noise + ACK_FRAME + noise + sent

    def _transmit(self, command: int, frame: bytes) -> bytes:
        """The bytes that reach the host when `frame` (the answer to `command`) is sent."""
        fault = next((f for f in self._answer_faults if f.command == command), None)
        if fault is None or frame == ERROR_FRAME:
            return frame
        fault.times -= 1
        if fault.times <= 0:
            self._answer_faults.remove(fault)
        return b"" if fault.garble is None else _garbled(frame, fault.garble)

    def _answer(self, command: int, params: bytes) -> bytes | None:
        if command == CMD_SAM_CONFIGURATION and params[:1] == b"\x01":
            return b""
        if command == CMD_GET_FIRMWARE_VERSION:
            return FIRMWARE_ANSWER
        if command == CMD_RF_CONFIGURATION and params[:1]:
            return b""
        if command == CMD_IN_LIST_PASSIVE_TARGET and params[:2] == b"\x01\x00":
            if self._card is None:
                return b"\x00"
            uid, sens_res, sel_res = self._card
            return bytes((0x01, 0x01)) + sens_res + bytes((sel_res, len(uid))) + uid
        if command == CMD_IN_RELEASE:
            return b"\x00"
        return None


class _DriverEnd:
    """The driver's serial port on the fake's line, counting the bytes each way for the line's clock."""

    def __init__(self, fake: FakePN532, port: SerialPort, plug: int) -> None:
        self._fake = fake
        self._port = port
        self._plug = plug
        self._busy_since: float | None = None

    @property
    def in_waiting(self) -> int:
        return self._port.in_waiting

    def read(self, size: int = 1) -> bytes:
        data = self._port.read(size)
        if data:
            self._fake._driver_moved(self._plug, received=len(data))
        else:
            self._waited()
        return data

    def _waited(self) -> None:
        """An empty read: the line's time passes if nothing is on its way (or nothing came for STUCK_S)."""
        if self._fake._quiet(self._plug):
            self._busy_since = None
        elif self._busy_since is None:
            self._busy_since = time.monotonic()
            return
        elif time.monotonic() - self._busy_since < STUCK_S:
            return
        self._fake.clock.advance(READ_SLICE_S)

    def write(self, data: bytes, /) -> int | None:
        written = self._port.write(data)
        self._fake._driver_moved(self._plug, sent=len(data) if written is None else written)
        return written

    def reset_input_buffer(self) -> None:
        """What has arrived is read and dropped (so it is counted); what is still on its way comes later, as a
        stale frame the link skips."""
        waiting = self._port.in_waiting
        if waiting:
            self._fake._driver_moved(self._plug, received=len(self._port.read(waiting)))

    def close(self) -> None:
        self._port.close()
