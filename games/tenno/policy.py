"""A simple legal policy: plays the physical table (rows and hands) and every player, for simulations.

The engine never sees the rows or the hands, so the policy keeps the table
itself: each player's row of three places and hand. Before each decision
it squares its table with the engine's counts (cards that left the game
leave the table; gaps the engine says were filled are filled from the hand;
anything else, such as an undo it did not follow, deals a fresh table from
the cards still in play), so play always goes on legally. `explore` mixes
in random choices, for property tests.
"""

from __future__ import annotations

import random
from functools import cache

from engine.core.inputs import Choose, Input, Tap
from games.tenno.catalogue import Card
from games.tenno.play import Play
from games.tenno.state import LAYOUT, State


@cache
def _tap(card: str) -> Tap:
    return Tap(card)


PASS = Choose("pass")
DONE = Choose("ok")


class SimplePolicy:
    """Chooses an input for any prompt; its own random source, never the game's."""

    def __init__(self, rng: random.Random, explore: float = 0.0) -> None:
        self.rng = rng
        self.explore = explore
        self.rows: dict[str, list[str | None]] = {}
        self.hands: dict[str, list[str]] = {}
        self.target: str | None = None
        self._squared: tuple[int, int, int] | None = None

    # --- the physical table ---------------------------------------------------------

    def square(self, st: State) -> None:
        """Make the table agree with the engine's counts (see the module's note), when a card moved."""
        signature = (id(st), len(st.out), sum(pl.hand for pl in st.players))
        if self._squared == signature:
            return
        self._squared = signature
        for player in st.players:
            name = player.name
            alive = st.in_play(name)
            if name not in self.rows:
                self._deal(st, name, alive, player.gaps)
                continue
            row = [c if c is not None and c not in st.out else None for c in self.rows[name]]
            hand = [c for c in self.hands[name] if c not in st.out]
            holes = [i for i, c in enumerate(row) if c is None]
            if len(holes) > player.gaps and len(hand) - (len(holes) - player.gaps) == player.hand:
                for i in holes[:len(holes) - player.gaps]:
                    row[i] = hand.pop(self._refill_choice(st, hand))
            placed = [c for c in row if c is not None]
            if sorted(placed + hand) != sorted(alive) or len(hand) != player.hand or len(placed) != LAYOUT - player.gaps:
                self._deal(st, name, alive, player.gaps)
                continue
            self.rows[name], self.hands[name] = row, hand

    def _deal(self, st: State, name: str, alive: list[str], gaps: int) -> None:
        farmers = [c for c in alive if st.role(c) == "farmer"]
        others = [c for c in alive if c not in farmers]
        self.rng.shuffle(farmers)
        self.rng.shuffle(others)
        cards = farmers + others
        placed = LAYOUT - gaps
        self.rows[name] = [*cards[:placed], *([None] * gaps)]
        self.hands[name] = cards[placed:]

    def _refill_choice(self, st: State, hand: list[str]) -> int:
        """Mostly a middling card (strong ones are kept to exchange in), sometimes any."""
        if self.explore and self.rng.random() < self.explore:
            return self.rng.randrange(len(hand))
        order = sorted(range(len(hand)), key=lambda i: st.catalogue.cards[hand[i]].value)
        return order[len(order) // 2]

    def row(self, name: str) -> list[str]:
        return [c for c in self.rows.get(name, []) if c is not None]

    # --- decisions ------------------------------------------------------------------

    def choose(self, play: Play) -> Input:
        prompt = play.prompt
        assert prompt is not None
        st = play.state
        self.square(st)
        kind = prompt.kind
        if kind == "attack":
            return self._attack(play, prompt.actor)
        if kind == "second-attack":
            if self.rng.random() < 0.7:
                return self._attack(play, prompt.actor)
            return PASS
        if kind == "defend":
            return _tap(self._defending_card(play))
        if kind == "monk":
            monk = st.catalogue.monk[prompt.actor]
            if monk in self.row(prompt.actor) and monk not in st.out and self.rng.random() < 0.9:
                return _tap(monk)
            return PASS
        if kind == "done":
            self._exchange(st, prompt.actor)
            return DONE
        return Choose(self.rng.choice(prompt.options))

    def _attack(self, play: Play, name: str) -> Input:
        """A card of the row that may attack, against a card of another player's row."""
        st = play.state
        allowed = set(play.possible_taps())
        mine = [c for c in self.row(name) if c in allowed and c not in st.out]
        if not mine:
            return PASS
        cards = st.catalogue.cards
        used = {d.defend_card for d in st.duels}
        targets = [c for pl in st.players if pl.name != name for c in self.row(pl.name) if c not in used]
        if self.explore and self.rng.random() < self.explore:
            card = self.rng.choice(mine)
        else:
            card = max(mine, key=lambda c: (_attack_value(cards[c]), self.rng.random()))
        self.target = self.rng.choice(targets)
        return _tap(card)

    def _defending_card(self, play: Play) -> str:
        st = play.state
        allowed = set(play.possible_taps())
        if self.target in allowed and self.target not in st.out:
            return self.target
        attacker = play.prompt.actor if play.prompt else ""
        used = {d.defend_card for d in st.duels}
        targets = [c for pl in st.players if pl.name != attacker for c in self.row(pl.name)
                   if c in allowed and c not in used]
        return self.rng.choice(targets)

    def _exchange(self, st: State, name: str) -> None:
        """After a turn without a loss: sometimes swap the weakest card of the row for a hand card."""
        hand = self.hands.get(name, [])
        row = self.rows.get(name, [])
        if not hand or None in row or self.rng.random() < 0.5:
            return
        cards = st.catalogue.cards
        weakest = min(range(len(row)), key=lambda i: cards[row[i] or ""].value if row[i] else 99)
        pick = self.rng.randrange(len(hand))
        row[weakest], hand[pick] = hand[pick], row[weakest] or hand[pick]


def _attack_value(card: Card) -> int:
    """How keen a player is to attack with a card: the Geisha is kept for a strong target."""
    return 5 if card.role == "geisha" else card.attack
