"""Event and Prompt stay frozen value objects with their hand-written fast __init__."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from engine import Event, Prompt, RuleError
from engine.core.messages import Items, message_from_json, msg


def test_event_defaults_to_a_fresh_empty_data_dict() -> None:
    a, b = Event("turn", msg("Kyuzo's turn.")), Event("turn", msg("Kyuzo's turn."))
    assert a.data == {} and a.data is not b.data
    assert a == b and Event("k", msg("t"), {"n": 1}).data == {"n": 1}
    assert a.to_json() == {"kind": "turn", "text": "Kyuzo's turn.", "key": "Kyuzo's turn.", "params": {}}
    assert [f.name for f in dataclasses.fields(Event)] == ["kind", "message", "data", "physical"]
    assert not a.physical and a != Event("turn", msg("Kyuzo's turn."), physical=True)


def test_a_physical_step_says_so_in_its_json_and_a_bare_event_does_not() -> None:
    step = Event("barricade", msg("Remove one Barricade."), {"left": 4}, True)
    assert step.physical and step.to_json()["physical"] is True
    assert "physical" not in Event("turn", msg("Kyuzo's turn.")).to_json()
    assert pickle.loads(pickle.dumps(step)) == step and copy.deepcopy(step).physical


def test_event_prompt_and_error_carry_a_message_and_its_english_text() -> None:
    message = msg("{samurai} lays {card} ({why}); {cards}", samurai="kyuzo", card="4-hat-none",
                  why=msg("Penalty of {card}", card="1-doll-wound"), cards=Items(["a", "b"]))
    event = Event("confront", message, {"card": "4-hat-none"})
    assert event.text == "Kyuzo lays 4-hat-none (Penalty of 1-doll-wound); a, b"
    assert event.to_json() == {
        "kind": "confront", "text": event.text, "key": "{samurai} lays {card} ({why}); {cards}",
        "params": {"samurai": "kyuzo", "card": "4-hat-none", "cards": ["a", "b"],
                   "why": {"key": "Penalty of {card}", "params": {"card": "1-doll-wound"}}},
        "data": {"card": "4-hat-none"}}
    assert message_from_json(event.to_json()) == message
    prompt = Prompt("kyuzo", "fight", msg("{samurai} faces {card}", samurai="kyuzo", card="x"))
    assert prompt.text == "Kyuzo faces x" and prompt.to_json()["key"] == "{samurai} faces {card}"
    error = RuleError(msg("{card} is on the discard pile", card="x"))
    assert str(error) == "x is on the discard pile" and error.message.params == {"card": "x"}
    assert RuleError("plain").message == msg("plain")


def test_prompt_fields_defaults_equality_and_hash() -> None:
    p = Prompt("kyuzo", "fight", msg("Kyuzo faces ..."), ("confront", "defend"), None, "1-hat-none")
    same = Prompt(actor="kyuzo", kind="fight", message=msg("Kyuzo faces ..."), options=("confront", "defend"),
                  subject="1-hat-none")
    assert p == same and hash(p) == hash(same) and len({p, same}) == 1
    assert Prompt("table", "reveal", msg("Tap it."), tap="intruder") == Prompt("table", "reveal", msg("Tap it."), (), "intruder")
    bare = Prompt("a", "b", msg("c"))
    assert (bare.options, bare.tap, bare.subject, bare.undo_to) == ((), None, None, None)
    assert repr(bare) == ("Prompt(actor='a', kind='b', message=msg('c', **{}), options=(), tap=None, subject=None, "
                          "undo_to=None)")


@pytest.mark.parametrize("value", [Event("k", msg("t"), {"a": [1]}), Prompt("a", "b", msg("c"), ("x",), None, "s")])
def test_values_stay_frozen_and_copyable(value: Event | Prompt) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.kind = "other"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.deepcopy(value) == value and copy.copy(value) == value
    assert dataclasses.replace(value, message=msg("new")).text == "new"
