"""The doctor on this laptop, on a fake Raspberry Pi filesystem, and with the mock backends."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from drivers.buttons import MockButtons
from drivers.doctor import DoctorOptions, lgpio_working_dir, parse_doctor_args, run_doctor

FAST = {"sdl_drivers": ("dummy",), "check_modules": False}


def doctor(options: DoctorOptions, **kwargs: Any) -> tuple[int, list[str]]:
    lines: list[str] = []
    status = run_doctor(options, lines.append, **kwargs)
    return status, lines


def fake_pi(root: Path, model: str = "Raspberry Pi 4 Model B Rev 1.4") -> Path:
    (root / "proc/device-tree").mkdir(parents=True)
    (root / "proc/device-tree/model").write_bytes(model.encode() + b"\x00")
    (root / "proc/cmdline").write_text("console=serial0,115200 console=tty1 root=PARTUUID=1234")
    dev = root / "dev"
    dev.mkdir()
    for node in ("spidev0.0", "spidev0.1", "gpiochip0", "ttyS0"):
        (dev / node).touch()
    (dev / "serial0").symlink_to("ttyS0")
    (root / "boot/firmware").mkdir(parents=True)
    (root / "boot/firmware/config.txt").write_text("# comment\ndtparam=spi=on\nenable_uart=1\n[all]\n")
    return root


def test_on_a_laptop_it_says_so_and_does_not_crash(tmp_path: Path) -> None:
    status, lines = doctor(DoctorOptions(root=tmp_path, **FAST))
    text = "\n".join(lines)
    assert status == 0
    assert "not a Raspberry Pi" in text
    assert "spi: no /dev/spidev*" in text and "do_spi 0" in text
    assert "serial: none" in text and "gpio: no /dev/gpiochip*" in text
    assert "sdl video drivers that initialise: dummy" in text
    assert lines[-1] == "done: all requested checks passed"


def test_on_a_fake_pi_it_lists_devices_config_and_console_warning(tmp_path: Path) -> None:
    status, lines = doctor(DoctorOptions(root=fake_pi(tmp_path), **FAST))
    text = "\n".join(lines)
    assert status == 0
    assert "machine: Raspberry Pi 4 Model B Rev 1.4" in text
    assert "spi: /dev/spidev0.0 /dev/spidev0.1" in text
    assert "serial: /dev/serial0 -> ttyS0, /dev/ttyS0" in text
    assert "gpio: /dev/gpiochip0" in text
    assert "boot config /boot/firmware/config.txt: dtparam=spi=on, enable_uart=1" in text
    assert "do_serial_cons 1" in text


def test_pi5_gets_the_uart_and_rpi_gpio_notes(tmp_path: Path) -> None:
    _, lines = doctor(DoctorOptions(root=fake_pi(tmp_path, "Raspberry Pi 5 Model B Rev 1.0"), **FAST))
    text = "\n".join(lines)
    assert "port=/dev/ttyAMA0" in text and "rpi-lgpio" in text


def test_reads_one_tag_from_the_mock_reader(tmp_path: Path) -> None:
    options = DoctorOptions(
        root=tmp_path,
        reader="mock",
        read_timeout_s=5.0,
        reader_options={"script": [(0.05, "place", "04A1B2C3D4E5F6")], "poll_interval_s": 0.01, "removal_quiet_s": 0.05},
        **FAST,
    )
    status, lines = doctor(options)
    assert status == 0
    assert "reader mock: read tag 04A1B2C3D4E5F6 (7-byte UID) with mock" in lines


def test_no_tag_in_time_fails(tmp_path: Path) -> None:
    options = DoctorOptions(root=tmp_path, reader="mock", read_timeout_s=0.1, **FAST)
    status, lines = doctor(options)
    assert status == 1
    assert any("FAILED: no tag read within 0.1 s" in line for line in lines)
    assert lines[-1].startswith("done: some checks FAILED")


def test_reader_outages_are_shown(tmp_path: Path) -> None:
    options = DoctorOptions(
        root=tmp_path,
        reader="mock",
        read_timeout_s=5.0,
        reader_options={
            "script": [(0.0, "fail", "cable out"), (0.05, "recover"), (0.0, "place", "04A1B2C3")],
            "poll_interval_s": 0.01,
            "removal_quiet_s": 0.05,
            "retry_initial_s": 0.01,
        },
        **FAST,
    )
    status, lines = doctor(options)
    assert status == 0
    assert "  reader lost: cable out" in lines and "  reader back" in lines


def test_an_unavailable_reader_is_reported_not_raised(tmp_path: Path, no_backend_env: None) -> None:
    options = DoctorOptions(root=tmp_path, reader="pn532", reader_options={"port": "x", "baudrate": 7}, **FAST)
    status, lines = doctor(options)
    assert status == 1
    assert any("FAILED to open" in line and "baudrate 7" in line for line in lines)


class PressedAtStart(MockButtons):
    """Buttons pressed (ok) and held (undo) the moment the doctor starts listening: nothing races its window."""

    def start(self, sink: Any) -> None:
        super().start(sink)
        self.press("ok")
        self.hold("undo")


def test_shows_button_presses(tmp_path: Path) -> None:
    options = DoctorOptions(root=tmp_path, buttons="mock", watch_buttons_s=0.4, **FAST)
    status, lines = doctor(options, buttons_opener=lambda backend, **options: PressedAtStart(**options))
    assert status == 0
    assert "  pressed: ok" in lines and "  held: undo" in lines
    assert "buttons mock: 2 event(s) seen" in lines


def test_gpio_buttons_off_pi_fail_cleanly(tmp_path: Path) -> None:
    class NoGpio:
        def __getattr__(self, name: str) -> Any:
            from gpiozero.exc import BadPinFactory

            raise BadPinFactory("Unable to load any default pin factory!")

    options = DoctorOptions(root=tmp_path, buttons="gpio", button_options={"pin_factory": NoGpio()}, **FAST)
    status, lines = doctor(options)
    assert status == 1
    assert any("buttons gpio: FAILED to open" in line and "COMPANION_BUTTONS=mock" in line for line in lines)


def test_command_line_parsing() -> None:
    options = parse_doctor_args(
        ["--reader", "pn532", "--reader-option", "port=/dev/ttyAMA0", "--reader-option", "baudrate=115200",
         "--read-timeout", "3", "--buttons", "gpio", "--watch-buttons", "0", "--no-display"]
    )
    assert options.reader == "pn532" and options.buttons == "gpio"
    assert options.reader_options == {"port": "/dev/ttyAMA0", "baudrate": 115200}
    assert options.read_timeout_s == 3.0 and options.sdl_drivers == ()
    assert parse_doctor_args([]).reader is None


def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_doctor(["--reader", "acr122"], print) == 2
    assert run_doctor(["--reader-option", "port"], print) == 2
    assert run_doctor(["--read-timeout", "0"], print) == 2
    assert "invalid choice: 'acr122'" in capsys.readouterr().err


def test_the_real_module_and_sdl_checks_run_on_this_machine(tmp_path: Path) -> None:
    status, lines = doctor(DoctorOptions(root=tmp_path, sdl_drivers=("dummy", "nosuchdriver")))
    text = "\n".join(lines)
    assert status == 0
    assert "module gpiozero: imports" in text
    assert "module mfrc522:" in text
    assert "nosuchdriver" in text
    assert os.environ.get("SDL_VIDEODRIVER") in (None, "dummy")


# --- lgpio's working directory (LG_WD) -------------------------------------------------------


def not_writable(*read_only: Path) -> Callable[[Path], bool]:
    return lambda path: path not in read_only


def test_lgpio_is_pointed_at_the_state_dir_when_the_cwd_is_not_writable(tmp_path: Path) -> None:
    home, state = tmp_path / "home", tmp_path / "state"
    home.mkdir()
    state.mkdir()
    env: dict[str, str] = {}
    assert lgpio_working_dir(env, home, state_dirs=(tmp_path / "missing", state), writable=not_writable(home)) == str(state)
    assert env == {"LG_WD": str(state)}


def test_lgpio_working_dir_is_left_alone_when_set_or_when_the_cwd_is_writable(tmp_path: Path) -> None:
    env = {"LG_WD": "/somewhere"}
    assert lgpio_working_dir(env, tmp_path, state_dirs=(tmp_path,), writable=not_writable(tmp_path)) is None
    assert env == {"LG_WD": "/somewhere"}
    env = {}
    assert lgpio_working_dir(env, tmp_path, state_dirs=(tmp_path,)) is None
    assert env == {}


def test_lgpio_falls_back_to_a_private_temporary_directory(tmp_path: Path) -> None:
    env: dict[str, str] = {}
    chosen = lgpio_working_dir(env, None, state_dirs=(tmp_path,), writable=not_writable(tmp_path))
    assert chosen is not None and env == {"LG_WD": chosen}
    assert Path(chosen).is_dir() and os.access(chosen, os.W_OK) and Path(chosen) != tmp_path
    os.rmdir(chosen)


def test_systemds_state_directory_comes_first(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    env = {"STATE_DIRECTORY": str(state)}
    assert lgpio_working_dir(env, tmp_path / "home", writable=not_writable(tmp_path / "home")) == str(state)


def test_the_doctor_sets_lg_wd_before_anything_imports_lgpio(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LG_WD", "placeholder")
    monkeypatch.delenv("LG_WD")
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path))
    monkeypatch.setattr("drivers.doctor._writable", lambda path: path == tmp_path)
    status, lines = doctor(DoctorOptions(root=tmp_path, **FAST))
    assert status == 0
    assert os.environ["LG_WD"] == str(tmp_path)
    assert lines[1] == f"lgpio: the current directory is not writable; LG_WD={tmp_path} (lgpio makes its pipes there)"


def test_every_line_goes_through_the_injected_words(tmp_path: Path) -> None:
    """The doctor's texts are templates: a translator passed as `msg` says every line it prints."""
    said: list[str] = []

    def upper(template: str, **params: Any) -> str:
        said.append(template)
        return template.format(**params).upper()

    lines: list[str] = []
    status = run_doctor(DoctorOptions(root=fake_pi(tmp_path), **FAST), lines.append, msg=upper)
    assert status == 0 and lines and all(line == line.upper() for line in lines)
    assert "machine: {model}" in said and len(said) == len(lines)
