"""One archived journal read back as one row of history, for any game.

The rules engine replays the journal; the game's `Outcome` says who won,
the ranking and the scores, and the journal header's set-up says who sat
where and which variant was played. Seat order is the first list of names
in the set-up (the Samurai or the players, clockwise); the variant is every
other plain word or number of the set-up that is not a seat ("difficulty
heroic", "lives 3"), so a new game needs no code here.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.storage import journal_game, load_journal
from engine import RuleError
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

    def row(self) -> dict[str, Any]:
        """The record as database columns."""
        return {"journal": self.journal, "game": self.game, "seats": json.dumps(list(self.seats)),
                "players": len(self.seats), "variant": self.variant, "setup": json.dumps(self.setup, sort_keys=True),
                "seed": self.seed, "ended": self.ended, "result": self.result, "finished": int(self.finished),
                "winners": json.dumps(list(self.winners)), "ranking": json.dumps([list(g) for g in self.ranking]),
                "scores": json.dumps(self.scores, sort_keys=True), "table_won": self.table_won,
                "score": self.score, "grade": self.grade, "rounds": self.rounds, "inputs": self.inputs,
                "summary": json.dumps(self.summary) if self.summary is not None else None,
                "people": json.dumps(self.people, sort_keys=True)}


def seats_of(setup: Any) -> tuple[str, ...]:
    """The seats in set-up order: the first list of names in the set-up, else none."""
    if isinstance(setup, dict):
        for value in setup.values():
            if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                return tuple(value)
    return ()


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
    if outcome is None:
        return GameRecord(path.name, match.game.name, seats, variant_of(setup, seats), setup, match.seed, ended,
                          "abandoned", False, (), (), {}, None, None, None, _rounds({}, view),
                          len(match.inputs), None)
    if not seats:
        seats = tuple(seat for group in outcome.ranking for seat in group)
    grade = outcome.detail.get("grade")
    return GameRecord(path.name, match.game.name, seats, variant_of(setup, seats), setup, match.seed, ended,
                      match.play.result or "over", True, outcome.winners, outcome.ranking, dict(outcome.scores),
                      _table_won(outcome.winners, outcome.ranking, seats),
                      max(outcome.scores.values()) if outcome.scores else None,
                      grade if isinstance(grade, str) else None, _rounds(outcome.detail, view),
                      len(match.inputs), outcome.summary.to_json())
