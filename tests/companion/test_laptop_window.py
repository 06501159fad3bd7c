"""The laptop window (`companion run --mock`): the reader step's virtual deck, Esc, clicks on lists, the keys' caps.

Before: at the hardware check's reader step T opened a virtual deck that was not drawn and took every
key after it ("Nothing in the list has "tN""); Esc at the menu quit at once; a click on a list's entry did
nothing; on the strip the key ran into the word ("NNext", "UAnnuler"). Driven here as the window is:
pygame events posted to the window's pump (SDL_VIDEODRIVER=dummy), its presses through timed mock
buttons, a clock moved by hand.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_confirmations import playing

from companion.app import App
from companion.buttons_layout import DEFAULT_ORDER, screen_labels
from companion.games import game_ui, registered_games
from companion.i18n import LANGUAGES, Translator
from companion.screen_model import Screen
from companion.screens import DisplayList, render
from companion.screens.strip import StripSetup
from drivers.buttons import key_caps
from tests.companion.table_helpers import Clock, make
from tests.companion.window_helpers import WindowPump, hidden_window  # noqa: F401  (the fixture "window")

SIZES = ((800, 480), (480, 320))


class Laptop(WindowPump):
    """The window's pump over an App, the frames drawn as the loop draws them, presses through mock buttons."""

    def __init__(self, app: App, size: tuple[int, int] = (800, 480)) -> None:
        super().__init__(app)
        self.size = size
        self.draw()

    def draw(self) -> Screen:
        screen = self.app.screen()
        self.items = render(screen, pygame.Surface(self.size), strip_setup=StripSetup(keys=key_caps()))
        return screen

    def run(self) -> Screen:
        """One turn of the loop: the window's events, the presses they made, a frame."""
        self.pump_and_handle()
        return self.draw()

    def key(self, key: int, text: str = "", shift: bool = False) -> Screen:
        self.post_key(key, text, shift)
        return self.run()

    def type(self, letters: str) -> Screen:
        screen = self.draw()
        for letter in letters:
            screen = self.key(pygame.key.key_code(letter), letter)
        return screen

    def click(self, pos: tuple[int, int]) -> Screen:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
        return self.run()


def checking(tmp_path: Path) -> Laptop:
    """The hardware check opened from the first question with Next and Enter."""
    app = make(tmp_path, Clock())
    laptop = Laptop(app)
    options, selected = app.offered()
    for _ in range((options.index("hardware-check") - selected) % len(options)):
        laptop.key(pygame.K_n, "n")
    laptop.key(pygame.K_RETURN, "\r")
    assert app.check is not None
    return laptop


def at_reader_step(tmp_path: Path) -> Laptop:
    """The hardware check, every button answered: the reader step."""
    laptop = checking(tmp_path)
    app = laptop.app
    keys = {"confront": pygame.K_c, "defend": pygame.K_d, "support": pygame.K_s, "pass": pygame.K_p,
            "next": pygame.K_n, "ok": pygame.K_RETURN, "undo": pygame.K_u}
    for name in DEFAULT_ORDER:
        assert laptop.draw().kind == "check"
        laptop.key(keys[name])
    assert app.check is not None and app.check.on_reader
    return laptop


def test_the_reader_steps_virtual_deck_is_drawn_and_its_card_is_the_checks(window: None, tmp_path: Path) -> None:
    laptop = at_reader_step(tmp_path)
    app = laptop.app
    shown = laptop.draw()
    assert any("T picks a card" in line for line in shown.view["check"].values()), "the step says how"  # type: ignore[index]
    deck = laptop.key(pygame.K_t, "t")
    assert app.deck_open() and deck.kind == "message" and len(deck.options) > 10, "the deck is on the screen"
    narrowed = laptop.type("kyu")
    assert narrowed.options and all("Kyuzo" in option for option in narrowed.options)
    assert not narrowed.notice_error, narrowed.notice
    after = laptop.key(pygame.K_RETURN, "\r")
    assert not app.deck_open() and after.kind == "check"
    assert app.check is not None and app.check.uid is not None, "the card picked is the check's tag"
    assert "Samurai Spirit" in str(after.view["check"]["known"])  # type: ignore[index]
    laptop.key(pygame.K_n, "n")
    assert app.check is None and "every button and the reader answered" in str(laptop.draw().notice)


