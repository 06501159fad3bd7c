"""A full, read-only or failing disk: the companion says so on screen and never crashes.

Tests run as root in CI, where chmod cannot make a folder read-only, so the
faults are injected through storage's FileSystem seam (FaultyFileSystem),
which fails the way the real calls do: a full disk writes half a line, then
refuses.
"""

from __future__ import annotations

import dataclasses
import errno
import os
import random
from pathlib import Path

import pytest

from companion.app import App
from companion.runtime.storage import CURRENT, FaultyFileSystem, load_journal
from companion.runtime.tagmap import virtual_tagmap
from engine import Input
from games.samurai_spirit.policy import SimplePolicy
from tests.companion.table_helpers import UI, Clock, make, move, press, tap


def set_up(app: App) -> None:
    """English, Normal, Kyuzo, Heihachi and Daisuke, Kyuzo begins, start."""
    press(app, "ok", "ok")
    for name in ("kyuzo", "heihachi", "daisuke"):
        tap(app, f"samurai:{name}")
    for answer in ("done", "no", "kyuzo"):
        options = app.setup.menu().options
        if answer in options:
            press(app, *(["next"] * ((options.index(answer) - app.selected) % len(options))), "ok")
    press(app, "ok")


def game(tmp_path: Path, inputs: int = 6) -> tuple[App, FaultyFileSystem, Clock, SimplePolicy]:
    fs = FaultyFileSystem()
    clock = Clock()
    app = make(tmp_path, clock, fs=fs, resume_timeout_s=0)
    set_up(app)
    policy = SimplePolicy(random.Random(3))
    while app.match is not None and app.match.play.prompt is not None and len(app.match.inputs) < inputs:
        move(app, policy)
    return app, fs, clock, policy


def on_disk(state: Path) -> list[Input]:
    """The inputs the journal on disk holds; it must be whole (no damage, no extra line)."""
    loaded = load_journal(state / CURRENT)
    assert loaded.damage is None, loaded.damage
    return loaded.match.inputs


def recover(app: App, fs: FaultyFileSystem, clock: Clock) -> None:
    fs.error = None
    assert app.deadline() is not None and app.deadline() <= clock.now + app.saving.retry_s
    clock.now += app.saving.retry_s
    app.tick()


def test_a_full_disk_takes_the_input_back_and_refuses_until_saving_works(tmp_path: Path) -> None:
    app, fs, clock, policy = game(tmp_path)
    assert app.match is not None
    before = list(app.match.inputs)
    fs.error = errno.ENOSPC
    move(app, policy)
    assert app.match.inputs == before, "the input that could not be saved is taken back"
    screen = app.screen()
    assert screen.kind == "message" and screen.title == "Cannot save"
    assert screen.detail[0] == (f"Cannot save: the disk is full (No space left on device, {tmp_path / CURRENT}). "
                                "The game is kept in memory; inputs are refused until saving works again.")
    assert screen.options == ("Try again now", "Continue unsaved")
    assert on_disk(tmp_path) == before, "the half-written line was cut back off"
    tap(app, "card:3-doll-none")
    press(app, "confront")
    assert app.match.inputs == before
    assert "refused until saving works again" in (app.screen().notice or "")
    clock.now += app.saving.retry_s
    app.tick()
    assert app.screen().title == "Cannot save", "still full: still refused"
    recover(app, fs, clock)
    assert app.screen().notice == "Saving works again." and app.screen().kind == "board"
    move(app, policy)
    assert len(app.match.inputs) > len(before)
    assert on_disk(tmp_path) == app.match.inputs


@pytest.mark.parametrize(("code", "words"), [
    (errno.ENOSPC, "Cannot save: the disk is full (No space left on device, "),
    (errno.EROFS, "Cannot save: the disk is read-only (Read-only file system, "),
    (errno.EACCES, "Cannot save: the companion is not allowed to write there (Permission denied, "),
    (errno.EPERM, "Cannot save: the companion is not allowed to write there (Operation not permitted, "),
    (errno.EIO, "Cannot save: Input/output error ("),
])
def test_each_disk_fault_is_named_and_the_journal_stays_exact(tmp_path: Path, code: int, words: str) -> None:
    app, fs, clock, policy = game(tmp_path)
    assert app.match is not None
    before = list(app.match.inputs)
    fs.error = code
    move(app, policy)
    assert app.match.inputs == before
    assert app.screen().detail[0].startswith(words)
    recover(app, fs, clock)
    assert on_disk(tmp_path) == before
    assert not (tmp_path / ".current.journal.tmp").exists()


