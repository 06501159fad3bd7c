"""Every game the companion can run: one registration per game, loaded when the game is chosen.

A game's companion side is one module `companion.games.<module>` exposing
`REGISTRATION`, a `GameRegistration`; its name with `_` as `-` is the game's
name (`samurai_spirit` -> "samurai-spirit"). Its helper modules share that
prefix (`samurai_spirit_demo`) and are not games. The registry lists these
modules from the package folder without importing them, so start-up costs
the same whatever the number of games; a game's module, engine and screens
are imported on the first `registration(name)`.

The first menu needs every game's title before any game is chosen, so a
game module states it on one line of its own, `TITLE = "Samurai Spirit"`,
which `game_title` reads from the file without importing it (and
`registration` checks against the registration's `title`).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from companion.games.base import GameUI
from engine import RuleError
from engine.core.messages import Message, msg

NOT_GAMES = frozenset({"base", "registry", "tagged_components", "undo_offer"})
"""The package's own modules: the contract, this registry and the defaults games share."""


class DemoScripts(Protocol):
    """Makes a game's scripted table (companion.harness.demo): the people at the table, played by a program."""

    def __call__(self, table: Any, *args: Any) -> Any: ...

    def from_setup(self, table: Any, setup: dict[str, Any]) -> Any: ...

    def random(self, table: Any, rng: random.Random) -> Any: ...


@dataclass(frozen=True)
class GameRegistration:
    """All the companion needs to run one game; every command reads it and nothing else.

    name            the game's name in journals, config and `--game` ("samurai-spirit")
    title           the game's name on screen (the first menu): a Message, or the box's own name
                    where it is the same in every language ("Samurai Spirit")
    engine_game     the rules engine's name for it (engine.get_game)
    ui              makes the game's words, set-up questions and table-event mapping
    screens_package the package under companion.screens with its `SCREENS`
    demo_script     the scripted table of `companion demo` and the fuzzer: called with (table, *args),
                    `.from_setup(table, setup)` or `.random(table, rng)` (see companion.harness.demo)
    policy          a simple legal policy: (rng, explore) -> object with choose(play) -> Input
    simulate        (setup or None for the default, games, seed) -> (lines of a report, inputs played)
    random_setup    a random legal set-up for the engine protocol's fuzzer
    setup_arguments the game's own set-up options of `companion simulate` (`--samurai kyuzo,heihachi`)
                    -> the set-up they make, None when none was given
    """

    name: str
    title: Message | str
    engine_game: str
    ui: Callable[[], GameUI]
    screens_package: str
    demo_script: DemoScripts
    policy: Callable[[random.Random, float], Any]
    simulate: Callable[[dict[str, Any] | None, int, int], tuple[list[str], int]]
    random_setup: Callable[[random.Random], dict[str, Any]]
    setup_arguments: Callable[[list[str]], dict[str, Any] | None]

    def invariants(self, play: Any) -> None:
        """Raise AssertionError when `play` breaks the game's invariants.

        The checker is the one the engine game registered for its own
        property tests (engine.core.registry), so there is one per game.
        """
        from engine.core.registry import entry

        entry(self.engine_game).hooks().check_invariants(play)


_LOADED: dict[str, GameRegistration] = {}


def _modules() -> dict[str, str]:
    """Game name -> module name, read from the package folder (nothing imported)."""
    names = sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)]))
    games = [n for n in names if n not in NOT_GAMES and not n.startswith("_")]
    heads = [n for n in games if not any(n.startswith(other + "_") for other in games if other != n)]
    return {n.replace("_", "-"): f"companion.games.{n}" for n in heads}


def registered_games() -> list[str]:
    """The names of the games with a companion side, none of them imported: the engine's default game
    first (every command without --game takes the first), then the others sorted, so a new game whose
    name sorts first does not become the default."""
    from engine.core.registry import default_game

    names = sorted(_modules())
    first = default_game()
    return [first, *(n for n in names if n != first)] if first in names else names


def registration(name: str) -> GameRegistration:
    """The registration of game `name`, importing its module on first use."""
    if name in _LOADED:
        return _LOADED[name]
    module = _modules().get(name)
    if module is None:
        raise RuleError(msg("unknown game {name}; known games: {value}", name=repr(name),
                            value=", ".join(registered_games())))
    found = importlib.import_module(module).REGISTRATION
    if not isinstance(found, GameRegistration) or found.name != name:
        raise RuleError(msg("unknown game {name}; known games: {value}", name=repr(name),
                            value=", ".join(registered_games())))
    declared = _declared_title(module)
    if declared is not None and found.title != declared:
        raise RuntimeError(f"game {name!r}: the TITLE line of {module} ({declared!r}) and its registration's "
                           f"title ({found.title!r}) differ")
    _LOADED[name] = found
    return found


_TITLE_LINE = re.compile(r'^TITLE = "([^"\\]+)"$', re.MULTILINE)


def _declared_title(module: str) -> str | None:
    """The `TITLE = "..."` line of a game module's source, read without importing the module."""
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        return None
    try:
        found = _TITLE_LINE.search(Path(spec.origin).read_text(encoding="utf-8"))
    except OSError:
        return None
    return found.group(1) if found else None


def game_title(name: str) -> Message | str:
    """A game's title for the first menu; read from its module's TITLE line, so nothing is imported."""
    if name in _LOADED:
        return _LOADED[name].title
    module = _modules().get(name)
    declared = _declared_title(module) if module is not None else None
    return declared if declared is not None else registration(name).title


def loaded_games() -> list[str]:
    """The games imported so far (start-up should have none or the one chosen)."""
    return sorted(_LOADED)


def game_ui(name: str) -> GameUI:
    """A fresh UI of game `name`."""
    return registration(name).ui()
