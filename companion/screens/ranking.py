"""The game-over screen of a game that ranks its players: who won, then every player's place and score.

Each ranking game drew the same screen: the winners in large type (the
people seated there named with them), then one line per player, best
first, ties sharing a place; on one line each at the largest size that
fits, else wrapped, else in two columns at the smallest readable size
(seven players on 480x320), every line whole. What is the game's own is
the words: the headline (`headline`, from the winners' labels) and a
player's line (`line`, from the place, the seat's label and the seat id,
reading the view's outcome for the score and its detail).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.screens import palette
from companion.screens.layout import share
from companion.screens.painter import Painter
from companion.screens.registry import narrowest_board
from engine.core.messages import Message

Headline = Callable[[list[str]], Message]
"""The winners' line from their labels: "Winner: Red", "Shared win: Red, Blue"."""
Line = Callable[[int, str, str], Message]
"""A player's line from their place, their seat's label and their seat id: "1. Red: 12 points"."""


def entries(p: Painter, view: dict[str, Any], line: Line) -> list[tuple[int, str, str]]:
    """Each player's place, seat id and line in words, best first (the view's outcome ranking)."""
    outcome = view.get("outcome") or {}
    out = []
    for place, group in enumerate(outcome.get("ranking") or [], start=1):
        for name in group:
            who = p.seat_label(name, p.name("player", str(name)))
            out.append((place, str(name), p.tr(line(place, who, str(name)))))
    return out


def draw_ranking(p: Painter, rect: pygame.Rect, view: dict[str, Any], role: str, headline: Headline,
                 line: Line) -> None:
    """The winners in large type, then the ranking (see the module's note); texts' roles start with `role`."""
    m = p.metrics
    said = p.said_with_people(view.get("winners", []), lambda names: p.tr(headline(names)), rect.width, m.min_size,
                              bold=True)
    big = m.line_height(m.large_size)
    p.text(f"{role}:winners", said, pygame.Rect(rect.left, rect.top, rect.width, big), m.large_size,
           palette.HIGHLIGHT, bold=True, min_size=m.min_size)
    below = pygame.Rect(rect.left, rect.top + big + m.pad, rect.width, rect.bottom - rect.top - big - m.pad)
    ranked = entries(p, view, line)
    size, count, wrapped = layout(p, below.width, below.height, ranked)
    step = m.line_height(size)
    width = share(below.width, [1.0] * count, 2 * m.pad)[0]
    per_column = -(-len(ranked) // count)
    y = below.top
    for k, ((place, name, _), lines) in enumerate(zip(ranked, wrapped, strict=True)):
        column, row = divmod(k, per_column)
        if row == 0:
            y = below.top
        x = below.left + column * (width + 2 * m.pad)
        for n, text in enumerate(lines):
            p.text(f"{role}:{name}", text, pygame.Rect(x, y + n * step, width, step), size,
                   palette.GOOD if place == 1 else palette.TEXT, value=place, min_size=size,
                   tags=["first-line" if n == 0 else "continued"])
        y += len(lines) * step + m.pad // 2


def layout(p: Painter, width: int, height: int, ranked: list[tuple[int, str, str]]) -> tuple[int, int, list[list[str]]]:
    """The type size, the number of columns and each entry's lines: one column, each entry on one line, at
    the largest size that fits `height`; else one column with long entries wrapped; else two columns at the
    smallest readable size, each entry whole in its column."""
    m = p.metrics
    sizes = range(m.text_size, m.min_size - 1, -1)
    tries = [(1, size, False) for size in sizes] + [(1, size, True) for size in sizes] + [(2, m.min_size, True)]
    wrapped: list[list[str]] = []
    for count, size, wrap in tries:
        column = share(width, [1.0] * count, 2 * m.pad)[0]
        wrapped = [p.cache.wrap(words, size, column) or [words] for _, _, words in ranked]
        if not wrap and any(len(lines) > 1 for lines in wrapped):
            continue
        per_column = -(-len(ranked) // count)
        tallest = max((_column_height(p, wrapped[k:k + per_column], size)
                       for k in range(0, len(wrapped), per_column)), default=0)
        if tallest <= height:
            return size, count, wrapped
    return m.min_size, 2, wrapped


def least_height(p: Painter, view: dict[str, Any], line: Line) -> int:
    """The height of the whole screen at its tightest: the headline, then two columns across the narrowest board
    at the smallest readable type (the to-do panel under it leaves that much)."""
    m = p.metrics
    ranked = entries(p, view, line)
    column = share(narrowest_board(p), [1.0, 1.0], 2 * m.pad)[0]
    wrapped = [p.cache.wrap(words, m.min_size, column) or [words] for _, _, words in ranked]
    per_column = -(-len(ranked) // 2)
    ranking = max((_column_height(p, wrapped[k:k + per_column], m.min_size)
                   for k in range(0, len(wrapped), per_column)), default=0)
    return m.line_height(m.large_size) + m.pad + ranking


def _column_height(p: Painter, wrapped: list[list[str]], size: int) -> int:
    return sum(len(lines) for lines in wrapped) * p.metrics.line_height(size) + max(0, len(wrapped) - 1) * (
        p.metrics.pad // 2)
