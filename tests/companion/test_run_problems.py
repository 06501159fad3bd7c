"""`companion run` when something stops it: the reason on stderr AND on the screen, and
under systemd the process stays up (READY, watchdog pings) instead of a restart loop."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app.assembly import build_app
from companion.runtime.config import CONFIG_EXIT, Config
from companion.runtime.problem_screen import ProblemScreen
from companion.runtime.state_lock import LOCKED_EXIT
from companion.runtime.tagmap import FILE_NAME
from drivers.events import ButtonPressed, CardPlaced

BAD_CONFIG = "[display]\nwidth = 12\n"
DAMAGED = b'{"format": 1, "game": "samurai-spirit", "tags": {"04A1B2C3": "card:1-hat-none", "04A1B2C3": 5}}'


def _companion(args: list[str], env: dict[str, str] | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k not in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID")}
    full.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **(env or {}))
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], capture_output=True,
                          text=True, timeout=timeout, env=full)


class Systemd:
    """A stand-in for systemd's notify socket, read as it arrives (a datagram queue holds only a few)."""

    END = b"END-OF-TEST"

    def __init__(self, path: Path) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.env = {"NOTIFY_SOCKET": str(path), "WATCHDOG_USEC": "200000"}
        self.messages: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = self.sock.recv(4096)
            except OSError:
                return
            if data == self.END:
                return
            self.messages.append(data.decode())

    def received(self) -> list[str]:
        """Everything the companion sent: the end marker queues behind its last datagram."""
        if self.reader.is_alive():
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender:
                sender.sendto(self.END, self.env["NOTIFY_SOCKET"])
            self.reader.join(timeout=30)
        return self.messages

    def close(self) -> None:
        self.received()
        self.sock.close()


@pytest.fixture
def systemd(tmp_path: Path) -> Iterator[Systemd]:
    stand_in = Systemd(tmp_path / "notify")
    yield stand_in
    stand_in.close()


