"""Reading a full ISO 14443-A UID through an MFRC522 chip.

The protocol logic talks to a tiny `RC522Chip` interface (request,
transceive, crc) so it runs unchanged against the real chip (our register-level
transceive over the `mfrc522` package's SPI primitives, `drivers.reader.rc522`)
and against `FakeRC522Chip`.

Why not the library's own `MFRC522_Anticoll`/`read_id`: they stop at cascade
level 1, which for a 7-byte NTAG21x UID returns the cascade tag 0x88 plus
only 3 UID bytes, so many stickers of one batch would share an id.  Here
every cascade level is run until the SAK says the UID is complete.

Why WUPA rather than REQA: after a read the card is sent to HALT (so it does
not answer the next poll's first frame half-way through a read).  A halted
card ignores REQA but answers WUPA, so a card resting on the reader is read
on every poll and stays one placement.  With REQA it would go silent after
the first read and look removed.

Why `CardWatch`: a full read of a 7-byte UID is six frames (about 109 SPI
transfers).  While the card that was read rests on the reader, ISO 14443-3
states make a three-frame check enough:

- A card only enters HALT through our HLTA after a full read, and a card
  that leaves the field loses power and comes back IDLE.  A full read with
  WUPA (which wakes IDLE and HALT cards) that succeeds means exactly one
  card answered: two would collide at some cascade level.
- Next poll, REQA first: halted cards ignore it, so any answer comes from a
  card that is new to the field (a swapped card, or the same one lifted and
  put back).  That card is read in full right away (it is READY), and the
  poll after runs a full WUPA read again.
- No answer to REQA, then WUPA: an answer can only come from the halted card
  we read (or from a card that arrived in the milliseconds between the two
  requests).  HLTA then sends every READY card back where it came from: the
  halted card to HALT, a card that just arrived to IDLE, so the next REQA
  finds it instead of every later WUPA waking it and every REQA silencing it.
- No answer to WUPA either: the card is gone.

Two cards resting on the reader at once are not supported (they collide on
a full read, as before).
"""

from __future__ import annotations

from typing import Protocol

from drivers.reader.iso14443 import (
    CASCADE_TAG,
    HLTA,
    NVB_ANTICOLLISION,
    NVB_SELECT,
    REQA,
    SAK_UID_NOT_COMPLETE,
    SEL_CASCADE_LEVELS,
    WUPA,
    bcc,
)


class RC522Chip(Protocol):
    """The three chip operations the UID reader needs.

    request(mode): send REQA/WUPA as a 7-bit frame; True when a 16-bit ATQA came back.
    transceive(data): send whole bytes, return the whole bytes answered, or None
        on timeout, collision, parity/CRC error or a partial byte.
    crc(data): the CRC_A of `data`, two bytes low first.
    Any of them may raise OSError when the SPI bus fails.
    """

    def request(self, mode: int) -> bool: ...

    def transceive(self, data: bytes) -> bytes | None: ...

    def crc(self, data: bytes) -> bytes: ...


class CardWatch:
    """Full UID reads, and a cheap check while the card that was read rests (see the module docstring)."""

    def __init__(self) -> None:
        self._resting: bytes | None = None

    def forget(self) -> None:
        """The chip was reset (its field went off): the next poll reads in full."""
        self._resting = None

    def poll(self, chip: RC522Chip) -> bytes | None:
        """The full UID of the card in the field, or None.  OSError from the bus propagates."""
        resting, self._resting = self._resting, None
        if resting is None:
            self._resting = read_uid(chip, WUPA)
            return self._resting
        if chip.request(REQA):
            return select_cascade(chip)  # new to the field; maybe not alone: read in full next poll
        if chip.request(WUPA):
            halt(chip)
            self._resting = resting
            return resting
        return None


def read_uid(chip: RC522Chip, request_mode: int = WUPA) -> bytes | None:
    """Activate the card in the field and return its full UID, or None.

    Runs REQA/WUPA, then `select_cascade`.  OSError from the bus propagates.
    """
    if not chip.request(request_mode):
        return None
    return select_cascade(chip)


def select_cascade(chip: RC522Chip) -> bytes | None:
    """The full UID of the card a request just made READY, then HLTA; or None.

    For each cascade level: anticollision (SEL 0x20), BCC check, SELECT (SEL
    0x70 + chunk + BCC + CRC_A) and the SAK answer's CRC check, continuing
    while the SAK says "UID not complete" and the chunk starts with the
    cascade tag.  Finally sends HLTA.  Any inconsistency (bad BCC or CRC,
    collision, card gone, SAK and cascade tag disagreeing) gives None: never
    a truncated UID.
    """
    uid = bytearray()
    for sel in SEL_CASCADE_LEVELS:
        answer = chip.transceive(bytes((sel, NVB_ANTICOLLISION)))
        if answer is None or len(answer) != 5:
            return None
        chunk, check = answer[:4], answer[4]
        if bcc(chunk) != check:
            return None
        select = bytes((sel, NVB_SELECT)) + answer
        sak_answer = chip.transceive(select + chip.crc(select))
        if sak_answer is None or len(sak_answer) != 3:
            return None
        if chip.crc(sak_answer[:1]) != sak_answer[1:]:
            return None
        sak = sak_answer[0]
        if sak & SAK_UID_NOT_COMPLETE:
            if chunk[0] != CASCADE_TAG:
                return None
            uid += chunk[1:]
            continue
        if chunk[0] == CASCADE_TAG:
            return None
        uid += chunk
        halt(chip)
        return bytes(uid)
    return None


def halt(chip: RC522Chip) -> None:
    """Send HLTA; a card acknowledges it by silence, so the answer is ignored."""
    frame = bytes(HLTA)
    chip.transceive(frame + chip.crc(frame))
