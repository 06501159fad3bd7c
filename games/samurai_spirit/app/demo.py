"""Samurai Spirit's scripted table for `companion demo`, the fuzzer and the power-cut trials.

The generic `companion.harness.demo.DemoTable` owns the drivers and the snapshots;
this script knows what a Samurai Spirit table does: tap the boards at set-up,
fight by tapping the Raider stack's top card, and show once each a refused
press, an unknown tag, a lost reader and an undo.
"""

from __future__ import annotations

import random
from typing import Any

from engine import Choose, Tap
from engine.core.match import Match
from games.samurai_spirit.catalogue import SAMURAI
from games.samurai_spirit.play import Play
from games.samurai_spirit.policy import SimplePolicy

DEMO_SAMURAI = ("kyuzo", "heihachi", "daisuke", "kikuchiyo")
DIFFICULTIES = ("easy", "normal", "hard", "heroic")
UNKNOWN_UID = "04DE40DE40DE40"


class SamuraiSpiritDemo:
    """What the people at a Samurai Spirit table do, through the table's mock drivers."""

    def __init__(self, table: Any, difficulty: str = "easy", samurai: tuple[str, ...] = DEMO_SAMURAI) -> None:
        self.table = table
        self.difficulty = difficulty
        self.samurai = tuple(samurai)
        self.policy = SimplePolicy(random.Random(table.seed))
        self.rng = random.Random(table.seed + 1)

    @classmethod
    def from_setup(cls, table: Any, setup: dict[str, Any]) -> SamuraiSpiritDemo:
        """The script for `--setup` of `companion demo` (difficulty, samurai)."""
        return cls(table, str(setup.get("difficulty", "easy")), tuple(setup.get("samurai", DEMO_SAMURAI)))

    @classmethod
    def random(cls, table: Any, rng: random.Random) -> SamuraiSpiritDemo:
        """A random table for the fuzzer."""
        names = tuple(rng.sample(SAMURAI, rng.randint(2, 7)))
        return cls(table, rng.choice(DIFFICULTIES), names or DEMO_SAMURAI)

    def set_up(self) -> None:
        table = self.table
        table.snap("setup-difficulty")
        menu = table.app.setup.menu()
        table.pick(menu.options.index(self.difficulty), len(menu.options))
        for name in self.samurai:
            table.tap(f"samurai:{name}")
        table.snap("setup-samurai")
        menu = table.app.setup.menu()
        if "done" in menu.options:  # the seventh Samurai tapped ends the choice by itself: nobody is left
            table.pick(menu.options.index("done"), len(menu.options))
        if table.app.setup.menu().options == ("no", "yes"):
            table.pick(0, 2)
        table.pick(0, len(table.app.setup.menu().options))
        table.snap("setup-start")
        table.press("ok")

    def one_move(self, play: Any) -> None:
        """Make the policy's next move the way a player would: a tap, a button, or Next/OK."""
        assert isinstance(play, Play)
        table = self.table
        prompt = play.prompt
        assert prompt is not None
        value = self.policy.choose(play)
        if isinstance(value, Tap):
            table.tap(f"card:{value.card}")
            return
        assert isinstance(value, Choose)
        option = value.option
        if prompt.kind == "action" and option == "fight":
            table.tap(f"card:{play.state.cards.sample_top('raider', self.rng)}")
        elif option in table.app.ui.direct_buttons(prompt):
            table.press(option)
        elif option in SAMURAI and self.rng.random() < 0.5:
            table.tap(f"samurai:{option}")
        else:
            table.pick(prompt.options.index(option), len(prompt.options))

    def after_move(self, play: Any) -> None:
        view = self.table.app.match.play.public_view() if self.table.app.match else {}
        if view.get("phase") == "round-end":
            self.table.snap(f"round-{view['round']}-end")
        elif view.get("round", 1) > 1:
            self.table.snap(f"round-{view['round']}")

    def show_features(self, play: Any) -> None:
        """Once each: a refused press, an unknown tag, a lost reader, an undo."""
        assert isinstance(play, Play)
        table = self.table
        app = table.app
        turn = play.state.turn
        prompt = play.prompt
        assert prompt is not None and app.match is not None
        if turn == 2 and prompt.kind == "action" and "refusal" not in table.shown:
            table.press("defend")
            table.count["refusals"] += 1
            table.snap("refusal")
        elif turn == 3 and prompt.kind == "action" and "unknown-tag" not in table.shown:
            table.tap(UNKNOWN_UID)
            table.snap("unknown-tag")
            table.clock.advance(5.0)
            app.tick()
        elif turn == 4 and prompt.kind == "action" and "reader-lost" not in table.shown:
            table.lose_reader()
        elif turn == 5 and prompt.kind == "action" and app.match.inputs and "undo-confirm" not in table.shown:
            table.show_undo()
        elif prompt.kind == "fight":
            table.snap("fight-decision")
        elif prompt.kind == "kiai":
            table.snap("kiai")

    def in_play(self, play: Any) -> list[str]:
        """Tag targets already on the table, for the fuzzer's "card in play" nonsense."""
        return [f"card:{c}" for c in play.state.cards.where] if isinstance(play, Play) else []

    def summary(self, match: Match) -> list[str]:
        """The demo's closing lines about the game itself."""
        view = match.play.public_view()
        names = ", ".join(n.capitalize() for n in self.samurai)
        lines = [f"Demo game (seed {self.table.seed}, {self.difficulty}, {names}):"]
        if view["result"] == "won":
            lines.append(f"  result: won in round 3, score {view['grade']}")
        else:
            lines.append(f"  result: lost in round {view['round']}")
        village = view["village"]
        lines.append(f"  village: {village['barricades']} of {village['barricades_max']} Barricades, "
                     f"{village['farmsteads']} Farmsteads, {len(village['families'])} Families")
        return lines
