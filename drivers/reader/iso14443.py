"""ISO/IEC 14443-3 type A bits shared by the RC522 protocol code and its fake.

Pure functions and constants only: the CRC_A checksum, the BCC of an
anticollision answer, and the command bytes of the activation sequence.
"""

from __future__ import annotations

from functools import reduce

REQA = 0x26  # wakes cards in IDLE only
WUPA = 0x52  # wakes cards in IDLE and HALT (used so a resting card answers every poll)
HLTA = (0x50, 0x00)
CASCADE_TAG = 0x88  # first byte of a level's answer when more UID bytes follow
SEL_CASCADE_LEVELS = (0x93, 0x95, 0x97)  # SEL codes of cascade levels 1, 2, 3
NVB_ANTICOLLISION = 0x20  # "2 bytes sent, send me all UID bits"
NVB_SELECT = 0x70  # "7 bytes sent: the full UID chunk and BCC"
SAK_UID_NOT_COMPLETE = 0x04


def crc_a(data: bytes) -> bytes:
    """CRC_A of `data` as the two bytes sent on air (low byte first).

    Polynomial x^16 + x^12 + x^5 + 1, reflected, initial value 0x6363.
    """
    crc = 0x6363
    for byte in data:
        byte ^= crc & 0xFF
        byte = (byte ^ (byte << 4)) & 0xFF
        crc = ((crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)) & 0xFFFF
    return bytes((crc & 0xFF, crc >> 8))


def bcc(chunk: bytes) -> int:
    """Block check character of a 4-byte UID chunk: XOR of its bytes."""
    return reduce(lambda a, b: a ^ b, chunk, 0)


def uid_chunks(uid: bytes) -> list[bytes]:
    """Split a 4, 7 or 10 byte UID into the 4-byte chunks each cascade level answers."""
    if len(uid) == 4:
        return [uid]
    if len(uid) == 7:
        return [bytes((CASCADE_TAG,)) + uid[:3], uid[3:]]
    if len(uid) == 10:
        return [bytes((CASCADE_TAG,)) + uid[:3], bytes((CASCADE_TAG,)) + uid[3:6], uid[6:]]
    raise ValueError(f"ISO 14443-A UIDs have 4, 7 or 10 bytes, not {len(uid)}")
