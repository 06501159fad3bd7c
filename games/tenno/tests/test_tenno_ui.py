"""Tenno's companion side: set-up by colour, table events to inputs, the demo game, the screens, and secrecy on screen."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pygame
import pytest

from companion.app import App
from companion.harness.demo import DemoTable
from companion.i18n import Translator
from companion.runtime.tagmap import virtual_tagmap, virtual_uid
from companion.screen_model import Screen
from companion.screens import DisplayList, TextCache, render
from drivers.events import ButtonPressed, CardPlaced
from engine import Choose, Match, Press, Tap
from engine.core.messages import msg
from games.tenno.app.ui import TennoSetup, TennoUI
from tests.companion.frame_checks import check_type_floors

WIDE, COMPACT = (800, 480), (480, 320)
CARD_ID = re.compile(r"\b(red|blue|green|yellow|purple|orange|white)-(farmer|ninja|monk|ronin|samurai|daimyo|shogun"
                     r"|geisha)\b")
ROLE_WORD = re.compile(r"\b(Farmer|Ninja|Monk|Ronin|Samurai|Daimyo|Shogun|Geisha)\b")


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _app(state: Path) -> App:
    ui = TennoUI()
    app = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), state, Clock(), new_seed=lambda: 5)
    app.start()
    return app


def _press(app: App, *names: str) -> None:
    for name in names:
        app.handle(ButtonPressed(name, app.clock()))


def _tap(app: App, card: str) -> None:
    app.handle(CardPlaced(virtual_uid(f"card:{card}"), "mock", app.clock()))


def _set_up(app: App, colours: tuple[str, ...] = ("red", "blue", "green"), first: str = "red") -> None:
    """Language by OK, the seats by a tap of a card of each colour, the eldest by Next and OK, then Start."""
    _press(app, "ok")
    for colour in colours:
        _tap(app, f"{colour}-farmer-2")
    for answer in ("done", first, "start"):
        options = app.setup.menu().options
        while options[app.selected % len(options)] != answer:
            _press(app, "next")
        _press(app, "ok")
    assert app.match is not None


def test_seats_are_taken_by_a_tap_of_any_card_of_the_colour_in_order() -> None:
    setup = TennoSetup()
    assert setup.menu().options[:7] == ("red", "blue", "green", "yellow", "purple", "orange", "white")
    assert "done" not in setup.menu().options, "two players at least"
    assert setup.tap("card:green-ninja") is None and setup.tap("card:red-geisha") is None
    said = setup.tap("card:green-farmer-1")
    assert said is not None and "is seated already" in Translator("en", TennoUI().namers())(said)
    setup.choose("blue")
    assert setup.menu().options[-1] == "done"
    setup.choose("done")
    assert setup.menu().options == ("random", "green", "red", "blue")
    assert setup.tap("card:white-ninja") is not None, "a tap means nothing once the seats are taken"
    setup.choose("red")
    assert setup.result() == {"players": ["green", "red", "blue"], "first": "red"}
    assert setup.back() and setup.result() is None


def test_seven_players_end_the_seats_by_themselves_and_a_drawn_start_has_no_first() -> None:
    setup = TennoSetup()
    for colour in ("white", "orange", "purple", "yellow", "green", "blue", "red"):
        setup.choose(colour)
    assert setup.menu().options[0] == "random"
    setup.choose("random")
    assert setup.result() == {"players": ["white", "orange", "purple", "yellow", "green", "blue", "red"]}


def test_the_same_table_again_is_one_ok_per_question() -> None:
    setup = TennoSetup({"players": ["blue", "red"], "first": "red"})
    for expected in ("blue", "red", "done", "red"):
        menu = setup.menu()
        assert menu.options[menu.selected] == expected
        setup.choose(expected)
    assert setup.result() == {"players": ["blue", "red"], "first": "red"}


def test_cards_and_players_are_named_as_players_say_them() -> None:
    tr = Translator("en", TennoUI().namers())
    assert tr(msg("{card}", card="red-samurai-8")) == "Red's Samurai 8"
    assert tr(msg("{card}", card="blue-farmer-2")) == "Blue's Farmer 2"
    assert tr(msg("{card2} and {player}", card2="white-geisha", player="purple")) == "White's Geisha and Purple"


def test_taps_pass_and_ok_become_inputs() -> None:
    ui = TennoUI()
    match = Match(ui.game, {"players": ["red", "blue"], "first": "red"}, 1)
    assert ui.input_for_tap(match, "card:red-ninja") == [Tap("red-ninja")]
    match.apply(Tap("red-samurai-8"))
    match.apply(Tap("blue-samurai-7"))
    prompt = match.play.prompt
    assert prompt is not None and prompt.kind == "monk" and ui.direct_buttons(prompt) == ("pass",)
    assert ui.input_for_button(prompt, "pass") == [Press("pass")]
    assert "does nothing now" in Translator("en", ui.namers())(ui.input_for_button(prompt, "defend"))  # type: ignore[arg-type]
    match.apply(Press("pass"))
    prompt = match.play.prompt
    assert prompt is not None and prompt.kind == "done" and ui.direct_buttons(prompt) == ()
    assert ui.input_for_tap(match, "card:blue-ninja") == [Choose("ok"), Tap("blue-ninja")], \
        "the next attacker's tap also says the cards are moved"


def test_the_next_attackers_tap_ends_the_turn_or_changes_nothing(tmp_path: Path) -> None:
    app = _app(tmp_path)
    _set_up(app)
    for card in ("red-daimyo", "blue-farmer-1"):
        _tap(app, card)
    assert app.match is not None and app.match.play.prompt.kind == "done"  # type: ignore[union-attr]
    _tap(app, "green-ninja")
    assert len(app.match.inputs) == 2 and app.notice is not None, "green's card out of turn: both inputs refused"
    _tap(app, "blue-ninja")
    assert len(app.match.inputs) == 4 and app.match.play.prompt.kind == "defend"  # type: ignore[union-attr]


def _screen_words(app: App) -> str:
    screen = app.screen()
    return " | ".join([*screen.lines, *screen.todo, screen.title])


def test_a_finished_duel_leaves_the_narration_when_the_cards_are_moved(tmp_path: Path) -> None:
    """"Gefangenenstapel dürfen niemals eingesehen werden": once OK says the cards are moved, no line of the
    narration names a card of the duel (the app forgets on the game's `forget` event)."""
    app = _app(tmp_path)
    _set_up(app)
    _tap(app, "red-daimyo")
    _tap(app, "blue-samurai-7")
    _press(app, "pass")
    assert "Blue's Samurai 7" in _screen_words(app), "while the duel is on screen it is named"
    _press(app, "ok")
    words = _screen_words(app)
    assert not ROLE_WORD.search(words), words
    assert app.screen().view is not None and app.screen().view["duel"] is None  # type: ignore[index]


def _play_turn(app: App, cards: tuple[str, ...]) -> None:
    for card in cards:
        _tap(app, card)
    assert app.match is not None
    prompt = app.match.play.prompt
    if prompt is not None and prompt.kind == "monk":
        _press(app, "pass")
    _press(app, "ok")


def _pixels(app: App) -> list[bytes]:
    frames = []
    for size in (WIDE, COMPACT):
        surface = pygame.Surface(size)
        render(app.screen(), surface, TextCache())
        frames.append(pygame.image.tobytes(surface, "RGB"))
    return frames


def test_two_tables_that_captured_other_cards_see_the_same_pixels_after_the_turn(tmp_path: Path) -> None:
    """The prisoner piles differ (Farmer 1 or Farmer 3 of Blue; Samurai 8 or Daimyo), the screens do not."""
    a, b = _app(tmp_path / "a"), _app(tmp_path / "b")
    for app in (a, b):
        _set_up(app)
    _play_turn(a, ("red-samurai-8", "blue-farmer-1"))
    _play_turn(b, ("red-daimyo", "blue-farmer-3"))
    _play_turn(a, ("blue-ninja", "green-farmer-2"))
    _play_turn(b, ("blue-samurai-8", "green-farmer-1"))
    assert a.match is not None and b.match is not None
    assert a.match.play.state.out != b.match.play.state.out  # type: ignore[attr-defined]
    assert a.screen() == b.screen()
    assert _pixels(a) == _pixels(b)
    for app in (a, b):
        _press(app, "undo")
    assert a.screen().confirm == b.screen().confirm, "the undo question names no card of a finished duel"


@cache
def demo(players: int) -> tuple[DemoTable, list[Screen]]:
    """Every distinct frame of a whole demo game, in order."""
    import tempfile

    seen: dict[str, Screen] = {}
    table = DemoTable(Path("/nonexistent"), 3, players, game="tenno",
                      state=Path(tempfile.mkdtemp(prefix="tenno-demo-")) / "state", snapshots=False)
    table.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment, return-value]
    table.set_up()
    table.play()
    return table, list(seen.values())


