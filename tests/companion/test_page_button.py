"""Paged steps and paged detail turn with a button the moment does not use, as well as with the timer.

The button is Next where it walks no list (a card to tap, a choice of one such as the statistics' Back), else
the first of the game's own buttons that is dark (Confront at Samurai Spirit's Fight / Support / Pass). It
turns a page only where the display shows the text paged: the renderer says so (Screen.shown), and the
strip lights the button and the "1/2" mark names it only there; where the text fits one page, the button
means what it always meant (a refusal that says what to do).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_table_guidance import answer, samurai_game

from companion.app import App
from companion.games.base import Menu
from companion.harness.demo import DemoTable
from companion.screen_model import PAGE_SECONDS, Screen
from companion.screens import render
from drivers.events import ButtonHeld
from engine.core.messages import msg
from tests.companion.table_helpers import Clock, make, press, tap

COMPACT, WIDE = (480, 320), (800, 480)


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


def first_turn(app: App, lang: str = "de") -> None:
    """German, Normal, four Samurai (boards tapped), Kyuzo begins: the first turn, under the set-up steps."""
    samurai_game(app, "kyuzo", "heihachi", "daisuke", "kikuchiyo", lang=lang)


def drawn(app: App, size: tuple[int, int]) -> tuple[Screen, dict[str, object]]:
    """The app's frame drawn at `size` (as the display does, which tells the app what it showed), and what the
    strip and the page mark say."""
    screen = app.screen()
    items = render(screen, pygame.Surface(size))
    mark = items.find("todo:page", kind="text") or items.find("detail:page", kind="text")
    word = items.find("todo:page:button", kind="text") or items.find("detail:page:button", kind="text")
    lit = {str(item.value) for item in items.find_all(kind="box", tag="live") if item.role.endswith(":slot")}
    return screen, {"mark": mark.text if mark else None, "word": word.text if word else None, "lit": lit}


STEPS = ("Entferne eine Barrikade aus dem Dorf und lege sie zurück in die Schachtel (4 übrig).",
         "Schiebe die oberste Räuberkarte ungesehen verdeckt auf den Eindringlingsstapel.",
         "Setze Kyuzos Figur auf 0 zurück und drehe sein Tableau auf die Tierseite.")


def test_steps_page_with_confront_where_next_walks_the_choice(tmp_path: Path) -> None:
    """The first turn's Fight / Support / Pass: Next walks it, Confront is dark, so Confront turns the page."""
    clock = Clock()
    app = make(tmp_path, clock)
    first_turn(app)
    app.todo = list(STEPS)
    screen, shown = drawn(app, COMPACT)
    assert screen.options and "next" in screen.buttons and "confront" not in screen.buttons
    assert screen.page_button == "confront"
    assert shown["mark"] == "1/3" and shown["word"] == "Angreifen" and "confront" in shown["lit"]
    press(app, "confront")
    screen, shown = drawn(app, COMPACT)
    assert screen.page == 1 and shown["mark"] == "2/3" and screen.notice is None, "Confront turned the page"
    assert app.match is not None and not app.match.inputs, "and played nothing"
    clock.now += PAGE_SECONDS - 0.5
    assert app.screen().page == 1, "the timer counts its seconds from the press"
    clock.now += 1
    assert app.screen().page == 2
    app.handle(ButtonHeld("confront", clock.now))
    assert app.screen().page == 1, "held, it turns back"


def test_where_the_steps_fit_one_page_the_button_keeps_its_meaning(tmp_path: Path) -> None:
    """On 800x480 a step fits one page: Confront is not lit and says, as before, to tap the card first."""
    app = make(tmp_path)
    first_turn(app)
    app.todo = list(STEPS[:1])
    screen, shown = drawn(app, WIDE)
    assert shown["mark"] is None and "confront" not in shown["lit"]
    press(app, "confront")
    assert app.screen().page == 0 and app.screen().notice_error
    assert "Angreifen" in (app.screen().notice or "")


def test_next_turns_the_page_where_a_card_is_to_be_tapped(tmp_path: Path) -> None:
    """Tenno's attack is a card to tap: Next walks nothing there and turns the page; Pass, which the attack does
    not take either, is left to say what it always says."""
    table = DemoTable(tmp_path, 3, game="tenno", setup={}, state=tmp_path / "state", snapshots=False, lang="fr")
    table.set_up()
    app = table.app
    assert app.match is not None and app.match.play.prompt is not None and app.match.play.prompt.tap is not None
    app.todo = list(STEPS) * 2
    screen, shown = drawn(app, COMPACT)
    assert screen.page_button == "next" and shown["word"] == "Suivant" and "next" in shown["lit"]
    page = app.screen().page
    table.press("next")
    assert app.screen().page == page + 1 and app.screen().notice is None
    assert app.match is not None and not app.match.inputs


def test_a_statistics_page_turns_with_next(tmp_path: Path) -> None:
    """A screen of text with one answer (the statistics, Back) was turned by the timer alone: Next walks nothing
    there, so it turns the page; OK still closes it."""
    app = make(tmp_path)
    answer(app, "de")
    lines = tuple(f"Spieler {n}: {n} Partien, {n // 2} gewonnen" for n in range(60))
    app.picker = Menu(msg("Statistics"), ("back",), (msg("Back"),), lines)
    closed: list[str] = []
    app.picker_action = closed.append
    screen, shown = drawn(app, COMPACT)
    assert screen.page_button == "next" and "next" not in screen.buttons, "Next walks no list of one"
    assert str(shown["mark"]).startswith("1/") and shown["word"] == "Weiter" and "next" in shown["lit"]
    press(app, "next", "next")
    screen, shown = drawn(app, COMPACT)
    assert screen.page == 2 and str(shown["mark"]).startswith("3/")
    press(app, "ok")
    assert closed == ["back"]


def test_no_page_button_while_a_question_waits_for_ok(tmp_path: Path) -> None:
    app = make(tmp_path)
    first_turn(app)
    tap(app, "card:4-hat-none")
    press(app, "undo")
    screen, shown = drawn(app, COMPACT)
    assert screen.confirm and screen.page_button == "" and shown["word"] is None
