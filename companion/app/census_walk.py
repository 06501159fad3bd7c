"""The census walk: one census (or one correction during a game) on the device, events in, words out.

The questions, their answers and the answers' words are the game's census
data (games/<game>/data/census.toml), so the walk knows no game; the
app hosts it from its first menu and during a game (companion.app.census_steps,
where the whole census is described) and `companion enroll --census` alone on
the screen (companion.app.enrolment). Nothing here draws: `census_screen`
makes the Screen value companion.screens.census draws.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion.census import OwnerBox, census_namers
from companion.games.base import Text
from companion.i18n import Translator
from companion.runtime.tagmap import TagMap, save_tagmap
from companion.screen_model import Screen
from engine import RuleError
from engine.core.census import Field, Kind, answered, value_at
from engine.core.components import Component
from engine.core.messages import Message, msg, msg_n

FITS_SHOWN = 3
"""The fitting entries offered above a question: more than this and the next answer narrows them first."""
RECENT = 4
"""How many of the last cards tapped in a game the correction offers."""
NEW_TAG = "new-tag"
"""The laptop's virtual deck during the census: a tag nobody has enrolled yet (a promo, a replaced sticker)."""
END = "end"
"""The list's entry that ends a list of names ("nothing more"); an answer's entry is "ans:" and the answer as
text ("ans:3", "ans:doll", "ans:true"; "ans:" for no symbol, or a list of names left empty)."""


