"""Hidden stays hidden on the screen: random games (6 at the CI size, 24 long), two plays, identical pixels.

The engine half of this property is tests/engine/test_secrecy.py. Here the
same pair of plays (a policy game that taps cards slid face down, and its
twin whose hidden taps named other cards) is saved as two journals; an app is
started on each, and both get the same driver events: resume, ask for an
undo and cancel it, tap the cards either play noted face down and one more,
press every play button, then undo the last input. After each event the two apps' screens must be the
same value and the same pixels at 800x480 and 480x320.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.app import App
from companion.games import game_ui
from companion.runtime.storage import CURRENT, JournalFile
from companion.runtime.tagmap import virtual_tagmap, virtual_uid
from companion.runtime.web_pin import PIN_FILE
from companion.screens import render
from drivers.events import ButtonPressed, CardPlaced
from engine import Match, Tap
from engine.core.inputs import Input
from games.samurai_spirit.app.ui import DIRECT_BUTTONS
from games.samurai_spirit.catalogue import SAMURAI
from games.samurai_spirit.play import Play
from games.samurai_spirit.simulate import hidden_twin, play_one
from tests.sizes import sized

GAMES = sized(ci=6, long=24)
"""Games played in twin; the first six sit 2 to 7 Samurai, one table each, over every difficulty."""
SIZES = [(800, 480), (480, 320)]
UI = game_ui("samurai-spirit")
TAGS = virtual_tagmap(UI.name, UI.tag_targets())
CARD_IDS = sorted(UI.cards)


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


def _setup(index: int) -> dict[str, Any]:
    rng = random.Random(index + 1000)
    count = 2 + index % 6
    return {"samurai": rng.sample(SAMURAI, count), "difficulty": ("normal", "hard", "heroic", "easy")[index % 4],
            "absent_tokens": count == 2}


def _app(state_dir: Path, setup: dict[str, Any], seed: int, inputs: list[Input]) -> App:
    """An app started on a journal of `inputs`, as after a power cut."""
    match = Match.replay(UI.game, setup, seed, inputs)
    state_dir.mkdir()
    JournalFile(state_dir / CURRENT).start(match)
    (state_dir / PIN_FILE).write_text("123456\n", "ascii")  # the resume screen shows it: the same for both plays
    app = App(UI, TAGS, state_dir, lambda: 50.0, resume_timeout_s=0, new_seed=lambda: seed, save_tags=False)
    app.start()
    return app


def _pixels(app: App) -> list[bytes]:
    frames = []
    for size in SIZES:
        surface = pygame.Surface(size)
        render(app.screen(), surface)
        frames.append(pygame.image.tobytes(surface, "RGB"))
    return frames


def _same(a: App, b: App, where: str) -> None:
    assert a.screen() == b.screen(), f"{where}: the screens differ"
    assert _pixels(a) == _pixels(b), f"{where}: the pixels differ"


def _cuts(match: Match, twin: list[Input], rng: random.Random) -> list[int]:
    """Input counts to stop at: just after hidden taps while the plays' secrets differ, and one more."""
    replay_a = Match(match.game, match.setup.to_json(), match.seed)
    replay_b = Match(match.game, match.setup.to_json(), match.seed)
    after_hidden, differing = [], []
    for number, (value, other) in enumerate(zip(match.inputs, twin, strict=True), start=1):
        replay_a.apply(value)
        replay_b.apply(other)
        play_a, play_b = replay_a.play, replay_b.play
        assert isinstance(play_a, Play) and isinstance(play_b, Play)
        if play_a.prompt is not None and play_a.state.cards.hidden != play_b.state.cards.hidden:
            (after_hidden if isinstance(value, Tap) and value.hidden else differing).append(number)
    cuts = rng.sample(after_hidden, min(2, len(after_hidden)))
    return sorted(cuts + rng.sample(differing, min(1, len(differing))))


def _events(a: App, b: App, rng: random.Random) -> list[tuple[str, Any]]:
    """The same driver events for both apps: resume, undo asked and cancelled, taps, presses, an undo."""
    noted: set[str] = set()
    for app in (a, b):
        assert app.match is not None and isinstance(app.match.play, Play)
        noted |= app.match.play.state.cards.hidden
    events: list[tuple[str, Any]] = [("press", "ok"), ("press", "undo"), ("press", "next")]
    events += [("tap", cid) for cid in sorted(noted)] + [("tap", rng.choice(CARD_IDS))]
    events += [("press", name) for name in DIRECT_BUTTONS]
    return events + [("press", "undo"), ("press", "ok")]


def _send(app: App, event: tuple[str, Any]) -> None:
    kind, name = event
    if kind == "press":
        app.handle(ButtonPressed(name, 50.0))
    else:
        app.handle(CardPlaced(virtual_uid(f"card:{name}"), "mock", 50.0))


@pytest.mark.parametrize("index", range(GAMES))
def test_two_plays_differing_only_in_hidden_cards_draw_the_same_pixels(index: int, tmp_path: Path) -> None:
    setup = _setup(index)
    match = play_one(UI.game, setup, index, explore=0.2, hidden=0.9)
    twin = hidden_twin(UI.game, setup, index, match.inputs, random.Random(index))
    rng = random.Random(index)
    cuts = _cuts(match, twin, rng)
    assert cuts, "this game never had differing hidden cards"
    for cut in cuts:
        a = _app(tmp_path / f"a-{cut}", setup, index, match.inputs[:cut])
        b = _app(tmp_path / f"b-{cut}", setup, index, twin[:cut])
        where = f"game {index} ({setup}) after input {cut} ({match.inputs[cut - 1]} / {twin[cut - 1]})"
        _same(a, b, f"{where}, resume screen")
        for event in _events(a, b, rng):
            _send(a, event)
            _send(b, event)
            _same(a, b, f"{where}, after {event[0]} {event[1]}")
