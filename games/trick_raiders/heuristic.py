"""Trick Raiders' heuristic policy: outlast the others by spending lead cards and hand cards in step.

Every active player plays one card a trick, from the lead cards when
leading and from the hand otherwise, and "drops out" when the pile the
turn asks for is empty: "You become the leader, but you have no lead
cards" or "You are not the leader and have no more follow cards". The
round ends at the first drop-out with 3 players and the second with 4,
and a drop-out costs a life chip. So a trick is worth winning or losing
by what it leaves: winning means leading the next trick (one lead card),
losing means following it (one hand card). The rulebook's advice drives
the rest: "It is often better to focus on getting the other 2 out of the
game as quickly as possible rather than meeting your declared bid."

Each card the policy may play is priced by the chance that it wins the
trick (the followers' hands are unseen, so each is taken as a random share
of the unseen cards, empty in a suit the player showed void in) and by
what either outcome leaves: its own runway of lead and hand cards, a
drop-out that would follow at once, an opponent pushed out (no lead card
left for a winner, no hand card left for a loser), the 5 of Diamonds' life
chip and the 9 of Hearts' lead card sent to the hand.

The declaration is priced the same way, by the rulebook's bonuses: a
strong hand declares aggressively (`declaration`).

It reads only what that player knows: its own hand (dealt by the policy,
`hand`), the public lead cards, hand counts and cards seen going into
hands, the trick, the trump, the voids shown and the cards played.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from math import comb

from engine.core.inputs import Choose, Input
from games.trick_raiders.play import Play
from games.trick_raiders.policy import OK, SimplePolicy, _tap
from games.trick_raiders.rules.tricks import judge
from games.trick_raiders.state import Player, State

FATAL = 10.0
"""The worth of coming through the round (not losing a life chip)."""
PARTIAL = 0.3
"""With 4 players, how much one opponent's drop-out counts when the round still needs another."""
ROUND_LENGTH = {3: 12, 4: 14}
"""Tricks a round usually lasts (before a drop-out ends it), by player count."""
WIN_SHARE = 1.2
"""A player's chance to win a later trick, times the number of players still in the round.

More than an even share (1): tuned on seeded games, because running out
of lead cards is what ends most rounds (winning too often), so a spare lead
card is worth more than an even share makes it."""
DECLARE_SLOPE = 0.5
"""Lead cards declared beyond the dealt number per high card (spade, 9 or 10) beyond the average."""
AGGRESSIVE = 5
"""Strong cards (a spade of 7 or more, any 9 or 10) among the 13 that make the policy declare aggressively."""
STEAL = 5.0
"""The worth of winning with the 5 of Diamonds: a life chip taken from a rival and kept."""
SHED = 0.01
"""Tie-break per point of card strength: shed the cards that would win tricks one does not want."""


@dataclass(frozen=True)
class Trick:
    """The trick as the deciding player sees it: the cards so far and who still plays after them."""

    cards: list[str]
    owners: list[str]
    followers: list[Player]
    """Players after the decider who will play a hand card in this trick."""
    doomed: list[Player]
    """Players after the decider with no hand card: they drop out when their turn comes."""


class HeuristicPolicy(SimplePolicy):
    """Prices every card it may play by what winning or losing the trick leaves it and the others.

    `heroes` names the players it plays this way (None: everybody); the
    others play like the simple policy, on the same physical table.
    """

    def __init__(self, rng: random.Random, heroes: frozenset[str] | None = None) -> None:
        super().__init__(rng)
        self.heroes = heroes
        self._hands: dict[int, dict[str, list[str]]] = {}

    def hand(self, st: State, name: str) -> list[str]:
        """The hand of `name`: the cards seen going into it, plus unseen cards dealt once per round by this policy."""
        dealt = self._hands.get(st.round)
        player = st.by_name(name)
        if dealt is not None:
            held = [c for c in player.known_hand if st.where.get(c) == ("hand", name)]
            held += [c for c in dealt.get(name, []) if c not in st.where]
            if len(held) == player.hand:
                return held
        unseen = st.unseen()
        random.Random(self.seed * 7919 + st.round).shuffle(unseen)
        dealt = {}
        for other in st.players:
            dealt[other.name], unseen = unseen[:other.unknown_hand], unseen[other.unknown_hand:]
        self._hands[st.round] = dealt
        return [c for c in player.known_hand if st.where.get(c) == ("hand", name)] + dealt[name]

    def choose(self, play: Play) -> Input:
        prompt = play.prompt
        assert prompt is not None
        if self.heroes is not None and prompt.actor not in self.heroes:
            return super().choose(play)
        st = play.state
        kind = prompt.kind
        if kind == "lead":
            return _tap(best_card(st, prompt.actor, st.by_name(prompt.actor).lead, True, self.hand(st, prompt.actor)))
        if kind == "follow":
            hand = self.hand(st, prompt.actor)
            led = st.suit(st.trick[0].card)
            return _tap(best_card(st, prompt.actor, [c for c in hand if st.suit(c) == led] or hand, False, hand))
        if kind == "lead-from-hand":
            hand = self.hand(st, prompt.actor)
            return _tap(best_card(st, prompt.actor, hand, False, hand))
        if kind == "declare":
            return self._declaration(st, prompt.actor)
        if kind == "lead-return":
            return _tap(max(st.by_name(prompt.actor).lead, key=lambda c: _strength(st, c)))
        if kind == "life-steal":
            return Choose(prompt.options[0])
        return super().choose(play)

    def _declaration(self, st: State, name: str) -> Input:
        """Move cards one tap at a time toward `declaration(...)` lead cards.

        Added cards are the weakest of the hand and collected ones the
        strongest lead cards: weak lead cards lose the tricks they lead when
        a win would cost a lead card too many, and strong hand cards win a
        trick when the hand runs short (tuned on seeded games).
        """
        player = st.by_name(name)
        hand = self.hand(st, name)
        target = declaration(st, [*player.lead, *hand])
        if len(player.lead) > target and not player.added:
            return _tap(max(player.lead, key=lambda c: _strength(st, c)))
        if len(player.lead) < target and hand and not player.collected:
            return _tap(min(hand, key=lambda c: _strength(st, c)))
        return OK


