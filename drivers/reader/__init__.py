"""Card readers: one poller and presence logic over RC522, PN532 or mock backends.

Importing this package never imports a vendor library; `open_reader` does,
for the backend it opens.
"""

from drivers.reader.backends import MockReaderOptions, mock_reader, open_reader, reader_option_names
from drivers.reader.base import PollingOptions, Reader, ReaderBackend
from drivers.reader.mock import DeckCard, MockReaderBackend, ScriptStep, VirtualDeck
from drivers.reader.uid import normalize_uid, uid_to_text

__all__ = [
    "DeckCard",
    "MockReaderBackend",
    "MockReaderOptions",
    "PollingOptions",
    "Reader",
    "ReaderBackend",
    "ScriptStep",
    "VirtualDeck",
    "mock_reader",
    "normalize_uid",
    "open_reader",
    "reader_option_names",
    "uid_to_text",
]
