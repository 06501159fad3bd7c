"""What the resume screen says about the unfinished game, in a few short lines.

Enough for the table to recognise its game and put it back on the table:
who plays in which seat, the difficulty and round, the village, whose turn
it is and what was pending. Read from the public view, so nothing hidden
shows; a key a game's view does not have is simply left out.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import Text
from engine.core.journal import Damage
from engine.core.messages import msg

DIFFICULTY_WORDS = {"easy": msg("Easy"), "normal": msg("Normal"), "hard": msg("Hard"), "heroic": msg("Heroic")}


def game_lines(view: dict[str, Any], pending: Text | None) -> list[Text]:
    """The game at a glance: seats, difficulty and round; village; whose turn and what was pending."""
    lines: list[Text] = []
    names = [str(s.get("name", "")).capitalize() for s in view.get("samurai", []) if isinstance(s, dict)]
    difficulty = DIFFICULTY_WORDS.get(str(view.get("difficulty")), msg("Normal"))
    if names:
        lines.append(msg("{difficulty} game with {seats}.", difficulty=difficulty, seats=", ".join(names)))
    over = bool(view.get("result")) or pending is None
    if "round" in view and view.get("active") and not over:
        lines.append(msg("Round {round}, {samurai}'s turn.", round=view["round"], samurai=view["active"]))
    elif "round" in view:
        lines.append(msg("Round {round}.", round=view["round"]))
    village = view.get("village")
    if isinstance(village, dict) and {"barricades", "barricades_max", "farmsteads"} <= village.keys():
        lines.append(msg("Village: Barricades {left} of {most}, Farmsteads {farmsteads}, Families {families}.",
                         left=village["barricades"], most=village["barricades_max"],
                         farmsteads=village["farmsteads"], families=len(village.get("families", []))))
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
    elif damage.intact_after == 1:
        later = msg("1 later record is intact but cannot be used after it")
    else:
        later = msg("{count} later records are intact but cannot be used after it", count=damage.intact_after)
    return msg("Line {line} of the saved game is damaged ({reason}); {later}. {kept} Resume at input {n}?",
               line=damage.line, reason=damage.reason, later=later, kept=kept, n=resume_at)
