"""Knizia's Samurai's scripted table for `companion demo`, the fuzzer and the power-cut trials.

The engine's policy keeps a pretend map and says what each player does;
this script does it the way people would: tap each tile as it is played,
press Castle, Buddha or Rice (the Confront, Defend and Support buttons)
when a settlement is surrounded, tap the tiles around it, OK, and Pass at
the end of a turn. Once each it shows a refused tap (another player's
tile), an unknown tag, a lost reader and an undo.
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.registry import current_play
from engine import Choose, Press, Tap
from engine.core.match import Match
from games.samurai_knizia.play import Play
from games.samurai_knizia.policy import SimplePolicy

UNKNOWN_UID = "04DE40DE40DE42"
BUTTONS = {"castle": "confront", "buddha": "defend", "rice": "support", "pass": "pass", "ok": "ok"}
"""Engine options and the physical buttons that give them."""


class SamuraiKniziaDemo:
    """What the people at a Knizia's Samurai table do, through the table's mock drivers."""

    def __init__(self, table: Any, players: int = 3, open_captures: bool = False) -> None:
        self.table = table
        self.players = players
        self.open_captures = open_captures
        self.policy = SimplePolicy(random.Random(table.seed))

    @classmethod
    def from_setup(cls, table: Any, setup: dict[str, Any]) -> SamuraiKniziaDemo:
        """The script for `--setup` of `companion demo` (players: a count or a list, open_captures)."""
        players = setup.get("players", 3)
        count = len(players) if isinstance(players, list) else int(players)
        return cls(table, count if count in (2, 3, 4) else 3, bool(setup.get("open_captures", False)))

    @classmethod
    def random(cls, table: Any, rng: random.Random) -> SamuraiKniziaDemo:
        """A random table for the fuzzer."""
        return cls(table, rng.choice((2, 3, 4)), rng.random() < 0.3)

    def set_up(self) -> None:
        """Players, then each seat's colour (the first by tapping one of its tiles), who starts, captures."""
        table = self.table
        table.snap("setup-players")
        menu = table.app.setup.menu()
        table.pick(menu.options.index(str(self.players)), len(menu.options))
        for seat in range(self.players):
            menu = table.app.setup.menu()
            if seat == 0:
                table.snap("setup-colour")
                table.tap(f"card:{menu.options[0]}-castle-2")
            else:
                table.pick(0, len(menu.options))
        menu = table.app.setup.menu()
        table.pick(menu.options.index("random"), len(menu.options))
        menu = table.app.setup.menu()
        table.pick(menu.options.index("open" if self.open_captures else "hidden"), len(menu.options))
        table.snap("setup-start")
        table.press("ok")

    def one_move(self, play: Any) -> None:
        """The policy's next move, made the way a player would: a tap, or a button.

        The match's own play is asked, not `play` (`current_play`).
        """
        table = self.table
        play = current_play(table, Play)
        value = self.policy.choose(play)
        if isinstance(value, Tap):
            table.tap(f"card:{value.card}")
        elif isinstance(value, Press):
            table.press(BUTTONS[value.button])
        else:
            assert isinstance(value, Choose)
            table.press(BUTTONS[value.option])

    def after_move(self, play: Any) -> None:
        match = self.table.app.match
        if match is None or not match.history:
            return
        kinds = {e.kind for e in match.history[-1]}
        view = match.play.public_view()
        capture = view.get("capture")
        if capture is not None and len(capture["tiles"]) >= 2:
            self.table.snap("capture")
        for kind, name in (("captured", "captured"), ("tie", "tie"), ("move", "move"), ("switch", "switch"),
                           ("ties-warning", "third-tie"), ("ending", "ending")):
            if kind in kinds:
                self.table.snap(name)

    def show_features(self, play: Any) -> None:
        """Once each: a refused tap, an unknown tag, a lost reader, an undo."""
        assert isinstance(play, Play)
        table = self.table
        app = table.app
        prompt = play.prompt
        assert prompt is not None and app.match is not None
        st = play.state
        if prompt.kind != "turn" or not st.this_turn or st.turn < 4:
            return
        other = next(pl for pl in st.players if pl.name != prompt.actor)
        unplayed = st.unplayed(other)
        table.show_next_mishap(f"card:{unplayed[0]}" if unplayed else None, UNKNOWN_UID)

    def in_play(self, play: Any) -> list[str]:
        """Tiles on the board, for the fuzzer's "card in play" nonsense."""
        return [f"card:{t}" for t in play.state.board] if isinstance(play, Play) else []

    def summary(self, match: Match) -> list[str]:
        """The demo's closing lines about the game itself."""
        view = match.play.public_view()
        outcome = view.get("outcome") or {}
        detail = outcome.get("detail") or {}
        seats = ", ".join(p["name"].capitalize() for p in view["players"])
        winners = ", ".join(w.capitalize() for w in view["winners"])
        captured = "; ".join(f"{name.capitalize()} " + ", ".join(f"{c} {n}" for c, n in figures.items())
                             for name, figures in (view.get("captures") or {}).items())
        return [f"Demo game (seed {self.table.seed}, {self.players} players: {seats}):",
                f"  result: {winners} won after turn {view['turn']} (decided by {detail.get('decided_by')}; "
                f"ended by {(detail.get('ending') or {}).get('reason')}, {view['ties']} ties)",
                f"  captured: {captured}"]
