"""What things cost at a Samurai Spirit table, priced from the public view only.

Every loss is priced in one unit, a Barricade taken while the village still
has several. The prices follow the ways the game is lost (rulebook, "End of
a round" and "Sustaining a Wound"): a Samurai's fourth wound, the last
Farmstead or the last Family loses at once, so each resource costs more the
closer it is to that end, and the step that ends the game costs `LOSS`.

The unknown cards are read from `Knowledge`'s public part only (`unseen`,
`unidentified`, `candidates`, a face-up top Raider card): never its notes of
cards slid face down.

The numbers below that are not counts from the rules (`WOUND`, `FARM_CURVE`,
`FAMILY`, `BARRICADE_SHARE`, `SLOT`, `SUPPORT`, `OTHER`, `SLOT_TAKES`,
`NEAR_END`, `ROOM`, `KEEPS`) were set by playing seeds 100000 and up, never
the benchmark's seeds 1-2000; the win rate is flat around them (a random
search over all of them at once moved it by less than its noise). `KEEPS`
is a measured rate, not a tuned one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from games.samurai_spirit.catalogue import Card, Catalogue
from games.samurai_spirit.state import SamuraiState, State

LOSS = 30.0
"""The price of a step that loses the game at once (a fourth wound, the last Farmstead or Family)."""

WOUND = (1.0, 0.8, 2.5, LOSS)
"""A wound by the wounds already taken: the 2nd flips the board (+3 Kiai, cheaper), the 4th kills."""

FARM_CURVE = 2.0
"""A Farmstead costs 1 + FARM_CURVE / (Farmsteads left - 1): the last one loses the game."""

FAMILY = (2.0, 1.2)
"""A Family while two, then three stand: the last one loses the game, each one left gives a bonus."""

BARRICADE_SHARE = 1.4
"""A Barricade while two or more stand, as a share of a Farmstead: it only delays the Farmsteads' fall."""

SLOT = 0.5
"""How much of a later card's strike a free defence slot is expected to save."""

SUPPORT = 0.3
"""What a Support costs beyond the card it burns: the receiver gets one talent for one turn, but the
supporter's room stays unused while the stack shrinks."""

OTHER = {"no-defend": 0.2, "no-support": 0.05, "must-pass": 1.0, "no-talent": 0.1}
"""Penalties that only forbid something for one turn."""

SYMBOLS = ("hat", "farm", "doll")

SLOT_TAKES = 0.5
"""A free defence slot takes only a card of its symbol: about half a card by the round end."""

NEAR_END = (0.7, 0.25)
"""How likely a Samurai plays again when the stack holds one card more than the others need, or fewer."""

ROOM = 0.2
"""Room under the Kiai comes back at every Kiai (the first card goes): a point is worth part of a burnt card."""

KEEPS = 0.75
"""How often a drawn card of a symbol the Samurai still lacks is defended: the rest are confronted to reach
the Kiai or to cover a costly card, or cannot be (a no-defend penalty). Measured as the heuristic's own rate
on seeds 100000 and up; with it the chance of ending a round without a declined symbol is predicted as it
happens there (about 0.38, where counting every draw as a sure defence said 0.20)."""


@dataclass(frozen=True)
class Profile:
    """The unknown cards in aggregate: weight, share with flames, mean value, share per symbol, groups.

    A group is the unknown cards of one symbol and value: `symbols`,
    `values` and `masses` (their weight) list the groups in one order.
    `columns` and `by_symbol` index them so a decision prices them in a few
    additions: per penalty, the groups that show it and its share of their
    weight; per symbol, its groups and their share of its weight.
    """

    total: float
    flames: float
    mean: float
    share: dict[str, float]
    symbols: tuple[str | None, ...] = ()
    values: tuple[int, ...] = ()
    masses: tuple[float, ...] = ()
    columns: tuple[tuple[str, tuple[tuple[int, float], ...]], ...] = ()
    by_symbol: dict[str, tuple[tuple[int, float], ...]] = field(default_factory=dict)


_FACTS: dict[int, tuple[object, dict[str, tuple[str | None, int, bool, tuple[str, ...]]]]] = {}
"""Per catalogue, each card's (symbol, value, flames, penalties): read at every new profile."""


def _facts(catalogue: Catalogue) -> dict[str, tuple[str | None, int, bool, tuple[str, ...]]]:
    known = _FACTS.get(id(catalogue))
    if known is not None and known[0] is catalogue:
        return known[1]
    facts = {cid: (c.symbol, c.value, c.flames, c.penalties) for cid, c in catalogue.cards.items()}
    _FACTS[id(catalogue)] = (catalogue, facts)
    return facts