def test_a_partial_line_that_could_not_be_cut_is_replaced_on_recovery(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    app, fs, clock, policy = game(tmp_path)
    assert app.match is not None
    before = list(app.match.inputs)

    def refuse(fd: int, size: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(fs, "truncate", refuse)
    fs.error = errno.ENOSPC
    move(app, policy)
    loaded = load_journal(tmp_path / CURRENT)
    assert loaded.damage is not None and loaded.damage.torn, "half a line is left on disk"
    recover(app, fs, clock)
    assert on_disk(tmp_path) == before == app.match.inputs


def test_continue_unsaved_marks_every_screen_and_then_saves_the_whole_game(tmp_path: Path) -> None:
    app, fs, clock, policy = game(tmp_path)
    assert app.match is not None
    before = list(app.match.inputs)
    fs.error = errno.ENOSPC
    move(app, policy)
    press(app, "next", "ok")
    assert app.screen().unsaved and app.screen().kind == "board"
    for _ in range(4):
        move(app, policy)
    assert len(app.match.inputs) > len(before) and app.screen().unsaved
    press(app, "undo", "ok")
    assert on_disk(tmp_path) == before, "nothing was written while unsaved"
    clock.now += app.saving.retry_s
    app.tick()
    assert app.screen().unsaved, "still full"
    recover(app, fs, clock)
    assert not app.screen().unsaved
    assert app.screen().notice == "Saving works again. The whole game is saved."
    assert on_disk(tmp_path) == app.match.inputs


def test_an_undo_that_cannot_be_saved_is_not_done_and_leaves_no_tmp(tmp_path: Path) -> None:
    app, fs, clock, _ = game(tmp_path)
    assert app.match is not None
    before = list(app.match.inputs)
    fs.error = errno.ENOSPC
    press(app, "undo", "ok")
    assert app.match.inputs == before and app.screen().title == "Cannot save"
    assert "The undo was not done" in " ".join(app.screen().detail)
    assert not (tmp_path / ".current.journal.tmp").exists(), "the half-written temporary file is removed"
    recover(app, fs, clock)
    press(app, "undo", "ok")
    assert on_disk(tmp_path) == before[:-1] == app.match.inputs


def test_a_stale_tmp_is_removed_at_start(tmp_path: Path) -> None:
    game(tmp_path)
    stale = tmp_path / ".current.journal.tmp"
    stale.write_text("half a journal")
    make(tmp_path, fs=FaultyFileSystem(), resume_timeout_s=0)
    assert not stale.exists()


def test_a_new_game_on_a_read_only_disk_is_not_started_on_disk(tmp_path: Path) -> None:
    fs = FaultyFileSystem()
    clock = Clock()
    app = make(tmp_path, clock, fs=fs, resume_timeout_s=0)
    fs.error = errno.EROFS
    set_up(app)
    assert app.screen().title == "Cannot save" and not (tmp_path / CURRENT).exists()
    assert "The new game is not saved yet." in app.screen().detail
    recover(app, fs, clock)
    assert on_disk(tmp_path) == [] and app.screen().kind == "board"


def test_a_game_that_cannot_be_archived_is_never_replaced(tmp_path: Path) -> None:
    app, fs, clock, _ = game(tmp_path)
    old = (tmp_path / CURRENT).read_bytes()
    again = make(tmp_path, clock, fs=fs, resume_timeout_s=0)
    assert again.mode == "resume"
    fs.error = errno.EROFS
    press(again, "next", "ok", "ok")
    assert again.screen().title == "Cannot save"
    press(again, "next", "ok")
    assert again.mode == "setup" and again.screen().unsaved
    fs.error = errno.EROFS
    set_up(again)
    assert again.match is not None and again.mode == "play"
    assert (tmp_path / CURRENT).read_bytes() == old, "the unarchived game is not overwritten"
    recover(again, fs, clock)
    [archived] = (tmp_path / "games").glob("*abandoned.journal")
    assert archived.read_bytes() == old
    assert on_disk(tmp_path) == [] and load_journal(tmp_path / CURRENT).match.setup.first == "kyuzo"


def test_a_state_folder_that_cannot_be_made_is_a_screen_not_a_crash(tmp_path: Path) -> None:
    fs = FaultyFileSystem()
    fs.error = errno.EACCES
    clock = Clock()
    state = tmp_path / "state"
    app = make(state, clock, fs=fs, resume_timeout_s=0)
    screen = app.screen()
    assert screen.title == "Cannot save" and f"Permission denied, {state}" in screen.detail[0]
    assert f"The state folder {state} cannot be used." in screen.detail
    recover(app, fs, clock)
    assert state.is_dir() and app.screen().kind == "setup"


def test_a_journal_cut_by_a_full_disk_does_not_stop_start_up(tmp_path: Path) -> None:
    app, fs, clock, _ = game(tmp_path)
    path = tmp_path / CURRENT
    torn = path.read_bytes()[:-20]
    path.write_bytes(torn)
    fs.error = errno.ENOSPC
    again = make(tmp_path, clock, fs=fs, resume_timeout_s=0)
    assert again.screen().title == "Cannot save"
    assert not list(tmp_path.glob("current.journal.damaged-*")), "no half copy passes for the original"
    press(again, "next", "ok")
    assert again.screen().kind == "resume"
    assert any("A copy of the original will be kept as soon as saving works" in line
               for line in again.screen().detail)
    press(again, "ok")
    assert path.read_bytes() == torn, "not rewritten before its copy exists"
    recover(again, fs, clock)
    [copy] = tmp_path.glob("current.journal.damaged-*")
    assert copy.read_bytes() == torn
    assert again.match is not None and on_disk(tmp_path) == again.match.inputs


def test_a_real_fsync_failure_is_handled_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(UI, virtual_tagmap(UI.name, UI.tag_targets()), tmp_path, Clock(), new_seed=lambda: 11)
    app.start()
    set_up(app)

    def fail(fd: int) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "fsync", fail)
    press(app, "pass")
    monkeypatch.undo()
    assert app.screen().title == "Cannot save" and app.match is not None and app.match.inputs == []


def drawn_detail(screen: object, size: tuple[int, int]) -> tuple[list[str], list[str]]:
    """The detail words drawn at `size`, and the words the screen asked for."""
    import pygame

    from companion.screens import render

    pygame.font.init()
    drawn: list[str] = []
    for page in range(len(screen.detail)):  # type: ignore[attr-defined]
        paged = dataclasses.replace(screen, page=page)  # type: ignore[type-var]
        items = render(paged, pygame.Surface(size))
        drawn += " ".join(i.text or "" for i in items if i.kind == "text" and i.role == "detail").split()
        mark = items.find("detail:page", kind="text")
        if mark is None or mark.value == page + 1:
            break
    return drawn, " ".join(screen.detail).split()  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [(800, 480), (480, 320)])
