"""Event and Prompt stay frozen value objects with their hand-written fast __init__."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from engine import Event, Prompt


def test_event_defaults_to_a_fresh_empty_data_dict() -> None:
    a, b = Event("turn", "Kyuzo's turn."), Event("turn", "Kyuzo's turn.")
    assert a.data == {} and a.data is not b.data
    assert a == b and Event("k", "t", {"n": 1}).data == {"n": 1}
    assert a.to_json() == {"kind": "turn", "text": "Kyuzo's turn."}
    assert [f.name for f in dataclasses.fields(Event)] == ["kind", "text", "data"]


def test_prompt_fields_defaults_equality_and_hash() -> None:
    p = Prompt("kyuzo", "fight", "Kyuzo faces ...", ("confront", "defend"), None, "1-hat-none")
    same = Prompt(actor="kyuzo", kind="fight", text="Kyuzo faces ...", options=("confront", "defend"),
                  subject="1-hat-none")
    assert p == same and hash(p) == hash(same) and len({p, same}) == 1
    assert Prompt("table", "reveal", "Tap it.", tap="intruder") == Prompt("table", "reveal", "Tap it.", (), "intruder")
    bare = Prompt("a", "b", "c")
    assert (bare.options, bare.tap, bare.subject) == ((), None, None)
    assert repr(bare) == "Prompt(actor='a', kind='b', text='c', options=(), tap=None, subject=None)"


@pytest.mark.parametrize("value", [Event("k", "t", {"a": [1]}), Prompt("a", "b", "c", ("x",), None, "s")])
def test_values_stay_frozen_and_copyable(value: Event | Prompt) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.kind = "other"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.deepcopy(value) == value and copy.copy(value) == value
    assert dataclasses.replace(value, text="new").text == "new"
