"""Helpers for driving the App as a table does: a settable clock, button presses, card taps.

Imported by the test modules (`from table_helpers import ...`); not a conftest.py, whose
module name would clash with games/samurai_spirit/tests/conftest.py when both folders are collected.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from companion.app import App
from companion.games import game_ui
from companion.runtime.tagmap import TagMap, virtual_tagmap, virtual_uid
from drivers.events import ButtonPressed, CardPlaced
from engine import Tap
from games.samurai_spirit.play import Play
from games.samurai_spirit.policy import SimplePolicy

UI = game_ui("samurai-spirit")


class Clock:
    """A clock the test moves by hand (`clock.now += 5`)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def make(state: Path, clock: Clock | None = None, tags: TagMap | None = None, **kw: Any) -> App:
    """An App on `state` with every card and board tagged virtually, started."""
    app = App(UI, tags or virtual_tagmap(UI.name, UI.tag_targets()), state, clock or Clock(),
              new_seed=lambda: 11, **kw)
    app.start()
    return app


def press(app: App, *names: str) -> None:
    for name in names:
        app.handle(ButtonPressed(name, app.clock()))


def tap(app: App, target: str) -> None:
    app.handle(CardPlaced(virtual_uid(target), "mock", app.clock()))


def move(app: App, policy: SimplePolicy) -> None:
    """The policy's next move through the app, as a table makes it: a tap, a direct button, or Next/OK."""
    assert app.match is not None
    play = app.match.play
    assert isinstance(play, Play) and play.prompt is not None
    value = policy.choose(play)
    if isinstance(value, Tap):
        tap(app, f"card:{value.card}")
    elif value.option == "fight" and play.prompt.kind == "action":
        tap(app, f"card:{play.state.cards.sample_top('raider', random.Random(1))}")
    elif value.option in ("confront", "defend", "support", "pass"):
        press(app, value.option)
    else:
        options = play.prompt.options
        press(app, *(["next"] * ((options.index(value.option) - app.selected) % len(options))), "ok")
