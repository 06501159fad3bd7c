"""Draw a whole frame for a `Screen` and say what was drawn.

The frame is: a title bar; the main area, which the game's renderer fills
(or, for a game-less screen, the detail lines); a panel with the pending
decision, the options and the narration (beside the main area on wide
surfaces, under it on narrow ones); the button strip along the bottom, every
button in its place and lit when it acts now (companion.screens.strip); and,
over all that, the confirm dialog. When the table has physical steps to do
(`Screen.todo`), the to-do panel takes the bottom of the main area, in large
type. A notice (a refusal, a note) takes its own room at the top of the main
area while it shows, for a few seconds: the game's drawing and the steps
move down under it (every seat stays, compact if it must), so it never hides
a seat, a step or the prompt; plain detail text moves down the same way.

The pending decision (the prompt whole, its options) is on every frame of both
sizes: on narrow surfaces its panel is placed first and the seats and the steps
share what is left (`_regions`). A paged text's "1/2" names the frame's page
button, and the strip lights it, only where the text is paged on this surface;
the frame's `Screen.shown` tells the app so.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from companion.screen_model import Screen
from companion.screens import census, chrome, palette, qr, strip
from companion.screens.check import own_drawer
from companion.screens.display_list import DisplayList
from companion.screens.layout import Metrics
from companion.screens.painter import Painter
from companion.screens.registry import GameScreens, namers_for, screens_for
from companion.screens.text import DEFAULT_CACHE, TextCache

SIDE_PANEL_SHARE = 0.36
PAGE_MARKS = ("todo:page", "detail:page")
"""The "1/2" marks of a paged text (chrome): their value is the page count."""
FEW_PAGES = 3
"""On 480x320, steps in more pages than this take the title's and the board's extras' room for fewer."""
SPLIT_LINES = 2
"""The fewest lines a page of a step too tall for 480x320 holds (its page mark beside the last when the line
leaves room): fewer would read as fragments."""
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
    footer: pygame.Rect
    todo: pygame.Rect | None
    notice: pygame.Rect | None = None
    """Over a game's drawing, the refusal or note's own room at the top of the main area."""
    fit: int = 0
    """On 480x320, the height the prompt's type size was chosen for (a third of the frame's body)."""


def render(screen: Screen, surface: pygame.Surface, cache: TextCache | None = None,
           strip_setup: strip.StripSetup = strip.DEFAULT_STRIP) -> DisplayList:
    """Draw `screen` over the whole of `surface` and return the display list of the frame.

    `cache` keeps rendered text between frames; by default one shared cache
    serves every frame of the process. `strip_setup` is the build's button
    order (and, on a laptop, each button's key) for the strip.
    """
    items = DisplayList()
    painter = Painter(surface, cache or DEFAULT_CACHE, items, screen.lang, screen.game)
    painter.namers = namers_for(screen.game)
    painter.button_labels = dict(screen.button_labels)
    painter.page_button = screen.page_button
    painter.people = dict(screen.people)
    surface.fill(palette.BACKGROUND)
    game = screens_for(screen.game)
    prompt = game.prompt(screen)
    screen = _notice_less_prompt(screen, prompt)
    regions = _regions(painter, screen, prompt, strip_setup, game.board_min_height(screen, painter))
    if regions.title.height:
        chrome.draw_title(painter, regions.title, regions.title_text, screen.title, screen.unsaved)
    drawer = game.drawers.get(screen.kind) or own_drawer(screen.kind) or census.own_drawer(screen.kind)
    # When the to-do panel took the whole main area (see `_split_todo`), nothing else is drawn there.
    main = regions.main
    if main.height > 0 and screen.qr_url:
        main = qr.draw_phone(painter, main, screen, beside_text=bool(screen.detail))
    if main.height > 0 and drawer is not None:
        drawer(screen, painter, main)
    elif main.height > 0 and screen.notice:
        _draw_detail_under_notice(painter, main, screen)
    elif main.height > 0:
        chrome.draw_detail(painter, main, screen.detail, palette.BACKGROUND, screen.page)
    if regions.todo is not None:
        chrome.draw_todo(painter, regions.todo, screen.todo, screen.page, screen.todo_news)
    if regions.panel is not None:
        _draw_panel(painter, regions, screen, prompt, game)
    pages = max((int(item.value or 0) for item in items.find_all(kind="text") if item.role in PAGE_MARKS), default=1)
    if screen.shown is not None:
        screen.shown.pages, screen.shown.button = pages, screen.page_button
    # The page button is lit where the text it turns is paged on this display.
    live = (*screen.buttons, screen.page_button) if pages > 1 and screen.page_button else screen.buttons
    strip.draw(painter, regions.footer, live, strip_setup)
    if screen.notice:
        _draw_notice(painter, regions, screen, screen.notice)
    if screen.confirm:
        chrome.draw_confirm(painter, screen.confirm, screen.buttons, screen.confirm_chips)
    return items


