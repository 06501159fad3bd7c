"""The App as `companion run` assembles it: the game to run, its tag map, the first menu, the advisor.

Kept apart from the command (companion.commands.run) so the trials that start the companion in-process
(companion.harness) build exactly what `companion run --mock` builds, without reaching up into a command.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from companion.app import App
from companion.app.advice import advice_desk
from companion.census import game_ui
from companion.games import registered_games
from companion.games.base import Text
from companion.runtime.config import Config
from companion.runtime.tagmap import TagMap, load_tagmap, virtual_tagmap
from engine import RuleError
from engine.core.messages import Message


def choose_game(state_dir: Path, cfg: Config, wanted: str | None = None) -> str:
    """The game to run: the unfinished journal's (resume plays what was being played), else --game,
    else app.game, else the last game played, else the first registered game."""
    from companion.runtime.remembered import load_memory
    from companion.runtime.storage import journal_game, unfinished

    known = registered_games()
    current = unfinished(state_dir)
    header = journal_game(current) if current is not None else None
    if header in known:
        return str(header)
    last = load_memory(state_dir)[0].game
    for candidate in (wanted, cfg.game, last):
        if candidate in known:
            return str(candidate)
    return known[0]


def _load_tags(state_dir: Path, ui: Any, mock: bool) -> tuple[TagMap, Message | None]:
    """The tag map, or an empty one and the reason when the saved one is damaged (kept as it is)."""
    game = ui.name
    try:
        tags: TagMap = load_tagmap(state_dir, game, set(ui.tag_targets()))
        damage = None
    except RuleError as exc:
        tags, damage = TagMap(game), exc.message
    if mock:
        virtual = virtual_tagmap(game, ui.tag_targets())
        virtual.tags.update(tags.tags)
        tags = virtual
    return tags, damage


def build_app(cfg: Config, state_dir: Path, mock: bool, lang: str | None = None,
              game: str | None = None) -> tuple[App, Message | None]:
    """The App on the saved tag map; with a damaged one, an empty map that is never saved over it.

    `lang` (from --lang) wins; without it the language last picked at set-up, else the configuration's.
    `game` (from --game) is the game unless an unfinished journal names another (see `choose_game`).
    """
    ui = game_ui(choose_game(state_dir, cfg, game), state_dir)
    tags, damage = _load_tags(state_dir, ui, mock)
    app = App(ui, tags, state_dir, time.monotonic, notice_s=cfg.notice_s, resume_timeout_s=cfg.resume_timeout_s,
              save_tags=damage is None, lang=lang, default_lang=cfg.language,
              games=game_menu(cfg, game), switch_game=lambda name: _switch(app, state_dir, name, mock),
              advice=advice_desk(cfg), home_game=game or cfg.game)
    return app, damage


def game_menu(cfg: Config, wanted: str | None) -> dict[str, Text]:
    """The first menu's games and titles: every registered game, unless --game or app.game fixes one."""
    from companion.games.registry import game_title

    if wanted or cfg.game or len(registered_games()) < 2:
        return {}
    return {name: game_title(name) for name in registered_games()}


def _switch(app: App, state_dir: Path, name: str, mock: bool) -> tuple[Any, TagMap]:
    """The chosen game's UI and tag map; a damaged map is an empty one, never saved over the file."""
    ui = game_ui(name, state_dir)
    tags, damage = _load_tags(state_dir, ui, mock)
    app.save_tags = damage is None
    return ui, tags
