"""The button strip's order and keys, the laptop window's keys, mouse and Esc, and the virtual deck's typing.

The strip's places on every frame of every game are checked in
test_readability.py; here: the configured order reaches the strip, a bad
order is refused with the entry named, the laptop shows each button's key on
its slot, Esc twice quits, a click on a slot presses (and a long click holds) that
button, and typing narrows the virtual deck.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from companion.buttons_layout import CAPS, DEFAULT_ORDER, screen_labels
from companion.commands.run import strip_setup
from companion.games import game_ui, registered_games
from companion.i18n import LANGUAGES, Translator
from companion.runtime.config import ConfigError, parse_config
from companion.runtime.storage import CURRENT
from companion.screen_model import Screen
from companion.screens import DisplayList, render
from companion.screens.strip import StripSetup
from drivers.buttons import KEY_HELP, key_caps
from drivers.config import BUTTON_NAMES
from drivers.events import ButtonHeld, ButtonPressed
from tests.companion.table_helpers import Clock, make, press, tap
from tests.companion.window_helpers import WindowPump, hidden_window  # noqa: F401  (the fixture "window")

WIDE = (800, 480)
BOARD = Screen(kind="board", title="Round 1 - Kyuzo's turn", buttons=("support", "pass", "next", "ok", "undo"))


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


def slots(items: DisplayList) -> list[str]:
    """The slots' buttons from left to right as drawn."""
    boxes = [item for item in items.find_all(kind="box", prefix="button:") if item.role.endswith(":slot")]
    return [str(item.value) for item in sorted(boxes, key=lambda item: item.box.centerx)]


# --- the order and colours -------------------------------------------------------------------


def test_the_caps_are_the_drivers_buttons_in_the_wiring_order_each_its_own_colour() -> None:
    assert DEFAULT_ORDER == BUTTON_NAMES
    assert len({cap.colour for cap in CAPS}) == len({cap.rgb for cap in CAPS}) == 7


def test_a_configured_order_moves_the_slots_and_their_colours() -> None:
    order = ["undo", "ok", "next", "pass", "support", "defend", "confront"]
    cfg = parse_config({"buttons": {"order": order}}, "companion.toml")
    assert cfg.button_order == tuple(order)
    items = render(BOARD, pygame.Surface(WIDE), strip_setup=strip_setup(cfg, False))
    assert slots(items) == order
    assert slots(render(BOARD, pygame.Surface(WIDE))) == list(DEFAULT_ORDER)


@pytest.mark.parametrize(("order", "named"), [
    (["confront", "defend", "support", "pass", "next", "ok", "redo"], "'redo' is not a button"),
    (["confront", "defend", "support", "pass", "next", "ok", "ok"], "'ok' is listed twice"),
    (["confront", "defend", "support", "pass", "next", "ok"], "undo missing"),
    ("confront defend support pass next ok undo", "must be a list of the seven buttons"),
    ([1, 2, 3], "1 is not a button"),
])
def test_a_bad_order_is_refused_naming_the_entry(order: object, named: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config({"buttons": {"order": order}}, "companion.toml")
    assert str(caught.value).startswith("companion.toml: buttons.order: ") and named in str(caught.value)


# --- the game's words -------------------------------------------------------------------------


def test_a_button_a_game_never_uses_shows_only_its_colour() -> None:
    """Tenno has no Confront, Defend or Support: their slots stay dark and wordless, Pass keeps its word."""
    ui = game_ui("tenno")
    labels = screen_labels(ui, Translator("en", ui.namers()))
    assert dict(labels) == {"confront": "", "defend": "", "support": ""}
    items = render(Screen(kind="board", game="tenno", title="Turn 1", buttons=("pass", "undo"), button_labels=labels),
                   pygame.Surface(WIDE))
    assert items.find("button:confront", kind="text") is None
    assert "idle" in items.find("button:confront:slot").tags  # type: ignore[union-attr]
    assert items.find("button:pass", kind="text").text == "Pass"  # type: ignore[union-attr]


# --- the laptop: keys on the slots, Esc, the mouse --------------------------------------------------


def test_the_laptop_shows_each_buttons_key_on_its_slot() -> None:
    """KEY_HELP is what the window shows: C on Confront's slot, Enter on OK's, words still whole."""
    assert key_caps() == {"confront": "C", "defend": "D", "support": "S", "pass": "P", "next": "N", "ok": "Enter",
                          "undo": "U"}
    assert set(key_caps()) == {name for _, name in KEY_HELP}
    for size in (WIDE, (480, 320)):
        items = render(BOARD, pygame.Surface(size), strip_setup=StripSetup(keys=key_caps()))
        for name, key in key_caps().items():
            shown = items.find(f"button:{name}:key", kind="text")
            slot = items.find(f"button:{name}:slot")
            assert shown is not None and shown.text == key and slot is not None and slot.box.contains(shown.box)
            word = items.find(f"button:{name}", kind="text")
            assert word is not None and word.text == word.value and slot.box.contains(word.box)
    assert items.find("button:ok:key") is not None
    assert render(BOARD, pygame.Surface(WIDE)).find("button:ok:key") is None, "no keys on the table's screen"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", registered_games())
def test_on_the_laptop_every_word_stays_whole_and_the_keys_give_way_where_both_do_not_fit(game: str,
                                                                                          lang: str) -> None:
    """German Samurai Spirit at 480x320 with the key names beside the words cut "Konfrontieren" to "A...":
    the words are what the printed caps say, so where the keys do not fit too, they are left off."""
    ui = game_ui(game)
    labels = screen_labels(ui, Translator(lang, ui.namers()))
    screen = Screen(kind="board", title="-", buttons=tuple(DEFAULT_ORDER), lang=lang, button_labels=labels)
    for size in (WIDE, (480, 320)):
        items = render(screen, pygame.Surface(size), strip_setup=StripSetup(keys=key_caps()))
        keys = [items.find(f"button:{name}:key", kind="text") for name in DEFAULT_ORDER]
        assert all(keys) or not any(keys), "keys on every slot or on none"
        for name, word in dict(labels).items():
            shown = items.find(f"button:{name}", kind="text")
            assert (shown is None) == (not word), (size, name)
            assert shown is None or shown.text == word, (size, name, shown.text)
        if size == WIDE:
            assert all(keys), "the wide window has room for both"


class Table(WindowPump):
    """The laptop window's pump over an App and timed mock buttons, the clock moved by hand, a board drawn."""

    def __init__(self, tmp_path: Path) -> None:
        super().__init__(make(tmp_path, Clock()), render(BOARD, pygame.Surface(WIDE)))

    def key(self, key: int, text: str = "") -> None:
        """A key typed in the window; the buttons it presses reach the app as in the loop."""
        self.post_key(key, text)
        self.pump_and_handle()

    def click(self, name: str, seconds: float) -> list[object]:
        assert self.items is not None
        slot = self.items.find(f"button:{name}:slot")
        assert slot is not None
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=slot.box.center))
        self.pump()
        self.clock.advance(seconds)
        self.buttons.pump()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=slot.box.center))
        self.pump()
        self.buttons.pump()
        return [self.queue.get(timeout=0) for _ in range(len(self.queue))]


