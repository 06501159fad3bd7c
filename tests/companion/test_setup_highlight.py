"""Where the highlight goes during set-up is one rule for every game (companion.app.setup_steps).

Before: after the seat taps Samurai Spirit moved the highlight to Done but Tenno kept it on the next
colour, so two taps and OK made a third player; after Undo in the Samurai list the highlight landed on
the Samurai just taken back, so a reflex OK put the mistake back.
"""

from __future__ import annotations

from pathlib import Path

from companion.app import App
from companion.games import game_ui
from companion.runtime.tagmap import virtual_tagmap, virtual_uid
from drivers.events import CardPlaced
from tests.companion.table_helpers import Clock, press


def started(state: Path, game: str) -> App:
    """A fresh companion on `game` (nothing remembered), past the language question."""
    ui = game_ui(game)
    app = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), state, Clock(), new_seed=lambda: 11, lang="en")
    app.start()
    press(app, "ok")  # English
    return app


def tap(app: App, target: str) -> None:
    app.handle(CardPlaced(virtual_uid(target), "mock", app.clock()))


def highlighted(app: App) -> str:
    options, selected = app.offered()
    return options[selected]


def tenno_card(colour: str) -> str:
    ui = game_ui("tenno")
    return next(target for target in ui.tag_targets()
                if ui.cards[target.removeprefix("card:")].colour == colour)  # type: ignore[attr-defined]


def test_after_the_seat_taps_ok_ends_the_list_in_every_game(tmp_path: Path) -> None:
    tenno = started(tmp_path / "tenno", "tenno")
    tap(tenno, tenno_card("blue"))
    assert highlighted(tenno) != "done", "one player is not enough: Done is not offered yet"
    tap(tenno, tenno_card("green"))
    assert highlighted(tenno) == "done"
    press(tenno, "ok", "ok")  # Done, then who attacks first
    result = tenno.setup.result()
    assert result is not None and result["players"] == ["blue", "green"], "two taps and OK make two players"
    spirit = started(tmp_path / "spirit", "samurai-spirit")
    press(spirit, "ok")  # Normal
    tap(spirit, "samurai:kyuzo")
    tap(spirit, "samurai:daisuke")
    assert highlighted(spirit) == "done"


def test_ok_on_the_last_entry_before_done_goes_to_done(tmp_path: Path) -> None:
    app = started(tmp_path, "tenno")
    tap(app, tenno_card("red"))
    tap(app, tenno_card("blue"))
    options, _ = app.offered()
    last = options[options.index("done") - 1]
    press(app, *["next"] * ((options.index(last) - app.selected) % len(options)), "ok")
    assert highlighted(app) == "done", "nothing is left to walk to after the last colour"


def test_undo_in_a_list_leaves_the_highlight_where_it_was(tmp_path: Path) -> None:
    app = started(tmp_path, "samurai-spirit")
    press(app, "ok")  # Normal
    options, selected = app.offered()
    walk_to = options.index("kyuzo")
    press(app, *["next"] * ((walk_to - selected) % len(options)), "ok")  # kyuzo seated by Next and OK
    on = highlighted(app)
    assert on != "kyuzo"
    press(app, "undo")
    assert "kyuzo" in app.offered()[0], "Kyuzo is back in the list"
    assert highlighted(app) == on, "the highlight stays where it was, not on the Samurai just taken back"
    tap(app, "samurai:gorobei")
    tap(app, "samurai:heihachi")
    assert highlighted(app) == "done"
    press(app, "undo")
    assert highlighted(app) != "heihachi", "Done is gone (one Samurai): never on the one just taken back"
