"""Replays stay exact: a journal names the component data its game was played with, kept beside the history."""

from __future__ import annotations

import io
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.census import game_for, open_box
from companion.history.db import open_history
from companion.history.record import record_of
from companion.runtime import component_store
from companion.runtime.storage import CURRENT, FINISHED_DIR, JournalFile, load_journal
from companion.web import backup
from engine import Choose, Match, Press, RuleError, Tap, get_game
from engine.core.components import digest

GAME = "samurai-spirit"
SETUP = {"samurai": ["kyuzo", "heihachi"], "first": "kyuzo", "absent_tokens": False}
FIRST_TURNS = [Choose("fight"), Tap("4-hat-none"), Press("confront"), Press("pass")]
"""Kyuzo confronts 4-hat-none; Heihachi passes; Kyuzo's turn starts with that card's penalty."""
FIXTURES = Path(__file__).parent / "fixtures" / "history-v1"


def _owner_says_wound(state: Path) -> None:
    box = open_box(state, GAME)
    assert box.put(box.answer("card", {"penalties": ["wound"]}, base="4-hat-none")) is None


def _kyuzo_wounds(match: Match) -> int:
    return int(match.play.public_view()["samurai"][0]["wounds"])


def _played(state: Path) -> Match:
    match = Match(game_for(GAME, state), SETUP, 1)
    journal = JournalFile(state / CURRENT)
    journal.start(match)
    for value in FIRST_TURNS:
        match.apply(value)
        journal.append(match)
    return match


def test_a_journal_names_its_data_and_the_data_is_kept_beside_it(tmp_path: Path) -> None:
    _owner_says_wound(tmp_path)
    match = _played(tmp_path)
    header = json.loads((tmp_path / CURRENT).read_text("utf-8").splitlines()[0])
    name = header["components"]
    assert name == open_box(tmp_path, GAME).digest == match.game.components_digest  # type: ignore[attr-defined]
    kept = component_store.path_of(tmp_path, name)
    assert digest(kept.read_text("utf-8")) == name
    assert _kyuzo_wounds(match) == 1, "the owner's penalty is the rule"


def test_a_game_started_before_a_correction_replays_as_played(tmp_path: Path) -> None:
    _owner_says_wound(tmp_path)
    played = _played(tmp_path)
    assert open_box(tmp_path, GAME).drop("4-hat-none"), "the owner corrects the card back"
    assert game_for(GAME, tmp_path).catalogue.cards["4-hat-none"].penalties == ()  # type: ignore[attr-defined]
    resumed = load_journal(tmp_path / CURRENT)
    assert resumed.damage is None and _kyuzo_wounds(resumed.match) == 1
    assert resumed.match.play.public_view() == played.play.public_view()
    JournalFile(tmp_path / CURRENT).archive("game-0001-abandoned.journal")
    archived = load_journal(tmp_path / FINISHED_DIR / "game-0001-abandoned.journal")
    assert archived.match.play.public_view() == played.play.public_view()
    with open_history(tmp_path) as history:
        assert history.rebuild() == 1
    assert record_of(tmp_path / FINISHED_DIR / "game-0001-abandoned.journal").inputs == len(FIRST_TURNS)
    fresh = Match(game_for(GAME, tmp_path), SETUP, 1)
    for value in FIRST_TURNS:
        fresh.apply(value)
    assert _kyuzo_wounds(fresh) == 0, "a game started after the correction plays on the corrected card"


def test_a_journal_whose_data_is_not_kept_is_refused_not_replayed_on_other_data(tmp_path: Path) -> None:
    _owner_says_wound(tmp_path)
    match = _played(tmp_path)
    shutil.rmtree(tmp_path / component_store.FOLDER)
    with pytest.raises(RuleError, match="component data this game was played with") as info:
        load_journal(tmp_path / CURRENT)
    assert str(info.value).startswith("line 1: ")
    assert match.game.components_digest[:12] in str(info.value)  # type: ignore[attr-defined]


