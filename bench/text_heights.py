"""Smallest text on screen: the cap height of every text drawn in a whole demo game.

    SDL_VIDEODRIVER=dummy python bench/text_heights.py

Plays the demo game in each language, renders every distinct frame at 800x480
and 480x320, and prints per language, size and screen kind the smallest cap
height (the height of a capital H, in pixels) of the prompt and the to-do
panel, and of every other text a player reads (the narration log and small
counters on card pictures are left out, as in tests/companion/test_readability.py).
The floors the tests hold: 18/13 px at 800x480, 16/16 px at 480x320.
"""

from __future__ import annotations

import re
import tempfile
from collections import defaultdict
from pathlib import Path

import pygame

from companion.harness.demo import DemoTable
from companion.i18n import LANGUAGES
from companion.screen_model import Screen
from companion.screens import render
from games.samurai_spirit.app.demo import DEMO_SAMURAI

SIZES = ((800, 480), (480, 320))
PRIMARY = re.compile(r"^(prompt|todo)$")
EXEMPT = re.compile(r"(^line$|:value$|:more$|:token:|:talent:|^village:absent-token:)")


def demo_frames(lang: str) -> list[Screen]:
    seen: dict[str, Screen] = {}
    state = Path(tempfile.mkdtemp(prefix="text-heights-")) / "state"
    table = DemoTable(Path("/nonexistent"), 3, "easy", DEMO_SAMURAI, state=state, snapshots=False, lang=lang)
    table.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment, return-value]
    table.set_up()
    table.play()
    return list(seen.values())


def main() -> None:
    pygame.font.init()
    print("command: SDL_VIDEODRIVER=dummy python bench/text_heights.py")
    print("smallest cap height in px: prompt+to-do / everything else, per screen kind")
    for lang in LANGUAGES:
        frames = demo_frames(lang)
        for size in SIZES:
            surface = pygame.Surface(size)
            low: dict[str, list[int]] = defaultdict(lambda: [999, 999])
            for screen in frames:
                for item in render(screen, surface).find_all(kind="text"):
                    if EXEMPT.search(item.role):
                        continue
                    slot = 0 if PRIMARY.match(item.role) else 1
                    low[screen.kind][slot] = min(low[screen.kind][slot], item.cap)
            cells = ", ".join(f"{kind} {p if p < 999 else '-'}/{o if o < 999 else '-'}"
                              for kind, (p, o) in sorted(low.items()))
            print(f"{lang} {size[0]}x{size[1]} ({len(frames)} frames): {cells}")


if __name__ == "__main__":
    main()
