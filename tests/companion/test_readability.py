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

from companion.buttons_layout import DEFAULT_ORDER
from companion.games import registered_games
from companion.harness.demo import DemoTable
from companion.i18n import LANGUAGES
from companion.screen_model import Screen
from companion.screens import DisplayList, TextCache, render
from companion.screens.display_list import BANNER_LAYER, BASE_LAYER
from companion.screens.layout import Metrics
from companion.screens.render import render_todo
from companion.screens.text import FONT_DIR
from games.samurai_spirit.app.demo import DEMO_SAMURAI
from games.samurai_spirit.app.screens.gallery import sample_screens as play_sample_screens
from tests.companion.frame_checks import (
    COMPACT,
    PLAY_KINDS,
    SECONDARY_CAP,
    SIZES,
    WIDE,
    check_nothing_cut,
    check_question,
    check_seats,
    check_type_floors,
    seats_of,
    todo_texts,
)

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


# --- the font -------------------------------------------------------------------------------


def test_a_wrap_once_worked_out_is_not_measured_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Layouts wrap the same steps at the same widths many times a frame (trying sizes and panel heights)."""
    cache = TextCache()
    first = cache.wrap(GERMAN_STEP, 21, 300, "condensed")
    measured: list[str] = []
    real = TextCache.measure
    monkeypatch.setattr(TextCache, "measure", lambda self, text, *a: measured.append(text) or real(self, text, *a))
    assert cache.wrap(GERMAN_STEP, 21, 300, "condensed") == first and len(first) > 1 and not measured
    assert cache.wrap(GERMAN_STEP, 21, 200, "condensed") != first and measured


def test_text_is_drawn_with_the_shipped_dejavu_font() -> None:
    cache = TextCache()
    assert (FONT_DIR / "DejaVuSans.ttf").is_file() and (FONT_DIR / "LICENSE.txt").is_file()
    assert cache.font_path("regular") == FONT_DIR / "DejaVuSans.ttf"
    # DejaVu Sans draws "H" 0.73 em tall; pygame's built-in font about 0.5 em.
    assert cache.cap_height(24) == 18
    for word in ("Daisuke", "Katsushiro", "Gorobei", "Fight", "Eindringlingskarte", "Défendre", "ŠŒ"):
        assert cache.font(20).size(word)[0] > 0


# --- floors over every frame of the demo, at both sizes ---------------------------------------


@cache
def all_frames(game: str, lang: str) -> tuple[Screen, ...]:
    """Every distinct frame a whole demo of `game` draws in `lang`, played once for the whole file."""
    if game == "samurai-spirit":
        return tuple(demo_screens(lang))
    return game_frames(game, lang)


def check_notice(items: DisplayList, name: str) -> None:
    """A notice over nothing the table reads: no seat, no step, no prompt."""
    banner = items.find("notice:banner", layer=BANNER_LAYER)
    if banner is None:
        return
    kept = [item for item in items.find_all(kind="box", tag="seat", layer=BASE_LAYER)]
    kept += items.find_all("todo", kind="text") + items.find_all("prompt", kind="text")
    covered = [(item.role, item.text) for item in kept if banner.box.colliderect(item.box)]
    assert not covered, f"{name}: the notice lies over {covered[:3]}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", registered_games())
def test_every_frame_keeps_the_strip_every_seat_and_no_notice_over_them(game: str, size: tuple[int, int],
                                                                       lang: str) -> None:
    """Over every frame a whole demo of each game draws, in every language and at both sizes, each drawn
    once: the type floors, nothing outside the frame, the title whole; the strip in place (seven slots in
    the buttons' order, the same places on every frame, each word whole and lit exactly when its button
    acts); every seat's row or chip on every play screen; and a notice over no seat, step or prompt. (The
    steps themselves, page by page, are walked by test_no_todo_step_is_cut_or_split_in_any_game.)"""
    frames = [screen for screen in all_frames(game, lang) if screen.lang == lang]
    assert len(frames) > 20
    surface = pygame.Surface(size)
    words = expected_words(game, lang)
    places = set()
    played = notices = 0
    for n, screen in enumerate(frames):
        items = render(screen, surface)
        name = f"{game} {lang} {size} frame {n} ({screen.kind}: {screen.title})"
        check_type_floors(items, size, name)
        assert not items.outside(size), [(i.role, i.rect) for i in items.outside(size)[:3]]
        check_nothing_cut(items, name)
        title = " ".join(item.text or "" for item in items.find_all("title", kind="text"))
        # Whole (on two lines if it must), or, on 480x320, its bar lent to the steps, the question or a notice.
        assert title.split() == screen.title.split() or not title and size == COMPACT, name
        places.add(check_strip(items, screen, size, words, name))
        if screen.kind in PLAY_KINDS and seats_of(screen):
            check_seats(items, screen, size, name)
            check_question(items, screen, name)
            played += 1
        if screen.notice:
            check_notice(items, name)
            notices += 1
    assert len(places) == 1, f"{game} {lang} {size}: the strip's slots move between frames"
    assert played > 10 and notices, (played, notices)


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
    return [screen for screen in all_frames(game, lang) if screen.todo]


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
    it on one page, the steps to do before what merely happened. The exceptions are 480x320's: under a
    notice the steps may wait the seconds it shows, and a step taller than all the room the question and the
    seats leave runs on over pages, alone on each, its lines in order."""
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
                assert screen.kind == "game-over" or size == COMPACT and screen.notice, name
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
                alone = all(not others & pages for other, others in pages_of.items() if other != index)
                assert len(pages) == 1 or size == COMPACT and alone and panel.rect[3] >= 2 * 26, \
                    f"{name}: {screen.todo[index]!r} is split over pages {sorted(pages)}"
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


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_paged_todo_panel_is_no_taller_than_its_tallest_page(size: tuple[int, int]) -> None:
    """Paged steps leave the room their tallest page does not need to the board (the Samurai rows had
    shrunk to the floor under a panel half empty on every page)."""
    line = Metrics.for_size(size).line_height(Metrics.for_size(size).text_size)
    paged = 0
    for screen in game_demo_screens("samurai-spirit", "nl"):
        pages = todo_pages(screen, size)
        panel = pages[0].find("todo:panel")
        if len(pages) < 2 or panel is None:
            continue
        paged += 1
        # Under the fullest page's last line: its page mark at most (which may need a line of its own).
        fullest = max(item.box.bottom for items in pages for item in items.find_all("todo", kind="text"))
        assert panel.box.bottom - fullest < 1.5 * line, (screen.title, screen.todo, panel.rect, fullest)
    assert paged > 5


