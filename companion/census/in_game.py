""""This card is not what the screen says": a component corrected while a game is played.

The owner's data takes the correction at once (the truth for every later
game). The game being played must still replay exactly, so what it means
for this game is decided by replaying it:

- **from the next input** when every input so far replays on the corrected
  data to the very same events (the corrected value has not mattered yet:
  a card just drawn whose penalty is applied at the next turn, a Kiai not
  reached). The journal is written again, whole and atomically, naming the
  corrected data by its digest: the game replays on it from the start,
  which is the same game. The caller plays on with the returned match.
- **from the next game** otherwise (the wrong value already decided
  something: a penalty applied, a Defend allowed, a track moved). The game
  keeps the data it was started with; its journal is unchanged but for
  the note.

Either way the correction is journaled in the header's notes (never read by
the rules): `notes["corrections"]`, one object per correction with the
component (`id`), when (`after`: the number of inputs played, `at`: the
time the companion gave), how it applied (`applies`) and the digests of the
data before and after (`was`, `now`). `Correction.message` is the sentence
for the screen ("Corrected: from the next input." / "... from the next game").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.census.box import OwnerBox
from companion.runtime.storage import JournalFile
from companion.runtime.tagmap import TagMap
from engine import Match
from engine.core.components import Component
from engine.core.game import Game
from engine.core.messages import Message, msg

NEXT_INPUT = "next-input"
NEXT_GAME = "next-game"
NOTE = "corrections"


@dataclass(frozen=True)
class Correction:
    """What a correction did.

    applies   NEXT_INPUT, NEXT_GAME, or "" when it was refused
    match     the match to play on: a new one (on the corrected data) for NEXT_INPUT, else the same
    message   the sentence for the screen: the refusal, or when the correction applies
    """

    applies: str
    match: Match
    message: Message

    @property
    def refused(self) -> bool:
        return not self.applies


def replays_the_same(match: Match, game: Game) -> Match | None:
    """`match` replayed on `game` (other component data), or None when any input is refused or any step (the
    opening included) tells the table something else."""
    try:
        again = Match(game, match.setup.to_json(), match.seed)
        if again.opening != match.opening:
            return None
        for value, at, events in zip(match.inputs, match.times, match.history, strict=True):
            if again.apply(value, at) != events:
                return None
    except Exception:  # the corrected data may make any step impossible: that is "not the same"
        return None
    again.notes = dict(match.notes)
    again.started = match.started
    return again


def correct_during_game(box: OwnerBox, match: Match, journal: JournalFile, entry: Component,
                        uid: str | None = None, tags: TagMap | None = None, at: str | None = None) -> Correction:
    """Take the owner's corrected `entry` during `match` and journal it (see the module's note).

    A refused entry (engine.core.census's totals, the tag, the game's
    loader) changes nothing. OSError when the disk refuses a write: the owner
    data is then as it was if its own write failed, else corrected, with the
    game going on as it was (the journal is not changed).
    """
    refusal = box.check(entry, uid, tags)
    if refusal is not None:
        return Correction("", match, refusal)
    was = getattr(match.game, "components_digest", None)
    box.put(entry, uid, tags)
    game = box.game()
    if getattr(game, "components_digest", None) == was:
        again: Match | None = match  # the data in force is what the game plays with already
    else:
        again = replays_the_same(match, game)
    applies = NEXT_INPUT if again is not None else NEXT_GAME
    playing = again if again is not None else match
    note: dict[str, Any] = {"id": entry.id, "after": len(match.inputs), "applies": applies, "was": was,
                            "now": box.digest}
    if at is not None:
        note["at"] = at
    notes = dict(playing.notes)
    earlier = notes.get(NOTE)
    notes[NOTE] = [*(earlier if isinstance(earlier, list) else []), note]
    playing.notes = notes
    journal.rewrite(playing)
    if applies == NEXT_INPUT:
        return Correction(applies, playing, msg("Corrected: {component} counts as corrected from the next input.",
                                                component=entry.label))
    return Correction(applies, playing, msg("Corrected for the next game: {component} already counted in this "
                                            "one as it was, so this game goes on as it was played.",
                                            component=entry.label))
