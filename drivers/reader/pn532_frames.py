"""PN532 host-link frames as pure functions (no I/O), used by the driver and the fake.

Normal information frame:

    00 00 FF LEN LCS TFI PD0..PDn DCS 00

LEN counts TFI and the data bytes, (LEN + LCS) & 0xFF == 0; TFI is D4 from
host to chip and D5 from chip to host; (TFI + sum(PD) + DCS) & 0xFF == 0.
Extended frames (00 00 FF FF FF LENM LENL LCS ...) carry more than 254 bytes.
Special frames: ACK 00 00 FF 00 FF 00, NACK 00 00 FF FF 00 00, and the
application error frame 00 00 FF 01 FF 7F 81 00.

`parse_frame` scans a receive buffer for the start code (00 FF), so bytes of
line noise before a frame are skipped, and reports frames whose checksums do
not add up as `BadFrame` instead of trusting them.
"""

from __future__ import annotations

from dataclasses import dataclass

HOST_TO_PN532 = 0xD4
PN532_TO_HOST = 0xD5
START_CODE = b"\x00\xff"
ACK_FRAME = b"\x00\x00\xff\x00\xff\x00"
NACK_FRAME = b"\x00\x00\xff\xff\x00\x00"
ERROR_FRAME = b"\x00\x00\xff\x01\xff\x7f\x81\x00"
WAKE_UP = b"\x55\x55" + bytes(14)

CMD_GET_FIRMWARE_VERSION = 0x02
CMD_SAM_CONFIGURATION = 0x14
CMD_RF_CONFIGURATION = 0x32
CMD_IN_LIST_PASSIVE_TARGET = 0x4A
CMD_IN_RELEASE = 0x52

RF_ITEM_MAX_RETRIES = 0x05
BAUD_106_TYPE_A = 0x00

MAX_NORMAL_DATA = 254  # LEN is one byte and counts the TFI


@dataclass(frozen=True)
class Ack:
    """The chip took the command; the answer frame follows."""


@dataclass(frozen=True)
class Nack:
    """Ask the other side to send its last frame again."""


@dataclass(frozen=True)
class ErrorFrame:
    """The chip rejected the frame (syntax error)."""


@dataclass(frozen=True)
class DataFrame:
    """A normal or extended information frame: TFI and the data after it."""

    tfi: int
    data: bytes


@dataclass(frozen=True)
class BadFrame:
    """Bytes that looked like a frame but failed a checksum.

    `garbled_data` is True when the length checked out but the data did not.
    Either kind may be a real frame damaged on the wire (or line noise that
    happens to contain 00 FF): the host answers both with a NACK once the
    chip has acknowledged its command, so a damaged answer is sent again at
    once instead of the host waiting out its timeout.
    """

    reason: str
    garbled_data: bool = False


Item = Ack | Nack | ErrorFrame | DataFrame | BadFrame


def checksum(data: bytes) -> int:
    """The byte that makes `sum(data) + checksum` a multiple of 256."""
    return (-sum(data)) & 0xFF


def encode_frame(data: bytes, tfi: int = HOST_TO_PN532) -> bytes:
    """Wrap command (or answer) bytes in a normal information frame."""
    if not 0 <= tfi <= 0xFF:
        raise ValueError(f"TFI must be a byte, got {tfi}")
    if len(data) > MAX_NORMAL_DATA:
        raise ValueError(f"a normal frame holds at most {MAX_NORMAL_DATA} data bytes, got {len(data)}")
    length = len(data) + 1
    body = bytes((tfi,)) + bytes(data)
    return b"\x00\x00\xff" + bytes((length, checksum(bytes((length,))))) + body + bytes((checksum(body),)) + b"\x00"


def encode_command(command: int, params: bytes = b"") -> bytes:
    """A host-to-chip frame: TFI D4, command code, parameters."""
    return encode_frame(bytes((command,)) + bytes(params), HOST_TO_PN532)


def parse_frame(buffer: bytes) -> tuple[Item | None, int]:
    """Find the first frame in `buffer`.

    Returns (item, consumed): the item found (None when the buffer holds no
    complete frame yet) and how many leading bytes the caller should drop.
    Garbage before a start code is always consumed, so calling again with
    more bytes appended makes progress.
    """
    start = buffer.find(START_CODE)
    if start < 0:
        keep = 1 if buffer.endswith(b"\x00") else 0  # may be the first half of a start code
        return None, len(buffer) - keep
    head = start + 2
    if len(buffer) < head + 2:
        return None, start
    length, lcs = buffer[head], buffer[head + 1]
    if (length, lcs) == (0x00, 0xFF):
        return Ack(), head + 2
    if (length, lcs) == (0xFF, 0x00):
        return Nack(), head + 2
    if (length, lcs) == (0xFF, 0xFF):
        return _parse_extended(buffer, start, head + 2)
    if (length + lcs) & 0xFF:
        return BadFrame(f"length checksum: LEN {length:#04x} + LCS {lcs:#04x} != 0 mod 256"), head
    return _parse_body(buffer, start, head + 2, length)


def _parse_extended(buffer: bytes, start: int, at: int) -> tuple[Item | None, int]:
    if len(buffer) < at + 3:
        return None, start
    high, low, lcs = buffer[at], buffer[at + 1], buffer[at + 2]
    if (high + low + lcs) & 0xFF:
        return BadFrame("extended length checksum"), at
    return _parse_body(buffer, start, at + 3, (high << 8) | low)


def _parse_body(buffer: bytes, start: int, at: int, length: int) -> tuple[Item | None, int]:
    if length == 0:
        return BadFrame("zero-length information frame"), at
    end = at + length  # index of DCS
    if len(buffer) < end + 1:
        return None, start
    body = buffer[at:end]
    dcs = buffer[end]
    if (sum(body) + dcs) & 0xFF:
        reason = f"data checksum: TFI+data+DCS = {(sum(body) + dcs) & 0xFF:#04x} mod 256"
        return BadFrame(reason, garbled_data=True), end + 1
    if length == 1 and body[0] == 0x7F:
        return ErrorFrame(), end + 1
    return DataFrame(body[0], bytes(body[1:])), end + 1


def passive_target_uid(answer: bytes) -> bytes | None:
    """The UID from an InListPassiveTarget (106 kbps type A) answer after `4B`.

    `answer` is NbTg [Tg SENS_RES(2) SEL_RES NFCIDLength NFCID1 ...].
    Returns None for NbTg 0 (no card); raises ValueError when malformed.
    """
    if not answer:
        raise ValueError("empty InListPassiveTarget answer")
    count = answer[0]
    if count == 0:
        return None
    if len(answer) < 6:
        raise ValueError(f"InListPassiveTarget answer too short: {answer.hex()}")
    uid_length = answer[5]
    uid = answer[6 : 6 + uid_length]
    if uid_length not in (4, 7, 10) or len(uid) != uid_length:
        raise ValueError(f"InListPassiveTarget answer has a bad UID length {uid_length}: {answer.hex()}")
    return bytes(uid)
