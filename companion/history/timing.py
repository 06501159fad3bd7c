"""When games were played: sessions of play split at pauses, the time played, and a history row's moments.

A game's moments are its start and the moment each input was accepted, as
its journal keeps them (engine.core.journal). Time played is the sum of the
gaps between one moment and the next, except a gap of `PAUSE` or more: that
is a pause (dinner, a power cut, the next evening), not play, and it ends a
session. Half an hour: no turn of these games goes that long without an
input (every decision and every card tapped is one), and a real break is
longer. A gap that runs backwards (the clock set right meanwhile, as on a Pi
without a clock battery that finds the network) ends a session too.

A row from before journals kept times has no sessions: it is taken to be
played from the start history noted (the `starts` table) to its end, or at
its end alone when no start is known, as it always was.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from companion.history.naming import json_field, parse_stamp

PAUSE = timedelta(minutes=30)
"""A gap this long between two moments of a game is a pause, not play."""

Span = tuple[datetime, datetime]


def sessions(moments: list[datetime], pause: timedelta = PAUSE) -> list[Span]:
    """The moments (in the order they were written) as sessions of play: each a first and a last moment."""
    out: list[Span] = []
    for moment in moments:
        if out and timedelta(0) <= moment - out[-1][1] < pause:
            out[-1] = (out[-1][0], moment)
        else:
            out.append((moment, moment))
    return out


def played_seconds(spans: list[Span]) -> float:
    """The sessions' lengths added up: the time played, pauses left out."""
    return sum((end - begin).total_seconds() for begin, end in spans)


def row_sessions(row: Mapping[str, Any]) -> list[Span]:
    """A history row's sessions, oldest first: from its journal's times, else its noted start to its end."""
    spans = []
    for pair in json_field(row, "sessions", []):
        if isinstance(pair, list) and len(pair) == 2:
            begin, end = parse_stamp(pair[0]), parse_stamp(pair[1])
            if begin is not None and end is not None:
                spans.append((begin, end))
    if spans:
        return spans
    ended = parse_stamp(row.get("ended"))
    if ended is None:
        return []
    started = parse_stamp(row.get("started"))
    return [((started if started is not None and started <= ended else ended), ended)]


def row_began(row: Mapping[str, Any]) -> datetime | None:
    """When the game began: what dates it everywhere (lists, exports, nights)."""
    spans = row_sessions(row)
    return spans[0][0] if spans else None


def row_known_start(row: Mapping[str, Any]) -> datetime | None:
    """When the game began if its journal's times or history's noted start say so; None when neither does (then
    `row_began`, which dates the game, is its end)."""
    if parse_stamp(row.get("started")) is None and not json_field(row, "sessions", []):
        return None
    return row_began(row)


def row_ended(row: Mapping[str, Any]) -> datetime | None:
    """When the game's last input was accepted (its journal's last write, before times were kept)."""
    spans = row_sessions(row)
    return max(end for _, end in spans) if spans else None


def row_played(row: Mapping[str, Any]) -> float | None:
    """Seconds played; None when neither the journal's times nor a noted start tell."""
    played = row.get("played")
    if isinstance(played, int) and not isinstance(played, bool):
        return float(played)
    if parse_stamp(row.get("started")) is None:
        return None
    return played_seconds(row_sessions(row))


EARLIEST = datetime.min.replace(tzinfo=UTC)


def by_start(row: Mapping[str, Any]) -> tuple[datetime, str]:
    """Sort key: the game's start (the earliest first; a row without any time first of all), then its journal."""
    began = row_began(row)
    return (began.astimezone(UTC) if began is not None else EARLIEST), str(row.get("journal"))
