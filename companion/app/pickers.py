"""Lists that interrupt the game for a moment: enrolling an unknown tag, the laptop's virtual deck.

The laptop window's other needs live here too (companion.app.laptop_window): Esc asks before it
quits, and a click on a list's entry moves the highlight there (the window then presses OK).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from companion.app.base import AppBase, engine_words
from companion.games.base import Menu, Text
from companion.runtime.tagmap import save_tagmap
from engine import RuleError
from engine.core.messages import msg

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


class Pickers(AppBase):
    """Enroll an unknown tag on the spot, or tap from the virtual deck."""

    def _open_enroll_picker(self, uid: str) -> None:
        """Bind an unknown tag now: to a card the prompt could take, else to anything not yet tagged.

        For a tap prompt, cards without a tag come first; cards that have one
        follow, so a replacement sticker can take over a lost tag's card.
        """
        if self._personal_picker(uid):
            return
        self.unknown_uid = None
        prompt = self.match.play.prompt if self.match and self.mode == "play" else None
        if prompt is not None and prompt.tap is not None and self.match is not None:
            possible = [f"card:{c}" for c in self.match.play.possible_taps()]
            targets = sorted(possible, key=lambda t: self.tags.uid_for(t) is not None)
        else:
            targets = [t for t in self.ui.tag_targets() if self.tags.uid_for(t) is None]
        if not targets:
            self._say(msg("Tag {uid} is not in the tag map and every card and board already has a tag. "
                          "Run `companion enroll --start CARD` to move a card to a new tag.", uid=uid), error=True)
            return
        labels: tuple[Text, ...] = tuple(self.ui.describe_target(t) for t in targets)
        self.picker = Menu(msg("Enroll tag {uid}: which card is it?", uid=uid), tuple(targets), labels,
                           (msg("Next walks the list, OK binds the tag, Undo closes."),))
        self.selected = 0
        self.notice = None

        def bind(target: str) -> None:
            try:
                self.tags.bind(uid, target)
            except RuleError as exc:
                self._say(engine_words(exc), error=True)
                return
            if self.save_tags:
                save_tagmap(self.state_dir, self.tags)
            self._close_picker(msg("Tag {uid} is now {name}.", uid=uid, name=self.ui.describe_target(target)))
            self._card(uid)

        self.picker_action = bind

    def open_virtual_deck(self) -> None:
        """Laptop mode: pick a tag to 'tap' from a list; the game says which the moment asks for.

        Typing narrows the list to the names holding what was typed (`narrow_deck`), Backspace widens it
        again (`widen_deck`): a card among fifty is a few letters and OK, not forty presses of Next.
        """
        if self.saving.blocked():
            self.saving.refuse()
            return
        if self.check is not None and not self.check.on_reader:
            self._say(msg("Cards come after the buttons: press the one asked for, or hold any button to skip it."),
                      error=True)
            return
        if self.check is not None:
            targets = self.ui.tag_targets()  # the check's reader step takes any card
        else:
            targets = self.ui.virtual_targets(self.match if self.mode == "play" else None, self.mode == "setup")
        labels: tuple[Text, ...] = tuple(self.ui.describe_target(t) for t in targets)
        self.deck = VirtualDeck(tuple(targets), labels)
        self._show_deck(self.deck)

        def tap(target: str) -> None:
            uid = self.tags.uid_for(target)
            self._close_picker(None)
            if uid is None:
                self._say(msg("{name} has no tag in the map: enroll it (companion enroll), then tap it again.",
                              name=self.ui.describe_target(target)), error=True)
                return
            self._card(uid)

        self.picker_action = tap

    def deck_open(self) -> bool:
        """Whether the list on screen is the virtual deck (typed letters then narrow it)."""
        return self.deck is not None and self.picker is not None and self.picker is self.deck.menu

    def narrow_deck(self, text: str) -> None:
        """Keep only the names holding what was typed so far and `text`; a letter that would leave none is
        refused and the list stays."""
        deck = self.deck
        if deck is None or not self.deck_open():
            return
        typed = deck.typed + text
        if not self._deck_matches(deck, typed):
            self._say(msg("Nothing in the list has \"{typed}\" in its name.", typed=typed), error=True)
            return
        deck.typed = typed
        self._show_deck(deck)

    def widen_deck(self) -> bool:
        """Take the last typed letter back; False when nothing is typed (Backspace then acts as Undo)."""
        deck = self.deck
        if deck is None or not self.deck_open() or not deck.typed:
            return False
        deck.typed = deck.typed[:-1]
        self._show_deck(deck)
        return True

    def close_virtual_deck(self) -> None:
        if self.deck_open():
            self._close_picker(msg("Closed."))

    def escape(self) -> bool:
        """Esc in the laptop window (the virtual deck closed): True to stop now, when Esc comes again while
        the question it asked still shows; else the question ("Press Esc again to quit"), for a few seconds."""
        notice = self.notice
        if notice is not None and notice.text == QUIT_ASK and self.clock() < notice.until:
            self.notice = None
            return True
        self._say(QUIT_ASK)
        return False

    def _deck_matches(self, deck: VirtualDeck, typed: str) -> list[int]:
        wanted = folded(typed)
        return [n for n, label in enumerate(deck.labels) if wanted in folded(self._t(label))]

    def _show_deck(self, deck: VirtualDeck) -> None:
        """The deck's list as typed so far, the highlight kept on the same card while it is still listed."""
        shown = self._deck_matches(deck, deck.typed)
        before = deck.menu.options[self.selected % len(deck.menu.options)] if deck.menu and deck.menu.options else None
        options = tuple(deck.targets[n] for n in shown)
        hint = (msg("Typed \"{typed}\": {n} of {count}. Backspace widens the list.", typed=deck.typed, n=len(shown),
                    count=len(deck.targets)) if deck.typed else msg("Type part of a name to narrow the list."))
        deck.menu = Menu(msg("Virtual deck: which card do you tap?"), options, tuple(deck.labels[n] for n in shown),
                         (msg("Next walks the list, OK taps it, Undo closes."), hint))
        self.picker = deck.menu
        self.selected = options.index(before) if before in options else 0

    def _pick(self, option: str) -> None:
        if self.picker_action is not None:
            self.picker_action(option)
