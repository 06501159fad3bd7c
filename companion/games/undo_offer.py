"""An undo the game offers: take back every input from one of them on, or play on.

A game that finds a mistake only later (Trick Raiders' revoke: a card that
proves a player did not follow suit tricks ago) waits on a prompt with
`undo_to` set (engine.core.prompt): the number of the first input to take
back. Undoing is no input of the game, so the app does it: OK asks the
usual undo confirmation, then takes all those inputs back in one step
(one journal rewrite, atomic, so a power cut leaves the game before or
after the whole undo, never half of it), and the to-do panel lists every
card and chip to take back. Next or Pass declines: the prompt's one option
(PLAY_ON) is applied like any other input, so it is journaled and the game
never asks again about the same mistake.

The game names both answers through `GameUI.option_label`: UNDO (for
example "Undo to trick 3") and its play-on option.
"""

from __future__ import annotations

from companion.games.base import GameUI, Text
from engine import Match, Prompt
from engine.core.messages import msg, msg_n

UNDO = "undo-to"
"""The option id a game labels for the undo answer (it is no engine option: the app does the undo)."""
PLAY_ON_BUTTONS = ("next", "pass")
OK_WORD, NEXT_WORD = msg("OK"), msg("Next")


def offered(prompt: Prompt | None) -> bool:
    """True when the game waits on an undo offer."""
    return prompt is not None and prompt.undo_to is not None and prompt.tap is None and len(prompt.options) == 1


def answer(prompt: Prompt | None, button: str) -> str | None:
    """What a button says to an offer: UNDO (OK), the play-on option (Next, Pass), else None (not an answer)."""
    if prompt is None or not offered(prompt):
        return None
    if button == "ok":
        return UNDO
    if button in PLAY_ON_BUTTONS:
        return prompt.options[0]
    return None


def steps(match: Match) -> int:
    """How many inputs the undo takes back: from the offer's `undo_to` to the latest."""
    prompt = match.play.prompt
    assert prompt is not None and prompt.undo_to is not None
    return len(match.inputs) - prompt.undo_to + 1


def labels(ui: GameUI, prompt: Prompt | None) -> list[Text] | None:
    """The two answers as the screen lists them, each with the button that gives it; None when no offer."""
    if prompt is None or not offered(prompt):
        return None
    return [msg("{button}: {choice}", button=OK_WORD, choice=ui.option_label(UNDO, prompt)),
            msg("{button}: {choice}", button=NEXT_WORD, choice=ui.option_label(prompt.options[0], prompt))]


def question(ui: GameUI, match: Match) -> tuple[Text, ...]:
    """The confirmation: which undo, how many inputs, and that the to-do panel then lists what to take back."""
    prompt = match.play.prompt
    assert prompt is not None
    count = steps(match)
    return (msg_n("{choice}: take back the last input?",
                  "{choice}: take back the last {n} inputs?",
                  choice=ui.option_label(UNDO, prompt), n=count),
            msg("The to-do panel then lists every card and chip to take back."),
            msg("OK undoes them; Undo or any other button keeps the game."))

