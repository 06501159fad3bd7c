"""Packaging metadata that keeps `pip install` working and quiet."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

PYPROJECT = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text("utf-8"))


def test_license_is_an_spdx_expression() -> None:
    """The TOML-table form is deprecated by setuptools (unsupported after 2027-02-18)."""
    assert PYPROJECT["project"]["license"] == "MIT"


def test_build_requires_a_setuptools_that_reads_spdx_licenses() -> None:
    """PEP 639 string licenses need setuptools 77 or later."""
    pins = [r for r in PYPROJECT["build-system"]["requires"] if re.match(r"setuptools\b", r)]
    assert len(pins) == 1
    match = re.fullmatch(r"setuptools>=(\d+)(?:\.\d+)*", pins[0])
    assert match and int(match.group(1)) >= 77, pins
