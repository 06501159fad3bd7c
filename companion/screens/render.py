"""Draw a whole frame for a `Screen` and say what was drawn.

The frame is: a title bar; the main area, which the game's renderer fills
(or, for a game-less screen, the detail lines); a panel with the pending
decision, the options and the narration (beside the main area on wide
surfaces, under it on narrow ones); the legend of buttons that act now; and,
over all that, the notice banner and the confirm dialog. When the table has
physical steps to do (`Screen.todo`), the to-do panel takes the bottom of the
main area, in large type. The banner lies over the game's board, which stays
put while a refusal shows for a few seconds, away from the active Samurai's
row, the to-do panel's first step and the prompt; plain detail text moves
down instead, since it is all there is to read.
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

SIDE_PANEL_SHARE = 0.36
STEPS_MAX_SHARE = 0.7
"""How much of the main area the to-do panel may take on 800x480, under the board's rows; on 480x320 it
takes all below the village strip, the Samurai rows giving way while the table has steps to do."""


@dataclass(frozen=True)
class _Regions:
    """Where the parts of one frame go."""

    title: pygame.Rect
    title_text: pygame.Rect
    main: pygame.Rect
    panel: pygame.Rect | None
    footer: pygame.Rect | None
    todo: pygame.Rect | None


def render(screen: Screen, surface: pygame.Surface, cache: TextCache | None = None) -> DisplayList:
    """Draw `screen` over the whole of `surface` and return the display list of the frame.

    `cache` keeps rendered text between frames; by default one shared cache
    serves every frame of the process.
    """
    items = DisplayList()
    painter = Painter(surface, cache or DEFAULT_CACHE, items, screen.lang, screen.game)
    painter.button_labels = dict(screen.button_labels)
    surface.fill(palette.BACKGROUND)
    game = screens_for(screen.game)
    prompt = game.prompt(screen)
    buttons = _legend(painter, screen)
    regions = _regions(painter, screen, prompt, buttons, game.board_min_height(screen, painter))
    chrome.draw_title(painter, regions.title, regions.title_text, screen.title, screen.unsaved)
    drawer = game.drawers.get(screen.kind)
    # When the to-do panel took the whole main area (see `_split_todo`), nothing else is drawn there.
    if regions.main.height > 0 and drawer is not None:
        drawer(screen, painter, regions.main)
    elif regions.main.height > 0 and screen.notice:
        _draw_detail_under_notice(painter, regions.main, screen)
    elif regions.main.height > 0:
        chrome.draw_detail(painter, regions.main, screen.detail, palette.BACKGROUND, screen.page)
    if regions.todo is not None:
        chrome.draw_todo(painter, regions.todo, screen.todo, screen.page, screen.todo_news)
    if regions.panel is not None:
        _draw_panel(painter, regions, screen, prompt, game)
    if regions.footer is not None:
        chrome.draw_buttons(painter, regions.footer, buttons)
    if screen.notice:
        _draw_notice(painter, regions, screen, screen.notice, drawer is not None)
    if screen.confirm:
        chrome.draw_confirm(painter, screen.confirm, screen.buttons)
    return items


def render_todo(screen: Screen, surface: pygame.Surface, cache: TextCache | None = None) -> DisplayList:
    """Only the to-do panel of `screen`, where `render` puts it in the frame, and its display list.

    For checks that walk thousands of frames (every game's demo in every
    language, tests/companion/test_readability.py) and need the panel alone:
    the layout is `render`'s own, the board and the side panel are not drawn.
    """
    items = DisplayList()
    painter = Painter(surface, cache or DEFAULT_CACHE, items, screen.lang, screen.game)
    painter.button_labels = dict(screen.button_labels)
    game = screens_for(screen.game)
    regions = _regions(painter, screen, game.prompt(screen), _legend(painter, screen),
                       game.board_min_height(screen, painter))
    if regions.todo is not None:
        chrome.draw_todo(painter, regions.todo, screen.todo, screen.page, screen.todo_news)
    return items


def _legend(p: Painter, screen: Screen) -> tuple[str, ...]:
    """The buttons the legend names: while a confirm dialog asks, none (the dialog says what acts); on
    480x320, not those an option chip already names."""
    if screen.confirm:
        return ()
    if not p.metrics.compact:
        return screen.buttons
    named = {option.casefold() for option in screen.options}
    return tuple(b for b in screen.buttons if chrome.button_label(p, b).casefold() not in named)


def _draw_detail_under_notice(p: Painter, main: pygame.Rect, screen: Screen) -> None:
    """Plain detail text moves down under the banner, since it is all there is to read."""
    assert screen.notice is not None
    m = p.metrics
    detail = main.copy()
    detail.top = main.top + chrome.notice_height(p, main.width, screen.notice) + m.pad
    detail.height = main.bottom - detail.top
    chrome.draw_detail(p, detail, screen.detail, palette.BACKGROUND, screen.page)


def _draw_notice(p: Painter, regions: _Regions, screen: Screen, notice: str, over_board: bool) -> None:
    """The banner across the main area, placed where it hides neither the active seat's box nor the
    to-do panel's first step nor the prompt: at the top, else at the bottom, else next to the row."""
    m = p.metrics
    main = regions.main.union(regions.todo) if regions.todo is not None else regions.main
    height = chrome.notice_height(p, main.width, notice)
    if not over_board:
        chrome.draw_notice(p, pygame.Rect(main.left, main.top, main.width, height), notice, screen.notice_error)
        return
    keep = [item.box for item in p.items.find_all(kind="box", tag="active")]
    first = p.items.find("todo", kind="text")
    if first is not None:
        keep.append(first.box)
    candidates = [main.top, main.bottom - height]
    for box in keep:
        candidates += [box.bottom + m.pad // 2, box.top - height - m.pad // 2]
    for top in candidates:
        banner = pygame.Rect(main.left, top, main.width, height)
        if main.contains(banner) and not any(banner.colliderect(box) for box in keep):
            chrome.draw_notice(p, banner, notice, screen.notice_error)
            return
    chrome.draw_notice(p, pygame.Rect(main.left, main.top, main.width, height), notice, screen.notice_error)


def _regions(p: Painter, screen: Screen, prompt: str | None, buttons: tuple[str, ...], board_min: int) -> _Regions:
    """Where title, board, to-do panel, side or bottom panel and buttons go.

    On narrow surfaces the buttons legend shares the title bar, the board
    takes the middle and the panel the bottom; on wide ones the legend runs
    along the bottom and the panel stands at the right. The to-do panel
    lies under the board in the main area.
    """
    m: Metrics = p.metrics
    width, height = p.surface.get_size()
    pad = m.pad
    title = pygame.Rect(0, 0, width, m.line_height(m.title_size) + pad)
    title_text = title.inflate(-2 * pad, 0)
    footer = None
    bottom = height
    legend = chrome.buttons_width(p, buttons) if buttons else 0
    if buttons and m.compact and legend <= width - 3 * pad - _title_room(p, screen.title, width):
        footer = pygame.Rect(width - pad - legend, title.top + pad // 2 + 1, legend, title.height - pad - 2)
        title_text.width = footer.left - title_text.left - pad
    elif buttons:
        # Wide screens, and small ones whose chips would crowd the title: a row of chips along the bottom,
        # every button's word whole.
        footer_height = m.line_height(m.small_size) + pad
        footer = pygame.Rect(pad, height - footer_height - pad // 2, width - 2 * pad, footer_height)
        bottom = footer.top - pad // 2
    body = pygame.Rect(0, title.bottom, width, bottom - title.bottom)
    if not (prompt or screen.options or screen.lines):
        main = body.inflate(-2 * pad, -2 * pad)
        main, todo = _split_todo(p, screen, main, board_min)
        return _Regions(title, title_text, main, None, footer, todo)
    if not m.compact:
        panel_width = round(width * SIDE_PANEL_SHARE)
        panel = pygame.Rect(width - panel_width, body.top, panel_width, body.height)
        main = pygame.Rect(pad, body.top + pad, width - panel_width - 2 * pad, body.height - 2 * pad)
        main, todo = _split_todo(p, screen, main, board_min)
        return _Regions(title, title_text, main, panel, footer, todo)
    panel_height = _bottom_panel_height(p, screen, prompt, body)
    panel = pygame.Rect(0, body.bottom - panel_height, width, panel_height)
    main = pygame.Rect(pad, body.top + pad, width - 2 * pad, panel.top - body.top - 2 * pad)
    main, todo = _split_todo(p, screen, main, board_min)
    return _Regions(title, title_text, main, panel, footer, todo)


def _title_room(p: Painter, title: str, width: int) -> int:
    """What the title needs beside the button chips on a small screen: all of it, up to two fifths of the width
    (a longer title is cut there, as before; chips that do not fit beside that go to a row of their own)."""
    m = p.metrics
    return min(p.cache.measure(title, m.title_size, "bold")[0], width * 2 // 5)


def _split_todo(p: Painter, screen: Screen, main: pygame.Rect,
                board_min: int) -> tuple[pygame.Rect, pygame.Rect | None]:
    """The main area less the to-do panel at its bottom, and the panel (None without steps).

    On 800x480 the game's drawing keeps `board_min` (what it needs to stay
    readable) and the panel pages past that; on 480x320 the panel may take
    all but the first line of the game's drawing. A step too tall for that
    room even at the floor size is never split across pages
    (`chrome.todo_height`): the drawing gives way to the panel for that
    frame. The game-over screen is the exception: there the result (the
    score, the ranking, why the game was lost) is what the table reads and
    keeps its room; the panel shows on 800x480 only when the last input's
    steps fit beside it, and the narration lists them anyway.
    """
    m = p.metrics
    if not screen.todo or (m.compact and screen.kind == "game-over"):
        return main, None
    if m.compact:
        limit = main.height - min(board_min, m.line_height(m.text_size) + m.pad)
    else:
        limit = min(int(main.height * STEPS_MAX_SHARE), main.height - board_min - m.pad)
    height = chrome.todo_height(p, main.width, screen.todo, limit)
    if height > limit and screen.kind == "game-over":
        return main, None
    if height > limit and (m.compact or height > main.height - board_min - m.pad):
        # A step too tall for the panel's usual room: the drawing gives way for this frame.
        return pygame.Rect(main.left, main.top, main.width, 0), main
    todo = pygame.Rect(main.left, main.bottom - height, main.width, height)
    rest = pygame.Rect(main.left, main.top, main.width, max(0, todo.top - m.pad - main.top))
    return rest, todo


def _bottom_panel_height(p: Painter, screen: Screen, prompt: str | None, body: pygame.Rect) -> int:
    """Height of the bottom panel on narrow surfaces: the whole prompt and one row of option chips."""
    m = p.metrics
    inner_width = body.width - 2 * m.pad
    gap = _panel_gap(m)
    parts = []
    if prompt:
        size, lines = chrome.prompt_size(p, inner_width, prompt, body.height // 3)
        parts.append(lines * m.line_height(size))
    if screen.options:
        parts.append(_chip_height(m))
    if not parts and screen.lines:
        parts.append(m.line_height(m.small_size))
    return sum(parts) + gap * (len(parts) + 1)


def _panel_gap(m: Metrics) -> int:
    return m.pad // 2 + 1 if m.compact else m.pad


def _chip_height(m: Metrics) -> int:
    return m.line_height(m.small_size) + m.pad


def _draw_panel(p: Painter, regions: _Regions, screen: Screen, prompt: str | None, game: GameScreens) -> None:
    assert regions.panel is not None
    m = p.metrics
    gap = _panel_gap(m)
    p.box("panel", regions.panel, fill=palette.PANEL)
    inner = regions.panel.inflate(-2 * m.pad, -2 * gap)
    y = inner.top
    if not m.compact:
        used = game.panel_top(screen, p, pygame.Rect(inner.left, y, inner.width, inner.height // 4))
        y += used + gap if used else 0
    if prompt:
        options_room = min(len(screen.options), 4) * _option_row(m)
        room = pygame.Rect(inner.left, y, inner.width, inner.bottom - y - options_room)
        y += chrome.draw_prompt(p, room, prompt) + gap
    if screen.options:
        selected = min(max(0, screen.selected), len(screen.options) - 1)
        if m.compact:
            chips = pygame.Rect(inner.left, y, inner.width, _chip_height(m))
            chrome.draw_option_chips(p, chips, screen.options, selected)
            y = chips.bottom + gap
        else:
            room = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
            y += chrome.draw_option_list(p, room, screen.options, selected) + m.pad
    if screen.lines and not m.compact and inner.bottom - y >= m.line_height(m.small_size):
        room = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
        chrome.draw_lines(p, room, screen.lines, wrap=True)
    elif screen.lines and not (prompt or screen.options):
        chrome.draw_lines(p, pygame.Rect(inner.left, y, inner.width, inner.bottom - y), screen.lines[:1], wrap=False)


def _option_row(m: Metrics) -> int:
    return m.line_height(m.small_size) + m.pad
