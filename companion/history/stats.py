"""Win rates, best scores and streaks, computed from history rows for any game.

Every rate carries its count ("1 of 1"), so a single game is never read as
100%. A game the whole table wins or loses together counts for the table
(by game, variant and number of players) and for every seat that played
it; a ranked game counts a win for each winner (ties shared) and for no
table. Unfinished (abandoned, unreadable) games are counted apart.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from engine.core.messages import Message, msg, msg_n


@dataclass
class Rate:
    """`won` of `of` games."""

    won: int = 0
    of: int = 0

    def add(self, won: bool) -> None:
        self.of += 1
        self.won += int(won)

    @property
    def percent(self) -> int:
        return round(100 * self.won / self.of) if self.of else 0

    def words(self) -> Message:
        return msg_n("{n} of {of} won ({percent}%)",
                     "{n} of {of} won ({percent}%)",
                     n=self.won, of=self.of, percent=self.percent)


@dataclass
class Best:
    """The best score of a game and variant, and when it was played."""

    score: int
    grade: str | None
    ended: str
    seats: tuple[str, ...]


@dataclass
class Streak:
    """Wins in a row: the longest ever and the one running now."""

    longest: int = 0
    current: int = 0

    def add(self, won: bool) -> None:
        self.current = self.current + 1 if won else 0
        self.longest = max(self.longest, self.current)


@dataclass
class GameStats:
    """Everything counted for one game."""

    game: str
    played: int = 0
    finished: int = 0
    table: Rate = field(default_factory=Rate)
    by_variant: dict[str, Rate] = field(default_factory=lambda: defaultdict(Rate))
    by_players: dict[int, Rate] = field(default_factory=lambda: defaultdict(Rate))
    by_seat: dict[str, Rate] = field(default_factory=lambda: defaultdict(Rate))
    best: dict[str, Best] = field(default_factory=dict)
    table_streak: Streak = field(default_factory=Streak)
    seat_streaks: dict[str, Streak] = field(default_factory=lambda: defaultdict(Streak))

    @property
    def cooperative(self) -> bool:
        return self.table.of > 0


def _seats(row: dict[str, Any]) -> tuple[str, ...]:
    value = json.loads(row["seats"])
    return tuple(value) if isinstance(value, list) else ()


def compute(rows: list[dict[str, Any]]) -> dict[str, GameStats]:
    """Statistics per game from history rows (oldest first, as `History.games` gives them)."""
    out: dict[str, GameStats] = {}
    for row in rows:
        stats = out.setdefault(row["game"], GameStats(row["game"]))
        stats.played += 1
        if not row["finished"]:
            continue
        stats.finished += 1
        seats = _seats(row)
        winners = set(json.loads(row["winners"]))
        if row["table_won"] is not None:
            won = bool(row["table_won"])
            stats.table.add(won)
            stats.by_variant[row["variant"]].add(won)
            stats.by_players[row["players"]].add(won)
            stats.table_streak.add(won)
        for seat in seats:
            stats.by_seat[seat].add(seat in winners)
            stats.seat_streaks[seat].add(seat in winners)
        score = row["score"]
        if score is not None:
            best = stats.best.get(row["variant"])
            if best is None or score > best.score:
                stats.best[row["variant"]] = Best(score, row["grade"], row["ended"], seats)
    return out


def stat_lines(stats: GameStats, title: str | Message) -> list[tuple[int, Message]]:
    """The statistics of one game as sentences with their indent level, for the command line and the device."""
    lines = [(0, msg_n("{game}: {n} game, {finished} finished",
                       "{game}: {n} games, {finished} finished",
                       game=title, n=stats.played, finished=stats.finished))]
    if stats.cooperative:
        lines.append((0, msg("The table: {rate}", rate=stats.table.words())))
        for variant, rate in sorted(stats.by_variant.items()):
            lines.append((1, msg("{variant}: {rate}", variant=variant or "-", rate=rate.words())))
        for players, rate in sorted(stats.by_players.items()):
            lines.append((1, msg("{count} players: {rate}", count=players, rate=rate.words())))
        lines.append((1, msg("Longest winning streak {longest}, now {current}",
                             longest=stats.table_streak.longest, current=stats.table_streak.current)))
    for seat, rate in sorted(stats.by_seat.items(), key=lambda item: (-item[1].percent, -item[1].of, item[0])):
        streak = stats.seat_streaks[seat]
        name = seat.replace("-", " ").title()  # as players say it: "kyuzo" -> "Kyuzo"
        lines.append((1, msg("{seat}: {rate}, longest streak {longest}", seat=name, rate=rate.words(),
                             longest=streak.longest)))
    for variant, best in sorted(stats.best.items()):
        lines.append((0, msg("Best score {score} ({variant}), {date}", score=best.grade or best.score,
                             variant=variant or "-", date=best.ended[:10])))
    return lines
