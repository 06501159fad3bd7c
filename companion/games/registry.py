"""Every game the companion can run, from the one registration each game makes.

A game registers once, in `games/<package>/registration.py`
(engine.core.registry): its name, its title, and where each of its parts
lives, the companion's among them (`app`, a `GameApp`; `screens`; `rules`,
the web page's summary). The engine's registry lists those files without
importing any game, so start-up and the first menu (titles included) cost
the same whatever the number of games. `registration(name)` imports the
game's app part on first use and checks it against the contract written
below (and in docs/developers/adding-a-game.md); a part that is missing or not what
it must be is a RegistrationError naming each such part.

What mypy can check is typed here (`GameApp`, `DemoScripts`, `DemoScript`,
companion.games.base.GameUI); what it cannot (a part named by a string, a
class missing a method the app calls) `registration` checks, and
`companion.games.contract` plays the rest (the last set-up question, the
buttons of a tap prompt, the direct buttons of every prompt) in a test for
every game.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, cast

from companion.games.base import GameUI
from engine.core.errors import RuleError
from engine.core.game import Game
from engine.core.match import Match
from engine.core.messages import Message, msg
from engine.core.registry import (
    RegistrationError,
    default_game,
    entry,
    game_names,
    get_game,
    missing_hooks,
    missing_testing,
    module_exists,
)


class DemoScript(Protocol):
    """What the people at a scripted table do (companion.harness.demo, the fuzzer, the evening and power-cut trials).

    The script drives `table` (the DemoTable it was made with: `tap`, `press`,
    `pick`, `snap`, `show_next_mishap`, `app`, `seed`) the way players would.
    """

    def set_up(self) -> None:
        """Answer the set-up questions from the language on, up to and including the "start" question."""
        ...

    def show_features(self, play: Any) -> None:
        """Before each move: once each, show what the demo's snapshots want (a refusal, an undo, ...)."""
        ...

    def one_move(self, play: Any) -> None:
        """The next move, made as a player would (a tap, a direct button, Next and OK)."""
        ...

    def after_move(self, play: Any) -> None:
        """After each move: snapshots of what the move led to."""
        ...

    def in_play(self, play: Any) -> list[str]:
        """Tag targets the table has seen in play (the fuzzer taps them as nonsense)."""
        ...

    def summary(self, match: Match) -> list[str]:
        """The demo's closing lines about the game played."""
        ...


class DemoScripts(Protocol):
    """Makes a game's scripted table: the class of its demo script, as the callers use it."""

    def __call__(self, table: Any, *args: Any) -> DemoScript:
        """The script for `companion demo` with the given arguments (defaults for none)."""
        ...

    def from_setup(self, table: Any, setup: dict[str, Any]) -> DemoScript:
        """The script for `companion demo --setup` (the engine's set-up JSON)."""
        ...

    def random(self, table: Any, rng: random.Random) -> DemoScript:
        """A random table for the fuzzer."""
        ...


P = TypeVar("P")


def current_play(table: Any, kind: type[P]) -> P:
    """The play of the table's match, as the game's own Play: what a demo script's move is made against.

    The match's play is asked, not the `play` the caller passed in: an undo
    the script has just shown replaces it.
    """
    match = table.app.match
    assert match is not None, "no game in progress"
    play = match.play
    assert isinstance(play, kind), f"the match plays {type(play).__name__}, not {kind.__name__}"
    return play


DEMO_CALLS = ("from_setup", "random", "set_up", "show_features", "one_move", "after_move", "in_play", "summary")
"""The demo script's methods the callers use, besides making it (`DemoScripts`, `DemoScript`)."""
UI_CALLS = tuple(name for name in GameUI.__dict__ if not name.startswith("_") and name not in ("name", "game"))
"""The GameUI methods the app calls."""


