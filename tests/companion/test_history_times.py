"""History from the journal's times: a game resumed the next evening lasts what was played and is in two nights,
a game is dated by its start everywhere, and every time is shown with the UTC offset in force then."""

from __future__ import annotations

import csv
import io
import json
import time
from pathlib import Path
from typing import Any

import pytest

from companion.history import open_history, record_of
from companion.history.command import listing, statistics_text
from companion.history.export import bgstats_json, games_csv
from companion.history.naming import Naming
from companion.history.nights import last_night, night_lines, nights
from companion.history.timing import PAUSE
from companion.i18n import Translator
from companion.runtime.moments import moment_text
from engine import Match
from tests.companion.history_helpers import archive, played
from tests.companion.history_rows import berlin  # noqa: F401 (a fixture)

pytestmark = pytest.mark.usefixtures("berlin")
"""Every test here reads times as a device in Berlin does."""

EVENING = 1_795_201_200.0
"""2026-11-20 19:00 UTC: 20:00 in Berlin."""
DAY = 86_400.0
STEP = 20.0


def timed(match: Match, start: float, gaps: list[float]) -> Match:
    """`match` as the app would have stamped it: begun at `start`, each input `gaps[i]` after the one before."""
    match.started = moment_text(start)
    at, times = start, []
    for gap in gaps:
        at += gap
        times.append(moment_text(at))
    match.times = times
    return match


def _rows(state: Path) -> list[dict[str, Any]]:
    with open_history(state) as history:
        return history.games()


@pytest.fixture(scope="module")
def tenno() -> Match:
    return played("tenno", 4, {"players": ["red", "blue", "green"]})


def test_a_game_resumed_the_next_evening_lasts_what_was_played(tmp_path: Path, tenno: Match) -> None:
    n = len(tenno.inputs)
    gaps = [STEP] * n
    gaps[n // 2] = DAY - 600  # the power cut: the table played on the next evening
    resumed = EVENING + sum(gaps[:n // 2 + 1])
    path = archive(tmp_path, timed(tenno, EVENING, gaps), "game-0001-over.journal", mtime=EVENING + 3 * DAY)
    record = record_of(path)
    assert record.played == STEP * (n - 1) and len(record.sessions) == 2
    assert record.began == "2026-11-20T20:00:00+01:00" and record.sessions[0][0] == record.began
    assert record.ended == time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(EVENING + sum(gaps))), \
        "the last input's time, not the file's"

    rows = _rows(tmp_path)
    naming = Naming(Translator("en"))
    found = nights(rows)
    assert len(found) == 2 and [len(night.rows) for night in found] == [1, 1], "two nights, not one of 24 hours"
    assert found[0].played_seconds + found[1].played_seconds == STEP * (n - 1)
    night = last_night(rows)
    assert night is not None
    lines = [naming.tr(line) for _, line in night_lines(night, naming)]
    assert lines[2].startswith(moment_text(resumed)[11:16] + " +01:00 Tenno (begun 2026-11-20): "), lines
    minutes = round(STEP * (n - 1) / 60)
    assert list(csv.DictReader(io.StringIO(games_csv(rows, naming))))[0]["minutes"] == str(minutes)
    play = json.loads(bgstats_json(rows, naming))["plays"][0]
    assert (play["durationMin"], play["playDate"]) == (minutes, "2026-11-20 20:00:00")
    assert listing(rows, naming)[0].startswith("2026-11-20 20:00 +01:00  Tenno")


def test_a_pause_is_half_an_hour_without_an_input(tmp_path: Path, tenno: Match) -> None:
    gaps = [STEP] * len(tenno.inputs)
    gaps[3] = PAUSE.total_seconds() - 1
    gaps[5] = PAUSE.total_seconds()
    record = record_of(archive(tmp_path, timed(tenno, EVENING, gaps), "game-0001-over.journal"))
    assert len(record.sessions) == 2 and record.played == sum(gaps) - PAUSE.total_seconds()


def test_the_night_summer_time_ends_reads_in_order_with_its_offsets(tmp_path: Path, tenno: Match) -> None:
    """2026-10-25: at 03:00 summer time the clocks go back to 02:00. A game begun at 02:40 (summer time) comes
    before one begun at 02:20 (winter time) forty minutes later, and each says which offset it is in."""
    first = 1_792_888_800.0  # 2026-10-25 00:40 UTC = 02:40 +02:00
    archive(tmp_path, timed(played("tenno", 4, {"players": ["red", "blue", "green"]}), first,
                            [10.0] * len(tenno.inputs)), "game-0001-over.journal")
    archive(tmp_path, timed(tenno, first + 2400, [5.0] * len(tenno.inputs)), "game-0002-over.journal")
    rows = _rows(tmp_path)
    naming = Naming(Translator("en"))
    lines = listing(rows, naming)
    assert lines[0].startswith("2026-10-25 02:40 +02:00  Tenno") and "game-0001" in lines[0]
    assert lines[1].startswith("2026-10-25 02:20 +01:00  Tenno") and "game-0002" in lines[1]
    text = statistics_text(rows, naming)
    assert text[0] == "Times are the device's local time (CET, CEST)."
    assert text[1].startswith("Last game night: 2026-10-25, 02:40 +02:00 to 02:")
    assert text[3].startswith("  02:40 +02:00 Tenno") and text[4].startswith("  02:20 +01:00 Tenno")


def test_a_summer_game_says_summer_time_and_a_journal_keeps_the_offset_it_was_written_with(
        tmp_path: Path, tenno: Match) -> None:
    summer = 1_783_018_800.0  # 2026-07-02 19:00 UTC = 21:00 +02:00
    match = timed(tenno, summer, [STEP] * len(tenno.inputs))
    archive(tmp_path, match, "game-0001-over.journal")
    rows = _rows(tmp_path)
    naming = Naming(Translator("de"))
    assert statistics_text(rows, naming)[0] == "Die Zeiten sind die Ortszeit des Geräts (CEST)."
    moved = played("tenno", 4, {"players": ["red", "blue", "green"]})
    moved.started = "2026-07-03T20:00:00+05:30"
    moved.times = ["2026-07-03T20:00:20+05:30"] * len(moved.inputs)
    archive(tmp_path, moved, "game-0002-over.journal")
    rows = _rows(tmp_path)
    assert listing(rows, naming)[1].startswith("2026-07-03 20:00 +05:30  Tenno")
    assert statistics_text(rows, naming)[0] == "Die Zeiten sind die Ortszeit des Geräts (CEST, UTC+05:30)."
