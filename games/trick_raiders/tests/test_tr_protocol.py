"""Trick Raiders through the engine protocol: new, taps by card id, presses, choices, undo."""

from __future__ import annotations

import json
from typing import Any

from engine.protocol import ProtocolSession

NEW = {"new": {"game": "trick-raiders", "players": ["ann", "ben", "cy", "dee"], "lives": 2, "seed": 1}}


def ask(session: ProtocolSession, obj: object) -> dict[str, Any]:
    return json.loads(session.handle_line(json.dumps(obj)))


def test_a_game_starts_and_is_played_over_the_protocol() -> None:
    s = ProtocolSession(lambda: 4242)
    answer = ask(s, NEW)
    assert answer["ok"] and answer["header"]["game"] == "trick-raiders" and answer["header"]["seed"] == 1
    state = answer["state"]
    for key in ("round", "trump", "leader", "trick", "players", "result", "winners", "pending"):
        assert key in state
    assert state["players"][0] == {"name": "ann", "seat": 0, "lives": 2, "lead": [], "hand": 10, "known_hand": [],
                                   "out": False, "bonus": None}
    first = state["pending"]["player"]
    assert state["pending"]["kind"] == "deal" and len(state["pending"]["options"]) == 52
    answer = ask(s, {"tap": "spades-3"})
    assert answer["ok"] and answer["events"][0]["params"] == {"card": "spades-3", "player": first}
    refused = ask(s, {"tap": "spades-3"})
    assert not refused["ok"] and "spades-3 is one of" in refused["error"]
    assert ask(s, {"press": "ok"})["error"].startswith("Ok is not possible now")
    undone = ask(s, {"undo": 1})
    assert undone["undone"] == [{"tap": "spades-3"}] and undone["state"]["players"][0]["lead"] == []
    cards = ask(s, {"cards": True})["cards"]
    assert len(cards) == 52 and {"id": "hearts-9a", "kind": "card", "label": "9 of Hearts (returns a lead card)",
                                 "suit": "hearts", "value": 9, "special": "lead-return", "verified": False} in cards


def test_a_declaration_is_taps_then_ok_and_a_choice_is_by_name() -> None:
    s = ProtocolSession(lambda: 4242)
    ask(s, {"new": {**NEW["new"], "first": "ann"}})
    deal = {"ann": ["spades-3", "hearts-4", "clubs-5"], "ben": ["spades-6", "hearts-8", "diamonds-8"],
            "cy": ["clubs-2", "diamonds-3", "hearts-2"], "dee": ["diamonds-6", "hearts-7", "spades-1"]}
    for name in ("ann", "ben", "cy", "dee"):
        for cid in deal[name]:
            assert ask(s, {"tap": cid})["ok"]
    state = ask(s, {"state": True})["state"]
    assert state["pending"]["kind"] == "declare" and state["pending"]["presses"] == ["ok"]
    assert ask(s, {"press": "ok"})["ok"] and ask(s, {"choose": "ok"})["ok"] and ask(s, {"press": "ok"})["ok"]
    assert ask(s, {"tap": "diamonds-5"})["ok"]
    answer = ask(s, {"press": "ok"})
    assert answer["ok"] and answer["state"]["leader"] == "dee" and answer["state"]["pending"]["kind"] == "lead"
    for cid in ("diamonds-5", "diamonds-1", "diamonds-4", "hearts-9b"):
        answer = ask(s, {"tap": cid})
    assert answer["state"]["pending"]["kind"] == "life-steal"
    assert answer["state"]["pending"]["options"] == ["ann", "ben", "cy"]
    answer = ask(s, {"choose": "cy"})
    assert answer["ok"] and [p["lives"] for p in answer["state"]["players"]] == [2, 2, 1, 3]


def test_a_revoke_offer_is_in_pending_and_answered_by_undo_or_play_on() -> None:
    """A protocol client sees the offer (`undo_to`, `undo_steps`) and answers it with undo, or by choosing play-on."""
    s = ProtocolSession(lambda: 4242)
    ask(s, {"new": {**NEW["new"], "first": "ann"}})
    deal = {"ann": ["spades-3", "hearts-4", "clubs-5"], "ben": ["spades-6", "hearts-8", "diamonds-8"],
            "cy": ["clubs-2", "diamonds-3", "hearts-2"], "dee": ["diamonds-6", "hearts-7", "spades-1"]}
    for cid in [c for name in ("ann", "ben", "cy", "dee") for c in deal[name]] + ["ok"] * 4:
        assert ask(s, {"press": "ok"} if cid == "ok" else {"tap": cid})["ok"]
    before = len(ask(s, {"journal": True})["inputs"])
    for cid in ("diamonds-6", "clubs-9b", "diamonds-10a", "diamonds-9a", "hearts-8", "hearts-5", "hearts-6"):
        assert ask(s, {"tap": cid})["ok"]
    answer = ask(s, {"tap": "diamonds-7"})
    pending = answer["state"]["pending"]
    assert pending["kind"] == "revoke" and pending["options"] == ["play-on"] and pending["player"] == "table"
    assert pending["undo_to"] == before + 1 and pending["undo_steps"] == 8
    assert answer["events"][0]["kind"] == "revoke"
    played_on = ask(s, {"choose": "play-on"})
    assert played_on["ok"] and played_on["state"]["pending"]["kind"] == "lead"
    assert ask(s, {"undo": 1})["state"]["pending"]["undo_steps"] == 8
    undone = ask(s, {"undo": 8})
    assert undone["ok"] and undone["state"]["pending"]["kind"] == "lead" and undone["state"]["trick"] == []
    assert len(ask(s, {"journal": True})["inputs"]) == before
