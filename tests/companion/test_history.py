"""History: every archived game recorded from its journal, for any game; repair, rebuild, statistics."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.cli import main
from companion.history import SCHEMA_VERSION, open_history, record_of
from companion.history.db import DB_NAME
from companion.history.stats import compute, stat_lines
from companion.i18n import Translator
from engine.core.outcome import Outcome
from tests.companion.history_helpers import archive, played

SS_SETUP = {"samurai": ["kyuzo", "heihachi", "daisuke"], "difficulty": "hard", "absent_tokens": False}
TR_SETUP = {"players": ["north", "east", "south"], "lives": 2}


@pytest.fixture(scope="module")
def finished() -> dict[str, object]:
    """One finished game of each game, played once for the module."""
    return {"ss": played("samurai-spirit", 5, SS_SETUP), "tr": played("trick-raiders", 6, TR_SETUP)}


def test_a_finished_cooperative_game_is_recorded_from_its_journal(tmp_path: Path, finished: dict) -> None:
    match = finished["ss"]
    path = archive(tmp_path, match, "game-0001-x.journal")
    record = record_of(path)
    outcome = match.play.outcome
    assert isinstance(outcome, Outcome)
    assert record.game == "samurai-spirit"
    assert record.seats == ("kyuzo", "heihachi", "daisuke")
    assert record.variant == "difficulty hard"
    assert record.result == match.play.result and record.finished
    assert record.inputs == len(match.inputs)
    assert record.rounds == outcome.detail["round"]
    assert record.table_won == (1 if match.play.result == "won" else 0)


def test_a_ranked_game_records_its_winners_and_no_table_result(tmp_path: Path, finished: dict) -> None:
    match = finished["tr"]
    record = record_of(archive(tmp_path, match, "game-0001-over.journal"))
    outcome = match.play.outcome
    assert outcome is not None
    assert record.seats == ("north", "east", "south")
    assert record.variant == "lives 2"
    assert record.winners == outcome.winners and record.ranking == outcome.ranking
    assert record.table_won is None
    assert record.score == max(outcome.scores.values())


def test_an_abandoned_game_is_recorded_as_abandoned(tmp_path: Path) -> None:
    match = played("trick-raiders", 7, TR_SETUP, stop_after=5)
    record = record_of(archive(tmp_path, match, "game-0001-abandoned.journal"))
    assert (record.result, record.finished, record.inputs) == ("abandoned", False, 5)


def test_an_unreadable_journal_is_a_row_that_says_so(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    bad = tmp_path / "games" / "game-0001-unreadable.journal"
    bad.write_text("not a journal\n")
    with open_history(tmp_path) as history:
        rows = history.games()
    assert [(r["journal"], r["result"], r["finished"]) for r in rows] == [(bad.name, "unreadable", 0)]


def test_existing_journals_are_imported_once_and_new_ones_caught_up(tmp_path: Path, finished: dict) -> None:
    archive(tmp_path, finished["ss"], "game-0001-a.journal")
    archive(tmp_path, finished["tr"], "game-0002-b.journal")
    with open_history(tmp_path) as history:
        assert len(history.games()) == 2
        first_ids = [r["id"] for r in history.games()]
    with open_history(tmp_path) as history:
        assert [r["id"] for r in history.games()] == first_ids
    archive(tmp_path, finished["ss"], "game-0003-c.journal")
    with open_history(tmp_path) as history:
        assert [r["journal"] for r in history.games()] == ["game-0001-a.journal", "game-0002-b.journal",
                                                          "game-0003-c.journal"]


def test_the_database_is_in_wal_mode_at_the_current_schema_version(tmp_path: Path) -> None:
    open_history(tmp_path).close()
    con = sqlite3.connect(tmp_path / DB_NAME)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    con.close()


def test_an_old_empty_database_is_migrated_and_filled(tmp_path: Path, finished: dict) -> None:
    archive(tmp_path, finished["ss"], "game-0001-a.journal")
    sqlite3.connect(tmp_path / DB_NAME).close()  # version 0: no tables yet
    with open_history(tmp_path) as history:
        assert history.note is None
        assert len(history.games()) == 1


def test_a_damaged_database_is_put_aside_byte_for_byte_and_rebuilt(tmp_path: Path, finished: dict) -> None:
    archive(tmp_path, finished["ss"], "game-0001-a.journal")
    garbage = b"SQLite format 3\x00" + bytes(range(256)) * 20
    (tmp_path / DB_NAME).write_bytes(garbage)
    with open_history(tmp_path) as history:
        assert history.note is not None and "put aside" in history.note
        assert len(history.games()) == 1
    copies = list(tmp_path.glob(f"{DB_NAME}.damaged-*"))
    assert len(copies) == 1 and copies[0].read_bytes() == garbage


def test_a_database_from_a_newer_companion_is_put_aside_not_read(tmp_path: Path) -> None:
    con = sqlite3.connect(tmp_path / DB_NAME)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    with open_history(tmp_path) as history:
        assert history.note is not None and "newer" in history.note
    assert list(tmp_path.glob(f"{DB_NAME}.damaged-*"))


def test_rebuild_reads_every_journal_again_and_keeps_start_times(tmp_path: Path, finished: dict) -> None:
    match = finished["ss"]
    archive(tmp_path, match, "game-0001-a.journal")
    with open_history(tmp_path) as history:
        history.started(match.game.name, match.seed, "2026-01-01T10:00:00Z")
        history.con.execute("UPDATE games SET result = 'tampered'")
        assert history.rebuild() == 1
        rows = history.games()
    assert rows[0]["result"] == match.play.result
    assert rows[0]["started"] == "2026-01-01T10:00:00Z"


def test_the_read_only_history_builds_in_memory_without_writing(tmp_path: Path, finished: dict) -> None:
    archive(tmp_path, finished["ss"], "game-0001-a.journal")
    before = sorted(p.name for p in tmp_path.iterdir())
    with open_history(tmp_path, read_only=True) as history:
        assert len(history.games()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def _row(game: str, seats: list[str], winners: list[str], table_won: int | None, variant: str = "",
         score: int | None = None, grade: str | None = None, finished: int = 1) -> dict[str, object]:
    return {"game": game, "seats": json.dumps(seats), "players": len(seats), "winners": json.dumps(winners),
            "table_won": table_won, "variant": variant, "score": score, "grade": grade,
            "ended": "2026-11-26T10:00:00Z", "finished": finished}


def test_statistics_carry_counts_streaks_and_best_scores() -> None:
    rows = [_row("coop", ["a", "b"], [], 0, "difficulty heroic"),
            _row("coop", ["a", "b"], ["a", "b"], 1, "difficulty easy", 9, "9+"),
            _row("coop", ["a", "c", "d"], ["a", "c", "d"], 1, "difficulty easy", 12, "12+"),
            _row("coop", ["a", "b"], [], None, finished=0),
            _row("ranked", ["x", "y", "z"], ["y"], None, "lives 2", 3),
            _row("ranked", ["x", "y", "z"], ["x", "y"], None, "lives 2", 5)]
    stats = compute(rows)
    coop, ranked = stats["coop"], stats["ranked"]
    assert (coop.played, coop.finished) == (4, 3)
    assert (coop.table.won, coop.table.of) == (2, 3)
    assert (coop.by_variant["difficulty heroic"].won, coop.by_variant["difficulty heroic"].of) == (0, 1)
    assert (coop.by_players[3].won, coop.by_players[3].of) == (1, 1)
    assert (coop.table_streak.longest, coop.table_streak.current) == (2, 2)
    assert coop.best["difficulty easy"].row["grade"] == "12+"
    assert not ranked.cooperative
    assert (ranked.by_seat["y"].won, ranked.by_seat["y"].of) == (2, 2)
    assert (ranked.by_seat["z"].won, ranked.by_seat["z"].of) == (0, 2)
    words = ["  " * level + Translator("en")(line) for level, line in stat_lines(coop, "Coop")]
    assert "  Difficulty: heroic: 0 of 1 won (likely 0-80%)" in words
    assert "  3 players: 1 of 1 won (likely 20-100%)" in words


def test_the_command_lists_counts_exports_and_rebuilds(tmp_path: Path, finished: dict,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    archive(tmp_path, finished["ss"], "game-0001-a.journal")
    archive(tmp_path, finished["tr"], "game-0002-b.journal")
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    listing = capsys.readouterr().out
    assert "game-0001-a.journal" in listing and "game-0002-b.journal" in listing
    assert main(["history", "--state-dir", str(tmp_path), "--stats"]) == 0
    stats = capsys.readouterr().out
    assert "Samurai Spirit: 1 game, 1 finished" in stats
    assert "of 1 won" in stats
    assert main(["history", "--state-dir", str(tmp_path), "--csv", "-"]) == 0
    csv_lines = capsys.readouterr().out.splitlines()
    assert csv_lines[0].startswith("journal,game,title,started,ended,minutes,result") and len(csv_lines) == 3
    assert main(["history", "--state-dir", str(tmp_path), "--rebuild"]) == 0
    assert "from 2 archived journal(s)" in capsys.readouterr().out


def test_the_command_says_when_the_state_folder_is_missing(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--state-dir", str(tmp_path / "nowhere")]) == 2
    assert "does not exist" in capsys.readouterr().err
