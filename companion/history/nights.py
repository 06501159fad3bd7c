"""Game nights: the games a table played one after another on one evening.

A night is a run of sessions of play (companion.history.timing: a game's
stretches of play, split where nothing was played for half an hour) in
which each session began less than `GAP` after the night's play so far
ended; a longer pause opens a new night. So a game cut by a power cut and
resumed the next evening is played in two nights, and its pause joins
neither: each night counts the time played in it, and lists the games
played in it, dated by their own start ("begun 2026-11-19" for a game
carried over). Wins count in the night a game ended. A game from before
journals kept times is one session, from the start history noted for it
(the `starts` table) to its end, or at its end alone.
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
    clock_text,
    date_text,
    duration_words,
    json_field,
    row_seats,
)
from companion.history.timing import Span, played_seconds, row_began, row_ended, row_sessions
from engine.core.messages import Message, msg, msg_n

GAP = timedelta(hours=4)
"""A pause this long between one session of play and the next begins a new night."""


@dataclass
class Night:
    """One evening: its sessions of play, oldest first, and the games they belong to (in the order they were
    first played that night)."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    spans: list[tuple[Span, dict[str, Any]]] = field(default_factory=list)
    start: datetime | None = None
    end: datetime | None = None

    @property
    def played_seconds(self) -> float:
        """The time played this night: its sessions added up (a game's pause and its other nights left out)."""
        return played_seconds([span for span, _ in self.spans])

    def first_played(self, row: dict[str, Any]) -> datetime | None:
        """When `row`'s game was first played this night."""
        return next((span[0] for span, mine in self.spans if mine is row), None)

    def ended_in(self, row: dict[str, Any]) -> bool:
        """True when the game's last session is in this night (its result came this night)."""
        ended = row_ended(row)
        if ended is None or self.start is None or self.end is None:
            return False
        return self.start <= ended <= self.end


def nights(rows: list[dict[str, Any]], gap: timedelta = GAP) -> list[Night]:
    """The rows (any order) grouped into nights, oldest night first; rows without a readable time are left out."""
    spans = sorted(((span, row) for row in rows for span in row_sessions(row)),
                   key=lambda item: (item[0][0], item[0][1], str(item[1].get("journal"))))
    out: list[Night] = []
    for (began, ended), row in spans:
        if not out or out[-1].end is None or began - out[-1].end >= gap:
            out.append(Night(start=began, end=ended))
        night = out[-1]
        night.spans.append(((began, ended), row))
        if all(mine is not row for mine in night.rows):
            night.rows.append(row)
        night.end = ended if night.end is None else max(night.end, ended)
    return out


def last_night(rows: list[dict[str, Any]]) -> Night | None:
    found = nights(rows)
    return found[-1] if found else None


def night_lines(night: Night, naming: Naming) -> list[tuple[int, Message]]:
    """The night in sentences: when, how many games and how long, each game's result, who won most."""
    assert night.start is not None and night.end is not None
    lines: list[tuple[int, Message]] = [
        (0, msg("Last game night: {date}, {start} to {end}", date=date_text(night.start),
                start=clock_text(night.start), end=clock_text(night.end))),
        (1, msg_n("{n} game, {time} played", "{n} games, {time} played", n=len(night.rows),
               time=duration_words(night.played_seconds)))]
    wins: Counter[str] = Counter()
    names: dict[str, str] = {}
    for row in night.rows:
        first = night.first_played(row)
        at = clock_text(first) if first is not None else ""
        game, result = naming.game(str(row["game"])), naming.result(row)
        began = row_began(row)
        if began is not None and began < night.start:
            lines.append((1, msg("{time} {game} (begun {date}): {result}", time=at, game=game,
                                 date=date_text(began), result=result)))
        else:
            lines.append((1, msg("{time} {game}: {result}", time=at, game=game, result=result)))
        winners = set(json_field(row, "winners", []))
        if row.get("finished") and night.ended_in(row):
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
