"""Games register themselves once; the registry finds them without importing them."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.errors import RuleError
from engine.core.registry import (
    TESTING_HOOKS,
    RegistrationError,
    default_game,
    entry,
    folder_name,
    game_names,
    get_game,
    register_folder,
    register_game,
    unregister_game,
)
from engine.core.testing import OPTIONAL_HOOKS

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
    with pytest.raises(RegistrationError, match=r"screens: .*'games.<package>.app.screens:SCREENS' \(not 'oops'\)"):
        register_game("bad-game", "a.b:C", title="Bad", testing="a.b", app="a.b:APP", screens="oops", rules="a.b:R")


def test_testing_hooks_that_lack_one_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    made = register_game("hooks-game", "a.b:C", title="Hooks", testing="engine.core.testing", app="a.b:APP",
                         screens="a.b:S", rules="a.b:R")
    try:
        with pytest.raises(RegistrationError, match="lack SETUPS, BENCH_TABLES, bench, policy"):
            made.hooks()
    finally:
        unregister_game("hooks-game")


def _folder(root: Path, package: str, body: str) -> Path:
    """A game folder in a scratch import root holding only a registration file."""
    folder = root / package
    folder.mkdir()
    (folder / "registration.py").write_text("from engine.core.registry import register_game\n\n" + body + "\n",
                                            encoding="utf-8")
    return folder


def _parts(package: str, **other: str) -> str:
    parts = {"testing": f"{package}.testing", "app": f"{package}.app.ui:APP",
             "screens": f"{package}.app.screens:SCREENS", "rules": f"{package}.app.summary:SUMMARY", **other}
    return ", ".join(f"{part}={value!r}" for part, value in parts.items())


@pytest.fixture
def scratch_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def test_the_scan_registers_each_folder_as_register_folder_does() -> None:
    for name in game_names():
        made = entry(name)
        assert made.package == f"games.{folder_name(name)}"
        assert register_folder(GAMES / folder_name(name)) == made, name
    assert game_names() == sorted(path.parent.name.replace("_", "-") for path in GAMES.glob("*/registration.py"))


def test_the_test_game_is_registered_from_its_folder_by_the_same_function(higher: str) -> None:
    made = entry(higher)
    assert made.package == "tests.fixtures.games.higher" and made.factory == "tests.fixtures.games.higher:Higher"
    assert get_game(higher).name == "higher"


def test_a_registered_folder_outside_the_project_is_imported_from_its_root(scratch_root: Path) -> None:
    folder = _folder(scratch_root, "far_game", f'register_game("far-game", "far_game:Far", title="Far", '
                                               f'{_parts("far_game")})')
    try:
        made = register_folder(folder)
        assert made.name == "far-game" and made.package == "far_game" and "far-game" in game_names()
    finally:
        unregister_game("far-game")


def test_a_part_outside_the_games_folder_is_named(scratch_root: Path) -> None:
    """Each part a registration names lives in the game's own package: one outside is named, with its part."""
    body = (f'register_game("far-game", "far_game:Far", title="Far", '
            f'{_parts("far_game", app="companion.games.far:APP", rules="far_gamex.summary:SUMMARY")}, '
            'advisor="games.tenno.advice")')
    with pytest.raises(RegistrationError) as raised:
        register_folder(_folder(scratch_root, "far_game", body))
    said = str(raised.value)
    assert "game 'far-game'" in said and "far_game/registration.py" in said, said
    assert ("app 'companion.games.far:APP', rules 'far_gamex.summary:SUMMARY', advisor 'games.tenno.advice' "
            "outside its own package far_game") in said, said
    assert "factory" not in said and "testing" not in said and "screens" not in said
    assert "far-game" not in game_names()


def test_a_name_that_is_not_the_folders_is_named(scratch_root: Path) -> None:
    body = f'register_game("no-thank", "no_thanks:Game", title="No", {_parts("no_thanks")})'
    with pytest.raises(RegistrationError, match=r"its folder is no_thanks/, but a game called 'no-thank' lives in "
                                                r"no_thank/ \(its name with '_' for '-'\)"):
        register_folder(_folder(scratch_root, "no_thanks", body))
    assert "no-thank" not in game_names()


def test_a_folder_that_registers_no_game_or_two_is_named(scratch_root: Path) -> None:
    with pytest.raises(RegistrationError, match="registration.py registers no game: it must call register_game"):
        register_folder(_folder(scratch_root, "empty_game", "pass"))
    with pytest.raises(RegistrationError, match="no registration.py"):
        register_folder(scratch_root)
    two = (f'register_game("two-game", "two_game:Two", title="Two", {_parts("two_game")})\n'
           f'register_game("two-game", "two_game:Other", title="Two", {_parts("two_game")})')
    try:
        with pytest.raises(RegistrationError, match="registers 'two-game' and then 'two-game': a folder holds one"):
            register_folder(_folder(scratch_root, "two_game", two))
    finally:
        unregister_game("two-game")


def test_the_testing_hooks_every_game_needs_and_the_optional_ones() -> None:
    """The tables the shared tests once kept by game name are hooks: required, or optional with a default."""
    assert {"STEP_KINDS", "NEWS_KINDS", "SHORTEST_GAME"} <= set(TESTING_HOOKS)
    assert OPTIONAL_HOOKS == {"BOTH_KINDS": frozenset(), "UNDIGESTED": None}
    assert not set(OPTIONAL_HOOKS) & set(TESTING_HOOKS)
    for name in game_names():
        made = entry(name)
        shortest = made.hook("SHORTEST_GAME")
        assert isinstance(shortest, int) and shortest >= 1, (name, shortest)
        assert isinstance(made.hook("BOTH_KINDS"), frozenset)
    with pytest.raises(KeyError, match="SHORTEST is no testing hook"):
        entry("tenno").hook("SHORTEST")


def test_a_game_without_an_optional_hook_gets_its_default(higher: str) -> None:
    assert entry(higher).hook("BOTH_KINDS") == frozenset() and entry(higher).hook("UNDIGESTED") is None
    assert entry(higher).hook("SHORTEST_GAME") == 6
