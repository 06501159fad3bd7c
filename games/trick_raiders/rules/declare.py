"""I. Declaration phase: the deal, each player's declaration, the bonuses, the first leader.

The deal is physical: the engine learns the lead cards as they are tapped,
seat by seat, and only counts the face-down hands. The declaration is
simultaneous at the table ("Se-no!") and recorded seat by seat afterwards:
each card a player moved is tapped, and the engine infers from where the
card is whether it was added to the lead cards or collected from them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.inputs import Tap
from engine.core.messages import Items, msg, msg_n
from engine.core.prompt import Prompt
from games.trick_raiders.rules.flow import Flow
from games.trick_raiders.state import Player

if TYPE_CHECKING:
    from games.trick_raiders.playing import Playing


def start_round(p: Playing) -> None:
    """Fresh hands, the trump back to spades, and the deal said."""
    st = p.state
    st.deck = st.catalogue.deck(st.count)
    st.where = {}
    st.trump_changes = 0
    st.trick = []
    st.trick_number = 0
    st.dropouts = 0
    st.last_trick = None
    st.discard = []
    st.phase = "deal"
    for player in st.players:
        player.lead, player.known_hand, player.voids, player.flagged = [], [], [], set()
        player.joined_hand = {}
        player.hand, player.to_tap = st.hand_size, st.lead_size
        player.out, player.bonus, player.added, player.collected, player.played_from_hand = False, None, 0, 0, 0
    first = st.players[st.round_first].name
    if st.count == 3:
        p.step("deal", msg("Round {round}: shuffle the 40 cards (no 1s, no 2s, one 10 of each suit left out) and "
                           "deal each player 4 lead cards face up and 9 cards face down; the last card is not "
                           "used. Spades are trump. Tap the lead cards, starting with {player}.",
                           round=st.round, player=first), round=st.round, lead=4, hand=9)
    else:
        p.step("deal", msg("Round {round}: shuffle the 52 cards and deal each player 3 lead cards face up and 10 "
                           "cards face down. Spades are trump. Tap the lead cards, starting with {player}.",
                           round=st.round, player=first), round=st.round, lead=3, hand=10)


def tap_lead_cards(p: Playing) -> Flow[None]:
    st = p.state
    for player in st.clockwise(st.round_first):
        while player.to_tap:
            number = st.lead_size - player.to_tap + 1
            value = yield Prompt(player.name, "deal", msg("Tap {player}'s face-up lead card {n} of {count}.",
                                                          player=player.name, n=number, count=st.lead_size),
                                 tap="dealt")
            assert isinstance(value, Tap)
            st.deal_lead(player, value.card)
            p.emit("dealt", msg("{card} is one of {player}'s lead cards.", card=value.card, player=player.name),
                   player=player.name, card=value.card)


def declare(p: Playing) -> Flow[None]:
    st = p.state
    st.phase = "declare"
    for player in st.clockwise(st.round_first):
        while True:
            value = yield Prompt(player.name, "declare", msg_n("{player}: tap each card added from the "
                                                               "hand to the lead cards, or each lead card "
                                                               "taken into the hand, then press OK ({n} "
                                                               "lead card now; OK alone keeps it).",
                                                               "{player}: tap each card added from the "
                                                               "hand to the lead cards, or each lead card "
                                                               "taken into the hand, then press OK ({n} "
                                                               "lead cards now; OK alone keeps them).",
                                                               player=player.name, n=len(player.lead)), options=("ok",), tap="declare")
            if not isinstance(value, Tap):
                break
            _move(p, player, value.card)
        p.emit("declared", msg_n("{player} declares {n} lead.",
                                 "{player} declares {n} leads.",
                                 player=player.name, n=len(player.lead)),
               player=player.name, lead=len(player.lead))


def _move(p: Playing, player: Player, cid: str) -> None:
    """A tapped card changes side: a lead card goes to the hand, any other card comes from the hand."""
    st = p.state
    if st.where.get(cid) == ("lead", player.name):
        st.lead_to_hand(player, cid)
        player.collected += 1
        p.emit("collect", msg_n("{player} takes {card} into the hand ({n} lead card left).",
                                "{player} takes {card} into the hand ({n} lead cards left).",
                                player=player.name, card=cid, n=len(player.lead)), player=player.name, card=cid)
    else:
        st.add_to_lead(player, cid)
        player.added += 1
        p.emit("add", msg("{player} adds {card} from the hand to the lead cards ({n} now).", player=player.name,
                          card=cid, n=len(player.lead)), player=player.name, card=cid)


def bonuses(p: Playing) -> None:
    """The aggressive bonus (6 or more lead cards and the most, alone; 8 with 3 players) and the
    passive one (the only player with no lead card; not with 3 players)."""
    st = p.state
    most = max(len(pl.lead) for pl in st.players)
    top = [pl for pl in st.players if len(pl.lead) == most]
    if most >= st.aggressive_needs and len(top) == 1:
        top[0].bonus = "aggressive"
        p.step("bonus", msg("{player} declares aggressively with {n} lead cards: take a bonus declaration token.",
                            player=top[0].name, n=most), player=top[0].name, bonus="aggressive")
    empty = [pl for pl in st.players if not pl.lead]
    if st.count == 4 and len(empty) == 1:
        empty[0].bonus = "passive"
        p.step("bonus", msg("{player} declares passively with no lead card: take a bonus declaration token.",
                            player=empty[0].name), player=empty[0].name, bonus="passive")


def first_leader(p: Playing) -> None:
    """The most lead cards leads; a tie goes to the smallest lead card, then the 2nd smallest, and so on.

    A tie the rulebook leaves open (the same values throughout) goes to the
    first of the tied players in this round's seat order.
    """
    st = p.state
    order = st.clockwise(st.round_first)
    most = max(len(pl.lead) for pl in order)
    tied = [pl for pl in order if len(pl.lead) == most]
    best = min(tied, key=lambda pl: sorted(st.value(c) for c in pl.lead))
    st.leader = best.seat
    st.phase = "tricks"
    if len(tied) == 1:
        p.emit("leader", msg("{player} has the most lead cards ({n}) and leads the first trick.",
                             player=best.name, n=most), player=best.name)
    else:
        p.emit("leader", msg_n("{players} have {n} lead card each; {player} has the smallest lead card and "
                               "leads the first trick.",
                               "{players} have {n} lead cards each; {player} has the smallest lead cards "
                               "and leads the first trick.",
                               players=_names(tied), n=most, player=best.name), player=best.name)


def _names(players: list[Player]) -> Items:
    return Items(pl.name for pl in players)
