"""Games by name, so callers pick one with a string from a journal or config.

Each game registers itself once, with one `register_game` call in the file
`games/<package>/registration.py`: the only place that names the
game's parts, for the engine (rules, testing hooks, advice), the app (set-up
words, demo script, simulate), the screens, the web page's rules summary
and the first menu's title. The registry finds those files by scanning the
`games/` folder and runs each one *by path*, as a small module of its
own, so listing the games (and their titles) imports no game package: a
game's rules, data and app are imported when the game is chosen. Adding a
game is adding its packages; nothing here and no list elsewhere changes.

The parts are named as "module:attribute" strings, not imported: the
engine never imports the companion, and the companion resolves and checks
its parts (companion.games.registry). `register_game` checks that every
part is named, and says which are missing.

The default game (for a protocol `new` without `"game"`, and a fresh
install) is the one registered with `default=True`: Samurai Spirit, the
companion's first game. Exactly one game may claim it; with none, the first
name in alphabetical order is the default.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from engine.core.errors import RuleError
from engine.core.game import Game
from engine.core.messages import Message, msg

REGISTRATION = "registration.py"
_GAMES_DIR = Path(__file__).resolve().parents[2] / "games"

TESTING_HOOKS = ("SETUPS", "BENCH_TABLES", "bench", "policy", "check_invariants", "play_inputs", "hidden_twin",
                 "hidden_content", "secret", "shown", "gone", "spends")
"""What a game's testing module must define (see `GameEntry`); `hooks()` says which are missing."""

_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
_MODULE = r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*"
_OBJECT = re.compile(rf"^{_MODULE}:[A-Za-z_][A-Za-z0-9_]*$")
_MODULE_ONLY = re.compile(rf"^{_MODULE}$")


class RegistrationError(ValueError):
    """A game's registration names too little, or a part that is not what it must be: a developer's mistake,
    found when the game is registered or first chosen, and said with what is missing."""


@dataclass(frozen=True)
class GameEntry:
    """One game's registration: its name, its title, and where each of its parts is.

    name     the game's name in journals, config, the protocol and `--game` ("samurai-spirit")
    title    its name on the first menu: a Message, or the box's own name where it is the same in
             every language ("Samurai Spirit")
    factory  "module:attribute" of the Game class (or function) that builds the game
    testing  module of the shared property tests' hooks (`TESTING_HOOKS`): SETUPS (sample setups),
             BENCH_TABLES and bench(setup, games, seed) -> (games, inputs) for bench/engine_speed.py,
             policy(seed) -> a callable picking an input for a play, play_inputs(setup, seed) (a whole
             game's inputs), check_invariants(play), spends(prompt, option) (an option that spends
             what the table has only so much of), and for the secrecy tests
             (tests/engine/test_secrecy_all_games.py, test_advice_secrecy.py):
             hidden_twin(setup, seed, inputs) -> (seed, inputs) of a game that
             differs only in what is hidden; hidden_content(setup, seed, inputs)
             -> what is hidden after the set-up and each input (the engine's
             secret, or where it holds none the table's, so the test can see
             the twins differ); secret(play) -> what the engine holds that the
             table must not see (None: nothing); shown(play) -> whether the
             twins' difference is on show now (a capture or duel on screen, the
             end's reveal); gone(play) -> cards not to probe (they left the game).
             engine.core.testing has the parts every game writes alike.
    app      "module:attribute" of the companion's part (companion.games.registry.GameApp): the UI
             (set-up questions, words, table events to inputs), demo script, policy, simulate
    screens  "module:attribute" of the game's screens (companion.screens.registry.GameScreens)
    rules    "module:attribute" of the rules summary on the web page: a tuple of Messages
    advisor  module of the advisor's hooks (engine.core.advisor.AdvisorHooks): the
             game's heuristic policy, how to sample the unseen from the public
             view, and who counts as winning; empty for a game without advice
    """

    name: str
    factory: str
    title: Message | str
    testing: str
    app: str
    screens: str
    rules: str
    default: bool = False
    advisor: str = ""

    def build(self) -> Game:
        module, _, attribute = self.factory.partition(":")
        made: Callable[[], Game] = getattr(importlib.import_module(module), attribute)
        return made()

    def hooks(self) -> ModuleType:
        """The testing hooks; RegistrationError names the module when it is not there, or the hooks it lacks."""
        if not module_exists(self.testing):
            raise RegistrationError(f"game {self.name!r}: {missing_testing(self.testing)}")
        module = importlib.import_module(self.testing)
        missing = [hook for hook in TESTING_HOOKS if not hasattr(module, hook)]
        if missing:
            raise RegistrationError(f"game {self.name!r}: its testing hooks ({self.testing}) lack "
                                    f"{', '.join(missing)} (see engine.core.registry.GameEntry)")
        return module

    def advice(self) -> ModuleType | None:
        """The advisor's hooks, or None when the game registered none."""
        return importlib.import_module(self.advisor) if self.advisor else None