def test_esc_twice_quits_the_laptop_window(window: None, tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.key(pygame.K_ESCAPE, "\x1b")
    assert not table.stopped, "one Esc asks first"
    table.key(pygame.K_ESCAPE, "\x1b")
    assert table.stopped == [True]


def test_a_click_on_a_slot_presses_its_button_and_a_long_click_holds_it(window: None, tmp_path: Path) -> None:
    table = Table(tmp_path)
    [short] = table.click("pass", 0.2)
    assert isinstance(short, ButtonPressed) and short.name == "pass"
    [long] = table.click("next", 1.0)
    assert isinstance(long, ButtonHeld) and long.name == "next"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(400, 100)))
    table.pump()
    assert not table.buttons.is_pressed("next") and len(table.queue) == 0, "a click off the strip presses nothing"


# --- the virtual deck: typing narrows it --------------------------------------------------------


def _play(tmp_path: Path) -> Table:
    """A game at its first tap prompt (the top Raider card), through the laptop window."""
    table = Table(tmp_path)
    app = table.app
    press(app, "ok", "ok")  # English, Normal
    for name in ("kyuzo", "heihachi", "daisuke"):
        tap(app, f"samurai:{name}")
    while app.mode == "setup":
        menu = app.setup.menu()
        choice = next(o for o in ("done", "no", "kyuzo", "start") if o in menu.options)
        press(app, *["next"] * ((menu.options.index(choice) - app.selected) % len(menu.options)), "ok")
    press(app, "ok")
    assert app.match is not None and app.match.play.prompt is not None and app.match.play.prompt.tap == "raider"
    return table


def test_typing_narrows_the_virtual_deck_and_backspace_widens_it(window: None, tmp_path: Path) -> None:
    table = _play(tmp_path)
    app = table.app
    table.key(pygame.K_t, "t")
    everything = app.screen().options
    assert len(everything) == 52 and app.deck_open()
    for letter in "intru":
        table.key(getattr(pygame, f"K_{letter}"), letter)
    narrowed = app.screen().options
    assert narrowed == tuple(option for option in everything if "intruder" in option)
    assert 0 < len(narrowed) < 10 and any("Typed \"intru\"" in line for line in app.screen().detail)
    table.key(pygame.K_z, "z")
    assert app.screen().options == narrowed and app.screen().notice_error, "a letter matching nothing is refused"
    for _ in "intru":
        table.key(pygame.K_BACKSPACE, "\b")
    assert app.screen().options == everything and app.deck_open()
    table.key(pygame.K_BACKSPACE, "\b")
    assert not app.deck_open() and app.screen().kind == "board", "with nothing typed, Backspace is Undo: it closes"
    assert not table.stopped


def test_the_card_picked_from_a_narrowed_deck_is_the_one_tapped(window: None, tmp_path: Path) -> None:
    table = _play(tmp_path)
    table.key(pygame.K_t, "t")
    for letter in "no def":
        table.key(pygame.K_SPACE if letter == " " else getattr(pygame, f"K_{letter}"), letter)
    app = table.app
    picked = app.screen().options[0]
    target = app.picker.options[0]  # type: ignore[union-attr]
    assert picked.endswith("no Defend")
    table.key(pygame.K_RETURN, "\r")
    last = json.loads((tmp_path / CURRENT).read_text().splitlines()[-1])["input"]
    assert last == {"tap": target.removeprefix("card:")}


def test_esc_closes_an_open_deck_before_it_quits(window: None, tmp_path: Path) -> None:
    table = _play(tmp_path)
    table.key(pygame.K_t, "t")
    table.key(pygame.K_ESCAPE, "\x1b")
    assert not table.app.deck_open() and not table.stopped
    table.key(pygame.K_ESCAPE, "\x1b")
    table.key(pygame.K_ESCAPE, "\x1b")
    assert table.stopped == [True]

