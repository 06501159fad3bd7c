"""The headless demo (a full game through the app loop) and `companion replay`."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion.cli import main
from companion.runtime.storage import load_journal

ARTEFACTS = os.environ.get("COMPANION_ARTEFACTS")


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = Path(ARTEFACTS) / "demo" if ARTEFACTS else tmp_path_factory.mktemp("demo")
    import io
    from contextlib import redirect_stdout

    buffer = io.StringIO()
    with redirect_stdout(buffer):
        assert main(["demo", "--out", str(out), "--seed", "7"]) == 0
    return out, buffer.getvalue()


def test_demo_plays_a_whole_game_and_reports_it(demo: tuple[Path, str]) -> None:
    out, text = demo
    assert "Demo game (seed 7, easy" in text
    assert "result: " in text and "engine inputs from" in text and "frames drawn" in text
    loaded = load_journal(out / "state" / "current.journal")
    assert loaded.damage is None and loaded.match.play.result in ("won", "lost")
    assert f"{len(loaded.match.inputs)} engine inputs" in text


def test_demo_saves_the_key_screens_at_both_sizes(demo: tuple[Path, str]) -> None:
    out, _ = demo
    names = sorted(p.name for p in out.glob("*.png"))
    for key in ("setup-difficulty", "setup-samurai", "refusal", "unknown-tag", "reader-lost", "undo-confirm",
                "undone", "game-over"):
        assert any(key in n and "800x480" in n for n in names), key
        assert any(key in n and "480x320" in n for n in names), key


def test_demo_is_deterministic(demo: tuple[Path, str], tmp_path: Path) -> None:
    out, _ = demo
    import io
    from contextlib import redirect_stdout

    with redirect_stdout(io.StringIO()):
        main(["demo", "--out", str(tmp_path), "--seed", "7", "--no-snapshots"])
    first = (out / "state" / "current.journal").read_text()
    assert (tmp_path / "state" / "current.journal").read_text() == first
    assert not list(tmp_path.glob("*.png"))


def test_replay_prints_every_step(demo: tuple[Path, str], capsys: pytest.CaptureFixture[str],
                                  tmp_path: Path) -> None:
    out, _ = demo
    journal = out / "state" / "current.journal"
    count = len(journal.read_text().splitlines()) - 1
    assert main(["replay", str(journal), "--snapshots", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert f"{count} inputs" in text and f"{count:4d}. " in text and "Result: " in text
    assert len(list(tmp_path.glob("step-*.png"))) == count


def test_replay_of_a_missing_or_bad_journal_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "none.journal")]) == 2
    assert "cannot read the journal" in capsys.readouterr().err
    bad = tmp_path / "bad.journal"
    bad.write_text(json.dumps({"journal": "other"}) + "\n")
    assert main(["replay", str(bad)]) == 2
    assert "line 1" in capsys.readouterr().err


def test_full_game_through_the_loop_checks_journal_state_and_screens(tmp_path: Path) -> None:
    import pygame

    from companion.harness.demo import DemoTable
    from companion.screens import render
    from games.samurai_spirit.app.demo import DEMO_SAMURAI

    table = DemoTable(tmp_path, 11, "easy", DEMO_SAMURAI, snapshots=False)
    table.set_up()
    seen_kinds = set()
    original = table.loop.draw

    def spy(screen):  # type: ignore[no-untyped-def]
        seen_kinds.add(screen.kind)
        assert original is not None
        original(screen)

    table.loop.draw = spy
    table.play()
    match = table.app.match
    assert match is not None and match.play.result in ("won", "lost")
    loaded = load_journal(table.app.journal.path)
    assert loaded.damage is None and loaded.match.inputs == match.inputs
    assert loaded.match.play.public_view() == match.play.public_view()
    assert {"board", "game-over"} <= seen_kinds
    pygame.font.init()
    for size in ((800, 480), (480, 320)):
        items = render(table.app.screen(), pygame.Surface(size))
        title = items.find("title")
        assert title is not None and title.value == table.app.screen().title
        assert ("Victory" in title.value) or ("fallen" in title.value)
        assert not items.outside(size)


def test_replay_of_a_damaged_journal_shows_what_it_can_and_exits_1(demo: tuple[Path, str], tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = demo
    lines = (out / "state" / "current.journal").read_bytes().split(b"\n")
    at = lines[60].index(b'"crc":"') + 7
    lines[60] = lines[60][:at] + (b"1" if lines[60][at:at + 1] == b"0" else b"0") + lines[60][at + 1:]
    damaged = tmp_path / "damaged.journal"
    damaged.write_bytes(b"\n".join(lines))
    later = len([line for line in lines[61:] if line])
    assert main(["replay", str(damaged)]) == 1
    text = capsys.readouterr().out
    assert (f"  damaged: line 61 (checksum mismatch); {later} later records are intact but cannot be used "
            f"after it; replayed up to input 59") in text
    assert "  59. " in text and "  60. " not in text
    assert "journal is damaged (exit status 1)" in text


def _short_journal(tmp_path: Path) -> Path:
    from engine import Choose, Match, get_game
    from engine.core.journal import header_line, record_line

    match = Match(get_game("samurai-spirit"), {"samurai": ["kyuzo", "heihachi"], "first": "kyuzo",
                                              "absent_tokens": False}, 3)
    match.apply(Choose("pass"))
    path = tmp_path / "short.journal"
    path.write_text(header_line(match.header()) + record_line(1, match.inputs[0]))
    return path


def test_replay_snapshots_into_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal = _short_journal(tmp_path)
    target = tmp_path / "a-file"
    target.write_text("mine")
    assert main(["replay", str(journal), "--snapshots", str(target)]) == 2
    assert f"--snapshots {target} is a file, not a folder" in capsys.readouterr().err
    assert target.read_text() == "mine"


def test_replay_never_overwrites_earlier_snapshots_silently(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from companion.commands import replay as replay_cmd

    journal = _short_journal(tmp_path)
    folder = tmp_path / "shots"
    folder.mkdir()
    for n in (1, 2, 3, 4):
        (folder / f"step-{n:04d}.png").write_bytes(b"earlier")
    assert main(["replay", str(journal), "--snapshots", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "already holds 4 snapshot(s) from an earlier replay (step-0001.png, step-0002.png, step-0003.png" in err
    assert "add --overwrite to replace them" in err
    assert all(p.read_bytes() == b"earlier" for p in folder.glob("step-*.png"))
    assert main(["replay", str(journal), "--snapshots", str(folder), "--overwrite"]) == 0
    assert sorted(p.name for p in folder.glob("step-*.png")) == ["step-0001.png"]
    assert (folder / "step-0001.png").read_bytes().startswith(b"\x89PNG")
    parser = argparse.ArgumentParser()
    replay_cmd.add_arguments(parser)
    assert "exit status: 0 the whole journal" in parser.format_help()


def test_replay_into_an_unwritable_folder_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    journal = _short_journal(tmp_path)

    def refuse(surface: object, path: str) -> None:
        raise pygame.error(f"Couldn't open {path}")

    monkeypatch.setattr(pygame.image, "save", refuse)
    assert main(["replay", str(journal), "--snapshots", str(tmp_path / "shots")]) == 2
    assert "--snapshots: cannot write" in capsys.readouterr().err

    def no_folder(self: Path, *args: object, **kw: object) -> None:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", no_folder)
    assert main(["replay", str(journal), "--snapshots", str(tmp_path / "elsewhere")]) == 2
    assert "cannot make or read the folder (Permission denied)" in capsys.readouterr().err


def test_demo_never_empties_a_state_folder_it_did_not_make(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    live = tmp_path / "live"
    live.mkdir()
    (live / "tags.json").write_text("the table's tag map")
    (live / "current.journal").write_text("a game in progress")
    assert main(["demo", "--out", str(tmp_path / "out"), "--state-dir", str(live), "--no-snapshots"]) == 2
    assert "holds files the demo did not make (current.journal, tags.json)" in capsys.readouterr().err
    assert (live / "tags.json").read_text() == "the table's tag map"
    assert (live / "current.journal").read_text() == "a game in progress"


def test_demo_reuses_its_own_state_folder(tmp_path: Path) -> None:
    from companion.harness.demo import DEMO_MARK, fresh_state_dir

    state = fresh_state_dir(tmp_path / "state")
    (state / "current.journal").write_text("last demo")
    assert fresh_state_dir(state) == state
    assert sorted(p.name for p in state.iterdir()) == [DEMO_MARK]


def test_demo_plays_a_whole_game_in_another_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from companion import i18n

    locale = tmp_path / "locale"
    locale.mkdir()
    (locale / "de.po").write_text('msgid "New game: difficulty"\nmsgstr "Neues Spiel: Schwierigkeit"\n',
                                  encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    monkeypatch.setattr(i18n, "game_locale_dir", lambda game: locale / game)
    i18n.forget_catalogues()
    try:
        assert main(["demo", "--out", str(tmp_path / "out"), "--seed", "7", "--no-snapshots", "--lang", "de"]) == 0
    finally:
        i18n.forget_catalogues()
    text = capsys.readouterr().out
    assert "language on screen: de" in text and "result: " in text
    loaded = load_journal(tmp_path / "out" / "state" / "current.journal")
    assert loaded.match.play.result in ("won", "lost")
    assert json.loads((tmp_path / "out" / "state" / "last-setup.json").read_text())["lang"] == "de"
