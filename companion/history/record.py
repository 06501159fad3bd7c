"""One archived journal read back as one row of history, for any game.

The rules engine replays the journal; the game's `Outcome` says who won,
the ranking and the scores, and the journal header's set-up says who sat
where and which variant was played. Seat order is the first list of names
in the set-up (the Samurai or the players, clockwise); the variant is every
other plain word or number of the set-up that is not a seat ("difficulty
heroic", "lives 3"), so a new game needs no code here. Who played each
seat comes from the header's notes (companion.players.recorded), with the
names as they were then, so a rebuild needs no player book. The start
player is the seat the game's first prompt waits for (the Samurai, the
player the game drew or the set-up named).

When the game was played comes from the journal's times (the start in its
header, each input's in its record): the sessions of play and the playing
time (companion.history.timing), so a game resumed the next evening after a
power cut lasts what was played, not the night in between. A journal from
before times were kept ends when it was last written (its modification
time) and begins when history noted its start.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from datetime import UTC
from pathlib import Path
from typing import Any

from companion.games.base import seats_of
from companion.history.naming import STAMP, parse_stamp
from companion.history.timing import played_seconds, sessions
from companion.players.recorded import people_of
from companion.runtime.storage import journal_game, load_journal
from engine import Match, RuleError
from engine.core.outcome import TABLE


@dataclass(frozen=True)
class GameRecord:
    """What history keeps of one game.

    journal    the archived journal's file name under games/ (unique)
    result     the game's one-word result ("won", "lost", "over"), or "abandoned", "unreadable"
    table_won  for a game the whole table wins or loses together: 1 won, 0 lost; None otherwise
    score      the best score of the game (the table's in a cooperative game), None without one
    grade      the game's own wording of the score where it has one ("8+")
    people     who sat in each seat: seat id -> {"id": player id, "name": the name then}; seats
               nobody named are absent (an anonymous seat stays anonymous)
    """

    journal: str
    game: str
    seats: tuple[str, ...]
    variant: str
    setup: dict[str, Any]
    seed: int | None
    ended: str
    result: str
    finished: bool
    winners: tuple[str, ...]
    ranking: tuple[tuple[str, ...], ...]
    scores: dict[str, int]
    table_won: int | None
    score: int | None
    grade: str | None
    rounds: int | None
    inputs: int
    summary: dict[str, Any] | None
    people: dict[str, dict[str, str]] = field(default_factory=dict)
    began: str | None = None
    """When the game began, as the journal says (ISO 8601 with the offset then); None for a journal without times."""
    sessions: tuple[tuple[str, str], ...] = ()
    """The stretches of play (first and last moment of each, as the journal wrote them), split at pauses."""
    played: int | None = None
    """Seconds of play: the sessions added up; None when the journal has no times."""
    first: str | None = None
    """The seat that began (the first prompt's), None where the game does not say."""

    def row(self) -> dict[str, Any]:
        """The record as database columns."""
        return {"journal": self.journal, "game": self.game, "seats": json.dumps(list(self.seats)),
                "players": len(self.seats), "variant": self.variant, "setup": json.dumps(self.setup, sort_keys=True),
                "seed": self.seed, "ended": self.ended, "result": self.result, "finished": int(self.finished),
                "winners": json.dumps(list(self.winners)), "ranking": json.dumps([list(g) for g in self.ranking]),
                "scores": json.dumps(self.scores, sort_keys=True), "table_won": self.table_won,
                "score": self.score, "grade": self.grade, "rounds": self.rounds, "inputs": self.inputs,
                "summary": json.dumps(self.summary) if self.summary is not None else None,
                "people": json.dumps(self.people, sort_keys=True), "began": self.began,
                "sessions": json.dumps([list(pair) for pair in self.sessions]), "played": self.played,
                "first": self.first}




def variant_of(setup: Any, seats: tuple[str, ...]) -> str:
    """The set-up's plain words and numbers that are not a seat ("difficulty heroic"), sorted by key.

    Yes/no switches and who begins are left out: they do not make another
    game to compare against, and would split every statistic in two.
    """
    if not isinstance(setup, dict):
        return ""
    parts = []
    for key in sorted(setup):
        value = setup[key]
        if isinstance(value, bool) or not isinstance(value, str | int) or value in seats or key == "first":
            continue
        parts.append(f"{key} {value}")
    return ", ".join(parts)


def ended_at(path: Path) -> str:
    """When the game's last input was saved: the journal's modification time (a rename keeps it), UTC."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(path.stat().st_mtime))


@dataclass(frozen=True)
class Timing:
    """When a game was played, from its journal's times: what GameRecord keeps of them."""

    ended: str
    began: str | None = None
    sessions: tuple[tuple[str, str], ...] = ()
    played: int | None = None


def timing_of(match: Match, fallback_end: str) -> Timing:
    """The game's start, sessions and playing time from the times its journal kept (`fallback_end`, the file's
    modification time, ends a game without any)."""
    known = [(text, moment) for text in (match.started, *match.times)
             if text is not None and (moment := parse_stamp(text)) is not None]
    if not known:
        return Timing(fallback_end)
    spans = sessions([moment for _, moment in known])
    texts = {moment: text for text, moment in reversed(known)}
    last = max(moment for _, moment in known)
    return Timing(last.astimezone(UTC).strftime(STAMP), known[0][0] if match.started else None,
                  tuple((texts[a], texts[b]) for a, b in spans), round(played_seconds(spans)))


def first_seat(match: Match, seats: tuple[str, ...], setup: dict[str, Any]) -> str | None:
    """The seat that began: the one the game's first prompt waited for, else the set-up's `first`."""
    try:
        opening = Match(match.game, setup, match.seed).play.prompt
    except Exception:  # an untrusted set-up that replayed once already: the set-up's word stands
        opening = None
    if opening is not None and opening.actor in seats:
        return opening.actor
    first = setup.get("first")
    return first if isinstance(first, str) and first in seats else None


def _table_won(winners: tuple[str, ...], ranking: tuple[tuple[str, ...], ...], seats: tuple[str, ...]) -> int | None:
    """1 or 0 where the whole table wins or loses together (one shared place), None for a ranked game."""
    if len(ranking) != 1 or set(ranking[0]) != set(seats) or len(seats) < 1:
        return None
    if not winners:
        return 0
    return 1 if set(winners) in (set(seats), {TABLE}) else None


def _rounds(detail: dict[str, Any], view: dict[str, Any]) -> int | None:
    for source in (detail, view):
        for key in ("rounds", "round"):
            value = source.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                return value
    return None


def record_of(path: Path) -> GameRecord:
    """The history row of one archived journal; an unreadable one is a row that says so."""
    ended = ended_at(path)
    try:
        loaded = load_journal(path)
    except RuleError:
        return GameRecord(path.name, journal_game(path) or "?", (), "", {}, None, ended, "unreadable", False,
                          (), (), {}, None, None, None, None, 0, None)
    match = loaded.match
    header = match.header()
    setup = header["setup"] if isinstance(header["setup"], dict) else {}
    seats = seats_of(setup)
    outcome = match.play.outcome
    view = match.play.public_view()
    timing = timing_of(match, ended)
    if outcome is None:
        return GameRecord(path.name, match.game.name, seats, variant_of(setup, seats), setup, match.seed,
                          timing.ended, "abandoned", False, (), (), {}, None, None, None, _rounds({}, view),
                          len(match.inputs), None, people_of(match.notes, seats), timing.began, timing.sessions,
                          timing.played, first_seat(match, seats, setup))
    if not seats:
        seats = tuple(seat for group in outcome.ranking for seat in group)
    grade = outcome.detail.get("grade")
    return GameRecord(path.name, match.game.name, seats, variant_of(setup, seats), setup, match.seed, timing.ended,
                      match.play.result or "over", True, outcome.winners, outcome.ranking, dict(outcome.scores),
                      _table_won(outcome.winners, outcome.ranking, seats),
                      max(outcome.scores.values()) if outcome.scores else None,
                      grade if isinstance(grade, str) else None, _rounds(outcome.detail, view),
                      len(match.inputs), outcome.summary.to_json(), people_of(match.notes, seats), timing.began,
                      timing.sessions, timing.played, first_seat(match, seats, setup))
