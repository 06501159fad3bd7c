"""Advice at the table (companion.app.advice): the long press of OK, the workers, the words in the prompt.

The workers are real processes (spawn); the tests wait for them by polling
with a generous limit, never by a fixed sleep, and assert no timing.
"""

from __future__ import annotations

import time
from pathlib import Path

from test_app import set_up

from companion.app import App
from companion.app.advice import AdviceDesk, Request, compute, from_plain, words
from companion.runtime.config import load_config
from drivers.events import ButtonHeld
from engine.core.advisor import Advice, Budget, Estimate, advise
from engine.core.match import Match
from engine.core.registry import entry, get_game
from tests.companion.table_helpers import Clock, make, press, tap

SETUP = {"samurai": ["kyuzo", "heihachi", "daisuke", "kikuchiyo"], "difficulty": "easy"}


def _decision() -> Match:
    match = Match(get_game("samurai-spirit"), SETUP, 5)
    assert match.play.prompt is not None and len(match.play.prompt.options) > 1
    return match


def _wait(desk: AdviceDesk) -> None:
    limit = time.monotonic() + 120
    while desk.busy() and time.monotonic() < limit:
        desk.poll()
        time.sleep(0.02)
    desk.poll()


def _started(tmp_path: Path, desk: AdviceDesk, clock: Clock) -> App:
    app = make(tmp_path, clock, advice=desk)
    set_up(app, "kyuzo", "heihachi", "daisuke", "kikuchiyo", first="kyuzo")
    assert app.match is not None and app.match.play.prompt is not None
    assert app.match.play.prompt.kind == "action"
    return app


def test_a_worker_rebuilds_the_match_and_advises_like_the_engine() -> None:
    match = _decision()
    header = match.header()
    plain = compute(Request(header["game"], header["setup"], header["seed"], (), 9, 0.05))
    assert [fields[0] for fields in plain["estimates"]] == list(match.play.prompt.options)
    assert all(games >= 1 for _, _, games, _, _ in plain["estimates"])
    rebuilt = from_plain(plain)
    assert [(e.option, e.wins, e.games, e.gain, e.gain_sq) for e in rebuilt.estimates] == \
        [tuple(fields) for fields in plain["estimates"]]
    alone = advise(entry("samurai-spirit").advice(), match, 9, Budget(playouts=len(plain["estimates"])))
    assert alone.actor == plain["actor"] and alone.kind == plain["kind"]


def test_the_words_name_each_option_the_margin_the_games_and_the_best() -> None:
    advice = Advice("kyuzo", "action", [Estimate("fight", 41, 100), Estimate("support", 47, 100),
                                        Estimate("pass", 38, 100)])
    text = words(advice, lambda option: option.capitalize()).text
    assert text.startswith("Advice: Fight 41% - Support 47% - Pass 38% (+-")
    assert "100 games each; best: Support" in text


def test_switched_off_the_long_press_says_so_and_starts_nothing(tmp_path: Path) -> None:
    clock = Clock()
    desk = AdviceDesk(False, 0.2, clock, workers=1)
    app = _started(tmp_path, desk, clock)
    before = list(app.match.inputs)
    app.handle(ButtonHeld("ok", clock()))
    assert app.notice is not None and "switched off" in app.table.t(app.notice.text)
    assert not desk.busy() and list(app.match.inputs) == before


def test_no_advice_at_a_card_to_tap(tmp_path: Path) -> None:
    clock = Clock()
    desk = AdviceDesk(True, 0.2, clock, workers=1)
    app = _started(tmp_path, desk, clock)
    press(app, "pass")
    while app.match.play.prompt is not None and app.match.play.prompt.tap is None:
        press(app, "pass")
    app.handle(ButtonHeld("ok", clock()))
    assert app.notice is not None and "No advice here" in app.table.t(app.notice.text) and not desk.busy()


def test_a_long_press_of_ok_thinks_without_acting_then_shows_the_advice_until_the_next_input(tmp_path: Path) -> None:
    clock = Clock()
    desk = AdviceDesk(True, 0.3, clock, workers=2)
    app = _started(tmp_path, desk, clock)
    before = list(app.match.inputs)
    try:
        app.handle(ButtonHeld("ok", clock()))
        assert list(app.match.inputs) == before and desk.busy(app.match)
        clock.now += 0.15
        thinking = app.screen().view["pending"]["text"]
        assert "Advice: thinking [|||||.....] 50%" in thinking
        assert app.deadline() is not None
        _wait(desk)
        text = app.screen().view["pending"]["text"]
        assert "Advice: Fight " in text and "Support " in text and "Pass " in text and "games each" in text
        tap(app, "card:1-hat-none")
        assert "Advice" not in app.screen().view["pending"]["text"]
    finally:
        desk.shutdown()


def test_an_answer_for_an_older_moment_is_not_shown(tmp_path: Path) -> None:
    clock = Clock()
    desk = AdviceDesk(True, 0.2, clock, workers=1)
    app = _started(tmp_path, desk, clock)
    try:
        app.handle(ButtonHeld("ok", clock()))
        press(app, "pass")
        _wait(desk)
        pending = app.screen().view["pending"]
        assert "Advice" not in pending["text"]
    finally:
        desk.shutdown()


def test_the_config_switch_and_budget(tmp_path: Path) -> None:
    path = tmp_path / "companion.toml"
    path.write_text("[advisor]\nenabled = false\nbudget_s = 2.5\n")
    cfg = load_config(path)
    assert cfg.advisor_enabled is False and cfg.advisor_budget_s == 2.5
    assert load_config(None).advisor_enabled is True
    path.write_text('[advisor]\nenabled = "yes"\n')
    try:
        load_config(path)
    except Exception as exc:  # noqa: BLE001 - the message is what is checked
        assert "advisor.enabled" in str(exc) and "must be true or false" in str(exc)
    else:
        raise AssertionError("a non-boolean advisor.enabled was accepted")


def _journal(path: Path, moves: int) -> Match:
    import random

    from companion.runtime.storage import JournalFile
    from games.samurai_spirit.heuristic import HeuristicPolicy

    match = _decision()
    policy = HeuristicPolicy(random.Random(3))
    journal = JournalFile(path)
    journal.start(match)
    for _ in range(moves):
        match.apply(policy.choose(match.play))
        journal.append(match)
    return match


def test_companion_advise_prints_each_decision_with_the_table_s_choice(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from companion.cli import main

    path = tmp_path / "game.journal"
    match = _journal(path, 12)
    hooks = entry("samurai-spirit").advice()
    replay = Match(match.game, SETUP, 5)
    decisions = 0
    for value in match.inputs:
        decisions += bool(hooks.advisable(replay))
        replay.apply(value)
    assert main(["advise", str(path), "--playouts", "6", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert f"12 inputs, {decisions} decisions weighed (6 play-outs per decision, seed 2)" in out
    assert out.count("The table chose") == decisions and out.count("Advice: ") == decisions
    assert f"of {decisions} decisions differ from the advisor's choice." in out
    assert main(["advise", str(tmp_path / "missing.journal")]) == 2
