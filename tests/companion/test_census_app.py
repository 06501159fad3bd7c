"""Through the real app: a game enforces the owner's penalties; a card corrected during a game, journaled."""

from __future__ import annotations

import json
from pathlib import Path

from table_helpers import press, tap

from companion.app import App
from companion.app.assembly import build_app
from companion.census import NEXT_GAME, NEXT_INPUT, correct_during_game, open_box
from companion.runtime.config import Config
from companion.runtime.storage import CURRENT, JournalFile, load_journal
from engine import Match

GAME = "samurai-spirit"


def _app(state: Path) -> App:
    app, damage = build_app(Config(state_dir=state), state, mock=True, game=GAME)
    assert damage is None
    app.new_seed = lambda: 11
    app.start()
    return app


def _choose(app: App, option: str) -> None:
    options = app.setup.menu().options
    press(app, *(["next"] * ((options.index(option) - app.selected) % len(options))), "ok")


def _kyuzo_and_heihachi(app: App) -> Match:
    if app.setup.menu().options[0] == "en":
        press(app, "ok")
    _choose(app, "normal")
    tap(app, "samurai:kyuzo")
    tap(app, "samurai:heihachi")
    _choose(app, "done")
    if app.setup.menu().options == ("no", "yes"):
        _choose(app, "no")
    _choose(app, "kyuzo")
    press(app, "ok")
    assert app.mode == "play" and app.match is not None
    return app.match


def _no_token(app: App) -> None:
    """Two Samurai play with the absent Samurai's tokens: OK keeps them ("no" is highlighted)."""
    while app.match is not None and app.match.play.prompt and app.match.play.prompt.kind == "absent-token":
        press(app, "ok")


def _kyuzo_confronts_and_heihachi_passes(app: App) -> None:
    _no_token(app)
    tap(app, "card:4-hat-none")
    press(app, "confront")
    _no_token(app)
    press(app, "pass")
    _no_token(app)


def _wounds(app: App, seat: int = 0) -> int:
    assert app.match is not None
    return int(app.match.play.public_view()["samurai"][seat]["wounds"])


def test_a_game_enforces_the_owners_penalty(tmp_path: Path) -> None:
    """The owner's 4-hat-none shows a wound: "you MUST apply the penalty depicted on the last card laid there"."""
    shipped = tmp_path / "shipped"
    owned = tmp_path / "owned"
    owned.mkdir()
    box = open_box(owned, GAME)
    assert box.put(box.answer("card", {"penalties": ["wound"]}, base="4-hat-none")) is None
    results = {}
    for state in (shipped, owned):
        state.mkdir(exist_ok=True)
        app = _app(state)
        _kyuzo_and_heihachi(app)
        _kyuzo_confronts_and_heihachi_passes(app)
        results[state.name] = _wounds(app)
        header = json.loads((state / CURRENT).read_text("utf-8").splitlines()[0])
        assert header["components"] == app.match.game.components_digest  # type: ignore[union-attr]
    assert results == {"shipped": 0, "owned": 1}
    assert app.ui.game.catalogue.cards["4-hat-none"].penalties == ("wound",)  # type: ignore[attr-defined]


def test_a_card_corrected_before_it_counted_applies_from_the_next_input(tmp_path: Path) -> None:
    app = _app(tmp_path)
    _kyuzo_and_heihachi(app)
    _no_token(app)
    tap(app, "card:4-hat-none")
    press(app, "confront")
    _no_token(app)
    assert app.match is not None and _wounds(app) == 0
    box = open_box(tmp_path, GAME)
    entry = box.answer("card", {"penalties": ["wound"]}, base="4-hat-none")
    after = len(app.match.inputs)
    done = correct_during_game(box, app.match, JournalFile(tmp_path / CURRENT), entry, at="2026-03-28T20:00:00+01:00")
    assert done.applies == NEXT_INPUT and done.message.text == (
        "Corrected: Plunderer 4 - hat - no penalty counts as corrected from the next input.")
    app.match = done.match
    press(app, "pass")
    _no_token(app)
    assert _wounds(app) == 1, "Kyuzo's next turn starts with the corrected penalty"
    header = json.loads((tmp_path / CURRENT).read_text("utf-8").splitlines()[0])
    assert header["components"] == box.digest
    note = header["notes"]["corrections"][0]
    assert (note["id"], note["applies"], note["after"], note["now"]) == ("4-hat-none", NEXT_INPUT, after, box.digest)
    loaded = load_journal(tmp_path / CURRENT)
    assert loaded.damage is None and loaded.match.play.public_view() == app.match.play.public_view()


def test_a_card_that_already_counted_is_corrected_from_the_next_game(tmp_path: Path) -> None:
    app = _app(tmp_path)
    _kyuzo_and_heihachi(app)
    _kyuzo_confronts_and_heihachi_passes(app)
    assert app.match is not None and _wounds(app) == 0, "no penalty was applied at the start of Kyuzo's turn"
    before = app.match.play.public_view()
    was = app.match.game.components_digest  # type: ignore[attr-defined]
    box = open_box(tmp_path, GAME)
    entry = box.answer("card", {"penalties": ["wound"]}, base="4-hat-none")
    done = correct_during_game(box, app.match, JournalFile(tmp_path / CURRENT), entry)
    assert done.applies == NEXT_GAME and done.match is app.match
    assert done.message.text.startswith("Corrected for the next game: ")
    header = json.loads((tmp_path / CURRENT).read_text("utf-8").splitlines()[0])
    assert header["components"] == was and header["notes"]["corrections"][0]["applies"] == NEXT_GAME
    loaded = load_journal(tmp_path / CURRENT)
    assert loaded.damage is None and loaded.match.play.public_view() == before, "the game replays as played"
    assert open_box(tmp_path, GAME).entry("4-hat-none").attributes["penalties"] == ["wound"]  # type: ignore[union-attr]


def test_a_refused_correction_changes_nothing(tmp_path: Path) -> None:
    app = _app(tmp_path)
    _kyuzo_and_heihachi(app)
    assert app.match is not None
    journal = (tmp_path / CURRENT).read_bytes()
    box = open_box(tmp_path, GAME)
    done = correct_during_game(box, app.match, JournalFile(tmp_path / CURRENT),
                               box.answer("card", {"value": 3}, base="4-hat-none"))
    assert done.refused and "13 Plunderers of value 3" in done.message.text
    assert (tmp_path / CURRENT).read_bytes() == journal and not box.owner


def test_a_card_taught_while_the_device_waits_counts_from_the_next_game(tmp_path: Path) -> None:
    """The device was started on the shipped data; the owner teaches a card (on the phone) before the game starts."""
    app = _app(tmp_path)
    box = open_box(tmp_path, GAME)
    assert box.put(box.answer("card", {"penalties": ["wound"]}, base="4-hat-none")) is None
    _kyuzo_and_heihachi(app)
    _kyuzo_confronts_and_heihachi_passes(app)
    assert _wounds(app) == 1
    assert app.ui.game.components_digest == box.digest  # type: ignore[attr-defined]
