"""Knizia's Samurai through the engine protocol: new, taps by tile id, caste presses, undo, the state."""

from __future__ import annotations

import json
from typing import Any

from engine.protocol import ProtocolSession

NEW = {"new": {"game": "samurai-knizia", "players": ["red", "blue", "green"], "seed": 1}}


def ask(session: ProtocolSession, obj: object) -> dict[str, Any]:
    return json.loads(session.handle_line(json.dumps(obj)))


def test_a_game_starts_and_a_capture_is_entered_over_the_protocol() -> None:
    s = ProtocolSession(lambda: 4242)
    answer = ask(s, {"new": {**NEW["new"], "first": "red"}})
    assert answer["ok"] and answer["header"]["game"] == "samurai-knizia" and answer["header"]["seed"] == 1
    state = answer["state"]
    for key in ("turn", "active", "figures_left", "ties", "players", "result", "winners", "ranking", "pending"):
        assert key in state
    assert "captures" not in state
    assert state["players"][0] == {"name": "red", "seat": 0, "tiles_played": 0, "tiles_left": 20}
    assert state["pending"]["kind"] == "turn" and state["pending"]["player"] == "red"
    assert len(state["pending"]["options"]) == 19 and "red-move-0" not in state["pending"]["options"]
    assert state["pending"]["presses"] == []
    answer = ask(s, {"tap": "red-castle-4"})
    assert answer["ok"] and answer["events"][0]["params"]["tile"] == "red-castle-4"
    assert answer["state"]["pending"]["presses"] == ["castle", "buddha", "rice", "pass"]
    refused = ask(s, {"tap": "red-castle-2"})
    assert not refused["ok"] and "already played a normal tile" in refused["error"]
    assert ask(s, {"press": "castle"})["state"]["pending"]["kind"] == "capture"
    assert ask(s, {"choose": "rice"})["ok"] and ask(s, {"tap": "red-castle-4"})["ok"]
    answer = ask(s, {"press": "ok"})
    assert answer["ok"] and answer["state"]["figures_left"] == {"castle": 9, "buddha": 10, "rice": 9}
    assert answer["state"]["ties"] == 1 and "captures" not in answer["state"]
    undone = ask(s, {"undo": 1})
    assert undone["undone"] == [{"press": "ok"}] and undone["state"]["capture"]["castes"] == ["castle", "rice"]
    cards = ask(s, {"cards": True})["cards"]
    assert len(cards) == 80 and {"id": "blue-ship-2", "kind": "tile", "label": "Blue Ship 2", "colour": "blue",
                                 "type": "ship", "value": 2, "fast": True, "verified": True} in cards


def test_open_captures_and_the_end_show_the_captures() -> None:
    s = ProtocolSession(lambda: 4242)
    state = ask(s, {"new": {**NEW["new"], "players": ["red", "blue"], "first": "red", "open_captures": True}})
    assert state["state"]["captures"] == {"red": {"castle": 0, "buddha": 0, "rice": 0},
                                          "blue": {"castle": 0, "buddha": 0, "rice": 0}}
    ask(s, {"tap": "red-castle-4"})
    for _ in range(7):
        for line in ({"press": "castle"}, {"tap": "red-castle-4"}, {"press": "ok"}):
            assert ask(s, line)["ok"]
    answer = ask(s, {"press": "pass"})
    state = answer["state"]
    assert state["result"] == "over" and state["winners"] == ["red"] and state["ranking"] == [["red"], ["blue"]]
    assert state["captures"]["red"]["castle"] == 7 and state["outcome"]["detail"]["decided_by"] == "castes"
