"""The words and values every part of the app uses: the menu buttons, the confirmations' chips, the notices.

The state the parts share is companion.app.table's `Table`.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import GameUI, Text
from engine import Event, Prompt, RuleError
from engine.core.events import FORGET, REVEAL
from engine.core.messages import Message, msg

MENU_BUTTONS = {"next": msg("Next"), "ok": msg("OK"), "undo": msg("Undo")}
"""The buttons every game uses the same way, in words; the game names the others (`GameUI.button_label`)."""
MAX_LINES = 8
CONFIRM_UNDO = msg("OK: undo")
"""The OK chip of a confirmation whose OK takes inputs back (Undo, the undo a game offers)."""
CONFIRM_OTHER = msg("Other: cancel")
"""The chip beside OK's in every confirmation: any other button keeps things as they are."""
UNSEEN = (REVEAL,)
"""Event kinds that are no step for the table (the card was already turned over to be tapped)."""
FORGETTING = (FORGET,)
"""Event kinds after which the narration log starts afresh: the game asks that nothing before them stays on
screen (a finished duel whose cards the table must keep in memory only). Both are engine.core.events' own."""


@dataclass
class Notice:
    """A note or refusal shown for a few seconds (finished words: the enrolment walk's)."""

    text: str
    error: bool
    until: float


@dataclass
class Said:
    """The App's note or refusal, translated when it is shown, so a language change reaches it too."""

    text: Text
    error: bool
    until: float


def engine_words(thing: Event | Prompt | RuleError) -> Message:
    """An engine event, prompt or refusal for the table: its Message, translated where it is shown."""
    return thing.message


def highlighted(ui: GameUI, prompt: Prompt | None) -> int:
    """The index of the option OK takes before Next is pressed under `prompt`: the game's choice
    (`GameUI.highlighted`, the option that spends nothing), else the first; 0 when OK picks no option."""
    if prompt is None or prompt.tap is not None or not prompt.options:
        return 0
    option = ui.highlighted(prompt)
    return prompt.options.index(option) if option in prompt.options else 0


__all__ = ["CONFIRM_OTHER", "CONFIRM_UNDO", "FORGETTING", "MAX_LINES", "MENU_BUTTONS", "UNSEEN", "Notice",
           "Said", "engine_words", "highlighted"]
