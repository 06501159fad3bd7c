"""A power cut at a game's game-over screen, in a whole evening (companion.harness.evening).

The restart shows the ended game's result and puts it with the finished games; before, it asked
"Resume the unfinished game?" over "That game is over." and resumed it by itself. Every kill of this
evening falls on the game-over screen: the first puts the game away, the others land on the menu.
"""

from __future__ import annotations

from pathlib import Path

from companion.harness.evening import Evening, RemoteTable
from companion.runtime.storage import CURRENT, load_journal

KILLS = 3


class KilledAtTheEnd(Evening):
    """No power cut during play: every one falls on the game-over screen."""

    def run_game(self, table: RemoteTable) -> None:
        self.kill_at = []
        super().run_game(table)


def test_a_game_killed_at_its_end_is_put_away_whole_and_never_resumed(tmp_path: Path) -> None:
    evening = KilledAtTheEnd(tmp_path, seed=5, kills_per_game=KILLS, games=("tenno",), web=False,
                             setups={"tenno": {"players": 2}})
    counts = evening.run()
    assert counts.games == 1 and counts.lost == 0 and counts.per_game_kills["tenno"] == KILLS
    assert counts.resumed == 0, "an ended game was offered for resume"
    assert not (evening.state / CURRENT).exists()
    [kept] = evening.state.glob("games/*.journal")
    game, seed, result, _ = evening.finished[0]
    match = load_journal(kept).match
    assert (match.game.name, match.seed) == (game, seed) and match.play.result == result
    assert kept.name.endswith(f"-{result}.journal"), "archived as a finished game is, under its result"
