"""Hostile but well-formed JSON is refused with a sentence, never a crash."""

from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.core.safe_json import MAX_DEPTH, load_limited, nesting_depth


def test_ordinary_values_pass_through() -> None:
    assert load_limited('{"n": 1, "input": {"tap": "3-doll-wound"}, "seed": 2147483647}') == {
        "n": 1, "input": {"tap": "3-doll-wound"}, "seed": 2147483647}


@pytest.mark.parametrize("text, words", [
    ("[" * 5000 + "]" * 5000, "nested 5000 levels deep"),
    ("[" * 100_000, "nested 100000 levels deep"),
    ('{"seed": ' + "9" * 5000 + "}", "5000 digits"),
    ('{"undo": -' + "1" * 4301 + "}", "4301 digits"),
    ('{"a": NaN}', "NaN"),
    ('{"a": ', "not JSON"),
])
def test_hostile_text_is_a_rule_error(text: str, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        load_limited(text)


def test_brackets_inside_strings_do_not_count() -> None:
    text = '{"a": "' + "[{" * 100 + '\\"]"}'
    assert nesting_depth(text) == 1
    assert load_limited(text)["a"].startswith("[{")


def test_depth_limit_is_inclusive() -> None:
    assert load_limited("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(RuleError):
        load_limited("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
