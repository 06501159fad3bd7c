"""The census walk: one census (or one correction during a game) on the device, events in, words out.

The questions, their answers and the answers' words are the game's census
data (games/<game>/data/census.toml), so the walk knows no game; the
app hosts it from its first menu and during a game (companion.app.census_steps,
where the whole census is described) and `companion enroll --census` alone on
the screen (companion.app.enrolment). Nothing here draws: `census_screen`
makes the Screen value companion.screens.census draws.

The walk is three parts: where it stands (companion.app.census_state's
`WalkState`: the stage, the component in hand, the answers), its words
(companion.app.census_words) and its list (companion.app.census_list);
`CensusWalk` here takes the table's presses and taps and writes what the
owner confirms.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.app.census_list import END, CensusList, Choice, answer_key
from companion.app.census_state import WalkState
from companion.app.census_words import CensusWords, same
from companion.census import OwnerBox, census_namers
from companion.games.base import Text
from companion.i18n import Translator
from companion.runtime.tagmap import TagMap, save_tagmap
from companion.screen_model import Screen
from engine import RuleError
from engine.core.census import value_at
from engine.core.components import Component
from engine.core.messages import Message, msg, msg_n

RECENT = 4
"""How many of the last cards tapped in a game the correction offers."""
NEW_TAG = "new-tag"
"""The laptop's virtual deck during the census: a tag nobody has enrolled yet (a promo, a replaced sticker)."""

Say = Callable[[Text, bool], None]


def save_census_tags(state_dir: Path, tags: TagMap, say: Say) -> None:
    """After a put or confirm, the host's share: the tag map saved; a disk that refuses it is said (the owner's
    data was saved before it)."""
    try:
        save_tagmap(state_dir, tags)
    except OSError as exc:
        say(msg("The tag map cannot be saved ({reason}); the owner's data is.", reason=exc.strerror or str(exc)),
            True)


