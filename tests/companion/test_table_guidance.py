"""What the table is told: the to-do panel, helpful refusals, the undo question, the resume
screen with its countdown, remembered set-up choices and the language (no devices, no display)."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest
from test_app import set_up

from companion import i18n
from companion.app import App
from companion.runtime.config import ConfigError, parse_config
from companion.runtime.remembered import MEMORY
from companion.runtime.storage import CURRENT, FaultyFileSystem
from companion.screen_model import PAGE_SECONDS
from tests.companion.table_helpers import UI, Clock, make, press, tap


def answer(app: App, option: str) -> None:
    """Walk the set-up highlight to `option` with Next, then OK."""
    menu = app.setup.menu()
    press(app, *(["next"] * ((menu.options.index(option) - app.selected) % len(menu.options))), "ok")


def samurai_game(app: App, *samurai: str, lang: str = "en") -> None:
    """`lang`, Normal, the `samurai` (boards tapped), Kyuzo begins, start: the first turn."""
    answer(app, lang)
    set_up(app, *samurai, first="kyuzo")
    assert app.mode == "play"


def three_samurai(app: App) -> None:
    """English, Normal, Kyuzo, Heihachi and Daisuke (boards tapped), Kyuzo begins, start."""
    samurai_game(app, "kyuzo", "heihachi", "daisuke")


def steps(app: App) -> tuple[str, ...]:
    """The last input's events as the to-do panel should list them, in the order they are done."""
    assert app.match is not None
    return tuple(app.tr(e.message) for e in app.match.history[-1] if e.kind != "reveal")


# --- the to-do panel ---------------------------------------------------------------------


def test_the_todo_panel_shows_the_opening_steps_in_order(tmp_path: Path) -> None:
    app = make(tmp_path)
    three_samurai(app)
    assert app.match is not None
    assert app.screen().todo == tuple(e.text for e in app.match.opening)
    assert app.screen().todo[0].startswith("Set up: 5 Barricades")


def test_a_supports_steps_stay_across_the_turn_change_and_a_refusal(tmp_path: Path) -> None:
    app = make(tmp_path)
    three_samurai(app)
    press(app, "support", "ok")  # Kyuzo supports Heihachi: the turn moves on
    todo = app.screen().todo
    assert todo == steps(app) and "slide the top Raider card" in todo[0] and todo[1] == "Heihachi's turn."
    assert app.screen().title == "Round 1 - Heihachi's turn"
    press(app, "defend")
    assert app.screen().notice_error and app.screen().todo == todo, "a refusal does not clear the to-do"
    tap(app, "card:3-doll-none")
    press(app, "defend")
    assert app.screen().todo == steps(app) and "Heihachi defends" in app.screen().todo[0]
    assert len(app.screen().lines) <= 8 and app.screen().lines[0] == app.screen().todo[-1], "lines: newest first"


def test_after_resuming_the_pending_steps_are_shown_again(tmp_path: Path) -> None:
    app = make(tmp_path)
    three_samurai(app)
    press(app, "support", "ok")
    todo = app.screen().todo
    again = make(tmp_path)
    press(again, "ok")
    assert again.mode == "play" and again.screen().todo == todo


# --- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize("button", ["confront", "defend"])
def test_confront_or_defend_before_a_tap_says_to_turn_over_the_card(tmp_path: Path, button: str) -> None:
    app = make(tmp_path)
    three_samurai(app)
    press(app, button)
    screen = app.screen()
    assert screen.notice_error
    assert screen.notice == "Turn over the top Raider card and tap it first, then press Confront or Defend."


def test_app_refusals_say_what_to_do(tmp_path: Path) -> None:
    app = make(tmp_path)
    three_samurai(app)
    press(app, "undo", "ok", "undo", "ok")  # back to the start of the game
    press(app, "undo")
    assert app.screen().notice == "Nothing to undo yet: make the first move."


# --- the undo question ---------------------------------------------------------------------


