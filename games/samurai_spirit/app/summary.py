"""Samurai Spirit's rules in a few sentences, for the web page's rules summaries (companion.web)."""

from __future__ import annotations

from engine.core.messages import msg

SUMMARY = (
    msg("Cooperative: the Samurai defend the village together and win or lose together."),
    msg("The game lasts 3 rounds; a round ends when the Raider stack is used up or every Samurai has passed."),
    msg("On your turn, Fight (turn over the top Raider card, then Confront it into your combat line or Defend "
        "with it beside your board), Support a neighbour with your token, or Pass out of the round."),
    msg("Your combat line's total moves your meeple on the battle track; reaching your Kiai value exactly "
        "frees your talent, going past it costs a wound."),
    msg("A second wound turns your board to the animal side; a fourth kills the Samurai and loses the game."),
    msg("At each round's end a Samurai without a hat among his defence cards is wounded, and the Raiders "
        "destroy Barricades, then Farmsteads and Families."),
    msg("The difficulty sets the Raider stack; the score at the end counts what the village kept."),
)
