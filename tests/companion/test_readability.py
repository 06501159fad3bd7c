"""Readable from across the table: the shipped font, type floors, the to-do panel, the undo dialog.

Type size is checked as drawn: every text item records the cap height (the
inked height of "H") of the font it was rendered with, so a test reads the
real pixels' size rather than a size number whose meaning depends on the
font. Floors, from the panels' physical size:

- 800x480 on a 7-inch panel (5.25 px/mm): the prompt and the to-do panel at
  least 18 px (3.5 mm), everything else a player reads at least 13 px (2.5 mm).
- 480x320 on a 3.5-inch panel (6.5 px/mm): the prompt and the to-do panel at
  least 16 px, and everything else at least 16 px too, since 2.5 mm is 16 px
  there: the small panel shows fewer things instead of smaller ones.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pygame
import pytest

from companion.demo import DemoTable
from companion.games import registered_games
from companion.games.samurai_spirit_demo import DEMO_SAMURAI
from companion.i18n import LANGUAGES
from companion.screen_model import Screen
from companion.screens import DisplayList, TextCache, render
from companion.screens.display_list import BANNER_LAYER, BASE_LAYER
from companion.screens.render import render_todo
from companion.screens.samurai_spirit.gallery import sample_screens as play_sample_screens
from companion.screens.text import FONT_DIR

WIDE, COMPACT = (800, 480), (480, 320)
SIZES = [WIDE, COMPACT]
PRIMARY_CAP = {WIDE: 18, COMPACT: 16}
SECONDARY_CAP = {WIDE: 13, COMPACT: 16}
PRIMARY_ROLES = re.compile(r"^(prompt|todo)$")
EXEMPT_ROLES = re.compile(r"(^line$|:value$|:more$|:token:|:talent:|^village:absent-token:)")
"""Not held to the floor: the narration log (a secondary record, not where instructions live), numbers
printed on the small drawn cards and two-letter marks on token pills (sized to the card or pill they
belong to), and "+n" counts of cards or tokens left out."""
NO_ELLIPSIS_ROLES = re.compile(r"^(prompt|todo|option|notice|confirm:question|confirm:button:.*|samurai:[a-z]+:name"
                               r"|setup:seat:\d+:name)$")

LONG_STEPS = (
    "Remove one Barricade from the village and put it back in the box (4 left).",
    "Slide the top Raider card face down onto the Intruder stack without looking at it.",
    "Move Kyuzo's meeple back to 0 on the battle track and flip the board to the animal side.",
    "Put Kyuzo's first combat card (Plunderer 4, hat, no penalty) on the discard pile.",
)
GERMAN_STEP = ("Lege die oberste Eindringlingskarte verdeckt auf den Eindringlingsstapel und tippe sie an, "
               "bevor der nächste Samurai an der Reihe ist.")


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


@cache
def demo_screens(lang: str = "en") -> list[Screen]:
    """Every distinct frame a whole demo game draws, in order, in `lang`."""
    seen: dict[str, Screen] = {}
    table = DemoTable(Path("/nonexistent"), 3, "easy", DEMO_SAMURAI, state=_state_dir(), snapshots=False,
                      lang=lang)
    table.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment, return-value]
    table.set_up()
    table.play()
    return list(seen.values())


@cache
def sample_screens(players: int) -> dict[str, Screen]:
    """The gallery's sample screens, played once per player count for the whole file (frozen values)."""
    return play_sample_screens(players)


def _state_dir() -> Path:
    import tempfile

    return Path(tempfile.mkdtemp(prefix="readability-")) / "state"


def _board(todo: tuple[str, ...], size: tuple[int, int] = WIDE, kind: str = "board", **extra: object) -> Screen:
    base = sample_screens(4)["board" if kind == "board" else "round-end"]
    values = {**base.__dict__, "todo": todo, **extra}
    return Screen(**values)  # type: ignore[arg-type]


