"""Make every registered game's pictures and label sheet in its own folder, and the platform's pictures in docs/.

Run from the repository root with the project installed, after changing what a screen or a button's word looks
like, or after adding a game:

    SDL_VIDEODRIVER=dummy .venv/bin/python scripts/pictures.py
    SDL_VIDEODRIVER=dummy .venv/bin/python scripts/pictures.py --game tenno

For each game (the registry is the list; `--game NAME`, repeatable, for only those): its decision screen at
800x480 and 480x320 and its English label sheet, in `games/<package>/pictures/` (companion.commands.pictures says
how the frame is chosen). Without `--game`, also one game's screen in each language in docs/ (shown by
docs/players/the-screen.md). The census pictures are scripts/census_pictures.py's. Writes nothing elsewhere.
"""

from __future__ import annotations

import argparse
import sys

from companion.commands.pictures import make
from companion.games import registered_games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make each game's pictures and label sheet in its folder.")
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: every registered "
                                                         "game, and the language pictures in docs/)")
    args = parser.parse_args(argv)
    unknown = [game for game in args.game or () if game not in registered_games()]
    if unknown:
        print(f"pictures: unknown game {unknown[0]!r}; known games: {', '.join(registered_games())}",
              file=sys.stderr)
        return 2
    try:
        written = make(args.game)
    except LookupError as exc:
        print(f"pictures: {exc}", file=sys.stderr)
        return 1
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
