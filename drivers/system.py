"""Facts about the machine the drivers run on (read-only, no side effects).

Every function takes a `root` so tests and the doctor can point it at a fake
filesystem tree.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Mapping
from pathlib import Path

SERIAL_PORTS = ("/dev/serial0", "/dev/serial1", "/dev/ttyAMA0", "/dev/ttyAMA10", "/dev/ttyS0", "/dev/ttyUSB0")


def _under(root: Path, path: str) -> Path:
    return root / path.lstrip("/")


def pi_model(root: Path = Path("/")) -> str | None:
    """The board model from the device tree ("Raspberry Pi 4 Model B Rev 1.4"), or None."""
    try:
        raw = _under(root, "/proc/device-tree/model").read_bytes()
    except OSError:
        return None
    return raw.rstrip(b"\x00").decode("utf-8", "replace").strip() or None


def is_raspberry_pi(root: Path = Path("/")) -> bool:
    model = pi_model(root)
    return model is not None and "Raspberry Pi" in model


def is_pi5(root: Path = Path("/")) -> bool:
    model = pi_model(root)
    return model is not None and "Raspberry Pi 5" in model


def has_desktop(env: Mapping[str, str] = os.environ) -> bool:
    """True when an X11 or Wayland session is reachable."""
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def nodes(pattern: str, root: Path = Path("/")) -> list[str]:
    """Device nodes matching a glob like /dev/spidev*, as absolute paths on the target."""
    base = str(root).rstrip("/")
    found = sorted(glob.glob(str(_under(root, pattern))))
    return [path[len(base):] if base else path for path in found]


def exists(path: str, root: Path = Path("/")) -> bool:
    return os.path.lexists(_under(root, path))


def resolve(path: str, root: Path = Path("/")) -> str | None:
    """Where a symlink such as /dev/serial0 points (relative to /dev), or None."""
    target = _under(root, path)
    if not target.is_symlink():
        return None
    return os.readlink(target)
