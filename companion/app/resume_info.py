"""What the resume screen says about the unfinished game, in a few short lines.

Enough for the table to recognise its game and put it back on the table:
the game's own summary of its public view (seats, variant, round, whose
turn; see GameUI.summary), then whether it is over or what was pending.
Read from the public view, so nothing hidden shows.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import GameUI, Text
from engine.core.journal import Damage
from engine.core.messages import msg, msg_n


def game_lines(ui: GameUI, view: dict[str, Any], pending: Text | None) -> list[Text]:
    """The game at a glance, then whether it is over or what it waits for."""
    lines: list[Text] = list(ui.summary(view))
    over = bool(view.get("result")) or pending is None
    lines.append(msg("That game is over.") if over else msg("Waiting for: {pending}", pending=pending))
    return lines


def damage_line(damage: Damage, resume_at: int, copy_name: str | None) -> Text:
    """What was wrong with the saved game, what is kept, and where the game resumes."""
    kept = (msg("The original is kept as {file}.", file=copy_name) if copy_name is not None
            else msg("A copy of the original will be kept as soon as saving works; until then the file "
                     "stays as it is."))
    if damage.torn:
        return msg("The last record was cut short (the power went off while saving); the game resumes at "
                   "input {n}. {kept}", n=resume_at, kept=kept)
    if damage.intact_after == 0:
        later = msg("nothing readable follows it")
    else:
        later = msg_n("{n} later record is intact but cannot be used after it",
                      "{n} later records are intact but cannot be used after it", n=damage.intact_after)
    return msg("Line {line} of the saved game is damaged ({reason}); {later}. {kept} Resume at input {n}?",
               line=damage.line, reason=damage.reason, later=later, kept=kept, n=resume_at)
