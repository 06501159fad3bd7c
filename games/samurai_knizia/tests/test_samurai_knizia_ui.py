"""Knizia's Samurai's companion side: registry, set-up, table events to inputs, the demo game, the screens."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.app import App
from companion.games import registered_games, registration
from companion.harness.demo import DemoTable
from companion.i18n import Translator
from companion.runtime.tagmap import virtual_tagmap, virtual_uid
from companion.screen_model import Screen
from companion.screens import DisplayList, TextCache, render
from drivers.events import ButtonPressed, CardPlaced
from engine import Event, Match, Press, Tap
from engine.core.messages import msg
from engine.core.registry import default_game, entry
from games.samurai_knizia.app.ui import SamuraiKniziaSetup, SamuraiKniziaUI
from tests.companion.frame_checks import check_type_floors

WIDE, COMPACT = (800, 480), (480, 320)
TILE_ID = re.compile(r"\b(red|blue|green|yellow)-(castle|buddha|rice|samurai|ronin|ship|move|switch)\b")
COLOURS = ("red", "blue", "green", "yellow")


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


# --- the registry -----------------------------------------------------------------------------------


def test_both_samurai_games_are_games_and_the_demo_module_is_a_helper() -> None:
    """Each game's registration names its own app module; a helper module (the demo) is no game."""
    assert entry("samurai-knizia").app == "games.samurai_knizia.app.ui:APP"
    assert entry("samurai-spirit").app == "games.samurai_spirit.app.ui:APP"
    assert not any(name.endswith("-demo") for name in registered_games())
    assert registration("samurai-knizia").ui().name == "samurai-knizia"


def test_the_first_listed_game_is_the_engines_default_whatever_the_names() -> None:
    """Every command without --game takes the first registered game: a new game whose name sorts first
    ("samurai-knizia" < "samurai-spirit") must not become everybody's default."""
    games = registered_games()
    assert games[0] == default_game() == "samurai-spirit"
    assert sorted(games[1:]) == games[1:] and "samurai-knizia" in games


# --- set-up ---------------------------------------------------------------------------------------------


def test_setup_asks_players_each_seats_colour_who_starts_and_captures() -> None:
    setup = SamuraiKniziaSetup(COLOURS)
    assert setup.menu().options == ("2", "3", "4")
    setup.choose("3")
    assert setup.menu().options == COLOURS
    setup.choose("green")
    assert setup.menu().options == ("red", "blue", "yellow")
    assert setup.tap("card:green-castle-2") is not None, "green already sits"
    assert setup.tap("card:yellow-ship-2") is None
    setup.choose("red")
    assert setup.menu().options == ("random", "green", "yellow", "red")
    setup.choose("yellow")
    assert setup.menu().options == ("hidden", "open")
    assert setup.result() is None
    setup.choose("hidden")
    assert setup.menu().options == ("start",)
    assert setup.result() == {"players": ["green", "yellow", "red"], "open_captures": False, "first": "yellow"}
    assert setup.back() and setup.result() is None


def test_setup_starts_from_last_games_answers() -> None:
    setup = SamuraiKniziaSetup(COLOURS, {"players": ["blue", "red"], "open_captures": True})
    assert setup.menu().options[setup.menu().selected] == "2"
    setup.choose("2")
    assert setup.menu().options[setup.menu().selected] == "blue"
    setup.choose("blue")
    assert setup.menu().options[setup.menu().selected] == "red"
    for answer in ("red", "random", "open"):
        setup.choose(answer)
    assert setup.result() == {"players": ["blue", "red"], "open_captures": True}
    registration("samurai-knizia").ui().game.parse_setup(setup.result())


def test_tiles_castes_and_players_are_named_as_players_say_them() -> None:
    ui = SamuraiKniziaUI()
    tr = Translator("en", ui.namers())
    assert tr(msg("{tile}", tile="red-samurai-1b")) == "Red's Samurai 1"
    assert tr(msg("{tile}", tile="blue-ship-2")) == "Blue's Ship 2"
    assert tr(msg("{tile}", tile="green-move-0")) == "Green's Move"
    assert tr(msg("{tile}", tile="yellow-switch")) == "Yellow's Switch"
    assert tr(msg("{caste}: {players} tie", caste="rice", players=["red", "blue"])) == "Rice: Red, Blue tie"


def test_confront_defend_support_are_castle_buddha_rice_on_screen() -> None:
    ui = SamuraiKniziaUI()
    tr = Translator("en", ui.namers())
    labels = {name: tr(label) for name in ("confront", "defend", "support", "pass")
              if (label := ui.button_label(name)) is not None}
    assert labels == {"confront": "Castle", "defend": "Buddha", "support": "Rice", "pass": "Pass"}
    assert ui.button_label("next") is None and ui.button_label("ok") is None


# --- table events to inputs ---------------------------------------------------------------------------


def _match(first: str = "red") -> Match:
    ui = SamuraiKniziaUI()
    return Match(ui.game, {"players": ["red", "blue", "green"], "first": first}, 3)


