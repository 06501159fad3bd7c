"""The end-of-round screen: the four steps, which one is being walked, and who defended what.

The rulebook's steps run in order (1 hat -> Wounds, 2 farm -> Farmsteads,
3 doll -> Families and their bonuses, 4 Intruder cards -> flames burn
Barricades). The engine's step messages have templates starting "Step N:",
so the step in hand is read from the pending decision's template, else from
the newest narration message's (keys, never the translated words); the
Samurai grid beside it shows why each step hurts.
"""

from __future__ import annotations

import re
from typing import Any

import pygame

from companion.screen_model import Screen
from companion.screens import glyphs, palette
from companion.screens.layout import columns, share
from companion.screens.painter import IconDrawer, Painter
from engine.core.messages import Message, msg
from games.samurai_spirit.app.screens import icons, widgets
from games.samurai_spirit.app.screens.board import (
    draw_board,
    village_and_columns,
    village_strip_height,
)
from games.samurai_spirit.app.screens.samurai_rows import DEFENCE_ORDER, min_row_height

STEPS: tuple[tuple[IconDrawer, Message], ...] = (
    (icons.hat, msg("No hat: a Wound")),
    (icons.farm, msg("No farm: lose a Farmstead")),
    (icons.doll, msg("No doll: lose a Family; then Family bonuses")),
    (icons.intruder_stack, msg("Reveal Intruders: flames burn Barricades")),
)
ALL_DONE = len(STEPS) + 1
_STEP = re.compile(r"^Step (\d):")
_ROUND_START = ("End of round {round}.",)
_ROUND_OVER = re.compile(r"^(Round \{round\}:|The village is saved|The game is lost)")
"""Matched against message templates, the catalogue's keys, which are the same in every language."""


def current_step(screen: Screen) -> int:
    """1-4 for the step being walked, 0 before step 1, ALL_DONE once the round is settled.

    Read from the pending decision's message, else from the newest narration
    message (`view["narration"]`, newest first), each as its template and
    params: a step's template ("Step 4: {card} shows flames") may sit inside
    another ("{why}: remove one Barricade ({left} left)."), so nested messages
    are searched too. The words on screen are never read.
    """
    view = screen.view or {}
    pending = view.get("pending") or {}
    for message in [pending, *view.get("narration", [])]:
        step = _step_of(message)
        if step is not None:
            return step
    return 0


def _step_of(message: Any) -> int | None:
    """The step a message (a `{"key", "params"}` object) belongs to, searching its nested messages; None if none."""
    if not isinstance(message, dict) or "key" not in message:
        return None
    key = str(message["key"])
    found = _STEP.match(key)
    if found:
        return int(found.group(1))
    if _ROUND_OVER.match(key):
        return ALL_DONE
    if key in _ROUND_START:
        return 0
    for value in (message.get("params") or {}).values():
        step = _step_of(value)
        if step is not None:
            return step
    return None


def draw_round_end(screen: Screen, p: Painter, rect: pygame.Rect) -> None:
    """The village, the four steps beside who defended what; beside a tall to-do panel, the village (when it
    fits) over every Samurai's row or the compact band, since the steps' grid would leave them slivers."""
    samurai = list((screen.view or {}).get("samurai", []))
    rows_need = village_strip_height(p) + p.metrics.pad + len(samurai) * (min_row_height(p) + max(1, p.metrics.px(3)))
    if screen.view and samurai and rect.height < rows_need:
        # Beside a tall to-do panel (480x320, or a long step on 800x480): the board's rows or band, every Samurai
        # whole, rather than the steps' grid with names too squeezed to read.
        draw_board(screen, p, rect)
        return
    areas = village_and_columns(screen, p, rect, 0.5 if p.metrics.compact else 0.6)
    if areas is None or screen.view is None:
        return
    view = screen.view
    left, right = areas
    _draw_steps(p, left, current_step(screen), int(view.get("stacks", {}).get("intruder", 0)))
    _draw_defenders(p, right, view.get("samurai", []))


def _draw_steps(p: Painter, rect: pygame.Rect, step: int, intruders: int) -> None:
    """The four steps as rows; on 480x320 as number and symbol only, since their words do not fit whole
    at readable size there and the to-do panel or prompt below says what to do."""
    m = p.metrics
    gap = m.pad
    height = min((rect.height + gap) // len(STEPS) - gap, m.px(64))
    for n, (drawer, text) in enumerate(STEPS, start=1):
        state = "done" if n < step else "current" if n == step else "todo"
        row = pygame.Rect(rect.left, rect.top + (n - 1) * (height + gap), rect.width, height)
        fill = palette.mix(palette.PANEL, palette.HIGHLIGHT, 0.18) if state == "current" else palette.PANEL
        p.box(f"round-end:step:{n}", row, fill=fill, edge=palette.HIGHLIGHT if state == "current" else None,
              edge_width=3, value=state, tags=[state])
        inner = row.inflate(-m.pad, -2)
        mark, number, symbol, label = columns(inner, share(inner.width, [0.09, 0.06, 0.12, 0.73], 3), 3)
        if state == "done":
            p.icon(f"round-end:step:{n}:done", icons.check, widgets.icon_box(mark), n, tags=["done"])
        elif state == "current":
            p.icon(f"round-end:step:{n}:current", glyphs.pointer(palette.HIGHLIGHT), widgets.icon_box(mark), n,
                   tags=["current"])
        colour = palette.TEXT if state != "todo" else palette.TEXT_MUTED
        p.text(f"round-end:step:{n}:number", str(n), number, m.text_size, colour, fill, align="center", value=n)
        p.icon(f"round-end:step:{n}:symbol", drawer, widgets.icon_box(symbol), n, dim=state == "todo")
        if m.compact:
            continue
        size = _step_text_size(p, label)
        p.paragraph(f"round-end:step:{n}:text", p.tr(text), label, size, colour, fill, tags=[state], centred=True)
    intruder_row = pygame.Rect(rect.left, rect.top + len(STEPS) * (height + gap), rect.width,
                               min(m.line_height(m.large_size), rect.bottom - rect.top - len(STEPS) * (height + gap)))
    if intruder_row.height >= m.line_height(m.text_size):
        widgets.counter(p, "round-end:intruder", icons.intruder_stack, p.tr(msg("Intruder cards left: {n}", n=intruders)),
                        intruder_row, m.text_size, intruders)


def _step_text_size(p: Painter, label: pygame.Rect) -> int:
    """The largest type at which every step's text fits its label cell whole; the same for all steps."""
    m = p.metrics
    for size in range(m.text_size, m.min_size, -1):
        room = label.height // m.line_height(size)
        if all(len(p.cache.wrap(p.tr(text), size, label.width)) <= room for _, text in STEPS):
            return size
    return m.min_size


def _draw_defenders(p: Painter, rect: pygame.Rect, samurai: list[dict[str, Any]]) -> None:
    """Each Samurai's name, face, Wound token and the three symbols defended (full) or not (outline)."""
    for sam, (face, *symbols) in widgets.samurai_name_rows(p, rect, samurai, [0.56, 0.14, 0.1, 0.1, 0.1], 48):
        name = sam["name"]
        widgets.face_with_wound(p, face, f"samurai:{name}", sam)
        defends = set(sam.get("defends", []))
        for symbol, cell in zip(DEFENCE_ORDER, symbols, strict=True):
            held = symbol in defends
            p.icon(f"samurai:{name}:defence:{symbol}", icons.SYMBOLS[symbol], widgets.icon_box(cell),
                   "yes" if held else "no", dim=not held, tags=["defended"] if held else ["missing"])
