"""The Samurai Spirit game the census tests play through the real app, to see a taught or corrected card count.

Kyuzo and Heihachi on Normal, Kyuzo first. On Kyuzo's first turn the
4-hat-none is revealed and confronted: the shipped data prints no penalty on
it, the owners' boxes of these tests a wound, which Kyuzo takes at the start
of his next turn (once Heihachi has passed).

Imported by the test modules (`from census_game import ...`), like table_helpers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from test_app import set_up
from test_census_device import pick

from companion.app import App
from companion.app.assembly import build_app
from companion.runtime.config import Config
from companion.runtime.storage import CURRENT, load_journal
from engine import Match
from tests.companion.table_helpers import press, tap

GAME = "samurai-spirit"


def assembled(state: Path) -> App:
    """The app as `companion run --mock` assembles it on `state` (the owner's data in force), seed 11, started."""
    app, damage = build_app(Config(state_dir=state), state, mock=True, game=GAME)
    assert damage is None
    app.new_seed = lambda: 11
    app.start()
    return app


def start(app: App) -> Match:
    """From the first question to Kyuzo's first turn, in the app's language (the boards tapped)."""
    if app.setup.menu().options[0] == "en":
        pick(app, app.tr.lang)  # the first menu's highlight may rest on another entry (the census, once closed)
    set_up(app, "kyuzo", "heihachi", first="kyuzo")
    assert app.mode == "play" and app.match is not None
    return app.match


def no_token(app: App) -> None:
    """Two Samurai play with the absent Samurai's tokens: OK keeps them ("no" is highlighted)."""
    while app.match is not None and app.match.play.prompt and app.match.play.prompt.kind == "absent-token":
        press(app, "ok")


def kyuzo_confronts(app: App) -> None:
    """Kyuzo's first turn: the 4-hat-none revealed and confronted."""
    no_token(app)
    tap(app, "card:4-hat-none")
    press(app, "confront")
    no_token(app)


def heihachi_passes(app: App) -> None:
    """Heihachi passes: Kyuzo's next turn starts, with the penalty of the card he confronted."""
    press(app, "pass")
    no_token(app)


def confronted(app: App) -> None:
    """From the first question to the 4-hat-none confronted on Kyuzo's first turn."""
    start(app)
    kyuzo_confronts(app)


def kyuzos_second_turn(app: App) -> None:
    """From the first question to Kyuzo's second turn, which applies the 4-hat-none's penalty (if it has one)."""
    confronted(app)
    heihachi_passes(app)


def wounds(app: App, seat: int = 0) -> int:
    assert app.match is not None
    return int(app.match.play.public_view()["samurai"][seat]["wounds"])


def journal_header(state: Path) -> dict[str, Any]:
    """The header of the game's journal (the digest of its component data, its notes)."""
    header: dict[str, Any] = json.loads((state / CURRENT).read_text("utf-8").splitlines()[0])
    return header


def replays_as_on_the_table(state: Path, app: App) -> None:
    """The journal, read back, replays whole to the game the app shows."""
    loaded = load_journal(state / CURRENT)
    assert app.match is not None
    assert loaded.damage is None and loaded.match.play.public_view() == app.match.play.public_view()
