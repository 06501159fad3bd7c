"""Trick Raiders' companion side: set-up, table events to inputs, the demo game, the screens."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.app import App
from companion.games import registration
from companion.harness.demo import DemoTable
from companion.i18n import Translator
from companion.runtime.tagmap import virtual_tagmap, virtual_uid
from companion.screen_model import Screen
from companion.screens import DisplayList, TextCache, render
from drivers.events import ButtonPressed, CardPlaced
from engine import Match, Press, Tap
from engine.core.messages import msg
from games.trick_raiders.app.ui import SEATS, TrickRaidersSetup, TrickRaidersUI
from tests.companion.frame_checks import check_type_floors, todo_texts

WIDE, COMPACT = (800, 480), (480, 320)
CARD_ID = re.compile(r"\b(spades|hearts|diamonds|clubs)-(10|[1-9])[abc]?\b")


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _app(state: Path) -> App:
    ui = TrickRaidersUI()
    app = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), state, Clock(), new_seed=lambda: 5)
    app.start()
    return app


def _press(app: App, *names: str) -> None:
    for name in names:
        app.handle(ButtonPressed(name, app.clock()))


def _tap(app: App, target: str) -> None:
    app.handle(CardPlaced(virtual_uid(target), "mock", app.clock()))


def _set_up(app: App, players: int = 4, lives: int = 2, first: str = "red") -> None:
    """Language, players, lives, first, start, by Next and OK."""
    _press(app, "ok")
    for answer in (str(players), str(lives), first, "start"):
        options = app.setup.menu().options
        while options[app.selected % len(options)] != answer:
            _press(app, "next")
        _press(app, "ok")


def test_setup_asks_players_lives_and_who_starts() -> None:
    setup = TrickRaidersSetup()
    assert setup.menu().options == ("3", "4")
    setup.choose("3")
    assert setup.menu().options == ("2", "3")
    setup.choose("3")
    assert setup.menu().options == ("random", "red", "blue", "green")
    assert setup.result() is None
    setup.choose("blue")
    assert setup.menu().options == ("start",)
    assert setup.result() == {"players": ["red", "blue", "green"], "lives": 3, "first": "blue"}
    assert setup.back() and setup.result() is None


def test_setup_starts_from_last_games_answers_and_a_drawn_start_has_no_first() -> None:
    setup = TrickRaidersSetup({"players": list(SEATS[:3]), "lives": 3})
    assert setup.menu().options[setup.menu().selected] == "3"
    for answer in ("4", "2", "random"):
        setup.choose(answer)
    assert setup.result() == {"players": list(SEATS), "lives": 2}
    TrickRaiders = registration("trick-raiders").ui().game
    TrickRaiders.parse_setup(setup.result())


def test_setup_refuses_a_card_tap_with_what_to_do() -> None:
    said = TrickRaidersSetup().tap("card:hearts-9a")
    assert said is not None and "Next and OK" in Translator("en", TrickRaidersUI().namers())(said)


def test_cards_suits_and_players_are_named_as_players_say_them() -> None:
    tr = Translator("en", TrickRaidersUI().namers())
    assert tr(msg("{card}", card="hearts-9a")) == "9 of Hearts"
    assert tr(msg("{card}", card="spades-10c")) == "10 of Spades"
    assert tr(msg("{suit} are trump", suit="clubs")) == "Clubs are trump"
    assert tr(msg("{player} takes one from {player2}", player="red", player2="yellow")) == "Red takes one from Yellow"


def _match(first: str = "red") -> Match:
    ui = TrickRaidersUI()
    return Match(ui.game, {"players": list(SEATS), "lives": 2, "first": first}, 3)


def test_a_tap_under_a_tap_prompt_is_that_card_and_ok_ends_a_declaration() -> None:
    ui = TrickRaidersUI()
    match = _match()
    assert ui.input_for_tap(match, "card:clubs-7") == [Tap("clubs-7")]
    prompt = match.play.prompt
    assert prompt is not None and prompt.kind == "deal"
    assert ui.direct_buttons(prompt) == ()
    cards = iter(match.play.possible_taps())
    while prompt is not None and prompt.kind == "deal":
        match.apply(Tap(next(cards)))
        prompt = match.play.prompt
    assert prompt is not None and prompt.kind == "declare"
    assert ui.direct_buttons(prompt) == ("ok",)
    assert ui.input_for_button(prompt, "ok") == [Press("ok")]
    refused = ui.input_for_button(prompt, "confront")
    assert not isinstance(refused, list)


def test_a_choice_is_not_answered_by_a_card() -> None:
    ui = TrickRaidersUI()
    match = _match()

    class Steal:
        kind, tap, options, actor = "life-steal", None, ("blue", "green"), "red"
        message = msg("Take a life chip")

    class FakePlay:
        prompt = Steal()

    class FakeMatch:
        play = FakePlay()

    said = ui.input_for_tap(FakeMatch(), "card:clubs-7")  # type: ignore[arg-type]
    assert not isinstance(said, list)
    tr = Translator("en", ui.namers())
    assert tr(ui.option_label("blue", Steal())) == "Take a life chip from Blue"  # type: ignore[arg-type]
    assert match.play.prompt is not None


def test_virtual_targets_are_the_cards_the_moment_could_take() -> None:
    ui = TrickRaidersUI()
    match = _match()
    assert len(ui.virtual_targets(match, False)) == 52
    assert len(ui.tag_targets()) == 52


def test_ok_pressed_on_the_device_ends_a_declaration(tmp_path: Path) -> None:
    app = _app(tmp_path / "state")
    _set_up(app)
    assert app.match is not None
    while app.match.play.prompt is not None and app.match.play.prompt.kind == "deal":
        _tap(app, f"card:{app.match.play.possible_taps()[0]}")
    prompt = app.match.play.prompt
    assert prompt is not None and prompt.kind == "declare" and prompt.actor == "red"
    assert "ok" in app.screen().buttons
    _press(app, "ok")
    after = app.match.play.prompt
    assert after is not None and after.kind == "declare" and after.actor == "blue", app.screen().notice


def test_undo_says_what_to_put_back_in_words(tmp_path: Path) -> None:
    ui = TrickRaidersUI()
    tr = Translator("en", ui.namers())
    from engine import Event

    lines = ui.undo_lines([Event("play", msg("x"), {"player": "red", "card": "diamonds-5", "source": "hand"})])
    assert tr(lines[0]) == "Red takes 5 of Diamonds back from the trick into the hand."
    assert tr(ui.describe_input(Tap("hearts-9b"), _match().play.prompt)) == "Red: 9 of Hearts"


def _seen(players: int, lives: int, seed: int = 4) -> tuple[DemoTable, list[Screen]]:
    seen: dict[str, Screen] = {}
    table = DemoTable(Path("/nonexistent"), seed, game="trick-raiders", setup={"players": players, "lives": lives},
                      state=_state_dir(), snapshots=False)
    table.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment, return-value]
    table.set_up()
    table.play()
    return table, list(seen.values())


@cache
def demo(players: int, lives: int = 2) -> tuple[DemoTable, list[Screen]]:
    return _seen(players, lives)


def _state_dir() -> Path:
    import tempfile

    return Path(tempfile.mkdtemp(prefix="trick-raiders-")) / "state"


@pytest.mark.parametrize("players", [3, 4])
def test_the_demo_plays_a_whole_game(players: int) -> None:
    table, screens = demo(players)
    match = table.app.match
    assert match is not None and match.play.prompt is None
    view = match.play.public_view()
    assert view["result"] is not None and view["winners"]
    assert len(view["players"]) == players
    assert {"refusal", "unknown-tag", "reader-lost", "undo-confirm", "declare", "trick"} <= table.shown
    assert table.count["undos"] == 1
    kinds = {s.kind for s in screens}
    assert {"setup", "board", "game-over"} <= kinds
    registration("trick-raiders").invariants(match.play)


def test_the_demo_writes_pngs_at_both_sizes(tmp_path: Path) -> None:
    table = DemoTable(tmp_path, 2, game="trick-raiders", setup={"players": 3}, state=tmp_path / "state")
    table.set_up()
    table.play()
    names = sorted(p.name for p in table.snapshots)
    assert any(n.endswith("800x480.png") for n in names) and any(n.endswith("480x320.png") for n in names)
    assert any("game-over" in n for n in names) and any("trick" in n for n in names)


FRAMES = TextCache()
"""One text cache for the file's frames: what frames keep from each other changes nothing they show
(tests/companion/test_render_kept.py), and a fresh cache per frame would render every word again."""


def _render(screen: Screen, size: tuple[int, int]) -> DisplayList:
    return render(screen, pygame.Surface(size), FRAMES)


def _without_todo(screen: Screen) -> Screen:
    """The frame once the table's steps are done: at 480x320 the to-do panel leaves the board only its first line."""
    return replace(screen, todo=())


