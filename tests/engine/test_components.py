"""The one component-data format every game's catalogue is built from."""

from __future__ import annotations

import pytest

from engine.core.components import Component, parse_components
from engine.core.errors import RuleError

GOOD = '''
format = 1
components = [
  { id = "hearts-9a", kind = "card", label = "9 of Hearts", attributes = { value = 9 }, verified = false },
  { id = "kyuzo", kind = "samurai", label = "Kyuzo", attributes = {}, verified = true },
]
'''


def test_entries_keep_every_field() -> None:
    entries = parse_components(GOOD, "components.toml", kinds={"card", "samurai"})
    assert entries[0] == Component("hearts-9a", "card", "9 of Hearts", {"value": 9}, False)
    assert entries[1].verified


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("verified = false", "verified = 1", "entry 1 (id 'hearts-9a'): verified must be true or false"),
        ('kind = "samurai"', 'kind = "meeple"', "entry 2 (id 'kyuzo'): kind 'meeple' is not one of card, samurai"),
        ('label = "Kyuzo"', 'label = " "', "entry 2 (id 'kyuzo'): label must be a non-empty text"),
        ("attributes = {}", "attributes = 3", "entry 2 (id 'kyuzo'): attributes must be a table"),
        ('id = "kyuzo"', 'id = "hearts-9a"', "entry 2: id 'hearts-9a' appears twice"),
        ('id = "kyuzo"', 'id = "Kyu zo"', "entry 2: id 'Kyu zo' must be lower-case letters"),
        ("verified = true }", "verified = true, colour = 2 }", "entry 2 (id 'kyuzo'): unknown key(s) colour"),
        ("format = 1", "format = 2", "format 2 is not supported"),
        ("components = [", "cards = [", "components must be a list"),
    ],
)
def test_a_bad_entry_is_named(old: str, new: str, message: str) -> None:
    assert old in GOOD
    with pytest.raises(RuleError) as info:
        parse_components(GOOD.replace(old, new, 1), "components.toml", kinds={"card", "samurai"})
    assert str(info.value).startswith("components.toml")
    assert message in str(info.value)


def test_toml_syntax_error_names_the_file_and_line() -> None:
    with pytest.raises(RuleError, match=r"my\.toml: not valid TOML.*line"):
        parse_components(GOOD + "\n= broken\n", "my.toml", kinds={"card"})
