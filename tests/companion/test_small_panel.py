"""The 3.5-inch panel's defects, each at the moment a table met it (issue: "The 3.5-inch screen and the first
hour"), through the demo games' own frames at 480x320.

- the question the table must answer was paged away whenever steps or narration took the panel: Samurai
  Spirit's Kiai and first turn, Trick Raiders' revoke, Tenno's Monk-or-Pass and second attack, Knizia's
  Samurai in German;
- Tenno with seven players in German showed two of seven seats on every to-do page;
- the game-over lines were cut ("Winning with 1 life c...");
- the unused absent-Samurai tokens were 9 px capitals ("Ki Ks Go Kb");
- with seven Samurai the village counts vanished while a step showed.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import pygame
import pytest

from companion.harness.demo import DemoTable
from companion.screen_model import Screen
from companion.screens import render
from companion.screens.render import render_todo
from games.samurai_spirit.app.screens.gallery import sample_screens
from tests.companion.frame_checks import (
    COMPACT,
    SECONDARY_CAP,
    SIZES,
    check_nothing_cut,
    check_question,
    check_seats,
)


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


@cache
def demo(game: str, lang: str, players: int = 0) -> tuple[Screen, ...]:
    """Every distinct frame of `game`'s demo in `lang` (with `players` where the game takes a count)."""
    import tempfile

    state = Path(tempfile.mkdtemp(prefix="small-panel-")) / "state"
    seen: dict[str, Screen] = {}
    table = DemoTable(state.parent, 3, game=game, setup={"players": players} if players else {}, state=state,
                      snapshots=False, lang=lang)
    table.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment, return-value]
    table.set_up()
    table.play()
    return tuple(screen for screen in seen.values() if screen.lang == lang)


def waiting(game: str, lang: str, kind: str) -> list[Screen]:
    """The frames of the demo that wait for a decision of `kind` (the engine's prompt kind)."""
    return [screen for screen in demo(game, lang)
            if ((screen.view or {}).get("pending") or {}).get("kind") == kind]


@pytest.mark.parametrize(("game", "lang", "kind"), [
    ("samurai-spirit", "en", "kiai"),
    ("samurai-spirit", "en", "action"),
    ("trick-raiders", "en", "revoke"),
    ("tenno", "en", "monk"),
    ("tenno", "en", "second-attack"),
    ("samurai-knizia", "de", "turn"),
    ("samurai-knizia", "de", "capture"),
])
def test_the_question_stays_on_the_small_panel_whatever_the_steps(game: str, lang: str, kind: str) -> None:
    """Every frame waiting for that decision shows its prompt whole and its options, on every page of its steps."""
    frames = waiting(game, lang, kind)
    assert frames, f"the demo never asks {kind}"
    surface = pygame.Surface(COMPACT)
    for n, screen in enumerate(frames):
        for page in range(3):
            check_question(render(replace(screen, page=page), surface), screen, f"{game} {kind} frame {n} page {page}")


def test_the_first_turn_says_to_turn_over_the_raider_card() -> None:
    first = waiting("samurai-spirit", "en", "action")[0]
    items = render(first, pygame.Surface(COMPACT))
    prompt = " ".join(item.text or "" for item in items.find_all("prompt", kind="text"))
    assert "turn over the top Raider card and tap it" in prompt and first.todo
    assert items.find("todo:panel") is not None, "and the set-up steps beside it"


def test_seven_tenno_seats_in_german_on_every_page_of_the_steps() -> None:
    frames = [screen for screen in demo("tenno", "de", 7) if screen.todo and screen.kind == "board"]
    assert len(frames) > 20
    surface = pygame.Surface(COMPACT)
    for n, screen in enumerate(frames):
        pages = 1
        page = 0
        while page < pages:
            shown = replace(screen, page=page)
            items = render(shown, surface)
            check_seats(items, shown, COMPACT, f"frame {n} page {page}")
            mark = render_todo(shown, surface).find("todo:page", kind="text")
            pages = int(mark.value or 1) if mark is not None else 1
            page += 1


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("game", ["trick-raiders", "tenno", "samurai-knizia", "samurai-spirit"])
def test_the_game_over_lines_are_whole(game: str, lang: str) -> None:
    """"Winning with 1 life c...", "Victoire av...", "Grün gewinn...": the game over's lines at both sizes."""
    over = demo(game, lang)[-1]
    assert over.kind == "game-over"
    drawn = 0
    for size in SIZES:
        items = render(over, pygame.Surface(size))
        check_nothing_cut(items, f"{game} {lang} {size}")
        lines = " ".join(" ".join(item.text or "" for item in items.find_all("line", kind="text")).split())
        # The narration's result line whole where it is drawn (on 480x320 a result too tall for it keeps the room).
        drawn += " ".join(over.lines[0].split()) in lines
    assert drawn, f"{game} {lang}: the result line is drawn whole nowhere"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_absent_samurais_tokens_are_named_whole_at_the_readable_size(size: tuple[int, int]) -> None:
    board = sample_screens(2)["board"]
    assert board.view is not None
    absent = ["kikuchiyo", "katsushiro", "gorobei", "kanbei"]
    screen = replace(board, view={**board.view, "absent_tokens": absent})
    items = render(screen, pygame.Surface(size))
    for name in absent:
        token = items.find(f"village:absent-token:{name}", kind="text")
        assert token is not None and token.text == name.capitalize(), f"{name}: {token and token.text!r}"
        assert token.cap >= SECONDARY_CAP[size], f"{name}: {token.cap} px capitals"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_seven_samurai_keep_the_village_counts_and_the_question_beside_a_step(lang: str) -> None:
    """The village's counts, the question and the step together (the one to act keeps its facts; the other
    Samurai are named), where the step used to take the question's room, or the counts' (German)."""
    board = replace(sample_screens(7)["board"], lang=lang)
    for step in ("Remove one Barricade (4 left).",
                 "Put Plunderer 4, hat on the discard pile; Kyuzo's turn begins."):
        items = render(replace(board, todo=(step,)), pygame.Surface(COMPACT))
        for count in ("village:barricades", "village:farmsteads", "village:families"):
            assert items.find(count, kind="text") is not None, f"{count} gone beside {step!r}"
        assert items.find("todo:panel") is not None
        check_question(items, board, f"{lang} {step}")
        check_seats(items, board, COMPACT, f"{lang} {step}")
