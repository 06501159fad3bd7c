"""One companion per state directory: the second is refused and told who holds it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.runtime.state_lock import LOCK_NAME, StateDirError, StateLocked, acquire

HOLD = ("import sys; from pathlib import Path; from companion.runtime.state_lock import acquire; "
        "lock = acquire(Path(sys.argv[1]), 'companion run'); print('held', flush=True); sys.stdin.read()")


def _holder(state: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen([sys.executable, "-c", HOLD, str(state)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline().strip() == "held"
    return child


def test_a_second_lock_in_one_process_is_refused_until_the_first_is_released(tmp_path: Path) -> None:
    first = acquire(tmp_path, "companion enroll", clock=lambda: 1_000_000.0)
    with pytest.raises(StateLocked) as refused:
        acquire(tmp_path, "companion run")
    text = str(refused.value)
    assert text.startswith(f"Another companion (pid {os.getpid()}, `companion enroll`, since ")
    assert f"is using {tmp_path}; finish that enrolment first" in text
    first.release()
    with acquire(tmp_path, "companion run") as again:
        assert again.held


def test_another_process_holding_the_lock_is_named(tmp_path: Path) -> None:
    child = _holder(tmp_path)
    try:
        with pytest.raises(StateLocked) as refused:
            acquire(tmp_path, "companion enroll")
        assert f"(pid {child.pid}, `companion run`, since " in str(refused.value)
        assert "stop it first: sudo systemctl stop table-companion" in str(refused.value)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    with acquire(tmp_path, "companion enroll") as lock:
        assert lock.held, "a lock file left by a killed companion does not block the next start"
    assert '"command": "companion enroll"' in (tmp_path / LOCK_NAME).read_text()


def test_a_damaged_lock_file_still_refuses_without_details(tmp_path: Path) -> None:
    with acquire(tmp_path, "companion run"):
        (tmp_path / LOCK_NAME).write_bytes(b"\xff[[[")
        with pytest.raises(StateLocked, match=f"^Another companion is using {tmp_path}; stop it first"):
            acquire(tmp_path, "companion run")


def test_a_file_in_place_of_the_state_folder_is_named(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.write_text("not a folder")
    with pytest.raises(StateDirError, match=f"^{state}: the state folder is a file, not a folder"):
        acquire(state, "companion run")


def test_a_state_folder_that_cannot_be_created_is_named(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    state = tmp_path / "file" / "state"
    with pytest.raises(StateDirError, match=f"^{state}: cannot create the state folder: Not a directory"):
        acquire(state, "companion run")
