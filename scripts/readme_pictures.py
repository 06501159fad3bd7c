"""Make the README's screen pictures in docs/ from the demo: every game at both sizes, and the four languages.

Run from the repository root with the project installed, after changing
what a screen looks like:

    SDL_VIDEODRIVER=dummy .venv/bin/python scripts/readme_pictures.py

Each picture is one of the demo's named snapshots (`companion demo` saves
the same ones in demo-out/), so the README shows what the demo shows.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import shutil
import sys
import tempfile
from pathlib import Path

from companion.games import registered_games
from companion.harness.demo import run

DOCS = Path(__file__).resolve().parents[1] / "docs"
SHOWN = {
    "samurai-spirit": "round-2",
    "samurai-knizia": "capture",
    "tenno": "monk",
    "trick-raiders": "declare",
}
"""Each game's snapshot for the README: a moment of play with its own words on the button strip."""
LANGUAGES_SHOWN = ("en", "de", "fr", "nl")


def snapshots(game: str, lang: str, out: Path) -> dict[str, Path]:
    """The demo's snapshots of `game` in `lang`, by "<name>-<width>x<height>"."""
    folder = out / f"{game}-{lang}"
    args = argparse.Namespace(seed=3, game=game, setup=None, state_dir=None, no_snapshots=False, pace=0.0,
                              lang=lang, out=str(folder))
    with contextlib.redirect_stdout(io.StringIO()):
        code = run(args)
    if code != 0:
        raise SystemExit(f"the {game} demo failed")
    return {path.stem.split("-", 1)[1]: path for path in folder.glob("*.png")}


def main() -> int:
    missing = set(SHOWN) ^ set(registered_games())
    if missing:
        print(f"readme_pictures: choose a snapshot for {', '.join(sorted(missing))} in SHOWN", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as temporary:
        out = Path(temporary)
        for game, name in SHOWN.items():
            shots = snapshots(game, "en", out)
            for size in ("800x480", "480x320"):
                shutil.copyfile(shots[f"{name}-{size}"], DOCS / f"{game}-{size}.png")
        for lang in LANGUAGES_SHOWN:
            shots = snapshots("samurai-spirit", lang, out)
            shutil.copyfile(shots[f"{SHOWN['samurai-spirit']}-800x480"], DOCS / f"board-{lang}-800x480.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
