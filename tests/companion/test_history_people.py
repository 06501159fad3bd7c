"""Statistics a group reads: people's names, the games' own words, local time, game nights, per-player counts with
intervals, flat CSV files and a Board Game Stats play file that round-trips."""

from __future__ import annotations

import csv
import io
import json
import time
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.history.command import listing, statistics_text
from companion.history.export import bgstats_json, games_csv, players_csv
from companion.history.naming import Naming, local_text
from companion.history.nights import last_night, night_lines, nights
from companion.history.person_stats import people_stats
from companion.history.stats import wilson
from companion.i18n import Translator
from tests.companion.history_rows import NIGHT_START, berlin, night_history, night_on_disk, stamp  # noqa: F401 (berlin: a fixture)

pytestmark = pytest.mark.usefixtures("berlin")
"""Every test here reads times as a device in Berlin does."""


@pytest.fixture
def rows(tmp_path: Path) -> list[dict[str, Any]]:
    with night_history(tmp_path) as history:
        return history.games()


def _en(lines: list[tuple[int, Any]], naming: Naming) -> list[str]:
    return [naming.tr(line) for _, line in lines]


def test_seats_variants_and_results_read_in_the_tables_language(rows: list[dict[str, Any]]) -> None:
    german, french = Naming(Translator("de")), Naming(Translator("fr"))
    assert german.seat("tenno", "blue") == "Blau" and french.seat("trick-raiders", "green") == "Vert"
    assert german.seat("samurai-spirit", "daisuke") == "Daisuke"
    assert german.variant("samurai-spirit", "difficulty easy") == "Schwierigkeit: Leicht"
    assert french.variant("trick-raiders", "lives 2") == "2 vies"
    text = "\n".join(listing(rows, german))
    for raw in ("over", "? rounds", "(-)", "difficulty", "blue", "purple", "Z "):
        assert raw not in text, raw
    assert "Ann (Lila), Ben (Weiß), Chloé (Blau): Ann hat gewonnen; Ann 24 · Ben 15 · Chloé 5" in text
    assert "Ann (Kyuzo), Daisuke: Der Tisch hat gewonnen, Wertung 8; 3 Runden" in text


def test_times_are_the_devices_local_time(rows: list[dict[str, Any]]) -> None:
    assert local_text("2026-11-20T19:20:00Z") == "2026-11-20 20:20 +01:00"
    assert local_text("2026-07-01T19:20:00Z") == "2026-07-01 21:20 +02:00"
    assert local_text("2026-07-01T21:20:00+02:00") == "2026-07-01 21:20 +02:00"
    assert local_text("not a time") == "" and local_text(None) == ""
    first = listing(rows, Naming(Translator("en")))[1]
    assert first.startswith("2026-11-20 20:20 +01:00  Tenno")


def test_a_night_is_the_games_with_less_than_four_hours_between(rows: list[dict[str, Any]]) -> None:
    found = nights(rows)
    assert [[r["journal"] for r in night.rows] for night in found] == [
        ["game-0001-a.journal"], ["game-0002-b.journal", "game-0003-c.journal", "game-0004-d.journal"]]
    naming = Naming(Translator("en"))
    night = last_night(rows)
    assert night is not None
    assert _en(night_lines(night, naming), naming) == [
        "Last game night: 2026-11-20, 20:20 +01:00 to 22:10 +01:00",
        "3 games, 1 h 30 min played",
        "20:20 +01:00 Tenno: Ann won",
        '20:30 +01:00 Trick Raiders: =HYPERLINK("x") won',
        "21:30 +01:00 Samurai Spirit: The table won, score 8",
        "Most wins: Ann (2)"]
    later = [*rows, {**rows[-1], "journal": "game-0005-e.journal", "ended": stamp(NIGHT_START + 9000 + 4 * 3600),
                     "started": None}]
    assert [r["journal"] for r in nights(later)[-1].rows] == ["game-0005-e.journal"]


def test_wins_come_with_their_count_and_a_wilson_interval() -> None:
    low, high = wilson(2, 3)
    assert (round(low, 3), round(high, 3)) == (0.208, 0.939)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(3, 3)
    assert high == 1.0 and 0.43 < low < 0.44


