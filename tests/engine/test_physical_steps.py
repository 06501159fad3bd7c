"""Events say whether they ask the table to do something with its components (`Event.physical`).

The companion lists those steps first and keeps them on the game-over
screen, without reading any words: the rules set the flag where they emit
(`FlowPlay.step`). Each game says in its testing hooks which kinds a table
depends on, and this test plays every registered game (and the test game
Higher) to check them:

    STEP_KINDS   kinds that always ask the table to move, take, turn, shuffle, deal or return something
    NEWS_KINDS   kinds that only say what happened or why
    BOTH_KINDS   (optional, none when absent: engine.core.testing.OPTIONAL_HOOKS) kinds that sometimes ask
                 for a move and sometimes only report (tiles drawn, or none left to draw), checked both ways

The first two are among every game's TESTING_HOOKS: a game whose hooks lack
one is told which, and where, by a RegistrationError.
"""

from __future__ import annotations

from collections import defaultdict
from types import ModuleType

import pytest

from engine import Match
from engine.core.registry import TESTING_HOOKS, RegistrationError, entry, game_names, get_game
from engine.core.testing import OPTIONAL_HOOKS
from tests.fixtures.games.higher import testing as higher_testing

REQUIRED = ("STEP_KINDS", "NEWS_KINDS")
"""The hooks every game's testing module must define for this test (among TESTING_HOOKS)."""
OPTIONAL = "BOTH_KINDS"
"""The hook a game may leave out (engine.core.testing.OPTIONAL_HOOKS: none by default)."""


def kinds(game: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """`game`'s steps, news and both-ways kinds from its testing hooks (RegistrationError names a missing one)."""
    made = entry(game)
    tables = {name: made.hook(name) for name in (*REQUIRED, OPTIONAL)}
    for name, table in tables.items():
        assert isinstance(table, (set, frozenset)) and all(isinstance(k, str) for k in table), (
            f"game {game!r}: {made.testing}.{name} must be a frozenset of event kinds, not {table!r}")
    steps, news, both = (frozenset(table) for table in tables.values())
    overlap = (steps & news) | (steps & both) | (news & both)
    assert not overlap, f"{game}: {sorted(overlap)} in more than one of {', '.join((*REQUIRED, OPTIONAL))}"
    return steps, news, both


def flags_by_kind(hooks: ModuleType, game: str, games: int) -> dict[str, set[bool]]:
    seen: dict[str, set[bool]] = defaultdict(set)
    for setup in hooks.SETUPS:
        for seed in range(games):
            match = Match(get_game(game), setup, seed)
            for event in match.opening:
                seen[event.kind].add(event.physical)
            for value in hooks.play_inputs(setup, seed):
                for event in match.apply(value):
                    seen[event.kind].add(event.physical)
    return seen


def check_kinds(game: str) -> None:
    steps, news, both = kinds(game)
    assert steps and news, f"{game}: STEP_KINDS or NEWS_KINDS is empty: a table is at least set up, and told news"
    seen = flags_by_kind(entry(game).hooks(), game, 6)
    for kind in sorted(steps):
        assert seen.get(kind) == {True}, f"{game}: {kind} must be a physical step ({seen.get(kind)})"
    for kind in sorted(news):
        assert seen.get(kind, {False}) == {False}, f"{game}: {kind} is news, not a step"
    for kind in sorted(both):
        assert seen.get(kind) == {True, False}, f"{game}: {kind} is a step only when it moves something"


@pytest.mark.parametrize("game", game_names())
def test_each_kind_is_a_step_or_news_as_the_table_needs(game: str) -> None:
    check_kinds(game)


def test_the_test_game_keeps_its_kinds_too(higher: str) -> None:
    check_kinds(higher)
    assert kinds(higher) == (frozenset({"aside"}), frozenset({"round", "game-over"}), frozenset())


def test_the_kinds_are_hooks_every_game_has_or_an_optional_one() -> None:
    assert set(REQUIRED) <= set(TESTING_HOOKS) and OPTIONAL in OPTIONAL_HOOKS
    assert OPTIONAL_HOOKS[OPTIONAL] == frozenset()


def test_a_game_without_its_kinds_is_told_which_hook_to_write(higher: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(higher_testing, "NEWS_KINDS")
    with pytest.raises(RegistrationError) as failed:
        check_kinds(higher)
    said = str(failed.value)
    assert "game 'higher'" in said and "(tests.fixtures.games.higher.testing) lack NEWS_KINDS" in said


def test_a_game_without_both_ways_kinds_has_none(higher: str) -> None:
    assert not hasattr(higher_testing, OPTIONAL) and kinds(higher)[2] == frozenset()


def test_a_kind_in_two_tables_is_caught(higher: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(higher_testing, "NEWS_KINDS", frozenset({"round", "aside"}))
    with pytest.raises(AssertionError, match=r"\['aside'\] in more than one"):
        check_kinds(higher)


def test_a_table_written_as_one_string_is_caught(higher: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """"aside" as a string would be the kinds a, s, i, d, e: said plainly instead."""
    monkeypatch.setattr(higher_testing, "STEP_KINDS", "aside")
    with pytest.raises(AssertionError, match=r"tests.fixtures.games.higher.testing.STEP_KINDS must be a frozenset"):
        check_kinds(higher)


def test_a_step_the_rules_emit_as_news_is_caught(higher: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check is not vacuous: Higher's round result listed as a step fails."""
    monkeypatch.setattr(higher_testing, "STEP_KINDS", frozenset({"aside", "round"}))
    monkeypatch.setattr(higher_testing, "NEWS_KINDS", frozenset({"game-over"}))
    with pytest.raises(AssertionError, match="higher: round must be a physical step"):
        check_kinds(higher)


def test_the_json_of_a_physical_event_says_so() -> None:
    hooks = entry("trick-raiders").hooks()
    match = Match(get_game("trick-raiders"), hooks.SETUPS[0], 1)
    deal = match.opening[0] if match.opening else None
    assert deal is not None and deal.kind == "deal" and deal.to_json()["physical"] is True
