"""The census's answers as a form sends them, and components said in the game's own terms.

The phone page's census form and the device's answer to it share these:
`read_answers` turns a form's texts into the answers the census API takes
(`{"value": 4, "symbol": "", "penalties": ["wound"], "flames": True}`),
refusing what is not even a number or a yes/no with a clear sentence (a
choice the rulebook does not print is left to the census, which names the
rule it breaks); `claimed` completes them from the entry the owner picked;
`said` writes an entry's answers back in the table's language ("value 3,
symbol: doll, penalty: wound, flames: yes"), the choices in the game's own
words where its UI has them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import GameUI
from companion.i18n import Translator
from engine import Prompt, RuleError
from engine.core.census import Field, Kind, Named, value_at
from engine.core.components import Component
from engine.core.messages import msg

YES = "yes"
NO = "no"
NONE = "-"
"""A list of names answered with nothing on it ("no penalty"); an empty text answer is "" ("no symbol")."""
MAX_ANSWER = 80
"""The longest text a form's answer may be (the longest choice is a few words)."""


def offered(spec: Field, entries: Sequence[Component] = ()) -> tuple[Any, ...]:
    """Every choice a question may take on any component of its kind (a Boss's extra penalties too), in the
    data's order; the ids of `entries` of the kind it names when its choices come from another kind."""
    if spec.choices_from is not None:
        return tuple(e.id for e in entries if e.kind == spec.choices_from)
    out: list[Any] = list(spec.choices or ())
    for override in spec.when:
        out.extend(c for c in override.choices or () if c not in out)
    return tuple(out)


def _one(spec: Field, text: str) -> Any:
    named = Named(None, spec.words)
    if len(text) > MAX_ANSWER:
        raise RuleError(msg("{field}: that answer is too long.", field=named))
    if spec.type == "int":
        try:
            return int(text.strip())
        except ValueError:
            raise RuleError(msg("{field} must be a whole number, not {value}.", field=named, value=repr(text))) from None
    if spec.type == "bool":
        if text not in (YES, NO):
            raise RuleError(msg("{field} must be yes or no, not {value}.", field=named, value=repr(text)))
        return text == YES
    return text


def read_answers(kind: Kind, given: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """The answers in `given` (question path -> the texts sent for it), typed by the kind's questions.

    A question missing from `given`, or sent empty where empty means
    nothing (a number, yes/no), is not answered. A list of names is
    answered by its names, or by NONE for an empty list. RuleError names a
    question whose answer is not even of its type (a number that is not
    one), or one the kind does not ask.
    """
    out: dict[str, Any] = {}
    for path, texts in given.items():
        spec = kind.field(path)
        if spec is None:
            raise RuleError(msg("{value} is not a question about this component.", value=repr(path)))
        if spec.type == "names":
            names = [t for t in texts if t != NONE]
            if len(names) > 20:
                raise RuleError(msg("{field}: that answer is too long.", field=Named(None, spec.words)))
            if names or NONE in texts:
                out[path] = [_one(spec, t) for t in names]
            continue
        answered = [t for t in texts if t != "" or spec.type == "text"]
        if not answered:
            continue
        out[path] = _one(spec, answered[-1])
    return out


def claimed(kind: Kind, answers: Mapping[str, Any], base: Component | None) -> dict[str, Any]:
    """What the owner says is printed, whole: `answers`, and the picked entry's values for the questions not
    answered. A list of names with the same names as the entry's keeps the entry's order ("no-support +
    wound" stays so). RuleError names the first question nobody answered (a new component has no entry to
    take them from)."""
    out: dict[str, Any] = {}
    for spec in kind.fields:
        had = value_at(base, spec.name) if base is not None else None
        if spec.name in answers:
            value = answers[spec.name]
            if spec.type == "names" and isinstance(had, list) and sorted(had) == sorted(value):
                value = list(had)
            out[spec.name] = value
        elif had is not None:
            out[spec.name] = had
        else:
            raise RuleError(msg("{field} is not answered yet.", field=Named(None, spec.words)))
    return out


def same_print(kind: Kind, answers: Mapping[str, Any], entry: Component) -> bool:
    """Whether `entry` holds exactly `answers` (a list of names in any order)."""
    for spec in kind.fields:
        if spec.name not in answers:
            continue
        have, said = value_at(entry, spec.name), answers[spec.name]
        if spec.type == "names":
            if not isinstance(have, list) or sorted(have) != sorted(said):
                return False
        elif isinstance(have, bool) != isinstance(said, bool) or have != said:
            return False
    return True


_PROMPT = Prompt("table", "census", msg("What is printed?"))


def choice_words(ui: GameUI | None, tr: Translator, spec: Field, value: Any) -> str:
    """One choice of a question in the game's words ("Hut", "no Defend", "Kyuzo"): the UI's namer of that
    question when it has one, else its words for that option; the data's own text when neither knows it."""
    raw = str(value)
    words = spec.answers.get(("true" if value else "false") if isinstance(value, bool) else raw)
    if words is not None:
        return words.get(tr.lang)[0]
    if value == "":
        return tr(msg("none"))
    if ui is None:
        return raw
    namers = ui.namers()
    named = tr.with_namers(namers, ui.name)
    for name in (spec.name, spec.name.rstrip("s")):
        if name in namers:
            said = namers[name](value, named)
            if said != raw:
                return said
    try:
        said = named(ui.option_label(raw, _PROMPT))
    except (RuleError, KeyError, ValueError, TypeError, AttributeError):
        return raw
    return said or raw


def answer_words(ui: GameUI | None, tr: Translator, spec: Field, value: Any) -> str:
    """An answer in words: a number, yes or no, the names joined with " + ", "none" for an empty one (the census
    data's own words for an answer when it has them: "flames", "no symbol", "no penalty")."""
    if spec.type == "bool":
        return choice_words(ui, tr, spec, bool(value)) if spec.answers else tr(msg("yes") if value else msg("no"))
    if spec.type == "names":
        items = list(value) if isinstance(value, list | tuple) else [value]
        return " + ".join(choice_words(ui, tr, spec, v) for v in items) if items else choice_words(ui, tr, spec, "")
    if spec.type == "int":
        return str(value)
    return choice_words(ui, tr, spec, value)


def question_words(spec: Field, tr: Translator) -> str:
    """A question's name in the table's language ("penalty", "human Kiai"), from the census data."""
    return Named(None, spec.words).text(tr.lang)


def said(ui: GameUI | None, tr: Translator, kind: Kind, answers: Mapping[str, Any]) -> str:
    """Answers in words, question by question: "value: 3, symbol: doll, penalty: wound, flames"; an answer the
    census data words whole ("flames", "no symbol", "no penalty") stands without its question."""
    parts = []
    for spec in kind.fields:
        if spec.name not in answers:
            continue
        value = answers[spec.name]
        alone = isinstance(value, bool) or value in ("", [])
        if alone and spec.answer_words(value) is not None:
            parts.append(answer_words(ui, tr, spec, value))
        else:
            parts.append(tr(msg("{question}: {answer}", question=question_words(spec, tr),
                                answer=answer_words(ui, tr, spec, value))))
    return ", ".join(parts)


def entry_said(ui: GameUI | None, tr: Translator, kind: Kind, entry: Component) -> str:
    """What an entry says is printed, in words (see `said`)."""
    return said(ui, tr, kind, {spec.name: value_at(entry, spec.name) for spec in kind.fields
                               if value_at(entry, spec.name) is not None})
