"""A small table harness for rule tests: scripted inputs and arranged positions."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import Choose, Event, Match, Press, RuleError, Tap, get_game
from engine.games.samurai_spirit.play import Play
from engine.games.samurai_spirit.state import SamuraiState, State


class Table:
    """A match plus helpers that read like the rulebook's examples."""

    def __init__(self, samurai: list[str], first: str | None = None, difficulty: str = "normal",
                 seed: int = 1, absent_tokens: bool = False, **extra: Any) -> None:
        setup: dict[str, Any] = {"samurai": samurai, "difficulty": difficulty, "absent_tokens": absent_tokens}
        setup["first"] = first or samurai[0]
        setup.update(extra)
        self.match = Match(get_game("samurai-spirit"), setup, seed)
        self.events: list[Event] = list(self.match.opening)

    @property
    def play(self) -> Play:
        play = self.match.play
        assert isinstance(play, Play)
        return play

    @property
    def st(self) -> State:
        return self.play.state

    @property
    def prompt(self) -> Any:
        return self.play.prompt

    def sam(self, name: str) -> SamuraiState:
        return self.st.by_name(name)

    def view(self) -> dict[str, Any]:
        return self.play.public_view()

    def do(self, *steps: str) -> list[Event]:
        """Apply inputs: 'tap ID', 'hidden ID', 'press NAME', or an option id."""
        out: list[Event] = []
        for step in steps:
            if step.startswith("tap "):
                value: Any = Tap(step[4:])
            elif step.startswith("hidden "):
                value = Tap(step[7:], hidden=True)
            elif step.startswith("press "):
                value = Press(step[6:])
            else:
                value = Choose(step)
            out.extend(self.match.apply(value))
        self.events.extend(out)
        return out

    def refuse(self, step: str) -> str:
        """Apply an input that must be refused; check nothing changed; return the reason."""
        before = self.view()
        count = len(self.match.inputs)
        with pytest.raises(RuleError) as info:
            self.do(step)
        assert self.view() == before
        assert len(self.match.inputs) == count
        return str(info.value)

    def texts(self, events: list[Event] | None = None) -> str:
        return "\n".join(e.text for e in (self.events if events is None else events))

    def kinds(self, events: list[Event]) -> list[str]:
        return [e.kind for e in events]

    # --- arranging a position (white-box: not journaled, so no undo after it) --

    def _pull(self, cid: str) -> None:
        """Take `cid` from an unknown Raider slot; a card of a later round swaps in for a Plunderer."""
        cards = self.st.cards
        if cards.why_not_take("raider", cid, self.st.round) and cid not in cards.where:
            cards.unidentified["plunderer"] -= 1
            cards.members.add(cid)
            cards.unseen.add(cid)
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


@pytest.fixture
def table() -> type[Table]:
    return Table


def check_invariants(play: Play) -> None:
    """What must hold after every input of any game (used by the random-game tests)."""
    st = play.state
    cards = st.cards
    cat = st.catalogue
    places: list[tuple[str, str, str]] = []
    places += [(c, "raider", "") for c in cards.raider if c is not None]
    places += [(c, "intruder", "") for c in cards.intruder if c is not None]
    places += [(c, "discard", "") for c in cards.discard]
    for sam in st.samurai:
        places += [(c, "combat", sam.name) for c in sam.combat]
        places += [(c, "defence", sam.name) for c in sam.defence]
    places += [(c, "hand", "") for c, (where, _) in cards.where.items() if where == "hand"]
    ids = [c for c, _, _ in places]
    assert len(ids) == len(set(ids)), "a card is in two places"
    for cid, place, owner in places:
        assert cards.where[cid][0] == place, f"{cid} is in {place} but noted in {cards.where[cid]}"
        if place in ("combat", "defence"):
            assert cards.where[cid][1] == owner
    assert set(cards.where) == set(ids)
    assert not (set(ids) & cards.unseen)
    unknown = cards.raider.count(None) + cards.intruder.count(None)
    assert unknown == len(cards.unseen) + sum(cards.unidentified.values())
    deck = len(cards.members) + sum(cards.unidentified.values())
    in_round = len(cards.raider) + len(cards.intruder) + len(cards.discard) + len(ids) - len(
        [c for c, p, _ in places if p in ("raider", "intruder", "discard")])
    assert in_round == deck, "cards of the round do not add up"
    assert all(c in cards.members for c in ids)
    assert 0 <= st.barricades <= st.barricades_max
    assert 0 <= st.farmsteads <= 6 and set(st.families) <= set(cat.families)
    assert sum(st.farmstead_backs.values()) >= st.farmsteads - (0 if st.setup.level.farmstead_penalties else 6)
    view = play.public_view()
    for sam_view, sam in zip(view["samurai"], st.samurai, strict=True):
        assert sam_view["track"] == sum(cat.cards[c].value for c in sam_view["combat"])
        assert 0 <= sam.wounds <= 4
        assert (sam.face == "animal") == (sam.wounds >= 2)
        assert sam.wound_token == (sam.wounds in (1, 3))
        symbols = [cat.cards[c].symbol for c in sam.defence]
        assert None not in symbols and len(symbols) == len(set(symbols)) <= 3
    if any(s.wounds == 4 for s in st.samurai):
        assert st.result == "lost"
    text = json.dumps({k: v for k, v in view.items() if k != "pending"})
    for secret in cards.hidden:
        assert secret not in text, "a hidden card shows in the public view"
    if play.prompt is None:
        assert st.result in ("won", "lost")
