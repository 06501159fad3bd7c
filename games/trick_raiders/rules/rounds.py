"""The whole game: rounds until someone has no life chip at the end of one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.messages import Items, msg, msg_n
from engine.core.outcome import Outcome, rank_by
from games.trick_raiders.rules import declare, tricks
from games.trick_raiders.rules.flow import Flow

if TYPE_CHECKING:
    from games.trick_raiders.playing import Playing


def game(p: Playing) -> Flow[None]:
    st = p.state
    while True:
        declare.start_round(p)
        yield from declare.tap_lead_cards(p)
        yield from declare.declare(p)
        declare.bonuses(p)
        declare.first_leader(p)
        round_over = False
        while not round_over:
            round_over = yield from tricks.play_trick(p)
        end_round(p)
        if any(pl.lives == 0 for pl in st.players):
            finish(p)
            return
        st.round += 1


def end_round(p: Playing) -> None:
    """Bonus declarations are settled (aggressive first, as the rulebook lists them) and the cards gathered."""
    st = p.state
    st.phase = "round-end"
    p.emit("round-end", msg("Round {round} ends after trick {trick}.", round=st.round, trick=st.trick_number),
           round=st.round, trick=st.trick_number)
    for player in sorted((pl for pl in st.players if pl.bonus), key=lambda pl: pl.bonus != "aggressive"):
        if player.out:
            p.emit("bonus-failed", msg("{player} dropped out: the bonus declaration brings nothing.",
                                       player=player.name), player=player.name, bonus=player.bonus)
        elif player.bonus == "aggressive":
            for other in st.players:
                if other is not player:
                    tricks.lose_life(other)
            p.step("bonus-achieved", msg("{player} survived the aggressive declaration: every other player returns "
                                         "one life chip to the centre.", player=player.name),
                   player=player.name, bonus="aggressive")
        else:
            player.lives += 1
            p.step("bonus-achieved", msg("{player} survived the passive declaration: {player} takes one life chip "
                                         "from the centre ({n} now).", player=player.name, n=player.lives),
                   player=player.name, bonus="passive")
    p.step("gather", msg("Collect all the cards and return the bonus declaration tokens to the centre."))


def finish(p: Playing) -> None:
    """The most life chips win; a tie (even at none) shares the win."""
    st = p.state
    scores = {pl.name: pl.lives for pl in st.players}
    ranking = rank_by({name: (lives,) for name, lives in scores.items()})
    winners = ranking[0]
    summary = msg_n("Game over after round {round}. Winning with {n} life chip: {players}.",
                    "Game over after round {round}. Winning with {n} life chips: {players}.",
                    round=st.round, players=Items(winners), n=scores[winners[0]])
    st.outcome = Outcome(winners, ranking, scores, summary, {"rounds": st.round})
    st.result = "over"
    st.phase = "over"
    p.emit("game-over", summary, winners=list(winners), scores=scores)
