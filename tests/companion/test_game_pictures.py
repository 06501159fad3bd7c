"""Every registered game has its pictures and label sheet in its own folder, the README shows them from there,
and scripts/pictures.py makes them (companion.commands.pictures). The registry is the list: nothing here names
the games it checks."""

from __future__ import annotations

import importlib.util
import re
import struct
from pathlib import Path

import pytest

from companion.commands.labels import label_sheet
from companion.commands.pictures import (
    PICTURES,
    SHEET,
    SIZES,
    game_folder,
    make_game,
    picture_paths,
    sheet_path,
)
from companion.games import registered_games
from engine.core.registry import REGISTRATION

ROOT = Path(__file__).resolve().parents[2]
RUN = "SDL_VIDEODRIVER=dummy .venv/bin/python scripts/pictures.py --game {game}"


def png_size(path: Path) -> tuple[int, int]:
    """A PNG file's width and height, from its header."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", f"{path} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


@pytest.mark.parametrize("game", registered_games())
def test_every_game_has_its_pictures_and_label_sheet_in_its_folder(game: str) -> None:
    folder = game_folder(game)
    assert folder.parent == ROOT / "games" and (folder / REGISTRATION).is_file(), folder
    for path, size in zip(picture_paths(game), SIZES, strict=True):
        assert path.parent == folder / PICTURES
        assert path.is_file(), f"{game} has no picture {path.relative_to(ROOT)}; run: {RUN.format(game=game)}"
        assert png_size(path) == size, f"{path.relative_to(ROOT)} is not {size[0]}x{size[1]}"
    assert sheet_path(game) == folder / PICTURES / SHEET and sheet_path(game).is_file()


def test_the_readme_shows_its_games_pictures_from_their_folders() -> None:
    """The README's table shows each game it links at both sizes from the game's folder; a game it does not
    list (a new one: its folder is its only edit) is found through the link to games/ (tests/test_docs.py)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](games/)" in readme, "README.md does not link games/, where every game is"
    listed = [game for game in registered_games() if f"]({game_folder(game).relative_to(ROOT).as_posix()}/)" in readme]
    assert listed, "README.md's games table links no game's folder"
    for game in listed:
        for path in picture_paths(game):
            assert f"]({path.relative_to(ROOT).as_posix()})" in readme, f"README.md does not show {path.name}"
    shown = set(re.findall(r"\]\((games/[^)]+\.png)\)", readme))
    made = {path.relative_to(ROOT).as_posix() for game in listed for path in picture_paths(game)}
    assert shown == made, f"README.md shows pictures no game's folder makes: {sorted(shown - made)}"


def test_the_command_makes_a_games_pictures_and_its_current_sheet(tmp_path: Path) -> None:
    import pygame

    pygame.font.init()
    game = registered_games()[-1]
    written = make_game(game, tmp_path / "work", tmp_path / "out")
    assert [path.name for path in written] == [*(path.name for path in picture_paths(game)), SHEET]
    assert [png_size(path) for path in written[:-1]] == list(SIZES)
    assert written[-1].read_text(encoding="utf-8") == label_sheet(game, "en")
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == sorted(path.name for path in written)


def test_a_game_registered_outside_games_has_its_own_folder(higher: str) -> None:
    """The folder is found from the registration (the Game class's package), not from the games/ folder."""
    folder = game_folder(higher)
    assert (folder / REGISTRATION).is_file() and folder.is_relative_to(ROOT / "tests")
    assert picture_paths(higher)[0] == folder / PICTURES / f"{higher}-800x480.png"


def test_the_script_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("pictures_script", ROOT / "scripts" / "pictures.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main(["--game", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
