"""The census walk's list and words on screen: the question, the entries OK can take, the component in hand, the count.

Read from where the walk stands (companion.app.census_state) in the census
data's words (companion.app.census_words); nothing here changes the walk.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.app.census_state import WalkState
from companion.app.census_words import CensusWords, capital, same
from engine.core.census import Field, value_at
from engine.core.messages import Message, msg

FITS_SHOWN = 3
"""The fitting entries offered above a question: more than this and the next answer narrows them first."""
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


@dataclass(frozen=True)
class Choice:
    """One entry of the list on screen: what OK does with it, and its words."""

    id: str
    label: str


class CensusList:
    """The list for the stage the walk is at (`build`), its default highlight, and the screen's other words.

    `recent` are the tag targets a correction offers before any tap."""

    def __init__(self, state: WalkState, words: CensusWords, recent: Sequence[str] = ()) -> None:
        self.state = state
        self.words = words
        self.recent = tuple(recent)

    def question(self) -> Message:
        """The question on screen now."""
        state, words = self.state, self.words
        if state.stage == "home":
            sorts = " / ".join(words.kind_words(k) for k in state.tagged())
            if not sorts:
                return msg("Choose what to count.")
            return msg("Tap a {sort} to check what is printed on it.", sort=sorts)
        if state.stage == "which":
            return msg("Which component is not what the screen says? Tap it on the reader, or choose it.")
        if state.stage == "believe":
            return msg("Is this what is printed on it? OK: yes.")
        if state.stage == "kind":
            return msg("A new tag: what is it?")
        if state.stage == "pick":
            return msg("{sort}: which one is it?", sort=capital(words.kind_words(state.spec())))
        spec = state.open_question()
        if spec is not None:
            field = capital(words.field(spec))
            if spec.type == "names" and spec.name in state.answers:
                return msg("{field}: another one printed on it?", field=field)
            return msg("{field}: what is printed on it?", field=field)
        if state.correcting:
            return msg("Correct it like this? OK: yes.")
        return msg("Which one is it? OK takes the highlighted one.")

    def card(self) -> list[str]:
        """The component in hand: what the companion believes is printed on it, or what was said so far."""
        state, words, tr = self.state, self.words, self.words.tr
        lines: list[str] = []
        entry = state.box.entry(state.base) if state.base is not None else None
        if state.stage == "believe" and entry is not None:
            lines.append(words.describe(entry))
            lines.append(tr(words.status(entry, state.box.checked())))
        elif state.stage in ("ask", "pick", "kind"):
            if state.uid is not None and entry is None:
                lines.append(tr(msg("New tag {uid}.", uid=state.uid)))
            elif entry is not None:
                lines.append(tr(msg("The companion believes: {component}", component=words.describe(entry))))
            if state.kind is not None and state.stage == "ask":
                lines.append(tr(msg("You said: {component}", component=words.said(state.spec(), state.answers))))
        return lines

    def counted(self) -> list[str]:
        """How far the count is: every kind's on the first list, the kind in hand's otherwise."""
        tr = self.words.tr
        if self.state.stage == "which":
            return [tr(msg("A correction counts from the next input when nothing has depended on it yet, "
                           "else from the next game; the game's journal notes it either way."))]
        if self.state.stage == "home":
            return [*self.progress(), tr(msg("During a game, hold Undo when a card is not what the screen says."))]
        return self.progress(self.state.kind) if self.state.kind is not None else []

    def progress(self, kind: str | None = None) -> list[str]:
        """Every kind's count (or `kind`'s), in the table's language."""
        return [self.words.tr(p.message) for p in self.state.box.progress() if kind is None or p.kind == kind]

    def build(self) -> list[Choice]:
        """The list for the stage the walk is at."""
        state, words, tr = self.state, self.words, self.words.tr
        box = state.box
        if state.stage == "home":
            out = [Choice(f"kind:{k.kind}", tr(msg("{sort} (no tag)", sort=capital(words.kind_words(k, many=True)))))
                   for k in state.totals.values() if not k.tag]
            if box.legacy is not None:
                out.append(Choice("import", tr(msg("Import {path}", path=box.legacy.name))))
            return [*out, Choice("done", tr(msg("Done")))]
        if state.stage == "which":
            out = []
            for target in self.recent:
                entry = box.entry(target.partition(":")[2])
                if entry is not None:
                    out.append(Choice(f"take:{target}", words.describe(entry)))
            return [*out, Choice("close", tr(msg("Close: nothing is wrong")))]
        if state.stage == "believe":
            out = [Choice("confirm", tr(msg("Yes, that is printed"))),
                   Choice("wrong", tr(msg("No, something else is printed")))]
            if state.base is not None and any(e.id == state.base for e in box.owner):
                extra = any(e.id == state.base and e.extra for e in box.owner)
                out.append(Choice("drop", tr(msg("Not in my box: forget it") if extra
                                             else msg("Back to the shipped data"))))
            return out
        if state.stage == "kind":
            return [Choice(f"kind:{k.kind}", capital(words.kind_words(k))) for k in state.tagged()]
        if state.stage == "pick":
            spec = state.spec()
            entries = [e for e in box.entries if e.kind == spec.kind]
            entries.sort(key=lambda e: e.id in box.checked())
            return [Choice(f"fit:{e.id}", words.describe(e, False) + ("" if e.id not in box.checked()
                                                                    else " " + tr(msg("(checked)"))))
                    for e in entries]
        spec_field = state.open_question()
        if spec_field is not None:
            return self._question_choices(spec_field)
        return self._last_choices()

    def _question_choices(self, spec: Field) -> list[Choice]:
        state, words = self.state, self.words
        out = []
        if not state.correcting and not (state.loop is not None and state.uid is None):
            # (a token without a tag: its answer is the check, no entry to pick besides)
            fits = state.fitting()
            if 0 < len(fits) <= FITS_SHOWN:
                out = [Choice(f"fit:{e.id}", words.tr(msg("It is: {component}", component=words.describe(e, False))))
                       for e in fits if not state.taken(e)]
        choices, _ = state.field_choices(spec)
        if spec.type == "names":
            said = state.answers.get(spec.name)
            if said is None:
                out.append(Choice("ans:", words.answer_words(spec, [])))
            else:
                out.append(Choice(END, words.tr(msg("Nothing more"))))
                choices = [c for c in choices if c not in said]
            out.extend(Choice(f"ans:{answer_key(c)}", words.answer_words(spec, [c])) for c in choices)
            return out
        out.extend(Choice(f"ans:{answer_key(c)}", words.answer_words(spec, c)) for c in choices)
        return out

    def _last_choices(self) -> list[Choice]:
        """Everything is said: the entries it can be, the nearest to correct, as printed, an extra one."""
        state, words, tr = self.state, self.words, self.words.tr
        box = state.box
        base = box.entry(state.base) if state.base is not None else None
        changes = words.changes(state.spec(), state.answers, base) if base is not None else ""
        if state.correcting and base is not None:
            if changes:
                return [Choice(f"fix:{base.id}", tr(msg("Correct it: {changes}", changes=changes))),
                        Choice("close", tr(msg("Close: nothing is wrong")))]
            return [Choice("close", tr(msg("It is what the screen says: close")))]
        fits = state.fitting()
        free = [e for e in fits if not state.taken(e)]
        out = [Choice(f"fit:{e.id}", tr(msg("It is: {component}", component=words.describe(e, False)))) for e in free]
        checked_base = base is not None and base.id in box.checked()
        same_one = base is not None and same(state.answers.get("id", base.id), base.id)
        if base is not None and same_one and changes:
            fix = Choice(f"fix:{base.id}", tr(msg("Correct it: {changes}", changes=changes)))
            out.insert(0 if checked_base else len(out), fix)
        if not free:
            out.extend(Choice(f"fit:{e.id}", tr(msg("It is: {component}", component=words.describe(e, False))))
                       for e in fits)
            assert state.kind is not None
            nearest = [fit.entry for fit in box.fitting(state.kind, state.answers, nearest=FITS_SHOWN)
                       if not fit.exact and not state.taken(fit.entry) and fit.entry.id != state.base
                       and "id" not in fit.differs]
            out.extend(Choice(f"fix:{e.id}", tr(msg("Correct {component}", component=words.describe(e, False))))
                       for e in nearest)
            out.append(Choice("record", tr(msg("As printed, in place of a component not checked yet"))))
        if state.spec().extras:
            out.append(Choice("extra", tr(msg("An extra one (a promo)"))))
        return out

    def default(self, choices: list[Choice]) -> int:
        """The highlight when a list appears: the first entry offered, else the answer of the entry the
        highlight follows (`WalkState.reference`), else the first."""
        state = self.state
        ids = [c.id for c in choices]
        if state.stage == "ask" and (spec := state.open_question()) is not None:
            if ids and ids[0].startswith("fit:"):
                return 0
            reference = state.reference()
            if reference is not None:
                value = value_at(reference, spec.name)
                if spec.type == "names":
                    said = state.answers.get(spec.name)
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
