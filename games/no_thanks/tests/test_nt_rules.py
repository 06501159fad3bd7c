"""No Thanks!'s rules, each test quoting the rule it holds the engine to (README.md, "The rules in short")."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Choose, Match, Press, Tap
from engine.core.errors import RuleError
from games.no_thanks import NoThanks
from games.no_thanks.invariants import check_invariants
from games.no_thanks.play import Play
from games.no_thanks.rules.scoring import card_points, runs
from games.no_thanks.state import DECK

THREE = {"players": ["red", "blue", "green"], "first": "red"}
NO, TAKE = Press("no-thanks"), Press("take")


def table(setup: dict[str, Any] = THREE) -> Match:
    return Match(NoThanks(), setup, 1)


def state(match: Match) -> Any:
    assert isinstance(match.play, Play)
    return match.play.state


def play(match: Match, *inputs: Any) -> None:
    for value in inputs:
        match.apply(value)
        assert isinstance(match.play, Play)
        check_invariants(match.play)


def test_the_start_player_flips_the_top_card() -> None:
    """"The start player flips the top card.\""""
    match = table()
    prompt = match.play.prompt
    assert prompt is not None and (prompt.actor, prompt.kind, prompt.tap) == ("red", "flip", "deck")
    play(match, Tap("n-20"))
    assert state(match).card == "n-20" and match.play.public_view()["card"] == "n-20"
    assert match.play.prompt is not None and match.play.prompt.options == ("no-thanks", "take")


def test_no_thanks_puts_a_chip_on_the_card_and_the_turn_passes_to_the_left() -> None:
    """"...or puts one of their chips on it ("No thanks!") and the turn passes to the left.\""""
    match = table()
    play(match, Tap("n-20"), NO)
    st = state(match)
    assert st.by_name("red").chips == 10 and st.pot == 1
    assert match.play.prompt is not None and match.play.prompt.actor == "blue"
    play(match, Choose("no-thanks"), NO)
    assert st.pot == 3 and match.play.prompt.actor == "red"


def test_a_take_gets_every_chip_on_the_card_and_the_taker_flips_the_next() -> None:
    """"the player either takes the card (with every chip on it)"; "Who takes a card flips the next one and decides
    again.\""""
    match = table()
    play(match, Tap("n-20"), NO, NO, TAKE)
    st = state(match)
    assert st.by_name("green").cards == ["n-20"] and st.by_name("green").chips == 13
    assert st.card is None and st.pot == 0
    prompt = match.play.prompt
    assert prompt is not None and (prompt.actor, prompt.kind) == ("green", "flip")
    play(match, Tap("n-7"))
    assert match.play.prompt is not None and match.play.prompt.actor == "green"


def test_a_player_with_no_chips_must_take_it() -> None:
    """"A player with no chips must take it.\""""
    match = table()
    st = state(match)
    st.by_name("red").chips = 0
    st.by_name("blue").chips = 22
    play(match, Tap("n-30"))
    assert match.play.prompt is not None and match.play.prompt.options == ("no-thanks", "take")
    with pytest.raises(RuleError, match="red has no chip to put on n-30: a player without a chip takes the card"):
        match.apply(NO)
    assert st.pot == 0 and st.by_name("red").chips == 0
    play(match, TAKE)
    assert st.by_name("red").cards == ["n-30"]


def test_a_card_already_played_is_refused_with_where_it_lies() -> None:
    match = table()
    play(match, Tap("n-20"), TAKE)
    with pytest.raises(RuleError, match="n-20 was played already: it lies in front of red"):
        match.apply(Tap("n-20"))
    play(match, Tap("n-21"))
    with pytest.raises(RuleError, match="Not waiting for a card now"):
        match.apply(Tap("n-22"))
    with pytest.raises(RuleError, match="Unknown card"):
        match.apply(Tap("red-ninja"))


def test_the_game_ends_when_the_last_card_of_the_deck_is_taken() -> None:
    """"The game ends when the last card of the deck is taken": 24 of the 33, 9 stay in the box.\""""
    match = table()
    for n in range(3, 3 + DECK):
        assert match.play.prompt is not None
        play(match, Tap(f"n-{n}"), TAKE)
    assert match.play.prompt is None and match.play.outcome is not None
    assert len(state(match).flipped) == DECK == 24


@pytest.mark.parametrize(("cards", "points"), [([3, 4, 5, 9], 12), ([20, 22], 42), ([35, 33, 34], 33), ([], 0)])
def test_of_a_run_of_consecutive_numbers_only_the_lowest_card_counts(cards: list[int], points: int) -> None:
    """"each card counts its value in points against you, but of a run of consecutive numbers only the lowest card
    counts.\""""
    assert card_points(cards) == points
    assert runs([9, 3, 5, 4]) == [[3, 4, 5], [9]]


def _last_three_cards(chips: tuple[int, int, int]) -> Match:
    """Red, blue and green hold runs 3-9, 11-17 and 19-25; red takes 10, blue 18 and green 26 with a chip each."""
    match = table()
    st = state(match)
    runs_of = {"red": range(3, 10), "blue": range(11, 18), "green": range(19, 26)}
    for (name, values), count in zip(runs_of.items(), chips, strict=True):
        st.by_name(name).cards = [f"n-{v}" for v in values]
        st.by_name(name).chips = count
    st.flipped = [c for pl in st.players for c in pl.cards]
    play(match, Tap("n-10"), TAKE, Tap("n-18"), NO, TAKE, Tap("n-26"), NO, TAKE)
    return match


def test_lowest_total_wins_and_each_chip_is_a_point_for_you() -> None:
    """The rules: "each chip is one point for you. Lowest total wins."""
    outcome = _last_three_cards((3, 11, 19)).play.outcome
    assert outcome is not None
    assert outcome.detail["card_points"] == {"red": 3, "blue": 11, "green": 19}
    assert outcome.detail["chips"] == {"red": 2, "blue": 11, "green": 20}
    assert outcome.scores == {"red": 1, "blue": 0, "green": -1}
    assert outcome.winners == ("green",) and outcome.ranking == (("green",), ("blue",), ("red",))


def test_a_tie_for_the_lowest_total_is_shared() -> None:
    """The rules: "Lowest total wins; a tie is shared" (README.md, reading 4)."""
    outcome = _last_three_cards((4, 11, 18)).play.outcome
    assert outcome is not None and outcome.scores == {"red": 0, "blue": 0, "green": 0}
    assert outcome.winners == ("red", "blue", "green")


def test_an_undo_puts_the_chips_back() -> None:
    match = table()
    play(match, Tap("n-20"), NO, NO, TAKE)
    match.undo(2)
    st = state(match)
    assert st.by_name("blue").chips == 11 and st.pot == 1 and st.card == "n-20"
