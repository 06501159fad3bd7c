"""`companion web`: serve the table's page on the local network with waitress.

waitress is a pure-Python production WSGI server with no C parts, so it
installs on every Pi; it serves each request from a small thread pool,
which a page polled twice a second by a few phones does not exhaust.
companion.web.serving adds the limits that keep one misbehaving client
from holding the page down for the others.

The start-up line names the addresses a phone can open (never 0.0.0.0),
the next one where the device shows the PIN the page asks for. While it
runs, the page records where it listens in the state folder
(`web-listen.json`), so the device shows the same addresses beside the PIN.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path
from types import FrameType

from companion.i18n import LANGUAGES
from companion.runtime.config import ENV_CONFIG, load_config, resolve_state_dir

DEFAULT_PORT = 8080


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", help="configuration file (default: $COMPANION_CONFIG, else built-in defaults); "
                        "the settings page changes it")
    parser.add_argument("--state-dir", help="the companion's state folder (default: the configuration's)")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: %(default)s, every "
                        "network; 127.0.0.1 for this machine only)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (default: %(default)s)")
    parser.add_argument("--lang", choices=LANGUAGES, help="the pages' language until a visitor picks one "
                        "(default: app.language)")
    parser.add_argument("--threads", type=int, default=6, help="requests served at once (default: %(default)s)")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="another name the page answers to (a router's DNS name for this machine); the page "
                        "answers only to this machine's own names and addresses and these (repeatable)")


def _stop(signum: int, frame: FrameType | None) -> None:
    """SIGTERM (systemd's stop) ends the server's loop like Ctrl+C, so the listen record is removed."""
    raise SystemExit(0)


def where_the_pin_is(state_dir: Path) -> str:
    """Where the owner finds the PIN the page asks for (the device makes it; this process only reads it)."""
    from companion.runtime.web_pin import read_pin

    where = ("a backup, a restore, a change of settings and enrolling a card need the PIN shown on the device's "
             "screen: beside the page's QR code on its first menu (the first set-up question on a device fixed to "
             "one game) and on its statistics screen, and on its question to resume a game")
    if read_pin(state_dir) is None:
        return f"{where}; the device has made none yet: start the companion once."
    return f"{where}."


def run(args: argparse.Namespace) -> int:
    from companion.runtime.addresses import AllowedHosts, forget_listen, page_urls, record_listen
    from companion.web.server import SERVER_OPTIONS, create_app
    from companion.web.serving import Limits, create_server

    config_path = args.config or os.environ.get(ENV_CONFIG) or None
    cfg = load_config(config_path)
    state_dir = resolve_state_dir(args.state_dir, cfg)
    if not state_dir.is_dir():
        print(f"companion web: the state folder {state_dir} does not exist; start the companion once, or give "
              f"--state-dir.", file=sys.stderr)
        return 2
    if not 0 <= args.port < 65536 or args.threads < 1:
        print("companion web: --port must be 0-65535 and --threads 1 or more.", file=sys.stderr)
        return 2
    app = create_app(state_dir, Path(config_path) if config_path else None, args.lang or cfg.language,
                     hosts=AllowedHosts(args.allow_host))
    limits = Limits(body_bytes=SERVER_OPTIONS["max_request_body_size"])
    try:
        server = create_server(app, args.host, args.port, args.threads, limits)
    except (OSError, ValueError) as exc:
        print(f"companion web: cannot listen on {args.host} port {args.port} ({exc}).", file=sys.stderr)
        return 1
    port = int(server.effective_port) if hasattr(server, "effective_port") else args.port
    urls = page_urls(args.host, port)
    signal.signal(signal.SIGTERM, _stop)
    try:
        # Inside the try: a stop that comes as soon as the address is printed still removes the record.
        record_listen(state_dir, args.host, port)
        print(f"companion web: serving {state_dir} on {' '.join(urls)}", file=sys.stderr, flush=True)
        print(f"companion web: {where_the_pin_is(state_dir)}", file=sys.stderr, flush=True)
        server.run()
    finally:
        forget_listen(state_dir)
    return 0
