"""No Thanks!'s scripted table for `companion demo`, the fuzzer and the power-cut trials.

The people at the table (companion.games.seat_list_demo) set up the seats,
then play what the simple policy picks: the player who flips taps the
card, the player whose turn it is presses No thanks or Take. Once each it
shows a refused tap (a card already played), an unknown tag, a lost reader
and an undo, and snaps the first card that goes round the table.
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.seat_list_demo import SeatListDemo
from games.no_thanks.policy import SimplePolicy
from games.no_thanks.rules.turns import NO_THANKS, TAKE
from games.no_thanks.setup import PLAYERS

UNKNOWN_UID = "04DE40DE40DE43"


class NoThanksDemo(SeatListDemo):
    """What the people at a No Thanks! table do, through the table's mock drivers."""

    players_range = PLAYERS
    buttons = {NO_THANKS: "pass", TAKE: "confront"}

    def policy(self, rng: random.Random) -> SimplePolicy:
        return SimplePolicy(rng)

    def show_features(self, play: Any) -> None:
        """Before a flip: once each, a tap of a card already taken, an unknown tag, a lost reader, an undo."""
        prompt = play.prompt
        if prompt is None or prompt.kind != "flip":
            return
        taken = next((c for pl in play.state.players for c in pl.cards), None)
        self.table.show_next_mishap(f"card:{taken}" if taken else None, UNKNOWN_UID,
                                    undo_now=len(play.state.flipped) > 3)

    def after_move(self, play: Any) -> None:
        match = self.table.app.match
        if match is None or match.play.prompt is None:
            return
        view = match.play.public_view()
        if view["card"] is not None and view["chips_on_card"] == 0:
            self.table.snap("card-up")
        if (view["chips_on_card"] or 0) >= len(view["players"]):
            self.table.snap("went-round")
        if match.play.prompt.kind == "flip" and any(p["cards"] for p in view["players"]):
            self.table.snap("taken")

    def in_play(self, play: Any) -> list[str]:
        """The cards flipped so far (the fuzzer taps them as nonsense)."""
        state = getattr(play, "state", None)
        return [f"card:{c}" for c in getattr(state, "flipped", [])]

    def game_lines(self, view: dict[str, Any]) -> list[str]:
        detail = (view.get("outcome") or {}).get("detail") or {}
        cards = detail.get("cards") or {}
        return [f"  cards: {name.capitalize()} {' '.join(map(str, values))}" for name, values in cards.items()]