def test_a_short_todo_fits_one_page_on_both_sizes() -> None:
    """Two long steps beside the question on 800x480; one on 480x320, where the question keeps its room."""
    for size, steps in ((WIDE, LONG_STEPS[:2]), (COMPACT, LONG_STEPS[:1])):
        items = render(_board(steps, size), pygame.Surface(size))
        assert items.find("todo:page") is None
        assert todo_texts(items) == list(steps)


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
def test_refusal_banner_covers_no_seat_nor_the_first_step(size: tuple[int, int]) -> None:
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
    # On 480x320 a notice, the seats and the steps leave the prompt no room for the seconds the notice shows.
    prompt = items.find("prompt", kind="text")
    assert (prompt is not None or size == COMPACT) and not (prompt and banner.box.colliderect(prompt.box))
    seats = [item for item in items.find_all(kind="box", tag="seat")]
    assert len({item.value for item in seats}) == 4 and not any(banner.box.colliderect(s.box) for s in seats)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_undo_confirmation_shows_only_the_buttons_that_act(size: tuple[int, int]) -> None:
    """The dialog names OK and "any other button"; the strip stays in its place under it."""
    screen = _board((), size, confirm="Undo Kyuzo's Support? Move Kyuzo's meeple back to 3.",
                    buttons=("ok", "undo"))
    items = render(screen, pygame.Surface(size))
    labels = [item.text for item in items.find_all(prefix="confirm:button:", kind="text")]
    assert labels == ["OK: undo", "Other: cancel"]
    slots = [item for item in items.find_all(kind="box", layer=BASE_LAYER) if item.role.endswith(":slot")]
    assert [item.value for item in slots] == list(DEFAULT_ORDER)
    assert {item.value for item in slots if "live" in item.tags} == {"ok", "undo"}


# --- the screens' own words are messages --------------------------------------------------------


