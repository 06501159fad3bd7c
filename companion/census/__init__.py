"""Teaching it your box: the owner's components, checked against the rulebook's totals, used everywhere.

The rulebook's totals are data in each game (`engine/games/<game>/data/census.toml`),
checked by the pure census (engine.core.census); the owner's components are
a file per game in the state folder (`box-<game>.toml`, companion.census.box);
the data a game plays with is kept by digest beside the journals
(companion.runtime.component_store), so a game replays on exactly its data.

The one place every part of the companion gets a game's component data
from is `game_for(name, state_dir)` (and `game_ui(name, state_dir)` in
companion.games for the words): the owner's data when there is any, else
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
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from companion.census.box import OwnerBox, game_data, import_legacy, open_box, renamed_target
from companion.census.in_game import NEXT_GAME, NEXT_INPUT, Correction, correct_during_game
from companion.census.words import census_namers
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


_IN_FORCE: ContextVar[Path | None] = ContextVar("state_dir_in_force", default=None)


@contextmanager
def state_dir_in_force(state_dir: Path | None) -> Iterator[None]:
    """Within the block, `game_for(name)` without a state folder uses `state_dir`'s owner data (a command such
    as `companion simulate --state-dir` whose game parts are not handed a folder)."""
    token = _IN_FORCE.set(state_dir)
    try:
        yield
    finally:
        _IN_FORCE.reset(token)


def game_for(name: str, state_dir: Path | None = None) -> Game:
    """The one place: game `name` on the component data in force in `state_dir` (the owner's, else the
    shipped default; without a state folder the one `state_dir_in_force` set, else the shipped default).

    An owner file that cannot be used is said on stderr and the shipped
    default is used: `open_box` gives the reason to show.
    """
    state_dir = state_dir if state_dir is not None else _IN_FORCE.get()
    if state_dir is None:
        return get_game(name)
    try:
        found = owner_game(name, state_dir)
    except RuleError as exc:
        print(f"companion: the owner's component data is not used: {exc}", file=sys.stderr)
        return get_game(name)
    return found if found is not None else get_game(name)


__all__ = [
    "NEXT_GAME",
    "NEXT_INPUT",
    "Correction",
    "OwnerBox",
    "census_namers",
    "correct_during_game",
    "game_data",
    "game_for",
    "import_legacy",
    "open_box",
    "owner_game",
    "renamed_target",
    "state_dir_in_force",
]
