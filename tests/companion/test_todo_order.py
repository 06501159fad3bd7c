"""The to-do panel puts the table's physical steps first, and the game-over screen keeps only what is true.

Each engine event says whether it asks the table to move, take, turn,
shuffle, deal or return something (`Event.physical`); the app lists those
first, in the order they happened, then what merely happened, and once the
game is over only the last input's physical steps. Checked through the real
app and its demos, in the frames a table would see.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from companion.games import registered_games
from companion.harness.demo import DemoTable
from companion.screen_model import Screen
from engine import Event, Match
from engine.core.messages import Message


@cache
def demo(game: str) -> tuple[DemoTable, tuple[Screen, ...]]:
    """A whole demo of `game` in English and every distinct frame it drew."""
    seen: dict[str, Screen] = {}
    state = Path(tempfile.mkdtemp(prefix="todo-order-")) / "state"
    table = DemoTable(Path("/nonexistent"), 3, game=game, setup={}, state=state, snapshots=False)
    table.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment, return-value]
    table.set_up()
    table.play()
    return table, tuple(seen.values())


def _events_of(table: DemoTable, wanted: Callable[[Event], bool]) -> list[Event]:
    """The events of the first input of the demo's game that caused a `wanted` one, the game replayed."""
    played = table.app.match
    assert played is not None
    match = Match(played.game, played.setup.to_json(), played.seed)
    for value in played.inputs:
        events = match.apply(value)
        if any(wanted(event) for event in events):
            return events
    raise AssertionError("the demo's game has no such event")


def test_a_new_round_opens_with_gathering_the_cards_not_with_the_last_reveal() -> None:
    """Round 3 of the demo: the last Intruder card's Step 4 ("... shows no flames") and the first Samurai's turn
    used to come before the gathering and shuffling the table must do, which then fell to a later page. The
    engine tells them in that order (the reveal, the new round, the turn); the panel puts the step first."""
    table, screens = demo("samurai-spirit")
    events = _events_of(table, lambda e: e.kind == "new-round" and e.data.get("round") == 3)
    told = [e for e in events if e.kind != "reveal"]
    assert [e.kind for e in told] == ["no-flames", "new-round", "turn"], "the demo's round 3 opens on a reveal"
    words = {e.kind: table.app.tr(e.message) for e in told}
    start = next(s for s in screens if words["new-round"] in s.todo)
    assert start.todo[0].startswith("Round 3: gather all the cards of the last round")
    assert start.todo == (words["new-round"], words["no-flames"], words["turn"]) and start.todo_news == 2


def test_returning_a_life_chip_comes_before_the_card_played() -> None:
    _, screens = demo("trick-raiders")
    frame = next(s for s in screens if any("Return one life chip" in step for step in s.todo))
    dropout = next(n for n, step in enumerate(frame.todo) if "Return one life chip" in step)
    played = [n for n, step in enumerate(frame.todo) if " plays " in step]
    assert played and dropout < min(played), frame.todo
    assert dropout < len(frame.todo) - frame.todo_news <= min(played)


@pytest.mark.parametrize("game", registered_games())
def test_every_input_lists_the_steps_to_do_before_what_happened(game: str) -> None:
    """The app's to-do list after each input of a whole game is its physical events, then the others."""
    table, _ = demo(game)
    app, played = table.app, table.app.match
    assert played is not None
    kept = (app.todo, app.todo_news, app.lines, app.selected)
    app.match = match = Match(played.game, played.setup.to_json(), played.seed)
    news_seen = steps_seen = 0
    try:
        for events in [match.opening, *(match.apply(value) for value in played.inputs[:-1])]:
            app.session.narrate(events)
            shown = [e for e in events if e.kind != "reveal"]
            assert app.todo == [e.message for e in shown if e.physical] + [e.message for e in shown if not e.physical]
            assert app.todo_news == sum(1 for e in shown if not e.physical)
            steps_seen += len(app.todo) - app.todo_news
            news_seen += app.todo_news
    finally:
        app.match = played
        app.todo, app.todo_news, app.lines, app.selected = kept
    assert steps_seen and news_seen


@pytest.mark.parametrize("game", registered_games())
def test_the_game_over_screen_keeps_only_the_last_steps_to_do(game: str) -> None:
    """No turn begun, no forced choice and no refusal's reason ("Defend not allowed...") once the game is
    over: only the physical steps of the last input, the result being on the screen itself."""
    table, _ = demo(game)
    app = table.app
    assert app.match is not None and app.match.play.prompt is None
    screen = app.screen()
    assert screen.kind == "game-over" and screen.todo_news == 0
    last = [e for e in app.match.history[-1] if e.physical]
    assert screen.todo == tuple(app.tr(e.message) for e in last)
    assert not any(step.startswith(("Defend not allowed", "Only one choice")) for step in screen.todo)
    assert all(isinstance(step, Message) for step in app.todo)
