"""Events say whether they ask the table to do something with its components (`Event.physical`).

The companion lists those steps first and keeps them on the game-over
screen, without reading any words: the rules set the flag where they emit
(`FlowPlay.step`). These are the kinds whose flag a table depends on in
every game; a kind that sometimes asks for a move and sometimes only reports
(tiles drawn, or none left to draw) is checked both ways.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from engine import Match
from engine.core.registry import entry, game_names, get_game

STEPS = {
    "samurai-spirit": {"setup", "new-round", "defend", "confront", "support", "pass", "token-back", "barricade",
                       "farmstead", "family", "wound", "intruder", "kiai-discard"},
    "samurai-knizia": {"setup", "captured", "show-figures"},
    "tenno": {"setup", "duel", "refill"},
    "trick-raiders": {"deal", "dropout", "gather", "trump"},
}
"""Kinds that always ask the table to move, take, turn, shuffle, deal or return something."""

NEWS = {
    "samurai-spirit": {"turn", "forced", "no-flames", "round-end", "kiai", "penalty", "lost", "won"},
    "samurai-knizia": {"play", "leader", "game-over", "end"},
    "tenno": {"attack", "defend", "forget", "game-over"},
    "trick-raiders": {"play", "won", "dealt", "declared", "round-end", "game-over"},
}
"""Kinds that only say what happened or why."""

BOTH = {
    "samurai-knizia": {"refill"},
    "trick-raiders": {"lead-return"},
}
"""Kinds that are a step in one case and news in another: "draws tiles" / "ends with every tile played";
"puts a lead card into the hand" / "has no effect in the last trick"."""


def flags_by_kind(game: str, games: int) -> dict[str, set[bool]]:
    hooks = entry(game).hooks()
    seen: dict[str, set[bool]] = defaultdict(set)
    for setup in hooks.SETUPS:
        for seed in range(games):
            match = Match(get_game(game), setup, seed)
            for event in match.opening:
                seen[event.kind].add(event.physical)
            for value in hooks.play_inputs(setup, seed):
                for event in match.apply(value):
                    seen[event.kind].add(event.physical)
    return seen


@pytest.mark.parametrize("game", game_names())
def test_each_kind_is_a_step_or_news_as_the_table_needs(game: str) -> None:
    seen = flags_by_kind(game, 6)
    for kind in STEPS[game]:
        assert seen.get(kind) == {True}, f"{game}: {kind} must be a physical step ({seen.get(kind)})"
    for kind in NEWS[game]:
        assert seen.get(kind, {False}) == {False}, f"{game}: {kind} is news, not a step"
    for kind in BOTH.get(game, set()):
        assert seen.get(kind) == {True, False}, f"{game}: {kind} is a step only when it moves something"


def test_the_json_of_a_physical_event_says_so() -> None:
    hooks = entry("trick-raiders").hooks()
    match = Match(get_game("trick-raiders"), hooks.SETUPS[0], 1)
    deal = match.opening[0] if match.opening else None
    assert deal is not None and deal.kind == "deal" and deal.to_json()["physical"] is True
