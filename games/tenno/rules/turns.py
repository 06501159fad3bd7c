"""The whole game: turns clockwise, each one or two duels, the gaps, the end.

A turn as the rulebook tells it: the attacker turns up a card (tap), the
defender turns up the named card (tap), the defender may turn up the Monk
(tap, or Pass), the duel is resolved; after a Ronin's attack the attacker
may attack once more before any gap is filled; then the gaps are filled,
the attacker who lost nothing may exchange, a winning defender may peek.
The table presses OK when the cards are moved; only then does the next
player's turn begin, and the duel leaves the screen (`forget`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import FORGET
from engine.core.inputs import Tap
from engine.core.messages import Items, Message, msg
from engine.core.prompt import Prompt
from games.tenno.rules import scoring
from games.tenno.rules.duel import Verdict, judge, monk_matters
from games.tenno.rules.flow import Flow
from games.tenno.state import Duel, Player

if TYPE_CHECKING:
    from games.tenno.playing import Playing

PASS = "pass"
DONE = "ok"


def game(p: Playing) -> Flow[None]:
    st = p.state
    p.step("setup", msg("Each player lays the three Farmers face down in a row, in any order, and keeps the other "
                        "eight cards in hand."))
    p.emit("first", msg("{player} attacks first.", player=st.players[st.first].name),
           player=st.players[st.first].name)
    while True:
        if (yield from turn(p)):
            scoring.finish(p)
            return
        yield from next_turn(p)


def turn(p: Playing) -> Flow[bool]:
    """One player's attack (two with a Ronin); True when the game ends at its close."""
    st = p.state
    attacker = st.players[st.active]
    st.duels = []
    first = yield from duel(p, attacker, 1)
    if st.role(first.attack_card) == "ronin":
        st.phase = "second-attack"
        value = yield Prompt(attacker.name, "second-attack", msg(
            "{player} attacked with the Ronin and may attack again with one of the two other cards: turn it up, "
            "name any opponent's card and tap yours, or press Pass. Gaps are filled only after that.",
            player=attacker.name), (PASS,), tap="attacker")
        if isinstance(value, Tap):
            yield from duel(p, attacker, 2, value.card)
        else:
            p.emit("no-second-attack", msg("{player} does not attack again.", player=attacker.name),
                   player=attacker.name)
    return end_of_turn(p, attacker)


def duel(p: Playing, attacker: Player, number: int, opening: str | None = None) -> Flow[Duel]:
    """Both cards turned up and tapped, the Monk asked for when it could change the result, then resolved."""
    st = p.state
    if opening is None:
        st.phase = "attack"
        value = yield Prompt(attacker.name, "attack", msg(
            "{player} attacks: turn up one of your three cards, name an opponent and the card you attack, then tap "
            "your card.", player=attacker.name), tap="attacker")
        assert isinstance(value, Tap)
        opening = value.card
    current = Duel(number, attacker.name, opening)
    st.duel = current
    st.duels.append(current)
    st.phase = "defend"
    p.emit("attack", msg("{card} attacks.", card=opening),
           player=attacker.name, card=opening, duel=number)
    value = yield Prompt(attacker.name, "defend", msg(
        "{player} names the card to attack: its owner turns it up and taps it.", player=attacker.name),
        tap="defender")
    assert isinstance(value, Tap)
    target = value.card
    current.defender, current.defend_card = st.colour(target), target
    cards = st.catalogue.cards
    if st.role(target) != "monk" and monk_matters(cards[opening], cards[target]):
        st.phase = "monk"
        p.emit("defend", msg("{card} defends.", card=target), player=current.defender, card=target, duel=number)
        value = yield Prompt(current.defender, "monk", msg(
            "{player} may turn up the Monk from the row and tap it: the defending card gets +2. Otherwise press "
            "Pass.", player=current.defender), (PASS,), tap="monk", subject=target)
        if isinstance(value, Tap):
            current.monk = True
            p.emit("monk", msg("{player} turns up the Monk: +2 for {card}.", player=current.defender,
                               card=target), player=current.defender, card=value.card, duel=number)
    resolve(p, current)
    return current


