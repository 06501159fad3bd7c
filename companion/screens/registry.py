"""Which game draws which screens.

A game's screens live in a package under `companion.screens` exposing
`SCREENS`, a `GameScreens`; the game's one registration
(games/<package>/registration.py, `screens=`) names it. The generic
renderer imports it on first use, so adding a game is its registration plus
its package; the frame around the board stays as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pygame

from companion.i18n import Namer
from companion.screen_model import Screen
from companion.screens import seat_band
from companion.screens.painter import Painter
from companion.screens.seat_band import Chip

BoardDrawer = Callable[[Screen, Painter, pygame.Rect], None]
"""Draws one kind of screen's game-specific content inside the given rect."""

PanelDrawer = Callable[[Screen, Painter, pygame.Rect], int]
"""Draws game content at the top of the side panel; returns the height it used (0 for none)."""


def _no_prompt(screen: Screen) -> str | None:
    return None


def _no_panel_top(screen: Screen, painter: Painter, rect: pygame.Rect) -> int:
    return 0


def _no_board(screen: Screen, painter: Painter) -> int:
    return 0


def pending_prompt_on(*kinds: str) -> Callable[[Screen], str | None]:
    """`GameScreens.prompt` as every game says it: on screens of these kinds, the text of the view's `pending`
    (engine.core.flow.pending_view, put in words by the app); on others, and once nothing is pending, none."""

    def pending_prompt(screen: Screen) -> str | None:
        if screen.kind not in kinds or not screen.view:
            return None
        pending = screen.view.get("pending") or {}
        text = pending.get("text")
        return str(text) if text else None

    return pending_prompt


@dataclass(frozen=True)
class GameScreens:
    """What a game contributes to the frame.

    drawers  screen kind -> drawer of the game's own content for that kind;
             kinds without one (enroll, resume, message) get the generic
             title, detail and options only
    prompt   the decision the game waits for, in words, shown above the
             options (None when nothing is pending)
    panel_top  draws what the decision is about (the card being faced)
             above the prompt in the side panel of wide surfaces
    board_min_height  the least height the game's drawing of this screen
             needs to stay readable: the to-do panel leaves it that much
    seats_min  the least height in which the drawing still shows
             every seat (compact if it must be), what else it shows giving
             way: what 480x320 leaves it when the question and a long step
             need the rest; None: the same as `board_min_height`
    seat_chips  every seat as a chip of the compact band (companion.screens.
             seat_band), from the painter and the view: on 480x320 the
             layout's last resort before a step waits is the band with the
             seats' names only
    names_min  the least height of that last resort where the drawing keeps
             more than the band (Trick Raiders' trump line); None: the band
    """

    drawers: Mapping[str, BoardDrawer] = field(default_factory=dict)
    prompt: Callable[[Screen], str | None] = _no_prompt
    panel_top: PanelDrawer = _no_panel_top
    board_min_height: Callable[[Screen, Painter], int] = _no_board
    seats_min: Callable[[Screen, Painter], int] | None = None
    seat_chips: Callable[[Painter, dict[str, Any]], Sequence[Chip]] | None = None
    names_min: Callable[[Screen, Painter], int] | None = None

    def seats_min_height(self, screen: Screen, painter: Painter) -> int:
        """The least height that keeps every seat of `screen` on it (see `seats_min`)."""
        least = self.seats_min or self.board_min_height
        return least(screen, painter)

    def band_min_height(self, screen: Screen, painter: Painter) -> int:
        """The least height that keeps every seat with its facts on a play screen: the rows, or the compact band
        where that is less (the band is every game's way to keep the seats when the rows do not fit)."""
        least = self.seats_min_height(screen, painter)
        if self.seat_chips is None or not screen.view or screen.kind not in ("board", "round-end"):
            return least
        return min(least, seat_band.height(painter, narrowest_board(painter), self.seat_chips(painter, screen.view)))

    def names_min_height(self, screen: Screen, painter: Painter) -> int:
        """The least height that keeps every seat's name on a play screen: the band of names only (see
        `seat_chips`); the same as `seats_min_height` for a game without chips or a screen without seats."""
        least = self.seats_min_height(screen, painter)
        if self.seat_chips is None or not screen.view or screen.kind not in ("board", "round-end"):
            return least
        if self.names_min is not None:
            return min(least, self.names_min(screen, painter))
        return min(least, band_of_names(painter, self.seat_chips(painter, screen.view)))


def band_of_names(painter: Painter, chips: Sequence[Chip]) -> int:
    """The height of the band of `chips` with their names only, across the narrowest board."""
    return seat_band.height(painter, narrowest_board(painter), seat_band.named(chips))


def narrowest_board(painter: Painter) -> int:
    """The narrowest a game's drawing gets: the frame's width less its margins on 480x320, beside the widest
    side panel on 800x480 (companion.screens.render widens it to 0.48 of the frame for a long prompt)."""
    width = painter.surface.get_width()
    pad = painter.metrics.pad
    return width - 2 * pad if painter.metrics.compact else width - round(width * 0.48) - 2 * pad


NO_GAME = GameScreens()


def screens_for(game: str) -> GameScreens:
    """The screens of `game`, or the generic-only set for a game without any."""
    from companion.games.registry import registered_games, registration, resolve
    from engine.core.registry import RegistrationError

    if game not in registered_games():
        return NO_GAME
    named = registration(game).screens
    screens = resolve(named)
    if not isinstance(screens, GameScreens):
        raise RegistrationError(f"game {game!r}: screens ({named}) is a {type(screens).__name__}, not a "
                                "companion.screens.registry.GameScreens")
    return screens


@cache
def namers_for(game: str) -> Mapping[str, Namer]:
    """The namers of `game`'s UI (how its sentences name a player, a card, a suit), made once per game: the
    screens name things the way the narration does (Painter.name). None for a game not registered."""
    from companion.games.registry import registered_games, registration

    if game not in registered_games():
        return {}
    return registration(game).ui().namers()