def test_each_person_has_wins_streaks_bests_seats_and_head_to_head(rows: list[dict[str, Any]]) -> None:
    naming = Naming(Translator("en"))
    people = people_stats(rows, naming)
    assert sorted(p.person.name for p in people.values()) == ["=HYPERLINK(\"x\")", "Ann", "Ben", "Chloé"]
    ann = people["p-ann"]
    assert (ann.played, ann.won) == (4, 2)
    tenno = ann.games["tenno"]
    assert (tenno.rate.won, tenno.rate.of) == (1, 2) and (tenno.streak.longest, tenno.streak.current) == (1, 1)
    assert tenno.best is not None and tenno.best[0] == 24
    assert (tenno.versus["p-ben"].ahead, tenno.versus["p-ben"].behind) == (1, 1)
    assert (tenno.versus["p-chloe"].ahead, tenno.versus["p-chloe"].behind) == (2, 0)
    raiders = ann.games["trick-raiders"].versus
    assert (raiders["p-ben"].level, raiders["p-daan"].behind) == (1, 1)
    assert "samurai-spirit" in ann.games and ann.games["samurai-spirit"].rate.won == 1
    assert "p-daisuke" not in people, "a seat nobody was named for counts for nobody"
    text = statistics_text(rows, naming)
    assert "  Tenno: 1 of 2 won (likely 9-91%)" in text
    assert "    Favourite seat: Purple, 2 of 2 games" in text
    assert "    Against Chloé: ahead 2, behind 0" in text
    assert "  2 Samurai: 1 of 1 won (likely 20-100%)" in text
    assert "  Difficulty: Hard: 1 of 1 won (likely 20-100%)" in text
    assert "Best score 30 by Ben, 2026-11-17" in text


def test_a_merged_or_renamed_person_counts_under_who_they_are_now(rows: list[dict[str, Any]]) -> None:
    def resolve(ident: str) -> tuple[str, str] | None:
        return ("p-zoe", "Zoé") if ident == "p-chloe" else None

    people = people_stats(rows, Naming(Translator("en"), resolve))
    assert "p-chloe" not in people and people["p-zoe"].person.name == "Zoé" and people["p-zoe"].played == 2
    assert "p-zoe" in people["p-ann"].games["tenno"].versus


