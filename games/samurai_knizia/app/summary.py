"""Knizia's Samurai's rules in a few sentences, for the web page's rules summaries (companion.web).

From the condensed rules (/work/shared/rules/samurai-knizia.md).
"""

from __future__ import annotations

from engine.core.messages import msg

SUMMARY = (
    msg("A game of influence for 2 to 4 players; each plays 20 tiles of one colour, with 5 of them open behind "
        "a screen."),
    msg("Figures of three castes, Castle, Buddha and Rice, stand in the cities and towns of the map."),
    msg("On your turn, play one normal tile and any number of fast tiles (Ronin, Ships, Switch), then refill to 5 "
        "tiles."),
    msg("When every land space next to a city or town is filled, each of its figures goes behind the screen of "
        "the player with the most influence on its caste; a tie removes the figure."),
    msg("The game ends after the turn in which the last figure of a caste leaves the board or a fourth figure is "
        "removed by a tie."),
    msg("The leader of the most castes wins; a tie goes to the most figures of castes not led, then to the most "
        "figures."),
)
