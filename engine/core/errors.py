"""The one error type a rejected input raises."""

from __future__ import annotations

from engine.core.messages import Message


class RuleError(ValueError):
    """An input, setup or data file the rules refuse.

    The message is written for the people at the table ("Defend not allowed:
    Kyuzo already defends a hat"), because the companion shows it as it is.
    It is a `Message` (template and parameters) so the edge can say it in the
    table's language; `str(error)` is the English sentence. Raising it never
    leaves a half-changed state behind: every check happens before anything
    moves.
    """

    def __init__(self, message: Message | str) -> None:
        self.message = message if isinstance(message, Message) else Message(message, {})
        super().__init__(self.message.text)
