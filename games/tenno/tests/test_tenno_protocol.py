"""The engine protocol with Tenno: the issue's `new` line, taps by card id, Pass and OK by option id."""

from __future__ import annotations

import json
from typing import Any

from engine.protocol import ProtocolSession


def _send(session: ProtocolSession, obj: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(session.handle_line(json.dumps(obj)))
    return answer


def test_a_game_over_the_protocol_shows_counts_until_the_end() -> None:
    session = ProtocolSession(lambda: 1)
    answer = _send(session, {"new": {"game": "tenno", "players": ["red", "blue", "green"], "first": "red", "seed": 1}})
    assert answer["ok"], answer
    state = answer["state"]
    for key in ("turn", "active", "players", "duel", "result", "winners", "scores", "pending"):
        assert key in state
    assert state["active"] == "red" and state["scores"] is None and state["pending"]["kind"] == "attack"
    assert set(state["players"][0]) >= {"name", "hand", "prisoners", "lost"}
    answer = _send(session, {"tap": "red-daimyo"})
    assert answer["state"]["duel"]["attacker"] == {"player": "red", "card": "red-daimyo", "strength": None}
    answer = _send(session, {"tap": "blue-samurai-8"})
    assert answer["state"]["pending"]["kind"] == "monk" and answer["state"]["pending"]["options"] == ["pass"]
    answer = _send(session, {"choose": "pass"})
    duel = answer["state"]["duel"]
    assert (duel["result"], duel["captured"], duel["captor"]) == ("attacker", "blue-samurai-8", "red")
    answer = _send(session, {"press": "ok"})
    state = answer["state"]
    assert state["duel"] is None and state["active"] == "blue"
    assert [(p["prisoners"], p["lost"]) for p in state["players"]] == [(1, 0), (0, 1), (0, 0)]
    cards = state["pending"].pop("cards")
    assert "blue-samurai-8" in cards, "the cards a tap may be do not tell which ones left the game"
    assert "samurai" not in json.dumps(state), "the captured card is nowhere else in the view after the duel"
    refused = _send(session, {"tap": "blue-samurai-8"})
    assert not refused["ok"] and "has left the game" in refused["error"]