@dataclass(frozen=True)
class GameApp:
    """A game's part of the companion, named by its registration's `app`.

    ui              makes the game's words, set-up questions and table-event mapping (a GameUI); a game whose
                    components can be taught (companion.census) takes `game=` (the game on the owner's data)
    demo_script     the scripted table of `companion demo`, the fuzzer and the trials (`DemoScripts`)
    policy          a simple legal policy: (rng, explore) -> object with choose(play) -> Input
    simulate        `companion simulate`: (the game on the component data in force, setup or None for
                    the default, games, seed)
                    -> (lines of a report, inputs played)
    random_setup    a random legal set-up for the engine protocol's fuzzer
    setup_arguments the game's own set-up options of `companion simulate` (`--samurai kyuzo,heihachi`)
                    -> the set-up they make, None when none was given
    """

    ui: Callable[[], GameUI]
    demo_script: DemoScripts
    policy: Callable[[random.Random, float], Any]
    simulate: Callable[[Game, dict[str, Any] | None, int, int], tuple[list[str], int]]
    random_setup: Callable[[random.Random], dict[str, Any]]
    setup_arguments: Callable[[list[str]], dict[str, Any] | None]


@dataclass(frozen=True)
class GameRegistration:
    """All the companion needs to run one game: the engine's registration with the companion's parts resolved.

    name            the game's name in journals, config and `--game` ("samurai-spirit")
    title           the game's name on screen (the first menu)
    engine_game     the rules engine's name for it (engine.get_game): the same name
    screens         "module:attribute" of its screens (companion.screens.registry imports them: pygame)
    rules           the rules summary on the web page, a few Messages
    and the GameApp's parts (ui, demo_script, policy, simulate, random_setup, setup_arguments)
    """

    name: str
    title: Message | str
    engine_game: str
    ui: Callable[[], GameUI]
    screens: str
    rules: tuple[Message, ...]
    demo_script: DemoScripts
    policy: Callable[[random.Random, float], Any]
    simulate: Callable[[Game, dict[str, Any] | None, int, int], tuple[list[str], int]]
    random_setup: Callable[[random.Random], dict[str, Any]]
    setup_arguments: Callable[[list[str]], dict[str, Any] | None]

    @property
    def screens_package(self) -> str:
        """The package of the game's screens (its own words are in it, for the catalogue tooling)."""
        return self.screens.partition(":")[0]

    def invariants(self, play: Any) -> None:
        """Raise AssertionError when `play` breaks the game's invariants.

        The checker is the one the engine game registered for its own
        property tests (engine.core.registry), so there is one per game.
        """
        entry(self.engine_game).hooks().check_invariants(play)


_LOADED: dict[str, GameRegistration] = {}


def registered_games() -> list[str]:
    """The names of the registered games, none of them imported: the engine's default game first (every
    command without --game takes the first), then the others sorted, so a new game whose name sorts first
    does not become the default."""
    names = game_names()
    first = default_game()
    return [first, *(n for n in names if n != first)]


def resolve(path: str) -> Any:
    """The object a registration names as "module:attribute"; RegistrationError when it is not there."""
    module, _, attribute = path.partition(":")
    try:
        found = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        raise RegistrationError(f"{path}: no module {exc.name}") from None
    if not hasattr(found, attribute):
        raise RegistrationError(f"{path}: {module} has no {attribute}")
    return getattr(found, attribute)


def _missing_calls(kind: Any, calls: tuple[str, ...]) -> list[str]:
    return [call for call in calls if not callable(getattr(kind, call, None))]


