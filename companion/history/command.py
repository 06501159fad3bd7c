"""`companion history`: the games played, their statistics, exports, a rebuild.

    companion history                    every game, newest last
    companion history --stats            the last game night, every person's and every game's statistics
    companion history --csv FILE         every game as CSV, one plain value a cell ('-' for standard output)
    companion history --players-csv FILE one row per seat per game
    companion history --bgstats FILE     a play file Board Game Stats imports (its "me": [bgstats] me)
    companion history --rebuild          read every archived journal again

Names and statistics are in `--lang`; every time is the table's clock then, with its offset from UTC, and
a game is dated by its start.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.history.db import open_history
from companion.history.export import bgstats_json, games_csv, players_csv
from companion.history.naming import Naming, Resolver, clock_text, zone_name
from companion.history.nights import last_night, night_lines
from companion.history.person_stats import ordered, people_stats, person_lines
from companion.history.stats import compute, stat_lines
from companion.history.timing import row_began, row_sessions
from companion.i18n import LANGUAGES, Translator
from companion.players.book import book_resolver
from companion.runtime.config import load_config, resolve_state_dir
from engine.core.messages import Message, msg, msg_n


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", help="configuration file (default: $COMPANION_CONFIG, else built-in defaults)")
    parser.add_argument("--state-dir", help="where the journals and the history database live")
    parser.add_argument("--game", help="only this game")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--stats", action="store_true", help="the last game night, win rates (with counts) per "
                      "person and per game, best scores, streaks")
    what.add_argument("--csv", metavar="FILE", help="write every game as CSV to FILE ('-' for standard output)")
    what.add_argument("--players-csv", metavar="FILE", help="write one CSV row per seat per game to FILE")
    what.add_argument("--bgstats", metavar="FILE", help="write a play file Board Game Stats imports to FILE")
    what.add_argument("--rebuild", action="store_true", help="forget the database's games and read every "
                      "archived journal again")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the words (default: en)")


def game_title(name: str, tr: Translator) -> str:
    """A game's name on screen, from its registration; the journal's name for a game this build lacks."""
    return Naming(tr).game(name)


def listing(rows: list[dict[str, Any]], naming: Naming) -> list[str]:
    """One line a game: when it began (with the offset then), the game and variant, who played, the result."""
    tr = naming.tr
    if not rows:
        return [tr(msg("No games recorded yet."))]
    out = []
    for row in rows:
        game = str(row["game"])
        variant = naming.variant(game, str(row.get("variant") or ""))
        parts = [naming.result(row)]
        scores = naming.scores(row)
        if scores:
            parts.append(scores)
        if row.get("rounds") is not None:
            parts.append(tr(msg_n("{n} round", "{n} rounds", n=row["rounds"])))
        began = row_began(row)
        when = clock_text(began, with_date=True) if began is not None else ""
        out.append(f"{when}  {naming.game(game)}{f' [{variant}]' if variant else ''}  "
                   f"{naming.seats_text(row)}: {'; '.join(parts)}  ({row['journal']})")
    return out


def statistics_text(rows: list[dict[str, Any]], naming: Naming) -> list[str]:
    """The last night, every person, every game: indented sentences in the naming's language."""
    tr = naming.tr
    if not rows:
        return [tr(msg("No games recorded yet."))]
    lines: list[tuple[int, Message]] = [(0, msg("Times are the device's local time ({zone}).",
                                                zone=zone_name(moment for row in rows for span in row_sessions(row)
                                                               for moment in span)))]
    night = last_night(rows)
    if night is not None:
        lines.extend(night_lines(night, naming))
    people = people_stats(rows, naming)
    for person in ordered(people):
        lines.extend(person_lines(person, naming, people))
    for name, game in sorted(compute(rows).items()):
        lines.extend(stat_lines(game, naming.game(name), naming))
    return ["  " * level + tr(sentence) for level, sentence in lines]


def run(args: argparse.Namespace, resolve: Resolver | None = None) -> int:
    config = load_config(args.config)
    state_dir = resolve_state_dir(args.state_dir, config)
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
    naming = Naming(Translator(args.lang), resolve if resolve is not None else book_resolver(state_dir))
    bgg_ids, me = config.bgg_ids, config.bgstats_me
    writers: dict[str, Callable[[list[dict[str, Any]], Naming], str]] = {
        "csv": games_csv, "players_csv": players_csv,
        "bgstats": lambda found, words: bgstats_json(found, words, bgg_ids=bgg_ids, me=me)}
    for option, writer in writers.items():
        target = getattr(args, option)
        if target:
            return _write(writer(rows, naming), target, len(rows))
    for line in statistics_text(rows, naming) if args.stats else listing(rows, naming):
        print(line)
    return 0


def _write(text: str, target: str, count: int) -> int:
    if target == "-":
        sys.stdout.write(text)
        return 0
    try:
        Path(target).write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"companion history: cannot write {target} ({exc.strerror or exc}); choose another file.",
              file=sys.stderr)
        return 2
    print(f"{count} game(s) written to {target}.")
    return 0
