"""`companion simulate`: many policy games, with the figures it prints."""

from __future__ import annotations

from games.samurai_spirit import SamuraiSpirit
from games.samurai_spirit.simulate import play_one, simulate


def test_simulate_counts_games_and_is_deterministic() -> None:
    game = SamuraiSpirit()
    setup = {"samurai": ["kyuzo", "heihachi", "daisuke", "kikuchiyo"], "difficulty": "easy"}
    a = simulate(game, setup, 30, 5)
    b = simulate(game, setup, 30, 5)
    assert a == b and a.games == 30 and sum(a.rounds.values()) == 30
    assert a.inputs > 30 * 20


def test_play_one_ends_the_game() -> None:
    match = play_one(SamuraiSpirit(), {"samurai": ["gorobei", "kanbei", "katsushiro"]}, 3)
    assert match.play.result in ("won", "lost") and match.play.prompt is None


def test_cli_prints_rate_and_speed(capsys) -> None:  # type: ignore[no-untyped-def]
    from companion.cli import main

    assert main(["simulate", "--games", "20", "--samurai", "kyuzo,heihachi,daisuke,kikuchiyo"]) == 0
    out = capsys.readouterr().out
    assert "20 games, 4 Samurai" in out and "win rate" in out and "games/s" in out
    assert main(["simulate", "--games", "5", "--samurai", "kyuzo,kyuzo"]) == 2
    assert "Kyuzo chosen twice" in capsys.readouterr().err
