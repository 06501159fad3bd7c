"""The headless demo (a full game through the app loop) and `companion replay`."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion.cli import main
from companion.storage import load_journal

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

    from companion.demo import DEMO_SAMURAI, DemoTable
    from companion.screens import render

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
