"""The platform's seat list, and the set-up questions of a game whose players are its seats.

Games whose components carry no player colour (Trick Raiders' cards, No
Thanks!'s cards and chips) name their players by seat: Red, Blue, Green,
... clockwise, the same short word a seat's marker or card holder shows,
so nobody types a name on seven buttons; the person sitting there follows
the seat (the app's seat steps). `SEATS` is that list, in seat order
(engine.core.seats_setup.SEATS: the rules check a set-up against it).

`SeatListSetup` asks what such a game asks, in this order: how many play,
the game's own questions (`Question`: lives, a variant), who starts (or
the companion draws it), then what to lay out, whose one option "start"
starts the game. Each question starts on the last game's answer, so the
same table again is one OK per question. The words are the game's (its own
catalogue holds them: `SeatListWords`), the layout too (`layout(setup)`,
from the finished set-up).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.games.base import AnsweredSetup, Menu, Text
from engine.core.messages import Message
from engine.core.seats_setup import SEATS

RANDOM = "random"
"""The answer to "who starts?" that lets the companion draw it (the set-up then names no `first`)."""
START = "start"


@dataclass(frozen=True)
class SeatListWords:
    """The game's words for the seat-list questions (each a msg(...) of the game's own catalogue)."""

    how_many: Message
    """The first question's title: "New game: how many players?"."""
    players: Callable[[int], Message]
    """An answer to it: msg_n("{n} player", "{n} players", n=n)."""
    who_starts: Message
    seat: Callable[[str], Message]
    """A seat among the answers to "who starts?": msg("{player}", player=seat), said by the game's namer."""
    random: Message
    """The option that lets the companion draw who starts."""
    lay_out: Message
    """The last question's title ("New game: lay out the table"), its detail the game's layout."""
    start: Message
    """Its one option ("Start the game")."""
    not_now: Callable[[str], Text]
    """What a tap during the set-up says, from the tapped tag's name: no card is needed yet."""
    count_detail: tuple[Text, ...] = ()
    start_detail: tuple[Text, ...] = ()


@dataclass(frozen=True)
class Question:
    """One of the game's own set-up questions, asked after the count: the set-up key it answers and its options."""

    key: str
    title: Message
    options: tuple[str, ...]
    labels: tuple[Text, ...]
    detail: tuple[Text, ...] = ()
    value: Callable[[str], Any] = str
    """The answer as the set-up holds it (int for a number of lives)."""


class SeatListSetup(AnsweredSetup):
    """How many players (the first n seats), the game's questions, who starts, then the layout (see the module's
    note). `result()` is {"players": [...], "first": seat (unless drawn), <each question's key>: its value}."""

    def __init__(self, words: SeatListWords, players: tuple[int, int], layout: Callable[[dict[str, Any]], Sequence[Text]],
                 last: Mapping[str, Any] | None = None, questions: Sequence[Question] = (),
                 seats: Sequence[str] = SEATS) -> None:
        self.words = words
        self.counts = tuple(str(n) for n in range(players[0], players[1] + 1))
        self.layout = layout
        self.questions = tuple(questions)
        self.seats = tuple(seats)
        self.answers: list[str] = []
        self.last = self._remembered(last or {})

    def _steps(self) -> list[str]:
        return ["count", *(q.key for q in self.questions), "first"]

    def _remembered(self, last: Mapping[str, Any]) -> dict[str, str]:
        """The last game's answers that still fit these questions."""
        out: dict[str, str] = {}
        players = last.get("players")
        if isinstance(players, list) and str(len(players)) in self.counts and list(players) == list(
                self.seats[:len(players)]):
            out["count"] = str(len(players))
            first = last.get("first")
            out["first"] = first if isinstance(first, str) and first in players else RANDOM
        for question in self.questions:
            if str(last.get(question.key)) in question.options:
                out[question.key] = str(last[question.key])
        return out

    def _got(self) -> tuple[str, dict[str, str]]:
        steps = self._steps()
        got = dict(zip(steps, self.answers, strict=False))
        return (steps[len(self.answers)] if len(self.answers) < len(steps) else START), got

    def menu(self) -> Menu:
        step, got = self._got()
        menu = self._question(step, got)
        wanted = self.last.get(step)
        return replace(menu, selected=menu.options.index(wanted) if wanted in menu.options else 0)

    def _question(self, step: str, got: dict[str, str]) -> Menu:
        words = self.words
        if step == "count":
            return Menu(words.how_many, self.counts, tuple(words.players(int(n)) for n in self.counts),
                        words.count_detail)
        if step == "first":
            options = (RANDOM, *self.seats[:int(got["count"])])
            return Menu(words.who_starts, options,
                        tuple(words.random if o == RANDOM else words.seat(o) for o in options), words.start_detail)
        if step == START:
            setup = self.result()
            assert setup is not None
            return Menu(words.lay_out, (START,), (words.start,), tuple(self.layout(setup)))
        question = next(q for q in self.questions if q.key == step)
        return Menu(question.title, question.options, question.labels, question.detail)

    def tap(self, target: str) -> Text | None:
        """A tag tapped during the set-up means nothing: every question is answered with Next and OK."""
        return self.words.not_now(target.partition(":")[2])

    def result(self) -> dict[str, Any] | None:
        step, got = self._got()
        if step != START:
            return None
        out: dict[str, Any] = {"players": list(self.seats[:int(got["count"])])}
        if got["first"] != RANDOM:
            out["first"] = got["first"]
        for question in self.questions:
            out[question.key] = question.value(got[question.key])
        return out


__all__ = ["RANDOM", "SEATS", "START", "Question", "SeatListSetup", "SeatListWords"]
