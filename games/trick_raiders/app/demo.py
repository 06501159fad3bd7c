"""Trick Raiders' scripted table for `companion demo`, the fuzzer and the power-cut trials.

The engine's policy keeps the physical table (the deal, the hands) and says
what each player does; this script does it the way people would: tap the
card, press OK to end a declaration, walk a choice with Next and OK. Once
each it shows a refused tap (a follower's lead card), an unknown tag, a lost
reader and an undo. Players now and then fail to follow suit (as people
do), so the companion flags a revoke: the first is undone back to its trick,
the later ones are played on.
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.registry import current_play
from engine import Choose, Press, Tap
from engine.core.match import Match
from games.trick_raiders.play import Play
from games.trick_raiders.policy import SimplePolicy

SEATS = ("red", "blue", "green", "yellow")
UNKNOWN_UID = "04DE40DE40DE41"
REVOKE = 0.06
"""How often a player who could follow suit does not: enough for a revoke in most demo games."""


class TrickRaidersDemo:
    """What the people at a Trick Raiders table do, through the table's mock drivers."""

    def __init__(self, table: Any, players: int = 4, lives: int = 2) -> None:
        self.table = table
        self.players = players
        self.lives = lives
        self.policy = SimplePolicy(random.Random(table.seed), revoke=REVOKE)

    @classmethod
    def from_setup(cls, table: Any, setup: dict[str, Any]) -> TrickRaidersDemo:
        """The script for `--setup` of `companion demo` (players: a count or a list, lives)."""
        players = setup.get("players", 4)
        count = len(players) if isinstance(players, list) else int(players)
        return cls(table, count if count in (3, 4) else 4, int(setup.get("lives", 2)))

    @classmethod
    def random(cls, table: Any, rng: random.Random) -> TrickRaidersDemo:
        """A random table for the fuzzer."""
        return cls(table, rng.choice((3, 4)), rng.choice((2, 3)))

    def set_up(self) -> None:
        table = self.table
        table.snap("setup-players")
        menu = table.app.setup.menu()
        table.pick(menu.options.index(str(self.players)), len(menu.options))
        menu = table.app.setup.menu()
        table.pick(menu.options.index(str(self.lives)), len(menu.options))
        menu = table.app.setup.menu()
        table.pick(menu.options.index("random"), len(menu.options))
        table.snap("setup-start")
        table.press("ok")

    def one_move(self, play: Any) -> None:
        """The policy's next move, made the way a player would: a tap, OK, or Next and OK.

        The match's own play is asked, not `play` (`current_play`).
        """
        table = self.table
        play = current_play(table, Play)
        prompt = play.prompt
        assert prompt is not None
        if prompt.undo_to is not None:
            self._answer_offer()
            return
        value = self.policy.choose(play)
        if isinstance(value, Tap):
            table.tap(f"card:{value.card}")
        elif isinstance(value, Press):
            table.press(value.button)
        else:
            assert isinstance(value, Choose)
            table.pick(prompt.options.index(value.option), len(prompt.options))

    def _answer_offer(self) -> None:
        """A revoke: the first one is undone back to its trick (OK, then OK to confirm), later ones played on (Next)."""
        table = self.table
        if "revoke" in table.shown:
            table.press("next")
            return
        table.snap("revoke")
        table.press("ok")
        table.snap("undo-to-trick")
        table.press("ok")
        table.snap("undone-to-trick")

    def after_move(self, play: Any) -> None:
        match = self.table.app.match
        if match is None:
            return
        view = match.play.public_view()
        events = match.history[-1] if match.history else []
        kinds = {e.kind for e in events}
        if "trump" in kinds:
            self.table.snap("trump-change")
        if "cancel" in kinds:
            self.table.snap("cancelled")
        if "dropout" in kinds:
            self.table.snap("dropout")
        if self.table.app.ui.screen_kind(view) == "round-end":
            self.table.snap(f"round-{view['round'] - 1}-end")
        elif view["phase"] == "tricks" and len(view["trick"]) == len(view["players"]) - 1:
            self.table.snap("trick")

    def show_features(self, play: Any) -> None:
        """Once each: a refused tap, an unknown tag, a lost reader, an undo."""
        assert isinstance(play, Play)
        table = self.table
        app = table.app
        prompt = play.prompt
        assert prompt is not None and app.match is not None
        st = play.state
        if prompt.kind == "declare":
            table.snap("declare")
        if prompt.kind == "life-steal":
            table.snap("life-steal")
        if prompt.kind != "follow":
            return
        own_lead = st.by_name(prompt.actor).lead
        table.show_next_mishap(f"card:{own_lead[0]}" if own_lead else None, UNKNOWN_UID)

    def in_play(self, play: Any) -> list[str]:
        """Cards already seen on the table, for the fuzzer's "card in play" nonsense."""
        return [f"card:{c}" for c in play.state.where] if isinstance(play, Play) else []

    def summary(self, match: Match) -> list[str]:
        """The demo's closing lines about the game itself."""
        view = match.play.public_view()
        seats = ", ".join(s.capitalize() for s in SEATS[:self.players])
        lives = ", ".join(f"{p['name'].capitalize()} {p['lives']}" for p in view["players"])
        winners = ", ".join(w.capitalize() for w in view["winners"])
        return [f"Demo game (seed {self.table.seed}, {self.players} players: {seats}, {self.lives} lives):",
                f"  result: {winners} won after round {view['round']}",
                f"  lives left: {lives}"]