def _texts(items: DisplayList) -> list[str]:
    return [str(item.text) for item in items.find_all(kind="text") if item.text]


@pytest.mark.parametrize("size", [WIDE, COMPACT])
@pytest.mark.parametrize("players", [3, 4])
def test_every_demo_frame_meets_the_type_floors_and_shows_no_card_id(size: tuple[int, int], players: int) -> None:
    _, screens = demo(players)
    for n, screen in enumerate(screens):
        items = _render(screen, size)
        check_type_floors(items, size, f"frame {n} ({screen.kind})")
        shown = " | ".join(_texts(items))
        assert not CARD_ID.search(shown), (screen.kind, shown)


def _kind(players: int, kind: str) -> Screen:
    return next(s for s in demo(players)[1] if s.kind == kind)


@pytest.mark.parametrize("size", [WIDE, COMPACT])
def test_the_board_shows_trump_seats_and_the_trick(size: tuple[int, int]) -> None:
    screen = next(s for s in demo(4)[1] if s.kind == "board" and s.view and s.view["trick"])
    items = _render(_without_todo(screen), size)
    assert items.find("tr:trump", kind="text") is not None
    assert items.find("tr:trick:0", kind="text") is not None
    seats = [n for n in range(4) if items.find(f"tr:seat:{n}:name", kind="text") is not None]
    assert seats == [0, 1, 2, 3], "every seat is shown"
    acting = [p["name"] for p in (screen.view or {})["players"]].index((screen.view or {})["pending"]["player"])
    assert acting in seats, "480x320 shows the player to act first"
    for n in seats:
        assert items.find(f"tr:seat:{n}:lives", kind="text") is not None