def module_exists(module: str) -> bool:
    """Whether `module` can be imported: its file is there (its parent packages are imported to look, not it)."""
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def missing_testing(module: str) -> str:
    """What a registration whose testing module is not there is told: the module it expected and what it holds."""
    return (f"testing: no module {module} (the testing hooks every game has, beside its rules: "
            f"{', '.join(TESTING_HOOKS)}; see docs/developers/adding-a-game.md)")


_PARTS = {
    "factory": ("the Game class that builds the game", _OBJECT, "games.<package>:<Class>"),
    "testing": ("the testing hooks", _MODULE_ONLY, "games.<package>.testing"),
    "app": ("the app's part (a GameApp)", _OBJECT, "companion.games.<module>:APP"),
    "screens": ("the screens (a GameScreens)", _OBJECT, "companion.screens.<package>:SCREENS"),
    "rules": ("the rules summary for the web page", _OBJECT, "companion.games.<module>_rules:SUMMARY"),
}


def check_entry(made: GameEntry) -> None:
    """Raise RegistrationError saying every part the registration does not name, or names badly."""
    problems: list[str] = []
    if not _NAME.match(made.name or ""):
        problems.append(f"a name of lowercase words joined by '-' (not {made.name!r})")
    if not made.title or (isinstance(made.title, str) and not made.title.strip()):
        problems.append("a title (the game's name on the first menu)")
    for part, (what, form, example) in _PARTS.items():
        value = getattr(made, part)
        if not value:
            problems.append(f"{part}: {what}, as {example!r}")
        elif not form.match(value):
            problems.append(f"{part}: {what}, as {example!r} (not {value!r})")
    if made.advisor and not _MODULE_ONLY.match(made.advisor):
        problems.append(f"advisor: a module path (not {made.advisor!r})")
    if problems:
        raise RegistrationError(f"game {made.name!r} cannot be registered; it needs " + "; ".join(problems))


_ENTRIES: dict[str, GameEntry] = {}
_CACHE: dict[str, Game] = {}
_scanned = False


def register_game(name: str, factory: str = "", *, title: Message | str = "", testing: str = "", app: str = "",
                  screens: str = "", rules: str = "", default: bool = False, advisor: str = "") -> GameEntry:
    """Called once by each game's registration file; RegistrationError says what it lacks.

    Every part is a keyword with an empty default so that a registration
    missing several hears of all of them at once, not of the first only.
    """
    made = GameEntry(name, factory, title, testing, app, screens, rules, default, advisor)
    check_entry(made)
    if name in _ENTRIES and _ENTRIES[name] != made:
        raise RegistrationError(f"game {name!r} is registered twice")
    _ENTRIES[name] = made
    return made


def unregister_game(name: str) -> None:
    """Forget a game registered by hand (a test's fixture game); the scanned games stay."""
    _ENTRIES.pop(name, None)
    _CACHE.pop(name, None)


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
