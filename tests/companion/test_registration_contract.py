"""The game contract checked at registration: a missing testing module, and the direct buttons of every prompt.

A game whose testing module is not there hears so by name, with the module
it expected, when it is chosen or its hooks are asked for (not a bare
ModuleNotFoundError from deep inside a shared test). `check_game` presses,
on a replayed copy, every direct button of every prompt it meets: a button
the UI lists must give inputs (the engine may refuse them with its reason),
never the UI's own refusal, an exception, or nothing.
"""

from __future__ import annotations

import random
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.games.contract import check_buttons, check_game
from companion.games.registry import forget, registration
from engine.core.inputs import Input, Press
from engine.core.match import Match
from engine.core.messages import msg
from engine.core.prompt import Prompt
from engine.core.registry import (
    TESTING_HOOKS,
    RegistrationError,
    entry,
    register_folder,
    register_game,
    unregister_game,
)
from tests.fixtures.games.higher import play as higher_play
from tests.fixtures.games.higher.app import ui as higher_app

HIGHER = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "higher"
SCRATCH = "scratch_higher"


def _scratch(root: Path, monkeypatch: pytest.MonkeyPatch, testing: Callable[[str], str] | None) -> Iterator[str]:
    """Higher copied whole into a folder of its own in `root`, its testing.py left out (None) or changed by
    `testing`, and registered from that folder the way every game is."""
    package = root / SCRATCH
    shutil.copytree(HIGHER, package, ignore=shutil.ignore_patterns(
        *(["testing.py"] if testing is None else []), "tests", "__pycache__"))
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8").replace("tests.fixtures.games.higher", SCRATCH)
        text = text.replace('register_game("higher"', 'register_game("scratch-higher"')
        text = text.replace('registered_game("higher"', 'registered_game("scratch-higher"')
        path.write_text(testing(text) if testing is not None and path.name == "testing.py" else text,
                        encoding="utf-8")
    monkeypatch.syspath_prepend(str(root))
    made = register_folder(package)
    try:
        yield made.name
    finally:
        unregister_game(made.name)
        forget(made.name)
        for module in [m for m in sys.modules if m == SCRATCH or m.startswith(SCRATCH + ".")]:
            del sys.modules[module]


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Higher in a folder of its own without its testing module."""
    yield from _scratch(tmp_path, monkeypatch, None)


def test_a_missing_testing_module_is_named_when_the_hooks_are_asked_for(scratch: str) -> None:
    with pytest.raises(RegistrationError) as raised:
        entry(scratch).hooks()
    said = str(raised.value)
    assert said.startswith(f"game {scratch!r}: testing: no module {SCRATCH}.testing"), said
    assert all(hook in said for hook in TESTING_HOOKS), said


def test_a_missing_testing_module_is_the_one_problem_the_registration_names(scratch: str) -> None:
    with pytest.raises(RegistrationError) as raised:
        registration(scratch)
    said = str(raised.value)
    assert f"game {scratch!r}" in said and f"testing: no module {SCRATCH}.testing" in said, said
    assert said.count("no module") == 1, said


def _without_two_hooks(text: str) -> str:
    kept = [line for line in text.splitlines() if not line.startswith(("SHORTEST_GAME =", "NEWS_KINDS:"))]
    return "\n".join(kept).replace('"NEWS_KINDS", ', "").replace('"SHORTEST_GAME", ', "") + "\n"


def _hooks_imported_or_set_under_a_condition(text: str) -> str:
    text = text.replace("SHORTEST_GAME = 6\n", "if True:\n    SHORTEST_GAME = 6\n")
    return text.replace("gone = nothing_gone\n", "from engine.core.testing import nothing_gone as gone\n")


def test_testing_hooks_a_game_lacks_are_named_when_it_is_chosen(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Read from the module's source, so choosing the game does not run its testing hooks; an import, an
    annotated name or one set inside `if`/`try` defines a hook as well as a `def`."""
    whole = _scratch(tmp_path / "whole", monkeypatch, _hooks_imported_or_set_under_a_condition)
    try:
        name = next(whole)
        assert registration(name).name == name
    finally:
        whole.close()
    lacking = _scratch(tmp_path / "lacking", monkeypatch, _without_two_hooks)
    try:
        name = next(lacking)
        with pytest.raises(RegistrationError) as raised:
            registration(name)
        said = str(raised.value)
        assert said.startswith(f"game {name!r} ({SCRATCH}/registration.py): testing: {SCRATCH}.testing lacks "
                               "NEWS_KINDS, SHORTEST_GAME (the hooks every game's shared tests call"), said
        assert f"{SCRATCH}.testing" not in sys.modules, "choosing the game ran its testing module"
        with pytest.raises(RegistrationError, match=f"its testing hooks \\({SCRATCH}.testing\\) lack NEWS_KINDS, "
                                                    "SHORTEST_GAME"):
            entry(name).hooks()
    finally:
        lacking.close()


