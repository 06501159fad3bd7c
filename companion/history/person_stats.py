"""Statistics of people: games, wins with their counts and intervals, streaks, best scores, seats, head-to-head.

A person is counted by id (after `Naming.resolve`, so a merged player's
games count once, under their name now); seats nobody was named for count
for nobody. In a game the whole table wins or loses together everyone at
the table wins or loses; in a ranked game the winners win. Head-to-head is
counted in the games with places (`competitive`): for every two named people
at the same table, who finished ahead of whom, or level.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from companion.history.naming import (
    Naming,
    Person,
    Resolver,
    competitive,
    date_text,
    json_field,
    place_of,
    row_people,
    row_scores,
    row_seats,
)
from companion.history.stats import Rate, Streak
from companion.history.timing import row_began
from engine.core.messages import Message, msg, msg_n


@dataclass
class Versus:
    """One person against another in one game: games where each finished ahead, and level ones."""

    ahead: int = 0
    behind: int = 0
    level: int = 0


@dataclass
class PersonGame:
    """One person in one game."""

    rate: Rate = field(default_factory=Rate)
    streak: Streak = field(default_factory=Streak)
    best: tuple[int, dict[str, Any]] | None = None
    seats: Counter[str] = field(default_factory=Counter)
    versus: dict[str, Versus] = field(default_factory=lambda: defaultdict(Versus))


@dataclass
class PersonStats:
    """Everything counted for one person, game by game."""

    person: Person
    games: dict[str, PersonGame] = field(default_factory=dict)

    @property
    def played(self) -> int:
        return sum(g.rate.of for g in self.games.values())

    @property
    def won(self) -> int:
        return sum(g.rate.won for g in self.games.values())


def people_stats(rows: list[dict[str, Any]], naming: Naming) -> dict[str, PersonStats]:
    """Person id -> their statistics, from finished games (oldest first) with somebody named at the table."""
    out: dict[str, PersonStats] = {}
    names: dict[str, str] = {}
    for row in rows:
        if not row.get("finished"):
            continue
        game = str(row["game"])
        winners = set(json_field(row, "winners", []))
        table_won = row.get("table_won")
        scores = row_scores(row)
        seated = [(seat, naming.person(row, seat)) for seat in row_seats(row)]
        for seat, person in seated:
            if person is None:
                continue
            names[person.id] = person.name
            stats = out.setdefault(person.id, PersonStats(person))
            mine = stats.games.setdefault(game, PersonGame())
            won = bool(table_won) if table_won is not None else seat in winners
            mine.rate.add(won)
            mine.streak.add(won)
            mine.seats[seat] += 1
            score = scores.get(seat) if table_won is None else row.get("score")
            if isinstance(score, int) and (mine.best is None or score > mine.best[0]):
                mine.best = (score, row)
        if competitive(row):
            _head_to_head(row, seated, out)
    for ident, stats in out.items():
        stats.person = Person(ident, names[ident])
    return out


def _head_to_head(row: dict[str, Any], seated: list[tuple[str, Person | None]], out: dict[str, PersonStats]) -> None:
    game = str(row["game"])
    for seat, person in seated:
        mine = place_of(row, seat)
        if person is None or mine is None:
            continue
        for other_seat, other in seated:
            theirs = place_of(row, other_seat)
            if other is None or other.id == person.id or theirs is None:
                continue
            versus = out[person.id].games[game].versus[other.id]
            if mine < theirs:
                versus.ahead += 1
            elif mine > theirs:
                versus.behind += 1
            else:
                versus.level += 1


def favourite(stats: PersonStats, game: str) -> tuple[str, int] | None:
    """The seat the person sat in most in `game` (the first in name order on a tie) and how often."""
    seats = stats.games[game].seats
    if not seats:
        return None
    seat, count = min(seats.items(), key=lambda item: (-item[1], item[0]))
    return seat, count


def person_lines(stats: PersonStats, naming: Naming, people: dict[str, PersonStats]) -> list[tuple[int, Message]]:
    """One person's statistics as sentences with their indent level, games most played first."""
    lines: list[tuple[int, Message]] = [
        (0, msg_n("{who}: {n} game, {wins}", "{who}: {n} games, {wins}", who=stats.person.name, n=stats.played,
                  wins=msg_n("{n} won", "{n} won", n=stats.won)))]
    for game, mine in sorted(stats.games.items(), key=lambda item: (-item[1].rate.of, item[0])):
        lines.append((1, msg("{game}: {rate}", game=naming.game(game), rate=mine.rate.words())))
        lines.append((2, msg("Longest winning streak {longest}, now {current}", longest=mine.streak.longest,
                             current=mine.streak.current)))
        if mine.best is not None:
            lines.append((2, msg("Best score {score}, {date}", score=mine.best[0],
                                 date=date_text(row_began(mine.best[1])))))
        found = favourite(stats, game)
        if found is not None and mine.rate.of > 1:
            seat, count = found
            words = (msg_n("Favourite Samurai: {seat}, {n} of {of} games",
                           "Favourite Samurai: {seat}, {n} of {of} games", n=count, seat=naming.seat(game, seat),
                           of=mine.rate.of) if naming.samurai_seats(game) else
                     msg_n("Favourite seat: {seat}, {n} of {of} games", "Favourite seat: {seat}, {n} of {of} games",
                           n=count, seat=naming.seat(game, seat), of=mine.rate.of))
            lines.append((2, words))
        for other, versus in sorted(mine.versus.items(), key=lambda item: people[item[0]].person.name.casefold()):
            name = people[other].person.name
            if versus.level:
                line = msg("Against {other}: ahead {ahead}, behind {behind}, level {level}", other=name,
                           ahead=versus.ahead, behind=versus.behind, level=versus.level)
            else:
                line = msg("Against {other}: ahead {ahead}, behind {behind}", other=name, ahead=versus.ahead,
                           behind=versus.behind)
            lines.append((2, line))
    return lines


def ordered(people: dict[str, PersonStats]) -> list[PersonStats]:
    """People most played first, then by name."""
    return sorted(people.values(), key=lambda p: (-p.played, p.person.name.casefold(), p.person.id))


def games_together(rows: list[dict[str, Any]], resolve: Resolver, one: str, other: str) -> list[dict[str, Any]]:
    """The games, oldest first, in which the people `one` and `other` (ids as the book knows them now) both sat.

    Merging two such people would make one person of two seats of one game: the game counted twice for
    them, a win and a loss at once, and one player listed twice in a BG Stats play. So the player book is
    never merged over such a game (companion.web.players_page says which).
    """
    def now(ident: str) -> str:
        found = resolve(ident)
        return found[0] if found is not None else ident

    return [row for row in rows if {one, other} <= {now(ident) for ident, _ in row_people(row).values()}]


def together_refusal(rows: list[dict[str, Any]], naming: Naming, keep: str, other: str) -> Message:
    """Why `other` cannot be merged into `keep`: the games they played together, named and dated (the first
    three, and how many more)."""
    shown = "; ".join(naming.tr(msg("{game}, {date}", game=naming.game(str(row["game"])),
                                    date=date_text(row_began(row)))) for row in rows[:3])
    games = shown if len(rows) <= 3 else naming.tr(msg_n("{games} and {n} more", "{games} and {n} more",
                                                         n=len(rows) - 3, games=shown))
    return msg_n("{keep} and {other} played in the same game ({games}): as one person they would be counted "
                 "twice in it. Nothing was merged.",
                 "{keep} and {other} played in the same {n} games ({games}): as one person they would be counted "
                 "twice in them. Nothing was merged.", n=len(rows), keep=keep, other=other, games=games)
