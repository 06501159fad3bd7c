"""bench/engine_speed.py's engine-alone figure replays exactly the recorded games, so it times the same rules."""

from __future__ import annotations

from types import ModuleType

import pytest

from engine.core.registry import entry, get_game
from tests.engine.bench_scripts import load_bench


def _bench() -> ModuleType:
    return load_bench("engine_speed")


def test_replayed_answers_finish_the_same_game() -> None:
    bench = _bench()
    hooks = entry("samurai-spirit").hooks()
    setup = hooks.SETUPS[1]
    game = get_game("samurai-spirit")
    answers = []
    policy = hooks.policy(4)

    def recording(play):  # type: ignore[no-untyped-def]
        value = policy(play)
        answers.append(value)
        return value

    first, _ = game.new_play(game.parse_setup(setup), 4)
    first.play_out(recording)
    again, _ = game.new_play(game.parse_setup(setup), 4)
    again.play_out(bench._replaying(answers))
    assert again.result == first.result and again.public_view() == first.public_view()


def test_the_engine_alone_line_names_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    hooks = entry("tenno").hooks()
    label, setup = next(iter(hooks.BENCH_TABLES.items()))
    _bench().engine_alone("tenno", hooks, label, setup, 3, 1)
    out = capsys.readouterr().out
    assert f"tenno, {label}, engine alone:" in out and "games/s" in out
