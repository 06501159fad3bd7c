"""Tenno's scripted table for `companion demo`, the fuzzer and the power-cut trials.

The engine's policy keeps the physical table (the rows and hands) and says
what each player does; this script does it the way people would: tap a
card of each colour to take the seats, tap the cards of each duel, press
Pass, press OK once the cards are moved. Once each it shows a refused tap
(a Shogun that tries to attack), an unknown tag, a lost reader and an undo.
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.registry import current_play
from engine import Choose, Press, Tap
from engine.core.match import Match
from games.tenno.play import Play
from games.tenno.policy import SimplePolicy

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "white")
UNKNOWN_UID = "04DE40DE40DE42"


class TennoDemo:
    """What the people at a Tenno table do, through the table's mock drivers."""

    def __init__(self, table: Any, players: int = 4, eldest: int = 1) -> None:
        self.table = table
        self.players = players
        self.eldest = COLOURS[eldest % players]
        self.policy = SimplePolicy(random.Random(table.seed))

    @classmethod
    def from_setup(cls, table: Any, setup: dict[str, Any]) -> TennoDemo:
        """The script for `--setup` of `companion demo` (players: a count or a list of colours)."""
        players = setup.get("players", 4)
        count = len(players) if isinstance(players, list) else int(players)
        return cls(table, count if 2 <= count <= 7 else 4)

    @classmethod
    def random(cls, table: Any, rng: random.Random) -> TennoDemo:
        """A random table for the fuzzer."""
        return cls(table, rng.randint(2, 7), rng.randrange(7))

    def set_up(self) -> None:
        table = self.table
        for n, colour in enumerate(COLOURS[:self.players]):
            table.tap(f"card:{colour}-farmer-{1 + n % 3}")
            if n == 1:
                table.snap("setup-seats")
        menu = table.app.setup.menu()
        if "done" in menu.options:
            table.pick(menu.options.index("done"), len(menu.options))
        menu = table.app.setup.menu()
        table.snap("setup-eldest")
        table.pick(menu.options.index(self.eldest), len(menu.options))
        table.snap("setup-start")
        table.press("ok")

    def one_move(self, play: Any) -> None:
        """The policy's next move, made the way a player would: a tap, Pass, or OK on "Cards moved".

        The match's own play is asked, not `play` (`current_play`).
        """
        table = self.table
        play = current_play(table, Play)
        prompt = play.prompt
        assert prompt is not None
        value = self.policy.choose(play)
        if isinstance(value, Tap):
            table.tap(f"card:{value.card}")
        elif isinstance(value, (Choose, Press)) and (value.option if isinstance(value, Choose)
                                                      else value.button) == "pass":
            table.press("pass")
        else:
            assert isinstance(value, Choose)
            table.pick(prompt.options.index(value.option), len(prompt.options))

    def after_move(self, play: Any) -> None:
        match = self.table.app.match
        if match is None or match.play.prompt is None:
            return
        view = match.play.public_view()
        duel = view.get("duel") or {}
        kinds = {e.kind for e in (match.history[-1] if match.history else [])}
        if duel.get("result"):
            self.table.snap("duel")
        if duel.get("monk") and duel.get("result"):
            self.table.snap("monk-helped")
        if duel.get("result") == "tie":
            self.table.snap("tie")
        if "peek" in kinds:
            self.table.snap("peek")
        if "forget" in kinds:
            self.table.snap("next-turn")

    def show_features(self, play: Any) -> None:
        """Once each: the Monk step, a Ronin's second attack, a refused tap, an unknown tag, a lost reader, an undo."""
        assert isinstance(play, Play)
        table = self.table
        app = table.app
        prompt = play.prompt
        assert prompt is not None and app.match is not None
        if prompt.kind == "monk":
            table.snap("monk")
        if prompt.kind == "second-attack":
            table.snap("second-attack")
        if prompt.kind != "attack":
            return
        table.show_next_mishap(f"card:{prompt.actor}-shogun", UNKNOWN_UID, undo_now=play.state.turn > 2)

    def in_play(self, play: Any) -> list[str]:
        """Cards the table has seen turned up, for the fuzzer's "card in play" nonsense."""
        if not isinstance(play, Play):
            return []
        st = play.state
        shown = [c for d in st.duels for c in (d.attack_card, d.defend_card) if c is not None]
        return [f"card:{c}" for c in [*shown, *st.out]]

    def summary(self, match: Match) -> list[str]:
        """The demo's closing lines about the game itself."""
        view = match.play.public_view()
        seats = ", ".join(s.capitalize() for s in COLOURS[:self.players])
        scores = ", ".join(f"{name.capitalize()} {n}" for name, n in (view["scores"] or {}).items())
        winners = ", ".join(w.capitalize() for w in view["winners"])
        return [f"Demo game (seed {self.table.seed}, {self.players} players: {seats}):",
                f"  result: {winners} won after turn {view['turn']}",
                f"  points: {scores}"]
