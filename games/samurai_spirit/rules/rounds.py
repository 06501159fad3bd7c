"""The whole game: three rounds of turns, each closed by the round end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.messages import msg, msg_n
from games.samurai_spirit.rules import deal, round_end, turn
from games.samurai_spirit.rules.flow import Flow, GameOver

if TYPE_CHECKING:
    from games.samurai_spirit.playing import Playing

REINFORCEMENT = {2: "lieutenant", 3: "boss"}


def game(p: Playing) -> Flow[None]:
    while True:
        try:
            yield from rounds(p)
            return
        except deal.Redeal:
            p.state = deal.redealt(p)
            p.kiai_active.clear()


def rounds(p: Playing) -> Flow[None]:
    try:
        while p.state.result is None:
            start_round(p)
            yield from play_round(p)
            yield from round_end.end_round(p)
    except GameOver:
        return


def start_round(p: Playing) -> None:
    st = p.state
    level = st.setup.level
    n = len(st.samurai)
    st.in_round_end = False
    if st.round == 1:
        st.cards.start_round("plunderer", level.plunderers(n), st.setup.deck)
        p.step("setup", msg("Set up: {barricades} Barricades, 6 Farmsteads and 3 Families on the village; count out "
                            "{n} Plunderers face down as the Raider stack. {samurai} begins.",
                            barricades=st.barricades, n=level.plunderers(n), samurai=st.samurai[st.first].name),
               barricades=st.barricades, raiders=level.plunderers(n))
    else:
        rank = REINFORCEMENT[st.round]
        extra = level.reinforcements(n)
        st.cards.start_round(rank, extra)
        size = len(st.cards.raider)
        first = st.samurai[st.first].name
        if rank == "lieutenant":
            text = msg_n("Round {round}: gather all the cards of the last round, add {n} random Lieutenant "
                         "(value 5), shuffle these {size} cards into the Raider stack, and set every "
                         "meeple to 0. {samurai} begins.",
                         "Round {round}: gather all the cards of the last round, add {n} random "
                         "Lieutenants (value 5), shuffle these {size} cards into the Raider stack, and set "
                         "every meeple to 0. {samurai} begins.",
                         round=st.round, n=extra, size=size, samurai=first)
        else:
            text = msg_n("Round {round}: gather all the cards of the last round, add {n} random Boss "
                         "(value 6), shuffle these {size} cards into the Raider stack, and set every "
                         "meeple to 0. {samurai} begins.",
                         "Round {round}: gather all the cards of the last round, add {n} random Bosses "
                         "(value 6), shuffle these {size} cards into the Raider stack, and set every "
                         "meeple to 0. {samurai} begins.",
                         round=st.round, n=extra, size=size, samurai=first)
        p.step("new-round", text, round=st.round, raiders=size)
    st.active = st.first


def play_round(p: Playing) -> Flow[None]:
    st = p.state
    n = len(st.samurai)
    while True:
        yield from turn.take_turn(p, st.samurai[st.active])
        if not st.cards.raider or st.everyone_passed():
            return
        seat = st.active
        for step in range(1, n + 1):
            if not st.samurai[(seat + step) % n].passed:
                st.active = (seat + step) % n
                break