def test_no_deck_opens_before_the_reader_step(window: None, tmp_path: Path) -> None:
    laptop = checking(tmp_path)
    app = laptop.app
    screen = laptop.key(pygame.K_t, "t")
    assert not app.deck_open() and screen.kind == "check" and screen.notice_error
    laptop.key(pygame.K_c, "c")
    assert app.check is not None and app.check.step == 1, "the next key still answers the check"


def test_esc_asks_before_it_quits(window: None, tmp_path: Path) -> None:
    clock = Clock()
    laptop = Laptop(make(tmp_path, clock))
    asked = laptop.key(pygame.K_ESCAPE, "\x1b")
    assert not laptop.stopped and asked.notice is not None and "Esc again" in asked.notice
    clock.now += laptop.app.notice_s + 1
    laptop.app.tick()
    laptop.key(pygame.K_ESCAPE, "\x1b")
    assert not laptop.stopped, "an Esc long after the first asks again"
    laptop.key(pygame.K_ESCAPE, "\x1b")
    assert laptop.stopped == [True]


def _centre(items: DisplayList, role: str, value: object) -> tuple[int, int]:
    found = [item for item in items.find_all(role, kind="box") if item.value == value]
    assert found, (role, value)
    return found[0].box.center


def test_a_click_on_a_list_entry_picks_it(window: None, tmp_path: Path) -> None:
    app = make(tmp_path, Clock())
    laptop = Laptop(app)
    languages, _ = app.offered()
    assert laptop.items is not None
    laptop.click(_centre(laptop.items, "option:row", languages.index("de")))
    assert app.tr.lang == "de" and app.setup.asked, "the click chose Deutsch"
    difficulties, _ = app.offered()
    laptop.click(_centre(laptop.items, "option:row", difficulties.index("hard")))
    assert "hard" not in app.offered()[0], "the next question came: Hard was picked"


def test_a_click_on_a_confirmations_chip_answers_it(window: None, tmp_path: Path) -> None:
    app = playing(tmp_path, "en")
    laptop = Laptop(app)
    inputs = len(app.match.inputs)  # type: ignore[union-attr]
    laptop.key(pygame.K_u, "u")
    assert laptop.items is not None and app.confirm is not None
    laptop.click(_centre(laptop.items, "confirm:button:other:chip", "other"))
    assert app.confirm is None and len(app.match.inputs) == inputs, "Other: cancel kept the game"  # type: ignore[union-attr]
    laptop.key(pygame.K_u, "u")
    laptop.click(_centre(laptop.items, "confirm:button:ok:chip", "ok"))
    assert len(app.match.inputs) == inputs - 1, "OK: undo undid"  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_key_stands_apart_from_its_word(lang: str) -> None:
    """A visible gap between the key's cap and the word (about a space of the type, at least 5 px) on every
    slot that shows both, for every game at both sizes."""
    pygame.font.init()
    for game in registered_games():
        ui = game_ui(game)
        labels = screen_labels(ui, Translator(lang, ui.namers()))
        screen = Screen(kind="board", title="-", buttons=tuple(DEFAULT_ORDER), lang=lang, button_labels=labels)
        for size in SIZES:
            items = render(screen, pygame.Surface(size), strip_setup=StripSetup(keys=key_caps()))
            for name in DEFAULT_ORDER:
                cap = items.find(f"button:{name}:key-box")
                word = items.find(f"button:{name}", kind="text")
                if cap is None or word is None:
                    continue
                gap = word.box.left - cap.box.right
                assert gap >= 5, (game, lang, size, name, gap)
                assert cap.box.top >= 0 and word.box.right <= size[0]
