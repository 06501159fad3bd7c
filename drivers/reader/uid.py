"""Card UIDs as text: upper-case hex of the whole UID, no separators.

ISO 14443-A UIDs are 4 (single size), 7 (double size, e.g. NTAG21x) or 10
(triple size) bytes.  The text form is what the card maps and the events use,
so every reader must produce exactly the same string for the same card.
"""

from __future__ import annotations

import re

from drivers.errors import ConfigError

UID_SIZES = (4, 7, 10)

_SEPARATORS = re.compile(r"[\s:\-]")
_HEX = re.compile(r"^[0-9A-Fa-f]+$")


def uid_to_text(uid: bytes) -> str:
    """Upper-case hex of all UID bytes, e.g. b"\\x04\\xa1..." -> "04A1..."."""
    return uid.hex().upper()


_UID_TEXT = re.compile(r"^(?:[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20})$")


def is_uid_text(text: object) -> bool:
    """True for the canonical form: upper-case hex of a 4, 7 or 10 byte UID."""
    return isinstance(text, str) and bool(_UID_TEXT.match(text))


def normalize_uid(text: str) -> str:
    """Accept "04:a1:b2:c3", "04 A1 B2 C3" or "04a1b2c3"; return "04A1B2C3".

    Raise ConfigError unless it is 4, 7 or 10 bytes of hex.
    """
    if not isinstance(text, str):
        raise ConfigError(f"a card UID must be text like '04A1B2C3D4E5F6', got {text!r}")
    compact = _SEPARATORS.sub("", text)
    if not compact or not _HEX.match(compact) or len(compact) % 2:
        raise ConfigError(f"card UID {text!r} is not whole bytes of hex (like '04A1B2C3D4E5F6')")
    size = len(compact) // 2
    if size not in UID_SIZES:
        raise ConfigError(f"card UID {text!r} has {size} bytes; ISO 14443-A UIDs have 4, 7 or 10")
    return compact.upper()
