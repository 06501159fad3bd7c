"""A torn last journal line never loses an acknowledged input.

A power cut in the middle of an append can leave the last record (or the
header) without its newline, or only part of it. The start after it mends
the end, after a byte copy, before anything is appended; an append never
glues a record onto a line that has no newline. Checked on the journal file
itself, then by cutting a saved Tenno game (two players, seed 1) at every
byte offset inside its last two records and right after the header, and with
half of the next record appended: each restarts, resumes, plays on, is
killed and restarts, in process on the installed configuration, and a few
through `companion run --mock --script -` children (bench/torn_end.py runs
every cut that way).
"""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from companion.games import registered_games
from companion.harness.torn_end import (
    Cut,
    Saved,
    cuts,
    saved_game,
    sweep,
    try_children,
    try_in_process,
)
from companion.runtime.storage import CURRENT, FaultyFileSystem, JournalFile, load_journal
from engine import Match, RuleError, get_game
from tests.sizes import sized

CHILD_CUTS = sized(ci=("the header without its newline", "record 12 without its newline",
                       "record 12 cut after 30 of", "half of record 13 appended"), long=None)
"""The cuts tried through child processes (None: every one, as bench/torn_end.py does)."""


@pytest.fixture(scope="module")
def tenno(tmp_path_factory: pytest.TempPathFactory) -> Saved:
    return saved_game(tmp_path_factory.mktemp("saved"), "tenno", {"players": ["red", "blue"], "first": "red"}, 1)


def _journal(tmp_path: Path, data: bytes, fs: FaultyFileSystem | None = None) -> JournalFile:
    path = tmp_path / CURRENT
    path.write_bytes(data)
    return JournalFile(path) if fs is None else JournalFile(path, fs)


def _copies(tmp_path: Path) -> list[bytes]:
    return [copy.read_bytes() for copy in sorted(tmp_path.glob(f"{CURRENT}.damaged-*"))]


def _play_on(journal: JournalFile, saved: Saved, count: int) -> Match:
    """The journal loaded as a start does, then `count` more inputs of the same game appended one by one."""
    loaded = load_journal(journal.path)
    match = loaded.match
    more = (saved.inputs + saved.later)[len(match.inputs):len(match.inputs) + count]
    for value in more:
        match.apply(value)
        journal.append(match)
    return match


def test_a_last_record_that_lost_its_newline_is_kept_and_ends_its_line(tmp_path: Path, tenno: Saved) -> None:
    cut = tenno.data[:-1]
    journal = _journal(tmp_path, cut)
    repaired = journal.repair_end()
    assert repaired is not None and not repaired.cut
    assert repaired.copy.read_bytes() == cut and _copies(tmp_path) == [cut]
    assert journal.path.read_bytes() == tenno.data
    match = _play_on(journal, tenno, 4)
    loaded = load_journal(journal.path)
    assert loaded.damage is None and loaded.match.inputs == match.inputs and len(match.inputs) == 16


def test_a_header_that_lost_its_newline_is_kept_and_ends_its_line(tmp_path: Path, tenno: Saved) -> None:
    header = tenno.data[:tenno.data.index(b"\n")]
    journal = _journal(tmp_path, header)
    repaired = journal.repair_end()
    assert repaired is not None and not repaired.cut and _copies(tmp_path) == [header]
    assert journal.path.read_bytes() == header + b"\n"
    match = _play_on(journal, tenno, 12)
    loaded = load_journal(journal.path)
    assert loaded.damage is None and loaded.match.inputs == match.inputs == list(tenno.inputs)


def test_half_a_record_is_cut_off_after_a_copy(tmp_path: Path, tenno: Saved) -> None:
    torn = tenno.data + tenno.next_line[:25]
    journal = _journal(tmp_path, torn)
    before = load_journal(journal.path)
    assert before.damage is not None and before.damage.torn, "the table is told of the torn record"
    assert len(before.match.inputs) == 12
    repaired = journal.repair_end()
    assert repaired is not None and repaired.cut and _copies(tmp_path) == [torn]
    assert journal.path.read_bytes() == tenno.data, "the lines before it are kept byte for byte"
    assert not list(tmp_path.glob(".*.tmp"))
    match = _play_on(journal, tenno, 4)
    loaded = load_journal(journal.path)
    assert loaded.damage is None and loaded.match.inputs == match.inputs and len(match.inputs) == 16


def test_half_a_header_is_left_as_it_is(tmp_path: Path, tenno: Saved) -> None:
    """No game can be read from it: the app puts the file aside unchanged, so nothing is copied or cut."""
    half = tenno.data[:40]
    journal = _journal(tmp_path, half)
    assert journal.repair_end() is None
    assert journal.path.read_bytes() == half and _copies(tmp_path) == []
    with pytest.raises(RuleError, match="line 1"):
        load_journal(journal.path)