def answer_key(value: Any) -> str:
    """An answer as the list's entry names it: a table script reads "ans:doll", "ans:6", "ans:false"."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return str(value[0]) if value else ""
    return str(value)


Say = Callable[[Text, bool], None]


def save_census_tags(state_dir: Path, tags: TagMap, say: Say) -> None:
    """After a put or confirm, the host's share: the tag map saved; a disk that refuses it is said (the owner's
    data was saved before it)."""
    try:
        save_tagmap(state_dir, tags)
    except OSError as exc:
        say(msg("The tag map cannot be saved ({reason}); the owner's data is.", reason=exc.strerror or str(exc)),
            True)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return sorted(map(str, a)) == sorted(map(str, b))
    return bool(a == b)


def _capital(words: str) -> str:
    """Words that start a sentence: the first letter a capital ("value" -> "Value"; "Kiai humain" stays)."""
    return words[:1].upper() + words[1:]


@dataclass(frozen=True)
class Choice:
    """One entry of the list on screen: what OK does with it, and its words."""

    id: str
    label: str


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
        self.recent = tuple(recent)
        self.done = False
        self.stage = "which" if correct is not None else "home"
        self.uid: str | None = None
        self.base: str | None = None
        """The entry the tag names (a known tag), or the entry being corrected during a game."""
        self.kind: str | None = None
        self.answers: dict[str, Any] = {}
        self.settled: list[tuple[str, bool, str]] = []
        """The answers given, in order: the question, whether it answered itself (one possible answer: Undo
        steps back over those), and how ("value", "pick" one name of a list, "close" a list ended)."""
        self.closed: set[str] = set()
        """The lists of names the owner ended ("nothing more")."""
        self.loop: str | None = None
        """A kind without tags counted one token after another from the first list (Farmsteads)."""
        self.selected = 0
        self._choices: list[Choice] = []
        self._refresh()

    # --- what the box holds ---------------------------------------------------------------------------

    @property
    def totals(self) -> dict[str, Kind]:
        return dict(self.box.data.totals.kinds)

    def spec(self) -> Kind:
        assert self.kind is not None
        return self.totals[self.kind]

    def tagged(self) -> list[Kind]:
        return [k for k in self.totals.values() if k.tag]

    def _target(self, entry: Component) -> str | None:
        spec = self.totals.get(entry.kind)
        return f"{spec.tag}:{entry.id}" if spec is not None and spec.tag else None

    def taken(self, entry: Component) -> bool:
        """Checked by the owner against another physical component: bound to another tag, or (without tags)
        counted already."""
        if entry.id not in self.box.checked():
            return False
        target = self._target(entry)
        if target is None:
            return True
        bound = self.tags.uid_for(target)
        return bound is not None and bound != self.uid

    # --- words ---------------------------------------------------------------------------------------

    def answer_words(self, spec: Field, value: Any) -> str:
        """One answer as the screen says it: the data's words ("doll", "no penalty"), a name, a number."""
        if spec.type == "names" and isinstance(value, list | tuple) and len(value) > 1:
            return " + ".join(self.answer_words(spec, [v]) for v in value)
        words = spec.answer_words(value)
        if words is not None:
            return words.get(self.tr.lang)[0]
        if isinstance(value, bool):
            return f"{self._field(spec)}: {self.tr(msg('yes') if value else msg('no'))}"
        if isinstance(value, list | tuple):
            return ", ".join(str(v) for v in value) if value else "-"
        return str(value).capitalize() if spec.name == "id" else str(value)

    def _field(self, spec: Field) -> str:
        return spec.words.get(self.tr.lang)[0]

    def _kind_words(self, kind: Kind, many: bool = False) -> str:
        one, plural = kind.words.get(self.tr.lang)
        return plural if many else one

    def _part(self, spec: Field, value: Any) -> str:
        """A field within a component's description: "value 3", "doll", "Kyuzo", "reverse penalty A"."""
        words = self.answer_words(spec, value)
        if spec.name == "id" or spec.answer_words(value) is not None or spec.type == "names":
            return words
        return f"{self._field(spec)} {words}"

    def describe(self, entry: Component, kind: bool = True) -> str:
        """A component as printed, every question answered: "Card: value 3, doll, wound, flames" (without
        `kind`: "value 3, doll, wound, flames", where the list is about one kind)."""
        spec = self.totals[entry.kind]
        parts = [self._part(f, value_at(entry, f.name)) for f in spec.fields if value_at(entry, f.name) is not None]
        if not spec.fields:
            parts = [self._named(entry)]
        head = _capital(self._kind_words(spec))
        if not kind and parts:
            return ", ".join(parts)
        return self.tr(msg("{sort}: {answers}", sort=head, answers=", ".join(parts))) if parts else head

    def _named(self, entry: Component) -> str:
        """A component the census asks nothing about (a player's colour), by the words another kind's question
        gives it (a tile's colour), else by its label."""
        for kind in self.totals.values():
            for spec in kind.fields:
                words = spec.answer_words(entry.id) if spec.choices_from == entry.kind else None
                if words is not None:
                    return words.get(self.tr.lang)[0]
        return entry.label

    def _said(self) -> str:
        """What the owner said so far about the component in hand."""
        spec = self.spec()
        parts = [self._part(f, self.answers[f.name]) for f in spec.fields if f.name in self.answers]
        head = _capital(self._kind_words(spec))
        return self.tr(msg("{sort}: {answers}", sort=head, answers=", ".join(parts))) if parts else head

    def _progress(self, kind: str | None = None) -> list[str]:
        return [self.tr(p.message) for p in self.box.progress() if kind is None or p.kind == kind]

    # --- the questions ------------------------------------------------------------------------------

    def _partial(self) -> Component:
        """The component as said so far (for the questions' `when`: a Boss may show two penalties)."""
        spec = self.spec()
        answers = {k: v for k, v in self.answers.items() if k != "id"}
        return answered(spec, None, answers, cid=str(self.answers.get("id", "census")))

    def _field_choices(self, spec: Field) -> tuple[list[Any], int | None]:
        """The answers the rulebook allows for `spec` given what was said so far, and how many names at most."""
        choices, most = spec.rule_for(self._partial())
        if spec.choices_from is not None:
            out: list[Any] = [e.id for e in self.box.entries if e.kind == spec.choices_from]
        elif choices is not None:
            out = list(choices)
        elif spec.type == "bool":
            out = [True, False]
        elif spec.type == "int" and spec.low is not None and spec.high is not None:
            out = list(range(spec.low, spec.high + 1))
        else:
            out = sorted({str(value_at(e, spec.name)) for e in self.box.entries if e.kind == self.kind})
        if spec.at_least is not None and isinstance(self.answers.get(spec.at_least), int):
            floor = self.answers[spec.at_least]
            out = [v for v in out if not isinstance(v, int) or v >= floor]
        return out, most

    def _open_question(self) -> Field | None:
        """The next question to ask (answering on its own any that has one possible answer), None when
        everything is said."""
        if self.kind is None:
            return None
        for spec in self.spec().fields:
            if spec.name == "id" and self.correct is not None and self.base is not None:
                if spec.name not in self.answers:
                    self.answers["id"] = self.base  # the component in hand during a game is that one
                    self.settled.append(("id", True, "value"))
                continue
            if spec.type == "names":
                said = self.answers.get(spec.name)
                if said is None:
                    return spec
                _, most = self._field_choices(spec)
                if spec.name in self.closed or (most is not None and len(said) >= most):
                    continue
                choices, _ = self._field_choices(spec)
                if not [c for c in choices if c not in said]:
                    continue
                return spec
            if spec.name in self.answers:
                continue
            choices, _ = self._field_choices(spec)
            if len(choices) == 1:
                self.answers[spec.name] = choices[0]
                self.settled.append((spec.name, True, "value"))
                continue
            return spec
        return None

    def _exact(self) -> list[Component]:
        """The entries that fit every answer so far (a list of names the owner ended: exactly), best first: the
        one in hand, then not taken, not checked, in the data's order."""
        assert self.kind is not None
        exact = [fit.entry for fit in self.box.fitting(self.kind, self.answers, nearest=0) if fit.exact]
        for path in self.closed:
            exact = [e for e in exact if _same(value_at(e, path) or [], self.answers[path])]
        checked = self.box.checked()
        order = {e.id: n for n, e in enumerate(self.box.entries)}
        exact.sort(key=lambda e: (e.id != self.base, self.taken(e), e.id in checked, order.get(e.id, 0)))
        return exact

    def _fitting(self) -> list[Component]:
        """`_exact`, one of each set of like entries not checked yet (any one of them is the component in
        hand); each checked one stands for its own physical component."""
        checked = self.box.checked()
        asked = [f.name for f in self.spec().fields]
        seen: set[tuple[str, ...]] = set()
        out = []
        for entry in self._exact():
            key = (entry.id,) if entry.id in checked else tuple(repr(value_at(entry, p)) for p in asked)
            if key not in seen:
                seen.add(key)
                out.append(entry)
        return out

    def _reference(self) -> Component | None:
        """The entry whose answers the highlight follows: the one in hand (what the companion believes, so only
        what differs needs Next), else the best fit."""
        if self.base is not None and (entry := self.box.entry(self.base)) is not None:
            return entry
        fits = self._exact()
        return fits[0] if fits else None

    # --- the list on screen ---------------------------------------------------------------------------

    def question(self) -> Message:
        """The question on screen now."""
        if self.stage == "home":
            words = " / ".join(self._kind_words(k) for k in self.tagged())
            if not words:
                return msg("Choose what to count.")
            return msg("Tap a {sort} to check what is printed on it.", sort=words)
        if self.stage == "which":
            return msg("Which component is not what the screen says? Tap it on the reader, or choose it.")
        if self.stage == "believe":
            return msg("Is this what is printed on it? OK: yes.")
        if self.stage == "kind":
            return msg("A new tag: what is it?")
        if self.stage == "pick":
            return msg("{sort}: which one is it?", sort=_capital(self._kind_words(self.spec())))
        spec = self._open_question()
        if spec is not None:
            field = _capital(self._field(spec))
            if spec.type == "names" and spec.name in self.answers:
                return msg("{field}: another one printed on it?", field=field)
            return msg("{field}: what is printed on it?", field=field)
        if self.correct is not None:
            return msg("Correct it like this? OK: yes.")
        return msg("Which one is it? OK takes the highlighted one.")

    def choices(self) -> list[Choice]:
        return list(self._choices)

    def card(self) -> list[str]:
        """The component in hand: what the companion believes is printed on it, or what was said so far."""
        lines: list[str] = []
        entry = self.box.entry(self.base) if self.base is not None else None
        if self.stage == "believe" and entry is not None:
            lines.append(self.describe(entry))
            lines.append(self.tr(self._status(entry)))
        elif self.stage in ("ask", "pick", "kind"):
            if self.uid is not None and entry is None:
                lines.append(self.tr(msg("New tag {uid}.", uid=self.uid)))
            elif entry is not None:
                lines.append(self.tr(msg("The companion believes: {component}", component=self.describe(entry))))
            if self.kind is not None and self.stage == "ask":
                lines.append(self.tr(msg("You said: {component}", component=self._said())))
        return lines

    def counted(self) -> list[str]:
        """How far the count is: every kind's on the first list, the kind in hand's otherwise."""
        if self.stage == "which":
            return [self.tr(msg("A correction counts from the next input when nothing has depended on it yet, "
                                "else from the next game; the game's journal notes it either way."))]
        if self.stage == "home":
            return [*self._progress(),
                    self.tr(msg("During a game, hold Undo when a card is not what the screen says."))]
        return self._progress(self.kind) if self.kind is not None else []

    def _status(self, entry: Component) -> Message:
        if entry.id in self.box.checked():
            return msg("Checked by you.")
        if entry.verified:
            return msg("The rulebook's pictures show it; not checked by you yet.")
        return msg("Not checked yet: the shipped data's best guess.")

    def _refresh(self) -> None:
        """The list for the stage the walk is at, with its default highlight."""
        self._choices = self._build()
        self.selected = self._default() if self._choices else 0

    def _build(self) -> list[Choice]:
        tr = self.tr
        if self.stage == "home":
            out = [Choice(f"kind:{k.kind}", tr(msg("{sort} (no tag)", sort=_capital(self._kind_words(k, many=True)))))
                   for k in self.totals.values() if not k.tag]
            if self.box.legacy is not None:
                out.append(Choice("import", tr(msg("Import {path}", path=self.box.legacy.name))))
            return [*out, Choice("done", tr(msg("Done")))]
        if self.stage == "which":
            out = []
            for target in self.recent:
                entry = self.box.entry(target.partition(":")[2])
                if entry is not None:
                    out.append(Choice(f"take:{target}", self.describe(entry)))
            return [*out, Choice("close", tr(msg("Close: nothing is wrong")))]
        if self.stage == "believe":
            out = [Choice("confirm", tr(msg("Yes, that is printed"))),
                   Choice("wrong", tr(msg("No, something else is printed")))]
            if self.base is not None and any(e.id == self.base for e in self.box.owner):
                extra = any(e.id == self.base and e.extra for e in self.box.owner)
                out.append(Choice("drop", tr(msg("Not in my box: forget it") if extra
                                             else msg("Back to the shipped data"))))
            return out
        if self.stage == "kind":
            return [Choice(f"kind:{k.kind}", _capital(self._kind_words(k))) for k in self.tagged()]
        if self.stage == "pick":
            spec = self.spec()
            entries = [e for e in self.box.entries if e.kind == spec.kind]
            entries.sort(key=lambda e: e.id in self.box.checked())
            return [Choice(f"fit:{e.id}", self.describe(e, False) + ("" if e.id not in self.box.checked()
                                                               else " " + tr(msg("(checked)"))))
                    for e in entries]
        spec_field = self._open_question()
        if spec_field is not None:
            return self._question_choices(spec_field)
        return self._last_choices()

    def _question_choices(self, spec: Field) -> list[Choice]:
        out = []
        if self.correct is None and not (self.loop is not None and self.uid is None):
            # (a token without a tag: its answer is the check, no entry to pick besides)
            fits = self._fitting()
            if 0 < len(fits) <= FITS_SHOWN:
                out = [Choice(f"fit:{e.id}", self.tr(msg("It is: {component}", component=self.describe(e, False))))
                       for e in fits if not self.taken(e)]
        choices, _ = self._field_choices(spec)
        if spec.type == "names":
            said = self.answers.get(spec.name)
            if said is None:
                out.append(Choice("ans:", self.answer_words(spec, [])))
            else:
                out.append(Choice(END, self.tr(msg("Nothing more"))))
                choices = [c for c in choices if c not in said]
            out.extend(Choice(f"ans:{answer_key(c)}", self.answer_words(spec, [c])) for c in choices)
            return out
        out.extend(Choice(f"ans:{answer_key(c)}", self.answer_words(spec, c)) for c in choices)
        return out

    def _last_choices(self) -> list[Choice]:
        """Everything is said: the entries it can be, the nearest to correct, as printed, an extra one."""
        tr = self.tr
        base = self.box.entry(self.base) if self.base is not None else None
        if self.correct is not None and base is not None:
            if self._changes(base):
                return [Choice(f"fix:{base.id}", tr(msg("Correct it: {changes}", changes=self._changes(base)))),
                        Choice("close", tr(msg("Close: nothing is wrong")))]
            return [Choice("close", tr(msg("It is what the screen says: close")))]
        fits = self._fitting()
        free = [e for e in fits if not self.taken(e)]
        out = [Choice(f"fit:{e.id}", tr(msg("It is: {component}", component=self.describe(e, False)))) for e in free]
        checked_base = base is not None and base.id in self.box.checked()
        same_one = base is not None and _same(self.answers.get("id", base.id), base.id)
        if base is not None and same_one and self._changes(base):
            fix = Choice(f"fix:{base.id}", tr(msg("Correct it: {changes}", changes=self._changes(base))))
            out.insert(0 if checked_base else len(out), fix)
        if not free:
            out.extend(Choice(f"fit:{e.id}", tr(msg("It is: {component}", component=self.describe(e, False))))
                       for e in fits)
            assert self.kind is not None
            nearest = [fit.entry for fit in self.box.fitting(self.kind, self.answers, nearest=FITS_SHOWN)
                       if not fit.exact and not self.taken(fit.entry) and fit.entry.id != self.base
                       and "id" not in fit.differs]
            out.extend(Choice(f"fix:{e.id}", tr(msg("Correct {component}", component=self.describe(e, False))))
                       for e in nearest)
            out.append(Choice("record", tr(msg("As printed, in place of a component not checked yet"))))
        if self.spec().extras:
            out.append(Choice("extra", tr(msg("An extra one (a promo)"))))
        return out

    def _changes(self, entry: Component) -> str:
        """What the answers change in `entry`, the new answers only ("penalties must Pass + no talent"; what it
        held is on the screen above); "" when nothing."""
        parts = []
        for spec in self.spec().fields:
            if spec.name not in self.answers or spec.name == "id":
                continue
            if not _same(value_at(entry, spec.name), self.answers[spec.name]):
                words = self._part(spec, self.answers[spec.name])
                many = len(self.answers[spec.name]) > 1 if spec.type == "names" else False
                field = spec.words.get(self.tr.lang)[1 if many else 0]
                parts.append(f"{field}: {words}" if spec.type == "names" else words)
        return ", ".join(parts)

    def _default(self) -> int:
        """The highlight when a list appears: the first entry offered, else the answer of the entry the
        highlight follows (`_reference`), else the first."""
        ids = [c.id for c in self._choices]
        if self.stage == "ask" and (spec := self._open_question()) is not None:
            if ids and ids[0].startswith("fit:"):
                return 0
            reference = self._reference()
            if reference is not None:
                value = value_at(reference, spec.name)
                choices, _ = self._field_choices(spec)
                if spec.type == "names":
                    said = self.answers.get(spec.name)
                    have = list(value or [])
                    if said is None:
                        value = have[:1]
                    else:
                        rest = [v for v in have if v not in said]
                        if not rest:
                            return ids.index(END)
                        value = rest[:1]
                wanted = f"ans:{answer_key(value)}"
                return ids.index(wanted) if wanted in ids else 0
        return 0

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
        half = self.stage in ("ask", "kind", "pick") and any(not auto for _, auto, _ in self.settled)
        target = self.tags.target(uid)
        self._clear()
        self.loop = None
        self.uid = uid
        if half:
            self.say(self.tr(msg("The answers about the last component were not kept: this is the one just "
                                 "tapped.")), False)
        entry = None
        if target is not None:
            prefix, _, cid = target.partition(":")
            entry = self.box.entry(cid)
            if entry is not None and self.totals.get(entry.kind) is not None \
                    and self.totals[entry.kind].tag != prefix:
                entry = None
        if entry is None:
            if self.correct is not None:
                self.say(self.tr(msg("Tag {uid} is not enrolled: tap the component the screen named.", uid=uid)),
                         True)
                self.uid = None
                self.stage = "which"
                self._refresh()
                return
            tagged = self.tagged()
            if len(tagged) == 1:
                self.kind = tagged[0].kind
                self.stage = "ask"
            else:
                self.stage = "kind"
            self._refresh()
            return
        self.base = entry.id
        self.kind = entry.kind
        self.stage = "ask" if self.correct is not None else "believe"
        self._refresh()

    def _clear(self) -> None:
        self.uid = None
        self.base = None
        self.kind = None
        self.answers = {}
        self.settled = []
        self.closed = set()

    def back(self) -> None:
        """Undo: the last answer taken back (with the answers that followed from it alone); before the first
        answer, the step before the questions; at the start, the census ends."""
        if self.stage == "ask":
            while self.settled and self.settled[-1][1]:
                self._unsay(*self.settled.pop())
            if self.settled:
                self._unsay(*self.settled.pop())
                self._refresh()
                return
        if self.stage in ("ask", "pick"):
            if self.base is not None and self.correct is None:
                self.stage = "believe"
                self.answers, self.closed = {}, set()
            elif self.uid is not None and self.base is None and len(self.tagged()) > 1:
                self.stage = "kind"
                self.kind = None
            else:
                self._home()
            self._refresh()
            return
        if self.stage in ("kind", "believe"):
            self._home()
            self._refresh()
            return
        self.done = True

    def _home(self) -> None:
        self._clear()
        self.loop = None
        self.stage = "which" if self.correct is not None else "home"

    def _unsay(self, path: str, auto: bool, how: str) -> None:
        """Take back one settled answer: a value, one name of a list, or the end of a list."""
        if how == "close":
            self.closed.discard(path)
        elif how == "pick":
            names = self.answers.get(path, [])
            self.answers[path] = names[:-1]
            if not self.answers[path]:
                del self.answers[path]
        else:
            self.closed.discard(path)
            self.answers.pop(path, None)

    def choose(self, option: str) -> None:
        what, _, arg = option.partition(":")
        if what == "done" or what == "close":
            self.done = True
        elif what == "kind":
            self.kind = arg
            if self.stage == "home":
                self.loop = arg
                self.uid = None
            self.stage = "pick" if not self.spec().fields else "ask"
            self._refresh()
        elif what == "take":
            uid = self.tags.uid_for(arg)
            if uid is None:
                self.say(msg("That component has no tag: tap it on the reader."), True)
                return
            self.tap(uid)
        elif what == "confirm":
            assert self.base is not None
            self._take(self.base)
        elif what == "wrong":
            self.stage = "ask"
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
        spec = self._open_question()
        if spec is None:
            return
        how = "value"
        if spec.type == "names":
            said = list(self.answers.get(spec.name, []))
            if arg == "" and spec.name not in self.answers:
                self.answers[spec.name] = []
                self.closed.add(spec.name)
            else:
                choices, _ = self._field_choices(spec)
                found = [c for c in choices if c not in said and answer_key([c]) == arg]
                if not found:
                    return
                self.answers[spec.name] = [*said, found[0]]
                how = "pick"
        else:
            choices, _ = self._field_choices(spec)
            found = [c for c in choices if answer_key(c) == arg]
            if not found:
                return
            self.answers[spec.name] = found[0]
        self.settled.append((spec.name, False, how))
        if self._open_question() is None and self.loop is not None and self.uid is None:
            free = [e for e in self._fitting() if not self.taken(e)]
            if free:
                self._take(free[0].id)  # a token without a tag: saying what it shows is checking it
                return
        self._refresh()

    def _end_list(self) -> None:
        """"Nothing more": the list of names being asked is complete."""
        spec = self._open_question()
        if spec is None or spec.type != "names" or spec.name not in self.answers:
            return
        self.closed.add(spec.name)
        self.settled.append((spec.name, False, "close"))
        self._refresh()

    # --- taking what was said ---------------------------------------------------------------------------

    def _take(self, cid: str) -> None:
        """Component `cid` as the data has it is what is printed (checked, its tag bound to it)."""
        entry = self.box.entry(cid)
        if entry is None:
            return
        if self.taken(entry) and self.totals[entry.kind].tag and not self.totals[entry.kind].distinct:
            self.say(self.tr(msg("{component} is already checked with another tag: two components cannot both be "
                                 "it. Say what else is printed, or tap that one to correct it.",
                                 component=self.describe(entry))), True)
            return
        self._put(entry, lambda: self.box.confirm(cid, self.uid, self.tags))

    def _fix(self, cid: str) -> None:
        assert self.kind is not None
        entry = self.box.answer(self.kind, self._full(cid), base=cid)
        if self.correct is not None:
            if self.correct(entry, self.uid):
                self.done = True
            return
        self._put(entry, lambda: self.box.put(entry, self.uid, self.tags))

    def _full(self, cid: str) -> dict[str, Any]:
        """The answers to take over entry `cid`: a list of names it holds in another order keeps its order."""
        entry = self.box.entry(cid)
        answers = dict(self.answers)
        if answers.get("id") == cid:
            answers.pop("id")
        for path, value in answers.items():
            have = value_at(entry, path) if entry is not None else None
            if isinstance(value, list) and isinstance(have, list) and _same(have, value):
                answers[path] = list(have)
        return answers

    def _record(self) -> None:
        """The answers as printed, in the place of the unchecked entry nearest to them (or a new one: the box
        then holds one too many, which the census refuses, naming the total)."""
        assert self.kind is not None
        checked = self.box.checked()
        free = [e for e in self.box.entries if e.kind == self.kind and not e.extra and e.id not in checked
                and not self.taken(e)]
        if free:
            free.sort(key=lambda e: sum(not _same(value_at(e, p), v) for p, v in self.answers.items()))
            entry = self.box.answer(self.kind, self._full(free[0].id), base=free[0].id)
        else:
            entry = replace(self.box.answer(self.kind, self.answers, extra=True, label=self._label()), extra=False)
        self._put(entry, lambda: self.box.put(entry, self.uid, self.tags))

    def _extra(self) -> None:
        assert self.kind is not None
        entry = self.box.answer(self.kind, self.answers, extra=True, label=self._label())
        self._put(entry, lambda: self.box.put(entry, self.uid, self.tags))

    def _label(self) -> str:
        """An extra component's label in the owner file (English, like the shipped labels)."""
        english = Translator("en")
        keep, self.tr = self.tr, english.with_namers(census_namers())
        try:
            return f"Extra {self._said()}"
        finally:
            self.tr = keep

    def _put(self, entry: Component, write: Callable[[], Message | None]) -> None:
        """Write `entry` (checked, refused with the reason, or not saved) and say so; then the next one."""
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
        self.say(self.tr(msg("Checked: {component}.", component=self.describe(done))), False)
        kind = entry.kind
        self._clear()
        if self.loop is not None and self.loop == kind:
            self.kind = kind
            self.stage = "pick" if not self.spec().fields else "ask"
        else:
            self.loop = None
            self.stage = "home"
        self._refresh()

    def _free_tag(self, entry: Component) -> str | None:
        """The tag in hand, bound to another component the owner has not checked, is unbound for `entry` (an
        enrolment's guess is corrected); returns the target it named."""
        if self.uid is None:
            return None
        bound = self.tags.target(self.uid)
        mine = self._target(entry)
        if bound is None or bound == mine:
            return None
        cid = bound.partition(":")[2]
        if self.box.entry(cid) is not None and cid in self.box.checked():
            return None  # checked by the owner: box.check refuses it, naming it
        del self.tags.tags[self.uid]
        return bound

    def _restore(self, freed: str | None) -> None:
        if freed is not None and self.uid is not None:
            self.tags.tags[self.uid] = freed

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
        assert self.base is not None
        entry = self.box.entry(self.base)
        try:
            self.box.drop(self.base)
        except (OSError, RuleError) as exc:
            reason = exc.message if isinstance(exc, RuleError) else (exc.strerror or str(exc))
            self.say(self.tr(msg("Not saved ({reason}): nothing was changed.", reason=reason)), True)
            return
        target = self._target(entry) if entry is not None and entry.extra else None
        bound = self.tags.uid_for(target) if target is not None else None
        if bound is not None:
            del self.tags.tags[bound]  # the component is gone: its tag names nothing now
        self.saved()
        if entry is not None and entry.extra:
            self.say(self.tr(msg("Forgotten: {component}.", component=self.describe(entry))), False)
        elif entry is not None:
            self.say(self.tr(msg("Back to the shipped data: {component}.", component=self.describe(
                self.box.entry(entry.id) or entry))), False)
        self._clear()
        self.stage = "home"
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
