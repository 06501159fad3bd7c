"""History rows with named players, made through the real database, for the statistics and export tests.

The players of each seat are filled the way history keeps them (`people`:
seat -> {"id", "name"}), and start times go through `History.started`, so
the rows are exactly what `History.games` gives the screens and the page.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.history.db import History, memory_history
from companion.history.record import GameRecord
from engine.core.outcome import TABLE

ANN, BEN, CHLOE, DAAN = ("p-ann", "Ann"), ("p-ben", "Ben"), ("p-chloe", "Chloé"), ("p-daan", "=HYPERLINK(\"x\")")
NIGHT_START = 1_795_200_000.0
"""2026-11-20 18:40 UTC: an evening in Europe."""


@pytest.fixture
def berlin(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The device's clock set to Central European time (UTC+1 in November): the night's times read in it."""
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def stamp(at: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(at))


def people(**seats: tuple[str, str]) -> dict[str, dict[str, str]]:
    return {seat: {"id": ident, "name": name} for seat, (ident, name) in seats.items()}


def ranked(journal: str, game: str, seats: tuple[str, ...], ranking: tuple[tuple[str, ...], ...],
           scores: dict[str, int], who: dict[str, dict[str, str]], seed: int, ended: float, variant: str = "",
           setup: dict[str, Any] | None = None) -> GameRecord:
    return GameRecord(journal, game, seats, variant, setup or {"players": list(seats)}, seed, stamp(ended), "over",
                      True, ranking[0], ranking, scores, None, max(scores.values()), None, None, 40, None, who)


def coop(journal: str, samurai: tuple[str, ...], won: bool, who: dict[str, dict[str, str]], seed: int, ended: float,
         difficulty: str = "normal", score: int | None = None) -> GameRecord:
    winners = (TABLE,) if won else ()
    return GameRecord(journal, "samurai-spirit", samurai, f"difficulty {difficulty}",
                      {"samurai": list(samurai), "difficulty": difficulty}, seed, stamp(ended), "won" if won else "lost",
                      True, winners, (samurai,), {}, int(won), score, None, 3, 60, None, who)


def night_history(folder: Path) -> History:
    """An earlier evening (one game), then a night of three games: Tenno, Trick Raiders, Samurai Spirit.

    Starts are known for every game but the first of the night, which is
    taken to begin when it ended.
    """
    history = memory_history(folder)
    earlier = NIGHT_START - 3 * 86400
    games = [
        (ranked("game-0001-a.journal", "tenno", ("purple", "white", "blue"), (("white",), ("purple",), ("blue",)),
                {"white": 30, "purple": 20, "blue": 10}, people(purple=ANN, white=BEN, blue=CHLOE), 1, earlier),
         earlier - 1800),
        (ranked("game-0002-b.journal", "tenno", ("purple", "white", "blue"), (("purple",), ("white",), ("blue",)),
                {"purple": 24, "white": 15, "blue": 5}, people(purple=ANN, white=BEN, blue=CHLOE), 2,
                NIGHT_START + 2400), None),
        (ranked("game-0003-c.journal", "trick-raiders", ("red", "blue", "green"), (("green",), ("red", "blue")),
                {"red": 0, "blue": 0, "green": 2}, people(red=ANN, blue=BEN, green=DAAN), 3, NIGHT_START + 6000,
                "lives 2", {"players": ["red", "blue", "green"], "lives": 2, "first": "blue"}),
         NIGHT_START + 3000),
        (coop("game-0004-d.journal", ("kyuzo", "daisuke"), True, people(kyuzo=ANN), 4, NIGHT_START + 9000,
              "hard", 8), NIGHT_START + 6600),
    ]
    for record, started in games:
        history.add(record)
        if started is not None:
            history.started(record.game, record.seed or 0, stamp(started))
    return history


def night_on_disk(state_dir: Path, scratch: Path) -> None:
    """The night's rows and start times written into `state_dir`'s history database (as the device keeps it)."""
    from companion.history import open_history

    state_dir.mkdir(parents=True, exist_ok=True)
    with night_history(scratch) as memory, open_history(state_dir) as history:
        for row in memory.games():
            row.pop("started")
            row.pop("id")
            history.con.execute(f"INSERT INTO games ({', '.join(row)}) VALUES ({', '.join('?' for _ in row)})",
                                list(row.values()))
        for game, seed, started in memory.con.execute("SELECT game, seed, started FROM starts"):
            history.started(game, seed, started)
