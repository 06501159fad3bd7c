"""Done when: a night of three games with named players, played through the app loop with power cuts, then
the history rebuilt from the journals gives the same per-player statistics, and the night's BG Stats export
reads back with every play, player, winner and score.

The games run in `companion run --mock --script -` on the installed configuration (companion.harness.evening):
the game menu first, each seat answered as a table would (a personal tag tapped, a player picked with Next
and OK, a seat left unnamed), SIGKILLs in set-up and in play with the restarts after them. The games are set
up short (two at Tenno, three at Trick Raiders, three Samurai on easy): the night is about the people, and
the promises of each game are the longer evening tests' (tests/companion/test_evening.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.harness.evening import Evening
from companion.history.db import open_history
from companion.history.export import bgstats_json
from companion.history.menu import statistics_menu
from companion.history.naming import Naming
from companion.history.nights import last_night
from companion.history.person_stats import ordered, people_stats, person_lines
from companion.i18n import Translator
from companion.players.book import PlayerBook, book_resolver, change_book
from companion.web.history_page import person_section
from engine.core.messages import Message
from engine.core.outcome import TABLE
from tests.companion.test_history_people import parse_bgstats

ANNA_TAG = "04A1A2A3A4A5A6"
NAMES = {"p-anna": "Anna", "p-ben": "Ben", "p-cleo": "Cleo", "p-dan": "Dan", f"tag:{ANNA_TAG}": "Anna"}
GAMES = ("tenno", "trick-raiders", "samurai-spirit")
SETUPS: dict[str, dict[str, Any]] = {
    "tenno": {"players": 2},
    "trick-raiders": {"players": 3, "lives": 2},
    "samurai-spirit": {"difficulty": "easy", "samurai": ["kyuzo", "heihachi", "daisuke"]},
}
"""Short games: the fewest seats each allows but Samurai Spirit's (three, so one stays unnamed)."""
PEOPLE: dict[str, list[str | None]] = {
    "tenno": [f"tag:{ANNA_TAG}", "p-ben"],
    "trick-raiders": ["p-cleo", "p-dan", f"tag:{ANNA_TAG}"],
    "samurai-spirit": ["p-cleo", f"tag:{ANNA_TAG}", None],
}


@pytest.fixture(autouse=True)
def _local_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Europe/Berlin")


def _players(book: PlayerBook) -> None:
    for name in ("Anna", "Ben", "Cleo", "Dan"):
        book.add(name, new_id=lambda n=name: "p-" + n.lower())
    book.add_tag("p-anna", ANNA_TAG)


def _rows(state: Path) -> list[dict[str, Any]]:
    with open_history(state) as history:
        return history.games()


def per_player(state: Path) -> dict[str, Any]:
    """What history says of each person: the one comparison before and after a rebuild.

    The seats' people as the rows keep them, the per-player statistics (person_stats, in English), the
    device's statistics screen and the phone page's per-player section, all as the player book resolves
    people now (the book is the device's, as every statistic reads it).
    """
    rows = _rows(state)
    games: list[tuple[str, str, tuple[tuple[str, str, str, bool], ...]]] = []
    for row in rows:
        people = json.loads(row["people"])
        winners = set(json.loads(row["winners"]))
        seated = tuple(sorted((seat, who["id"], who["name"], seat in winners or row["table_won"] == 1)
                              for seat, who in people.items()))
        games.append((row["journal"], row["result"], seated))
    tr = Translator("en")
    naming = Naming(tr, book_resolver(state))
    people = people_stats(rows, naming)
    stats = {key: (person.person.name, person.played, person.won,
                   [tr(line) for _, line in person_lines(person, naming, people)])
             for key, person in people.items()}
    device = [tr(line) if isinstance(line, Message) else str(line) for line in statistics_menu(state, "en").detail]
    page = [person_section(person, naming, people) for person in ordered(people)]
    return {"games": games, "person_stats": stats, "device": device, "page": page}


def expected_plays(evening: Evening, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each game as the journals end it (the harness replayed them) and the people the table seated."""
    plays = []
    for (game, seed, _, outcome), row in zip(evening.finished, rows, strict=True):
        assert (row["game"], row["seed"]) == (game, seed)
        seats = json.loads(row["seats"])
        named = PEOPLE[game] + [None] * (len(seats) - len(PEOPLE[game]))
        names = [NAMES[who] if who is not None else None for who in named]
        if game == "samurai-spirit":  # the table wins or loses together; its score is every Samurai's
            won = TABLE in outcome.winners
            winners = [name or "Anonymous player" for name in names] if won else []
            score = outcome.scores.get(TABLE)
            scores = ["" if score is None else str(score)] * len(seats)
        else:
            winners = [name or "Anonymous player" for seat, name in zip(seats, names, strict=True)
                       if seat in outcome.winners]
            scores = [str(outcome.scores[seat]) if seat in outcome.scores else "" for seat in seats]
        plays.append({"players": names, "winners": winners, "scores": scores})
    return plays


def test_a_night_of_three_games_keeps_its_players_through_power_cuts_and_a_rebuild(tmp_path: Path) -> None:
    evening = Evening(tmp_path, seed=3, kills_per_game=2, games=GAMES, langs=("de", "en"), web=False, people=PEOPLE,
                      setups=SETUPS)
    change_book(evening.state, _players)
    counts = evening.run()
    assert counts.games == 3 and counts.lost == 0 and counts.restarts >= 4, counts.line()

    before = per_player(evening.state)
    assert len(before["games"]) == 3
    by_game = dict(zip(GAMES, before["games"], strict=True))
    tenno = {seat: (pid, name) for seat, pid, name, _ in by_game["tenno"][2]}
    assert sorted(tenno.values()) == [("p-anna", "Anna"), ("p-ben", "Ben")], "Anna's personal tag seated her"
    spirit = [name for _, _, name, _ in by_game["samurai-spirit"][2]]
    assert sorted(spirit) == ["Anna", "Cleo"], "the third Samurai stayed unnamed"
    stats = before["person_stats"]
    assert {key: played for key, (_, played, _, _) in stats.items()} == {"p-anna": 3, "p-ben": 1, "p-cleo": 2,
                                                                         "p-dan": 1}
    assert [section["name"] for section in before["page"]][0] == "Anna", "most games first"
    assert any(line.startswith("Anna: 3 games, ") for line in before["device"])

    rows = _rows(evening.state)
    night = last_night(rows)
    assert night is not None and len(night.rows) == 3, "three games in one evening are one night"
    plays = parse_bgstats(bgstats_json(night.rows, Naming(Translator("en"), book_resolver(evening.state))))
    titles = {"tenno": "Tenno", "trick-raiders": "Trick Raiders", "samurai-spirit": "Samurai Spirit"}
    assert [play["game"] for play in plays] == [titles[game] for game in GAMES]
    assert [{key: play[key] for key in ("players", "winners", "scores")} for play in plays] == expected_plays(
        evening, rows)

    assert main(["history", "--state-dir", str(evening.state), "--rebuild"]) == 0
    assert per_player(evening.state) == before, "the journals give the same per-player statistics"
    (evening.state / "players.json").unlink()
    assert per_player(evening.state) == before, "the journals alone give the same people (names as they were)"
