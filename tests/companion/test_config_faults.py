"""A damaged configuration file is refused with its path and the reason, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import ConfigError, load_config


def test_invalid_utf8_names_the_byte(tmp_path: Path) -> None:
    path = tmp_path / "companion.toml"
    path.write_bytes(b'[display]\ndriver = "\xe9"\n')
    with pytest.raises(ConfigError, match=rf"^{path}: not UTF-8 text \(byte 0xe9 at offset 20\)"):
        load_config(path)


def test_a_directory_in_place_of_the_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=f"^{tmp_path}: cannot read the configuration: Is a directory"):
        load_config(tmp_path)


def test_an_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "companion.toml"
    path.write_text("[app]\n")

    def denied(self: Path) -> bytes:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", denied)
    with pytest.raises(ConfigError, match=f"^{path}: cannot read the configuration: Permission denied"):
        load_config(path)


@pytest.mark.parametrize("text", [
    "a = " + "{b = " * 5000 + "1" + "}" * 5000,
    "a = " + "[" * 5000 + "]" * 5000,
    "reader.backend" + ".x" * 5000 + " = 1",
    "[reader.options" + ".x" * 5000 + "]\n",
])
def test_deep_nesting_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "companion.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=f"^{path}: nested too deeply"):
        load_config(path)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such configuration file"):
        load_config(tmp_path / "nope.toml")


def test_a_misspelled_reader_option_names_the_option_and_the_nearest_one(tmp_path: Path) -> None:
    """`rst_pin` used to pass the file check and stop `companion run` only when the reader opened
    (exit 2, black screen, restart): it is a configuration problem like any bad value."""
    path = tmp_path / "companion.toml"
    path.write_text('[reader]\nbackend = "rc522"\n[reader.options]\nrst_pin = 25\n')
    with pytest.raises(ConfigError, match=rf"^{path}: reader.options.rst_pin: unknown option for the rc522 reader "
                                          r"\(options: name, spi_bus, .*\); did you mean reset_pin\?$"):
        load_config(path)


def test_a_bad_reader_option_value_is_refused_at_load(tmp_path: Path) -> None:
    path = tmp_path / "companion.toml"
    path.write_text('[reader]\nbackend = "rc522"\n[reader.options]\nreset_pin = 8\n')
    with pytest.raises(ConfigError, match=rf"^{path}: reader.options: reset_pin 8 is an SPI0 pin"):
        load_config(path)
    path.write_text('[reader]\nbackend = "pn532"\n[reader.options]\nport = "/dev/ttyAMA0"\nname = ""\n')
    with pytest.raises(ConfigError, match="option 'name' must be a non-empty string"):
        load_config(path)


@pytest.mark.parametrize(("text", "key", "guess"), [
    ("[buttons]\nhold = 1.0\n", "buttons.hold", "hold_s"),
    ("[advisr]\nenabled = false\n", "advisr", "advisor"),
    ("[buttons.pins]\nundoo = 21\n", "buttons.pins.undoo", "undo"),
])
def test_other_misspellings_name_the_nearest_key(tmp_path: Path, text: str, key: str, guess: str) -> None:
    path = tmp_path / "companion.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=rf"^{path}: {key}: unknown .*; did you mean {guess}\?$"):
        load_config(path)


def test_a_name_far_from_every_key_gets_the_list_only(tmp_path: Path) -> None:
    path = tmp_path / "companion.toml"
    path.write_text("[reader.options]\nzzz = 1\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert "unknown option for the mock reader" in str(caught.value) and "did you mean" not in str(caught.value)
