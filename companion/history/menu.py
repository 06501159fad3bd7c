"""The statistics screen on the device: every game's win rates, streaks and best scores.

It is a generic screen (the frame's title, detail text and one Back
option), reached from the first menu once a game has been recorded (the first
menu also shows the web page's PIN and addresses, and offers a new PIN), so it
works for every game and pages by itself when the text is longer than the
panel, at 800x480 and 480x320 alike.
"""

from __future__ import annotations

import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

from companion.games.base import Menu, Text
from companion.history.db import archived_journals, open_history
from companion.history.stats import compute, stat_lines
from companion.web.hosts import device_urls
from companion.web.pin import device_pin
from engine.core.messages import Message, msg

STATISTICS = "statistics"
"""The first menu's option that opens this screen (no game is called that)."""
NEW_PIN = "new-web-pin"
"""The first menu's option that replaces the web page's PIN (no game is called that)."""


def has_statistics(state_dir: Path) -> bool:
    """True once a game was archived: the first menu then offers the statistics."""
    return next(archived_journals(state_dir), None) is not None


@dataclass(frozen=True)
class FirstMenuExtras:
    """What the first menu adds to its games: the web page's PIN and addresses, a new PIN, and Statistics once a
    game was recorded.

    Read from the disk once per visit of the menu (the app keeps it), not at
    every frame: the loop asks for the screen many times a second.
    """

    pin: str | None
    statistics: bool
    urls: tuple[str, ...] = ()
    """Where phones open the web page (empty when it is not running)."""


def first_menu_extras(state_dir: Path) -> FirstMenuExtras:
    pin = device_pin(state_dir) if state_dir.is_dir() else None
    return FirstMenuExtras(pin, has_statistics(state_dir), tuple(device_urls(state_dir)))


def web_lines(extras: FirstMenuExtras) -> tuple[Message, ...]:
    """The web page's PIN and addresses as lines of a screen's detail (none without a PIN)."""
    if extras.pin is None:
        return ()
    lines = [msg("Web page PIN: {pin}", pin=extras.pin)]
    if extras.urls:
        lines.append(msg("Web page: {url}", url=" ".join(extras.urls[:2])))
    return tuple(lines)


def decorate(menu: Menu, extras: FirstMenuExtras) -> Menu:
    """`menu` with Statistics (when there is anything to show) and New web page PIN after its options, and the PIN
    and the page's addresses in its detail."""
    options, labels = list(menu.options), list(menu.labels)
    if extras.statistics:
        options.append(STATISTICS)
        labels.append(msg("Statistics"))
    if extras.pin is not None:
        options.append(NEW_PIN)
        labels.append(msg("New web page PIN"))
    return Menu(menu.title, tuple(options), tuple(labels), (*menu.detail, *web_lines(extras)), menu.selected)


def with_statistics(menu: Menu, state_dir: Path) -> Menu:
    """The first menu with Statistics after the games (when there is anything to show) and the web page's PIN."""
    return decorate(menu, first_menu_extras(state_dir))


def _title(name: str) -> Text:
    from companion.games.registry import game_title, registered_games

    return game_title(name) if name in registered_games() else name


def statistics_menu(state_dir: Path) -> Menu:
    """The statistics screen: every game's sentences as the detail text, and Back."""
    detail: list[Text] = []
    try:
        with open_history(state_dir) as history:
            stats = compute(history.games())
    except (OSError, sqlite3.Error) as exc:
        print(f"history: the statistics cannot be read ({exc})", file=sys.stderr)
        detail.append(msg("The statistics cannot be read now ({reason}).", reason=str(exc)))
        stats = {}
    for name, game in sorted(stats.items()):
        detail.extend(line for _, line in stat_lines(game, _title(name)))
    if not stats and not detail:
        detail.append(msg("No games recorded yet."))
    return Menu(msg("Statistics"), ("back",), (msg("Back"),), tuple(detail))
