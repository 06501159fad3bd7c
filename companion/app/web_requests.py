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

A census request (companion.web.census_page) says what is printed on one
component; companion.app.web_census takes it, at the tap of that component
when it carries a tag.

Taking a request renames it, so a state folder that refuses writes (read-only,
not allowed) fails every look. The first refusal goes to the state folder's
watch (companion.app.state_folder): one line in the log, and a standing
line on every frame in the table's language. The looks for the phone page's
files (this one and the seating's) then rest until the watch's probe finds
the folder writable again, which is said once too.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from companion.app.census_steps import CensusSteps
from companion.app.state_folder import StateFolder
from companion.app.table import Table
from companion.app.web_census import WebCensus
from companion.app.web_gate import QUIET_MODES, busy, player_of, wrong_game
from companion.census import game_data
from companion.census.answers import said
from companion.games.base import Text
from companion.games.registry import game_title
from companion.players.book import PLAYER_TARGET, change_book, load_book
from companion.runtime.enrol_requests import (
    REQUEST_SECONDS,
    EnrolRequest,
    EnrolResult,
    finish_request,
    take_request,
    write_result,
)
from companion.runtime.tagmap import save_tagmap
from companion.screen_model import Screen
from drivers.events import ButtonHeld, ButtonPressed, CardPlaced
from engine import RuleError
from engine.core.census import Named
from engine.core.messages import Message, msg

LOOK_SECONDS = 1.0
"""How often the app looks for a request: the page hears back within a second, the idle loop wakes once a second."""


class WebBridge:
    """Takes the web page's enrolment request, shows it, binds the tapped tag and answers the page."""

    def __init__(self, table: Table, folder: StateFolder, census: CensusSteps, web_census: WebCensus) -> None:
        self.table = table
        self.folder = folder
        self.census = census
        self.web_census = web_census
        self.request: EnrolRequest | None = None
        """The request shown: the next tag tapped is for it."""
        self.until = 0.0
        self.next_look = 0.0
        self.problem: str | None = None
        self.thing: Text | None = None
        """What the request shown asks to be tapped, in words (read once, when the request is taken)."""

    def tick(self, now: float) -> None:
        """End a request nobody answered in time; look for a new one once a second."""
        table = self.table
        if self.request is not None and now >= self.until:
            self._end("expired", msg("Nobody tapped a card within a minute: the web page's request ended."))
        if self.web_census.stale and table.match is None and table.mode in QUIET_MODES:
            self.web_census.changed()
        if now < self.next_look:
            return
        self.next_look = now + LOOK_SECONDS
        if self.folder.rests(now):
            return
        try:
            request = take_request(table.state_dir, table.fs)
        except OSError as exc:
            if not self.folder.refused(exc, now):
                self._note(str(exc))
            return
        except RuleError as exc:
            self._note(exc.message.text)
            return
        if request is not None:
            self._take(request, now)

    def deadline(self) -> float | None:
        """When the loop must wake for the web page: the end of the request shown, the next look while one
        could be honoured, the next try of a state folder that refuses writes; during a game, whatever wakes
        the loop anyway (an input, a page turn, the watchdog's ping) looks, so the page still hears its
        refusal."""
        if self.request is not None:
            return min(self.next_look, self.until)
        resting_until = self.folder.deadline()
        if resting_until is not None:
            return resting_until
        return self.next_look if self.table.mode in QUIET_MODES else None

    def _note(self, problem: str) -> None:
        """A request file that cannot be read goes to the log once, not every second."""
        if problem != self.problem:
            print(f"companion: the web page's enrolment request cannot be read: {problem}", file=sys.stderr)
        self.problem = problem

    def _take(self, request: EnrolRequest, now: float) -> None:
        table = self.table
        if self.request is not None:
            self._end("cancelled", msg("A newer request from the web page replaced this one."), say=False)
        refused = self._refusal(request)
        if refused is None and request.census is not None and not self.web_census.waits(request):
            refused = self.web_census.now(request)
            table.say(self.web_census.words(refused[1]), error=refused[0] != "ok")
        if refused is not None:
            status, why = refused
            self._answer(request, status, why)
            finish_request(table.state_dir, table.fs)
            return
        self.request = request
        self.thing = self._thing(request)
        self.until = now + max(0.0, min(REQUEST_SECONDS, request.expires - time.time()))
        table.notice = None
        table.unknown_uid = None
        if request.census is not None:
            waiting = msg("The device now waits for the tap of that {sort}.", sort=self.web_census.sort(request))
        else:
            waiting = msg("The device now asks for {card}: tap it on the reader.", card=self.thing)
        self._answer(request, "waiting", waiting)

    def _refusal(self, request: EnrolRequest) -> tuple[str, Message] | None:
        """Why this request cannot be shown now (a status and a sentence), or None."""
        table = self.table
        if request.expires <= time.time():
            return "expired", msg("The request reached the device too late: send it again.")
        if request.census is not None:
            return self.web_census.refusal(request)
        player_id = player_of(request)
        if player_id is not None:
            if player_id not in load_book(table.state_dir)[0].players:
                return "refused", msg("No player {id} in the book: reload the page.", id=player_id)
            return busy(self.table, self.census.walk is not None, personal=True)
        refused = wrong_game(self.table, request)
        if refused is not None:
            return refused
        if request.target not in table.ui.tag_targets():
            return "refused", msg("{target} is not a card or board of {game}.", target=request.target,
                                  game=game_title(request.game))
        return busy(self.table, self.census.walk is not None)

    def _thing(self, request: EnrolRequest) -> Text:
        """What the request asks to be tapped: a card or board of the game, a player's personal tag, or the
        component the census request describes (its answers, in the table's language)."""
        table = self.table
        target = request.target
        if request.census is not None:
            data = game_data(request.game)
            spec = data.totals.kinds.get(request.census.kind) if data is not None else None
            if spec is None:
                return target
            return f"{Named(None, spec.words).text(table.tr.lang)} ({said(table.ui, table.tr, spec, request.census.answers)})"
        if target.startswith(PLAYER_TARGET):
            player = load_book(table.state_dir)[0].players.get(target[len(PLAYER_TARGET):])
            return msg("{name}'s personal tag", name=player.name if player else "?")
        return table.ui.describe_target(target)

    def takes(self, event: Any) -> bool:
        """While a request is shown, a tap or a button press is for it; True when it took the event."""
        table = self.table
        request = self.request
        if request is None or table.saving.blocked():
            return False
        if isinstance(event, CardPlaced):
            self._tap(request, event.uid)
            return True
        if isinstance(event, ButtonPressed | ButtonHeld):
            if event.name == "undo":
                self._end("cancelled", msg("Cancelled on the device (Undo): no tag was enrolled."))
            else:
                table.say(msg("Tap {card} on the reader, or press Undo to cancel the web page's request.",
                              card=self.thing or request.target), error=True)
            return True
        return False

    def _tap(self, request: EnrolRequest, uid: str) -> None:
        table = self.table
        if request.census is not None:
            self._end(*self.web_census.put(request, uid))
            return
        player_id = player_of(request)
        if player_id is not None:
            self._tap_personal(player_id, uid)
            return
        target = request.target
        card = table.ui.describe_target(target)
        bound = table.tags.target(uid)
        if bound == target:
            self._end("ok", msg("{card} already has this tag ({uid}): nothing to change.", card=card, uid=uid))
            return
        if bound is not None and not request.replace:
            self._end("refused", msg("Tag {uid} already stands for {other}, so it was not taken from it: tap "
                                         "another tag, or send the request again allowing the tag to move.",
                                         uid=uid, other=table.ui.describe_target(bound)))
            return
        before = dict(table.tags.tags)
        try:
            table.tags.tags.pop(uid, None)
            table.tags.bind(uid, target)
            save_tagmap(table.state_dir, table.tags)
        except RuleError as exc:
            table.tags.tags = before
            self._end("refused", exc.message)
            return
        except OSError as exc:
            table.tags.tags = before
            self._end("refused", msg("The tag map cannot be saved ({reason}): nothing was enrolled.",
                                         reason=exc.strerror or str(exc)))
            return
        if bound is not None:
            self._end("ok", msg("Tag {uid} is now {card}; {other} has no tag any more.", uid=uid, card=card,
                                    other=table.ui.describe_target(bound)))
        else:
            self._end("ok", msg("Tag {uid} is now {name}.", uid=uid, name=card))

    def _tap_personal(self, player_id: str, uid: str) -> None:
        """Bind a player's personal tag: never one that stands for a card or board (it would be both)."""
        table = self.table
        bound = table.tags.target(uid)
        if bound is not None:
            self._end("refused", msg("Tag {uid} stands for {other}, so it cannot be a personal tag: tap a new "
                                         "sticker.", uid=uid, other=table.ui.describe_target(bound)))
            return
        try:
            player = change_book(table.state_dir, lambda book: book.add_tag(player_id, uid), table.fs)
        except RuleError as exc:
            self._end("refused", exc.message)
            return
        except OSError as exc:
            self._end("refused", msg("The player book cannot be saved ({reason}): nothing was enrolled.",
                                         reason=exc.strerror or str(exc)))
            return
        self._end("ok", msg("Tag {uid} is now {name}'s personal tag: tapped at set-up, it seats {name}.",
                                uid=uid, name=player.name))

    def _end(self, status: str, why: Message, say: bool = True) -> None:
        """Answer the request shown, take it down, and say the answer on the device too."""
        table = self.table
        request = self.request
        if request is None:
            return
        self.request = None
        self._answer(request, status, why)
        finish_request(table.state_dir, table.fs)
        if say:
            table.say(self.web_census.words(why) if request.census is not None else why, error=status != "ok")

    def _answer(self, request: EnrolRequest, status: str, why: Message) -> None:
        """Write the answer the page polls for; a disk that refuses only costs the page its answer."""
        table = self.table
        try:
            write_result(table.state_dir, EnrolResult(request.id, status, why), table.fs)
        except OSError as exc:
            if not self.folder.refused(exc, table.clock()):
                print(f"companion: the answer to the web page cannot be written: {exc}", file=sys.stderr)

    def banner(self) -> Screen | None:
        """The frame while a request is shown: which card to tap, in the to-do panel's large type."""
        table = self.table
        request = self.request
        if request is None or table.saving.blocked():
            return None
        card = self.thing or request.target
        said = table.notice
        if request.census is not None:
            title = msg("Web page: census")
            about = msg("The web page says what is printed on this component; tap it to take it. Undo cancels; the "
                        "request ends by itself after a minute.")
        else:
            title = (msg("Web page: enroll a personal tag") if player_of(request) is not None
                     else msg("Web page: enroll a card"))
            about = msg("The web page asks for this card's tag. Undo cancels; the request ends by itself after a "
                        "minute.")
        return Screen("message", title=table.t(title),
                      todo=(table.t(msg("Tap on the reader: {card}", card=card)),),
                      detail=(table.t(about),),
                      buttons=("undo",), notice=table.t(said.text) if said else None,
                      notice_error=bool(said and said.error), lang=table.tr.lang)
