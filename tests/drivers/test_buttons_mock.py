"""Mock buttons, the laptop keyboard map, and choosing a button backend by name."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from drivers.buttons import KEY_HELP, MockButtons, button_for_key, open_buttons
from drivers.clock import FakeClock
from drivers.config import BUTTON_NAMES
from drivers.errors import ConfigError, DriverError
from drivers.event_queue import EventQueue
from drivers.events import ButtonHeld, ButtonPressed


def test_press_and_hold_report_at_once(clock: FakeClock, sink: Any) -> None:
    with MockButtons(clock=clock, run_thread=False) as buttons:
        buttons.start(sink)
        buttons.press("confront")
        clock.advance(1.0)
        buttons.hold("undo")
    assert sink.events == [ButtonPressed("confront", 100.0), ButtonHeld("undo", 101.0)]


def test_unknown_names_and_unstarted_buttons_are_errors(clock: FakeClock, sink: Any) -> None:
    buttons = MockButtons(clock=clock, run_thread=False)
    with pytest.raises(DriverError, match="not started"):
        buttons.press("ok")
    buttons.start(sink)
    with pytest.raises(ConfigError, match="unknown button 'jump'; buttons: confront, defend"):
        buttons.press("jump")
    with pytest.raises(DriverError, match="already started"):
        buttons.start(sink)
    buttons.close()
    with pytest.raises(DriverError, match="closed"):
        buttons.start(sink)


def test_keys_held_on_the_laptop_behave_like_real_buttons(clock: FakeClock, sink: Any) -> None:
    with MockButtons(clock=clock, run_thread=False) as buttons:
        buttons.start(sink)
        buttons.key_down("next")
        assert [e.kind for e in sink.events] == ["button_pressed"]
        clock.advance(0.3)
        buttons.key_up("next")
        buttons.key_down("undo")
        clock.advance(1.0)
        buttons.pump()
        buttons.key_up("undo")
        assert buttons.is_pressed("undo") is False
    assert [(e.kind, e.name) for e in sink.events] == [
        ("button_pressed", "next"),
        ("button_pressed", "undo"),
        ("button_held", "undo"),
    ]


def test_mock_key_holds_are_timed_by_the_thread() -> None:
    events = EventQueue()
    with open_buttons("mock", hold_s=0.05) as buttons:
        buttons.start(events)
        buttons.key_down("ok")  # type: ignore[attr-defined]
        first, second = events.get(timeout=5), events.get(timeout=5)
    assert (type(first), type(second)) == (ButtonPressed, ButtonHeld)


@pytest.mark.parametrize(
    ("key", "name"),
    [
        (pygame.K_c, "confront"),
        (pygame.K_d, "defend"),
        (pygame.K_s, "support"),
        (pygame.K_p, "pass"),
        (pygame.K_n, "next"),
        (pygame.K_RIGHT, "next"),
        (pygame.K_RETURN, "ok"),
        (pygame.K_KP_ENTER, "ok"),
        (pygame.K_u, "undo"),
        (pygame.K_BACKSPACE, "undo"),
        (pygame.K_x, None),
        (pygame.K_LEFT, None),
    ],
)
def test_keyboard_map(key: int, name: str | None) -> None:
    assert button_for_key(key) == name


def test_key_help_covers_every_button() -> None:
    assert {name for _, name in KEY_HELP} == set(BUTTON_NAMES)


@pytest.mark.usefixtures("no_backend_env")
def test_open_buttons_by_name_and_env(monkeypatch: pytest.MonkeyPatch, mock_pin_factory: Any) -> None:
    with open_buttons("mock", names=["a", "b"], run_thread=False) as buttons:
        assert isinstance(buttons, MockButtons) and buttons.names == ("a", "b")
    monkeypatch.setenv("COMPANION_BUTTONS", "mock")
    with open_buttons(run_thread=False) as buttons:
        assert isinstance(buttons, MockButtons)
    monkeypatch.setenv("COMPANION_BUTTONS", "gpio")
    with open_buttons(run_thread=False) as buttons:
        assert buttons.kind == "gpio"


@pytest.mark.usefixtures("no_backend_env")
def test_bad_button_config_gets_specific_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ConfigError, match="unknown buttons backend 'keyboard'; valid names: gpio, mock"):
        open_buttons("keyboard")
    monkeypatch.setenv("COMPANION_BUTTONS", "pins")
    with pytest.raises(ConfigError, match=r"\(from \$COMPANION_BUTTONS\)"):
        open_buttons()
    with pytest.raises(ConfigError, match="unknown option 'pins' for buttons 'mock'; valid options: names"):
        open_buttons("mock", pins={"ok": 16})
    with pytest.raises(ConfigError, match="option 'hold_s' must be a number"):
        open_buttons("mock", hold_s="long")
    with pytest.raises(ConfigError, match="hold_s must be longer than bounce_s"):
        open_buttons("mock", hold_s=0.01, bounce_s=0.02)
    with pytest.raises(ConfigError, match="names must be a list"):
        open_buttons("mock", names="ok")
    with pytest.raises(ConfigError, match="button name 'Big Red' is not valid"):
        open_buttons("mock", names=["Big Red"])
    with pytest.raises(ConfigError, match="'ok' twice"):
        open_buttons("mock", names=["ok", "ok"])
