"""During a game on the device: "this card is not what the screen says", corrected at once (a long press of Undo).

The correction is companion.census.in_game's: from the next input while the
wrong value has not counted yet, else from the next game; either way the
screen says which and the journal notes it. A short press of Undo is still
the undo.
"""

from __future__ import annotations

from pathlib import Path

from test_census_device import _app, answer, notice, pick

from companion.app import App
from companion.census import NEXT_GAME, NEXT_INPUT, open_box
from companion.runtime.storage import CURRENT
from drivers.events import ButtonHeld
from tests.companion.census_game import (
    GAME,
    confronted,
    heihachi_passes,
    journal_header,
    kyuzos_second_turn,
    no_token,
    replays_as_on_the_table,
    start,
    wounds,
)
from tests.companion.table_helpers import press, tap


def hold_undo(app: App) -> None:
    """A long press of Undo, and OK to the question it asks."""
    app.handle(ButtonHeld("undo", app.clock()))
    assert app.screen().confirm == ("Is a card or board not what the screen says?\nOK: say what is printed on it; "
                                    "any other button: back to the game.")
    press(app, "ok")


def _correct_4_hat_none_to_a_wound(app: App) -> None:
    hold_undo(app)
    assert app.census is not None and app.screen().kind == "census"
    assert app.screen().title == ("Which component is not what the screen says? Tap it on the reader, or choose "
                                  "it.")
    pick(app, "take:card:4-hat-none")
    screen = app.screen()
    assert screen.title == "Value: what is printed on it?"
    assert screen.options[screen.selected] == "4", "the highlight is on what the screen said"
    press(app, "ok", "ok")
    answer(app, "wound")
    press(app, "ok")
    screen = app.screen()
    assert screen.options[screen.selected] == "Correct it: penalty: wound"
    press(app, "ok")
    assert app.census is None


def test_a_card_corrected_before_it_counted_applies_from_the_next_input(tmp_path: Path) -> None:
    app = _app(tmp_path)
    confronted(app)
    inputs = len(app.match.inputs)  # type: ignore[union-attr]
    _correct_4_hat_none_to_a_wound(app)
    assert notice(app) == ("Corrected: Raider card: value 4, hat, wound, no flames counts as corrected from the "
                           "next input.")
    assert app.match is not None and len(app.match.inputs) == inputs
    heihachi_passes(app)
    assert wounds(app) == 1, "Kyuzo's next turn starts with the corrected penalty"
    header = journal_header(tmp_path)
    assert header["components"] == open_box(tmp_path, GAME).digest
    assert header["notes"]["corrections"][0]["applies"] == NEXT_INPUT
    replays_as_on_the_table(tmp_path, app)


def test_a_card_that_already_counted_is_corrected_from_the_next_game(tmp_path: Path) -> None:
    app = _app(tmp_path)
    kyuzos_second_turn(app)
    assert wounds(app) == 0
    before = app.match.play.public_view()  # type: ignore[union-attr]
    _correct_4_hat_none_to_a_wound(app)
    assert notice(app).startswith("Corrected for the next game: Raider card: value 4, hat, wound, no flames already "
                                  "counted in this one as it was")
    assert app.match is not None and app.match.play.public_view() == before, "this game goes on as it was played"
    assert journal_header(tmp_path)["notes"]["corrections"][0]["applies"] == NEXT_GAME
    assert app.ui.game.catalogue.cards["4-hat-none"].penalties == ()  # type: ignore[attr-defined]
    assert open_box(tmp_path, GAME).entry("4-hat-none").attributes["penalties"] == ["wound"]  # type: ignore[union-attr]


def test_a_short_undo_is_still_the_undo_and_a_refused_correction_changes_nothing(tmp_path: Path) -> None:
    app = _app(tmp_path)
    start(app)
    no_token(app)
    tap(app, "card:4-hat-none")
    press(app, "undo")
    assert app.screen().confirm is not None and app.census is None
    press(app, "undo")
    app.handle(ButtonHeld("undo", app.clock()))
    press(app, "pass")
    assert app.census is None and app.screen().confirm is None, "any other button goes back to the game"
    journal = (tmp_path / CURRENT).read_bytes()
    hold_undo(app)
    tap(app, "card:4-hat-none")
    answer(app, 3)
    press(app, "ok", "ok", "ok")
    pick(app, "fix:4-hat-none")
    assert notice(app) == ("One too many: the rulebook's total is 13 Plunderers of value 3, and this would be "
                           "number 14.")
    assert app.census is not None, "the correction stays open to be put right"
    assert (tmp_path / CURRENT).read_bytes() == journal and not open_box(tmp_path, GAME).owner
    press(app, "undo", "undo", "undo", "undo", "undo", "undo")
    assert app.census is None and app.mode == "play"
