"""The player book, names typed by people, and who sat where as the journal keeps it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.history.record import record_of
from companion.players.book import BOOK_NAME, PlayerBook, change_book, load_book, resolve, save_book
from companion.players.names import MAX_NAME, clean_name, spreadsheet_cell
from companion.players.recorded import people_of
from companion.runtime.storage import load_journal
from engine import Choose, Match, RuleError, get_game
from engine.core.journal import header_line, parse_header
from engine.core.messages import Message


def ids(*names: str) -> PlayerBook:
    book = PlayerBook()
    for name in names:
        book.add(name, now="2026-11-27T00:00:00Z", new_id=lambda n=name: "p-" + n.lower())
    return book


def test_a_name_is_normalised_and_collapsed() -> None:
    assert clean_name("  Anna \t  Maria\n") == "Anna Maria"
    assert clean_name("Ze\u0301") == "Z\u00e9", "NFC: an accent typed apart is the same name"
    for name in ("Zoë", "Андрей", "Ελένη", "Nguyễn", "Đorđe", "Ørjan", "Ṩam", "Ǹö", "Ka\u0331m"):
        assert clean_name(name) == name


@pytest.mark.parametrize(("typed", "words"), [
    ("", "cannot be empty"), ("   ", "cannot be empty"),
    ("x" * (MAX_NAME + 1), "at most 24 characters"),
    ("Ann\x07", "control character U+0007"), ("\u200bAnn", "U+200B"), ("Ann\u202e", "U+202E"),
    ("東京", "cannot draw 東 (U+6771)"), ("דוד", "left to right"), ("Za\u0308\u0301\u0302lgo", "stack accents"),
])
def test_a_name_the_screen_cannot_show_is_refused_with_the_reason(typed: str, words: str) -> None:
    refused = clean_name(typed)
    assert isinstance(refused, Message)
    assert words in refused.text


def test_a_name_never_becomes_a_spreadsheet_formula() -> None:
    for name in ("=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)"):
        assert spreadsheet_cell(name) == "'" + name
    assert spreadsheet_cell("Anna") == "Anna"


def test_add_rename_merge_and_resolve_follow_the_person() -> None:
    book = ids("Anna", "Ben", "Benjamin")
    with pytest.raises(RuleError, match="already a player called Anna"):
        book.add("anna")
    with pytest.raises(RuleError, match="cannot be empty"):
        book.rename("p-ben", " ")
    book.add_tag("p-benjamin", "04AA")
    with pytest.raises(RuleError, match="already Benjamin's personal tag"):
        book.add_tag("p-anna", "04AA")
    book.merge("p-ben", "p-benjamin")
    assert "p-benjamin" not in book.players
    ben = resolve(book, "p-benjamin")
    assert ben is not None and ben.id == "p-ben" and ben.tags == ("04AA",)
    book.merge("p-anna", "p-ben")
    merged = resolve(book, "p-benjamin")
    assert merged is not None and merged.id == "p-anna", "an alias of an alias follows to the person now"
    assert resolve(book, "p-nobody") is None
    book.rename("p-benjamin", "Anna B.")
    assert book.players["p-anna"].name == "Anna B."


def test_recent_players_come_first() -> None:
    book = ids("Cleo", "Anna", "Ben")
    book.seated_now(["p-ben"], now="2026-11-27T20:00:00Z")
    book.seated_now(["p-cleo"], now="2026-11-27T21:00:00Z")
    assert [p.name for p in book.recent()] == ["Cleo", "Ben", "Anna"]


def test_the_book_survives_a_round_trip_and_a_damaged_file_is_never_overwritten(tmp_path: Path) -> None:
    change_book(tmp_path, lambda book: book.add("Zoë", new_id=lambda: "p1"))
    change_book(tmp_path, lambda book: book.add("Ben", new_id=lambda: "p2"))
    book, note = load_book(tmp_path)
    assert note is None and [p.name for p in book.players.values()] == ["Zoë", "Ben"]
    (tmp_path / BOOK_NAME).write_text("{not json", "utf-8")
    book, note = load_book(tmp_path)
    assert not book.players and note is not None and "cannot be read" in note.text
    with pytest.raises(RuleError, match="cannot be read"):
        change_book(tmp_path, lambda book: book.add("Cleo"))
    assert (tmp_path / BOOK_NAME).read_text("utf-8") == "{not json"


def test_a_hand_edited_book_with_a_bad_name_is_refused_by_number(tmp_path: Path) -> None:
    save_book(tmp_path, ids("Anna"))
    data = json.loads((tmp_path / BOOK_NAME).read_text("utf-8"))
    data["players"][0]["name"] = "A\x00"
    (tmp_path / BOOK_NAME).write_text(json.dumps(data), "utf-8")
    _, note = load_book(tmp_path)
    assert note is not None and "player 1" in str(note.params["reason"])


def _played(tmp_path: Path, notes: dict) -> Path:
    match = Match(get_game("tenno"), {"players": ["red", "blue"]}, 5)
    match.notes = notes
    path = tmp_path / "0001.journal"
    path.write_text(header_line(match.header()), "utf-8")
    return path


def test_the_journal_keeps_who_sat_where_and_history_reads_it(tmp_path: Path) -> None:
    people = {"red": {"id": "p-anna", "name": "Anna"}}
    path = _played(tmp_path, {"people": people})
    loaded = load_journal(path)
    assert loaded.match.notes == {"people": people}
    assert record_of(path).people == people


def test_an_undo_keeps_the_notes() -> None:
    match = Match(get_game("samurai-spirit"), {"samurai": ["kyuzo", "heihachi"]}, 5)
    match.notes = {"people": {"kyuzo": {"id": "p", "name": "A"}}}
    prompt = match.play.prompt
    assert prompt is not None and prompt.options
    match.apply(Choose(prompt.options[0]))
    match.undo()
    assert match.header()["notes"] == {"people": {"kyuzo": {"id": "p", "name": "A"}}}


def test_a_journal_without_notes_keeps_the_header_it_always_had() -> None:
    match = Match(get_game("tenno"), {"players": ["red", "blue"]}, 5)
    line = header_line(match.header())
    assert "notes" not in line
    assert parse_header(line)["notes"] == {}
    assert parse_header(line.replace('"seed"', '"notes":[1],"seed"'))["notes"] == {}, "bad notes are dropped"


def test_people_read_from_a_journal_are_made_safe_to_show_but_never_forgotten() -> None:
    seats = ("red", "blue", "yellow")
    notes = {"people": {"red": {"id": "p1", "name": "  Anna  "}, "green": {"id": "p2", "name": "Ben"},
                        "blue": {"id": "p3", "name": "\x1b[31mX\u200b" + "W" * 80},
                        "yellow": {"id": "p4", "name": ""}}}
    assert people_of(notes, seats) == {"red": {"id": "p1", "name": "Anna"},
                                       "blue": {"id": "p3", "name": "[31mX" + "W" * 43},
                                       "yellow": {"id": "p4", "name": "?"}}, "a seat of another game is left out"
    for bad in (None, [], {"people": []}, {"people": {"red": "Anna"}}, {"people": {"red": {"id": 3, "name": "A"}}}):
        assert people_of(bad, seats) == {}
