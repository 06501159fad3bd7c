"""`companion enroll`: bind each card's and board's NFC tag, one by one; `--census`: teach it your box.

The screen names a card ("Plunderer 3, doll, wound, flames"), the user taps
that card, and its UID is bound and saved at once (atomically), so pulling
the plug loses nothing and the next start carries on with the first card not
yet enrolled. Next skips a card, Undo goes back one to redo it, OK finishes.
This walk takes the shipped list as printed; it never asks.

`CensusEnroller` is `companion enroll --census`: the census the first menu
opens (companion.app.census_steps), alone on the screen. Tap any component:
a known tag shows what the companion believes is printed (OK confirms it),
an unknown one asks what is printed; each answer taken binds the tag and is
saved at once, like the walk.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.app import Notice
from companion.app.census_walk import CensusWalk, census_screen, save_census_tags
from companion.census import census_namers, open_box
from companion.games.base import GameUI
from companion.i18n import Translator
from companion.runtime.tagmap import TagMap, save_tagmap
from companion.screen_model import Screen
from drivers.events import ButtonHeld, ButtonPressed, CardPlaced, ReaderBack, ReaderLost
from engine import RuleError
from engine.core.messages import Message, msg


class _DrivenWalk(ABC):
    """What both walks share as the loop drives them: driver events in, a notice that stays `notice_s`
    seconds, the reader's loss said until it is back."""

    def __init__(self, ui: GameUI, tags: TagMap, state_dir: Path, clock: Callable[[], float],
                 notice_s: float, save: bool, lang: str) -> None:
        self.ui = ui
        self.lang = lang
        self.tr = Translator(lang, ui.namers(), ui.name)
        self.tags = tags
        self.state_dir = state_dir
        self.clock = clock
        self.notice_s = notice_s
        self.save = save
        self.notice: Notice | None = None
        self.reader_lost: str | None = None

    def _show(self, words: str, error: bool) -> None:
        self.notice = Notice(words, error, self.clock() + self.notice_s)

    def handle(self, event: Any) -> None:
        if isinstance(event, ReaderLost):
            self.reader_lost = self.tr(msg("Card reader lost ({reason}); reconnecting...", reason=event.reason))
        elif isinstance(event, ReaderBack):
            self.reader_lost = None
        elif isinstance(event, CardPlaced):
            self._tap(event.uid)
        elif isinstance(event, ButtonPressed | ButtonHeld):
            self._press(event.name, isinstance(event, ButtonHeld))

    @abstractmethod
    def _tap(self, uid: str) -> None:
        """A tag on the reader: what the walk does with it."""

    @abstractmethod
    def _press(self, name: str, held: bool) -> None:
        """A button pressed (held: a long press): what the walk does with it."""

    def tick(self, now: float | None = None) -> None:
        now = self.clock() if now is None else now
        if self.notice and now >= self.notice.until:
            self.notice = None

    def deadline(self) -> float | None:
        return self.notice.until if self.notice else None

    def _notice(self) -> tuple[str | None, bool]:
        """The screen's notice and whether it is an error: the last one said, else the reader's loss."""
        if self.notice:
            return self.notice.text, bool(self.notice.error)
        return self.reader_lost, self.reader_lost is not None