def test_the_demo_plays_a_whole_four_player_game_through_the_app_loop() -> None:
    table, screens = demo(4)
    match = table.app.match
    assert match is not None and match.play.prompt is None and match.play.result == "over"
    assert len(match.play.public_view()["players"]) == 4
    assert {"setup-seats", "duel", "monk", "refusal", "unknown-tag", "reader-lost", "undo-confirm",
            "game-over"} <= table.shown
    assert table.count["refusals"] == 1 and table.count["undos"] == 1
    assert any(s.kind == "game-over" for s in screens)


def test_the_demo_writes_pngs_at_both_sizes(tmp_path: Path) -> None:
    table = DemoTable(tmp_path, 3, 2, game="tenno", state=tmp_path / "state")
    table.set_up()
    table.play()
    names = {p.name for p in table.snapshots}
    assert any(n.endswith("-800x480.png") and "duel" in n for n in names)
    assert any(n.endswith("-480x320.png") and "game-over" in n for n in names)
    assert all(p.stat().st_size > 0 for p in table.snapshots)


FRAMES = TextCache()
"""One text cache for the file's frames: what frames keep from each other changes nothing they show
(tests/companion/test_render_kept.py), and a fresh cache per frame would render every word again."""


def _render(screen: Screen, size: tuple[int, int]) -> DisplayList:
    return render(screen, pygame.Surface(size), FRAMES)


