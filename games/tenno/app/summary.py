"""Tenno's rules in a few sentences, for the web page's rules summaries (companion.web).

From the rulebook (/work/shared/rules/tenno.md) as the engine reads it
(games.tenno's notes): the end comes when a gap cannot be filled.
"""

from __future__ import annotations

from engine.core.messages import msg

SUMMARY = (
    msg("A bluffing game of duels for 2 to 7 players; each plays the 11 cards of one colour."),
    msg("Each player lays the three Farmers face down in a row and keeps the other eight cards in hand."),
    msg("On your turn, turn up a card of your row and attack a card in another player's row: the higher card "
        "wins, but the Ninja, Monk, Ronin, Shogun and Geisha have powers of their own."),
    msg("A winning attacker puts the losing card face down on their prisoner pile; a winning defender sends the "
        "attacker's card to the discard pile; a tie discards both. Nobody may ever look at a prisoner pile."),
    msg("Gaps in a row are filled from the hand. The game ends when a player must fill a gap and has no card left "
        "in hand."),
    msg("Everyone adds up the values of their prisoners: the most points wins; a tie is broken by the values of "
        "the leaders' cards still in play."),
)
