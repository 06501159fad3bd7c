"""`companion engine`: the engine protocol on stdin and stdout."""

from __future__ import annotations

import secrets
import sys
from typing import TextIO

from engine.protocol import ProtocolSession


def run(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Answer each input line with one output line until end of input."""
    session = ProtocolSession(new_seed=lambda: secrets.randbelow(2**31))
    for line in stdin:
        if not line.strip():
            continue
        stdout.write(session.handle_line(line) + "\n")
        stdout.flush()
    return 0