def test_taps_are_tiles_and_the_caste_buttons_start_a_capture() -> None:
    ui = SamuraiKniziaUI()
    match = _match()
    prompt = match.play.prompt
    assert prompt is not None and prompt.kind == "turn"
    assert ui.input_for_tap(match, "card:red-castle-4") == [Tap("red-castle-4")]
    assert ui.direct_buttons(prompt) == (), "nothing on the board yet: no capture, and Pass needs a tile"
    match.apply(Tap("red-castle-4"))
    prompt = match.play.prompt
    assert ui.direct_buttons(prompt) == ("confront", "defend", "support", "pass")
    assert ui.input_for_button(prompt, "defend") == [Press("buddha")]
    match.apply(Press("buddha"))
    prompt = match.play.prompt
    assert prompt.kind == "capture" and ui.direct_buttons(prompt) == ("confront", "support", "ok")
    assert not isinstance(ui.input_for_button(prompt, "next"), list)


def test_virtual_targets_are_the_tiles_the_moment_could_take() -> None:
    ui = SamuraiKniziaUI()
    match = _match()
    assert len(ui.virtual_targets(match, False)) == 19
    assert len(ui.tag_targets()) == 80


def test_undo_says_what_to_put_back_in_words() -> None:
    ui = SamuraiKniziaUI()
    tr = Translator("en", ui.namers())
    lines = ui.undo_lines([Event("captured", msg("x"), {"player": "red", "caste": "castle"}),
                           Event("play", msg("x"), {"player": "red", "tile": "red-castle-4"})])
    assert [tr(line) for line in lines] == ["Red takes Red's Castle 4 back behind the screen.",
                                            "Take the Castle figure from behind Red's screen back to the settlement."]
    assert tr(ui.describe_input(Tap("red-ship-1a"), _match().play.prompt)) == "Red: Red's Ship 1"
    assert tr(ui.describe_input(Press("rice"), _match().play.prompt)) == "Capture: Rice"


def _app(state: Path) -> App:
    ui = SamuraiKniziaUI()
    app = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), state, lambda: 100.0, new_seed=lambda: 5)
    app.start()
    return app


def _press(app: App, *names: str) -> None:
    for name in names:
        app.handle(ButtonPressed(name, app.clock()))


def _tap(app: App, target: str) -> None:
    app.handle(CardPlaced(virtual_uid(target), "mock", app.clock()))


def test_a_capture_at_the_table_with_the_physical_buttons(tmp_path: Path) -> None:
    app = _app(tmp_path / "state")
    _press(app, "ok")
    for answer in ("2", "red", "blue", "red", "hidden", "start"):
        options = app.setup.menu().options
        while options[app.selected % len(options)] != answer:
            _press(app, "next")
        _press(app, "ok")
    assert app.match is not None
    _tap(app, "card:red-castle-4")
    screen = app.screen()
    assert dict(screen.button_labels)["confront"] == "Castle" and "confront" in screen.buttons
    _press(app, "confront")
    _tap(app, "card:red-castle-4")
    _press(app, "ok")
    assert "Red has the most influence (4 to 0) and takes the figure" in " ".join(app.screen().todo)
    view = app.match.play.public_view()
    assert view["figures_left"]["castle"] == 6 and "captures" not in view
    _press(app, "pass")
    assert app.match.play.prompt is not None and app.match.play.prompt.actor == "blue"


# --- the demo and the screens ----------------------------------------------------------------------------


def _state_dir() -> Path:
    import tempfile

    return Path(tempfile.mkdtemp(prefix="samurai-knizia-")) / "state"


@cache
def demo(players: int = 3, open_captures: bool = False) -> tuple[DemoTable, list[Screen]]:
    seen: dict[str, Screen] = {}
    table = DemoTable(Path("/nonexistent"), 3, game="samurai-knizia",
                      setup={"players": players, "open_captures": open_captures}, state=_state_dir(),
                      snapshots=False)
    table.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment, return-value]
    table.set_up()
    table.play()
    return table, list(seen.values())


def test_the_demo_plays_a_whole_three_player_game() -> None:
    table, screens = demo(3)
    match = table.app.match
    assert match is not None and match.play.prompt is None
    view = match.play.public_view()
    assert view["result"] == "over" and view["winners"] and len(view["players"]) == 3
    assert {"refusal", "unknown-tag", "reader-lost", "undo-confirm", "capture", "captured", "tie"} <= table.shown
    assert table.count["undos"] == 1
    assert {"setup", "board", "game-over"} <= {s.kind for s in screens}
    registration("samurai-knizia").invariants(match.play)


def test_the_demo_writes_pngs_at_both_sizes(tmp_path: Path) -> None:
    table = DemoTable(tmp_path, 2, game="samurai-knizia", setup={"players": 2}, state=tmp_path / "state")
    table.set_up()
    table.play()
    names = sorted(p.name for p in table.snapshots)
    assert any(n.endswith("800x480.png") for n in names) and any(n.endswith("480x320.png") for n in names)
    assert any("game-over" in n for n in names) and any("captured" in n for n in names)


FRAMES = TextCache()
"""One text cache for the file's frames: what frames keep from each other changes nothing they show
(tests/companion/test_render_kept.py), and a fresh cache per frame would render every word again."""


