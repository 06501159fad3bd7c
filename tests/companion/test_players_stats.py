"""The statistics count people as the player book knows them now: merged on the phone, counted once; renamed,
shown by the new name; a book lost or damaged leaves the names the journals recorded."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from companion.cli import main
from companion.history.menu import statistics_menu
from companion.i18n import Translator
from companion.players.book import BOOK_NAME, Player, PlayerBook, save_book
from companion.web import server as server_module
from engine.core.messages import Message
from tests.companion.history_rows import ANN, CHLOE, DAAN, night_history, night_on_disk
from tests.companion.test_history_people import parse_bgstats
from tests.companion.test_players_web import Phone


@pytest.fixture(autouse=True)
def _headless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("TZ", "Europe/Berlin")


def _device_text(state: Path) -> str:
    tr = Translator("en")
    return "\n".join(tr(line) if isinstance(line, Message) else str(line)
                     for line in statistics_menu(state, "en").detail)


def _night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The night of history_rows on disk (the page's history too), with its people in the device's book under the
    ids the journals name."""
    state = tmp_path / "state"
    night_on_disk(state, tmp_path / "rows")
    monkeypatch.setattr(server_module, "memory_history", lambda _state: night_history(tmp_path / "page"))
    book = PlayerBook()
    for ident, name in (ANN, ("p-ben", "Ben"), CHLOE, (DAAN[0], "Daan")):
        book.players[ident] = Player(ident, name, (), "2026-11-01T00:00:00Z", "")
    save_book(state, book)
    return state


def _people_csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_a_merge_and_a_rename_on_the_phone_reach_every_statistic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    state = _night(tmp_path, monkeypatch)
    phone = Phone(state)
    assert phone.post({"action": "merge", "player": CHLOE[0], "other": DAAN[0]})[0] == 200
    assert phone.post({"action": "rename", "player": ANN[0], "name": "Anneke"})[0] == 200

    device = _device_text(state)
    assert "Chloé: 3 games, 1 won" in device, "Tenno twice as Chloé, Trick Raiders once as Daan, now one person"
    assert "Daan" not in device and "HYPERLINK" not in device
    assert "Anneke: 4 games, 2 won" in device and "Ann:" not in device

    status, page = phone.get("/history")
    assert status == 200 and "Chloé" in page and "Anneke" in page
    assert "Daan" not in page and "HYPERLINK" not in page and ">Ann<" not in page

    for text in (phone.get("/history-players.csv")[1], _command(state, tmp_path, "--players-csv", capsys)):
        seats = _people_csv(text)
        chloe = [s for s in seats if s["player_id"] == CHLOE[0]]
        assert sorted(s["game"] for s in chloe) == ["tenno", "tenno", "trick-raiders"]
        assert {s["player_name"] for s in chloe} == {"Chloé"}
        assert {s["player_name"] for s in seats if s["player_id"] == ANN[0]} == {"Anneke"}
        assert not [s for s in seats if s["player_id"] == DAAN[0]]

    for text in (phone.get("/history.bgsplay")[1], _command(state, tmp_path, "--bgstats", capsys)):
        plays = parse_bgstats(text)
        assert len(plays) == 4
        assert plays[2]["players"] == ["Anneke", "Ben", "Chloé"] and plays[2]["winners"] == ["Chloé"]
        assert sum("Chloé" in play["players"] for play in plays) == 3


def _command(state: Path, tmp_path: Path, flag: str, capsys: pytest.CaptureFixture[str]) -> str:
    target = tmp_path / f"out{flag}"
    assert main(["history", "--state-dir", str(state), flag, str(target)]) == 0
    capsys.readouterr()
    return target.read_text("utf-8")


@pytest.mark.parametrize("damage", ["missing", "{not json", "directory"])
def test_a_missing_or_damaged_book_leaves_the_names_the_journals_recorded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str, capsys: pytest.CaptureFixture[str]) -> None:
    state = _night(tmp_path, monkeypatch)
    book = state / BOOK_NAME
    book.unlink()
    if damage == "directory":
        book.mkdir()
    elif damage != "missing":
        book.write_text(damage, encoding="utf-8")
    assert "Chloé: 2 games, 0 won" in _device_text(state)
    status, page = Phone(state).get("/history")
    assert status == 200 and "Chloé" in page
    seats = _people_csv(_command(state, tmp_path, "--players-csv", capsys))
    assert {s["player_name"] for s in seats if s["player_id"] == DAAN[0]} == {"'" + DAAN[1]}
    assert main(["history", "--state-dir", str(state), "--stats"]) == 0
    assert "Ann: 4 games, 2 won" in capsys.readouterr().out
