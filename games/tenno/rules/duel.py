"""One duel: effective strengths with the special powers, who wins, and where each card goes.

Pure functions of the two cards and the Monk, so each power is tested on
its own:

- Ninja: "in der Verteidigung eine Stärke von 4 ... als Angreifer ... 8" (the data's attack and defend).
- Monk: the defending card "erhält dadurch +2 in der Verteidigung".
- Shogun: "Gewinnt er als Verteidiger, nimmt er den Angreifer gefangen."
- Geisha: "immer (Angriff und Verteidigung) um 1 höher als die ihres Gegners. Anschließend wird sie jedoch
  aus dem Spiel entfernt. Treffen 2 Geishas aufeinander, werden beide aus dem Spiel entfernt."
- Otherwise "Die höhere Karte schlägt die niedrigere Karte"; equal strengths send both to the discard pile.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.tenno.catalogue import MONK_BONUS, Card


@dataclass(frozen=True, slots=True)
class Verdict:
    """The strengths as compared, the result, and the fate of each card."""

    attack: int
    defend: int
    result: str
    """"attacker", "defender" or "tie"."""
    captured: str | None
    """The card that goes face down onto the winner's prisoner pile, if any."""
    captor_side: str | None
    """"attacker" or "defender": whose prisoner pile takes `captured`."""
    discarded: tuple[str, ...]
    """Cards that go to the discard pile (the loser not captured, both on a tie, a Geisha after her duel)."""
    back: tuple[str, ...]
    """Cards turned face down again in their place."""


def strengths(attacker: Card, defender: Card, monk: bool) -> tuple[int, int]:
    """The two strengths compared. Two Geishas: both 0 (neither wins); one Geisha: one above her opponent."""
    bonus = MONK_BONUS if monk else 0
    if attacker.role == "geisha" and defender.role == "geisha":
        return 0, 0
    if attacker.role == "geisha":
        defend = defender.defend + bonus
        return defend + 1, defend
    if defender.role == "geisha":
        return attacker.attack, attacker.attack + 1 + bonus
    return attacker.attack, defender.defend + bonus


def judge(attacker: Card, defender: Card, monk: bool) -> Verdict:
    """Resolve a duel: who wins, what is captured, what is discarded, what goes back face down."""
    attack, defend = strengths(attacker, defender, monk)
    if attack > defend:
        result, winner, loser, side = "attacker", attacker, defender, "attacker"
    elif defend > attack:
        result, winner, loser, side = "defender", defender, attacker, "defender"
    else:
        return Verdict(attack, defend, "tie", None, None, (attacker.id, defender.id), ())
    captures = side == "attacker" or winner.role == "shogun"
    discarded = [] if captures else [loser.id]
    back = []
    if winner.role == "geisha":
        discarded.append(winner.id)
    else:
        back.append(winner.id)
    return Verdict(attack, defend, result, loser.id if captures else None, side if captures else None,
                   tuple(discarded), tuple(back))


def monk_matters(attacker: Card, defender: Card) -> bool:
    """Whether the Monk's +2 would change the duel's result (a Geisha wins or ties whatever it adds)."""
    return judge(attacker, defender, False).result != judge(attacker, defender, True).result
