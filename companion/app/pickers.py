"""Lists that interrupt the game for a moment: enrolling an unknown tag, the laptop's virtual deck.
"""

from __future__ import annotations

from companion.app.base import AppBase, engine_words
from companion.games.base import Menu, Text
from companion.runtime.tagmap import save_tagmap
from engine import RuleError
from engine.core.messages import msg


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
        """Laptop mode: pick a tag to 'tap' from a list; the game says which the moment asks for."""
        if self.saving.blocked():
            self.saving.refuse()
            return
        targets = self.ui.virtual_targets(self.match if self.mode == "play" else None, self.mode == "setup")
        labels: tuple[Text, ...] = tuple(self.ui.describe_target(t) for t in targets)
        self.picker = Menu(msg("Virtual deck: which card do you tap?"), tuple(targets), labels,
                           (msg("Next walks the list, OK taps it, Undo closes."),))
        self.selected = 0

        def tap(target: str) -> None:
            uid = self.tags.uid_for(target)
            self._close_picker(None)
            if uid is None:
                self._say(msg("{name} has no tag in the map: enroll it (companion enroll), then tap it again.",
                              name=self.ui.describe_target(target)), error=True)
                return
            self._card(uid)

        self.picker_action = tap

    def _pick(self, option: str) -> None:
        if self.picker_action is not None:
            self.picker_action(option)
