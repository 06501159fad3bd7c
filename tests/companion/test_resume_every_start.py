"""An unfinished game is offered for resume whatever the first screen is.

The installed configuration sets neither `app.game` nor `--game`, so the
table's first screen is the game menu; a power cut there must still bring
the saved game back, not move it under games/. Each first-screen mode is
tried here for every registered game, through `build_app` as `companion
run` builds it, on the configuration `systemd/install.sh` writes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from companion.app import App
from companion.app.assembly import build_app
from companion.games import registered_games
from companion.runtime.config import Config, installed_config, load_config
from companion.runtime.storage import CURRENT, JournalFile
from drivers.events import ButtonPressed
from engine import Match, get_game
from engine.core.registry import entry

ROOT = Path(__file__).resolve().parents[2]
GAMES = registered_games()


def saved_game(state: Path, game: str, inputs: int = 12) -> Match:
    """A game of `game` cut after `inputs` inputs, saved as the current journal (as a power cut leaves it)."""
    testing = entry(game).hooks()
    setup = testing.SETUPS[0]
    played = testing.play_inputs(setup, 5)
    match = Match(get_game(game), setup, 5)
    for value in played[:inputs]:
        match.apply(value)
    state.mkdir(parents=True, exist_ok=True)
    journal = JournalFile(state / CURRENT)
    journal.start(match)
    return match


def installed(tmp_path: Path, **app: str) -> Config:
    """The configuration install.sh writes (its state folder replaced), with `app` options added."""
    text = installed_config(str(tmp_path / "state"))
    extra = "".join(f'{key} = "{value}"\n' for key, value in app.items())
    path = tmp_path / "companion.toml"
    path.write_text(text.replace("[app]\n", "[app]\n" + extra, 1), "utf-8")
    return load_config(str(path))


def started(cfg: Config, state: Path, game: str | None = None) -> App:
    app, damage = build_app(replace(cfg, resume_timeout_s=0), state, mock=True, game=game)
    assert damage is None
    app.start()
    return app


def press(app: App, *names: str) -> None:
    for name in names:
        app.handle(ButtonPressed(name, app.clock()))


def assert_offered(app: App, state: Path, saved: Match) -> None:
    assert app.mode == "resume", f"the first screen is {app.mode!r}, not the resume question"
    assert app.screen().kind == "resume"
    assert (state / CURRENT).exists(), "the unfinished game was moved away before the table answered"
    assert not (state / "games").exists() or not list((state / "games").glob("*.journal"))
    press(app, "ok")
    assert app.mode == "play" and app.match is not None
    assert app.ui.name == saved.game.name
    assert app.match.inputs == saved.inputs
    assert app.match.play.public_view() == saved.play.public_view()


@pytest.mark.parametrize("game", GAMES)
def test_the_installed_default_offers_resume_from_the_game_menu(tmp_path: Path, game: str) -> None:
    state = tmp_path / "state"
    cfg = installed(tmp_path)
    assert cfg.game is None, "the installed configuration fixes no game: the first screen is the menu"
    saved = saved_game(state, game)
    assert_offered(started(cfg, state), state, saved)


@pytest.mark.parametrize("game", GAMES)
def test_a_fixed_game_offers_resume_of_its_own_journal(tmp_path: Path, game: str) -> None:
    state = tmp_path / "state"
    saved = saved_game(state, game)
    assert_offered(started(installed(tmp_path), state, game=game), state, saved)
    state2 = tmp_path / "state2"
    saved2 = saved_game(state2, game)
    assert_offered(started(installed(tmp_path, game=game), state2), state2, saved2)


@pytest.mark.parametrize("game", GAMES)
def test_a_configuration_naming_another_game_still_offers_the_saved_one(tmp_path: Path, game: str) -> None:
    """app.game names one game, the journal another: resume plays the journal's, New game the configured one."""
    other = next(name for name in GAMES if name != game)
    state = tmp_path / "state"
    saved = saved_game(state, game)
    cfg = installed(tmp_path, game=other)
    assert_offered(started(cfg, state), state, saved)
    again = started(cfg, state)
    assert again.mode == "resume" and again.ui.name == game
    press(again, "next", "ok", "ok")  # New game, confirmed
    assert again.mode == "setup" and again.ui.name == other, "after the saved game the configured game is set up"
    assert not (state / CURRENT).exists()
    assert len(list((state / "games").glob("*-abandoned.journal"))) == 1


def test_the_language_question_first_still_offers_resume(tmp_path: Path) -> None:
    """One game, no language remembered: set-up would start with the language question."""
    state = tmp_path / "state"
    saved = saved_game(state, GAMES[0])
    cfg = installed(tmp_path, game=GAMES[0])
    app = started(cfg, state)
    assert_offered(app, state, saved)


def test_a_folder_that_opens_late_offers_resume_over_the_menu(tmp_path: Path) -> None:
    """The state folder could not be read at start; the table walked the menu meanwhile; then it opens."""
    state = tmp_path / "state"
    saved = saved_game(state, GAMES[-1])
    app, _ = build_app(replace(installed(tmp_path), resume_timeout_s=0), state, mock=True)
    assert app.mode == "game"
    press(app, "next")
    app.start()
    assert_offered(app, state, saved)


def test_restarting_without_an_answer_keeps_offering(tmp_path: Path) -> None:
    """Only New game on the resume screen puts the journal aside: restarts with no answer keep it."""
    state = tmp_path / "state"
    saved = saved_game(state, GAMES[0])
    cfg = installed(tmp_path)
    for _ in range(3):
        app = started(cfg, state)
        assert app.mode == "resume"
        press(app, "next")
    assert (state / CURRENT).read_bytes().count(b"\n") == 1 + len(saved.inputs)
    assert not (state / "games").exists() or not list((state / "games").iterdir())


def test_companion_run_on_the_installed_configuration_keeps_the_journal(tmp_path: Path) -> None:
    """The issue's reproduction: `companion run --mock --exit-after` on the installed file, no --game."""
    state = tmp_path / "state"
    saved_game(state, "samurai-spirit", inputs=40)
    before = (state / CURRENT).read_bytes()
    installed(tmp_path)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("COMPANION_CONFIG", None)
    done = subprocess.run([str(Path(sys.executable).with_name("companion")), "run", "--mock", "--config",
                           str(tmp_path / "companion.toml"), "--state-dir", str(state), "--exit-after", "1"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (state / CURRENT).read_bytes() == before
    assert not (state / "games").exists() or not list((state / "games").glob("*.journal"))