def build_profile(st: State) -> Profile:
    """What an unknown slot may hold, from public knowledge only.

    Unseen cards weigh 1 each; an unidentified rank's count is shared among
    its candidates. The unseen set is walked in id order: a set's own order
    changes with the process's string hash seed, and with it the order of
    the groups and the rounding of the sums made from them, which was enough
    to change decisions between two runs of the same seed.
    """
    cards = st.cards
    facts = _facts(st.catalogue)
    weighted: list[tuple[str, float]] = [(c, 1.0) for c in sorted(cards.unseen)]
    for rank, count in cards.unidentified.items():
        candidates = cards.candidates[rank]
        if count > 0 and candidates:
            weight = count / len(candidates)
            weighted.extend((c, weight) for c in candidates)
    index: dict[tuple[str | None, int], int] = {}
    masses: list[float] = []
    pens: dict[tuple[str, int], float] = {}
    share = dict.fromkeys(SYMBOLS, 0.0)
    total = flames = values = 0.0
    for cid, weight in weighted:
        symbol, value, burns, penalties = facts[cid]
        total += weight
        values += weight * value
        if burns:
            flames += weight
        if symbol:
            share[symbol] += weight
        i = index.get((symbol, value))
        if i is None:
            i = index[symbol, value] = len(masses)
            masses.append(0.0)
        masses[i] += weight
        for pen in penalties:
            pens[pen, i] = pens.get((pen, i), 0.0) + weight
    if not total:
        return Profile(0.0, 0.5, 3.0, dict.fromkeys(SYMBOLS, 0.3))
    columns: dict[str, list[tuple[int, float]]] = {}
    for (pen, i), w in pens.items():
        columns.setdefault(pen, []).append((i, w / masses[i]))
    by_symbol: dict[str, list[tuple[int, float]]] = {}
    for (symbol, _), i in index.items():
        if symbol:
            by_symbol.setdefault(symbol, []).append((i, masses[i] / share[symbol]))
    return Profile(total, flames / total, values / total, {s: w / total for s, w in share.items()},
                   tuple(symbol for symbol, _ in index), tuple(value for _, value in index), tuple(masses),
                   tuple((pen, tuple(col)) for pen, col in sorted(columns.items())),
                   {s: tuple(col) for s, col in by_symbol.items()})


def immune(sam: SamuraiState, value: int) -> bool:
    """Gorobei ignores the penalties of even cards, Kanbei of odd ones (their own talents)."""
    return (sam.name == "gorobei" and value % 2 == 0) or (sam.name == "kanbei" and value % 2 == 1)


