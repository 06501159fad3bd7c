"""Games by name, so callers pick one with a string from a journal or config."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.errors import RuleError
from engine.core.game import Game
from engine.core.messages import msg


def _samurai_spirit() -> Game:
    from engine.games.samurai_spirit import SamuraiSpirit

    return SamuraiSpirit()


def _trick_raiders() -> Game:
    from engine.games.trick_raiders import TrickRaiders

    return TrickRaiders()


_FACTORIES: dict[str, Callable[[], Game]] = {"samurai-spirit": _samurai_spirit, "trick-raiders": _trick_raiders}
_CACHE: dict[str, Game] = {}


def game_names() -> list[str]:
    return sorted(_FACTORIES)


def get_game(name: str) -> Game:
    """The game called `name` with its packaged data, loaded once."""
    if name not in _FACTORIES:
        raise RuleError(msg("unknown game {name}; known games: {value}", name=repr(name),
                            value=", ".join(game_names())))
    if name not in _CACHE:
        _CACHE[name] = _FACTORIES[name]()
    return _CACHE[name]
