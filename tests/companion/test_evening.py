"""A whole table evening on the installed configuration, with power cuts (companion.harness.evening).

Every registered game in turn, in two languages, with SIGKILLs in each (6 at
the CI size, 25 at the long size: tests/sizes.py), a restart after each, the phone page beside it, a card enrolled mid-evening
and an undo right after a restart in every game; then two games with the game fixed by the configuration. `bench/evening.py` runs
the same trial longer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.games import registered_games
from companion.harness.evening import Evening, RemoteTable, TrialFailure
from tests.sizes import sized

KILLS = sized(ci=6, long=25)
FIXED_KILLS = sized(ci=3, long=6)


def test_an_evening_on_the_installed_default_loses_nothing(tmp_path: Path) -> None:
    evening = Evening(tmp_path, seed=11, kills_per_game=KILLS)
    counts = evening.run()
    games = registered_games()
    assert evening.games == tuple(games) and len(games) >= 4
    assert counts.games == len(games)
    assert all(counts.per_game_kills[game] >= KILLS for game in games), counts.per_game_kills
    assert counts.lost == 0
    assert counts.resumed >= 2 * len(games), "most power cuts fall inside a game and must be resumed"
    assert counts.undos_after_restart == len(games)
    assert counts.enrolled_taps >= 1
    assert counts.web_checks >= 2


class CappedEvening(Evening):
    """An evening that gives up after `cap` table actions: a walk that never ends fails instead of hanging."""

    cap = 900

    def act(self, table: RemoteTable, line: str) -> dict[str, Any]:
        if self.counts.actions >= self.cap:
            raise TrialFailure(f"{table.game}: still walking after {self.cap} table actions (last: {line})")
        return super().act(table, line)


def test_an_evening_with_the_game_fixed_by_the_configuration(tmp_path: Path) -> None:
    """app.game set (the configuration changed between games): no menu, the same promises.

    Samurai Spirit second (seed 3): its first moves take no tap. The card enrolled mid-evening used to be
    tried there; no list opened, and the Undo meant to close it took back a move, over and over. It must
    wait for a prompt that takes a tap."""
    games = ("tenno", "samurai-spirit")
    evening = CappedEvening(tmp_path, seed=3, kills_per_game=FIXED_KILLS, games=games, langs=("fr", "nl"),
                            fixed_game=True)
    counts = evening.run()
    assert counts.games == 2 and counts.lost == 0
    assert all(counts.per_game_kills[game] >= FIXED_KILLS for game in games)
    assert counts.resumed >= 2
    assert evening.enrolled is not None and evening.enrolled[0] == "samurai-spirit"