def check_type_floors(items: DisplayList, size: tuple[int, int], name: str) -> None:
    for item in items.find_all(kind="text"):
        if EXEMPT_ROLES.search(item.role):
            continue
        floor = PRIMARY_CAP[size] if PRIMARY_ROLES.match(item.role) else SECONDARY_CAP[size]
        assert item.cap >= floor, f"{name} {size}: {item.role} {item.text!r} has cap height {item.cap} < {floor}"
        assert item.rect[3] >= item.cap, f"{name} {size}: {item.role} {item.text!r} is squeezed into {item.rect[3]} px"
        if NO_ELLIPSIS_ROLES.match(item.role):
            cut = (item.text or "").endswith("...") and not str(item.value).endswith("...")
            assert not cut, f"{name} {size}: {item.role} cut: {item.text!r}"


def todo_texts(items: DisplayList) -> list[str]:
    """The to-do steps as drawn: each step's lines joined, in order (a bullet starts each step)."""
    steps: list[list[str]] = []
    for item in items.find_all("todo", kind="text"):
        if "first-line" in item.tags:
            steps.append([])
        steps[-1].append(item.text or "")
    return [" ".join(lines) for lines in steps]


# --- the font -------------------------------------------------------------------------------


def test_text_is_drawn_with_the_shipped_dejavu_font() -> None:
    cache = TextCache()
    assert (FONT_DIR / "DejaVuSans.ttf").is_file() and (FONT_DIR / "LICENSE.txt").is_file()
    assert cache.font_path("regular") == FONT_DIR / "DejaVuSans.ttf"
    # DejaVu Sans draws "H" 0.73 em tall; pygame's built-in font about 0.5 em.
    assert cache.cap_height(24) == 18
    for word in ("Daisuke", "Katsushiro", "Gorobei", "Fight", "Eindringlingskarte", "Défendre", "ŠŒ"):
        assert cache.font(20).size(word)[0] > 0


# --- floors over every frame of the demo, at both sizes ---------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_demo_frame_meets_the_type_floors(size: tuple[int, int], lang: str) -> None:
    """In every language: translated texts that do not fit their box would be cut or drawn too small."""
    screens = demo_screens(lang)
    assert len(screens) > 20 and all(screen.lang == lang for screen in screens[1:])
    surface = pygame.Surface(size)
    for n, screen in enumerate(screens):
        items = render(screen, surface)
        check_type_floors(items, size, f"{lang} demo frame {n} ({screen.kind}: {screen.title})")
        assert not items.outside(size), [(i.role, i.rect) for i in items.outside(size)[:3]]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_sample_screen_meets_the_type_floors(size: tuple[int, int]) -> None:
    for players in (2, 4, 7):
        for name, screen in sample_screens(players).items():
            check_type_floors(render(screen, pygame.Surface(size)), size, f"{players}p {name}")


# --- the to-do panel ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("kind", ["board", "round-end"])
@pytest.mark.parametrize("todo", [LONG_STEPS, (GERMAN_STEP,), (LONG_STEPS[0],), (*LONG_STEPS, GERMAN_STEP)],
                         ids=["four-long", "german", "one", "five"])
def test_todo_steps_are_shown_whole_in_large_type_paging_when_needed(
        size: tuple[int, int], kind: str, todo: tuple[str, ...]) -> None:
    shown: list[str] = []
    pages = None
    for page in range(8):
        items = render(_board(todo, size, kind, page=page), pygame.Surface(size))
        check_type_floors(items, size, f"todo page {page}")
        assert not items.outside(size)
        assert not items.overlapping(items.find_all(kind="text", layer=BASE_LAYER))
        marker = items.find("todo:page", kind="text")
        if marker is None:
            shown = todo_texts(items)
            break
        number, total = (int(x) for x in str(marker.text).split("/"))
        assert number == page % total + 1
        pages = total
        if page < total:
            shown.extend(todo_texts(items))
    assert shown == list(todo), (pages, shown)
    assert len(items.find_all("todo:bullet")) >= 1


@cache
def game_demo_screens(game: str, lang: str) -> list[Screen]:
    """Every distinct frame with to-do steps that a whole demo of `game` draws, in `lang`."""
    if game == "samurai-spirit":
        return [screen for screen in demo_screens(lang) if screen.todo]
    seen: dict[str, Screen] = {}
    table = DemoTable(Path("/nonexistent"), 3, game=game, setup={}, state=_state_dir(), snapshots=False, lang=lang)
    table.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment, return-value]
    table.set_up()
    table.play()
    return [screen for screen in seen.values() if screen.todo]


