"""Bar charts as inline SVG: no script, no font download, nothing fetched (the Pi may be offline)."""

from __future__ import annotations

from html import escape

ROW = 34
LABEL_W = 170
BAR_W = 200
WIDTH = LABEL_W + BAR_W + 110


def rate_bars(rows: list[tuple[str, int, int, str]], title: str) -> str:
    """One bar a row: (label, won, of, count words); the bar is the share won, the words keep the count."""
    height = ROW * len(rows) + 8
    parts = [f'<svg class="chart" role="img" aria-label="{escape(title)}" viewBox="0 0 {WIDTH} {height}" '
             f'width="100%" preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg">']
    for n, (label, won, of, words) in enumerate(rows):
        y = 4 + n * ROW
        share = won / of if of else 0.0
        parts.append(f'<text x="0" y="{y + 21}" font-size="16">{escape(label)}</text>')
        parts.append(f'<rect x="{LABEL_W}" y="{y + 5}" width="{BAR_W}" height="22" fill="#e4e4e4"/>')
        parts.append(f'<rect x="{LABEL_W}" y="{y + 5}" width="{round(BAR_W * share)}" height="22" fill="#2e7d32"/>')
        parts.append(f'<text x="{LABEL_W + BAR_W + 8}" y="{y + 21}" font-size="15">{escape(words)}</text>')
    parts.append("</svg>")
    return "".join(parts)
