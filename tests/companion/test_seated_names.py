"""The names chosen at seating are on the play screens and the game over, beside each seat, never cut.

Who sat where is the journal header's notes (`people`, companion.players.recorded); the app hands them to
the screens (Screen.people) and every seat row, chip and result line says the seat, then the person ("Red
· Ann"), where there is room for every one of them: a seat's word is never given up for a name, and a
name never cut.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion.games import registered_games
from companion.harness.demo import DemoTable
from companion.players.recorded import PEOPLE
from companion.screen_model import Screen
from companion.screens import render
from companion.screens.painter import seat_label
from tests.companion.frame_checks import PLAY_KINDS, SIZES, check_nothing_cut, check_seats

NAMES = ("Ann", "Ben", "Chloé", "Daan", "Emma", "Finn", "Greta")


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


def seated_game(tmp_path: Path, game: str, lang: str) -> tuple[DemoTable, list[Screen]]:
    """A demo game of `game` whose seats were named at seating (as the set-up writes the journal's notes), and
    every distinct frame it drew."""
    seen: dict[str, Screen] = {}
    table = DemoTable(tmp_path, 3, game=game, setup={}, state=tmp_path / "state", snapshots=False, lang=lang)
    table.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment, return-value]
    table.set_up()
    match = table.app.match
    assert match is not None
    view = match.play.public_view()
    seats = [str(s["name"]) for s in view.get("samurai", view.get("players", []))]
    match.notes = {PEOPLE: {seat: {"id": f"p-{n}", "name": NAMES[n]} for n, seat in enumerate(seats)}}
    table.play()
    return table, list(seen.values())


@pytest.mark.parametrize("game", registered_games())
def test_every_seat_says_who_sits_there_on_the_play_screens_and_the_game_over(tmp_path: Path, game: str) -> None:
    table, frames = seated_game(tmp_path, game, "de")
    played = [screen for screen in frames if screen.people and screen.kind in PLAY_KINDS]
    assert played and played[0].people == tuple((seat, NAMES[n]) for n, (seat, _) in enumerate(played[0].people))
    for size in SIZES:
        surface = pygame.Surface(size)
        named = 0
        seen: set[str] = set()
        for n, screen in enumerate(played):
            items = render(screen, surface)
            name = f"{game} {size} frame {n}"
            check_seats(items, screen, size, name)
            check_nothing_cut(items, name)
            texts = [item.text or "" for item in items.find_all(kind="text")]
            people = [person for seat, person in screen.people if seat_label_drawn(texts, person)]
            named += len(people) == len(screen.people)
            seen.update(people)
        # Every seat's person on nearly every frame of 800x480; on 480x320, where the seats' chips have no room
        # for every name, the one to act's at least, in its chip or the title, so every person by turns.
        assert size != SIZES[0] or named > len(played) * 2 // 3, f"{game}: named on {named} of {len(played)} frames"
        assert seen == {person for _, person in played[0].people}, (game, size, seen)
    over = table.app.screen()
    assert over.kind == "game-over" and over.people
    for size in SIZES:
        texts = " ".join(item.text or "" for item in render(over, pygame.Surface(size)).find_all(kind="text"))
        assert all(person in texts for _, person in over.people), (game, size, texts)


def seat_label_drawn(texts: list[str], person: str) -> bool:
    """Whether a text drawn says a seat with `person` after it ("Red · Ann"), whole."""
    return any(text.endswith(f" · {person}") or f" · {person}:" in text for text in texts)


def test_a_seat_says_its_person_after_its_word() -> None:
    """The one form every screen uses (the resume screen's list of seats may call it too)."""
    assert seat_label("Rot", "Ann") == "Rot · Ann" and seat_label("Kyuzo", None) == "Kyuzo"


def test_a_name_too_long_for_every_seat_leaves_the_seats_words_whole(tmp_path: Path) -> None:
    """The widest name the player book takes (14 ems) on seven Tenno seats at 480x320: no seat word nor name is
    cut; the names go where they do not fit."""
    _, frames = seated_game(tmp_path, "tenno", "fr")
    screen = next(s for s in frames if s.kind == "board" and s.people)
    wide = tuple((seat, "WWWWWWWWWWWW") for seat, _ in screen.people)
    for size in SIZES:
        items = render(Screen(**{**screen.__dict__, "people": wide}), pygame.Surface(size))
        check_seats(items, screen, size, f"{size}")
        check_nothing_cut(items, f"{size}")