def declaration(st: State, cards: list[str]) -> int:
    """How many lead cards to declare with these 13 cards (the dealt lead cards and the hand).

    A strong hand declares aggressively, the rulebook's "6 or more cards in
    their lead cards and ... the most" (8 with 3 players): surviving it makes
    every other player lose a life chip, which pays even though it fails
    about half the time. Otherwise the dealt number, more with more high
    cards. Only the player's own cards count: declarations are made at
    once ("Se-no!"), so nobody knows the others' yet.
    """
    strong = sum(1 for c in cards if (st.suit(c) == "spades" and st.value(c) >= 7) or st.value(c) >= 9)
    if strong >= AGGRESSIVE:
        return min(len(cards), st.aggressive_needs)
    high = sum(1 for c in cards if st.suit(c) == "spades" or st.value(c) >= 9)
    share = sum(1 for c in st.deck if st.suit(c) == "spades" or st.value(c) >= 9) / len(st.deck)
    target = st.lead_size + round(DECLARE_SLOPE * (high - share * len(cards)))
    return max(0, min(len(cards), target))


def best_card(st: State, name: str, options: list[str], leading: bool, hand: list[str]) -> str:
    """The option with the best price (see the module's docstring); `hand` is the decider's hand, never played
    here when leading, but not among the cards the others may hold."""
    trick = _trick(st, name)
    pool = _pool(st, hand)
    me = st.by_name(name)
    lead_left = len(me.lead) - 1 if leading else len(me.lead)
    hand_left = me.hand if leading else me.hand - 1
    prices = {card: _price(st, me, trick, pool, card, lead_left, hand_left) for card in options}
    return max(options, key=lambda card: (prices[card], card))


def _price(st: State, me: Player, trick: Trick, pool: list[str], card: str, lead_left: int, hand_left: int) -> float:
    """The card's worth: FATAL times the chance to come through the round, plus the life chip it may take."""
    cards = [*trick.cards, card]
    owners = [*trick.owners, me.name]
    returns = int(any(st.catalogue.cards[c].special == "lead-return" for c in cards))
    at = judge(cards, st.catalogue, st.trump)
    p = holds(st, cards, at, trick.followers, pool) if at == len(trick.cards) else 0.0
    if _round_ends(st, trick):
        win_value = lose_value = 1.0
    elif lead_left + hand_left == 0:
        win_value, lose_value = 1.0, 0.0
    else:
        tricks = _tricks_left(st, lead_left + hand_left)
        win = min(1.0, WIN_SHARE / _active(st))
        end_win = _ended(st, _kills_if_won(st, trick, me.name))
        win_value = end_win + (1.0 - end_win) * survival(lead_left - returns, hand_left + returns, True, tricks, win)
        end_lose = _ended(st, _kills_if_lost(st, trick, cards, owners, at, pool, returns))
        lose_value = end_lose + (1.0 - end_lose) * survival(lead_left, hand_left, False, tricks, win)
    steal = STEAL if st.catalogue.cards[card].special == "life-steal" else 0.0
    shed = SHED * _strength(st, card) * (1.0 if lose_value >= win_value else -1.0)
    return FATAL * (p * win_value + (1.0 - p) * lose_value) + p * steal + shed


def _active(st: State) -> int:
    return sum(1 for pl in st.players if not pl.out)


def _tricks_left(st: State, cards: int) -> int:
    """The tricks still to come in this round after this one, as the round usually lasts; never more than the
    cards left."""
    expected = ROUND_LENGTH[min(st.count, 4)] - st.trick_number
    return max(1, min(cards, expected))


def _ended(st: State, kills: float) -> float:
    """The chance the round ends with these expected drop-outs (it takes one with 3 players, two with 4), or
    a smaller credit for a drop-out that brings the end nearer."""
    if st.dropouts + 1 >= st.dropouts_to_end:
        return min(1.0, kills)
    return min(1.0, kills) * PARTIAL


