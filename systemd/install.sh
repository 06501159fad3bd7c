#!/usr/bin/env bash
# Install (or uninstall) the table companion as a service on Raspberry Pi OS.
# Safe to run again: every step checks what is already there.
#
#   sudo bash systemd/install.sh                 install or update, enable and start
#   sudo bash systemd/install.sh --enable-spi    also turn on SPI (RC522 reader)
#   sudo bash systemd/install.sh --enable-uart   also turn on the UART (PN532 reader), console off
#   sudo bash systemd/install.sh --no-start      install and enable, but do not start now
#   sudo bash systemd/install.sh --no-web        without the web page on the home network
#   sudo bash systemd/install.sh --uninstall     stop and remove the service and the program
#   sudo bash systemd/install.sh --uninstall --purge   also remove saved games, tag map, config, user
set -euo pipefail

PREFIX=/opt/table-companion
VENV=$PREFIX/venv
CONFIG_DIR=/etc/table-companion
STATE_DIR=/var/lib/table-companion
UNIT=table-companion.service
WEB_UNIT=table-companion-web.service
USER_NAME=companion
GROUPS_WANTED=(gpio spi dialout video input render)
SOURCE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROOT="${COMPANION_INSTALL_ROOT:-}"   # for tests: install under a scratch root, skip system changes

enable_spi=0; enable_uart=0; start=1; uninstall=0; purge=0; web=1
for arg in "$@"; do
    case "$arg" in
        --enable-spi) enable_spi=1 ;;
        --enable-uart) enable_uart=1 ;;
        --no-start) start=0 ;;
        --no-web) web=0 ;;
        --uninstall) uninstall=1 ;;
        --purge) purge=1 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $arg (see --help)" >&2; exit 2 ;;
    esac
done
if [ "$purge" -eq 1 ] && [ "$uninstall" -eq 0 ]; then
    echo "install.sh: --purge only goes with --uninstall (it deletes saved games, the tag map and the configuration):" >&2
    echo "    sudo bash systemd/install.sh --uninstall --purge" >&2
    exit 2
fi

say() { echo "table-companion: $*"; }
system() { if [ -z "$ROOT" ]; then "$@"; else say "(scratch root) would run: $*"; fi; }

if [ -z "$ROOT" ] && [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run it as root (sudo bash systemd/install.sh)" >&2
    exit 1
fi

if [ "$uninstall" -eq 1 ]; then
    for u in "$WEB_UNIT" "$UNIT"; do
        system systemctl disable --now "$u" 2>/dev/null || true
        rm -f "$ROOT/etc/systemd/system/$u"
    done
    system systemctl daemon-reload
    rm -rf "$ROOT$PREFIX"
    if [ "$purge" -eq 1 ]; then
        rm -rf "$ROOT$STATE_DIR" "$ROOT$CONFIG_DIR"
        if [ -z "$ROOT" ] && id "$USER_NAME" >/dev/null 2>&1; then userdel "$USER_NAME"; fi
        say "removed, with saved games, tag map and configuration"
    else
        say "removed; saved games and the tag map stay in $STATE_DIR (--purge removes them)"
    fi
    exit 0
fi

# 1. System packages: Python, and the Pi libraries from Debian (they match the kernel).
if [ -z "$ROOT" ] && command -v apt-get >/dev/null; then
    pkgs=(python3-venv python3-dev)
    for p in python3-lgpio python3-spidev python3-rpi-lgpio; do
        if apt-cache show "$p" >/dev/null 2>&1; then pkgs+=("$p"); fi
    done
    missing=()
    for p in "${pkgs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
    if [ "${#missing[@]}" -gt 0 ]; then
        say "installing ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
    fi
fi

# 2. The service user, in the groups the devices belong to.
if [ -z "$ROOT" ]; then
    if ! id "$USER_NAME" >/dev/null 2>&1; then
        useradd --system --home-dir "$STATE_DIR" --no-create-home --shell /usr/sbin/nologin "$USER_NAME"
        say "created user $USER_NAME"
    fi
    for g in "${GROUPS_WANTED[@]}"; do
        if getent group "$g" >/dev/null; then usermod -aG "$g" "$USER_NAME"; fi
    done
fi

# 3. The program in its own virtual environment (Bookworm refuses system pip).
#    --system-site-packages lets it use Debian's lgpio/spidev/RPi.GPIO builds.
#    The source's fingerprint is kept beside it (scripts/venv.sh): the same source is not installed twice.
# shellcheck source=scripts/venv.sh
. "$SOURCE/scripts/venv.sh"
mkdir -p "$ROOT$PREFIX"
if [ ! -x "$ROOT$VENV/bin/python" ]; then
    # With a current pip, once, when the environment is made: an update needs no new pip, nor the index
    # round trip to ask.
    make_venv python3 "$ROOT$VENV" --system-site-packages
fi
fingerprint="$(source_fingerprint "$SOURCE")"
installed="$ROOT$VENV/.installed-source"
# -I: the program must import from the environment, not from a checkout in the current folder.
if [ -f "$installed" ] && [ "$(cat "$installed")" = "$fingerprint" ] &&
   "$ROOT$VENV/bin/python" -I -c "import companion.cli" 2>/dev/null; then
    say "the program is as installed from this source before: not installed again"
else
    rm -f "$installed"
    "$ROOT$VENV/bin/python" -m pip install --quiet --upgrade "$SOURCE"
    if [ -z "$ROOT" ] && grep -q "Raspberry Pi" /proc/device-tree/model 2>/dev/null; then
        # mfrc522 asks for RPi.GPIO, which does not work on a Pi 5: Debian's
        # python3-rpi-lgpio provides the same module there, so install without deps.
        "$ROOT$VENV/bin/python" -m pip install --quiet --no-deps "mfrc522>=0.0.7"
        "$ROOT$VENV/bin/python" -c "import spidev" 2>/dev/null || "$ROOT$VENV/bin/python" -m pip install --quiet spidev
    fi
    echo "$fingerprint" > "$installed"
fi
# The README and the pages in docs/ it links (the units' Documentation= names two of them).
cp "$SOURCE/README.md" "$ROOT$PREFIX/README.md"
rm -rf "$ROOT$PREFIX/docs"
cp -R "$SOURCE/docs" "$ROOT$PREFIX/docs"
# Each game's page and its pictures, from the game's folder (the README's games table links them).
rm -rf "$ROOT$PREFIX/games"
for page in "$SOURCE"/games/*/README.md; do
    game="$(dirname "$page")"
    mkdir -p "$ROOT$PREFIX/games/${game##*/}"
    cp "$page" "$ROOT$PREFIX/games/${game##*/}/README.md"
    if [ -d "$game/pictures" ]; then
        cp -R "$game/pictures" "$ROOT$PREFIX/games/${game##*/}/pictures"
    fi
