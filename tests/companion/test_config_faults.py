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