def test_a_journal_ending_with_a_newline_is_not_written(tmp_path: Path, tenno: Saved) -> None:
    fs = FaultyFileSystem()
    fs.error = errno.EROFS
    journal = _journal(tmp_path, tenno.data, fs)
    assert journal.repair_end() is None
    assert fs.failures == 0 and _copies(tmp_path) == []
    assert JournalFile(tmp_path / "none.journal").repair_end() is None
    fs.error = None
    journal.start(Match(get_game("tenno"), tenno.setup, tenno.seed))
    assert journal.repair_end() is None and _copies(tmp_path) == [], "a new game's journal ends its line"


@pytest.mark.parametrize("error", [errno.EROFS, errno.ENOSPC])
def test_a_disk_that_refuses_the_repair_leaves_the_journal_as_it_was(tmp_path: Path, tenno: Saved,
                                                                     error: int) -> None:
    fs = FaultyFileSystem()
    for cut in (tenno.data[:-1], tenno.data + tenno.next_line[:9]):
        journal = _journal(tmp_path, cut, fs)
        fs.error = error
        with pytest.raises(OSError):
            journal.repair_end()
        assert journal.path.read_bytes() == cut
        assert not list(tmp_path.glob(".*.tmp")) and _copies(tmp_path) == []
        fs.error = None
        assert journal.repair_end() is not None
        assert journal.path.read_bytes() == tenno.data
        for copy in tmp_path.glob(f"{CURRENT}.damaged-*"):
            copy.unlink()


@pytest.mark.parametrize("damage", ["newline lost", "half a record", "half a record and its newline", "emptied"])
def test_an_append_never_goes_onto_a_line_without_its_newline(tmp_path: Path, tenno: Saved, damage: str) -> None:
    """The file changed behind the app's back between two appends: the whole game is written again."""
    journal = _journal(tmp_path, tenno.data)
    match = load_journal(journal.path).match
    changed = {"newline lost": tenno.data[:-1], "half a record": tenno.data + tenno.next_line[:20],
               "half a record and its newline": tenno.data[:-20], "emptied": b""}[damage]
    journal.path.write_bytes(changed)
    more = tenno.later[:2]
    for value in more:
        match.apply(value)
        journal.append(match)
    loaded = load_journal(journal.path)
    assert loaded.damage is None and loaded.match.inputs == match.inputs and len(match.inputs) == 14
    assert _copies(tmp_path) == ([changed] if changed else [])


@pytest.mark.parametrize("game", registered_games())
def test_every_cut_mended_then_appended_to_keeps_every_input(tmp_path: Path, game: str) -> None:
    """Storage alone, every game: each cut is mended, four inputs are appended, and all read back."""
    saved = saved_game(tmp_path / "saved", game, seed=1)
    for number, cut in enumerate(cuts(saved)):
        folder = tmp_path / f"cut-{number}"
        folder.mkdir()
        journal = _journal(folder, cut.data)
        repaired = journal.repair_end()
        assert (repaired is not None) == cut.open_end, cut.name
        assert load_journal(journal.path).match.inputs == list(cut.inputs), cut.name
        match = _play_on(journal, saved, 4)
        loaded = load_journal(journal.path)
        assert loaded.damage is None and loaded.match.inputs == match.inputs, cut.name
        assert len(match.inputs) == len(cut.inputs) + 4, cut.name


def test_every_cut_restarted_played_on_killed_and_restarted_loses_nothing(tmp_path: Path, tenno: Saved) -> None:
    """The issue's sweep, in process: the App as `companion run --mock` builds it on the installed configuration.

    Before the repair: "record 12 without its newline" resumed at 11 after the
    second start (five acknowledged inputs lost), the header without its newline
    was put aside as unreadable.
    """
    chosen = cuts(tenno)
    ends = [index + 1 for index, byte in enumerate(tenno.data) if byte == ord("\n")]
    inside = range(ends[-3] + 1, len(tenno.data))
    half = len(tenno.data) + len(tenno.next_line) // 2
    assert [len(cut.data) for cut in chosen] == [ends[0] - 1, ends[0], *inside, half]
    by_name = {cut.name: cut for cut in chosen}
    assert [len(by_name[f"record {n} without its newline"].inputs) for n in (11, 12)] == [11, 12]
    assert sum(cut.torn for cut in chosen) == len(inside) - 3 + 1, "all but the two lost newlines and record 11 whole"
    failures = sweep(tmp_path, tenno, chosen, try_in_process)
    assert failures == [], "\n".join(failures)


def test_the_issue_reproduction_through_children_killed_with_sigkill(tmp_path: Path, tenno: Saved) -> None:
    """`companion run --mock --script -` on the installed configuration: resume, four inputs, SIGKILL, start."""
    found = cuts(tenno)
    chosen: list[Cut] = (found if CHILD_CUTS is None
                         else [cut for cut in found if any(cut.name.startswith(name) for name in CHILD_CUTS)])
    assert CHILD_CUTS is None or len(chosen) == len(CHILD_CUTS)
    failures = sweep(tmp_path, tenno, chosen, try_children)
    assert failures == [], "\n".join(failures)

