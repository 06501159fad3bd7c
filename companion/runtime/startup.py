"""Start-up speed: keep pygame from importing `pkg_resources`.

pygame's `pkgdata` module tries `from pkg_resources import ...` at import
time and falls back to plain file access when that fails. `pkg_resources`
(from setuptools, deprecated) takes about 80 ms to import on a laptop and
several times that on a Pi 3, only to locate pygame's default font, which the
fallback finds just as well. Marking it absent before pygame is imported
makes `import pkg_resources` raise ImportError, the case pygame supports.
Nothing else the companion uses needs it.
"""

from __future__ import annotations

import sys


def skip_pkg_resources() -> None:
    """Call before the first `import pygame`; does nothing if it is already imported."""
    if "pkg_resources" not in sys.modules and "pygame" not in sys.modules:
        sys.modules["pkg_resources"] = None  # type: ignore[assignment]
