"""The census asked for from the web page (companion.web.census_page): what is printed on one component.

In the first menu and the set-up questions the device waits for the tap of
that component as it does for an enrolment (companion.app.web_requests),
then takes it through the census (companion.census: `check`, then `put`,
which binds the tag; the tag map is saved) and answers the page with the
census's own sentence when it refuses (a fourteenth 3, a penalty the
rulebook does not print, a second Kyuzo, a tag that stands for another
component): nothing changes then. A tag that stands for another entry
printed exactly as said is that entry. A component that carries no tag (a
Farmstead) and going back to the shipped entry need no tap. During a game,
a correction of the component the screen names ("this card is not what the
screen says") is taken at once with `correct_during_game`: the device and
the page say whether it counts from the next input or from the next game.
The game's words and the next game follow the owner's data as soon as no
game is being played.
"""

from __future__ import annotations

from companion.app.census_steps import CensusSteps
from companion.app.table import Table
from companion.app.web_gate import (
    CANNOT_SAVE,
    CENSUS_GAME_ON,
    LIST_SHOWN,
    QUIET_MODES,
    busy,
    wrong_game,
)
from companion.census import (
    NEXT_INPUT,
    census_namers,
    correct_during_game,
    game_data,
    game_ui,
    open_box,
    renamed_target,
)
from companion.census.answers import same_print
from companion.games.base import Text
from companion.games.registry import registered_games
from companion.runtime.enrol_requests import EnrolRequest
from companion.runtime.tagmap import save_tagmap
from engine import RuleError
from engine.core.census import Kind, Named, value_at
from engine.core.components import Component
from engine.core.messages import Message, msg


