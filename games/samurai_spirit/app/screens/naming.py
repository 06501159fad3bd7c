"""How Samurai Spirit's ids read on screen.

Seven Samurai, four of them starting with K: a support token shows a
two-letter mark that tells them apart at a glance, rather than an initial.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.messages import Message, msg

if TYPE_CHECKING:
    from companion.screens.painter import Painter

TOKEN_MARKS = {
    "kikuchiyo": "Ki",
    "kyuzo": "Ky",
    "daisuke": "Da",
    "katsushiro": "Ks",
    "gorobei": "Go",
    "heihachi": "He",
    "kanbei": "Kb",
}

GRADE_MARKS = {"easy": "", "normal": "+", "hard": "++", "heroic": "+++"}
DIFFICULTY_WORDS: dict[str, Message] = {
    "easy": msg("Easy"), "normal": msg("Normal"), "hard": msg("Hard"), "heroic": msg("Heroic"),
}


def display_name(name: str) -> str:
    """"kyuzo" -> "Kyuzo"."""
    return name.replace("-", " ").title()


def token_mark(name: str) -> str:
    """The two letters on a Samurai's support token."""
    return TOKEN_MARKS.get(name, name[:2].title())


def difficulty_label(p: Painter, difficulty: str) -> str:
    """"normal" -> "Normal (+)": the level, in the screen's language, with the grade mark a win earns."""
    marks = GRADE_MARKS.get(difficulty, "")
    word = DIFFICULTY_WORDS.get(difficulty)
    label = p.tr(word) if word else difficulty.title()
    return f"{label} ({marks})" if marks else label
