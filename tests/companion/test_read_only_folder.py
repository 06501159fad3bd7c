"""A state folder that refuses writes: said once in the log, kept on the screen, and not tried every second.

The companion looks for the phone page's files (an enrolment request, a
seating) once a second, and taking one renames it: on a read-only folder
that failed every second, one line of stderr each time, while the screen
said nothing. Tests run as root in CI, where chmod stops nothing, so the
folder refuses through storage's FaultyFileSystem, which fails the way the
real calls do (a read-only folder refuses a rename even of a missing file).
"""

from __future__ import annotations

import errno
from pathlib import Path

import pygame
import pytest

from companion.app import App
from companion.i18n import LANGUAGES
from companion.players.book import change_book
from companion.players.seating_files import OPEN_FILE
from companion.runtime.folder_watch import PROBE, RECHECK_S, FolderWatch
from companion.runtime.storage import FaultyFileSystem
from companion.screens import render
from tests.companion.table_helpers import Clock, make, press, tap

READ_ONLY = "Cannot save in {path}: the disk is read-only (Read-only file system). Nothing is saved for now."


@pytest.fixture(autouse=True)
def _headless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


def idle(app: App, clock: Clock, seconds: int) -> None:
    """The loop's ticks for `seconds`, one a second, as the idle first menu has them."""
    for _ in range(seconds):
        clock.now += 1
        app.tick()


def refusing(tmp_path: Path, code: int = errno.EROFS, **kw: object) -> tuple[App, FaultyFileSystem, Clock]:
    fs = FaultyFileSystem()
    clock = Clock()
    app = make(tmp_path, clock, fs=fs, resume_timeout_s=0, **kw)
    fs.error = code
    return app, fs, clock


def log_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if line.strip()]


