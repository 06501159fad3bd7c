"""Make the census pictures in docs/: the device's census at both sizes, in English, as
docs/owners/teaching-your-box.md shows them.

Run from the repository root with the project installed, after changing
what the census screen looks like:

    SDL_VIDEODRIVER=dummy .venv/bin/python scripts/census_pictures.py

The real app (laptop tags, a scratch state folder) opens "Teach it your box"
from its first menu; a Raider card with a tag nobody enrolled is tapped and
said to show a 3 and a hat: the frame asks for its penalty, the three shipped
cards that fit offered first (OK takes the highlighted one), the answers after them.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from companion.app import App
from companion.app.assembly import build_app
from companion.runtime.config import Config
from companion.screens import snapshot
from drivers.events import ButtonPressed, CardPlaced

DOCS = Path(__file__).resolve().parents[1] / "docs"
SIZES = ((800, 480), (480, 320))


def pick(app: App, option: str) -> None:
    """Next until `option` is highlighted, then OK."""
    options, selected = app.offered()
    for _ in range((options.index(option) - selected) % len(options)):
        app.handle(ButtonPressed("next", app.clock()))
    app.handle(ButtonPressed("ok", app.clock()))


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        state = Path(folder)
        app, _ = build_app(Config(state_dir=state), state, mock=True, game="samurai-spirit", lang="en")
        app.start()
        pick(app, "census")
        for target in ("card:1-hat-wound", "card:3-doll-wound", "samurai:kyuzo"):
            app.handle(CardPlaced(app.tags.uid_for(target) or "", "mock", app.clock()))
            pick(app, "confirm")
        app.handle(CardPlaced("04A1B2C3D4E5F6", "mock", app.clock()))
        for option in ("kind:card", "ans:3", "ans:hat"):
            pick(app, option)
        app.notice = None
        screen = app.screen()
        for width, height in SIZES:
            path = DOCS / f"census-{width}x{height}.png"
            snapshot(screen, (width, height), path)
            print(f"wrote {path.relative_to(DOCS.parent)}")


if __name__ == "__main__":
    main()
