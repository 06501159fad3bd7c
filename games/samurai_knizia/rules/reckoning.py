"""The final reckoning, after the turn that met an end condition.

"A player who has more figures of a caste than any other player is leader of
the caste. A tied caste has no leader. The leader of the most castes wins.
If there is a tie, the tied player with the most figures of castes they do
not lead wins. If there is still a tie, the tied player with the most
figures wins. If a tie remains, victory is shared."
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.messages import Items, Message, msg, msg_n
from engine.core.outcome import Outcome, rank_by
from games.samurai_knizia.catalogue import CASTES
from games.samurai_knizia.state import State

if TYPE_CHECKING:
    from games.samurai_knizia.playing import Playing


def leaders(captured: dict[str, dict[str, int]]) -> dict[str, str | None]:
    """The leader of each caste: strictly more figures of it than any other player; a tie leaves none."""
    out: dict[str, str | None] = {}
    for caste in CASTES:
        most = max(figures[caste] for figures in captured.values())
        top = [name for name, figures in captured.items() if figures[caste] == most]
        out[caste] = top[0] if len(top) == 1 else None
    return out


def reckon(captured: dict[str, dict[str, int]]) -> dict[str, Any]:
    """Leaders, castes led, figures in castes not led, totals, the ranking and what decided the winner.

    The ranking orders every player by the same three keys the rulebook uses
    for the winner (castes led, then figures of castes not led, then all
    figures); players equal on all three share a place.
    """
    lead = leaders(captured)
    led = {name: sum(1 for c in CASTES if lead[c] == name) for name in captured}
    not_led = {name: sum(n for c, n in figures.items() if lead[c] != name) for name, figures in captured.items()}
    total = {name: sum(figures.values()) for name, figures in captured.items()}
    ranking = rank_by({name: (led[name], not_led[name], total[name]) for name in captured})
    most_led = [name for name in captured if led[name] == max(led.values())]
    decided_by = "shared"
    for key, keys in (("castes", 1), ("not-led", 2), ("figures", 3)):
        best = max(_keys(led, not_led, total, name)[:keys] for name in most_led)
        if sum(1 for name in most_led if _keys(led, not_led, total, name)[:keys] == best) == 1:
            decided_by = key
            break
    return {"captured": captured, "leaders": lead, "led": led, "not_led": not_led, "figures": total,
            "ranking": ranking, "decided_by": decided_by}


def _keys(led: dict[str, int], not_led: dict[str, int], total: dict[str, int], name: str) -> tuple[int, ...]:
    return led[name], not_led[name], total[name]


def summary(result: dict[str, Any]) -> Message:
    winners = list(result["ranking"][0])
    first = winners[0]
    n, count, total = result["led"][first], result["not_led"][first], result["figures"][first]
    tied = Items(name for name in result["led"] if result["led"][name] == n)
    decided = result["decided_by"]
    if decided == "castes":
        return msg("{player} wins as the leader of {n} of the 3 castes.", player=first, n=n)
    if decided == "not-led":
        return msg_n("{players} lead {n} caste each; {player} wins with the most figures in castes not led "
                     "({count}).",
                     "{players} lead {n} castes each; {player} wins with the most figures in castes not "
                     "led ({count}).",
                     players=tied, n=n, player=first, count=count)
    if decided == "figures":
        return msg_n("{players} lead {n} caste each and tie on figures in castes not led ({count}); "
                     "{player} wins with the most figures ({total}).",
                     "{players} lead {n} castes each and tie on figures in castes not led ({count}); "
                     "{player} wins with the most figures ({total}).",
                     players=tied, n=n, count=count, player=first, total=total)
    return msg_n("{players} share the victory: {n} caste led, {count} figures in castes not led and "
                 "{total} figures each.",
                 "{players} share the victory: {n} castes led, {count} figures in castes not led and "
                 "{total} figures each.",
                 players=Items(winners), n=n, count=count, total=total)


def finish(p: Playing) -> None:
    """Reveal every screen, name the caste leaders and the winner (with the tie-break that decided)."""
    st = p.state
    st.phase = "over"
    _say_why(p, st)
    captured = {pl.name: dict(pl.captured) for pl in st.players}
    for pl in st.players:
        p.step("show-figures", msg("{player} shows the figures behind the screen: Castle {castle}, Buddha {buddha}, "
                             "Rice {rice}.", player=pl.name, **pl.captured), player=pl.name, **pl.captured)
    result = reckon(captured)
    for caste in CASTES:
        leader = result["leaders"][caste]
        if leader is not None:
            p.emit("leader", msg("{caste}: {player} leads with {n}.", caste=caste, player=leader,
                                 n=captured[leader][caste]), caste=caste, player=leader)
        else:
            most = max(figures[caste] for figures in captured.values())
            tied = [name for name, figures in captured.items() if figures[caste] == most]
            p.emit("leader", msg("{caste}: {players} tie with {n}, so nobody leads it.", caste=caste,
                                 players=Items(tied), n=most), caste=caste, player=None)
    text = summary(result)
    ranking = result["ranking"]
    detail = {key: result[key] for key in ("captured", "leaders", "led", "not_led", "figures", "decided_by")}
    detail.update(turns=st.turn, ending=dict(st.ending) if st.ending else {"reason": "tiles"})
    st.outcome = Outcome(tuple(ranking[0]), ranking, dict(result["led"]), text, detail)
    st.result = "over"
    p.emit("game-over", text, winners=list(ranking[0]), decided_by=result["decided_by"])


def _say_why(p: Playing, st: State) -> None:
    if st.ending is None:
        p.emit("end", msg("No player has a tile left: the game is over."), reason="tiles")
    else:
        p.emit("end", msg("The game is over: every player shows the figures behind the screen."),
               reason=st.ending["reason"])
