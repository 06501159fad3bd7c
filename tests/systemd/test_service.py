"""The systemd unit and the Pi install script."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.runtime.config import EXAMPLE, KNOWN, installed_config, load_config
from drivers.config import BUTTON_NAMES
from drivers.reader import reader_option_names

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "table-companion.service"
INSTALL = ROOT / "systemd" / "install.sh"
COMPANION = Path(sys.executable).with_name("companion")


def _local_unit(tmp_path: Path) -> Path:
    """The unit with ExecStart pointing at this checkout's venv, so verify finds the program."""
    text = UNIT.read_text().replace("/opt/table-companion/venv/bin/companion", str(COMPANION))
    path = tmp_path / UNIT.name
    path.write_text(text)
    return path


def test_unit_has_the_settings_the_pi_needs() -> None:
    text = UNIT.read_text()
    for line in ("Type=notify", "WatchdogSec=", "Restart=on-failure", "StateDirectory=table-companion",
                 "NoNewPrivileges=yes", "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes",
                 "RestrictAddressFamilies=AF_UNIX", "SDL_VIDEODRIVER=kmsdrm", "User=companion"):
        assert line in text, line


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_analyze_verify_accepts_the_unit(tmp_path: Path) -> None:
    done = subprocess.run(["systemd-analyze", "verify", str(_local_unit(tmp_path))], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert UNIT.name not in done.stderr, done.stderr


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_security_exposure_is_low(tmp_path: Path) -> None:
    done = subprocess.run(["systemd-analyze", "security", "--offline=yes", str(_local_unit(tmp_path))],
                          capture_output=True, text=True, timeout=60)
    if "--offline" in done.stderr and done.returncode != 0:
        pytest.skip("this systemd-analyze has no --offline")
    match = re.search(r"Overall exposure level for \S+: ([0-9.]+) (\w+)", done.stdout)
    assert match, done.stdout[-500:]
    print(f"systemd-analyze security exposure: {match.group(1)} {match.group(2)}")
    assert float(match.group(1)) <= 2.0


def _source_copy(tmp_path: Path) -> Path:
    """install.sh from a copy of this checkout: pip builds in the source folder (build/, *.egg-info), and
    those must not change under the other tests, which run at the same time, nor linger in the checkout."""
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis", "artefacts",
        "demo-out"))
    return source / "systemd" / "install.sh"


@pytest.mark.slow
@pytest.mark.skipif(not os.access(sys.executable, os.X_OK), reason="no python")
def test_install_script_is_idempotent_and_uninstalls(tmp_path: Path) -> None:
    scratch = tmp_path / "root"
    env = dict(os.environ, COMPANION_INSTALL_ROOT=str(scratch))
    install = _source_copy(tmp_path)
    first = subprocess.run(["bash", str(install), "--enable-spi", "--no-start"], env=env, capture_output=True,
                           text=True, timeout=600)
    assert first.returncode == 0, first.stderr
    config = scratch / "etc/table-companion/companion.toml"
    cfg = load_config(config)
    assert cfg.reader == "rc522" and cfg.buttons == "gpio"
    assert (scratch / "etc/systemd/system/table-companion.service").read_text() == UNIT.read_text()
    web_unit = scratch / "etc/systemd/system/table-companion-web.service"
    assert web_unit.read_text() == (ROOT / "systemd/table-companion-web.service").read_text()
    assert (scratch / "opt/table-companion/venv/bin/companion").exists()
    assert cfg.state_dir == Path("/var/lib/table-companion"), "enroll by hand must find the service's folder"
    config.write_text(EXAMPLE.replace('backend = "rc522"', 'backend = "pn532"'))
    # The second run, as a table runs it again to drop the web page, on the same source: the program is not
    # installed again (a changed source is: test_the_source_fingerprint_follows_what_an_install_takes).
    second = subprocess.run(["bash", str(install), "--no-start", "--no-web"], env=env, capture_output=True,
                            text=True, timeout=600)
    assert second.returncode == 0, second.stderr
    assert "not installed again" in second.stdout
    assert subprocess.run([str(scratch / "opt/table-companion/venv/bin/companion"), "--help"],
                          capture_output=True, timeout=60).returncode == 0
    assert load_config(config).reader == "pn532", "a second run keeps the user's configuration"
    assert not web_unit.exists(), "--no-web removes the web page's unit"
    assert (scratch / "etc/systemd/system/table-companion.service").read_text() == UNIT.read_text()
    assert 'state_dir = "/var/lib/table-companion"' in second.stdout, "an older config without it is pointed out"
    state = scratch / "var/lib/table-companion"
    (state / "tags.json").write_text("{}")
    gone = subprocess.run(["bash", str(install), "--uninstall"], env=env, capture_output=True, text=True,
                          timeout=120)
    assert gone.returncode == 0 and not (scratch / "opt/table-companion").exists()
    assert not (scratch / "etc/systemd/system/table-companion.service").exists()
    assert (state / "tags.json").exists(), "saved data stays unless --purge"
    subprocess.run(["bash", str(install), "--uninstall", "--purge"], env=env, check=True, capture_output=True,
                   timeout=120)
    assert not state.exists() and not config.exists()


