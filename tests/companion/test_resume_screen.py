"""The resume screen tells the truth: an ended game is no game to resume, the seats read as seats, in the
table's language, with the names chosen at seating.

Each game is saved as the current journal the way a power cut or a stop leaves it and the companion is
started on it through `build_app`, as `companion run` starts, on the configuration `systemd/install.sh`
writes (with the 20 s auto-resume it sets).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from test_resume_every_start import installed, press

from companion.app import App
from companion.app.assembly import build_app
from companion.games import registered_games
from companion.runtime.storage import CURRENT, JournalFile
from engine import Match, get_game
from engine.core.registry import entry
from tests.companion.table_helpers import Clock

GAMES = registered_games()
NAMES = ("Ann", "Ben", "Cleo", "Dag", "Eve", "Finn", "Gus")


def saved(state: Path, game: str, setup: dict[str, Any], inputs: int | None = None, named: bool = True) -> Match:
    """`game` played by its testing policy (to its end, or for `inputs` inputs), saved as the current
    journal; with `named`, a person at every seat as the seat questions record them."""
    testing = entry(game).hooks()
    played = testing.play_inputs(setup, 5)
    match = Match(get_game(game), setup, 5)
    for value in played[:inputs]:
        match.apply(value)
    seats = next(value for value in setup.values() if isinstance(value, list))
    if named:
        match.notes = {"people": {seat: {"id": f"p{n}", "name": NAMES[n]} for n, seat in enumerate(seats)}}
    state.mkdir(parents=True, exist_ok=True)
    JournalFile(state / CURRENT).start(match)
    return match


def started(tmp_path: Path, state: Path, clock: Clock, lang: str = "en") -> App:
    cfg = installed(tmp_path)
    assert cfg.resume_timeout_s > 0, "the installed configuration resumes by itself"
    app, damage = build_app(replace(cfg, language=lang), state, mock=True)
    assert damage is None
    app.clock = clock
    app.start()
    return app


def setup_of(game: str) -> dict[str, Any]:
    return dict(entry(game).hooks().SETUPS[0])


@pytest.mark.parametrize("game", GAMES)
def test_a_game_stopped_at_its_end_is_shown_as_over_and_put_with_the_finished_games(tmp_path: Path,
                                                                                   game: str) -> None:
    """Before: "Resume the unfinished game?" over "That game is over.", and in 20 s it resumed by itself."""
    state = tmp_path / "state"
    ended = saved(state, game, setup_of(game))
    assert ended.play.prompt is None
    clock = Clock()
    app = started(tmp_path, state, clock)
    screen = app.screen()
    assert app.mode != "resume" and screen.kind != "resume", "an ended game is offered for resume"
    assert screen.title == "The last game is over" and screen.countdown is None
    assert not app.start_first_check(None), "the first start's hardware check waits until the result was read"
    assert "That game is over." not in screen.detail
    outcome = ended.play.outcome
    assert outcome is not None and app.tr(outcome.summary) in screen.detail, "the result: who won"
    assert any("Ann" in line and "Ben" in line for line in screen.detail), "the names chosen at seating"
    assert not (state / CURRENT).exists(), "the ended game stays the current game"
    archived = list((state / "games").glob("*.journal"))
    assert [path.name for path in archived] == [f"game-0001-{ended.play.result}.journal"]
    clock.now += 60
    app.tick()
    assert app.match is None and app.mode in ("game", "setup"), "nothing resumes by itself"
    press(app, "ok")
    after = app.screen()
    assert after.title != "The last game is over" and after.kind == "setup"
    assert app.offered()[0], "OK leads on to the first menu or the first set-up question"


def test_the_ended_game_is_the_first_menus_game_and_is_counted_in_the_history(tmp_path: Path) -> None:
    state = tmp_path / "state"
    saved(state, "tenno", setup_of("tenno"))
    app = started(tmp_path, state, Clock())
    press(app, "ok")
    assert app.mode == "game" and app.offered()[0][app.selected] == "tenno", "the last game played is highlighted"
    from companion.history.db import open_history

    with open_history(state) as history:
        assert len(history.games("tenno")) == 1


@pytest.mark.parametrize("game", GAMES)
def test_an_unfinished_game_still_resumes_and_shows_who_sits_where(tmp_path: Path, game: str) -> None:
    state = tmp_path / "state"
    unfinished = saved(state, game, setup_of(game), inputs=6)
    assert unfinished.play.prompt is not None
    app = started(tmp_path, state, Clock())
    screen = app.screen()
    assert screen.kind == "resume" and screen.countdown == 20
    seats = [line for line in screen.detail if line.startswith("At the table:")]
    assert len(seats) == 1 and all(name in seats[0] for name in NAMES[:2]), screen.detail


def _resume_lines(tmp_path: Path, game: str, setup: dict[str, Any], lang: str) -> tuple[str, ...]:
    state = tmp_path / f"{game}-{lang}"
    saved(state, game, setup, inputs=6, named=False)
    app = started(tmp_path, state, Clock(), lang)
    screen = app.screen()
    assert screen.kind == "resume"
    return screen.detail


def test_knizias_players_line_is_a_list_of_colours(tmp_path: Path) -> None:
    """Before: "Players: B, L, U, E, ,, , G, R, E, E, N." (the joined string walked letter by letter)."""
    setup = {"players": ["blue", "green", "red"], "first": "blue"}
    assert "Players: Blue, Green, Red." in _resume_lines(tmp_path, "samurai-knizia", setup, "en")
    assert "Spieler: Blau, Grün, Rot." in _resume_lines(tmp_path, "samurai-knizia", setup, "de")


@pytest.mark.parametrize(("game", "setup", "line"), [
    ("tenno", {"players": ["red", "blue"], "first": "red"}, "Handkarten: Rot "),
    ("trick-raiders", {"players": ["red", "blue", "green"], "lives": 2}, "Leben: Rot 2, Blau 2, Grün 2."),
])
def test_the_counts_name_the_seats_in_the_tables_language(tmp_path: Path, game: str, setup: dict[str, Any],
                                                          line: str) -> None:
    """Before, in German: "Handkarten: Red 4, Blue 7", "Leben: Red 2, ..."."""
    detail = _resume_lines(tmp_path, game, setup, "de")
    assert any(shown.startswith(line) for shown in detail), detail
    assert not any("Red" in shown or "Blue" in shown for shown in detail), detail
