"""Games by name, so callers pick one with a string from a journal or config.

Each game registers itself once, with one `register_game` call in the file
`engine/games/<package>/registration.py`. The registry finds those files by
scanning the `engine/games/` folder and runs each one *by path*, as a small
module of its own, so listing the games imports no game package: a game's
rules, data and test hooks are imported when the game is chosen. Adding a
game is adding its package; nothing here changes.

The default game (for a protocol `new` without `"game"`, and a fresh
install) is the one registered with `default=True`: Samurai Spirit, the
companion's first game. Exactly one game may claim it; with none, the first
name in alphabetical order is the default.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from engine.core.errors import RuleError
from engine.core.game import Game
from engine.core.messages import msg

REGISTRATION = "registration.py"
_GAMES_DIR = Path(__file__).resolve().parents[1] / "games"


@dataclass(frozen=True)
class GameEntry:
    """One game's registration: where its parts are, as module paths imported on demand.

    factory  "module:attribute" of the Game class (or function) that builds the game
    testing  module of the shared property tests' hooks: SETUPS (sample setups),
             policy(seed) -> a callable picking an input for a play,
             check_invariants(play), and for the secrecy tests
             (tests/engine/test_secrecy_all_games.py, test_advice_secrecy.py):
             hidden_twin(setup, seed, inputs) -> (seed, inputs) of a game that
             differs only in what is hidden; hidden_content(setup, seed, inputs)
             -> what is hidden after the set-up and each input (the engine's
             secret, or where it holds none the table's, so the test can see
             the twins differ); secret(play) -> what the engine holds that the
             table must not see (None: nothing); shown(play) -> whether the
             twins' difference is on show now (a capture or duel on screen, the
             end's reveal); gone(play) -> cards not to probe (they left the game)
    advisor  module of the advisor's hooks (engine.core.advisor.AdvisorHooks): the
             game's heuristic policy, how to sample the unseen from the public
             view, and who counts as winning; empty for a game without advice
    """

    name: str
    factory: str
    testing: str
    default: bool = False
    advisor: str = ""

    def build(self) -> Game:
        module, _, attribute = self.factory.partition(":")
        made: Callable[[], Game] = getattr(importlib.import_module(module), attribute)
        return made()

    def hooks(self) -> ModuleType:
        return importlib.import_module(self.testing)

    def advice(self) -> ModuleType | None:
        """The advisor's hooks, or None when the game registered none."""
        return importlib.import_module(self.advisor) if self.advisor else None


_ENTRIES: dict[str, GameEntry] = {}
_CACHE: dict[str, Game] = {}
_scanned = False


def register_game(name: str, factory: str, *, testing: str, default: bool = False, advisor: str = "") -> None:
    """Called once by each game's registration file."""
    made = GameEntry(name, factory, testing, default, advisor)
    if name in _ENTRIES and _ENTRIES[name] != made:
        raise ValueError(f"game {name!r} is registered twice")
    _ENTRIES[name] = made


def _scan() -> None:
    """Run every game's registration file once, without importing its package."""
    global _scanned
    if _scanned:
        return
    _scanned = True
    for path in sorted(_GAMES_DIR.glob(f"*/{REGISTRATION}")):
        spec = importlib.util.spec_from_file_location(f"engine_registration_{path.parent.name}", path)
        if spec is None or spec.loader is None:
            continue
        spec.loader.exec_module(importlib.util.module_from_spec(spec))
    defaults = [e.name for e in _ENTRIES.values() if e.default]
    if len(defaults) > 1:
        raise ValueError(f"more than one default game: {', '.join(sorted(defaults))}")


def game_names() -> list[str]:
    _scan()
    return sorted(_ENTRIES)


def default_game() -> str:
    """The game chosen when none is named (see the module's note)."""
    _scan()
    marked = [e.name for e in _ENTRIES.values() if e.default]
    return marked[0] if marked else game_names()[0]


def entry(name: str) -> GameEntry:
    """The registration of the game called `name`."""
    _scan()
    if name not in _ENTRIES:
        raise RuleError(msg("unknown game {name}; known games: {value}", name=repr(name),
                            value=", ".join(game_names())))
    return _ENTRIES[name]


def get_game(name: str) -> Game:
    """The game called `name` with its packaged data, loaded once."""
    if name not in _CACHE:
        _CACHE[name] = entry(name).build()
    return _CACHE[name]