def _fingerprint(folder: Path) -> str:
    done = subprocess.run(["bash", "-c", '. "$1"; source_fingerprint "$2"', "-", str(ROOT / "scripts/venv.sh"),
                           str(folder)], capture_output=True, text=True, timeout=60, check=True)
    assert re.fullmatch(r"[0-9a-f]{64}\n", done.stdout), done.stdout
    return done.stdout


def test_the_source_fingerprint_follows_what_an_install_takes(tmp_path: Path) -> None:
    """install.sh installs the program again exactly when this fingerprint of its source changed: any file an
    install takes changes it; caches, version control and build output do not."""
    (tmp_path / "companion").mkdir()
    (tmp_path / "companion/cli.py").write_text("print('one')\n")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    first = _fingerprint(tmp_path)
    for ignored in (".git/index", "companion/__pycache__/cli.cpython-311.pyc", "build/lib/cli.py",
                    "x.egg-info/PKG-INFO", ".mypy_cache/x.json", ".venv/bin/python", "demo-out/a.png"):
        (tmp_path / ignored).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / ignored).write_text("anything")
    assert _fingerprint(tmp_path) == first
    (tmp_path / "companion/cli.py").write_text("print('two')\n")
    changed = _fingerprint(tmp_path)
    assert changed != first
    (tmp_path / "companion/data.toml").write_text("")
    assert _fingerprint(tmp_path) not in (first, changed), "a new file, even empty, changes it"
    (tmp_path / "companion/data.toml").rename(tmp_path / "companion/other.toml")
    renamed = _fingerprint(tmp_path)
    (tmp_path / "companion/other.toml").rename(tmp_path / "companion/data.toml")
    assert renamed != _fingerprint(tmp_path), "a renamed file changes it"


def test_install_script_refuses_unknown_options() -> None:
    done = subprocess.run(["bash", str(INSTALL), "--frobnicate"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and "unknown option --frobnicate" in done.stderr


def test_purge_without_uninstall_is_refused_before_anything_is_installed(tmp_path: Path) -> None:
    scratch = tmp_path / "root"
    env = dict(os.environ, COMPANION_INSTALL_ROOT=str(scratch))
    done = subprocess.run(["bash", str(INSTALL), "--purge"], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--purge only goes with --uninstall" in done.stderr
    assert not scratch.exists(), "nothing may be installed when the options are refused"


def test_problems_no_restart_can_fix_do_not_restart_the_unit() -> None:
    """A lock refusal or a bad configuration exits with its own code when even the screen
    cannot show it; systemd must not restart into the same refusal every 2 seconds."""
    from companion.runtime.config import CONFIG_EXIT
    from companion.runtime.state_lock import LOCKED_EXIT

    lines = [line for line in UNIT.read_text().splitlines() if line.startswith("RestartPreventExitStatus=")]
    assert len(lines) == 1
    assert set(lines[0].partition("=")[2].split()) == {str(LOCKED_EXIT), str(CONFIG_EXIT)}


OPTION_LINE = re.compile(r"^# ((\[[a-z_.]+\] .*)|([a-z_]+ = .*))$")


def test_every_commented_out_option_of_the_installed_config_loads(tmp_path: Path) -> None:
    """Uncommenting any option the installed file offers must give a file `companion run` accepts
    (its comment once offered `rst_pin`, which stopped the service)."""
    text = installed_config(str(tmp_path / "state"))
    opened = [OPTION_LINE.sub(r"\1", line) for line in text.splitlines()]
    assert len([a for a, b in zip(opened, text.splitlines(), strict=True) if a != b]) >= 3, "nothing was uncommented"
    path = tmp_path / "companion.toml"
    path.write_text("\n".join(opened) + "\n")
    cfg = load_config(path)
    assert cfg.reader_options == {"reset_pin": 25} and cfg.game == "samurai-spirit"


def test_every_option_named_in_a_comment_of_the_installed_config_exists() -> None:
    """Any `name = value` in a comment, even inside a sentence, names a real option."""
    known = {*KNOWN, *(key for keys in KNOWN.values() for key in keys), *BUTTON_NAMES,
             *(name for backend in ("rc522", "pn532", "mock") for name in reader_option_names(backend))}
    comments = [line.partition("#")[2] for line in installed_config("/var/lib/table-companion").splitlines()]
    named = {name for comment in comments for name in re.findall(r"([A-Za-z_]+) = ", comment)}
    assert named and named <= known, named - known
