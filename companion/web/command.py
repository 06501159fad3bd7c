"""`companion web`: serve the table's page on the local network with waitress.

waitress is a pure-Python production WSGI server with no C parts, so it
installs on every Pi; it serves each request from a small thread pool,
which a page polled twice a second by a few phones does not exhaust.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from companion.config import ENV_CONFIG, load_config, resolve_state_dir
from companion.i18n import LANGUAGES

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


def run(args: argparse.Namespace) -> int:
    import waitress  # type: ignore[import-untyped]

    from companion.web.server import SERVER_OPTIONS, create_app

    config_path = args.config or os.environ.get(ENV_CONFIG) or None
    cfg = load_config(config_path)
    state_dir = resolve_state_dir(args.state_dir, cfg)
    if not state_dir.is_dir():
        print(f"companion web: the state folder {state_dir} does not exist; start the companion once, or give "
              f"--state-dir.", file=sys.stderr)
        return 2
    app = create_app(state_dir, Path(config_path) if config_path else None, args.lang or cfg.language)
    print(f"companion web: serving {state_dir} on http://{args.host}:{args.port}/", file=sys.stderr, flush=True)
    waitress.serve(app, host=args.host, port=args.port, threads=args.threads, ident="table-companion",
                   **SERVER_OPTIONS)
    return 0