def test_the_undo_question_says_what_to_put_back_and_offers_only_ok_and_undo(tmp_path: Path) -> None:
    app = make(tmp_path)
    three_samurai(app)
    tap(app, "card:4-hat-none")
    press(app, "confront")
    assert app.match is not None
    put_back = UI.undo_lines(app.match.history[-1])
    press(app, "undo")
    screen = app.screen()
    assert screen.confirm is not None and screen.confirm.startswith("Undo Kyuzo: Confront?")
    assert all(app.tr(line) in screen.confirm for line in put_back)
    assert screen.buttons == ("ok", "undo")
    press(app, "ok")
    assert app.screen().todo == tuple(app.tr(line) for line in put_back), "after the undo the to-do says what to put back"


# --- the resume screen --------------------------------------------------------------------


def test_the_resume_screen_shows_the_game_and_counts_down(tmp_path: Path) -> None:
    app = make(tmp_path)
    three_samurai(app)
    press(app, "support", "ok")
    clock = Clock()
    again = make(tmp_path, clock, resume_timeout_s=20)
    screen = again.screen()
    text = "\n".join(screen.detail)
    pin = (tmp_path / "web-pin").read_text().strip()
    assert screen.detail == ("Normal game with Kyuzo, Heihachi, Daisuke.", "Round 1, Heihachi's turn.",
                             "Village: Barricades 5 of 5, Farmsteads 6, Families 3.",
                             "Waiting for: Heihachi: turn over the top Raider card and tap it - or press Support or Pass.",
                             f"Web page PIN: {pin}"), text
    assert screen.countdown == 20
    assert again.deadline() == clock.now + 1, "the loop redraws at each whole second"
    clock.now += 1.25
    again.tick()
    assert again.screen().countdown == 19 and again.deadline() == pytest.approx(clock.now + 0.75)
    clock.now += 19
    again.tick()
    assert again.mode == "play" and again.screen().countdown is None
    assert again.deadline() == clock.now + PAGE_SECONDS, "only the page timer is left"


# --- the remembered set-up -----------------------------------------------------------------


def _new_game_from_resume(tmp_path: Path) -> App:
    again = make(tmp_path, resume_timeout_s=0)
    press(again, "next", "ok", "ok")
    assert again.mode == "setup"
    return again


def test_set_up_starts_from_the_last_games_choices(tmp_path: Path) -> None:
    app = make(tmp_path)
    answer(app, "en")
    answer(app, "hard")
    for name in ("daisuke", "kyuzo", "gorobei", "kanbei"):
        tap(app, f"samurai:{name}")
    answer(app, "done")
    answer(app, "yes")
    answer(app, "gorobei")
    press(app, "ok")
    first = json.loads((tmp_path / CURRENT).read_text().splitlines()[0])["setup"]
    again = _new_game_from_resume(tmp_path)
    presses = 0
    while again.mode == "setup":
        press(again, "ok")
        presses += 1
    assert presses == 6, "one OK per question: language, difficulty, same Samurai, tokens, first, start"
    assert json.loads((tmp_path / CURRENT).read_text().splitlines()[0])["setup"] == first


def test_the_highlight_stays_where_the_table_is(tmp_path: Path) -> None:
    app = make(tmp_path)
    answer(app, "en")
    answer(app, "normal")
    press(app, "next", "next", "ok")
    assert app.setup.menu().options[app.selected] == app.setup.menu().options[2], "stays on the same row"
    tap(app, "samurai:kyuzo")
    assert app.setup.menu().options[app.selected] == "done", "after a board tap, Done is next"
    press(app, "undo")
    assert app.setup.menu().options[app.selected] != "kyuzo", "undo never highlights what was taken back"


def test_a_damaged_memory_is_ignored_with_a_note(tmp_path: Path) -> None:
    (tmp_path / MEMORY).write_text('{"lang": "de", "setups": [[[' + "]" * 3 + "}")
    app = make(tmp_path)
    assert app.mode == "setup" and app.screen().title == "New game: language"
    notice = app.screen().notice or ""
    assert notice.startswith("Last game's set-up not used (") and "starts from the defaults" in notice
    assert app.screen().options[app.selected] == "English"


