"""Importing the drivers on a laptop must not import any vendor hardware library."""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import drivers

VENDOR = ("mfrc522", "RPi", "RPi.GPIO", "spidev", "lgpio", "pigpio")
ROOT = Path(__file__).resolve().parents[2]


def every_driver_module() -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages(drivers.__path__, "drivers."))


def test_every_driver_module_imports_without_vendor_libraries() -> None:
    modules = every_driver_module()
    assert "drivers.reader.rc522" in modules and "drivers.buttons.gpio" in modules
    code = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert not loaded & set(VENDOR)


def test_import_drivers_stays_light() -> None:
    code = "import json, sys, drivers\nprint(json.dumps(sorted(sys.modules)))\n"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert not loaded & set(VENDOR)
    assert not loaded & {"pygame", "gpiozero", "serial"}
    assert not loaded & {"engine", "companion"}


def test_drivers_never_import_engine_or_companion() -> None:
    for path in Path(drivers.__file__).parent.rglob("*.py"):
        text = path.read_text()
        for forbidden in ("import engine", "from engine", "import companion", "from companion"):
            assert forbidden not in text, f"{path} mentions {forbidden!r}"


def test_import_drivers_events_imports_no_other_driver_module() -> None:
    """The app imports drivers.events at start-up: the package __init__ must stay lazy."""
    code = (
        "import json, sys, drivers.events, drivers.event_queue\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'drivers')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == ["drivers", "drivers.event_queue", "drivers.events"]


def test_star_import_still_gives_every_public_name() -> None:
    code = "import json\nfrom drivers import *\nprint(json.dumps(sorted(n for n in dir() if not n.startswith('_'))))\n"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    names = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert set(drivers.__all__) <= names


def test_public_names_resolve_to_their_modules_objects() -> None:
    assert sorted(drivers.__all__) == sorted(drivers._LAZY)
    for name in drivers.__all__:
        assert getattr(drivers, name) is getattr(importlib.import_module(drivers._LAZY[name]), name)
    assert set(drivers.__all__) <= set(dir(drivers))
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        _ = drivers.no_such_name
