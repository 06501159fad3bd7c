"""A restore's upload read as it arrives: the form's small fields first, then, once they are checked, the file.

Werkzeug's form parser reads a whole multipart body, writing each file
part to a temporary file, before the page can look at the PIN in it: eight
15 MiB uploads with a wrong PIN made 186 MB of temporary files. Browsers
send a form's fields in the page's order, and the restore form has its
token and the PIN before the file, so here the body is decoded part by part
with werkzeug's sans-IO `MultipartDecoder`: `fields()` reads the parts before
the file (at most `FIELD_COUNT`, each at most `FIELD_LIMIT` bytes), the page
checks them, and only then does the restore read the file part, as a stream,
without a copy anywhere. A refused upload is not read any further.
"""

from __future__ import annotations

import io
from typing import IO

from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.http import parse_options_header
from werkzeug.sansio.multipart import (
    Data,
    Epilogue,
    Event,
    Field,
    File,
    MultipartDecoder,
    NeedData,
    Preamble,
)

from engine import RuleError
from engine.core.messages import msg

FIELD_LIMIT = 4096
"""The longest field before the file: a token is 50 characters, a PIN 6."""
FIELD_COUNT = 8
CHUNK = 16 * 1024
HELD_LIMIT = 64 * 1024
"""What the decoder may hold while it looks for a part's end or the end of its headers."""


class UploadError(RuleError):
    """The body is not a form this page sends (not multipart, cut short, a field too long or too many)."""

    def __init__(self) -> None:
        super().__init__(msg("The upload is not a whole form from this page; reload the page and send it again."))


class MultipartUpload:
    """A multipart/form-data body read part by part from `stream`: `fields()`, then `file()`."""

    def __init__(self, stream: IO[bytes], content_type: str | None) -> None:
        mimetype, options = parse_options_header(content_type or "")
        boundary = options.get("boundary", "")
        if mimetype != "multipart/form-data" or not boundary or not boundary.isascii():
            raise UploadError()
        self._stream = stream
        self._decoder = MultipartDecoder(boundary.encode("ascii"), HELD_LIMIT)
        self._ended = False
        self.file_field: str | None = None
        """The name of the file part that follows the fields, None when the form had no file part."""

    def _next(self) -> Event:
        while True:
            try:
                event = self._decoder.next_event()
                if not isinstance(event, NeedData):
                    return event
                if self._ended:
                    raise UploadError()
                chunk = self._stream.read(CHUNK)
                if not chunk:
                    self._ended = True
                self._decoder.receive_data(chunk or None)
            except (ValueError, RequestEntityTooLarge):
                raise UploadError() from None

    def fields(self) -> dict[str, str]:
        """The fields before the first file part (or all of them, when there is none), as text."""
        found: dict[str, bytearray] = {}
        current: bytearray | None = None
        while True:
            event = self._next()
            if isinstance(event, Preamble):
                continue
            if isinstance(event, Field):
                if len(found) >= FIELD_COUNT:
                    raise UploadError()
                current = found.setdefault(event.name, bytearray())
                current.clear()
            elif isinstance(event, Data):
                if current is None or len(current) + len(event.data) > FIELD_LIMIT:
                    raise UploadError()
                current.extend(event.data)
                if not event.more_data:
                    current = None
            elif isinstance(event, File):
                self.file_field = event.name
                break
            elif isinstance(event, Epilogue):
                break
        return {name: bytes(value).decode("utf-8", "replace") for name, value in found.items()}

    def file(self) -> IO[bytes]:
        """The file part's bytes, read from the body as they are asked for (call after `fields()`)."""
        return io.BufferedReader(_FilePart(self), CHUNK)


class _FilePart(io.RawIOBase):
    def __init__(self, upload: MultipartUpload) -> None:
        super().__init__()
        self._upload = upload
        self._pending = b""
        self._done = upload.file_field is None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        while not self._pending and not self._done:
            event = self._upload._next()
            if not isinstance(event, Data):
                raise UploadError()
            self._pending = event.data
            self._done = not event.more_data
        size = min(len(buffer), len(self._pending))
        buffer[:size] = self._pending[:size]
        self._pending = self._pending[size:]
        return size
