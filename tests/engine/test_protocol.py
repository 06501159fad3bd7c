"""The engine protocol: JSON lines in, JSON lines out."""

from __future__ import annotations

import json
import subprocess
import sys

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
    assert state["pending"] == {"samurai": "kyuzo", "kind": "action", "text": "Kyuzo: Fight, Support or Pass?",
                                "options": ["fight", "support", "pass"]}
    assert ask(s, {"press": "fight"})["state"]["pending"]["tap"] == "raider"
    answer = ask(s, {"tap": "4-hat-none"})
    assert answer["ok"] and answer["events"][0]["kind"] == "reveal"
    answer = ask(s, {"choose": "confront"})
    assert answer["state"]["samurai"][0]["track"] == 4


def test_errors_keep_the_state() -> None:
    s = ProtocolSession(new_seed=lambda: 1)
    assert "no game yet" in ask(s, {"press": "fight"})["error"]
    before = ask(s, NEW)["state"]
    for bad, message in [({"press": "defend"}, "Defend not possible yet"), ({"tap": "4-hat-none"}, "not waiting"),
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
    assert answers[2]["error"] == "unknown card 'nope'"