def todo_pages(screen: Screen, size: tuple[int, int]) -> list[DisplayList]:
    """The to-do panel as drawn on each of its pages, in order (one when it is not paged)."""
    surface = pygame.Surface(size)
    frames = []
    for page in range(40):
        items = render_todo(replace(screen, page=page), surface)
        frames.append(items)
        marker = items.find("todo:page", kind="text")
        if marker is None or page + 1 >= int(str(marker.text).split("/")[1]):
            return frames
    raise AssertionError("more than 40 pages")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", registered_games())
def test_no_todo_step_is_cut_or_split_in_any_game(game: str, size: tuple[int, int], lang: str) -> None:
    """Every step of every frame of every game's demo: drawn whole (no ellipsis, inside the panel), all of
    it on one page, the steps to do before what merely happened."""
    screens = game_demo_screens(game, lang)
    assert screens
    for n, screen in enumerate(screens):
        name = f"{game} {lang} {size} frame {n} ({screen.kind}: {screen.title})"
        frames = todo_pages(screen, size)
        pages_of: dict[int, set[int]] = {}
        lines_of: dict[int, list[str]] = {}
        order: list[str] = []
        for page, items in enumerate(frames):
            panel = items.find("todo:panel")
            if panel is None:
                assert size == COMPACT and screen.kind == "game-over" or screen.kind == "game-over", name
                break
            for item in items.find_all("todo", kind="text"):
                index = screen.todo.index(str(item.value))
                pages_of.setdefault(index, set()).add(page)
                lines_of.setdefault(index, []).append(item.text or "")
                assert panel.box.contains(item.box), f"{name}: {item.text!r} runs out of the panel"
                assert not (item.text or "").endswith("..."), f"{name}: cut {item.text!r}"
                if "first-line" in item.tags:
                    order.append("news" if "news" in item.tags else "do")
        else:
            assert sorted(pages_of) == list(range(len(screen.todo))), f"{name}: a step is missing"
            for index, pages in pages_of.items():
                assert len(pages) == 1, f"{name}: {screen.todo[index]!r} is split over pages {sorted(pages)}"
                assert " ".join(lines_of[index]).split() == screen.todo[index].split(), name
            assert order == sorted(order), f"{name}: a step to do comes after news: {order}"
            assert order.count("news") == screen.todo_news, name


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_panel_alone_is_drawn_as_in_the_whole_frame(size: tuple[int, int]) -> None:
    """`render_todo`, which the walk over every game uses, lays the panel out exactly as `render` does."""
    surface = pygame.Surface(size)
    for game in registered_games():
        for screen in game_demo_screens(game, "fr")[::7]:
            for page in (0, 1):
                framed = replace(screen, page=page)
                whole = [(i.role, i.rect, i.text, i.tags) for i in render(framed, surface).find_all(prefix="todo")]
                alone = [(i.role, i.rect, i.text, i.tags) for i in render_todo(framed, surface).find_all(prefix="todo")]
                assert whole == alone, (game, screen.title)


def test_a_short_todo_fits_one_page_on_both_sizes() -> None:
    for size in SIZES:
        items = render(_board(LONG_STEPS[:2], size), pygame.Surface(size))
        assert items.find("todo:page") is None
        assert todo_texts(items) == list(LONG_STEPS[:2])


def test_the_board_keeps_its_rows_beside_the_todo_at_800x480() -> None:
    items = render(_board(LONG_STEPS), pygame.Surface(WIDE))
    for name in ("kyuzo", "heihachi", "daisuke", "kikuchiyo"):
        assert items.find(f"samurai:{name}:name", kind="text") is not None


# --- buttons, banner, confirm ---------------------------------------------------------------------


