"""The app as a few parts (companion.app): each class small enough to read alone, App built by composition, and
a tap's path from the driver event to the frame the one the package's note names."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import companion.app
from companion.app import App
from companion.runtime.tagmap import virtual_uid
from drivers.events import CardPlaced
from tests.companion.table_helpers import make, press, tap

MOST_METHODS = 40
MOST_LINES = 400


def app_classes() -> list[type]:
    """Every class defined in a module of companion.app."""
    found: list[type] = []
    for module_info in pkgutil.iter_modules(companion.app.__path__):
        module = importlib.import_module(f"companion.app.{module_info.name}")
        found.extend(c for _, c in inspect.getmembers(module, inspect.isclass) if c.__module__ == module.__name__)
    return found


def methods(cls: type) -> list[str]:
    """The methods a reader of `cls` must know: its own and those it inherits from classes in companion/."""
    return [name for name, value in inspect.getmembers(cls, inspect.isfunction)
            if (value.__module__ or "").startswith("companion")]


def test_no_class_of_the_app_has_over_40_methods_or_400_lines() -> None:
    classes = app_classes()
    assert App in classes and len(classes) > 10
    too_big = {f"{cls.__module__}.{cls.__name__}": (len(methods(cls)), len(inspect.getsourcelines(cls)[0]))
               for cls in classes
               if len(methods(cls)) > MOST_METHODS or len(inspect.getsourcelines(cls)[0]) > MOST_LINES}
    assert too_big == {}, "methods, lines"


def test_the_app_is_composed_of_its_parts_not_inherited_from_them() -> None:
    mixins = [cls.__name__ for cls in App.__mro__[1:] if cls.__module__.startswith("companion")]
    assert mixins == []


def test_the_package_note_names_a_taps_path_in_order() -> None:
    note = companion.app.__doc__ or ""
    path = ["App.handle", "Router.handle", "Router.card", "Session.tap", "Session.apply", "Session.append",
            "JournalFile.append", "Session.narrate", "App.screen", "Frames.screen"]
    where = [note.find(f"`{step}") for step in path]
    assert -1 not in where and where == sorted(where), dict(zip(path, where, strict=True))
    for step in path[:-4]:
        owner, name = step.split(".")
        module = {"App": "controller", "Router": "router", "Session": "play_steps"}[owner]
        assert callable(getattr(getattr(importlib.import_module(f"companion.app.{module}"), owner), name))


def _in_play(tmp_path: Path) -> App:
    """Samurai Spirit with Kyuzo and Heihachi, Kyuzo first, at the action prompt (a card tapped there is Fight)."""
    app = make(tmp_path)
    press(app, "ok")  # English
    press(app, "ok")  # the highlighted difficulty
    tap(app, "samurai:kyuzo")
    tap(app, "samurai:heihachi")
    for wanted in ("done", "no", "kyuzo", "start"):
        options = app.setup.menu().options
        if wanted in options:
            press(app, *(["next"] * ((options.index(wanted) - app.selected) % len(options))), "ok")
    press(app, "ok")  # the absent-token prompt: "no" is highlighted
    assert app.mode == "play" and app.match is not None and app.match.play.prompt.kind == "action"
    return app


def _follow(calls: list[str], owner: Any, name: str, label: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real: Callable[..., Any] = getattr(owner, name)

    def traced(*args: Any, **kwargs: Any) -> Any:
        calls.append(label)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, traced)


def test_a_tap_in_play_goes_from_the_router_to_the_session_and_is_journaled_once_before_the_frame(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _in_play(tmp_path)
    calls: list[str] = []
    for owner, name, label in ((app.router, "handle", "Router.handle"), (app.router, "card", "Router.card"),
                               (app.session, "tap", "Session.tap"), (app.session, "apply", "Session.apply"),
                               (app.table.journal, "append", "JournalFile.append"),
                               (app.session, "narrate", "Session.narrate"), (app.frames, "screen", "Frames.screen")):
        _follow(calls, owner, name, label, monkeypatch)
    inputs = len(app.match.inputs)
    app.handle(CardPlaced(virtual_uid("card:4-hat-none"), "test", 0.0))
    screen = app.screen()
    assert calls == ["Router.handle", "Router.card", "Session.tap", "Session.apply", "JournalFile.append",
                     "Session.narrate", "Frames.screen"]
    assert len(app.match.inputs) == inputs + 2  # Fight, then the card, as one step: one append of both
    assert screen.buttons[:2] == ("confront", "defend")