def check_app(name: str, app: Any, rules: Any, screens: str) -> list[str]:
    """What the companion's parts of game `name` lack: each as a phrase, none when the parts are whole."""
    problems: list[str] = []
    if not isinstance(app, GameApp):
        return [f"app is a {type(app).__name__}, not a companion.games.registry.GameApp"]
    if not inspect.isclass(app.ui):
        problems.append("app.ui is not a class making the game's GameUI")
    else:
        missing = _missing_calls(app.ui, UI_CALLS)
        if missing:
            problems.append(f"app.ui ({app.ui.__name__}) lacks {', '.join(missing)} (companion.games.base.GameUI)")
    if not callable(app.demo_script):
        problems.append("app.demo_script is not a class making the demo script")
    else:
        missing = _missing_calls(app.demo_script, DEMO_CALLS)
        if missing:
            problems.append(f"app.demo_script ({getattr(app.demo_script, '__name__', app.demo_script)}) lacks "
                            f"{', '.join(missing)} (companion.games.registry.DemoScript)")
    for part in ("policy", "simulate", "random_setup", "setup_arguments"):
        if not callable(getattr(app, part)):
            problems.append(f"app.{part} is not callable")
    if not isinstance(rules, tuple) or not rules or not all(isinstance(line, Message) for line in rules):
        problems.append("rules is not a tuple of msg(...) sentences for the web page")
    if importlib.util.find_spec(screens.partition(":")[0]) is None:
        problems.append(f"screens: no module {screens.partition(':')[0]}")
    return problems


def registration(name: str) -> GameRegistration:
    """The registration of game `name`, importing its app part on first use and checking it.

    An unknown name is a RuleError naming the known games (a journal, a
    config or `--game` may hold any word); a registered game whose parts
    are not whole (its testing module among them: the shared tests call it;
    its hooks are read from the module's source, not run) is one
    RegistrationError saying each part that is missing.
    """
    if name in _LOADED:
        return _LOADED[name]
    if name not in game_names():
        raise RuleError(msg("unknown game {name}; known games: {value}", name=repr(name),
                            value=", ".join(registered_games())))
    made = entry(name)
    problems: list[str] = []
    app = rules = None
    for part in ("app", "rules"):
        try:
            found = resolve(getattr(made, part))
        except RegistrationError as exc:
            problems.append(f"{part}: {exc}")
            continue
        if part == "app":
            app = found
        else:
            rules = found
    if not problems:
        problems = check_app(name, app, rules, made.screens)
    if not module_exists(made.testing):
        problems.append(missing_testing(made.testing))
    else:
        lacking = missing_hooks(made.testing)
        if lacking:
            problems.append(f"testing: {made.testing} lacks {', '.join(lacking)} (the hooks every game's shared "
                            "tests call: engine.core.registry.TESTING_HOOKS; see docs/developers/adding-a-game.md)")
    if problems:
        folder = made.package.replace(".", "/") if made.package else f"games/{name.replace('-', '_')}"
        raise RegistrationError(f"game {name!r} ({folder}/registration.py): " + "; ".join(problems))
    assert isinstance(app, GameApp) and isinstance(rules, tuple)
    found_reg = GameRegistration(
        name=name, title=made.title, engine_game=name, ui=app.ui, screens=made.screens, rules=rules,
        demo_script=app.demo_script, policy=app.policy, simulate=app.simulate, random_setup=app.random_setup,
        setup_arguments=app.setup_arguments)
    _LOADED[name] = found_reg
    return found_reg


def forget(name: str) -> None:
    """Drop a loaded registration (a test's fixture game, unregistered after the test)."""
    _LOADED.pop(name, None)


def game_title(name: str) -> Message | str:
    """A game's title for the first menu, from its registration: nothing of the game is imported."""
    return entry(name).title


def loaded_games() -> list[str]:
    """The games imported so far (start-up should have none or the one chosen)."""
    return sorted(_LOADED)


def game_ui(name: str) -> GameUI:
    """A fresh UI of game `name` on its shipped component data. The UI on the owner's data (the data in force
    in a state folder) is companion.census.game_ui: this package knows no state folder."""
    return registration(name).ui()


def ui_on(game: Game) -> GameUI:
    """A fresh UI of `game`'s kind that names its components as `game`'s data has them (a journal's game, on the
    data it was played with); the plain UI when that is the shipped default."""
    ui = registration(game.name).ui
    if getattr(game, "components_digest", None) == getattr(get_game(game.name), "components_digest", None):
        return ui()
    return cast(Callable[..., GameUI], ui)(game=game)