def render_todo(screen: Screen, surface: pygame.Surface, cache: TextCache | None = None,
                strip_setup: strip.StripSetup = strip.DEFAULT_STRIP) -> DisplayList:
    """Only the to-do panel of `screen`, where `render` puts it in the frame, and its display list.

    For checks that walk thousands of frames (every game's demo in every
    language, tests/companion/test_readability.py) and need the panel alone:
    the layout is `render`'s own, the board and the side panel are not drawn.
    """
    items = DisplayList()
    painter = Painter(surface, cache or DEFAULT_CACHE, items, screen.lang, screen.game)
    painter.namers = namers_for(screen.game)
    painter.button_labels = dict(screen.button_labels)
    painter.page_button = screen.page_button
    painter.people = dict(screen.people)
    game = screens_for(screen.game)
    prompt = game.prompt(screen)
    screen = _notice_less_prompt(screen, prompt)
    regions = _regions(painter, screen, prompt, strip_setup, game.board_min_height(screen, painter))
    if regions.todo is not None:
        chrome.draw_todo(painter, regions.todo, screen.todo, screen.page, screen.todo_news)
    return items


def _notice_less_prompt(screen: Screen, prompt: str | None) -> Screen:
    """`screen` with a notice that ends by repeating the prompt ("Not waiting for a card now. Kyuzo: ...") cut
    to what it adds: the question is drawn whole under it on every frame, and the room is the seats'."""
    notice = screen.notice
    if not notice or not prompt or not notice.endswith(prompt) or not notice[:-len(prompt)].strip():
        return screen
    return replace(screen, notice=notice[:-len(prompt)].rstrip())


def _draw_detail_under_notice(p: Painter, main: pygame.Rect, screen: Screen) -> None:
    """Plain detail text moves down under the banner, since it is all there is to read."""
    assert screen.notice is not None
    m = p.metrics
    detail = main.copy()
    detail.top = main.top + chrome.notice_height(p, main.width, screen.notice) + m.pad
    detail.height = main.bottom - detail.top
    chrome.draw_detail(p, detail, screen.detail, palette.BACKGROUND, screen.page)


def _draw_notice(p: Painter, regions: _Regions, screen: Screen, notice: str) -> None:
    """The banner: in its own room over a game's drawing (`_notice_room`), else at the top of the main area,
    where the detail text has moved down under it."""
    if regions.notice is not None:
        chrome.draw_notice(p, regions.notice, notice, screen.notice_error)
        return
    main = regions.main.union(regions.todo) if regions.todo is not None else regions.main
    height = chrome.notice_height(p, main.width, notice)
    chrome.draw_notice(p, pygame.Rect(main.left, main.top, main.width, height), notice, screen.notice_error)


