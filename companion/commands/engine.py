"""`companion engine`: the engine protocol on stdin and stdout.

Stdin is read as bytes and split on b"\\n" only: text-mode reading would die
on the first invalid UTF-8 byte (losing the answers to earlier lines still
in its buffer) and would also split lines at U+2028 or form feeds, giving a
client more answers than it sent lines. Each line, whatever it holds, gets
exactly one answer line.
"""

from __future__ import annotations

import secrets
import sys
import time
from collections.abc import Iterator
from typing import BinaryIO, TextIO

from engine.protocol import MAX_LINE_BYTES, ProtocolSession


def read_lines(source: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[bytes]:
    """Lines without their b"\\n"; a line longer than `limit` comes cut to limit + 1 bytes.

    The rest of an overlong line is read and dropped in chunks, so a line of
    gigabytes costs no more memory than a short one and still gets one answer.
    """
    while True:
        line = source.readline(limit + 1)
        if not line:
            return
        if line.endswith(b"\n"):
            yield line[:-1]
            continue
        if len(line) <= limit:
            yield line  # the last line, without a newline
            return
        while True:
            rest = source.readline(limit + 1)
            if not rest or rest.endswith(b"\n"):
                break
        yield line


def run(stdin: BinaryIO | None = None, stdout: TextIO | None = None) -> int:
    """Answer each input line with one output line until end of input."""
    source = stdin if stdin is not None else sys.stdin.buffer
    sink = stdout if stdout is not None else sys.stdout
    session = ProtocolSession(new_seed=lambda: secrets.randbelow(2**31), clock=time.monotonic)
    for line in read_lines(source):
        sink.write(session.handle_line(line) + "\n")
        sink.flush()
    return 0
