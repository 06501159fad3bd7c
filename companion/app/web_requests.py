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
component. In the first menu and the set-up questions the device waits for
the tap of that component as it does for an enrolment, then takes it through
the census (companion.census: `check`, then `put`, which binds the tag; the
tag map is saved) and answers the page with the census's own sentence when
it refuses (a fourteenth 3, a penalty the rulebook does not print, a second
Kyuzo, a tag that stands for another component): nothing changes then. A
tag that stands for another entry printed exactly as said is that entry. A
component that carries no tag (a Farmstead) and going back to the shipped
entry need no tap. During a game, a correction of the component the screen
names ("this card is not what the screen says") is taken at once with
`correct_during_game`: the device and the page say whether it counts from
the next input or from the next game. The game's words and the next game
follow the owner's data as soon as no game is being played.

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
from companion.census import (
    NEXT_INPUT,
    census_namers,
    correct_during_game,
    game_data,
    game_ui,
    open_box,
    renamed_target,
)
from companion.census.answers import said, same_print
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
from engine.core.census import Kind, Named, value_at
from engine.core.components import Component
from engine.core.messages import Message, msg

LOOK_SECONDS = 1.0
"""How often the app looks for a request: the page hears back within a second, the idle loop wakes once a second."""
QUIET_MODES = ("game", "setup")
"""Where a request is honoured: the first menu and the set-up questions, when no game is on the table."""
CENSUS_GAME_ON = msg("A game is on the device: the census waits until it is over (finish the game or put it aside "
                     "with New game). A component the screen names wrongly is corrected during the game with "
                     "\"This card is not what the screen says\".")
