"""Games register themselves once; the registry finds them without importing them."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.errors import RuleError
from engine.core.registry import default_game, entry, game_names, get_game

GAMES = Path(__file__).resolve().parents[2] / "engine" / "games"


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
            "print(sorted(m for m in sys.modules if m.startswith('engine.games.')))")
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
