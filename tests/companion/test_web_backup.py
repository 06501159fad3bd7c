"""The request size cap: no body longer than a backup upload is read, whatever the route."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest

from companion.web import backup
from companion.web.server import create_app
from tests.companion.web_helpers import Served


@pytest.fixture(autouse=True)
def _headless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


# --- the size cap -----------------------------------------------------------------------------------


def _raw_reply(port: int, request: bytes, wait: float = 5.0) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as sock:
        sock.sendall(request)
        return sock.recv(4096)


def test_a_request_longer_than_a_backup_is_refused_before_its_body_is_read(tmp_path: Path) -> None:
    served = Served(tmp_path)
    try:
        head = (f"POST /restore HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nContent-Type: multipart/form-data; "
                f"boundary=x\r\nContent-Length: {backup.BODY_LIMIT + 1}\r\n\r\n").encode()
        started = time.monotonic()
        reply = _raw_reply(served.port, head)
        assert reply.startswith(b"HTTP/1.1 413"), reply[:100]
        assert time.monotonic() - started < 5.0
        small = _raw_reply(served.port, f"POST /settings HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n"
                                        f"Content-Length: 3\r\n\r\na=b".encode())
        assert small.startswith(b"HTTP/1.1 403"), "a small request still reaches the page"
    finally:
        served.close()


def test_the_application_itself_refuses_a_body_longer_than_a_backup(tmp_path: Path) -> None:
    """Behind another server too: Flask refuses from the length alone, and the page says why."""
    client = create_app(tmp_path).test_client()
    reply = client.post("/restore", data=b"x" * 10, content_type="multipart/form-data; boundary=x",
                        environ_overrides={"CONTENT_LENGTH": str(backup.BODY_LIMIT + 1)})
    assert reply.status_code == 413
    assert "larger than 16 MB" in reply.get_data(as_text=True)
