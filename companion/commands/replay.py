"""`companion replay JOURNAL`: a saved game, step by step.

A damaged journal is shown as far as it goes: the damaged line, why, and
how many intact records lie beyond it are printed, and the exit status is 1
so a script notices. Snapshots never replace earlier ones silently.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.games import registered_games, ui_on
from companion.i18n import Translator
from companion.runtime.storage import load_journal
from companion.screen_model import Screen
from engine import Match, RuleError
from engine.core.journal import Damage
from engine.core.messages import Message, msg, msg_n

EPILOG = """exit status: 0 the whole journal was replayed; 1 the journal is damaged and was
replayed up to the damage (the damaged line, the reason and how many intact
records follow it are printed); 2 nothing could be replayed (the journal is
unreadable) or the snapshots folder cannot be used."""


class SnapshotError(Exception):
    """The snapshots folder cannot be used: the message says why and what to do."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The replay command's arguments and help, for the `companion` parser."""
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("journal")
    parser.add_argument("--snapshots", metavar="DIR", help="also save the board after each input as PNGs "
                        "(step-0001.png, ...); refused if DIR already holds step-*.png files")
    parser.add_argument("--overwrite", action="store_true", help="replace the step-*.png files already in DIR")
    parser.add_argument("--game", choices=registered_games(),
                        help="the game the journal must be of (default: the one its header names)")


def damage_line(damage: Damage, replayed: int, tr: Translator | None = None) -> str:
    """One line for a damaged journal: where, why, what lies beyond, how far the replay goes."""
    beyond: Message
    if damage.torn:
        beyond = msg("it is the last record, cut short by a power cut while saving")
    elif damage.intact_after == 0:
        beyond = msg("nothing readable follows it")
    else:
        beyond = msg_n("{n} later record is intact but cannot be used after it",
                       "{n} later records are intact but cannot be used after it", n=damage.intact_after)
    line = msg("damaged: line {line} ({reason}); {beyond}; replayed up to input {n}", line=damage.line,
               reason=damage.reason, beyond=beyond, n=replayed)
    return "  " + (tr or Translator("en"))(line)


def prepare_snapshots(folder: Path, overwrite: bool) -> None:
    """Make `folder` ready for step-*.png files, refusing what would lose or cannot take them."""
    if folder.exists() and not folder.is_dir():
        raise SnapshotError(f"--snapshots {folder} is a file, not a folder: give a folder for the PNGs.")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        old = sorted(folder.glob("step-*.png"))
    except OSError as exc:
        raise SnapshotError(f"--snapshots {folder}: cannot make or read the folder ({exc.strerror}).") from None
    if old and not overwrite:
        names = ", ".join(p.name for p in old[:3]) + (f" ... {old[-1].name}" if len(old) > 3 else "")
        raise SnapshotError(f"--snapshots {folder} already holds {len(old)} snapshot(s) from an earlier replay "
                            f"({names}); add --overwrite to replace them, or choose another folder.")
    try:
        for path in old:
            path.unlink()
    except OSError as exc:
        raise SnapshotError(f"--snapshots {folder}: cannot replace {exc.filename} ({exc.strerror}).") from None


def _save_step(screen: Screen, path: Path) -> None:
    import pygame

    from companion.screens import snapshot

    try:
        snapshot(screen, (800, 480), path)
    except (OSError, pygame.error) as exc:
        raise SnapshotError(f"--snapshots: cannot write {path} ({exc}).") from None


def run(args: argparse.Namespace) -> int:
    out = Path(args.snapshots) if args.snapshots else None
    try:
        if out is not None:
            prepare_snapshots(out, args.overwrite)
        loaded = load_journal(Path(args.journal))
    except (RuleError, SnapshotError) as exc:
        print(f"companion replay: {exc}", file=sys.stderr)
        return 2
    full = loaded.match
    wanted = getattr(args, "game", None)
    if wanted is not None and wanted != full.game.name:
        print(f"companion replay: {args.journal} is a game of {full.game.name}, not {wanted}; "
              "leave out --game to replay it as the game its header names", file=sys.stderr)
        return 2
    ui = ui_on(full.game)
    tr = Translator("en", ui.namers(), ui.name)
    setup = full.setup.to_json()
    print(f"{args.journal}: " + tr(msg_n("{game}, seed {seed}, {n} input",
                                         "{game}, seed {seed}, {n} inputs",
                                         game=full.game.name, seed=full.seed, n=len(full.inputs))))
    for line in ui.summary(Match(full.game, setup, full.seed).play.public_view()):
        print(f"      {tr(line)}")
    if loaded.damage:
        print(damage_line(loaded.damage, len(full.inputs), tr))
    match = Match(full.game, setup, full.seed)
    for event in match.opening:
        print(f"      {tr(event.message)}")
    for number, value in enumerate(full.inputs, start=1):
        prompt = match.play.prompt
        events = match.apply(value)
        print(f"{number:4d}. {tr(ui.describe_input(value, prompt))}")
        for event in events:
            if event.kind != "reveal":
                print(f"      {tr(event.message)}")
        if out is not None:
            view = match.play.public_view()
            screen = Screen(ui.screen_kind(view), game=ui.name, view=view, title=tr(ui.title(view)),
                            lines=tuple(tr(e.message) for e in reversed(events)))
            try:
                _save_step(screen, out / f"step-{number:04d}.png")
            except SnapshotError as exc:
                print(f"companion replay: {exc}", file=sys.stderr)
                return 2
    outcome = match.play.outcome
    if outcome is not None:
        print(tr(msg("Result: {summary}", summary=outcome.summary)))
    else:
        print(tr(msg("Result: in progress")))
    if loaded.damage:
        print(tr(msg("Stopped at the damage on line {line}: the journal is damaged (exit status 1).",
                     line=loaded.damage.line)))
        return 1
    return 0
