"""What a frame keeps from the frames before it changes nothing it shows.

`render` keeps text widths, wrapped lines, the to-do panel's layout and the
button strip's pixels between frames (companion.screens.text,
`Painter.kept`). A frame drawn after others, from what they left, must be
the frame drawn afresh: the same pixels and the same display list.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pygame
import pytest

from companion.screen_model import Screen
from companion.screens import TextCache, render
from companion.screens.display_list import DisplayList
from companion.screens.painter import Painter
from companion.screens.strip import StripSetup
from games.samurai_spirit.app.screens.gallery import sample_screens

SIZES = ((800, 480), (480, 320))
LONG_STEPS = tuple(f"Step {n}: put the card of this step where the rulebook says it goes." for n in range(7))


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


def _frames() -> list[Screen]:
    """Frames in an order where each differs from the last in what the kept parts depend on: the lit
    buttons, the words, the steps, the language, a notice."""
    frames: list[Screen] = []
    for lang in ("en", "de"):
        for players in (2, 4):
            frames.extend(sample_screens(players, lang=lang).values())
    board = sample_screens(4)["board"]
    assert board.view is not None
    first, *others = board.view["samurai"]
    moved = {**board.view, "samurai": [{**first, "track": first["track"] + 2, "wound_token": True, "wounds": 1},
                                       *others]}
    frames += [
        replace(board, view=moved),
        replace(board, view={**moved, "active": others[0]["name"]}),
        board,
        replace(board, buttons=("ok",)),
        replace(board, buttons=("confront", "defend", "undo")),
        replace(board, button_labels=(("confront", "Castle"), ("defend", "Buddha"))),
        replace(board, todo=("Shuffle the raider deck.",), page=1),
        replace(board, todo=LONG_STEPS),
        replace(board, todo=LONG_STEPS, notice="That card is not in this game.", notice_error=True),
        replace(board, todo=LONG_STEPS, title="A title long enough to take two lines on the small screen, or more"),
        replace(board, todo=LONG_STEPS),
        replace(board, notice="That card is not in this game.", notice_error=True),
        board,
    ]
    return frames


def _draw(screen: Screen, size: tuple[int, int], cache: TextCache,
          setup: StripSetup) -> tuple[bytes, list[object]]:
    surface = pygame.Surface(size)
    items = render(screen, surface, cache, setup)
    return pygame.image.tobytes(surface, "RGB"), list(items)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_frame_drawn_from_what_earlier_frames_kept_is_the_frame_drawn_afresh(size: tuple[int, int]) -> None:
    shared = TextCache()
    laptop = StripSetup(keys={"confront": "C", "defend": "D", "ok": "Return"})
    frames = _frames()
    for n, screen in enumerate([*frames, *frames[:6]]):
        setup = laptop if n % 3 == 0 else StripSetup()
        kept = _draw(screen, size, shared, setup)
        afresh = TextCache()
        afresh._fonts = shared._fonts  # loaded fonts hold no frame's state; loading them again is slow
        fresh = _draw(screen, size, afresh, setup)
        assert kept[1] == fresh[1], f"frame {n} ({screen.kind}, {screen.lang}): the display lists differ"
        assert kept[0] == fresh[0], f"frame {n} ({screen.kind}, {screen.lang}): the pixels differ"
    assert shared._blocks, "the strip was never kept"


def test_a_kept_block_is_put_back_without_drawing_and_one_that_draws_outside_is_not_kept() -> None:
    surface = pygame.Surface((200, 100))
    cache = TextCache()
    calls: list[str] = []

    def inside(p: Painter) -> None:
        calls.append("inside")
        p.box("part", pygame.Rect(10, 10, 50, 20), fill=(200, 10, 10))

    def outside(p: Painter) -> None:
        calls.append("outside")
        p.box("part", pygame.Rect(10, 10, 150, 20), fill=(10, 200, 10))

    rect = pygame.Rect(0, 0, 100, 50)
    for _ in range(2):
        items = DisplayList()
        painter = Painter(surface, cache, items)
        painter.kept("inside", rect, partial(inside, painter))
        painter.kept("outside", rect, partial(outside, painter))
        assert [item.role for item in items] == ["part", "part"]
        assert tuple(surface.get_at((20, 15)))[:3] == (10, 200, 10)
    assert calls == ["inside", "outside", "outside"]
