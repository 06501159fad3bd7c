"""The `companion` command: one entry point for every job."""

from __future__ import annotations

import argparse
import os
import sys
import time
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from companion.i18n import LANGUAGES
from companion.runtime.config import ConfigError
from companion.runtime.startup import skip_pkg_resources
from drivers.errors import DriverError
from engine import RuleError, game_names

DISTRIBUTION = "table-companion"


def _version() -> str:
    """The installed release; in a checkout that was never installed, the one in pyproject.toml.

    Looked up only when asked for: importing importlib.metadata costs more than
    a tenth of the start-up budget on a Pi, and most starts never print it.
    """
    import importlib.metadata

    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return _checkout_version()


def _checkout_version() -> str:
    try:
        pyproject = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text("utf-8"))
        return str(pyproject["project"]["version"])
    except (OSError, ValueError, KeyError):
        return "(version unknown)"


class _VersionAction(argparse.Action):
    """--version, with the version looked up only when the option is given (see `_version`)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = "show the version and the games, then exit"
                 ) -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(version_text())
        parser.exit()


def version_text() -> str:
    """What a bug report needs first: the release and the games this build knows."""
    return f"companion {_version()} (games: {', '.join(game_names())})"


def _setup_object(text: str) -> dict[str, Any]:
    """--setup: the engine's set-up object as JSON (`{"samurai": ["kyuzo", "heihachi"]}`)."""
    from engine.core.safe_json import load_limited

    try:
        value = load_limited(text)
    except RuleError as exc:
        raise argparse.ArgumentTypeError(f"--setup is not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError('--setup must be a JSON object, e.g. {"difficulty": "easy"}')
    return value


def _game_name(text: str) -> str:
    from companion.games import registered_games

    if text not in registered_games():
        raise argparse.ArgumentTypeError(f"unknown game {text!r}; known games: {', '.join(registered_games())}")
    return text


def _add_game(p: argparse.ArgumentParser, help_text: str = "the game (default: %(default)s)",
              default: str | None = None) -> None:
    p.add_argument("--game", type=_game_name, default=default, help=help_text)


def _cmd_engine(args: argparse.Namespace) -> int:
    from companion.commands import engine as engine_cmd

    return engine_cmd.run()


def _cmd_simulate(args: argparse.Namespace) -> int:
    from companion.census import game_for
    from companion.games import registration

    start = time.process_time()
    try:
        game = registration(args.game)
        setup = args.setup if args.setup is not None else game.setup_arguments(args.game_options)
        # The owner's component data with --state-dir, the shipped default without.
        state_dir = Path(args.state_dir) if getattr(args, "state_dir", None) else None
        lines, inputs = game.simulate(game_for(args.game, state_dir), setup, args.games, args.seed)
    except RuleError as exc:
        print(f"companion simulate: {exc}", file=sys.stderr)
        return 2
    cpu = max(time.process_time() - start, 1e-9)
    for line in lines:
        print(line)
    print(f"{args.games / cpu:.0f} games/s, {inputs / cpu:.0f} inputs/s (CPU time, one core)")
    return 0


def _cmd_demo(args: argparse.Namespace) -> int:
    from companion.harness import demo

    return demo.run(args)


def _cmd_run(args: argparse.Namespace) -> int:
    from companion.commands import run as run_cmd

    return run_cmd.run(args)


def _cmd_enroll(args: argparse.Namespace) -> int:
    from companion.commands import enroll as enroll_cmd

    return enroll_cmd.run(args)


def _cmd_replay(args: argparse.Namespace) -> int:
    from companion.commands import replay as replay_cmd

    return replay_cmd.run(args)


def _cmd_history(args: argparse.Namespace) -> int:
    from companion.history import command

    return command.run(args)


def _cmd_web(args: argparse.Namespace) -> int:
    from companion.web import command

    return command.run(args)


def _cmd_labels(args: argparse.Namespace) -> int:
    from companion.commands import labels

    return labels.run(args)


def _cmd_advise(args: argparse.Namespace) -> int:
    from companion.commands import advise as advise_cmd

    return advise_cmd.run(args)


def doctor_words(lang: str) -> Callable[..., str]:
    """The doctor's `msg`: its templates in `lang` through the catalogue (drivers know no catalogue)."""
    from companion.i18n import CatalogError, Translator

    try:
        tr = Translator(lang)
    except CatalogError:
        tr = Translator("en")

    def words(template: str, **params: Any) -> str:
        return tr(template, **params)

    return words


def _doctor_options() -> argparse.ArgumentParser:
    """The doctor's options the companion reads itself (drivers know no catalogue and no config file)."""
    parser = argparse.ArgumentParser(prog="companion doctor", add_help=False)
    parser.add_argument("--lang", choices=LANGUAGES,
                        help="the language of the doctor's words (default: app.language in the configuration)")
    parser.add_argument("--config", help="configuration file whose app.language the doctor speaks "
                                         "(default: $COMPANION_CONFIG); it must exist and load")
    return parser


def _doctor(words: list[str]) -> int:
    """`companion doctor`: its words in --lang, else the configuration's app.language, else English.

    A --config given by hand that cannot be loaded (missing, a bad value) is
    said and refused like any bad argument: ignoring it silently would let
    someone believe the file they named was checked. A broken
    $COMPANION_CONFIG is only noted, so the hardware can still be checked.
    """
    from drivers.doctor import run_doctor

    options = _doctor_options()
    known, _ = options.parse_known_args(words)
    lang = known.lang
    if not {"-h", "--help"} & set(words) and (known.config is not None or lang is None):
        from companion.runtime.config import load_config

        try:
            configured = load_config(known.config).language
        except ConfigError as exc:
            print(f"companion doctor: {exc}", file=sys.stderr)
            if known.config is not None:
                return 2
        else:
            lang = lang or configured
    return run_doctor(words, msg=doctor_words(lang or "en"), parents=(options,))


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """Every command's parser; with `only`, the other commands' options are left out.

    `main` passes the command being run: the options of `replay`, `history`, `web`, `advise` and `labels`
    live in their own modules, and importing those would cost `companion run` a tenth of a second at every
    start (after a power cut too). Their names and help stay, so `companion --help` lists them all.
    """
    from companion.games import registered_games

    def wants(command: str) -> bool:
        return only is None or only == command

    first = registered_games()[0]
    parser = argparse.ArgumentParser(prog="companion", description="A table companion for board games.")
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("engine", help="speak the engine protocol (JSON lines) on stdin/stdout")
    p.set_defaults(func=_cmd_engine)

    p = sub.add_parser("simulate", help="play many games with a simple policy; print win rate and speed "
                                        "(a game's own set-up options follow, e.g. --samurai kyuzo,heihachi)")
    p.add_argument("--games", type=int, default=1000)
    _add_game(p, default=first)
    p.add_argument("--setup", type=_setup_object, default=None,
                   help="the engine's set-up object as JSON (default: the game's usual set-up)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--state-dir", help="play on the owner's component data kept in this state folder (the census; "
                                       "default: the shipped data)")
    p.set_defaults(func=_cmd_simulate)

    p = sub.add_parser("demo", help="play a full seeded game through the app loop, headless; save snapshots")
    p.add_argument("--seed", type=int, default=3)
    _add_game(p, default=first)
    p.add_argument("--setup", type=_setup_object, default=None,
                   help="the demo table's set-up as JSON, e.g. '{\"difficulty\": \"hard\"}' (default: the game's)")
    p.add_argument("--out", default="demo-out", help="folder for snapshots and the demo's journal")
    p.add_argument("--state-dir", help="state folder for the demo's journal (default: OUT/state; emptied first)")
    p.add_argument("--no-snapshots", action="store_true", help="skip the PNG snapshots")
    p.add_argument("--pace", type=float, default=0.0, metavar="SECONDS", help="pause between table actions")
    p.add_argument("--lang", default="en", choices=LANGUAGES, help="the language on every screen (default: en)")
    p.set_defaults(func=_cmd_demo)
    p = sub.add_parser("run", help="the companion at the table (--mock: a laptop window, keys and a virtual deck)")
    p.add_argument("--mock", action="store_true", help="mock reader and buttons: keys C D S P N Enter U, T taps")
    _add_game(p, help_text="the game (default: app.game in the config, else a menu when several games exist)")
    p.add_argument("--config", help="configuration file (default: $COMPANION_CONFIG, else built-in defaults)")
    p.add_argument("--state-dir", help="where journals and the tag map live (overrides the config)")
    p.add_argument("--exit-after", type=float, default=None, metavar="SECONDS", help="stop after this long")
    p.add_argument("--screenshot", help="save the last frame to this PNG when stopping")
    p.add_argument("--lang", choices=LANGUAGES,
                   help="the language on every screen (default: the one last picked at set-up, else app.language)")
    p.add_argument("--script", metavar="FILE", help="with --mock: play this table script (- reads standard input; "
                   "commands press, hold, tap, place, lift, reader-lost, reader-back, wait, quit; see "
                   "docs/owners/laptop-mode.md)")
    p.add_argument("--seed", type=int, default=None, help="with --mock: every new game's seed, so a script replays "
                   "the same game")
    p.set_defaults(func=_cmd_run)

    p = sub.add_parser("enroll", help="bind each tagged component's NFC tag (cards, boards, tiles)")
    p.add_argument("--mock", action="store_true", help="mock reader: T taps a new random tag")
    p.add_argument("--config")
    p.add_argument("--state-dir")
    p.add_argument("--start", help="begin at this component (a card id, or a game's own target such as a Samurai name) to redo one")
    p.add_argument("--census", action="store_true", help="teach it your box instead: tap any component, confirm what "
                   "it believes is printed or say what is (the census the first menu opens)")
    _add_game(p, help_text="the game whose tags to enroll (default: app.game in the config, else the first game)")
    p.add_argument("--lang", choices=LANGUAGES, help="the language of the enrolment screen (default: app.language)")
    p.set_defaults(func=_cmd_enroll)

    p = sub.add_parser("replay", help="print a saved game step by step")
    if wants("replay"):
        from companion.commands import replay as replay_cmd

        replay_cmd.add_arguments(p)
    p.set_defaults(func=_cmd_replay)

    p = sub.add_parser("history", help="the games played: list, --stats, --csv FILE, --rebuild")
    if wants("history"):
        from companion.history import command as history_command

        history_command.add_arguments(p)
    p.set_defaults(func=_cmd_history)

    p = sub.add_parser("web", help="serve the table's page on the local network (live table, history, cards, "
                                   "rules, backup, settings)")
    if wants("web"):
        from companion.web import command as web_command

        web_command.add_arguments(p)
    p.set_defaults(func=_cmd_web)

    p = sub.add_parser("advise", help="the advisor at every decision of a saved game (what the table chose, "
                                      "each option's win chance)")
    if wants("advise"):
        from companion.commands import advise as advise_cmd

        advise_cmd.add_arguments(p)
    p.set_defaults(func=_cmd_advise)

    p = sub.add_parser("labels", help="a printable label sheet per game (SVG, A4): caps and a strip for under the "
                                      "buttons, with the screen's words in the cap colours")
    if wants("labels"):
        from companion.commands import labels

        labels.add_arguments(p)
    p.set_defaults(func=_cmd_labels)

    sub.add_parser("doctor", help="check the reader, buttons and display one by one (doctor --help; "
                                  "--lang or the config's app.language for its words)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    skip_pkg_resources()
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["doctor"]:
        return _doctor(words[1:])
    parser = build_parser(words[0] if words and not words[0].startswith("-") else None)
    args, extra = parser.parse_known_args(words)
    if extra and args.command != "simulate":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.game_options = extra
    if getattr(args, "games", 1) < 1:
        print("companion simulate: --games must be 1 or more", file=sys.stderr)
        return 2
    try:
        return int(args.func(args))
    except (RuleError, ConfigError, DriverError) as exc:
        print(f"companion {args.command}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader of our output went away (`companion demo | head`): not an error.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
