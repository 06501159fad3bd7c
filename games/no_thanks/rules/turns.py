"""The whole game: a card flipped, then No thanks or Take around the table until someone takes it.

As the rules tell it: the start player flips the top card of the deck.
The player whose turn it is either takes the card, with every chip on it,
or puts one of their chips on it ("No thanks!") and the turn passes to the
left. A player without a chip must take it (the engine refuses No thanks
from them, and nothing more: the table sees a take, as at a table without
the companion). Whoever takes a card flips the next one and decides again.
The game ends when the last card of the deck is taken.

A take starts the narration afresh (`FORGET`): how often a card went round
is the players' memory, as it is at the table, so the screen keeps no tally
from which each player's chips could be counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.errors import RuleError
from engine.core.events import FORGET
from engine.core.flow import Flow
from engine.core.inputs import Tap
from engine.core.messages import Message, msg, msg_n
from engine.core.prompt import Prompt
from games.no_thanks.rules import scoring
from games.no_thanks.setup import CHIPS
from games.no_thanks.state import DECK, OUT

if TYPE_CHECKING:
    from games.no_thanks.playing import Playing

NO_THANKS = "no-thanks"
TAKE = "take"
OPTIONS = (NO_THANKS, TAKE)


def game(p: Playing) -> Flow[None]:
    st = p.state
    p.step("shuffle", msg_n("Shuffle the 33 cards face down and put {n} card back in the box without looking: the "
                            "others are the deck.",
                            "Shuffle the 33 cards face down and put {n} cards back in the box without looking: the "
                            "others are the deck.", n=OUT))
    p.step("chips", msg_n("Give each player {n} chip: everyone keeps their chips hidden.",
                          "Give each player {n} chips: everyone keeps their chips hidden.", n=CHIPS[st.count]))
    starter = st.players[st.first].name
    p.emit("first", msg("{player} starts.", player=starter), player=starter)
    yield from play_on(p)


def play_on(p: Playing) -> Flow[None]:
    """From wherever the state stands (a card to flip, or a card in the middle) to the end and its count."""
    st = p.state
    while True:
        if st.card is None:
            if len(st.flipped) == DECK:
                break
            yield from flip(p)
        yield from decide(p)
    outcome = st.outcome = scoring.score(st)
    st.result = st.phase = "over"
    p.emit("game-over", outcome.summary, winners=list(outcome.winners), scores=dict(outcome.scores))


def flip(p: Playing) -> Flow[None]:
    st = p.state
    player = st.players[st.active].name
    st.phase = "flip"
    value = yield Prompt(player, "flip", msg("{player}: flip the top card of the deck and tap it.", player=player),
                         tap="deck")
    assert isinstance(value, Tap)
    st.card, st.pot = value.card, 0
    st.flipped.append(value.card)
    left = DECK - len(st.flipped)
    if p.telling:
        p.emit("flip", msg_n("{card} is up; {n} card left in the deck.", "{card} is up; {n} cards left in the deck.",
                             card=value.card, n=left), player=player, card=value.card, left=left)


def decide(p: Playing) -> Flow[None]:
    """No thanks or Take, round the table, until the card is taken."""
    st = p.state
    st.phase = "decide"
    while True:
        player = st.players[st.active]
        card = st.card
        assert card is not None
        question = msg_n("{player}: No thanks (a chip on {card}), or take it with its {n} chip?",
                         "{player}: No thanks (a chip on {card}), or take it with its {n} chips?",
                         player=player.name, card=card, n=st.pot) if st.pot else msg(
            "{player}: No thanks (a chip on {card}), or take it?", player=player.name, card=card)
        option = yield from p.ask_prompt(Prompt(player.name, "decide", question, OPTIONS, subject=card))
        if option == TAKE:
            take(p)
            return
        if player.chips == 0:
            raise RuleError(no_chip(player.name, card))
        player.chips -= 1
        st.pot += 1
        st.active = st.left_of(player.seat).seat
        if p.telling:
            p.step(NO_THANKS, msg("{player}: No thanks, a chip on {card}.", player=player.name, card=card),
                   player=player.name, card=card)


def no_chip(player: str, card: str) -> Message:
    """Why No thanks is refused: the player has no chip to put on the card (the same words whatever else)."""
    return msg("{player} has no chip to put on {card}: a player without a chip takes the card.", player=player,
               card=card)


def take(p: Playing) -> None:
    """The card and its chips go to the player who decides; the narration starts afresh."""
    st = p.state
    player = st.players[st.active]
    card = st.card
    assert card is not None
    player.cards.append(card)
    player.chips += st.pot
    st.card, st.pot = None, 0
    p.emit(FORGET, msg("{player} takes {card}.", player=player.name, card=card), player=player.name, card=card)
    p.step(TAKE, msg("{player}: lay {card} face up in front of you and take its chips, hidden.",
                     player=player.name, card=card), player=player.name, card=card)
