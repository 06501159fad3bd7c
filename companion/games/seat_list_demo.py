"""The scripted table of a game set up by the seat list (companion.games.seat_list), for `companion demo`.

A demo script (companion.games.registry.DemoScript) is the people at a
table: they answer the set-up questions, then play each move the game's
simple policy picks, the way people would (a tap of the card, a press of a
direct button, Next and OK to a listed option). For a game whose players
are the platform's seats that is the same script every time; a game
subclasses `SeatListDemo`, names its policy (`policy`), and adds what its
demo shows once (`show_features`), the snapshots after a move
(`after_move`) and what it tells of the game (`in_play`, `game_lines`).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, TypeVar

from companion.games.seat_list import RANDOM, SEATS
from engine import Choose, Press, Tap
from engine.core.inputs import Input
from engine.core.match import Match

D = TypeVar("D", bound="SeatListDemo")


class SeatListDemo(ABC):
    """The people at a seat-list table: `players` seats, `first` starting (None: the companion draws it), and the
    answers to the game's own questions (`answers`, key -> option; the highlighted one where not given)."""

    players_range: ClassVar[tuple[int, int]] = (2, 7)
    default_players: ClassVar[int] = 4
    buttons: ClassVar[dict[str, str]] = {}
    """The button that says an option where its name is not the option's (No Thanks!'s "no-thanks" is Pass): a
    Press from the policy names the option, the table presses the button."""

    def __init__(self, table: Any, players: int | None = None, first: str | None = None,
                 answers: dict[str, str] | None = None) -> None:
        self.table = table
        low, high = self.players_range
        self.players = players if players is not None and low <= players <= high else self.default_players
        self.first = first if first in SEATS[:self.players] else None
        self.answers = dict(answers or {})
        self.rng = random.Random(getattr(table, "seed", 0))
        self.pilot = self.policy(self.rng)

    @abstractmethod
    def policy(self, rng: random.Random) -> Any:
        """The game's simple policy (an object with `choose(play) -> Input`), on the demo's random source."""

    @classmethod
    def from_setup(cls: type[D], table: Any, setup: dict[str, Any]) -> D:
        """The script for `companion demo --setup` (players: a count or a list of seats; first)."""
        players = setup.get("players", cls.default_players)
        count = len(players) if isinstance(players, list) else int(players)
        first = setup.get("first")
        answers = {k: str(v) for k, v in setup.items() if k not in ("players", "first", "seed")}
        return cls(table, count, first if isinstance(first, str) else None, answers)

    @classmethod
    def random(cls: type[D], table: Any, rng: random.Random) -> D:
        """A random table for the fuzzer: any count of players, any start player or a drawn one."""
        count = rng.randint(*cls.players_range)
        return cls(table, count, rng.choice([None, *SEATS[:count]]))

    # --- the set-up ------------------------------------------------------------------

    def set_up(self) -> None:
        """How many, the game's own questions, who starts, then Start: each picked with Next and OK."""
        table = self.table
        table.snap("setup-players")
        self._pick(str(self.players))
        while True:
            menu = table.app.setup.menu()
            if menu.options[0] == RANDOM or menu.options == ("start",):
                break
            self._pick(self.answers.get(self._key(menu), menu.options[menu.selected]))
        table.snap("setup-first")
        self._pick(self.first or RANDOM)
        table.snap("setup-start")
        table.press("ok")

    def _key(self, menu: Any) -> str:
        setup = self.table.app.setup
        questions = getattr(setup, "questions", ())
        return next((q.key for q in questions if q.title == menu.title), "")

    def _pick(self, option: str) -> None:
        menu = self.table.app.setup.menu()
        self.table.pick(menu.options.index(option), len(menu.options))

    # --- play ----------------------------------------------------------------------

    def one_move(self, play: Any) -> None:
        """The policy's next move, made the way a player would: a tap, a direct button, or Next and OK.

        The match's own play is asked, not `play` (an undo the script just showed replaces it).
        """
        match = self.table.app.match
        assert match is not None and match.play.prompt is not None
        self.make(self.pilot.choose(match.play), match.play.prompt.options)

    def make(self, value: Input, options: tuple[str, ...]) -> None:
        """One input, as the table makes it."""
        table = self.table
        if isinstance(value, Tap):
            table.tap(f"card:{value.card}")
        elif isinstance(value, Press):
            table.press(self.buttons.get(value.button, value.button))
        else:
            assert isinstance(value, Choose)
            table.pick(options.index(value.option), len(options))

    def show_features(self, play: Any) -> None:
        """Before a move: nothing by default (a game shows its refusals and mishaps once each here)."""
        return None

    def after_move(self, play: Any) -> None:
        """After a move: nothing by default (a game snaps what its moves lead to here)."""
        return None

    def in_play(self, play: Any) -> list[str]:
        """Tag targets the table has seen in play: none by default."""
        return []

    def game_lines(self, view: dict[str, Any]) -> list[str]:
        """The game's own closing lines of the demo (after the seats and the winners)."""
        return []

    def summary(self, match: Match) -> list[str]:
        """The demo's closing lines: the seed and seats, who won, each score, the game's own lines."""
        view = match.play.public_view()
        seats = ", ".join(s.capitalize() for s in SEATS[:self.players])
        scores = ", ".join(f"{name.capitalize()} {n}" for name, n in (view.get("scores") or {}).items())
        winners = ", ".join(str(w).capitalize() for w in view.get("winners") or [])
        return [f"Demo game (seed {getattr(self.table, 'seed', 0)}, {self.players} players: {seats}):",
                f"  result: {winners} won", f"  scores: {scores}", *self.game_lines(view)]
