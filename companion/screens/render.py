"""Draw a whole frame for a `Screen` and say what was drawn.

The frame is: a title bar; the main area, which the game's renderer fills
(or, for a game-less screen, the detail lines); a panel with the pending
decision, the options and the narration (beside the main area on wide
surfaces, under it on narrow ones); the legend of buttons that act now; and,
over all that, the notice banner and the confirm dialog.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from companion.screen_model import Screen
from companion.screens import chrome, palette
from companion.screens.display_list import DisplayList
from companion.screens.layout import Metrics
from companion.screens.painter import Painter
from companion.screens.registry import screens_for
from companion.screens.text import DEFAULT_CACHE, TextCache

SIDE_PANEL_SHARE = 0.32
BOTTOM_PANEL_MAX_SHARE = 0.34
"""On narrow surfaces the board keeps at least two thirds of the height under the title."""


@dataclass(frozen=True)
class _Regions:
    title: pygame.Rect
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
    chrome.draw_title(painter, regions.title, screen.title)
    drawer = game.drawers.get(screen.kind)
    if drawer is not None:
        drawer(screen, painter, regions.main)
    else:
        chrome.draw_detail(painter, regions.main, screen.detail, palette.BACKGROUND)
    if regions.panel is not None:
        _draw_panel(painter, regions, screen, prompt)
    if regions.footer is not None:
        chrome.draw_buttons(painter, regions.footer, screen.buttons)
    if screen.notice:
        m = painter.metrics
        width = surface.get_width() - 2 * m.pad
        banner = pygame.Rect(m.pad, regions.title.bottom + m.pad, width,
                             chrome.notice_height(painter, width, screen.notice))
        chrome.draw_notice(painter, banner, screen.notice, screen.notice_error)
    if screen.confirm:
        chrome.draw_confirm(painter, screen.confirm, screen.buttons)
    return items


def _regions(p: Painter, screen: Screen, prompt: str | None) -> _Regions:
    m: Metrics = p.metrics
    width, height = p.surface.get_size()
    pad = m.pad
    title = pygame.Rect(0, 0, width, m.line_height(m.title_size) + pad)
    footer = None
    bottom = height
    if screen.buttons:
        footer_height = m.line_height(m.small_size) + pad
        footer = pygame.Rect(pad, height - footer_height - pad // 2, width - 2 * pad, footer_height)
        bottom = footer.top - pad // 2
    body = pygame.Rect(0, title.bottom, width, bottom - title.bottom)
    if not (prompt or screen.options or screen.lines):
        return _Regions(title, body.inflate(-2 * pad, -2 * pad), None, footer, 0, 0)
    if not m.compact:
        panel_width = round(width * SIDE_PANEL_SHARE)
        panel = pygame.Rect(width - panel_width, body.top, panel_width, body.height)
        main = pygame.Rect(pad, body.top + pad, width - panel_width - 2 * pad, body.height - 2 * pad)
        return _Regions(title, main, panel, footer, 5, len(screen.lines))
    panel_height, prompt_lines, narration = _bottom_panel_plan(p, screen, prompt, body)
    panel = pygame.Rect(0, body.bottom - panel_height, width, panel_height)
    main = pygame.Rect(pad, body.top + pad, width - 2 * pad, panel.top - body.top - 2 * pad)
    return _Regions(title, main, panel, footer, prompt_lines, narration)


def _bottom_panel_plan(p: Painter, screen: Screen, prompt: str | None, body: pygame.Rect) -> tuple[int, int, int]:
    """Height of the bottom panel, and how many prompt and narration lines it holds."""
    m = p.metrics
    inner_width = body.width - 2 * m.pad
    prompt_step = m.line_height(m.text_size)
    line_step = m.line_height(m.small_size)
    wanted_prompt = min(2, len(p.cache.wrap(prompt, m.text_size, inner_width))) if prompt else 0
    options = m.line_height(m.small_size) + m.pad if screen.options else 0
    limit = int(body.height * BOTTOM_PANEL_MAX_SHARE)

    def height(prompt_lines: int, narration: int) -> int:
        parts = [prompt_lines * prompt_step, options, narration * (line_step + m.pad // 2)]
        used = [part for part in parts if part]
        return sum(used) + m.pad * (len(used) + 1)

    prompt_lines = wanted_prompt
    narration = min(3, len(screen.lines))
    while height(prompt_lines, narration) > limit and narration > 1:
        narration -= 1
    if height(prompt_lines, narration) > limit and prompt_lines > 1:
        prompt_lines = 1
    return height(prompt_lines, narration), prompt_lines, narration


def _draw_panel(p: Painter, regions: _Regions, screen: Screen, prompt: str | None) -> None:
    assert regions.panel is not None
    m = p.metrics
    p.box("panel", regions.panel, fill=palette.PANEL)
    inner = regions.panel.inflate(-2 * m.pad, -2 * m.pad)
    y = inner.top
    if prompt and regions.prompt_lines:
        room = pygame.Rect(inner.left, y, inner.width, inner.height)
        y += chrome.draw_prompt(p, room, prompt, regions.prompt_lines) + m.pad
    if screen.options:
        selected = min(max(0, screen.selected), len(screen.options) - 1)
        if m.compact:
            chips = pygame.Rect(inner.left, y, inner.width, m.line_height(m.small_size) + m.pad)
            chrome.draw_option_chips(p, chips, screen.options, selected)
            y = chips.bottom + m.pad
        else:
            lines_room = 2 * m.line_height(m.small_size) if screen.lines else 0
            room = pygame.Rect(inner.left, y, inner.width, inner.bottom - y - lines_room)
            y += chrome.draw_option_list(p, room, screen.options, selected) + m.pad
    if screen.lines and regions.narration_lines:
        room = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
        chrome.draw_lines(p, room, screen.lines[: regions.narration_lines], wrap=not m.compact)
