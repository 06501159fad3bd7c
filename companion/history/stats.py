"""Win rates, best scores and streaks per game, computed from history rows for any game.

Every rate carries its count ("1 of 1"), so a single game is never read as
100%, and while the count is small (fewer than `SMALL` games) the rate comes
with its 95% Wilson interval instead of a bare percentage ("2 of 3 won
(likely 21-94%)"): the interval says how little three games prove. A game
the whole table wins or loses together counts for the table (by game,
variant and number of players) and for every seat that played it; a ranked
game counts a win for each winner (ties shared) and for no table.
Unfinished (abandoned, unreadable) games are counted apart. The words come
from `Naming`: seats in the game's own words, variants translated.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from companion.history.naming import Naming, date_text, json_field
from companion.history.timing import row_began
from companion.i18n import ENGLISH
from engine.core.messages import Message, msg, msg_n

SMALL = 20
"""Below this many games a rate is given with its interval: at 20 games the 95% interval is still ±20 points."""
Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(won: int, of: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of `won` successes in `of` tries, as shares (0..1).

    Unlike "p ± z·sqrt(p(1-p)/n)" it stays inside 0..1 and is not empty at
    0 of 3 or 3 of 3, which is what a table's counts mostly are.
    """
    if of <= 0:
        return 0.0, 1.0
    p = won / of
    denominator = 1 + z * z / of
    centre = (p + z * z / (2 * of)) / denominator
    half = z * math.sqrt(p * (1 - p) / of + z * z / (4 * of * of)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


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

    @property
    def interval(self) -> tuple[int, int]:
        """The 95% Wilson interval in whole percent."""
        low, high = wilson(self.won, self.of)
        return math.floor(100 * low), math.ceil(100 * high)

    def words(self) -> Message:
        if self.of < SMALL:
            low, high = self.interval
            return msg_n("{n} of {of} won (likely {low}-{high}%)", "{n} of {of} won (likely {low}-{high}%)",
                         n=self.won, of=self.of, low=low, high=high)
        return msg_n("{n} of {of} won ({percent}%)", "{n} of {of} won ({percent}%)",
                     n=self.won, of=self.of, percent=self.percent)


@dataclass
class Best:
    """The best score of a game and variant: the row it was played in and, in a ranked game, the seat."""

    score: int
    row: dict[str, Any]
    seat: str | None = None


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


def _best_of(row: dict[str, Any]) -> tuple[int, str | None] | None:
    """The game's best score and, in a ranked game, whose it was (the first such seat in the ranking)."""
    score = row["score"]
    if score is None:
        return None
    if row["table_won"] is not None:
        return score, None
    scores = json_field(row, "scores", {})
    ranking = [seat for group in json_field(row, "ranking", []) if isinstance(group, list) for seat in group]
    seat = next((s for s in ranking if scores.get(s) == score), None)
    return score, seat


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
        found = _best_of(row)
        if found is not None:
            best = stats.best.get(row["variant"])
            if best is None or found[0] > best.score:
                stats.best[row["variant"]] = Best(found[0], row, found[1])
    return out


def stat_lines(stats: GameStats, title: str | Message, naming: Naming | None = None) -> list[tuple[int, Message]]:
    """The statistics of one game as sentences with their indent level, for the command line and the device.

    `naming` gives the seats and variants their words in the language the
    lines will be read in (English without it).
    """
    naming = naming or Naming(ENGLISH)
    game = stats.game
    lines = [(0, msg_n("{game}: {n} game, {finished} finished",
                       "{game}: {n} games, {finished} finished",
                       game=title, n=stats.played, finished=stats.finished))]
    if stats.cooperative:
        lines.append((0, msg("The table: {rate}", rate=stats.table.words())))
        for variant, rate in sorted(stats.by_variant.items()):
            if variant:
                lines.append((1, msg("{variant}: {rate}", variant=naming.variant(game, variant), rate=rate.words())))
        for players, rate in sorted(stats.by_players.items()):
            lines.append((1, msg("{seats}: {rate}", seats=naming.seat_count(game, players), rate=rate.words())))
        lines.append((1, msg("Longest winning streak {longest}, now {current}",
                             longest=stats.table_streak.longest, current=stats.table_streak.current)))
    for seat, rate in sorted(stats.by_seat.items(), key=lambda item: (-item[1].percent, -item[1].of, item[0])):
        streak = stats.seat_streaks[seat]
        lines.append((1, msg("{seat}: {rate}, longest streak {longest}", seat=naming.seat(game, seat),
                             rate=rate.words(), longest=streak.longest)))
    for variant, best in sorted(stats.best.items()):
        score = naming.score(best.row) if best.seat is None else str(best.score)
        when = date_text(row_began(best.row))
        variant_words = naming.variant(game, variant)
        if best.seat is not None:
            who = naming.who(best.row, best.seat)
            line = (msg("Best score {score} ({variant}) by {who}, {date}", score=score, variant=variant_words,
                        who=who, date=when) if variant_words else
                    msg("Best score {score} by {who}, {date}", score=score, who=who, date=when))
        else:
            line = (msg("Best score {score} ({variant}), {date}", score=score, variant=variant_words, date=when)
                    if variant_words else msg("Best score {score}, {date}", score=score, date=when))
        lines.append((0, line))
    return lines