def test_option_chips_at_480x320_are_big_enough_to_read() -> None:
    items = render(sample_screens(4)["board"], pygame.Surface(COMPACT))
    chips = items.find_all("option:row", kind="box")
    assert chips and all(chip.rect[3] >= 26 for chip in chips)
    assert all(item.cap >= 16 for item in items.find_all("option", kind="text"))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_refusal_banner_covers_neither_the_active_row_nor_the_first_step(size: tuple[int, int]) -> None:
    screen = _board(LONG_STEPS[:2], size, notice="Defend not possible yet: Daisuke must first choose Fight, "
                    "Support or Pass", notice_error=True)
    items = render(screen, pygame.Surface(size))
    banner = items.find("notice:banner", layer=BANNER_LAYER)
    assert banner is not None
    active = items.find(kind="box", tag="active", prefix="samurai:")
    first_step = items.find("todo", kind="text")
    assert first_step is not None and not banner.box.colliderect(first_step.box)
    if active is not None:
        assert not banner.box.colliderect(active.box)
    prompt = items.find("prompt", kind="text")
    assert prompt is not None and not banner.box.colliderect(prompt.box)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_undo_confirmation_shows_only_the_buttons_that_act(size: tuple[int, int]) -> None:
    screen = _board((), size, confirm="Undo Kyuzo's Support? Move Kyuzo's meeple back to 3.",
                    buttons=("support", "pass", "next", "ok", "undo"))
    items = render(screen, pygame.Surface(size))
    labels = [item.text for item in items.find_all(prefix="confirm:button:", kind="text")]
    assert labels == ["OK: undo", "Other: cancel"]
    assert not [item for item in items.find_all(prefix="button:", kind="text")]


# --- the screens' own words are messages --------------------------------------------------------


def test_screen_words_are_translatable_messages() -> None:
    from companion.i18n_extract import extract

    found = extract()
    for template in ("Confront", "Defend", "Support", "Pass", "Next", "OK", "Undo", "NOT SAVED", "OK: undo",
                     "Other: cancel", "Round {n}", "{n} Farmstead: +{n}\x00{n} Farmsteads: +{n}"):
        assert template in found, template
        assert any("companion/screens" in place for place in found[template]), template


def test_screen_words_follow_the_screens_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion import i18n

    fake = {"Undo": "Rückgängig", "NOT SAVED": "NICHT GESPEICHERT"}
    monkeypatch.setattr(i18n, "catalogue", lambda lang: fake if lang == "de" else {})
    screen = Screen(kind="message", title="Titel", buttons=("undo",), unsaved=True, lang="de")
    items = render(screen, pygame.Surface(WIDE))
    assert items.find("button:undo", kind="text").text == "Rückgängig"  # type: ignore[union-attr]
    assert items.find("unsaved", kind="text").text == "NICHT GESPEICHERT"  # type: ignore[union-attr]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("kind", ["board", "round-end", "game-over"])
def test_samurai_names_keep_their_rows_beside_a_long_todo(size: tuple[int, int], kind: str) -> None:
    """A long to-do panel never squeezes the Samurai rows until their names overlap."""
    base = sample_screens(4)[kind]
    screen = Screen(**{**base.__dict__, "todo": LONG_STEPS})  # type: ignore[arg-type]
    items = render(screen, pygame.Surface(size))
    names = [i for i in items.find_all(kind="text") if re.fullmatch(r"samurai:[a-z]+:name", i.role)]
    assert names or size == COMPACT, "at 800x480 the rows stay beside the to-do panel"
    for name in names:
        assert name.rect[3] >= name.cap, f"{kind} {size}: {name.text} is squeezed into {name.rect[3]} px"


@pytest.mark.parametrize("title", ["Turn 4: Red", "Round 12, trick 11: Yellow plays the last card of the round"])
def test_button_chips_at_480x320_show_every_word_whole(title: str) -> None:
    """Five chips with a game's own words do not fit beside the title on the small screen: they get a row of
    their own rather than being cut to "Ca..." and "Bu..."."""
    labels = (("confront", "Castle"), ("defend", "Buddha"), ("support", "Rice"))
    screen = Screen(kind="board", title=title, buttons=("confront", "defend", "support", "pass", "undo"),
                    button_labels=labels, todo=("Red plays the Switch.",), lang="en")
    for size in SIZES:
        items = render(screen, pygame.Surface(size))
        chips = [item for item in items.find_all(kind="text") if item.role.startswith("button:")]
        assert len(chips) == 5, size
        for chip in chips:
            assert chip.text == chip.value, f"{size}: chip {chip.role} cut to {chip.text!r}"
        assert not items.outside(size)
        boxes = [item.box for item in items.find_all(kind="box") if item.role.endswith(":chip")]
        assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), size
