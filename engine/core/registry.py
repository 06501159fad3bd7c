"""Games by name, so callers pick one with a string from a journal or config.

Each game is one folder, `games/<package>/`, and registers itself once,
with one `register_game` call in its `registration.py`: the only place that
names the game's parts, for the engine (rules, testing hooks, advice), the
app (set-up words, demo script, simulate), the screens, the web page's rules
summary and the first menu's title. `register_folder` runs that file *by
path*, as a small module of its own, so listing the games (and their titles)
imports no game package: a game's rules, data and app are imported when the
game is chosen. The registry registers every folder of `games/` that way;
the test game Higher (tests/fixtures/games/higher/) is registered by the
same function from its own folder. Adding a game is adding its folder;
nothing here and no list elsewhere changes.

The parts are named as "module:attribute" strings, not imported: the
engine never imports the companion, and the companion resolves and checks
its parts (companion.games.registry). `register_game` checks that every
part is named, and says which are missing; registered from a folder, also
that the game's name is the folder's (`no-thanks` in `no_thanks/`) and that
every part lives inside the folder's own package (`games.no_thanks...`), so
a game can be added or taken away as one folder.

The default game (for a protocol `new` without `"game"`, and a fresh
install) is the one registered with `default=True`: Samurai Spirit, the
companion's first game. Exactly one game may claim it; with none, the first
name in alphabetical order is the default.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from engine.core.errors import RuleError
from engine.core.game import Game
from engine.core.messages import Message, msg
from engine.core.testing import OPTIONAL_HOOKS

REGISTRATION = "registration.py"
_ROOT = Path(__file__).resolve().parents[2]
_GAMES_DIR = _ROOT / "games"

TESTING_HOOKS = ("SETUPS", "BENCH_TABLES", "bench", "policy", "check_invariants", "play_inputs", "hidden_twin",
                 "hidden_content", "secret", "shown", "gone", "spends", "STEP_KINDS", "NEWS_KINDS",
                 "SHORTEST_GAME")
"""What a game's testing module must define (see `GameEntry`); `hooks()` says which are missing. The hooks a
game may leave out, and what a game that does gets, are engine.core.testing.OPTIONAL_HOOKS."""

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
             end's reveal); gone(play) -> cards not to probe (they left the game);
             STEP_KINDS and NEWS_KINDS (tests/engine/test_physical_steps.py): the
             event kinds that always ask the table to do something with its
             components, and those that only say what happened; SHORTEST_GAME:
             the inputs the evening trial (companion.harness.evening) spreads its
             power cuts over, about the fewest a demo game of it takes.
             engine.core.testing has the parts every game writes alike, and the
             optional hooks with what a game that leaves one out gets
             (OPTIONAL_HOOKS: BOTH_KINDS, UNDIGESTED).
    app      "module:attribute" of the companion's part (companion.games.registry.GameApp): the UI
             (set-up questions, words, table events to inputs), demo script, policy, simulate
    screens  "module:attribute" of the game's screens (companion.screens.registry.GameScreens)
    rules    "module:attribute" of the rules summary on the web page: a tuple of Messages
    advisor  module of the advisor's hooks (engine.core.advisor.AdvisorHooks): the
             game's heuristic policy, how to sample the unseen from the public
             view, and who counts as winning; empty for a game without advice
    package  the game's own package, its folder as imported ("games.tenno"), set by
             `register_folder`; empty for a game registered by hand (a test's)
    folder   the game's folder on disk (its pictures, page and data beside its rules), set by
             `register_folder`; None for a game registered by hand
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
    package: str = ""
    folder: Path | None = None

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

    def hook(self, name: str) -> Any:
        """One testing hook: a required one (`TESTING_HOOKS`, checked by `hooks()`), or an optional one
        (engine.core.testing.OPTIONAL_HOOKS) with its default when the game leaves it out."""
        module = self.hooks()
        if name in OPTIONAL_HOOKS:
            return getattr(module, name, OPTIONAL_HOOKS[name])
        if name not in TESTING_HOOKS:
            raise KeyError(f"{name} is no testing hook (engine.core.registry.TESTING_HOOKS, "
                           "engine.core.testing.OPTIONAL_HOOKS)")
        return getattr(module, name)

    def advice(self) -> ModuleType | None:
        """The advisor's hooks, or None when the game registered none."""
        return importlib.import_module(self.advisor) if self.advisor else None


def module_exists(module: str) -> bool:
    """Whether `module` can be imported: its file is there (its parent packages are imported to look, not it)."""
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def _top_level_names(body: list[ast.stmt]) -> set[str] | None:
    """The names a module's statements define at its top level (None: a `*` import, which could define any)."""
    names: set[str] = set()
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for target in targets for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, ast.Import | ast.ImportFrom):
            if any(alias.name == "*" for alias in node.names):
                return None
            names.update(alias.asname or alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.If | ast.Try | ast.With):
            inner = [*node.body, *getattr(node, "orelse", []), *getattr(node, "finalbody", []),
                     *(stmt for handler in getattr(node, "handlers", []) for stmt in handler.body)]
            found = _top_level_names(inner)
            if found is None:
                return None
            names |= found
    return names


def missing_hooks(module: str) -> list[str]:
    """The hooks of `TESTING_HOOKS` the testing module `module` does not define, read from its source without
    running it (the app checks a chosen game's registration without importing its testing hooks); none when
    its source cannot be read that way."""
    spec = importlib.util.find_spec(module) if module_exists(module) else None
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return []
    names = _top_level_names(ast.parse(Path(spec.origin).read_text("utf-8"), spec.origin).body)
    return [] if names is None else [hook for hook in TESTING_HOOKS if hook not in names]


