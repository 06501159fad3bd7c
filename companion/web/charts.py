"""Bar charts as HTML with a small inline SVG bar: no script, no font download, nothing fetched (the Pi may be
offline).

Each row is a label, a bar and the count in words. The label and the words
are HTML text, so they wrap on a narrow phone instead of being cut (text
inside an SVG never wraps, and shrinks with the drawing); the SVG draws
only the bar: the share won, and a thin line over the 95% interval where
the count is small, so "1 of 1" does not look like a sure thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from companion.history.stats import SMALL, wilson


@dataclass(frozen=True)
class Bar:
    """One row of a chart: what it counts, `won` of `of`, and the count in words."""

    label: str
    won: int
    of: int
    words: str


def _bar_svg(won: int, of: int) -> str:
    share = won / of if of else 0.0
    parts = ['<svg class="bar" viewBox="0 0 100 12" preserveAspectRatio="none" aria-hidden="true" '
             'focusable="false" xmlns="http://www.w3.org/2000/svg">',
             '<rect x="0" y="1" width="100" height="10" fill="#e4e4e4"/>',
             f'<rect x="0" y="1" width="{100 * share:.1f}" height="10" fill="#2e7d32"/>']
    if 0 < of < SMALL:
        low, high = wilson(won, of)
        parts.append(f'<rect x="{100 * low:.1f}" y="5.25" width="{max(100 * (high - low), 0.5):.1f}" height="1.5" '
                     f'fill="#123"/>')
    parts.append("</svg>")
    return "".join(parts)


RANGE = re.compile(r"(\d)-(\d)")


def unbroken_ranges(words: str) -> str:
    """A range ("9-91%") with a non-breaking hyphen: a browser may break a line after a hyphen, leaving "9-"
    alone at the end of it."""
    return RANGE.sub("\\1\u2011\\2", words)


def rate_bars(rows: list[Bar], title: str) -> str:
    """A chart of win rates: one labelled bar a row, the words keeping the count (HTML, escaped)."""
    out = [f'<div class="chart" role="group" aria-label="{escape(title)}">']
    for row in rows:
        out.append(f'<div class="chart-row"><span class="chart-label">{escape(row.label)}</span>'
                   f'{_bar_svg(row.won, row.of)}<span class="chart-words">{escape(unbroken_ranges(row.words))}</span></div>')
    out.append("</div>")
    return "".join(out)
