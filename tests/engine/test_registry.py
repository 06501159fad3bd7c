"""Games register themselves once; the registry finds them without importing them."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.errors import RuleError
from engine.core.registry import (
    RegistrationError,
    default_game,
    entry,
    game_names,
    get_game,
    register_game,
    unregister_game,
)

GAMES = Path(__file__).resolve().parents[2] / "games"


def test_every_game_package_is_found_and_named_by_itself() -> None:
    packages = sorted(path.parent.name.replace("_", "-") for path in GAMES.glob("*/registration.py"))
    assert game_names() == packages and {"samurai-spirit", "trick-raiders"} <= set(packages)
    for name in game_names():
        assert get_game(name).name == name


def test_the_default_is_the_game_registered_as_default() -> None:
    assert default_game() == "samurai-spirit"
    assert entry(default_game()).default


def test_listing_the_games_imports_none_of_them() -> None:
    code = ("import sys; from engine.core.registry import game_names; game_names(); "
            "print(sorted(m for m in sys.modules if m.startswith('games.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_an_unknown_game_is_refused_with_the_known_names() -> None:
    with pytest.raises(RuleError, match=re.escape("known games: " + ", ".join(game_names()))):
        get_game("chess")


def test_each_game_has_its_testing_hooks() -> None:
    for name in game_names():
        hooks = entry(name).hooks()
        assert hooks.SETUPS and callable(hooks.policy) and callable(hooks.check_invariants)
        for hook in ("hidden_twin", "hidden_content", "secret", "shown", "gone"):
            assert callable(getattr(hooks, hook)), (name, hook)
        for setup in hooks.BENCH_TABLES.values():
            games, inputs = hooks.bench(setup, 2, 1)
            assert games == 2 and inputs > 0


def test_an_incomplete_registration_says_each_part_it_lacks() -> None:
    """A registration naming only the engine game hears, at once, of every part the app and web page need."""
    with pytest.raises(RegistrationError) as raised:
        register_game("half-game", "tests.fixtures.nowhere:Game", testing="tests.fixtures.nowhere")
    said = str(raised.value)
    assert "'half-game' cannot be registered" in said
    for part in ("a title", "app:", "screens:", "rules:"):
        assert part in said, (part, said)
    assert "factory" not in said and "testing" not in said
    assert "half-game" not in game_names()


def test_a_badly_written_part_is_named_with_what_it_should_look_like() -> None:
    with pytest.raises(RegistrationError, match=r"screens: .*'companion.screens.<package>:SCREENS' \(not 'oops'\)"):
        register_game("bad-game", "a.b:C", title="Bad", testing="a.b", app="a.b:APP", screens="oops", rules="a.b:R")


def test_testing_hooks_that_lack_one_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    made = register_game("hooks-game", "a.b:C", title="Hooks", testing="engine.core.testing", app="a.b:APP",
                         screens="a.b:S", rules="a.b:R")
    try:
        with pytest.raises(RegistrationError, match="lack SETUPS, BENCH_TABLES, bench, policy"):
            made.hooks()
    finally:
        unregister_game("hooks-game")