def _render(screen: Screen, size: tuple[int, int]) -> DisplayList:
    return render(screen, pygame.Surface(size), FRAMES)


def _texts(items: DisplayList) -> list[str]:
    return [str(item.text) for item in items.find_all(kind="text") if item.text]


@pytest.mark.parametrize("size", [WIDE, COMPACT])
@pytest.mark.parametrize("players", [3, 4])
def test_every_demo_frame_meets_the_type_floors_and_shows_no_tile_id(size: tuple[int, int], players: int) -> None:
    _, screens = demo(players)
    for n, screen in enumerate(screens):
        items = _render(screen, size)
        check_type_floors(items, size, f"frame {n} ({screen.kind})")
        assert not items.outside(size)
        shown = " | ".join(_texts(items))
        assert not TILE_ID.search(shown), (screen.kind, shown)


def test_no_frame_of_a_hidden_game_shows_what_a_player_captured() -> None:
    """The captured figures stay behind the screens: no board frame has the capture columns or a tally."""
    _, screens = demo(3)
    boards = [s for s in screens if s.kind == "board"]
    assert boards
    for screen in boards:
        assert screen.view is not None and "captures" not in screen.view
        items = _render(replace(screen, todo=(), lines=()), WIDE)
        headings = {item.text for item in items.find_all(prefix="ks:seat:heading", kind="text")}
        assert not headings & {"Castle", "Buddha", "Rice"}, headings


def test_open_captures_show_a_column_per_caste() -> None:
    _, screens = demo(2, True)
    screen = next(s for s in reversed(screens) if s.kind == "board" and s.view and s.view.get("capture") is None)
    items = _render(replace(screen, todo=(), lines=()), WIDE)
    headings = [item.text for item in items.find_all(prefix="ks:seat:heading", kind="text")]
    assert headings[-3:] == ["Castle", "Buddha", "Rice"]


@pytest.mark.parametrize("size", [WIDE, COMPACT])
def test_the_board_shows_the_figures_the_ties_and_the_seats(size: tuple[int, int]) -> None:
    screen = next(s for s in demo(4)[1] if s.kind == "board" and s.view and s.view.get("turn", 0) > 3
                  and s.view.get("capture") is None)
    items = _render(replace(screen, todo=()), size)
    for caste in ("castle", "buddha", "rice"):
        assert items.find(f"ks:figures:{caste}:left", kind="text") is not None
    assert items.find("ks:status", kind="text") is not None
    acting = [p["name"] for p in (screen.view or {})["players"]].index((screen.view or {})["active"])
    assert items.find(f"ks:seat:row:{acting}:name", kind="text") is not None, "the player to act is shown"


def test_a_capture_shows_the_influence_per_player_and_caste() -> None:
    screen = next(s for s in demo(3)[1] if s.kind == "board" and s.view and s.view.get("capture")
                  and s.view["capture"]["tiles"])
    items = _render(replace(screen, todo=()), WIDE)
    assert items.find("ks:capture:title", kind="text") is not None
    assert items.find("ks:capture:row:0:1", kind="text") is not None


@pytest.mark.parametrize("size", [WIDE, COMPACT])
def test_game_over_lifts_the_screens_and_outlines_the_leaders(size: tuple[int, int]) -> None:
    table, screens = demo(3)
    screen = next(s for s in screens if s.kind == "game-over")
    items = _render(screen, size)  # with the last move's steps, if any: they give way to the result on 480x320
    check_type_floors(items, size, "game over")
    assert items.find("ks:game-over:winners", kind="text") is not None
    assert items.find("ks:game-over:why", kind="text") is not None
    leaders = (screen.view or {})["outcome"]["detail"]["leaders"]
    assert len(items.find_all(tag="leader", kind="box")) == sum(1 for v in leaders.values() if v)


def test_game_over_names_the_tie_break_that_decided(tmp_path: Path) -> None:
    view: dict[str, Any] = dict(demo(3)[1][-1].view or {})
    outcome = dict(view["outcome"])
    outcome["detail"] = {**outcome["detail"], "decided_by": "figures"}
    view["outcome"] = outcome
    items = _render(Screen("game-over", game="samurai-knizia", view=view, title="Game over"), WIDE)
    why = " ".join(str(i.text) for i in items.find_all("ks:game-over:why", kind="text"))
    assert why.startswith("Tied on castes led and on figures in castes not led")


def test_every_word_of_a_demo_game_comes_from_the_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pseudo-language of test_pseudo_language (every template marked) over a whole demo game: any word
    drawn outside the markers is English no translator can reach (a tile id, a caste id, a sentence)."""
    from tests.companion.test_pseudo_language import LANG, screen_offences, use_pseudo_language

    use_pseudo_language(monkeypatch)
    seen: dict[str, Screen] = {}
    table = DemoTable(Path("/nonexistent"), 3, game="samurai-knizia", setup={"players": 3}, state=_state_dir(),
                      snapshots=False, lang=LANG)
    table.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment, return-value]
    table.set_up()
    table.play()
    offences = [o for n, screen in enumerate(seen.values()) for o in screen_offences(screen, f"frame {n}")]
    assert offences == [], offences[:5]
