"""The demo table's random mode (what the fuzzer plays) sets up every game's tables, and the fuzz
counts and reports the random tables it could not set up instead of quietly playing fewer."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.games import registered_games
from companion.harness.demo import DemoTable
from companion.harness.fuzz import FuzzTable, fuzz, table_words
from tests.sizes import sized

SEEDS = sized(ci=20, long=60)
"""Random tables per game; Samurai Spirit's first 20 seat every number of Samurai from 2 to 7."""


@pytest.mark.parametrize("game", registered_games())
def test_every_random_table_of_every_game_sets_up_and_plays(tmp_path: Path, game: str) -> None:
    """Samurai Spirit's script asked for Done after the seventh Samurai, whose tap ends the choice itself:
    one random table in six failed to set up."""
    tables = set()
    seated: set[int] = set()
    for seed in range(SEEDS):
        table = DemoTable(tmp_path / str(seed), 100 + seed, game=game, fuzz_rng=random.Random(seed),
                          snapshots=False)
        tables.add(table_words(table.script))
        seated.add(len(getattr(table.script, "samurai", ())))
        table.set_up()
        match = table.app.match
        assert table.app.mode == "play" and match is not None, table_words(table.script)
        for _ in range(3):
            if match.play.prompt is None:
                break
            table.one_move(match.play)
    assert len(tables) >= 4, "the random tables hardly vary"
    if game == "samurai-spirit":
        assert seated == {2, 3, 4, 5, 6, 7}, "every number of Samurai, the seven of the bug included"


def test_a_random_table_sets_up_after_a_finished_game(tmp_path: Path) -> None:
    """Once a game is in the history, the first question also offers Statistics; walking to an answer
    must count that option too, or OK lands elsewhere and the set-up goes astray."""
    table = DemoTable(tmp_path, 3, game="trick-raiders", fuzz_rng=random.Random(3), snapshots=False)
    table.set_up()
    table.play()
    table.press("ok")
    assert table.app.mode == "setup" and len(table.app.screen().options) > len(table.app.setup.menu().options)
    table.app.selected = len(table.app.setup.menu().options)  # Statistics highlighted: the last option
    table.script = table.registration.demo_script.random(table, random.Random(4))
    table.set_up()
    assert table.app.mode == "play" and table.app.match is not None


def test_the_fuzz_sets_up_random_tables_and_counts_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 37 sets up three random tables in 300 events, one of all seven Samurai (refused before the fix)."""
    seated: list[int] = []
    set_up = FuzzTable.random_table

    def counted(self: FuzzTable) -> None:
        set_up(self)
        seated.append(len(self.script.samurai))

    monkeypatch.setattr(FuzzTable, "random_table", counted)
    report = fuzz(300, tmp_path, seed=37, game="samurai-spirit")
    assert report.failures == []
    assert report.random_tables == len(seated) >= 3 and report.setup_failures == 0
    assert 7 in seated, f"no table of all seven Samurai among {seated}"


def test_the_fuzz_backs_out_of_the_census_before_it_sets_up_a_table(tmp_path: Path) -> None:
    """Teaching it your box, opened from the first menu by the fuzz's own presses, has a list of its own: a random
    table set up over it failed ("x not in tuple") and was counted as the demo script's finding, and random
    answers walked the census's list instead. The fuzz's next legal move is an Undo that closes it."""
    table = FuzzTable(tmp_path, 36, "samurai-spirit")
    app = table.app
    options, _ = app.offered()
    table.pick(options.index("census"), len(options))
    assert app.census is not None
    assert table.legal() == "legal"
    assert app.census is None and app.mode == "setup" and not app.setup.asked, app.screen()
    table.random_table()
    assert app.mode == "play" and app.match is not None


def test_the_fuzz_backs_out_of_a_correction_opened_during_a_game(tmp_path: Path) -> None:
    """Undo held in play, then OK, opens the correction of a card or board: the policy's taps and presses went to
    its list while the fuzz believed it was playing. The legal move closes it, then the game goes on."""
    table = FuzzTable(tmp_path, 36, "samurai-spirit")
    table.random_table()
    app, match = table.app, table.app.match
    assert match is not None
    table.one_move(match.play)
    table.buttons.hold("undo")
    table.press("ok")
    assert app.census is not None, "the correction is open"
    inputs = len(match.inputs)
    for _ in range(3):  # an Undo a step: the correction's list, then back to the game
        if app.census is None:
            break
        assert table.legal() == "legal" and len(match.inputs) == inputs
    assert app.census is None, app.screen()
    table.legal()
    assert len(match.inputs) > inputs, "the policy's move was played"


def test_a_random_table_that_cannot_be_set_up_is_counted_and_reported(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: DemoTable) -> None:
        raise ValueError("tuple.index(x): x not in tuple")

    monkeypatch.setattr(FuzzTable, "set_up", refuse)
    report = fuzz(60, tmp_path, seed=2, game="tenno")
    assert report.events == 60, "a table that cannot be set up is a finding, not the end of the fuzz"
    assert report.setup_failures >= 1 and report.random_tables == 0
    assert len(report.failures) == report.setup_failures
    assert "the random table did not set up: TennoDemo(players=" in report.failures[0]
    assert "ValueError: tuple.index(x): x not in tuple" in report.failures[0]
