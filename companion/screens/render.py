"""Draw a whole frame for a `Screen` and say what was drawn.

The frame is: a title bar; the main area, which the game's renderer fills
(or, for a game-less screen, the detail lines); a panel with the pending
decision, the options and the narration (beside the main area on wide
surfaces, under it on narrow ones); the legend of buttons that act now; and,
over all that, the notice banner and the confirm dialog. The banner lies
over the top of a game's board, which stays put while a refusal shows for
a few seconds, and leaves the panel's prompt in view; plain detail text
moves down instead, since it is all there is to read.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from companion.screen_model import Screen
from companion.screens import chrome, palette
from companion.screens.display_list import DisplayList
from companion.screens.layout import Metrics
from companion.screens.painter import Painter
from companion.screens.registry import GameScreens, screens_for
from companion.screens.text import DEFAULT_CACHE, TextCache

SIDE_PANEL_SHARE = 0.3
BOTTOM_PANEL_MAX_SHARE = 0.32
"""On narrow surfaces the board keeps at least two thirds of the height under the title."""


@dataclass(frozen=True)
class _Regions:
    """Where the parts of one frame go, and how many prompt and narration lines the panel takes."""

    title: pygame.Rect
    title_text: pygame.Rect
    main: pygame.Rect
    panel: pygame.Rect | None
    footer: pygame.Rect | None
    prompt_lines: int
    narration_lines: int


def render(screen: Screen, surface: pygame.Surface, cache: TextCache | None = None) -> DisplayList:
    """Draw `screen` over the whole of `surface` and return the display list of the frame.

    `cache` keeps rendered text between frames; by default one shared cache
    serves every frame of the process.
    """
    items = DisplayList()
    painter = Painter(surface, cache or DEFAULT_CACHE, items)
    surface.fill(palette.BACKGROUND)
    game = screens_for(screen.game)
    prompt = game.prompt(screen)
    regions = _regions(painter, screen, prompt)
    chrome.draw_title(painter, regions.title, regions.title_text, screen.title, screen.unsaved)
    m = painter.metrics
    banner = None
    if screen.notice:
        width = regions.main.width
        banner = pygame.Rect(regions.main.left, regions.title.bottom + m.pad, width,
                             chrome.notice_height(painter, width, screen.notice))
    drawer = game.drawers.get(screen.kind)
    if drawer is not None:
        drawer(screen, painter, regions.main)
    else:
        detail = regions.main.copy()
        if banner is not None:
            detail.top = banner.bottom + m.pad
            detail.height = regions.main.bottom - detail.top
        chrome.draw_detail(painter, detail, screen.detail, palette.BACKGROUND)
    if regions.panel is not None:
        _draw_panel(painter, regions, screen, prompt, game)
    if regions.footer is not None:
        chrome.draw_buttons(painter, regions.footer, screen.buttons)
    if banner is not None and screen.notice:
        chrome.draw_notice(painter, banner, screen.notice, screen.notice_error)
    if screen.confirm:
        chrome.draw_confirm(painter, screen.confirm, screen.buttons)
    return items


def _regions(p: Painter, screen: Screen, prompt: str | None) -> _Regions:
    """Where title, board, panel and buttons go.

    On narrow surfaces the buttons legend shares the title bar, the board
    takes the middle and the panel the bottom; on wide ones the legend runs
    along the bottom and the panel stands at the right.
    """
    m: Metrics = p.metrics
    width, height = p.surface.get_size()
    pad = m.pad
    title = pygame.Rect(0, 0, width, m.line_height(m.title_size) + pad)
    title_text = title.inflate(-2 * pad, 0)
    footer = None
    bottom = height
    if screen.buttons and m.compact:
        legend = min(chrome.buttons_width(p, screen.buttons), width * 3 // 5)
        footer = pygame.Rect(width - pad - legend, title.top + pad // 2 + 1, legend, title.height - pad - 2)
        title_text.width = footer.left - title_text.left - pad
    elif screen.buttons:
        footer_height = m.line_height(m.small_size) + pad
        footer = pygame.Rect(pad, height - footer_height - pad // 2, width - 2 * pad, footer_height)
        bottom = footer.top - pad // 2
    body = pygame.Rect(0, title.bottom, width, bottom - title.bottom)
    if not (prompt or screen.options or screen.lines):
        return _Regions(title, title_text, body.inflate(-2 * pad, -2 * pad), None, footer, 0, 0)
    if not m.compact:
        panel_width = round(width * SIDE_PANEL_SHARE)
        panel = pygame.Rect(width - panel_width, body.top, panel_width, body.height)
        main = pygame.Rect(pad, body.top + pad, width - panel_width - 2 * pad, body.height - 2 * pad)
        return _Regions(title, title_text, main, panel, footer, 5, len(screen.lines))
    panel_height, prompt_lines, narration = _bottom_panel_plan(p, screen, prompt, body)
    panel = pygame.Rect(0, body.bottom - panel_height, width, panel_height)
    main = pygame.Rect(pad, body.top + pad, width - 2 * pad, panel.top - body.top - 2 * pad)
    return _Regions(title, title_text, main, panel, footer, prompt_lines, narration)


def _bottom_panel_plan(p: Painter, screen: Screen, prompt: str | None, body: pygame.Rect) -> tuple[int, int, int]:
    """Height of the bottom panel, and how many prompt and narration lines it holds."""
    m = p.metrics
    inner_width = body.width - 2 * m.pad
    prompt_step = m.line_height(m.text_size)
    line_step = m.line_height(m.small_size)
    wanted_prompt = min(2, len(p.cache.wrap(prompt, m.text_size, inner_width))) if prompt else 0
    options = _chip_height(m) if screen.options else 0
    limit = int(body.height * BOTTOM_PANEL_MAX_SHARE)
    gap = _panel_gap(m)

    def height(prompt_lines: int, narration: int) -> int:
        parts = [prompt_lines * prompt_step, options, narration * (line_step + m.pad // 2)]
        used = [part for part in parts if part]
        return sum(used) + gap * (len(used) + 1)

    prompt_lines = wanted_prompt
    narration = min(3, len(screen.lines))
    while height(prompt_lines, narration) > limit and narration > 1:
        narration -= 1
    if height(prompt_lines, narration) > limit and prompt_lines > 1:
        prompt_lines = 1
    return height(prompt_lines, narration), prompt_lines, narration


def _panel_gap(m: Metrics) -> int:
    return m.pad // 2 + 1 if m.compact else m.pad


def _chip_height(m: Metrics) -> int:
    return m.line_height(m.small_size) + m.pad // 2


def _draw_panel(p: Painter, regions: _Regions, screen: Screen, prompt: str | None, game: GameScreens) -> None:
    assert regions.panel is not None
    m = p.metrics
    gap = _panel_gap(m)
    p.box("panel", regions.panel, fill=palette.PANEL)
    inner = regions.panel.inflate(-2 * m.pad, -2 * gap)
    y = inner.top
    if not m.compact:
        used = game.panel_top(screen, p, pygame.Rect(inner.left, y, inner.width, inner.height // 3))
        y += used + gap if used else 0
    if prompt and regions.prompt_lines:
        room = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
        y += chrome.draw_prompt(p, room, prompt, regions.prompt_lines) + gap
    if screen.options:
        selected = min(max(0, screen.selected), len(screen.options) - 1)
        if m.compact:
            chips = pygame.Rect(inner.left, y, inner.width, _chip_height(m))
            chrome.draw_option_chips(p, chips, screen.options, selected)
            y = chips.bottom + gap
        else:
            lines_room = 2 * m.line_height(m.small_size) if screen.lines else 0
            room = pygame.Rect(inner.left, y, inner.width, inner.bottom - y - lines_room)
            y += chrome.draw_option_list(p, room, screen.options, selected) + m.pad
    if screen.lines and regions.narration_lines:
        room = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
        chrome.draw_lines(p, room, screen.lines[: regions.narration_lines], wrap=not m.compact)