def missing_testing(module: str) -> str:
    """What a registration whose testing module is not there is told: the module it expected and what it holds."""
    return (f"testing: no module {module} (the testing hooks every game has, beside its rules: "
            f"{', '.join(TESTING_HOOKS)}; see docs/developers/adding-a-game.md)")


_PARTS = {
    "factory": ("the Game class that builds the game", _OBJECT, "games.<package>:<Class>"),
    "testing": ("the testing hooks", _MODULE_ONLY, "games.<package>.testing"),
    "app": ("the app's part (a GameApp)", _OBJECT, "games.<package>.app.ui:APP"),
    "screens": ("the screens (a GameScreens)", _OBJECT, "games.<package>.app.screens:SCREENS"),
    "rules": ("the rules summary for the web page", _OBJECT, "games.<package>.app.summary:SUMMARY"),
}
INSIDE = ("factory", "testing", "app", "screens", "rules", "advisor")
"""The parts a registration from a folder must name inside the folder's own package."""


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


def folder_name(name: str) -> str:
    """The folder (and package) of game `name`: its name with '_' for '-' ("no-thanks" -> "no_thanks")."""
    return name.replace("-", "_")


def _inside(value: str, package: str) -> bool:
    module = value.partition(":")[0]
    return module == package or module.startswith(package + ".")


def check_folder(made: GameEntry, folder: Path) -> None:
    """Raise RegistrationError when a game registered from `folder` is not that folder's: its name is not the
    folder's, or a part it names lives outside the folder's own package (`made.package`)."""
    problems: list[str] = []
    if folder_name(made.name) != folder.name:
        problems.append(f"its folder is {folder.name}/, but a game called {made.name!r} lives in "
                        f"{folder_name(made.name)}/ (its name with '_' for '-'): rename one of them")
    outside = [f"{part} {getattr(made, part)!r}" for part in INSIDE
               if getattr(made, part) and not _inside(getattr(made, part), made.package)]
    if outside:
        problems.append(f"{', '.join(outside)} outside its own package {made.package} (a game's parts live in "
                        "its folder, so the game is added or taken away as one folder)")
    if problems:
        raise RegistrationError(f"game {made.name!r} ({folder / REGISTRATION}): " + "; ".join(problems))


_ENTRIES: dict[str, GameEntry] = {}
_CACHE: dict[str, Game] = {}
_scanned = False


@dataclass
class _Registering:
    """The folder whose registration file runs now, and the games it has registered so far."""

    folder: Path
    package: str
    made: list[GameEntry]


_registering: _Registering | None = None


def register_game(name: str, factory: str = "", *, title: Message | str = "", testing: str = "", app: str = "",
                  screens: str = "", rules: str = "", default: bool = False, advisor: str = "") -> GameEntry:
    """Called once by each game's registration file; RegistrationError says what it lacks.

    Every part is a keyword with an empty default so that a registration
    missing several hears of all of them at once, not of the first only.
    Called from a folder's registration file (`register_folder`), it also
    checks the game is that folder's (`check_folder`); called by hand (a
    test's made-up game), only what the parts look like.
    """
    here = _registering
    made = GameEntry(name, factory, title, testing, app, screens, rules, default, advisor,
                     here.package if here is not None else "", here.folder if here is not None else None)
    check_entry(made)
    if here is not None:
        check_folder(made, here.folder)
        if here.made:
            raise RegistrationError(f"{here.folder / REGISTRATION} registers {here.made[0].name!r} and then "
                                    f"{name!r}: a folder holds one game")
    if name in _ENTRIES and _ENTRIES[name] != made:
        raise RegistrationError(f"game {name!r} is registered twice")
    _ENTRIES[name] = made
    if here is not None:
        here.made.append(made)
    return made


def package_of(folder: Path) -> str:
    """The package a game folder is imported as: its path below the project's root, or else below the first
    folder of `sys.path` that holds it (a test's game in a scratch folder); RegistrationError when none does."""
    roots = [_ROOT, *(Path(p).resolve() for p in sys.path if p)]
    for root in roots:
        if folder.is_relative_to(root) and folder != root:
            parts = folder.relative_to(root).parts
            if all(part.isidentifier() for part in parts):
                return ".".join(parts)
    raise RegistrationError(f"{folder}: a game's folder must be importable as a package (under {_ROOT} or a "
                            "folder of sys.path, every folder name a Python name)")


def register_folder(folder: Path | str) -> GameEntry:
    """Register the game of `folder` as the registry registers every game: run its `registration.py` by path
    (nothing of the game is imported) and check the game it registers is that folder's (`check_folder`).

    The registry calls it for each folder of `games/`; a test calls it for
    its own game's folder (and `unregister_game` after). RegistrationError
    says what is wrong: no registration file, no game or two registered in
    it, a name that is not the folder's, a part outside the folder.
    """
    global _registering
    where = Path(folder).resolve()
    path = where / REGISTRATION
    if not path.is_file():
        raise RegistrationError(f"{where}: no {REGISTRATION} (a game's folder registers the game in it; see "
                                "docs/developers/adding-a-game.md)")
    package = package_of(where)
    spec = importlib.util.spec_from_file_location(f"engine_registration_{package.replace('.', '_')}", path)
    if spec is None or spec.loader is None:
        raise RegistrationError(f"{path}: cannot be read as a Python file")
    if _registering is not None:
        raise RegistrationError(f"{path} is registered from inside {_registering.folder / REGISTRATION}")
    _registering = here = _Registering(where, package, [])
    try:
        spec.loader.exec_module(importlib.util.module_from_spec(spec))
    finally:
        _registering = None
    if not here.made:
        raise RegistrationError(f"{path} registers no game: it must call register_game(...) once")
    return here.made[0]


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
        register_folder(path.parent)
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
