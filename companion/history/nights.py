"""Game nights: the games a table played one after another on one evening.

A night is a run of games in which each game began less than `GAP` after
the one before it ended (a longer pause, and the next game opens a new
night). A game begins at the start time history kept for it (the `starts`
table: the journal has no clock); one without a known start is taken to
begin when it ended. Time played is the sum of the games' own lengths
where both ends are known, so a dinner between two games is not counted.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from companion.history.db import DB_NAME, History
from companion.history.naming import (
    Naming,
    duration_words,
    json_field,
    local,
    parse_stamp,
    row_seats,
)
from engine.core.messages import Message, msg, msg_n

GAP = timedelta(hours=4)
"""A pause this long between one game's end and the next one's start begins a new night."""


def game_span(row: dict[str, Any]) -> tuple[datetime, datetime] | None:
    """When a game began and ended (began = ended when its start is unknown or after its end)."""
    ended = parse_stamp(row.get("ended"))
    if ended is None:
        return None
    started = parse_stamp(row.get("started"))
    return (started if started is not None and started <= ended else ended), ended


@dataclass
class Night:
    """One evening's games, oldest first."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    start: datetime | None = None
    end: datetime | None = None

    @property
    def played_seconds(self) -> float:
        """The games' own lengths added up (games without a known start add nothing)."""
        total = 0.0
        for row in self.rows:
            span = game_span(row)
            if span is not None:
                total += (span[1] - span[0]).total_seconds()
        return total


def nights(rows: list[dict[str, Any]], gap: timedelta = GAP) -> list[Night]:
    """The rows (any order) grouped into nights, oldest night first; rows without a readable end are left out."""
    timed = sorted(((span, row) for row in rows if (span := game_span(row)) is not None),
                   key=lambda item: (item[0][0], item[0][1], str(item[1].get("journal"))))
    out: list[Night] = []
    for (began, ended), row in timed:
        if not out or out[-1].end is None or began - out[-1].end >= gap:
            out.append(Night(start=began))
        night = out[-1]
        night.rows.append(row)
        night.end = ended if night.end is None else max(night.end, ended)
    return out


def last_night(rows: list[dict[str, Any]]) -> Night | None:
    found = nights(rows)
    return found[-1] if found else None


def night_lines(night: Night, naming: Naming) -> list[tuple[int, Message]]:
    """The night in sentences: when, how many games and how long, each game's result, who won most."""
    assert night.start is not None and night.end is not None
    start, end = local(night.start), local(night.end)
    lines: list[tuple[int, Message]] = [
        (0, msg("Last game night: {date}, {start} to {end}", date=start.strftime("%Y-%m-%d"),
                start=start.strftime("%H:%M"), end=end.strftime("%H:%M"))),
        (1, msg_n("{n} game, {time} played", "{n} games, {time} played", n=len(night.rows),
               time=duration_words(night.played_seconds)))]
    wins: Counter[str] = Counter()
    names: dict[str, str] = {}
    for row in night.rows:
        span = game_span(row)
        at = local(span[0]).strftime("%H:%M") if span is not None else ""
        lines.append((1, msg("{time} {game}: {result}", time=at, game=naming.game(str(row["game"])),
                             result=naming.result(row))))
        winners = set(json_field(row, "winners", []))
        if row.get("finished"):
            for seat in row_seats(row):
                person = naming.person(row, seat)
                won = bool(row["table_won"]) if row.get("table_won") is not None else seat in winners
                if person is not None and won:
                    wins[person.id] += 1
                    names[person.id] = person.name
    if wins:
        most = max(wins.values())
        best = sorted((names[ident] for ident, count in wins.items() if count == most), key=str.casefold)
        lines.append((1, msg("Most wins: {who} ({count})", who=", ".join(best), count=most)))
    return lines


def copy_device_starts(history: History, state_dir: Path) -> None:
    """Copy the start times the device recorded into `history` (the web page's own, in memory).

    The web page builds its history from the journals, which have no clock;
    the start times are only in the device's database. It is read as
    `immutable`, which writes nothing beside it, and only when no write-ahead
    log is there: the device opens the database for each game it records and
    closes it at once, which folds the log into the file and removes it, so
    the file alone is whole. While the device is writing, the start times
    already copied stay and the new ones come at the next look. A database
    that cannot be read leaves the start times unknown.
    """
    path = state_dir / DB_NAME
    if not path.is_file():
        return
    if path.with_name(path.name + "-wal").exists():
        return
    try:
        source = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True, timeout=2.0)
        try:
            found = source.execute("SELECT game, seed, started FROM starts").fetchall()
        finally:
            source.close()
        with history.con:
            history.con.executemany("INSERT OR REPLACE INTO starts (game, seed, started) VALUES (?, ?, ?)", found)
    except sqlite3.Error:
        return
