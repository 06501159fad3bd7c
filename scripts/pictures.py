"""Make the screen pictures in docs/ from the demos: every game's decision screen at both sizes (README.md shows
them), and the four languages (docs/players/the-screen.md).

Run from the repository root with the project installed, after changing
what a screen looks like:

    SDL_VIDEODRIVER=dummy .venv/bin/python scripts/readme_pictures.py

Every registered game is shown (the registry is the list; a new game gets its pictures with no edit here): its
demo (seed 3) is played through the real app loop, and the picture is the first frame that asks the table a
question it answers with the buttons (a choice of two or more, or a button besides Next, OK and Undo: Pass at
Tenno's Monk, a caste in Knizia's Samurai) beside its to-do panel, so the picture shows the question line, the
steps and every seat together.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pygame

from companion.games import registered_games
from companion.harness.demo import SIZES, DemoTable
from companion.i18n import LANGUAGES
from companion.screen_model import Screen
from companion.screens import snapshot

DOCS = Path(__file__).resolve().parents[1] / "docs"
LANGUAGE_GAME = "samurai-spirit"
"""The game shown in each language (the flagship, the most words on its screens)."""
ANSWERED = ("next", "ok", "undo")
"""The buttons every question has; a question answered with another, or a choice of two or more, is a decision."""


def frames(game: str, lang: str, out: Path) -> list[Screen]:
    """Every distinct frame of `game`'s demo in `lang`, in order."""
    seen: dict[str, Screen] = {}
    table = DemoTable(out, 3, game=game, setup={}, state=out / f"{game}-{lang}", snapshots=False, lang=lang)
    table.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment, return-value]
    table.set_up()
    table.play()
    return [screen for screen in seen.values() if screen.lang == lang]


def decision(shown: list[Screen]) -> Screen:
    """The first frame of play that waits for a decision the buttons answer, with its to-do panel (steps to do
    or what just happened) and nothing over it (no notice, no question of the app's own)."""
    for screen in shown:
        pending = (screen.view or {}).get("pending")
        asked = len(screen.options) > 1 or set(screen.buttons) - set(ANSWERED)
        steps = bool(screen.todo)
        if screen.kind == "board" and pending and asked and steps and not screen.notice and not screen.confirm:
            return screen
    raise SystemExit("readme_pictures: the demo never asks the table a decision with steps to do")


def main() -> int:
    pygame.font.init()
    with tempfile.TemporaryDirectory() as temporary:
        out = Path(temporary)
        for game in registered_games():
            screen = decision(frames(game, "en", out))
            for size in SIZES:
                snapshot(screen, size, DOCS / f"{game}-{size[0]}x{size[1]}.png")
        for lang in LANGUAGES:
            screen = decision(frames(LANGUAGE_GAME, lang, out))
            for size in SIZES:
                snapshot(screen, size, DOCS / f"board-{lang}-{size[0]}x{size[1]}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