def _screen_text(shot: Path) -> int:
    """How many pixels differ from the background: a frame with text on it, not a black screen."""
    import pygame

    image = pygame.image.load(str(shot))
    background = image.get_at((image.get_width() // 2, image.get_height() - 2))
    return sum(1 for x in range(0, image.get_width(), 4) for y in range(0, image.get_height(), 4)
               if image.get_at((x, y)) != background)


def test_a_bad_config_is_drawn_on_the_screen_with_the_built_in_display(tmp_path: Path) -> None:
    config = tmp_path / "companion.toml"
    config.write_text(BAD_CONFIG)
    shot = tmp_path / "shot.png"
    done = _companion(["run", "--config", str(config), "--screenshot", str(shot)])
    assert done.returncode == CONFIG_EXIT, done.stderr
    assert f"{config}: display.width: 12" in done.stderr
    assert shot.exists() and _screen_text(shot) > 50


def test_under_systemd_a_bad_config_stays_up_and_answers_the_watchdog(
        tmp_path: Path, systemd: Systemd) -> None:
    config = tmp_path / "companion.toml"
    config.write_bytes(b"[display]\ndriver = \"\xff\"\n")
    done = _companion(["run", "--config", str(config), "--exit-after", "1.0"], systemd.env)
    assert done.returncode == CONFIG_EXIT, done.stderr
    messages = systemd.received()
    assert "READY=1" in messages and "WATCHDOG=1" in messages, messages
    assert any(m.startswith("STATUS=The configuration cannot be used") and "not UTF-8" in m for m in messages)


def test_a_state_folder_that_is_a_file_is_named(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.write_text("")
    done = _companion(["run", "--mock", "--state-dir", str(state)])
    assert done.returncode == CONFIG_EXIT
    assert f"{state}: the state folder is a file, not a folder" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_second_companion_on_one_state_folder_is_refused(tmp_path: Path) -> None:
    state = tmp_path / "state"
    first = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "run", "--mock", "--state-dir", str(state)],
        env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        lock = state / "companion.lock"
        while not (lock.exists() and lock.read_text().endswith("\n")):
            assert first.poll() is None, "the first companion stopped"
        for command in ("run", "enroll"):
            done = _companion([command, "--mock", "--state-dir", str(state)])
            assert done.returncode == LOCKED_EXIT, (command, done.stderr)
            assert f"Another companion (pid {first.pid}, `companion run`, since " in done.stderr
            assert f"is using {state}; stop it first: sudo systemctl stop table-companion" in done.stderr
    finally:
        first.send_signal(signal.SIGTERM)
        first.wait(timeout=30)


def test_a_damaged_tag_map_is_shown_and_kept_byte_for_byte(
        tmp_path: Path, systemd: Systemd) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / FILE_NAME).write_bytes(DAMAGED)
    config = tmp_path / "companion.toml"
    config.write_text('[reader]\nbackend = "mock"\n[buttons]\nbackend = "mock"\n[display]\ndriver = "dummy"\n')
    shot = tmp_path / "shot.png"
    done = _companion(["run", "--config", str(config), "--state-dir", str(state), "--exit-after", "1.0",
                       "--screenshot", str(shot)], systemd.env)
    assert done.returncode == 0, done.stderr
    assert f"{state / FILE_NAME}: tag 04A1B2C3 is listed twice" in done.stderr
    assert any(m.startswith("STATUS=the tag map is damaged") for m in systemd.received())
    assert (state / FILE_NAME).read_bytes() == DAMAGED


def test_enroll_refuses_a_damaged_tag_map_and_leaves_it(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_bytes(DAMAGED)
    done = _companion(["enroll", "--mock", "--state-dir", str(tmp_path)])
    assert done.returncode == 2
    assert "tag 04A1B2C3 is listed twice" in done.stderr and "left exactly as it is" in done.stderr
    assert (tmp_path / FILE_NAME).read_bytes() == DAMAGED


def test_a_tag_enrolled_on_the_spot_never_overwrites_a_damaged_map(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_bytes(DAMAGED)
    app, damage = build_app(Config(state_dir=tmp_path), tmp_path, mock=False)
    assert damage is not None and "listed twice" in damage.text
    app.start()
    app.handle(CardPlaced("04AABBCCDDEEFF", "mock", app.clock()))
    for _ in range(3):
        app.handle(ButtonPressed("ok", app.clock()))
    assert app.tags.target("04AABBCCDDEEFF") is not None, "the tag was bound for this session"
    assert (tmp_path / FILE_NAME).read_bytes() == DAMAGED


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_problem_screen_retries_and_ends_when_the_problem_went_away() -> None:
    clock = Clock()
    free = [False]
    problem = ProblemScreen("Another companion is running", ("x",), clock, retry=lambda: free[0])
    assert problem.screen().kind == "message" and problem.screen().title == "Another companion is running"
    clock.now = problem.deadline() or 0.0
    problem.tick()
    assert not problem.done
    free[0] = True
    clock.now = problem.deadline() or 0.0
    problem.tick()
    assert problem.done


def test_ok_continues_only_where_allowed() -> None:
    stuck = ProblemScreen("t", ("x",), Clock())
    stuck.handle(ButtonPressed("ok", 0.0))
    assert not stuck.done and stuck.screen().buttons == ()
    gate = ProblemScreen("t", ("x",), Clock(), ok_continues=True)
    gate.handle(ButtonPressed("next", 0.0))
    assert not gate.done
    gate.handle(ButtonPressed("ok", 0.0))
    assert gate.done and gate.screen().detail[-1] == "OK: continue anyway."


def test_a_misspelled_reader_option_is_the_configuration_screen_not_a_crash(
        tmp_path: Path, systemd: Systemd) -> None:
    """The installed file's comment once said `rst_pin`: run exited 2 with a black screen and systemd
    restarted it every few seconds. Now it is the configuration problem, named, and the process stays up."""
    config = tmp_path / "companion.toml"
    config.write_text('[reader]\nbackend = "rc522"\n[reader.options]\nrst_pin = 25\n')
    shot = tmp_path / "shot.png"
    done = _companion(["run", "--config", str(config), "--state-dir", str(tmp_path / "state"),
                       "--exit-after", "1.0", "--screenshot", str(shot)], systemd.env)
    assert done.returncode == CONFIG_EXIT, done.stderr
    assert "reader.options.rst_pin: unknown option" in done.stderr and "did you mean reset_pin?" in done.stderr
    assert "Traceback" not in done.stderr
    assert any(m.startswith("STATUS=The configuration cannot be used") and "reset_pin" in m
               for m in systemd.received())
    assert shot.exists() and _screen_text(shot) > 50


def test_a_setting_only_a_device_refuses_is_the_configuration_screen(tmp_path: Path) -> None:
    """A button on the RC522's reset pin passes the file check but the GPIO driver refuses it:
    the same screen and exit code as a bad file, never exit 2 (which systemd restarts)."""
    config = tmp_path / "companion.toml"
    config.write_text('[buttons]\nbackend = "gpio"\n[buttons.pins]\nok = 25\n')
    shot = tmp_path / "shot.png"
    done = _companion(["run", "--config", str(config), "--state-dir", str(tmp_path / "state"),
                       "--screenshot", str(shot)])
    assert done.returncode == CONFIG_EXIT, done.stderr
    assert f"{config}: button 'ok': BCM pin 25 is reserved for the RC522 reset" in done.stderr
    assert shot.exists() and _screen_text(shot) > 50