def _cells(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_the_csv_files_are_flat_with_local_times_and_no_formulas(rows: list[dict[str, Any]]) -> None:
    naming = Naming(Translator("en"))
    games = _cells(games_csv(rows, naming))
    assert len(games) == 4
    for row in games:
        for value in row.values():
            assert not value.startswith(("[", "{", "=", "+", "@")), value
    assert games[0]["started"] == "2026-11-17T19:10:00+01:00" and games[0]["minutes"] == "30"
    assert games[2]["winners"] == "'=HYPERLINK(\"x\")" and games[2]["variant"] == "2 lives"
    assert games[2]["seats"] == "Red / Blue / Green" and games[2]["people"] == 'Ann / Ben / =HYPERLINK("x")'
    seats = _cells(players_csv(rows, naming))
    assert len(seats) == 3 + 3 + 3 + 2
    green = next(s for s in seats if s["journal"] == "game-0003-c.journal" and s["seat"] == "green")
    assert (green["player_name"], green["place"], green["winner"], green["score"]) == ("'=HYPERLINK(\"x\")", "1", "1",
                                                                                        "2")
    daisuke = next(s for s in seats if s["seat"] == "daisuke")
    assert (daisuke["player_id"], daisuke["seat_name"], daisuke["winner"]) == ("", "Daisuke", "1")


def parse_bgstats(text: str) -> list[dict[str, Any]]:
    """A reader of BG Stats play files written from the format's description, not from our writer.

    Source: a play file BG Stats wrote (https://pastebin.com/iDbHyBui) and BG Stats' own description of a
    play's fields (https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/).
    The file is one JSON object with the tables `players` (id, uuid, name, isAnonymous), `locations` (id,
    uuid, name), `games` (id, uuid, name, cooperative, highestWins, noPoints) and `plays`; a play refers to
    its game and location by `gameRefId`/`locationRefId`, has `playDate` as "YYYY-MM-DD hh:mm:ss",
    `durationMin` and `board`, and `playerScores` whose `playerRefId` refers to `players`, each with
    `score` (text), `winner`, `startPlayer`, `rank`, `seatOrder` and `role`.
    """
    data = json.loads(text)
    assert set(data) >= {"players", "locations", "games", "plays"}
    players = {p["id"]: p for p in data["players"]}
    games = {g["id"]: g for g in data["games"]}
    locations = {loc["id"]: loc for loc in data["locations"]}
    for table in (data["players"], data["games"], data["locations"], data["plays"]):
        uuids = [entry["uuid"] for entry in table]
        assert len(set(uuids)) == len(uuids), "every entry has its own uuid"
    out = []
    for play in data["plays"]:
        time.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S")
        assert play["locationRefId"] in locations and isinstance(play["durationMin"], int)
        scores = sorted(play["playerScores"], key=lambda s: s["seatOrder"])
        out.append({
            "game": games[play["gameRefId"]]["name"], "cooperative": games[play["gameRefId"]]["cooperative"],
            "date": play["playDate"], "minutes": play["durationMin"], "board": play["board"],
            "players": [None if players[s["playerRefId"]]["isAnonymous"] else players[s["playerRefId"]]["name"]
                        for s in scores],
            "roles": [s["role"] for s in scores],
            "winners": [players[s["playerRefId"]]["name"] for s in scores if s["winner"]],
            "scores": [s["score"] for s in scores], "ranks": [s["rank"] for s in scores],
            "start": [s["role"] for s in scores if s["startPlayer"]]})
    return out


def test_a_nights_bgstats_export_round_trips(rows: list[dict[str, Any]]) -> None:
    night = last_night(rows)
    assert night is not None
    plays = parse_bgstats(bgstats_json(night.rows, Naming(Translator("en"))))
    assert plays == [
        {"game": "Tenno", "cooperative": False, "date": "2026-11-20 20:20:00", "minutes": 0, "board": "",
         "players": ["Ann", "Ben", "Chloé"], "roles": ["Purple", "White", "Blue"], "winners": ["Ann"],
         "scores": ["24", "15", "5"], "ranks": [1, 2, 3], "start": []},
        {"game": "Trick Raiders", "cooperative": False, "date": "2026-11-20 20:30:00", "minutes": 50,
         "board": "2 lives", "players": ["Ann", "Ben", '=HYPERLINK("x")'], "roles": ["Red", "Blue", "Green"],
         "winners": ['=HYPERLINK("x")'], "scores": ["0", "0", "2"], "ranks": [2, 2, 1], "start": ["Blue"]},
        {"game": "Samurai Spirit", "cooperative": True, "date": "2026-11-20 21:30:00", "minutes": 40,
         "board": "Difficulty: Hard", "players": ["Ann", None], "roles": ["Kyuzo", "Daisuke"],
         "winners": ["Ann", "Anonymous player"], "scores": ["8", "8"], "ranks": [0, 0], "start": []}]
    again = bgstats_json(night.rows, Naming(Translator("en")))
    assert again == bgstats_json(night.rows, Naming(Translator("en"))), "the same history makes the same file"


def test_the_command_writes_both_csv_files_and_the_bgstats_file(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "state"
    night_on_disk(state, tmp_path / "rows")
    for flag, name in (("--csv", "games.csv"), ("--players-csv", "players.csv"), ("--bgstats", "plays.bgsplay")):
        assert main(["history", "--state-dir", str(state), flag, str(tmp_path / name)]) == 0
        assert "4 game(s) written" in capsys.readouterr().out
    assert len(parse_bgstats((tmp_path / "plays.bgsplay").read_text("utf-8"))) == 4
    assert _cells((tmp_path / "games.csv").read_text("utf-8"))[0]["started"] == "2026-11-17T19:10:00+01:00"
    assert main(["history", "--state-dir", str(state), "--stats", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Letzter Spieleabend: 2026-11-20, 20:20 +01:00 bis 22:10 +01:00" in out and "Gegen Chloé: 2× vorn, 0× dahinter" in out
    assert main(["history", "--state-dir", str(state), "--bgstats", str(tmp_path / "nowhere" / "x")]) == 2
    assert "cannot write" in capsys.readouterr().err
