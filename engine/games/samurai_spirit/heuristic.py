"""A heuristic policy that plays Samurai Spirit the way a good table does.

It reads only what the table can see: combat lines and defence sides, battle
tracks and Kiai values, the village, the stacks' sizes and which cards are
still unseen (the public part of `Knowledge`). It never reads the engine's
notes of cards slid face down. Taps (the physical cards) are answered like
the simple policy does, by a fair draw from what could be on top.

What it knows, from the rulebook and common table advice:

- Keep each symbol defended: a missing hat, farm or doll costs a wound, a
  Farmstead or a Family at the round end, so an undefended symbol is
  defended when it shows, unless confronting lands exactly on the Kiai.
- Stay under the Kiai: fight only while the next card is unlikely to push
  the track past it; land exactly on it for the Kiai effect and its free
  discard of the first combat card.
- Mind the line penalty: the last card of the combat line strikes again at
  the start of every turn, so a costly card is covered, discarded, given
  away or defended, and a Samurai whose line ends in one passes early.
- Use talents: Kyuzo's discard, Katsushiro's card under the stack,
  Heihachi's and Daisuke's gifts to a neighbour who can defend or absorb
  the card, Gorobei's and Kanbei's immunity, Kikuchiyo's second fight.
- Use Kiai effects where they help most (the costliest last card, the
  fullest track), and support to keep the Raider stack moving rather than
  passing early.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.core.inputs import Input
from engine.core.prompt import Prompt
from engine.games.samurai_spirit.catalogue import Card
from engine.games.samurai_spirit.play import Play
from engine.games.samurai_spirit.policy import SimplePolicy, _choose
from engine.games.samurai_spirit.state import SamuraiState, State

OTHER_COST = {
    "left-draws": 0.5, "right-draws": 0.5, "shuffle-discard": 0.3, "must-pass": 0.2, "no-defend": 0.15,
    "no-support": 0.05, "no-talent": 0.1, "discard-defence": 0.8,
}
"""What a penalty other than a Barricade, a wound or an Intruder costs when it strikes, in Barricades."""

WOUND_COST = (0.35, 0.25, 0.9, 25.0)
"""A wound by the wounds already taken: the second flips the board (+3 Kiai), the fourth loses the game."""

NEXT_TURN = 0.5
"""How likely a Samurai still in the round takes another turn, so that his last card strikes again."""


@dataclass(frozen=True)
class Profile:
    """The unknown cards in aggregate: total weight, share with flames, and (symbol, value) -> (weight, penalties)."""

    total: float
    flames: float
    groups: dict[tuple[str | None, int], tuple[float, dict[str, float]]]


class HeuristicPolicy(SimplePolicy):
    """Decides from the public state with the table's rules of thumb (see the module's note).

    Every choice is priced in Barricades: a card confronted costs its line
    penalty at the next turn (a wound priced by the wounds already taken, an
    Intruder by the chance of flames), a card past the Kiai a Barricade and
    its penalty, a card defended nothing (and fills a symbol the round end
    asks for), a card supported onto the Intruder stack its chance of flames.
    """

    def __init__(self, rng: random.Random, stay: float = 0.5, cover: float = 0.5) -> None:
        super().__init__(rng)
        self.stay = stay
        self.cover = cover
        self._profile_key: tuple[object, ...] | None = None
        self._profile_cache = Profile(0.0, 0.5, {})

    def choose(self, play: Play) -> Input:
        prompt = play.prompt
        assert prompt is not None
        if prompt.tap:
            return super().choose(play)
        return _choose(self._decide(play, prompt))

    # --- prices, from public knowledge ---------------------------------------------

    def _profile(self, st: State) -> Profile:
        """What an unknown slot may hold, from public knowledge, grouped by (symbol, value).

        Unseen members weigh 1 each, an unidentified rank's candidates share its
        count. Made again only when the table has seen another card.
        """
        cards = st.cards
        key = (id(cards), st.round, len(cards.unseen), tuple(cards.unidentified.values()), len(cards.where))
        if self._profile_key == key:
            return self._profile_cache
        table = st.catalogue.cards
        weighted = [(table[c], 1.0) for c in cards.unseen]
        for rank, count in cards.unidentified.items():
            candidates = cards.candidates[rank]
            if count > 0 and candidates:
                weight = count / len(candidates)
                weighted.extend((table[c], weight) for c in candidates)
        groups: dict[tuple[str | None, int], tuple[float, dict[str, float]]] = {}
        total = flames = 0.0
        for card, weight in weighted:
            total += weight
            if card.flames:
                flames += weight
            mass, pens = groups.get((card.symbol, card.value), (0.0, {}))
            for pen in card.penalties:
                pens[pen] = pens.get(pen, 0.0) + weight
            groups[card.symbol, card.value] = (mass + weight, pens)
        profile = Profile(total, flames / total if total else 0.5, groups)
        self._profile_key, self._profile_cache = key, profile
        return profile

    def _flames(self, st: State) -> float:
        return self._profile(st).flames

    def _barricade(self, st: State) -> float:
        return 1.0 if st.barricades >= 2 else 1.6

    def strike(self, st: State, sam: SamuraiState, card: Card, flames: float) -> float:
        """What `card` costs each time it strikes as the last card of `sam`'s combat line."""
        if _immune(sam, card.value):
            return 0.0
        return sum(self._penalty(st, sam, pen, flames) for pen in card.penalties)

    def _penalty(self, st: State, sam: SamuraiState, pen: str, flames: float) -> float:
        if pen == "barricade":
            return self._barricade(st)
        if pen == "wound":
            return WOUND_COST[min(sam.wounds, 3)]
        if pen == "intruder":
            return flames
        return OTHER_COST.get(pen, 0.3)

    def _last_strike(self, st: State, sam: SamuraiState, flames: float) -> float:
        if not sam.combat:
            return 0.0
        return self.strike(st, sam, st.catalogue.cards[sam.combat[-1]], flames)

    def _card_cost(self, st: State, sam: SamuraiState, card: Card, room: int, flames: float,
                   last: float) -> float:
        """The price of drawing `card` now, played the way `_fight_card` would."""
        pens = {pen: 1.0 for pen in card.penalties}
        return self._group_cost(st, sam, card.symbol, card.value, 1.0, pens, room, flames, last)

    def _group_cost(self, st: State, sam: SamuraiState, symbol: str | None, value: int, mass: float,
                    pens: dict[str, float], room: int, flames: float, last: float) -> float:
        """`_card_cost` for `mass` cards of one symbol and value whose penalties add up to `pens`."""
        if symbol and not sam.no_defend and not st.defends(sam, symbol):
            return mass * (-0.3 + last * NEXT_TURN)
        if sam.name == "kyuzo" and any(st.values[c] == value for c in sam.combat):
            return mass * last * NEXT_TURN
        strike = 0.0 if _immune(sam, value) else sum(
            weight * self._penalty(st, sam, pen, flames) for pen, weight in pens.items())
        if value <= room:
            return strike * NEXT_TURN - (0.4 * mass if value == room else 0.0)
        return mass * self._barricade(st) + strike

    def _fight_cost(self, st: State, sam: SamuraiState, room: int, flames: float, last: float) -> float:
        raider = st.cards.raider
        if raider and raider[-1] is not None:
            return self._card_cost(st, sam, st.catalogue.cards[raider[-1]], room, flames, last)
        profile = self._profile(st)
        if not profile.total:
            return 0.0
        cost = 0.0
        for (symbol, value), (mass, pens) in profile.groups.items():
            cost += self._group_cost(st, sam, symbol, value, mass, pens, room, flames, last)
        return cost / profile.total

    # --- decisions ------------------------------------------------------------------

    def _decide(self, play: Play, prompt: Prompt) -> str:
        kind = prompt.kind
        options = prompt.options
        st = play.state
        if kind == "action":
            return self._action(play, prompt)
        if kind in ("fight", "side"):
            return self._fight_card(play, prompt)
        if kind in ("ignore-penalty", "kiai"):
            return "yes"
        if kind == "fight-again":
            sam = st.by_name(prompt.actor)
            flames = self._flames(st)
            room = st.kiai(sam) - st.track(sam)
            last = self._last_strike(st, sam, flames)
            return "yes" if self._fight_cost(st, sam, room, flames, last) < flames else "no"
        if kind == "support-target":
            return self._next_in_round(st, st.by_name(prompt.actor), options)
        if kind == "kiai-source":
            return self._kiai_source(st, prompt)
        if kind == "kiai-target":
            return self._kiai_target(st, prompt)
        if kind == "kiai-heal":
            return options[0]
        if kind == "discard-defence":
            return self._defence_to_lose(st, options)
        if kind == "penalty-order":
            return options[0]
        if kind == "absent-token":
            return options[0] if len(options) > 1 else "no"
        if kind in ("farmstead-back", "kiai-order"):
            return self.rng.choice(options)
        return options[0]

    def _action(self, play: Play, prompt: Prompt) -> str:
        options = prompt.options
        st = play.state
        sam = st.by_name(prompt.actor)
        flames = self._flames(st)
        room = st.kiai(sam) - st.track(sam)
        last = self._last_strike(st, sam, flames)
        costs = {"pass": flames + self.stay}
        if "fight" in options:
            costs["fight"] = self._fight_cost(st, sam, room, flames, last)
        if "support" in options:
            costs["support"] = flames + last * NEXT_TURN - 0.05
        return min(costs, key=lambda option: costs[option])

    def _fight_card(self, play: Play, prompt: Prompt) -> str:
        options = prompt.options
        st = play.state
        sam = st.by_name(prompt.actor)
        assert prompt.subject is not None
        card = st.catalogue.cards[prompt.subject]
        after = st.track(sam) + card.value
        kiai = st.kiai(sam)
        flames = self._flames(st)
        strike = self.strike(st, sam, card, flames)
        costly = strike >= 0.5
        fits = after <= kiai
        if "defend" in options and not costly and fits and (after == kiai or self._cover(st, sam, flames)):
            return "confront"
        if "defend" in options:
            return "defend"
        if "discard" in options:
            return "discard"
        if after == kiai and not costly:
            return "confront"
        for name in options:
            if name in st.names:
                other = st.by_name(name)
                if card.symbol and not other.no_defend and not st.defends(other, card.symbol):
                    return name
        if "under" in options and (after > kiai or costly):
            return "under"
        if after > kiai or costly:
            for name in options:
                if name in st.names:
                    other = st.by_name(name)
                    if st.track(other) + card.value <= st.kiai(other) and self.strike(st, other, card, flames) < strike:
                        return name
        if "defend" in options:
            return "defend"
        return "confront"

    def _cover(self, st: State, sam: SamuraiState, flames: float) -> bool:
        """Whether to confront a harmless card over a costly last card rather than defend it.

        Only while the Raider stack still holds enough cards for that symbol to
        come again before the round ends.
        """
        if self._last_strike(st, sam, flames) < self.cover:
            return False
        return len(st.cards.raider) >= 3 * st.in_round_count()

    def _next_in_round(self, st: State, sam: SamuraiState, options: tuple[str, ...]) -> str:
        """The next Samurai to play: a support token helps the sooner it is used."""
        n = len(st.samurai)
        for step in range(1, n):
            name = st.samurai[(sam.seat + step) % n].name
            if name in options:
                return name
        return options[0]

    def _kiai_source(self, st: State, prompt: Prompt) -> str:
        """The line whose last card hurts most, else the fullest track (or No when nothing is worth it)."""
        best, score = prompt.options[0], -1.0
        for name in prompt.options:
            if name not in st.names:
                continue
            sam = st.by_name(name)
            value = self._last_strike(st, sam, 0.5) * 2 + st.track(sam) / max(1, st.kiai(sam))
            if name == prompt.actor:
                value += 0.1
            if value > score:
                best, score = name, value
        return best

    def _kiai_target(self, st: State, prompt: Prompt) -> str:
        """Who takes a moved card or a token: one who can defend or absorb it, else the next to play."""
        best, score = prompt.options[0], -99.0
        for name in prompt.options:
            if name not in st.names:
                continue
            sam = st.by_name(name)
            score_now = float(st.kiai(sam) - st.track(sam)) - (10 if sam.passed else 0)
            if score_now > score:
                best, score = name, score_now
        return best

    def _defence_to_lose(self, st: State, options: tuple[str, ...]) -> str:
        """A Farmstead is the cheapest symbol to lose while several stand; else a wound on a fresh Samurai."""
        order = ("farm", "hat", "doll") if st.farmsteads > 2 else ("hat", "doll", "farm")
        symbols = {cid: st.catalogue.cards[cid].symbol for cid in options}
        for symbol in order:
            for cid, sym in symbols.items():
                if sym == symbol:
                    return cid
        return options[0]


def _immune(sam: SamuraiState, value: int) -> bool:
    """Gorobei ignores even penalties, Kanbei odd ones (their own talents)."""
    return (sam.name == "gorobei" and value % 2 == 0) or (sam.name == "kanbei" and value % 2 == 1)


