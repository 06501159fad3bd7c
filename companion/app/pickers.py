"""Lists that interrupt the game for a moment: enrolling an unknown tag, the laptop's virtual deck.

The laptop window's other needs live here too (companion.app.laptop_window): Esc asks before it
quits, and a click on a list's entry moves the highlight there (the window then presses OK).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.app.base import engine_words
from companion.app.census_walk import NEW_TAG
from companion.app.table import Table
from companion.games.base import Menu, Text
from companion.runtime.tagmap import save_tagmap
from engine import RuleError
from engine.core.messages import msg

if TYPE_CHECKING:
    from companion.app.census_steps import CensusSteps
    from companion.app.check_steps import CheckSteps
    from companion.app.seat_steps import SeatSteps

QUIT_ASK = msg("Press Esc again to quit the companion.")
"""What the first Esc says in the laptop window; a second Esc while it shows quits."""


@dataclass
class VirtualDeck:
    """The laptop's virtual deck while it is open: everything the moment lets the table tap, what has been
    typed to narrow it, and the list shown (the app's picker while the deck is open)."""

    targets: tuple[str, ...]
    labels: tuple[Text, ...]
    typed: str = ""
    menu: Menu | None = None


def folded(text: str) -> str:
    """`text` for matching what is typed: no case, no accents ("Défendre" is found by "defe")."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


class Pickers:
    """Enroll an unknown tag on the spot, or tap from the virtual deck.

    `tap` is the tap of a tag (companion.app.router's `card`): a tag just enrolled, or the card picked from
    the virtual deck, is tapped as if on the reader."""

    def __init__(self, table: Table, seats: SeatSteps, check: CheckSteps, census: CensusSteps,
                 tap: Callable[[str], None]) -> None:
        self.table = table
        self.seats = seats
        self.check = check
        self.census = census
        self.tap = tap

    def open_enroll_picker(self, uid: str) -> None:
        """Bind an unknown tag now: to a card the prompt could take, else to anything not yet tagged.

        For a tap prompt, cards without a tag come first; cards that have one
        follow, so a replacement sticker can take over a lost tag's card.
        """
        table = self.table
        if self.seats.personal_picker(uid):
            return
        table.unknown_uid = None
        prompt = table.match.play.prompt if table.match and table.mode == "play" else None
        if prompt is not None and prompt.tap is not None and table.match is not None:
            possible = [f"card:{c}" for c in table.match.play.possible_taps()]
            targets = sorted(possible, key=lambda t: table.tags.uid_for(t) is not None)
        else:
            targets = [t for t in table.ui.tag_targets() if table.tags.uid_for(t) is None]
        if not targets:
            table.say(msg("Tag {uid} is not in the tag map and every card and board already has a tag. "
                          "Run `companion enroll --start CARD` to move a card to a new tag.", uid=uid), error=True)
            return
        labels: tuple[Text, ...] = tuple(table.ui.describe_target(t) for t in targets)
        table.notice = None

        def bind(target: str) -> None:
            try:
                table.tags.bind(uid, target)
            except RuleError as exc:
                table.say(engine_words(exc), error=True)
                return
            if table.save_tags:
                save_tagmap(table.state_dir, table.tags)
            table.close_picker(msg("Tag {uid} is now {name}.", uid=uid, name=table.ui.describe_target(target)))
            self.tap(uid)

        table.open_picker(Menu(msg("Enroll tag {uid}: which card is it?", uid=uid), tuple(targets), labels,
                               (msg("Next walks the list, OK binds the tag, Undo closes."),)), bind)

    def open_virtual_deck(self) -> None:
        """Laptop mode: pick a tag to 'tap' from a list; the game says which the moment asks for.

        Typing narrows the list to the names holding what was typed (`narrow_deck`), Backspace widens it
        again (`widen_deck`): a card among fifty is a few letters and OK, not forty presses of Next. During
        the census it lists every tagged component, and a tag nobody has enrolled yet.
        """
        table = self.table
        if self.census.walk is not None and not table.saving.blocked():
            targets = [*table.ui.tag_targets(), NEW_TAG]
            labels: tuple[Text, ...] = (*(table.ui.describe_target(t) for t in targets[:-1]),
                                        msg("A new tag (not enrolled)"))
            table.deck = VirtualDeck(tuple(targets), labels)
            self._show_deck(table.deck)
            table.picker_action = self.census.deck_tap
            return
        if table.saving.blocked():
            table.saving.refuse()
            return
        if self.check.check is not None and not self.check.check.on_reader:
            table.say(msg("Cards come after the buttons: press the one asked for, or hold any button to skip it."),
                      error=True)
            return
        if self.check.check is not None:
            targets = table.ui.tag_targets()  # the check's reader step takes any card
        else:
            targets = table.ui.virtual_targets(table.match if table.mode == "play" else None, table.mode == "setup")
        labels = tuple(table.ui.describe_target(t) for t in targets)
        table.deck = VirtualDeck(tuple(targets), labels)
        self._show_deck(table.deck)

        def tap(target: str) -> None:
            uid = table.tags.uid_for(target)
            table.close_picker(None)
            if uid is None:
                table.say(msg("{name} has no tag in the map: enroll it (companion enroll), then tap it again.",
                              name=table.ui.describe_target(target)), error=True)
                return
            self.tap(uid)

        table.picker_action = tap

    def deck_open(self) -> bool:
        """Whether the list on screen is the virtual deck (typed letters then narrow it)."""
        table = self.table
        return table.deck is not None and table.picker is not None and table.picker is table.deck.menu

    def narrow_deck(self, text: str) -> None:
        """Keep only the names holding what was typed so far and `text`; a letter that would leave none is
        refused and the list stays."""
        table = self.table
        deck = table.deck
        if deck is None or not self.deck_open():
            return
        typed = deck.typed + text
        if not self._deck_matches(deck, typed):
            table.say(msg("Nothing in the list has \"{typed}\" in its name.", typed=typed), error=True)
            return
        deck.typed = typed
        self._show_deck(deck)

    def widen_deck(self) -> bool:
        """Take the last typed letter back; False when nothing is typed (Backspace then acts as Undo)."""
        deck = self.table.deck
        if deck is None or not self.deck_open() or not deck.typed:
            return False
        deck.typed = deck.typed[:-1]
        self._show_deck(deck)
        return True

    def close_virtual_deck(self) -> None:
        if self.deck_open():
            self.table.close_picker(msg("Closed."))

    def escape(self) -> bool:
        """Esc in the laptop window (the virtual deck closed): True to stop now, when Esc comes again while
        the question it asked still shows; else the question ("Press Esc again to quit"), for a few seconds."""
        table = self.table
        notice = table.notice
        if notice is not None and notice.text == QUIT_ASK and table.clock() < notice.until:
            table.notice = None
            return True
        table.say(QUIT_ASK)
        return False

    def _deck_matches(self, deck: VirtualDeck, typed: str) -> list[int]:
        wanted = folded(typed)
        return [n for n, label in enumerate(deck.labels) if wanted in folded(self.table.t(label))]

    def _show_deck(self, deck: VirtualDeck) -> None:
        """The deck's list as typed so far, the highlight kept on the same card while it is still listed."""
        table = self.table
        shown = self._deck_matches(deck, deck.typed)
        before = (deck.menu.options[table.selected % len(deck.menu.options)] if deck.menu and deck.menu.options
                  else None)
        options = tuple(deck.targets[n] for n in shown)
        hint = (msg("Typed \"{typed}\": {n} of {count}. Backspace widens the list.", typed=deck.typed, n=len(shown),
                    count=len(deck.targets)) if deck.typed else msg("Type part of a name to narrow the list."))
        deck.menu = Menu(msg("Virtual deck: which card do you tap?"), options, tuple(deck.labels[n] for n in shown),
                         (msg("Next walks the list, OK taps it, Undo closes."), hint))
        table.picker = deck.menu
        table.selected = options.index(before) if before in options else 0

    def pick(self, option: str) -> None:
        table = self.table
        if table.picker_action is not None:
            table.picker_action(option)
