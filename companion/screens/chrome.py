"""The game-independent parts of every frame.

Title bar, options, the button words, narration, notice
banner, confirm dialog and plain detail text look the same in every game, so
they live here and a game's renderer draws only its own board.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from companion.buttons_layout import CAP_BY_NAME
from companion.screens import glyphs, palette
from companion.screens.display_list import BANNER_LAYER, DIALOG_LAYER
from companion.screens.painter import Painter
from engine.core.messages import Message, msg

BUTTON_WORDS: dict[str, Message] = {
    "confront": msg("Confront"),
    "defend": msg("Defend"),
    "support": msg("Support"),
    "pass": msg("Pass"),
    "next": msg("Next"),
    "ok": msg("OK"),
    "undo": msg("Undo"),
}
"""The physical buttons' names as the screens print them when the game gives no label, translated with
the screen's language."""


def button_label(p: Painter, name: str) -> str:
    """How a physical button reads on screen: the game's label for it, else "ok" -> "OK", "confront" -> "Confront"."""
    if name in p.button_labels:
        return p.button_labels[name]
    return generic_word(name, p.tr)


def generic_word(name: str, tr: Callable[[Message], str]) -> str:
    """A button's own name in words, in `tr`'s language: what it reads where a game gives it no word."""
    word = BUTTON_WORDS.get(name)
    if word is not None:
        return tr(word)
    return name.upper() if len(name) <= 2 else name.replace("_", " ").capitalize()


UNSAVED_MARK = msg("NOT SAVED")
CONFIRM_OK = msg("OK: undo")
CONFIRM_OK_OTHER = msg("OK: confirm")
CONFIRM_CANCEL = msg("Other: cancel")


def _unsaved_width(p: Painter) -> int:
    return p.cache.measure(p.tr(UNSAVED_MARK), p.metrics.small_size)[0] + 2 * p.metrics.pad


def title_lines(p: Painter, width: int, title: str, unsaved: bool = False) -> tuple[int, list[str]]:
    """The title's type size and lines inside `width`: one line, shrinking from the title size to the small
    size; a title too long for that (a set-up question in German or French) takes two lines, as large as
    they fit (three on 480x320 if it must), rather than being cut."""
    m = p.metrics
    face = p.cache.bold()
    room = width - (_unsaved_width(p) + m.pad if unsaved else 0)
    for size in range(m.title_size, min(m.small_size, m.min_size) - 1, -1):
        if p.cache.measure(title, size, face)[0] <= room:
            return size, [title]
    for most in (2, 3):
        for size in range(m.text_size, m.min_size - 1, -1):
            lines = p.cache.wrap(title, size, room, face)
            if len(lines) <= most:
                return size, lines
    return m.min_size, p.cache.wrap(title, m.min_size, room, face)[:3] or [title]


def title_height(p: Painter, width: int, title: str, unsaved: bool = False) -> int:
    """The title bar's text height for `title`: one line at the title size, or the floor size's lines."""
    size, lines = title_lines(p, width, title, unsaved)
    if len(lines) == 1:
        return p.metrics.line_height(p.metrics.title_size)
    return len(lines) * (p.cache.font(size, p.cache.bold()).get_height())


