"""`companion run --mock`: the real loop with a display, headless and under Xvfb."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import CONFIG_EXIT

ARTEFACTS = os.environ.get("COMPANION_ARTEFACTS")


def _run(tmp_path: Path, env: dict[str, str], shot: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", "run", "--mock", "--state-dir", str(tmp_path / "state"),
         "--exit-after", "1.5", "--screenshot", str(shot)],
        env=env, capture_output=True, text=True, timeout=60)


def test_run_mock_headless_draws_and_stops(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    shot = tmp_path / "run.png"
    done = _run(tmp_path, env, shot)
    assert done.returncode == 0, done.stderr
    assert shot.stat().st_size > 1000


def test_bad_config_is_reported_with_file_and_key(tmp_path: Path) -> None:
    config = tmp_path / "companion.toml"
    config.write_text("[display]\nwidth = 12\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "companion.cli", "run", "--config", str(config)],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == CONFIG_EXIT
    assert f"{config}: display.width: 12 is not a whole number from 160 to 4096" in done.stderr


def _xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """An Xvfb on a display number it picks itself (no clash with another Xvfb, another test run's
    included), once it accepts connections."""
    read_end, write_end = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write_end,))
    os.close(write_end)
    with os.fdopen(read_end, "rb") as ready:
        # Xvfb writes "N\n" once it listens; if it dies first, the pipe ends empty.
        number = ready.readline().strip() if select.select([ready], [], [], 30)[0] else b""
    if not number.isdigit():
        xvfb.kill()
        xvfb.wait()
        raise AssertionError("Xvfb did not say which display it serves")
    return xvfb, f":{number.decode()}"


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed")
def test_the_laptop_window_opens_under_xvfb(tmp_path: Path) -> None:
    xvfb, display = _xvfb()
    try:
        env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy")
        env.pop("SDL_VIDEODRIVER", None)
        shot = Path(ARTEFACTS) / "window-xvfb.png" if ARTEFACTS else tmp_path / "window.png"
        shot.parent.mkdir(parents=True, exist_ok=True)
        done = _run(tmp_path, env, shot)
        assert done.returncode == 0, done.stderr
        assert shot.stat().st_size > 1000
        if shutil.which("xwd"):
            dump = subprocess.run(["xwd", "-root", "-display", display], capture_output=True, timeout=30)
            assert dump.returncode == 0 and len(dump.stdout) > 100_000
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


def test_a_missing_reader_does_not_stop_the_companion(tmp_path: Path) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('[reader]\nbackend = "rc522"\n[buttons]\nbackend = "mock"\n[display]\ndriver = "dummy"\n')
    shot = tmp_path / "shot.png"
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "run", "--config", str(config), "--state-dir", str(tmp_path / "s"),
         "--exit-after", "1.5", "--screenshot", str(shot)],
        env=dict(os.environ, SDL_AUDIODRIVER="dummy"), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert shot.exists()


def test_the_gpio_buttons_report_a_press_on_release(monkeypatch: pytest.MonkeyPatch) -> None:
    """What hardware/README.md says (tests/drivers/test_hardware_docs.py): at the table a long
    press is only a long press, because `companion run` opens GPIO buttons with press_on_release."""
    from companion.config import Config
    from companion.run_cmd import open_devices

    opened: dict[str, object] = {}

    class Opened(Exception):
        pass

    def open_buttons(backend: str, **options: object) -> None:
        opened.update(options, backend=backend)
        raise Opened

    monkeypatch.setattr("drivers.buttons.open_buttons", open_buttons)
    with pytest.raises(Opened):
        open_devices(Config(reader="mock", buttons="gpio"), mock=False)
    assert opened["backend"] == "gpio" and opened["press_on_release"] is True
