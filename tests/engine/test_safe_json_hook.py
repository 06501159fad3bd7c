"""load_limited's optional object_pairs_hook: callers can see duplicated keys."""

from __future__ import annotations

from typing import Any

from engine.core.safe_json import load_limited


def test_the_hook_sees_every_pair_including_duplicates() -> None:
    seen: list[list[tuple[str, Any]]] = []

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        seen.append(pairs)
        return dict(pairs)

    assert load_limited('{"a": 1, "a": 2}', object_pairs_hook=hook) == {"a": 2}
    assert seen == [[("a", 1), ("a", 2)]]


def test_without_a_hook_objects_are_plain_dicts() -> None:
    assert load_limited('{"a": {"b": 1}}') == {"a": {"b": 1}}