def draw_title(p: Painter, bar: pygame.Rect, text_rect: pygame.Rect, title: str, unsaved: bool = False) -> None:
    """The title bar; while the game is played on unsaved, a NOT SAVED mark leads it on every frame."""
    p.box("title:bar", bar, fill=palette.TITLE_BACKGROUND)
    size, lines = title_lines(p, text_rect.width, title, unsaved)
    if unsaved:
        mark_size = p.metrics.small_size
        mark_text = p.tr(UNSAVED_MARK)
        mark_height = min(bar.height - p.metrics.pad, p.metrics.line_height(p.metrics.title_size))
        mark = pygame.Rect(text_rect.left, bar.centery - mark_height // 2, _unsaved_width(p), mark_height)
        p.box("unsaved:mark", mark, fill=palette.ERROR, edge=palette.TEXT, radius=mark.height // 4, tags=["error"])
        p.text("unsaved", mark_text, mark, mark_size, palette.ERROR_TEXT, palette.ERROR, align="center",
               min_size=mark_size, tags=["error"])
        text_rect = pygame.Rect(mark.right + p.metrics.pad, text_rect.top,
                                text_rect.right - mark.right - p.metrics.pad, text_rect.height)
    step = text_rect.height // len(lines)
    for n, line in enumerate(lines):
        # The whole title is the value of each line, so a line is known for part of it, not a cut title.
        p.text("title", line, pygame.Rect(text_rect.left, text_rect.top + n * step, text_rect.width, step), size,
               palette.TEXT, palette.TITLE_BACKGROUND, bold=True, min_size=size, value=title,
               tags=["first-line"] if n == 0 else ["continued"])


def _chip_widths(p: Painter, labels: Sequence[str]) -> list[int]:
    gap = p.metrics.pad
    return [p.cache.measure(label, p.metrics.small_size)[0] + 3 * gap for label in labels]


def draw_buttons(p: Painter, rect: pygame.Rect, buttons: Sequence[str], role: str = "button",
                 labels: Sequence[str] | None = None) -> None:
    """Chips naming the buttons that act now, from the left of `rect` (`labels` overrides their names)."""
    if not buttons:
        return
    gap = p.metrics.pad
    size = p.metrics.small_size
    words = list(labels) if labels is not None else [button_label(p, b) for b in buttons]
    natural = _chip_widths(p, words)
    room = rect.width - gap * (len(buttons) - 1)
    if sum(natural) > room:
        natural = [room // len(buttons)] * len(buttons)
    x = rect.left
    for name, word, width in zip(buttons, words, natural, strict=True):
        chip = pygame.Rect(x, rect.top, width, rect.height)
        p.box(f"{role}:{name}:chip", chip, fill=palette.PANEL, edge=palette.TEXT,
              radius=rect.height // 3, value=name)
        p.text(f"{role}:{name}", word, chip.inflate(-gap, -2), size,
               palette.TEXT, palette.PANEL, align="center", value=word)
        x += width + gap


NOTICE_MAX_LINES = 4


def notice_height(p: Painter, width: int, text: str) -> int:
    size = p.metrics.small_size
    lines = min(NOTICE_MAX_LINES, len(p.cache.wrap(text, size, _notice_text_width(p, width))))
    return max(1, lines) * p.metrics.line_height(size) + 2 * p.metrics.pad


def _notice_text_width(p: Painter, width: int) -> int:
    return width - p.metrics.line_height(p.metrics.small_size) - 3 * p.metrics.pad


def draw_notice(p: Painter, rect: pygame.Rect, text: str, error: bool) -> None:
    """A banner over the top of the board: a refusal in the error style, or a note."""
    fill, ink = (palette.ERROR, palette.ERROR_TEXT) if error else (palette.INFO, palette.INFO_TEXT)
    tag = "error" if error else "note"
    with p.on_layer(BANNER_LAYER):
        p.box("notice:banner", rect, fill=fill, edge=palette.TEXT, edge_width=3, tags=[tag])
        size = p.metrics.small_size
        badge_side = p.metrics.line_height(size)
        badge = pygame.Rect(rect.left + p.metrics.pad, rect.centery - badge_side // 2, badge_side, badge_side)
        p.icon("notice:badge", glyphs.error_badge if error else glyphs.info_badge, badge, tag, tags=[tag])
        body = pygame.Rect(badge.right + p.metrics.pad, rect.top + p.metrics.pad,
                           _notice_text_width(p, rect.width), rect.height - 2 * p.metrics.pad)
        p.paragraph("notice", text, body, size, ink, fill, max_lines=NOTICE_MAX_LINES, tags=[tag])


def draw_confirm(p: Painter, question: str, buttons: Sequence[str], chips: Sequence[str] = ()) -> None:
    """A dialog in the middle of the frame: the question in large type and only the answers that act:
    OK confirms, any other button cancels (so no Support or Next chip suggests another meaning). `chips` say
    what OK and the others do in this confirmation ("OK: new game", "Other: cancel"), else generic words."""
    m = p.metrics
    bounds = p.bounds
    width = bounds.width - 4 * m.pad
    badge_side = m.line_height(m.text_size)
    text_width = width - badge_side - 6 * m.pad
    chip_height = m.line_height(m.small_size) + m.pad
    room = bounds.height - 8 * m.pad - chip_height
    size = m.text_size
    for size in range(m.large_size, m.text_size - 1, -1):
        if len(p.cache.wrap(question, size, text_width)) * m.line_height(size) <= room:
            break
    step = m.line_height(size)
    lines = max(1, min(room // step, len(p.cache.wrap(question, size, text_width))))
    height = min(bounds.height - 2 * m.pad, lines * step + chip_height + 6 * m.pad)
    dialog = pygame.Rect(0, 0, width, height)
    dialog.center = bounds.center
    with p.on_layer(DIALOG_LAYER):
        p.box("confirm", dialog, fill=palette.PANEL, edge=palette.HIGHLIGHT, edge_width=max(3, m.px(5)),
              radius=m.px(10), value=question)
        inner = dialog.inflate(-4 * m.pad, -4 * m.pad)
        badge = pygame.Rect(inner.left, inner.top, badge_side, badge_side)
        p.icon("confirm:badge", glyphs.question_badge, badge)
        text_rect = pygame.Rect(badge.right + 2 * m.pad, inner.top, inner.right - badge.right - 2 * m.pad,
                                lines * step)
        p.paragraph("confirm:question", question, text_rect, size, palette.TEXT, palette.PANEL, max_lines=lines)
        row = pygame.Rect(inner.left, inner.bottom - chip_height, inner.width, chip_height)
        ok = CONFIRM_OK if "undo" in buttons else CONFIRM_OK_OTHER
        labels = tuple(chips) if len(chips) == 2 else (p.tr(ok), p.tr(CONFIRM_CANCEL))
        draw_buttons(p, row, ("ok", "other"), role="confirm:button", labels=labels)


def draw_detail(p: Painter, rect: pygame.Rect, detail: Sequence[str], background: palette.Colour,
                page: int = 0) -> int:
    """Plain lines of text down `rect`, each wrapped, in the largest type down to the floor at which they
    all fit (a long path then stays whole on its line); past the floor, paragraphs are paged, `page`
    choosing the page and "1/2" saying where the reader is. Returns the height used."""
    y = rect.top
    size = _detail_size(p, rect, detail)
    pages = _detail_pages(p, rect, detail, size)
    if len(pages) > 1:
        _page_mark(p, rect, page % len(pages), len(pages), "detail:page", background)
        detail = pages[page % len(pages)]
        rect = pygame.Rect(rect.left, rect.top, rect.width, rect.height - p.metrics.line_height(p.metrics.small_size))
    for line in detail:
        room = pygame.Rect(rect.left, y, rect.width, rect.bottom - y)
        if room.height < p.metrics.line_height(size):
            break
        y += p.paragraph("detail", line, room, size, palette.TEXT, background) + p.metrics.pad // 2
    return y - rect.top


def _detail_pages(p: Painter, rect: pygame.Rect, detail: Sequence[str], size: int) -> list[list[str]]:
    """The paragraphs of `detail` in pages that fit `rect` (less a line for the page mark when paged)."""
    m = p.metrics
    step = m.line_height(size)
    heights = [len(p.cache.wrap(line, size, rect.width)) * step + m.pad // 2 for line in detail]
    if sum(heights) <= rect.height:
        return [list(detail)]
    room = rect.height - m.line_height(m.small_size)
    pages: list[list[str]] = [[]]
    used = 0
    for line, height in zip(detail, heights, strict=True):
        if pages[-1] and used + height > room:
            pages.append([])
            used = 0
        pages[-1].append(line)
        used += height
    return pages


def _page_mark(p: Painter, rect: pygame.Rect, page: int, pages: int, role: str,
               background: palette.Colour) -> None:
    """"1/2" at the bottom right of `rect`, on a yellow chip; before it, the button that turns the page (the
    frame's `page_button`), a chip in its cap's colour with its word, when there is one."""
    m = p.metrics
    mark = f"{page + 1}/{pages}"
    size = m.small_size
    width = p.cache.measure(mark, size)[0] + 2 * m.pad
    box = pygame.Rect(rect.right - width, rect.bottom - m.line_height(size), width, m.line_height(size))
    p.box(f"{role}-chip", box, fill=palette.HIGHLIGHT, radius=box.height // 3)
    p.text(role, mark, box, size, palette.HIGHLIGHT_TEXT, palette.HIGHLIGHT, align="center", min_size=size,
           value=pages)
    word = _page_button_word(p)
    if word:
        cap = CAP_BY_NAME[p.page_button].rgb
        chip = pygame.Rect(0, box.top, p.cache.measure(word, size)[0] + 2 * m.pad, box.height)
        chip.right = box.left - m.pad // 2
        p.box(f"{role}-button", chip, fill=cap, edge=palette.TEXT, edge_width=1, radius=chip.height // 3,
              value=p.page_button)
        p.text(f"{role}:button", word, chip, size, palette.ink_on(cap), cap, align="center", min_size=size,
               value=p.page_button)


def _page_button_word(p: Painter) -> str:
    """The word of the button that turns the page (the game's, as on the strip), or "" for none."""
    return button_label(p, p.page_button) if p.page_button in CAP_BY_NAME else ""


def _detail_size(p: Painter, rect: pygame.Rect, detail: Sequence[str]) -> int:
    m = p.metrics
    size = m.text_size
    while size > m.min_size:
        step = m.line_height(size)
        lines = [p.cache.wrap(line, size, rect.width) for line in detail]
        long_word = any(p.cache.measure(word, size)[0] > rect.width for line in detail for word in line.split())
        if not long_word and sum(len(w) * step + m.pad // 2 for w in lines) <= rect.height:
            break
        size -= 1
    return size


def prompt_size(p: Painter, width: int, prompt: str, height: int) -> tuple[int, int]:
    """The largest instruction size at which the whole prompt fits `width` by `height`, and its line count;
    at the floor size when none does (the caller then gives it more room)."""
    m = p.metrics
    text_width = width - _prompt_bar(p) - m.pad
    size = m.text_size
    while True:
        lines = len(p.cache.wrap(prompt, size, text_width))
        if size <= m.instruction_min_size or (lines * m.line_height(size) <= height
                                              and not _breaks_a_word(p, prompt, size, text_width)):
            return size, lines
        size -= 1


def prompt_fits(p: Painter, width: int, prompt: str, height: int) -> bool:
    """Whether the whole prompt fits `width` by `height` at a readable size with every word whole."""
    size, lines = prompt_size(p, width, prompt, height)
    return lines * p.metrics.line_height(size) <= height and \
        not _breaks_a_word(p, prompt, size, width - _prompt_bar(p) - p.metrics.pad)


def _breaks_a_word(p: Painter, text: str, size: int, width: int) -> bool:
    """Whether a word of `text` is wider than `width` at `size` (wrapping would break it in two): a smaller
    size that keeps "Unterstützungsmarker" whole reads better, down to the floor."""
    return any(p.cache.measure(word, size)[0] > width for word in text.split())


def _prompt_bar(p: Painter) -> int:
    return max(3, p.metrics.px(6))


def draw_prompt(p: Painter, rect: pygame.Rect, prompt: str) -> int:
    """The decision the game waits for, whole, marked by a bar at its left; returns the height used."""
    m = p.metrics
    bar = _prompt_bar(p)
    size, lines = prompt_size(p, rect.width, prompt, rect.height)
    text_rect = pygame.Rect(rect.left + bar + m.pad, rect.top, rect.width - bar - m.pad,
                            max(rect.height, lines * m.line_height(size)))
    used = p.paragraph("prompt", prompt, text_rect, size, palette.TEXT, palette.PANEL, max_lines=lines)
    if used:
        p.box("prompt:bar", pygame.Rect(rect.left, rect.top, bar, used), fill=palette.HIGHLIGHT)
    return used


TodoLine = tuple[int, str, bool]
"""One drawn line of the to-do panel: the step's index, the words, whether it starts the step."""


def todo_layout(p: Painter, width: int, height: int,
                steps: Sequence[str]) -> tuple[int, tuple[tuple[TodoLine, ...], ...]]:
    """The type size and the pages of the to-do panel for `steps` in `width` by `height`.

    Every step is wrapped whole. The size shrinks from the instruction size
    to its floor until all steps fit one page; past the floor they are
    paged, whole steps to a page: a step is not split across pages
    (`todo_height` makes the panel tall enough for the tallest alone). The
    one exception is a step taller than the whole room the frame can give
    it (a long deal in French on 480x320, beside the question and the seats):
    rather than wait unseen, it runs on over pages, line by line, its
    first line with the bullet. Kept by the text cache: placing a frame's
    regions asks for the same layout several times.
    """
    key = ("todo-layout", p.metrics, p.cache.face, width, height, tuple(steps), _page_button_word(p))
    return p.cache.base.laid_out(key, lambda: _todo_layout(p, width, height, steps))


def _todo_layout(p: Painter, width: int, height: int,
                 steps: Sequence[str]) -> tuple[int, tuple[tuple[TodoLine, ...], ...]]:
    m = p.metrics
    text_width = width - _bullet_room(p)
    size = m.text_size
    while True:
        wrapped = [p.cache.wrap(step, size, text_width) or [""] for step in steps]
        needed = _steps_height(p, [len(lines) for lines in wrapped], size)
        if size <= m.instruction_min_size or (needed <= height and
                                              not any(_breaks_a_word(p, step, size, text_width) for step in steps)):
            break
        size -= 1
    if needed <= height:
        return size, (tuple((n, line, k == 0) for n, lines in enumerate(wrapped) for k, line in enumerate(lines)),)
    pages: list[list[int]] = [[]]
    for n in range(len(wrapped)):
        if pages[-1] and not _page_fits(p, [wrapped[i] for i in [*pages[-1], n]], size, text_width, height):
            pages.append([])
        pages[-1].append(n)
    laid: list[tuple[TodoLine, ...]] = []
    for page in pages:
        lines = wrapped[page[0]]
        if len(page) == 1 and not _page_fits(p, [lines], size, text_width, height):
            start = 0
            while start < len(lines):
                end = start + 1
                while end < len(lines) and _page_fits(p, [lines[start:end + 1]], size, text_width, height):
                    end += 1
                laid.append(tuple((page[0], line, start + k == 0) for k, line in enumerate(lines[start:end])))
                start = end
        else:
            laid.append(tuple((n, line, k == 0) for n in page for k, line in enumerate(wrapped[n])))
    return size, tuple(laid)


def _steps_height(p: Painter, line_counts: Sequence[int], size: int) -> int:
    """The height of steps of `line_counts` lines drawn one under another at `size`, gaps between them."""
    if not line_counts:
        return 0
    return sum(line_counts) * p.metrics.line_height(size) + (len(line_counts) - 1) * _step_gap(p)


def _page_fits(p: Painter, page: Sequence[Sequence[str]], size: int, text_width: int, height: int) -> bool:
    """Whether the wrapped steps of `page` and the "1/2" mark fit `height`: the mark in a free line at the
    foot, or beside the last line when that line leaves it room."""
    used = _steps_height(p, [len(lines) for lines in page], size)
    if used + page_mark_room(p) <= height:
        return True
    last = page[-1][-1]
    return used <= height and p.cache.measure(last, size)[0] + _page_mark_width(p) + p.metrics.pad <= text_width


def page_mark_room(p: Painter) -> int:
    """The height of the "1/2" mark of a paged panel (`_page_mark`)."""
    return p.metrics.line_height(p.metrics.small_size)


def _page_mark_width(p: Painter) -> int:
    """The widest "1/2" mark a panel draws (`_page_mark`), up to 99 pages, with the page button's chip."""
    m = p.metrics
    word = _page_button_word(p)
    button = p.cache.measure(word, m.small_size)[0] + 2 * m.pad + m.pad // 2 if word else 0
    return p.cache.measure("99/99", m.small_size)[0] + 2 * m.pad + button


def _bullet_room(p: Painter) -> int:
    return p.metrics.line_height(p.metrics.instruction_min_size) * 3 // 4


def _step_gap(p: Painter) -> int:
    return p.metrics.pad // 2 + 1


def todo_height(p: Painter, width: int, steps: Sequence[str], limit: int) -> int:
    """The height the to-do panel wants for `steps` inside `width`: no more than `limit` while the steps fit
    or page within it (and, paged, only what its tallest page needs), more when a step alone, at the floor
    size (and with the page mark when paged), needs more: a step is never split across pages. Kept by the
    text cache, like `todo_layout`."""
    key = ("todo-height", p.metrics, p.cache.face, width, limit, tuple(steps), _page_button_word(p))
    return p.cache.base.laid_out(key, lambda: _todo_height(p, width, steps, limit))


def _todo_height(p: Painter, width: int, steps: Sequence[str], limit: int) -> int:
    m = p.metrics
    inner = width - 2 * m.pad
    size, pages = todo_layout(p, inner, limit - m.pad, steps)
    if len(pages) > 1:
        text_width = inner - _bullet_room(p)
        alone = []
        for step in steps:
            wrapped = p.cache.wrap(step, size, text_width) or [""]
            tall = _steps_height(p, [len(wrapped)], size)
            beside = _page_fits(p, [wrapped], size, text_width, tall)
            alone.append(tall + (0 if beside else page_mark_room(p)))
        least = max(alone) + m.pad
        if least >= limit:
            return least
        # As tall as the tallest page needs, no more: the same pages in less height (packing a page is
        # greedy, so a height that keeps the page count keeps every page), the rest left to the board.
        count = len(pages)
        while least < limit:
            middle = (least + limit) // 2
            if len(todo_layout(p, inner, middle - m.pad, steps)[1]) == count:
                limit = middle
            else:
                least = middle + 1
        return limit
    lines = len(pages[0])
    firsts = sum(1 for _, _, first in pages[0] if first)
    return lines * m.line_height(size) + (firsts - 1) * _step_gap(p) + m.pad


def draw_todo(p: Painter, rect: pygame.Rect, steps: Sequence[str], page: int, news: int = 0) -> None:
    """The to-do panel: each step on its own bulleted line(s), in large type, never cut nor split.

    The first steps are what the table must do (a filled bullet); the last
    `news` only say what happened (a hollow bullet, quieter words), so the
    eye finds the work first. When the steps fill more than one page, `page`
    (counted on by the app, taken modulo the page count) picks the page and
    "1/2" says where the table is.
    """
    m = p.metrics
    p.box("todo:panel", rect, fill=palette.STEPS_PANEL, edge=palette.HIGHLIGHT, edge_width=2, radius=m.px(6))
    inner = rect.inflate(-2 * m.pad, -m.pad)
    size, pages = todo_layout(p, inner.width, inner.height, steps)
    shown = pages[page % len(pages)]
    step = m.line_height(size)
    bullet = _bullet_room(p)
    first_news = len(steps) - max(0, min(news, len(steps)))
    y = inner.top
    for n, (index, line, first) in enumerate(shown):
        if first and n:
            y += _step_gap(p)
        told = index >= first_news
        row = pygame.Rect(inner.left + bullet, y, inner.width - bullet, step)
        if first:
            dot = pygame.Rect(inner.left, y, bullet, step)
            p.icon("todo:bullet", _hollow_bullet if told else _bullet, dot, index, tags=["news" if told else "do"])
        tags = ["first-line" if first else "continued", "news" if told else "do"]
        p.text("todo", line, row, size, palette.TEXT_MUTED if told else palette.TEXT, palette.STEPS_PANEL,
               min_size=size, value=steps[index], tags=tags)
        y += step
    if len(pages) > 1:
        _page_mark(p, inner, page % len(pages), len(pages), "todo:page", palette.STEPS_PANEL)


def _bullet_box(rect: pygame.Rect) -> pygame.Rect:
    side = max(6, rect.height // 3)
    box = pygame.Rect(0, 0, side, side)
    box.center = (rect.left + side, rect.centery)
    return box


def _bullet(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    pygame.draw.rect(surface, palette.HIGHLIGHT, _bullet_box(rect))


def _hollow_bullet(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """What happened, not a step to do: the bullet's outline only."""
    pygame.draw.rect(surface, palette.HIGHLIGHT, _bullet_box(rect), width=max(1, rect.height // 14))


def _option_label_width(p: Painter, width: int) -> int:
    """The room for an option's words in a row of the option list `width` wide (`draw_option_list`)."""
    m = p.metrics
    marker = m.line_height(m.small_size) + m.pad - m.pad // 2
    return width - m.pad // 2 - marker - m.pad


def options_fit(p: Painter, width: int, options: Sequence[str]) -> bool:
    """Whether every option of the list fits its row whole, at the smallest readable type, in `width`."""
    room = _option_label_width(p, width)
    return all(p.cache.measure(option, p.metrics.min_size)[0] <= room for option in options)


def draw_option_list(p: Painter, rect: pygame.Rect, options: Sequence[str], selected: int) -> int:
    """Options one under another, the selected one filled and pointed at; returns the height used. An option
    too long for its row even at the smallest readable type takes two lines rather than being cut; where not
    all fit, the ones around the selected one show, with arrows where more lie."""
    m = p.metrics
    size = m.small_size
    row = m.line_height(size) + m.pad
    step = m.line_height(m.min_size)
    room = _option_label_width(p, rect.width)
    words = [[option] if p.cache.measure(option, m.min_size)[0] <= room else p.cache.wrap(option, m.min_size, room)
             for option in options]
    heights = [row if len(lines) == 1 else len(lines) * step + m.pad for lines in words]
    start, end = _window_of_heights(heights, selected, rect.height, row)
    y = rect.top
    if start > 0:
        p.icon("option:more-above", glyphs.more_arrow(True), pygame.Rect(rect.centerx - row // 2, y, row, row), start)
        y += row
    for index in range(start, end):
        chosen = index == selected
        line = pygame.Rect(rect.left, y, rect.width, heights[index] - m.pad // 2)
        fill = palette.HIGHLIGHT if chosen else palette.BACKGROUND
        ink = palette.HIGHLIGHT_TEXT if chosen else palette.TEXT
        tags = ["selected"] if chosen else []
        p.box("option:row", line, fill=fill, edge=palette.HIGHLIGHT if chosen else palette.PANEL_EDGE,
              radius=m.px(6), value=index, tags=tags)
        marker = pygame.Rect(line.left + m.pad // 2, line.top, row - m.pad // 2, row - m.pad // 2)
        if chosen:
            p.icon("option:pointer", glyphs.pointer(palette.BLACK), marker, index, tags=tags)
        label = pygame.Rect(marker.right + m.pad // 2, line.top, line.right - marker.right - m.pad, line.height)
        if len(words[index]) == 1:
            p.text("option", options[index], label, size, ink, fill, value=options[index], tags=[*tags, "first-line"])
        for n, text in enumerate(words[index] if len(words[index]) > 1 else ()):
            p.text("option", text, pygame.Rect(label.left, label.top + m.pad // 4 + n * step, label.width, step),
                   m.min_size, ink, fill, value=options[index], min_size=m.min_size,
                   tags=[*tags, "first-line" if n == 0 else "continued"])
        y += heights[index]
    if end < len(options):
        p.icon("option:more-below", glyphs.more_arrow(False), pygame.Rect(rect.centerx - row // 2, y, row, row),
               len(options) - end)
        y += row
    return y - rect.top


def _window_of_heights(heights: Sequence[int], selected: int, room: int, arrow: int) -> tuple[int, int]:
    """The slice [start, end) of rows of `heights` that fits `room` around `selected`: all when they fit, else
    as many on either side of it as fit with an arrow row above and below (at least the selected one)."""
    if sum(heights) <= room:
        return 0, len(heights)
    room -= 2 * arrow
    start, end = selected, selected + 1
    used = heights[selected]
    while True:
        grown = False
        if end < len(heights) and used + heights[end] <= room:
            used += heights[end]
            end += 1
            grown = True
        if start > 0 and used + heights[start - 1] <= room:
            start -= 1
            used += heights[start]
            grown = True
        if not grown:
            return start, end


def _chip_row(p: Painter) -> int:
    """One line of option chips: the small type and some air."""
    return p.metrics.line_height(p.metrics.small_size) + p.metrics.pad


def _chip_words_room(p: Painter, chip_width: int) -> int:
    """The room for an option's words in the highlighted chip `chip_width` wide (its pointer beside them)."""
    return chip_width - p.metrics.pad - _chip_row(p) // 2 - 1


def option_chips_height(p: Painter, width: int, options: Sequence[str], selected: int | None = None) -> int:
    """The height of the row of option chips across `width`: one line, or two while the highlighted option
    (any, without `selected`) is too long for a chip of the whole row ("D: een willekeurige Samurai raakt
    gewond"), so that it is never cut. Such an option is shown alone, so only the highlighted one counts."""
    room = _chip_words_room(p, width - 2 * _chip_row(p))
    shown = options if selected is None else options[selected % len(options):][:1]
    long = any(p.cache.measure(option, p.metrics.small_size)[0] > room for option in shown)
    return _chip_row(p) + (p.metrics.line_height(p.metrics.small_size) if long else 0)


def option_chips_width(p: Painter, options: Sequence[str]) -> int:
    """The width of every option's chip side by side, with no arrows: all of them shown."""
    gap = p.metrics.pad
    return sum(p.cache.measure(o, p.metrics.small_size)[0] + 3 * gap + _chip_row(p) // 2 for o in options) + \
        gap * (len(options) - 1)


def chips_beside_prompt(p: Painter, width: int, prompt: str, height: int, options: Sequence[str]) -> int | None:
    """Where the option chips start on the prompt's last line when they all fit after its words (the prompt
    drawn by `draw_prompt` across `width` in `height`), from the left of `width`; None when they do not: the
    small panel then gives them a row of their own."""
    if not options or option_chips_height(p, width, options) > _chip_row(p):
        return None
    size, lines = prompt_size(p, width, prompt, height)
    last = p.cache.wrap(prompt, size, width - _prompt_bar(p) - p.metrics.pad)[-1:] or [""]
    start = _prompt_bar(p) + p.metrics.pad + p.cache.measure(last[0], size)[0] + 2 * p.metrics.pad
    return start if start + option_chips_width(p, options) <= width else None


def draw_option_chips(p: Painter, rect: pygame.Rect, options: Sequence[str], selected: int,
                      arrows: bool = True) -> None:
    """Options side by side in one row, as many as fit around the selected one, arrows on the sides where
    more lie (Next walks to them); an option too long for a chip of the whole row takes two lines."""
    m = p.metrics
    size = m.small_size
    gap = m.pad
    arrow = _chip_row(p) if arrows else 0
    widest = rect.width - 2 * arrow
    widths = [min(widest, p.cache.measure(o, size)[0] + 3 * gap + _chip_row(p) // 2) for o in options]
    start = end = selected
    used = widths[selected]
    while True:
        grown = False
        if end + 1 < len(options) and used + gap + widths[end + 1] <= widest:
            end += 1
            used += gap + widths[end]
            grown = True
        if start > 0 and used + gap + widths[start - 1] <= widest:
            start -= 1
            used += gap + widths[start]
            grown = True
        if not grown:
            break
    x = rect.left
    if start > 0:
        p.icon("option:more-before", _left_arrow, pygame.Rect(x, rect.top, arrow, rect.height), start)
    x += arrow
    for index in range(start, end + 1):
        chosen = index == selected
        chip = pygame.Rect(x, rect.top, widths[index], rect.height)
        fill = palette.HIGHLIGHT if chosen else palette.BACKGROUND
        ink = palette.HIGHLIGHT_TEXT if chosen else palette.TEXT
        tags = ["selected"] if chosen else []
        p.box("option:row", chip, fill=fill, edge=palette.HIGHLIGHT if chosen else palette.PANEL_EDGE,
              radius=_chip_row(p) // 3, value=index, tags=tags)
        label = chip.inflate(-gap, 0)
        if chosen:
            marker = pygame.Rect(chip.left + gap // 2, chip.top, _chip_row(p) // 2, chip.height)
            p.icon("option:pointer", glyphs.pointer(palette.BLACK), marker, index, tags=tags)
            label = pygame.Rect(marker.right + 1, chip.top, chip.right - marker.right - gap // 2, chip.height)
        lines = [options[index]]
        if p.cache.measure(options[index], size)[0] > label.width:
            lines = p.cache.wrap(options[index], size, label.width)
        step = m.line_height(size)
        top = label.centery - step * len(lines) // 2
        for n, line in enumerate(lines):
            p.text("option", line, pygame.Rect(label.left, top + n * step, label.width, step), size, ink, fill,
                   align="center", value=options[index], min_size=size,
                   tags=[*tags, "first-line" if n == 0 else "continued"])
        x += widths[index] + gap
    if end + 1 < len(options):
        p.icon("option:more-after", _right_arrow, pygame.Rect(rect.right - arrow, rect.top, arrow, rect.height),
               len(options) - end - 1)


def _left_arrow(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    box = rect.inflate(-rect.width // 3, -rect.height // 3)
    pygame.draw.polygon(surface, palette.TEXT_MUTED, [box.midleft, box.topright, box.bottomright])


def _right_arrow(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    box = rect.inflate(-rect.width // 3, -rect.height // 3)
    pygame.draw.polygon(surface, palette.TEXT_MUTED, [box.topleft, box.midright, box.bottomleft])


def draw_lines(p: Painter, rect: pygame.Rect, lines: Sequence[str]) -> None:
    """Narration, newest first and brightest, each wrapped whole; older lines fade, and drop off the bottom
    whole: a line that does not fit whole is left out rather than cut."""
    m = p.metrics
    size = m.min_size
    step = m.line_height(size)
    y = rect.top
    for n, line in enumerate(lines):
        wrapped = p.cache.wrap(line, size, rect.width)
        if y + len(wrapped) * step > rect.bottom:
            break
        colour = palette.TEXT if n == 0 else palette.TEXT_MUTED
        tags = ["newest"] if n == 0 else []
        for k, text in enumerate(wrapped):
            p.text("line", text, pygame.Rect(rect.left, y, rect.width, step), size, colour, palette.PANEL,
                   min_size=size, value=line, tags=[*tags, "first-line" if k == 0 else "continued"])
            y += step
        y += m.pad // 2


def lines_height(p: Painter, width: int, line: str) -> int:
    """The height of one narration line drawn whole, wrapped across `width` (`draw_lines`)."""
    return len(p.cache.wrap(line, p.metrics.min_size, width)) * p.metrics.line_height(p.metrics.min_size)