class CensusWalk:
    """One census (or one correction during a game) over an owner's box: taps and buttons in, a list out.

    `say` shows a note or a refusal (finished words); `saved` runs after each
    put or confirm (the host saves the tag map and names the new data);
    `correct` (a correction during a game) takes the corrected entry instead
    of `box.put` and returns whether it was taken; `recent` are the tag
    targets a correction offers before any tap.
    """

    def __init__(self, box: OwnerBox, tags: TagMap, tr: Translator, say: Say, saved: Callable[[], None],
                 correct: Callable[[Component, str | None], bool] | None = None,
                 recent: Sequence[str] = ()) -> None:
        self.box = box
        self.tags = tags
        self.tr = tr.with_namers(census_namers())
        self.say = say
        self.saved = saved
        self.correct = correct
        self.done = False
        self.state = WalkState(box, tags, correct is not None)
        self.words = CensusWords(self.state.totals, self.tr)
        self.list = CensusList(self.state, self.words, recent)
        self.selected = 0
        self._choices: list[Choice] = []
        self._refresh()

    # --- where it stands, what it shows ---------------------------------------------------------------

    @property
    def stage(self) -> str:
        return self.state.stage

    @property
    def kind(self) -> str | None:
        return self.state.kind

    @property
    def base(self) -> str | None:
        return self.state.base

    @property
    def answers(self) -> dict[str, Any]:
        return self.state.answers

    def describe(self, entry: Component, kind: bool = True) -> str:
        """A component as printed, in the table's words (companion.app.census_words)."""
        return self.words.describe(entry, kind)

    def question(self) -> Message:
        return self.list.question()

    def card(self) -> list[str]:
        return self.list.card()

    def counted(self) -> list[str]:
        return self.list.counted()

    def choices(self) -> list[Choice]:
        return list(self._choices)

    def _refresh(self) -> None:
        """The list for the stage the walk is at, with its default highlight."""
        self._choices = self.list.build()
        self.selected = self.list.default(self._choices) if self._choices else 0

    # --- the table's events ---------------------------------------------------------------------------

    def press(self, name: str, held: bool = False) -> None:
        count = len(self._choices)
        if name == "next" and count:
            self.selected = (self.selected + (-1 if held else 1)) % count
        elif name == "ok" and count:
            self.choose(self._choices[self.selected % count].id)
        elif name == "undo":
            self.back()
        else:
            self.say(msg("That button does nothing here: Next walks the list, OK takes it, Undo goes back."), True)

    def tap(self, uid: str) -> None:
        """A tag on the reader: the component in hand from now (a list half answered is left)."""
        state = self.state
        half = state.stage in ("ask", "kind", "pick") and any(not auto for _, auto, _ in state.settled)
        target = self.tags.target(uid)
        state.clear()
        state.loop = None
        state.uid = uid
        if half:
            self.say(self.tr(msg("The answers about the last component were not kept: this is the one just "
                                 "tapped.")), False)
        entry = None
        if target is not None:
            prefix, _, cid = target.partition(":")
            entry = self.box.entry(cid)
            if entry is not None and state.totals.get(entry.kind) is not None \
                    and state.totals[entry.kind].tag != prefix:
                entry = None
        if entry is None:
            if self.correct is not None:
                self.say(self.tr(msg("Tag {uid} is not enrolled: tap the component the screen named.", uid=uid)),
                         True)
                state.uid = None
                state.stage = "which"
                self._refresh()
                return
            tagged = state.tagged()
            if len(tagged) == 1:
                state.kind = tagged[0].kind
                state.stage = "ask"
            else:
                state.stage = "kind"
            self._refresh()
            return
        state.base = entry.id
        state.kind = entry.kind
        state.stage = "ask" if self.correct is not None else "believe"
        self._refresh()

    def back(self) -> None:
        """Undo: the last answer taken back (with the answers that followed from it alone); before the first
        answer, the step before the questions; at the start, the census ends."""
        state = self.state
        if state.stage == "ask":
            while state.settled and state.settled[-1][1]:
                state.unsay(*state.settled.pop())
            if state.settled:
                state.unsay(*state.settled.pop())
                self._refresh()
                return
        if state.stage in ("ask", "pick"):
            if state.base is not None and self.correct is None:
                state.stage = "believe"
                state.answers, state.closed = {}, set()
            elif state.uid is not None and state.base is None and len(state.tagged()) > 1:
                state.stage = "kind"
                state.kind = None
            else:
                state.home()
            self._refresh()
            return
        if state.stage in ("kind", "believe"):
            state.home()
            self._refresh()
            return
        self.done = True

    def choose(self, option: str) -> None:
        state = self.state
        what, _, arg = option.partition(":")
        if what == "done" or what == "close":
            self.done = True
        elif what == "kind":
            state.kind = arg
            if state.stage == "home":
                state.loop = arg
                state.uid = None
            state.stage = "pick" if not state.spec().fields else "ask"
            self._refresh()
        elif what == "take":
            uid = self.tags.uid_for(arg)
            if uid is None:
                self.say(msg("That component has no tag: tap it on the reader."), True)
                return
            self.tap(uid)
        elif what == "confirm":
            assert state.base is not None
            self._take(state.base)
        elif what == "wrong":
            state.stage = "ask"
            self._refresh()
        elif what == "drop":
            self._drop()
        elif what == "ans":
            self._answer(arg)
        elif what == END:
            self._end_list()
        elif what == "fit":
            self._take(arg)
        elif what == "fix":
            self._fix(arg)
        elif what == "record":
            self._record()
        elif what == "extra":
            self._extra()
        elif what == "import":
            self._import()

    def _answer(self, arg: str) -> None:
        state = self.state
        spec = state.open_question()
        if spec is None:
            return
        how = "value"
        if spec.type == "names":
            said = list(state.answers.get(spec.name, []))
            if arg == "" and spec.name not in state.answers:
                state.answers[spec.name] = []
                state.closed.add(spec.name)
            else:
                choices, _ = state.field_choices(spec)
                found = [c for c in choices if c not in said and answer_key([c]) == arg]
                if not found:
                    return
                state.answers[spec.name] = [*said, found[0]]
                how = "pick"
        else:
            choices, _ = state.field_choices(spec)
            found = [c for c in choices if answer_key(c) == arg]
            if not found:
                return
            state.answers[spec.name] = found[0]
        state.settled.append((spec.name, False, how))
        if state.open_question() is None and state.loop is not None and state.uid is None:
            free = [e for e in state.fitting() if not state.taken(e)]
            if free:
                self._take(free[0].id)  # a token without a tag: saying what it shows is checking it
                return
        self._refresh()

    def _end_list(self) -> None:
        """"Nothing more": the list of names being asked is complete."""
        state = self.state
        spec = state.open_question()
        if spec is None or spec.type != "names" or spec.name not in state.answers:
            return
        state.closed.add(spec.name)
        state.settled.append((spec.name, False, "close"))
        self._refresh()

    # --- taking what was said ---------------------------------------------------------------------------

    def _take(self, cid: str) -> None:
        """Component `cid` as the data has it is what is printed (checked, its tag bound to it)."""
        state = self.state
        entry = self.box.entry(cid)
        if entry is None:
            return
        if state.taken(entry) and state.totals[entry.kind].tag and not state.totals[entry.kind].distinct:
            self.say(self.tr(msg("{component} is already checked with another tag: two components cannot both be "
                                 "it. Say what else is printed, or tap that one to correct it.",
                                 component=self.words.describe(entry))), True)
            return
        self._put(entry, lambda: self.box.confirm(cid, state.uid, self.tags))

    def _fix(self, cid: str) -> None:
        state = self.state
        assert state.kind is not None
        entry = self.box.answer(state.kind, state.full(cid), base=cid)
        if self.correct is not None:
            if self.correct(entry, state.uid):
                self.done = True
            return
        self._put(entry, lambda: self.box.put(entry, state.uid, self.tags))

    def _record(self) -> None:
        """The answers as printed, in the place of the unchecked entry nearest to them (or a new one: the box
        then holds one too many, which the census refuses, naming the total)."""
        state = self.state
        assert state.kind is not None
        checked = self.box.checked()
        free = [e for e in self.box.entries if e.kind == state.kind and not e.extra and e.id not in checked
                and not state.taken(e)]
        if free:
            free.sort(key=lambda e: sum(not same(value_at(e, p), v) for p, v in state.answers.items()))
            entry = self.box.answer(state.kind, state.full(free[0].id), base=free[0].id)
        else:
            entry = replace(self.box.answer(state.kind, state.answers, extra=True, label=self._label()), extra=False)
        self._put(entry, lambda: self.box.put(entry, state.uid, self.tags))

    def _extra(self) -> None:
        state = self.state
        assert state.kind is not None
        entry = self.box.answer(state.kind, state.answers, extra=True, label=self._label())
        self._put(entry, lambda: self.box.put(entry, state.uid, self.tags))

    def _label(self) -> str:
        """An extra component's label in the owner file (English, like the shipped labels)."""
        state = self.state
        english = CensusWords(state.totals, Translator("en").with_namers(census_namers()))
        return f"Extra {english.said(state.spec(), state.answers)}"

    def _put(self, entry: Component, write: Callable[[], Message | None]) -> None:
        """Write `entry` (checked, refused with the reason, or not saved) and say so; then the next one."""
        state = self.state
        freed = self._free_tag(entry)
        try:
            refusal = write()
        except (OSError, RuleError) as exc:
            self._restore(freed)
            reason = exc.message if isinstance(exc, RuleError) else (exc.strerror or str(exc))
            self.say(self.tr(msg("Not saved ({reason}): nothing was changed.", reason=reason)), True)
            return
        if refusal is not None:
            self._restore(freed)
            self.say(self.tr(refusal), True)
            return
        # A freed tag named a component the owner had not checked (`_free_tag`): nothing of the owner's to undo.
        self.saved()
        done = self.box.entry(entry.id) or entry
        self.say(self.tr(msg("Checked: {component}.", component=self.words.describe(done))), False)
        kind = entry.kind
        state.clear()
        if state.loop is not None and state.loop == kind:
            state.kind = kind
            state.stage = "pick" if not state.spec().fields else "ask"
        else:
            state.loop = None
            state.stage = "home"
        self._refresh()

    def _free_tag(self, entry: Component) -> str | None:
        """The tag in hand, bound to another component the owner has not checked, is unbound for `entry` (an
        enrolment's guess is corrected); returns the target it named."""
        state = self.state
        if state.uid is None:
            return None
        bound = self.tags.target(state.uid)
        mine = state.target(entry)
        if bound is None or bound == mine:
            return None
        cid = bound.partition(":")[2]
        if self.box.entry(cid) is not None and cid in self.box.checked():
            return None  # checked by the owner: box.check refuses it, naming it
        del self.tags.tags[state.uid]
        return bound

    def _restore(self, freed: str | None) -> None:
        state = self.state
        if freed is not None and state.uid is not None:
            self.tags.tags[state.uid] = freed

    def _import(self) -> None:
        """An earlier release's edited copy of the components file (never read): its differences taken as the
        owner's entries, the file renamed; refused whole (named) when its data would not make a game."""
        from companion.census import import_legacy

        path = self.box.legacy
        try:
            taken = import_legacy(self.box)
        except (OSError, RuleError) as exc:
            reason = exc.message if isinstance(exc, RuleError) else (exc.strerror or str(exc))
            self.say(self.tr(msg("Not saved ({reason}): nothing was changed.", reason=reason)), True)
            return
        self.saved()
        self.say(self.tr(msg_n("{n} component taken from {path}; the file is renamed {path}.imported.",
                               "{n} components taken from {path}; the file is renamed {path}.imported.",
                               n=len(taken), path=path.name if path is not None else "")), False)
        self._refresh()

    def _drop(self) -> None:
        state = self.state
        assert state.base is not None
        entry = self.box.entry(state.base)
        try:
            self.box.drop(state.base)
        except (OSError, RuleError) as exc:
            reason = exc.message if isinstance(exc, RuleError) else (exc.strerror or str(exc))
            self.say(self.tr(msg("Not saved ({reason}): nothing was changed.", reason=reason)), True)
            return
        target = state.target(entry) if entry is not None and entry.extra else None
        bound = self.tags.uid_for(target) if target is not None else None
        if bound is not None:
            del self.tags.tags[bound]  # the component is gone: its tag names nothing now
        self.saved()
        if entry is not None and entry.extra:
            self.say(self.tr(msg("Forgotten: {component}.", component=self.words.describe(entry))), False)
        elif entry is not None:
            self.say(self.tr(msg("Back to the shipped data: {component}.", component=self.words.describe(
                self.box.entry(entry.id) or entry))), False)
        state.clear()
        state.stage = "home"
        self._refresh()


def census_screen(walk: CensusWalk, selected: int, **common: Any) -> Screen:
    """The census's frame (companion.screens.census draws it): the question as the title, the list, the
    component in hand and the count."""
    choices = walk.choices()
    card = walk.card()
    return Screen("census", title=walk.tr(walk.question()), options=tuple(c.label for c in choices),
                  selected=selected % len(choices) if choices else 0, detail=(*card, *walk.counted()),
                  view={"census": {"card": len(card), "stage": walk.stage}},
                  buttons=("next", "ok", "undo") if choices else ("undo",), lang=walk.tr.lang, **common)