@cache
def survival(lead: int, hand: int, leads_next: bool, tricks: int, p: float) -> float:
    """The chance of playing `tricks` more tricks without running out, each won with chance `p`.

    The next trick takes a lead card if this one was won (`leads_next`) and a
    hand card otherwise; every later one as the trick before it fell.
    """
    if lead < 0 or hand < 0:
        return 0.0
    first_lead = int(leads_next)
    later = tricks - 1
    total = 0.0
    for wins in range(later + 1):
        if first_lead + wins <= lead and (1 - first_lead) + later - wins <= hand:
            total += comb(later, wins) * p ** wins * (1.0 - p) ** (later - wins)
    return total


def _kills_if_won(st: State, trick: Trick, winner: str) -> float:
    """Opponents with no hand card left after this trick: they must follow the next one, so drop out."""
    return float(sum(1 for pl in st.players if not pl.out and pl.name != winner and pl not in trick.doomed
                     and _hand_after(pl, trick) == 0))


def _kills_if_lost(st: State, trick: Trick, cards: list[str], owners: list[str], at: int | None, pool: list[str],
                   returns: int) -> float:
    """The opponents expected to drop out if the decider does not win: the winner with no lead card left,
    the others with no hand card left. Who wins is the card winning now if it holds, else any follower alike."""
    chances: dict[str, float] = {}
    rest = 1.0
    if at is not None and owners[at] != owners[-1]:
        chances[owners[at]] = holds(st, cards, at, trick.followers, pool)
        rest -= chances[owners[at]]
    elif at is None:
        chances[owners[0]] = 1.0
        rest = 0.0
    share = rest / len(trick.followers) if trick.followers else 0.0
    for pl in trick.followers:
        chances[pl.name] = chances.get(pl.name, 0.0) + share
    total = 0.0
    for pl in st.players:
        if pl.out or pl.name == owners[-1] or pl in trick.doomed:
            continue
        won = chances.get(pl.name, 0.0)
        if len(pl.lead) - returns <= 0:
            total += won
        if _hand_after(pl, trick) == 0:
            total += 1.0 - won
    return total


def _hand_after(pl: Player, trick: Trick) -> int:
    return pl.hand - 1 if pl in trick.followers else pl.hand


def _round_ends(st: State, trick: Trick) -> bool:
    """The round ends after this trick whatever is played: enough drop-outs, counting those still to come in it."""
    return st.dropouts + len(trick.doomed) >= st.dropouts_to_end


def _trick(st: State, name: str) -> Trick:
    played = {p.player for p in st.trick}
    me = st.by_name(name)
    after = [pl for pl in st.clockwise(me.seat)[1:] if not pl.out and pl.name not in played]
    return Trick([p.card for p in st.trick], [p.player for p in st.trick],
                 [pl for pl in after if pl.hand], [pl for pl in after if not pl.hand])


def _pool(st: State, hand: list[str]) -> list[str]:
    """The cards the others may hold unseen: the round's unseen cards less the decider's own hand."""
    mine = set(hand)
    return [c for c in st.unseen() if c not in mine]


def holds(st: State, cards: list[str], at: int | None, followers: list[Player], pool: list[str]) -> float:
    """The chance that cards[at], winning the trick so far, still wins after each follower plays a hand card.

    A follower is taken to hold a random share of the unseen cards (plus
    the cards seen going into the hand), to follow suit with a random card
    of it when able, and else to play any card; a card of the same suit
    and value cancels the winner, so it counts as beating it.
    """
    if at is None:
        return 0.0
    cat = st.catalogue.cards
    top = cat[cards[at]]
    led = cat[cards[0]].suit
    trump = st.trump

    def beats(cid: str) -> bool:
        card = cat[cid]
        if card.suit == top.suit:
            return card.value >= top.value
        return card.suit == trump

    same = [c for c in pool if cat[c].suit == led]
    other = len(pool) - len(same)
    beat_led = sum(1 for c in same if beats(c))
    beat_other = sum(1 for c in pool if cat[c].suit != led and beats(c))
    chance = 1.0
    for pl in followers:
        known = [c for c in pl.known_hand if st.where.get(c) == ("hand", pl.name)]
        known_led = [c for c in known if cat[c].suit == led]
        unseen = pl.unknown_hand
        if known_led:
            has_led = 1.0
        elif any(v.suit == led for v in pl.voids) or not pool:
            has_led = 0.0
        else:
            has_led = 1.0 - (1.0 - len(same) / len(pool)) ** unseen
        led_cards = len(same) + len(known_led)
        p_led = (beat_led + sum(1 for c in known_led if beats(c))) / led_cards if led_cards else 0.0
        others = other + len(known) - len(known_led)
        p_other = (beat_other + sum(1 for c in known if cat[c].suit != led and beats(c))) / others if others else 0.0
        chance *= 1.0 - (has_led * p_led + (1.0 - has_led) * p_other)
    return chance


def _strength(st: State, cid: str) -> int:
    return st.value(cid) + (20 if st.suit(cid) == st.trump else 0)