class WebCensus:
    """The web page's census requests: refused, answered at once, or taken at the tap (`put`)."""

    def __init__(self, table: Table, census: CensusSteps) -> None:
        self.table = table
        self.census = census
        """The device's own census: while it runs, the page's waits."""
        self.stale = False
        """The owner's component data changed while a game was played: the words and the next game follow it as
        soon as no game is being played."""

    def words(self, why: Message) -> str:
        """A census sentence in the table's language, the data's words (a Boss, 13 Plunderers) included."""
        return self.table.tr.with_namers(census_namers())(why)

    def spec(self, request: EnrolRequest) -> Kind | None:
        data = game_data(request.game) if request.game in registered_games() else None
        return data.totals.kinds.get(request.census.kind) if data is not None and request.census else None

    def sort(self, request: EnrolRequest) -> Named | str:
        spec = self.spec(request)
        return Named(None, spec.words) if spec is not None else request.target

    def waits(self, request: EnrolRequest) -> bool:
        """Whether the request waits for a tap: the census of a component that carries a tag."""
        spec = self.spec(request)
        return request.census is not None and request.census.action == "put" and spec is not None \
            and spec.tag is not None

    def refusal(self, request: EnrolRequest) -> tuple[str, Message] | None:
        """Why this census request cannot be taken now (a status and a sentence), or None."""
        table = self.table
        ask = request.census
        assert ask is not None
        refused = wrong_game(table, request)
        if refused is not None:
            return refused
        if ask.action != "correct":
            # A component without a tag, or going back to the shipped entry, binds no tag: no tag map needed.
            return busy(table, self.census.walk is not None, game_on=CENSUS_GAME_ON,
                        personal=not self.waits(request))
        if table.mode != "play" or table.match is None:
            return "refused", msg("No game is being played on the device: send it with the census form, which "
                                  "asks for the component's tap.")
        if table.saving.blocked() or table.saving.jobs:
            return "refused", CANNOT_SAVE
        if table.picker is not None or table.confirm is not None or self.census.walk is not None:
            return "refused", LIST_SHOWN
        return None

    def now(self, request: EnrolRequest) -> tuple[str, Message]:
        """A census request that needs no tap, answered at once."""
        ask = request.census
        assert ask is not None
        if ask.action == "correct":
            return self._correct(request)
        if ask.action == "drop":
            return self._drop(request)
        return self.put(request, None)

    def _name(self, spec: Kind, entry: Component) -> Text:
        """A component as the table names it: an extra one by the name the owner gave it, else by its tag
        target's words, else by its label."""
        if spec.tag is None or entry.extra:
            return entry.label
        return self.table.ui.describe_target(f"{spec.tag}:{entry.id}")

    def put(self, request: EnrolRequest, uid: str | None) -> tuple[str, Message]:
        """Take what the page said is printed for the tag `uid` (None: a component without a tag); the census's
        refusal, and nothing changed, when it breaks a total or the tag stands for another component."""
        table = self.table
        ask = request.census
        assert ask is not None
        try:
            box = open_box(table.state_dir, request.game, table.fs)
            spec = box.data.totals.kinds.get(ask.kind)
            if spec is None:
                return "refused", msg("{value} is not a kind of component this game has.", value=repr(ask.kind))
            base = ask.base
            bound = table.tags.target(uid) if uid is not None else None
            if bound is not None and not ask.extra:
                prefix, _, bound_id = renamed_target(request.game, bound).partition(":")
                known = box.entry(bound_id) if prefix == spec.tag else None
                if known is not None and known.id != base and same_print(spec, ask.answers, known):
                    base = known.id  # the tag's own entry is printed exactly as said: it is that component
            entry = box.answer(ask.kind, ask.answers, base=base, extra=ask.extra, label=ask.label or None)
        except RuleError as exc:
            return "refused", exc.message
        before_tags = dict(table.tags.tags)
        if uid is not None and bound is not None and bound != f"{spec.tag}:{entry.id}":
            # An enrolment's guess (a component the owner never checked) gives its tag to the one named, as the
            # device's census does; a tag the owner checked as another component is refused by the census.
            guessed = renamed_target(request.game, bound).partition(":")[2]
            if box.entry(guessed) is None or guessed not in box.checked():
                del table.tags.tags[uid]
        refusal = box.check(entry, uid, table.tags if uid is not None else None)
        if refusal is None and uid is not None and spec.tag is not None:
            other = table.tags.uid_for(f"{spec.tag}:{entry.id}")
            if other is not None and other != uid and entry.id in box.checked():
                refusal = msg("{component} is already checked on another tag: this is another component, or its "
                              "sticker was replaced (enroll the new sticker on the Cards page first). Nothing was "
                              "changed.", component=self._name(spec, entry))
        if refusal is not None:
            table.tags.tags = before_tags
            return "refused", refusal
        was = box.entry(entry.id)
        try:
            refusal = box.put(entry, uid, table.tags if uid is not None else None)
        except RuleError as exc:
            table.tags.tags = before_tags
            return "refused", exc.message
        except OSError as exc:
            table.tags.tags = before_tags
            return "refused", msg("The owner's component data cannot be saved ({reason}): nothing was changed.",
                                  reason=exc.strerror or str(exc))
        if refusal is not None:
            return "refused", refusal
        if uid is not None and table.tags.tags != before_tags:
            try:
                save_tagmap(table.state_dir, table.tags)
            except OSError as exc:
                table.tags.tags = before_tags
                self.changed()
                return "refused", msg("{component} is taken, but the tag map cannot be saved ({reason}): tap it "
                                      "again once the device can save.", component=entry.label,
                                      reason=exc.strerror or str(exc))
        self.changed()
        name = self._name(spec, entry)
        if was is None or entry.extra and not was.extra:
            return "ok", msg("{component}: added to the box as an extra component.", component=name)
        if same_print(spec, {f.name: value_at(entry, f.name) for f in spec.fields}, was):
            return "ok", msg("{component}: checked, it is what the companion believed.", component=name)
        return "ok", msg("{component}: corrected to what is printed on it.", component=name)

    def _drop(self, request: EnrolRequest) -> tuple[str, Message]:
        """The owner's entry forgotten: the shipped entry is in force again (an extra one leaves the box and its
        tag map entry)."""
        table = self.table
        ask = request.census
        assert ask is not None and ask.base is not None
        try:
            box = open_box(table.state_dir, request.game, table.fs)
        except RuleError as exc:
            return "refused", exc.message
        spec = box.data.totals.kinds.get(ask.kind)
        entry = box.entry(ask.base)
        mine = any(e.id == (entry.id if entry else None) for e in box.owner)
        if spec is None or entry is None or not mine:
            return "refused", msg("The box's data has no entry of its own for {id}: nothing to change.",
                                  id=ask.base)
        name = self._name(spec, entry)
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
        uid = table.tags.uid_for(f"{spec.tag}:{entry.id}") if spec.tag is not None else None
        if shipped is None and uid is not None:
            before = dict(table.tags.tags)
            del table.tags.tags[uid]
            try:
                save_tagmap(table.state_dir, table.tags)
            except OSError:
                table.tags.tags = before
        self.changed()
        if shipped is None:
            return "ok", msg("{component} is no longer in the box's data.", component=entry.label)
        return "ok", msg("{component}: the shipped data again.", component=name)

    def _correct(self, request: EnrolRequest) -> tuple[str, Message]:
        """During a game: the component the screen names is not what is printed (companion.census.in_game)."""
        table = self.table
        ask = request.census
        assert ask is not None and table.match is not None
        try:
            box = open_box(table.state_dir, request.game, table.fs)
            spec = box.data.totals.kinds.get(ask.kind)
            if spec is None:
                return "refused", msg("{value} is not a kind of component this game has.", value=repr(ask.kind))
            entry = box.answer(ask.kind, ask.answers, base=ask.base)
        except RuleError as exc:
            return "refused", exc.message
        uid = table.tags.uid_for(f"{spec.tag}:{entry.id}") if spec.tag is not None else None
        try:
            correction = correct_during_game(box, table.match, table.journal, entry, uid,
                                             table.tags if spec.tag is not None else None, table.moment())
        except OSError as exc:
            return "refused", msg("The correction cannot be saved ({reason}): the game goes on as it was.",
                                  reason=exc.strerror or str(exc))
        if correction.refused:
            return "refused", correction.message
        if correction.applies == NEXT_INPUT:
            table.match = correction.match
            self.changed(now=True)
        else:
            self.stale = True
        return "ok", correction.message

    def changed(self, now: bool = False) -> None:
        """The owner's data changed: the game's words and the next game follow it now when no game is being
        played (or `now`, when the game being played follows it too), else once none is."""
        table = self.table
        if not now and (table.match is not None or table.mode not in QUIET_MODES):
            self.stale = True
            return
        self.stale = False
        table.ui = game_ui(table.ui.name, table.state_dir)
        table.set_language(table.tr.lang)

