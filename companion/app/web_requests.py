"""Enrolment asked for from the web page: show which card to tap, bind the next tag, answer the page.

The web process writes a request file (companion.runtime.enrol_requests); the app
looks for it from `tick`, at most once a second (a stat of one path). Only
in the first menu and the set-up questions does it wake the idle loop for
that, once a second; during a game the look rides on whatever wakes the
loop anyway (an input, a page turn, the watchdog's ping). A request is honoured only
while no game is on the device, in the first menu or the set-up questions:
during a game the reader belongs to the game, a banner would cut into a
turn, and telling which card a tag already stands for could give away a
face-down card. Otherwise the page hears why, in a sentence, and nothing
changes.

While a request is shown the app is modal: the next tag tapped is bound
(a tag that already stands for another card is not taken from it unless
the request says so), Undo cancels, every other button says what to do,
and after a minute the request ends by itself.

Taking a request renames it, so a state folder that refuses writes (read-only,
not allowed) fails every look. The first refusal goes to the state folder's
watch (companion.runtime.folder_watch): one line in the log, and a standing
line on every frame in the table's language. The looks for the phone page's
files (this one and the seating's) then rest until the watch's probe finds
the folder writable again, which is said once too.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from typing import Any

from companion.app.base import AppBase
from companion.games.base import Text
from companion.games.registry import game_title, registered_games
from companion.players.book import PLAYER_TARGET, change_book, load_book
from companion.runtime.enrol_requests import (
    GAME_ON,
    REQUEST_SECONDS,
    EnrolRequest,
    EnrolResult,
    finish_request,
    take_request,
    write_result,
)
from companion.runtime.folder_watch import FolderWatch
from companion.runtime.tagmap import save_tagmap
from companion.screen_model import Screen
from drivers.events import ButtonHeld, ButtonPressed, CardPlaced
from engine import RuleError
from engine.core.messages import Message, msg

LOOK_SECONDS = 1.0
"""How often the app looks for a request: the page hears back within a second, the idle loop wakes once a second."""
QUIET_MODES = ("game", "setup")
"""Where a request is honoured: the first menu and the set-up questions, when no game is on the table."""


class WebRequests(AppBase):
    """Takes the web page's enrolment request, shows it, binds the tapped tag and answers the page."""

    web_request: EnrolRequest | None = None
    web_until = 0.0
    web_next_look = 0.0
    web_problem: str | None = None
    web_thing: Text | None = None
    """What the request shown asks to be tapped, in words (read once, when the request is taken)."""
    web_folder: FolderWatch | None = None
    """The state folder's watch, made at the first look (`_folder`)."""

    def _folder_noted(self, screen: Screen) -> Screen:
        """`screen` with the state folder's refusal as its standing notice while nothing else is said (the
        Cannot save screen and NOT SAVED say it their way)."""
        line = self._folder().line()
        if line is None or screen.notice is not None or self.saving.error is not None:
            return screen
        return replace(screen, notice=self._t(line), notice_error=True)

    def _folder(self) -> FolderWatch:
        if self.web_folder is None:
            self.web_folder = FolderWatch(self.state_dir)
        return self.web_folder

    def _folder_refused(self, exc: OSError, now: float) -> bool:
        """A write in the background failed: True when the state folder refuses writes (said once)."""
        return self._folder().refused(exc, now)

    def _folder_rests(self, now: float) -> bool:
        """True while the state folder refuses writes: the looks for the phone page's files wait. A folder
        found writable again is said once on the screen (the watch says it in the log)."""
        watch = self._folder()
        was_refused = watch.refusal is not None
        rests = watch.resting(now, self.fs)
        if was_refused and not rests:
            self._say(msg("The state folder can be written again."))
        return rests

    def _web_tick(self, now: float) -> None:
        """End a request nobody answered in time; look for a new one once a second."""
        if self.web_request is not None and now >= self.web_until:
            self._web_end("expired", msg("Nobody tapped a card within a minute: the web page's request ended."))
        if now < self.web_next_look:
            return
        self.web_next_look = now + LOOK_SECONDS
        if self._folder_rests(now):
            return
        try:
            request = take_request(self.state_dir, self.fs)
        except OSError as exc:
            if not self._folder_refused(exc, now):
                self._web_note(str(exc))
            return
        except RuleError as exc:
            self._web_note(exc.message.text)
            return
        if request is not None:
            self._web_take(request, now)

    def _web_deadline(self) -> float | None:
        """When the loop must wake for the web page: the end of the request shown, the next look while one
        could be honoured, the next try of a state folder that refuses writes; during a game, whatever wakes
        the loop anyway (an input, a page turn, the watchdog's ping) looks, so the page still hears its
        refusal."""
        if self.web_request is not None:
            return min(self.web_next_look, self.web_until)
        resting_until = self._folder().deadline()
        if resting_until is not None:
            return resting_until
        return self.web_next_look if self.mode in QUIET_MODES else None

    def _web_note(self, problem: str) -> None:
        """A request file that cannot be read goes to the log once, not every second."""
        if problem != self.web_problem:
            print(f"companion: the web page's enrolment request cannot be read: {problem}", file=sys.stderr)
        self.web_problem = problem

    def _web_take(self, request: EnrolRequest, now: float) -> None:
        if self.web_request is not None:
            self._web_end("cancelled", msg("A newer request from the web page replaced this one."), say=False)
        refused = self._web_refusal(request)
        if refused is not None:
            status, why = refused
            self._web_answer(request, status, why)
            finish_request(self.state_dir, self.fs)
            return
        self.web_request = request
        self.web_thing = self._web_thing(request.target)
        self.web_until = now + max(0.0, min(REQUEST_SECONDS, request.expires - time.time()))
        self.notice = None
        self.unknown_uid = None
        self._web_answer(request, "waiting", msg("The device now asks for {card}: tap it on the reader.",
                                                 card=self.web_thing))

    def _web_refusal(self, request: EnrolRequest) -> tuple[str, Message] | None:
        """Why this request cannot be shown now (a status and a sentence), or None."""
        if request.expires <= time.time():
            return "expired", msg("The request reached the device too late: send it again.")
        player_id = _player_of(request)
        if player_id is not None:
            if player_id not in load_book(self.state_dir)[0].players:
                return "refused", msg("No player {id} in the book: reload the page.", id=player_id)
            return self._web_busy(personal=True)
        if request.game not in registered_games():
            return "refused", msg("{game} is not a game this companion knows.", game=request.game)
        if request.game != self.ui.name:
            return "wrong-game", msg("The device is set to {game}: choose {wanted} in its first menu (New game), "
                                     "then send the request again.", game=game_title(self.ui.name),
                                     wanted=game_title(request.game))
        if request.target not in self.ui.tag_targets():
            return "refused", msg("{target} is not a card or board of {game}.", target=request.target,
                                  game=game_title(request.game))
        return self._web_busy()

    def _web_thing(self, target: str) -> Text:
        """What the request asks to be tapped: a card or board of the game, or a player's personal tag."""
        if target.startswith(PLAYER_TARGET):
            player = load_book(self.state_dir)[0].players.get(target[len(PLAYER_TARGET):])
            return msg("{name}'s personal tag", name=player.name if player else "?")
        return self.ui.describe_target(target)

    def _web_busy(self, personal: bool = False) -> tuple[str, Message] | None:
        if self.saving.blocked():
            return "refused", msg("The device cannot save now: see its screen, then send the request again.")
        if self.mode not in QUIET_MODES:
            return "refused", GAME_ON
        if self.picker is not None or self.confirm is not None:
            return "refused", msg("The device shows a list or a question: close it, then send the request again.")
        if not self.save_tags and not personal:
            return "refused", msg("The device cannot keep new tags now (laptop mode, or its tag map file is "
                                  "damaged): see its screen, or use companion enroll.")
        return None

    def _web_takes(self, event: Any) -> bool:
        """While a request is shown, a tap or a button press is for it; True when it took the event."""
        request = self.web_request
        if request is None or self.saving.blocked():
            return False
        if isinstance(event, CardPlaced):
            self._web_tap(request, event.uid)
            return True
        if isinstance(event, ButtonPressed | ButtonHeld):
            if event.name == "undo":
                self._web_end("cancelled", msg("Cancelled on the device (Undo): no tag was enrolled."))
            else:
                self._say(msg("Tap {card} on the reader, or press Undo to cancel the web page's request.",
                              card=self.web_thing or request.target), error=True)
            return True
        return False

    def _web_tap(self, request: EnrolRequest, uid: str) -> None:
        player_id = _player_of(request)
        if player_id is not None:
            self._web_tap_personal(player_id, uid)
            return
        target = request.target
        card = self.ui.describe_target(target)
        bound = self.tags.target(uid)
        if bound == target:
            self._web_end("ok", msg("{card} already has this tag ({uid}): nothing to change.", card=card, uid=uid))
            return
        if bound is not None and not request.replace:
            self._web_end("refused", msg("Tag {uid} already stands for {other}, so it was not taken from it: tap "
                                         "another tag, or send the request again allowing the tag to move.",
                                         uid=uid, other=self.ui.describe_target(bound)))
            return
        before = dict(self.tags.tags)
        try:
            self.tags.tags.pop(uid, None)
            self.tags.bind(uid, target)
            save_tagmap(self.state_dir, self.tags)
        except RuleError as exc:
            self.tags.tags = before
            self._web_end("refused", exc.message)
            return
        except OSError as exc:
            self.tags.tags = before
            self._web_end("refused", msg("The tag map cannot be saved ({reason}): nothing was enrolled.",
                                         reason=exc.strerror or str(exc)))
            return
        if bound is not None:
            self._web_end("ok", msg("Tag {uid} is now {card}; {other} has no tag any more.", uid=uid, card=card,
                                    other=self.ui.describe_target(bound)))
        else:
            self._web_end("ok", msg("Tag {uid} is now {name}.", uid=uid, name=card))

    def _web_tap_personal(self, player_id: str, uid: str) -> None:
        """Bind a player's personal tag: never one that stands for a card or board (it would be both)."""
        bound = self.tags.target(uid)
        if bound is not None:
            self._web_end("refused", msg("Tag {uid} stands for {other}, so it cannot be a personal tag: tap a new "
                                         "sticker.", uid=uid, other=self.ui.describe_target(bound)))
            return
        try:
            player = change_book(self.state_dir, lambda book: book.add_tag(player_id, uid), self.fs)
        except RuleError as exc:
            self._web_end("refused", exc.message)
            return
        except OSError as exc:
            self._web_end("refused", msg("The player book cannot be saved ({reason}): nothing was enrolled.",
                                         reason=exc.strerror or str(exc)))
            return
        self._web_end("ok", msg("Tag {uid} is now {name}'s personal tag: tapped at set-up, it seats {name}.",
                                uid=uid, name=player.name))

    def _web_end(self, status: str, why: Message, say: bool = True) -> None:
        """Answer the request shown, take it down, and say the answer on the device too."""
        request = self.web_request
        if request is None:
            return
        self.web_request = None
        self._web_answer(request, status, why)
        finish_request(self.state_dir, self.fs)
        if say:
            self._say(why, error=status != "ok")

    def _web_answer(self, request: EnrolRequest, status: str, why: Message) -> None:
        """Write the answer the page polls for; a disk that refuses only costs the page its answer."""
        try:
            write_result(self.state_dir, EnrolResult(request.id, status, why), self.fs)
        except OSError as exc:
            if not self._folder_refused(exc, self.clock()):
                print(f"companion: the answer to the web page cannot be written: {exc}", file=sys.stderr)

    def _web_banner(self) -> Screen | None:
        """The frame while a request is shown: which card to tap, in the to-do panel's large type."""
        request = self.web_request
        if request is None or self.saving.blocked():
            return None
        card = self.web_thing or request.target
        said = self.notice
        title = (msg("Web page: enroll a personal tag") if _player_of(request) is not None
                 else msg("Web page: enroll a card"))
        return Screen("message", title=self._t(title),
                      todo=(self._t(msg("Tap on the reader: {card}", card=card)),),
                      detail=(self._t(msg("The web page asks for this card's tag. Undo cancels; the request ends "
                                          "by itself after a minute.")),),
                      buttons=("undo",), notice=self._t(said.text) if said else None,
                      notice_error=bool(said and said.error), lang=self.tr.lang)


def _player_of(request: EnrolRequest) -> str | None:
    """The player whose personal tag the request asks for, or None for a card or board."""
    return request.target[len(PLAYER_TARGET):] if request.target.startswith(PLAYER_TARGET) else None
