"""`companion history`: the games played, their statistics, a CSV export, a rebuild.

    companion history              every game, newest last
    companion history --stats      win rates with counts, best scores, streaks
    companion history --csv FILE   every game as CSV ('-' for standard output)
    companion history --rebuild    read every archived journal again
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from pathlib import Path
from typing import Any

from companion.history.db import open_history
from companion.history.stats import compute, stat_lines
from companion.i18n import LANGUAGES, Translator
from companion.runtime.config import load_config, resolve_state_dir
from engine.core.messages import msg

CSV_COLUMNS = ("journal", "game", "started", "ended", "result", "seats", "players", "variant", "winners",
               "ranking", "scores", "score", "grade", "rounds", "inputs")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", help="configuration file (default: $COMPANION_CONFIG, else built-in defaults)")
    parser.add_argument("--state-dir", help="where the journals and the history database live")
    parser.add_argument("--game", help="only this game")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--stats", action="store_true", help="win rates (with counts), best scores, streaks")
    what.add_argument("--csv", metavar="FILE", help="write every game as CSV to FILE ('-' for standard output)")
    what.add_argument("--rebuild", action="store_true", help="forget the database's games and read every "
                      "archived journal again")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of --stats (default: en)")


def game_title(name: str, tr: Translator) -> str:
    """A game's name on screen, from its registration; the journal's name for a game this build lacks."""
    from companion.games import registered_games, registration

    if name not in registered_games():
        return name
    title = registration(name).title
    return title if isinstance(title, str) else tr(title)


def _listing(rows: list[dict[str, Any]]) -> list[str]:
    if not rows:
        return ["No games recorded yet."]
    out = []
    for row in rows:
        seats = ", ".join(json.loads(row["seats"]))
        result = row["result"] + (f" {row['grade'] or row['score']}" if row["score"] is not None else "")
        winners = json.loads(row["winners"])
        won = f", winners {', '.join(winners)}" if winners and row["table_won"] is None else ""
        variant = f" [{row['variant']}]" if row["variant"] else ""
        out.append(f"{row['ended']}  {row['game']}{variant}  {seats}: {result}{won}, "
                   f"{row['rounds'] if row['rounds'] is not None else '?'} rounds, {row['inputs']} inputs"
                   f"  ({row['journal']})")
    return out


def csv_text(rows: list[dict[str, Any]]) -> str:
    """Every game as CSV, one row a game, lists as JSON in their cell."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(row)
    return buffer.getvalue()


def run(args: argparse.Namespace) -> int:
    state_dir = resolve_state_dir(args.state_dir, load_config(args.config))
    if not state_dir.is_dir():
        print(f"companion history: the state folder {state_dir} does not exist; play a game first, or "
              f"give --state-dir.", file=sys.stderr)
        return 2
    with open_history(state_dir) as history:
        if history.note:
            print(history.note, file=sys.stderr)
        if args.rebuild:
            count = history.rebuild()
            print(f"Rebuilt the history from {count} archived journal(s) in {state_dir / 'games'}.")
            return 0
        rows = history.games(args.game)
    if args.csv:
        return _write_csv(rows, args.csv)
    if args.stats:
        tr = Translator(args.lang)
        stats = compute(rows)
        if not stats:
            print(tr(msg("No games recorded yet.")))
        for name, game in sorted(stats.items()):
            for level, sentence in stat_lines(game, game_title(name, tr)):
                print("  " * level + tr(sentence))
        return 0
    for line in _listing(rows):
        print(line)
    return 0


def _write_csv(rows: list[dict[str, Any]], target: str) -> int:
    text = csv_text(rows)
    if target == "-":
        sys.stdout.write(text)
        return 0
    try:
        Path(target).write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"companion history: cannot write {target} ({exc.strerror or exc}); choose another file.",
              file=sys.stderr)
        return 2
    print(f"{len(rows)} game(s) written to {target}.")
    return 0