"""Why the device refuses a census request (one that waits for a tap) during a game."""


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
    web_census_stale = False
    """The owner's component data changed while a game was played: the words and the next game follow it as soon
    as no game is being played."""

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
        if self.web_census_stale and self.match is None and self.mode in QUIET_MODES:
            self._web_census_changed()
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
        if refused is None and request.census is not None and not self._web_census_waits(request):
            refused = self._web_census_now(request)
            self._say(self._web_census_words(refused[1]), error=refused[0] != "ok")
        if refused is not None:
            status, why = refused
            self._web_answer(request, status, why)
            finish_request(self.state_dir, self.fs)
            return
        self.web_request = request
        self.web_thing = self._web_thing(request)
        self.web_until = now + max(0.0, min(REQUEST_SECONDS, request.expires - time.time()))
        self.notice = None
        self.unknown_uid = None
        if request.census is not None:
            waiting = msg("The device now waits for the tap of that {sort}.", sort=self._web_census_sort(request))
        else:
            waiting = msg("The device now asks for {card}: tap it on the reader.", card=self.web_thing)
        self._web_answer(request, "waiting", waiting)

    def _web_refusal(self, request: EnrolRequest) -> tuple[str, Message] | None:
        """Why this request cannot be shown now (a status and a sentence), or None."""
        if request.expires <= time.time():
            return "expired", msg("The request reached the device too late: send it again.")
        if request.census is not None:
            return self._web_census_refusal(request)
        player_id = _player_of(request)
        if player_id is not None:
            if player_id not in load_book(self.state_dir)[0].players:
                return "refused", msg("No player {id} in the book: reload the page.", id=player_id)
            return self._web_busy(personal=True)
        refused = self._web_game_refusal(request)
        if refused is not None:
            return refused
        if request.target not in self.ui.tag_targets():
            return "refused", msg("{target} is not a card or board of {game}.", target=request.target,
                                  game=game_title(request.game))
        return self._web_busy()

    def _web_game_refusal(self, request: EnrolRequest) -> tuple[str, Message] | None:
        """Why the request's game is not the device's (a status and a sentence), or None."""
        if request.game not in registered_games():
            return "refused", msg("{game} is not a game this companion knows.", game=request.game)
        if request.game != self.ui.name:
            return "wrong-game", msg("The device is set to {game}: choose {wanted} in its first menu (New game), "
                                     "then send the request again.", game=game_title(self.ui.name),
                                     wanted=game_title(request.game))
        return None

    def _web_thing(self, request: EnrolRequest) -> Text:
        """What the request asks to be tapped: a card or board of the game, a player's personal tag, or the
        component the census request describes (its answers, in the table's language)."""
        target = request.target
        if request.census is not None:
            data = game_data(request.game)
            spec = data.totals.kinds.get(request.census.kind) if data is not None else None
            if spec is None:
                return target
            return f"{Named(None, spec.words).text(self.tr.lang)} ({said(self.ui, self.tr, spec, request.census.answers)})"
        if target.startswith(PLAYER_TARGET):
            player = load_book(self.state_dir)[0].players.get(target[len(PLAYER_TARGET):])
            return msg("{name}'s personal tag", name=player.name if player else "?")
        return self.ui.describe_target(target)

    def _web_busy(self, personal: bool = False, game_on: Message = GAME_ON) -> tuple[str, Message] | None:
        if self.saving.blocked():
            return "refused", msg("The device cannot save now: see its screen, then send the request again.")
        if self.mode not in QUIET_MODES:
            return "refused", game_on
        if self.picker is not None or self.confirm is not None or getattr(self, "census", None) is not None:
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
        if request.census is not None:
            self._web_end(*self._web_census_put(request, uid))
            return
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
            self._say(self._web_census_words(why) if request.census is not None else why, error=status != "ok")

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
        if request.census is not None:
            title = msg("Web page: census")
            about = msg("The web page says what is printed on this component; tap it to take it. Undo cancels; the "
                        "request ends by itself after a minute.")
        else:
            title = (msg("Web page: enroll a personal tag") if _player_of(request) is not None
                     else msg("Web page: enroll a card"))
            about = msg("The web page asks for this card's tag. Undo cancels; the request ends by itself after a "
                        "minute.")
        return Screen("message", title=self._t(title),
                      todo=(self._t(msg("Tap on the reader: {card}", card=card)),),
                      detail=(self._t(about),),
                      buttons=("undo",), notice=self._t(said.text) if said else None,
                      notice_error=bool(said and said.error), lang=self.tr.lang)

    # --- the census ---------------------------------------------------------------------------------

    def _web_census_words(self, why: Message) -> str:
        """A census sentence in the table's language, the data's words (a Boss, 13 Plunderers) included."""
        return self.tr.with_namers(census_namers())(why)

    def _web_census_spec(self, request: EnrolRequest) -> Kind | None:
        data = game_data(request.game) if request.game in registered_games() else None
        return data.totals.kinds.get(request.census.kind) if data is not None and request.census else None

    def _web_census_sort(self, request: EnrolRequest) -> Named | str:
        spec = self._web_census_spec(request)
        return Named(None, spec.words) if spec is not None else request.target

    def _web_census_waits(self, request: EnrolRequest) -> bool:
        """Whether the request waits for a tap: the census of a component that carries a tag."""
        spec = self._web_census_spec(request)
        return request.census is not None and request.census.action == "put" and spec is not None \
            and spec.tag is not None

    def _web_census_refusal(self, request: EnrolRequest) -> tuple[str, Message] | None:
        """Why this census request cannot be taken now (a status and a sentence), or None."""
        ask = request.census
        assert ask is not None
        refused = self._web_game_refusal(request)
        if refused is not None:
            return refused
        if ask.action != "correct":
            # A component without a tag, or going back to the shipped entry, binds no tag: no tag map needed.
            return self._web_busy(game_on=CENSUS_GAME_ON, personal=not self._web_census_waits(request))
        if self.mode != "play" or self.match is None:
            return "refused", msg("No game is being played on the device: send it with the census form, which "
                                  "asks for the component's tap.")
        if self.saving.blocked() or self.saving.jobs:
            return "refused", msg("The device cannot save now: see its screen, then send the request again.")
        if self.picker is not None or self.confirm is not None or getattr(self, "census", None) is not None:
            return "refused", msg("The device shows a list or a question: close it, then send the request again.")
        return None

    def _web_census_now(self, request: EnrolRequest) -> tuple[str, Message]:
        """A census request that needs no tap, answered at once."""
        ask = request.census
        assert ask is not None
        if ask.action == "correct":
            return self._web_census_correct(request)
        if ask.action == "drop":
            return self._web_census_drop(request)
        return self._web_census_put(request, None)

    def _web_census_name(self, spec: Kind, entry: Component) -> Text:
        """A component as the table names it: an extra one by the name the owner gave it, else by its tag
        target's words, else by its label."""
        if spec.tag is None or entry.extra:
            return entry.label
        return self.ui.describe_target(f"{spec.tag}:{entry.id}")

    def _web_census_put(self, request: EnrolRequest, uid: str | None) -> tuple[str, Message]:
        """Take what the page said is printed for the tag `uid` (None: a component without a tag); the census's
        refusal, and nothing changed, when it breaks a total or the tag stands for another component."""
        ask = request.census
        assert ask is not None
        try:
            box = open_box(self.state_dir, request.game, self.fs)
            spec = box.data.totals.kinds.get(ask.kind)
            if spec is None:
                return "refused", msg("{value} is not a kind of component this game has.", value=repr(ask.kind))
            base = ask.base
            bound = self.tags.target(uid) if uid is not None else None
            if bound is not None and not ask.extra:
                prefix, _, bound_id = renamed_target(request.game, bound).partition(":")
                known = box.entry(bound_id) if prefix == spec.tag else None
                if known is not None and known.id != base and same_print(spec, ask.answers, known):
                    base = known.id  # the tag's own entry is printed exactly as said: it is that component
            entry = box.answer(ask.kind, ask.answers, base=base, extra=ask.extra, label=ask.label or None)
        except RuleError as exc:
            return "refused", exc.message
        before_tags = dict(self.tags.tags)
        if uid is not None and bound is not None and bound != f"{spec.tag}:{entry.id}":
            # An enrolment's guess (a component the owner never checked) gives its tag to the one named, as the
            # device's census does; a tag the owner checked as another component is refused by the census.
            guessed = renamed_target(request.game, bound).partition(":")[2]
            if box.entry(guessed) is None or guessed not in box.checked():
                del self.tags.tags[uid]
        refusal = box.check(entry, uid, self.tags if uid is not None else None)
        if refusal is None and uid is not None and spec.tag is not None:
            other = self.tags.uid_for(f"{spec.tag}:{entry.id}")
            if other is not None and other != uid and entry.id in box.checked():
                refusal = msg("{component} is already checked on another tag: this is another component, or its "
                              "sticker was replaced (enroll the new sticker on the Cards page first). Nothing was "
                              "changed.", component=self._web_census_name(spec, entry))
        if refusal is not None:
            self.tags.tags = before_tags
            return "refused", refusal
        was = box.entry(entry.id)
        try:
            refusal = box.put(entry, uid, self.tags if uid is not None else None)
        except RuleError as exc:
            self.tags.tags = before_tags
            return "refused", exc.message
        except OSError as exc:
            self.tags.tags = before_tags
            return "refused", msg("The owner's component data cannot be saved ({reason}): nothing was changed.",
                                  reason=exc.strerror or str(exc))
        if refusal is not None:
            return "refused", refusal
        if uid is not None and self.tags.tags != before_tags:
            try:
                save_tagmap(self.state_dir, self.tags)
            except OSError as exc:
                self.tags.tags = before_tags
                self._web_census_changed()
                return "refused", msg("{component} is taken, but the tag map cannot be saved ({reason}): tap it "
                                      "again once the device can save.", component=entry.label,
                                      reason=exc.strerror or str(exc))
        self._web_census_changed()
        name = self._web_census_name(spec, entry)
        if was is None or entry.extra and not was.extra:
            return "ok", msg("{component}: added to the box as an extra component.", component=name)
        if same_print(spec, {f.name: value_at(entry, f.name) for f in spec.fields}, was):
            return "ok", msg("{component}: checked, it is what the companion believed.", component=name)
        return "ok", msg("{component}: corrected to what is printed on it.", component=name)

    def _web_census_drop(self, request: EnrolRequest) -> tuple[str, Message]:
        """The owner's entry forgotten: the shipped entry is in force again (an extra one leaves the box and its
        tag map entry)."""
        ask = request.census
        assert ask is not None and ask.base is not None
        try:
            box = open_box(self.state_dir, request.game, self.fs)
        except RuleError as exc:
            return "refused", exc.message
        spec = box.data.totals.kinds.get(ask.kind)
        entry = box.entry(ask.base)
        mine = any(e.id == (entry.id if entry else None) for e in box.owner)
        if spec is None or entry is None or not mine:
            return "refused", msg("The box's data has no entry of its own for {id}: nothing to change.",
                                  id=ask.base)
        name = self._web_census_name(spec, entry)
        shipped = next((e for e in box.data.shipped if e.id == entry.id), None)
        if shipped is not None:
            refusal = box.census.check(shipped)
            if refusal is not None:
                return "refused", refusal
        try:
            box.drop(entry.id)
        except RuleError as exc:
            return "refused", exc.message
        except OSError as exc:
            return "refused", msg("The owner's component data cannot be saved ({reason}): nothing was changed.",
                                  reason=exc.strerror or str(exc))
        uid = self.tags.uid_for(f"{spec.tag}:{entry.id}") if spec.tag is not None else None
        if shipped is None and uid is not None:
            before = dict(self.tags.tags)
            del self.tags.tags[uid]
            try:
                save_tagmap(self.state_dir, self.tags)
            except OSError:
                self.tags.tags = before
        self._web_census_changed()
        if shipped is None:
            return "ok", msg("{component} is no longer in the box's data.", component=entry.label)
        return "ok", msg("{component}: the shipped data again.", component=name)

    def _web_census_correct(self, request: EnrolRequest) -> tuple[str, Message]:
        """During a game: the component the screen names is not what is printed (companion.census.in_game)."""
        ask = request.census
        assert ask is not None and self.match is not None
        try:
            box = open_box(self.state_dir, request.game, self.fs)
            spec = box.data.totals.kinds.get(ask.kind)
            if spec is None:
                return "refused", msg("{value} is not a kind of component this game has.", value=repr(ask.kind))
            entry = box.answer(ask.kind, ask.answers, base=ask.base)
        except RuleError as exc:
            return "refused", exc.message
        uid = self.tags.uid_for(f"{spec.tag}:{entry.id}") if spec.tag is not None else None
        try:
            correction = correct_during_game(box, self.match, self.journal, entry, uid,
                                             self.tags if spec.tag is not None else None, self._moment())
        except OSError as exc:
            return "refused", msg("The correction cannot be saved ({reason}): the game goes on as it was.",
                                  reason=exc.strerror or str(exc))
        if correction.refused:
            return "refused", correction.message
        if correction.applies == NEXT_INPUT:
            self.match = correction.match
            self._web_census_changed(now=True)
        else:
            self.web_census_stale = True
        return "ok", correction.message

    def _web_census_changed(self, now: bool = False) -> None:
        """The owner's data changed: the game's words and the next game follow it now when no game is being
        played (or `now`, when the game being played follows it too), else once none is."""
        if not now and (self.match is not None or self.mode not in QUIET_MODES):
            self.web_census_stale = True
            return
        self.web_census_stale = False
        self.ui = game_ui(self.ui.name, self.state_dir)
        self._set_language(self.tr.lang)


def _player_of(request: EnrolRequest) -> str | None:
    """The player whose personal tag the request asks for, or None for a card or board."""
    return request.target[len(PLAYER_TARGET):] if request.target.startswith(PLAYER_TARGET) else None
