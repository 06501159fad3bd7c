"""The question the table must answer is on every frame, at both sizes, in every language, in random games.

Random seeded tables of every registered game (the demo script's random mode, the one the fuzzer plays: any
number of players, any difficulty, a refused press, an unknown tag, a lost reader and an undo on the way)
are played through the real app loop in each language; every distinct frame is drawn at 800x480 and
480x320 and read back from its display list:

- where the game waits for a decision, the prompt is drawn whole and its options whole (the highlighted one
  at least, with the arrows that say more lie beyond);
- every seat is drawn on a play screen, its name whole;
- nothing is cut with "...", nothing lies outside the frame, and every text is at or above its type floor;
- with people seated (half the languages), their names never cut a seat's;
- the steps to do are on the frame (on 480x320 they may wait only for the seconds a notice shows, or where
  the question and every seat's name leave no room for two of their lines).

The CI size plays one table per game and language; `bench/long_properties.py` plays more (tests/sizes.py).
"""

from __future__ import annotations

import random
import tempfile
from dataclasses import replace
from functools import cache
from pathlib import Path

import pygame
import pytest

from companion.games import registered_games
from companion.harness.demo import DemoTable
from companion.i18n import LANGUAGES
from companion.screen_model import Screen
from companion.screens import render
from companion.screens.layout import Metrics
from tests.companion.frame_checks import (
    COMPACT,
    PLAY_KINDS,
    SIZES,
    check_nothing_cut,
    check_question,
    check_seats,
    check_type_floors,
    seats_of,
)
from tests.sizes import sized

PEOPLE = ("Anna-Katharina Müller", "Ben", "Zoë", "Maximilian", "Jo", "Wiebke Schröder", "Bartholomäus")
"""Who sits in the seats, in the languages played with people seated (the first near the widest name taken)."""
TABLES = sized(ci=1, long=12)
"""Random tables per game and language (each language plays other tables)."""


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


@cache
def random_frames(game: str, lang: str, table: int) -> tuple[Screen, ...]:
    """Every distinct frame a random table of `game` draws in `lang`, from the first question to the end."""
    seen: dict[str, Screen] = {}
    seed = 1000 * LANGUAGES.index(lang) + table
    state = Path(tempfile.mkdtemp(prefix="question-line-")) / "state"
    demo = DemoTable(state.parent, 100 + seed, game=game, fuzz_rng=random.Random(seed), state=state, snapshots=False,
                     lang=lang)
    demo.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment, return-value]
    demo.set_up()
    demo.play()
    frames = tuple(screen for screen in seen.values() if screen.lang == lang)
    if LANGUAGES.index(lang) % 2:
        # Half the languages play with every seat named at seating, the longest name the book takes among them.
        frames = tuple(replace(screen, people=tuple(zip(sorted(seats_of(screen)), PEOPLE, strict=False)))
                       for screen in frames)
    return frames


def check_frame(screen: Screen, size: tuple[int, int], surface: pygame.Surface, name: str) -> bool:
    """Every property of one frame; True when it waited for a decision."""
    items = render(screen, surface)
    check_type_floors(items, size, name)
    check_nothing_cut(items, name)
    assert not items.outside(size), f"{name}: {[(i.role, i.rect) for i in items.outside(size)[:3]]} outside"
    if screen.kind not in PLAY_KINDS or not screen.view:
        return False
    if seats_of(screen):
        check_seats(items, screen, size, name)
    check_question(items, screen, name)
    waiting = bool((screen.view or {}).get("pending"))
    if screen.todo and items.find("todo:panel") is None:
        # Only on 480x320, for the seconds a notice shows, or where the question and every seat's name leave
        # no room for two lines of a step.
        assert size == COMPACT, f"{name}: the steps {screen.todo[:1]} are not shown"
        if not screen.notice:
            panel = items.find("panel", kind="box")
            seats = [item.box.bottom for item in items.find_all(kind="box", tag="seat")]
            line = Metrics.for_size(size).line_height(Metrics.for_size(size).instruction_min_size)
            assert panel is not None and panel.box.top - max(seats, default=0) < 2 * line + 10, \
                f"{name}: the steps {screen.todo[:1]} are not shown, with room for them"
    return waiting


@pytest.mark.parametrize("game", registered_games())
def test_every_frame_of_random_games_shows_the_question_every_seat_and_nothing_cut(game: str) -> None:
    decisions = 0
    for lang in LANGUAGES:
        for table in range(TABLES):
            frames = random_frames(game, lang, table)
            assert frames
            for size in SIZES:
                surface = pygame.Surface(size)
                for n, screen in enumerate(frames):
                    name = f"{game} {lang} table {table} {size[0]}x{size[1]} frame {n} ({screen.kind}: {screen.title})"
                    decisions += check_frame(screen, size, surface, name)
    assert decisions > 100 * TABLES, f"{game}: only {decisions} frames waited for a decision"
