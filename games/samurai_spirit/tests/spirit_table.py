"""A small Samurai Spirit table for rule tests: scripted inputs and arranged positions.

Imported by name (`from games.samurai_spirit.tests.spirit_table import Table`), not from conftest: a test module
that imports `conftest` gets whichever conftest pytest loaded last.
"""

from __future__ import annotations

from typing import Any

from engine import Choose, Input, Press, Tap
from games.samurai_spirit.play import Play
from games.samurai_spirit.state import SamuraiState, State
from tests.engine.match_table import MatchTable


class Table(MatchTable[Play]):
    """A match plus helpers that read like the rulebook's examples."""

    game = "samurai-spirit"
    play_class = Play

    def __init__(self, samurai: list[str], first: str | None = None, difficulty: str = "normal",
                 seed: int = 1, absent_tokens: bool = False, **extra: Any) -> None:
        setup: dict[str, Any] = {"samurai": samurai, "difficulty": difficulty, "absent_tokens": absent_tokens}
        setup["first"] = first or samurai[0]
        setup.update(extra)
        super().__init__(setup, seed)

    @property
    def st(self) -> State:
        return self.play.state

    def sam(self, name: str) -> SamuraiState:
        return self.st.by_name(name)

    def parse(self, step: str) -> Input:
        """'tap ID', 'hidden ID', 'press NAME', or an option id."""
        if step.startswith("tap "):
            return Tap(step[4:])
        if step.startswith("hidden "):
            return Tap(step[7:], hidden=True)
        if step.startswith("press "):
            return Press(step[6:])
        return Choose(step)

    # --- arranging a position (white-box: not journaled, so no undo after it) --

    def _pull(self, cid: str) -> None:
        """Take `cid` from an unknown Raider slot; a card of a later round swaps in for a Plunderer."""
        cards = self.st.cards
        if cards.why_not_take("raider", cid, self.st.round) and cid not in cards.where:
            cards.unidentified["plunderer"] -= 1
            cards.members.add(cid)
            cards.unseen.add(cid)
            cards.candidates[self.st.catalogue.cards[cid].rank].remove(cid)
        cards.take("raider", cid, self.st.round)

    def arrange(self, combat: dict[str, list[str]] | None = None, defence: dict[str, list[str]] | None = None,
                wounds: dict[str, int] | None = None, barricades: int | None = None,
                discard: list[str] | None = None, intruder: int = 0, passed: list[str] | None = None) -> None:
        st = self.st
        for name, cards in (combat or {}).items():
            for cid in cards:
                self._pull(cid)
                st.by_name(name).combat.append(cid)
                st.cards.place(cid, "combat", name)
        for name, cards in (defence or {}).items():
            for cid in cards:
                self._pull(cid)
                st.by_name(name).defence.append(cid)
                st.cards.place(cid, "defence", name)
        for cid in discard or []:
            self._pull(cid)
            st.cards.place(cid, "discard")
        for _ in range(intruder):
            st.cards.raider_to_intruder()
        for name, count in (wounds or {}).items():
            st.by_name(name).wounds = count
        if barricades is not None:
            st.barricades = barricades
        for name in passed or []:
            st.by_name(name).passed = True

    def keep_raider(self, count: int) -> None:
        """Shrink the Raider stack to its top `count` unknown cards (they leave the game)."""
        cards = self.st.cards
        while len(cards.raider) > count:
            cards.raider.pop(0)
            cards.unidentified["plunderer"] -= 1