class Enroller(_DrivenWalk):
    """The enrollment walk, driven by driver events like the App."""

    def __init__(self, ui: GameUI, tags: TagMap, state_dir: Path, clock: Callable[[], float],
                 notice_s: float = 4.0, start: str | None = None, save: bool = True, lang: str = "en") -> None:
        super().__init__(ui, tags, state_dir, clock, notice_s, save, lang)
        self.targets = ui.tag_targets()
        self.done = False
        if start is not None:
            matches = [t for t in self.targets if t == start or t.partition(":")[2] == start]
            if not matches:
                raise RuleError(msg("nothing called '{id}' to enroll: give an id such as {examples}", id=start,
                                    examples=" or ".join(self._examples())))
            self.index = self.targets.index(matches[0])
        else:
            self.index = self._next_unbound(0)

    def _examples(self) -> list[str]:
        """One id of each kind this game enrolls ("3-doll-wound", "kyuzo"), so the message fits the game."""
        first: dict[str, str] = {}
        for target in self.targets:
            kind, _, name = target.partition(":")
            first.setdefault(kind, name)
        return list(first.values())[:3]

    def _next_unbound(self, start: int) -> int:
        for step in range(len(self.targets)):
            index = (start + step) % len(self.targets)
            if self.tags.uid_for(self.targets[index]) is None:
                return index
        return start % len(self.targets)

    @property
    def current(self) -> str:
        return self.targets[self.index]

    def bound(self) -> int:
        return sum(1 for t in self.targets if self.tags.uid_for(t) is not None)

    def _say(self, text: Message, error: bool = False) -> None:
        self._show(self.tr(text), error)

    def _tap(self, uid: str) -> None:
        target = self.current
        already = self.tags.target(uid)
        if already == target:
            self._say(msg("{target} is already enrolled with this tag.", target=self.ui.describe_target(target)))
            self.index = self._next_unbound(self.index + 1)
            return
        if already is not None:
            self._say(msg("Tag {uid} is already enrolled as {target}; tap the tag of {target2} instead.", uid=uid,
                          target=self.ui.describe_target(already), target2=self.ui.describe_target(target)),
                      error=True)
            return
        try:
            self.tags.bind(uid, target)
        except RuleError as exc:
            self._say(msg("{reason}; tap the tag of {target} instead.", reason=exc.message,
                          target=self.ui.describe_target(target)), error=True)
            return
        if self.save:
            save_tagmap(self.state_dir, self.tags)
        self._say(msg("Tag {uid} is now {target}.", uid=uid, target=self.ui.describe_target(target)))
        if self.bound() == len(self.targets):
            self._say(msg("Every card and board is enrolled. Press OK to finish."))
        self.index = self._next_unbound(self.index + 1)

    def _press(self, name: str, held: bool) -> None:
        """A long press is a press here."""
        if name == "next":
            self.index = (self.index + 1) % len(self.targets)
        elif name == "undo":
            self.index = (self.index - 1) % len(self.targets)
            self._say(msg("Back to {target}: tap its tag to enroll it again.",
                          target=self.ui.describe_target(self.current)))
        elif name == "ok":
            self.done = True
        else:
            self._say(msg("Tap the card shown; Next skips it, Undo goes back, OK finishes."), error=True)

    def screen(self) -> Screen:
        target = self.current
        uid = self.tags.uid_for(target)
        status = msg("Enrolled as tag {uid}; tap again to replace it.", uid=uid) if uid else msg("Not enrolled yet.")
        notice, notice_error = self._notice()
        tr = self.tr
        return Screen(
            "enroll", game=self.ui.name, lang=self.lang,
            title=tr(msg("Enroll tags: {n} of {count} done", n=self.bound(), count=len(self.targets))),
            detail=(tr(self.ui.describe_target(target)), tr(status), tr(msg("Tap this card (or board) on the reader.")),
                    tr(msg("Next: skip   Undo: back one   OK: finish"))),
            buttons=("next", "undo", "ok"),
            notice=notice, notice_error=notice_error,
        )


class CensusEnroller(_DrivenWalk):
    """`companion enroll --census`: the census walk (companion.app.census_steps) driven by driver events.

    RuleError when the game has no census or its owner data cannot be used
    (named: the file is left as it is).
    """

    def __init__(self, ui: GameUI, tags: TagMap, state_dir: Path, clock: Callable[[], float],
                 notice_s: float = 4.0, save: bool = True, lang: str = "en") -> None:
        super().__init__(ui, tags, state_dir, clock, notice_s, save, lang)
        self.walk = CensusWalk(open_box(state_dir, ui.name), tags, self.tr, self._say, self._saved)

    @property
    def done(self) -> bool:
        return self.walk.done

    @done.setter
    def done(self, value: bool) -> None:
        self.walk.done = value

    def _say(self, text: Any, error: bool) -> None:
        self._show(self.tr.with_namers(census_namers())(text) if isinstance(text, Message) else str(text), error)

    def _saved(self) -> None:
        if self.save:
            save_census_tags(self.state_dir, self.tags, self._say)

    def progress(self) -> list[str]:
        """Every kind's count, in the table's language: what the command prints when it ends."""
        return [self.walk.tr(p.message) for p in self.walk.box.progress()]

    def _tap(self, uid: str) -> None:
        self.walk.tap(uid)

    def _press(self, name: str, held: bool) -> None:
        self.walk.press(name, held)

    def screen(self) -> Screen:
        notice, notice_error = self._notice()
        return census_screen(self.walk, self.walk.selected, notice=notice, notice_error=notice_error)