def test_a_read_only_folder_is_said_once_in_the_log_and_stays_on_the_screen(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    app, fs, clock = refusing(tmp_path)
    idle(app, clock, 60)
    [line] = log_lines(capsys)
    assert line.startswith(f"companion: the state folder {tmp_path} cannot be written (Read-only file system: ")
    screen = app.screen()
    assert screen.notice == READ_ONLY.format(path=tmp_path) and screen.notice_error
    assert fs.failures <= 2 + 60 / RECHECK_S, f"{fs.failures} refused calls in a minute: tried every second"
    press(app, "next")
    assert app.screen().notice == READ_ONLY.format(path=tmp_path), "a menu walk keeps it on the screen"
    # A game started now: the Cannot save screen and then NOT SAVED say it their way, not twice.
    options, selected = app.offered()
    press(app, *["next"] * ((options.index("en") - selected) % len(options)), "ok", "ok")
    tap(app, "samurai:kyuzo")
    tap(app, "samurai:heihachi")
    for _ in range(10):
        if app.mode != "setup" or app.saving.blocked():
            break
        press(app, "ok")
    screen = app.screen()
    assert screen.title == "Cannot save" and "Cannot save in" not in (screen.notice or "")
    assert screen.detail[0].startswith("Cannot save: the disk is read-only (Read-only file system, ")
    press(app, "next", "ok")
    assert app.match is not None and app.screen().unsaved
    assert "Cannot save in" not in (app.screen().notice or "")
    assert len(log_lines(capsys)) == 0, "said once, not again"


def test_a_folder_that_takes_writes_again_is_said_once_and_the_looks_start_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    app, fs, clock = refusing(tmp_path)
    idle(app, clock, 3)
    assert len(log_lines(capsys)) == 1
    fs.error = None
    idle(app, clock, int(RECHECK_S))
    assert log_lines(capsys) == [f"companion: the state folder {tmp_path} can be written again"]
    assert app.screen().notice == "The state folder can be written again." and not app.screen().notice_error
    assert not (tmp_path / PROBE).exists()
    idle(app, clock, 10)
    assert app.screen().notice is None and not log_lines(capsys)
    fs.error = errno.EROFS
    idle(app, clock, 2)
    assert len(log_lines(capsys)) == 1, "read-only again: said again, once"
    assert app.screen().notice == READ_ONLY.format(path=tmp_path)


def test_the_seats_are_told_to_the_phone_once_the_folder_takes_writes(tmp_path: Path) -> None:
    change_book(tmp_path, lambda book: book.add("Anna", new_id=lambda: "p-anna"))
    app, fs, clock = refusing(tmp_path)
    press(app, "ok", "ok")
    tap(app, "samurai:kyuzo")
    tap(app, "samurai:heihachi")
    press(app, "ok", "ok")
    assert app.screen().title == "Who plays Kyuzo?"
    idle(app, clock, 3)
    assert not (tmp_path / OPEN_FILE).exists()
    fs.error = None
    idle(app, clock, int(RECHECK_S) + 1)
    assert (tmp_path / OPEN_FILE).is_file(), "the seats asked about reach the phone after all"


def test_each_refusal_is_named_in_the_tables_language_and_a_full_disk_is_none(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    app, _, clock = refusing(tmp_path / "de", lang="de")
    idle(app, clock, 2)
    assert app.screen().notice == (f"Speichern in {tmp_path / 'de'} nicht möglich: der Datenträger ist "
                                   "schreibgeschützt (Read-only file system). Nichts wird gespeichert.")
    app, _, clock = refusing(tmp_path / "en", errno.EACCES)
    idle(app, clock, 2)
    assert app.screen().notice == (f"Cannot save in {tmp_path / 'en'}: the companion is not allowed to write there "
                                   "(Permission denied). Nothing is saved for now.")
    capsys.readouterr()
    app, _, clock = refusing(tmp_path / "full", errno.ENOSPC)
    idle(app, clock, 5)
    assert app.screen().notice is None and not log_lines(capsys), "renames work on a full disk: nothing to say"


@pytest.mark.parametrize("size", [(800, 480), (480, 320)])
def test_the_line_reads_whole_at_both_sizes_in_every_language(tmp_path: Path, size: tuple[int, int],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the first menu and over a game's board, with a path as long as the installed one and the longest
    reason (EPERM's system words)."""
    monkeypatch.chdir(tmp_path)
    state = Path("/var/lib/table-companion".lstrip("/"))
    pygame.font.init()
    for lang in LANGUAGES:
        for code in (errno.EROFS, errno.EPERM):
            fs = FaultyFileSystem()
            clock = Clock()
            app = make(state, clock, fs=fs, resume_timeout_s=0, lang=lang)
            fs.error = code
            idle(app, clock, 2)
            first_menu = app.screen()
            fs.error = None
            idle(app, clock, int(RECHECK_S) + 5)
            press(app, "ok")
            tap(app, "samurai:kyuzo")
            tap(app, "samurai:heihachi")
            for _ in range(10):
                if app.mode != "setup":
                    break
                press(app, "ok")
            fs.error = code
            idle(app, clock, 5)  # the set-up's own notes are gone by then
            board = app.screen()
            assert board.kind == "board"
            for screen in (first_menu, board):
                assert screen.notice is not None and str(state) in screen.notice, (lang, screen.notice)
                items = render(screen, pygame.Surface(size))
                drawn = " ".join(i.text or "" for i in items if i.kind == "text" and i.role == "notice").split()
                assert drawn == screen.notice.split(), f"{lang} at {size}: {' '.join(drawn)}"
            (state / "current.journal").unlink()


def test_the_watch_says_a_refusal_once_and_tries_the_folder_again_only_when_due(tmp_path: Path) -> None:
    said: list[str] = []
    fs = FaultyFileSystem()
    watch = FolderWatch(tmp_path, said.append)
    assert not watch.resting(0.0, fs) and watch.line() is None and watch.deadline() is None
    assert not watch.refused(OSError(errno.ENOSPC, "No space left on device"), 0.0)
    fs.error = errno.EPERM
    for now in (0.0, 1.0, 2.0):
        assert watch.refused(OSError(errno.EPERM, "Operation not permitted", str(tmp_path / "x")), now)
    assert len(said) == 1 and "Operation not permitted" in said[0]
    assert watch.deadline() == 2.0 + RECHECK_S
    assert watch.resting(5.0, fs) and fs.failures == 0, "not due: the folder is not tried"
    assert watch.resting(2.0 + RECHECK_S, fs) and fs.failures == 1
    fs.error = None
    assert not watch.resting(2.0 + 2 * RECHECK_S, fs)
    assert said[1:] == [f"companion: the state folder {tmp_path} can be written again"]
    assert watch.line() is None and not (tmp_path / PROBE).exists()


def test_the_line_and_its_end_speak_only_catalogue_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from test_pseudo_language import LANG, assert_translated, use_pseudo_language

    use_pseudo_language(monkeypatch)
    pygame.font.init()
    screens = []
    for code in (errno.EROFS, errno.EACCES):
        app, fs, clock = refusing(tmp_path / str(code), code, lang=LANG)
        idle(app, clock, 2)
        refused = app.screen()
        assert refused.notice is not None and str(tmp_path) in refused.notice, "the line is shown"
        screens.append((f"refused ({errno.errorcode[code]})", refused))
        fs.error = None
        idle(app, clock, int(RECHECK_S))
        assert app.screen().notice is not None, "the folder's return is said"
        screens.append(("writable again", app.screen()))
    assert_translated(screens)