def test_cannot_save_damage_and_not_saved_screens_fit(tmp_path: Path, size: tuple[int, int],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """At both panel sizes every word shows, with a path as long as the installed one."""
    import pygame

    from companion.screens import render

    monkeypatch.chdir(tmp_path)
    state = Path("/var/lib/table-companion".lstrip("/"))
    app, fs, clock, policy = game(state, 30)
    fs.error = errno.ENOSPC
    move(app, policy)
    drawn, wanted = drawn_detail(app.screen(), size)
    assert drawn == wanted
    press(app, "next", "ok")
    items = render(app.screen(), pygame.Surface(size))
    mark = items.find("unsaved")
    assert mark is not None and mark.text == "NOT SAVED" and not items.outside(size)
    recover(app, fs, clock)
    path = state / CURRENT
    data = bytearray(path.read_bytes())
    data[data.index(b'"crc":"', len(data) // 2) + 8] ^= 0x01
    path.write_bytes(bytes(data))
    again = make(state, fs=FaultyFileSystem(), resume_timeout_s=0)
    assert again.screen().kind == "resume" and "later records are intact" in again.screen().detail[-2]
    assert again.screen().detail[-1].startswith("Web page PIN: ")
    drawn, wanted = drawn_detail(again.screen(), size)
    assert drawn == wanted