def _regions(p: Painter, screen: Screen, prompt: str | None, setup: strip.StripSetup,
             board_min: int) -> _Regions:
    """Where title, board, to-do panel, side or bottom panel and the button strip go.

    The strip runs along the bottom of every frame; on wide surfaces the
    panel stands at the right, on narrow ones it takes the bottom above the
    strip and the board the middle. The to-do panel lies under the board in
    the main area. On narrow ones the panel with the question is never
    given up: the title, then the board's extras, then the seats' counts give
    way to a long step, in that order (see the plans below).
    """
    m: Metrics = p.metrics
    width, height = p.surface.get_size()
    pad = m.pad
    # On 480x320 the strip's row is taken from the frame's air: a thinner title bar, less margin above and
    # below the board.
    edge = pad // 2 if m.compact else pad
    title = pygame.Rect(0, 0, width, chrome.title_height(p, width - 2 * pad, screen.title, screen.unsaved) + edge)
    title_text = title.inflate(-2 * pad, -edge // 2)
    side = strip.margin(p)
    strip_height = strip.height(p, width - 2 * side, setup)
    air = 1 if m.compact else pad // 2
    footer = pygame.Rect(side, height - strip_height - air, width - 2 * side, strip_height)
    bottom = footer.top - air
    body = pygame.Rect(0, title.bottom, width, bottom - title.bottom)
    if not (prompt or screen.options or screen.lines):
        main, notice = _notice_room(p, screen, body.inflate(-2 * pad, -2 * edge))
        main, todo = _split_todo(p, screen, main, board_min)
        return _Regions(title, title_text, main, None, footer, todo, notice)
    if not m.compact:
        panel_width = _side_panel_width(p, screen, prompt, body)
        panel = pygame.Rect(width - panel_width, body.top, panel_width, body.height)
        main = pygame.Rect(pad, body.top + pad, width - panel_width - 2 * pad, body.height - 2 * pad)
        main, notice = _notice_room(p, screen, main)
        main, todo = _split_todo(p, screen, main, board_min)
        return _Regions(title, title_text, main, panel, footer, todo, notice)
    panel_height = _bottom_panel_height(p, screen, prompt, body)
    panel = pygame.Rect(0, body.bottom - panel_height, width, panel_height)
    # The question (the prompt whole, its options) keeps its panel on every frame, and the game's drawing every
    # seat; the steps page in what is left. Where a step does not fit that even alone on its page, the title
    # bar gives way (the prompt says whose turn it is; a NOT SAVED title keeps its bar), then what the drawing
    # shows besides the seats (the village strip, the duel, the trick, the figures), then the seats' facts.
    game = screens_for(screen.game)
    tops = [body.top + edge]
    if not screen.unsaved and screen.kind in game.drawers:
        tops.append(edge)
    seats_min = min(board_min, game.seats_min_height(screen, p))
    plans = [(top, least) for least in dict.fromkeys((board_min, seats_min)) for top in tops]
    # Before a step must wait: the seats as their names only, for the frames that step shows.
    plans.append((tops[-1], min(seats_min, game.names_min_height(screen, p))))
    tried = []
    fitting: list[tuple[int, tuple[int, pygame.Rect, pygame.Rect | None, pygame.Rect | None]]] = []
    for n, (top, least) in enumerate(plans):
        room, notice = _notice_room(p, screen, pygame.Rect(pad, top, width - 2 * pad, panel.top - top - edge))
        main, todo, fits = _compact_split(p, screen, room, least)
        tried.append((top, main, todo, notice))
        if not fits:
            continue
        fitting.append((_pages(p, screen, todo), tried[-1]))
        # Many pages (a round's end: a dozen long steps) turn slowly: the title and what the drawing shows
        # besides the seats give way to fewer of them, but not the seats' facts (the last plan).
        if fitting[0][0] <= FEW_PAGES or n >= len(plans) - 2:
            break
    if fitting:
        tried.append(min(fitting, key=lambda found: found[0])[1])
    else:
        # A step taller than all the room beside the question and the seats' names: it runs on over the pages
        # (chrome.todo_layout), SPLIT_LINES lines at least to a page; where a notice leaves less than that,
        # the steps wait the seconds it shows.
        top, least = plans[-1]
        room, notice = _notice_room(p, screen, pygame.Rect(pad, top, width - 2 * pad, panel.top - top - edge))
        height = room.height - least - pad
        if not screen.todo or screen.kind == "game-over" or \
                height < SPLIT_LINES * m.line_height(m.instruction_min_size) + 2 * pad:
            tried.append((top, room, None, notice))
        else:
            height = min(height, chrome.todo_height(p, room.width, screen.todo, height))
            todo = pygame.Rect(room.left, room.bottom - height, room.width, height)
            rest = pygame.Rect(room.left, room.top, room.width, max(0, todo.top - pad - room.top))
            tried.append((top, rest, todo, notice))
    top, main, todo, notice = tried[-1]
    if top < body.top:
        title = title_text = pygame.Rect(0, 0, width, 0)
    if not fitting and not (prompt or screen.options) and main.height < board_min:
        # A result too tall for the panel's narration line beside it (the game over of Knizia's Samurai in
        # German): the result keeps its room, every player's line whole; the narration says it again anyway.
        main = pygame.Rect(main.left, main.top, main.width, body.bottom - edge - main.top)
        return _Regions(title, title_text, main, None, footer, todo, notice, body.height // 3)
    return _Regions(title, title_text, main, panel, footer, todo, notice, body.height // 3)


def _notice_room(p: Painter, screen: Screen, main: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect | None]:
    """The main area less the notice's room at its top, and that room (None without a notice over a game's
    drawing). The notice takes its own room rather than lying over the board: for the few seconds it shows,
    the seats and the steps move down (compact if they must), and none of them is hidden under it."""
    if not screen.notice or screen.kind not in screens_for(screen.game).drawers:
        return main, None
    height = min(main.height, chrome.notice_height(p, main.width, screen.notice))
    notice = pygame.Rect(main.left, main.top, main.width, height)
    rest = pygame.Rect(main.left, notice.bottom + p.metrics.pad, main.width,
                       max(0, main.bottom - notice.bottom - p.metrics.pad))
    return rest, notice


def _pages(p: Painter, screen: Screen, todo: pygame.Rect | None) -> int:
    """How many pages the to-do panel `todo` shows the steps in (1 without a panel)."""
    if todo is None:
        return 1
    inner = todo.inflate(-2 * p.metrics.pad, -p.metrics.pad)
    return len(chrome.todo_layout(p, inner.width, inner.height, screen.todo)[1])


def _compact_split(p: Painter, screen: Screen, room: pygame.Rect,
                   least: int) -> tuple[pygame.Rect, pygame.Rect | None, bool]:
    """On 480x320, above the question: the game's drawing, the to-do panel under it, and whether they fit.

    The drawing keeps `least` (every seat, compact if it must be) and the
    steps page in what is left; they fit when their tallest step does, alone
    on its page: a step is never cut or split. The game-over screen shows no
    steps (the narration lists them; the result keeps the room).
    """
    m = p.metrics
    if not screen.todo or screen.kind == "game-over":
        return room, None, room.height >= least
    limit = room.height - least - m.pad
    if limit <= 0:
        return room, None, False
    height = chrome.todo_height(p, room.width, screen.todo, limit)
    if height > limit:
        return room, None, False
    todo = pygame.Rect(room.left, room.bottom - height, room.width, height)
    rest = pygame.Rect(room.left, room.top, room.width, max(0, todo.top - m.pad - room.top))
    return rest, todo, True


def _split_todo(p: Painter, screen: Screen, main: pygame.Rect,
                board_min: int) -> tuple[pygame.Rect, pygame.Rect | None]:
    """The main area less the to-do panel at its bottom, and the panel (None without steps).

    The game's drawing keeps `board_min` (what it needs to stay readable,
    every seat included) and the panel pages past that; on 800x480 the
    panel takes no more than STEPS_MAX_SHARE of the area while its steps
    page within that. A step too tall for that room even at the floor size
    is not split across pages (`chrome.todo_height`): the panel takes what
    that step needs, and the drawing what is left, down to every seat (what
    else it shows gives way); a step taller than even that runs on over
    pages (chrome.todo_layout). The game-over screen is the exception:
    there the result (the score, the ranking, why the game was lost) is what
    the table reads and keeps its room; the panel shows on 800x480 only when
    the last input's steps fit beside it, and the narration lists them anyway.
    """
    m = p.metrics
    if not screen.todo or (m.compact and screen.kind == "game-over"):
        return main, None
    room = main.height - board_min - m.pad
    limit = room if m.compact else min(int(main.height * STEPS_MAX_SHARE), room)
    height = chrome.todo_height(p, main.width, screen.todo, limit)
    if height > limit and screen.kind == "game-over":
        return main, None
    if height > room:
        # A step too tall for the panel's usual room: the panel takes what the tallest step needs alone on its
        # page, up to what every seat leaves (the drawing shows the seats first, compact if it must be).
        seats = screens_for(screen.game).band_min_height(screen, p)
        height = min(main.height - seats - m.pad, chrome.todo_height(p, main.width, screen.todo, 0))
    todo = pygame.Rect(main.left, main.bottom - height, main.width, height)
    rest = pygame.Rect(main.left, main.top, main.width, max(0, todo.top - m.pad - main.top))
    return rest, todo


def _side_panel_width(p: Painter, screen: Screen, prompt: str | None, body: pygame.Rect) -> int:
    """The side panel's width on 800x480: SIDE_PANEL_SHARE of the frame, wider when the whole prompt does not
    fit above the options at the floor size in that (a long prompt in German or Dutch) or an option does not
    fit its row whole ("Under the stack (Katsushiro)"); the board gives the room, its seats compact if they
    must."""
    m = p.metrics
    gap = _panel_gap(m)
    room = body.height - 2 * gap - min(len(screen.options), 4) * _option_row(m) - gap
    if screen.kind == "board" and screen.view:
        room -= body.height // 4  # what the game draws above the prompt (the card being faced)
    for share in (SIDE_PANEL_SHARE, 0.42, 0.48):
        width = round(body.width * share)
        if not chrome.options_fit(p, width - 2 * m.pad, screen.options):
            continue
        if not prompt or chrome.prompt_fits(p, width - 2 * m.pad, prompt, room):
            return width
    return width


def _bottom_panel_height(p: Painter, screen: Screen, prompt: str | None, body: pygame.Rect) -> int:
    """Height of the bottom panel on narrow surfaces: the whole prompt and the option chips, after its last
    words where they fit there, else in a row of their own."""
    m = p.metrics
    inner_width = body.width - 2 * m.pad
    gap = _panel_gap(m)
    parts = []
    beside = chrome.chips_beside_prompt(p, inner_width, prompt, body.height // 3, screen.options) if prompt else None
    if prompt:
        size, lines = chrome.prompt_size(p, inner_width, prompt, body.height // 3)
        # With the option chips after its last words (when they fit there), that line is a chip tall.
        parts.append(lines * m.line_height(size) + (max(0, _chip_row(p) - m.line_height(size)) if beside else 0))
    if screen.options and beside is None:
        parts.append(chrome.option_chips_height(p, inner_width, screen.options, screen.selected))
    if not parts and screen.lines:
        # The newest narration line, whole (the game over's "Green wins with 1 life left").
        parts.append(chrome.lines_height(p, inner_width, screen.lines[0]))
    return sum(parts) + gap * (len(parts) + 1)


def _chip_row(p: Painter) -> int:
    """A row of option chips on 480x320 (chrome.option_chips_height's one line)."""
    return p.metrics.line_height(p.metrics.small_size) + p.metrics.pad


def _panel_gap(m: Metrics) -> int:
    return m.pad // 2 + 1 if m.compact else m.pad


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
    beside = chrome.chips_beside_prompt(p, inner.width, prompt, regions.fit, screen.options) \
        if prompt and m.compact else None
    if prompt and beside is not None:
        # The chips start at the last line's top and reach below it: that line is a chip tall.
        line = m.line_height(chrome.prompt_size(p, inner.width, prompt, regions.fit)[0])
        room = pygame.Rect(inner.left, y, inner.width, inner.bottom - y - max(0, _chip_row(p) - line))
        used = chrome.draw_prompt(p, room, prompt)
        chips = pygame.Rect(inner.left + beside, room.top + used - line, inner.width - beside, _chip_row(p))
        selected = min(max(0, screen.selected), len(screen.options) - 1)
        chrome.draw_option_chips(p, chips, screen.options, selected, arrows=False)
        return
    if prompt:
        options_room = (chrome.option_chips_height(p, inner.width, screen.options, screen.selected) + gap
                        if screen.options else 0) \
            if m.compact else min(len(screen.options), 4) * _option_row(m)
        room = pygame.Rect(inner.left, y, inner.width, inner.bottom - y - options_room)
        y += chrome.draw_prompt(p, room, prompt) + gap
    if screen.options:
        selected = min(max(0, screen.selected), len(screen.options) - 1)
        if m.compact:
            chips = pygame.Rect(inner.left, y, inner.width,
                                chrome.option_chips_height(p, inner.width, screen.options, screen.selected))
            chrome.draw_option_chips(p, chips, screen.options, selected)
            y = chips.bottom + gap
        else:
            room = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
            y += chrome.draw_option_list(p, room, screen.options, selected) + m.pad
    if screen.lines and not m.compact and inner.bottom - y >= m.line_height(m.small_size):
        room = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
        chrome.draw_lines(p, room, screen.lines)
    elif screen.lines and not (prompt or screen.options):
        chrome.draw_lines(p, pygame.Rect(inner.left, y, inner.width, inner.bottom - y), screen.lines[:1])


def _option_row(m: Metrics) -> int:
    return m.line_height(m.small_size) + m.pad
