"""The game-over screen: won or lost, the score with its grade, and how it was made.

A win scores 1 per Farmstead, 1 per Family and 1 if no Samurai holds a Wound
token, and the grade adds the difficulty's "+" marks ("7+"); the breakdown
is drawn with the same icons as the village, so the table can check the sum.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.screen_model import Screen
from companion.screens import palette
from companion.screens.layout import rows
from companion.screens.painter import Painter
from engine.core.messages import msg, msg_n
from games.samurai_spirit.app.screens import icons, widgets
from games.samurai_spirit.app.screens.board import village_and_columns
from games.samurai_spirit.app.screens.naming import difficulty_label
from games.samurai_spirit.app.ui import loss_cause

RESULT_TEXT = {"won": msg("Village saved!"), "lost": msg("Village lost")}
FALLEN_TEXT = msg("Game lost")
"""The headline when a Samurai died: Farmsteads and Families may all still stand."""
LOST_KEY = "The game is lost: {why}."
"""The engine's message key for why the game was lost (read from the narration's keys, in any language)."""


def draw_game_over(screen: Screen, p: Painter, rect: pygame.Rect) -> None:
    # The score's lines whole ("Aucun marqueur Blessure : +1"): the Samurai column beside them gives the room.
    score_lines = [_farmsteads(p, screen.view or {}), _families(p, screen.view or {}), _unhurt(p, screen.view or {})]
    need = max(p.cache.measure(line, p.metrics.min_size)[0] for line in score_lines) + p.metrics.line_height(
        p.metrics.text_size) + 2 * p.metrics.pad
    won = (screen.view or {}).get("result") == "won"
    # A lost game's left column holds a headline and the round: on 480x320 the Samurai and their people take half.
    lost = 0.5 if p.metrics.compact else 0.58
    areas = village_and_columns(screen, p, rect, min(0.75, max(0.58, need / max(1, rect.width))) if won else lost)
    if areas is None or screen.view is None:
        return
    view = screen.view
    m = p.metrics
    left, right = areas
    result = str(view.get("result") or "")
    headline = pygame.Rect(left.left, left.top, left.width, m.line_height(m.large_size))
    badge = widgets.icon_box(headline)
    p.icon("game-over:badge", icons.check if result == "won" else icons.cross, badge, result)
    words = FALLEN_TEXT if result == "lost" and loss_cause(view)[0] == "fallen" else RESULT_TEXT.get(result)
    p.text("game-over:result", p.tr(words) if words else p.tr(msg("Game over")),
           pygame.Rect(badge.right + m.pad, headline.top, headline.right - badge.right - m.pad, headline.height),
           m.large_size, palette.TEXT, value=result, tags=[result])
    below = pygame.Rect(left.left, headline.bottom + m.pad, left.width, left.bottom - headline.bottom - m.pad)
    if result == "won":
        _draw_score(p, below, view)
    else:
        level = difficulty_label(p, str(view.get("difficulty", "")))
        # Whole, on two lines where one is too narrow ("Round 2 of 3 - Heroic (+++)" on 480x320).
        said = p.tr(msg("Round {n} of 3 - {level}", n=view.get("round", "?"), level=level))
        size, lines = _whole(p, said, below.width, m.text_size)
        step = m.line_height(size)
        for n, text in enumerate(lines):
            p.text("game-over:round", text, pygame.Rect(below.left, below.top + n * step, below.width, step), size,
                   palette.TEXT_MUTED, value=view.get("round"), min_size=size)
        top = below.top + len(lines) * step + m.pad
        reason = _lost_reason(screen)
        if reason:
            room = pygame.Rect(below.left, top, below.width, below.bottom - top)
            size, lines = _whole(p, reason, room.width, m.text_size, room.height)
            if len(lines) * m.line_height(size) <= room.height:
                p.paragraph("game-over:reason", reason, room, size, palette.TEXT, max_lines=len(lines))
    _draw_samurai(p, right, view.get("samurai", []))


def _whole(p: Painter, text: str, width: int, size: int, height: int | None = None) -> tuple[int, list[str]]:
    """`text` wrapped across `width` at the largest size from `size` down to the floor that keeps every word
    whole (and, given `height`, fits it), and its lines."""
    m = p.metrics
    while size > m.min_size and (any(p.cache.measure(word, size)[0] > width for word in text.split()) or
                                 height is not None and
                                 len(p.cache.wrap(text, size, width)) * m.line_height(size) > height):
        size -= 1
    return size, p.cache.wrap(text, size, width)


def _lost_reason(screen: Screen) -> str | None:
    """The narration line that says why the game was lost, as the table reads it.

    `view["narration"]` holds the keys of the narration's messages and
    `screen.lines` the same messages in the table's language, both newest
    first; the key finds the line, whatever the language.
    """
    narration = (screen.view or {}).get("narration", [])
    keys = [entry.get("key") for entry in narration if isinstance(entry, dict)]
    if LOST_KEY not in keys or len(keys) != len(screen.lines):
        return None
    return screen.lines[keys.index(LOST_KEY)]


def _draw_score(p: Painter, rect: pygame.Rect, view: dict[str, Any]) -> None:
    m = p.metrics
    village = view.get("village", {})
    farmsteads = int(village.get("farmsteads", 0))
    families = len(village.get("families", []))
    unhurt = not any(s.get("wound_token") for s in view.get("samurai", []))
    grade = str(view.get("grade") or view.get("score") or "")
    line = m.line_height(m.text_size)
    big = min(m.line_height(m.huge_size), max(line, rect.height - 3 * (line + m.pad)))
    score_row, farm_row, family_row, wound_row = rows(rect, [big, line, line, line], m.pad)
    score = p.tr(msg("Score"))
    label_width = p.cache.measure(score, m.text_size)[0] + m.pad
    p.text("game-over:score-label", score, pygame.Rect(score_row.left, score_row.top, label_width, score_row.height),
           m.text_size, palette.TEXT_MUTED)
    p.text("game-over:grade", grade, pygame.Rect(score_row.left + label_width + m.pad, score_row.top,
                                                 score_row.width - label_width - m.pad, score_row.height),
           m.huge_size, palette.HIGHLIGHT, value=grade)
    lines = [_farmsteads(p, view), _families(p, view), _unhurt(p, view)]
    size = p.cache.common_size(lines, m.text_size, farm_row.width - farm_row.height - max(2, farm_row.height // 8),
                               m.min_size)
    widgets.counter(p, "game-over:farmsteads", icons.farm, lines[0], farm_row, size, farmsteads)
    widgets.counter(p, "game-over:families", icons.doll, lines[1], family_row, size, families)
    widgets.counter(p, "game-over:unhurt", icons.wound, lines[2], wound_row, size, int(unhurt))


def _farmsteads(p: Painter, view: dict[str, Any]) -> str:
    n = int(view.get("village", {}).get("farmsteads", 0))
    return p.tr(msg_n("{n} Farmstead: +{n}", "{n} Farmsteads: +{n}", n=n))


def _families(p: Painter, view: dict[str, Any]) -> str:
    n = len(view.get("village", {}).get("families", []))
    return p.tr(msg_n("{n} Family: +{n}", "{n} Families: +{n}", n=n))


def _unhurt(p: Painter, view: dict[str, Any]) -> str:
    unhurt = not any(s.get("wound_token") for s in view.get("samurai", []))
    return p.tr(msg("No Wound token: +1")) if unhurt else p.tr(msg("Wound tokens left: +0"))


def _draw_samurai(p: Painter, rect: pygame.Rect, samurai: list[dict[str, Any]]) -> None:
    """Each Samurai's face and Wound token: what the "no Wound token" point depends on."""
    for sam, (face,) in widgets.samurai_name_rows(p, rect, samurai, [0.72, 0.28], 46):
        widgets.face_with_wound(p, face, f"samurai:{sam['name']}", sam)
