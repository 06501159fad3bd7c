"""Teaching it your box: the owner's components, checked against the rulebook's totals, used everywhere.

The rulebook's totals are data in each game (`games/<game>/data/census.toml`),
checked by the pure census (engine.core.census); the owner's components are
a file per game in the state folder (`box-<game>.toml`, companion.census.box);
the data a game plays with is kept by digest beside the journals
(companion.runtime.component_store), so a game replays on exactly its data.

The one place every part of the companion gets a game's component data
from is `game_for(name, state_dir)` (and `game_ui(name, state_dir)` for
the words): the owner's data when there is any, else
the shipped default. New games, the advisor (it replays the match it is
given), labels and the screens get it from there; a saved game gets what
its journal names.

The census API, for the device's census screens and the phone page's form
(all in companion.census.box unless said otherwise):

    box = open_box(state_dir, "samurai-spirit")     # RuleError: a damaged file, named
    box.believed(uid, tags) / box.entry(cid)        # what the companion believes is printed (a known tag)
    box.entries                                     # the data in force
    box.fitting("card", {"value": 4, "symbol": "hat"})  # [Fit(entry, exact, differs)]: right one first
    entry = box.answer("card", answers, base="4-hat-none")   # the corrected entry (verified by the owner)
    entry = box.answer("card", answers, extra=True, label="Promo Boss")  # a new extra (promo) component
    box.check(entry, uid, tags) -> Message | None   # the broken total, the tag's binding, the loader
    box.put(entry, uid, tags) -> Message | None     # check, write atomically, bind the tag (save the map!)
    box.confirm(cid, uid, tags)                     # the believed entry is right: one tap and OK
    box.drop(cid)                                   # back to the shipped entry
    box.progress() -> [KindProgress]                # .message: "52 of 66 Raider cards; missing: ..."
    box.differences() -> [Difference]               # what the owner changed, for the phone page
    box.legacy / import_legacy(box)                 # an earlier release's edited copy, never read
    correct_during_game(box, match, journal, entry, uid, tags, at)   # companion.census.in_game
    census_namers()                                 # the messages' data words in the table's language

Every refusal is a Message (translated at the edge with `census_namers()`
added to the translator); nothing is written when an entry is refused.
"""

from __future__ import annotations

import sys
from pathlib import Path

from companion.census.box import OwnerBox, game_data, import_legacy, open_box
from companion.census.in_game import NEXT_GAME, NEXT_INPUT, Correction, correct_during_game
from companion.census.words import census_namers
from companion.games import game_ui as plain_ui
from companion.games import ui_on
from companion.games.base import GameUI
from companion.runtime.tagmap import renamed_target
from engine import RuleError, get_game
from engine.core.game import Game


def owner_game(name: str, state_dir: Path) -> Game | None:
    """Game `name` on the owner's data in `state_dir`, None while the shipped default is in force.

    RuleError names an owner file that cannot be used.
    """
    if game_data(name) is None:
        return None
    box = open_box(state_dir, name)
    return box.game() if box.owner else None


def game_for(name: str, state_dir: Path | None = None) -> Game:
    """The one place: game `name` on the component data in force in `state_dir` (the owner's, else the
    shipped default; without a state folder, the shipped default).

    An owner file that cannot be used is said on stderr and the shipped
    default is used: `open_box` gives the reason to show.
    """
    if state_dir is None:
        return get_game(name)
    try:
        found = owner_game(name, state_dir)
    except RuleError as exc:
        print(f"companion: the owner's component data is not used: {exc}", file=sys.stderr)
        return get_game(name)
    return found if found is not None else get_game(name)


def game_ui(name: str, state_dir: Path | None = None) -> GameUI:
    """A fresh UI of game `name` on the component data in force in `state_dir` (the owner's when there is any),
    so every screen names a component as the owner's box prints it; without a state folder, the shipped
    default (companion.games.game_ui)."""
    if state_dir is None:
        return plain_ui(name)
    return ui_on(game_for(name, state_dir))


def ui_in_force(ui: GameUI, state_dir: Path) -> GameUI:
    """`ui` itself while it plays on the component data in force in `state_dir`, else a fresh one on that data (the
    owner taught a card since it was made, on the device or the phone): what a new game starts with."""
    game = game_for(ui.name, state_dir)
    if getattr(game, "components_digest", None) == getattr(ui.game, "components_digest", None):
        return ui
    return ui_on(game)


__all__ = [
    "NEXT_GAME",
    "NEXT_INPUT",
    "Correction",
    "OwnerBox",
    "census_namers",
    "correct_during_game",
    "game_data",
    "game_for",
    "game_ui",
    "import_legacy",
    "open_box",
    "owner_game",
    "renamed_target",
    "ui_in_force",
]
