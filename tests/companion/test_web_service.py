"""The web page's systemd unit: hardened like the companion's, but with the local network and no devices."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAIN = ROOT / "systemd" / "table-companion.service"
WEB = ROOT / "systemd" / "table-companion-web.service"
NETWORK = {"PrivateNetwork", "IPAddressDeny", "IPAddressAllow", "RestrictAddressFamilies"}
DEVICES = {"DeviceAllow", "SupplementaryGroups"}
NOT_A_SERVICE_PROCESS = {"Type", "NotifyAccess", "WatchdogSec", "RestartPreventExitStatus", "TimeoutStartSec",
                         "ExecStart", "Environment", "Description", "After", "Documentation"}


def _settings(path: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in path.read_text("utf-8").splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            found.setdefault(key, []).append(value)
    return found


def test_the_web_unit_keeps_every_hardening_of_the_companions_unit() -> None:
    main, web = _settings(MAIN), _settings(WEB)
    for key, values in main.items():
        if key in NETWORK | DEVICES | NOT_A_SERVICE_PROCESS:
            continue
        assert web.get(key) == values, f"{key}: {web.get(key)} in the web unit, {values} in the companion's"


def test_the_web_unit_reaches_only_the_local_network_and_no_device() -> None:
    web = _settings(WEB)
    assert "PrivateNetwork" not in web
    assert web["IPAddressDeny"] == ["any"]
    allowed = web["IPAddressAllow"][0].split()
    assert "localhost" in allowed and "192.168.0.0/16" in allowed and "0.0.0.0/0" not in allowed
    assert web["PrivateDevices"] == ["yes"] and "DeviceAllow" not in web
    assert "companion web" in web["ExecStart"][0]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed here")
def test_systemd_accepts_the_web_unit() -> None:
    done = subprocess.run(["systemd-analyze", "verify", "--man=no", str(WEB)], capture_output=True, text=True)
    problems = [line for line in done.stderr.splitlines()
                if "table-companion-web.service" in line and "Command" not in line and "not found" not in line]
    assert not problems, problems


def test_the_web_unit_bounds_its_memory_and_threads() -> None:
    """A request that goes wrong ends the page's service, never the companion's memory or the Pi's threads."""
    web = _settings(WEB)
    memory = web["MemoryMax"][0]
    assert memory.endswith("M") and 128 <= int(memory[:-1]) <= 512
    assert 8 <= int(web["TasksMax"][0]) <= 64
