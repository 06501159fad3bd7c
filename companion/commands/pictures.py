"""Each game's pictures and label sheet, made in its own folder from the registry.

The command is `scripts/pictures.py` (run in a checkout: it writes the
repository's files, so it is no `companion` subcommand of an installed
table); the tests read where the files are from here.

A game is one folder (`games/<package>/`): beside its rules, app part and
page (`README.md`) it holds, in `pictures/`,

    <name>-800x480.png, <name>-480x320.png   its decision screen at both panel sizes (the README shows them)
    labels.svg                               its English label sheet (`companion labels`, to print)

The registry is the list: every registered game gets them, a new game with
no edit anywhere, and the game's folder is the one the registry registered
it from (`GameEntry.folder`), so nothing here names a game. The platform's own pictures (a screen in each language, the
census, the statistics, the phone) stay in `docs/`.

A game's pictures come from its demo (seed 3) played through the real app
loop: the first frame that asks the table a question it answers with the
buttons (a choice of two or more, or a button besides Next, OK and Undo: Pass
at Tenno's Monk, a caste in Knizia's Samurai) beside its to-do panel, so the
picture shows the question line, the steps and every seat together.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from companion.screen_model import Screen
from engine.core.registry import entry

PICTURES = "pictures"
"""A game's folder for its pictures and label sheet."""
SHEET = "labels.svg"
SIZES = ((800, 480), (480, 320))
"""The panel sizes a game is pictured at (companion.harness.demo.SIZES, without importing pygame here)."""
DOCS = Path(__file__).resolve().parents[2] / "docs"
LANGUAGE_GAME = "samurai-spirit"
"""The game shown in each language in docs/ (the flagship, the most words on its screens)."""
ANSWERED = ("next", "ok", "undo")
"""The buttons every question has; a question answered with another, or a choice of two or more, is a decision."""


def game_folder(game: str) -> Path:
    """The folder of the registered `game`, as the registry registered it (`register_folder`)."""
    folder = entry(game).folder
    if folder is None:
        raise LookupError(f"{game}: registered by hand, not from a folder (engine.core.registry.register_folder)")
    return folder


def picture_name(game: str, size: tuple[int, int]) -> str:
    return f"{game}-{size[0]}x{size[1]}.png"


def picture_paths(game: str) -> tuple[Path, ...]:
    """Where `game`'s pictures are, one per size in SIZES."""
    return tuple(game_folder(game) / PICTURES / picture_name(game, size) for size in SIZES)


def sheet_path(game: str) -> Path:
    """Where `game`'s English label sheet is."""
    return game_folder(game) / PICTURES / SHEET


def _frames(game: str, lang: str, out: Path) -> list[Screen]:
    """Every distinct frame of `game`'s demo in `lang`, in order."""
    from companion.harness.demo import DemoTable

    seen: dict[str, Screen] = {}

    def keep(screen: Screen) -> None:
        seen.setdefault(repr(screen), screen)

    table = DemoTable(out, 3, game=game, setup={}, state=out / f"{game}-{lang}", snapshots=False, lang=lang)
    table.loop.draw = keep
    table.set_up()
    table.play()
    return [screen for screen in seen.values() if screen.lang == lang]


def decision(shown: Sequence[Screen]) -> Screen:
    """The first frame of play that waits for a decision the buttons answer, with its to-do panel (steps to do
    or what just happened) and nothing over it (no notice, no question of the app's own)."""
    for screen in shown:
        pending = (screen.view or {}).get("pending")
        asked = len(screen.options) > 1 or set(screen.buttons) - set(ANSWERED)
        steps = bool(screen.todo)
        if screen.kind == "board" and pending and asked and steps and not screen.notice and not screen.confirm:
            return screen
    raise LookupError("the demo never asks the table a decision with steps to do")


def _snapshots(screen: Screen, stem: Path) -> list[Path]:
    """`screen` at every size in SIZES, as `<stem>-<width>x<height>.png`."""
    from companion.screens import snapshot

    written = []
    for size in SIZES:
        path = stem.parent / f"{stem.name}-{size[0]}x{size[1]}.png"
        snapshot(screen, size, path)
        written.append(path)
    return written


def make_game(game: str, work: Path, folder: Path | None = None) -> list[Path]:
    """Write `game`'s pictures and label sheet in its folder's `pictures/` (or in `folder`); `work` holds the
    demo's state."""
    from companion.commands.labels import label_sheet

    folder = folder or game_folder(game) / PICTURES
    folder.mkdir(parents=True, exist_ok=True)
    try:
        screen = decision(_frames(game, "en", work))
    except LookupError as exc:
        raise LookupError(f"{game}: {exc}") from exc
    written = _snapshots(screen, folder / game)
    sheet = folder / SHEET
    sheet.write_text(label_sheet(game, "en"), encoding="utf-8")
    return [*written, sheet]


def make_languages(work: Path, docs: Path = DOCS) -> list[Path]:
    """Write the platform's pictures of one game's screen in each language in `docs` (board-<lang>-<size>.png,
    shown by docs/players/the-screen.md)."""
    from companion.i18n import LANGUAGES

    written = []
    for lang in LANGUAGES:
        written += _snapshots(decision(_frames(LANGUAGE_GAME, lang, work)), docs / f"board-{lang}")
    return written


def make(games: Iterable[str] | None = None) -> list[Path]:
    """Every registered game's pictures and label sheet in its folder, and the platform's language pictures;
    with `games`, those games' only."""
    import pygame

    from companion.games import registered_games

    pygame.font.init()
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as temporary:
        work = Path(temporary)
        for game in registered_games() if games is None else games:
            written += make_game(game, work)
        if games is None:
            written += make_languages(work)
    return written
