"""II. Trick phase: one trick, its winner, the special cards, drop-outs and revokes.

Must follow cannot be checked when a card is played (the hand is hidden),
but it can be afterwards: a follower who did not follow suit showed that the
hand held no card of that suit, so playing one later that was held since
then is a revoke, flagged at once: the table is asked whether to undo back
to that trick's first card or to play on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.inputs import Tap
from engine.core.messages import Items, msg, msg_n
from engine.core.prompt import PLAY_ON, TABLE, Prompt
from games.trick_raiders.catalogue import Catalogue
from games.trick_raiders.rules.flow import Flow
from games.trick_raiders.state import Player, State, Void

if TYPE_CHECKING:
    from games.trick_raiders.playing import Playing


def cancelled(cards: list[str], catalogue: Catalogue) -> set[int]:
    """Positions of the cards that cancel: the same suit and value appear more than once."""
    keys = [(catalogue.cards[c].suit, catalogue.cards[c].value) for c in cards]
    return {i for i, key in enumerate(keys) if keys.count(key) > 1}


def judge(cards: list[str], catalogue: Catalogue, trump: str) -> int | None:
    """The position of the winning card, or None when cancellations leave no card that can win.

    The highest trump wins; without one, the highest card of the suit led
    (the first card's suit, even when that card is cancelled). A cancelled
    card cannot win.
    """
    out = cancelled(cards, catalogue)
    live = [i for i in range(len(cards)) if i not in out]
    led = catalogue.cards[cards[0]].suit
    for suit in (trump, led):
        same = [i for i in live if catalogue.cards[cards[i]].suit == suit]
        if same:
            return max(same, key=lambda i: catalogue.cards[cards[i]].value)
    return None


def lose_life(player: Player) -> bool:
    """Return one life chip to the centre; a player with none left has nothing to return."""
    if player.lives == 0:
        return False
    player.lives -= 1
    return True


def drop_out(p: Playing, player: Player, leading: bool) -> None:
    st = p.state
    player.out = True
    st.dropouts += 1
    lose_life(player)
    data = {"player": player.name, "lives": player.lives, "leading": leading}
    if leading:
        p.step("dropout", msg("{player} drops out: {player} must lead but has no lead card left. Return one life "
                              "chip to the centre ({n} left).", player=player.name, n=player.lives), **data)
    else:
        p.step("dropout", msg("{player} drops out: no card left in the hand to play. Return one life chip to the "
                              "centre ({n} left).", player=player.name, n=player.lives), **data)


def play_trick(p: Playing) -> Flow[bool]:
    """Play one trick and resolve it; True when the round ends after it."""
    st = p.state
    st.trick_number += 1
    st.trick = []
    led = from_hand = False
    for player in [pl for pl in st.clockwise(st.leader) if not pl.out]:
        if not led:
            if not from_hand and player.lead:
                st.leader = player.seat
                yield from _play(p, player, "lead")
                led = True
            elif not from_hand:
                drop_out(p, player, leading=True)
                from_hand = True
            elif player.hand:
                st.leader = player.seat
                yield from _play(p, player, "lead-from-hand")
                led = True
            else:
                drop_out(p, player, leading=False)
        elif player.hand:
            yield from _play(p, player, "follow")
        else:
            drop_out(p, player, leading=False)
    return (yield from _resolve(p))


def _prompt(st: State, player: Player, kind: str) -> Prompt:
    if kind == "lead":
        return Prompt(player.name, kind, msg("{player} leads trick {trick}: play one of the lead cards ({cards}) "
                                             "and tap it.", player=player.name, trick=st.trick_number,
                                             cards=Items(player.lead)), tap="lead")
    if kind == "lead-from-hand":
        return Prompt(player.name, kind, msg("{player} leads trick {trick} instead, from the hand (not a lead "
                                             "card): play a card from the hand and tap it.", player=player.name,
                                             trick=st.trick_number), tap="hand")
    return Prompt(player.name, kind, msg("{player}: play a card from the hand, following {suit} if you can, and tap "
                                         "it.", player=player.name, suit=st.suit(st.trick[0].card)), tap="hand")


def _play(p: Playing, player: Player, kind: str) -> Flow[None]:
    st = p.state
    value = yield _prompt(st, player, kind)
    assert isinstance(value, Tap)
    cid = value.card
    revoke = _check_revoke(st, player, cid) if kind != "lead" else None
    if revoke is not None:
        p.emit("revoke", msg("Revoke: {player} did not follow {suit} in trick {trick} but held {card} then.",
                             player=revoke["player"], suit=revoke["suit"], trick=revoke["trick"],
                             card=revoke["card"]), **revoke)
    st.play_card(player, cid, from_lead=kind == "lead")
    if len(st.trick) == 1:
        st.trick_start = st.step
    p.emit("play", msg("{player} plays {card}.", player=player.name, card=cid), player=player.name, card=cid,
           source="lead" if kind == "lead" else "hand")
    led = st.suit(st.trick[0].card)
    if kind == "follow" and st.suit(cid) != led:
        player.voids.append(Void(led, st.trick_number, st.step, st.trick_start))
    if revoke is not None:
        yield from _offer_undo(p, revoke)


def _check_revoke(st: State, player: Player, cid: str) -> dict[str, Any] | None:
    """A hand card of a suit this player showed void in, held since then: a revoke at the first such trick.

    Every failure to follow that suit the card proves is marked, so one
    revoke is flagged once however often the player failed to follow it.
    """
    suit = st.suit(cid)
    joined = player.joined_hand.get(cid)
    proved = [void for void in player.voids
              if void.suit == suit and (joined is None or joined <= void.step)]
    fresh = [void for void in proved if void not in player.flagged]
    if not fresh:
        return None
    player.flagged.update(proved)
    void = fresh[0]
    revoke = {"player": player.name, "card": cid, "suit": suit, "round": st.round, "trick": void.trick,
              "input": void.step, "undo_to": void.start}
    st.revokes.append(revoke)
    return revoke


def _offer_undo(p: Playing, revoke: dict[str, Any]) -> Flow[None]:
    """Wait for the table after a revoke: undo back to that trick's first card, or play on.

    Undoing is the app's (or a protocol client's) job; the one input the
    game takes here is PLAY_ON, journaled so the flag never asks twice.
    """
    yield Prompt(TABLE, "revoke", msg("{player} revoked in trick {trick}: undo to trick {trick} and play it again, "
                                      "or play on.", player=revoke["player"], trick=revoke["trick"]),
                 (PLAY_ON,), subject=revoke["card"], undo_to=revoke["undo_to"])
    p.emit("play-on", msg("The table plays on: the revoke in trick {trick} stands.", trick=revoke["trick"]),
           trick=revoke["trick"], player=revoke["player"])


def _resolve(p: Playing) -> Flow[bool]:
    st = p.state
    cards = [played.card for played in st.trick]
    by_drops = st.dropouts >= st.dropouts_to_end
    if not cards:
        p.emit("empty-trick", msg("Everyone still in the round dropped out: nobody plays trick {trick}.",
                                  trick=st.trick_number), trick=st.trick_number)
        st.last_trick = {"trick": st.trick_number, "cards": [], "winner": None}
        return True
    last = by_drops or all(pl.cards == 0 for pl in st.players if not pl.out)
    out = cancelled(cards, st.catalogue)
    if out:
        p.emit("cancel", msg("{cards} cancel each other out: they cannot win.", cards=Items(cards[i] for i in sorted(out))),
               cards=[cards[i] for i in sorted(out)])
    at = judge(cards, st.catalogue, st.trump)
    winner = st.by_name(st.trick[0 if at is None else at].player)
    if at is None:
        p.emit("won", msg("No card can win trick {trick}: {player} led it and wins it.", trick=st.trick_number,
                          player=winner.name), player=winner.name, trick=st.trick_number, card=None)
    else:
        p.emit("won", msg("{player} wins trick {trick} with {card}.", player=winner.name, trick=st.trick_number,
                          card=cards[at]), player=winner.name, trick=st.trick_number, card=cards[at])
    won_with = cards[at] if at is not None else ""
    special = st.catalogue.cards[won_with].special if won_with else ""
    if special == "trump-change" and st.trump_changes < 2:
        st.trump_changes += 1
        p.step("trump", msg("Put {card} on the trump card: {suit} are trump now.", card=won_with, suit=st.trump),
               card=won_with, trump=st.trump)
    if special == "life-steal":
        yield from _steal_life(p, winner, won_with)
    returns = [c for c in cards if st.catalogue.cards[c].special == "lead-return"]
    if returns and last:
        p.emit("lead-return", msg("{card} has no effect in the last trick of the round.", card=returns[0]),
               card=returns[0], player=None)
    elif returns:
        yield from _return_lead(p, winner, returns[0])
    _close(st, cards, winner, at)
    if last and not by_drops:
        _cards_ran_out(p, winner)
    return last


def _close(st: State, cards: list[str], winner: Player, at: int | None) -> None:
    out = cancelled(cards, st.catalogue)
    st.last_trick = {"trick": st.trick_number, "winner": winner.name, "card": cards[at] if at is not None else None,
                     "cards": [{"player": pl.player, "card": pl.card, "cancelled": i in out}
                               for i, pl in enumerate(st.trick)]}
    for cid in cards:
        st.where[cid] = ("discard", "")
    st.discard.extend(cards)
    st.trick = []
    st.leader = winner.seat


def _steal_life(p: Playing, winner: Player, card: str) -> Flow[None]:
    """The 5 of Diamonds: one life chip from another player with the most; the winner picks among a tie."""
    st = p.state
    others = [pl for pl in st.players if pl is not winner]
    most = max(pl.lives for pl in others)
    if most == 0:
        p.emit("life-steal", msg("{card}: no other player has a life chip to take.", card=card), card=card,
               player=winner.name, victim=None)
        return
    tied = [pl.name for pl in others if pl.lives == most]
    name = yield from p.ask(winner.name, "life-steal", tied, msg(
        "{player} takes a life chip with {card}: choose from whom ({players} have the most).", player=winner.name,
        card=card, players=Items(tied)))
    victim = st.by_name(name)
    victim.lives -= 1
    winner.lives += 1
    p.step("life-steal", msg("{player} takes one life chip from {player2} ({card}).", player=winner.name,
                             player2=victim.name, card=card), card=card, player=winner.name, victim=victim.name)


def _return_lead(p: Playing, winner: Player, card: str) -> Flow[None]:
    """The 9 of Hearts: the winner puts one own lead card into the hand, whoever played it."""
    st = p.state
    if not winner.lead:
        p.emit("lead-return", msg("{card}: {player} has no lead card to put into the hand.", card=card,
                                  player=winner.name), card=card, player=winner.name)
        return
    if len(winner.lead) == 1:
        cid = winner.lead[0]
    else:
        value = yield Prompt(winner.name, "lead-return", msg(
            "{card}: {player} puts one lead card into the hand: tap it ({cards}).", card=card, player=winner.name,
            cards=Items(winner.lead)), tap="winner-lead", subject=card)
        assert isinstance(value, Tap)
        cid = value.card
    st.lead_to_hand(winner, cid)
    p.step("lead-return", msg_n("{player} puts {card2} from the lead cards into the hand ({card}): {n} "
                                "lead card left.",
                                "{player} puts {card2} from the lead cards into the hand ({card}): {n} "
                                "lead cards left.",
                                player=winner.name, card2=cid, card=card, n=len(winner.lead)),
           card=card, player=winner.name, moved=cid)


def _cards_ran_out(p: Playing, winner: Player) -> None:
    """No drop-outs ended the round before the cards ran out: all but the last trick's winner are eliminated."""
    st = p.state
    for player in st.players:
        if player is winner or player.out:
            continue
        player.out = True
        st.dropouts += 1
        lose_life(player)
        p.step("eliminated", msg("The cards ran out: {player} did not win the last trick, drops out and returns one "
                                 "life chip to the centre ({n} left).", player=player.name, n=player.lives),
               player=player.name, lives=player.lives)