def test_a_journal_on_the_shipped_default_needs_no_kept_file(tmp_path: Path) -> None:
    match = Match(get_game(GAME), SETUP, 1)
    JournalFile(tmp_path / CURRENT).start(match)
    shutil.rmtree(tmp_path / component_store.FOLDER)
    assert load_journal(tmp_path / CURRENT).match.game is get_game(GAME)


def test_every_journal_fixture_replays_unchanged(tmp_path: Path) -> None:
    """The journals of an earlier release (no digest) give the rows that release's own code recorded."""
    rows = sqlite3.connect(FIXTURES / "history.sqlite3").execute(
        "SELECT journal, game, result, winners, scores, inputs, rounds, grade FROM games ORDER BY journal").fetchall()
    assert len(rows) == 4
    for name, game, result, winners, scores, inputs, rounds, grade in rows:
        path = FIXTURES / "games" / name
        assert "components" not in json.loads(path.read_text("utf-8").splitlines()[0])
        loaded = load_journal(path)
        assert loaded.damage is None and len(loaded.match.inputs) == inputs, name
        record = record_of(path)
        assert (record.game, record.result, list(record.winners), dict(record.scores), record.inputs,
                record.rounds, record.grade) == (game, result, json.loads(winners), json.loads(scores), inputs,
                                                 rounds, grade), name


def test_a_journal_of_the_earlier_default_naming_an_old_boss_still_replays(tmp_path: Path) -> None:
    earlier = component_store.undigested_game(GAME)
    assert "6-doll-no-talent" in earlier.catalogue.cards  # type: ignore[attr-defined]
    match = Match(earlier, SETUP, 1)
    for value in FIRST_TURNS:
        match.apply(value)
    header = match.header()
    header.pop("components")
    from engine.core.journal import header_line, record_line

    path = tmp_path / CURRENT
    path.write_text(header_line(header) + "".join(record_line(n, v) for n, v in enumerate(match.inputs, 1)))
    loaded = load_journal(path)
    assert loaded.damage is None and loaded.match.game is earlier
    assert loaded.match.play.public_view() == match.play.public_view()


def test_a_backup_holds_the_owner_data_and_the_kept_data_and_restores_them(tmp_path: Path) -> None:
    device = tmp_path / "device"
    device.mkdir()
    _owner_says_wound(device)
    played = _played(device)
    JournalFile(device / CURRENT).archive("game-0001-abandoned.journal")
    archive = backup.make_backup(device, None)
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    report = backup.restore(fresh, io.BytesIO(archive), None)
    kept = f"{component_store.FOLDER}/{played.game.components_digest}.toml"  # type: ignore[attr-defined]
    assert {"box-samurai-spirit.toml", kept, "games/game-0001-abandoned.journal"} <= set(report.written)
    assert game_for(GAME, fresh).catalogue.cards["4-hat-none"].penalties == ("wound",)  # type: ignore[attr-defined]
    again = load_journal(fresh / FINISHED_DIR / "game-0001-abandoned.journal")
    assert again.match.play.public_view() == played.play.public_view()


def test_a_backup_whose_kept_data_was_changed_is_refused(tmp_path: Path) -> None:
    device = tmp_path / "device"
    device.mkdir()
    _owner_says_wound(device)
    played = _played(device)
    kept = component_store.path_of(device, played.game.components_digest)  # type: ignore[attr-defined]
    kept.write_text(kept.read_text("utf-8").replace('"wound"', '"intruder"', 1), "utf-8")
    JournalFile(device / CURRENT).archive("game-0001-abandoned.journal")
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    with pytest.raises(RuleError, match="its content is not the data its name is the digest of"):
        backup.restore(fresh, io.BytesIO(backup.make_backup(device, None)), None)
    assert not list(fresh.glob("box-*")), "nothing was restored"
