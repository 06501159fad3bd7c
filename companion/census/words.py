"""The census's words in the table's language: namers for the fields its messages fill with data's words.

engine.core.census fills `{total}`, `{group}`, `{field}`, `{other}` and
`{sort}` with a `Named` (a count and the census file's words in each
language) and `{groups}` with several; these namers pick the translator's
language. Add them to a translator: `tr.with_namers(census_namers())`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.i18n import Namer, Translator
from engine.core.census import Named


def _one(value: Any, tr: Translator) -> str:
    return value.text(tr.lang) if isinstance(value, Named) else str(value)


def _many(values: Any, tr: Translator) -> str:
    items: Iterable[Any] = values if isinstance(values, list | tuple) else [values]
    return ", ".join(_one(value, tr) for value in items)


def census_namers() -> dict[str, Namer]:
    """The namers of the census messages' fields."""
    return {"total": _one, "group": _one, "field": _one, "other": _one, "sort": _one, "groups": _many}
