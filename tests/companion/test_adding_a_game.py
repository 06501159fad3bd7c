"""Adding a game, as docs/developers/adding-a-game.md says: its worked example is played here, so the document cannot go stale.

The smallest complete game, Higher (tests/fixtures/games/higher/), is one
folder laid out exactly as a game under games/ is, and registered only
inside these tests by the registry's own `register_folder`: its one
registration names every part, the registration checks them (and that each
lives in the folder), the whole game is played through the real app
loop (companion.harness.demo's DemoTable: mock reader and buttons, the loop, the
screens drawn), and the contract checks that only playing can make
(companion.games.contract) pass for it and for every shipped game and catch
a game that breaks them.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from companion.games.contract import check_game
from companion.games.registry import DEMO_CALLS, UI_CALLS, registered_games, registration
from companion.harness.demo import DemoTable
from companion.harness.evening import shortest_game
from engine.core.registry import (
    TESTING_HOOKS,
    GameEntry,
    RegistrationError,
    entry,
    game_names,
    register_game,
    unregister_game,
)
from engine.core.testing import OPTIONAL_HOOKS
from tests.fixtures.games.higher import testing as higher_testing
from tests.fixtures.games.higher.app import demo as higher_demo
from tests.fixtures.games.higher.app import summary as higher_summary
from tests.fixtures.games.higher.app import ui as higher_app

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "developers" / "adding-a-game.md"


def test_the_smallest_game_is_played_through_the_app_loop(higher: str, tmp_path: Path) -> None:
    table = DemoTable(tmp_path / "out", 5, game=higher, snapshots=False)
    table.set_up()
    table.play()
    match = table.app.match
    assert match is not None and match.play.prompt is None
    outcome = match.play.outcome
    assert outcome is not None and outcome.winners
    assert sum(outcome.scores.values()) == 3
    assert table.count["taps"] >= 3
    assert table.app.journal.path.exists()
    assert table.script.summary(match)[0].startswith("Higher (seed 5)")


def test_the_smallest_game_keeps_the_contract_and_its_hooks(higher: str) -> None:
    assert check_game(registration(higher)) == []
    hooks = entry(higher).hooks()
    for setup in hooks.BENCH_TABLES.values():
        assert hooks.bench(setup, 2, 1)[0] == 2
    assert registration(higher).rules == higher_summary.SUMMARY


def test_every_shipped_game_keeps_the_played_contract() -> None:
    for name in registered_games():
        assert check_game(registration(name), games=1) == [], name


def test_a_tap_prompt_whose_option_no_button_answers_is_caught(higher: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(higher_app.HigherUI, "direct_buttons", lambda self, prompt: ())
    problems = check_game(registration(higher))
    assert any("no direct button answers pass" in p for p in problems), problems


def test_a_setup_that_is_finished_before_the_start_question_is_caught(higher: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(higher_app.HigherSetup, "result", lambda self: {"first": "red"})
    problems = check_game(registration(higher))
    assert problems and "the last question must be exactly ('start',)" in problems[0]


def test_a_start_question_without_the_setup_is_caught(higher: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(higher_app.HigherSetup, "result", lambda self: None)
    problems = check_game(registration(higher))
    assert problems and "at the ('start',) question result() is None" in problems[0]


def test_an_app_part_that_lacks_what_the_app_calls_is_named(higher: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A demo script without two of the methods the callers use, and no rules summary: one message says all."""
    monkeypatch.delattr(higher_demo.HigherDemo, "in_play")
    monkeypatch.delattr(higher_demo.HigherDemo, "summary")
    monkeypatch.setattr(higher_summary, "SUMMARY", ())
    with pytest.raises(RegistrationError) as raised:
        registration(higher)
    said = str(raised.value)
    assert "'higher'" in said and "lacks in_play, summary" in said and "rules is not a tuple" in said


def test_a_registration_naming_a_missing_module_says_which() -> None:
    register_game("nowhere", "tests.fixtures.games.higher:Higher", title="Nowhere",
                  testing="tests.fixtures.games.higher.testing", app="tests.fixtures.nowhere:APP",
                  screens="tests.fixtures.games.higher.app.screens:SCREENS",
                  rules="tests.fixtures.games.higher.app.summary:SUMMARY")
    try:
        with pytest.raises(RegistrationError, match="app: tests.fixtures.nowhere:APP: no module tests.fixtures"):
            registration("nowhere")
    finally:
        unregister_game("nowhere")