def test_screen_words_are_translatable_messages() -> None:
    from companion.i18n_extract import extract

    found = extract()
    for template in ("Confront", "Defend", "Support", "Pass", "Next", "OK", "Undo", "NOT SAVED", "OK: undo",
                     "Other: cancel", "Round {n}", "{n} Farmstead: +{n}\x00{n} Farmsteads: +{n}"):
        assert template in found, template
        assert any("companion/screens" in place or "/app/screens/" in place for place in found[template]), template


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
def test_the_strip_shows_a_games_own_words_whole_in_the_buttons_order(title: str) -> None:
    """Knizia's Samurai's Castle, Buddha and Rice take the places of Confront, Defend and Support: every word
    whole, the slots side by side in the buttons' order, whatever the title's length."""
    labels = (("confront", "Castle"), ("defend", "Buddha"), ("support", "Rice"))
    screen = Screen(kind="board", title=title, buttons=("confront", "defend", "support", "pass", "undo"),
                    button_labels=labels, todo=("Red plays the Switch.",), lang="en")
    for size in SIZES:
        items = render(screen, pygame.Surface(size))
        words = [(item.role, item.text) for item in items.find_all(kind="text") if item.role.startswith("button:")]
        assert words == [("button:confront", "Castle"), ("button:defend", "Buddha"), ("button:support", "Rice"),
                         ("button:pass", "Pass"), ("button:next", "Next"), ("button:ok", "OK"),
                         ("button:undo", "Undo")], size
        assert not items.outside(size)
        boxes = [item.box for item in items.find_all(kind="box") if item.role.endswith(":slot")]
        assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), size
        assert [b.centerx for b in boxes] == sorted(b.centerx for b in boxes)


# --- the button strip: in place for every game, language and size -------------------------------


@cache
def game_frames(game: str, lang: str) -> tuple[Screen, ...]:
    """A whole demo game's distinct frames in `lang`."""
    seen: dict[str, Screen] = {}
    table = DemoTable(Path("/nonexistent"), 3, game=game, setup={}, state=_state_dir(), snapshots=False, lang=lang)
    table.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment, return-value]
    table.set_up()
    table.play()
    return tuple(seen.values())


def expected_words(game: str, lang: str) -> dict[str, str]:
    """Each button's word as the game and the catalogue give it, worked out apart from the screens."""
    from companion.games import game_ui
    from companion.i18n import Translator
    from companion.screens.chrome import BUTTON_WORDS

    ui = game_ui(game)
    tr = Translator(lang, ui.namers())
    words = {name: tr(BUTTON_WORDS[name]) for name in DEFAULT_ORDER}
    words.update({name: tr(label) for name in DEFAULT_ORDER if (label := ui.button_label(name)) is not None})
    words.update({name: "" for name in ui.unused_buttons()})
    return words


def check_strip(items: DisplayList, screen: Screen, size: tuple[int, int], words: dict[str, str],
                name: str) -> tuple[tuple[int, int, int, int], ...]:
    """Seven slots along the bottom in the buttons' order, each with its word whole and at the floor, lit
    exactly when its button acts; returns the slots' places."""
    slots = [item for item in items.find_all(kind="box", layer=BASE_LAYER) if item.role.endswith(":slot")]
    assert [item.value for item in slots] == list(DEFAULT_ORDER), name
    assert [item.box.centerx for item in slots] == sorted(item.box.centerx for item in slots), name
    assert all(item.box.bottom <= size[1] and item.box.top >= size[1] * 3 // 4 for item in slots), name
    paged = any(int(item.value or 0) > 1 for item in items.find_all(kind="text")
                if item.role in ("todo:page", "detail:page"))
    for item in slots:
        button = str(item.value)
        acts = button in screen.buttons or button == screen.page_button and paged
        assert ("live" in item.tags) == (acts and bool(words[button])), f"{name}: {button}"
        if button == screen.page_button and paged:
            assert button not in screen.buttons, f"{name}: the page button {button} also answers the question"
        word = items.find(f"button:{button}", kind="text")
        if not words[button]:
            assert word is None, f"{name}: {button} has no meaning in this game"
            continue
        assert word is not None and word.text == words[button], f"{name}: {button} reads {word and word.text!r}"
        assert item.box.contains(word.box) and word.cap >= SECONDARY_CAP[size], f"{name}: {button}"
    strip = slots[0].box.unionall([item.box for item in slots])
    others = [item for item in items.find_all(kind="text", layer=BASE_LAYER)
              if not item.role.startswith("button:") and item.box.colliderect(strip)]
    assert not others, f"{name}: {[(i.role, i.text) for i in others[:3]]} lie on the strip"
    return tuple(item.rect for item in slots)


def test_a_dimmed_slot_keeps_its_word_readable_and_a_lit_one_contrasts_with_its_colour() -> None:
    """WCAG AA (4.5:1) for every word on the strip, lit on its cap's colour or dimmed on the dark slot."""
    from companion.buttons_layout import CAPS
    from companion.screens import palette
    from companion.screens.strip import IDLE_FILL, contrast, text_colour

    assert contrast(palette.TEXT_MUTED, IDLE_FILL) >= 4.5
    for cap in CAPS:
        assert contrast(text_colour(cap.rgb), cap.rgb) >= 4.5, cap.colour
