"""A whole table evening on the installed configuration, with power cuts (companion.harness.evening).

The four games in turn, in two languages, with SIGKILLs in each (12 at
the CI size, 25 at the long size: tests/sizes.py), a restart after each, the phone page beside it, a card enrolled mid-evening
and an undo right after a restart in every game. `bench/evening.py` runs
the same trial longer.
"""

from __future__ import annotations

from pathlib import Path

from companion.harness.evening import GAMES, Evening
from tests.sizes import sized

KILLS = sized(ci=12, long=25)


def test_an_evening_on_the_installed_default_loses_nothing(tmp_path: Path) -> None:
    evening = Evening(tmp_path, seed=11, kills_per_game=KILLS)
    counts = evening.run()
    assert counts.games == len(GAMES)
    assert all(counts.per_game_kills[game] >= KILLS for game in GAMES), counts.per_game_kills
    assert counts.lost == 0
    assert counts.resumed >= 2 * len(GAMES), "most power cuts fall inside a game and must be resumed"
    assert counts.undos_after_restart == len(GAMES)
    assert counts.enrolled_taps >= 1
    assert counts.web_checks >= 2


def test_an_evening_with_the_game_fixed_by_the_configuration(tmp_path: Path) -> None:
    """app.game set (the configuration changed between games): no menu, the same promises."""
    games = ("tenno", "samurai-knizia")
    evening = Evening(tmp_path, seed=5, kills_per_game=6, games=games, langs=("fr", "nl"), fixed_game=True)
    counts = evening.run()
    assert counts.games == 2 and counts.lost == 0
    assert all(counts.per_game_kills[game] >= 6 for game in games)
    assert counts.resumed >= 2
