"""The engine protocol: JSON lines in, JSON lines out."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from engine.protocol import ProtocolSession

NEW = {"new": {"samurai": ["kyuzo", "heihachi"], "difficulty": "normal", "seed": 7, "absent_tokens": False,
               "first": "kyuzo"}}


def ask(session: ProtocolSession, obj: object) -> dict:
    return json.loads(session.handle_line(json.dumps(obj)))


def test_a_short_game_over_the_protocol() -> None:
    s = ProtocolSession(new_seed=lambda: 1)
    answer = ask(s, NEW)
    assert answer["ok"] and answer["header"]["seed"] == 7
    state = answer["state"]
    for key in ("round", "result", "score", "village", "stacks", "samurai", "active", "pending"):
        assert key in state
    assert set(state["village"]) >= {"barricades", "farmsteads", "families"}
    assert set(state["stacks"]) >= {"raider", "intruder", "discard"}
    assert set(state["samurai"][0]) >= {"name", "face", "wounds", "track", "kiai", "combat", "defence", "passed"}
    key = "{samurai}: turn over the top Raider card and tap it - or press Support or Pass."
    assert state["pending"] == {"samurai": "kyuzo", "kind": "action",
                                "text": "Kyuzo: turn over the top Raider card and tap it - or press Support or Pass.",
                                "key": key, "params": {"samurai": "kyuzo"}, "options": ["fight", "support", "pass"]}
    assert ask(s, {"press": "fight"})["state"]["pending"]["tap"] == "raider"
    answer = ask(s, {"tap": "4-hat-none"})
    assert answer["ok"] and answer["events"][0]["kind"] == "reveal"
    answer = ask(s, {"choose": "confront"})
    assert answer["state"]["samurai"][0]["track"] == 4


def test_errors_keep_the_state() -> None:
    s = ProtocolSession(new_seed=lambda: 1)
    assert "no game yet" in ask(s, {"press": "fight"})["error"]
    before = ask(s, NEW)["state"]
    for bad, message in [({"press": "defend"}, "Defend not possible yet"), ({"tap": "4-hat-none"}, "Not waiting"),
                         ({"choose": 3}, "non-empty string"), ({"undo": 5}, "cannot undo 5"), ([], "JSON object"),
                         ({"new": {"samurai": ["kyuzo"]}}, "2 to 7 Samurai"), ({"flip": 1}, "unknown input")]:
        answer = ask(s, bad)
        assert answer["ok"] is False and message in answer["error"], answer["error"]
        assert answer["state"] == before
    assert "not JSON" in json.loads(s.handle_line("{oops"))["error"]


def test_undo_and_cards_and_journal() -> None:
    s = ProtocolSession(new_seed=lambda: 1)
    ask(s, NEW)
    start = ask(s, {"state": True})["state"]
    ask(s, {"press": "fight"})
    ask(s, {"tap": "4-hat-none"})
    answer = ask(s, {"undo": 2})
    assert answer["ok"] and answer["state"] == start and answer["undone"] == [{"press": "fight"},
                                                                              {"tap": "4-hat-none"}]
    cards = ask(s, {"cards": True})["cards"]
    assert len(cards) == 66
    assert {"id", "value", "symbol", "penalties", "flames"} <= set(cards[0])
    assert ask(s, {"journal": True})["inputs"] == []


def test_seed_is_chosen_when_missing() -> None:
    s = ProtocolSession(new_seed=lambda: 4242)
    assert ask(s, {"new": {"samurai": ["kyuzo", "heihachi"]}})["header"]["seed"] == 4242


def test_companion_engine_command_speaks_the_protocol() -> None:
    lines = "\n".join(json.dumps(x) for x in (NEW, {"press": "fight"}, {"tap": "nope"})) + "\n"
    out = subprocess.run([sys.executable, "-m", "companion.cli", "engine"], input=lines, capture_output=True,
                         text=True, timeout=60, check=True).stdout.splitlines()
    answers = [json.loads(line) for line in out]
    assert [a["ok"] for a in answers] == [True, True, False]
    assert answers[2]["error"] == "Unknown card 'nope': this tag is bound to no card of this game."
    assert answers[2]["key"] == "Unknown card '{id}': this tag is bound to no card of this game."
    assert answers[2]["params"] == {"id": "nope"}


def started() -> tuple[ProtocolSession, str]:
    s = ProtocolSession(new_seed=lambda: 1)
    ask(s, NEW)
    ask(s, {"press": "fight"})
    return s, s.handle_line('{"state": true}')


@pytest.mark.parametrize("line", [
    '{"new":{"game":[]}}',
    '{"new":{"samurai":["kyuzo","heihachi"],"game":{}}}',
    "[" * 1000,
    '{"undo": ' + "9" * 4301 + "}",
    b'{"press": "\xff\xfe"}',
    b"\xc3(",
    '{"undo": "x"}', '{"undo": 1e9}', '{"undo": 1e400}', '{"undo": true}', '{"undo": null}', '{"undo": 0}',
    '{"new": {"samurai": 5}}', '{"tap": {}}', '{"tap": "3-doll-wound", "hidden": 1}',
    '{"new":{"samurai":["kyuzo","heihachi"],"seed":true}}',
    '{"new":{"samurai":["kyuzo","heihachi"],"seed":1.5}}',
    '{"new":{"samurai":["kyuzo","heihachi"],"seed":' + "9" * 40 + "}}",
    '{"new":{"samurai":["kyuzo","heihachi"],"seed":-5}}',
    '{"new":{"samurai":["kyuzo","heihachi"],"seed":' + "9" * 41 + "}}",
    '{"cards": 1}', '{"state": []}', '{"journal": "yes"}',
    '{"press": "fight", "undo": 1}', '{"state": true, "tap": "4-hat-none"}',
    '{"new": {"samurai": ["kyuzo","heihachi"]}, "press": "fight"}',
    "", " ", "\t", "\x0c", "\u00a0", "\u2028", "\u00a0\u2028 \x0c", "\ufeff{}",
    "x" * 70_000,
])
def test_malformed_lines_get_an_error_and_keep_the_state(line: str | bytes) -> None:
    s, before = started()
    out = s.handle_line(line)
    assert "\n" not in out
    answer = json.loads(out)
    assert answer["ok"] is False and answer["error"]
    assert json.dumps(answer["state"], sort_keys=True, separators=(",", ":")) in before
    assert s.handle_line('{"state": true}') == before


def test_an_empty_line_is_answered_with_what_to_send() -> None:
    s = ProtocolSession(new_seed=lambda: 1)
    assert "empty line" in json.loads(s.handle_line(""))["error"]
    assert "empty line" in json.loads(s.handle_line("\u00a0\u2028"))["error"]


def test_invalid_utf8_names_the_byte() -> None:
    s = ProtocolSession(new_seed=lambda: 1)
    error = json.loads(s.handle_line(b'{"tap": "\xff"}'))["error"]
    assert "not UTF-8" in error and "0xff" in error


def test_seeds_and_steps_must_be_whole_numbers_in_range() -> None:
    s = ProtocolSession(new_seed=lambda: 1)
    for seed in (True, 1.5, -5, 2**63, "7"):
        answer = ask(s, {"new": {"samurai": ["kyuzo", "heihachi"], "seed": seed}})
        assert answer["ok"] is False and "seed" in answer["error"], seed
    ask(s, NEW)
    for steps in (True, "x", 1.0, [1]):
        assert "whole number" in ask(s, {"undo": steps})["error"]


def test_an_unexpected_failure_is_answered_and_the_state_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    s, before = started()
    play = s.match.play  # type: ignore[union-attr]

    def broken(value: object) -> list[object]:
        play.state.barricades = 0  # type: ignore[attr-defined]
        play.state.turn += 5  # type: ignore[attr-defined]
        raise KeyError("boom")

    monkeypatch.setattr(play, "advance", broken)
    answer = json.loads(s.handle_line('{"tap": "4-hat-none"}'))
    assert answer["ok"] is False and answer["error"].startswith("internal error: ")
    assert s.handle_line('{"state": true}') == before
    assert ask(s, {"tap": "4-hat-none"})["ok"]


def test_companion_engine_answers_every_line_even_after_bad_bytes() -> None:
    lines = [json.dumps(NEW).encode(), b'{"press": "fight"}', b"\xff\xfe garbage", b"", b" \x0c ",
             "\u00a0\u2028".encode(), b"[" * 1000, b'{"undo": ' + b"9" * 4301 + b"}", b'{"new":{"game":[]}}',
             b'{"tap": "4-hat-none"}\r', b'{"state": true}']
    out = subprocess.run([sys.executable, "-m", "companion.cli", "engine"], input=b"\n".join(lines),
                         capture_output=True, timeout=60, check=True).stdout.split(b"\n")
    assert out[-1] == b""
    answers = [json.loads(line) for line in out[:-1]]
    assert len(answers) == len(lines)
    assert [a["ok"] for a in answers] == [True, True] + [False] * 7 + [True, True]
    assert answers[-1]["state"]["samurai"][0]["combat"] == [] and answers[-2]["events"][0]["kind"] == "reveal"


def test_an_overlong_line_is_answered_once_and_the_next_line_still_read() -> None:
    from companion.commands.engine import run

    source = io.BytesIO(b'{"state": ' + b" " * 200_000 + b"true}\n" + b'{"state": true}')
    sink = io.StringIO()
    assert run(source, sink) == 0
    answers = [json.loads(line) for line in sink.getvalue().splitlines()]
    assert [a["ok"] for a in answers] == [False, True]
    assert "too long" in answers[0]["error"]
