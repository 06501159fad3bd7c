"""How Samurai Spirit's ids read on screen.

Seven Samurai, four of them starting with K: a support token shows a
two-letter mark that tells them apart at a glance, rather than an initial.
"""

from __future__ import annotations

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


def display_name(name: str) -> str:
    """"kyuzo" -> "Kyuzo"."""
    return name.replace("-", " ").title()


def token_mark(name: str) -> str:
    """The two letters on a Samurai's support token."""
    return TOKEN_MARKS.get(name, name[:2].title())


def difficulty_label(difficulty: str) -> str:
    """"normal" -> "Normal (+)": the level with the grade mark a win earns."""
    marks = GRADE_MARKS.get(difficulty, "")
    label = difficulty.title()
    return f"{label} ({marks})" if marks else label