def test_cancelled_cards_are_struck_out_and_a_dropped_out_seat_is_marked() -> None:
    view: dict[str, Any] = dict(_kind(4, "board").view or {})
    view["phase"] = "tricks"
    view["trick"] = [{"player": "red", "card": "clubs-7", "cancelled": True},
                     {"player": "blue", "card": "clubs-7", "cancelled": True},
                     {"player": "green", "card": "hearts-3", "cancelled": False}]
    view["players"] = [dict(p) for p in view["players"]]
    view["players"][3]["out"] = True
    screen = Screen("board", game="trick-raiders", view=view, title="Round 1")
    assert not screen.todo
    for size in (WIDE, COMPACT):
        items = _render(screen, size)
        assert items.find("tr:trick:0:struck") is not None and items.find("tr:trick:1:struck") is not None
        assert items.find("tr:trick:2:struck") is None
        assert items.find("tr:seat:3:out", kind="text") is not None


@pytest.mark.parametrize("size", [WIDE, COMPACT])
def test_game_over_ranks_every_player(size: tuple[int, int]) -> None:
    screen = _kind(4, "game-over")
    items = _render(screen, size)  # with the last trick's steps, if any: they give way to the result on 480x320
    check_type_floors(items, size, "game over")
    assert items.find("tr:game-over:winners", kind="text") is not None
    assert items.find("tr:game-over:place:1", kind="text") is not None


def test_a_round_summary_is_shown_between_rounds() -> None:
    table, screens = demo(4)
    view = table.app.match.play.public_view() if table.app.match else {}
    assert view["round"] > 1
    items = _render(_without_todo(next(s for s in screens if s.kind == "round-end")), COMPACT)
    assert items.find("tr:round-end:title", kind="text") is not None


STEPS = ("Red plays 6 of Clubs.", "Green wins trick 10 with 7 of Clubs.",
         "Green drops out: Green must lead but has no lead card left. Return one life chip to the centre (1 left).",
         "Put 8 of Clubs on the trump card: Hearts are trump now.")


def test_at_480x320_the_todo_wins_and_the_seats_take_what_is_left_compactly() -> None:
    """The to-do panel takes what it needs (never cut); any room left under the trump line shows seat rows (the
    player to act first, without the column headings when only rows fit) rather than staying empty."""
    checked = 0
    for screen in demo(4)[1]:
        if screen.kind != "board" or not screen.view or not screen.view.get("pending") or screen.notice:
            # (Under a notice, for the seconds it shows, the steps wait where the question and the seats
            # leave them no room: tests/companion/test_question_line.py.)
            continue
        for count in range(1, len(STEPS) + 1):
            items = _render(replace(screen, todo=STEPS[:count]), COMPACT)
            check_type_floors(items, COMPACT, f"{count} steps")
            assert not items.overlapping(items.find_all(kind="text", layer=0))
            panel = items.find("todo:panel")
            header = items.find("tr:trump", kind="text")
            assert panel is not None and header is not None
            assert items.find("todo:page") is not None or todo_texts(items) == list(STEPS[:count])
            room = panel.rect[1] - (header.rect[1] + header.rect[3])
            drawn = [i for i in items.find_all(kind="text")
                     if re.fullmatch(r"tr:(seat:\d+:name|trick:\d+)", i.role)]
            if room >= 2 * _row(items):
                checked += 1
                assert drawn, f"{count} steps leave {room}px under the trump line and nothing is drawn there"
    assert checked > 10


def _row(items: DisplayList) -> int:
    """A seat row's least height at 480x320: one line of the smallest type."""
    header = items.find("tr:trump", kind="text")
    assert header is not None
    return int(header.rect[3])
