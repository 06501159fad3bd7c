"""Trick Raiders' rules in a few sentences, for the web page's rules summaries (companion.web)."""

from __future__ import annotations

from engine.core.messages import msg

SUMMARY = (
    msg("An elimination trick-taking game for 3 or 4 players over up to 3 rounds; each player starts with "
        "life chips."),
    msg("Each player gets 3 face-up lead cards and a hand; at once, everyone adds cards from the hand to the "
        "lead cards, takes some back, or does nothing: the number of lead cards says how often you will lead."),
    msg("The leader plays one of their lead cards; the others follow from the hand, following suit when they "
        "can. The trick's winner leads next."),
    msg("A player who must lead with no lead card left, or follow with no card in hand, drops out of the round "
        "and returns 1 life chip."),
    msg("Special cards change the trump (Clubs), take a life chip (5 of Diamonds) or return a lead card "
        "(9 of Hearts)."),
    msg("The player with the most life chips at the end wins; ties share the win."),
)