def resolve(p: Playing, current: Duel) -> None:
    """Compare, then say in one step what to move where: the captured card, the discarded ones, the ones turned back."""
    st = p.state
    cards = st.catalogue.cards
    assert current.defend_card is not None and current.defender is not None
    verdict = judge(cards[current.attack_card], cards[current.defend_card], current.monk)
    current.attack, current.defend, current.result = verdict.attack, verdict.defend, verdict.result
    st.phase = "resolved"
    winner = {"attacker": current.attacker, "defender": current.defender}.get(verdict.result)
    p.step("duel", _verdict_words(current, verdict, winner), attacker=current.attacker, defender=current.defender,
           attack_card=current.attack_card, defend_card=current.defend_card, attack=verdict.attack,
           defend=verdict.defend, result=verdict.result, winner=winner, captured=verdict.captured,
           discarded=list(verdict.discarded), duel=current.number)
    if verdict.captured is not None:
        captor = st.by_name(current.attacker if verdict.captor_side == "attacker" else current.defender)
        current.captured, current.captor = verdict.captured, captor.name
        st.capture(verdict.captured, captor)
    for cid in verdict.discarded:
        current.discarded.append(cid)
        st.throw_out(cid)
    if current.monk:
        p.step("monk-back", msg("Turn the Monk face down again in its place."), player=current.defender)


def _verdict_words(current: Duel, verdict: Verdict, winner: str | None) -> Message:
    """The result and every move of the duel, as one short step for the table (the screen shows the strengths)."""
    att, dfd = current.attack_card, current.defend_card
    if winner is None:
        return msg("Neither wins: {card} and {card2} go to the discard pile.", card=att, card2=dfd)
    won, lost = (att, dfd) if verdict.result == "attacker" else (dfd, att)
    if verdict.captured is not None and won in verdict.discarded:
        return msg("{player} wins: {card} face down onto {player}'s prisoner pile, {card2} to the discard pile.",
                   player=winner, card=lost, card2=won)
    if verdict.captured is not None:
        return msg("{player} wins: {card} face down onto {player}'s prisoner pile, {card2} back face down in its "
                   "place.", player=winner, card=lost, card2=won)
    if won in verdict.discarded:
        return msg("{player} wins: {card} and {card2} go to the discard pile.", player=winner, card=lost, card2=won)
    return msg("{player} wins: {card} to the discard pile, {card2} back face down in its place.", player=winner,
               card=lost, card2=won)


def end_of_turn(p: Playing, attacker: Player) -> bool:
    """Gaps are filled ("after the attack", after a Ronin's second one); the end; the exchange and the peek."""
    st = p.state
    order = st.clockwise(attacker.seat)
    short = [pl.name for pl in order if pl.gaps > pl.hand]
    if short:
        st.ended_by = tuple(short)
        p.emit("end", msg("The game ends at once: {players} must fill a gap but has no card left in the hand.",
                          players=Items(short)), players=short)
        return True
    filled = {player.name: player.gaps for player in order if player.gaps}
    for player in order:
        player.hand -= player.gaps
        player.gaps = 0
    two = [name for name, n in filled.items() if n > 1]
    if two:
        p.step("refill", msg("Fill the gaps from the hand, face down, order kept: {players}; two gaps for "
                             "{players2}.", players=Items(filled), players2=Items(two)),
               filled=filled)
    elif filled:
        p.step("refill", msg("Fill the gaps from the hand, face down, order kept: {players}.", players=Items(filled)), filled=filled)
    if not any(d.lost_by(attacker.name, st.colour) for d in st.duels):
        if attacker.hand:
            p.step("exchange", msg("{player} lost no card: {player} may exchange a card of the row for a hand "
                                   "card.", player=attacker.name),
                   player=attacker.name)
        else:
            p.step("exchange", msg("{player} lost no card and has no hand card: {player} may swap two cards of "
                                   "the row.", player=attacker.name), player=attacker.name)
    for done in st.duels:
        if done.result == "defender" and done.defender is not None:
            p.step("peek", msg("{player} won defending: {player} may secretly look at one of {player2}'s "
                               "cards.", player=done.defender, player2=attacker.name),
                   player=done.defender, player2=attacker.name)
    return False


def next_turn(p: Playing) -> Flow[None]:
    """Wait until the cards are moved; then the duel leaves the screen and the next player attacks."""
    st = p.state
    attacker = st.players[st.active]
    following = st.players[(st.active + 1) % st.count]
    st.phase = "moving"
    yield Prompt(attacker.name, "done", msg("Move the cards as shown, then press OK: {player} attacks next.",
                                            player=following.name), (DONE,))
    st.duel = None
    st.duels = []
    st.active = following.seat
    st.turn += 1
    st.phase = "attack"
    p.emit(FORGET, msg("{player}'s turn.", player=following.name), player=following.name, turn=st.turn)
