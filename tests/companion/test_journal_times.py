"""Times in the journal: when the game began and when each input was accepted, kept through undo, resume and
rewrite, covered by each record's checksum, given by the app's wall clock (the engine reads none); a journal
from before times were kept reads and replays exactly, byte for byte."""

from __future__ import annotations

import json
import random
import zlib
from pathlib import Path

import pytest

from companion.runtime.moments import moment_text
from companion.runtime.storage import CURRENT, JournalFile, load_journal
from engine import Choose, Match, Press, RuleError, Tap, get_game
from engine.core.journal import (
    header_line,
    journal_times,
    parse_journal,
    parse_record,
    read_record,
    record_line,
)
from games.samurai_spirit.policy import SimplePolicy
from tests.companion.table_helpers import Clock, make, move, press

SETUP = {"samurai": ["kyuzo", "heihachi"], "absent_tokens": False, "first": "kyuzo"}
INPUTS = (Choose("fight"), Tap("4-hat-none"), Press("confront"), Choose("pass"))
T = ("2026-03-28T20:00:05+01:00", "2026-03-28T20:01:10+01:00", "2026-03-29T21:02:00+02:00",
     "2026-03-29T21:03:30+02:00")


def _timed() -> Match:
    match = Match(get_game("samurai-spirit"), SETUP, 3)
    match.started = "2026-03-28T20:00:00+01:00"
    for value, at in zip(INPUTS, T, strict=True):
        match.apply(value, at)
    return match


def _old_line(n: int, input_obj: dict[str, object]) -> str:
    """A record exactly as journals were written before times: the CRC of {"n", "input"} alone."""
    body = json.dumps({"n": n, "input": input_obj}, separators=(",", ":"), sort_keys=True)
    crc = f"{zlib.crc32(body.encode()):08x}"
    return json.dumps({"n": n, "input": input_obj, "crc": crc}, separators=(",", ":"), sort_keys=True) + "\n"


def test_the_checksum_covers_the_time_and_a_record_without_one_is_the_line_it_always_was() -> None:
    for n, value in enumerate(INPUTS, start=1):
        assert record_line(n, value) == record_line(n, value, None) == _old_line(n, value.to_json())
        assert read_record(_old_line(n, value.to_json()), n) == (value, None)
    match = Match(get_game("samurai-spirit"), SETUP, 3)
    assert "at" not in header_line(match.header()), "a match without a start writes the header it always had"
    line = record_line(2, Tap("4-hat-none"), T[1])
    assert json.loads(line)["at"] == T[1]
    assert read_record(line, 2) == (Tap("4-hat-none"), T[1])
    with pytest.raises(RuleError, match="checksum mismatch"):
        parse_record(line.replace("20:01:10", "20:01:11"), 2)
    stripped = {key: value for key, value in json.loads(line).items() if key != "at"}
    with pytest.raises(RuleError, match="checksum mismatch"):
        parse_record(json.dumps(stripped), 2)
    for bad in ("yesterday", "2026-03-28T20:01:10", 7):
        crafted = json.dumps({"n": 2, "input": {"tap": "4-hat-none"}, "crc": "0", "at": bad})
        with pytest.raises(RuleError, match="time"):
            parse_record(crafted, 2)


def test_times_go_through_undo_and_replay_never_reads_them() -> None:
    match = _timed()
    assert match.times == list(T) and match.header()["at"] == "2026-03-28T20:00:00+01:00"
    view = match.play.public_view()
    match.undo(2)
    assert match.times == list(T[:2]) and match.started == "2026-03-28T20:00:00+01:00"
    for value, at in zip(INPUTS[2:], T[2:], strict=True):
        match.apply(value, at)
    assert match.play.public_view() == view
    plain = Match.replay(get_game("samurai-spirit"), SETUP, 3, INPUTS)
    assert plain.play.public_view() == view and plain.times == [None] * 4


def test_a_journal_keeps_its_times_through_resume_and_rewrite(tmp_path: Path) -> None:
    match = _timed()
    journal = JournalFile(tmp_path / CURRENT)
    journal.start(match)
    text = journal.path.read_text()
    assert journal_times(text) == ("2026-03-28T20:00:00+01:00", list(T))
    assert parse_journal(text).inputs == list(INPUTS)
    loaded = load_journal(journal.path)
    assert loaded.match.started == match.started and loaded.match.times == list(T)
    loaded.match.undo(1)
    journal.rewrite(loaded.match)
    assert journal_times(journal.path.read_text()) == ("2026-03-28T20:00:00+01:00", list(T[:3]))
    loaded.match.apply(INPUTS[3], "2026-03-29T21:09:00+02:00")
    journal.append(loaded.match)
    assert journal_times(journal.path.read_text())[1] == [*T[:3], "2026-03-29T21:09:00+02:00"]


def test_an_old_journal_resumes_and_replays_exactly(tmp_path: Path) -> None:
    match = Match.replay(get_game("samurai-spirit"), SETUP, 3, INPUTS)
    text = header_line(match.header()) + "".join(_old_line(n, v.to_json()) for n, v in enumerate(INPUTS, 1))
    path = tmp_path / CURRENT
    path.write_text(text)
    loaded = load_journal(path)
    assert loaded.damage is None and loaded.match.inputs == list(INPUTS) and loaded.match.times == [None] * 4
    assert loaded.match.play.public_view() == match.play.public_view()
    JournalFile(path).rewrite(loaded.match)
    assert path.read_text() == text, "rewritten byte for byte: no time is made up for an old record"


def test_the_app_stamps_the_start_and_each_input_from_its_wall_clock(tmp_path: Path) -> None:
    wall = Clock()
    wall.now = 1_774_731_600.0  # 2026-03-28 21:00 UTC
    app = make(tmp_path, wall=wall)
    while app.mode != "play":
        press(app, "ok")
    policy = SimplePolicy(random.Random(2))
    for _ in range(4):
        wall.now += 65
        move(app, policy)
    assert app.match is not None
    header = json.loads((tmp_path / CURRENT).read_text().splitlines()[0])
    started, times = journal_times((tmp_path / CURRENT).read_text())
    assert header["at"] == started == moment_text(1_774_731_600.0)
    assert len(times) == len(app.match.inputs) >= 4 and None not in times
    assert times[-1] == moment_text(wall.now) and times == app.match.times
