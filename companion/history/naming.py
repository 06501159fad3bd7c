"""How a row of history reads to a table: people by name, seats by the game's own words, times in the device's zone.

The database keeps ids ("blue", "daisuke", "difficulty hard") and moments
(its own UTC stamps, and the journals' times with the offset they were
written with), so that it can be rebuilt and compared; everything a person
reads is made here, in one language: a seat is named by the namers its game
gives the screens ("blue" -> "Blau", "daisuke" -> "Daisuke"), a seat
somebody was named for reads as that person's name, a variant in words, a
time as the table's clock showed it then, with the offset from UTC in force
then ("2026-10-25 02:50 +02:00", then "02:30 +01:00" half an hour later,
the night summer time ends). A person may have been merged into another since the game:
`resolve` (player id -> (the id kept, the name now)) says who they are now,
and without it the row's own id and name stand.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from companion.i18n import Namer, Translator
from engine.core.messages import Message, msg, msg_n

Resolver = Callable[[str], tuple[str, str] | None]
"""Player id -> (the id the person has now, their name now); None for an id nobody knows any more."""

STAMP = "%Y-%m-%dT%H:%M:%SZ"
"""How history stores a moment of its own (a journal's modification time): UTC, to the second."""

RESULT_WORDS: Mapping[str, Message] = {
    "abandoned": msg("abandoned"), "unreadable": msg("unreadable journal"),
}
"""The results of a game that did not finish."""


def parse_stamp(stamp: Any) -> datetime | None:
    """A stored moment as an aware time: a UTC stamp ("2026-11-27T20:05:00Z") or a journal's time with its
    offset ("2026-11-27T21:05:00+01:00"); None for anything else (an empty or edited cell, a time without a zone)."""
    if not isinstance(stamp, str) or not 20 <= len(stamp) <= 40:
        return None
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return None
    return moment if moment.utcoffset() is not None else None


def local(moment: datetime) -> datetime:
    """`moment` as the table's clock showed it: a journal's time keeps the offset it was written with; a UTC
    stamp is shown in the device's time zone (the TZ of the process), with the offset in force at that moment."""
    return moment.astimezone() if moment.utcoffset() == timedelta(0) else moment


def offset_text(moment: datetime) -> str:
    """The offset from UTC of a local moment: "+01:00", "-03:30"."""
    offset = moment.utcoffset() or timedelta(0)
    sign = "-" if offset < timedelta(0) else "+"
    minutes = abs(round(offset.total_seconds() / 60))
    return f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def clock_text(moment: datetime, with_date: bool = False) -> str:
    """A moment as the table reads it, with the offset then: "21:05 +01:00" ("2026-11-27 21:05 +01:00")."""
    shown = local(moment)
    return f"{shown.strftime('%Y-%m-%d %H:%M' if with_date else '%H:%M')} {offset_text(shown)}"


def date_text(moment: datetime | None) -> str:
    """The day of a moment as the table's clock showed it: "2026-11-27" ("" for none)."""
    return local(moment).strftime("%Y-%m-%d") if moment is not None else ""


def local_text(stamp: Any, with_date: bool = True) -> str:
    """A stored moment as the table reads it: "2026-11-27 21:05 +01:00" ("" when there is none)."""
    moment = parse_stamp(stamp)
    return clock_text(moment, with_date) if moment is not None else ""


def zone_name(moments: Iterable[datetime] = ()) -> str:
    """The time zones the moments were in, as the clock names them ("CET, CEST"), for saying once which zones
    the times are in; a moment whose offset is not the device's then is named by its offset ("UTC+05:30").
    Without moments, the device's zone now."""
    names: dict[str, timedelta] = {}
    for moment in moments:
        shown, device = local(moment), moment.astimezone()
        offset = shown.utcoffset() or timedelta(0)
        name = device.tzname() if device.utcoffset() == offset else None
        names.setdefault(name or f"UTC{offset_text(shown)}", offset)
    if not names:
        return datetime.now(UTC).astimezone().tzname() or "UTC"
    return ", ".join(sorted(names, key=lambda name: (names[name], name)))


def json_field(row: Mapping[str, Any], key: str, default: Any) -> Any:
    """A JSON column of a row, or `default` when it is missing or unreadable (a row is never a reason to fail)."""
    try:
        value = json.loads(row.get(key) or "null")
    except (TypeError, ValueError):
        return default
    return value if isinstance(value, type(default)) else default


def row_seats(row: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(str(s) for s in json_field(row, "seats", []))


def row_people(row: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """Seat -> (player id, name at that game) for the seats somebody was named for."""
    out = {}
    for seat, who in json_field(row, "people", {}).items():
        if isinstance(who, dict) and isinstance(who.get("id"), str) and who["id"]:
            out[str(seat)] = (who["id"], str(who.get("name") or who["id"]))
    return out


def row_ranking(row: Mapping[str, Any]) -> list[list[str]]:
    return [[str(s) for s in group] for group in json_field(row, "ranking", []) if isinstance(group, list)]


def row_scores(row: Mapping[str, Any]) -> dict[str, int]:
    return {str(k): v for k, v in json_field(row, "scores", {}).items() if isinstance(v, int)}


def place_of(row: Mapping[str, Any], seat: str) -> int | None:
    """The seat's place in the game's ranking (1 first; shared places share the number), None without one."""
    for number, group in enumerate(row_ranking(row), start=1):
        if seat in group:
            return number
    return None


def competitive(row: Mapping[str, Any]) -> bool:
    """A finished game with places: somebody came before somebody else (not one result for the whole table)."""
    return bool(row.get("finished")) and row.get("table_won") is None and len(row_ranking(row)) > 1


def duration_words(seconds: float) -> Message:
    """A length of time as a table says it: "1 h 25 min", "40 min"."""
    minutes = max(0, round(seconds / 60))
    if minutes >= 60 and minutes % 60 == 0:
        return msg("{hours} h", hours=minutes // 60)
    if minutes >= 60:
        return msg("{hours} h {minutes} min", hours=minutes // 60, minutes=minutes % 60)
    return msg("{minutes} min", minutes=minutes)


@dataclass(frozen=True)
class Person:
    """Who a seat was: the id that counts them (after merges) and the name shown."""

    id: str
    name: str


class Naming:
    """The words of history rows in one language, for every game the rows hold."""

    def __init__(self, tr: Translator, resolve: Resolver | None = None) -> None:
        self.tr = tr
        self.resolve = resolve
        self._namers: dict[str, dict[str, Namer]] = {}

    def namers(self, game: str) -> dict[str, Namer]:
        """The namers the game's screens use (none for a game this build does not have)."""
        if game not in self._namers:
            from companion.games import game_ui, registered_games

            self._namers[game] = game_ui(game).namers() if game in registered_games() else {}
        return self._namers[game]

    def game(self, name: str) -> str:
        """A game's name on screen, from its registration; the journal's name for a game this build lacks."""
        from companion.games import registered_games, registration

        if name not in registered_games():
            return name
        title = registration(name).title
        return title if isinstance(title, str) else self.tr(title)

    def samurai_seats(self, game: str) -> bool:
        """True where the game's seats are Samurai boards rather than players' colours."""
        namers = self.namers(game)
        return "samurai" in namers and "player" not in namers

    def seat(self, game: str, seat: str) -> str:
        """A seat in the game's own words: its colour in this language, its Samurai's name."""
        namers = self.namers(game)
        namer = namers.get("player") or namers.get("samurai")
        if namer is None:
            return seat.replace("-", " ").capitalize()
        return namer(seat, self.tr)

    def person(self, row: Mapping[str, Any], seat: str) -> Person | None:
        """Who sat in `seat`, as they are known now; None for a seat nobody was named for."""
        found = row_people(row).get(seat)
        if found is None:
            return None
        ident, name = found
        now = self.resolve(ident) if self.resolve is not None else None
        return Person(*now) if now is not None else Person(ident, name)

    def who(self, row: Mapping[str, Any], seat: str) -> str:
        """The person in a seat by name, else the seat in the game's words."""
        found = self.person(row, seat)
        return found.name if found is not None else self.seat(str(row.get("game")), seat)

    def variant(self, game: str, variant: str) -> str:
        """The variant as words ("difficulty hard" -> "Schwierigkeit: Schwer", "lives 2" -> "2 Leben")."""
        if not variant:
            return ""
        namers = self.namers(game)
        words = []
        for part in variant.split(", "):
            key, _, value = part.partition(" ")
            if key == "difficulty":
                level = namers["difficulty"](value, self.tr) if "difficulty" in namers else value
                words.append(self.tr(msg("Difficulty: {level}", level=level)))
            elif key == "lives" and value.isdigit():
                words.append(self.tr(msg_n("{n} life", "{n} lives", n=int(value))))
            else:
                words.append(part)
        return ", ".join(words)

    def seat_count(self, game: str, count: int) -> Message:
        """How many sat at the table, counted as the game counts its seats ("3 Samurai", "4 players")."""
        if self.samurai_seats(game):
            return msg("{count} Samurai", count=count)
        return msg("{count} players", count=count)

    def score(self, row: Mapping[str, Any], value: int | None = None) -> str:
        """A score as the game words it: its grade where it has one ("8+"), else the number."""
        grade = row.get("grade")
        if value is None and isinstance(grade, str) and grade:
            return grade
        number = row.get("score") if value is None else value
        return "" if number is None else str(number)

    def winners(self, row: Mapping[str, Any]) -> list[str]:
        return [self.who(row, seat) for seat in json_field(row, "winners", []) if seat in row_seats(row)]

    def result(self, row: Mapping[str, Any]) -> str:
        """What came of the game in one phrase: "Ann won", "The table won (score 8+)", "abandoned"."""
        if not row.get("finished"):
            return self.tr(RESULT_WORDS.get(str(row.get("result")), msg("abandoned")))
        score = self.score(row)
        if row.get("table_won") is not None:
            if row["table_won"]:
                text = msg("The table won, score {score}", score=score) if score else msg("The table won")
            else:
                text = msg("The table lost")
            return self.tr(text)
        winners = self.winners(row)
        if not winners:
            return self.tr(msg("Nobody won"))
        return self.tr(msg_n("{who} won", "{who} won", n=len(winners), who=", ".join(winners)))

    def scores(self, row: Mapping[str, Any]) -> str:
        """Every seat's score by place, "Ann 24 · Ben 15 · Chloé 5" (empty for a game without scores)."""
        scores = row_scores(row)
        if not scores or row.get("table_won") is not None:
            return ""
        order = [seat for group in row_ranking(row) for seat in group] or list(row_seats(row))
        return " · ".join(f"{self.who(row, seat)} {scores[seat]}" for seat in order if seat in scores)

    def seats_text(self, row: Mapping[str, Any]) -> str:
        """Who played, in seat order: "Ann (Blue), Ben (Red), Green"."""
        game = str(row.get("game"))
        parts = []
        for seat in row_seats(row):
            person = self.person(row, seat)
            word = self.seat(game, seat)
            parts.append(f"{person.name} ({word})" if person is not None else word)
        return ", ".join(parts)