def test_a_testing_module_in_a_package_that_is_not_there_is_named() -> None:
    made = register_game("ghost-game", "a.b:C", title="Ghost", testing="tests.fixtures.ghost.testing",
                         app="a.b:APP", screens="a.b:S", rules="a.b:R")
    try:
        with pytest.raises(RegistrationError, match=r"'ghost-game': testing: no module tests\.fixtures\.ghost\.testing"):
            made.hooks()
    finally:
        unregister_game("ghost-game")


def _breaches(name: str) -> list[str]:
    return [p for p in check_game(registration(name)) if "the direct button" in p]


def test_a_direct_button_the_ui_lists_then_refuses_is_reported(higher: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(higher_app.HigherUI, "direct_buttons", lambda self, prompt: ("pass", "support"))
    problems = _breaches(higher)
    assert problems, "a listed button the UI refuses passed the contract"
    assert "higher: under the prompt 'answer' the direct button 'support': lists it, then refuses it: " \
           "'That button does nothing now." in "\n".join(problems), problems


def test_a_direct_button_whose_press_raises_or_gives_nothing_is_reported(higher: str,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def raising(self: object, prompt: Prompt, name: str) -> list[Press]:
        return [Press({"pass": "pass"}[name])]

    monkeypatch.setattr(higher_app.HigherUI, "direct_buttons", lambda self, prompt: ("pass", "defend"))
    monkeypatch.setattr(higher_app.HigherUI, "input_for_button", raising)
    assert any("the direct button 'defend': input_for_button raises KeyError" in p for p in _breaches(higher))
    monkeypatch.setattr(higher_app.HigherUI, "input_for_button", lambda self, prompt, name: [])
    assert any("input_for_button gives [], not a Message or a non-empty list" in p for p in _breaches(higher))


def test_a_direct_button_the_table_cannot_press_is_reported(higher: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(higher_app.HigherUI, "direct_buttons", lambda self, prompt: ("undo",))
    assert any("lists 'undo', which is not a button the table can press" in p for p in _breaches(higher))


def test_an_engine_crash_on_a_direct_button_is_reported_its_refusal_is_not(higher: str,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine may refuse a direct button's inputs with its reason (the app says it); it may not crash."""
    monkeypatch.setattr(higher_app.HigherUI, "direct_buttons", lambda self, prompt: ("support",))
    monkeypatch.setattr(higher_app.HigherUI, "input_for_button", lambda self, prompt, name: [Press("support")])
    assert _breaches(higher) == [], "an input the engine refuses with a RuleError is the table's to hear"
    checked = higher_play.Play.check

    def crashing(self: higher_play.Play, value: Input) -> None:
        if value == Press("support"):
            raise KeyError("support")
        checked(self, value)

    monkeypatch.setattr(higher_play.Play, "check", crashing)
    assert any("the direct button 'support': the engine raises KeyError on Press(button='support')" in p
               for p in _breaches(higher)), _breaches(higher)
    monkeypatch.setattr(higher_app.HigherUI, "input_for_button", lambda self, prompt, name: [msg("x")])
    assert any("not a Message or a non-empty list of inputs" in p for p in _breaches(higher))


def test_pressing_is_tried_on_a_copy(higher: str, monkeypatch: pytest.MonkeyPatch) -> None:
    ui = registration(higher).ui()
    match = Match(ui.game, {"first": "red"}, 1)
    policy = registration(higher).policy(random.Random(1), 0.0)
    match.apply(policy.choose(match.play))
    prompt, inputs = match.play.prompt, list(match.inputs)
    assert prompt is not None and "pass" in ui.direct_buttons(prompt)
    assert check_buttons(ui, match) == []
    assert match.play.prompt == prompt and match.inputs == inputs, "a press changed the match checked"

