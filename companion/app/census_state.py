"""Where a census walk stands: its stage, the component in hand and what the owner said about it.

The walk (companion.app.census_walk) changes it; its list
(companion.app.census_list) reads it. The questions it asks next and the
entries that fit what was said are read here from the owner's box
(companion.census.box), so the walk's steps and its list agree on them.
"""

from __future__ import annotations

from typing import Any

from companion.app.census_words import same
from companion.census import OwnerBox
from companion.runtime.tagmap import TagMap
from engine.core.census import Field, Kind, answered, value_at
from engine.core.components import Component


class WalkState:
    """The stage ("home", "which", "believe", "kind", "pick", "ask"), the component in hand, the answers.

    `correcting`: a correction during a game (it starts at "which", and the component in hand is the one the
    screen named)."""

    def __init__(self, box: OwnerBox, tags: TagMap, correcting: bool) -> None:
        self.box = box
        self.tags = tags
        self.correcting = correcting
        self.stage = "which" if correcting else "home"
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

    # --- what the box holds ---------------------------------------------------------------------------

    @property
    def totals(self) -> dict[str, Kind]:
        return dict(self.box.data.totals.kinds)

    def spec(self) -> Kind:
        assert self.kind is not None
        return self.totals[self.kind]

    def tagged(self) -> list[Kind]:
        return [k for k in self.totals.values() if k.tag]

    def target(self, entry: Component) -> str | None:
        spec = self.totals.get(entry.kind)
        return f"{spec.tag}:{entry.id}" if spec is not None and spec.tag else None

    def taken(self, entry: Component) -> bool:
        """Checked by the owner against another physical component: bound to another tag, or (without tags)
        counted already."""
        if entry.id not in self.box.checked():
            return False
        target = self.target(entry)
        if target is None:
            return True
        bound = self.tags.uid_for(target)
        return bound is not None and bound != self.uid

    # --- the component in hand ------------------------------------------------------------------------

    def clear(self) -> None:
        self.uid = None
        self.base = None
        self.kind = None
        self.answers = {}
        self.settled = []
        self.closed = set()

    def home(self) -> None:
        """Back to the first list (the correction's: which component)."""
        self.clear()
        self.loop = None
        self.stage = "which" if self.correcting else "home"

    def unsay(self, path: str, auto: bool, how: str) -> None:
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

    def full(self, cid: str) -> dict[str, Any]:
        """The answers to take over entry `cid`: a list of names it holds in another order keeps its order."""
        entry = self.box.entry(cid)
        answers = dict(self.answers)
        if answers.get("id") == cid:
            answers.pop("id")
        for path, value in answers.items():
            have = value_at(entry, path) if entry is not None else None
            if isinstance(value, list) and isinstance(have, list) and same(have, value):
                answers[path] = list(have)
        return answers

    # --- the questions ------------------------------------------------------------------------------

    def _partial(self) -> Component:
        """The component as said so far (for the questions' `when`: a Boss may show two penalties)."""
        spec = self.spec()
        answers = {k: v for k, v in self.answers.items() if k != "id"}
        return answered(spec, None, answers, cid=str(self.answers.get("id", "census")))

    def field_choices(self, spec: Field) -> tuple[list[Any], int | None]:
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

    def open_question(self) -> Field | None:
        """The next question to ask (answering on its own any that has one possible answer), None when
        everything is said."""
        if self.kind is None:
            return None
        for spec in self.spec().fields:
            if spec.name == "id" and self.correcting and self.base is not None:
                if spec.name not in self.answers:
                    self.answers["id"] = self.base  # the component in hand during a game is that one
                    self.settled.append(("id", True, "value"))
                continue
            if spec.type == "names":
                said = self.answers.get(spec.name)
                if said is None:
                    return spec
                _, most = self.field_choices(spec)
                if spec.name in self.closed or (most is not None and len(said) >= most):
                    continue
                choices, _ = self.field_choices(spec)
                if not [c for c in choices if c not in said]:
                    continue
                return spec
            if spec.name in self.answers:
                continue
            choices, _ = self.field_choices(spec)
            if len(choices) == 1:
                self.answers[spec.name] = choices[0]
                self.settled.append((spec.name, True, "value"))
                continue
            return spec
        return None

    def exact(self) -> list[Component]:
        """The entries that fit every answer so far (a list of names the owner ended: exactly), best first: the
        one in hand, then not taken, not checked, in the data's order."""
        assert self.kind is not None
        exact = [fit.entry for fit in self.box.fitting(self.kind, self.answers, nearest=0) if fit.exact]
        for path in self.closed:
            exact = [e for e in exact if same(value_at(e, path) or [], self.answers[path])]
        checked = self.box.checked()
        order = {e.id: n for n, e in enumerate(self.box.entries)}
        exact.sort(key=lambda e: (e.id != self.base, self.taken(e), e.id in checked, order.get(e.id, 0)))
        return exact

    def fitting(self) -> list[Component]:
        """`exact`, one of each set of like entries not checked yet (any one of them is the component in
        hand); each checked one stands for its own physical component."""
        checked = self.box.checked()
        asked = [f.name for f in self.spec().fields]
        seen: set[tuple[str, ...]] = set()
        out = []
        for entry in self.exact():
            key = (entry.id,) if entry.id in checked else tuple(repr(value_at(entry, p)) for p in asked)
            if key not in seen:
                seen.add(key)
                out.append(entry)
        return out

    def reference(self) -> Component | None:
        """The entry whose answers the highlight follows: the one in hand (what the companion believes, so only
        what differs needs Next), else the best fit."""
        if self.base is not None and (entry := self.box.entry(self.base)) is not None:
            return entry
        fits = self.exact()
        return fits[0] if fits else None
