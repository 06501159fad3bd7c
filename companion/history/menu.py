"""The statistics screen on the device: the last game night, every person's and every game's statistics.

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
from companion.history.naming import Naming, Resolver
from companion.history.nights import last_night, night_lines
from companion.history.person_stats import ordered, people_stats, person_lines
from companion.history.stats import compute, stat_lines
from companion.i18n import LANGUAGES, Translator
from companion.players.book import book_resolver
from companion.runtime.addresses import device_urls
from companion.runtime.web_pin import device_pin
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


def device_lines(lines: list[tuple[int, Message]], naming: Naming, who: str | None = None) -> list[Text]:
    """Indented sentences as the device's lines, which cannot indent (the text is wrapped word by word): a
    sub-line starts with a dash, and a person's line for one game starts with their name, so a line read on
    its own at the top of a page still says whose it is."""
    out: list[Text] = []
    for level, line in lines:
        text = naming.tr(line)
        if level >= 2 or (level == 1 and who is None):
            text = f"– {text}"
        elif level == 1 and who is not None:
            text = f"{who} · {text}"
        out.append(text)
    return out


def statistics_menu(state_dir: Path, lang: str = "en", resolve: Resolver | None = None) -> Menu:
    """The statistics screen: the last night, each person, each game as the detail text, and Back.

    Names (seats in the game's words, people, variants) are made in `lang`,
    the language the screen is shown in: the screen's translator only knows
    the namers of the game chosen, and the statistics name every game's seats.
    """
    detail: list[Text] = []
    try:
        with open_history(state_dir) as history:
            rows = history.games()
    except (OSError, sqlite3.Error) as exc:
        print(f"history: the statistics cannot be read ({exc})", file=sys.stderr)
        detail.append(msg("The statistics cannot be read now ({reason}).", reason=str(exc)))
        rows = []
    naming = Naming(Translator(lang if lang in LANGUAGES else "en"),
                    resolve if resolve is not None else book_resolver(state_dir))
    night = last_night(rows)
    if night is not None:
        detail.extend(device_lines(night_lines(night, naming), naming))
    people = people_stats(rows, naming)
    for person in ordered(people):
        detail.extend(device_lines(person_lines(person, naming, people), naming, person.person.name))
    for name, game in sorted(compute(rows).items()):
        detail.extend(device_lines(stat_lines(game, naming.game(name), naming), naming))
    if not rows and not detail:
        detail.append(msg("No games recorded yet."))
    return Menu(msg("Statistics"), ("back",), (msg("Back"),), tuple(detail))
