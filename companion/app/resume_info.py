"""What the resume screen says about the saved game, in a few short lines.

Enough for the table to recognise its game and put it back on the table:
the game's own summary of its public view (seats, variant, round, whose
turn; see GameUI.summary), who sat at each seat when the seats were named,
then what was pending. A saved game that had already ended is no game to
resume: `over_lines` says how it ended instead (companion.app.resume_steps
puts it with the finished games). Read from the public view and the
journal's header, so nothing hidden shows.
"""

from __future__ import annotations

from companion.games.base import GameUI, Text
from companion.players.seating import people_line
from engine import Match
from engine.core.journal import Damage
from engine.core.messages import msg, msg_n


def game_lines(ui: GameUI, match: Match, pending: Text | None) -> list[Text]:
    """The game at a glance, who plays it, then what it waits for (or that it is over)."""
    view = match.play.public_view()
    lines: list[Text] = list(ui.summary(view))
    people = people_line(match)
    if people is not None:
        lines.append(people)
    over = bool(view.get("result")) or pending is None
    lines.append(msg("That game is over.") if over else msg("Waiting for: {pending}", pending=pending))
    return lines


def over_lines(ui: GameUI, match: Match) -> list[Text]:
    """A saved game that had ended: the game's own words for its end and its result (who won), then the
    game at a glance and who played it."""
    view = match.play.public_view()
    lines: list[Text] = [ui.title(view)]
    outcome = match.play.outcome
    if outcome is not None:
        lines.append(outcome.summary)
    lines.extend(ui.summary(view))
    people = people_line(match)
    if people is not None:
        lines.append(people)
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
