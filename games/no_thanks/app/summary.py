"""No Thanks!'s rules in a few sentences, for the web page's rules summaries (companion.web)."""

from __future__ import annotations

from engine.core.messages import msg

SUMMARY = (
    msg("A card game for 3 to 7 players: 33 cards numbered 3 to 35, and chips kept hidden in the hand."),
    msg("Nine cards go back in the box unseen; the rest is the deck. Each player gets 11 chips (9 with six "
        "players, 7 with seven)."),
    msg("The start player flips the top card. On your turn, take the card with every chip on it, or put one of "
        "your chips on it and say No thanks: the turn passes to the left."),
    msg("A player with no chip must take the card. Whoever takes a card flips the next one and decides again."),
    msg("When the last card is taken, each card counts its number against you, but of a run of numbers only the "
        "lowest card counts; each chip counts one for you. The lowest total wins."),
)