def test_a_full_disk_does_not_stop_the_memory_or_the_game(tmp_path: Path) -> None:
    fs = FaultyFileSystem()
    app = make(tmp_path, fs=fs, resume_timeout_s=0)
    fs.error = errno.ENOSPC
    answer(app, "en")
    notice = app.screen().notice or ""
    assert "could not be remembered" in notice and "No space left on device" in notice
    assert app.mode == "setup" and app.screen().title == "New game: difficulty"
    assert not (tmp_path / MEMORY).exists() and not list(tmp_path.glob(".*.tmp"))
    fs.error = None
    answer(app, "normal")
    for name in ("kyuzo", "heihachi", "daisuke"):
        tap(app, f"samurai:{name}")
    answer(app, "done")
    press(app, "ok", "ok", "ok")
    assert app.mode == "play" and json.loads((tmp_path / MEMORY).read_text())["lang"] == "en"


# --- languages ---------------------------------------------------------------------------


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tiny German catalogue in place of the real one (written in phase 2)."""
    folder = tmp_path / "locale"
    folder.mkdir()
    (folder / "de.po").write_text(
        'msgid "New game: difficulty"\nmsgstr "Neues Spiel: Schwierigkeit"\n\n'
        'msgid "Normal"\nmsgstr "Normal (de)"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", folder)
    monkeypatch.setattr(i18n, "game_locale_dir", lambda game: folder / game)
    i18n.forget_catalogues()
    yield
    i18n.forget_catalogues()


def test_the_language_is_asked_first_and_changes_every_screen(tmp_path: Path, german: None) -> None:
    state = tmp_path / "state"
    app = make(state)
    screen = app.screen()
    assert screen.title == "New game: language" and screen.lang == "en"
    assert screen.options == ("English", "Deutsch", "Français", "Nederlands", "New web page PIN", "Teach it your box",
                              "Check the hardware")
    answer(app, "de")
    screen = app.screen()
    assert screen.lang == "de" and screen.title == "Neues Spiel: Schwierigkeit"
    assert "Normal (de)" in screen.options
    again = make(state)
    assert again.screen().lang == "de", "the last language chosen is used again"
    assert again.screen().options[again.selected] == "Deutsch"


def test_lang_given_to_the_app_wins(tmp_path: Path, german: None) -> None:
    app = make(tmp_path / "state", lang="de")
    assert app.screen().lang == "de"
    assert app.screen().options[app.selected] == "Deutsch"


def test_a_missing_catalogue_falls_back_to_english_with_a_note(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "no-locale")
    i18n.forget_catalogues()
    try:
        app = make(tmp_path / "state", lang="fr")
        assert app.screen().lang == "en" and "fr.po" in (app.screen().notice or "")
    finally:
        i18n.forget_catalogues()


def test_the_config_takes_a_language_and_refuses_a_bad_one() -> None:
    assert parse_config({"app": {"language": "nl"}}, "c.toml").language == "nl"
    with pytest.raises(ConfigError, match=r"c\.toml: app\.language: 'es' is not one of en, de, fr, nl"):
        parse_config({"app": {"language": "es"}}, "c.toml")


def test_run_and_demo_take_lang() -> None:
    from companion.cli import build_parser

    assert build_parser().parse_args(["run", "--mock", "--lang", "fr"]).lang == "fr"
    assert build_parser().parse_args(["demo", "--lang", "nl"]).lang == "nl"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["demo", "--lang", "es"])


def test_long_steps_turn_pages_on_a_timer_and_new_steps_start_on_page_one(tmp_path: Path) -> None:
    clock = Clock()
    app = make(tmp_path, clock)
    three_samurai(app)
    first = app.screen()
    assert first.todo and first.page == 0
    assert app.deadline() is not None and app.deadline() <= clock.now + PAGE_SECONDS
    clock.now += PAGE_SECONDS
    app.tick()
    assert app.screen().page == 1 and app.screen().todo == first.todo
    clock.now += PAGE_SECONDS
    assert app.screen().page == 2
    press(app, "support", "ok")
    assert app.screen().todo and app.screen().todo != first.todo
    assert app.screen().page == 0, "new steps start on their first page"