done

# 4. Configuration (kept if it exists) and state directory.
mkdir -p "$ROOT$CONFIG_DIR"
if [ ! -f "$ROOT$CONFIG_DIR/companion.toml" ]; then
    # app.state_dir is written out so `companion enroll --config ...` run by hand
    # uses the service's folder, not the companion user's ~/.local/state.
    "$ROOT$VENV/bin/python" -c "import sys; from companion.runtime.config import installed_config; sys.stdout.write(installed_config(sys.argv[1]))" \
        "$STATE_DIR" > "$ROOT$CONFIG_DIR/companion.toml"
    say "wrote $CONFIG_DIR/companion.toml (edit it for your reader and pins)"
elif ! "$ROOT$VENV/bin/python" -c "import sys; from companion.runtime.config import load_config; sys.exit(str(load_config(sys.argv[1]).state_dir) != sys.argv[2])" \
        "$ROOT$CONFIG_DIR/companion.toml" "$STATE_DIR" 2>/dev/null; then
    say "note: $CONFIG_DIR/companion.toml does not set the state folder to $STATE_DIR; add under [app]:"
    say "    state_dir = \"$STATE_DIR\""
    say "so that 'companion enroll --config $CONFIG_DIR/companion.toml' saves the tag map where the service reads it"
fi
mkdir -p "$ROOT$STATE_DIR"
if [ -z "$ROOT" ]; then chown "$USER_NAME:$USER_NAME" "$ROOT$STATE_DIR"; chmod 0750 "$ROOT$STATE_DIR"; fi

# 5. Interfaces, when asked.
if [ "$enable_spi" -eq 1 ]; then system raspi-config nonint do_spi 0; say "SPI enabled (reboot to apply)"; fi
if [ "$enable_uart" -eq 1 ]; then
    system raspi-config nonint do_serial_hw 0
    system raspi-config nonint do_serial_cons 1
    say "UART enabled, serial console off (reboot to apply)"
fi

# 6. The unit.
mkdir -p "$ROOT/etc/systemd/system"
install -m 0644 "$SOURCE/systemd/$UNIT" "$ROOT/etc/systemd/system/$UNIT"
system systemctl daemon-reload
system systemctl enable "$UNIT"
if [ "$start" -eq 1 ]; then system systemctl restart "$UNIT"; fi
if [ "$web" -eq 1 ]; then
    # The web page: history, settings, backups and the live table for phones on the home network.
    install -m 0644 "$SOURCE/systemd/$WEB_UNIT" "$ROOT/etc/systemd/system/$WEB_UNIT"
    system systemctl daemon-reload
    system systemctl enable "$WEB_UNIT"
    if [ "$start" -eq 1 ]; then system systemctl restart "$WEB_UNIT"; fi
    say "web page: http://$(hostname 2>/dev/null || echo raspberrypi).local:8080/ (changes need the PIN on the device's first menu)"
elif [ -f "$ROOT/etc/systemd/system/$WEB_UNIT" ]; then
    system systemctl disable --now "$WEB_UNIT" 2>/dev/null || true
    rm -f "$ROOT/etc/systemd/system/$WEB_UNIT"
    system systemctl daemon-reload
    say "web page removed (--no-web)"
fi
say "installed. Status: systemctl status $UNIT; log: journalctl -u $UNIT -f"