def _texts(items: DisplayList) -> list[str]:
    return [str(item.text) for item in items.find_all(kind="text") if item.text]


@pytest.mark.parametrize("size", [WIDE, COMPACT])
@pytest.mark.parametrize("players", [2, 4, 7])
def test_every_demo_frame_meets_the_type_floors_and_shows_no_card_id(size: tuple[int, int], players: int) -> None:
    _, screens = demo(players)
    for n, screen in enumerate(screens):
        items = _render(screen, size)
        check_type_floors(items, size, f"{players} players, frame {n} ({screen.kind})")
        assert not items.outside(size)
        shown = " | ".join(_texts(items))
        assert not CARD_ID.search(shown), (screen.kind, shown)


def test_no_board_frame_names_a_card_outside_the_duel_on_screen() -> None:
    """Before the game is over, a role's name appears only while a duel is shown (or in a refusal about a tap)."""
    for players in (2, 4, 7):
        for screen in demo(players)[1]:
            if screen.kind != "board" or not screen.view or screen.view.get("duel") or screen.notice:
                continue
            items = _render(replace(screen, todo=()), WIDE)
            shown = " | ".join(_texts(items))
            assert not ROLE_WORD.search(shown), shown


@pytest.mark.parametrize("size", [WIDE, COMPACT])
def test_the_board_shows_the_seats_with_counts_and_the_duel(size: tuple[int, int]) -> None:
    screen = next(s for s in demo(4)[1] if s.kind == "board" and s.view and (s.view.get("duel") or {}).get("result"))
    items = _render(replace(screen, todo=()), size)
    assert items.find("tenno:duel:attacker:card", kind="text") is not None
    assert items.find("tenno:duel:defender:strength", kind="text") is not None
    seats = [n for n in range(4) if items.find(f"tenno:seat:{n}:name", kind="text") is not None]
    assert seats == [0, 1, 2, 3], "every seat is shown"
    for n in seats:
        for part in ("hand", "prisoners", "lost"):
            assert items.find(f"tenno:seat:{n}:{part}", kind="text") is not None
        # A full row draws the three places; the compact band (480x320 beside the duel) counts them.
        assert len([i for i in items.find_all(kind="box") if i.role.startswith(f"tenno:seat:{n}:place:")]) == 3 \
            or items.find(f"tenno:seat:{n}:row", kind="text") is not None


@pytest.mark.parametrize("size", [WIDE, COMPACT])
def test_game_over_ranks_every_player_with_points(size: tuple[int, int]) -> None:
    screen = next(s for s in demo(4)[1] if s.kind == "game-over")
    assert screen.todo, "the last duel's steps are still to do when the game ends"
    items = _render(screen, size)
    check_type_floors(items, size, "game over")
    assert items.find("tenno:game-over:winners", kind="text") is not None
    assert sum(1 for i in items.find_all(kind="text") if i.role.startswith("tenno:game-over:") and
               "points" in (i.text or "")) == 4


def test_the_tie_break_is_shown_where_it_decided() -> None:
    base = next(s for s in demo(2)[1] if s.kind == "game-over")
    view = dict(base.view or {})
    view["winners"] = ["blue"]
    view["outcome"] = {"winners": ["blue"], "ranking": [["blue"], ["red"]], "scores": {"blue": 40, "red": 35},
                       "detail": {"prisoner_points": {"blue": 5, "red": 5}, "tie_break": {"blue": 35, "red": 30}}}
    items = _render(replace(base, view=view, todo=()), WIDE)
    assert items.find("tenno:game-over:blue", kind="text").text == (  # type: ignore[union-attr]
        "1. Blue: 40 points (5 prisoners + 35 hand and row)")