class Prices:
    """The prices of one moment of one game (made per decision: the state changes between them)."""

    def __init__(self, st: State, profile: Profile) -> None:
        self.st = st
        self.profile = profile
        self.farmstead = LOSS if st.farmsteads <= 1 else 1.0 + FARM_CURVE / (st.farmsteads - 1)
        if st.barricades == 0:
            self.barricade = self.farmstead
        elif st.barricades == 1:
            self.barricade = self.farmstead * (1 + BARRICADE_SHARE) / 2
        else:
            self.barricade = self.farmstead * BARRICADE_SHARE
        families = len(st.families)
        self.family = LOSS if families <= 1 else FAMILY[families - 2]
        self.flames = profile.flames * self.barricade
        """A card slid onto the Intruder stack: it burns a Barricade at the round end if it shows flames."""
        self.in_round = st.in_round_count()
        self.supplies = {sam.name: self._supply(sam) for sam in st.samurai}
        self.total_supply = sum(self.supplies.values())
        self.room = self._room_price()
        self._penalties: dict[tuple[str, str], float] = {}
        self._strikes: dict[str, list[float]] = {}

    # --- the round's economy ----------------------------------------------------------

    def _supply(self, sam: SamuraiState) -> float:
        """How many more cards `sam` can take this round: free defence slots, then room under the Kiai."""
        if sam.passed:
            return 0.0
        free = 3 - len(sam.defence)
        room = self.st.kiai(sam) - self.st.track(sam)
        return SLOT_TAKES * free + max(0, room) / self.profile.mean

    def _room_price(self) -> float:
        """One point of battle track: what a card costs when nobody can take it (the Intruder stack), per point.

        Cheap while the Samurai in the round can take all the cards left, full when they cannot.
        """
        demand = len(self.st.cards.raider)
        supply = self.total_supply
        tight = min(1.0, demand / supply) if supply else 1.0
        return ROOM * tight * self.flames / self.profile.mean

    def pressure(self, sam: SamuraiState) -> float:
        """What `sam` leaving the round costs: the cards the others cannot take go to the Intruder stack."""
        demand = len(self.st.cards.raider)
        supply = self.total_supply
        mine = self.supplies[sam.name]
        return self.flames * (max(0.0, demand - (supply - mine)) - max(0.0, demand - supply))

    def next_turn(self, sam: SamuraiState, stack: int) -> float:
        """How likely `sam` plays again this round, with `stack` Raider cards left: his last card strikes then.

        The others still in the round each take at least one card first.
        """
        others = self.in_round - (0 if sam.passed else 1)
        if stack > others + 1:
            return 1.0
        if stack > others:
            return NEAR_END[0]
        return NEAR_END[1] if stack > 0 else 0.0

    def draws_left(self, sam: SamuraiState, stack: int) -> float:
        """How many more cards `sam` is expected to draw this round: his share of the stack, but no more than
        he can take before he must pass (`_supply`, and the card that takes him past his Kiai)."""
        return min(stack / max(1, self.in_round), 1.0 + self.supplies[sam.name])

    def missing(self, sam: SamuraiState, symbol: str, stack: int) -> float:
        """The chance `sam` ends the round without a card of `symbol` on his defence side, if he lacks one now."""
        return self.miss_after(symbol, self.draws_left(sam, stack))

    def miss_after(self, symbol: str, draws: float) -> float:
        """The chance that `draws` draws, on average, bring no card of `symbol` that is then defended.

        The number of draws a Samurai still makes varies a lot (he may be taken past his Kiai at once, or
        play to the end), so it is counted as a Poisson number with that mean, not as a fixed one: for a
        fixed count the chance would be too low by half. A card of the symbol is defended with `KEEPS`.
        """
        return math.exp(-self.profile.share[symbol] * KEEPS * draws)

    # --- losses -------------------------------------------------------------------------

    def wound(self, sam: SamuraiState) -> float:
        return WOUND[min(sam.wounds, 3)]

    def symbol(self, sam: SamuraiState, symbol: str) -> float:
        """The round end's price of an undefended symbol: a wound (hat), a Farmstead (farm), a Family (doll)."""
        if symbol == "hat":
            return self.wound(sam)
        if symbol == "farm":
            return self.farmstead
        return self.family

    def strike(self, sam: SamuraiState, card: Card | None) -> float:
        """What `card` costs each time it strikes as the last card of `sam`'s combat line."""
        if card is None or not card.penalties or immune(sam, card.value):
            return 0.0
        return sum(self.penalty(sam, pen) for pen in card.penalties)

    def last_strike(self, sam: SamuraiState) -> float:
        if not sam.combat:
            return 0.0
        return self.strike(sam, self.st.catalogue.cards[sam.combat[-1]])

    def group_strikes(self, sam: SamuraiState) -> list[float]:
        """The mean strike of each group of unknown cards (the profile's order) for `sam`."""
        strikes = self._strikes.get(sam.name)
        if strikes is None:
            profile = self.profile
            strikes = [0.0] * len(profile.masses)
            for pen, column in profile.columns:
                price = self.penalty(sam, pen)
                for i, w in column:
                    strikes[i] += w * price
            if sam.name in ("gorobei", "kanbei"):
                strikes = [0.0 if immune(sam, v) else x for v, x in zip(profile.values, strikes, strict=True)]
            self._strikes[sam.name] = strikes
        return strikes

    def mean_strike(self, sam: SamuraiState, symbol: str) -> float:
        """The mean strike for `sam` of an unknown card of `symbol`."""
        strikes = self.group_strikes(sam)
        return sum(w * strikes[i] for i, w in self.profile.by_symbol.get(symbol, ()))

    def penalty(self, sam: SamuraiState, pen: str) -> float:
        """One penalty, priced once per decision."""
        key = (sam.name, pen)
        price = self._penalties.get(key)
        if price is None:
            price = self._penalties[key] = self._penalty(sam, pen)
        return price

    def _penalty(self, sam: SamuraiState, pen: str) -> float:
        """One penalty; one that cannot be applied is a wound instead (rulebook, "Apply the battle penalty")."""
        st = self.st
        if pen == "barricade":
            return self.barricade
        if pen == "wound":
            return self.wound(sam)
        if pen == "intruder":
            return self.flames if st.cards.raider else self.wound(sam)
        if pen in ("left-draws", "right-draws"):
            other = st.left_of(sam) if pen == "left-draws" else st.right_of(sam)
            if other.passed or not st.cards.raider:
                return self.wound(sam)
            return self.forced_draw(other)
        if pen == "shuffle-discard":
            return self.room * self.profile.mean if st.cards.discard else self.wound(sam)
        if pen == "discard-defence":
            return min((self.symbol(sam, s) for s in self.defended(sam)), default=self.wound(sam))
        return OTHER.get(pen, 0.3)

    def forced_draw(self, sam: SamuraiState) -> float:
        """`sam` must add an unknown card to his combat line (a neighbour's arrow): room, or a Barricade past the Kiai."""
        room = self.st.kiai(sam) - self.st.track(sam)
        profile = self.profile
        over = sum(m for m, v in zip(profile.masses, profile.values, strict=True) if v > room) / max(profile.total, 1.0)
        return self.room * self.profile.mean + over * self.barricade

    def defended(self, sam: SamuraiState) -> list[str]:
        cards = self.st.catalogue.cards
        return [s for s in (cards[c].symbol for c in sam.defence) if s]

    def open_symbols(self, sam: SamuraiState) -> list[str]:
        have = self.defended(sam)
        return [s for s in SYMBOLS if s not in have]