def test_the_document_names_the_whole_contract_and_the_example_files() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in (*TESTING_HOOKS, *OPTIONAL_HOOKS, *DEMO_CALLS, *UI_CALLS, "REVEAL", "FORGET", "direct_buttons",
                 '("start",)', "register_folder", "msg_n", "board_min_height", '"seat"', "Choose", "Press"):
        assert name in text, f"docs/developers/adding-a-game.md does not mention {name}"
    named = set(re.findall(r"tests/fixtures/games/higher/[\w/]+\.(?:py|toml|md)", text))
    for path in sorted(named):
        assert (ROOT / path).exists(), f"the document names {path}, which is gone"
    example = ROOT / "tests" / "fixtures" / "games" / "higher"
    files = {path.relative_to(ROOT).as_posix() for path in example.rglob("*") if path.suffix in (".py", ".toml", ".md")
             and "__pycache__" not in path.parts and path.relative_to(example).as_posix() not in UNNAMED}
    assert not files - named, f"the document does not name the example's {sorted(files - named)}"


UNNAMED = ("app/__init__.py", "rules/__init__.py")
"""The example's files the document need not name: package markers with a docstring only."""
SHAPE = ("registration.py", "__init__.py", "testing.py", "app/__init__.py", "app/ui.py", "app/summary.py",
         "app/screens/__init__.py", "tests")
"""What every game's folder holds (docs/developers/adding-a-game.md), the test game's too."""


def _places(made: GameEntry) -> dict[str, str]:
    package = made.package
    return {"testing": f"{package}.testing", "app": f"{package}.app.ui:APP",
            "screens": f"{package}.app.screens:SCREENS", "rules": f"{package}.app.summary:SUMMARY"}


def test_the_test_game_is_one_folder_shaped_as_every_game(higher: str) -> None:
    """Higher is registered as a real game is, and laid out as each game under games/ is."""
    folders = {name: ROOT / entry(name).package.replace(".", "/") for name in [*game_names(), higher]}
    assert folders[higher] == ROOT / "tests" / "fixtures" / "games" / "higher"
    for name, folder in folders.items():
        missing = [part for part in SHAPE if not (folder / part).exists()]
        assert not missing, f"{name}: its folder {folder.relative_to(ROOT)} lacks {', '.join(missing)}"
        made = entry(name)
        assert {part: getattr(made, part) for part in _places(made)} == _places(made), name
        assert made.factory.partition(":")[0] == made.package, f"{name}: the Game class is not in its __init__.py"


def test_the_test_games_rules_import_only_the_engine_and_the_game(higher: str) -> None:
    """As tests/test_layout.py asks of every game under games/: the rules (all but app/ and tests/) are pure."""
    folder = ROOT / entry(higher).package.replace(".", "/")
    wrong = []
    for path in sorted(folder.rglob("*.py")):
        if path.relative_to(folder).parts[0] in ("app", "tests"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module] if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
                     else [])
            wrong += [f"{path.relative_to(folder)}: {name}" for name in names
                      if name.split(".")[0] not in ("engine", *sys.stdlib_module_names)
                      and not name.startswith(entry(higher).package)]
    assert not wrong, "\n".join(wrong)


def test_the_evening_trial_takes_a_games_shortest_game_from_its_hooks(higher: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    assert shortest_game(higher) == 6
    for name in game_names():
        assert shortest_game(name) == entry(name).hooks().SHORTEST_GAME
    monkeypatch.setattr(higher_testing, "SHORTEST_GAME", "6")
    with pytest.raises(RegistrationError, match="'higher': its testing hook SHORTEST_GAME must be a whole number"):
        shortest_game(higher)
    monkeypatch.delattr(higher_testing, "SHORTEST_GAME")
    with pytest.raises(RegistrationError, match=r"\(tests.fixtures.games.higher.testing\) lack SHORTEST_GAME"):
        shortest_game(higher)
